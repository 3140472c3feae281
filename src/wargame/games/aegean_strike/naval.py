"""Naval units in a Movement Phase segment (7.04-7.06 items 4-5): the acting side's naval units
move (10.03, 13.06) or attack enemy ships (16.11), as many of them as its Sea Movement
Determination roll allows (10.04); a ship attacked fires back without spending anything.

Decisions (provisional: the naval and ship-to-ship rules are lost)
- Only an Under-way naval unit spends MP (10.02, :mod:`sealift`). A unit spends MP once a
  segment, to move or to attack (an amphibious ship also to land troops, 13.07), and each unit
  that does counts one against its side's allowance for the action stage (10.04).
- A move is traced hex by hex over water with the engine's cheapest-path search
  (``engine.board.paths.search``), its cost at most the unit's allowance (strategic hexes, each
  worth ``mp_per_strategic_hex`` operational MP, table ``naval_movement``). A ship steps to a
  neighbouring hex of its map with water in it (sea, coastal or island, not wholly land; none
  inside the transitional ring): one MP on the operational map, a strategic hex's worth on
  the strategic. It changes maps between an operational hex and the transitional strategic
  hex it lies in, for ``map_change_mp``.
- The map records no hexside that is all land, so a shore hex stands for it: a ship may end
  its move in a hex with more land than ``pass_through_land`` (a share of its area), but not
  sail on from it, so it cannot cut across an isthmus (the Bolayir neck of the Gallipoli
  peninsula, whose two hexes are 77 and 81 % land) or a peninsula; the Dardanelles and the
  Corinth and Potidea canals' hexes stay open. Leaving the hex it starts in is always allowed.
- The hex choice lists only the hexes the ship reaches; a hex a player names outside them is
  refused with 10.03 and its reason (no water, or beyond the allowance by water). A move into
  an enemy minefield (13.08, public) carries the preview of its strike (:mod:`chance_previews`).
- Ship-to-ship combat (16.11): an attacker fires at one enemy naval unit within its combat
  range (table ``detection``: SSM range against a surface ship, underwater range when either is
  a submarine), with its SSM value (a surface ship against a surface ship) or its underwater
  value (a submarine attacking, or any ship against a submarine), less the target's ECM, on
  the Air/Naval chart with a d10. The target fires back at once with its own value if the
  attacker is within its range (7.04 item 5: defending is free). Hits as 9.06.
- Ship-to-ground combat (16.09, provisional: the rule is lost): a surface ship with a
  bombardment value fires at one enemy ground unit on the map that its side sees, within the
  ``bombardment`` combat range (table ``detection``; across the maps as 16.12), with its
  bombardment value on the air-to-ground chart (the chart 9.06 gives air-to-ground and
  ship-to-ground combat) with a d10; ground units have no ECM and do not fire back, and do not
  retreat (as from the air, 9.06). It spends the ship's MP and counts against the sea movement
  number as an attack does (7.04 item 4). Hits on a unit in a declared land combat count for the
  ship's side as close air support's do (naval gunfire support, 16.02). Airbases are no target:
  the optional cruise-missile rule (19.09) is the seed's way to strike them from the sea.
- Ship-to-ship interception (15.02, provisional: the rule is lost; the seed makes it a
  responding action that spends MP and counts against the sea movement number): when the acting
  side ends its naval moves, if one of its ships sailed and the other side's sea movement
  number for the action stage is not spent, the other side is asked whether its ships intercept
  the ships that sailed, where they ended their moves (the path is not traced). It is asked
  whether or not it has a ship able to (the moves and the number are public), so the question
  tells the mover nothing, and the mover may take back its moves until it ends. A ship may
  intercept a mover its side sees (14) within its combat range (16.11), once a segment; the
  fight is a ship-to-ship combat, the interceptor firing and the mover firing back if in range,
  and each takes one from the responding side's sea movement number. The interceptor does not
  move.
- The Turkish Straits (13.06, 21.07, table ``straits``; provisional): in the scenarios the table
  lists, each strait's gate hexes are closed to the ships of the side at war with Turkey unless
  one of that side's ground units holds the strait's town. The Bosporus's gate includes its
  transitional strategic hex, through which a ship would otherwise pass from the Black Sea to
  the Sea of Marmara by changing maps.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache, lru_cache, partial
from types import MappingProxyType
from typing import Any, Final

from wargame.engine.board.paths import search
from wargame.engine.data import read_raw
from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.aegean_strike import (
    chance_previews,
    detection,
    e2_carrier,
    losses,
    mines,
    naval_previews,
    sealift,
    state,
)
from wargame.games.aegean_strike.charts import tables as game_tables
from wargame.games.aegean_strike.forces import DATA, forces
from wargame.games.aegean_strike.losses import D10
from wargame.games.aegean_strike.offers import offer
from wargame.games.aegean_strike.registry import RULES

WATER: Final = frozenset({"sea", "coastal", "island"})
SUBMARINE: Final = "submarine"

PATH_OVER_WATER: Final = "a path over water within the allowance, no sailing on from a shore hex"
RULES.stand_in("10.03", PATH_OVER_WATER, key="move")
RULES.stand_in("13.06", PATH_OVER_WATER, key="move")
RULES.stand_in(
    "10.07", "a submarine attacks and is attacked underwater, at the underwater range", key="sub"
)
RULES.stand_in("16.11", "SSM or underwater value less ECM on the Air/Naval chart", key="combat")
RULES.stand_in(
    "15.02",
    "a ship in range may fire at an enemy ship that moved, for a sea move",
    key="intercept",
)
RULES.stand_in(
    "16.09",
    "a bombardment of a seen ground unit in range on the air-to-ground chart",
    key="bombard",
)
RULES.stand_in(
    "13.06", "the Straits closed to the side at war with Turkey (table straits)", key="straits"
)


def is_submarine(uid: str) -> bool:
    return forces().naval_types[state.unit(uid).type].category == SUBMARINE


def allowance(g_tables: Mapping[str, Any], uid: str) -> int:
    """A unit's move in operational MP: its allowance in strategic hexes times their worth."""
    return int(state.naval_values(uid).ma) * int(g_tables["naval_movement"].mp_per_strategic_hex)


