"""Supply (3.1-3.8): supply lines, sources, partial supply, sea legs, the Japanese supply
network and its submarine, and what being out of supply does.

Every function reads a position as :func:`state.initial_data` builds it and never changes it.
:func:`supply_report` answers a side's whole supply at once (each unit, garrison, area and sea
area: ``full``, ``partial`` or ``out``); :func:`network_problems` / :func:`network_frontier` /
:func:`kept_network` / :func:`network_cost` serve the Japanese network of the first supply
phase (3.5, :mod:`supply_phases`); the
predicates of 3.6, :func:`regained_status` (3.7) and :func:`final_eliminations` (3.8) serve the
phases that read a unit's supply.

How a line is traced
--------------------
A line runs from a unit to a source (3.1, 3.4): overland through friendly-controlled areas, at
most one sea leg (a chain of contiguous sea areas in supply for the side), overland again. It is
computed backwards, once per *supply class* (the powers sharing a set of sources) and side, as
bit sets over the map's areas: the areas linked overland to a source; the sea areas reached in
one leg from their friendly ports; the friendly ports on those sea areas and the areas linked
overland to them; and every area a line may end in next to one of these, or on a coast of a sea
area reached (a coastal area needs no port, 3.4). Each flood spreads only into areas a line may
pass through; the unit's own area is a line's end and may be an enemy-controlled contested area
(3.1). A line ending in the sea area of a fleet or troop transport at sea is a sea leg from there.

Decisions
---------
* **Sources are per power** (3.3, 3.34): a unit draws supply from its own power's home large
  areas. 3.34 (Hawaii and Australian areas count as home areas *for US units only*) would say
  nothing if any Allied home area served every Allied unit. The CW's home areas are the British,
  Indian and Australian ones, for every CW unit; DEI fleets draw as CW fleets (3.33).
* **Nationalist resource areas** (3.31) serve the Nationalists in addition to China's home areas:
  the friendly-controlled resource areas of China (the map's region), Hong Kong excepted, so
  Peking, Shanghai, Szechwan, Yunnan and Manchukuo. Hong Kong, the one CW resource area in China,
  is the only one the exception needs to name if the rule means China's resource areas; read as
  any Allied resource area it would make India and Australia Nationalist sources, and 4.11 uses
  the same words for the areas the Nationalists collect WERP from.
* **Partial sources** (3.35): Luzon, French Indo-China and Manchukuo serve every unit of the side
  controlling them; a line to one of them gives partial supply. Port boxes and island boxes are
  not sources: they give partial supply only to what stands in them (units in a friendly port
  box, garrisons in a friendly island box, 3.22-3.23), as the seed's 3.35 says "these partial
  supply sources" of the three areas only.
* **Ports** (3.24): a port opens onto every sea area of its box, or the sea areas across its
  large area's passable coasts (:func:`influence.port_seas`); a sea leg starts and ends in such a
  port of a friendly-controlled area, but at the unit's end a coastal area needs none.
* **The restricted sea boundary** South Philippine Sea-Sulu Sea (8.22 b) limits fleet moves only;
  supply lines and the network cross it. The off-map route south of Australia (9.25) serves
  Allied lines only, and is a sea connection inside the one sea leg.
* **Submarine supply and Allied dominant influence** (open question 7): a sea area covered by the
  Japanese submarine (3.52) is in supply for Japan even where the Allies hold dominant
  influence. 3.52 lets the submarine ignore that influence precisely so that the sea area is
  supplied; if 3.4 (a) still cut it, the exemption would do nothing.
* **The network's anchor** (3.51 b): the chain starts in a sea area bordering a Japanese-controlled
  home island (Honshu, Kyushu, Shikoku). Seas covered by the submarine are links of the chain.
* **Partisans** (4.8 b): a conquered resource or oil area outside Japan (one of another nation
  than Japan on the map, which gives Manchukuo, Korea and Formosa to Japan) controlled by Japan
  without a Japanese ground unit or garrison, and a resource area of China controlled by the
  Allies without an Allied ground unit or garrison (4.8 names only these two powers; Hong Kong
  is the CW's, not the Nationalists'), can neither be entered nor passed by the controller's
  lines; Nationalist lines may end in their own unoccupied resource area (so it still serves as
  their source).
* **Units at sea** (fleets, troop transports): a line from the sea area itself, as a sea leg.
* **CBA** have their carrier's supply (they stand on it, 4.21); CBA in a box no carrier on the map
  carries, and submarines (not units, key terms), are not reported.
* **3.7 and 3.8**: elimination in the final supply phase reads the supply traced then (1.19:
  "unable to obtain even partial supply"), whatever the marker says; a moved unit that traces a
  line but stands in no newly captured area keeps its marker (3.7) without being eliminated.
* **Supply in India** (9.17): a unit is supplied "through Indian ports" when its line needs a sea
  leg coming ashore in India (its home areas and Ceylon, as 9.31 counts India; not the Andaman
  Islands, an island box off it), at an Indian port or on an Indian coast (else the limit would
  not hold for coastal areas, which need no port). Two such units or garrisons keep that supply,
  Japan's choice (the first two by id unless it says), the others what they trace without it.
  Without Indian shores a line can only be as good or worse, so these are the ones it helps.
* **Hit bonuses** (3.35, 3.6): a partially supplied unit has none but banzai; a unit out of supply
  keeps them (3.6 says so of defenders and takes only half the dice from attackers).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cache, cached_property
from typing import Any, Final, Literal

from wargame.engine.board.paths import bit_positions
from wargame.engine.log import Side
from wargame.engine.memo import Answers, remembered
from wargame.games.asia_engulfed.board import COASTS, LAND_BOUNDARIES, SEA_MOVES, area_map
from wargame.games.asia_engulfed.forces import FLEETS, GROUND, side_of
from wargame.games.asia_engulfed.influence import influence, port_seas
from wargame.games.asia_engulfed.registry import RULES
from wargame.games.asia_engulfed.state import BOX_PREFIX
from wargame.games.asia_engulfed.transports import transports_available

Status = Literal["full", "partial", "out"]
SupplyClass = Literal["japan", "usa", "cw", "china_nat", "always"]

CLASSES: Final[dict[Side, tuple[SupplyClass, ...]]] = {
    "japan": ("japan",),
    "allies": ("usa", "cw", "china_nat"),
}
HOMES: Final[dict[str, tuple[str, ...]]] = {  # the home_of values each class draws from (3.3)
    "japan": ("japan",),
    "usa": ("usa",),
    "cw": ("british", "indian", "australian"),
    "china_nat": ("china",),
}
LAND_EDGES: Final = LAND_BOUNDARIES  # 3.1: all carry supply
COAST_EDGES: Final = COASTS  # 3.4: a coastal area needs no port
SEA_EDGES: Final = SEA_MOVES
ALLIED_SEA_EDGES: Final = (*SEA_EDGES, "off_map_route")  # 9.25
PARTIAL: Final = "partial"
GARRISON: Final = "garrison"
UNITS: Final = GROUND | {"lba", GARRISON}  # "units" of 3.33: ground and air, not fleets


# -- the map as bit sets ---------------------------------------------------------------------


@dataclass(frozen=True)
class Tables:
    """The map's areas as bit positions and, per area, its neighbours of each kind as bit sets."""

    names: tuple[str, ...]
    index: dict[str, int]
    land: tuple[int, ...]
    coast: tuple[int, ...]  # land area -> sea areas it borders; sea area -> the areas on it
    port: tuple[int, ...]  # land area -> the sea areas its port opens onto; sea -> those ports
    sea: dict[Side, tuple[int, ...]]
    ports: int
    port_boxes: int
    island_boxes: int
    sources: dict[str, int]
    partial_sources: int
    home_islands: int
    china_resources: int  # the Nationalists' resource areas (3.31, 4.8)
    conquerable: int  # resource or oil areas of another nation than Japan (4.8)
    india: int  # India's home areas and Ceylon (9.17)

    def bits(self, names: Iterable[str]) -> int:
        found = 0
        for name in names:
            found |= 1 << self.index[name]
        return found

    def areas(self, nodes: int) -> list[str]:
        return [self.names[at] for at in bit_positions(nodes)]


