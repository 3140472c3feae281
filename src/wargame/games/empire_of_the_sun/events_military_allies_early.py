"""Allied military events (5.31): the special conditions of each card, #7 to #38.

No primary card text reaches us (spec 7). Each card follows the effect the spec and
``data/cards.yaml`` give; an effect known only from a later edition's implementation makes the
card ``reconstructed`` there. LV, LV per HQ, HQ restriction and intelligence condition come from
the card data and are applied by the generic offensive (5.31 A-B); what is below is the rest
(5.31 D: it holds for the whole offensive). Where the known effect leaves a detail open, the
function's docstring says what the program does.

Helpers that any military event may use (the Japanese and the later Allied cards too):
:func:`no_naval`, :func:`air_only`, :func:`at_most_one_ground`, :func:`commonwealth_only`
(``activation`` hooks), :func:`is_commonwealth`, :func:`ground_drm` and
:func:`give_back_temporary_asp` (the ``after_battles`` companion of an ``asp`` hook).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from wargame.engine.procedure import Context
from wargame.games.empire_of_the_sun import events, forces, movement
from wargame.games.empire_of_the_sun.events import effect, plain_offensive
from wargame.games.empire_of_the_sun.events_political import rivalry
from wargame.games.empire_of_the_sun.forces import record
from wargame.games.empire_of_the_sun.garrisons import garrisoned, garrisoned_hexes
from wargame.games.empire_of_the_sun.registry import RULES
from wargame.games.empire_of_the_sun.static import Unit
from wargame.games.empire_of_the_sun.supply import COMMONWEALTH

OLYMPIC_ASP = 4  # later-edition hint (spec 7.2, #9)
GHORMLEY, HALSEY = "us-hq-sopac-ghormley", "us-hq-sopac-halsey"
NZ_3_DIVISION = "nz-3-div"
# Hexes a point of OC (T1) takes a unit at most: a ground unit 2 along a transport route (7.41)
GROUND_REACH = int(movement.GROUND_MP / movement.ROUTE_COST)
ASSAULT_REACH = movement.NAVAL_MP

RULES.stand_in(
    "9.31",
    "Temporary ASPs an event gives serve in that event's offensive only; those it spent do not "
    "count against the side's ASPs for the rest of the turn (the duration is not in the rules).",
    key="temporary_asp",
)

plain_offensive("A21", "A32")  # Operation Cartwheel (LV 4, 6 SW Pac), Reno II (LV 4, 7 SW Pac)


# -- rules shared by military events (5.31 D) ------------------------------------------------------


Targets = Callable[[Context], list[str]]
UNREACHABLE: Final = 10_000  # further than any two hexes of the map
BATTLE_MOVES: Final = frozenset({"move", "assault", "barge"})
"""The kinds of move that may make a battle hex: strategic movement never enters a hex that
holds enemy units (7.12)."""
Able = Callable[[Context, str, str, int], bool]


@RULES.implements("5.31")
def able_to_get_there(
    targets: Targets, *, flyers: bool, kinds: frozenset[str] = BATTLE_MOVES
) -> Able:
    """An ``able`` hook for an event that must fight or land in one of ``targets`` (5.31):
    whether a unit could meet it in the event's offensive. A ground unit, or a ship, needs a
    legal move now (of ``kinds``) that the card's ``meets`` hook accepts (with the ships of its
    hex, at the card's OC); a flyer (when ``flyers``: the battle may be an air strike) needs a
    target within its reach (:func:`unit_reaches`). A bound is tried first, to spare the move
    listing; the targets and the bound's answers are kept for the position (the context)."""

    def able(g: Context, card_id: str, unit_id: str, oc: int) -> bool:
        board, here, unit = g.static.board, forces.at(g, unit_id), record(g, unit_id)
        if here not in board.hexes:  # the Air Units in China box
            return False
        anywhere, by_sea = unit_reaches(unit, oc, on_coast=board.coastal(here), ground=not flyers)
        near = within_reach(g, targets, here, anywhere, by_sea)
        if not near or forces.flies(g, unit_id):
            return near
        return moves_meeting(g, card_id, unit_id, oc, kinds)

    return able


