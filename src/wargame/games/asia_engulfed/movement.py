"""Movement of ground units (5.1) and stacking at the end of a phase (5.4).

The operational movement phase (1.15): the phase player moves each ground block at most once,
one area (5.11), along a land, river or strait boundary (5.16, 5.18), obeying what a nation
may enter (3.33, 7.7, 9.23, 9.32); LBA fly (5.12, 5.13); troop transports land from the sea
(5.31) or invade (7.2).

Invasions (7.2)
---------------
Only infantry and marines invade; the target is an enemy-controlled uncontested land area on the
transport's sea area across a passable coast; the sea area borders an uncontested
friendly-controlled area (across any boundary); for Japan it is a sea area of the supply network
(3.5). The first block other than a marine to land in a target this player turn spends one SA of
its power (7.13: every major power taking part spends one); marines alone invade free. At most
the landing limit lands in one target (T4). What an invasion records is open: how many blocks
landed and which powers paid (the blocks themselves stay blank). Still to come: the limits raised
by marines (5.42, 5.43, the designed T4 values) with the stacking exception that goes with them,
shore bombardment (7.22) and the free invasions of undefended boxes (7.25).

Paratroop drops (13.4, optional) are moves of this phase too: :mod:`paratroops` says which
drops are in reach, :func:`drops` and :func:`drop` add where a power may stand and record the
drop with the turn's invasions (3.25: control after the ground combat phase where nobody
defended).

Decision: a move names its unit first (``move jp-11a``, ``fly jp-lba-3``), then its destination
(``move jp-11a hunan``, ``land``, ``invade``, ``drop``, ``fly``) or ``cancel``, as a strategic
move does (:class:`MovementPhase`): listing every unit's every destination at once made
decisions of 90 actions and more, and a player picks a unit before its destination anyway.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from functools import cache
from typing import Any, Final

from wargame.engine.action import Action
from wargame.engine.board.paths import reachable
from wargame.engine.fog import audience, move
from wargame.engine.log import Side
from wargame.engine.memo import remembered
from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame, State
from wargame.games.asia_engulfed import combat_fog, paratroops, strategic_warfare
from wargame.games.asia_engulfed.board import (
    LAND_MOVES,
    air_neighbours,
    area_map,
    coasts_of,
    seas_touching,
)
from wargame.games.asia_engulfed.charts import Charts, tables
from wargame.games.asia_engulfed.china import beyond_china
from wargame.games.asia_engulfed.control import (
    CHINESE,
    GARRISON,
    SIDES,
    SUPPLY,
    add_to_pool,
    area,
    enemy,
    ground_blocks,
    has_enemy_units,
    lba_here,
    note_supply_move,
    occupants,
    overstacked,
    settle_control,
)
from wargame.games.asia_engulfed.forces import side_of
from wargame.games.asia_engulfed.minor_powers import limits_of
from wargame.games.asia_engulfed.registry import RULES
from wargame.games.asia_engulfed.supply import Network
from wargame.games.asia_engulfed.transports import MARINE, crosses_coast

US_BARRED_REGIONS: Final = frozenset({"india", "burma", "china"})
US_OPEN_IN_BARRED: Final = frozenset({"formosa"})
CW_OPEN_IN_CHINA: Final = frozenset({"hainan", "formosa", "hong_kong", "shanghai"})
NEUTRAL: Final = "neutral"
NATIONALISTS: Final = frozenset({"china_nat"})
INVADERS: Final = frozenset({"infantry", MARINE})  # 7.2: no militia, no garrisons
BOXES: Final = frozenset({"port_box", "island_box"})
INVADED_FROM: Final = "invaded_from"  # a block's hidden note: the sea areas it invaded from
CROSSINGS: Final = frozenset({"river", "strait"})  # 6.73

RULES.stand_in(
    "10.2",
    "No unit may enter a neutral area (Mongolia, Tibet, the Soviet Far East, Thailand until "
    "a scenario says otherwise): the surviving rules say only that nobody controls one, and "
    "the conquest rules that might open them (10.x) are lost.",
    key="neutral_closed",
)


# -- where a block may go -------------------------------------------------------------------


def ground_targets(data: Mapping[str, Any], unit_id: str, charts: Charts) -> Iterator[str]:
    """Each area the ground block ``unit_id``, standing on land, may move into now."""
    if leaves_rear_guard(data, unit_id):
        yield from _open_targets(data, data["units"][unit_id], charts)


def _open_targets(
    data: Mapping[str, Any], unit: Mapping[str, Any], charts: Charts
) -> Iterator[str]:
    """:func:`ground_targets` but the rear guard (5.14 b): what a block's side, area, power and
    being a marine allow (all it reads of the block)."""
    for target in _land_moves(unit["where"]):
        if may_enter(data, unit, target) is None and attack_room(data, charts, unit, target):
            yield target


@cache
def _land_moves(where: str) -> tuple[str, ...]:
    """The areas next to ``where`` across a boundary a block may move over, by id."""
    return tuple(sorted(b for b, edge in area(where).adjacent.items() if edge in LAND_MOVES))


def _on_land(where: str) -> bool:
    return where in area_map().areas and not area(where).is_sea


@RULES.implements("5.1", "5.11", "5.16", "5.17", "5.18", "5.14", "3.33")
def may_enter(data: Mapping[str, Any], unit: Mapping[str, Any], target: str) -> str | None:
    """Why the block ``unit`` may not move into the adjacent land area ``target`` (None: it
    may). One area a phase, across land, river or strait boundaries (5.11, 5.16, 5.18; a port
    box is an area of its own, 5.17, and the map joins it by land to its surroundings)."""
    side, power = unit["owner"], unit["hidden"]["power"]
    if area(target).is_sea:
        return "sea"
    if unit["where"] in data["contested_at_start"] and not friendly_uncontested(data, side, target):
        return "leaving_contest"  # 5.14 (a)
    if power == "dei":
        return "dei_stays"  # 3.33
    reason = barred(data, power, target)
    if reason is None and power == "china_nat":
        return nationalist_entry(data, target)
    return reason


@RULES.implements("3.33", "9.23", "9.32")
def barred(data: Mapping[str, Any], power: str, target: str) -> str | None:
    """Why a unit of ``power`` may never stand in ``target``: a neutral area (stand-in, 10.2),
    the Philippines' own units outside them (3.33), US units in India, Burma or China but
    Formosa (9.23), Commonwealth units in China but its four islands and ports, and there not
    where Chinese units stand (9.32; DEI air units and fleets too, stand-in 9.51), Chinese
    units outside China and, for the Nationalists, the Burma Road (stand-in, 9.44)."""
    if data["control"].get(target) == NEUTRAL:
        return "neutral"
    reason, among_chinese = _barred_by_map(power, target)
    if among_chinese and _chinese_there(data, target):
        return "cw_with_chinese"  # the second sentence read as "where Chinese units stand"
    return reason


@cache
def _barred_by_map(power: str, target: str) -> tuple[str | None, bool]:
    """:func:`barred`'s reasons that depend on the map alone, and whether a unit of ``power``
    is barred from ``target`` only where Chinese units stand."""
    record = area(target)
    if power == "philippines" and record.nation != "philippines":
        return "philippines_only", False
    if power == "usa" and record.region in US_BARRED_REGIONS and target not in US_OPEN_IN_BARRED:
        return "us_barred", False
    if record.region == "china" and limits_of(power) == "cw":
        if target not in CW_OPEN_IN_CHINA:
            return "cw_barred", False
        return None, True  # not beyond China: a CW unit is not Chinese
    if power in CHINESE and beyond_china(power, record):
        return "china_only", False
    return None, False


def friendly_uncontested(data: Mapping[str, Any], side: Side, target: str) -> bool:
    return data["control"].get(target) == side and target not in data["contested"]


def _chinese_there(data: Mapping[str, Any], where: str, powers: frozenset[str] = CHINESE) -> bool:
    """Whether an Allied block of ``powers`` (by default either Chinese) stands in ``where``."""
    return any(
        u["where"] == where and u["hidden"]["power"] in powers
        for u in data["units"].values()
        if u["owner"] == SIDES[1]
    )


def chinese_areas(data: Mapping[str, Any]) -> frozenset[str]:
    """The areas where Chinese blocks stand (all that :func:`barred` reads of the units)."""
    return frozenset(
        u["where"]
        for u in data["units"].values()
        if u["owner"] == SIDES[1] and u["hidden"]["power"] in CHINESE
    )


@RULES.implements("7.7", "9.41")
def nationalist_entry(data: Mapping[str, Any], target: str) -> str | None:
    """Nationalists enter a Japanese-controlled area only if it holds no unit, or was contested
    when the phase began with a Nationalist block in it, unless the Allies spent a US special
    action on a Nationalist attack this turn (7.7). Read: the SA opens every Japanese-controlled
    area, since it opens the hardest case (uncontested and occupied); the phase's start stands
    for the turn's (no ground unit moves before it in a player turn)."""
    if data["control"].get(target) != SIDES[0] or data["nationalist_attack"]:
        return None
    if not occupants(data, target):
        return None
    if target in data["contested_at_start"] and _chinese_there(data, target, NATIONALISTS):
        return None
    return "nationalists_need_sa"