@cache
def land_share() -> dict[str, float]:
    raw = read_raw(DATA / "map.json")
    return {str(h["id"]): float(h.get("land", 0.0)) for h in raw["hexes"]}


def is_water(hex_id: str) -> bool:
    """Sea, coastal or island hexes with some water, none inside the transitional ring."""
    found = forces().hexes.get(hex_id)
    if found is None or found.cls not in WATER or found.area == "inside":
        return False
    return land_share()[hex_id] < 1.0


@cache
def water_neighbours(hex_id: str) -> tuple[str, ...]:
    """The water hexes a ship steps to from ``hex_id``: on its map, and across the maps between
    an operational hex and the transitional strategic hex it lies in."""
    found = [h for h in state.neighbours(hex_id) if is_water(h)]
    if not state.on_strategic(hex_id):
        found += [h for h in [state.strategic_of()[hex_id]] if is_water(h)]
    elif forces().hexes[hex_id].area == "transitional":
        found += sorted(h for h in state.operational_within(hex_id) if is_water(h))
    return tuple(found)


def step_costs(table: Any) -> Callable[[str, str], int]:
    """MP of a step: one on the operational map, a strategic hex's worth, or a change of maps."""
    strategic, change = int(table.mp_per_strategic_hex), int(table.map_change_mp)

    def cost(a: str, b: str) -> int:
        big = a.startswith(state.STRATEGIC_PREFIX)
        if big != b.startswith(state.STRATEGIC_PREFIX):
            return change
        return strategic if big else 1

    return cost


@cache
def shores(most_land: float) -> frozenset[str]:
    """The hexes with more land than ``most_land``, where a ship ends its move."""
    return frozenset(h for h, share in land_share().items() if share > most_land)


@RULES.implements("10.03", "13.06")
def reach(
    g_tables: Mapping[str, Any],
    data: Mapping[str, Any],
    uid: str,
    closed: frozenset[str] = frozenset(),
) -> Mapping[str, int]:
    """The hexes ``uid`` may sail to, each with the MP its cheapest water path costs, never
    into a ``closed`` hex (:func:`closed_straits`), stopping in an enemy minefield (13.08)."""
    table = g_tables["naval_movement"]
    here, most = data["naval"][uid]["hex"], allowance(g_tables, uid)
    return _reach_from(here, most, table, closed, mines.against(data, uid))


