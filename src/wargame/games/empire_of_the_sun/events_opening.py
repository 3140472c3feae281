"""The turn-1 events, Operation Z (#1) and IAI Operation No. 1 (#2), and their special
rules (17.11, 5.31). :mod:`opening` plays them, one after the other, on the December 1941 turn.

No printed text of either card reaches us (spec 7): the effects follow rule 17.11 and the spec's
card rows. Decisions where the sources are silent, kept here so that code and report agree:

* **Operation Z is activated by its card, not by an HQ.** The card has no logistics value
  because it names its units (5.31: activations "fixed by the card"): the carrier striking
  force at Ominato (CVs Akagi, Soryu, Shokaku and BB Kongo 1). The event itself activates them,
  sails them together (17.11) from Ominato to 5506, three hexes from Oahu, by the shortest sea
  path (18 hexes, beyond a normal naval move: the event's own move), and declares Oahu 5808 its
  only battle hex: Allied ships at sea (the US carriers, one of them within the carriers' range
  of 5506) cannot be attacked. The offensive then goes on from the end of its declaration.
* **No Allied reaction** to Operation Z (a later-edition hint) and the Allies reacting to IAI
  "only as the event text specifies" need no rule of their own here: the Allies hold no card on
  turn 1 (4.14), both cards are Surprise, and no special reaction is possible (none for want of
  Japanese ground units in Operation Z; none in IAI, where the Allies have no air ZOI).
* **Half defence** of the Allied units at Oahu comes only from a later edition's implementation
  (its provenance is reconstructed): each defends at half its defense, rounded up (1.3).
* **Allied air joining IAI battles**: every Allied air unit on the map outside the battle hexes
  joins one battle within its fighting range (normal range, or an unbracketed extended range at
  half strength, 8.2 A): the nearest, the first declared among equally near ones (the rule names
  none when several are in range). Joining does not activate it: it makes no post-battle move.
* **Coast defences** of Manila and Singapore: during IAI an amphibious assault (or a barge
  move) into them needs a Japanese naval unit moving with the assaulting units (7.45 B), and
  Japan gets no shore-bombardment modifier there.
* **Not implemented** (later-edition hints without a v2 source): Force Z reacting into Malaya
  battles, and coastal guns costing an assaulting escort a step (17.11 already says what the v2
  coast defences do).
"""

from __future__ import annotations

from typing import Any

from wargame.engine.board import shortest_path
from wargame.engine.procedure import Context
from wargame.games.empire_of_the_sun import battle, charts, forces, movement, supply
from wargame.games.empire_of_the_sun.events import effect
from wargame.games.empire_of_the_sun.forces import record
from wargame.games.empire_of_the_sun.offensives import new_record
from wargame.games.empire_of_the_sun.registry import RULES

OPERATION_Z, IAI = "J1", "J2"
KIDO_BUTAI = ("jp-cv-akagi", "jp-cv-soryu", "jp-cv-shokaku", "jp-bb-kongo-1")
OMINATO, LAUNCH_HEX, OAHU = "3705", "5506", "5808"
MANILA, SINGAPORE = "2813", "2015"
COAST_DEFENCES = (MANILA, SINGAPORE)
LANDING_REACH = 5  # IAI: landings within 5 hexes of a Japanese-controlled port
NO_ALLIED_ZOI = "no_allied_zoi"  # a ``lasting`` mark read by supply.zoi_suspended
AMPHIBIOUS = ("assault", "barge")
RESUME_AT = "declared"  # the offensive step that follows Operation Z's own S1-S3


def offensive(g: Context) -> dict[str, Any]:
    found: dict[str, Any] = g.data["offensive"]
    return found


# -- #1 Operation Z ------------------------------------------------------------------------------


@RULES.implements("17.11", "5.31", "5.12")
def operation_z(g: Context) -> None:
    """#1 Operation Z (Pearl Harbor): steps S1-S3 of its offensive, done by the event. The
    striking force at Ominato that is in supply is activated and sails together to 5506; Oahu
    is the battle hex if Allied units are there. The caller has just called the offensive and
    sends it to :data:`RESUME_AT`."""
    g.data["drawn"] = {"japan": [], "allied": []}
    record_ = g.data["offensive"] = new_record(g, "japan", OPERATION_Z, "ec", None)
    record_["supplied"] = supply.supplied_units(g, "japan")
    force = [u for u in KIDO_BUTAI if forces.at(g, u) == OMINATO and u in record_["supplied"]]
    record_["activated"] = force
    g.log("log.activated", side="japan", units=list(force))
    if not force:
        return
    path = shortest_path(OMINATO, LAUNCH_HEX, movement.graph(g).sea.__getitem__)
    movement.perform(g, force, movement.Move("move", LAUNCH_HEX, given=movement.Way(tuple(path))))
    if forces.units_at(g, OAHU, "allied"):
        record_["battles"] = [OAHU]