@RULES.implements("5.14")
def leaves_rear_guard(data: Mapping[str, Any], unit_id: str) -> bool:
    """A block may leave an area contested when the phase began only if friendly ground steps
    at least equal to the enemy's ground units there stay behind (5.14 b)."""
    unit = data["units"][unit_id]
    start, side = unit["where"], unit["owner"]
    if start not in data["contested_at_start"]:
        return True
    staying = sum(
        data["units"][other]["hidden"]["steps"]
        for other in ground_blocks(data, side, start)
        if other != unit_id
    )
    enemies = len(ground_blocks(data, enemy(side), start))
    enemies += sum(1 for power, at in data["garrisons"] if at == start and side_of(power) != side)
    return staying >= enemies


# -- landings and invasions (5.31, 7.2) ----------------------------------------------------


@RULES.implements("5.31", "8.12", "7.2", "7.23")
def landings(data: Mapping[str, Any], unit_id: str, charts: Charts) -> Iterator[tuple[str, bool]]:
    """Each (land area, invasion?) of the transport ``unit_id``: a landing in a friendly
    uncontested or a contested area on the TT's sea area, or an invasion of an enemy-held
    uncontested one. A block going ashore where its side invades this player turn joins the
    invasion, within its limit (7.2): landing in the contested area comes in later phases
    (7.23)."""
    invaded = data["invasions"]
    unit = data["units"][unit_id]
    side, sea = unit["owner"], unit["where"]
    for land in _shores(sea):
        if barred(data, unit["hidden"]["power"], land):
            continue
        ongoing = invaded.get(land, {}).get("landed", 0) > 0  # 7.2, 7.23: this phase's
        if not ongoing and (land in data["contested"] or data["control"].get(land) == side):
            yield land, False
        elif invasion_problem(data, charts, unit, land, invaded.get(land)) is None:
            yield land, True