@cache
def tables() -> Tables:
    areas = area_map().areas
    names = tuple(areas)
    index = {name: at for at, name in enumerate(names)}
    land = [0] * len(names)
    coast = [0] * len(names)
    sea: dict[Side, list[int]] = {"japan": [0] * len(names), "allies": [0] * len(names)}
    for edge in area_map().edges:
        a, b = index[edge.a], index[edge.b]
        if edge.kind in LAND_EDGES:
            _link(land, a, b)
        elif edge.kind in COAST_EDGES:
            _link(coast, a, b)
        for side, kinds in (("japan", SEA_EDGES), ("allies", ALLIED_SEA_EDGES)):
            if edge.kind in kinds:
                _link(sea[side], a, b)
    port = _port_links(names, index)

    def having(test: Any) -> int:
        return sum(1 << at for at, name in enumerate(names) if test(areas[name]))

    return Tables(
        names=names,
        index=index,
        land=tuple(land),
        coast=tuple(coast),
        port=port,
        sea={side: tuple(links) for side, links in sea.items()},
        ports=having(lambda area: not area.is_sea and area.has_port),
        port_boxes=having(lambda area: area.kind == "port_box"),
        island_boxes=having(lambda area: area.kind == "island_box"),
        sources=_source_bits(having),
        partial_sources=having(lambda area: area.partial_supply_source),
        home_islands=having(lambda area: area.home_of == "japan"),
        china_resources=having(
            lambda area: bool(area.resources) and area.region == "china" and area.id != "hong_kong"
        ),
        india=having(lambda area: area.home_of == "indian" or area.id == "ceylon"),
        conquerable=having(
            lambda area: bool(area.resources or area.oil) and area.nation not in (None, "japan")
        ),
    )