@effect(OPERATION_Z, "defense")
@RULES.implements("17.11")
def operation_z_half_defense(g: Context, unit_id: str, hex_id: str) -> int:
    """#1 Operation Z: Allied units at Oahu defend at half their defense, rounded up (later
    edition's implementation; reconstructed)."""
    if hex_id != OAHU or forces.side_of(g, unit_id) != "allied":
        return 0
    if forces.at(g, unit_id) != hex_id:
        return 0
    return -(record(g, unit_id).defense // 2)


# -- #2 IAI Operation No. 1 ----------------------------------------------------------------------


@effect(IAI, "playable")
def iai_turn_1(g: Context, side: str) -> bool:
    """#2 IAI Operation No. 1 is played on turn 1 only (17.11)."""
    return bool(g.data["turn"] == 1)


@effect(IAI, "play")
@RULES.implements("17.11", "7.35")
def iai_operation_no_1(g: Context, side: str) -> None:
    """#2 IAI Operation No. 1 (conquest of South-East Asia): while it is played the Allied air
    units and carriers have no ZOI (17.11); its offensive (LV 20) follows."""
    g.data["lasting"].append(NO_ALLIED_ZOI)
    forces.forget_derived(g)
    g.log("log.no_allied_zoi")


def iai_over(g: Context) -> None:
    """Once IAI is over the Allied air ZOI is back."""
    if NO_ALLIED_ZOI in g.data["lasting"]:
        g.data["lasting"].remove(NO_ALLIED_ZOI)
        forces.forget_derived(g)


@effect(IAI, "move_allowed")
@RULES.implements("17.11", "7.45")
def iai_landings(g: Context, group: list[str], move: movement.Move) -> bool:
    """#2 IAI: amphibious assaults land only within 5 hexes of a Japanese-controlled port, and
    at Manila or Singapore (pre-war coast defences) only with a Japanese naval unit moving with
    the assaulting units (7.45 B, which the assault move itself follows)."""
    if move.mode not in AMPHIBIOUS:
        return True
    escorted = any(forces.is_class(g, u, "naval") for u in group)
    if move.dest in COAST_DEFENCES and not escorted:
        return False
    return near_japanese_port(g, move.dest)


def near_japanese_port(g: Context, hex_id: str) -> bool:
    board, control = forces.parts(g).board, g.data["control"]  # read without a call per port
    return any(
        board.distance(hex_id, port) <= LANDING_REACH
        for port in movement.graph(g).ports
        if control.get(port) == "japan"
    )


@effect(IAI, "drm")
@RULES.implements("17.11", "8.4")
def coast_defences(g: Context, stage: str, side: str, hex_id: str) -> int:
    """#2 IAI: Japan has no shore-bombardment modifier at Manila and Singapore."""
    if stage != "ground" or side != "japan" or hex_id not in COAST_DEFENCES:
        return 0
    parts = battle.parts_of(g.state.stack[-1])
    if parts.op != "japan" or battle.ships_in_hex(g, parts, "allied"):
        return 0
    bombardment = charts.ground_modifiers(g).shore_bombardment
    return -bombardment if battle.ships_in_hex(g, parts, "japan") else 0


@effect(IAI, "before_battles")
@RULES.implements("17.11", "8.11")
def allied_air_joins(g: Context) -> None:
    """#2 IAI: every Allied air unit outside the battle hexes joins the nearest battle within
    its fighting range (module docstring)."""
    record_ = offensive(g)
    battles = record_["battles"]
    board = forces.parts(g).board
    for unit_id in sorted(forces.units_on_map(g, "allied")):
        here = forces.at(g, unit_id)
        if not forces.is_class(g, unit_id, "air") or here in battles:
            continue
        if unit_id in record_["assigned"]:
            continue
        reach = movement.fighting_range(record(g, unit_id))
        near = [(board.distance(here, h), i, h) for i, h in enumerate(battles)]
        near = [n for n in near if n[0] <= reach]
        if near:
            target = min(near)[2]
            record_["assigned"][unit_id] = target
            g.log("log.joins_battle", unit=unit_id, hex=target)