@cache
def _shores(sea: str) -> tuple[str, ...]:
    """The land areas a block lands in from ``sea``, across a coast it may cross (8.12)."""
    lands = sorted(a for a in area(sea).adjacent if not area(a).is_sea)
    return tuple(land for land in lands if crosses_coast(land, sea))


@RULES.implements("7.2", "7.11", "7.13")
def invasion_problem(
    data: Mapping[str, Any],
    charts: Charts,
    unit: Mapping[str, Any],
    target: str,
    landed: Mapping[str, Any] | None,
) -> str | None:
    """Why ``unit`` may not invade ``target`` from its sea area now (None: it may)."""
    side, sea = unit["owner"], unit["where"]
    if unit["hidden"]["type"] not in INVADERS:
        return "7.2: only infantry and marines invade"
    ongoing = (landed or {}).get("landed", 0) > 0  # more blocks join this turn's invasion
    if data["control"].get(target) != enemy(side) or (target in data["contested"] and not ongoing):
        return "7.2: the target is not enemy-held and uncontested"
    if not _bridgehead(data, side, sea):
        return "7.2: the sea area borders no uncontested friendly area"
    if side == SIDES[0] and sea not in Network.of(data).seas:
        return "7.2: the sea area is not in the Japanese supply network"
    if not _landing_room(charts, unit, target, landed):
        return "7.2: the landing limit is reached"
    if not attack_room(data, charts, unit, target):
        return "5.42, 5.43: the box takes no more attackers"
    if not _sa_for(data, unit, landed):
        return "7.2: no special action left"
    return None


@RULES.implements("7.2", "4.26")
def _landing_room(
    charts: Charts, unit: Mapping[str, Any], target: str, landed: Mapping[str, Any] | None
) -> bool:
    """Whether one more block may land in ``target`` (7.2, T4): the limit is one higher once a
    marine is among the blocks landing (4.26), so a block other than a marine lands only within
    the limit without one unless a marine landed already."""
    record = landed or {}
    with_marine = unit["hidden"]["type"] == MARINE or record.get("marines", 0) > 0
    limit = charts.invasion_limit(area(target).kind, with_marine=with_marine)
    return limit is None or record.get("landed", 0) < limit


@RULES.implements("5.42", "5.43", "4.26")
def attack_room(
    data: Mapping[str, Any], charts: Charts, unit: Mapping[str, Any], target: str
) -> bool:
    """Whether ``unit`` may join its side's attack on ``target``: an enemy-held port or island
    box takes at most its attack limit of the attacker's ground blocks, one more when at least
    one of them is a marine (5.42, 5.43, T4). Other areas: no limit on entering (5.44 is an
    end-of-phase limit)."""
    side = unit["owner"]
    if area(target).kind not in BOXES or data["control"].get(target) != enemy(side):
        return True
    there = ground_blocks(data, side, target)
    marine = unit["hidden"]["type"] == MARINE or any(
        data["units"][other]["hidden"]["type"] == MARINE for other in there
    )
    stack = getattr(charts.stacking, area(target).kind)
    limit = stack.attack_ground_with_marine if marine else stack.attack_ground
    return limit is None or len(there) < limit


def _bridgehead(data: Mapping[str, Any], side: Side, sea: str) -> bool:
    return any(
        data["control"].get(a) == side and a not in data["contested"]
        for a in area(sea).adjacent
        if not area(a).is_sea
    )


def _sa_for(
    data: Mapping[str, Any], unit: Mapping[str, Any], landed: Mapping[str, Any] | None
) -> bool:
    """A marine invades free; another block needs its power's SA unless that power paid for
    the target already (7.2, 7.13)."""
    if unit["hidden"]["type"] == MARINE:
        return True
    power = _sa_power(unit)
    return (
        power in (landed or {}).get("paid", ())
        or data["tracks"].get(f"special_actions_{power}", 0) > 0
    )


def _sa_power(unit: Mapping[str, Any]) -> str:
    """The major power whose SA an invading block spends (7.13): its own."""
    return str(unit["hidden"]["power"])


def land(g: Context, unit_id: str, target: str, *, invasion: bool) -> None:
    """Put a troop transport ashore. An invasion records its landing (how many blocks, which
    powers paid: both open, the blocks themselves stay blank) and spends the SA (7.2); one
    that meets no enemy unit takes control only at the end of the ground combat phase (3.25)."""
    unit = g.data["units"][unit_id]
    if not invasion:
        move_block(g, unit_id, target)
        return
    sea = unit["where"]
    landed = invasion_record(g.data, target)
    power = _sa_power(unit)
    if unit["hidden"]["type"] != MARINE and power not in landed["paid"]:
        g.data["tracks"][f"special_actions_{power}"] -= 1
        landed["paid"] = sorted([*landed["paid"], power])
    landed["landed"] += 1
    landed["marines"] += unit["hidden"]["type"] == MARINE
    landed["seas"] = sorted({*landed["seas"], sea})
    unit["hidden"][INVADED_FROM] = [sea]  # a list: never a secret word of the fog's
    g.log("log.invasion", side=unit["owner"], area=target, sea=sea)
    if enemy(unit["owner"]) in occupants(g.data, target):
        move_block(g, unit_id, target)
    else:
        relocate(g, unit_id, target)
        remove_lone_air(g, enemy(unit["owner"]), target)


def invasion_record(data: dict[str, Any], target: str) -> dict[str, Any]:
    """This player turn's (open) record of the invasion of ``target``, made on first use."""
    empty = {"landed": 0, "marines": 0, "paid": [], "seas": [], "bombarded": {}, "air_from": {}}
    record: dict[str, Any] = data["invasions"].setdefault(target, empty)
    return record