def _link(links: list[int], a: int, b: int) -> None:
    links[a] |= 1 << b
    links[b] |= 1 << a


@RULES.implements("3.24")
def _port_links(names: tuple[str, ...], index: dict[str, int]) -> tuple[int, ...]:
    """Each port area's sea areas, and each sea area's ports (a box's port opens onto every sea
    area the box touches)."""
    port = [0] * len(names)
    for name in names:
        for sea in port_seas(name):
            _link(port, index[name], index[sea])
    return tuple(port)


@RULES.implements("3.21", "3.3", "3.34")
def _source_bits(having: Any) -> dict[str, int]:
    """Each supply class's sources before control: its power's home large areas, and for the
    US Hawaii and the Australian areas too."""
    sources = {
        group: having(lambda area, homes=homes: area.kind == "large" and area.home_of in homes)
        for group, homes in HOMES.items()
    }
    sources["usa"] |= having(lambda area: area.us_supply_home)
    return sources


def _step(links: tuple[int, ...], nodes: int) -> int:
    """Every node linked to a node of ``nodes``: one link set per node, lowest bit first (a map
    of 123 areas gives small sets, where this beats listing the bits)."""
    found = 0
    while nodes:
        low = nodes & -nodes
        found |= links[low.bit_length() - 1]
        nodes ^= low
    return found


def _spread(links: tuple[int, ...], start: int, within: int) -> int:
    """``start`` and every node linked to it through nodes of ``within``."""
    seen = frontier = start
    while frontier:
        frontier = _step(links, frontier) & within & ~seen
        seen |= frontier
    return seen


# -- the Japanese supply network (3.5) --------------------------------------------------------


@dataclass(frozen=True)
class Network:
    """The sea areas of the Japanese supply network: those with a network marker and the one
    covered by the submarine (3.52), if any."""

    markers: frozenset[str] = frozenset()
    submarine: str | None = None

    @classmethod
    def of(cls, position: Mapping[str, Any]) -> Network:
        """The network a position records under ``network`` (none if it records none)."""
        held = position.get("network") or {}
        return cls(frozenset(held.get("markers", ())), held.get("submarine"))

    @property
    def seas(self) -> frozenset[str]:
        return self.markers | ({self.submarine} if self.submarine else set())


def marker_value(sea: str) -> int:
    """The transport symbols printed in a sea area: its marker's value and cost (3.51)."""
    value = area_map().areas[sea].transport
    assert value is not None, f"sea area {sea} has no transport value"
    return value


@RULES.implements("3.51")
def network_cost(network: Network) -> int:
    """Transport points the network takes: every marker's value, the submarine's sea area
    excepted (3.51, 3.52)."""
    return sum(marker_value(sea) for sea in network.markers)


