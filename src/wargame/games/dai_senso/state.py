"""The position of a Dai Senso! game as plain data, and the questions the rules ask of it.

``data["units"]`` maps each ground unit on the map to its hex and steps left; a unit whose last
step is lost leaves play (``eliminated``). The rules hide no unit: only a faction's hand and
pending option card are secret (spec §2.4; :mod:`option_cards` keeps them under ``decks``), and
the training scenarios deal no cards, so there every side sees the whole position.

Decisions
- Support units (air forces, fleets) start in the force pool (``forces.yaml``); only a scenario
  with naval play (:mod:`naval`) uses them, to make beachheads. A ground unit may stand in an
  all-sea hex only on its faction's beachhead (``data["beachheads"]``).
- In a faction's turn every unit of the two other factions is an enemy (5.1 of the supplement,
  spec §1.2: West and Soviet are enemies of each other for rules purposes).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wargame.games.dai_senso import countries
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.charts import TrainingScenario
from wargame.games.dai_senso.forces import Unit, forces
from wargame.games.dai_senso.registry import RULES

SIDES: Final = ("axis", "west", "soviet")
"""The three factions, in the order of their faction turns (spec §3.1)."""


def initial_data(scenario: str, training: TrainingScenario) -> dict[str, Any]:
    """The set-up of ``scenario`` from ``forces.yaml``: ground units in their hexes; each
    objective hex held by the faction whose units stand in it, else by the scenario's holder."""
    setup = forces().scenarios[scenario]
    units = {
        placed.unit: {"hex": placed.hex, "steps": forces().units[placed.unit].steps}
        for placed in setup.setup
        if placed.hex is not None
    }
    data = {"factions": list(setup.factions), "units": units, "eliminated": []}
    data["control"] = {
        hex_id: holder(data, hex_id) or training.holder_at_start for hex_id in training.objectives
    }
    return data


def unit(uid: str) -> Unit:
    return forces().units[uid]


def faction(uid: str) -> str:
    return forces().faction_of(unit(uid))


def kind(uid: str) -> str:
    """The ground class of a unit: infantry_type, armor_type, hq or fortress."""
    return forces().ground_types[unit(uid).type].class_


def values(data: Mapping[str, Any], uid: str) -> tuple[int, int, int]:
    """Attack, defence and movement allowance at the unit's steps left."""
    found = forces().values_at(unit(uid), data["units"][uid]["steps"])
    assert found is not None, f"{uid} is not a ground unit"
    return found


def hex_of(data: Mapping[str, Any], uid: str) -> str:
    return str(data["units"][uid]["hex"])


def units_in(data: Mapping[str, Any], hex_id: str) -> list[str]:
    return sorted(uid for uid, record in data["units"].items() if record["hex"] == hex_id)


def own_units(data: Mapping[str, Any], side: str) -> list[str]:
    return sorted(uid for uid in data["units"] if faction(uid) == side)


def logistics_on_map(data: Mapping[str, Any]) -> dict[str, str]:
    """Each logistics marker on the map (1.2.1) -> its hex (not those in the pool or Delay box)."""
    found = data.get("logistics", {})
    return {m: where for m, where in found.items() if where not in ("pool", "delay")}


def holder(data: Mapping[str, Any], hex_id: str) -> str | None:
    """The faction whose ground units are in the hex (never two: 9.1 of the set-ups)."""
    found = units_in(data, hex_id)
    return faction(found[0]) if found else None


def enemy_in(data: Mapping[str, Any], hex_id: str, side: str) -> bool:
    found = holder(data, hex_id)
    return found is not None and found != side


def in_enemy_zoc(
    data: Mapping[str, Any], hex_id: str, side: str, ignoring: str | None = None
) -> bool:
    """Whether an enemy ground unit (other than ``ignoring``) projects its zone of control into
    the hex (8, 8.1); none does into or out of a Policy-affected country (13.6.1)."""
    the_map = board()
    if countries.zoc_free(data, hex_id):
        return False
    return any(
        faction(uid) != side
        and (the_map.projects_zoc(near, hex_id) or across_beachhead(data, near, hex_id))
        and not countries.zoc_free(data, near)
        for near in the_map.neighbours(hex_id)
        for uid in units_in(data, near)
        if uid != ignoring
    )