@RULES.implements("3.25")
def settle_invasions(g: Context) -> None:
    """At the end of the ground combat phase, the areas invaded without a fight change hands
    (3.25's exception); the blocks' notes of where they invaded from go."""
    for where in invasion_targets(g.data):
        take_control(g, where)
    for unit in g.data["units"].values():
        unit["hidden"].pop(INVADED_FROM, None)


# -- paratroop drops (13.4, optional: paratroops.py) ------------------------------------------


@RULES.implements("13.4")
def drops(data: Mapping[str, Any], unit_id: str, charts: Charts) -> Iterator[str]:
    """Each area the paratroop block ``unit_id`` may drop into now: within reach
    (:func:`paratroops.drop_targets`), where its power may stand, within a box's attack limit."""
    unit = data["units"][unit_id]
    for target in paratroops.drop_targets(data, unit_id, charts):
        entered = barred(data, unit["hidden"]["power"], target) is None
        if entered and attack_room(data, charts, unit, target):
            yield target


@RULES.implements("13.4", "3.25")
def drop(g: Context, unit_id: str, target: str) -> None:
    """A paratroop block drops into ``target``, recorded with the turn's invasions: into a
    defended area it contests it at once; into an undefended one it removes the enemy's lone
    LBA (5.46), and takes control at the end of the ground combat phase (3.25)."""
    side = g.data["units"][unit_id]["owner"]
    record = invasion_record(g.data, target)
    record[paratroops.DROPPED] = record.get(paratroops.DROPPED, 0) + 1
    if enemy(side) in occupants(g.data, target):
        move_block(g, unit_id, target, key="log.paradrop")
    else:
        relocate(g, unit_id, target, key="log.paradrop")
        remove_lone_air(g, enemy(side), target)


# -- free garrisons in undefended boxes (7.25) ------------------------------------------------


@RULES.implements("7.25")
def free_garrisons(data: Mapping[str, Any], side: Side) -> Iterator[tuple[str, str]]:
    """Each (block, box): a block of ``side`` that invaded this phase, infantry or marine with a
    step to spare, may give it to garrison an undefended enemy-held box on its sea area."""
    units = data["units"]
    invaders = sorted(u for u, unit in units.items() if INVADED_FROM in unit["hidden"])
    for unit_id, unit in ((u, units[u]) for u in invaders):
        if unit["owner"] != side or unit["hidden"]["type"] not in INVADERS:
            continue
        if unit["hidden"]["steps"] < 2:
            continue
        for sea in unit["hidden"].get(INVADED_FROM, []):
            for box in undefended_boxes(data, side, sea):
                if box != unit["where"] and not barred(data, unit["hidden"]["power"], box):
                    yield unit_id, box


def undefended_boxes(data: Mapping[str, Any], side: Side, sea: str) -> list[str]:
    """The enemy-held port and island boxes on ``sea`` with no unit, garrison or air unit in
    them, not invaded this turn (7.25)."""
    return [
        box
        for box in sorted(area(sea).adjacent)
        if area(box).kind in BOXES
        and crosses_coast(box, sea)
        and data["control"].get(box) == enemy(side)
        and box not in data["contested"]
        and box not in data["invasions"]
        and not occupants(data, box)
        and not has_enemy_units(data, side, box)
    ]


def garrison_box(g: Context, unit_id: str, box: str) -> None:
    """``unit_id`` gives a step; a garrison of its power stands in ``box``, which changes hands
    at the end of the ground combat phase (7.25, 3.25)."""
    unit = g.data["units"][unit_id]
    unit["hidden"]["steps"] -= 1
    record = invasion_record(g.data, box)
    record["seas"] = sorted({*record["seas"], *unit["hidden"][INVADED_FROM]})
    record["free"] = True
    g.data["garrisons"].append([unit["hidden"]["power"], box])
    g.log("log.free_garrison", side=unit["owner"], area=box)


# -- marines over the limit, LBA joining (5.42, 5.43, 6.74, 6.75, 7.24) -----------------------


@RULES.implements("5.42", "5.43", "4.26")
def marine_allowance(data: Mapping[str, Any], side: Side, where: str, charts: Charts) -> int:
    """How many ground blocks over the limit ``side`` may keep in ``where`` at the end of a
    phase: one marine in an area it invades this player turn (5.42, 5.43: marines in an
    invasion are not removed; 4.26: one marine unit overstacks), else none."""
    if data.get("phase_player") != side or where not in data["invasions"]:
        return 0
    marines = [u for u in ground_blocks(data, side, where) if _is_marine(data, u)]
    kind = area(where).kind
    raised = charts.invasion_limit(kind, with_marine=True)
    plain = charts.invasion_limit(kind, with_marine=False)
    extra = (raised or 0) - (plain or 0)
    return min(len(marines), extra)


def _is_marine(data: Mapping[str, Any], unit_id: str) -> bool:
    return bool(data["units"][unit_id]["hidden"]["type"] == MARINE)


@RULES.implements("6.74", "6.75", "5.43")
def marine_withdrawals(
    data: Mapping[str, Any], side: Side, charts: Charts
) -> Iterator[tuple[str, str]]:
    """Each (marine, destination) of ``side`` over the ground limit of an area it invaded: an
    adjacent friendly uncontested land area from a port box (5.43, 6.74), or the sea area the
    invasion came from, to rebase (6.74, 6.75, 8.8)."""
    for where in invasion_targets(data):
        excess = len(ground_blocks(data, side, where)) - _ground_limit(where, charts)
        if excess <= 0:
            continue
        for unit_id in ground_blocks(data, side, where):
            if _is_marine(data, unit_id):
                for target in _withdrawal_targets(data, side, where):
                    yield unit_id, target


