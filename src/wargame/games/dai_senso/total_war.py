"""Total War's four Axis conditional events (12.3): the script of Total War queues them ([DG]:
"four Axis conditional events"), and from then on the Axis plays them in each of its
conditional event segments (6.2), after its permanent events.

Decisions (provisional: which four, and their texts, are lost; table ``politics``)
- The four are the Axis permanent conditional events of the TOC (16.1) that no other rule
  starts and that speak of the Pacific war: Axis Minor Occupied, Manchukuo Garrison Check,
  Material Shortages and British Neutrality Pact Check (Allied Minor Conquered, 16.1.1, and
  Internment, 16.7, are played from the start; Cabinet Dissolution follows the cards).
- Each is read literally and has no effect when it cannot be done:
  - Axis Minor Occupied: a neutral minor holding Axis ground units and none of another faction
    becomes an active Axis minor (as Siam and Indochina were occupied in 1941);
  - Manchukuo Garrison Check: with fewer Japanese ground steps in Manchukuo than the table's
    ``manchukuo_garrison_steps``, a Soviet Influence marker goes on Manchukuo (Moscow's
    pressure on a puppet left bare);
  - Material Shortages: the Axis rolls a die; on the table's ``shortage_roll`` or more a
    Military Requisition marker goes in the Strategic Warfare box (shipping taken from the
    economy), counting for the Allies in the strategic value (0.1.1); a lower roll is no event;
  - British Neutrality Pact Check: Britain not in a War posture takes one (the pact does not
    survive the Pacific war), which is impossible once Total War has removed the Policy markers
    unless a Truce holds it.
"""

from __future__ import annotations

from typing import Any, Final

from wargame.engine.dice import D6
from wargame.engine.procedure import Context
from wargame.games.dai_senso import countries, state
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.charts import tables as game_tables
from wargame.games.dai_senso.registry import RULES

QUEUED: Final = (
    "axis_minor_occupied",
    "manchukuo_garrison_check",
    "material_shortages",
    "british_neutrality_pact_check",
)
"""The Axis conditional events Total War queues, in the order they are played."""

RULES.stand_in("12.3", "Total War queues four Axis conditional events: Axis Minor Occupied, "
               "Manchukuo Garrison Check, Material Shortages, British Neutrality Pact Check",
               key="total_war_events")  # fmt: skip


@RULES.implements("12.3")
def queue(g: Context) -> None:
    """Total War's four Axis conditional events go in the Axis Conditional Events box (none
    where the scenario plays no politics: it has no such box)."""
    if "politics" not in g.data:
        return
    g.data["politics"]["axis_conditional"] = list(QUEUED)
    g.log("log.total_war_events")


def queued(data: dict[str, Any]) -> list[str]:
    found: list[str] = data.get("politics", {}).get("axis_conditional", [])
    return found


def factions_in(data: dict[str, Any], country: str) -> set[str]:
    return {
        state.faction(uid)
        for uid, record in data["units"].items()
        if countries.country_of_hex(data, record["hex"]) == country
    }


@RULES.implements("12.3", "6.2")
def axis_minor_occupied(g: Context, side: str, country: str | None) -> bool:
    """Every neutral minor with Axis ground units and none of another faction's becomes an
    active Axis minor (impossible: none)."""
    occupied = [
        name
        for name, found in sorted(g.data.get("countries", {}).items())
        if countries.areas()[name]["kind"] == "minor"
        and found["status"] == "neutral"
        and factions_in(g.data, name) == {"axis"}
    ]
    for name in occupied:
        countries.set_status(g.data, name, "active", "axis")
        g.log("log.minor_occupied", country=name)
    return bool(occupied)


def garrison_steps(data: dict[str, Any]) -> int:
    hexes = set(board().countries.get("manchukuo", []))
    return sum(
        record["steps"]
        for uid, record in data["units"].items()
        if record["hex"] in hexes and state.unit(uid).nationality == "japan"
    )


@RULES.implements("12.3", "6.2")
def manchukuo_garrison_check(g: Context, side: str, country: str | None) -> bool:
    """Too few Japanese steps in Manchukuo: a Soviet Influence marker on it (impossible: the
    garrison is strong enough, or the marker is there)."""
    wanted = game_tables(g.state)["politics"].manchukuo_garrison_steps
    steps = garrison_steps(g.data)
    markers = g.data.setdefault("country_markers", {})
    if steps >= wanted or markers.get("manchukuo") == "influence_soviet":
        return False
    markers["manchukuo"] = "influence_soviet"
    g.log("log.garrison_short", steps=steps, wanted=wanted)
    return True


@RULES.implements("12.3", "6.2", "0.1.1")
def material_shortages(g: Context, side: str, country: str | None) -> bool:
    """A roll of the table's number or more: a Military Requisition marker in the Strategic
    Warfare box; a lower roll is no event (the failure is not listed). Always done."""
    roll = g.roll(D6, "axis", "event", event="material_shortages")
    if roll < game_tables(g.state)["politics"].shortage_roll:
        g.log("log.no_event", side="axis")
        return True
    g.data.setdefault("strategic_warfare", []).append("military_requisition")
    g.log("log.to_strategic_warfare", side="axis", marker="military_requisition")
    return True


@RULES.implements("12.3", "6.2")
def british_neutrality_pact_check(g: Context, side: str, country: str | None) -> bool:
    """Britain takes a War posture (impossible: it has one, or it is under Truce)."""
    if countries.record(g.data, "britain") is None:
        return False
    if countries.posture(g.data, "britain") in ("war", "truce"):
        return False
    countries.set_posture(g.data, "britain", "war")
    g.log("log.pact_broken", country="britain")
    return True
