"""Supply, air zones of influence and HQ ranges (7.35, 7.5x, 12.74-12.75, 13.0-13.4).

What it computes
----------------
* :func:`zoi` — each side's air zone of influence (7.35): every in-supply air unit and carrier
  on the map projects ZOI into the hexes within 2; an enemy ZOI hinders a side in a hex unless
  an in-supply non-LRB air unit or carrier of that side also projects into it (LRBs and B-29s
  project but never neutralise; air units in the China box project nothing on the map).
* :func:`supply` — HQs (13.1: a path of any length to an ultimate source of their side, 13.2),
  units (a path no longer than the command range from a supplied HQ that may supply them, 7.53
  chart), supply-eligible ports and airfields (13.2), Kunming and the China box (12.74, 12.75),
  emergency supply (13.3).
* :func:`activation_range` (7.52), :func:`command_range` (6.26, unblockable),
  :func:`hq_commands` (7.53), :func:`in_hq_range_for_attrition` (13.4) and the
  :class:`Attrition` procedure (4.4, 13.4).

Decisions
---------
* **Supply lines are directed searches over (hex, how the path entered it) states**, "land" or
  "sea", because blocked hexsides (3)-(5) of 13.1 depend on how the path entered a hex. The
  direction is the rulebook's (EN 13.1): from the HQ *to* the ultimate source, and from the HQ
  *to* the unit. The hex a path starts from counts as entered by land. A hex is left across a
  land hexside only if it was entered by land or is a friendly port (3, 4), and across a sea
  hexside unless it is an enemy port entered by land (5). So a path may go out to sea from a
  non-port beach (no rule forbids it) but comes ashore only at a friendly port. The HQ-to-source
  search runs once per side *backwards* from every source (its step relation is the exact
  reverse of the forward one), which also answers the supply eligibility of every base.
* **Hexside kinds.** A hexside with the map's ``land`` flag is a land hexside; every other one
  is a water hexside for the ZOI tests (13.1 (2), 7.35 C-D, 7.52 (a)), including sides whose
  land part is impassable: the 7.35 example needs San Bernardino Strait (2913-3014, "unplayable
  sea + impassable land" in the map data) to be a water hexside, else the P Brigade could be
  activated across it. A supply line crosses a side by sea only where it has ``sea`` and by land
  only where it has ``land`` (1: unplayable sides are neither). A coastal side with both is
  crossed either way, the path choosing; it is never a "water hexside" (7.35 limits the ZOI
  block to all-water sides), and rule (6) applies to its land crossing only.
* **"Occupied solely by enemy ground or air units"** (13.1 (6), 7.52 (b)): the hex holds an
  enemy ground or air unit and no friendly unit. Kunming and its neighbours count as Allied
  occupied (12.75). Both rules block every land hexside *of* such a hex, whichever way the
  path crosses it (EN 13.1 and 7.52 "of any hex"; the JA seed's 7.52 says the same: 占領された
  陸上ヘクスサイド); the spec's "into" is a paraphrase, and the seed wins.
* **The supply/ZOI circularity** (13.1's mutual-ZOI deadlock: when two sides' ZOIs would cut
  each other's supply, only Allied air units exert ZOI for supply determination). A side's
  supply only shrinks as the enemy ZOI grows, so we iterate from the Allied-optimistic end:
  take every Allied air unit and carrier that could be supplied at all (within plain range of a
  friendly HQ able to supply it, activated, or on Kunming's land network); trace Japanese supply
  under their ZOI; trace Allied supply under the ZOI of the Japanese units so found supplied;
  repeat with the Allied air units found supplied until they stop changing. Allied supply only
  shrinks and Japanese supply only grows, so this ends, at the fixed point most favourable to
  the Allies: of two units that would cut each other, the Allied one keeps its ZOI, as 13.1
  asks. Within one side, its own neutralisers are taken optimistically (all its non-LRB air
  units and carriers assumed supplied, those found unsupplied dropped, traced again): the 7.35
  example needs it, FEAF's ZOI opening the sea lane of the HQ that supplies FEAF.
* **Kunming** (12.75) is a source while the Burma Road is open, or the HUMP is active and an
  Allied-controlled Northern India airfield is supply-eligible (eligibility from the ordinary
  sources). Any Allied unit (HQs included: the rule says "any Allied unit") with an all-land
  path of any length to Kunming not blocked by (6) is supplied, and Allied bases so linked are
  supply-eligible: with the road open that reaches Burma, Siam, Malaya and India wherever the
  Japanese do not hold the way. The China box is in supply on the same condition (12.74).
* **Emergency supply** (13.3): Japanese units in the Tokyo Express hex (``data["tokyo_express"]``,
  while not Allied-controlled) are supplied, nothing can sever it; with the HUMP active and an
  eligible Northern India airfield, Allied units in Kunming and in the China box are on the
  emergency route. :meth:`Supply.emergency` reports both; attrition spares them (13.4).
* **Activated units stay supplied** until the offensive ends (13.1 "Important"): the units in
  ``offensive["activated"]`` and ``offensive["reaction"]["activated"]`` count as supplied (and
  so project ZOI).
* **Activation paths** (7.52) cross any hexside between hexes of the playable map (unplayable
  ones too, land "as the crow flies"; ``off_map`` hexes are not part of the map) except a water
  hexside of a hex in un-neutralised enemy ZOI, or a land hexside of a hex held solely by enemy
  ground/air units unless it is a declared battle hex (reaction, 6.26 / spec 10).
* **Attrition range** (13.4 "the hex path cannot be blocked by enemy units or opposing ZOI",
  with 7.35 "an air ZOI does not affect ... an HQ range used to maintain reduced units", seed
  and EN alike): nothing blocks it, so it is the plain distance to any friendly HQ on the map,
  supplied or not, of any nationality.
* **Attrition losses** go to ``eliminated`` for every unit: pre-war (dotted) and Dutch units
  never receive replacements (10.1, 10.35), which the replacement rules enforce, so they need no
  separate box. Unsupplied reduced air units in the China box are eliminated (no HQ range
  reaches the box).

Performance: the map graph (successor lists per entry mode, all-neighbour lists, radius-2
disks, precomputed steps for hexes far from anything dynamic) is built once per process per
:class:`Board`. A computation snapshots unit positions and control as byte arrays and runs the
engine's breadth-first search over integer states (``hex index * 2 + mode``); each search stops
once it has found what it was asked (every HQ; every unit an HQ could still supply), and the
search to the sources is completed only if a base's eligibility is asked. Results live in
``g.cache`` (``supply``, ``zoi``; :mod:`forces` clears them when a unit moves or control
changes) and in a small per-process table keyed by everything supply depends on, because every
engine call builds a fresh context for the same state. At the campaign start one computation
takes about 5-7 ms, a cached one well under 0.1 ms.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import Any

from wargame.engine.board.paths import search
from wargame.engine.procedure import Context, Procedure
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import forces
from wargame.games.empire_of_the_sun.board import Board
from wargame.games.empire_of_the_sun.registry import RULES
from wargame.games.empire_of_the_sun.static import SIDES, Unit

LAND, SEA = 0, 1  # how a supply path entered a hex (the low bit of a state)
ZOI_RADIUS = 2  # 7.35
KUNMING = "2407"  # 12.75
AIR_FERRY = "5408"  # 7.36: nothing may end its move there, so it is never a base
CARRIERS = frozenset({"CV", "CVL", "CVE"})
NEUTRALISER_TYPES = CARRIERS | {"air"}  # not "lrb", not "b29" (7.35, 11.31)
COMMONWEALTH = frozenset({"british", "australian", "new_zealand", "indian", "burmese"})
POSITIONS_KEPT = 16

Steps = Callable[[int], "tuple[int, ...] | list[int]"]


# -- the static map graph, once per process ---------------------------------------------------
class MapGraph:
    """Integer adjacency of the playable map for supply and activation paths."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.ids = sorted(h for h, rec in board.hexes.items() if "off_map" not in rec.areas)
        self.index = {h: i for i, h in enumerate(self.ids)}
        self.size = len(self.ids)
        self._hexes(board)
        self._sides(board)
        self._steps()
        self._places(board)

    def _hexes(self, board: Board) -> None:
        self.is_land = bytearray(self.size)
        self.port = bytearray(self.size)
        self.base = bytearray(self.size)  # a port or airfield on land: may be supply-eligible
        for i, hex_id in enumerate(self.ids):
            record = board.hexes[hex_id]
            self.is_land[i] = record.terrain != "ocean"
            self.port[i] = record.port
            self.base[i] = self.is_land[i] and (record.port or record.airfield)
        self.ports = tuple(i for i in range(self.size) if self.port[i])

    def _sides(self, board: Board) -> None:
        """Per hex: land crossings, sea crossings (with "water hexside"), every neighbour."""
        self.land_next: list[tuple[int, ...]] = []
        self.sea_next: list[tuple[tuple[int, bool], ...]] = []
        self.crow_next: list[tuple[tuple[int, bool], ...]] = []
        for hex_id in self.ids:
            by_land, by_sea, crow = [], [], []
            for other in board.neighbours(hex_id):
                j = self.index.get(other)
                if j is None:
                    continue
                flags = board.flags(hex_id, other)
                water = "land" not in flags
                crow.append((j, water))
                if "land" in flags:
                    by_land.append(j)
                if "sea" in flags:
                    by_sea.append((j, water))
            self.land_next.append(tuple(by_land))
            self.sea_next.append(tuple(by_sea))
            self.crow_next.append(tuple(crow))
        self.crow_ids = [tuple(j for j, _ in crow) for crow in self.crow_next]

    def _steps(self) -> None:
        """Supply-line steps where nothing dynamic is near (see :func:`supply_steps`): from a
        hex entered by land (any crossing) or by sea (ashore only at a port), and the reverse
        steps into a hex entered by land or by sea."""
        size = range(self.size)
        by_land = [tuple(j * 2 + LAND for j in self.land_next[i]) for i in size]
        by_sea = [tuple(j * 2 + SEA for j, _ in self.sea_next[i]) for i in size]
        self.from_land = [by_land[i] + by_sea[i] for i in size]
        self.from_sea = [(by_land[i] if self.port[i] else ()) + by_sea[i] for i in size]
        self.into_land = [
            tuple(s for j in self.land_next[i] for s in self._land_origins(j)) for i in size
        ]
        self.into_sea = [
            tuple(s for j, _ in self.sea_next[i] for s in self._sea_origins(j)) for i in size
        ]

    def _land_origins(self, j: int) -> tuple[int, ...]:
        return (j * 2 + LAND, j * 2 + SEA) if self.port[j] else (j * 2 + LAND,)

    def _sea_origins(self, j: int) -> tuple[int, ...]:
        return (j * 2 + SEA, j * 2 + LAND) if self.is_land[j] else (j * 2 + SEA,)

    def _places(self, board: Board) -> None:
        hexes, index = board.hexes, self.index
        self.disk = [
            tuple(index[o] for o in board.within(h, ZOI_RADIUS) if o in index) for h in self.ids
        ]
        found: dict[str, list[int]] = {"sources": [], "cities": [], "kunming": [], "india": []}
        for i, hex_id in enumerate(self.ids):
            record = hexes[hex_id]
            if record.allied_supply_source:
                found["sources"].append(i)
            if record.city and "home_islands" in record.areas:
                found["cities"].append(i)
            if "kunming_area" in record.areas:
                found["kunming"].append(i)
            if "india_north" in record.areas and record.airfield:
                found["india"].append(i)
        self.allied_sources = tuple(found["sources"])  # 13.2
        self.japanese_cities = tuple(found["cities"])  # 13.2, when Japanese-controlled
        self.kunming_area = tuple(found["kunming"])  # 12.75
        self.india_airfields = tuple(found["india"])  # 12.74, 13.31
        self.air_ferry = index.get(AIR_FERRY, -1)
        watched = {self.ids[i] for i in range(self.size) if self.base[i]}
        watched.update(self.ids[i] for i in self.japanese_cities)
        self.watched = tuple(sorted(watched))  # the hexes whose control supply depends on

    def source_states(self, sources: Iterable[int]) -> list[int]:
        states = []
        for i in sources:
            if self.is_land[i]:
                states.append(i * 2 + LAND)
            states.append(i * 2 + SEA)
        return states

    def near(self, *marks: bytearray) -> bytearray:
        """Hexes marked in any of ``marks``, or next to one."""
        found = bytearray(self.size)
        for mark in marks:
            i = mark.find(1)
            while i >= 0:
                found[i] = 1
                for j in self.crow_ids[i]:
                    found[j] = 1
                i = mark.find(1, i + 1)
        return found


