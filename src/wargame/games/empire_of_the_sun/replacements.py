"""The Replacement segment (4.12, 10.0): each side spends its replacement points, Allies first.

A point restores a reduced unit in supply and outside enemy air ZOI, or brings an eliminated
unit back reduced (two points: at full strength), placed like a reinforcement (9.11: against
what the side's placements found as it began to spend, with the HQs on the map at the start of
the turn; an HQ that arrived since takes units in its own hex only). Pre-war units never come
back; Dutch units get none; points not spent are lost unless the rules bank them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from wargame.engine.action import Action
from wargame.engine.procedure import Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import forces, supply
from wargame.games.empire_of_the_sun.forces import record
from wargame.games.empire_of_the_sun.registry import RULES
from wargame.games.empire_of_the_sun.reinforcements import (
    KUNMING,
    entry_basis,
    entry_hexes,
    may_enter,
    placed_entries,
)
from wargame.games.empire_of_the_sun.static import Unit

ALLIED_GROUND, ALLIED_AIR = 2, 5  # per turn from turn 2 (10.31, 10.32)
COMMONWEALTH_NAVAL_TURNS = (6, 9, 12)
COMMONWEALTH_NAVAL_HEXES = ("1307", "1308", "2015", "2709", "3727")
OAHU = "5808"
CHINA_DIVISION_STEPS = 2  # per turn (10.23)

RULES.stand_in(
    "10.33",
    "US naval replacements: 1 per turn, +1 while the Allies control Oahu (the Replacements Chart "
    "is not available; the rulebook example reads as 1 + 1).",
    key="us_naval_replacements",
)
RULES.stand_in(
    "10.21",
    "Japanese naval replacements: no scheduled points (the Replacements Chart is not "
    "available); only points banked by the scenario or by events are used.",
    key="japanese_naval_replacements",
)


@RULES.implements("10.3", "10.31", "10.32", "10.33", "10.34", "10.35")
def allied_pools(g: Context) -> dict[str, int]:
    turn = g.data["turn"]
    if turn < 2:
        return {}
    oahu = forces.friendly(g, OAHU, "allied")
    commonwealth_port = any(forces.friendly(g, h, "allied") for h in COMMONWEALTH_NAVAL_HEXES)
    chinese = 1 if turn % 2 == 1 and "china" not in g.data["surrendered"] else 0
    return {
        "ground": ALLIED_GROUND,
        "air": ALLIED_AIR,
        "us_naval": 1 + (1 if oahu else 0),
        "commonwealth_naval": 1 if turn in COMMONWEALTH_NAVAL_TURNS and commonwealth_port else 0,
        "chinese": chinese,
    }


@RULES.implements("10.2", "10.21", "10.22", "10.23")
def japanese_pools(g: Context) -> dict[str, int]:
    tracks = g.data["tracks"]
    return {
        "naval": tracks["japanese_naval_replacements"],
        "air": tracks["japanese_air_replacements"],
        "china_divisions": min(CHINA_DIVISION_STEPS, tracks["china_divisions"]),
    }


BANKED = {"naval": "japanese_naval_replacements", "air": "japanese_air_replacements"}


@RULES.implements("10.1", "10.35")
def pool_for(unit: Unit) -> str | None:
    """Which replacement points a unit may use, or None (pre-war and Dutch units: never)."""
    if unit.pre_war or unit.nationality == "dutch" or unit.unit_class == "hq":
        return None
    if unit.side == "japan":
        return {"naval": "naval", "air": "air", "ground": "china_divisions"}[unit.unit_class]
    if unit.nationality == "chinese":
        return "chinese"
    if unit.unit_class == "air":
        return "air"
    if unit.unit_class == "naval":
        return "us_naval" if unit.nationality == "us" else "commonwealth_naval"
    marine_division = unit.service == "marine" and unit.type == "division"
    corps = unit.type == "corps" and unit.nationality != "chinese"
    return "ground" if marine_division or corps else None


class Replacements(Procedure):
    name = "replacements"

    @RULES.implements("4.12", "9.11")
    def start(self, g: Context, f: Frame) -> None:
        f["side"] = "allied"
        f["pools"] = allied_pools(g)
        start_placing(g, f, f.get("hqs"))
        g.goto("spend")

    @decision
    def spend(self, g: Context, f: Frame) -> Decision:
        found = Decision()
        choices = found.side(f["side"], "prompt.replacements", points=dict(f["pools"]))
        repairs, rebuilds = self.candidates(g, f)
        for unit_id in repairs:
            choices.add(Action.of("repair", unit_id), self.repair, unit_id)
        for unit_id in rebuilds:
            choices.add(Action.of("rebuild", unit_id), self.pick, unit_id)
        if not choices.options:
            choices.prompt = "prompt.replacements_none"
        choices.add("done", self.side_done)
        return found

    def candidates(self, g: Context, f: Frame) -> tuple[list[str], list[str]]:
        """The units the points may repair, and the eliminated units they may bring back."""
        rebuilds = rebuildable(g, f["side"], f["pools"], lambda u: bool(self.places(g, f, u)))
        return repairable(g, f["side"], f["pools"]), rebuilds

    def charge(self, g: Context, f: Frame, unit_id: str, cost: int) -> None:
        spend_points(g, f["pools"], unit_id, cost)

    def may_rebuild_full(self, g: Context, f: Frame, unit_id: str) -> bool:
        name = pool_for(record(g, unit_id)) or ""
        return f["pools"].get(name, 0) >= 2 and name != "chinese"

    def places(self, g: Context, f: Frame, unit_id: str) -> list[str]:
        """Where an eliminated unit comes back: as a reinforcement of the segment would
        (9.11), against the side's ``basis``; a game saved before the basis was kept reads the
        position as it stands."""
        basis = f.get("basis")
        if basis is None:
            return rebuild_hexes(g, unit_id)
        return placed_entries(g, unit_id, f["hqs"], basis)

    def repair(self, g: Context, f: Frame, unit_id: str) -> None:
        self.charge(g, f, unit_id, 1)
        forces.set_reduced(g, unit_id, False)
        g.log("log.repaired", unit=unit_id)

    def pick(self, g: Context, f: Frame, unit_id: str) -> None:
        f["unit"] = unit_id
        g.goto("place")

    @decision
    def place(self, g: Context, f: Frame) -> Decision:
        unit_id = f["unit"]
        found = Decision()
        choices = found.side(f["side"], "prompt.place", unit=unit_id)
        full = self.may_rebuild_full(g, f, unit_id)
        for hex_id in self.places(g, f, unit_id):
            choices.add(Action.of("hex", hex_id), self.rebuild, unit_id, hex_id, False)
            if full:
                choices.add(Action.of("full", hex_id), self.rebuild, unit_id, hex_id, True)
        if not choices.options:
            choices.prompt = "prompt.rebuild_nowhere"
        choices.add("cancel", self.cancel)
        return found

    def rebuild(self, g: Context, f: Frame, unit_id: str, hex_id: str, full: bool) -> None:
        self.charge(g, f, unit_id, 2 if full else 1)
        one_step = record(g, unit_id).reduced_attack is None
        forces.set_reduced(g, unit_id, not full and not one_step)
        forces.move_to(g, unit_id, hex_id)
        if record(g, unit_id).type == "b29":
            forces.set_flag(g, "rebuilt", unit_id)
        g.log("log.rebuilt", unit=unit_id, hex=hex_id)
        g.goto("spend")

    def cancel(self, g: Context, f: Frame) -> None:
        g.goto("spend")

    def side_done(self, g: Context, f: Frame) -> None:
        if f["side"] == "allied":
            f["side"] = "japan"
            f["pools"] = japanese_pools(g)
            if f.get("basis") is not None:
                start_placing(g, f, f["hqs"])
            g.goto("spend")
        else:
            g.ret()


@RULES.implements("9.11", "10.1")
def start_placing(g: Context, f: Frame, hqs: list[str] | None = None) -> None:
    """Eliminated units come back placed like reinforcements (10.1): against what the side
    found as it began to spend (:func:`entry_basis`: a placement cannot change enemy ZOI to
    enable another, 9.11), through the HQs ``hqs`` on the map as the turn started (those of the
    Reinforcement segment; an HQ that arrived since takes units in its own hex only). An event's
    points, spent during the turn, count every HQ on the map as it is played (a reading: 9.11
    speaks of the segment)."""
    f["hqs"] = hqs or hqs_on_map(g)
    f["basis"] = entry_basis(g, f["side"], f["hqs"])


def spend_points(g: Context, pools: dict[str, Any], unit_id: str, cost: int) -> None:
    """Take points from the pool; Japanese naval and air points are banked on their tracks, so
    what is not spent stays for later turns (10.21-10.22)."""
    name = pool_for(record(g, unit_id)) or ""
    pools[name] -= cost
    if name == "china_divisions":
        g.data["tracks"]["china_divisions"] -= cost
    elif record(g, unit_id).side == "japan" and name in BANKED:
        g.data["tracks"][BANKED[name]] -= cost


def repairable(g: Context, side: str, pools: dict[str, int]) -> list[str]:
    """The side's reduced units on the map that points may repair, in supply and not in enemy
    ZOI (supply worked out only if some unit gets that far)."""
    result = []
    units, records = g.data["units"], forces.parts(g).units
    for unit_id in g.data["reduced"]:  # the reduced units only: the result is sorted
        if not forces.on_map(units[unit_id]) or records[unit_id].side != side:
            continue
        name = pool_for(record(g, unit_id))
        if name is None or pools.get(name, 0) < 1:
            continue
        found = supply.supply(g)
        if found.unit(unit_id) and not found.zoi.blocks(forces.at(g, unit_id), side):
            result.append(unit_id)
    return sorted(result)


def rebuildable(
    g: Context, side: str, pools: dict[str, int], returns: Callable[[str], bool] | None = None
) -> list[str]:
    """The side's eliminated units that its points may bring back and that have a hex to come
    back to: ``returns`` says so of a unit (by default :func:`may_come_back`, the position as it
    stands)."""
    lost = "australia" in g.data["surrendered"]
    if returns is None:
        returns = partial(may_come_back, g, hqs=hqs_on_map(g))
    result = []
    for unit_id, at in g.data["units"].items():
        if at != "eliminated":  # before reading the record: most units are not
            continue
        unit = record(g, unit_id)
        if unit.side != side:
            continue
        name = pool_for(unit)
        if name is None or pools.get(name, 0) < 1 or (lost and unit.nationality == "australian"):
            continue
        if returns(unit_id):
            result.append(unit_id)
    return sorted(result)


def rebuild_hexes(g: Context, unit_id: str) -> list[str]:
    """Where an eliminated unit comes back: as a reinforcement would (Chinese: Kunming)."""
    if record(g, unit_id).nationality == "chinese":
        return [KUNMING] if supply.supply(g).kunming_is_source() else []
    return entry_hexes(g, unit_id, hqs_on_map(g))


def may_come_back(g: Context, unit_id: str, hqs: list[str]) -> bool:
    """Whether :func:`rebuild_hexes` names a hex (``hqs``: :func:`hqs_on_map`)."""
    if record(g, unit_id).nationality == "chinese":
        return supply.supply(g).kunming_is_source()
    return may_enter(g, unit_id, hqs)


def hqs_on_map(g: Context) -> list[str]:
    records = forces.parts(g).units
    return [u for u in forces.units_on_map(g) if records[u].unit_class == "hq"]