def within_reach(g: Context, targets: Targets, here: str, anywhere: int, by_sea: int) -> bool:
    """Whether a target lies within ``anywhere`` hexes of ``here``, or a coastal one within
    ``by_sea``: the nearest of each kind found once a hex, and kept with the targets in the
    context's cache under where the units are (the targets are where the enemy stands)."""
    key = ("able_targets", targets, forces.units_key(g))
    kept = g.cache.get(key)
    if kept is None:
        board = g.static.board
        wanted = frozenset(targets(g))
        kept = g.cache[key] = (wanted, frozenset(h for h in wanted if board.coastal(h)), {})
    wanted, coastal, nearest = kept
    if here not in nearest:
        distance = g.static.board.distance
        nearest[here] = (
            min((distance(here, h) for h in wanted), default=UNREACHABLE),
            min((distance(here, h) for h in coastal), default=UNREACHABLE),
        )
    near, near_coast = nearest[here]
    return bool(near <= anywhere or near_coast <= by_sea)


def moves_meeting(
    g: Context, card_id: str, unit_id: str, oc: int, kinds: frozenset[str] = BATTLE_MOVES
) -> bool:
    """Whether the unit, alone or with the ships of its hex, has a legal move of ``kinds`` now
    that the card's ``meets`` hook accepts."""
    here, side = forces.at(g, unit_id), forces.side_of(g, unit_id)
    meets = events.hook(card_id, "meets")
    ships = [u for u in forces.units_at(g, here, side) if forces.is_class(g, u, "naval")]
    groups = [[unit_id], [unit_id, *ships]] if ships and unit_id not in ships else [[unit_id]]
    return meets is not None and any(
        meets(g, group, move)
        for group in groups
        for move in movement.routes(g, group, oc=oc, kinds=kinds)[0].values()
    )


def unit_reaches(unit: Unit, oc: int, *, on_coast: bool, ground: bool) -> tuple[int, int]:
    """How far the unit could get in one offensive at the card's OC: to any target, and to a
    coastal one; a bound (:func:`able_to_get_there`). A ground unit goes 2 hexes a point
    overland (along a transport route, 7.41), and 5 a point by amphibious assault from a coast
    (7.45, never doubled); with ``ground`` false, a ship 5 a point, doubled from a port, and an
    air unit its range once a point of OC and once more to strike."""
    if unit.unit_class == "ground":
        return GROUND_REACH * oc, (ASSAULT_REACH * oc if unit.amphibious and on_coast else 0)
    if ground or unit.unit_class == "hq":
        return 0, 0
    if unit.unit_class == "naval":
        return 2 * ASSAULT_REACH * oc, 0
    return (unit.extended_range or unit.range or 0) * (oc + 1), 0


def enemy_held(g: Context, area: str) -> list[str]:
    """Hexes of the area holding Japanese units or a Japanese garrison: where a battle can be."""
    return [
        h for h in g.static.board.area(area) if forces.units_at(g, h, "japan") or garrisoned(g, h)
    ]


def no_naval(g: Context, unit_id: str, activated: list[str]) -> bool:
    """An ``activation`` hook: no naval units may be activated."""
    return not forces.is_class(g, unit_id, "naval")


def air_only(g: Context, unit_id: str, activated: list[str]) -> bool:
    """An ``activation`` hook: only air units (not carriers) may be activated."""
    return forces.is_class(g, unit_id, "air")


def at_most_one_ground(g: Context, unit_id: str, activated: list[str]) -> bool:
    """An ``activation`` hook: at most one ground unit may be activated."""
    if not forces.is_class(g, unit_id, "ground"):
        return True
    return not any(forces.is_class(g, u, "ground") for u in activated)


def is_commonwealth(g: Context, unit_id: str) -> bool:
    """British, Australian, New Zealand, Indian and Burmese units (7.53)."""
    return record(g, unit_id).nationality in COMMONWEALTH


def commonwealth_only(g: Context, unit_id: str, activated: list[str]) -> bool:
    """An ``activation`` hook: only Commonwealth units may be activated."""
    return is_commonwealth(g, unit_id)


def ground_drm(amount: int, stage: str, side: str) -> int:
    """A modifier of the Allied ground combat roll (a ``drm`` hook's value)."""
    return amount if stage == "ground" and side == "allied" else 0