@lru_cache(maxsize=2048)
def _reach_from(
    here: str, most: int, table: Any, closed: frozenset[str], mined: frozenset[str]
) -> Mapping[str, int]:
    """Nothing on the map but a closed strait blocks a ship, nor stops it but a shore or an
    enemy minefield, so the hexes reached hang on the start, the allowance, the table, the
    closed and the mined hexes alone, and are kept."""
    ends = shores(float(table.pass_through_land)) | mined

    def open_water(hex_id: str) -> tuple[str, ...]:
        return tuple(h for h in water_neighbours(hex_id) if h not in closed)

    found = search(
        here,
        open_water if closed else water_neighbours,
        cost=step_costs(table),
        can_leave=lambda h: h not in ends,
        max_cost=most,
    )
    return MappingProxyType({h: int(c) for h, c in found.reached.items() if h != here})


@RULES.implements("13.06", "21.07")
def closed_straits(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], scenario: str, uid: str
) -> frozenset[str]:
    """The gate hexes of the straits closed to ``uid``: in a scenario the ``straits`` table
    lists, those of each strait whose town no ground unit of ``uid``'s side holds, when its
    side is at war with the keeper (Turkey)."""
    rules = g_tables["straits"]
    keeper = data["nations"].get(rules.keeper)
    side = state.side_of(data, uid)
    if scenario not in rules.scenarios or keeper is None or keeper == side:
        return frozenset()
    held = {
        r["hex"] for u, r in data["ground"].items() if r["hex"] and state.side_of(data, u) == side
    }
    gates = [gate.hexes for gate in rules.gates.values() if gate.hold not in held]
    return frozenset(h for hexes in gates for h in hexes)


@RULES.implements("10.03", "13.06")
def move_refusal(
    g_tables: Mapping[str, Any],
    data: Mapping[str, Any],
    uid: str,
    hex_id: str,
    closed: frozenset[str] = frozenset(),
) -> str:
    """Why ``uid`` may not move to ``hex_id`` ('' if it may)."""
    if hex_id == data["naval"][uid]["hex"]:
        return f"10.03: {uid} is in {hex_id} already"
    if not is_water(hex_id):
        return f"10.03: {hex_id} has no sea for {uid}"
    if hex_id in closed:
        return f"13.06: the Straits at {hex_id} are closed to {uid} (Turkey holds them)"
    if hex_id not in reach(g_tables, data, uid, closed):
        return (
            f"10.03: {hex_id} is beyond {uid}'s allowance ({allowance(g_tables, uid)} MP) by water"
        )
    return ""


@RULES.implements("10.07", "16.11")
def attack_value(attacker: str, target: str) -> int:
    """SSM against a surface ship; underwater when either is a submarine (16.11)."""
    values = state.naval_values(attacker)
    underwater = is_submarine(attacker) or is_submarine(target)
    return int(values.underwater if underwater else values.ssm)


@RULES.implements("10.07", "16.11")
def attack_range(g_tables: Mapping[str, Any], attacker: str, target: str) -> int:
    """The SSM range against a surface ship; the (short) underwater range when either is a
    submarine (10.07: a submarine fights only underwater, table ``detection``)."""
    ranges = g_tables["detection"].combat_ranges
    underwater = is_submarine(attacker) or is_submarine(target)
    return int(ranges.underwater if underwater else ranges.ssm)


@RULES.implements("16.11")
def can_fire(g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str, target: str) -> bool:
    if uid not in data["naval"] or target not in data["naval"]:
        return False
    gap = state.distance(data["naval"][uid]["hex"], data["naval"][target]["hex"])
    return attack_value(uid, target) > 0 and gap <= attack_range(g_tables, uid, target)


@RULES.implements("14.05")
def targets(g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str) -> list[str]:
    """The enemy ships ``uid`` may fire at: within its range and detected by its side (14)."""
    side = state.side_of(data, uid)
    enemy, unseen = state.other(side), detection.hidden_units(g_tables, data)[side]
    return [
        t
        for t in sorted(data["naval"])
        if state.side_of(data, t) == enemy and t not in unseen and can_fire(g_tables, data, uid, t)
    ]