def _ground_limit(where: str, charts: Charts) -> int:
    record = area(where)
    if record.kind in BOXES:
        return int(getattr(charts.stacking, record.kind).ground)
    if record.terrain == "jungle":
        return int(charts.stacking.jungle.ground)
    return len(area_map().areas)  # no limit (5.41)


def _withdrawal_targets(data: Mapping[str, Any], side: Side, where: str) -> list[str]:
    seas = list(data["invasions"][where]["seas"])
    if area(where).kind != "port_box":
        return seas
    land = [
        a
        for a, edge in sorted(area(where).adjacent.items())
        if edge in LAND_MOVES and not area(a).is_sea and friendly_uncontested(data, side, a)
    ]
    return land + seas


class MarineWithdrawal(Procedure):
    """At the end of the invader's ground combat phase, its marines over an invaded area's
    ground limit leave it, one by one, where the player chooses (6.74, 6.75)."""

    name = "marine_withdrawal"

    def start(self, g: Context, f: Frame) -> None:
        found = marine_withdrawals(g.data, f.locals["side"], tables(g.state))
        g.goto("choose" if next(found, None) is not None else "done")

    @decision
    def choose(self, g: Context, f: Frame) -> Choices:
        side = f.locals["side"]
        choices = Decision.single(side, "prompt.marine_withdrawal")
        for unit_id, target in marine_withdrawals(g.data, side, tables(g.state)):
            action = Action.of("leave_box", unit_id, target)
            choices.add(action, self.withdraw, unit_id, target)
        return choices

    def withdraw(self, g: Context, f: Frame, unit_id: str, target: str) -> None:
        start = relocate(g, unit_id, target)
        settle_after_leaving(g, start)
        g.goto("start")

    def done(self, g: Context, f: Frame) -> None:
        g.ret()


@RULES.implements("7.24")
def note_air_joining(g: Context, counter_id: str, start: str, target: str) -> None:
    """An LBA flying into an area invaded this player turn is noted with where it came from
    (7.24: it goes back there if the invasion fails)."""
    record = g.data["invasions"].get(target)
    if record is not None and counter_id not in record["air_from"]:
        record["air_from"] = {**record["air_from"], counter_id: start}


@RULES.implements("7.24")
def recall_invasion_air(g: Context, side: Side, where: str) -> None:
    """If ``side``'s invaders of ``where`` are gone, or it broke off the attack, the LBA that
    flew in to join them go back to their bases instead of being removed (7.24)."""
    record = g.data["invasions"].get(where)
    if record is None:
        return
    for counter_id, base in sorted(record["air_from"].items()):
        counter = g.data["counters"].get(counter_id)
        if counter is not None and counter["where"] == where:
            g.log("log.air_returned", unit=counter_id, area=where, to=base)
            counter["where"] = base
    record["air_from"] = {}


def invasion_targets(data: Mapping[str, Any]) -> list[str]:
    """The areas invaded this player turn (7.21: their defenders' first-round bonus)."""
    return sorted(data["invasions"])


# -- air units (5.12-5.15) -------------------------------------------------------------------


def air_targets(data: Mapping[str, Any], counter_id: str, charts: Charts) -> list[str]:
    """Each area the LBA ``counter_id`` may fly to in operational movement now."""
    counter = data["counters"][counter_id]
    if not _on_land(counter["where"]):
        return []
    return sorted(air_reach(data, side_of(counter["power"]), counter, charts))


def flies(data: Mapping[str, Any], counter_id: str, charts: Charts) -> bool:
    """Whether the LBA ``counter_id`` has an area to fly to (:func:`air_targets`): most have
    one next door, found without the whole search."""
    counter = data["counters"][counter_id]
    start, side = counter["where"], side_of(counter["power"])
    if not _on_land(start):
        return False
    leaving = start in data["contested_at_start"]
    power = counter["power"]
    for b in air_neighbours(start):
        if _air_entry(data, side, power, leaving, b) and not _alone_with_enemy(data, side, b):
            return True
    return bool(air_reach(data, side, counter, charts))


@RULES.implements("5.12", "5.13", "5.15", "3.6")
def air_reach(
    data: Mapping[str, Any], side: Side, counter: Mapping[str, Any], charts: Charts
) -> set[str]:
    """Where an LBA may fly in operational movement: up to two land areas (Table T14),
    stopping in an area with enemy units (5.12) or in jungle (5.15), across any boundary
    (5.18); or across one sea area from a supplied area on it to another on it (5.13). Out of
    supply: one area and no sea (3.6). It may not end where it would stand alone with enemy
    ground units (5.46 would remove it at once: no player would choose that)."""
    start, power = counter["where"], counter["power"]
    oos = counter.get(SUPPLY) == "out"
    question = ("air_reach", side, start, power, oos, charts.movement.lba_land)
    return set(remembered(data, question, lambda: _air_reach(data, side, counter, charts)))


