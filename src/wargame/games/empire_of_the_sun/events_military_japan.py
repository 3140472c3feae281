"""Japanese military events (5.31): the special conditions of each card, #3 to #83.

No printed text of these cards reaches us (spec 7.1): each card follows the effect the spec's card
table and ``data/cards.yaml`` give, and the card's provenance there says where that comes from
(``rulebook`` where a rule names the card or its kind: #3, #10, #23, #28, #37, #38, #44, #47, #73;
``reconstructed`` where only a later edition's implementation tells the effect). The logistics
values, HQ restrictions and Surprise conditions are card data that the generic offensive applies
(5.31 A-B); what is below is the rest, which holds for the whole offensive (5.31 D). Where the
known effect leaves a detail open, the function's docstring says which reading the program takes.

Helpers shared with the Allied cards come from :mod:`events_military_allies_early` (activation
limits, temporary ASPs) and :mod:`events_reactions` (a step lost, the target a player picks).
"""

from __future__ import annotations

from collections.abc import Callable

from wargame.engine.action import Action
from wargame.engine.dice import D10_ZERO
from wargame.engine.procedure import Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import forces, movement, offensives, supply
from wargame.games.empire_of_the_sun.battle import alive, parts_of
from wargame.games.empire_of_the_sun.events import effect
from wargame.games.empire_of_the_sun.events_military_allies_early import (
    air_only,
    at_most_one_ground,
    give_back_temporary_asp,
    is_commonwealth,
    no_naval,
)
from wargame.games.empire_of_the_sun.events_reactions import STRIKES, pick_target
from wargame.games.empire_of_the_sun.events_resources import escort_blocked
from wargame.games.empire_of_the_sun.forces import record
from wargame.games.empire_of_the_sun.garrisons import is_garrison
from wargame.games.empire_of_the_sun.hqs import hqs_in_supply
from wargame.games.empire_of_the_sun.registry import RULES
from wargame.games.empire_of_the_sun.strategic_warfare import B29_RANGE, TOKYO, bomber_loses_step

TSUJI_DRM = 4  # #3: the final Japanese ground modifier (value: later-edition hint)
TSUJI_TERRAIN = ("jungle", "mixed")
FRENCH_FRIGATE_SHOALS = "5508"
MI_INTEL_DRM, MI_WATCH_RANGE = 4, 3  # #12
UGAKI_ALLOWANCE = 21  # #9: naval movement allowance (5 MP x OC 3 = 15 without it)
CARRIER_DEFENSE = 2  # #14
PER_SHIP = 2  # #29, #47, #83: attack strength per ship of the kind
CARRIER_REACH = 6  # #32
EXPRESS_ASP, EXPRESS_ISR_ASP = 2, 2  # #44
ESCORT_STEP, ESCORT_MAX = 2, 4  # #37, #38 (11.22)
RAID_SUCCESS = 4  # #76, #79: a d10 of 4 or less

RULES.stand_in(
    "5.31",
    "Japanese military events known only from a later edition (spec 7.1 'IMPL-B' rows): the "
    "Tokyo Express (#28, #44) and paratroop (#58-#60) hexes follow that edition's rules.",
    key="later_edition_hexes",
)


def battle_units(g: Context, side: str) -> list[str]:
    """The side's units still alive in the air-naval combat being fought (strikers)."""
    return alive(g, parts_of(g.frame).strikers[side])


def ships(g: Context, side: str, test: Callable[[str], bool]) -> int:
    """How many of the side's striking units in this battle pass ``test``."""
    return sum(1 for u in battle_units(g, side) if test(u))


def of_type(g: Context, *types: str) -> Callable[[str], bool]:
    return lambda unit_id: record(g, unit_id).type in types


def ground_only(g: Context, unit_id: str, activated: list[str]) -> bool:
    """An ``activation`` hook: only ground units may be activated."""
    return forces.is_class(g, unit_id, "ground")


def naval_only(g: Context, unit_id: str, activated: list[str]) -> bool:
    """An ``activation`` hook: only naval units may be activated."""
    return forces.is_class(g, unit_id, "naval")