_GRAPHS: dict[int, MapGraph] = {}
_DISKS: dict[tuple[int, str, int], frozenset[str]] = {}
_POSITIONS: OrderedDict[tuple[Any, ...], Supply] = OrderedDict()


def map_graph(board: Board) -> MapGraph:
    """The map graph of ``board``, built on first use (one per board per process)."""
    found = _GRAPHS.get(id(board))
    if found is None or found.board is not board:
        found = _GRAPHS[id(board)] = MapGraph(board)
    return found


def _disk(board: Board, centre: str, radius: int) -> frozenset[str]:
    """The hexes within ``radius`` of ``centre`` (cached per process)."""
    key = (id(board), centre, radius)
    found = _DISKS.get(key)
    if found is None:
        found = _DISKS[key] = frozenset(board.within(centre, radius))
    return found


def _minus(a: bytearray, b: bytearray) -> bytearray:
    """``a and not b`` hex by hex (the arrays hold 0 or 1, so whole-integer bit operations never
    carry from one hex to the next)."""
    bits = int.from_bytes(a, "big") & ~int.from_bytes(b, "big")
    return bytearray(bits.to_bytes(len(a), "big"))


def _state(graph: MapGraph, i: int) -> int:
    """The state a path starts from in hex ``i``: entered by land on land, by sea at sea."""
    return i * 2 + (LAND if graph.is_land[i] else SEA)