@RULES.implements("3.5", "3.51", "3.52")
def network_problems(
    position: Mapping[str, Any], network: Network, available: int | None = None
) -> list[str]:
    """Why ``network`` may not be Japan's this turn, one line each naming its rule; empty when
    it may. ``available``: the transport points it may take (default: Transports Available, or
    the capacity where the position has no such track)."""
    areas = area_map().areas
    unknown = sorted(sea for sea in network.seas if sea not in areas or not areas[sea].is_sea)
    if unknown:
        return [f"3.51: {', '.join(unknown)}: no sea area"]
    found = _submarine_problems(position, network)
    dominant = influence(position)
    barred = frozenset(sea for sea in network.markers if dominant[sea] == "allies")
    found += [f"3.51 (a): the Allies hold dominant influence in {sea}" for sea in sorted(barred)]
    linked = _anchored(position, network.seas - barred)
    found += [
        f"3.51 (b): {sea} is not linked to the home islands by network sea areas"
        for sea in sorted(network.seas - barred - linked)
    ]
    room = transports_available(position) if available is None else available
    if network_cost(network) > room:
        found.append(f"3.51 (c): the network costs {network_cost(network)}, only {room} available")
    return found


def legal_network(
    position: Mapping[str, Any], network: Network, available: int | None = None
) -> bool:
    return not network_problems(position, network, available)


@RULES.implements("3.52")
def _submarine_problems(position: Mapping[str, Any], network: Network) -> list[str]:
    sea = network.submarine
    if sea is None:
        return []
    if sea in network.markers:
        return [f"3.52: the submarine covers {sea} alone, without a marker"]
    boat = japanese_submarine(position)
    if boat is None:
        return ["3.52: Japan has no submarine unit in play"]
    if marker_value(sea) > boat["steps"]:
        return [
            f"3.52: a {boat['steps']}-step submarine cannot cover {sea} (value {marker_value(sea)})"
        ]
    return []


def japanese_submarine(position: Mapping[str, Any]) -> Mapping[str, Any] | None:
    return next(
        (
            c
            for c in position["counters"].values()
            if c["type"] == "submarine" and c["power"] == "japan"
        ),
        None,
    )


@RULES.implements("3.51")
def _anchored(position: Mapping[str, Any], seas: frozenset[str]) -> frozenset[str]:
    """The sea areas of ``seas`` linked to a Japanese-controlled home island through sea areas of
    ``seas``."""
    t = tables()
    own = t.bits(area for area, side in position["control"].items() if side == "japan")
    inside = t.bits(seas)
    start = _step(t.coast, t.home_islands & own) & inside
    return frozenset(t.areas(_spread(t.sea["japan"], start, inside)))


@RULES.implements("3.51")
def network_frontier(position: Mapping[str, Any], network: Network) -> list[str]:
    """The sea areas a new marker (or the submarine) could extend ``network`` into: those
    bordering a Japanese-controlled home island or next to a sea area of the network linked to
    one, not in the network yet (3.51 b). Influence and capacity are :func:`network_problems`'."""
    t = tables()
    own = t.bits(area for area, side in position["control"].items() if side == "japan")
    linked = t.bits(_anchored(position, network.seas))
    near = _step(t.coast, t.home_islands & own) | _step(t.sea["japan"], linked)
    areas = area_map().areas
    return [
        sea
        for sea in t.areas(near & ~t.bits(network.seas))
        if areas[sea].is_sea and areas[sea].transport is not None
    ]


@RULES.implements("3.51")
def kept_network(position: Mapping[str, Any], network: Network) -> Network:
    """What stays of last turn's network: markers where the Allies now hold dominant influence
    go, then whatever is no longer linked to the home islands (the submarine ignores influence,
    3.52). Capacity is the player's to settle."""
    dominant = influence(position)
    markers = frozenset(sea for sea in network.markers if dominant.get(sea) != "allies")
    linked = _anchored(position, markers | ({network.submarine} if network.submarine else set()))
    submarine = network.submarine if network.submarine in linked else None
    return Network(markers & linked, submarine)


# -- control as supply sees it (3.1, 3.25, 4.8) -----------------------------------------------


@dataclass(frozen=True)
class Ground:
    """A side's areas as its supply lines see them: where a line may pass, where it may end."""

    friendly: int
    passable: int
    endpoint: int
    partisan: int