def _air_reach(
    data: Mapping[str, Any], side: Side, counter: Mapping[str, Any], charts: Charts
) -> frozenset[str]:
    """:func:`air_reach` (LBA of one power in one area, supplied or not, share it)."""
    start, power = counter["where"], counter["power"]
    oos = counter.get(SUPPLY) == "out"
    leaving = start in data["contested_at_start"]

    def can_enter(_a: str, b: str) -> bool:
        return _air_entry(data, side, power, leaving, b)

    def can_leave(node: str) -> bool:
        return not has_enemy_units(data, side, node) and area(node).terrain != "jungle"

    over_land = reachable(
        start,
        air_neighbours,
        can_enter=can_enter,
        can_leave=can_leave,
        max_cost=1 if oos else charts.movement.lba_land,
    )
    found = over_land | (set() if oos else _across_a_sea(data, power, start, can_enter))
    return frozenset(b for b in found - {start} if not _alone_with_enemy(data, side, b))


def _air_entry(data: Mapping[str, Any], side: Side, power: str, leaving: bool, b: str) -> bool:
    """Whether an LBA of ``power`` may fly into ``b`` (``leaving``: an area contested when the
    phase began)."""
    if area(b).is_sea or barred(data, power, b) is not None:
        return False
    return not leaving or friendly_uncontested(data, side, b)  # 5.14 (a)


def _across_a_sea(
    data: Mapping[str, Any], power: str, start: str, can_enter: Callable[[str, str], bool]
) -> set[str]:
    found = set()
    for sea in seas_touching(start):
        found |= {b for b in coasts_of(sea) if can_enter(start, b)}
    return found


def _alone_with_enemy(data: Mapping[str, Any], side: Side, where: str) -> bool:
    there = occupants(data, where)
    return enemy(side) in there and side not in there


# -- the phase ------------------------------------------------------------------------------


class MovementPhase(Procedure):
    """A phase of moves one by one until the phase player ends it, then stacking (5.42-5.44).
    A move names its unit first and its destination second (listing every unit's every
    destination at once made decisions of 90-750 actions); which unit was picked is the
    mover's secret (``data["picked"]``, in its own view only). Subclasses say which units may
    move (``movers``), with which verb they are picked (``pick_verb``) and where each may go
    (``destinations``); ``offer`` adds the phase's other actions."""

    prompt = ""
    destination_prompt = ""
    none_picked_prompt = ""

    @decision
    def start(self, g: Context, f: Frame) -> Choices:
        side: Side = f.locals["side"]
        choices = Decision.single(side, self.prompt)
        for unit_id in self.movers(g.data, side, tables(g.state)):
            action = Action.of(self.pick_verb(g.data, unit_id), unit_id)
            choices.add(action, self.pick, side, unit_id)
        self.offer(g, side, choices)
        choices.add("end", self.end, side)
        return choices

    def movers(self, data: Mapping[str, Any], side: Side, charts: Charts) -> Iterator[str]:
        raise NotImplementedError

    def pick_verb(self, data: Mapping[str, Any], unit_id: str) -> str:
        raise NotImplementedError

    def destinations(self, g: Context, side: Side, unit_id: str, choices: Choices) -> None:
        raise NotImplementedError

    def offer(self, g: Context, side: Side, choices: Choices) -> None:
        """The phase's actions beside picking a unit (none by default)."""

    def pick(self, g: Context, f: Frame, side: Side, unit_id: str) -> None:
        g.data["picked"][side] = [unit_id]  # private: the stack is public, a block's id is not
        g.goto("destination")

    @decision
    def destination(self, g: Context, f: Frame) -> Choices:
        """Where the unit picked goes, or cancel to pick another."""
        side = f.locals["side"]
        picked = g.data["picked"][side]
        if not picked:  # only in a state drawn by the other side, which could not guess one
            choices = Decision.single(side, self.none_picked_prompt)
        else:
            choices = Decision.single(side, self.destination_prompt, unit=picked[0])
            self.destinations(g, side, picked[0], choices)
        choices.add("cancel", self.cancel)
        return choices

    def cancel(self, g: Context, f: Frame) -> None:
        g.data["picked"][f.locals["side"]] = []
        g.goto("start")

    def moved(self, g: Context, side: Side, unit_id: str) -> None:
        """After the unit picked moved: marked, and the next unit is to be picked."""
        mark_moved(g, side, unit_id)
        g.data["picked"][side] = []
        g.goto("start")

    def end(self, g: Context, f: Frame, side: Side) -> None:
        g.data["moved"][side] = []
        g.call("stacking", then="done")

    def done(self, g: Context, f: Frame) -> None:
        g.ret()

    def draw_picked(self, state: State, side: Side) -> None:
        """In a state drawn for ``side``'s enemy (``determinize``), the unit ``side`` picked in
        this phase, which only ``side`` knows: the first that may move, as the enemy may guess."""
        frame = state.stack[-1] if state.stack else None
        if frame is None or frame.name != self.name or frame.step != "destination":
            return
        if frame.locals["side"] != side or state.data["picked"][side]:
            return
        found = next(self.movers(state.data, side, tables(state)), None)
        state.data["picked"][side] = [] if found is None else [found]