@RULES.implements("16.09", "16.12", "14.01")
def bombard_targets(g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str) -> list[str]:
    """The enemy ground units ``uid`` may bombard: on the map, within its bombardment range and
    seen by its side (14: an undetected unit is no target); none for a submarine."""
    if is_submarine(uid) or state.naval_values(uid).bombardment <= 0:
        return []
    side = state.side_of(data, uid)
    enemy, unseen = state.other(side), detection.hidden_units(g_tables, data)[side]
    here, reach = data["naval"][uid]["hex"], int(g_tables["detection"].combat_ranges.bombardment)
    return [
        t
        for t, record in sorted(data["ground"].items())
        if record["hex"]
        and state.side_of(data, t) == enemy
        and t not in unseen
        and losses.in_range(here, record["hex"], reach)
    ]


@RULES.implements("10.04", "10.02")
def spend_refusal(data: Mapping[str, Any], side: str, uid: str) -> str:
    """Why ``uid`` may not spend MP now ('' if it may): In port (10.02), spent, or no sea move
    left."""
    in_port = sealift.spend_refusal(data, uid)
    if in_port:
        return in_port
    if uid in data["naval_spent"]:
        return f"10.04: {uid} has spent its MP this segment"
    if data["naval_moves"][side] <= 0:
        return f"10.04: {side}'s naval units may spend no more MP this action stage"
    return ""


class NavalSegment(Procedure):
    """The acting side's naval units move or attack, one unit at a time, then the air."""

    name = "naval_segment"

    def start(self, g: Context, f: Frame) -> None:
        g.data["naval_spent"] = []
        f["moved"], f["engaged"] = [], []
        g.goto("choose")

    @decision
    def choose(self, g: Context, f: Frame) -> Choices:
        side = f["side"]
        choices = Decision.single(side, "prompt.naval_segment")
        g_tables = game_tables(g.state)
        for uid in state.own_ships(g.data, side):
            reason = spend_refusal(g.data, side, uid)
            offer(choices, f"sail {uid}", reason, _pick, uid, "sail")
            if not reason and not targets(g_tables, g.data, uid):
                reason = f"16.11: no enemy ship within {uid}'s range"
            offer(choices, f"fire {uid}", reason, _pick, uid, "fire")
            reason = spend_refusal(g.data, side, uid)
            if not reason and not bombard_targets(g_tables, g.data, uid):
                reason = f"16.09: no enemy ground unit seen within {uid}'s bombardment range"
            offer(choices, f"bombard {uid}", reason, _pick, uid, "bombard")
            _offer_landings(choices, g_tables, g.data, side, uid)
            _offer_mines(choices, g_tables, g.data, side, uid)
        choices.add("end", _end)
        if "sail" not in choices.verbs():
            choices.prompt = "prompt.naval_segment_end"
        return choices

    @decision
    def where(self, g: Context, f: Frame) -> Choices:
        uid = f["unit"]
        choices = Decision.single(f["side"], "prompt.naval_where", unit=uid)
        g_tables = game_tables(g.state)
        if f["verb"] == "sail":
            closed = closed_straits(g_tables, g.data, g.state.scenario, uid)
            mine = partial(chance_previews.later, chance_previews.mine_preview, g, uid)
            for hex_id in sorted(reach(g_tables, g.data, uid, closed)):
                struck = mines.striking(g.data, uid, hex_id) is not None  # public fields (13.08)
                choices.add(
                    f"to {hex_id}", _sail, hex_id, later=partial(mine, hex_id) if struck else None
                )
            choices.explain = lambda text: _unlisted(g_tables, g.data, uid, text, closed)
        elif f["verb"] == "bombard":
            for target in bombard_targets(g_tables, g.data, uid):
                note = partial(naval_previews.later_bombard, g, uid, target)
                choices.add(f"at {target}", _bombard, target, later=note)
        else:
            for target in targets(g_tables, g.data, uid):
                note = partial(naval_previews.later_fire, g, uid, target)
                choices.add(f"at {target}", _fire, target, later=note)
        choices.add("cancel", _cancel)
        return choices

    def after_air(self, g: Context, f: Frame) -> None:
        _end(g, f)

    @decision
    def intercept(self, g: Context, f: Frame) -> Choices:
        """15.02: the other side may fire its ships, each once, at the ships that moved."""
        enemy = state.other(f["side"])
        choices = Decision.single(enemy, "prompt.naval_intercept")
        g_tables = game_tables(g.state)
        if g.data["naval_moves"][enemy] > 0:
            for uid in f["moved"]:
                for ship in interceptors(g_tables, g.data, uid):
                    if ship not in f["engaged"]:
                        note = partial(naval_previews.later_fire, g, ship, uid)
                        choices.add(f"engage {ship} {uid}", _engage, ship, uid, later=note)
        from wargame.games.aegean_strike import ship_interception  # noqa: PLC0415 - air imports naval

        ship_interception.offer(choices, g, enemy, f["moved"], _air_intercept)
        choices.add("pass", _end_segment)
        if choices.verbs() == {"pass"}:
            choices.prompt = "prompt.naval_intercept_pass"
        return choices


