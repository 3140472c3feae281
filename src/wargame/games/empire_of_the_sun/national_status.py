"""National status (12.0): the National Status segment of the Political phase (4.31).

Hex control (12.1) follows the ground units as they move and fight (movement, battle). Here,
once per Political phase: the surrender of each Allied nation whose key hexes Japan holds (12.2-
12.8), the status of India (12.62), the Burma Road (12.76), the Mandates, New Guinea and the
Marshalls (12.84, 12.85, 12.92) and Japan's own surrender (12.93). China surrenders only through
China offensives (12.72-12.73, in :mod:`china`).
"""

from __future__ import annotations

from dataclasses import dataclass

from wargame.engine.board import search
from wargame.engine.procedure import Context
from wargame.engine.state import Frame, Result
from wargame.games.empire_of_the_sun import charts, forces, supply
from wargame.games.empire_of_the_sun.forces import record
from wargame.games.empire_of_the_sun.political_will import adjust, war_in_europe
from wargame.games.empire_of_the_sun.post_battle import EmergencyMoves, emergency_units
from wargame.games.empire_of_the_sun.registry import RULES
from wargame.games.empire_of_the_sun.stacking import fits


@dataclass(frozen=True)
class Nation:
    """An Allied nation that surrenders when Japan holds its key hexes (12.2-12.5, 12.82)."""

    id: str
    area: str
    keys: tuple[str, ...]
    guards: tuple[str, ...] = ("ground",)  # Allied units that keep a port or airfield Allied


ANY_UNIT = ("ground", "air", "naval", "hq")
NATIONS = (
    Nation("philippines", "philippines", ("2813", "2915")),
    Nation("malaya", "malaya", ("2015", "2014"), guards=ANY_UNIT),  # 12.32
    Nation("dei", "dei", ("1813", "1916", "2017", "2220", "2415", "2517", "2616", "2019")),
    Nation("burma", "burma", ("2008", "2106", "2206", "2305")),
    Nation("australia", "australia", ()),
)
RESTORABLE = {nation.id for nation in NATIONS}
NORTHERN_INDIA = ("1905", "2005", "2104", "2105", "2205")
INDIA_REFUGES = ("ceylon", "maldives")
RABAUL, GUADALCANAL = "4021", "4423"
NEW_GUINEA_RESOURCE = "3219"
ENIWETOK, KWAJALEIN = "4415", "4715"
KUNMING, MADRAS = "2407", "1406"
SIAM = "siam"
NO_RESOURCE_PATH_LIMIT = 3

RULES.declare(
    "16.41",
    where=(
        "national_status.py: surrenders cost Political Will, recaptures give back the "
        "asterisked values; the extra 2 for 'all listed nations' counts the five asterisked "
        "nations (Australia, Burma, DEI, Malaya, Philippines), as the third-party implementation "
        "does, since the rule's list is not quoted"
    ),
)


class NationalStatus(EmergencyMoves):
    name = "national_status"

    @RULES.implements("4.31")
    def start(self, g: Context, f: Frame) -> None:
        war_in_europe(g)
        for nation in NATIONS:
            check_nation(g, nation)
        india(g)
        mandates(g)
        new_guinea(g)
        marshalls(g)
        burma_road(g)
        f["emergency"] = emergency_units(g)
        g.goto("japan")

    @RULES.implements("12.93")
    def japan(self, g: Context, f: Frame) -> None:
        if japan_surrenders(g):
            g.end_game(Result("allied", "japan_surrenders", {"winner": "allied"}))
            return
        g.goto("next_emergency")

    @RULES.implements("12.22")
    def next_emergency(self, g: Context, f: Frame) -> None:
        """Units a surrender left in enemy hands move by emergency movement (7.22, 7.32)."""
        f["emergency"] = [u for u in f["emergency"] if forces.on_map(forces.at(g, u))]
        if f["emergency"]:
            g.goto("emergency")
        else:
            g.ret()


# -- Allied nations (12.2-12.5, 12.8) ------------------------------------------------------------


def holds(g: Context, side: str, hexes: tuple[str, ...] | list[str]) -> bool:
    return bool(hexes) and all(forces.friendly(g, h, side) for h in hexes)


def key_hexes(g: Context, nation: Nation) -> list[str]:
    """The hexes whose Japanese control makes the nation surrender: for Australia every coastal
    airfield and port of the mainland (12.82)."""
    if nation.keys:
        return list(nation.keys)
    board = g.static.board
    return [
        h for h in board.area("australia")
        if (board.port(h) or board.airfield(h)) and board.coastal(h)
    ]  # fmt: skip


def check_nation(g: Context, nation: Nation) -> None:
    keys = key_hexes(g, nation)
    surrendered = g.data["surrendered"]
    if nation.id not in surrendered and nation.id not in g.data["recaptured"]:
        if holds(g, "japan", keys):
            surrender(g, nation)
    elif nation.id in surrendered and nation.id != "australia" and holds(g, "allied", keys):
        recapture(g, nation)