def no_ground(g: Context, unit_id: str, activated: list[str]) -> bool:
    """An ``activation`` hook: no ground units may be activated."""
    return not forces.is_class(g, unit_id, "ground")


# -- #3 Col. Tsuji, Unit 82 (Malaya) ---------------------------------------------------------------

effect("J3", "activation")(ground_only)


@effect("J3", "before_battles")
@RULES.implements("5.31", "8.4")
def col_tsuji(g: Context) -> None:
    """J3 Col. Tsuji, Unit 82: Surprise (card data, 5.21); only ground units are activated
    (later-edition hint). Its ground-combat bonus is the last Japanese modifier and adds to no
    other (8.4): the Japanese ground roll is modified by exactly +4 in each battle in jungle or
    mixed terrain or in Malaya, whatever the other modifiers (value and terrain from a later
    edition; the rulebook names the bonus but not its size). Elsewhere the usual ones apply."""
    offensive = g.data["offensive"]
    board = g.static.board
    final = {
        h: TSUJI_DRM
        for h in offensive["battles"]
        if board.hexes[h].terrain in TSUJI_TERRAIN or board.in_area(h, "malaya")
    }
    offensive.setdefault("ground_final", {})["japan"] = final


# -- #8 Operation C --------------------------------------------------------------------------------

effect("J8", "activation")(naval_only)


@effect("J8", "drm")
@RULES.implements("5.31", "8.2")
def operation_c(g: Context, stage: str, side: str, hex_id: str) -> int:
    """J8 Operation C: only naval units are activated; +1 to the Japanese air-naval roll in a
    battle where Commonwealth ships are present (alive among the Allied units that fight or
    can be hit there)."""
    if stage != "air_naval" or side != "japan":
        return 0
    allied = alive(g, parts_of(g.frame).air_naval("allied"))
    present = any(forces.is_class(g, u, "naval") and is_commonwealth(g, u) for u in allied)
    return 1 if present else 0


# -- #9 RADM Matome Ugaki --------------------------------------------------------------------------

effect("J9", "activation")(at_most_one_ground)


@effect("J9", "moves")
@RULES.implements("5.31", "5.1", "7.2")
def ugaki(g: Context, group: list[str]) -> dict[str, movement.Move]:
    """J9 RADM Matome Ugaki: at most one ground unit; the naval movement allowance of the
    offensive is 21 instead of 5 x OC (5.1: an event may grant more). Every move of a group with
    a naval unit that reads the naval allowance (normal and strategic naval moves, amphibious
    assaults with ships) is measured on 21; post-battle moves keep the card's OC allowance."""
    if not any(forces.is_class(g, u, "naval") for u in group):
        return {}
    return movement.moves(g, group, oc=UGAKI_ALLOWANCE / movement.NAVAL_MP)


# -- #10 2nd Operational Phase ---------------------------------------------------------------------


@effect("J10", "playable")
@RULES.implements("5.31", "14.2")
def second_operational_phase(g: Context, side: str) -> bool:
    """J10 2nd Operational Phase: EC intelligence 7 (card data, 5.22); not playable as an event
    while Japanese inter-service rivalry is in effect (later-edition hint)."""
    return not g.data["tracks"]["japanese_isr"]


# -- #12 Operation MI ------------------------------------------------------------------------------


def one_hex_island(g: Context, hex_id: str) -> bool:
    return bool(g.static.board.in_area(hex_id, "one_hex_island"))


@effect("J12", "battle_hex")
@RULES.implements("5.31", "6.24")
def operation_mi(g: Context, hex_id: str) -> bool:
    """J12 Operation MI: every battle hex is a one-hex island: the offensive may neither move
    into an enemy-held hex nor declare an air strike anywhere else (later-edition hint)."""
    return one_hex_island(g, hex_id)


@effect("J12", "playable")
def mi_no_battle_elsewhere(g: Context, side: str) -> bool:
    """J12 cannot comply (5.31) while a hex off the one-hex islands already holds units of both
    sides: that hex would be a battle hex of the offensive (6.24)."""
    return all(one_hex_island(g, h) for h in offensives.contested_hexes(g, side))