class OperationalMovement(MovementPhase):
    """The operational movement phase (1.15): a ground block moves (``move``), lands from the
    sea or invades (``land``, ``invade``) or drops (``drop``, 13.4), an LBA flies (``fly``)."""

    name = "operational_movement"
    prompt = "prompt.operational_movement"
    destination_prompt = "prompt.operational_destination"
    none_picked_prompt = "prompt.operational_none_picked"

    def movers(self, data: Mapping[str, Any], side: Side, charts: Charts) -> Iterator[str]:
        """Each unit of ``side`` with a move left this phase: blocks, then LBA."""
        moved = set(data["moved"][side])
        known: dict[tuple[str, str, str], bool] = {}
        for unit_id, unit in sorted(data["units"].items()):
            mine = unit["owner"] == side and unit["public"]["kind"] == "ground"
            if mine and unit_id not in moved and _may_move(data, unit_id, charts, known):
                yield unit_id
        flying: dict[tuple[str, str, bool], bool] = {}
        for counter_id, counter in sorted(data["counters"].items()):
            lba = counter["type"] == "lba" and side_of(counter["power"]) == side
            if lba and counter_id not in moved and _flies(data, counter_id, charts, flying):
                yield counter_id

    def pick_verb(self, data: Mapping[str, Any], unit_id: str) -> str:
        return "move" if unit_id in data["units"] else "fly"

    def destinations(self, g: Context, side: Side, unit_id: str, choices: Choices) -> None:
        for verb, target in operations(g.data, unit_id, tables(g.state)):
            action = Action(f"{verb} {unit_id} {target}")
            choices.add(action, self.operate, verb, unit_id, target)

    def offer(self, g: Context, side: Side, choices: Choices) -> None:
        for unit_id, box in free_garrisons(g.data, side):
            action = Action.of("garrison_box", unit_id, box)
            choices.add(action, self.garrison_box, unit_id, box)
        if nationalist_attack_open(g.data, side):
            choices.add("nationalist_attack", self.nationalist_attack, side)

    def operate(self, g: Context, f: Frame, verb: str, unit_id: str, target: str) -> None:
        side = f.locals["side"]
        if verb == "move":
            move_block(g, unit_id, target)
        elif verb == "fly":
            fly(g, side, unit_id, target)
        elif verb == "drop":
            drop(g, unit_id, target)
        else:
            land(g, unit_id, target, invasion=verb == "invade")
        self.moved(g, side, unit_id)

    def garrison_box(self, g: Context, f: Frame, unit_id: str, box: str) -> None:
        garrison_box(g, unit_id, box)

    @RULES.implements("7.7")
    def nationalist_attack(self, g: Context, f: Frame, side: Side) -> None:
        g.data["tracks"]["special_actions_usa"] -= 1
        g.data["nationalist_attack"] = True
        g.log("log.nationalist_attack")


def _may_move(
    data: Mapping[str, Any], unit_id: str, charts: Charts, known: dict[tuple[str, str, str], bool]
) -> bool:
    """Whether the block ``unit_id`` has an operation now (:func:`operations`). Whether a block
    may land from its sea area (:func:`landings`), or march from its land area but for the rear
    guard (:func:`_open_targets`), depends on its area, power and type alone: ``known`` keeps it
    for the other blocks alike (most blocks at sea share a sea area and a kind)."""
    unit = data["units"][unit_id]
    where, hidden = unit["where"], unit["hidden"]
    if where not in area_map().areas:
        return False
    key = (where, hidden["power"], hidden["type"])
    if area(where).is_sea:
        if key not in known:
            known[key] = next(landings(data, unit_id, charts), None) is not None
        return known[key]
    if key not in known:
        known[key] = next(_open_targets(data, unit, charts), None) is not None
    marches = known[key] and leaves_rear_guard(data, unit_id)
    return marches or next(drops(data, unit_id, charts), None) is not None


def _flies(
    data: Mapping[str, Any],
    counter_id: str,
    charts: Charts,
    known: dict[tuple[str, str, bool], bool],
) -> bool:
    """:func:`flies`, kept in ``known`` for the other LBA of the same power, area and supply
    (all it reads of the counter)."""
    counter = data["counters"][counter_id]
    key = (counter["where"], counter["power"], counter.get(SUPPLY) == "out")
    if key not in known:
        known[key] = flies(data, counter_id, charts)
    return known[key]


def operations(data: Mapping[str, Any], unit_id: str, charts: Charts) -> Iterator[tuple[str, str]]:
    """Each (verb, area) the unit ``unit_id`` may do in operational movement now (it has not
    moved this phase): a block on land moves or drops, at sea lands or invades; an LBA flies."""
    if unit_id in data["counters"]:
        yield from (("fly", target) for target in air_targets(data, unit_id, charts))
        return
    where = data["units"][unit_id]["where"]
    if where not in area_map().areas:
        return
    if area(where).is_sea:
        for target, invasion in landings(data, unit_id, charts):
            yield ("invade" if invasion else "land"), target
        return
    yield from (("move", target) for target in ground_targets(data, unit_id, charts))
    yield from (("drop", target) for target in drops(data, unit_id, charts))  # 13.4


def mark_moved(g: Context, side: Side, unit_id: str) -> None:
    g.data["moved"][side] = sorted([*g.data["moved"][side], unit_id])
    note_supply_move(g.data, side, unit_id)  # 3.7


def fly(g: Context, side: Side, counter_id: str, target: str) -> None:
    counter = g.data["counters"][counter_id]
    start = counter["where"]
    g.log("log.flew", side=side, unit=counter_id, to=target, **{"from": start})
    counter["where"] = target
    note_air_joining(g, counter_id, start, target)


def relocate(g: Context, unit_id: str, target: str, key: str = "log.moved") -> str:
    """Move a block and log it under ``key`` (in full to whoever sees it, as a blank under
    ``key``_blank to the others); returns where it came from."""
    unit = g.data["units"][unit_id]
    start, side = unit["where"], unit["owner"]
    move(g.data["units"], unit_id, target)
    combat_fog.after_move(g, unit_id, start)  # 6.23
    private = {"side": side, "unit": unit_id, "from": start, "to": target}
    public = {"side": side, "colour": unit["public"]["colour"], "from": start, "to": target}
    g.log_private(audience(unit, SIDES), key, private, f"{key}_blank", public)
    return start


