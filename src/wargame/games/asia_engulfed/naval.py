"""Naval movement (1.11, 8.2) and rebasing (1.18, 8.8) of fleets and the submarine units.

The phase player sails fleets from port into a sea area it names, one sea area at a time, and
ground blocks embark as troop transports (5.31, 8.12, 8.24; :mod:`transports`); then the other
side may react into that sea area only, with fleets in port and its submarine, and if fleets
reacted the phase player may add its own submarine; the sea area is then closed (8.21, 8.25). In
the rebase phase every fleet and troop transport at sea goes to a friendly port, the reacting
side's first (8.8), Japan's anywhere it traces supply to for an SA (7.5). Extended operations
(8.23), code-breaking (7.6) and the surprise turn's limits on this phase (9.11, :mod:`surprise`)
are here too. Still to come: LBA at sea and consolidation (8.11).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import cache
from typing import Any, Final

from wargame.engine.action import Action
from wargame.engine.board.paths import reachable
from wargame.engine.log import Side
from wargame.engine.memo import Answers, remembered
from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame, State
from wargame.games.asia_engulfed import surprise
from wargame.games.asia_engulfed.board import SEA_MOVES, area_graph, area_map
from wargame.games.asia_engulfed.charts import Charts, tables
from wargame.games.asia_engulfed.control import SIDES, area, enemy
from wargame.games.asia_engulfed.fleet_hits import lose_carried_air
from wargame.games.asia_engulfed.forces import side_of
from wargame.games.asia_engulfed.influence import influence, port_seas, projecting
from wargame.games.asia_engulfed.movement import (
    barred,
    block_to_pool,
    leaves_rear_guard,
    relocate,
    settle_after_leaving,
)
from wargame.games.asia_engulfed.registry import RULES
from wargame.games.asia_engulfed.supply import SupplyReport, supply_report
from wargame.games.asia_engulfed.transports import (
    MARINE,
    TRANSPORTS_AVAILABLE,
    embark_seas,
    transports_available,
)

Projecting = Mapping[str, frozenset[Side]]  # influence.projecting: sides projecting into each sea
HOLDING_BOX: Final = "holding_box"
OIL: Final = "japan_oil"
HOME_PORTS: Final[dict[str, tuple[str, ...]]] = {
    "japan": ("honshu",),
    "usa": ("usa",),
    "cw": ("new_south_wales", "south_africa"),
    "dei": ("new_south_wales", "south_africa"),  # DEI fleets act as CW fleets (3.33)
}
RESTRICTED_UNLESS_HELD: Final = "leyte"  # 8.22 b
CODE_BREAKING_YEARS: Final = frozenset({1942, 1943})  # 7.6: once in each


# -- where a fleet may sail -----------------------------------------------------------------


def new_naval() -> dict[str, Any]:
    """The naval movement phase's open record: the sea area open, those closed, the powers that
    paid for extended operations (which fleets moved so is the phase player's own, in
    ``data["extended"]``: a block's id names what it is), whether Japan rebases extensively."""
    return {"target": None, "closed": [], "extension_paid": [], "extensive": False}


def fleets(data: Mapping[str, Any], side: Side, *, at_sea: bool) -> list[str]:
    """``side``'s fleet blocks at sea, or in port."""

    def answer() -> list[str]:
        return sorted(
            unit_id
            for unit_id, unit in data["units"].items()
            if unit["owner"] == side
            and unit["public"]["kind"] == "fleet"
            and area(unit["where"]).is_sea == at_sea
        )

    return list(remembered(data, ("fleets", side, at_sea), answer))


@RULES.implements("8.22")
def sea_steps(data: Mapping[str, Any], side: Side, sea: str) -> list[str]:
    """The sea areas a fleet may enter from ``sea``: never straight between the South
    Philippine Sea and the Sulu Sea until ``side`` holds Leyte uncontested (8.22 b)."""
    return _seas_from(sea, _holds(data, side, RESTRICTED_UNLESS_HELD))


def _seas_from(sea: str, leyte_held: bool) -> list[str]:
    always, restricted = _sea_connections(sea)
    return [*always, *restricted] if restricted and leyte_held else always


@cache
def _sea_connections(sea: str) -> tuple[list[str], list[str]]:
    """The sea areas a fleet may enter from ``sea``: always, and only once Leyte is held."""
    found: tuple[list[str], list[str]] = ([], [])
    for connection in area_graph().connections(sea):
        if connection.kind in SEA_MOVES:
            found[connection.kind == "restricted"].append(connection.b)
    return found


def _holds(data: Mapping[str, Any], side: Side, where: str) -> bool:
    return data["control"].get(where) == side and where not in data["contested"]


@RULES.implements("8.22", "8.13")
def sea_reach(
    data: Mapping[str, Any],
    side: Side,
    port: str,
    budget: int,
    sides: Projecting | None = None,
    *,
    out: Callable[[str], frozenset[str]] = port_seas,
) -> set[str]:
    """The sea areas a fleet in ``port`` reaches: leaving port is the first of its ``budget``
    sea areas (8.22 a), and it stops on entering a sea area where the enemy projects influence,
    limited or dominant (8.13 b, c). ``sides``: :func:`projecting` of ``data``, when the caller
    asks for several fleets; ``out``: the sea areas a unit puts to sea into from where it
    stands (a fleet: its port's)."""
    return set(SeaSearch(data, side, sides).reach(port, budget, out))


class SeaSearch:
    """The sea areas ``side``'s units reach in one position (:func:`sea_reach`), with what stops
    them and whether Leyte is held worked out once for all the units asked about."""

    def __init__(self, data: Mapping[str, Any], side: Side, sides: Projecting | None = None):
        sides = sides if sides is not None else projecting(data)
        self.stops = _enemy_seas(data, sides, enemy(side))
        self.leyte_held = _holds(data, side, RESTRICTED_UNLESS_HELD)

    def reach(
        self, start: str, budget: int, out: Callable[[str], frozenset[str]] = port_seas
    ) -> frozenset[str]:
        """Shared with other callers: read it, never change it."""
        return _kept(_search_seas, start, budget, out, self.leyte_held, self.stops)


_SEARCHES: Final[Answers[frozenset[str]]] = Answers(4096)
"""Sea searches' answers, by the search and all that decides its answer (its arguments): the
same question comes back from one position to the next, while moves leave influence and Leyte
as they were."""


def _kept(search: Callable[..., frozenset[str]], *question: Any) -> frozenset[str]:
    return _SEARCHES.get((search, *question), lambda: search(*question))


def _enemy_seas(data: Mapping[str, Any], sides: Projecting, other: Side) -> frozenset[str]:
    """The sea areas into which ``other`` projects influence, by ``sides``."""

    def answer() -> tuple[Projecting, frozenset[str]]:
        return sides, frozenset(sea for sea, there in sides.items() if other in there)

    kept = remembered(data, ("enemy_seas", other, id(sides)), answer)
    return kept[1] if kept[0] is sides else answer()[1]


def _search_seas(
    port: str,
    budget: int,
    out: Callable[[str], frozenset[str]],
    leyte_held: bool,
    stops: frozenset[str],
) -> frozenset[str]:
    def steps(node: str) -> list[str]:
        return sorted(out(node)) if not area(node).is_sea else _seas_from(node, leyte_held)

    def can_leave(node: str) -> bool:
        return node not in stops

    return frozenset(reachable(port, steps, can_leave=can_leave, max_cost=budget) - {port})


def japanese_oil_left(data: Mapping[str, Any], side: Side, charts: Charts) -> bool:
    """Each Japanese fleet that moves or reacts uses oil (8.21, 8.25; Table T18)."""
    return side != SIDES[0] or data["tracks"][OIL] >= charts.japanese_logistics.oil_per_fleet


def sailings(
    data: Mapping[str, Any], side: Side, charts: Charts, only: str | None = None
) -> Iterator[tuple[str, str]]:
    """Each (fleet, sea area) move of the phase player (of the fleet ``only``, if given): into
    the sea area it opened, or any sea area not closed yet when none is open."""
    target, closed = data["naval"]["target"], set(data["naval"]["closed"])
    for fleet_id, reach in _fleet_reaches(data, side, charts, only):
        yield from ((fleet_id, sea) for sea in _open_seas(reach, target, closed))


def _fleet_reaches(
    data: Mapping[str, Any], side: Side, charts: Charts, only: str | None
) -> Iterator[tuple[str, frozenset[str]]]:
    """Each fleet in port of ``side`` (``only`` that one) that may move, with its reach."""
    if not japanese_oil_left(data, side, charts):
        return
    search = SeaSearch(data, side)
    for fleet_id in fleets(data, side, at_sea=False):
        if only is None or fleet_id == only:
            yield fleet_id, search.reach(data["units"][fleet_id]["where"], charts.movement.fleet)


def _open_seas(reach: frozenset[str], target: str | None, closed: set[str]) -> list[str]:
    """The sea areas of ``reach`` a unit may sail to: ``target`` alone if one is open, else
    those not ``closed``, in order."""
    if target is not None:
        return [target] if target in reach and target not in closed else []
    return sorted(reach - closed)


def _any_open(reach: frozenset[str], target: str | None, closed: set[str]) -> bool:
    """Whether :func:`_open_seas` has any, without listing them."""
    if target is not None:
        return target in reach and target not in closed
    return not reach <= closed


def openers(data: Mapping[str, Any], side: Side, charts: Charts) -> Iterator[tuple[str, str]]:
    """Each unit of the phase player that may open a sea area, with the verb that picks it:
    fleets (``sail``), then blocks as troop transports (``embark``): those :func:`sailings`
    and :func:`embarkations` list, their sea areas not listed."""
    target, closed = data["naval"]["target"], set(data["naval"]["closed"])
    for fleet_id, reach in _fleet_reaches(data, side, charts, None):
        if _any_open(reach, target, closed):
            yield "sail", fleet_id
    for unit_id, reach in _embark_reaches(data, side, charts, None):
        if _any_open(reach, None, closed) and leaves_rear_guard(data, unit_id):
            yield "embark", unit_id


@RULES.implements("8.25")
def reactions(data: Mapping[str, Any], side: Side, target: str, charts: Charts) -> list[str]:
    """The fleets in port of the non-phase player that may react into ``target`` (8.25)."""
    if not japanese_oil_left(data, side, charts):
        return []
    search, found = SeaSearch(data, side), []
    for fleet_id in fleets(data, side, at_sea=False):
        unit = data["units"][fleet_id]
        reach = reaction_range(data, unit, target, charts)
        if surprise.may_react(data, unit) and target in search.reach(unit["where"], reach):
            found.append(fleet_id)
    return found


@RULES.implements("7.6")
def reaction_range(
    data: Mapping[str, Any], unit: Mapping[str, Any], target: str, charts: Charts
) -> int:
    """Sea areas a fleet reacts: 2, a US fleet 3 into the sea area of code-breaking (7.6 c)."""
    broken = data["code_breaking"]["sea"] == target and unit["hidden"]["power"] == "usa"
    return charts.movement.reaction_code_breaking if broken else charts.movement.reaction


@RULES.implements("7.6", "7.11")
def code_breaking_open(data: Mapping[str, Any], side: Side) -> bool:
    """Whether the Allies may spend a US SA on code-breaking now: in a Japanese naval movement
    phase, once in 1942 and once in 1943, not twice in one phase (7.6)."""
    year = int(data["turn"][:4])
    return (
        side == SIDES[1]
        and data["phase_player"] == SIDES[0]
        and year in CODE_BREAKING_YEARS
        and year not in data["code_breaking"]["years"]
        and data["code_breaking"]["sea"] is None
        and data["tracks"].get("special_actions_usa", 0) > 0
    )


@RULES.implements("7.6")
def break_codes(g: Context, sea: str) -> None:
    """Spend the US SA on ``sea``: Japan tells the Allies its CV, BB and CA steps there and how
    many steps its troop transports carry there, not which blocks (7.6 b). Told, it cannot be
    taken back."""
    cracked = g.data["code_breaking"]
    year = int(g.data["turn"][:4])
    g.data["tracks"]["special_actions_usa"] -= 1
    g.data["code_breaking"] = {"years": sorted([*cracked["years"], year]), "sea": sea}
    steps = {"cv": 0, "bb": 0, "ca": 0, "carried": 0}
    for unit in g.data["units"].values():
        if unit["where"] == sea and unit["owner"] == SIDES[0]:
            kind = unit["hidden"]["type"] if unit["public"]["kind"] == "fleet" else "carried"
            steps[kind] = steps.get(kind, 0) + unit["hidden"]["steps"]
    g.reveal()
    g.log("log.code_breaking", sea=sea, **steps)


def submarine(data: Mapping[str, Any], side: Side) -> str | None:
    """``side``'s submarine unit if it waits in the holding box, free (not covering a sea area
    of Japan's supply network, 3.52)."""
    if side == SIDES[0] and (data.get("network") or {}).get("submarine"):
        return None
    for counter_id, counter in sorted(data["counters"].items()):
        if counter["type"] == "submarine" and side_of(counter["power"]) == side:
            return counter_id if counter["where"] == HOLDING_BOX else None
    return None


# -- troop transports (5.31, 8.12, 8.24) ------------------------------------------------


@RULES.implements("5.3", "5.31", "8.12", "8.24", "3.33")
def embarkations(
    data: Mapping[str, Any],
    side: Side,
    charts: Charts,
    target: str | None,
    closed: list[str],
    *,
    only: str | None = None,
) -> Iterator[tuple[str, str]]:
    """Each (block, sea area) a ground block of ``side`` (the block ``only``, if given) may sail
    to as a troop transport: into ``target`` if the phase player opened one, else into any sea
    area not ``closed``."""
    shut = set(closed)
    for unit_id, reach in _embark_reaches(data, side, charts, only):
        seas = _open_seas(reach, target, shut)
        if seas and leaves_rear_guard(data, unit_id):
            yield from ((unit_id, sea) for sea in seas)


def _embark_reaches(
    data: Mapping[str, Any], side: Side, charts: Charts, only: str | None
) -> Iterator[tuple[str, frozenset[str]]]:
    """Each ground block of ``side`` (``only`` that one) that may put to sea from where it
    stands, with the sea areas it reaches (3.33: never a DEI block)."""
    search = SeaSearch(data, side)
    reaches: dict[tuple[str, bool], frozenset[str]] = {}
    units, areas, control = data["units"], area_map().areas, data["control"]
    for unit_id, unit in sorted(units.items()) if only is None else [(only, units[only])]:
        if unit["owner"] != side or unit["public"]["kind"] != "ground":
            continue
        if unit["hidden"]["power"] == "dei":
            continue  # 3.33: DEI ground units never leave their area
        start = unit["where"]
        if start not in areas or areas[start].is_sea or control.get(start) != side:
            continue
        key = (start, unit["hidden"]["type"] == MARINE)
        reach = reaches.get(key)
        if reach is None:
            reach = reaches[key] = _embark_reach(data, side, unit, charts, search)
        yield unit_id, reach


def _embark_reach(
    data: Mapping[str, Any], side: Side, unit: Mapping[str, Any], charts: Charts, search: SeaSearch
) -> frozenset[str]:
    """Where a block may sail as a transport, as far as its side can pay (5.31, 8.24): two sea
    areas for a transport point (Japan's; the Allies pay nothing), or, for a Japanese marine
    paying oil instead, two, or three from a port; an Allied marine from a port three."""
    start, moves = unit["where"], charts.movement
    marine = unit["hidden"]["type"] == MARINE
    far = moves.transport_with_marines if marine and area(start).has_port else moves.transport
    if side != SIDES[0]:
        return search.reach(start, far, embark_seas)
    if marine and _oil_for_marine(data, charts):
        return search.reach(start, far, embark_seas)
    if _points_for_transport(data, charts):
        return search.reach(start, moves.transport, embark_seas)
    return frozenset()


def _oil_for_marine(data: Mapping[str, Any], charts: Charts) -> bool:
    return data["tracks"][OIL] >= charts.japanese_logistics.marine_three_sea_areas_oil


def _points_for_transport(data: Mapping[str, Any], charts: Charts) -> bool:
    return transports_available(data) >= charts.japanese_logistics.transport_points_per_unit


def transport_reach(
    data: Mapping[str, Any], side: Side, start: str, budget: int, sides: Projecting
) -> set[str]:
    """The sea areas a TT from ``start`` reaches within ``budget`` sea areas, as a fleet does
    from port but putting to sea from a coast too (5.31, 8.13)."""
    return sea_reach(data, side, start, budget, sides, out=embark_seas)


def embark(g: Context, unit_id: str, sea: str, charts: Charts) -> None:
    """Sail a ground block to ``sea`` as a troop transport and pay Japan's cost (5.31, 8.24)."""
    unit = g.data["units"][unit_id]
    start = unit["where"]
    if unit["owner"] == SIDES[0]:
        _pay(g, unit, start, sea, charts)
    relocate(g, unit_id, sea, "log.embarked")
    settle_after_leaving(g, start)


def _pay(g: Context, unit: Mapping[str, Any], start: str, sea: str, charts: Charts) -> None:
    """Japan pays a transport point, or a marine oil where it goes three sea areas or no
    transport point is left (8.24)."""
    logistics = charts.japanese_logistics
    tracks = g.data["tracks"]
    near = transport_reach(g.data, SIDES[0], start, charts.movement.transport, projecting(g.data))
    if unit["hidden"]["type"] == MARINE and (
        sea not in near or not _points_for_transport(g.data, charts)
    ):
        tracks[OIL] -= logistics.marine_three_sea_areas_oil
        return
    tracks[TRANSPORTS_AVAILABLE] = (
        transports_available(g.data) - logistics.transport_points_per_unit
    )


# -- extended naval operations (7.4, 8.23) ---------------------------------------------------


def sa_power(power: str) -> str:
    """The power whose SA a fleet's extended move spends: DEI fleets act as the CW's (3.33)."""
    return "cw" if power == "dei" else power


@RULES.implements("8.23", "7.4", "7.13")
def extensions(
    data: Mapping[str, Any], side: Side, charts: Charts, target: str | None
) -> Iterator[tuple[str, str]]:
    """Each (fleet, sea area) extended move of the phase player: a fleet that sailed this phase,
    in a sea area where its side holds dominant influence, not extended yet, up to three sea
    areas more into ``target`` (or any sea area when none is open), never into a sea area where
    movement or reaction took place, stopping on entering enemy influence; each power taking
    part spends one of its SAs (8.23, 7.13)."""
    naval = data["naval"]
    if not japanese_oil_left(data, side, charts) or not _extending(data, target):
        return
    sides, dominant = projecting(data), influence(data)
    for fleet_id in fleets(data, side, at_sea=True):
        unit = data["units"][fleet_id]
        power = sa_power(unit["hidden"]["power"])
        if fleet_id in data["extended"][side] or dominant[unit["where"]] != side:
            continue
        if (
            power not in naval["extension_paid"]
            and data["tracks"].get(f"special_actions_{power}", 0) < 1
        ):
            continue
        for sea in sorted(extended_reach(data, side, unit["where"], charts, sides)):
            if target is None or sea == target:
                yield fleet_id, sea


def _extending(data: Mapping[str, Any], target: str | None) -> bool:
    """Extended moves go into a sea area of their own: none is open, or the one open is where
    this phase's extended fleets went (movement elsewhere bars it, 8.23)."""
    units = data["units"]
    moved = data["extended"][data["phase_player"]]
    return target is None or any(units[f]["where"] == target for f in moved)


def extended_reach(
    data: Mapping[str, Any], side: Side, start: str, charts: Charts, sides: Projecting
) -> set[str]:
    other, closed = enemy(side), set(data["naval"]["closed"])

    def steps(sea: str) -> list[str]:
        return [s for s in sea_steps(data, side, sea) if s not in closed]

    def can_leave(sea: str) -> bool:
        return sea == start or other not in sides[sea]

    return reachable(
        start, steps, can_leave=can_leave, max_cost=charts.movement.extended_operations
    ) - {start}


def extend(g: Context, fleet_id: str, sea: str) -> None:
    """Move a fleet on by extended operations, its power paying its SA once (8.23, 7.13)."""
    naval, unit = g.data["naval"], g.data["units"][fleet_id]
    power, side = sa_power(unit["hidden"]["power"]), unit["owner"]
    if power not in naval["extension_paid"]:
        g.data["tracks"][f"special_actions_{power}"] -= 1
        naval["extension_paid"] = sorted([*naval["extension_paid"], power])
        g.log("log.extended_operations", side=side, powers=[power], sea=sea)
    g.data["extended"][side] = sorted([*g.data["extended"][side], fleet_id])
    naval["target"] = sea
    sail(g, fleet_id, sea)


# -- the naval movement phase ---------------------------------------------------------------


class NavalMovement(Procedure):
    """The naval movement phase (1.11): sea area by sea area, the phase player's moves, the
    other side's reaction, the phase player's submarine (8.21, 8.25)."""

    name = "naval_movement"

    def start(self, g: Context, f: Frame) -> None:
        g.data["naval"] = new_naval()
        g.data["extended"][f.locals["side"]] = []
        g.data["code_breaking"]["sea"] = None  # 7.6: last phase's ends
        g.goto("sail")

    @decision
    def sail(self, g: Context, f: Frame) -> Choices:
        """The first move of a sea area names its unit first (``sail jp-bb-a``, ``embark
        jp-12a``: the unit picked is the mover's secret) and its sea area second
        (:meth:`destination`), where one decision listed every unit's every sea area (about
        110 actions); once a sea area is open, each move names its unit alone."""
        side: Side = f.locals["side"]
        target = g.data["naval"]["target"]
        key = "prompt.naval_movement" if target is None else "prompt.naval_target"
        choices = Decision.single(side, key, sea=target)
        charts = tables(g.state)
        if target is None:
            self._picks(g, side, charts, choices)
        else:
            self._moves(g, side, charts, choices, None)
        for fleet_id, sea in extensions(g.data, side, charts, target):
            choices.add(Action(f"extend {fleet_id} {sea}"), self.extend, fleet_id, sea)
        if target is None:
            choices.add("end", self.end, side)
        else:
            choices.add("close", self.close, side)
        return choices

    def _picks(self, g: Context, side: Side, charts: Charts, choices: Choices) -> None:
        """Each unit that may open a sea area, to be picked."""
        for verb, unit_id in openers(g.data, side, charts):
            choices.add(Action(f"{verb} {unit_id}"), self.pick, side, unit_id)

    def _moves(
        self, g: Context, side: Side, charts: Charts, choices: Choices, only: str | None
    ) -> None:
        """Each move into the sea area open, or (of the unit ``only``) into any not closed."""
        target, closed = g.data["naval"]["target"], g.data["naval"]["closed"]
        for fleet_id, sea in sailings(g.data, side, charts, only):
            choices.add(Action(f"sail {fleet_id} {sea}"), self.move, side, fleet_id, sea)
        for unit_id, sea in embarkations(g.data, side, charts, target, closed, only=only):
            choices.add(Action(f"embark {unit_id} {sea}"), self.embark, side, unit_id, sea)

    def pick(self, g: Context, f: Frame, side: Side, unit_id: str) -> None:
        g.data["picked"][side] = [unit_id]  # private: a block's id is its owner's secret
        g.goto("destination")

    @decision
    def destination(self, g: Context, f: Frame) -> Choices:
        """The sea area the unit picked opens, or cancel to pick another."""
        side: Side = f.locals["side"]
        picked = g.data["picked"][side]
        if not picked:  # only in a state drawn by the other side, which could not guess one
            choices = Decision.single(side, "prompt.naval_none_picked")
        else:
            choices = Decision.single(side, "prompt.naval_destination", unit=picked[0])
            self._moves(g, side, tables(g.state), choices, picked[0])
        choices.add("cancel", self.cancel, side)
        return choices

    def cancel(self, g: Context, f: Frame, side: Side) -> None:
        g.data["picked"][side] = []
        g.goto("sail")

    def draw_picked(self, state: State, side: Side) -> None:
        """In a state drawn for ``side``'s enemy (``determinize``), the unit ``side`` picked to
        open a sea area, which only ``side`` knows: the first that may, as the enemy may guess."""
        frame = state.stack[-1] if state.stack else None
        if frame is None or frame.name != self.name or frame.step != "destination":
            return
        if frame.locals["side"] != side or state.data["picked"][side]:
            return
        first = next(openers(state.data, side, tables(state)), None)
        state.data["picked"][side] = [] if first is None else [first[1]]

    @RULES.implements("8.2", "8.21")
    def move(self, g: Context, f: Frame, side: Side, fleet_id: str, sea: str) -> None:
        g.data["picked"][side] = []
        g.data["naval"]["target"] = sea
        sail(g, fleet_id, sea)
        g.goto("sail")

    def extend(self, g: Context, f: Frame, fleet_id: str, sea: str) -> None:
        extend(g, fleet_id, sea)

    @RULES.implements("5.31")
    def embark(self, g: Context, f: Frame, side: Side, unit_id: str, sea: str) -> None:
        g.data["picked"][side] = []
        g.data["naval"]["target"] = sea
        embark(g, unit_id, sea, tables(g.state))
        g.goto("sail")

    def close(self, g: Context, f: Frame, side: Side) -> None:
        target = g.data["naval"]["target"]
        other = enemy(side)
        if surprise.forced_to_react(g.data, other, target):
            forced = surprise.forced_fleets(
                g.data, reactions(g.data, other, target, tables(g.state))
            )
            if forced:
                g.log("log.forced_reaction", sea=target)
            for fleet_id in forced:
                self.reacting(g, f, other, fleet_id)
        g.goto("react")

    @decision
    def react(self, g: Context, f: Frame) -> Choices:
        side = enemy(f.locals["side"])
        target = g.data["naval"]["target"]
        choices = Decision.single(side, "prompt.react", sea=target)
        for fleet_id in reactions(g.data, side, target, tables(g.state)):
            choices.add(Action.of("react", fleet_id, target), self.reacting, side, fleet_id)
        sub = submarine(g.data, side)
        if sub is not None:
            choices.add(Action.of("submarine", target), self.dive, side, sub, "react")
        if code_breaking_open(g.data, side):
            choices.add("code_breaking", self.break_codes, target)
        choices.add("done", self.reacted, side)
        return choices

    def break_codes(self, g: Context, f: Frame, sea: str) -> None:
        break_codes(g, sea)
        g.goto("react")

    def reacting(self, g: Context, f: Frame, side: Side, fleet_id: str) -> None:
        sail(g, fleet_id, g.data["naval"]["target"])
        f.locals["fleets_reacted"] = True

    def dive(self, g: Context, f: Frame, side: Side, sub: str, then: str) -> None:
        """A submarine unit goes from the holding box into the sea area, whatever its range and
        influence (8.25)."""
        target = g.data["naval"]["target"]
        g.data["counters"][sub]["where"] = target
        g.log("log.submarine", side=side, sea=target)
        g.goto(then)

    def reacted(self, g: Context, f: Frame, side: Side) -> None:
        phase_side, target = f.locals["side"], g.data["naval"]["target"]
        phase_sub = submarine(g.data, phase_side)
        if surprise.submarine_barred(g.data, phase_side, target):
            phase_sub = None
        if f.locals.pop("fleets_reacted", False) and phase_sub is not None:
            g.goto("answer")
        else:
            self.next_sea(g, f)

    @decision
    def answer(self, g: Context, f: Frame) -> Choices:
        side = f.locals["side"]
        target = g.data["naval"]["target"]
        choices = Decision.single(side, "prompt.answer", sea=target)
        sub = submarine(g.data, side)
        if sub is not None:
            choices.add(Action.of("submarine", target), self.dive, side, sub, "answered")
        choices.add("done", self.answered, side)
        return choices

    def answered(self, g: Context, f: Frame, side: Side | None = None) -> None:
        self.next_sea(g, f)

    def next_sea(self, g: Context, f: Frame) -> None:
        naval = g.data["naval"]
        naval["closed"] = sorted({*naval["closed"], naval["target"]})
        naval["target"] = None
        g.goto("sail")

    def end(self, g: Context, f: Frame, side: Side) -> None:
        g.ret()


def sail(g: Context, fleet_id: str, sea: str) -> None:
    """Move a fleet block into ``sea``, logged as a blank fleet to the side that does not see
    it, and pay Japan's oil (8.21, 8.25)."""
    relocate(g, fleet_id, sea, "log.sailed")
    if g.data["units"][fleet_id]["owner"] == SIDES[0]:
        g.data["tracks"][OIL] -= tables(g.state).japanese_logistics.oil_per_fleet


# -- rebasing -------------------------------------------------------------------------------


@RULES.implements("8.8", "5.45")
def rebase_ports(data: Mapping[str, Any], fleet_id: str, charts: Charts) -> list[str]:
    """Where a fleet at sea may go in port: a friendly port within 3 sea areas, the one it
    starts in not counted nor its influence, entering the port counting one, through no sea
    area where the enemy projects influence; or one of its navy's home ports, whatever the
    distance (8.8). A port takes as many fleets as its size allows (5.45, Table T3)."""
    unit = data["units"][fleet_id]
    side, power = unit["owner"], unit["hidden"]["power"]
    ports = _ports_within(data, unit, charts.movement.rebase_fleet)
    ports |= {p for p in HOME_PORTS.get(power, ()) if data["control"].get(p) == side}
    rooms = _rooms(data, side)
    found = []
    for port in sorted(ports):
        room = rooms.get(port)
        if room is None:
            room = rooms[port] = _has_room(data, side, port, charts)
        if room:
            found.append(port)
    return found


@RULES.implements("8.8", "8.12")
def transport_ports(data: Mapping[str, Any], unit_id: str, charts: Charts) -> list[str]:
    """Where a troop transport at sea may go ashore in the rebase phase: a friendly port within
    2 sea areas, as a fleet counts them, with no home port beyond (8.8), where its nation may
    stand (3.33, 9.23, 9.32); fleets' room in port does not bind a landed block (5.45)."""
    unit = data["units"][unit_id]
    ports = _ports_within(data, unit, charts.movement.rebase_transport)
    return sorted(ashore(data, unit, ports))


def ashore(data: Mapping[str, Any], unit: Mapping[str, Any], ports: Iterable[str]) -> set[str]:
    """Of ``ports``, those where a block's nation may stand (3.33, 9.23, 9.32)."""
    return {p for p in ports if barred(data, unit["hidden"]["power"], p) is None}


def _ports_within(
    data: Mapping[str, Any], unit: Mapping[str, Any], budget: int | None
) -> frozenset[str]:
    """Friendly ports a unit at sea reaches within ``budget`` sea areas (None: any number),
    through no sea area where the enemy projects influence (8.8); the units of a side in one sea
    area share the answer while a decision is listed."""
    side, start = unit["owner"], unit["where"]
    question = ("ports_within", side, start, budget)
    return remembered(data, question, lambda: _friendly_ports_reached(data, side, start, budget))


def _friendly_ports_reached(
    data: Mapping[str, Any], side: Side, start: str, budget: int | None
) -> frozenset[str]:
    stops = _enemy_seas(data, projecting(data), enemy(side))
    leyte_held = _holds(data, side, RESTRICTED_UNLESS_HELD)
    ports = _kept(_ports_reached, start, budget, leyte_held, stops)
    return frozenset(p for p in ports if data["control"].get(p) == side)


def _ports_reached(
    start: str, budget: int | None, leyte_held: bool, stops: frozenset[str]
) -> frozenset[str]:
    """The ports on the sea areas reached from ``start`` within ``budget`` sea areas (None:
    any number), entering none of ``stops``."""

    def steps(node: str) -> list[str]:
        return [s for s in _seas_from(node, leyte_held) if s not in stops]

    seas = reachable(start, steps, max_cost=None if budget is None else budget - 1)
    return frozenset(p for sea in seas for p in _ports_on(sea) if area(p).has_port)


@RULES.implements("7.5")
def extensive_rebasing_open(data: Mapping[str, Any], side: Side) -> bool:
    """Japan may spend an SA in its rebase phase on extensive rebasing (7.5), once."""
    return (
        side == SIDES[0]
        and not data["naval"]["extensive"]
        and data["tracks"].get("special_actions_japan", 0) > 0
    )


@RULES.implements("7.5")
def extensive_ports(data: Mapping[str, Any], unit_id: str, report: SupplyReport) -> list[str]:
    """Where a Japanese fleet or transport at sea goes by extensive rebasing: a friendly port
    at any distance through sea areas free of enemy influence, to which Japan traces supply
    (``report``: Japan's, :func:`supply.supply_report`)."""
    ports = _ports_within(data, data["units"][unit_id], None)
    return sorted(p for p in ports if report.where(p, "japan") != "out")


@cache
def _ports_on(sea: str) -> tuple[str, ...]:
    return tuple(a for a in area_graph().neighbours(sea) if sea in port_seas(a))


@RULES.implements("5.45", "8.71")
def _room(data: Mapping[str, Any], side: Side, port: str, charts: Charts) -> bool:
    """Whether ``port`` takes one more of ``side``'s fleets: as many as its size allows (5.45,
    T3), none while it is damaged (8.71: a damaged port bases no fleet)."""
    rooms = _rooms(data, side)
    found = rooms.get(port)
    if found is None:
        found = rooms[port] = _has_room(data, side, port, charts)
    return found


def _rooms(data: Mapping[str, Any], side: Side) -> dict[str, bool]:
    """Whether each port asked of takes one more of ``side``'s fleets, kept while a decision
    is listed (every fleet's every port asks)."""
    rooms: dict[str, bool] = remembered(data, ("rooms", side), dict)
    return rooms


def _has_room(data: Mapping[str, Any], side: Side, port: str, charts: Charts) -> bool:
    if data.get("port_damage", {}).get(port, 0) > 0:
        return False
    size = area(port).port or "none"
    if size == "home":
        return True
    capacity = int(getattr(charts.ports.fleets, size, 0))
    return _fleets_by_area(data, side)[port] < capacity


def _fleets_by_area(data: Mapping[str, Any], side: Side) -> Counter[str]:
    """How many of ``side``'s fleets each area holds (worked out once while a decision is
    listed: every fleet's every port asks it)."""

    def count() -> Counter[str]:
        units = data["units"].values()
        return Counter(
            u["where"] for u in units if u["owner"] == side and u["public"]["kind"] == "fleet"
        )

    return remembered(data, ("fleets_by_area", side), count)


@RULES.implements("8.8")
def to_rebase(data: Mapping[str, Any], side: Side, sea: str | None) -> list[str]:
    """``side``'s units at sea (in ``sea`` alone, if given), in the order they rebase: its
    fleets, then its troop transports, each by id. One pass over the blocks: the rebase asks
    it before each unit goes to port."""
    areas = area_map().areas
    found: tuple[list[str], list[str]] = ([], [])
    for unit_id, unit in data["units"].items():
        where = unit["where"]
        if unit["owner"] != side or (sea is not None and where != sea):
            continue
        if where in areas and areas[where].is_sea:
            found[unit["public"]["kind"] != "fleet"].append(unit_id)
    return sorted(found[0]) + sorted(found[1])


class Rebase(Procedure):
    """The rebase phase (1.18): the reacting side's fleets at sea go to port, then the phase
    player's; the submarine units go back to the holding box (8.8). Called with ``order`` (the
    sides that rebase) and ``sea``, only their fleets in that sea area rebase: those that
    avoided interception (8.32)."""

    name = "rebase"

    def start(self, g: Context, f: Frame) -> None:
        f.locals.setdefault("order", [enemy(f.locals["side"]), f.locals["side"]])
        f.locals.setdefault("sea", None)
        g.goto("next_side")

    def rebasing(self, g: Context, f: Frame, side: Side) -> list[str]:
        """``side``'s units that rebase now (with the fleets that avoided, those in their sea
        area), in their order (:func:`to_rebase`)."""
        return to_rebase(g.data, side, f.locals["sea"])

    def next_side(self, g: Context, f: Frame) -> None:
        order = f.locals["order"]
        while order and not self.rebasing(g, f, order[0]):
            order.pop(0)
        if order:
            g.goto("choose")
            return
        if f.locals["sea"] is None:
            for counter in g.data["counters"].values():
                if counter["type"] == "submarine" and counter["where"] != HOLDING_BOX:
                    counter["where"] = HOLDING_BOX
            g.data["naval"] = new_naval()
        g.ret()

    def next_unit(self, g: Context, f: Frame, side: Side) -> str:
        """The unit of ``side`` that rebases next (:meth:`rebasing`)."""
        return self.rebasing(g, f, side)[0]

    @decision
    def choose(self, g: Context, f: Frame) -> Choices:
        """Where the next unit at sea goes in port. Every unit at sea rebases and the order
        changes no outcome (each is told its ports in turn, those filled before it excluded),
        so the units come one by one in a fixed order: listing every unit's every port at once
        made a decision of 150 actions and more."""
        side = f.locals["order"][0]
        unit_id = self.next_unit(g, f, side)
        choices = Decision.single(side, "prompt.rebase", unit=unit_id)
        if extensive_rebasing_open(g.data, side):
            choices.add("extensive_rebasing", self.extensive)
        if g.data["units"][unit_id]["public"]["kind"] == "fleet":
            ports = self.fleet_ports(g, side, unit_id)
            verb, then = "rebase", self.rebase
        else:
            ports = self.transport_ports(g, side, unit_id)
            verb, then = "disembark", self.disembark
        for port in ports:
            choices.add(Action(f"{verb} {unit_id} {port}"), then, unit_id, port)
        if not ports:
            choices.add(Action.of("scuttle", unit_id), self.lost, side, unit_id)
        return choices

    def fleet_ports(self, g: Context, side: Side, fleet_id: str) -> list[str]:
        charts = tables(g.state)
        ports = rebase_ports(g.data, fleet_id, charts)
        ports = surprise.rebase_ports(g.data, fleet_id, ports)  # 9.11 k: not Hawaii
        if side == SIDES[0] and g.data["naval"]["extensive"]:
            far = extensive_ports(g.data, fleet_id, supply_report(g.data, side))
            ports = sorted({*ports, *(p for p in far if _room(g.data, side, p, charts))})
        return ports

    def transport_ports(self, g: Context, side: Side, unit_id: str) -> list[str]:
        ports = transport_ports(g.data, unit_id, tables(g.state))
        if side == SIDES[0] and g.data["naval"]["extensive"]:
            far = extensive_ports(g.data, unit_id, supply_report(g.data, side))
            ports = sorted({*ports, *ashore(g.data, g.data["units"][unit_id], far)})
        return ports

    @RULES.implements("7.5")
    def extensive(self, g: Context, f: Frame) -> None:
        g.data["tracks"]["special_actions_japan"] -= 1
        g.data["naval"]["extensive"] = True
        g.log("log.extensive_rebasing")
        g.goto("choose")

    def disembark(self, g: Context, f: Frame, unit_id: str, port: str) -> None:
        relocate(g, unit_id, port, "log.disembarked")
        g.goto("next_side")

    def rebase(self, g: Context, f: Frame, fleet_id: str, port: str) -> None:
        relocate(g, fleet_id, port, "log.rebased")
        g.goto("next_side")

    def lost(self, g: Context, f: Frame, side: Side, fleet_id: str) -> None:
        """A fleet or troop transport with no port it may reach is lost to its force pool (8.8
        leaves no other end for it; a fleet's home ports are out of reach only once they are
        lost). A carrier's CBA are lost with it (8.42 g), not left in its box."""
        unit = g.data["units"][fleet_id]
        key = "log.fleet_lost" if unit["public"]["kind"] == "fleet" else "log.transport_lost"
        lose_carried_air(g, fleet_id, unit["where"])
        block_to_pool(g, fleet_id, key, sea=unit["where"])
        g.goto("next_side")


ALL: Final[tuple[Procedure, ...]] = (NavalMovement(), Rebase())