@effect("J12", "intel_drm")
@RULES.implements("5.22")
def mi_security(g: Context, side: str) -> int:
    """J12: +4 to the Allied intelligence roll unless the Allies project air ZOI into French
    Frigate Shoals 5508 or have a US CA within 3 hexes of it."""
    board = g.static.board
    watched = supply.zoi(g).projected(FRENCH_FRIGATE_SHOALS, "allied") or any(
        record(g, u).type == "CA"
        and record(g, u).nationality == "us"
        and board.distance(forces.at(g, u), FRENCH_FRIGATE_SHOALS) <= MI_WATCH_RANGE
        for u in forces.units_on_map(g, "allied")
    )
    return 0 if watched else MI_INTEL_DRM


# -- #14 Operation MO ------------------------------------------------------------------------------

effect("J14", "activation")(at_most_one_ground)


@effect("J14", "defense")
@RULES.implements("5.31", "8.2")
def operation_mo(g: Context, unit_id: str, hex_id: str) -> int:
    """J14 Operation MO: at most one ground unit; each Japanese CV defends at +2 in the
    offensive's battles (CVs only, not CVLs: the later edition counts type CV)."""
    unit = record(g, unit_id)
    return CARRIER_DEFENSE if unit.side == "japan" and unit.type == "CV" else 0


# -- #16 Operation RI, #40 Operation U-Go, #48 General Adachi, #50 Ha-Go ---------------------------

for _card in ("J16", "J40", "J48", "J50"):  # no naval units; #48 and #50: South / South Seas HQ
    effect(_card, "activation")(no_naval)


# -- #20 Naval Battle of Guadalcanal ---------------------------------------------------------------


@effect("J20", "before_battles")
@RULES.implements("5.31")
def naval_battle_of_guadalcanal(g: Context) -> None:
    """J20 Naval Battle of Guadalcanal: before the battles, an activated Japanese battleship in a
    battle hex where no Allied battleship is bombards: one Allied air unit in that hex loses a
    step (one for the offensive). Japan picks which, as the side inflicting the hit (8.2 F)."""
    offensive = g.data["offensive"]
    battleships = [u for u in offensive["activated"] if record(g, u).type == "BB"]
    targets = []
    for hex_id in offensive["battles"]:
        here = forces.units_at(g, hex_id, "allied")
        japanese_bb = any(forces.at(g, u) == hex_id for u in battleships)
        if japanese_bb and not any(record(g, u).type == "BB" for u in here):
            targets += [u for u in here if forces.is_class(g, u, "air")]
    pick_target(g, "japan", "J20", targets)


# -- #23 Operation RE (Milne Bay) ------------------------------------------------------------------


@effect("J23", "drm")
@RULES.implements("5.31", "8.4")
def operation_re(g: Context, stage: str, side: str, hex_id: str) -> int:
    """J23 Operation RE: Surprise (card data, JA seed example); +1 to the Japanese ground roll in
    a battle where a Japanese brigade fights (later-edition hint)."""
    if stage != "ground" or side != "japan":
        return 0
    fighting = (g.frame.get("fighting") or {}).get("japan", [])
    brigades = [u for u in fighting if not is_garrison(u) and record(g, u).type == "brigade"]
    return 1 if brigades else 0


# -- #25 Operation KA ------------------------------------------------------------------------------


@effect("J25", "strength")
@RULES.implements("5.31", "8.2")
def operation_ka(g: Context, stage: str, side: str, hex_id: str) -> int:
    """J25 Operation KA: the Allied air-naval attack strength in each battle is 2 less per US CV
    striking in it (a ``strength`` hook; later-edition hint)."""
    if stage != "air_naval" or side != "allied":
        return 0
    us_cv = ships(g, "allied", lambda u: of_type(g, "CV")(u) and record(g, u).nationality == "us")
    return -PER_SHIP * us_cv


# -- #28 Big Tokyo Express Operation, #44 Tokyo Express (13.32) ------------------------------------