@RULES.implements("3.1", "3.25", "4.8")
def ground(position: Mapping[str, Any], side: Side) -> Ground:
    """Lines pass through friendly-controlled areas, contested or not (3.1); they may end in an
    enemy-controlled contested area (a unit's own) but not pass it; neutral and enemy areas stop
    them. Partisan areas (4.8 b) of the side are neither passed nor entered."""
    question = (
        side,
        tuple(position["control"].items()),
        tuple(position["contested"]),
        frozenset(_occupied(position, side)),
    )
    return _GROUNDS.get(question, lambda: _ground(*question))


_GROUNDS: Final[Answers[Ground]] = Answers(512)
"""A side's ground, by all that decides it (:func:`_ground`'s arguments): control, contests and
the areas the side occupies change far less often than positions do."""


def _ground(
    side: Side,
    control: tuple[tuple[str, str], ...],
    contested: tuple[str, ...],
    occupied: frozenset[str],
) -> Ground:
    t = tables()
    friendly = t.bits(area for area, owner in control if owner == side)
    enemy = t.bits(area for area, owner in control if owner not in (side, "neutral"))
    partisan = _partisan(side, friendly, occupied)
    return Ground(
        friendly=friendly,
        passable=friendly & ~partisan,
        endpoint=(friendly | (enemy & t.bits(contested))) & ~partisan,
        partisan=partisan,
    )


@RULES.implements("4.8")
def _partisan(side: Side, friendly: int, occupied: frozenset[str]) -> int:
    t = tables()
    held = t.conquerable if side == "japan" else t.china_resources
    return friendly & held & ~t.bits(occupied)


def _occupied(position: Mapping[str, Any], side: Side) -> set[str]:
    """Areas holding a ground unit or garrison of ``side``."""
    found = {
        unit["where"]
        for unit in position["units"].values()
        if unit["owner"] == side and unit["hidden"]["type"] in GROUND
    }
    found.update(area for power, area in position["garrisons"] if side_of(power) == side)
    return found & set(tables().index)


def _is_sea(where: str) -> bool:
    return area_map().areas[where].is_sea


# -- lines (3.1, 3.3, 3.4) ---------------------------------------------------------------------


@dataclass(frozen=True)
class Reach:
    """Where a line to a class's sources may start: land areas and sea areas, as bit sets."""

    areas: int
    seas: int


@RULES.implements("3.1", "3.4", "9.25")
def reach(
    sources: int, lines: Ground, sea_ok: int, sea_links: tuple[int, ...], shores: int = -1
) -> Reach:
    """Every area and sea area a line of at most one sea leg links to ``sources``; ``shores``:
    the areas where the sea leg may come ashore at the unit's end (all by default)."""
    t = tables()
    inland = _spread(t.land, sources, lines.passable)
    seas = _spread(sea_links, _step(t.port, inland & t.ports) & sea_ok, sea_ok)
    landing = _step(t.port, seas) & t.ports & lines.passable & shores
    ashore = _spread(t.land, landing, lines.passable)
    linked = inland | ashore
    ends = linked | _step(t.land, linked) | _step(t.coast, seas) & shores
    return Reach(ends & lines.endpoint, seas)


@RULES.implements("3.4", "3.5", "3.52", "8.13")
def sea_areas_in_supply(
    position: Mapping[str, Any], side: Side, network: Network | None = None
) -> int:
    """The sea areas ``side`` may trace supply through: no enemy dominant influence (3.4 a) and,
    for Japan, in its network (3.4 b), the submarine's sea area whatever the influence (3.52)."""
    t = tables()
    dominant = influence(position)
    open_seas = t.bits(sea for sea, holder in dominant.items() if holder in (None, side))
    if side == "allies":
        return open_seas
    network = network or Network.of(position)
    return (t.bits(network.markers) & open_seas) | t.bits(
        [network.submarine] if network.submarine else []
    )


@RULES.implements("3.3", "3.31", "3.34", "3.35")
def class_sources(group: str, lines: Ground) -> int:
    """A class's friendly-controlled sources (home areas even contested, 3.3); ``partial``:
    Luzon, French Indo-China and Manchukuo (3.35)."""
    t = tables()
    if group == PARTIAL:
        return t.partial_sources & lines.friendly
    found = t.sources[group] & lines.friendly
    if group == "china_nat":
        found |= t.china_resources & lines.friendly  # 3.31, Hong Kong excepted
    return found


