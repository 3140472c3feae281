"""Resource events (5.33) and the Bridge on the River Kwai (#18, a political event, 5.34).

Each card's effect comes from the spec's card table (section 7); the cards' provenance is in
``data/cards.yaml``. What the table leaves open is decided in the function's docstring.
Replacement points an Allied or a Japanese ground event gives are spent at once through
:class:`EventReplacements`; Japanese air and naval points go to their banked tracks (10.21,
10.22), which the next Replacement segment spends.
"""

from __future__ import annotations

from collections.abc import Callable

from wargame.engine.action import Action
from wargame.engine.dice import Die
from wargame.engine.procedure import Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import cards, forces, supply
from wargame.games.empire_of_the_sun.events import by_procedure, effect
from wargame.games.empire_of_the_sun.events_reactions import lose_step
from wargame.games.empire_of_the_sun.forces import record
from wargame.games.empire_of_the_sun.registry import RULES
from wargame.games.empire_of_the_sun.reinforcements import entry_hexes
from wargame.games.empire_of_the_sun.replacements import (
    Replacements,
    pool_for,
    rebuildable,
    repairable,
    start_placing,
)
from wargame.games.empire_of_the_sun.stacking import fits
from wargame.games.empire_of_the_sun.victory import TOKYO

RANGOON = "2008"
KWAI_ROUTE = ("2108", "2109")
BOSE_RADIUS = 3
B29_REACH = 8  # Curtis LeMay: a B-29 within 8 hexes of Tokyo
KE_REACH, KE_REACH_FROM_PORT = 15, 30
KE_UNITS, FUEL_SHORTAGE_UNITS = 3, 5
YAMAMOTO, OZAWA = "jp-hq-cf-yamamoto", "jp-hq-cf-ozawa"
TAINAN_AIR = "jp-tainan-air"
CHINA_AIR = ("us-avg", "us-14af")

RULES.stand_in(
    "5.33",
    "J80 (Submarine-launched air attack on the Panama Canal): the printed effect is unknown; the "
    "US naval reinforcements due next turn arrive one turn later, and the card draws a card.",
    key="panama_canal",
)


# -- replacement points (5.33, 10.0) --------------------------------------------------------------


def bank(track: str, points: int) -> Callable[[Context, str], None]:
    """Japanese air or naval replacement points, banked on their track (10.21, 10.22)."""

    def add(g: Context, side: str) -> None:
        g.data["tracks"][track] += points
        g.log("log.replacement_points", side=side, points=points, kind=track)

    return add


effect("J5")(bank("japanese_air_replacements", 2))  # Japanese Aircraft Production Efficiency
effect("J30")(bank("japanese_air_replacements", 3))  # Flight Instructors
effect("J72")(bank("japanese_naval_replacements", 3))  # Carrier Conversion


def allied_ship(g: Context, unit_id: str) -> bool:
    """A15 Heroic Repair: any Allied naval unit."""
    return forces.is_class(g, unit_id, "naval")


def australian_in_australia(g: Context, unit_id: str) -> bool:
    """A3 Prime Minister Curtin: Australian ground units in Australia (an eliminated one comes
    back in Australia)."""
    unit = record(g, unit_id)
    return unit.nationality == "australian" and unit.unit_class == "ground"


def ground_near_rangoon(g: Context, unit_id: str) -> bool:
    """J39 Subhas Chandra Bose: Japanese ground units within 3 hexes of Rangoon."""
    return forces.is_class(g, unit_id, "ground")


KINDS: dict[str, tuple[Callable[[Context, str], bool], Callable[[Context, str], bool]]] = {
    # kind: (which units, which hexes they may be repaired in or brought back to)
    "A15": (allied_ship, lambda g, hex_id: True),
    "A3": (australian_in_australia, lambda g, hex_id: g.static.board.in_area(hex_id, "australia")),
    "J39": (
        ground_near_rangoon,
        lambda g, hex_id: g.static.board.distance(hex_id, RANGOON) <= BOSE_RADIUS,
    ),
}
EVENT_POINTS = {"A15": 2, "A3": 2, "J39": 2}