def _flies(record: Unit) -> bool:
    return record.unit_class == "air" or record.type in CARRIERS


# -- the nationality chart ---------------------------------------------------------------------
@RULES.implements("7.53", "6.21")
def commands(hq: Unit, unit: Unit) -> bool:
    """Whether an HQ of this kind may activate and supply this unit (7.53 chart): US HQs the US
    and Chinese units; Commonwealth HQs Commonwealth and Chinese units and US air units; Joint
    HQs every Allied unit (the only ones for Dutch units); Japanese HQs every Japanese unit."""
    if hq.side != unit.side or unit.unit_class == "hq":
        return False
    if hq.hq_kind in ("japanese", "joint"):
        return True
    if unit.nationality == "chinese":
        return True
    if unit.nationality == "us":
        return hq.hq_kind == "us" or unit.unit_class == "air"
    if unit.nationality in COMMONWEALTH:
        return hq.hq_kind == "commonwealth"
    return False  # Dutch units: Joint HQs only


def hq_commands(g: Context, hq_id: str, unit_id: str) -> bool:
    """The 7.53 chart for activation and supply; Japanese HQs command every Japanese unit."""
    return commands(forces.record(g, hq_id), forces.record(g, unit_id))


# -- zones of influence -------------------------------------------------------------------------
class Zoi:
    """Where each side's air ZOI reaches (``projected``) and where it hinders (``blocks``)."""

    def __init__(
        self, graph: MapGraph, projected: dict[str, bytearray], neutral: dict[str, bytearray]
    ) -> None:
        self._index = graph.index
        self._projected = projected
        self._neutral = neutral
        self.block: dict[str, bytearray] = {
            side: _minus(projected[forces.enemy(side)], neutral[side]) for side in SIDES
        }

    @RULES.implements("7.35")
    def blocks(self, hex_id: str, side: str) -> bool:
        """An un-neutralised ZOI of ``side``'s enemy covers the hex: it hinders ``side``."""
        i = self._index.get(hex_id)
        return i is not None and bool(self.block[side][i])

    def projected(self, hex_id: str, by_side: str) -> bool:
        """``by_side`` projects ZOI into the hex, neutralised or not (5.22, 6.27)."""
        i = self._index.get(hex_id)
        return i is not None and bool(self._projected[by_side][i])

    def neutralised(self, hex_id: str, by_side: str) -> bool:
        """``by_side`` has an in-supply non-LRB air unit or carrier projecting into the hex."""
        i = self._index.get(hex_id)
        return i is not None and bool(self._neutral[by_side][i])