@RULES.implements("12.2", "12.21", "12.3", "12.31", "12.4", "12.41", "12.42", "12.5", "12.51")
@RULES.implements("12.52", "12.82", "12.83", "16.4", "12.32")
def surrender(g: Context, nation: Nation) -> None:
    """Each nation surrenders once: its airfields and ports without Allied units become Japanese,
    its own forces go as the rules say, and US Political Will falls."""
    g.data["surrendered"].append(nation.id)
    g.log("log.surrender", nation=nation.id)
    remove_forces(g, nation.id)
    board = g.static.board
    for hex_id in status_hexes(g, nation.area):
        facility = board.port(hex_id) or board.airfield(hex_id)
        if facility and not guarded(g, nation, hex_id) and nation.id != "australia":
            forces.set_control(g, hex_id, "japan")
    table = charts.political_will(g)
    adjust(g, -table.surrender_lost[nation.id], f"surrender_{nation.id}")
    if set(g.data["surrendered"]) >= RESTORABLE:
        adjust(g, -table.all_surrendered_lost, "all_surrendered")


@RULES.implements("12.32")
def guarded(g: Context, nation: Nation, hex_id: str) -> bool:
    """Whether Allied units keep a port or airfield of a surrendering nation. Japan gains only
    the facilities no Allied unit occupies (12.0). The other nations count ground units only
    (the Philippines and the Dutch East Indies remove or evacuate the rest, 12.22, 12.42).
    Malaya's surrender removes no Allied unit (12.32): any Allied unit, an air or naval unit or
    an HQ too, keeps its hex, so none is forced into an emergency move or off the map."""
    return any(forces.is_class(g, u, *nation.guards) for u in forces.units_at(g, hex_id, "allied"))


@RULES.implements("12.33")
def status_hexes(g: Context, area: str) -> list[str]:
    """The hexes of ``area`` that a change of national status may hand over: never a hex of
    Siam. Siam has no forces and never surrenders (it is no nation of :data:`NATIONS` and costs
    no Political Will, 16.41); each Siamese hex belongs to the last side whose ground units
    entered or passed through it (12.1), so no surrender or recapture changes one."""
    board = g.static.board
    return [h for h in board.area(area) if not board.in_area(h, SIAM)]


def remove_forces(g: Context, nation: str) -> None:
    """Philippines: Allied ground units there are removed (HQs return as usual); DEI: every Dutch
    unit; Burma: the Burmese units (12.21, 12.42, 12.52)."""
    board = g.static.board
    for unit_id in sorted(forces.units_on_map(g, "allied")):
        unit = record(g, unit_id)
        here = forces.at(g, unit_id)
        if nation == "philippines" and board.in_area(here, "philippines"):
            if unit.unit_class == "hq":
                later = "removed" if unit.pre_war else f"turn:{g.data['turn'] + 1}"
                forces.move_to(g, unit_id, later)
            elif unit.unit_class == "ground":
                forces.move_to(g, unit_id, "removed")
        elif (nation, unit.nationality) in (("dei", "dutch"), ("burma", "burmese")):
            forces.move_to(g, unit_id, "removed")


def recapture(g: Context, nation: Nation) -> None:
    """The Allies retake what made the nation surrender: they regain its airfields and ports
    without Japanese units, and the Political Will it cost (card losses are not given back; the
    introduction of chapter 12, which has no rule number of its own)."""
    g.data["surrendered"].remove(nation.id)
    g.data["recaptured"].append(nation.id)
    g.log("log.recapture", nation=nation.id)
    board = g.static.board
    for hex_id in status_hexes(g, nation.area):
        facility = board.port(hex_id) or board.airfield(hex_id)
        if facility and not forces.units_at(g, hex_id, "japan"):
            forces.set_control(g, hex_id, "allied")
    adjust(g, charts.political_will(g).surrender_lost[nation.id], f"recapture_{nation.id}")


# -- India (12.6) --------------------------------------------------------------------------------


@RULES.implements("12.6", "12.61", "12.62")
def india(g: Context) -> None:
    """All of Northern India Japanese: Stable → Unrest; two segments in a box move it on (the
    marker's flip side marks the second); two Unstable segments and India surrenders. Any
    Northern India hex Allied sends it back to Stable."""
    tracks = g.data["tracks"]
    if "india" in g.data["surrendered"]:
        return
    if not holds(g, "japan", NORTHERN_INDIA):
        if tracks["india"] != "stable":
            g.log("log.india", status="stable")
        tracks["india"], tracks["india_second"] = "stable", False
        return
    status, second = tracks["india"], tracks["india_second"]
    if status == "stable":
        tracks["india"], tracks["india_second"] = "unrest", False
    elif not second:
        tracks["india_second"] = True
    elif status == "unrest":
        tracks["india"], tracks["india_second"] = "unstable", False
    else:
        india_surrenders(g)
        return
    g.log("log.india", status=tracks["india"])


