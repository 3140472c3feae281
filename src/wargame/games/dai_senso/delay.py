"""The delay segment (7.1) of the game turn end phase: each counter in the Delay box rolls a die
plus its faction's delay modifiers and goes that many boxes ahead on the turn track, from where it
comes back to its faction's force pool (7.2).

``data["delay_box"]`` lists the counters in the Delay box (``piece``: a logistics marker id,
``partisan_base`` or a unit id; ``side``: its faction), ``data["arrivals"]`` those on the turn
track with the game turn they come back on.

Decisions
- The modifiers are the tables ``delay_axis`` (the worked example's, reconstructed) and
  ``delay_allied`` (provisional); a counter rolls with its own faction's list only. A modifier
  "each" counts once a level of the USCL, a VP of the favourable VP marker's box, or a piece.
  "favourable_vp_in_total_war": in Total War, the VP marker's face that favours the faction (the
  Rising Sun the Axis, the Allied Crusade the West and the Soviets). Bombers and submarines in
  the Strategic Warfare box are not played yet, so "enemy_strategic_warfare_pieces" adds nothing;
  "soviet_european_war" reads ``data["soviet_european_war"]`` (the War marker, absent: no war).
- A counter that comes back goes to the force pool: a logistics marker to its faction's pool, a
  partisan base to its faction's bases, a unit to the force pool (``data["pool"]``). Only the
  Delay box is played: the Naval Warfare Delay box (supplement C5) is not, as no fleet goes there.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wargame.engine.dice import D6
from wargame.engine.procedure import Context
from wargame.games.dai_senso import markers
from wargame.games.dai_senso.charts import DelayModifier
from wargame.games.dai_senso.charts import tables as game_tables
from wargame.games.dai_senso.forces import forces
from wargame.games.dai_senso.registry import RULES
from wargame.games.dai_senso.tracks import sw_count

FAVOURED: Final = {"axis": "rising_sun", "west": "allied_crusade", "soviet": "allied_crusade"}


def modifiers(tables: Mapping[str, Any], side: str) -> list[DelayModifier]:
    if side == "axis":
        found: list[DelayModifier] = tables["delay_axis"]
        return found
    return list(getattr(tables["delay_allied"], side))


def _times(data: Mapping[str, Any], side: str, modifier: DelayModifier) -> int:
    """How many times the condition holds: a level, a VP, a piece, or once."""
    war = data.get("war_state")
    marker = data.get("vp_marker", {})
    box = marker.get("box")
    favoured = war == "total_war" and marker.get("face") == FAVOURED[side] and isinstance(box, int)
    counts = {
        "uscl_level": data.get("uscl", 0),
        "favourable_vp_in_total_war": box if favoured else 0,
        "own_war_production_marker": sw_count(data, "war_production", side),
        "enemy_strategic_warfare_pieces": 0,
        "total_war": int(war == "total_war"),
        "prewar": int(war == "prewar"),
        "soviet_european_war": int(bool(data.get("soviet_european_war"))),
        "own_bases_damaged": sw_count(data, "bases_damaged", side),
    }
    found = counts[modifier.condition]
    return found if modifier.per == "each" else min(found, 1)


@RULES.implements("7.1")
def delay_drm(tables: Mapping[str, Any], data: Mapping[str, Any], side: str) -> int:
    """The sum of ``side``'s delay modifiers that hold now."""
    return sum(
        modifier.drm * _times(data, side, modifier)
        for modifier in modifiers(tables, side)
        if isinstance(modifier.drm, int)
    )


@RULES.implements("7.1")
def result(tables: Mapping[str, Any], roll: int, drm: int) -> int:
    """Turn boxes ahead: the roll plus the modifiers, never below the lowest result (no upper
    limit unless the table gives one)."""
    procedure = tables["delay_procedure"]
    found = max(roll + drm, procedure.lowest_result)
    return found if procedure.highest_result is None else min(found, procedure.highest_result)


@RULES.implements("7.1")
def delay_segment(g: Context) -> None:
    """Every counter of the Delay box rolls and goes onto the turn track."""
    tables = game_tables(g.state)
    for counter in g.data.get("delay_box", []):
        side = counter["side"]
        drm = delay_drm(tables, g.data, side)
        roll = g.roll(D6, side, "delay", piece=counter["piece"])
        ahead = result(tables, roll, drm)
        g.data["arrivals"].append({**counter, "turn": g.data["turn"] + ahead})
        g.log(_key("log.delayed", counter["piece"]), side=side, piece=counter["piece"], drm=drm,
              turns=ahead)  # fmt: skip
    if "delay_box" in g.data:
        g.data["delay_box"] = []


def arrive(g: Context) -> None:
    """7.2: the counters whose turn box the turn marker enters come back to the force pool."""
    now = g.data["turn"]
    for counter in [c for c in g.data.get("arrivals", []) if c["turn"] <= now]:
        g.data["arrivals"].remove(counter)
        piece, side = counter["piece"], counter["side"]
        if markers.receive(g, side, piece):
            continue
        if piece == "partisan_base":
            g.data["partisan_pool"][side] = g.data["partisan_pool"].get(side, 0) + 1
        elif piece in g.data.get("logistics", {}):
            g.data["logistics"][piece] = "pool"
        else:
            g.data["pool"].append(piece)
        g.log(_key("log.arrived", piece), side=side, piece=piece)


def _key(key: str, piece: str) -> str:
    """The message of a marker, or of a unit (``_unit``)."""
    return key if piece in forces().markers else f"{key}_unit"