@RULES.implements("13.32")
def express_hexes(g: Context) -> list[str]:
    """Where the Tokyo Express marker may go (13.32: a hex within range of a Japanese HQ): a
    Japanese-controlled land hex within the command range of an in-supply Japanese HQ that
    holds a Japanese unit or is a named location (later-edition reading; elsewhere the marker
    would supply nobody)."""
    board = g.static.board
    found: set[str] = set()
    for hq_id in hqs_in_supply(g, "japan", []):
        found |= supply.command_range(g, hq_id)
    return sorted(
        h
        for h in found
        if forces.control(g, h) == "japan"
        and not board.in_area(h, "off_map")
        and (forces.units_at(g, h, "japan") or board.named_location(h))
    )


class TokyoExpress(Procedure):
    """Before the offensive of #28 or #44, Japan places the Tokyo Express marker (13.32), or
    leaves it where it is. There is one marker: placing it moves it. It supplies the Japanese
    units in its hex until the hex is Allied-controlled or the turn ends (see
    :func:`sequence.end_of_turn_cleanup`). Frame locals: ``side``, ``card``."""

    def __init__(self, card_id: str) -> None:
        self.name = f"event_{card_id}"

    def start(self, g: Context, f: Frame) -> None:
        g.goto("choose")

    @decision
    def choose(self, g: Context, f: Frame) -> Decision:
        found = Decision()
        choices = found.side(f["side"], "prompt.tokyo_express")
        for hex_id in express_hexes(g):
            choices.add(Action.of("hex", hex_id), self.place, hex_id)
        if not choices.options:
            choices.prompt = "prompt.tokyo_express_none"
        choices.add("none", self.leave)
        return found

    @RULES.implements("13.32", "5.31")
    def place(self, g: Context, f: Frame, hex_id: str) -> None:
        g.data["tokyo_express"] = hex_id
        forces.forget_derived(g)
        g.log("log.tokyo_express", hex=hex_id)
        g.ret()

    def leave(self, g: Context, f: Frame) -> None:
        g.ret()


@effect("J28", "activation")
def big_tokyo_express(g: Context, unit_id: str, activated: list[str]) -> bool:
    """J28 Big Tokyo Express Operation: the Tokyo Express marker (13.32, :class:`TokyoExpress`)
    and at most one ground unit (later-edition hint)."""
    return at_most_one_ground(g, unit_id, activated)


@effect("J44")
def tokyo_express(g: Context, side: str) -> None:
    """J44 Tokyo Express: the Tokyo Express marker (13.32, :class:`TokyoExpress`) and temporary
    ASPs for its offensive (9.32): 2, and 2 more under Japanese rivalry (later-edition hint).
    Read as the card's words give them: the temporary ASPs are added after rivalry halves
    Japan's own (14.2 B), so Japan has 4 more under rivalry."""
    g.log("log.temporary_asp", side=side, value=express_asp(g, side))


@effect("J44", "asp")
@RULES.implements("9.32")
def express_asp(g: Context, side: str) -> int:
    return EXPRESS_ASP + (EXPRESS_ISR_ASP if g.data["tracks"]["japanese_isr"] else 0)


effect("J44", "after_battles")(give_back_temporary_asp)


# -- #29 Combined Fleet ----------------------------------------------------------------------------

effect("J29", "activation")(no_ground)


@effect("J29", "strength")
@RULES.implements("5.31", "8.2")
def combined_fleet(g: Context, stage: str, side: str, hex_id: str) -> int:
    """J29 Combined Fleet: no ground units; +2 to the Japanese air-naval attack strength per
    Japanese carrier (CV, CVL, CVE) striking in the battle (a ``strength`` hook)."""
    if stage != "air_naval" or side != "japan":
        return 0
    return PER_SHIP * ships(g, "japan", lambda u: forces.is_carrier(g, u))


# -- #32 Operation I-Go ----------------------------------------------------------------------------

effect("J32", "activation")(air_only)


@effect("J32", "drm")
@RULES.implements("5.31", "8.2")
def operation_i_go(g: Context, stage: str, side: str, hex_id: str) -> int:
    """J32 Operation I-Go: air units only; +1 to the Japanese air-naval roll in a battle within
    6 hexes of a Japanese carrier on the map (later-edition hint)."""
    if stage != "air_naval" or side != "japan":
        return 0
    board = g.static.board
    near = any(
        forces.is_carrier(g, u) and board.distance(forces.at(g, u), hex_id) <= CARRIER_REACH
        for u in forces.units_on_map(g, "japan")
    )
    return 1 if near else 0