@RULES.implements("3.32", "3.33")
def supply_class(power: str, unit_type: str) -> SupplyClass:
    """Whose sources a unit draws on: Communists, DEI and Philippine units need none (always),
    DEI fleets draw as CW fleets."""
    if power in ("china_comm", "philippines") or (power == "dei" and unit_type in UNITS):
        return "always"
    return "cw" if power == "dei" else power  # type: ignore[return-value]


# -- the report --------------------------------------------------------------------------------


@dataclass
class SupplyReport:
    """A side's supply: each unit (blocks, LBA, CBA) and garrison (by area) ``full``,
    ``partial`` or ``out``; :meth:`where` and :attr:`areas` / :attr:`seas` for any place."""

    side: Side
    reaches: dict[str, Reach] = field(repr=False)
    lines: Ground = field(repr=False)
    units: dict[str, Status] = field(default_factory=dict)
    garrisons: dict[str, Status] = field(default_factory=dict)
    fleets: set[str] = field(default_factory=set, repr=False)

    def where(self, where: str, power: str, unit_type: str = "infantry") -> Status:
        """The supply of a unit of ``power`` standing in ``where``, a land or sea area, by its
        line alone (not the shelter of a port box, 3.22)."""
        group = supply_class(power, unit_type)
        if group == "always":
            return "full"
        at = tables().index.get(where)
        if at is None:
            raise ValueError(f"unknown area {where!r}")
        bit = 1 << at
        sea = _is_sea(where)
        for status, reached in (("full", self.reaches[group]), ("partial", self.reaches[PARTIAL])):
            if bit & (reached.seas if sea else reached.areas):
                return status  # type: ignore[return-value]
        return "out"

    @RULES.implements("3.22", "3.23", "3.35")
    def unit_at(self, where: str, power: str, unit_type: str) -> Status:
        """The supply of a unit of ``power`` and ``unit_type`` (``garrison`` for one) standing
        in ``where``: its line's, at least partial in a friendly-controlled port box (3.22), and
        for a garrison in a friendly-controlled island box too (3.23)."""
        status = self.where(where, power, unit_type)
        if status != "out" or _is_sea(where):
            return status
        t = tables()
        boxes = t.port_boxes | (t.island_boxes if unit_type == GARRISON else 0)
        return "partial" if (self.lines.friendly & boxes) >> t.index[where] & 1 else "out"

    @cached_property
    def areas(self) -> dict[str, dict[str, Status]]:
        """Per supply class of the side, the supply of every land area a line may end in (the
        side's areas and the contested areas the enemy controls); ``out`` if not listed."""
        t = tables()
        return {
            group: _statuses(t, reach.areas, self.reaches[PARTIAL].areas, self.lines.endpoint)
            for group, reach in self.reaches.items()
            if group != PARTIAL
        }

    @cached_property
    def seas(self) -> dict[str, dict[str, Status]]:
        """Per supply class of the side, the sea areas in its supply (3.4); out if not listed."""
        t = tables()
        return {
            group: _statuses(t, reach.seas, self.reaches[PARTIAL].seas, 0)
            for group, reach in self.reaches.items()
            if group != PARTIAL
        }

    def out_of_supply(self) -> list[str]:
        return sorted(unit for unit, status in self.units.items() if status == "out")


@RULES.implements("3.1", "3.2", "3.22", "3.23", "3.35")
def supply_report(
    position: Mapping[str, Any],
    side: Side,
    network: Network | None = None,
    india: Iterable[str] | None = None,
) -> SupplyReport:
    """Every unit's and garrison's supply for ``side``, and the lines for any other place
    (``network``: Japan's network this turn; default the one the position records; ``india``:
    which two Japanese units or garrison areas Indian ports supply, 9.17)."""
    if side not in CLASSES:
        raise ValueError(f"unknown side {side!r}: japan or allies")
    if network is None and india is None:
        return remembered(position, ("supply_report", side), lambda: _whole(position, side))
    return _whole(position, side, network, india)


