"""Movement and stacking (5.11, 6.22-6.26, 7.0-7.49, 8.6, 12.71, 12.74): what a unit or a stack may
do, never what it should. The offensive procedure asks the player and calls :func:`perform`.

``moves(g, group, oc=...)`` lists every legal move of a group of co-located units of one side that
move together, keyed by the action the player clicks: ``hex 2220`` (normal), ``strategic 2220``,
``assault 2220``, ``barge 2220`` (and ``box china`` for the Air Units in China box, 12.74).

What a group may do, by what is in it:

* naval units (carriers or not): normal naval moves (7.21) and strategic naval moves (7.23);
* air units: air legs landing at friendly airfields (5.11, 7.31, 7.36, 12.74) and strategic air
  transport (7.33);
* ground units: overland moves (7.41, 7.42, 7.49), strategic transport (7.44), amphibious
  assaults (7.45) and Japanese barges (7.47); with naval units in the stack (escorts, the ships of
  Japanese organic transport, a carrier that neutralises ZOI en route) only the seaborne moves.

**The path chosen for the mover.** Each destination gets one path: the cheapest legal one, except
that a legal path that stays clear of every hex where the enemy projects air ZOI (neutralised or
not) is preferred to a cheaper one that touches such a hex, so that the move does not give the
Reaction player the air-reconnaissance modifier (5.22) when it can be avoided. This goes beyond
"among equal-cost paths": a unit moves once, so a longer path within its allowance costs it
nothing. ``Move.recon`` says whether the chosen path still touched RP ZOI.

**Ground disengagement (7.43).** In a reaction, RP ground units in a declared battle hex that OP
ground units entered this offensive may leave it, if their attack is strictly greater than the
entering units', by any land hexside but the one(s) the enemy came from, and go on moving
(:func:`disengagement`; an exception to 6.26).

Decisions where the rules are unsure are written beside the code that makes them.

**Speed.** Listing a group's moves lists destinations only (:class:`Ways`): the way to a
destination, with the search clear of RP ZOI it may need, is worked out when first asked, for
the move chosen (:func:`perform`) or a view's notes, from the position the moves were listed in.
Searches of air legs are kept for the process (:class:`LegSearches`). The searches never call a
Python function per step: what a step may not enter is a set of hexes (enemy ZOI as
:attr:`Mover.blocked_hexes` and :attr:`Mover.projected_hexes`, taken whole from the supply
module's bit sets; forbidden areas; enemy ships) and the neighbour lists are filtered against it
once per hex (:func:`~wargame.engine.board.paths.avoiding`). A search of air legs is skipped when
no airfield within the range is still wanted (:func:`worth_searching`). The results are those of
the former per-step tests, path for path: a filtered search is the same search
(``tests/engine/test_paths.py`` proves it on random boards).
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter, OrderedDict, defaultdict
from collections.abc import Callable, Hashable, Iterable, Iterator
from collections.abc import Set as AbstractSet
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache, partial
from itertools import pairwise
from typing import Any, Final

from wargame.engine.board import search, shortest_path
from wargame.engine.board.paths import (
    SearchResult,
    avoiding,
    breadth_first_avoiding,
    only_into,
)
from wargame.engine.errors import GameBug
from wargame.engine.procedure import Context
from wargame.games.empire_of_the_sun import events, forces
from wargame.games.empire_of_the_sun.board import ENTRY_COST, KWAI_ROUTE, Board
from wargame.games.empire_of_the_sun.garrisons import garrisoned, garrisoned_hexes
from wargame.games.empire_of_the_sun.registry import RULES
from wargame.games.empire_of_the_sun.static import Unit
from wargame.games.empire_of_the_sun.supply import kept, supply, zoi

NAVAL_MP = 5  # 7.11: ground 1 MP, naval 5 MP, air = range; all times the OC value (T1)
GROUND_MP = 1
ROUTE_COST = 0.5
NAVAL_STACK = 6  # 7.24
AIR_GROUND_STACK = 3  # 7.34, 7.48
EMERGENCY_NAVAL_RANGE = 10  # 7.22
REACTION_ASP = 1  # 6.26, 7.45 A
BARGE_OC = 3  # 7.47
CHINA_BOX = "china"  # the Air Units in China box (12.74)
CHINA_BOX_AIR, CHINA_BOX_B29 = 2, 1
AIR_FERRY = "5408"  # 7.36
PORT_MORESBY = "3823"  # 7.45: a mountain hex that may be assaulted
KOREAN_ARMY = "jp-korean-army"  # 7.45 A: 2 ASPs per step
SEVENTH_ARMOURED = "cw-7-armd-bde"  # 7.49
ORGANIC_BRIGADES = frozenset(
    {"jp-1-sn-bde", "jp-2-sn-bde", "jp-3-sn-bde", "jp-4-sn-bde", "jp-ss-bde"}
)  # 7.46
ORGANIC_SHIPS = frozenset({"CA", "CL", "APD"})
CARRIERS = frozenset({"CV", "CVL", "CVE"})
NEUTRALISERS = frozenset({"air", *CARRIERS})  # 7.35: in-supply non-LRB air units and carriers
STEP_SIZED = frozenset({"corps", "army"})  # 7.45 A: one ASP per step
PREFIX = {"move": "hex", "strategic": "strategic", "assault": "assault", "barge": "barge"}
# Areas of data/map.json. The map has no Soviet hexes (7.42 C), so that set is empty unless a
# later map adds them; Manchukuo may not be entered by anyone (12.91).
NO_ENTRY = ("soviet", "manchukuo")


@dataclass(frozen=True)
class Way:
    """How a move gets to its destination. ``path``: hexes from the start to the destination,
    both included (an Air Units in China box leg shows as ``china``). ``recon``: the path
    entered, crossed or left a hex where the enemy projects air ZOI (5.22). ``cost``: the
    movement points an overland move spends (7.41). ``stops``: the airfields an air move lands
    at between its legs (5.11)."""

    path: tuple[str, ...]
    recon: bool = False
    cost: float = 0
    stops: tuple[str, ...] = ()


class Ways:
    """Where one kind of move of a group may end (``dests``, in the order the search found
    them), and the way to each, worked out when first asked (:meth:`way`): listing the legal
    actions needs only the destinations, so only the chosen move (and a view's notes) pays for
    its path. The ways are worked out from the position the moves were listed in, which never
    changes (a state is never changed once returned)."""

    __slots__ = ("_known", "_work", "dests")

    def __init__(self, dests: Iterable[str], work: Callable[[str], Way]) -> None:
        self.dests = tuple(dests)
        self._work = work
        self._known: dict[str, Way] = {}

    @classmethod
    def given(cls, ways: dict[str, Way]) -> Ways:
        return cls(ways, ways.__getitem__)

    def __contains__(self, dest: object) -> bool:
        return dest in self.dests

    def way(self, dest: str) -> Way:
        found = self._known.get(dest)
        if found is None:
            found = self._known[dest] = self._work(dest)
        return found

    def only(self, keep: Callable[[str], bool]) -> Ways:
        """The destinations ``keep`` accepts, with the same ways."""
        return Ways([d for d in self.dests if keep(d)], self.way)

    def then(self, change: Callable[[str, Way], Way]) -> Ways:
        """The same destinations, each way changed by ``change(dest, way)``."""
        return Ways(self.dests, lambda dest: change(dest, self.way(dest)))


Trace = tuple[tuple[str, ...], tuple[str, ...]]  # a path, and the airfields landed at on it


class Reached:
    """What one search of a way found: the destinations (each with its node of the search,
    in the order found); ``trace(node)``, the path to a node and the airfields landed at on
    the way; ``touches(hexes)``, whether the path to some destination enters, crosses or
    leaves one of ``hexes`` (each part of the search's tree looked at once)."""

    __slots__ = ("_trace", "ends", "touches")

    def __init__(
        self,
        ends: dict[str, Any],
        trace: Callable[[Any], Trace],
        touches: Callable[[AbstractSet[str]], bool],
    ) -> None:
        self.ends = ends
        self._trace = trace
        self.touches = touches

    def trace(self, dest: str) -> Trace:
        return self._trace(self.ends[dest])

    def way(self, dest: str) -> Way:
        """The way this search found, without a thought for air reconnaissance."""
        path, stops = self.trace(dest)
        return Way(path, stops=stops)


@dataclass(frozen=True)
class Move:
    """One legal move of a group: where it ends, what it spends and, worked out on first asking,
    the way it goes (:class:`Way`: ``path``, ``recon``, ``cost``, ``stops``).

    ``mode``: ``move`` (normal), ``strategic``, ``assault`` (amphibious), ``barge``, or
    ``withdraw`` (the naval-like post-battle move of beaten assault units, 7.45 C).
    ``asp``: ASPs it spends. ``battle``: ending there makes a battle hex (enemy units in it,
    6.24, 7.12). ``no_fight``: the units may not fight in this offensive (a parenthetical
    extended range was needed, 5.11 / 7.31, or the move was strategic, 7.23, 7.33, 7.44).
    ``given``: the way, when known at once; else ``ways``, the listing it came from.
    """

    mode: str
    dest: str
    asp: int = 0
    battle: bool = False
    no_fight: bool = False
    given: Way | None = None
    ways: Ways | None = field(default=None, compare=False, repr=False)

    @classmethod
    def listed(cls, fields: dict[str, Any], dest: str, battle: bool) -> Move:
        """The move with ``fields`` (every field, as :data:`_MOVE_DEFAULTS` names them) to
        ``dest``: what ``Move(**fields, dest=dest, battle=battle)`` makes, without a frozen
        dataclass's ``__init__`` (a call of ``object.__setattr__`` per field), for listings
        that make thousands."""
        move = object.__new__(cls)
        values = move.__dict__
        values.update(fields)
        values["dest"] = dest
        values["battle"] = battle
        return move

    @property
    def action(self) -> str:
        if self.dest == CHINA_BOX:
            return f"box {CHINA_BOX}"
        return f"{PREFIX.get(self.mode, 'hex')} {self.dest}"

    @cached_property
    def way(self) -> Way:
        if self.given is not None:
            return self.given
        if self.ways is None:
            raise GameBug(f"move {self.action} has no way")
        return self.ways.way(self.dest)

    @property
    def path(self) -> tuple[str, ...]:
        return self.way.path

    @property
    def recon(self) -> bool:
        return self.way.recon

    @property
    def cost(self) -> float:
        return self.way.cost

    @property
    def stops(self) -> tuple[str, ...]:
        return self.way.stops


_MOVE_DEFAULTS: dict[str, Any] = {f.name: f.default for f in dataclasses.fields(Move)}
"""Every field of :class:`Move` with its default (all have one but ``mode`` and ``dest``)."""


# -- the static map, once per process ---------------------------------------------------------
class Graph:
    """Adjacency of the map by kind of movement, built once per process (per :class:`Board`)."""

    def __init__(self, board: Board) -> None:
        hexes = board.hexes
        self.board = board
        self.adj = {h: tuple(board.neighbours(h)) for h in hexes}
        self.sea = {h: tuple(n for n in self.adj[h] if board.sea_crossing(h, n)) for h in hexes}
        land = board.land_hexes
        self.land = {h: tuple(n for n in self.adj[h] if board.land_crossing(h, n)) for h in land}
        self.routes = frozenset((a, b) for a in land for b in self.land[a] if board.route(a, b))
        self.kwai = frozenset(p for a, b in KWAI_ROUTE for p in ((a, b), (b, a)))
        self.cost = {h: ENTRY_COST.get(hexes[h].terrain, 2) for h in land}
        self.open = frozenset(h for h in land if hexes[h].terrain == "open")
        self.coastal = frozenset(h for h in land if self.sea[h])
        self.ports = frozenset(h for h, record in hexes.items() if record.port)
        self.airfields = frozenset(h for h, record in hexes.items() if record.airfield)
        areas: dict[str, set[str]] = defaultdict(set)
        for h, record in hexes.items():
            for area in record.areas:
                areas[area].add(h)
        self.areas = {area: frozenset(members) for area, members in areas.items()}
        self._legs: dict[tuple[str, str], tuple[str, ...]] = {}
        self._within: dict[tuple[str, int], tuple[str, ...]] = {}
        self.layout = Layout(self)

    def area(self, name: str) -> frozenset[str]:
        return self.areas.get(name, frozenset())

    @cached_property
    def near_airfields(self) -> dict[str, tuple[tuple[int, str], ...]]:
        """Every other airfield of the map by distance, for air legs (5.11)."""
        grid = self.board.grid
        fields = sorted(self.airfields)
        return {
            a: tuple(sorted((grid.distance(a, b), b) for b in fields if b != a)) for a in fields
        }

    def within(self, centre: str, radius: int) -> tuple[str, ...]:
        key = (centre, radius)
        found = self._within.get(key)
        if found is None:
            found = self._within[key] = tuple(self.board.within(centre, radius))
        return found

    def leg(self, a: str, b: str) -> tuple[str, ...]:
        """Hexes an air leg from ``a`` to ``b`` flies over: a straight line, or a shortest path
        where the line would leave the map (kept for the process)."""
        key = (a, b)
        found = self._legs.get(key)
        if found is None:
            try:
                found = tuple(self.board.grid.line(a, b))
            except ValueError:
                found = tuple(shortest_path(a, b, self.adj.__getitem__))
            self._legs[key] = found
        return found


class Layout:
    """Every hex of the map (off-map ones too) as a bit, for keys of sets of hexes."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph
        self.bit = {h: n for n, h in enumerate(sorted(graph.adj))}
        self._disks: dict[tuple[str, int], int] = {}
        self._sets: OrderedDict[frozenset[str], int] = OrderedDict()

    def flying(self, closed: AbstractSet[str]) -> int:
        """The hexes ``closed`` as a bit set (the last few sets asked kept: the same ones come
        back)."""
        key = frozenset(closed)

        def made() -> int:
            bit = self.bit
            return sum(1 << bit[h] for h in key)

        return kept(self._sets, key, made, LAYOUT_SETS_KEPT)

    def disk(self, centre: str, radius: int) -> int:
        """The hexes within ``radius`` of ``centre``, as a bit set (kept for the process)."""
        key = (centre, radius)
        found = self._disks.get(key)
        if found is None:
            bit = self.bit
            found = self._disks[key] = sum(1 << bit[h] for h in self.graph.within(centre, radius))
        return found


@lru_cache(maxsize=4)
def graph_of(board: Board) -> Graph:
    return Graph(board)


def graph(g: Context) -> Graph:
    return graph_of(forces.parts(g).board)


@lru_cache(maxsize=16)
@RULES.implements("7.42", "12.71", "12.91")
def ground_forbidden(board: Board, who: str) -> frozenset[str]:
    """Land hexes a ground unit of ``who`` (``japanese``, ``chinese``, ``allied``) may never
    enter: Soviet territory and Manchukuo (7.42 C, 12.91); interior China except for Chinese
    units (7.42 A, D); India outside Northern India for Japan (7.42 B; Ceylon is not India, 12.6);
    for Chinese units everything but Burma, Northern India and the Kunming area (7.42 E)."""
    found = graph_of(board)
    never = frozenset().union(*(found.area(a) for a in NO_ENTRY))
    if who == "chinese":
        allowed = found.area("burma") | found.area("india_north") | found.area("kunming_area")
        return frozenset(board.land_hexes) - allowed | never
    if who == "japanese":
        return never | found.area("china_interior") | found.area("india_mainland")
    return never | found.area("china_interior")


@lru_cache(maxsize=4)
@RULES.implements("7.42", "12.71")
def air_forbidden(board: Board) -> frozenset[str]:
    """Where no air unit may land: Soviet territory, Manchukuo and interior China (non-Chinese
    units may enter only coastal China, 12.71; no air unit is Chinese)."""
    found = graph_of(board)
    return frozenset().union(*(found.area(a) for a in (*NO_ENTRY, "china_interior")))


def nation_class(unit: Unit) -> str:
    if unit.nationality == "chinese":
        return "chinese"
    return "japanese" if unit.side == "japan" else "allied"


# -- who is where, once per call ---------------------------------------------------------------
class Scene:
    """The units on the map as one side's movement sees them."""

    def __init__(self, g: Context, side: str) -> None:
        self.enemy_at: set[str] = set()  # hexes holding any enemy unit
        self.enemy_naval: set[str] = set()
        self.enemy_stop: set[str] = set()  # enemy ground, air units or HQ: ground units stop
        self.friendly_at: set[str] = set()
        self.friendly_ground: set[str] = set()
        records = forces.parts(g).units
        for hex_id, here in forces.by_hex(g).items():
            for unit_id in here:
                self._add(records[unit_id], hex_id, side)
        if side == "allied":
            garrisons = set(garrisoned_hexes(g))
            self.enemy_at |= garrisons
            self.enemy_stop |= garrisons
        offensive = g.data.get("offensive") or {}
        self.declared = {*(offensive.get("battles") or ()), *(offensive.get("special") or ())}
        self.battles = self.declared | (self.friendly_at & self.enemy_at)

    def _add(self, unit: Unit, hex_id: str, side: str) -> None:
        if unit.side == side:
            self.friendly_at.add(hex_id)
            if unit.unit_class == "ground":
                self.friendly_ground.add(hex_id)
            return
        self.enemy_at.add(hex_id)
        (self.enemy_naval if unit.unit_class == "naval" else self.enemy_stop).add(hex_id)


def scene(g: Context, side: str) -> Scene:
    """:class:`Scene` of ``side``, kept for the context under what it reads besides where the
    units are (a move forgets it, :func:`forces.forget_derived`): the battles declared, and
    what the Japanese garrisons hang on (control forgets it too). A movement listing makes a
    mover for each way the group may move, and each asked for the same scene."""
    offensive = g.data.get("offensive") or {}
    key = (
        side,
        tuple(offensive.get("battles") or ()),
        tuple(offensive.get("special") or ()),
        tuple(g.data.get("garrisons_lost", ())),
        g.data["tracks"].get("china_divisions"),
    )
    kept: dict[tuple[Any, ...], Scene] = g.cache.setdefault("scenes", {})
    found = kept.get(key)
    if found is None:
        found = kept[key] = Scene(g, side)
    return found


# -- a group about to move ---------------------------------------------------------------------
class Mover:
    """One group of co-located units of one side, with cached map and ZOI queries."""

    def __init__(
        self,
        g: Context,
        group: list[str],
        oc: int,
        *,
        reaction: bool = False,
        post: bool = False,
        via: tuple[str, ...] = (),
    ) -> None:
        if not group:
            raise GameBug("a move needs at least one unit")
        self.g, self.group, self.oc = g, list(group), oc
        self.reaction, self.post, self.via = reaction, post, via
        self.start = forces.at(g, group[0])
        self.side = forces.side_of(g, group[0])
        self.enemy = forces.enemy(self.side)
        for unit_id in group:
            if forces.at(g, unit_id) != self.start or forces.side_of(g, unit_id) != self.side:
                raise GameBug(f"group {group} is not one side's co-located stack")
        self.units = [forces.record(g, u) for u in group]
        self.graph = graph(g)
        self.board = self.graph.board
        self.scene = scene(g, self.side)
        self.offensive: dict[str, Any] = g.data.get("offensive") or {}
        self._zoi: Any = None
        self._projected: frozenset[str] | None = None
        self._blocked: frozenset[str] | None = None
        self._near: dict[tuple[int, frozenset[str]], set[str]] = {}
        self._lift: dict[str, bool] | None = None
        self._stops: dict[str, bool] = {}

    @cached_property
    @RULES.implements("17.35")
    def routes(self) -> frozenset[tuple[str, str]]:
        """Transport routes open now: the Kwai route only after its event (card J18)."""
        if "kwai_route" in self.g.data["lasting"]:
            return self.graph.routes
        return self.graph.routes - self.graph.kwai

    # -- composition -------------------------------------------------------------------------
    def of_class(self, *classes: str) -> list[Unit]:
        return [u for u in self.units if u.unit_class in classes]

    @cached_property
    def naval(self) -> list[Unit]:
        return self.of_class("naval")

    @cached_property
    def ground(self) -> list[Unit]:
        return self.of_class("ground")

    @cached_property
    def air(self) -> list[Unit]:
        return self.of_class("air")

    @cached_property
    def forbidden(self) -> frozenset[str]:
        return ground_may_not_enter(self)

    @cached_property
    def carriers(self) -> list[Unit]:
        return [u for u in self.naval if u.type in CARRIERS]

    def control(self, hex_id: str) -> str | None:
        return forces.control(self.g, hex_id)

    def may_stop(self, hex_id: str) -> bool:
        """:func:`air_may_land` between two legs, kept for the group: it reads only the
        position and the group, which do not change while its moves are listed."""
        found = self._stops.get(hex_id)
        if found is None:
            found = self._stops[hex_id] = air_may_land(self, hex_id, final=False)
        return found

    def friendly_port(self, hex_id: str) -> bool:
        return hex_id in self.graph.ports and self.control(hex_id) == self.side

    # -- ZOI ---------------------------------------------------------------------------------
    @property
    def zoi(self) -> Any:
        if self._zoi is None:
            self._zoi = zoi(self.g)
        return self._zoi

    @property
    def projected_hexes(self) -> frozenset[str]:
        """Every hex into which the enemy projects air ZOI, neutralised or not (5.22). Searches
        test whole sets of hexes like this one, never a function per hex: that is most of what
        makes a search fast (see :func:`avoiding`)."""
        if self._projected is None:
            self._projected = frozenset(self.zoi.projected_hexes(self.enemy))
        return self._projected

    @property
    def blocked_hexes(self) -> frozenset[str]:
        """Every hex where un-neutralised enemy ZOI hinders this side (7.35), with the group's own
        cover lifted while :meth:`lifted` says so."""
        if self._blocked is None:
            found = frozenset(self.zoi.blocked_hexes(self.side))
            if self._lift:
                hinders = {h for h, blocked in self._lift.items() if blocked}
                found = found.difference(self._lift).union(hinders)
            self._blocked = found
        return self._blocked

    def projected(self, hex_id: str) -> bool:
        """The enemy projects air ZOI into the hex, neutralised or not (5.22)."""
        return hex_id in self.projected_hexes

    def blocked(self, hex_id: str) -> bool:
        """Un-neutralised enemy ZOI hinders this side in the hex (7.35)."""
        return hex_id in self.blocked_hexes

    def touches(self, path: Iterable[str]) -> bool:
        """The path enters, crosses or leaves a hex of enemy ZOI (5.22)."""
        return not self.projected_hexes.isdisjoint(path)

    def forget_zoi(self) -> None:
        self._zoi = None
        self._projected = self._blocked = None

    @contextmanager
    def lifted(self) -> Iterator[None]:
        """While the group's own ZOI must not count: units moving strategically do not
        neutralise enemy ZOI (7.21 says so of carriers; read as true of every moving unit). Within
        2 hexes of the start, where the group's ZOI reaches, a hex then hinders the group if the
        enemy projects ZOI there and no other in-supply non-LRB air unit or carrier of the side
        covers it (7.35). Decision: the supply of the other units is taken as it stands."""
        own = [u for u in self.units if u.type in NEUTRALISERS]
        if not own or not forces.on_map(self.start):
            yield
            return
        self._lift = self.cover_without_group()
        self._blocked = None
        try:
            yield
        finally:
            self._lift = None
            self._blocked = None

    def cover_without_group(self) -> dict[str, bool]:
        near = self.graph.within(self.start, 2)
        if not any(self.projected(h) for h in near):
            return {}
        g, grid = self.g, self.board.grid
        in_supply = supply(g).unit
        others = {
            forces.at(g, u)
            for u in forces.units_on_map(g, self.side)
            if u not in self.group
            and forces.record(g, u).type in NEUTRALISERS
            and grid.distance(forces.at(g, u), self.start) <= 4
            and in_supply(u)
        }
        return {
            h: self.projected(h) and not any(grid.distance(h, o) <= 2 for o in others) for h in near
        }

    # -- paths -------------------------------------------------------------------------------
    def paths(
        self,
        neighbours: Callable[[Any], Iterable[Any]],
        allowance: float,
        targets: Callable[[str], bool],
        *,
        start: Hashable | None = None,
        cost: Callable[[Any, Any], float | None] | None = None,
        closed: AbstractSet[str] = frozenset(),
        stops: AbstractSet[str] = frozenset(),
        can_enter: Callable[[Any, Any], bool] | None = None,
        can_leave: Callable[[Any], bool] | None = None,
        hex_of: Callable[[Any], str] = str,
        among: AbstractSet[str] | None = None,
    ) -> Ways:
        """Every hex ``targets`` accepts within ``allowance``, with the way there: a path clear
        of RP ZOI is preferred to a cheaper one that is not (module docstring). ``closed``:
        hexes no step may enter; ``stops``: hexes a step may enter but none may leave (the
        start excepted); ``can_enter``: whether a step from one node to the next is
        allowed (a function asked at every step: slower, for what a set cannot say); ``among``:
        hexes outside which ``targets`` accepts none (asked of these only)."""
        first = self.start if start is None else start

        plain = cost is None and can_enter is None and can_leave is None and hex_of is str

        def leave(node: Any) -> bool:
            return hex_of(node) not in stops and (can_leave is None or can_leave(node))

        def searched(shut: AbstractSet[str], goal: str | None) -> SearchResult[Any]:
            if plain and (shut or stops):  # as the search below, by a set of hexes seen
                found = breadth_first_avoiding(first, neighbours, shut, allowance, stops)
                if goal is not None:  # the whole search: its path to the goal is the same
                    found.found = goal if goal in found.reached else None
                return found
            if not shut:
                steps = neighbours
            elif hex_of is str:
                steps = avoiding_kept(neighbours, shut)
            else:
                steps = only_into(neighbours, lambda node: hex_of(node) not in shut)
            return search(
                first, steps, cost=cost, can_enter=can_enter,
                can_leave=leave if stops else can_leave, max_cost=allowance,
                goal=None if goal is None else lambda n: hex_of(n) == goal,
            )  # fmt: skip

        def run(clear: bool, goal: str | None = None) -> Reached:
            found = searched(closed | self.projected_hexes if clear else closed, goal)
            if goal is not None:
                ends = {} if found.found is None else {goal: found.found}
            else:
                ends = destinations(found.reached, self.start, targets, hex_of, among)

            def trace(node: Any) -> Trace:
                return tuple(map(hex_of, found.path(node))), ()

            return Reached(ends, trace, partial(tree_touches, found, ends.values(), hex_of))

        return self.prefer_clear(run)

    def prefer_clear(self, run: Callable[[bool, str | None], Reached]) -> Ways:
        """The destinations of the plain search ``run(False)``; once a way is asked for, the
        path clear of RP ZOI where there is one, searched (``run(True, dest)``, up to the
        destination: the same path as a whole search's) only if some path of the plain search
        touches RP ZOI and the start does not (5.22)."""
        plain = run(False, None)
        if self.reaction or self.post:
            return Ways(plain.ends, plain.way)
        seen: list[bool] = []

        def work(dest: str) -> Way:
            if not seen:
                seen.append(plain.touches(self.projected_hexes) and not self.touches([self.start]))
            other = run(True, dest) if seen[0] else None
            if other is not None and dest in other.ends:
                path, stops = other.trace(dest)
                return Way(path, stops=stops)
            path, stops = plain.trace(dest)
            return Way(path, self.touches(path), stops=stops)

        return Ways(plain.ends, work)

    def made(self, mode: str, found: Ways, **extra: Any) -> dict[str, Move]:
        """The moves to the destinations ``found``, by action text (:meth:`Move.listed`)."""
        out = {}
        enemy_at = self.scene.enemy_at
        given = {**_MOVE_DEFAULTS, "mode": mode, "ways": found, **extra}
        prefix = PREFIX.get(mode, "hex") + " "
        for dest in found.dests:
            move = Move.listed(given, dest, dest in enemy_at)
            out[f"box {CHINA_BOX}" if dest == CHINA_BOX else prefix + dest] = move
        return out

    # -- where the offensive is --------------------------------------------------------------
    def near(self, radius: int, hexes: Iterable[str]) -> set[str]:
        """Hexes within ``radius`` of any of ``hexes`` (kept for the call)."""
        key = (radius, frozenset(hexes))
        found = self._near.get(key)
        if found is None:
            found = self._near[key] = set()
            for h in key[1]:
                found.update(self.graph.within(h, radius))
        return found

    @cached_property
    def held(self) -> set[str]:
        """Unoccupied enemy-controlled hexes holding a friendly ground unit (7.21)."""
        s = self.scene
        return {h for h in s.friendly_ground - s.enemy_at if self.control(h) == self.enemy}

    def carrier_range(self) -> int:
        return min((u.range or 0) for u in self.carriers) if self.carriers else 0

    @cached_property
    def carrier_zone(self) -> set[str]:
        """Hexes from which the group's carriers reach a battle (7.21): a declared battle hex in
        reaction; otherwise any hex with enemy units (a battle the OP may declare, 6.24) or an
        unoccupied enemy-controlled hex holding a friendly ground unit."""
        reach, s = self.carrier_range(), self.scene
        if not reach:
            return set()
        return self.near(reach, s.declared if self.reaction else s.enemy_at | s.battles | self.held)

    def stuck_in_battle(self) -> bool:
        """6.26: in reaction only air units and carriers may leave a declared battle hex."""
        if not self.reaction or self.start not in self.scene.declared:
            return False
        return any(u.unit_class != "air" and u.type not in CARRIERS for u in self.units)

    def card_oc(self) -> int:
        card = self.offensive.get("card")
        cards = forces.parts(self.g).cards
        return cards[card].oc if card in cards else self.oc

    def asp_left(self) -> int:
        """ASPs the side may still spend (9.3); half of Japan's under Japanese ISR (14.2 B);
        at most one in a reaction (6.26, 7.45 A)."""
        return asp_left(self.g, self.side, reaction=self.reaction)


# -- ASPs --------------------------------------------------------------------------------------
@RULES.implements("9.3", "14.2", "6.26")
def asp_left(g: Context, side: str, *, reaction: bool = False) -> int:
    """ASPs ``side`` may still spend this turn: its track level less those used (9.3), half
    (rounded up) of Japan's under Japanese ISR (14.2 B), at most 1 in a reaction (6.26)."""
    tracks = g.data["tracks"]
    total = tracks["japanese_asp" if side == "japan" else "allied_asp"]
    if side == "japan" and tracks.get("japanese_isr"):
        total = math.ceil(total / 2)
    left = total - g.data["asp_used"][side]
    if reaction:
        spent = ((g.data.get("offensive") or {}).get("reaction") or {}).get("asp", 0)
        left = min(left, REACTION_ASP - spent)
    else:
        left += temporary_asp(g, side)
    return max(0, left)


@RULES.implements("9.31", "9.32")
def temporary_asp(g: Context, side: str) -> int:
    """Temporary ASPs the event of the side's own offensive gives it for that offensive only
    (its ``asp`` hook); the event gives back those spent once its battles are over."""
    offensive = g.data.get("offensive") or {}
    if offensive.get("side") != side or offensive.get("mode") != "ec":
        return 0
    own = events.hook(offensive["card"], "asp")
    return int(own(g, side)) if own is not None else 0


@RULES.implements("7.45")
def unit_asp(g: Context, unit_id: str) -> int:
    """T13: one ASP per unit of division size or smaller; one per step of a corps or army; two
    per step of the Japanese Korean Army."""
    unit = forces.record(g, unit_id)
    if unit.type not in STEP_SIZED:
        return 1
    return forces.steps_left(g, unit_id) * (2 if unit_id == KOREAN_ARMY else 1)


@RULES.implements("7.45", "7.46")
def assault_asp(g: Context, group: list[str]) -> int:
    """ASPs for the ground units of ``group`` to assault together; each CA, CL or APD moving
    with them carries one SN/SS brigade for free (7.46)."""
    ships = sum(1 for u in group if forces.record(g, u).type in ORGANIC_SHIPS)
    total = 0
    for unit_id in group:
        if forces.record(g, unit_id).unit_class != "ground":
            continue
        if unit_id in ORGANIC_BRIGADES and ships:
            ships -= 1
            continue
        total += unit_asp(g, unit_id)
    return total


# -- naval -------------------------------------------------------------------------------------
@RULES.implements("7.2", "7.11", "7.12", "7.21", "6.26")
def destinations(
    reached: Iterable[Any],
    start: str,
    targets: Callable[[str], bool],
    hex_of: Callable[[Any], str],
    among: AbstractSet[str] | None = None,
) -> dict[str, Any]:
    """The hexes of the nodes ``reached`` (in order) that ``targets`` accepts, but the start,
    each with the first node found in it; ``targets`` asked only of hexes ``among`` if given."""
    if hex_of is str and among is not None:  # a set test first: no call for most hexes
        return {node: node for node in reached if node in among and node != start and targets(node)}
    if hex_of is str:  # each node is its hex, reached once
        return {node: node for node in reached if node != start and targets(node)}
    ends: dict[str, Any] = {}
    for node in reached:
        dest = hex_of(node)
        if dest != start and dest not in ends and targets(dest):
            ends[dest] = node
    return ends


def naval_moves(m: Mover) -> dict[str, Move]:
    """Normal naval moves: 5 MP × OC across navigable water hexsides, through enemy-occupied
    hexes and enemy ZOI, ending where 7.21 allows (or in a declared battle hex in reaction)."""
    if m.stuck_in_battle():
        return {}
    found = m.paths(m.graph.sea.__getitem__, NAVAL_MP * m.oc, partial(naval_may_end, m))
    return m.made("move", found)


@RULES.implements("7.21", "6.26")
def naval_may_end(m: Mover, dest: str, *, landing: bool = False) -> bool:
    """7.21: a battle hex; a hex from which its stacked carriers can join a battle; a friendly
    port; or in (or, for carriers, within range of) an unoccupied enemy-controlled hex holding a
    friendly ground unit (``landing``: the group's own ground units arrive there). In reaction:
    a declared battle hex, or within the carriers' range of one (carriers and their screen)."""
    s = m.scene
    if m.reaction:
        return dest in s.declared or dest in m.carrier_zone
    if dest in s.enemy_at or dest in s.battles or m.friendly_port(dest):
        return True
    landed = landing and m.control(dest) == m.enemy and dest not in s.enemy_at
    return landed or dest in m.held or dest in m.carrier_zone


@RULES.implements("7.23", "7.44", "7.35", "7.12", "6.26")
def strategic_sea_moves(m: Mover) -> dict[str, Move]:
    """Strategic naval moves (port to friendly port, 7.23) and strategic ground transport
    (coastal hex to friendly port, 7.44): the naval allowance, doubled from a friendly port; no
    battle hex and no un-neutralised enemy ZOI entered or left; no ASP; the units cannot fight.
    Ground units entering a hex with enemy ground or air units or an HQ would make it a battle
    hex (7.12), so they never enter one. Not in reaction (6.26). Decision: the seed's 7.4
    overview speaks of an in-supply friendly port, 7.44 itself (and the spec) of a friendly
    port; 7.44 is followed."""
    if m.reaction or m.post or not forces.on_map(m.start):
        return {}
    if m.ground and not all(u.strategic_transport for u in m.ground):
        return {}
    from_port = m.friendly_port(m.start)
    if (m.naval and not from_port) or (m.ground and m.start not in m.graph.coastal):
        return {}
    allowance = NAVAL_MP * m.oc * (2 if from_port else 1)
    forbidden = m.forbidden
    battles = m.scene.battles | m.scene.enemy_stop if m.ground else m.scene.battles

    ports, enemy_at = m.graph.ports, m.scene.enemy_at

    def ends(h: str) -> bool:
        return h in ports and m.friendly_port(h) and h not in enemy_at and h not in forbidden

    with m.lifted():
        if m.blocked(m.start):
            return {}
        found = m.paths(
            m.graph.sea.__getitem__, allowance, ends,
            closed=battles | m.blocked_hexes, among=ports,
        )  # fmt: skip
    return m.made("strategic", found, no_fight=True)


# -- air ---------------------------------------------------------------------------------------
@RULES.implements("7.3", "5.11", "7.31", "6.26")
def air_moves(m: Mover) -> dict[str, Move]:
    """Air moves of OC legs, each no longer than the range used, landing at a friendly airfield
    at the end of each leg. Destinations that only a parenthetical extended range reaches are
    listed with ``no_fight`` (5.11); a reacting unit uses a range it may fight with (7.31) and
    must land within that range of a declared battle hex unless it started in one (6.26)."""
    fight = min(fighting_range(u) for u in m.air)
    reach = min(u.extended_range or u.range or 0 for u in m.air)
    found = air_paths(m, fight, m.oc)
    if m.reaction and m.start not in m.scene.declared:
        found = found.only(m.near(fight, m.scene.declared).__contains__)
    out = m.made("move", found)
    if reach > fight and not m.reaction:
        extra = air_paths(m, reach, m.oc).only(lambda dest: dest not in found)
        out.update(m.made("move", extra, no_fight=True))
    return out


def fighting_range(unit: Unit) -> int:
    """The longest range a unit may use and still fight: its extended range unless that is
    parenthetical (5.11, 7.31)."""
    if unit.extended_range and not unit.extended_parenthetical:
        return unit.extended_range
    return unit.range or 0


@RULES.implements("7.33", "7.35")
def strategic_air_moves(m: Mover) -> dict[str, Move]:
    """Strategic air transport: airfield to airfield with double the legs, landing at an
    airfield after every leg, never entering or leaving un-neutralised enemy ZOI; the units
    cannot fight this offensive. Not in reaction; not to or from the China box (decision: 12.74
    lets activated units fly there, as a normal move)."""
    if m.reaction or m.post or not forces.on_map(m.start):
        return {}
    reach = min(u.extended_range or u.range or 0 for u in m.air)
    with m.lifted():
        found = air_paths(m, reach, 2 * m.oc, strategic=True)
    return m.made("strategic", found, no_fight=True)


def air_paths(m: Mover, rng: int, legs: int, *, strategic: bool = False) -> Ways:
    """Where air legs of at most ``rng`` hexes (5.11) land, and the ways there."""
    if strategic and (not forces.on_map(m.start) or m.blocked(m.start)):
        return Ways.given({})
    blocked = m.blocked_hexes if strategic else frozenset()  # as it is now, lifted or not

    def run(clear: bool, goal: str | None = None) -> Reached:
        if not (clear or strategic):
            return air_legs(m, rng, legs, None)
        closed = (m.projected_hexes if clear else frozenset()) | blocked
        return air_legs(m, rng, legs, closed, strategic=strategic, goal=goal)

    return m.prefer_clear(run)


def air_legs(
    m: Mover,
    rng: int,
    legs: int,
    closed: AbstractSet[str] | None,
    *,
    strategic: bool = False,
    goal: str | None = None,
) -> Reached:
    """Airfields reached in at most ``legs`` legs; with ``closed`` (hexes no leg may fly over)
    legs are searched hex by hex, else a leg is any airfield within ``rng`` (distance alone).
    With a ``goal``, only it, the search ending once it is found (its parents never change)."""
    parents: dict[str, tuple[str, Leg] | None] = {m.start: None}
    frontier = [m.start]
    steps = None if closed is None else LegSearches(m.graph, closed, rng)

    def wanted(there: str) -> bool:
        return there not in parents and m.may_stop(there)

    for _ in range(legs):
        following = []
        for here in frontier:
            for there, leg in leg_targets(m, here, rng, steps, wanted, strategic=strategic):
                if wanted(there):
                    parents[there] = (here, leg)
                    following.append(there)
        frontier = [] if goal in parents else following
    if goal is not None:
        ends = {goal: goal} if goal in parents else {}
    else:
        ends = {d: d for d in parents if d != m.start and air_may_land(m, d, final=True)}
    return Reached(ends, partial(unwind, m, parents), partial(legs_touch, m, parents, ends))


Leg = tuple[str, ...] | SearchResult[str] | None  # a leg, the search that found it, or a line


class LegSearches:
    """The searches of air legs of at most ``rng`` hexes that fly over no hex of ``closed``,
    from any hex: each is kept for the process under what it reads, the start, the range and
    the closed hexes within the range of the start (a search of ``rng`` steps goes no further),
    so the legs from an airfield are searched once for all the groups, moves and positions
    whose ZOI is the same around it. Each gives the search and the airfields it reached, in
    the order found."""

    def __init__(self, graph: Graph, closed: AbstractSet[str], rng: int) -> None:
        self.graph = graph
        self.rng = rng
        self.shut = closed
        self.closed = graph.layout.flying(closed)

    def __call__(self, here: str) -> tuple[SearchResult[str], tuple[str, ...]]:
        key = (id(self.graph), here, self.rng, self.closed & self.graph.layout.disk(here, self.rng))

        def searched() -> tuple[SearchResult[str], tuple[str, ...]]:
            found = breadth_first_avoiding(here, self.graph.adj.__getitem__, self.shut, self.rng)
            fields = self.graph.airfields
            return found, tuple(h for h in found.reached if h != here and h in fields)

        return kept(_LEGS, key, searched, LEGS_KEPT)


LEGS_KEPT = 1024
LAYOUT_SETS_KEPT = 16
AVOIDING_KEPT = 32
_AVOIDING: OrderedDict[tuple[Any, frozenset[str]], Callable[[str], list[str]]] = OrderedDict()


def avoiding_kept(
    neighbours: Callable[[str], Iterable[str]], closed: AbstractSet[str]
) -> Callable[[str], list[str]]:
    """The steps of :func:`~wargame.engine.board.paths.avoiding` (``neighbours`` without the
    hexes ``closed``), kept for the process under both, with the neighbour lists filtered so
    far: the same sets come back for the groups of a position and for positions whose ZOI is
    the same (two searches in three in random play). ``neighbours`` is a table of the map
    (a graph's ``__getitem__``), never a function of the position.
    ``test_remembered.py`` checks the moves listed through it against a listing without it."""
    key = (neighbours, frozenset(closed))
    return kept(_AVOIDING, key, lambda: avoiding(neighbours, key[1]), AVOIDING_KEPT)


_LEGS: OrderedDict[tuple[Any, ...], tuple[SearchResult[str], tuple[str, ...]]] = OrderedDict()


def leg_targets(
    m: Mover,
    here: str,
    rng: int,
    steps: LegSearches | None,
    wanted: Callable[[str], bool],
    *,
    strategic: bool,
) -> Iterator[tuple[str, Leg]]:
    """Where one leg from ``here`` may land: airfields within ``rng`` as the crow flies, or
    (with ``steps``, the searches of legs over the hexes a leg may fly into) reached by a
    search, which is skipped when no airfield near enough is still ``wanted``; the China
    box."""
    if here == CHINA_BOX:
        for there in sorted(m.graph.area("india_north") & m.graph.airfields):
            yield there, (CHINA_BOX, there)
        return
    if steps is None:
        for distance, there in m.graph.near_airfields.get(here, ()):
            if distance > rng:
                break
            yield there, None
    elif worth_searching(m, here, rng, wanted):
        found, landing = steps(here)
        for there in landing:
            yield there, found
    if not strategic and here in m.graph.area("india_north"):
        yield CHINA_BOX, (here, CHINA_BOX)


def worth_searching(m: Mover, here: str, rng: int, wanted: Callable[[str], bool]) -> bool:
    """Whether some airfield within ``rng`` hexes of ``here`` as the crow flies is ``wanted``:
    if none is, a search of legs from ``here`` (never shorter than the distance) finds nothing
    new. Saves most searches of the later legs."""
    near = m.graph.near_airfields.get(here)
    if near is None:
        return True
    for distance, there in near:
        if distance > rng:
            return False
        if wanted(there):
            return True
    return False


def legs_touch(
    m: Mover,
    parents: dict[str, tuple[str, Leg] | None],
    ends: dict[str, str],
    hexes: AbstractSet[str],
) -> bool:
    """Whether the legs flown to some of ``ends`` enter, cross or leave one of ``hexes``."""
    looked: set[str] = set()
    for end in ends:
        node = end
        while node not in looked:
            looked.add(node)
            entry = parents[node]
            if entry is None:
                if node in hexes:
                    return True
                break
            here, leg = entry
            if not hexes.isdisjoint(leg_path(m, leg, here, node)):
                return True
            node = here
    return False


def tree_touches(
    found: SearchResult[Any],
    ends: Iterable[Any],
    hex_of: Callable[[Any], str],
    hexes: AbstractSet[str],
) -> bool:
    """Whether the path of the search ``found`` to one of the nodes ``ends`` enters, crosses or
    leaves one of ``hexes``."""
    return found.any_on_paths(ends, lambda node: hex_of(node) in hexes)


def leg_path(m: Mover, leg: Leg, here: str, there: str) -> tuple[str, ...]:
    """The hexes of a leg: from its search, as given, or the line flown (:meth:`Graph.leg`)."""
    if isinstance(leg, SearchResult):
        return tuple(leg.path(there))
    return leg if leg is not None else m.graph.leg(here, there)


def unwind(
    m: Mover, parents: dict[str, tuple[str, Leg] | None], dest: str
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The hexes flown over from the start to ``dest``, and the airfields landed at on the
    way."""
    legs: list[tuple[str, ...]] = []
    landings: list[str] = []
    node = dest
    while (entry := parents[node]) is not None:
        here, leg = entry
        legs.append(leg_path(m, leg, here, node))
        node = here
        landings.append(here)
    path = [m.start]
    for leg in reversed(legs):
        path.extend(leg[1:])
    return tuple(path), tuple(reversed(landings[:-1]))


@RULES.implements("5.11", "7.31", "7.36", "7.42", "12.71", "12.74")
def air_may_land(m: Mover, hex_id: str, *, final: bool) -> bool:
    """A friendly-controlled airfield that is not a battle hex (enemy naval units there do not
    matter, 5.11) and not where no air unit may go; the air ferry 5408 only between two legs of
    an Allied unit and not while a Japanese naval unit is there (7.36); the China box (12.74)."""
    if final and hex_id == m.start:
        return False
    if hex_id == CHINA_BOX:
        return china_box_open(m)
    if hex_id == AIR_FERRY:  # an ocean hex: nobody controls it
        return m.side == "allied" and not final and hex_id not in m.scene.enemy_naval
    if hex_id not in m.graph.airfields or m.control(hex_id) != m.side:
        return False
    if hex_id in air_forbidden(m.board):
        return False
    return m.post or (hex_id not in m.scene.declared and hex_id not in m.scene.enemy_stop)


@RULES.implements("12.71", "12.74")
def china_box_open(m: Mover) -> bool:
    """Allied air units may fly between a Northern India airfield and the Air Units in China box
    (one leg) while China stands, at most 2 air units and 1 B-29 in the box."""
    if m.side != "allied" or "china" in m.g.data["surrendered"] or m.start == CHINA_BOX:
        return False
    inside = [forces.record(m.g, u) for u in m.g.data["units"] if forces.at(m.g, u) == CHINA_BOX]
    b29s = sum(1 for u in [*inside, *m.air] if u.type == "b29")
    return len(inside) + len(m.air) <= CHINA_BOX_AIR and b29s <= CHINA_BOX_B29


# -- ground ------------------------------------------------------------------------------------
def ground_may_not_enter(m: Mover) -> frozenset[str]:
    """Hexes no ground unit of the group may enter (7.42, 12.71, 12.91)."""
    found: frozenset[str] = frozenset()
    for unit in m.ground:
        found |= ground_forbidden(m.board, nation_class(unit))
    return found


@RULES.implements("7.4", "7.41", "7.42", "7.49", "6.26")
def overland_moves(m: Mover) -> tuple[dict[str, Move], tuple[str, ...]]:
    """Overland moves: 1 MP × OC; open 1, mountain 3, other land 2, ½ along a transport route
    into a hex without enemy units (7.41); across land hexsides only; entering a hex with enemy
    ground or air units or an enemy HQ ends the move (enemy naval units do not stop it). The 7th
    Armoured Brigade stops on entering a non-open hex other than along a route (7.49). In
    reaction only into a declared battle hex, never out of one (6.26), unless the group
    disengages (7.43, :func:`disengagement`).

    With the waypoints ``m.via`` the moves go through them in order (each leg the cheapest);
    besides the moves, the hexes the group may choose as a (further) waypoint, when its path
    matters: some hex within reach is enemy-controlled (its control changes hands, 12.1) or
    holds enemy units (a battle, retreated from by the hex entered from, 8.5)."""
    came_from = disengagement(m)
    if (m.stuck_in_battle() and came_from is None) or m.start not in m.graph.land:
        return {}, ()
    s, g_ = m.scene, m.graph
    forbidden = m.forbidden if came_from is None else m.forbidden | came_from

    def cost(a: str, b: str) -> float:
        return ROUTE_COST if (a, b) in m.routes and b not in s.enemy_at else g_.cost[b]

    def ends(h: str) -> bool:
        if came_from is not None:  # disengaging: anywhere but into a new battle
            return h in s.declared or h not in s.enemy_at
        return not m.reaction or h in s.declared

    if any(u.id == SEVENTH_ARMOURED for u in m.ground):
        if m.via:
            return {}, ()
        return m.made("move", armoured_paths(m, cost, forbidden, ends)), ()
    reach = through_waypoints(m, cost, forbidden)
    found = reach.only(ends).then(
        lambda dest, way: replace(way, cost=sum(cost(a, b) for a, b in pairwise(way.path)))
    )
    moves = m.made("move", found)
    here = m.via[-1] if m.via else m.start
    shown = [h for h in reach.dests if h not in s.enemy_stop and h != here]
    matters = any(h in s.enemy_at or m.control(h) == m.enemy for h in reach.dests)
    return moves, tuple(shown) if matters else ()


def through_waypoints(
    m: Mover, cost: Callable[[str, str], float], forbidden: frozenset[str]
) -> Ways:
    """Every hex an overland move may reach through the waypoints ``m.via`` (none: from the
    start, a clear path preferred as in :meth:`Mover.paths`), with the way there. The legs to
    the waypoints are the cheapest; the last one prefers a path clear of enemy ZOI."""
    s, steps = m.scene, avoiding_kept(m.graph.land.__getitem__, forbidden)

    def leave(h: str) -> bool:
        return h not in s.enemy_stop

    allowance, here, prefix = float(GROUND_MP * m.oc), m.start, (m.start,)
    for waypoint in m.via:
        leg = search(here, steps, cost=cost, can_leave=leave, max_cost=allowance)
        if waypoint == here or waypoint in s.enemy_stop or waypoint not in leg.reached:
            return Ways.given({})
        allowance -= leg.reached[waypoint]
        prefix += tuple(leg.path(waypoint)[1:])
        here = waypoint
    found = m.paths(
        m.graph.land.__getitem__, allowance, lambda h: True, start=here, cost=cost,
        closed=forbidden, can_leave=leave,
    )  # fmt: skip
    if not m.via:
        return found
    seen = not (m.reaction or m.post)  # as Mover.prefer_clear: only an offensive's move counts

    def joined(dest: str, way: Way) -> Way:
        path = prefix + way.path[1:]
        return Way(path, seen and m.touches(path))

    return found.only(lambda dest: dest != m.start).then(joined)


ENTERING_MODES = frozenset({"move", "assault", "barge"})  # how OP ground units enter a hex


@RULES.implements("7.43", "6.26")
def disengagement(m: Mover) -> frozenset[str] | None:
    """7.43, an exception to 6.26: RP ground units in a declared battle hex that OP ground units
    entered this offensive may leave it by reaction move if their combined attack strength is
    strictly greater than that of the entering units (equal is not enough), to a land hex other
    than the one(s) the enemy came from, and go on with what is left of the reaction allowance.
    Returns the hexes the enemy came from when the group may disengage, else None.

    Decisions: the entering units are the OP ground units whose move this offensive (normal,
    amphibious, or by barge, 7.47 "as an amphibious assault") ended in the hex and that are
    still there; the hexes they came from (the step before the hex) stay closed for the whole
    move, not only for its first step; once out, the units may end their move wherever a move
    may end without starting a new battle (a hex without enemy units) or in a declared battle
    hex: 7.43 lets them go on moving and 6.26 waives the battle they leave."""
    if not m.reaction or m.start not in m.scene.declared or len(m.ground) != len(m.units):
        return None
    g, entering, came_from = m.g, [], set()
    for unit_id, entry in (m.offensive.get("moved") or {}).items():
        path = entry.get("path") or ()
        if entry.get("mode") not in ENTERING_MODES or not path or path[-1] != m.start:
            continue
        if forces.at(g, unit_id) != m.start or forces.side_of(g, unit_id) != m.enemy:
            continue
        if forces.is_class(g, unit_id, "ground"):
            entering.append(unit_id)
            came_from.update(path[-2:-1])
    if not entering:
        return None
    mine = sum(forces.attack(g, u) for u in m.group)
    theirs = sum(forces.attack(g, u) for u in entering)
    return frozenset(came_from) if mine > theirs else None


@RULES.implements("7.49")
def armoured_paths(
    m: Mover,
    cost: Callable[[str, str], float],
    forbidden: frozenset[str],
    ends: Callable[..., bool],
) -> Ways:
    """The 7th Armoured Brigade moves on ``(hex, stopped)`` nodes: entering a non-open hex
    other than along a transport route stops it."""
    g_, s = m.graph, m.scene

    def neighbours(node: tuple[str, bool]) -> list[tuple[str, bool]]:
        here, stopped = node
        if stopped or (here != m.start and here in s.enemy_stop):
            return []
        return [
            (b, b not in g_.open and (here, b) not in m.routes)
            for b in g_.land[here]
            if b not in forbidden
        ]

    return m.paths(
        neighbours, GROUND_MP * m.oc, ends, start=(m.start, False),
        cost=lambda a, b: cost(a[0], b[0]), hex_of=lambda node: node[0],
    )  # fmt: skip


@RULES.implements("7.45", "7.35", "7.12", "6.26")
def assault_moves(m: Mover) -> dict[str, Move]:
    """Amphibious assaults: capable ground units (with any naval units of the stack) from a
    coastal hex to another coastal hex within the naval allowance, never doubled; ASPs per T13
    (organic transport free, 7.46), at most 1 in reaction; never entering or leaving a hex with
    enemy naval units unless escorted by a naval unit of the stack, nor un-neutralised enemy ZOI
    unless a carrier moves with them (7.45 B); US Army units need Marines to land on a defended
    one-hex island (7.45 D). A hex with enemy ground or air units or an HQ (a Japanese garrison
    too) ends the assault: it becomes a battle hex, which ground units do not pass (7.12)."""
    if not m.ground or not all(u.amphibious for u in m.ground) or m.stuck_in_battle():
        return {}
    if m.start not in m.graph.coastal:
        return {}
    asp = assault_asp(m.g, m.group)
    if asp > m.asp_left():
        return {}
    escorted, covered, s = bool(m.naval), bool(m.carriers), m.scene
    if (not covered and m.blocked(m.start)) or (not escorted and m.start in s.enemy_naval):
        return {}

    def ends(h: str) -> bool:
        return assault_may_end(m, h) and (not m.naval or naval_may_end(m, h, landing=True))

    closed = (frozenset() if covered else m.blocked_hexes) | (
        frozenset() if escorted else s.enemy_naval
    )
    found = m.paths(
        m.graph.sea.__getitem__, NAVAL_MP * m.oc, ends, closed=closed, stops=s.enemy_stop
    )
    return m.made("assault", found, asp=asp)


@RULES.implements("7.45", "7.42", "6.26")
def assault_may_end(m: Mover, dest: str) -> bool:
    """A coastal hex other than the start, not mountain (Port Moresby 3823 excepted), that the
    units may enter (7.42); a declared battle hex in reaction; and 7.45 D."""
    if dest not in m.graph.coastal or dest == m.start:
        return False
    if m.board.hexes[dest].terrain == "mountain" and dest != PORT_MORESBY:
        return False
    if dest in m.forbidden or (m.reaction and dest not in m.scene.declared):
        return False
    return not needs_marines(m, dest)


@RULES.implements("7.45")
def needs_marines(m: Mover, dest: str) -> bool:
    """7.45 D: US Army ground units may end an amphibious assault on a Japanese-controlled
    one-hex island occupied by Japanese units (read: ground or air units, or an HQ) only if US
    Marines that have just completed an amphibious assault on that island are there: Marines
    assaulting with them in one stack, or Marines that landed there earlier in this offensive
    (as the seed words it); not in reaction, not on larger islands."""
    if m.reaction or dest not in m.graph.area("one_hex_island"):
        return False
    if m.control(dest) != "japan" or dest not in m.scene.enemy_stop:
        return False
    army = any(u.nationality == "us" and u.service == "army" for u in m.ground)
    marines = any(is_marine(u) for u in m.ground)
    return army and not marines and not marines_landed(m, dest)


def is_marine(unit: Unit) -> bool:
    return unit.nationality == "us" and unit.service == "marine" and unit.unit_class == "ground"


@RULES.implements("7.45")
def marines_landed(m: Mover, dest: str) -> bool:
    """US Marines of this offensive whose amphibious assault ended in ``dest`` and who are still
    there (7.45 D)."""
    for unit_id, entry in (m.offensive.get("moved") or {}).items():
        landed = entry.get("mode") == "assault" and forces.at(m.g, unit_id) == dest
        if landed and is_marine(forces.record(m.g, unit_id)):
            return True
    return False


@RULES.implements("7.47", "9.33")
def barge_moves(m: Mover) -> dict[str, Move]:
    """Japanese barges: in an offensive (not a reaction) whose card has OC value 3, one ground
    unit crosses one all-sea hexside as an amphibious assault at no ASP (ZOI and enemy naval
    units bar it as they bar an unescorted assault), once the Barge event is in effect and PT
    Boats has not cancelled it (7.47, spec 10: permanently)."""
    tracks = m.g.data["tracks"]
    if m.reaction or m.side != "japan" or len(m.group) != 1 or not m.ground:
        return {}
    if not tracks.get("barges") or tracks.get("pt_boats") or m.card_oc() != BARGE_OC:
        return {}
    if any(e.get("mode") == "barge" for e in (m.offensive.get("moved") or {}).values()):
        return {}  # one unit per offensive
    if m.blocked(m.start) or m.start in m.scene.enemy_naval:
        return {}
    found = {}
    for dest in m.graph.adj[m.start]:
        if not m.board.all_sea(m.start, dest) or not m.board.is_land(dest):
            continue
        if m.blocked(dest) or dest in m.scene.enemy_naval or not assault_may_end(m, dest):
            continue
        found[dest] = Way((m.start, dest), m.touches([m.start, dest]))
    return m.made("barge", Ways.given(found))


# -- the entry points --------------------------------------------------------------------------
MOVE_KINDS: Final = frozenset({"move", "strategic", "assault", "barge"})
"""The kinds of move :func:`moves` lists: normal (overland, naval, air), strategic, amphibious
assault and barge."""


@RULES.implements("6.22", "6.23", "7.1")
def moves(
    g: Context, group: list[str], *, oc: int, reaction: bool = False, via: tuple[str, ...] = ()
) -> dict[str, Move]:
    """Every legal move of ``group`` (co-located units of one side moving together), keyed by
    action text. ``oc``: the OC value that multiplies the allowances (T1). ``reaction``: a
    reaction move (6.26): only to declared battle hexes (``offensive["battles"]`` and
    ``["special"]``), air to a friendly airfield within range of one, at most 1 ASP, no
    strategic movement, no barges. ``via``: waypoints the player chose (see :func:`routes`).

    The path of each move is chosen for the mover: the cheapest legal path, but one that
    touches no hex of enemy air ZOI is preferred whenever one exists within the allowance,
    among equal-cost paths and longer ones alike (5.22; module docstring)."""
    return routes(g, group, oc=oc, reaction=reaction, via=via)[0]


@RULES.implements("6.22", "6.23", "7.1", "12.1", "8.5")
def routes(
    g: Context,
    group: list[str],
    *,
    oc: int,
    reaction: bool = False,
    via: tuple[str, ...] = (),
    kinds: frozenset[str] = MOVE_KINDS,
) -> tuple[dict[str, Move], tuple[str, ...]]:
    """:func:`moves` (of ``kinds`` only, MOVE_KINDS, for a question that only some answer),
    and the hexes the group may choose to pass through where its path
    changes what a move does (control of the hexes it passes, 12.1; the hex a beaten unit
    retreats to, 8.5): overland moves only. With waypoints ``via`` only the overland moves
    through them, in order, are listed."""
    m = Mover(g, group, oc, reaction=reaction, via=via)
    if m.of_class("hq") or not (forces.on_map(m.start) or m.start == CHINA_BOX):
        return {}, ()
    if via:
        return overland_moves(m) if m.ground and not m.naval and not m.air else ({}, ())

    def listed(kind: str, listing: Callable[[Mover], dict[str, Move]]) -> dict[str, Move]:
        return listing(m) if kind in kinds else {}

    if m.air:
        if len(m.air) != len(m.units):
            return {}, ()
        return {**listed("move", air_moves), **listed("strategic", strategic_air_moves)}, ()
    if m.start == CHINA_BOX:
        return {}, ()
    if not m.ground:
        return {**listed("move", naval_moves), **listed("strategic", strategic_sea_moves)}, ()
    found = {**listed("strategic", strategic_sea_moves), **listed("assault", assault_moves)}
    if m.naval:
        return found, ()
    overland, waypoints = overland_moves(m) if "move" in kinds else ({}, ())
    return {**overland, **found, **listed("barge", barge_moves)}, waypoints


@RULES.implements("6.23", "9.3", "5.22", "12.1")
def perform(g: Context, group: list[str], move: Move) -> None:
    """Move the group: positions, the offensive's record of moved units (the reaction's, for a
    reaction move), ASPs spent (9.3), air reconnaissance (5.22) and, for an overland move, control
    of every hex entered that holds no enemy ground or air unit or HQ (12.1)."""
    move.way  # noqa: B018 - worked out from the position it was listed in, before it changes
    side = forces.side_of(g, group[0])
    start = forces.at(g, group[0])
    offensive = g.data.get("offensive")
    for unit_id in group:
        forces.move_to(g, unit_id, move.dest)
    if offensive is not None:
        record_move(g, side, group, start, move)
    if move.asp:
        g.data["asp_used"][side] += move.asp
    if move.mode == "move" and any(forces.is_class(g, u, "ground") for u in group):
        take_control(g, side, move.path[1:])
    g.log("log.move", side=side, units=list(group), hex=move.dest, mode=move.mode)


def record_move(g: Context, side: str, group: list[str], start: str, move: Move) -> None:
    """The offensive's (or the reaction's) record of moved units, ASPs and air recon."""
    offensive = g.data["offensive"]
    reaction = side != offensive["side"]
    record = offensive.setdefault("reaction", {}) if reaction else offensive
    if record is None:
        record = offensive["reaction"] = {}
    moved = record.setdefault("moved", {})
    carried = transports(g, group) if move.mode == "assault" else {}
    for unit_id in group:
        entry: dict[str, Any] = {"mode": move.mode, "from": start, "path": list(move.path)}
        if move.no_fight:
            entry["no_fight"] = True
        if unit_id in carried:
            entry["transport"] = carried[unit_id]
        moved[unit_id] = entry
    if move.asp:
        record["asp"] = (record.get("asp") or 0) + move.asp
    if move.recon and not reaction:
        offensive["recon"] = True


def transports(g: Context, group: list[str]) -> dict[str, str]:
    """7.46: which CA, CL or APD of an assaulting stack carries which SN/SS brigade (the ship's
    loss in the offensive kills the brigade), in the order of the stack."""
    ships = [u for u in group if forces.record(g, u).type in ORGANIC_SHIPS]
    brigades = [u for u in group if u in ORGANIC_BRIGADES]
    return dict(zip(brigades, ships, strict=False))


@RULES.implements("12.1")
def take_control(g: Context, side: str, hexes: Iterable[str]) -> None:
    """12.1: the side whose ground units last entered or passed through a hex controls it; a hex
    holding enemy ground or air units or an HQ is settled by its battle."""
    for hex_id in hexes:
        if passing_takes(g, side, hex_id):
            forces.set_control(g, hex_id, side)


@RULES.implements("12.1")
def passing_takes(g: Context, side: str, hex_id: str) -> bool:
    """Whether ``side``'s ground units entering or passing through the land hex take it from
    the enemy now: it holds no enemy unit but ships (nor, for the Allies, a Japanese garrison)."""
    if forces.control(g, hex_id) != forces.enemy(side):
        return False
    if side == "allied" and garrisoned(g, hex_id):
        return False
    others = forces.units_at(g, hex_id, forces.enemy(side))
    return not any(not forces.is_class(g, u, "naval") for u in others)


@RULES.implements("7.24", "7.34", "7.48")
def stacking_excess(g: Context, side: str) -> dict[str, int]:
    """Hexes where ``side`` is over a stacking limit and by how many units: 6 naval units
    (7.24) plus 3 air and ground units, a same-named normal/LRB pair counting once (7.34, 7.48);
    HQs do not count. The two excesses of one hex are added."""
    naval: Counter[str] = Counter()
    others: dict[str, set[str]] = defaultdict(set)
    for unit_id in forces.units_on_map(g, side):
        unit, hex_id = forces.record(g, unit_id), forces.at(g, unit_id)
        if unit.unit_class == "naval":
            naval[hex_id] += 1
        elif unit.unit_class in ("air", "ground"):
            paired = unit.pair is not None and forces.at(g, unit.pair) == hex_id
            others[hex_id].add(min(unit_id, unit.pair) if paired and unit.pair else unit_id)
    excess: dict[str, int] = {}
    for hex_id in sorted({*naval, *others}):
        over = max(0, naval[hex_id] - NAVAL_STACK) + max(0, len(others[hex_id]) - AIR_GROUND_STACK)
        if over:
            excess[hex_id] = over
    return excess


@RULES.implements("8.6", "8.61", "8.62")
def post_battle_moves(g: Context, unit_id: str) -> dict[str, Move]:
    """8.6: where one activated unit may go after the battles: air units to a friendly airfield
    and naval units to a friendly port with the offensive's allowance (no strategic movement);
    beaten assault units move like naval units (7.45 C, see :func:`withdrawals`). A unit that
    moved strategically makes none. Reacting units prefer hexes that are supply-eligible when
    there are any (8.61)."""
    offensive = g.data.get("offensive") or {}
    side = forces.side_of(g, unit_id)
    reaction = side != offensive.get("side")
    record = (offensive.get("reaction") or {}) if reaction else offensive
    entry = (record.get("moved") or {}).get(unit_id) or {}
    if unit_id not in (record.get("activated") or ()) or entry.get("mode") == "strategic":
        return {}
    m = Mover(g, [unit_id], offensive.get("oc") or 1, post=True)
    if not forces.on_map(m.start) and m.start != CHINA_BOX:
        return {}
    if m.air:
        found = m.made("move", air_paths(m, m.air[0].extended_range or m.air[0].range or 0, m.oc))
    elif m.naval:
        found = m.made("move", m.paths(m.graph.sea.__getitem__, NAVAL_MP * m.oc, m.friendly_port))
    elif entry.get("mode") == "assault" and (entry.get("caught") or m.control(m.start) != side):
        found = withdrawals(m)
    else:
        return {}
    return prefer_supplied(g, side, found) if reaction else found


@RULES.implements("7.45", "8.62")
def withdrawals(m: Mover) -> dict[str, Move]:
    """7.45 C / 8.62: assault units not in a friendly hex after the battle move like naval units
    to a friendly port or friendly coastal hex, never into enemy-occupied hexes nor into
    un-neutralised enemy ZOI, except through the ZOI they start in until first out of it."""
    s = m.scene
    trapped: set[str] = set()
    if m.blocked(m.start):
        found = search(
            m.start, only_into(m.graph.sea.__getitem__, m.blocked), max_cost=NAVAL_MP * m.oc
        )
        trapped = set(found.reached)

    def can_enter(a: str, b: str) -> bool:
        return b not in s.enemy_at and (not m.blocked(b) or (a in trapped and b in trapped))

    def ends(h: str) -> bool:
        return h in m.graph.coastal and m.control(h) == m.side

    found = m.paths(m.graph.sea.__getitem__, NAVAL_MP * m.oc, ends, can_enter=can_enter)
    return m.made("withdraw", found)


def prefer_supplied(g: Context, side: str, found: dict[str, Move]) -> dict[str, Move]:
    """8.61: in supply if possible (read: a supply-eligible port or airfield), else anywhere
    friendly. Being within range of a friendly HQ is left to the player."""
    if not found:
        return found
    eligible = supply(g).eligible
    good = {key: move for key, move in found.items() if move.dest == CHINA_BOX or eligible(
        move.dest, side
    )}  # fmt: skip
    return good or found


@RULES.implements("7.22", "7.32", "7.36", "12.71")
def emergency_destinations(g: Context, unit_id: str) -> list[str]:
    """Where a unit caught in a hex the enemy takes may be placed, nearest first: a naval unit in
    any friendly port within 10 hexes (7.22), an air unit at any friendly airfield within its
    normal or extended range, even parenthetical (7.32); ZOI is ignored; none: eliminated."""
    unit, here = forces.record(g, unit_id), forces.at(g, unit_id)
    if not forces.on_map(here):
        return []
    found = graph(g)
    if unit.unit_class == "naval":
        radius, candidates = EMERGENCY_NAVAL_RANGE, found.ports
    elif unit.unit_class == "air":
        radius = max(unit.range or 0, unit.extended_range or 0)
        candidates = found.airfields - air_forbidden(found.board) - {AIR_FERRY}
    else:
        return []
    side = unit.side
    grid = found.board.grid
    near = [
        (grid.distance(here, h), h)
        for h in candidates
        if h != here and forces.control(g, h) == side and grid.distance(here, h) <= radius
    ]
    return [h for _, h in sorted(near)]
