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

Performance
-----------
Supply is recomputed whenever a unit moves or control changes (ZOI needs the supply of the air
units), a few hundred times per campaign, so it is written for speed, at some cost in
directness; ``bench/supply_trace.py`` measures it against an older revision on the positions of
random play, and the tests check it against a slow reference on random positions.

* **Sets of hexes are bit sets** (Python ints, hex ``CCRR`` at bit ``column * height + row``,
  :class:`MapGraph`). A search moves a whole breadth-first level at once: one step of a set is
  eight shifts and masks per kind of hexside (:class:`~wargame.engine.board.paths.ShiftSteps`),
  and the rules of 13.1 become a few set operations (:class:`SupplyLines`). A supply-line state
  is a pair of sets, the hexes entered by land and those entered by sea. This is the trade: the
  rules read as ``&``, ``|`` and ``~`` on bit sets rather than as tests on one hex, and
  :class:`SupplyLines` needs its docstrings to be read; in exchange a trace from the sources
  over the whole map costs about 0.3 ms instead of about 10 ms for the former state-by-state
  search (dict lookups and a Python call per step).
* **Searches are remembered across positions** (``_SEARCHES``, a table of 512 kept for the
  process), keyed by everything they read: the blocking sets, the start and the range. A search
  of limited range (an HQ's supply range, an activation path) reads no hex further than its
  range from its starts, so it is keyed by the blockers within that region only. A search back
  from the sources not found carries on from a recent one (``_BACKS``) with fewer sources:
  what that one had reached before its first step into a hex touched by a blocker added since
  is still reached (its lines pass through no such hex), so the new search starts from there,
  and a move near the front leaves the steps from the sources to the front alone. A search of
  limited range goes on likewise from the last one from the same hexes (``_OUTS``), up to its
  first step that reaches a changed blocker or, for one taken away, the hexes next to it. The
  ZOI a set of flyers projects and the hexes within range of a set of HQs are kept likewise
  (``_ZONES``), under the hexes they stand in.
* **What the fixed point derives is kept under what it reads** (``_FIXED``: the flyers and HQs
  with their hexes, the hexes held solely by the enemy, enemy ports, control of bases and
  cities, the tracks, the units kept supplied; :meth:`Supply._fixed_key`), with the base
  eligibility, activation ranges and placement hexes worked out from it; each side's trace too
  (``_TRACES``), so a change to one side's units finds the other side's trace again. A trace
  holds what does not depend on where the side's flyers are (the supplied HQs, the hexes each
  group of them reaches within its range), so a move of a flyer finds its own side's trace
  again too; the flyers a trace supplies are kept with it under where they stand. The fixed
  point traces only HQs and flyers; other units' supply is worked out when first asked, for
  the side asked.