def _whole(
    position: Mapping[str, Any],
    side: Side,
    network: Network | None = None,
    india: Iterable[str] | None = None,
) -> SupplyReport:
    lines = ground(position, side)
    sea_ok = sea_areas_in_supply(position, side, network)
    report = _report(position, side, lines, sea_ok)
    if side == "japan" and lines.endpoint & tables().india:  # a Japanese line may end in India
        _limit_india(report, _report(position, side, lines, sea_ok, ~tables().india), india)
    report.units.update(_carried(position, side, report.units))
    return report


@RULES.implements("3.1", "3.4")
def supply_lines(position: Mapping[str, Any], side: Side) -> SupplyReport:
    """``side``'s supply lines alone, for :meth:`SupplyReport.where` (a place's supply): no
    unit's or garrison's status is worked out, so it costs little where the lines were traced
    before (:func:`_reaches`)."""
    if side not in CLASSES:
        raise ValueError(f"unknown side {side!r}: japan or allies")

    def answer() -> SupplyReport:
        lines = ground(position, side)
        sea_ok = sea_areas_in_supply(position, side)
        return SupplyReport(side, _reaches(side, lines, sea_ok), lines)

    return remembered(position, ("supply_lines", side), answer)


_REACHES: Final[Answers[dict[str, Reach]]] = Answers(512)
"""Each supply class's reach, by all that decides it (the side, its ground, the sea areas in its
supply and where a sea leg may come ashore): moves and purchases that change none of them, most
of them, leave the lines as they were."""


def _reaches(side: Side, lines: Ground, sea_ok: int, shores: int = -1) -> dict[str, Reach]:
    def answer() -> dict[str, Reach]:
        t = tables()
        return {
            group: reach(
                class_sources(group, lines), _ends(lines, group), sea_ok, t.sea[side], shores
            )
            for group in (*CLASSES[side], PARTIAL)
        }

    return _REACHES.get((side, lines, sea_ok, shores), answer)


def _report(
    position: Mapping[str, Any], side: Side, lines: Ground, sea_ok: int, shores: int = -1
) -> SupplyReport:
    report = SupplyReport(side, _reaches(side, lines, sea_ok, shores), lines)
    for unit_id, power, unit_type, where in _placed(position, side):
        report.units[unit_id] = report.unit_at(where, power, unit_type)
        if unit_type in FLEETS:
            report.fleets.add(unit_id)
    for power, where in position["garrisons"]:
        if side_of(power) == side:
            report.garrisons[where] = report.unit_at(where, power, GARRISON)
    return report


@RULES.implements("9.17")
def _limit_india(report: SupplyReport, without: SupplyReport, chosen: Iterable[str] | None) -> None:
    """Indian ports supply two Japanese units at most, however many Japan holds: of the units
    (ground and air, not fleets: key terms) and garrisons (by area) whose supply needs a sea leg
    coming ashore in India, the two ``chosen`` (by default the first two by id) keep it, the
    others have the supply they trace without."""
    pairs = ((report.units, without.units), (report.garrisons, without.garrisons))
    helped = sorted(
        (
            (key, table, other)
            for table, other in pairs
            for key in table
            if table[key] != other[key] and key not in report.fleets
        ),
        key=lambda item: item[0],
    )
    keep = set(chosen) if chosen is not None else {key for key, _, _ in helped[:2]}
    if len(keep) > 2:
        raise ValueError(f"9.17: Indian ports supply two Japanese units, not {len(keep)}")
    for key, table, other in helped:
        if key not in keep:
            table[key] = other[key]


@RULES.implements("4.8")
def _ends(lines: Ground, group: str) -> Ground:
    """Nationalist lines may end in their own unoccupied resource area (4.8 b)."""
    return (
        replace(lines, endpoint=lines.endpoint | lines.partisan) if group == "china_nat" else lines
    )


def _statuses(t: Tables, full: int, partial: int, out: int) -> dict[str, Status]:
    found: dict[str, Status] = dict.fromkeys(t.areas(out), "out")
    found.update(dict.fromkeys(t.areas(partial), "partial"))
    found.update(dict.fromkeys(t.areas(full), "full"))
    return found