def across_beachhead(data: Mapping[str, Any], a: str, b: str) -> Mapping[str, Any] | None:
    """The Beachhead marker whose hexside lies between ``a`` and ``b`` (either way), if any: its
    hexside is crossed by movement, attacks and zones of control (supplement §3)."""
    found: Mapping[str, Any] | None
    for sea, land in ((a, b), (b, a)):
        found = data.get("beachheads", {}).get(sea)
        if found is not None and found["toward"] == land:
            return found
    return None


def in_play(data: Mapping[str, Any], uid: str) -> bool:
    """Whether a piece is on the map, in the force pool, in the Delay box or on the turn track
    coming back, or eliminated: a card or a schedule that would bring it brings nothing."""
    return (
        uid in data["units"]
        or uid in data.get("detachments", {})
        or uid in data.get("off_map", {})
        or uid in data.get("support", {})
        or uid in data["pool"]
        or any(entry["piece"] == uid for entry in [*data["delay_box"], *data["arrivals"]])
        or uid in data["eliminated"]
    )


def enter(data: dict[str, Any], uid: str, hex_id: str) -> str | None:
    """Put the unit in the hex; the faction that takes an objective from another, if any."""
    data["units"][uid]["hex"] = hex_id
    side = faction(uid)
    lose_logistics(data, hex_id, side)
    lose_detachments(data, hex_id, side)
    if hex_id in data["control"] and data["control"][hex_id] != side:
        data["control"][hex_id] = side
        return side
    return None


@RULES.implements("1.2.1")
def lose_logistics(data: dict[str, Any], hex_id: str, side: str) -> None:
    """1.2.1: an enemy ground unit entering a hex whose only content is a logistics marker sends
    the marker to the Delay box (a hex with units of the marker's faction is never entered)."""
    for marker, where in data.get("logistics", {}).items():
        owner = forces().markers[marker].faction
        if where == hex_id and owner != side:
            data["logistics"][marker] = "delay"
            data["delay_box"].append({"piece": marker, "side": owner})


@RULES.implements("2.3.5")
def lose_detachments(data: dict[str, Any], hex_id: str, side: str) -> None:
    """2.3.5: an enemy ground unit entering a hex whose only content is detachments takes it
    with no die roll, and they go to the Delay box (``data["detachments"]``: each unit on its
    detachment side -> its hex; :mod:`detachments`)."""
    for uid, where in list(data.get("detachments", {}).items()):
        if where == hex_id and faction(uid) != side:
            del data["detachments"][uid]
            data["delay_box"].append({"piece": uid, "side": faction(uid)})


def _afloat(data: Mapping[str, Any], uid: str, hex_id: str) -> bool:
    """Whether the unit may be in this all-sea hex: on its faction's beachhead, or in its own
    support segment, between the beachhead maintenance that took its beachhead away and the
    beachhead failure that eliminates it (2.2.2, 2.2.5)."""
    side = faction(uid)
    beach = data.get("beachheads", {}).get(hex_id)
    stranded = data.get("phasing") == side and data.get("phase") == "initial_administrative"
    return (beach is not None and beach["side"] == side) or stranded


def problems(data: Mapping[str, Any]) -> list[str]:
    """Units off the map or at sea off their beachheads, units with no steps, hexes held by two
    factions."""
    found = []
    the_map = board()
    for uid, record in data["units"].items():
        where = the_map.hexes.get(record["hex"])
        if where is None or (where.sea and not _afloat(data, uid, record["hex"])):
            found.append(f"{uid} is in {record['hex']}, not a land hex nor its beachhead")
        if record["steps"] < 1:
            found.append(f"{uid} has no steps left but is on the map")
    for hex_id in {record["hex"] for record in data["units"].values()}:
        if len({faction(uid) for uid in units_in(data, hex_id)}) > 1:
            found.append(f"{hex_id} holds units of two factions")
    return found