# -- #37 1st Convoy Escort Fleet, #38 Grand Escort Command (11.22) ---------------------------------


@RULES.implements("11.22", "5.31")
def escort_fleet(g: Context, side: str) -> None:
    """J37 1st Convoy Escort Fleet, J38 Grand Escort Command: Combined Fleet HQ only (card data);
    the Japanese escort modifier against submarine warfare becomes +2, or +4 if it was already
    +2 (11.22), from the moment the event is played (before its offensive). Nothing after
    Allied #80 New Submarine Doctrine (later-edition hint)."""
    tracks = g.data["tracks"]
    if escort_blocked(g):
        g.log("log.escort_blocked")
        return
    tracks["escort"] = min(ESCORT_MAX, tracks["escort"] + ESCORT_STEP)
    g.log("log.escort", value=tracks["escort"])


effect("J37")(escort_fleet)
effect("J38")(escort_fleet)


# -- #47 VADM Kondo, #83 Invasion of Java ----------------------------------------------------------


@effect("J47", "strength")
@RULES.implements("5.31", "8.2", "17.25")
def vadm_kondo(g: Context, stage: str, side: str, hex_id: str) -> int:
    """J47 VADM Kondo: South or South Seas HQ only (card data); +2 to the Japanese air-naval
    attack strength per Japanese CA striking in the battle (a ``strength`` hook; later-edition
    hint)."""
    if stage != "air_naval" or side != "japan":
        return 0
    return PER_SHIP * ships(g, "japan", of_type(g, "CA"))


@effect("J83", "strength")
@RULES.implements("5.31", "8.2")
def invasion_of_java(g: Context, stage: str, side: str, hex_id: str) -> int:
    """J83 Invasion of Java: South HQ only (card data); +2 to the Japanese air-naval attack
    strength per Japanese CA, CL or APD striking in the battle (a ``strength`` hook)."""
    if stage != "air_naval" or side != "japan":
        return 0
    return PER_SHIP * ships(g, "japan", of_type(g, "CA", "CL", "APD"))


# -- #58 Western Force, #59 Central Force, #60 East Force ------------------------------------------


def dutch_regiment(g: Context, unit_id: str) -> bool:
    unit = record(g, unit_id)
    return unit.nationality == "dutch" and unit.type == "regiment"


@RULES.implements("5.31", "12.1", "7.42")
def drop_zones(g: Context) -> list[str]:
    """Where the paratroops may land (later-edition hint): an Allied-controlled named location
    within the fighting range of an activated Japanese air unit, that a Japanese ground unit may
    enter (7.42), where Japan is not hindered by un-neutralised Allied air ZOI (7.35) and no
    Allied unit stands but Dutch regiments."""
    board = g.static.board
    offensive = g.data["offensive"]
    closed = movement.ground_forbidden(board, "japanese")
    zoi = supply.zoi(g)
    reach: set[str] = set()
    for unit_id in offensive["activated"]:
        if forces.is_class(g, unit_id, "air") and forces.on_map(forces.at(g, unit_id)):
            reach |= set(offensives.strike_hexes(g, unit_id))
    return sorted(
        h
        for h in reach
        if board.is_land(h)
        and board.named_location(h)
        and forces.control(g, h) == "allied"
        and h not in closed
        and not zoi.blocks(h, "japan")
        and all(dutch_regiment(g, u) for u in forces.units_at(g, h, "allied"))
    )


@RULES.implements("5.31")
def paratroops(g: Context, side: str) -> None:
    """J58 Western Force, J59 Central Force, J60 East Force: South or South Seas HQ only (card
    data); once the offensive's units are activated, paratroops may take one hex
    (:class:`Paratroops`, :func:`drop_zones`)."""


for _card in ("J58", "J59", "J60"):
    effect(_card)(paratroops)