# -- supply lines -------------------------------------------------------------------------------
@RULES.implements("13.1")
def supply_steps(
    graph: MapGraph, blocked: bytearray, enemy_only: bytearray, enemy_port: bytearray
) -> tuple[Steps, Steps]:
    """The forward step of a supply line between (hex, entered-by) states, and its reverse.

    ``blocked``: hexes in un-neutralised enemy ZOI; ``enemy_only``: hexes held solely by enemy
    ground or air units; ``enemy_port``: enemy-controlled ports. Hexes with none of these in or
    next to them take the precomputed steps of the graph.
    """
    land_next, sea_next = graph.land_next, graph.sea_next
    port, is_land = graph.port, graph.is_land
    sea_busy = graph.near(blocked, enemy_port)
    land_busy = graph.near(enemy_only, enemy_port)
    from_land, from_sea = graph.from_land, graph.from_sea
    into_land, into_sea = graph.into_land, graph.into_sea

    def onward(state: int) -> tuple[int, ...] | list[int]:
        i, mode = state >> 1, state & 1
        if not (sea_busy[i] or land_busy[i]):
            return from_sea[i] if mode == SEA else from_land[i]
        found: list[int] = []
        # (6) no land hexside of a hex held solely by the enemy; (3) ashore only at a port;
        # (4) not ashore at an enemy port.
        if not enemy_only[i] and (mode == LAND or (port[i] and not enemy_port[i])):
            found.extend(j * 2 + LAND for j in land_next[i] if not enemy_only[j])
        # (5) not out to sea from an enemy port entered overland; (2) ZOI on water hexsides.
        if mode == SEA or not enemy_port[i]:
            if blocked[i]:
                found.extend(j * 2 + SEA for j, water in sea_next[i] if not water)
            else:
                found.extend(j * 2 + SEA for j, water in sea_next[i] if not (water and blocked[j]))
        return found

    def backward(state: int) -> tuple[int, ...] | list[int]:
        j, mode = state >> 1, state & 1
        found: list[int] = []
        if mode == LAND:
            if not land_busy[j]:
                return into_land[j]
            if enemy_only[j]:
                return found
            for i in land_next[j]:
                if not enemy_only[i]:
                    found.append(i * 2 + LAND)
                    if port[i] and not enemy_port[i]:
                        found.append(i * 2 + SEA)
            return found
        if not sea_busy[j]:
            return into_sea[j]
        for i, water in sea_next[j]:
            if water and (blocked[j] or blocked[i]):
                continue
            found.append(i * 2 + SEA)
            if is_land[i] and not enemy_port[i]:
                found.append(i * 2 + LAND)
        return found

    return onward, backward


class _Trace:
    """One side's supply under one set of blocked (un-neutralised enemy ZOI) hexes."""

    __slots__ = ("backward", "china", "hqs", "kunming", "partial", "sources", "to_source", "units")

    def __init__(self, backward: Steps, sources: list[int]) -> None:
        self.backward = backward
        self.sources = sources  # source states
        self.to_source: dict[int, float] = {}  # states found to have a supply line to a source
        self.partial = False  # the search stopped once it had found what the trace needed
        self.hqs: set[str] = set()
        self.units: set[str] = set()
        self.kunming: set[int] = set()  # hexes with an all-land path to a Kunming source
        self.china = False  # Kunming is a source and the China box is in supply

    def reaches_source(self, state: int) -> bool:
        """Whether a supply line leads from ``state`` to a source (completing the search)."""
        if state in self.to_source:
            return True
        if self.partial:
            self.to_source = search(self.sources, self.backward).reached
            self.partial = False
        return state in self.to_source