def _placed(position: Mapping[str, Any], side: Side) -> list[tuple[str, str, str, str]]:
    """The side's blocks and LBA on the map: id, power, type, where."""
    known = tables().index
    found = [
        (unit_id, unit["hidden"]["power"], unit["hidden"]["type"], unit["where"])
        for unit_id, unit in position["units"].items()
        if unit["owner"] == side and unit["where"] in known
    ]
    found += [
        (unit_id, counter["power"], counter["type"], counter["where"])
        for unit_id, counter in position["counters"].items()
        if counter["type"] == "lba" and side_of(counter["power"]) == side
        and counter["where"] in known
    ]  # fmt: skip
    return found


def _carried(
    position: Mapping[str, Any], side: Side, units: Mapping[str, Status]
) -> dict[str, Status]:
    """CBA, with the supply of the carrier whose unit box they stand in (4.21)."""
    carriers = {
        BOX_PREFIX + unit["hidden"]["carrier_box"]: unit_id
        for unit_id, unit in position["units"].items()
        if unit["owner"] == side and "carrier_box" in unit["hidden"]
    }
    return {
        unit_id: units[carriers[counter["where"]]]
        for unit_id, counter in position["counters"].items()
        if counter["type"] == "cba" and counter["where"] in carriers
    }


def unit_status(
    position: Mapping[str, Any], side: Side, unit_id: str, network: Network | None = None
) -> Status:
    """One unit's supply (a block, LBA or CBA of ``side``); out for one the report cannot place."""
    return supply_report(position, side, network).units.get(unit_id, "out")


# -- what supply does (3.23, 3.35, 3.6, 3.7, 3.8) ------------------------------------------


@RULES.implements("3.6")
def operational_move_limit(status: Status) -> int | None:
    """Areas a ground unit or LBA may move in the operational movement phase at most: 1 out of
    supply, else its type's allowance (None)."""
    return 1 if status == "out" else None


@RULES.implements("3.6")
def may_strategic_move(status: Status) -> bool:
    return status != "out"


@RULES.implements("3.6")
def may_receive_replacements(status: Status) -> bool:
    return status != "out"


@RULES.implements("3.6")
def attack_dice(dice: int, status: Status) -> int:
    """Dice a ground unit rolls attacking: half, rounded down, out of supply."""
    return dice // 2 if status == "out" else dice


@RULES.implements("3.6")
def lba_may_fight(status: Status) -> bool:
    """Whether an LBA takes part in combat (attack or defence) and may fly across a sea area."""
    return status != "out"


@RULES.implements("3.35", "3.6")
def hit_bonuses_apply(status: Status, *, banzai: bool = False) -> bool:
    """Whether a unit's hit bonuses count: not in partial supply, banzai excepted (3.35); a unit
    out of supply keeps them (3.6)."""
    return status != "partial" or banzai


@RULES.implements("3.23")
def garrison_fires_as(status: Status) -> str:
    """A garrison fires as infantry in full supply, otherwise as militia (3.23, 4.28: a Japanese
    garrison with only partial supply turns to its militia side)."""
    return "infantry" if status == "full" else "militia"


@RULES.implements("3.6")
def must_return_to_port(status: Status) -> bool:
    """Fleets and CBA out of supply work normally but must end the player turn in a supplied
    port, else the final supply phase eliminates them."""
    return status == "out"


@RULES.implements("3.7")
def regained_status(now: Status, *, moved: bool, newly_captured: bool) -> Status:
    """The supply status, after the final supply phase, of a unit marked out of supply in the
    first: ``now`` the supply it traces then. A unit that did not move regains it by a line; one
    that moved only in a newly captured friendly-controlled area (``newly_captured``; an
    enemy-controlled contested area never is one)."""
    if moved and not newly_captured:
        return "out"
    return now


@dataclass(frozen=True)
class Eliminations:
    units: list[str]
    garrisons: list[str]  # areas


@RULES.implements("3.8", "1.19")
def final_eliminations(
    position: Mapping[str, Any], side: Side, network: Network | None = None
) -> Eliminations:
    """What the final supply phase removes to the force pools: every block, air unit and
    garrison of ``side`` that traces not even partial supply now, marked or not."""
    report = supply_report(position, side, network)
    return Eliminations(
        report.out_of_supply(),
        sorted(area for area, status in report.garrisons.items() if status == "out"),
    )