* **The snapshot of a position** maps over the units of each role (:class:`_Roles`, kept for
  the process in the game data's order) rather than looping over every unit in Python; each
  side's part (:class:`_SidePart`) is kept under where that side's units are (``_PARTS``), and
  control with the enemy ports under control (``_CONTROLS``): a move or a placement changes one
  side's part only.
* **A side's answers** (:meth:`Supply.side_key`) name what its bases' eligibility, the ZOI that
  hinders it and its HQs' activation ranges read, so that the hexes where a unit may be placed
  are kept for the process under them (``reinforcements.entry_candidates``).
* Results live in ``g.cache`` (``supply``, ``zoi``; :mod:`forces` clears them when a unit moves
  or control changes) and in a small per-process table of positions keyed by everything supply
  depends on (:func:`_signature`), because every engine call builds a fresh context for the
  same state.

``tests/empire_of_the_sun/test_remembered.py`` compares what the tables give with a computation
from scratch, over random play and over positions changed one unit at a time.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from collections.abc import Callable, Iterable
from functools import cached_property
from typing import Any, TypeVar

from wargame.engine.board.paths import ShiftSteps, bit_positions, flood
from wargame.engine.procedure import Context, Procedure
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import forces
from wargame.games.empire_of_the_sun.board import Board
from wargame.games.empire_of_the_sun.registry import RULES
from wargame.games.empire_of_the_sun.static import SIDES, Unit

ZOI_RADIUS = 2  # 7.35
KUNMING = "2407"  # 12.75
AIR_FERRY = "5408"  # 7.36: nothing may end its move there, so it is never a base
CARRIERS = frozenset({"CV", "CVL", "CVE"})
NEUTRALISER_TYPES = CARRIERS | {"air"}  # not "lrb", not "b29" (7.35, 11.31)
COMMONWEALTH = frozenset({"british", "australian", "new_zealand", "indian", "burmese"})
POSITIONS_KEPT = 16
FIXED_KEPT = 32
TRACES_KEPT = 64
FLYERS_KEPT = 8  # for each trace, the flyers it supplies where they stand
BACKS_KEPT = 8  # searches back from the sources that a new one may carry on from
SEARCHES_KEPT = 512
OUTS_KEPT = 64  # searches of limited range that a new one from the same start may carry on from
ZONES_KEPT = 256  # projections of ZOI and HQ ranges of sets of hexes
IDS_KEPT = 32  # sets of hexes as hex ids

Hexes = int  # a set of hexes of the playable map, as a bit set (see MapGraph)
States = tuple[int, int]  # supply-path states: (hexes entered by land, hexes entered by sea)
T = TypeVar("T")
K = TypeVar("K")


# -- the static map graph, once per process ---------------------------------------------------
class MapGraph:
    """The playable map for supply and activation paths, with sets of hexes as bit sets.

    Hex ``CCRR`` is bit ``column * height + row``, so the neighbour of every hex in one direction
    is a constant number of bits away (with two offsets for the diagonals, by column parity) and
    one step of a whole set of hexes is eight shifts and masks (:class:`ShiftSteps`).
    """

    def __init__(self, board: Board) -> None:
        self.board = board
        self.ids = sorted(h for h, rec in board.hexes.items() if "off_map" not in rec.areas)
        self._layout(board)
        self._hexes(board)
        self._sides(board)
        self._places(board)
        self._disks: dict[tuple[int, int], Hexes] = {}
        self._ids: OrderedDict[Hexes, frozenset[str]] = OrderedDict()
        self.zoi_disk = {b: self.disk(b, ZOI_RADIUS) for b in self.bit.values()}

    def _layout(self, board: Board) -> None:
        places = {h: board.grid.parse(h) for h in self.ids}
        first_col = min(col for col, _ in places.values())
        first_row = min(row for _, row in places.values())
        height = max(row for _, row in places.values()) - first_row + 1
        self.bit = {h: (c - first_col) * height + r - first_row for h, (c, r) in places.items()}
        self.hex_at: dict[int, str] = {b: h for h, b in self.bit.items()}

    def _hexes(self, board: Board) -> None:
        self.land = self.port = self.airfield = self.base = 0
        for hex_id, b in self.bit.items():
            record = board.hexes[hex_id]
            if record.terrain != "ocean":
                self.land |= 1 << b
                if record.port or record.airfield:  # may be supply-eligible
                    self.base |= 1 << b
                if record.airfield:
                    self.airfield |= 1 << b
            if record.port:
                self.port |= 1 << b
        self.ports = tuple((h, self.bit[h]) for h in self.ids if board.hexes[h].port)

    def _sides(self, board: Board) -> None:
        """Steps across land hexsides, sea hexsides that are also land (coastal), all-water sea
        hexsides, and any water hexside as the crow flies (module docstring, "Hexside kinds")."""
        land, coast, water, crow_water = [], [], [], []
        for hex_id, a in self.bit.items():
            for other in board.neighbours(hex_id):
                b = self.bit.get(other)
                if b is None:
                    continue
                flags = board.flags(hex_id, other)
                if "land" in flags:
                    land.append((a, b))
                else:
                    crow_water.append((a, b))
                if "sea" in flags:
                    (coast if "land" in flags else water).append((a, b))
        self.by_land = ShiftSteps(land).step
        self.by_coast = ShiftSteps(coast).step
        self.by_water = ShiftSteps(water).step
        self.crow_water = ShiftSteps(crow_water).step

    def _places(self, board: Board) -> None:
        found: dict[str, list[int]] = {"sources": [], "cities": [], "kunming": [], "india": []}
        for hex_id, b in self.bit.items():
            record = board.hexes[hex_id]
            if record.allied_supply_source:
                found["sources"].append(b)
            if record.city and "home_islands" in record.areas:
                found["cities"].append(b)
            if "kunming_area" in record.areas:
                found["kunming"].append(b)
            if "india_north" in record.areas and record.airfield:
                found["india"].append(b)
        self.allied_sources = _union(found["sources"])  # 13.2
        self.japanese_cities = tuple(sorted(found["cities"]))  # 13.2, when Japanese-controlled
        self.kunming_area = _union(found["kunming"])  # 12.75
        self.india_airfields = tuple(sorted(found["india"]))  # 12.74, 13.31
        self.air_ferry = self.bit.get(AIR_FERRY, -1)
        watched = {self.hex_at[b] for b in bit_positions(self.base)}
        watched.update(self.hex_at[b] for b in self.japanese_cities)
        self.watched = tuple(sorted(watched))  # the hexes whose control supply depends on

    def disk(self, centre: int, radius: int) -> Hexes:
        """The map hexes within ``radius`` of hex bit ``centre`` (kept for the process)."""
        key = (centre, radius)
        found = self._disks.get(key)
        if found is None:
            near = self.board.within(self.hex_at[centre], radius)
            found = self._disks[key] = _union(self.bit[h] for h in near if h in self.bit)
        return found

    def hex_ids(self, hexes: Hexes) -> frozenset[str]:
        """The hex ids of a set of hexes (the last sets asked kept: ZOI often stays as it was
        from one position to the next)."""
        return kept(self._ids, hexes, lambda: self._ids_of(hexes), IDS_KEPT)

    def _ids_of(self, hexes: Hexes) -> frozenset[str]:
        return frozenset(self.hex_at[b] for b in bit_positions(hexes))

    def start(self, b: int) -> States:
        """The state a path starts from in hex bit ``b``: entered by land on land, by sea at
        sea."""
        return (1 << b, 0) if self.land >> b & 1 else (0, 1 << b)


_GRAPHS: dict[int, MapGraph] = {}
_DISKS: dict[tuple[int, str, int], frozenset[str]] = {}
_POSITIONS: OrderedDict[tuple[Any, ...], Supply] = OrderedDict()
_FIXED: OrderedDict[tuple[Any, ...], _Fixed] = OrderedDict()
_TRACES: OrderedDict[tuple[Any, ...], _Trace] = OrderedDict()
_SEARCHES: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
_ZONES: OrderedDict[tuple[Any, ...], Hexes] = OrderedDict()
_OUTS: OrderedDict[tuple[int, States, int], tuple[tuple[Hexes, Hexes, Hexes], list[States]]] = (
    OrderedDict()
)
_BACKS: deque[tuple[int, Hexes, Hexes, Hexes, Hexes, list[States]]] = deque(maxlen=BACKS_KEPT)


def map_graph(board: Board) -> MapGraph:
    """The map graph of ``board``, built on first use (one per board per process)."""
    found = _GRAPHS.get(id(board))
    if found is None or found.board is not board:
        found = _GRAPHS[id(board)] = MapGraph(board)
    return found


def hexes_within(board: Board, centre: str, radius: int) -> frozenset[str]:
    """The hexes within ``radius`` of ``centre`` (cached per process)."""
    key = (id(board), centre, radius)
    found = _DISKS.get(key)
    if found is None:
        found = _DISKS[key] = frozenset(board.within(centre, radius))
    return found


def _union(bits: Iterable[int]) -> Hexes:
    found = 0
    for b in bits:
        found |= 1 << b
    return found


def _merge(sets: Iterable[Hexes]) -> Hexes:
    found = 0
    for hexes in sets:
        found |= hexes
    return found


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

    def __init__(self, graph: MapGraph, projected: dict[str, Hexes], neutral: dict[str, Hexes]):
        self._graph = graph
        self._bit = graph.bit
        self._sets: dict[tuple[str, str], frozenset[str]] = {}
        self._projected = projected
        self._neutral = neutral
        self.block: dict[str, Hexes] = {
            side: projected[forces.enemy(side)] & ~neutral[side] for side in SIDES
        }

    @RULES.implements("7.35")
    def blocks(self, hex_id: str, side: str) -> bool:
        """An un-neutralised ZOI of ``side``'s enemy covers the hex: it hinders ``side``."""
        return _has(self.block[side], self._bit.get(hex_id))

    def projected(self, hex_id: str, by_side: str) -> bool:
        """``by_side`` projects ZOI into the hex, neutralised or not (5.22, 6.27)."""
        return _has(self._projected[by_side], self._bit.get(hex_id))

    def neutralised(self, hex_id: str, by_side: str) -> bool:
        """``by_side`` has an in-supply non-LRB air unit or carrier projecting into the hex."""
        return _has(self._neutral[by_side], self._bit.get(hex_id))

    def blocked_hexes(self, side: str) -> frozenset[str]:
        """Every hex where :meth:`blocks` is true for ``side`` (kept: movement tests whole
        searches against such sets)."""
        return self._hexes("blocked", side, self.block[side])

    def projected_hexes(self, by_side: str) -> frozenset[str]:
        """Every hex where :meth:`projected` is true for ``by_side`` (kept)."""
        return self._hexes("projected", by_side, self._projected[by_side])

    def _hexes(self, what: str, side: str, hexes: Hexes) -> frozenset[str]:
        found = self._sets.get((what, side))
        if found is None:
            found = self._sets[what, side] = self._graph.hex_ids(hexes)
        return found


def _has(hexes: Hexes, b: int | None) -> bool:
    return b is not None and bool(hexes >> b & 1)


# -- supply lines -------------------------------------------------------------------------------
class SupplyLines:
    """The steps of supply lines (13.1) under one set of blockers, taken by whole sets of states
    at once: a set of states is a pair of hex sets, those entered by land and those by sea.

    ``blocked``: hexes in un-neutralised enemy ZOI; ``enemy_only``: hexes held solely by enemy
    ground or air units; ``enemy_port``: enemy-controlled ports.
    """

    def __init__(self, graph: MapGraph, blocked: Hexes, enemy_only: Hexes, enemy_port: Hexes):
        self.graph = graph
        self.blockers = (blocked, enemy_only, enemy_port)
        self.key = (id(graph), blocked, enemy_only, enemy_port)
        self.clear = ~blocked  # (2) a water hexside of a hex in enemy ZOI blocks
        self.open = ~enemy_only  # (6) every land hexside of a hex held solely by the enemy blocks
        self.ashore = graph.port & ~enemy_port  # (3) (4) a path comes ashore at a friendly port
        self.to_sea = ~enemy_port  # (5) not out to sea from an enemy port entered overland

    @RULES.implements("13.1")
    def onward(self, states: States) -> States:
        """The states one step further along a supply line (from the HQ towards its source,
        or towards the unit)."""
        graph, by_land, by_sea = self.graph, *states
        leaving = (by_land | by_sea & self.ashore) & self.open
        sailing = by_sea | by_land & self.to_sea
        return (
            graph.by_land(leaving) & self.open,
            graph.by_coast(sailing) | graph.by_water(sailing & self.clear) & self.clear,
        )

    @RULES.implements("13.1")
    def backward(self, states: States) -> States:
        """The states one step *before* ``states`` on a supply line: the exact reverse of
        :meth:`onward` (hexside kinds are symmetric), to search from the sources."""
        graph, by_land, by_sea = self.graph, *states
        overland = graph.by_land(by_land & self.open) & self.open
        sailed = graph.by_coast(by_sea) | graph.by_water(by_sea & self.clear) & self.clear
        return overland | sailed & graph.land & self.to_sea, sailed | overland & self.ashore

    def to_sources(self, sources: Hexes) -> States:
        """Every state with a supply line to one of ``sources`` (remembered, with the states
        reached after each step of the search, which a later search may carry on from)."""
        steps = _remembered(("back", *self.key, sources), lambda: self._to_sources(sources))
        _BACKS.append((id(self.graph), *self.blockers, sources, steps))
        return steps[-1]

    def _to_sources(self, sources: Hexes) -> list[States]:
        """The search of :meth:`to_sources`, carried on from the recent one (``_BACKS``) that
        leaves it the least to do. A search keeps the states it had reached after each of its
        steps. One under other blockers, with fewer sources, still reaches what it had reached
        before its first step into a hex that a blocker added since touches: every such state
        has a supply line through states reached before it, and those hexes are untouched
        (a blocker taken away only adds lines). So the search goes on from those states, with
        the new sources, as if they were its first steps."""
        graph, (blocked, only, ports) = self.graph, self.blockers
        start = (sources & graph.land, sources)
        prefix: list[States] = []
        for known, *base, known_sources, steps in reversed(_BACKS):
            if known != id(graph) or known_sources & ~sources:
                continue
            added = blocked & ~base[0] | only & ~base[1] | ports & ~base[2]
            valid = _untouched(steps, added)
            if valid > len(prefix):
                prefix = steps[:valid]
                if known_sources != sources:
                    prefix = [(land | start[0], sea | start[1]) for land, sea in prefix]
        return spread_steps(self.backward, prefix or [start])

    def within(self, starts: States, limit: int, region: Hexes) -> Hexes:
        """The hexes a supply line from one of the states ``starts`` reaches in ``limit``
        steps. Remembered under the blockers in ``region``, the hexes within ``limit`` of a
        start: no step of the search reads any other."""
        blocked, only, ports = self.blockers
        near = (blocked & region, only & region, ports & region)
        key = (id(self.graph), *near, starts, limit)
        by_land, by_sea = _remembered(("out", *key), lambda: self._within(starts, limit, near))
        return by_land | by_sea

    def _within(self, starts: States, limit: int, near: tuple[Hexes, Hexes, Hexes]) -> States:
        """The search of :meth:`within`, carried on from the last one from the same states with
        the same limit (``_OUTS``), under the blockers ``near`` the starts. Its first steps
        reached the same states, each after as many steps, up to the first step that reaches a
        hex touched by a blocker added since, or that reaches next to one taken away since
        (a step may then lead into it; a blocker only ever reads the hex a step leaves or
        enters); the search goes on from the last of those for the steps left."""
        graph = self.graph
        where = (id(graph), starts, limit)
        known = _OUTS.get(where)
        reached = [starts]
        if known is not None:
            before, steps = known
            added = removed = 0
            for old, new in zip(before, near, strict=True):
                added |= new & ~old
                removed |= old & ~new
            valid = _untouched(steps, added)
            if removed:
                nearby = removed | graph.by_land(removed) | graph.crow_water(removed)
                valid = min(valid, _untouched(steps, nearby) + 1)
            reached = steps[:valid] or reached
        steps = spread_steps(self.onward, reached, limit=limit)
        latest(_OUTS, where, (near, steps), OUTS_KEPT)
        return steps[-1]


def _remembered(key: tuple[Any, ...], search: Callable[[], T]) -> T:
    """The result of ``search``, kept for the process under ``key``, which holds everything the
    search reads (the blockers as bit sets, where it starts, how far it goes). A move or a change
    of control usually leaves most of them alone: about two searches in three are found here in
    random play."""
    return kept(_SEARCHES, key, search, SEARCHES_KEPT)


def kept(table: OrderedDict[K, T], key: K, make: Callable[[], T], limit: int) -> T:
    """``table[key]``, made and kept (the ``limit`` last made are) if missing. A hit does not
    move its key to the end: that hashed the key a second time (a position's signature holds the
    whole units table), and keeping the last used that way cost 0.07 G more instructions in three
    campaign games than keeping the last made.
    Threads of a server share the tables: two may make the same value, and one may find gone a
    key another dropped; either way the value is right."""
    found = table.get(key)
    if found is None:
        found = table[key] = make()
        while len(table) > limit:
            try:
                table.popitem(last=False)
            except KeyError:
                break
    return found


def latest(table: OrderedDict[K, T], key: K, value: T, limit: int) -> None:
    """``table[key] = value``, the ``limit`` keys last set kept (threads may share the table: a
    key another thread dropped first is no matter)."""
    table.pop(key, None)
    table[key] = value  # now the last set
    while len(table) > limit:
        try:
            table.popitem(last=False)
        except KeyError:
            break


def spread(
    step: Callable[[States], States], start: States, *, max_cost: int | None = None
) -> States:
    """Every state reached from ``start`` by repeated ``step``, starts included, by whole
    breadth-first levels, at most ``max_cost`` steps: the two-set form of :func:`flood`
    (:func:`spread_steps`' last item)."""
    return spread_steps(step, [start], limit=max_cost)[-1]


def spread_steps(
    step: Callable[[States], States], reached: list[States], *, limit: int | None = None
) -> list[States]:
    """:func:`spread` from the states ``reached[-1]`` (all taken as the frontier), keeping what
    is reached after each step: ``reached`` (the states reached after the search's first
    steps, kept) and then one item per step, until ``limit`` steps in all (counting those of
    ``reached``) or nothing new."""
    found = list(reached)
    seen_land, seen_sea = frontier = found[-1]
    while (frontier[0] or frontier[1]) and (limit is None or len(found) <= limit):
        by_land, by_sea = step(frontier)
        frontier = by_land & ~seen_land, by_sea & ~seen_sea
        seen_land |= frontier[0]
        seen_sea |= frontier[1]
        found.append((seen_land, seen_sea))
    return found


def _untouched(steps: list[States], hexes: Hexes) -> int:
    """How many of a search's ``steps`` (the states reached after each, growing) reach no hex of
    ``hexes``: a binary search, the steps being nested."""
    low, high = 0, len(steps)
    while low < high:
        middle = (low + high) // 2
        land, sea = steps[middle]
        if (land | sea) & hexes:
            high = middle
        else:
            low = middle + 1
    return low


class _Trace:
    """One side's supply under one set of blocked (un-neutralised enemy ZOI) hexes, whatever
    its flyers: the states with a supply line to a source, the supplied HQs, Kunming's land
    network, and the hexes each group of supplied HQs reaches within its range, worked out when
    first asked (:meth:`reached`). Kept for the process (``_TRACES``), so a move of a flyer
    finds its side's trace again and only asks which flyers it supplies."""

    __slots__ = (
        "_reached", "china", "flyers", "groups", "hqs", "kunming", "lines", "side", "to_source"
    )  # fmt: skip

    def __init__(self, side: str, lines: SupplyLines, to_source: States) -> None:
        self.side = side
        self.lines = lines  # the supply lines of the side under these blockers
        self.to_source = to_source  # the states with a supply line to a source
        self.hqs: set[str] = set()
        self.kunming: Hexes = 0  # hexes with an all-land path to a Kunming source
        self.china = False  # Kunming is a source and the China box is in supply
        self.groups: list[_Group] = []  # the supplied HQs, by kind and range (7.53)
        self._reached: dict[int, Hexes] = {}
        self.flyers: OrderedDict[tuple[Any, ...], frozenset[str]] = OrderedDict()  # supplied

    def reaches_source(self, start: States) -> bool:
        """Whether a supply line leads from the state(s) ``start`` to a source."""
        return bool(start[0] & self.to_source[0] or start[1] & self.to_source[1])

    def reached(self, index: int) -> Hexes:
        """The hexes the HQs of ``groups[index]`` reach within their range by supply lines
        (13.1): one search from all of them reaches what each would (kept; two threads may
        search alike)."""
        found = self._reached.get(index)
        if found is None:
            group = self.groups[index]
            found = self.lines.within(group.starts, group.limit, group.region)
            self._reached[index] = found
        return found


class _Group:
    """Supplied HQs of one kind and command range (one stands for all, 7.53): where they stand,
    as supply-line states, and the hexes within their range as the crow flies."""

    __slots__ = ("hq", "limit", "region", "starts")

    def __init__(self, hq: Unit, limit: int, starts: States, region: Hexes) -> None:
        self.hq = hq
        self.limit = limit
        self.starts = starts
        self.region = region


class _Fixed:
    """The fixed point of supply and ZOI (:meth:`Supply._fixed_point`) and what is derived from
    it alone: base eligibility and activation ranges (kept with it)."""

    __slots__ = ("activation", "eligible", "supplied", "traces", "zoi")

    def __init__(
        self, traces: dict[str, _Trace], supplied: dict[str, frozenset[str]], zoi: Zoi
    ) -> None:
        self.traces = traces
        self.supplied = supplied  # each side's flyers in supply
        self.zoi = zoi
        self.eligible: dict[str, Hexes] = {}  # each side's supply-eligible bases
        self.activation: dict[tuple[str, frozenset[str]], frozenset[str]] = {}


_AIR, _HQ, _COMBAT, _FLIES, _NEUTRALISES = 1, 2, 4, 8, 16
_KINDS: dict[int, dict[str, tuple[str, int]]] = {}
_CHART: dict[int, tuple[dict[str, tuple[str, str]], dict[Any, Unit]]] = {}


def _chart(records: dict[str, Unit]) -> tuple[dict[str, tuple[str, str]], dict[Any, Unit]]:
    """Each unit's nationality and class, and a unit of each (kept for the process): the 7.53
    chart (:func:`commands`) tells them apart by nothing else."""
    found = _CHART.get(id(records))
    if found is None:
        kind_of = {u: (record.nationality, record.unit_class) for u, record in records.items()}
        like = {kind: records[u] for u, kind in kind_of.items()}
        found = _CHART[id(records)] = (kind_of, like)
    return found


def _reached_by(trace: _Trace, record: Unit, hexes: Hexes) -> Hexes:
    """Those of ``hexes`` that a group of the trace's supplied HQs that may supply units like
    ``record`` (7.53) reaches within its range (13.1); a group's search is made only for hexes
    within its range that no other group reached."""
    found = 0
    for index, group in enumerate(trace.groups):
        if hexes & ~found & group.region and commands(group.hq, record):
            found |= trace.reached(index) & hexes
    return found


def _kinds(records: dict[str, Unit]) -> dict[str, tuple[str, int]]:
    """Each unit's side and what it is to supply, as flags (kept for the process)."""
    found = _KINDS.get(id(records))
    if found is None:
        found = _KINDS[id(records)] = {}
        for unit_id, record in records.items():
            kind = (record.unit_class == "air") * _AIR | (record.unit_class == "hq") * _HQ
            kind |= (record.unit_class in ("ground", "air")) * _COMBAT | _flies(record) * _FLIES
            kind |= (record.type in NEUTRALISER_TYPES) * _NEUTRALISES
            found[unit_id] = (record.side, kind)
    return found


class _Roles:
    """The units of each side by what they are to supply, in the order of the game data's
    units (``all``, ``hqs``, ``others``: not HQs, ``combat``: ground and air, ``flyers``: air
    units and carriers), the neutralisers among the flyers (7.35), and every air unit."""

    __slots__ = ("air", "all", "combat", "flyers", "hqs", "neutralisers", "others")

    def __init__(self, records: dict[str, Unit], order: tuple[str, ...]) -> None:
        kinds = _kinds(records)
        self.air = tuple(u for u in order if kinds[u][1] & _AIR)
        self.neutralisers = frozenset(u for u in order if kinds[u][1] & _NEUTRALISES)

        def of(side: str, flag: int, value: int) -> tuple[str, ...]:
            return tuple(u for u in order if kinds[u][0] == side and kinds[u][1] & flag == value)

        self.all = {side: of(side, 0, 0) for side in SIDES}
        self.hqs = {side: of(side, _HQ, _HQ) for side in SIDES}
        self.others = {side: of(side, _HQ, 0) for side in SIDES}
        self.combat = {side: of(side, _COMBAT, _COMBAT) for side in SIDES}
        self.flyers = {side: of(side, _FLIES | _HQ, _FLIES) for side in SIDES}


_ROLES: OrderedDict[tuple[int, tuple[str, ...]], _Roles] = OrderedDict()
ROLES_KEPT = 4
_PARTS: OrderedDict[tuple[Any, ...], _SidePart] = OrderedDict()
PARTS_KEPT = 16
_Control = tuple[dict[str, str | None], dict[str, Hexes], str, dict[str, Hexes]]
_CONTROLS: OrderedDict[tuple[Any, ...], _Control] = OrderedDict()
CONTROLS_KEPT = 8


def _roles(records: dict[str, Unit], order: tuple[str, ...]) -> _Roles:
    """:class:`_Roles` of the units in ``order`` (the game data's), kept for the process: a
    game's units are always the same, in the same order."""
    return kept(_ROLES, (id(records), order), lambda: _Roles(records, order), ROLES_KEPT)


def _placed(
    units: tuple[str, ...], at: Callable[[str], str], bit_of: Callable[[str], int | None]
) -> list[tuple[str, int]]:
    """Those of ``units`` on the map, each with the bit of its hex, in the order given."""
    return [(u, b) for u in units if (b := bit_of(at(u))) is not None]


class _SidePart:
    """What the fixed point reads of one side's units, worked out by ``map`` over the units of
    one role, in C: the hexes it occupies (``present``) and those its ground and air units
    occupy (``combat``), as bit sets; its HQs and its flyers (air units and carriers, none
    while its ZOI is suspended) with their hex bits, in the game data's order; the flyers, and
    those that neutralise (7.35). Shared between positions: read it, never change it."""

    __slots__ = ("combat", "flyers", "flying", "hqs", "neutralisers", "present")

    def __init__(
        self, roles: _Roles, side: str, at: Callable[[str], str], graph: MapGraph, loud: bool
    ) -> None:
        bit_of = graph.bit.get
        present = set(map(bit_of, map(at, roles.all[side])))
        combat = set(map(bit_of, map(at, roles.combat[side])))
        present.discard(None)
        combat.discard(None)
        self.present: Hexes = _union(present)
        self.combat: Hexes = _union(combat)
        self.hqs = _placed(roles.hqs[side], at, bit_of)
        self.flying = _placed(roles.flyers[side], at, bit_of) if loud else []
        self.flyers = [u for u, _ in self.flying]
        self.neutralisers = [u for u in self.flyers if u in roles.neutralisers]


class Supply:
    """Supply status of every unit, HQ and base, and the ZOI it implies (13.0-13.3).

    Built from a snapshot of the position; it keeps no reference to the game state.
    """

    def __init__(self, g: Context) -> None:
        parts = forces.parts(g)
        self.graph = map_graph(parts.board)
        self._records = parts.units
        self._snapshot(g)
        fixed = self._fixed_point()
        self._traces = fixed.traces
        self.zoi = fixed.zoi
        self._eligible = fixed.eligible
        self.activation = fixed.activation
        self._supplied = fixed.supplied["allied"] | fixed.supplied["japan"]
        self._grounded: dict[str, set[str]] = {}  # each side's other units, when first asked
        self._hqs = self._traces["allied"].hqs | self._traces["japan"].hqs
        self._hump_emergency()

    # -- queries ---------------------------------------------------------------------------
    @RULES.implements("13.1", "13.2")
    def hq(self, hq_id: str) -> bool:
        """The HQ is on the map and traces a supply line to an ultimate source of its side."""
        return hq_id in self._hqs

    @RULES.implements("13.1", "12.74", "12.75")
    def unit(self, unit_id: str) -> bool:
        """The unit (any class, HQs too) is in supply."""
        if unit_id in self._supplied or unit_id in self._hqs:
            return True
        side = self._records[unit_id].side
        grounded = self._grounded.get(side)
        if grounded is None:
            grounded = self._grounded[side] = self._supply_of_the_others(side)
        return unit_id in grounded

    @RULES.implements("13.2", "7.36")
    def eligible(self, hex_id: str, side: str) -> bool:
        """A friendly-controlled port or airfield that traces a supply line to a source."""
        return _has(self.eligible_bases(side), self.graph.bit.get(hex_id))

    @RULES.implements("13.2", "7.36", "12.75")
    def eligible_bases(self, side: str) -> Hexes:
        """The hexes where :meth:`eligible` is true for ``side``, as a bit set: its ports and
        airfields but the air ferry (7.36), controlled by it (Kunming's area by the Allies,
        12.75), on Kunming's land network or with a supply line to a source. Kept with the fixed
        point, from which alone it is worked out."""
        found = self._eligible.get(side)
        if found is None:
            graph, trace = self.graph, self._traces[side]
            friendly = self.controlled(side)
            if side == "allied":
                friendly |= graph.kunming_area
            ferry = 1 << graph.air_ferry if graph.air_ferry >= 0 else 0
            reaching = trace.kunming | trace.to_source[0]
            found = self._eligible[side] = graph.base & ~ferry & friendly & reaching
        return found

    def controlled(self, side: str) -> Hexes:
        """The ports, airfields and Home Islands cities ``side`` controls, as a bit set."""
        return self._controlled_bits[side]

    def hq_hexes(self) -> Hexes:
        """The hexes of the map holding an HQ of either side, as a bit set."""
        return _union(b for side in SIDES for _, b in self.hqs[side])

    @RULES.implements("13.1")
    def line_between(self, side: str, start: str, end: str) -> bool:
        """A supply line of ``side`` of any length leads from hex ``start`` to hex ``end``,
        under the blockers of the position (13.1: the enemy ZOI the fixed point leaves, the
        hexes held solely by the enemy, enemy ports), ``start`` standing where an HQ or unit
        would (remembered: one search from ``start`` answers every ``end``)."""
        graph = self.graph
        first, last = graph.bit.get(start), graph.bit.get(end)
        if first is None or last is None:
            return False
        lines = self._traces[side].lines
        by_land, by_sea = _remembered(
            ("from", *lines.key, first), lambda: spread(lines.onward, graph.start(first))
        )
        return bool((by_land | by_sea) >> last & 1)

    @RULES.implements("12.75", "10.34")
    def kunming_is_source(self) -> bool:
        """Kunming is a supply source: the Burma Road is open, or the HUMP is active with a
        supply-eligible Northern India airfield (12.75; Chinese replacements, 10.34)."""
        return self._traces["allied"].china

    def side_key(self, side: str) -> tuple[Any, ...]:
        """Everything :meth:`eligible`, :meth:`headquarters`, the ZOI that hinders ``side``
        and the activation ranges of its HQs read: its supply lines to the sources and
        Kunming's network, the hexes blocked to it and held solely by its enemy, control, where
        the HQs are. Another position with this key answers these alike for ``side`` whatever
        the other side's supply."""
        trace = self._traces[side]
        return (
            id(self.graph),
            side,
            trace.to_source,
            trace.kunming,
            self.zoi.block[side],
            self.enemy_only[side],
            self.held,
            *(tuple(self.hqs[each]) for each in SIDES),
        )

    def headquarters(self, side: str) -> list[tuple[str, str]]:
        """The side's HQs on the map, with their hexes, in the order of the game data."""
        return [(hq_id, self.graph.hex_at[b]) for hq_id, b in self.hqs[side]]

    @RULES.implements("13.3", "13.31", "13.32")
    def emergency(self, unit_id: str) -> bool:
        """The unit is on an emergency supply route: in the Tokyo Express hex, or (HUMP) in
        Kunming or the China box."""
        return unit_id in self._emergency

    # -- the position, as bit sets ---------------------------------------------------------
    def _snapshot(self, g: Context) -> None:
        """The position as bit sets and the lists the fixed point reads (HQs, flyers, the hexes
        each side occupies): each worked out by ``map`` over the units of one role, in C, rather
        than by one Python loop over all units; the lists few positions need (the units but HQs, the
        China box) when first asked, from a copy of where the units are."""
        graph, silent = self.graph, zoi_suspended(g)
        units = g.data["units"]
        roles = self._roles = _roles(self._records, tuple(units))
        self._at = at = dict(units)
        locate = at.__getitem__
        parts = {side: self._side_part(roles, side, locate, side not in silent) for side in SIDES}
        self.hqs = {side: parts[side].hqs for side in SIDES}
        self.flying = {side: parts[side].flying for side in SIDES}  # air units and carriers
        self.flyers = {side: parts[side].flyers for side in SIDES}
        self.neutralisers = {side: parts[side].neutralisers for side in SIDES}
        self.where: dict[str, int] = dict(self.flying["allied"])  # the flyers' hexes
        self.where.update(self.flying["japan"])
        self.silent = silent
        self.enemy_only: dict[str, Hexes] = {
            side: parts[forces.enemy(side)].combat & ~parts[side].present for side in SIDES
        }
        self.control, self.enemy_port, self.held, self._controlled_bits = self._controlled(g)
        # Kunming's area is Allied controlled and occupied for all purposes (12.75)
        self.enemy_only["japan"] |= graph.kunming_area
        self.enemy_only["allied"] &= ~graph.kunming_area
        self._forced_and_emergency(g)
        self.hump = bool(g.data["tracks"].get("hump"))
        self.road_open = g.data["tracks"].get("burma_road") == "open"
        self._kunming: Hexes | None = None
        self._side_keys: dict[str, tuple[Any, ...]] = {}

    def _side_part(
        self, roles: _Roles, side: str, locate: Callable[[str], str], loud: bool
    ) -> _SidePart:
        """:class:`_SidePart` of ``side``, kept for the process under where its units are: a
        move or a placement changes one side's part only."""
        key = (id(self.graph), roles.all[side], loud, tuple(map(locate, roles.all[side])))
        return kept(
            _PARTS, key, lambda: _SidePart(roles, side, locate, self.graph, loud), PARTS_KEPT
        )

    def _controlled(self, g: Context) -> _Control:
        """Control of the hexes supply watches, each side's enemy ports, that control as one
        string for the keys of the tables (a string keeps its hash: a tuple of the several
        hundred hexes' controllers is hashed again at every look-up), and the hexes each side
        controls as bit sets, kept for the process under that control (it changes seldom)."""
        graph = self.graph
        control = g.data["control"]
        key = held_key(g, graph)
        held = key.items

        def worked_out() -> _Control:
            ports: dict[str | None, list[int]] = {side: [] for side in SIDES}
            for hex_id, b in graph.ports:
                ports.setdefault(control.get(hex_id), []).append(b)
            enemy_port = {side: _union(ports[forces.enemy(side)]) for side in SIDES}
            token = "\0".join(map(str, held))  # one name per hex: a side's, or None
            bits: dict[str | None, list[int]] = {side: [] for side in SIDES}
            for hex_id, side in zip(graph.watched, held, strict=True):
                bits.setdefault(side, []).append(graph.bit[hex_id])
            controlled = {side: _union(bits[side]) for side in SIDES}
            return dict(zip(graph.watched, held, strict=True)), enemy_port, token, controlled

        return kept(_CONTROLS, (id(graph), key), worked_out, CONTROLS_KEPT)

    @cached_property
    def others(self) -> dict[str, list[tuple[str, int]]]:
        """Each side's units on the map but the HQs, with their hex bits, in the order of the game
        data."""
        at, bit_of = self._at.__getitem__, self.graph.bit.get
        return {side: _placed(self._roles.others[side], at, bit_of) for side in SIDES}

    @cached_property
    def china_box(self) -> list[str]:
        """The air units in the Air Units in China box (12.74)."""
        return [u for u in self._roles.air if self._at[u] == "china"]

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
        if express in self.graph.bit and g.data["control"].get(express) != "allied":
            at = self._at  # the side's units in the hex, without placing all 200 units
            for unit_id in self._roles.all["japan"]:
                if at[unit_id] == express:
                    self.forced["japan"].add(unit_id)
                    self._emergency.add(unit_id)

    # -- the fixed point -------------------------------------------------------------------
    def _fixed_point(self) -> _Fixed:
        """The fixed point of the position's supply and ZOI, computed or found again: it
        depends only on what :meth:`_fixed_key` holds, so a move of a unit that neither flies
        nor is an HQ, and changes no hex's occupation, finds it again."""

        def resolved() -> _Fixed:
            traces, supplied = self._resolve()
            return _Fixed(traces, supplied, self._zoi(supplied))

        return kept(_FIXED, self._fixed_key(), resolved, FIXED_KEPT)

    def _fixed_key(self) -> tuple[Any, ...]:
        """Everything the fixed point reads of the position: the air units and carriers that
        project ZOI and the HQs, with their hexes; the hexes held solely by the enemy and the
        enemy ports; control of the bases and cities; the Burma Road and HUMP; the units kept
        supplied (activated, Tokyo Express); which sides project no ZOI for now."""
        return (
            id(self.graph),
            *(tuple(self.flying[side]) for side in SIDES),
            *(tuple(self.hqs[side]) for side in SIDES),
            *(self.enemy_only[side] for side in SIDES),
            *(self.enemy_port[side] for side in SIDES),
            self.held,
            self.hump,
            self.road_open,
            *(frozenset(self.forced[side]) for side in SIDES),
            self.silent,
        )

    @RULES.implements("13.1", "7.35")
    def _resolve(self) -> tuple[dict[str, _Trace], dict[str, frozenset[str]]]:
        """Alternate the two sides from the Allied-optimistic end (module docstring): start
        from every Allied flyer that could be supplied at all, a superset of those supplied
        under no Japanese ZOI, so the iteration ends at the same fixed point, usually after one
        Japanese and one Allied trace. Each side's trace, with its flyers in supply."""
        allied_flyers = self._possible_flyers()
        while True:
            japan, japanese = self._side("japan", self._projection(allied_flyers))
            allied, supplied = self._side("allied", self._projection(japanese))
            if supplied == allied_flyers:
                return {"allied": allied, "japan": japan}, {"allied": supplied, "japan": japanese}
            allied_flyers = supplied

    def _possible_flyers(self) -> frozenset[str]:
        """The Allied flyers that could be supplied at all: kept supplied, on Kunming's land
        network, or within plain range of an Allied HQ that may supply them (7.53), asked once
        per nationality and class of flyer."""
        where, forced = self.where, self.forced["allied"]
        kunming = self._kunming_land() if self.road_open or self.hump else 0
        kind_of, like = _chart(self._records)
        near: dict[tuple[str, str], Hexes] = {}
        found = set()
        for unit_id in self.flyers["allied"]:
            b, kind = where[unit_id], kind_of[unit_id]
            if kind not in near:
                near[kind] = self._hq_disks("allied", like[kind])
            if unit_id in forced or (kunming | near[kind]) >> b & 1:
                found.add(unit_id)
        return frozenset(found)

    def _hq_disks(self, side: str, unit: Unit) -> Hexes:
        """The hexes within the command range of the side's HQs (supplied or not) that may
        supply ``unit`` (7.53), kept for the process under where the HQs are and the kind of
        unit (the chart tells units apart by nothing else)."""
        records, disk, hqs = self._records, self.graph.disk, self.hqs[side]

        def merged() -> Hexes:
            return _merge(
                disk(b, records[hq_id].command_range or 0)
                for hq_id, b in hqs
                if commands(records[hq_id], unit)
            )

        key = ("hq_disks", id(self.graph), tuple(hqs), unit.nationality, unit.unit_class)
        return kept(_ZONES, key, merged, ZONES_KEPT)

    def _projection(self, flyers: Iterable[str]) -> Hexes:
        """The ZOI the flyers project: the union of the disks around the hexes they stand in,
        kept for the process under those hexes (flyers share hexes, and most positions leave
        most of them where they were)."""
        where, disk = self.where, self.graph.zoi_disk
        hexes = frozenset([where[u] for u in flyers])
        key = ("zoi", id(self.graph), hexes)
        return kept(_ZONES, key, lambda: _merge(disk[b] for b in hexes), ZONES_KEPT)

    def _side(self, side: str, enemy_zoi: Hexes) -> tuple[_Trace, frozenset[str]]:
        """One side's supply under the enemy ZOI, its own neutralisers taken optimistically:
        all assumed supplied, then those found unsupplied dropped until nothing changes. The
        trace, with the side's flyers it supplies."""
        neutralisers = set(self.neutralisers[side])
        blocked = enemy_zoi & ~self._projection(neutralisers)
        while True:
            trace = self._traced(side, blocked)
            flyers = self._supplied_flyers(side, trace)
            kept = {u for u in neutralisers if u in flyers}
            if kept == neutralisers:
                break
            neutralisers = kept
            again = enemy_zoi & ~self._projection(neutralisers)
            if again == blocked:  # the dropped units neutralised nothing that mattered
                break
            blocked = again
        return trace, flyers

    def _supplied_flyers(self, side: str, trace: _Trace) -> frozenset[str]:
        """The side's flyers that ``trace`` supplies (:meth:`_supplied_among`), kept with the
        trace under what else that reads: where they are and which units are kept supplied."""
        key = (tuple(self.flying[side]), frozenset(self.forced[side]))
        return kept(
            trace.flyers,
            key,
            lambda: frozenset(self._supplied_among(side, trace, self.flying[side])),
            FLYERS_KEPT,
        )

    def _traced(self, side: str, blocked: Hexes) -> _Trace:
        """:meth:`_trace`, kept for the process under everything it reads of the position: one
        side's trace does not change with what changes only the other side's (its ground
        units' hexes, its HQs, its flyers but through the ZOI they project, ``blocked``), nor
        with where its own flyers are."""
        known = self._side_keys.get(side)
        if known is None:
            known = self._side_keys[side] = self._side_key(side)
        return kept(_TRACES, (*known, blocked), lambda: self._trace(side, blocked), TRACES_KEPT)

    def _side_key(self, side: str) -> tuple[Any, ...]:
        """What a trace of ``side`` reads besides the blocked hexes (:meth:`_trace`)."""
        forced = self.forced[side]
        return (
            id(self.graph),
            side,
            self.enemy_only[side],
            self.enemy_port[side],
            self.held,  # sources: Home Islands cities, Northern India
            self.road_open,
            self.hump,
            frozenset(hq_id for hq_id, _ in self.hqs[side] if hq_id in forced),
            tuple(self.hqs[side]),
        )

    def _trace(self, side: str, blocked: Hexes) -> _Trace:
        """Which HQs of ``side`` are supplied: every state with a supply line to a source (one
        search back from the sources), Kunming's network, the HQs kept supplied. Units are
        supplied through it by :meth:`_supplied_among`: the flyers (air units and carriers:
        their ZOI is what the fixed point is about) by :meth:`_side`, the other units when
        their supply is first asked (:meth:`_supply_of_the_others`)."""
        graph = self.graph
        lines = SupplyLines(graph, blocked, self.enemy_only[side], self.enemy_port[side])
        sources = graph.allied_sources if side == "allied" else self._japanese_sources()
        trace = _Trace(side, lines, lines.to_sources(sources))
        if side == "allied":
            trace.china = self.road_open or (self.hump and self._india_airfield(trace))
            if trace.china:
                trace.kunming = self._kunming_land()
        forced = self.forced[side]
        for hq_id, b in self.hqs[side]:
            if trace.reaches_source(graph.start(b)) or trace.kunming >> b & 1 or hq_id in forced:
                trace.hqs.add(hq_id)
        trace.groups = self._groups(trace)
        return trace

    def _supply_of_the_others(self, side: str) -> set[str]:
        """The side's supplied units that do not fly (or whose side projects no ZOI for now),
        under the supply lines of the fixed point; the China box's air units with Kunming
        (12.74). Asked for one side at a time: a listing asks of one side's units."""
        flying = {unit_id for unit_id, _ in self.flying[side]}
        rest = [(u, b) for u, b in self.others[side] if u not in flying]
        found = self._supplied_among(side, self._traces[side], rest)
        if self._traces["allied"].china:
            found.update(u for u in self.china_box if self._records[u].side == side)
        return found

    def _supplied_among(self, side: str, trace: _Trace, units: list[tuple[str, int]]) -> set[str]:
        """Which of ``units`` (with their hex bits) are supplied: activated or emergency ones
        (forced), those on Kunming's land network, and those a supplied HQ that may supply them
        (7.53) reaches within its range (13.1). The chart treats all units of one nationality
        and class alike, so it is asked once for each, with the hexes they stand in."""
        forced, kunming, found = self.forced[side], trace.kunming, set()
        kind_of, like = _chart(self._records)
        waiting: dict[tuple[str, str], Hexes] = {}
        for unit_id, b in units:
            if unit_id in forced or kunming >> b & 1:
                found.add(unit_id)
            else:
                kind = kind_of[unit_id]
                waiting[kind] = waiting.get(kind, 0) | 1 << b
        reached = {kind: _reached_by(trace, like[kind], hexes) for kind, hexes in waiting.items()}
        found.update(u for u, b in units if reached.get(kind_of[u], 0) >> b & 1)
        return found

    def _groups(self, trace: _Trace) -> list[_Group]:
        """The supplied HQs of the trace's side by kind and command range (one HQ of each kind
        stands for all, 7.53), in the order of the game data: the hexes HQs of one group reach
        within their range are those one search from all of them reaches."""
        graph, records = self.graph, self._records
        groups: dict[tuple[str | None, int], _Group] = {}
        for hq_id, b in self.hqs[trace.side]:
            if hq_id not in trace.hqs:
                continue
            hq = records[hq_id]
            limit = hq.command_range or 0
            here, near = graph.start(b), graph.disk(b, limit)
            group = groups.get((hq.hq_kind, limit))
            if group is None:
                groups[hq.hq_kind, limit] = _Group(hq, limit, here, near)
                continue
            group.starts = (group.starts[0] | here[0], group.starts[1] | here[1])
            group.region |= near
        return list(groups.values())

    def _japanese_sources(self) -> Hexes:
        """Japanese-controlled city hexes of the Home Islands (13.2)."""
        hex_at = self.graph.hex_at
        return _union(b for b in self.graph.japanese_cities if self.control[hex_at[b]] == "japan")

    @RULES.implements("12.74", "12.76", "13.31")
    def _india_airfield(self, trace: _Trace) -> bool:
        """An Allied-controlled, supply-eligible Northern India airfield."""
        hex_at = self.graph.hex_at
        return any(
            self.control[hex_at[b]] == "allied" and trace.reaches_source((1 << b, 0))
            for b in self.graph.india_airfields
        )

    @RULES.implements("12.75")
    def _kunming_land(self) -> Hexes:
        """Hexes with an all-land path to Kunming that crosses no land hexside of a hex held
        solely by Japanese units (12.75 with 13.1 (6))."""
        if self._kunming is None:
            graph, held = self.graph, self.enemy_only["allied"]
            by_land, free, kunming = graph.by_land, ~held, 1 << graph.bit[KUNMING]
            self._kunming = _remembered(
                ("kunming", id(graph), held),
                lambda: flood(lambda hexes: by_land(hexes & free) & free, kunming),
            )
        return self._kunming

    def _zoi(self, supplied: dict[str, frozenset[str]]) -> Zoi:
        projected: dict[str, Hexes] = {side: self._projection(supplied[side]) for side in SIDES}
        neutral: dict[str, Hexes] = {
            side: self._projection(u for u in self.neutralisers[side] if u in supplied[side])
            for side in SIDES
        }
        return Zoi(self.graph, projected, neutral)

    @RULES.implements("13.31")
    def _hump_emergency(self) -> None:
        """With the HUMP active and an eligible Northern India airfield, the Allied units in
        Kunming and in the China box are on an emergency supply route (13.31)."""
        allied = self._traces["allied"]
        if allied.china and self.hump and self._india_airfield(allied):
            at = self._at  # the Allied units in Kunming, without placing all 200 units
            self._emergency.update(u for u in self._roles.all["allied"] if at[u] == KUNMING)
            self._emergency.update(self.china_box)


# -- public entry points ---------------------------------------------------------------------------
def supply(g: Context) -> Supply:
    """Supply status of the position (memoised in ``g.cache["supply"]``)."""
    found = g.cache.get("supply")
    if found is None:
        found = kept(_POSITIONS, _signature(g), lambda: Supply(g), POSITIONS_KEPT)
        g.cache["supply"] = found
        g.cache["zoi"] = found.zoi
    result: Supply = found
    return result


def supplied_units(g: Context, side: str) -> list[str]:
    """``side``'s units on the map that are in supply, in the game data's order."""
    found = supply(g)
    return [u for u in forces.units_on_map(g, side) if found.unit(u)]


@RULES.implements("7.35")
def zoi_suspended(g: Context) -> tuple[str, ...]:
    """Sides whose air units and carriers project no ZOI for now, so neither hinder nor
    neutralise (7.35: some events cancel ZOI for a time; IAI, 17.11): marked in
    ``data["lasting"]`` as ``no_<side>_zoi``."""
    lasting = g.data.get("lasting") or ()
    return tuple(side for side in SIDES if f"no_{side}_zoi" in lasting)


def zoi(g: Context) -> Zoi:
    """Air zones of influence of the position (memoised in ``g.cache["zoi"]``)."""
    found = g.cache.get("zoi")
    if found is None:
        found = supply(g).zoi
    result: Zoi = found
    return result


def held_key(g: Context, graph: MapGraph) -> forces.HashedOnce:
    """Who controls each hex supply watches, hashed once for the context (a change of control,
    :func:`forces.set_control`, forgets it with the other derived results)."""
    found: forces.HashedOnce | None = g.cache.get("held")
    if found is None:
        held = tuple(map(g.data["control"].get, graph.watched))
        found = g.cache["held"] = forces.HashedOnce(held)
    return found


def _signature(g: Context) -> tuple[Any, ...]:
    """Everything a :class:`Supply` depends on: where the units are (all of them: taking the
    whole table is ten times quicker than sorting out the boxes, and a unit moving between boxes
    alone is rare); who controls the ports, airfields and Home Islands cities; the Burma Road and
    HUMP; Tokyo Express; the units activated in the current offensive; suspended ZOI."""
    data = g.data
    graph = map_graph(forces.parts(g).board)
    control = data["control"]
    offensive = data.get("offensive") or {}
    express = data.get("tokyo_express")
    tracks = data["tracks"]
    return (
        id(graph),
        forces.units_key(g),  # the units' table, hashed once for the position
        held_key(g, graph),
        tracks.get("burma_road"),
        bool(tracks.get("hump")),
        express,
        control.get(express) if express else None,
        tuple(offensive.get("activated", ())),
        tuple((offensive.get("reaction") or {}).get("activated", ())),
        zoi_suspended(g),
    )


@RULES.implements("7.51", "6.26")
def command_range(g: Context, hq_id: str) -> frozenset[str]:
    """Hexes within the HQ's command range, whatever lies between (6.26: cannot be blocked)."""
    where = forces.at(g, hq_id)
    if not forces.on_map(where):
        return frozenset()
    return hexes_within(forces.parts(g).board, where, forces.record(g, hq_id).command_range or 0)


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
        hexes = _activation(g, found, hq_id, where, key[1])
        known = found.activation[key] = found.graph.hex_ids(hexes)
    return known


def activation_bits(g: Context, hq_id: str) -> Hexes:
    """:func:`activation_range` (without battle hexes) as a bit set of the map graph."""
    where = forces.at(g, hq_id)
    if not forces.on_map(where):
        return 0
    return _activation(g, supply(g), hq_id, where, frozenset())


def _activation(
    g: Context, found: Supply, hq_id: str, where: str, battles: frozenset[str]
) -> Hexes:
    graph = found.graph
    side = forces.side_of(g, hq_id)
    blocked = found.zoi.block[side]
    held = found.enemy_only[side] & ~_union(graph.bit[h] for h in battles if h in graph.bit)
    clear, free = ~blocked, ~held
    crow_water, by_land = graph.crow_water, graph.by_land

    def step(hexes: Hexes) -> Hexes:
        return crow_water(hexes & clear) & clear | by_land(hexes & free) & free

    limit = forces.record(g, hq_id).command_range or 0
    b = graph.bit[where]
    near = graph.disk(b, limit)  # no step of the search reads a hex further away
    return _remembered(
        ("activation", id(graph), blocked & near, held & near, b, limit),
        lambda: flood(step, 1 << b, max_cost=limit),
    )


@RULES.implements("13.4", "7.51")
def in_hq_range_for_attrition(g: Context, unit_id: str) -> bool:
    """Within the command range of any friendly HQ on the map, supplied or not; nothing blocks
    the path (13.4; 7.35 "does not affect" E)."""
    where = forces.at(g, unit_id)
    if not forces.on_map(where):
        return False
    board = forces.parts(g).board
    for hq_id in forces.units_on_map(g, forces.side_of(g, unit_id)):
        record = forces.record(g, hq_id)  # an HQ's class first: a distance for HQs only
        if record.unit_class != "hq":
            continue
        if board.distance(forces.at(g, hq_id), where) <= (record.command_range or 0):
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


@RULES.implements("12.93")
def japan_reaches_resources(g: Context) -> bool:
    """Some Japanese-controlled resource hex traces a supply line to a Japanese ultimate source
    (a Japanese city of the Home Islands), as an HQ there would (13.1)."""
    found = supply(g)
    board = forces.parts(g).board
    graph, trace = found.graph, found._traces["japan"]
    return any(
        board.hexes[h].resource
        and g.data["control"][h] == "japan"
        and trace.reaches_source(graph.start(graph.bit[h]))
        for h in board.land_hexes
    )