class EventReplacements(Replacements):
    """Replacement points an event gives, spent at once as in the Replacement segment (10.1) on
    the units the card names. Frame locals: ``side``, ``card``, ``pools`` ({"event": points})."""

    def __init__(self, card_id: str) -> None:
        self.name = f"event_{card_id}"

    @RULES.implements("5.33", "10.1", "9.11")
    def start(self, g: Context, f: Frame) -> None:
        f["pools"] = {"event": EVENT_POINTS[f["card"]]}
        start_placing(g, f)
        g.goto("spend")

    def candidates(self, g: Context, f: Frame) -> tuple[list[str], list[str]]:
        takes, where = KINDS[f["card"]]
        pools = dict.fromkeys(ANY_POOL, f["pools"]["event"])
        repairs = [
            u for u in repairable(g, f["side"], pools) if takes(g, u) and where(g, forces.at(g, u))
        ]
        rebuilds = rebuildable(
            g, f["side"], pools, lambda u: takes(g, u) and bool(self.places(g, f, u))
        )
        return repairs, rebuilds

    def charge(self, g: Context, f: Frame, unit_id: str, cost: int) -> None:
        f["pools"]["event"] -= cost

    def may_rebuild_full(self, g: Context, f: Frame, unit_id: str) -> bool:
        return f["pools"]["event"] >= 2 and pool_for(record(g, unit_id)) != "chinese"

    def places(self, g: Context, f: Frame, unit_id: str) -> list[str]:
        where = KINDS[f["card"]][1]
        return [h for h in super().places(g, f, unit_id) if where(g, h)]

    def side_done(self, g: Context, f: Frame) -> None:
        g.ret()


ANY_POOL = (
    "ground",
    "air",
    "naval",
    "us_naval",
    "commonwealth_naval",
    "chinese",
    "china_divisions",
)


# -- lasting effects (5.33) ------------------------------------------------------------------------


@effect("J31")
def new_operation_plan(g: Context, side: str) -> None:
    """J31 New Operation Plan: +1 to every Japanese ground combat roll for the rest of the game
    (the defence doctrine, see :data:`battle.LASTING_GROUND_DRM`)."""
    g.data["lasting"].append("J31_defence_doctrine")


@effect("J71")
def high_altitude_interceptors(g: Context, side: str) -> None:
    """J71 High Altitude Interceptors: a successful B-29 raid no longer raises US Political Will
    (16.43 B; a success still counts for 16.2), and 2 Japanese air replacement points."""
    g.data["lasting"].append("J71")
    bank("japanese_air_replacements", 2)(g, side)


@effect("A17")
def china_airlift(g: Context, side: str) -> None:
    """A17 China Airlift: the HUMP runs for the rest of the game (12.75, 12.76, 13.31); the AVG
    and the 14th Air Force on the map are restored to full strength (later-edition hint)."""
    g.data["tracks"]["hump"] = True
    forces.forget_derived(g)
    for unit_id in CHINA_AIR:
        if forces.on_map(forces.at(g, unit_id)) and forces.reduced(g, unit_id):
            forces.set_reduced(g, unit_id, False)
            g.log("log.repaired", unit=unit_id)


@effect("A18")
def edwin_booz(g: Context, side: str) -> None:
    """A18 Edwin Booz: one more permanent Allied ASP (9.31)."""
    g.data["tracks"]["allied_asp"] += 1


@effect("A23")
def pt_boats(g: Context, side: str) -> None:
    """A23 PT Boats: Japan loses the barge capability for good; a later Barge event does
    nothing (7.47, 9.33)."""
    g.data["tracks"]["pt_boats"] = True


@effect("A80")
def new_submarine_doctrine(g: Context, side: str) -> None:
    """A80 New Submarine Doctrine: the Japanese escort modifier against submarine warfare drops to
    0 and no later event raises it (11.22; see :func:`escort_blocked`)."""
    g.data["tracks"]["escort"] = 0
    g.data["lasting"].append("A80")


def escort_blocked(g: Context) -> bool:
    return "A80" in g.data["lasting"]


@effect("J18", "playable")
def kwai_route_held(g: Context, side: str) -> bool:
    return all(forces.friendly(g, h, "japan") for h in KWAI_ROUTE)


@effect("J18")
def bridge_on_the_river_kwai(g: Context, side: str) -> None:
    """J18 Bridge on the River Kwai: the Rangoon-Bangkok transport route opens (7.41, 17.35);
    playable while Japan controls the route hexes 2108 and 2109 (later-edition hint)."""
    g.data["lasting"].append("kwai_route")
    forces.forget_derived(g)