def block_to_pool(g: Context, unit_id: str, key: str, **where: str) -> None:
    """Take a block off the map into its power's force pool, logged under ``key`` to its owner
    and as a blank (``key``_blank) to the other side."""
    unit = g.data["units"].pop(unit_id)
    add_to_pool(g.data, unit["hidden"]["power"], unit_id)
    public = {"side": unit["owner"], "colour": unit["public"]["colour"], **where}
    g.log_private([unit["owner"]], key, {**public, "unit": unit_id}, f"{key}_blank", public)


def nationalist_attack_open(data: Mapping[str, Any], side: Side) -> bool:
    """The Allies may spend a US SA on a Nationalist attack once a turn (7.7; Table T17)."""
    return (
        side == SIDES[1]
        and not data["nationalist_attack"]
        and data["tracks"].get("special_actions_usa", 0) > 0
    )


def take_control(g: Context, where: str) -> str | None:
    """Settle control and contest of ``where`` after units entered or left it (3.25), and log
    a change of hands; returns the new controller, if control changed."""
    holder = settle_control(g.data, where)
    if holder is not None:
        g.log("log.control", area=where, side=holder)
        strategic_warfare.air_base_taken(g, where, holder)  # 2.5
    return holder


def settle_after_leaving(g: Context, where: str) -> None:
    """Control and contest after units left ``where`` (3.25), LBA left alone with the enemy
    (5.46), blocks standing up once one side is left (6.63)."""
    take_control(g, where)
    for side in SIDES:
        remove_lone_air(g, side, where)
    combat_fog.stand_up_if_settled(g, where)


@RULES.implements("3.25", "5.46")
def move_block(g: Context, unit_id: str, target: str, key: str = "log.moved") -> None:
    """Move a block one area and settle what its move changes: control and contest (3.25), an
    area newly contested (6.1 makes its battle mandatory), enemy LBA left alone with it
    (removed, 5.46). ``key``: its log line (:func:`relocate`)."""
    side = g.data["units"][unit_id]["owner"]
    was_contested = target in g.data["contested"]
    start = relocate(g, unit_id, target, key)
    for where in (start, target):
        take_control(g, where)
    combat_fog.stand_up_if_settled(g, start)
    if target in g.data["contested"] and not was_contested:
        g.data["newly_contested"] = sorted({*g.data["newly_contested"], target})
        g.log("log.contested", area=target)
    if target in g.data["contested"] and area(start).adjacent.get(target) in CROSSINGS:
        g.data["crossed_into"] = sorted({*g.data["crossed_into"], target})  # 6.73
    remove_lone_air(g, enemy(side), target)


def remove_lone_air(g: Context, side: Side, where: str) -> None:
    """``side``'s LBA in ``where`` with enemy ground units and none of its own go to the force
    pool at once, without combat (5.46)."""
    if side in occupants(g.data, where) or enemy(side) not in occupants(g.data, where):
        return
    for counter_id in lba_here(g.data, side, where):
        to_pool(g, counter_id)
        g.log("log.air_removed", unit=counter_id, area=where)


def to_pool(g: Context, counter_id: str) -> None:
    counter = g.data["counters"].pop(counter_id)
    add_to_pool(g.data, counter["power"], counter_id)


class Stacking(Procedure):
    """At the end of a phase each side removes, by its choice, what an area holds beyond its
    limit (5.42-5.44): blocks and LBA to the force pool, garrisons out of play."""

    name = "stacking"

    def start(self, g: Context, f: Frame) -> None:
        charts = tables(g.state)
        for side in SIDES:
            excess = next(beyond_allowance(g.data, side, charts), None)
            if excess is not None:
                f.locals.update(side=side, area=excess[0], kind=excess[1])
                g.goto("choose")
                return
        g.ret()

    @decision
    def choose(self, g: Context, f: Frame) -> Choices:
        side, where = f.locals["side"], f.locals["area"]
        choices = Decision.single(side, "prompt.overstacked", area=where)
        for unit_id in _removable(g.data, side, where, f.locals["kind"]):
            choices.add(Action.of("remove", unit_id), self.remove, side, unit_id, where)
        return choices

    @RULES.implements("5.4", "5.42", "5.43", "5.44")
    def remove(self, g: Context, f: Frame, side: Side, unit_id: str, where: str) -> None:
        g.goto("start")
        if unit_id.startswith(GARRISON):
            g.data["garrisons"].remove([unit_id.removeprefix(GARRISON), where])
            g.log("log.garrison_removed", area=where)
            return
        if unit_id in g.data["counters"]:
            to_pool(g, unit_id)
            g.log("log.air_removed", unit=unit_id, area=where)
            return
        block_to_pool(g, unit_id, "log.overstack_removed", area=where)
        settle_control(g.data, where)


def beyond_allowance(
    data: Mapping[str, Any], side: Side, charts: Charts
) -> Iterator[tuple[str, str, int]]:
    """``overstacked`` but for the marine an invasion may keep over the limit (5.42, 5.43)."""
    for where, kind, count in overstacked(data, side, charts):
        if kind != "ground" or count > marine_allowance(data, side, where, charts):
            yield where, kind, count


def _removable(data: Mapping[str, Any], side: Side, where: str, kind: str) -> list[str]:
    if kind == "ground":
        return ground_blocks(data, side, where)
    if kind == "air":
        return lba_here(data, side, where)
    powers = sorted({p for p, at in data["garrisons"] if at == where and side_of(p) == side})
    return [GARRISON + power for power in powers]


ALL: Final[tuple[Procedure, ...]] = (OperationalMovement(), Stacking(), MarineWithdrawal())