def _until_all(targets: set[int], shift: int = 0) -> Callable[[int], bool]:
    """A search goal: true once every target (a state, or a hex with ``shift=1``) is reached."""
    remaining = set(targets)

    def goal(node: int) -> bool:
        remaining.discard(node >> shift)
        return not remaining

    return goal


class Supply:
    """Supply status of every unit, HQ and base, and the ZOI it implies (13.0-13.3).

    Built from a snapshot of the position; it keeps no reference to the game state.
    """

    def __init__(self, g: Context) -> None:
        parts = forces.parts(g)
        self.graph = map_graph(parts.board)
        self._records = parts.units
        self._snapshot(g)
        self._memo: dict[tuple[str, bytes], _Trace] = {}
        self._traces = self._resolve()
        del self._memo
        self._supplied = self._traces["allied"].units | self._traces["japan"].units
        self._hqs = self._traces["allied"].hqs | self._traces["japan"].hqs
        self.zoi = self._zoi()
        self._eligible: dict[tuple[str, str], bool] = {}
        self.activation: dict[tuple[str, frozenset[str]], frozenset[str]] = {}

    # -- queries ---------------------------------------------------------------------------
    @RULES.implements("13.1", "13.2")
    def hq(self, hq_id: str) -> bool:
        """The HQ is on the map and traces a supply line to an ultimate source of its side."""
        return hq_id in self._hqs

    @RULES.implements("13.1", "12.74", "12.75")
    def unit(self, unit_id: str) -> bool:
        """The unit (any class, HQs too) is in supply."""
        return unit_id in self._supplied or unit_id in self._hqs

    @RULES.implements("13.2", "7.36")
    def eligible(self, hex_id: str, side: str) -> bool:
        """A friendly-controlled port or airfield that traces a supply line to a source."""
        key = (hex_id, side)
        found = self._eligible.get(key)
        if found is None:
            found = self._eligible[key] = self._is_eligible(hex_id, side)
        return found

    @RULES.implements("12.75", "10.34")
    def kunming_is_source(self) -> bool:
        """Kunming is a supply source: the Burma Road is open, or the HUMP is active with a
        supply-eligible Northern India airfield (12.75; Chinese replacements, 10.34)."""
        return self._traces["allied"].china

    @RULES.implements("13.3", "13.31", "13.32")
    def emergency(self, unit_id: str) -> bool:
        """The unit is on an emergency supply route: in the Tokyo Express hex, or (HUMP) in
        Kunming or the China box."""
        return unit_id in self._emergency

    # -- the position, as arrays -----------------------------------------------------------
    def _snapshot(self, g: Context) -> None:
        graph, records, size = self.graph, self._records, self.graph.size
        self.units: dict[str, list[tuple[str, int]]] = {"allied": [], "japan": []}
        self.where: dict[str, int] = {}
        self.china_box: list[str] = []
        present: dict[str, bytearray] = {side: bytearray(size) for side in SIDES}
        combat: dict[str, bytearray] = {side: bytearray(size) for side in SIDES}
        for unit_id, at in g.data["units"].items():
            record = records[unit_id]
            if at == "china":
                if record.unit_class == "air":
                    self.china_box.append(unit_id)
                continue
            i = graph.index.get(at)
            if i is None:
                continue
            self.units[record.side].append((unit_id, i))
            self.where[unit_id] = i
            present[record.side][i] = 1
            if record.unit_class in ("ground", "air"):
                combat[record.side][i] = 1
        control = g.data["control"]
        self.control = {h: control.get(h) for h in graph.watched}
        self.enemy_only: dict[str, bytearray] = {
            side: _minus(combat[forces.enemy(side)], present[side]) for side in SIDES
        }
        self.enemy_port: dict[str, bytearray] = {side: bytearray(size) for side in SIDES}
        for i in graph.ports:
            owner = self.control[graph.ids[i]]
            if owner is not None:
                self.enemy_port[forces.enemy(owner)][i] = 1
        for i in graph.kunming_area:  # Allied controlled and occupied for all purposes (12.75)
            self.enemy_only["japan"][i] = 1
            self.enemy_only["allied"][i] = 0
        self._forced_and_emergency(g)
        self.hump = bool(g.data["tracks"].get("hump"))
        self.road_open = g.data["tracks"].get("burma_road") == "open"
        self._kunming: set[int] | None = None

    @RULES.implements("13.1", "13.32")
    def _forced_and_emergency(self, g: Context) -> None:
        """Activated units stay supplied until the offensive ends (13.1); the Tokyo Express
        hex supplies the Japanese units in it while not Allied-controlled (13.32)."""
        self.forced: dict[str, set[str]] = {"allied": set(), "japan": set()}
        offensive = g.data.get("offensive") or {}
        activated = [
            *offensive.get("activated", ()),
            *(offensive.get("reaction") or {}).get("activated", ()),
        ]
        for unit_id in activated:
            self.forced[self._records[unit_id].side].add(unit_id)
        self._emergency: set[str] = set()
        express = g.data.get("tokyo_express")
        if express and g.data["control"].get(express) != "allied":
            for unit_id, i in self.units["japan"]:
                if self.graph.ids[i] == express:
                    self.forced["japan"].add(unit_id)
                    self._emergency.add(unit_id)

    # -- the fixed point -------------------------------------------------------------------
    @RULES.implements("13.1", "7.35")
    def _resolve(self) -> dict[str, _Trace]:
        """Alternate the two sides from the Allied-optimistic end (module docstring): start
        from every Allied flyer that could be supplied at all, a superset of those supplied
        under no Japanese ZOI, so the iteration ends at the same fixed point, usually after one
        Japanese and one Allied trace."""
        allied_flyers = self._possible_flyers()
        while True:
            japan = self._side("japan", self._projection(allied_flyers))
            allied = self._side("allied", self._projection(self._flyers("japan", japan)))
            supplied = self._flyers("allied", allied)
            if supplied == allied_flyers:
                return {"allied": allied, "japan": japan}
            allied_flyers = supplied

    def _flyers(self, side: str, trace: _Trace) -> frozenset[str]:
        records = self._records
        return frozenset(u for u, _ in self.units[side] if u in trace.units and _flies(records[u]))

    def _possible_flyers(self) -> frozenset[str]:
        records, ids, board = self._records, self.graph.ids, self.graph.board
        hqs = [
            (records[u], ids[i]) for u, i in self.units["allied"] if records[u].unit_class == "hq"
        ]
        kunming = self._kunming_land() if self.road_open or self.hump else set()
        found = set()
        for unit_id, i in self.units["allied"]:
            record = records[unit_id]
            if not _flies(record):
                continue
            if unit_id in self.forced["allied"] or i in kunming:
                found.add(unit_id)
                continue
            for hq, hq_hex in hqs:
                if commands(hq, record) and ids[i] in _disk(board, hq_hex, hq.command_range or 0):
                    found.add(unit_id)
                    break
        return frozenset(found)

    def _projection(self, flyers: Iterable[str]) -> bytearray:
        found = bytearray(self.graph.size)
        disk, where = self.graph.disk, self.where
        for unit_id in flyers:
            for k in disk[where[unit_id]]:
                found[k] = 1
        return found

    def _side(self, side: str, enemy_zoi: bytearray) -> _Trace:
        """One side's supply under the enemy ZOI, its own neutralisers taken optimistically:
        all assumed supplied, then those found unsupplied dropped until nothing changes."""
        records = self._records
        neutralisers = {u for u, _ in self.units[side] if records[u].type in NEUTRALISER_TYPES}
        blocked = self._blocked(enemy_zoi, neutralisers)
        while True:
            key = (side, bytes(blocked))
            trace = self._memo.get(key)
            if trace is None:
                trace = self._memo[key] = self._trace(side, blocked)
            kept = {u for u in neutralisers if u in trace.units}
            if kept == neutralisers:
                return trace
            neutralisers = kept
            again = self._blocked(enemy_zoi, neutralisers)
            if again == blocked:  # the dropped units neutralised nothing that mattered
                return trace
            blocked = again

    def _blocked(self, enemy_zoi: bytearray, neutralisers: set[str]) -> bytearray:
        blocked = bytearray(enemy_zoi)
        if 1 in enemy_zoi:
            disk, where = self.graph.disk, self.where
            for unit_id in neutralisers:
                for k in disk[where[unit_id]]:
                    blocked[k] = 0
        return blocked

    def _trace(self, side: str, blocked: bytearray) -> _Trace:
        """Which HQs and units of ``side`` are supplied. Both searches stop as soon as they have
        found what is asked of them (every HQ; every unit an HQ could still supply)."""
        graph, records = self.graph, self._records
        onward, backward = supply_steps(
            graph, blocked, self.enemy_only[side], self.enemy_port[side]
        )
        sources = graph.allied_sources if side == "allied" else self._japanese_sources()
        trace = _Trace(backward, graph.source_states(sources))
        forced = self.forced[side]
        hqs = [(u, i) for u, i in self.units[side] if records[u].unit_class == "hq"]
        wanted = {_state(graph, i) for u, i in hqs if u not in forced}
        road_closed_hump = side == "allied" and self.hump and not self.road_open
        if road_closed_hump:
            wanted.update(i * 2 + LAND for i in graph.india_airfields)
        found = search(trace.sources, backward, goal=_until_all(wanted))
        trace.to_source, trace.partial = found.reached, found.found is not None
        if side == "allied":
            trace.china = self.road_open or (self.hump and self._india_airfield(trace))
            if trace.china:
                trace.kunming = self._kunming_land()
        pending: dict[str, int] = {}
        for unit_id, i in self.units[side]:
            if records[unit_id].unit_class == "hq":
                continue
            if unit_id in forced or i in trace.kunming:
                trace.units.add(unit_id)
            else:
                pending[unit_id] = i
        for hq_id, i in hqs:
            start = _state(graph, i)
            if not (start in trace.to_source or i in trace.kunming or hq_id in forced):
                continue
            trace.hqs.add(hq_id)
            hq = records[hq_id]
            limit = hq.command_range or 0
            disk = _disk(graph.board, graph.ids[i], limit)
            mine = {u: j for u, j in pending.items() if commands(hq, records[u])}
            targets = {j for j in mine.values() if graph.ids[j] in disk}
            if not targets:
                continue
            reached = search(start, onward, max_cost=limit, goal=_until_all(targets, 1)).reached
            hexes = {state >> 1 for state in reached}
            for unit_id, j in mine.items():
                if j in hexes:
                    trace.units.add(unit_id)
                    del pending[unit_id]
        if trace.china:
            trace.units.update(self.china_box)
        return trace

    def _japanese_sources(self) -> list[int]:
        """Japanese-controlled city hexes of the Home Islands (13.2)."""
        ids = self.graph.ids
        return [i for i in self.graph.japanese_cities if self.control[ids[i]] == "japan"]

    @RULES.implements("12.74", "12.76", "13.31")
    def _india_airfield(self, trace: _Trace) -> bool:
        """An Allied-controlled, supply-eligible Northern India airfield."""
        ids = self.graph.ids
        return any(
            self.control[ids[i]] == "allied" and trace.reaches_source(i * 2 + LAND)
            for i in self.graph.india_airfields
        )

    @RULES.implements("12.75")
    def _kunming_land(self) -> set[int]:
        """Hexes with an all-land path to Kunming that crosses no land hexside of a hex held
        solely by Japanese units (12.75 with 13.1 (6))."""
        if self._kunming is None:
            land_next = self.graph.land_next
            held = self.enemy_only["allied"]

            def onward(i: int) -> list[int]:
                return [] if held[i] else [j for j in land_next[i] if not held[j]]

            self._kunming = set(search(self.graph.index[KUNMING], onward).reached)
        return self._kunming

    def _zoi(self) -> Zoi:
        traces, disk, records = self._traces, self.graph.disk, self._records
        projected: dict[str, bytearray] = {
            side: self._projection(self._flyers(side, traces[side])) for side in SIDES
        }
        neutral: dict[str, bytearray] = {}
        for side in SIDES:
            found = bytearray(self.graph.size)
            for unit_id, i in self.units[side]:
                if records[unit_id].type in NEUTRALISER_TYPES and unit_id in traces[side].units:
                    for k in disk[i]:
                        found[k] = 1
            neutral[side] = found
        allied = traces["allied"]
        if allied.china and self.hump and self._india_airfield(allied):  # 13.31
            kunming = self.graph.index[KUNMING]
            self._emergency.update(u for u, i in self.units["allied"] if i == kunming)
            self._emergency.update(self.china_box)
        return Zoi(self.graph, projected, neutral)

    def _is_eligible(self, hex_id: str, side: str) -> bool:
        graph = self.graph
        i = graph.index.get(hex_id)
        if i is None or not graph.base[i] or i == graph.air_ferry:
            return False
        friendly = self.control[hex_id] == side or (side == "allied" and i in graph.kunming_area)
        trace = self._traces[side]
        return friendly and (i in trace.kunming or trace.reaches_source(i * 2 + LAND))