def _offer_landings(
    choices: Choices, g_tables: Mapping[str, Any], data: Mapping[str, Any], side: str, uid: str
) -> None:
    """13.07: an amphibious ship under way may land a unit it carries on its hex's coast."""
    aboard = sealift.cargo(data, uid)
    if not aboard:
        return
    reason = spend_refusal(data, side, uid) or sealift.land_refusal(g_tables, data, uid)
    for cargo in aboard:
        offer(choices, f"land {uid} {cargo}", reason, _land, uid, cargo)


def _offer_mines(
    choices: Choices, g_tables: Mapping[str, Any], data: Mapping[str, Any], side: str, uid: str
) -> None:
    """13.08: a minelayer lays a field in its hex; a sweeper sweeps an enemy field near it."""
    busy = spend_refusal(data, side, uid)
    if state.naval_values(uid).minelaying:
        offer(choices, f"mine {uid}", busy or mines.lay_refusal(g_tables, data, uid), _lay, uid)
    for hex_id in mines.sweepable(g_tables, data, uid):
        offer(choices, f"sweep {uid} {hex_id}", busy, _sweep, uid, hex_id)


@RULES.implements("15.02", "14.05", "16.11")
def interceptors(g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str) -> list[str]:
    """The other side's ships that may intercept ``uid``: they see it and it is in their range."""
    if uid not in data["naval"]:
        return []
    enemy = state.other(state.side_of(data, uid))
    ships = sorted(
        u
        for u in data["naval"]
        if state.side_of(data, u) == enemy and not sealift.spend_refusal(data, u)
    )
    return [ship for ship in ships if uid in targets(g_tables, data, ship)]


def _unlisted(
    g_tables: Mapping[str, Any],
    data: Mapping[str, Any],
    uid: str,
    text: str,
    closed: frozenset[str],
) -> str:
    """Why the hex a player names is not among the moves listed ('' for no hex)."""
    verb, _, hex_id = text.partition(" ")
    if verb != "to" or hex_id not in forces().hexes:
        return ""
    return move_refusal(g_tables, data, uid, hex_id, closed)


def _pick(g: Context, f: Frame, uid: str, verb: str) -> None:
    f["unit"], f["verb"] = uid, verb
    g.goto("where")


def _cancel(g: Context, f: Frame) -> None:
    g.goto("choose")


def _spend(g: Context, f: Frame) -> None:
    g.data["naval_moves"][f["side"]] -= 1
    g.data["naval_spent"].append(f["unit"])


@RULES.implements("10.03", "13.06", "10.04", "9.03")
def _sail(g: Context, f: Frame, hex_id: str) -> None:
    uid = f["unit"]
    _spend(g, f)
    start = g.data["naval"][uid]["hex"]
    g.data["naval"][uid]["hex"] = hex_id
    g.log("log.sailed", side=f["side"], unit=uid, start=start, hex=hex_id)
    e2_carrier.follow(g, uid)  # 9.03: an E-2 over a carrier moves with it
    f["moved"] = [*f["moved"], uid]
    mines.entered(g, uid)
    g.goto("choose")


@RULES.implements("16.11", "10.04", "9.06")
def _fire(g: Context, f: Frame, target: str) -> None:
    """Both fire at once: the attacker, then the target back if the attacker is in its range."""
    uid = f["unit"]
    _spend(g, f)
    g_tables = game_tables(g.state)
    hits = shot(g, uid, target)
    back = shot(g, target, uid) if can_fire(g_tables, g.data, target, uid) else 0
    detection.fought(g.data, [uid, target])
    g.log("log.naval_combat", unit=uid, target=target, hits=hits, hits_back=back)
    losses.damage(g, target, hits)
    losses.damage(g, uid, back)
    g.goto("choose")