def allied_ground_units(g: Context, hex_id: str) -> list[str]:
    return [u for u in forces.units_at(g, hex_id, "allied") if forces.is_class(g, u, "ground")]


@RULES.implements("9.31", "9.32")
def give_back_temporary_asp(g: Context) -> None:
    """Once the battles of an offensive with temporary ASPs are over, the ASPs it spent are
    counted against those temporary ones first: they no longer reduce the side's own ASPs for
    the rest of the turn (:func:`movement.temporary_asp` gave them while it moved)."""
    offensive = g.data["offensive"]
    side = offensive["side"]
    spent = min(movement.temporary_asp(g, side), offensive["asp"])
    g.data["asp_used"][side] -= spent


# -- #7 "Vinegar Joe" Stilwell ------------------------------------------------------------------


@effect("A7", "activation")
@RULES.implements("5.31")
def stilwell(g: Context, unit_id: str, activated: list[str]) -> bool:
    """A7 "Vinegar Joe" Stilwell: SEAC HQ only (card data); no naval units may be activated."""
    return no_naval(g, unit_id, activated)


@effect("A7", "drm")
def stilwell_ground_drm(g: Context, stage: str, side: str, hex_id: str) -> int:
    """A7: +2 to the Allied ground combat roll in the offensive's battles (a ``drm`` hook)."""
    return ground_drm(2, stage, side)


# -- #9 Olympic and Coronet --------------------------------------------------------------------


@effect("A9")
def olympic_and_coronet(g: Context, side: str) -> None:
    """A9 Olympic and Coronet: Southwest or Central Pacific HQ only (card data); the Allies get
    4 temporary ASPs for this offensive (9.31; the amount is a later-edition hint), and must
    fight a ground battle in the Home Islands (see :func:`home_islands_ground_battle`)."""
    g.log("log.temporary_asp", side=side, value=OLYMPIC_ASP)


@effect("A9", "asp")
@RULES.implements("9.31")
def olympic_and_coronet_asp(g: Context, side: str) -> int:
    """A9: the temporary ASPs of the offensive."""
    return OLYMPIC_ASP


@effect("A9", "after_battles")
def olympic_and_coronet_over(g: Context) -> None:
    """A9: the temporary ASPs spent serve this offensive only."""
    give_back_temporary_asp(g)


effect("A9", "able")(able_to_get_there(lambda g: enemy_held(g, "home_islands"), flyers=False))


@effect("A9", "meets")
def lands_in_home_islands(g: Context, group: list[str], move: movement.Move) -> bool:
    """A9: a move of ground units that makes a battle hex in the Home Islands."""
    board = g.static.board
    ground = any(forces.is_class(g, u, "ground") for u in group)
    return ground and move.battle and board.in_area(move.dest, "home_islands")


@effect("A9", "requirement")
@RULES.implements("5.31")
def home_islands_ground_battle(g: Context, battles: list[str]) -> bool:
    """A9: a declared battle hex in the Home Islands must hold Allied ground units (a ground
    battle, not only an air strike)."""
    board = g.static.board
    return any(board.in_area(h, "home_islands") and allied_ground_units(g, h) for h in battles)


# -- #13 Operation Watchtower --------------------------------------------------------------------


@effect("A13", "activation")
@RULES.implements("5.31")
def operation_watchtower(g: Context, unit_id: str, activated: list[str]) -> bool:
    """A13 Operation Watchtower: Surprise (card data); at most one ground unit is activated."""
    return at_most_one_ground(g, unit_id, activated)


# -- #19 Anakim Operation ------------------------------------------------------------------------


@effect("A19", "activation")
@RULES.implements("5.31")
def anakim_operation(g: Context, unit_id: str, activated: list[str]) -> bool:
    """A19 Anakim Operation: no naval units may be activated."""
    return no_naval(g, unit_id, activated)


# -- #20 Halsey Replaces Ghormley ----------------------------------------------------------------