# -- public entry points ---------------------------------------------------------------------------
def supply(g: Context) -> Supply:
    """Supply status of the position (memoised in ``g.cache["supply"]``)."""
    found = g.cache.get("supply")
    if found is None:
        key = _signature(g)
        found = _POSITIONS.get(key)
        if found is None:
            found = _POSITIONS[key] = Supply(g)
            if len(_POSITIONS) > POSITIONS_KEPT:
                _POSITIONS.popitem(last=False)
        else:
            _POSITIONS.move_to_end(key)
        g.cache["supply"] = found
        g.cache["zoi"] = found.zoi
    result: Supply = found
    return result


def zoi(g: Context) -> Zoi:
    """Air zones of influence of the position (memoised in ``g.cache["zoi"]``)."""
    found = g.cache.get("zoi")
    if found is None:
        found = supply(g).zoi
    result: Zoi = found
    return result


def _signature(g: Context) -> tuple[Any, ...]:
    """Everything a :class:`Supply` depends on: where the units are; who controls the ports,
    airfields and Home Islands cities; the Burma Road and HUMP; Tokyo Express; the units
    activated in the current offensive."""
    data = g.data
    graph = map_graph(forces.parts(g).board)
    control = data["control"]
    offensive = data.get("offensive") or {}
    express = data.get("tokyo_express")
    tracks = data["tracks"]
    return (
        id(graph),
        tuple(
            (unit_id, at)
            for unit_id, at in data["units"].items()
            if at[:1].isdigit() or at == "china"
        ),
        tuple(control.get(h) for h in graph.watched),
        tracks.get("burma_road"),
        bool(tracks.get("hump")),
        express,
        control.get(express) if express else None,
        tuple(offensive.get("activated", ())),
        tuple((offensive.get("reaction") or {}).get("activated", ())),
    )