@RULES.implements("12.63")
def india_surrenders(g: Context) -> None:
    """Indian units are gone for good; other Commonwealth units in India go to Ceylon or the
    Maldives where they can (supply-eligible, outside Japanese air ZOI), else are removed."""
    g.data["tracks"]["india"], g.data["tracks"]["india_second"] = "surrendered", False
    g.data["surrendered"].append("india")
    g.log("log.surrender", nation="india")
    adjust(g, -charts.political_will(g).surrender_lost["india"], "surrender_india")
    board = g.static.board
    refuges = refuge_hexes(g)
    for unit_id in sorted(forces.units_on_map(g, "allied")):
        unit = record(g, unit_id)
        here = forces.at(g, unit_id)
        if unit.nationality == "indian":
            forces.move_to(g, unit_id, "removed")
        elif board.in_any_area(here, ("india_mainland", "india_north")) and unit.unit_class != "hq":
            commonwealth = unit.nationality not in ("us", "chinese", "dutch")
            if commonwealth:
                fits = [h for h in refuges if stacking_room(g, h, unit_id)]
                forces.move_to(g, unit_id, fits[0] if fits else "removed")


def refuge_hexes(g: Context) -> list[str]:
    board = g.static.board
    found = supply.supply(g)
    zoi = supply.zoi(g)
    return [
        h for area in INDIA_REFUGES for h in board.area(area)
        if board.is_land(h) and forces.friendly(g, h, "allied")
        and found.eligible(h, "allied") and not zoi.blocks(h, "allied")
    ]  # fmt: skip


def stacking_room(g: Context, hex_id: str, unit_id: str) -> bool:
    return fits(g, hex_id, [unit_id])


# -- the Mandates, New Guinea, the Marshalls (12.84, 12.85, 12.92) ------------------------------


@RULES.implements("12.8", "12.81", "12.84")
def mandates(g: Context) -> None:
    """Whoever holds Rabaul and Guadalcanal holds every Mandate hex without enemy ground units."""
    for side in ("japan", "allied"):
        if holds(g, side, [RABAUL, GUADALCANAL]):
            sweep(g, side, g.static.board.area("mandates_australian"), ground_only=True)


@RULES.implements("12.85")
def new_guinea(g: Context) -> None:
    """Whoever holds every port and the resource hex of New Guinea holds its named locations
    without enemy units."""
    board = g.static.board
    area = board.area("new_guinea")
    keys = [h for h in area if board.port(h)] + [NEW_GUINEA_RESOURCE]
    named = [h for h in area if board.named_location(h)]
    for side in ("japan", "allied"):
        if holds(g, side, keys):
            sweep(g, side, named, ground_only=False)


@RULES.implements("12.9", "12.92")
def marshalls(g: Context) -> None:
    """Allied Eniwetok and Kwajalein bring the Allies every Marshall island without Japanese
    land units (Japanese air and naval units there then move away in an emergency)."""
    if holds(g, "allied", [ENIWETOK, KWAJALEIN]):
        sweep(g, "allied", g.static.board.area("marshalls"), ground_only=True)


def sweep(g: Context, side: str, hexes: list[str], *, ground_only: bool) -> None:
    enemy = forces.enemy(side)
    for hex_id in hexes:
        if not g.static.board.is_land(hex_id):
            continue
        theirs = forces.units_at(g, hex_id, enemy)
        if ground_only:
            theirs = [u for u in theirs if forces.is_class(g, u, "ground")]
        if not theirs:
            forces.set_control(g, hex_id, side)


# -- the Burma Road (12.76) ----------------------------------------------------------------------


@RULES.implements("12.76")
def burma_road(g: Context) -> None:
    """Open while a transport route through Allied-controlled hexes joins Kunming to Madras."""
    board = g.static.board

    def neighbours(hex_id: str) -> list[str]:
        return [
            b for b in board.neighbours(hex_id)
            if board.route(hex_id, b) and forces.friendly(g, b, "allied")
        ]  # fmt: skip

    open_now = forces.friendly(g, KUNMING, "allied") and MADRAS in search(KUNMING, neighbours)
    status = "open" if open_now else "closed"
    if g.data["tracks"]["burma_road"] != status:
        g.data["tracks"]["burma_road"] = status
        forces.forget_derived(g)
        g.log("log.burma_road", status=status)


# -- Japan (12.93) -------------------------------------------------------------------------------


def japan_surrenders(g: Context) -> bool:
    """All Honshu Allied, or three National Status segments running in which no Japanese
    ultimate supply source reaches a resource hex by a supply line."""
    board = g.static.board
    if holds(g, "allied", board.area("honshu")):
        return True
    cut = not supply.japan_reaches_resources(g)
    g.data["resource_path_cut"] = g.data.get("resource_path_cut", 0) + 1 if cut else 0
    return g.data["resource_path_cut"] >= NO_RESOURCE_PATH_LIMIT