@effect("A20")
@RULES.implements("5.31", "7.5")
def halsey_replaces_ghormley(g: Context, side: str) -> None:
    """A20 Halsey Replaces Ghormley: South Pacific HQ only (card data). Before the offensive,
    Halsey's HQ takes the place of Ghormley's in its hex, and Ghormley's HQ leaves the game; the
    offensive may then use Halsey's (the card does not say which HQ the offensive uses: the
    player chooses among those the restriction admits, as always)."""
    here = forces.at(g, GHORMLEY)
    if forces.on_map(here) and not forces.on_map(forces.at(g, HALSEY)):
        forces.move_to(g, HALSEY, here)
        g.log("log.hq_replaced", unit=HALSEY, old=GHORMLEY, hex=here)
    forces.move_to(g, GHORMLEY, "removed")


# -- #25 Operation Lilliput ----------------------------------------------------------------------


@effect("A25", "commands")
@RULES.implements("5.31", "7.53")
def operation_lilliput(g: Context, hq_id: str, unit_id: str) -> bool:
    """A25 Operation Lilliput: Southwest Pacific HQ only (card data); that (US) HQ may also
    activate Australian units, which the 7.53 chart otherwise keeps from it."""
    return record(g, unit_id).nationality == "australian"


@effect("A25", "strength")
def lilliput_us_ground(g: Context, stage: str, side: str, hex_id: str) -> int:
    """A25: −1 to the Allied attack strength of a ground combat for each US ground unit in the
    battle hex (a ``strength`` hook; ground units fight only in ground combat)."""
    if stage != "ground" or side != "allied":
        return 0
    return -sum(1 for u in allied_ground_units(g, hex_id) if record(g, u).nationality == "us")


# -- #28 Operation Chronicle ---------------------------------------------------------------------


@effect("A28", "after_battles")
@RULES.implements("5.31", "12.1")
def operation_chronicle(g: Context) -> None:
    """A28 Operation Chronicle: once the battles are over, every one-hex island next to a
    successful landing that Japan controls and holds no unit (nor an intrinsic garrison) passes
    to Allied control. A landing is a hex where Allied ground units came by amphibious assault in
    this offensive and still stand, with no Japanese unit left there. "Islands" are read as
    one-hex islands: only those are taken whole by taking their hex."""
    board = g.static.board
    garrisons = set(garrisoned_hexes(g))
    for hex_id in landings(g):
        for other in board.neighbours(hex_id):
            empty = not forces.units_at(g, other) and other not in garrisons
            japanese = forces.control(g, other) == "japan"
            if board.in_area(other, "one_hex_island") and japanese and empty:
                forces.set_control(g, other, "allied")


def landings(g: Context) -> list[str]:
    """Hexes where the offensive's amphibious assaults succeeded (see A28)."""
    found = []
    for unit_id, moved in sorted(g.data["offensive"]["moved"].items()):
        here = forces.at(g, unit_id)
        landed = moved["mode"] == "assault" and moved["path"][-1] == here
        if landed and forces.is_class(g, unit_id, "ground") and not units_of_japan(g, here):
            found.append(here)
    return sorted(set(found))


def units_of_japan(g: Context, hex_id: str) -> list[str]:
    return forces.units_at(g, hex_id, "japan")


# -- #29 Operation Toenails ----------------------------------------------------------------------


@effect("A29", "drm")
@RULES.implements("5.31")
def operation_toenails(g: Context, stage: str, side: str, hex_id: str) -> int:
    """A29 Operation Toenails: +1 to the Allied ground combat roll (a ``drm`` hook)."""
    return ground_drm(1, stage, side)


# -- #30 Operation Sandcrab-Cottage --------------------------------------------------------------


def japanese_aleutians(g: Context) -> list[str]:
    """Aleutian hexes holding Japanese units."""
    return [h for h in g.static.board.area("aleutians") if units_of_japan(g, h)]


@effect("A30", "playable")
@RULES.implements("5.31")
def operation_sandcrab_cottage(g: Context, side: str) -> bool:
    """A30 Operation Sandcrab-Cottage: playable only while Japanese units are in an Aleutian
    hex; one of those hexes must be a battle hex of the offensive."""
    return bool(japanese_aleutians(g))