@RULES.implements("7.51", "6.26")
def command_range(g: Context, hq_id: str) -> frozenset[str]:
    """Hexes within the HQ's command range, whatever lies between (6.26: cannot be blocked)."""
    where = forces.at(g, hq_id)
    if not forces.on_map(where):
        return frozenset()
    return _disk(forces.parts(g).board, where, forces.record(g, hq_id).command_range or 0)


@RULES.implements("7.52", "7.35", "6.21", "6.26")
def activation_range(g: Context, hq_id: str, *, battle_hexes: Iterable[str] = ()) -> frozenset[str]:
    """Hexes a unit may be in to be activated by the HQ (7.52): reached within the command range
    by an activation path, which crosses any hexside except a water hexside of a hex in
    un-neutralised enemy ZOI, or a land hexside of a hex held solely by enemy ground or air
    units — unless, for a reaction, that hex is a declared battle hex."""
    where = forces.at(g, hq_id)
    if not forces.on_map(where):
        return frozenset()
    found = supply(g)
    key = (hq_id, frozenset(battle_hexes))
    known = found.activation.get(key)
    if known is None:
        known = found.activation[key] = _activation(g, found, hq_id, where, key[1])
    return known


def _activation(
    g: Context, found: Supply, hq_id: str, where: str, battles: frozenset[str]
) -> frozenset[str]:
    graph = found.graph
    side = forces.side_of(g, hq_id)
    blocked = found.zoi.block[side]
    held = found.enemy_only[side]
    if battles:
        held = bytearray(held)
        for hex_id in battles:
            if hex_id in graph.index:
                held[graph.index[hex_id]] = 0
    busy = graph.near(blocked, held)
    crow_next, crow_ids = graph.crow_next, graph.crow_ids

    def onward(i: int) -> tuple[int, ...] | list[int]:
        if not busy[i]:
            return crow_ids[i]
        stop_water, stop_land = blocked[i], held[i]
        return [
            j
            for j, water in crow_next[i]
            if not (blocked[j] or stop_water if water else held[j] or stop_land)
        ]

    limit = forces.record(g, hq_id).command_range or 0
    reached = search(graph.index[where], onward, max_cost=limit).reached
    return frozenset(graph.ids[i] for i in reached)