def bombardment_strength(uid: str) -> int:
    """A ship's bombardment value, read on the air-to-ground chart (16.09)."""
    return int(state.naval_values(uid).bombardment)


@RULES.implements("16.09", "10.04", "9.06")
def _bombard(g: Context, f: Frame, target: str) -> None:
    """The ship fires at the ground unit; the unit takes the hits and stays where it is."""
    uid = f["unit"]
    _spend(g, f)
    g_tables = game_tables(g.state)
    power = bombardment_strength(uid)
    roll = g.roll(D10, f["side"], "bombardment")
    hits = int(g_tables["air_to_ground_combat"].hits(power, roll))
    detection.fought(g.data, [uid, target])
    g.log("log.bombardment", unit=uid, target=target, attack=power, hits=hits)
    losses.supported(g.data, f["side"], target, hits)
    losses.damage(g, target, hits)
    g.goto("choose")


@RULES.implements("13.07", "10.04")
def _land(g: Context, f: Frame, ship: str, cargo: str) -> None:
    """The ship spends its MP and a sea move to put ``cargo`` ashore in its hex."""
    f["unit"] = ship
    _spend(g, f)
    sealift.put_ashore(g, ship, cargo, "log.landed")
    g.goto("choose")


@RULES.implements("13.08", "10.04")
def _lay(g: Context, f: Frame, ship: str) -> None:
    f["unit"] = ship
    _spend(g, f)
    mines.lay(g, ship)
    g.goto("choose")


@RULES.implements("13.08", "10.04")
def _sweep(g: Context, f: Frame, ship: str, hex_id: str) -> None:
    f["unit"] = ship
    _spend(g, f)
    mines.sweep(g, ship, hex_id)
    g.goto("choose")


@RULES.implements("15.02", "16.11", "10.04")
def _engage(g: Context, f: Frame, ship: str, uid: str) -> None:
    """The interceptor fires at the mover, which fires back if it is in range; it costs the
    responding side one of its sea moves."""
    enemy = state.other(f["side"])
    f["engaged"] = [*f["engaged"], ship]
    g.data["naval_moves"][enemy] -= 1
    hits = shot(g, ship, uid)
    back = shot(g, uid, ship) if can_fire(game_tables(g.state), g.data, uid, ship) else 0
    detection.fought(g.data, [uid, ship])
    g.log("log.naval_intercept", unit=ship, target=uid, hits=hits, hits_back=back)
    losses.damage(g, uid, hits)
    losses.damage(g, ship, back)
    _end(g, f)


@RULES.implements("16.11", "16.07")
def fire_strength(uid: str, target: str) -> int:
    """The strength of one naval unit's fire at another: its attack value less the target's
    ECM (16.11; the ECM as in air combat, 16.07, provisional)."""
    return losses.strength([attack_value(uid, target)], [state.naval_values(target).ecm])


def shot(g: Context, uid: str, target: str) -> int:
    """The hits one naval unit's fire scores on another (16.11)."""
    roll = g.roll(D10, state.side_of(g.data, uid), "naval_combat")
    return int(game_tables(g.state)["air_naval_combat"].hits(fire_strength(uid, target), roll))


def _end(g: Context, f: Frame) -> None:
    """The segment's moves done, the other side may intercept the ships that moved with its
    ships (15.02, while it has sea moves left) or its aircraft (9.03 B); asked whether or not
    it can, so the asking tells nothing."""
    moved = [u for u in f["moved"] if u in g.data["naval"]]
    if moved:
        f["moved"] = moved
        g.goto("intercept")
        return
    g.ret()


def _air_intercept(g: Context, f: Frame, uid: str, ship: str) -> None:
    """9.03 B: the air unit flies at the ship; then the question is asked again."""
    g.call("ship_interception", then="after_air", side=state.other(f["side"]), lead=uid, ship=ship)


def _end_segment(g: Context, f: Frame) -> None:
    g.ret()


ALL: Final[tuple[Procedure, ...]] = (NavalSegment(),)
