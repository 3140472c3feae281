"""Stacking limits (7.24, 7.34, 7.48), checked at the end of every card play."""

from __future__ import annotations

from collections.abc import Iterable

from wargame.engine.action import Action
from wargame.engine.procedure import Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import forces, supply
from wargame.games.empire_of_the_sun.forces import record
from wargame.games.empire_of_the_sun.registry import RULES

NAVAL_LIMIT = 6
AIR_GROUND_LIMIT = 3


@RULES.implements("7.24", "7.34", "7.48")
def counts(g: Context, unit_ids: Iterable[str]) -> tuple[int, int]:
    """(naval units, air and ground units) — a same-named normal/LRB pair counts once."""
    naval = 0
    others: set[str] = set()
    records = g.static.units  # record(g, unit_id), without a call per unit
    for unit_id in unit_ids:
        unit = records[unit_id]
        if unit.unit_class == "naval":
            naval += 1
        elif unit.unit_class in ("air", "ground"):
            others.add(min(unit_id, unit.pair) if unit.pair else unit_id)
    return naval, len(others)


def fits(g: Context, hex_id: str, arriving: list[str]) -> bool:
    side = record(g, arriving[0]).side
    here = forces.units_at(g, hex_id, side)
    if len(here) + len(arriving) <= AIR_GROUND_LIMIT:  # within both limits, however counted
        return True
    return within_limits(g, [*here, *arriving])


def overstacked(g: Context, side: str) -> list[str]:
    """The hexes where the side's units exceed a limit (7.24, 7.34, 7.48), read from the
    units-by-hex index once: a hex with no more units of the side than the smaller limit
    holds (``AIR_GROUND_LIMIT``) is within both and is not counted."""
    records = g.static.units
    found = []
    for hex_id, here in forces.by_hex(g).items():
        if len(here) <= AIR_GROUND_LIMIT:
            continue
        mine = [u for u in here if records[u].side == side]
        if len(mine) > AIR_GROUND_LIMIT and not within_limits(g, mine):
            found.append(hex_id)
    return sorted(found)


def within_limits(g: Context, unit_ids: list[str]) -> bool:
    naval, others = counts(g, unit_ids)
    return naval <= NAVAL_LIMIT and others <= AIR_GROUND_LIMIT


class Stacking(Procedure):
    """The owner removes units from overstacked hexes, air units before ground units (7.34)."""

    name = "stacking"

    def start(self, g: Context, f: Frame) -> None:
        f["sides"] = [s for s in ("japan", "allied") if overstacked(g, s)]
        g.goto("next_side")

    def next_side(self, g: Context, f: Frame) -> None:
        if not f["sides"]:
            g.ret()
            return
        f["side"] = f["sides"].pop(0)
        g.goto("remove")

    @decision
    def remove(self, g: Context, f: Frame) -> Decision:
        side = f["side"]
        found = Decision()
        hex_id = overstacked(g, side)[0]
        choices = found.side(side, "prompt.overstacked", hex=hex_id)
        for unit_id in removable(g, hex_id, side):
            choices.add(Action.of("remove", unit_id), self.take_off, unit_id)
        return found

    def take_off(self, g: Context, f: Frame, unit_id: str) -> None:
        remove_for_stacking(g, unit_id)
        if not overstacked(g, f["side"]):
            g.goto("next_side")


def removable(g: Context, hex_id: str, side: str) -> list[str]:
    return removable_among(g, forces.units_at(g, hex_id, side))


def removable_among(g: Context, here: list[str]) -> list[str]:
    """Which of one side's units ``here``, together in a hex, the owner may take off next:
    ships while there are too many, and aircraft before ground units (7.34)."""
    naval, others = counts(g, here)
    choices = []
    if naval > NAVAL_LIMIT:
        choices += [u for u in here if record(g, u).unit_class == "naval"]
    if others > AIR_GROUND_LIMIT:
        air = [u for u in here if record(g, u).unit_class == "air"]
        choices += air or [u for u in here if record(g, u).unit_class == "ground"]
    return sorted(choices)


@RULES.implements("7.24", "7.34")
def remove_for_stacking(g: Context, unit_id: str) -> None:
    """In supply: back as a non-delayable reinforcement (naval next turn, air and ground the
    turn after next); out of supply: eliminated."""
    unit = record(g, unit_id)
    if not supply.supply(g).unit(unit_id):
        forces.move_to(g, unit_id, "eliminated")
        g.log("log.overstack_eliminated", unit=unit_id)
        return
    later = 1 if unit.unit_class == "naval" else 2
    forces.move_to(g, unit_id, f"turn:{g.data['turn'] + later}")
    forces.set_flag(g, "returning", unit_id)
    g.log("log.overstack_removed", unit=unit_id, turn=g.data["turn"] + later)
