"""The Reinforcement segment (4.11, 9.0): delayed units, War in Europe delays, Sent to Europe,
placement, and the Allied ASP increase."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Iterator
from typing import Any

from wargame.engine.action import Action
from wargame.engine.board.paths import bit_positions
from wargame.engine.dice import D10_ZERO
from wargame.engine.procedure import Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.engine.tables import clamp_roll
from wargame.games.empire_of_the_sun import charts, forces, supply
from wargame.games.empire_of_the_sun.forces import record
from wargame.games.empire_of_the_sun.registry import RULES
from wargame.games.empire_of_the_sun.stacking import fits
from wargame.games.empire_of_the_sun.static import Unit

KUNMING = "2407"
ROLL_LOW, ROLL_HIGH = 0, 9  # the bounds of a modified die roll (15.6)
PLACEMENTS_KEPT = 64
_PLACEMENTS: OrderedDict[tuple[Any, ...], list[str]] = OrderedDict()  # see entry_candidates


@RULES.implements("15.1", "15.2", "15.3", "15.4", "15.5")
def war_in_europe_level(g: Context) -> int:
    """0 = No Effect (+1 to +3), 1 = 0 to −2, 2 = −3 to −4, 3 = −5 to −6, 4 = −7 (Table T6)."""
    return charts.war_in_europe(g).level(g.data["tracks"]["war_in_europe"])


@RULES.implements("15.6")
def modified_roll(natural: int, modifier: int) -> int:
    """A die roll with its modifiers: below 0 it counts as 0, above 9 as a modified 9 (15.6).
    Rules that look at the unmodified roll (a natural 9) read the die itself."""
    return clamp_roll(natural + modifier, ROLL_LOW, ROLL_HIGH)


RULES.declare(
    "15.6",
    where=(
        "battle.py: the air-naval and ground combat rolls are read clamped to 0-9 "
        "(ModifiedRoll with its ROLL_LOW, ROLL_HIGH)"
    ),
)


@RULES.implements("9.22", "9.23")
def may_go_to_europe(unit: Unit) -> bool:
    """US Army ground and air units and US escort carriers (never HQs or B-29s)."""
    if unit.nationality != "us" or unit.type in ("hq", "b29"):
        return False
    return unit.type == "CVE" or (unit.service == "army" and unit.unit_class in ("ground", "air"))


class Reinforcements(Procedure):
    name = "reinforcements"

    @RULES.implements("4.11", "4.1")
    def start(self, g: Context, f: Frame) -> None:
        g.data["phase"] = "strategic"
        f["hqs"] = [u for u in forces.units_on_map(g) if record(g, u).unit_class == "hq"]
        f["side"] = "allied"
        f["arriving"] = allied_arrivals(g)
        f["basis"] = entry_basis(g, "allied", f["hqs"])
        g.goto("place")

    @decision
    def place(self, g: Context, f: Frame) -> Decision:
        found = Decision()
        choices = found.side(f["side"], "prompt.reinforce")
        for unit_id in f["arriving"]:
            choices.add(Action.of("unit", unit_id), self.pick, unit_id)
        if not f["arriving"]:
            choices.prompt = "prompt.reinforce_none"
            choices.add("done", self.side_done)
        return found

    def pick(self, g: Context, f: Frame, unit_id: str) -> None:
        f["unit"] = unit_id
        g.goto("place_unit")

    @decision
    def place_unit(self, g: Context, f: Frame) -> Decision:
        unit_id = f["unit"]
        found = Decision()
        choices = found.side(f["side"], "prompt.place", unit=unit_id)
        basis = f.get("basis")  # a game saved before 9.11's basis was kept reads it live
        hexes = (
            entry_hexes(g, unit_id, f["hqs"])
            if basis is None
            else placed_entries(g, unit_id, f["hqs"], basis)
        )
        put = self.put  # one bound method for every hex listed
        for hex_id in hexes:
            choices.add(Action.of("hex", hex_id), put, unit_id, hex_id)
        if not hexes:
            choices.prompt = "prompt.place_delay"
            choices.add("delay", self.delay, unit_id)
        choices.add("cancel", self.cancel)
        return found

    @RULES.implements("9.1", "9.11")
    def put(self, g: Context, f: Frame, unit_id: str, hex_id: str) -> None:
        forces.move_to(g, unit_id, hex_id)
        forces.set_flag(g, "returning", unit_id, False)
        f["arriving"].remove(unit_id)
        g.log("log.reinforcement", unit=unit_id, hex=hex_id)
        g.goto("place")

    @RULES.implements("9.14")
    def delay(self, g: Context, f: Frame, unit_id: str) -> None:
        f["arriving"].remove(unit_id)
        put_in_delay_box(g, unit_id)
        g.goto("place")

    def cancel(self, g: Context, f: Frame) -> None:
        g.goto("place")

    def side_done(self, g: Context, f: Frame) -> None:
        if f["side"] == "allied":
            allied_asp_increase(g)
            f["side"] = "japan"
            f["arriving"] = arrivals(g, "japan")
            f["basis"] = entry_basis(g, "japan", f["hqs"])
            g.goto("place")
        else:
            g.ret(turn_hqs=f["hqs"])  # the Replacement segment places as this one (10.1, 9.11)


def arrivals(g: Context, side: str) -> list[str]:
    """Units due by this turn on the turn track (reinforcements and returning units)."""
    return sorted(
        u
        for u, at in g.data["units"].items()
        if at.startswith("turn:") and int(at[5:]) <= g.data["turn"] and record(g, u).side == side
    )


@RULES.implements("9.21", "9.2")
def allied_arrivals(g: Context) -> list[str]:
    """Delayed units enter; this turn's Allied reinforcements are delayed at War in Europe
    Level 1 or more, and US Army units under US rivalry (14.1 A); HQs, B-29s and returning
    units never are."""
    entering = sorted(
        u for u, at in g.data["units"].items() if at == "delayed" and record(g, u).side == "allied"
    )
    level = war_in_europe_level(g)
    rivalry = g.data["tracks"]["us_isr"]
    for unit_id in arrivals(g, "allied"):
        unit = record(g, unit_id)
        returning = forces.flagged(g, "returning", unit_id)
        army = unit.nationality == "us" and unit.service == "army"
        delayed = (level >= 1 or (rivalry and army)) and unit.type not in ("hq", "b29")
        if delayed and not returning:
            put_in_delay_box(g, unit_id)
        else:
            entering.append(unit_id)
    return entering


@RULES.implements("9.24", "14.1")
def put_in_delay_box(g: Context, unit_id: str) -> None:
    """Into the Delayed box; an eligible US unit rolls to see whether it is sent to Europe."""
    forces.move_to(g, unit_id, "delayed")
    g.log("log.delayed", unit=unit_id)
    level = war_in_europe_level(g)
    unit = record(g, unit_id)
    if level == 0 or unit.side != "allied" or not may_go_to_europe(unit):
        return
    table = charts.war_in_europe(g)
    roll = g.roll(D10_ZERO, "allied", "sent_to_europe", unit=unit_id)
    rivalry = table.us_rivalry_roll_modifier if g.data["tracks"]["us_isr"] else 0
    if table.sent_to_europe(level, modified_roll(roll, rivalry)):
        back = g.data["turn"] + table.sent_units_return_after
        forces.move_to(g, unit_id, f"turn:{back}")
        g.log("log.sent_to_europe", unit=unit_id, turn=back)


@RULES.implements("9.3", "9.31")
def allied_asp_increase(g: Context) -> None:
    """+1 permanent Allied ASP every turn from turn 2, unless War in Europe is at Level 3-4."""
    stopped_from = charts.war_in_europe(g).no_allied_asp_increase_from
    if g.data["turn"] >= 2 and war_in_europe_level(g) < stopped_from:
        g.data["tracks"]["allied_asp"] += 1
        g.log("log.asp", side="allied", value=g.data["tracks"]["allied_asp"])


Takers = tuple[tuple[str, ...], tuple[str, ...]]  # HQs taking a unit by range, by their own hex


@RULES.implements("9.11", "9.12", "9.13")
def entry_hexes(g: Context, unit_id: str, hqs: list[str]) -> list[str]:
    """Friendly supply-eligible ports (ground, naval, HQ) or airfields (air) within activation
    range of an HQ that may take the unit and was on the map at the start of the turn; never in
    un-neutralised enemy ZOI; within stacking limits; Chinese units only at Kunming."""
    return list(_entries(g, unit_id, hqs))


@RULES.implements("9.11")
def entry_basis(g: Context, side: str, hqs: list[str]) -> dict[str, Any]:
    """What ``side``'s placements are checked against until it is done placing, as it starts:
    its friendly, supply-eligible ports and airfields out of un-neutralised enemy ZOI, the
    ones of these within the activation range of each of its HQs in ``hqs`` (on the map at the
    start of the turn), and whether Kunming is a source. A placement cannot change enemy ZOI to
    enable other placements (9.11), and through the ZOI it would change supply lines and
    activation ranges, so none of these is read again while the side places (kept in the
    segment's frame); stacking, and the hexes of HQs that arrive, are (:func:`placed_entries`)."""
    found = supply.supply(g)
    graph = found.graph

    def hexes(bits: supply.Hexes) -> list[str]:
        return [graph.hex_at[b] for b in bit_positions(bits)]

    base = found.controlled(side) & found.eligible_bases(side) & ~found.zoi.block[side]
    return {
        "ports": hexes(base & graph.port),
        "airfields": hexes(base & graph.airfield),
        "reach": {
            hq_id: hexes(supply.activation_bits(g, hq_id) & base)
            for hq_id, _ in found.headquarters(side)
            if hq_id in hqs
        },
        "kunming": found.kunming_is_source(),
    }


@RULES.implements("9.11", "9.12", "9.13")
def placed_entries(g: Context, unit_id: str, hqs: list[str], basis: dict[str, Any]) -> list[str]:
    """:func:`entry_hexes` during the side's placement, against its ``basis``
    (:func:`entry_basis`): the ports (airfields for an air unit) within the range of an HQ that
    may take the unit, or the hex of one that arrived since (9.11), where no HQ stands for an
    HQ, within stacking limits; Chinese units only at Kunming."""
    unit = record(g, unit_id)
    if unit.nationality == "chinese":
        return [KUNMING] if basis["kunming"] and fits(g, KUNMING, [unit_id]) else []
    facilities = basis["airfields"] if unit.unit_class == "air" else basis["ports"]
    occupied = forces.by_hex(g)
    if unit.unit_class == "hq":
        candidates = [h for h in facilities if not holds_hq(g, h)]
    else:
        allowed = placement_hexes(g, unit, hqs, basis)
        candidates = [h for h in facilities if h in allowed]
    return [h for h in candidates if not occupied.get(h) or fits(g, h, [unit_id])]


def holds_hq(g: Context, hex_id: str) -> bool:
    return any(forces.is_class(g, u, "hq") for u in forces.units_at(g, hex_id))


def placement_hexes(g: Context, unit: Unit, hqs: list[str], basis: dict[str, Any]) -> set[str]:
    """The hexes the side's HQs that may take the unit reach (:func:`_takers`): the ranges of
    those in ``hqs`` as the ``basis`` has them, the own hexes of those that arrived since."""
    hqs_now = [u for u in forces.units_on_map(g, unit.side) if forces.is_class(g, u, "hq")]
    on_map = [(u, forces.at(g, u)) for u in hqs_now]
    ranged, own_hex = _takers_among(g, unit, hqs, on_map)
    allowed = set(own_hex)
    for hq_id in ranged:
        allowed.update(basis["reach"].get(hq_id, ()))
    return allowed


def may_enter(g: Context, unit_id: str, hqs: list[str]) -> bool:
    """Whether :func:`entry_hexes` names a hex: stops at the first it finds."""
    return next(_entries(g, unit_id, hqs), None) is not None


def _entries(g: Context, unit_id: str, hqs: list[str]) -> Iterator[str]:
    unit = record(g, unit_id)
    if unit.nationality == "chinese":
        if supply.supply(g).kunming_is_source() and fits(g, KUNMING, [unit_id]):
            yield KUNMING
        return
    occupied = forces.by_hex(g)  # one unit alone fits anywhere: only occupied hexes are asked
    for hex_id in entry_candidates(g, unit, hqs):
        if not occupied.get(hex_id) or fits(g, hex_id, [unit_id]):
            yield hex_id


def entry_candidates(g: Context, unit: Unit, hqs: list[str]) -> list[str]:
    """:func:`entry_hexes` before the stacking check, kept for the process under what it reads
    (listing replacements asks this for every eliminated unit, and placing a unit seldom
    changes the placing side's answers): of the unit, its side, whether it needs an airfield,
    whether it is an HQ, and which HQs may take it; of the position, the side's supply
    answers (:meth:`~supply.Supply.side_key`)."""
    found = supply.supply(g)
    takers = None if unit.unit_class == "hq" else _takers(g, unit, hqs)
    key = (unit.unit_class == "air", takers, *found.side_key(unit.side))
    return supply.kept(_PLACEMENTS, key, lambda: _candidates(g, unit, takers), PLACEMENTS_KEPT)


def _candidates(g: Context, unit: Unit, takers: Takers | None) -> list[str]:
    """The ports (airfields for an air unit) the side controls, supply-eligible, out of
    un-neutralised enemy ZOI and within reach of an HQ that may take the unit (an HQ: where no
    other HQ is), in the map's order: sets of hexes as the supply's bit sets."""
    found = supply.supply(g)
    graph, side = found.graph, unit.side
    facilities = graph.airfield if unit.unit_class == "air" else graph.port
    hexes = facilities & found.controlled(side) & found.eligible_bases(side)
    hexes &= ~found.zoi.block[side]
    if takers is None:
        hexes &= ~found.hq_hexes()
    else:
        hexes &= _reach_bits(g, graph, *takers)
    return [graph.hex_at[b] for b in bit_positions(hexes)]


def _reach_bits(
    g: Context, graph: supply.MapGraph, ranged: tuple[str, ...], own_hex: tuple[str, ...]
) -> supply.Hexes:
    """:func:`_reach` as a bit set of the supply's map graph."""
    reach = 0
    for hex_id in own_hex:
        b = graph.bit.get(hex_id)
        if b is not None:
            reach |= 1 << b
    for hq_id in ranged:
        reach |= supply.activation_bits(g, hq_id)
    return reach


@RULES.implements("9.11")
def placement_reach(g: Context, unit_id: str, hqs: list[str]) -> set[str]:
    """The activation ranges of the HQs in ``hqs`` (on the map at the start of the turn) that
    may take the unit; an HQ that arrived since takes units only in its own hex (9.11)."""
    return _reach(g, *_takers(g, record(g, unit_id), hqs))


def _takers(g: Context, unit: Unit, hqs: list[str]) -> Takers:
    """The HQs on the map that may take the unit (7.53): those in ``hqs``, and the hexes of the
    others."""
    return _takers_among(g, unit, hqs, supply.supply(g).headquarters(unit.side))


def _takers_among(
    g: Context, unit: Unit, hqs: list[str], headquarters: Iterable[tuple[str, str]]
) -> Takers:
    """:func:`_takers` among ``headquarters``, the side's HQs on the map with their hexes."""
    ranged: list[str] = []
    own_hex: list[str] = []
    for hq_id, hex_id in headquarters:
        if not supply.commands(record(g, hq_id), unit):
            continue
        if hq_id in hqs:
            ranged.append(hq_id)
        else:
            own_hex.append(hex_id)
    return tuple(ranged), tuple(own_hex)


def _reach(g: Context, ranged: tuple[str, ...], own_hex: tuple[str, ...]) -> set[str]:
    reach: set[str] = set(own_hex)
    for hq_id in ranged:
        reach |= supply.activation_range(g, hq_id)
    return reach