@RULES.implements("13.4", "7.51")
def in_hq_range_for_attrition(g: Context, unit_id: str) -> bool:
    """Within the command range of any friendly HQ on the map, supplied or not; nothing blocks
    the path (13.4; 7.35 "does not affect" E)."""
    where = forces.at(g, unit_id)
    if not forces.on_map(where):
        return False
    board = forces.parts(g).board
    for hq_id in forces.units_on_map(g, forces.side_of(g, unit_id)):
        record = forces.record(g, hq_id)
        in_range = board.distance(forces.at(g, hq_id), where) <= (record.command_range or 0)
        if record.unit_class == "hq" and in_range:
            return True
    return False


# -- attrition -----------------------------------------------------------------------------------
@RULES.implements("13.4", "4.4")
def attrition_losses(g: Context) -> list[tuple[str, str]]:
    """What attrition does, decided for both sides at once (13.4): ``(unit, "reduced")`` for an
    unsupplied full-strength air or ground unit, ``(unit, "eliminated")`` for an unsupplied
    reduced (or one-step) one out of range of every friendly HQ. Emergency supply protects;
    naval units and HQs never suffer attrition."""
    found = supply(g)
    losses = []
    for unit_id in sorted(g.data["units"]):
        if forces.record(g, unit_id).unit_class not in ("air", "ground"):
            continue
        where = forces.at(g, unit_id)
        if not forces.on_map(where) and where != "china":
            continue
        if found.unit(unit_id) or found.emergency(unit_id):
            continue
        if forces.steps_left(g, unit_id) == 2:
            losses.append((unit_id, "reduced"))
        elif not in_hq_range_for_attrition(g, unit_id):
            losses.append((unit_id, "eliminated"))
    return losses


class Attrition(Procedure):
    """The Attrition phase (4.4): both sides at once, no decisions (13.4)."""

    name = "attrition"

    @RULES.implements("13.4", "4.4")
    def start(self, g: Context, f: Frame) -> None:
        for unit_id, result in attrition_losses(g):
            if result == "reduced":
                forces.set_reduced(g, unit_id, True)
            else:
                forces.move_to(g, unit_id, "eliminated")
            g.log("log.attrition", unit=unit_id, result=result)
        g.ret()