# -- B-29 events (11.33) ---------------------------------------------------------------------------


def b29s(g: Context) -> list[str]:
    return [u for u in g.data["units"] if record(g, u).type == "b29"]


@effect("A60", "playable")
def b29_in_china(g: Context, side: str) -> bool:
    return any(forces.at(g, u) == "china" for u in b29s(g))


@effect("A67", "playable")
def b29_near_tokyo(g: Context, side: str) -> bool:
    board = g.static.board
    return any(
        forces.on_map(forces.at(g, u)) and board.distance(forces.at(g, u), TOKYO) <= B29_REACH
        for u in b29s(g)
    )


@RULES.implements("11.33")
def japan_discards_at_random(g: Context, side: str) -> None:
    """A60 20th Bomber Command, A67 Curtis LeMay: Japan discards a card of its hand at random."""
    hand = cards.hand(g, "japan")
    if not hand:
        return
    card_id = hand[g.roll(Die(len(hand)), side, "random_discard") - 1]
    cards.take(g, "japan", card_id)
    cards.pile(g, "japan")["discard"].append(card_id)
    g.log("log.random_discard", side="japan", card=card_id)


effect("A60")(japan_discards_at_random)
effect("A67")(japan_discards_at_random)


# -- units in and out of play (5.33) ---------------------------------------------------------------


@effect("A27")
def operation_vengeance(g: Context, side: str) -> None:
    """A27 Operation Vengeance: the Ozawa Combined Fleet HQ takes the place (and side) of the
    Yamamoto HQ, which leaves the game (later-edition hint). Yamamoto already eliminated: Ozawa
    takes its place in the eliminated box."""
    where = forces.at(g, YAMAMOTO)
    if where == "removed":
        return
    forces.set_reduced(g, OZAWA, forces.reduced(g, YAMAMOTO))
    forces.set_reduced(g, YAMAMOTO, False)
    forces.move_to(g, YAMAMOTO, "removed")
    forces.move_to(g, OZAWA, where)
    g.log("log.replaced_hq", unit=YAMAMOTO, by=OZAWA)


@effect("J80")
def panama_canal_attack(g: Context, side: str) -> None:
    """J80 (provisional, see the stand-in above): US naval reinforcements due next turn are
    delayed a turn."""
    due, later = f"t{g.data['turn'] + 1}", f"t{g.data['turn'] + 2}"
    for unit_id, at in sorted(g.data["units"].items()):
        unit = record(g, unit_id)
        if at == due and unit.unit_class == "naval" and unit.nationality == "us":
            forces.move_to(g, unit_id, later)
            g.log("log.delayed", unit=unit_id)


class ChooseUnits(Procedure):
    """An event that lets its player pick up to ``limit`` units one at a time and do something to
    each (move it to a hex it picks next, or hit it). Frame locals: ``side``, ``card``,
    ``chosen`` (units done), ``unit`` (the unit picked, waiting for its hex)."""

    def __init__(
        self,
        card_id: str,
        limit: int,
        units: Callable[[Context], list[str]],
        hexes: Callable[[Context, str], list[str]] | None = None,
    ) -> None:
        self.name = f"event_{card_id}"
        self.limit, self.units, self.hexes = limit, units, hexes

    def start(self, g: Context, f: Frame) -> None:
        f["chosen"], f["unit"] = [], None
        g.goto("pick")

    @decision
    def pick(self, g: Context, f: Frame) -> Decision:
        found = Decision()
        choices = found.side(f["side"], "prompt.event_units", card=f["card"])
        if len(f["chosen"]) < self.limit:
            for unit_id in self.units(g):
                if unit_id not in f["chosen"] and self.targets(g, unit_id) != []:
                    choices.add(Action.of("unit", unit_id), self.picked, unit_id)
        if not choices.options:
            choices.prompt = "prompt.event_units_none"
        choices.add("done", self.done)
        return found

    def targets(self, g: Context, unit_id: str) -> list[str] | None:
        return None if self.hexes is None else self.hexes(g, unit_id)

    def picked(self, g: Context, f: Frame, unit_id: str) -> None:
        f["chosen"].append(unit_id)
        if self.hexes is None:
            lose_step(g, unit_id)
        else:
            f["unit"] = unit_id
            g.goto("place")

    @decision
    def place(self, g: Context, f: Frame) -> Decision:
        found = Decision()
        choices = found.side(f["side"], "prompt.event_hex", unit=f["unit"])
        for hex_id in self.targets(g, f["unit"]) or []:
            choices.add(Action.of("hex", hex_id), self.put, f["unit"], hex_id)
        return found

    def put(self, g: Context, f: Frame, unit_id: str, hex_id: str) -> None:
        forces.move_to(g, unit_id, hex_id)
        g.log("log.event_move", unit=unit_id, hex=hex_id)
        g.goto("pick")

    def done(self, g: Context, f: Frame) -> None:
        g.ret()


