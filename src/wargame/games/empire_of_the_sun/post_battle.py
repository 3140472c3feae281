"""Post-battle movement (8.6) and what ends an offensive: emergency moves (7.22, 7.32), HQ
displacement (7.55) and units stranded away from ports and airfields (7.21, 7.31)."""

from __future__ import annotations

from functools import partial
from typing import Any

from wargame.engine.action import Action
from wargame.engine.notes import Consequence, consequence
from wargame.engine.procedure import Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import advice, forces, movement
from wargame.games.empire_of_the_sun.forces import enemy, record
from wargame.games.empire_of_the_sun.registry import RULES


def activation_of(g: Context, side: str) -> dict[str, Any] | None:
    offensive = g.data["offensive"]
    if offensive["side"] == side:
        found: dict[str, Any] = offensive
        return found
    reaction: dict[str, Any] | None = offensive["reaction"]
    return reaction if reaction and reaction["side"] == side else None


def may_move_after_battle(g: Context, side: str) -> list[str]:
    """Activated air and naval units (and assault troops left in enemy hexes) that made no
    strategic move and have not moved after battle yet (8.6)."""
    activation = activation_of(g, side)
    if activation is None:
        return []
    done = g.data["offensive"].get("post_moved", [])
    found = []
    for unit_id in activation["activated"]:
        moved = activation["moved"].get(unit_id, {})
        if unit_id in done or moved.get("mode") == "strategic":
            continue
        if not forces.on_map(forces.at(g, unit_id)):
            continue
        if record(g, unit_id).unit_class in ("air", "naval") or stranded(g, unit_id, side):
            found.append(unit_id)
    return found


@RULES.implements("7.45", "8.62")
def stranded(g: Context, unit_id: str, side: str) -> bool:
    """A ground unit of the side's activation that came by amphibious assault (or barge) and is
    not in a friendly hex after the battles, or whose landing enemy ships caught (7.45 B): it
    must move like a naval unit to a friendly coastal hex, or it is eliminated (7.45 C, 8.62)."""
    activation = activation_of(g, side) or {"moved": {}}
    moved = activation["moved"].get(unit_id, {})
    return (
        record(g, unit_id).unit_class == "ground"
        and moved.get("mode") in ("assault", "barge")
        and forces.on_map(forces.at(g, unit_id))
        and (moved.get("caught") or not forces.friendly(g, forces.at(g, unit_id), side))
    )


class PostBattle(Procedure):
    """Frame locals: ``side`` (the offensive player). The reaction player moves first."""

    name = "post_battle"

    def start(self, g: Context, f: Frame) -> None:
        f["mover"] = enemy(f["side"])
        g.goto("choose")

    @decision
    @RULES.implements("8.6", "8.61", "8.62")
    def choose(self, g: Context, f: Frame) -> Decision:
        found = Decision()
        choices = found.side(f["mover"], "prompt.post_battle")
        units = may_move_after_battle(g, f["mover"])
        for unit_id in units:
            choices.add(Action.of("unit", unit_id), self.pick, unit_id)
        if any(stranded(g, u, f["mover"]) for u in units):
            choices.prompt = "prompt.post_battle_stranded"
            return found
        if not units:
            choices.prompt = "prompt.post_battle_none"
        left = left_to_lose(g, units)
        lost = [consequence("7.21", "consequence.stranded_left", units=left)] if left else []
        choices.add("done", self.side_done, consequences=lost)
        return found

    def pick(self, g: Context, f: Frame, unit_id: str) -> None:
        f["unit"] = unit_id
        g.goto("destination")

    @decision
    def destination(self, g: Context, f: Frame) -> Decision:
        unit_id = f["unit"]
        found = Decision()
        choices = found.side(f["mover"], "prompt.post_battle_to", unit=unit_id)
        options = movement.post_battle_moves(g, unit_id)
        classes = {record(g, unit_id).unit_class}
        for text, option in options.items():
            stranding = tuple(lost_away_from_base(g, unit_id, option.dest))
            note = partial(advice.plain_note, option, frozenset(classes), stranding)
            choices.add(text, self.go, unit_id, option, later=note)
        if not stranded(g, unit_id, f["mover"]):
            if not options:
                choices.prompt = "prompt.post_battle_stay"
            lost = lost_away_from_base(g, unit_id, forces.at(g, unit_id))
            choices.add("stay", self.stay, unit_id, consequences=lost)
        elif not options:
            choices.prompt = "prompt.withdraw_lost"
            choices.add("eliminate", self.lose, unit_id)
        else:
            choices.prompt = "prompt.withdraw"
        return found

    def go(self, g: Context, f: Frame, unit_id: str, option: movement.Move) -> None:
        forces.move_to(g, unit_id, option.dest)
        g.data["offensive"].setdefault("post_moved", []).append(unit_id)
        g.log("log.post_battle_move", unit=unit_id, hex=option.dest)
        g.goto("choose")

    def stay(self, g: Context, f: Frame, unit_id: str) -> None:
        g.data["offensive"].setdefault("post_moved", []).append(unit_id)
        g.goto("choose")

    def lose(self, g: Context, f: Frame, unit_id: str) -> None:
        forces.move_to(g, unit_id, "eliminated")
        g.data["offensive"].setdefault("post_moved", []).append(unit_id)
        g.log("log.eliminated", unit=unit_id)
        g.goto("choose")

    def side_done(self, g: Context, f: Frame) -> None:
        if f["mover"] != f["side"]:
            f["mover"] = f["side"]
            g.goto("choose")
        else:
            g.ret()