class Paratroops(Procedure):
    """#58-#60: once the offensive's units are activated, before they move, Japan may drop
    paratroops on one hex of :func:`drop_zones`: the Dutch regiments there are eliminated and
    the hex becomes Japanese-controlled (12.1). Frame locals: ``side``, ``card``."""

    def __init__(self, card_id: str) -> None:
        self.name = f"event_{card_id}_activated"

    def start(self, g: Context, f: Frame) -> None:
        g.goto("choose")

    @decision
    def choose(self, g: Context, f: Frame) -> Decision:
        found = Decision()
        choices = found.side(f["side"], "prompt.paratroops")
        for hex_id in drop_zones(g):
            choices.add(Action.of("hex", hex_id), self.drop, hex_id)
        if not choices.options:
            choices.prompt = "prompt.paratroops_none"
        choices.add("none", self.no_drop)
        return found

    def drop(self, g: Context, f: Frame, hex_id: str) -> None:
        g.log("log.paratroops", hex=hex_id)
        for unit_id in forces.units_at(g, hex_id, "allied"):
            forces.move_to(g, unit_id, "eliminated")
            g.log("log.hit", unit=unit_id, result="eliminated")
        forces.set_control(g, hex_id, "japan")
        g.ret()

    def no_drop(self, g: Context, f: Frame) -> None:
        g.ret()


# -- #73 Ants (barges) -----------------------------------------------------------------------------


@effect("J73")
@RULES.implements("7.47", "9.33", "5.31")
def ants(g: Context, side: str) -> None:
    """J73 Ants (barges): South or South Seas HQ only (card data). Japan gains the barge
    capability for the rest of the game (7.47: the ASP marker turns to its Barges side), unless
    Allied #23 PT Boats was played first (9.33: then the event does nothing more)."""
    tracks = g.data["tracks"]
    if tracks["pt_boats"]:
        g.log("log.barges_prevented")
        return
    tracks["barges"] = True
    g.log("log.barges")


# -- #76 Operation Tsurugi, #79 Tinian Raid --------------------------------------------------------


def brigade_raid(g: Context, unit_id: str, activated: list[str]) -> bool:
    """An ``activation`` hook: of ground units, one brigade only (later-edition hint)."""
    if not forces.is_class(g, unit_id, "ground"):
        return True
    return record(g, unit_id).type == "brigade" and at_most_one_ground(g, unit_id, activated)


def b29_bases(g: Context) -> list[str]:
    """The B-29s a raid can reach: in the Air Units in China box or on the map within their
    8-hex bombing range of Tokyo (11.31)."""
    board = g.static.board
    return sorted(
        u
        for u, here in g.data["units"].items()
        if record(g, u).type == "b29"
        and (
            here == movement.CHINA_BOX
            or (forces.on_map(here) and board.distance(here, TOKYO) <= B29_RANGE)
        )
    )


@RULES.implements("5.31", "11.31")
def b29_raid(g: Context, side: str, card_id: str) -> None:
    """J76 Operation Tsurugi, J79 Tinian Raid: of ground units only one brigade is activated;
    before the offensive, a raid on the B-29 bases: if a B-29 is where it could bomb Japan (see
    :func:`b29_bases`), a d10 of 4 or less costs one of them a step (later-edition hint). The
    card leaves the choice to Japan, which picks the B-29 hit (8.2 F)."""
    targets = b29_bases(g)
    if targets and g.roll(D10_ZERO, side, "b29_raid") <= RAID_SUCCESS:
        pick_target(g, side, card_id, targets)


class B29Raid(Procedure):
    """J76, J79: the raid comes before the event's offensive (5.31 C), so that Japan may pick
    the B-29 hit. Frame locals: ``side``, ``card``."""

    def __init__(self, card_id: str) -> None:
        self.name = f"event_{card_id}"

    def start(self, g: Context, f: Frame) -> None:
        g.goto("done")
        b29_raid(g, f["side"], f["card"])

    def done(self, g: Context, f: Frame) -> None:
        g.ret()


for _card in ("J76", "J79"):
    effect(_card, "activation")(brigade_raid)
    STRIKES[_card] = bomber_loses_step


JAPAN_PROCEDURES: tuple[Procedure, ...] = (
    TokyoExpress("J28"),
    TokyoExpress("J44"),
    Paratroops("J58"),
    Paratroops("J59"),
    Paratroops("J60"),
    B29Raid("J76"),
    B29Raid("J79"),
)