@effect("A30", "requirement")
def sandcrab_cottage_target(g: Context, battles: list[str]) -> bool:
    """A30: an Aleutian hex held by Japanese units is a battle hex."""
    return any(h in battles for h in japanese_aleutians(g))


# -- #31 Black Day -------------------------------------------------------------------------------


@effect("A31", "activation")
@RULES.implements("5.31")
def black_day(g: Context, unit_id: str, activated: list[str]) -> bool:
    """A31 Black Day: only air units may be activated."""
    return air_only(g, unit_id, activated)


# -- #33 Quadrant Conference ---------------------------------------------------------------------


end_us_rivalry = rivalry("us_isr", False)


@effect("A33")
@RULES.implements("5.31", "14.1")
def quadrant_conference(g: Context, side: str) -> None:
    """A33 Quadrant Conference: US inter-service rivalry ends, before the offensive (so it does
    not restrict the offensive's activations). Without rivalry in effect the card is just its
    offensive: a "no additional effect" clause does not bar the event (5.31)."""
    if g.data["tracks"]["us_isr"]:
        end_us_rivalry(g, side)


# -- #34 Operation Culverin ----------------------------------------------------------------------


@effect("A34", "activation")
@RULES.implements("5.31")
def operation_culverin(g: Context, unit_id: str, activated: list[str]) -> bool:
    """A34 Operation Culverin: SEAC, Malaya, ANZAC or ABDA HQ only (card data); only
    Commonwealth units may be activated."""
    return commonwealth_only(g, unit_id, activated)


# -- #35 Operation Ash ---------------------------------------------------------------------------


@effect("A35", "activation")
@RULES.implements("5.31")
def operation_ash(g: Context, unit_id: str, activated: list[str]) -> bool:
    """A35 Operation Ash: Surprise, ANZAC HQ only (card data); the only ground unit that may be
    activated is the 3rd New Zealand Division (units of other classes as usual)."""
    return not forces.is_class(g, unit_id, "ground") or unit_id == NZ_3_DIVISION


# -- #36 Operation Cherry Blossom ----------------------------------------------------------------


@effect("A36", "strength")
@RULES.implements("5.31")
def operation_cherry_blossom(g: Context, stage: str, side: str, hex_id: str) -> int:
    """A36 Operation Cherry Blossom: +2 to the Allied air-naval attack strength per US CA in the
    battle hex (a ``strength`` hook, like Japanese #17, #47 and #83)."""
    if stage != "air_naval" or side != "allied":
        return 0
    return 2 * sum(
        1
        for u in forces.units_at(g, hex_id, "allied")
        if record(g, u).type == "CA" and record(g, u).nationality == "us"
    )


# -- #37 Operation Galvanic ----------------------------------------------------------------------


@effect("A37", "activation")
@RULES.implements("5.31")
def operation_galvanic(g: Context, unit_id: str, activated: list[str]) -> bool:
    """A37 Operation Galvanic: Surprise (card data); at most one ground unit is activated."""
    return at_most_one_ground(g, unit_id, activated)


@effect("A37", "drm")
def galvanic_island_drm(g: Context, stage: str, side: str, hex_id: str) -> int:
    """A37: +2 to the Allied ground combat roll in a battle on an island (1.3: land not joined
    by land to mainland Asia or Australia; atolls always)."""
    return ground_drm(2, stage, side) if g.static.board.hexes[hex_id].island else 0


# -- #38 Operation Tarzan ------------------------------------------------------------------------


def chinese_army(g: Context, unit_id: str) -> bool:
    unit = record(g, unit_id)
    return unit.nationality == "chinese" and unit.type == "army"


@effect("A38", "activation")
@RULES.implements("5.31")
def operation_tarzan(g: Context, unit_id: str, activated: list[str]) -> bool:
    """A38 Operation Tarzan: no naval units; a Chinese army must be activated if one can be.
    While none is activated and one is among the HQ's candidates, only Chinese armies are
    offered, so the first unit activated is one of them (a player who activates nothing at all
    simply has an offensive without units)."""
    if not no_naval(g, unit_id, activated):
        return False
    if chinese_army(g, unit_id) or any(chinese_army(g, u) for u in activated):
        return True
    return not any(chinese_army(g, u) for u in g.data["offensive"]["candidates"])