def japanese_ports(g: Context, unit_id: str) -> list[str]:
    board = g.static.board
    return [
        h
        for h in board.land_hexes
        if board.port(h)
        and forces.friendly(g, h, "japan")
        and not forces.units_at(g, h, "allied")
        and h != forces.at(g, unit_id)
        and fits(g, h, [unit_id])
    ]


def evacuees(g: Context) -> list[str]:
    board = g.static.board
    return [
        u
        for u in forces.units_on_map(g, "japan")
        if forces.is_class(g, u, "ground") and board.coastal(forces.at(g, u))
    ]


def ke_ports(g: Context, unit_id: str) -> list[str]:
    """J35 Operation KE: a Japanese port within 15 hexes, 30 when the unit starts in a Japanese
    port (later-edition hint); the unit must stand in a coastal hex to leave by sea."""
    start = forces.at(g, unit_id)
    board = g.static.board
    reach = (
        KE_REACH_FROM_PORT if board.port(start) and forces.friendly(g, start, "japan") else KE_REACH
    )
    return [h for h in japanese_ports(g, unit_id) if board.distance(start, h) <= reach]


def fleet(g: Context) -> list[str]:
    return [
        u
        for u in forces.units_on_map(g, "japan")
        if forces.is_class(g, u, "naval") or u in (YAMAMOTO, OZAWA)
    ]


def fuel_ports(g: Context, unit_id: str) -> list[str]:
    """J77 Fuel Shortage: Japanese ports in or next to a Japanese-held resource hex (the spec
    says "near"; one hex is our reading)."""
    board = g.static.board
    held = [h for h in board.land_hexes if forces.friendly(g, h, "japan")]
    oil = [h for h in held if board.hexes[h].resource]
    return [h for h in japanese_ports(g, unit_id) if any(board.distance(h, r) <= 1 for r in oil)]


def makin_targets(g: Context) -> list[str]:
    """A16 Makin Island Raid: a Japanese air unit outside the Home Islands, within the command
    range of a US HQ."""
    us_hqs = [
        u
        for u in forces.units_on_map(g, "allied")
        if record(g, u).unit_class == "hq" and record(g, u).nationality == "us"
    ]
    reach = frozenset().union(*(supply.command_range(g, hq) for hq in us_hqs))
    board = g.static.board
    return [
        u
        for u in forces.units_on_map(g, "japan")
        if forces.is_class(g, u, "air")
        and not board.in_area(forces.at(g, u), "home_islands")
        and forces.at(g, u) in reach
    ]


def tainan_hexes(g: Context, unit_id: str) -> list[str]:
    hqs = [u for u in forces.units_on_map(g) if record(g, u).unit_class == "hq"]
    return entry_hexes(g, unit_id, hqs)


def tainan_air(g: Context) -> list[str]:
    """J78 Tainan Air Unit: the event-only air unit enters as a reinforcement would (9.0)."""
    return [TAINAN_AIR] if forces.at(g, TAINAN_AIR) == "event" else []


RESOURCE_PROCEDURES: tuple[Procedure, ...] = (
    *(EventReplacements(c) for c in EVENT_POINTS),
    ChooseUnits("J35", KE_UNITS, evacuees, ke_ports),
    ChooseUnits("J77", FUEL_SHORTAGE_UNITS, fleet, fuel_ports),
    ChooseUnits("A16", 1, makin_targets),
    ChooseUnits("J78", 1, tainan_air, tainan_hexes),
)


by_procedure("A15", "A3", "J39", "J35", "J77", "A16")


@effect("J78", "playable")
def tainan_waiting(g: Context, side: str) -> bool:
    return bool(tainan_air(g))
