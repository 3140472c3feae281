"""Allied military events (5.31): the special conditions of each card, #40 to #84.

No printed text of these cards reaches us (spec 7.2): each follows the effect the spec's card
table gives, and ``data/cards.yaml`` says where that comes from (``rulebook`` for #70, whose unit
5.31 C names; ``reconstructed`` for the rest, read from a later edition's implementation). The
logistics values, the HQ restrictions and the Surprise conditions are card data that the generic
offensive applies (5.31 A-B). Where a card's effect leaves a detail open, the function's
docstring says which reading we chose.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from wargame.engine.action import Action
from wargame.engine.procedure import Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import forces, offensives, supply
from wargame.games.empire_of_the_sun.battle import alive, parts_of
from wargame.games.empire_of_the_sun.board import Board
from wargame.games.empire_of_the_sun.events import effect, plain_offensive
from wargame.games.empire_of_the_sun.events_military_allies_early import (
    able_to_get_there,
    enemy_held,
)
from wargame.games.empire_of_the_sun.events_political import rivalry
from wargame.games.empire_of_the_sun.events_reactions import pick_target
from wargame.games.empire_of_the_sun.events_resources import (
    EVENT_POINTS,
    KINDS,
    EventReplacements,
    japan_discards_at_random,
)
from wargame.games.empire_of_the_sun.forces import record
from wargame.games.empire_of_the_sun.hqs import hq_key
from wargame.games.empire_of_the_sun.movement import (
    CHINA_BOX,
    CHINA_BOX_AIR,
    SEVENTH_ARMOURED,
    Move,
    Way,
    ground_forbidden,
)
from wargame.games.empire_of_the_sun.registry import RULES
from wargame.games.empire_of_the_sun.reinforcements import entry_hexes
from wargame.games.empire_of_the_sun.supply import COMMONWEALTH
from wargame.games.empire_of_the_sun.victory import TOKYO

NZ_DIVISION = "nz-3-div"
AIRBORNE = "us-11abn-div"
FOURTEENTH_AF, AVG = "us-14af", "us-avg"
SEAC = "cw-hq-seac"
ASSAULT_REACH = 10  # #74, #75: an amphibious assault within 10 hexes of Tokyo
CARRIER_PENALTY = -2  # #55: Japanese strength per Japanese carrier

RULES.stand_in(
    "5.31",
    "A70 Slim's Burma Offensive places the 7th Armoured Brigade as a reinforcement at a port in "
    "the SEAC HQ's activation range, before its offensive (the card's placement is not known).",
    key="slims_brigade",
)

# Cards whose whole effect is their offensive: LV (and LV with a named HQ), HQ restriction and
# Surprise come from cards.yaml; nothing else is known of them.
plain_offensive("A40", "A45", "A46", "A53", "A54", "A56", "A63", "A64", "A71")


# -- which units the offensive may activate (5.31 D) ---------------------------------------------


@effect("A44", "activation")
def operation_squarepeg(g: Context, unit_id: str, activated: list[str]) -> bool:
    """A44 Operation Squarepeg: the only ground unit it may activate is the 3rd New Zealand
    Division (later-edition hint); air and naval units as usual."""
    return not forces.is_class(g, unit_id, "ground") or unit_id == NZ_DIVISION


@effect("A48", "activation")
def new_china_army(g: Context, unit_id: str, activated: list[str]) -> bool:
    """A48 New China Army: no naval units."""
    return not forces.is_class(g, unit_id, "naval")


@effect("A48", "activation_cost")
def new_china_army_bonus(g: Context, unit_id: str) -> int:
    """A48: +1 activation for each Chinese army activated, i.e. a Chinese army does not use up
    the activation it takes (it still needs one left to be chosen)."""
    unit = record(g, unit_id)
    return 0 if unit.nationality == "chinese" and unit.type == "army" else 1


@effect("A51", "activation")
def chennault(g: Context, unit_id: str, activated: list[str]) -> bool:
    """A51 Chennault: air units only."""
    return forces.is_class(g, unit_id, "air")


@RULES.implements("5.31")
def commonwealth_air_or_chinese(g: Context, unit_id: str, activated: list[str]) -> bool:
    """A57 Axiom, A58 Operation Romulus: only Commonwealth units, air units (of any nation) and
    Chinese units (later-edition hint)."""
    unit = record(g, unit_id)
    return unit.unit_class == "air" or unit.nationality in COMMONWEALTH | {"chinese"}


effect("A57", "activation")(commonwealth_air_or_chinese)
effect("A58", "activation")(commonwealth_air_or_chinese)


@effect("A76", "activation")
def oboe(g: Context, unit_id: str, activated: list[str]) -> bool:
    """A76 Oboe: the only ground units it may activate are Australian (later-edition hint)."""
    unit = record(g, unit_id)
    return unit.unit_class != "ground" or unit.nationality == "australian"


@effect("A84", "activation")
def us_carrier_raids(g: Context, unit_id: str, activated: list[str]) -> bool:
    """A84 U.S. Carrier Raids: only US carriers (CV, CVL, CVE) may be activated."""
    return forces.is_carrier(g, unit_id) and record(g, unit_id).nationality == "us"


@effect("A50", "rivalry_waived")
@RULES.implements("14.1")
def tornado_taskforce(g: Context, hq_id: str) -> bool:
    """A50 Tornado Taskforce: the later-edition hint says US rivalry's limit on mixing Army and
    Navy units is eased under the Southwest Pacific HQ. Our reading: with that HQ the offensive
    may activate US Army and US Navy units together even under US ISR (14.1 C)."""
    return hq_key(hq_id) == "southwest_pacific"


# -- battles the offensive must fight (5.31 D) ---------------------------------------------------


@RULES.implements("5.31", "12.2")
def philippine_battle(g: Context, battles: list[str]) -> bool:
    """A62 Operation King II, A65 MacArthur "moral obligation": a battle hex in the Philippines
    (later-edition hint)."""
    board = g.static.board
    return any(board.in_area(h, "philippines") for h in battles)


effect("A62", "requirement")(philippine_battle)
effect("A65", "requirement")(philippine_battle)


def battle_in_philippines(g: Context, group: list[str], move: Move) -> bool:
    """A62, A65: a move that makes a battle hex in the Philippines (units entering a hex the
    Japanese hold there)."""
    return move.battle and g.static.board.in_area(move.dest, "philippines")


philippines_able = able_to_get_there(lambda g: enemy_held(g, "philippines"), flyers=True)
for _card in ("A62", "A65"):
    effect(_card, "meets")(battle_in_philippines)
    effect(_card, "able")(philippines_able)


@effect("A65")
@RULES.implements("14.1")
def macarthur_moral_obligation(g: Context, side: str) -> None:
    """A65: ends US inter-service rivalry (no further effect if there is none, 5.31)."""
    rivalry("us_isr", False)(g, side)


@RULES.implements("5.31", "7.45")
def assault_near_tokyo(g: Context, battles: list[str]) -> bool:
    """A74 Operation Iceberg, A75 Operation Detachment: an amphibious assault within 10 hexes
    of Tokyo (later-edition hint). Met by any ground unit of the offensive that came by
    amphibious assault to a hex within that distance, battle or not; the assaults are made
    before the battles are declared, so at the declaration the requirement is either met or
    out of reach (then the offensive goes on, see :func:`offensives.requirement_met`)."""
    board = g.static.board
    moved = g.data["offensive"]["moved"]
    return any(
        move["mode"] == "assault"
        and forces.is_class(g, unit_id, "ground")
        and forces.on_map(forces.at(g, unit_id))
        and board.distance(forces.at(g, unit_id), TOKYO) <= ASSAULT_REACH
        for unit_id, move in moved.items()
    )


effect("A74", "requirement")(assault_near_tokyo)
effect("A75", "requirement")(assault_near_tokyo)


def lands_near_tokyo(g: Context, group: list[str], move: Move) -> bool:
    """A74, A75: an amphibious assault of ground units to a hex within 10 hexes of Tokyo."""
    if move.mode != "assault":  # (other moves may end in a box, off the map)
        return False
    ground = any(forces.is_class(g, u, "ground") for u in group)
    return ground and g.static.board.distance(move.dest, TOKYO) <= ASSAULT_REACH


effect("A74", "meets")(lands_near_tokyo)
effect("A75", "meets")(lands_near_tokyo)


def coast_near_tokyo(g: Context) -> list[str]:
    return list(_coast_near_tokyo(g.static.board))


@lru_cache(maxsize=4)
def _coast_near_tokyo(board: Board) -> tuple[str, ...]:
    """:func:`coast_near_tokyo`, a fact of the map (kept for the process)."""
    return tuple(h for h in board.within(TOKYO, ASSAULT_REACH) if board.coastal(h))


near_tokyo_able = able_to_get_there(coast_near_tokyo, flyers=False, kinds=frozenset({"assault"}))
effect("A74", "able")(near_tokyo_able)
effect("A75", "able")(near_tokyo_able)


# -- battle effects --------------------------------------------------------------------------------


@effect("A55", "strength")
def operation_forager(g: Context, stage: str, side: str, hex_id: str) -> int:
    """A55 Operation Forager: Japan's air-naval attack strength in each battle of the offensive
    is 2 less per Japanese carrier striking in it (later-edition hint; a ``strength`` hook)."""
    if stage != "air_naval" or side != "japan":
        return 0
    strikers = alive(g, parts_of(g.frame).strikers["japan"])
    return CARRIER_PENALTY * sum(1 for u in strikers if forces.is_carrier(g, u))


@effect("A55", "before_battles")
def turkey_shoot(g: Context) -> None:
    """A55 (the Turkey Shoot): before the battles, one Japanese air unit fighting in them loses
    a step: the Allies pick which (8.2 F: the side inflicting a hit allocates it), among those
    in a battle hex or assigned to one (reacting air units included)."""
    offensive = g.data["offensive"]
    battles = set(offensive["battles"])
    fighting = {
        u
        for u in forces.units_on_map(g, "japan")
        if forces.is_class(g, u, "air")
        and (forces.at(g, u) in battles or offensive["assigned"].get(u) in battles)
    }
    pick_target(g, "allied", "A55", sorted(fighting))


@effect("A72", "after_battles")
def halsey(g: Context) -> None:
    """A72 Halsey: once its battles are over, if a US carrier fought in a battle in the Japanese
    Home Islands, Japan discards a card at random (later-edition hint; once per offensive)."""
    board = g.static.board
    engaged = g.data["offensive"].get("engaged", {})
    in_japan = any(
        forces.is_carrier(g, u)
        and record(g, u).nationality == "us"
        and board.in_area(hex_id, "home_islands")
        for u, hex_id in engaged.items()
    )
    if in_japan:
        japan_discards_at_random(g, "allied")


# -- the 11th Airborne's drop (A69) ----------------------------------------------------------------


@effect("A69", "moves")
def s_day(g: Context, group: list[str]) -> dict[str, Move]:
    """A69 S-Day: the 11th Airborne Division, moving alone, may drop (``drop <hex>``) instead of
    moving on any land hex within the range of a US air unit in its hex (later-edition hint).
    Our reading, the smallest one: the hex holds no enemy unit (nor an intrinsic garrison), is
    one a ground unit may enter (7.42), and the division takes it as if it had walked in (12.1:
    control; no special reaction, 6.27). Air ZOI does not stop it; its path counts for air
    reconnaissance (5.22) where it starts or lands in Japanese air ZOI."""
    if group != [AIRBORNE]:
        return {}
    here = forces.at(g, AIRBORNE)
    reach = max(
        (record(g, u).range or 0 for u in forces.units_at(g, here, "allied") if us_air(g, u)),
        default=0,
    )
    board = g.static.board
    closed = ground_forbidden(board, "allied") | offensives.enemy_hexes(g, "allied")
    zoi = supply.zoi(g)
    found = {}
    for hex_id in board.within(here, reach) if reach else []:
        if hex_id == here or not board.is_land(hex_id) or hex_id in closed:
            continue
        if board.in_area(hex_id, "off_map"):
            continue
        recon = zoi.projected(here, "japan") or zoi.projected(hex_id, "japan")
        found[f"drop {hex_id}"] = Move("move", hex_id, given=Way((here, hex_id), recon=recon))
    return found


def us_air(g: Context, unit_id: str) -> bool:
    unit = record(g, unit_id)
    return unit.unit_class == "air" and unit.nationality == "us"


# -- units and replacements an event brings before its offensive (5.31 C) -------------------------


@effect("A51")
def avg_leaves(g: Context, side: str) -> None:
    """A51 Chennault: the AVG leaves the game, wherever it is (later-edition hint); the 14th Air
    Force enters (:class:`BringIntoPlay`)."""
    if forces.at(g, AVG) != "removed":
        forces.move_to(g, AVG, "removed")
        g.log("log.removed_from_game", unit=AVG)


@RULES.implements("5.31", "12.74", "9.11")
def fourteenth_af_places(g: Context) -> list[str]:
    """A51: the 14th Air Force enters in the Air Units in China box (China standing, room in the
    box) or at a Northern India airfield where an air reinforcement could enter (9.11)."""
    board = g.static.board
    found = [h for h in air_entries(g, FOURTEENTH_AF) if board.in_area(h, "india_north")]
    in_box = [u for u, at in g.data["units"].items() if at == CHINA_BOX]
    if "china" not in g.data["surrendered"] and len(in_box) < CHINA_BOX_AIR:
        found.append(CHINA_BOX)
    return found


def air_entries(g: Context, unit_id: str) -> list[str]:
    hqs = [u for u in forces.units_on_map(g) if record(g, u).unit_class == "hq"]
    return entry_hexes(g, unit_id, hqs)


@RULES.implements("5.31", "7.49", "9.11")
def seventh_armoured_places(g: Context) -> list[str]:
    """A70 Slim's Burma Offensive brings the British 7th Armoured Brigade (5.31 C). The card's
    placement is not known; our reading: as a reinforcement (9.11, 9.12) at a port within the
    activation range of the SEAC HQ, the HQ the event must use, so that it may join the
    offensive."""
    seac = forces.at(g, SEAC)
    if not forces.on_map(seac):
        return []
    reach = supply.activation_range(g, SEAC)
    return [h for h in entry_hexes(g, SEVENTH_ARMOURED, [SEAC]) if h in reach]


class BringIntoPlay(Procedure):
    """5.31 C: before its offensive, the event puts the unit it brings where its player picks
    among the places the card allows (nothing happens if the unit is already in play).
    Frame locals: ``side``, ``card``."""

    def __init__(self, card_id: str, unit_id: str, places: Callable[[Context], list[str]]) -> None:
        self.name = f"event_{card_id}"
        self.unit_id, self.places = unit_id, places

    @RULES.implements("5.31")
    def start(self, g: Context, f: Frame) -> None:
        waiting = forces.at(g, self.unit_id) == "event"
        g.goto("place" if waiting and self.places(g) else "done")

    @decision
    def place(self, g: Context, f: Frame) -> Decision:
        found = Decision()
        choices = found.side(f["side"], "prompt.bring_into_play", unit=self.unit_id)
        for where in self.places(g):
            verb = "box" if where == CHINA_BOX else "hex"
            choices.add(Action.of(verb, where), self.put, where)
        return found

    def put(self, g: Context, f: Frame, where: str) -> None:
        forces.move_to(g, self.unit_id, where)
        if where == CHINA_BOX:
            g.log("log.brought_into_china_box", unit=self.unit_id)
        else:
            g.log("log.brought_into_play", unit=self.unit_id, hex=where)
        g.ret()

    def done(self, g: Context, f: Frame) -> None:
        g.ret()


def waiting_with_a_place(
    unit_id: str, places: Callable[[Context], list[str]]
) -> Callable[[Context, str], bool]:
    """The event can do what it says (5.31): its unit waits off the map and has a place to go,
    or is already in play (then only its offensive is left)."""

    def playable(g: Context, side: str) -> bool:
        return forces.at(g, unit_id) != "event" or bool(places(g))

    return playable


effect("A51", "playable")(waiting_with_a_place(FOURTEENTH_AF, fourteenth_af_places))
effect("A70", "playable")(waiting_with_a_place(SEVENTH_ARMOURED, seventh_armoured_places))


def chinese_unit(g: Context, unit_id: str) -> bool:
    """A48 New China Army: its one replacement point goes to a Chinese unit (10.34: a reduced
    one in supply, or an eliminated one back at Kunming), spent before the offensive."""
    return record(g, unit_id).nationality == "chinese"


KINDS["A48"] = (chinese_unit, lambda g, hex_id: True)
EVENT_POINTS["A48"] = 1

LATE_PROCEDURES: tuple[Procedure, ...] = (
    EventReplacements("A48"),
    BringIntoPlay("A51", FOURTEENTH_AF, fourteenth_af_places),
    BringIntoPlay("A70", SEVENTH_ARMOURED, seventh_armoured_places),
)