class EmergencyMoves(Procedure):
    """Emergency movement of the units in frame local ``emergency``, one at a time: the owner
    moves each to a friendly hex it may reach, or loses it when there is none (7.22, 7.32).
    Subclasses provide the ``next_emergency`` step, which goes on once the list is done."""

    @decision
    @RULES.implements("7.22", "7.32")
    def emergency(self, g: Context, f: Frame) -> Decision:
        found = Decision()
        unit_id = f["emergency"][0]
        choices = found.side(record(g, unit_id).side, "prompt.emergency", unit=unit_id)
        places = movement.emergency_destinations(g, unit_id)
        for hex_id in places:
            choices.add(Action.of("hex", hex_id), self.place, unit_id, hex_id)
        if not places:
            choices.prompt = "prompt.emergency_lost"
            choices.add("eliminate", self.lose, unit_id)
        return found

    def place(self, g: Context, f: Frame, unit_id: str, hex_id: str) -> None:
        forces.move_to(g, unit_id, hex_id)
        f["emergency"].remove(unit_id)
        g.log("log.emergency_move", unit=unit_id, hex=hex_id)
        g.goto("next_emergency")

    def lose(self, g: Context, f: Frame, unit_id: str) -> None:
        forces.move_to(g, unit_id, "eliminated")
        f["emergency"].remove(unit_id)
        g.log("log.eliminated", unit=unit_id)
        g.goto("next_emergency")


class OffensiveEnd(EmergencyMoves):
    """Frame locals: ``side`` (the offensive player)."""

    name = "offensive_end"

    def start(self, g: Context, f: Frame) -> None:
        displace_hqs(g)
        f["emergency"] = emergency_units(g)
        g.goto("next_emergency")

    def next_emergency(self, g: Context, f: Frame) -> None:
        f["emergency"] = [u for u in f["emergency"] if forces.on_map(forces.at(g, u))]
        g.goto("emergency" if f["emergency"] else "stranded")

    @RULES.implements("7.21", "7.31")
    def stranded(self, g: Context, f: Frame) -> None:
        """Naval units of the offensive away from a friendly port, and its air units away from a
        friendly airfield, are lost once it is over."""
        for unit_id in activated_units(g.data["offensive"]):
            if not forces.on_map(forces.at(g, unit_id)):
                continue
            if lost_away_from_base(g, unit_id, forces.at(g, unit_id)):
                lose(g, unit_id)
        g.ret()


def activated_units(offensive: dict[str, Any]) -> list[str]:
    """The units the offensive's player and the reaction's activated, in that order."""
    reaction = offensive.get("reaction") or {"activated": []}
    return [*offensive["activated"], *reaction["activated"]]


@RULES.implements("7.21", "7.31")
def left_to_lose(g: Context, units: list[str]) -> list[str]:
    """Those of ``units`` that the offensive's end would eliminate where they stand now."""
    return [u for u in units if lost_away_from_base(g, u, forces.at(g, u))]


def lost_away_from_base(g: Context, unit_id: str, hex_id: str) -> list[Consequence]:
    """Why a unit of the offensive or its reaction standing at ``hex_id`` when the offensive
    ends is lost there (what ``OffensiveEnd.stranded`` does), if it is: ships away from a friendly
    port, aircraft away from a friendly airfield."""
    offensive = g.data["offensive"]
    reaction = offensive["reaction"] or {"activated": []}
    activated = unit_id in offensive["activated"] or unit_id in reaction["activated"]
    if not activated or not forces.on_map(hex_id):
        return []
    unit = record(g, unit_id)
    board = g.static.board
    base = {"naval": board.port(hex_id), "air": board.airfield(hex_id)}.get(unit.unit_class)
    if base is None or (base and forces.friendly(g, hex_id, unit.side)):
        return []
    key = "consequence.stranded_ship" if unit.unit_class == "naval" else "consequence.stranded_air"
    return [consequence("7.31" if unit.unit_class == "air" else "7.21", key, hex=hex_id)]


def lose(g: Context, unit_id: str) -> None:
    forces.move_to(g, unit_id, "eliminated")
    g.log("log.stranded", unit=unit_id)


def emergency_units(g: Context) -> list[str]:
    """Air and naval units standing in hexes their enemy now controls; not the offensive's own
    naval units, which had their post-battle move and are lost away from a friendly port
    (7.21)."""
    activated = (g.data["offensive"] or {}).get("activated", [])
    found = []
    records, control = forces.parts(g).units, g.data["control"]  # read once for every unit
    for unit_id, here in g.data["units"].items():
        if here[:1] not in forces.MAP_STARTS:
            continue
        unit = records[unit_id]
        hostile = control.get(here) == enemy(unit.side)
        active_ship = unit.unit_class == "naval" and unit_id in activated
        if hostile and unit.unit_class in ("air", "naval") and not active_ship:
            found.append(unit_id)
    return sorted(found)


@RULES.implements("7.55", "7.51")
def displace_hqs(g: Context) -> None:
    """An HQ in a hex the enemy controls, or that shares a hex with another HQ, is removed:
    back next turn, or for good if it has a dot."""
    seen: set[str] = set()
    records = forces.parts(g).units  # the HQs picked out before sorting
    for unit_id in sorted(u for u in forces.units_on_map(g) if records[u].unit_class == "hq"):
        unit = record(g, unit_id)
        here = forces.at(g, unit_id)
        if forces.control(g, here) == enemy(unit.side) or here in seen:
            later = "removed" if unit.pre_war else f"turn:{g.data['turn'] + 1}"
            forces.move_to(g, unit_id, later)
            forces.set_flag(g, "returning", unit_id)
            g.log("log.hq_displaced", unit=unit_id)
        seen.add(here)
