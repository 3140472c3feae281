"""What Aegean Strike's bots know of the game: how good a position is for a side, and which
actions to try first (DESIGN 2.5). The search is game-independent (``wargame.bots``) and asks
only these two questions, of states it sampled from its own view (``determinize``).

The playable scenarios are won by the side that scored more hits on enemy units and airbases
over the game (:mod:`victory`, provisional 21.06 and 21.09). So the evaluation is the chance
that a side's final score beats the other's: the score now, plus the hits each side may still
expect to score with the forces it has left, in the time left, with the supply it has left and
from the airbases it can still fly from. The hits to come are uncertain (dice, the other
side's answers): their spread grows with their number, and the chance is a normal
approximation of the final margin (each term of :class:`Weights` says why it is there).

Decisions
---------
* **Hidden missions.** A mission group's marker (9.03) is secret until it fights: the
  evaluation never reads a flight's mission or escorts, and the ordering reads them only for
  the side that flies it. A group in the air counts as its units do on the ground.
* **Expected hits, not paths.** A unit's worth is what it may hit per sortie, mission or
  naval attack on the printed charts (the mean over the d10 of the Air/Naval or air-to-ground
  chart, less the target's ECM), if a target lies within its reach; a flight path, its
  interception and the ships' fire on the way are left to the search.
* **Sorties.** An air unit flies at most one mission an action stage and one a sortie box
  (9.02): what it may still fly this turn is the fewer of its box and the action stages in
  which its side still has a movement segment (an interceptor's: the other side's, which it
  answers); each later turn it starts in its start box
  again. A land-based sortie costs its nation supply points (9.05), so a nation short of SP
  flies fewer; carriers spend none. An inoperative base (9.10) flies nothing until repaired,
  whose SP come off its nation's supply first.
* **Ground combats** count once a turn for each side (its ground segment, 7.04-7.06): each
  enemy hex's expected hits from the land CRT at the odds of the units around it, when the
  attacker gains by it (more hits dealt than taken); a declared combat counts until resolved.
* **Wear and depots.** A hit a ground unit carries costs its side a share of a hit scored; the
  Final Stage's attrition hits (11.04) and the depots that spare them (12.01) are reckoned in
  the Final Stage only, where they are decided: tracing every unit's supply (12.02) in every
  evaluation would cost more than the rest of it.
* **Hazards.** A special forces unit deployed on a raid (11.12) counts the hits of its raids
  to come, fewer when enemy ground units stand near it, and no longer attacks; a minefield
  (13.08, public) counts a share of a strike while an enemy ship may reach it, and a ship's
  move into an enemy field is tried after the others; a ground unit marched out of supply
  (12.02) costs its side a share of the attrition hit awaiting it (11.04), and its
  destinations in supply are tried first.
* **Detection.** An enemy unit its side does not detect (14) is no target of a strike now; the
  hexes the view shows it in are read as the view shows them (blanks), never what it is.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Final

from wargame.engine.action import Action
from wargame.engine.contract import Game, outcome
from wargame.engine.log import Side
from wargame.engine.memo import Answers
from wargame.engine.state import State
from wargame.games.aegean_strike import (
    air,
    assault,
    bridges,
    depots,
    detection,
    ground,
    losses,
    mines,
    special_ops,
    state,
    supply,
)
from wargame.games.aegean_strike.charts import tables as game_tables
from wargame.games.aegean_strike.forces import forces
from wargame.games.aegean_strike.losses import STRIKE_VALUE

STAGES: Final = 3
"""7.04-7.06: three action stages a turn."""
FACES: Final = range(1, 11)
"""0.02: the d10, 0 counting 10."""


@dataclass(frozen=True)
class Weights:
    group: int = 2
    """Units a strike is reckoned to fly with: a group sums its values (up to 3, 9.04), and the
    charts give more hits a unit in a larger group; two is what a side can usually gather."""
    engage: float = 0.4
    """The share of an interceptor's sorties that meet an enemy group: it answers only the
    groups that come within its reach and its detectors' (15.01 stand-in)."""
    sweep: float = 0.3
    """An air superiority mission scores only if the other side comes up to fight it (9.03)."""
    naval_actions: float = 2.5
    """Naval units a side may spend MP with in an action stage: the mean of the halved d10 of
    the Sea Movement Determination (10.04)."""
    ground_reach: int = 2
    """Operational hexes within which a ground unit threatens an enemy hex this turn: it moves
    next to it and attacks in its ground segment (13.02, 16.02)."""
    retreat: float = 0.2
    """What a retreat check (16.03) is worth in hits: it may push the defender out."""
    friction: float = 0.5
    """The share of the hits reckoned from values and sorties that a side scores: groups are
    intercepted and shot at by ships on the way, hits abort strikers (9.07), and targets
    move, are hit by others first or lie behind stronger defences."""
    spread: float = 1.0
    """The spread of the final margin that no hit to come explains (one die of a strike)."""
    doubt: float = 0.3
    """How far off the reckoning of the hits to come may be, as a share of them: its sorties
    and targets are rough, so a large lead in hits to come is less sure than its dice alone
    say."""
    places: int = 16
    """Destinations kept of a long list (a ship's hundreds, an EWDA's two thousand), the
    nearest the enemy (for EWDA, between the two sides' bases) first: the search could not
    look at the rest, and a greedy look at each would cost seconds."""
    sharpness: float = 1.7
    """Turns a margin in spreads into a chance: the logistic that matches a normal's."""
    worn: float = 0.5
    """What a hit a side's ground unit carries costs it, in hits scored: the unit is that much
    nearer elimination (9.06, half a brigade's hits), after which it neither attacks nor holds;
    less than a hit, since one in supply may have it repaired for SP (18). An attrition hit
    (11.04) scores nothing for the enemy, so this is all it costs: what a consumed depot saves."""
    depot_later: float = 0.5
    """The share of the attrition hits a depot would spare that counts when it may be consumed
    only in a later Final Stage (12.01): by then its units may be back in supply, or the depot
    bombed; so a depot is consumed in the Final Stage its units need it, and a needed depot is
    kept (not dismantled) unless its SP are worth more."""
    unseen: float = 0.5
    """The share of a strike's hits reckoned on an enemy unit its side does not detect now (14:
    no strike on it): its detectors may find it before a strike flies. Special forces on
    reconnaissance (11.12, 14.01) that find it make the target sure."""
    raid_exposed: float = 0.5
    """The share of its raids (11.12) a deployed special forces unit is reckoned to make when
    an enemy ground unit stands within ``ground_reach`` of it: it neither marches nor attacks
    while deployed, so it may be attacked and lost (or must be recalled) before they come."""
    mine_entry: float = 0.3
    """The share of a field's strike (13.08) reckoned on the enemy while one of its ships may
    reach the field this action stage: a ship is stopped by it and runs it only when it must
    (a strait, a harbour's mouth), or while no sweeper has come up."""
    mine_detour: float = 0.5
    """How far down a ship's move into a known enemy field (13.08) is put, below the moves
    that run none: the field stops it and may strike it; it is still tried (the only way to
    a target may lead through it)."""
    unsupplied: float = 0.4
    """What a ground unit marched out of supply (12.02) this turn costs its side, in hits
    scored: the attrition hit of the Final Stage (11.04, ``worn``) if it is still cut off
    then, and its attacks shifted against it (16.02) meanwhile; less than ``worn``, since it
    may march back or a depot may spare it (12.01)."""


WEIGHTS: Final = Weights()


@dataclass
class Reckoning:
    """What one evaluation works out once and reads many times."""

    state: State
    tables: Mapping[str, Any]
    seen: dict[tuple[str, str], Any] = field(default_factory=dict)

    @property
    def data(self) -> Mapping[str, Any]:
        return self.state.data

    def mean_hits(self, chart: str, strength: int) -> float:
        """The mean hits of a d10 on ``chart`` at ``strength`` (0 below its first column)."""
        return _mean_hits(self.tables[chart], strength)

    def per_unit(self, chart: str, value: int, ecm: int = 0) -> float:
        """A unit's share of its group's hits (``WEIGHTS.group`` alike units)."""
        if value <= 0:
            return 0.0
        strength = max(0, WEIGHTS.group * value - ecm)
        return self.mean_hits(chart, strength) / WEIGHTS.group


_KEPT: dict[int, Any] = {}
"""The charts measured, by id: kept alive so that an id stays theirs (a table hashes slowly)."""
_MEANS: dict[tuple[int, int], float] = {}
_GAINS: dict[tuple[int, int, int], float] = {}


def _mean_hits(table: Any, strength: int) -> float:
    """Kept by chart (a rules overlay's charts are others) and strength."""
    key = (id(table), strength)
    found = _MEANS.get(key)
    if found is None:
        _KEPT.setdefault(id(table), table)
        found = _MEANS[key] = sum(table.hits(strength, face) for face in FACES) / len(FACES)
    return found


@lru_cache(maxsize=1 << 16)
def distance(a: str, b: str) -> int:
    """``state.distance``, kept: the same bases, ships and targets are measured again and
    again."""
    return state.distance(a, b)


# -- the evaluation ----------------------------------------------------------------------------
def evaluate(_game: Game, state_: State, side: Side) -> float:
    """``Game.evaluate``: ``side``'s chance of ending with more hits scored, from 0 to 1."""
    if state_.result is not None:
        return outcome(state_.result, side)
    reckoning = Reckoning(state_, game_tables(state_))
    other = state.other(side)
    ours, theirs = expected_hits(reckoning, side), expected_hits(reckoning, other)
    score = state_.data["score"]
    margin = float(score[side]) - float(score[other]) + ours - theirs
    margin += supply_worth(reckoning, side) - supply_worth(reckoning, other)
    margin += mines_worth(reckoning, side) - mines_worth(reckoning, other)
    spread = math.sqrt(WEIGHTS.spread**2 + ours + theirs) + WEIGHTS.doubt * (ours + theirs)
    return 1.0 / (1.0 + math.exp(-WEIGHTS.sharpness * margin / spread))


def expected_hits(reckoning: Reckoning, side: str) -> float:
    """The hits ``side`` may still expect to score: its air units' sorties, its ships'
    attacks and its land combats to the scenario's end, less friction, and no more than the
    other side has left to lose (a soft limit: ``x * cap / (x + cap)``)."""
    reckoned = WEIGHTS.friction * (
        air_hits(reckoning, side) + naval_hits(reckoning, side) + ground_hits(reckoning, side)
    )
    reckoned += raid_hits(reckoning, side)
    cap = hits_to_lose(reckoning, state.other(side))
    limited = reckoned * cap / (reckoned + cap) if reckoned > 0 and cap > 0 else 0.0
    return limited + pending_combats(reckoning, side)


def hits_to_lose(reckoning: Reckoning, side: str) -> float:
    """What ``side`` can still lose: its units' hits left before elimination (5, 9.06) and
    its airbases' hits before they are inoperative (9.10; a base takes more, but a side
    strikes a dead base last)."""
    data, tables = reckoning.data, reckoning.tables
    total = 0.0
    for key in ("air", "naval", "ground"):
        for uid, record in data[key].items():
            if state.side_of(data, uid) == side:
                total += losses.capacity(tables, uid) - int(record["hits"])
    for base, hits in data["airbases"].items():
        if state.base_side(data, base) == side:
            limit = getattr(tables["airbases"], state.airbase_size(base)).inoperative_at
            total += max(1, int(limit) - int(hits))
    return total


# -- wear, attrition and depots ----------------------------------------------------------------
def supply_worth(reckoning: Reckoning, side: str) -> float:
    """What ``side``'s ground units' wear and its depots are worth, in hits scored: each hit
    its ground units carry costs ``worn`` (9.06), and in the Final Stage each attrition hit
    still due (11.04) too, while each of its depots is worth the attrition hits it would spare
    (12.01): all of them if the side may still consume it in this Final Stage's attrition step,
    ``depot_later`` of them after it, if a turn is left. Before the Final Stage, each unit
    marched out of supply this turn costs ``unsupplied`` (only the units that marched are
    traced, their traces kept: every unit's in every evaluation would cost more than the rest
    of it)."""
    data = reckoning.data
    carried = sum(int(r["hits"]) for u, r in data["ground"].items() if _is(data, u, side))
    worth = -WEIGHTS.worn * carried
    if data["stage"] != "final":
        return worth - WEIGHTS.unsupplied * len(marched_out_of_supply(reckoning, side))
    step = _frame(reckoning.state, depots.Attrition.name)
    if step is None:
        share = WEIGHTS.depot_later if turns_after(data) > 0 else 0.0
        spared: set[str] = set()
    else:
        deciding = step.locals.get("side") == side or side in step.locals["order"]
        share = 1.0 if deciding else 0.0
        spared = consumed_spares(reckoning, step.locals["consumed"])
        worth -= WEIGHTS.worn * len(attrition_due(reckoning, side) - spared)
    if share > 0:
        saved = set().union(*(depot_spares(reckoning, h) for h in depots.side_depots(data, side)))
        worth += WEIGHTS.worn * share * len(saved - spared)
    return worth


def _frame(state_: State, name: str) -> Any:
    for frame in reversed(state_.stack):
        if frame.name == name:
            return frame
    return None


def _would_take(reckoning: Reckoning, uid: str) -> bool:
    """Whether an attrition hit would land on ``uid``: it never eliminates (11.04)."""
    record = reckoning.data["ground"][uid]
    return int(record["hits"]) + 1 < losses.capacity(reckoning.tables, uid)


def attrition_due(reckoning: Reckoning, side: str) -> set[str]:
    """``side``'s ground units on the map out of supply that an attrition hit would land on."""
    data, tables, scenario = reckoning.data, reckoning.tables, reckoning.state.scenario
    return {
        u
        for u, r in data["ground"].items()
        if r["hex"] is not None
        and _is(data, u, side)
        and _would_take(reckoning, u)
        and not supply.in_supply(tables, data, u, scenario)
    }


def marched_out_of_supply(reckoning: Reckoning, side: str) -> set[str]:
    """``side``'s ground units that marched this turn (``spent``: until the next turn's
    Strategic Stage, so the cost runs on into the Final Stage's attrition, where the hit
    itself counts) and stand out of supply (12.02) now, an attrition hit (11.04) landing on
    them if they stay. Read as the view shows them: an enemy unit not detected shows none."""
    data = reckoning.data
    return {
        u
        for u, r in data["ground"].items()
        if r.get("spent")
        and r["hex"] is not None
        and _is(data, u, side)
        and _would_take(reckoning, u)
        and not in_supply_kept(reckoning, data, u)
    }


def in_supply_kept(reckoning: Reckoning, data: Mapping[str, Any], uid: str) -> bool:
    """``supply.in_supply`` of ``uid`` in ``data`` (the reckoning's, or one with ``uid``
    elsewhere), kept (``_SUPPLIED``): a search evaluates the same marched units in the same
    hexes again and again. The land trace (12.02) is kept by what it reads, the enemy's
    ground units, the bridges and the nations in play; a unit no land path supplies, traced
    by truck, sea or air too, by its own side's ships, transport aircraft and ground units
    besides."""
    tables = reckoning.tables
    key: tuple[Any, ...] = (id(tables), uid, data["ground"][uid]["hex"])
    key += _land_context(reckoning, uid)
    if _SUPPLIED.get(key, lambda: supply.supplied_by_land(tables, data, uid)):
        return True
    side = state.side_of(data, uid)
    if data is reckoning.data:  # the same for every unit of the side in this position
        seen = reckoning.seen
        own = seen[("own", side)] = seen.get(("own", side)) or _own_context(data, side)
    else:
        own = _own_context(data, side)
    key += own
    return _SUPPLIED.get(key, lambda: supply.in_supply(tables, data, uid, reckoning.state.scenario))


def _land_context(reckoning: Reckoning, uid: str) -> tuple[Any, ...]:
    """What a land supply trace (12.02) of ``uid``'s side reads besides its hex: the enemy's
    ground units' hexes, the bridges and the nations in play (the tables kept alive by id)."""
    data = reckoning.data
    side = state.side_of(data, uid)
    key = ("land", side)
    if key not in reckoning.seen:
        _KEPT.setdefault(id(reckoning.tables), reckoning.tables)
        enemies = frozenset(ground.enemy_hexes(data, side))
        reckoning.seen[key] = (enemies, repr(data.get("bridges")), tuple(data["nations"].items()))
    found: tuple[Any, ...] = reckoning.seen[key]
    return found


def _own_context(data: Mapping[str, Any], side: str) -> tuple[Any, ...]:
    """What the other supply traces (12.03, 12.04, 19.07) read of ``side``'s own units: its
    ships' hexes, its aircraft's bases and its ground units' hexes (trucks; the straits'
    towns it holds, 13.06)."""
    return (
        tuple((u, r["hex"]) for u, r in data["naval"].items() if _is(data, u, side)),
        tuple((u, r["base"]) for u, r in data["air"].items() if _is(data, u, side)),
        tuple((u, r["hex"]) for u, r in data["ground"].items() if _is(data, u, side)),
        data.get(supply.MOBILE_SUPPLY),
    )


_SUPPLIED: Final[Answers[bool]] = Answers(4096)


def depot_spares(reckoning: Reckoning, hex_id: str, nation: str | None = None) -> set[str]:
    """The units a depot of ``nation`` (the one in ``hex_id``) would spare an attrition hit if
    consumed now (12.01: its nation's, out of supply, within its range)."""
    key = ("spares", hex_id)
    if nation is None and key in reckoning.seen:
        known: set[str] = reckoning.seen[key]
        return known
    owner = nation or reckoning.data["depots"][hex_id]["nation"]
    found = {u for u in _spared(reckoning, hex_id, owner) if _would_take(reckoning, u)}
    if nation is None:
        reckoning.seen[key] = found
    return found


_SPARED: Final[Answers[tuple[str, ...]]] = Answers(64)
""":func:`depots.spared` of the last positions asked: a Final Stage's evaluations ask it of the
same position again and again, and each traces supply (12.02) for every unit near the depot."""


def _spared(reckoning: Reckoning, hex_id: str, nation: str) -> tuple[str, ...]:
    data, tables, scenario = reckoning.data, reckoning.tables, reckoning.state.scenario
    key = (
        id(tables["ground_supply"]),
        scenario,
        hex_id,
        nation,
        tuple((u, r["hex"]) for u, r in data["ground"].items()),
        tuple((u, r["hex"]) for u, r in data["naval"].items()),
        tuple((u, r["base"]) for u, r in data["air"].items()),
        repr(data.get("bridges")),
        data.get(supply.MOBILE_SUPPLY),
        tuple(data["nations"].items()),
    )
    return _SPARED.get(key, lambda: tuple(depots.spared(tables, data, hex_id, nation, scenario)))


def consumed_spares(reckoning: Reckoning, consumed: list[list[str]]) -> set[str]:
    """The units the depots consumed in this attrition step spare (12.01)."""
    return set().union(*(depot_spares(reckoning, h, n) for h, n in consumed))


# -- time left ---------------------------------------------------------------------------------
def _action_frame(state_: State) -> Any:
    for frame in reversed(state_.stack):
        if frame.name == "action_stage":
            return frame
    return None


def movement_segments_left(state_: State, side: str) -> tuple[int, bool]:
    """The action stages of this turn in which ``side`` still has a movement segment, and
    whether one of them is the segment under way (where a unit that flew is done)."""
    data = state_.data
    frame = _action_frame(state_)
    if data["stage"] == "final":
        return 0, False
    if frame is None:
        return STAGES, False
    later = STAGES - int(frame.locals["stage"])
    if side in frame.locals.get("segments", ()):
        return later + 1, False
    now = frame.locals.get("side") == side and "cas" not in frame.locals
    return later + int(now), now


BEFORE_BOXES: Final = ("strategic", "assignment")
"""The stages of a turn before its units are put in their start boxes (9.02, 7.02)."""


def turns_after(data: Mapping[str, Any]) -> int:
    return int(data["last_turn"]) - int(data["turn"])


# -- air ---------------------------------------------------------------------------------------
def air_hits(reckoning: Reckoning, side: str) -> float:
    """Each air unit's hits a sortie times its sorties left; a nation's land-based sorties
    spend its SP (9.05), the best sorties first, until they run out (carriers spend none)."""
    data, tables = reckoning.data, reckoning.tables
    segments = {s: movement_segments_left(reckoning.state, s) for s in state.SIDES}
    later = turns_after(data)
    sp = {n: float(v) for n, v in data["sp"].items()}
    for base in state.own_bases(data, side):
        if not state.is_carrier(base) and base in data["inoperative"]:
            nation = state.base_nation(base)
            sp[nation] = sp.get(nation, 0.0) - repair_debt(tables, data, base)
    sorties_by_nation: dict[str, list[tuple[float, int, float]]] = {}
    total = 0.0
    for uid in state.own_air(data, side):
        record = data["air"][uid]
        value, cost = sortie_value(reckoning, side, uid)
        # an interceptor answers in the other side's movement segments (9.03 A)
        stages, now = segments[state.other(side) if record["mode"] == "intercept" else side]
        flown = now and record["flown"]
        sorties = sorties_left(tables, data, uid, stages=stages, flown_now=flown, later=later)
        if value <= 0 or sorties <= 0:
            continue
        if not air.spends_supply(record["base"]) or cost <= 0:
            total += value * sorties
            continue
        nation = state.base_nation(record["base"])
        sorties_by_nation.setdefault(nation, []).append((value, sorties, cost))
    for nation, offered in sorties_by_nation.items():
        total += supplied(offered, sp.get(nation, 0.0))
    return total


def supplied(offered: list[tuple[float, int, float]], sp: float) -> float:
    """The hits of the sorties ``sp`` pays for, the best first (value, sorties, SP each)."""
    total = 0.0
    for value, sorties, cost in sorted(offered, reverse=True):
        flown = min(float(sorties), max(0.0, sp) / cost)
        total += value * flown
        sp -= flown * cost
    return total


def repair_debt(tables: Mapping[str, Any], data: Mapping[str, Any], base: str) -> float:
    """The SP an inoperative base needs to fly again (9.10: below its limit, 2 SP a hit)."""
    size = getattr(tables["airbases"], state.airbase_size(base))
    over = int(data["airbases"][base]) - int(size.inoperative_at) + 1
    return float(max(0, over) * size.repair_sp_per_hit)


def sorties_left(
    tables: Mapping[str, Any],
    data: Mapping[str, Any],
    uid: str,
    *,
    stages: int,
    flown_now: bool,
    later: int,
) -> int:
    """This turn's: the fewer of its box and its side's movement segments left (one it
    flew in already does not count); each later turn's, its start box (9.02)."""
    record = data["air"][uid]
    base = record["base"]
    boxes = tables["sortie_boxes"]
    nation = state.base_nation(base)
    home = state.nation(uid) in boxes.home_nations and nation in boxes.home_nations
    start = min(STAGES, int(boxes.home_box if home else boxes.other_box))
    box = start if data["stage"] in BEFORE_BOXES else int(record["box"])
    if record["mode"] is None or not air.base_operative(data, base):
        this_turn = 0
    else:
        this_turn = min(box, stages - int(flown_now))
    return max(0, this_turn) + later * start


def sortie_value(reckoning: Reckoning, side: str, uid: str) -> tuple[float, float]:
    """A unit's hits a sortie in its mode (an idle unit: as Offensive, its mode next turn),
    and the SP the sortie costs its base (9.05)."""
    missions = reckoning.tables["air_missions"]
    if reckoning.data["air"][uid]["mode"] == "intercept":
        return WEIGHTS.engage * intercept_value(reckoning, side, uid), float(
            missions["air_interception"].sp
        )
    return strike_value(reckoning, side, uid), float(missions["bombing_strike"].sp)


def intercept_value(reckoning: Reckoning, side: str, uid: str) -> float:
    """An interceptor's hits on an enemy group: its anti-air less their best ECM (16.07)."""
    key = ("ecm", side)
    if key not in reckoning.seen:
        data = reckoning.data
        enemy = [u for u in data["air"] if state.side_of(data, u) != side]
        reckoning.seen[key] = max((int(state.air_values(u).ecm) for u in enemy), default=None)
    ecm = reckoning.seen[key]
    if ecm is None:
        return 0.0
    return reckoning.per_unit("air_naval_combat", state.air_values(uid).anti_air, ecm)


def strike_value(reckoning: Reckoning, side: str, uid: str) -> float:
    """The best hits a sortie of ``uid`` may score on a target within its reach; a fighter's
    sweep (air superiority) when the other side keeps interceptors."""
    data = reckoning.data
    base = data["air"][uid]["base"]
    if forces().air_kind(state.unit(uid)) == "transport":
        return 0.0
    values = state.air_values(uid)
    far = air.reach(data, uid, "bombing_strike")
    best = 0.0
    reached = False
    for gap, ecm, chart, kind, sure in targets_from(reckoning, side, base):
        value = int(max(values.asm, values.bombing) if kind == "ship" else getattr(values, kind))
        reached = reached or gap <= far
        if value > 0 and gap <= far:
            best = max(best, sure * reckoning.per_unit(chart, value, ecm))
    if reached and interceptors(reckoning, side):
        best = max(best, WEIGHTS.sweep * intercept_value(reckoning, side, uid))
    return best


def interceptors(reckoning: Reckoning, side: str) -> bool:
    """Whether the other side keeps units in Intercept mode, which a sweep may meet."""
    key = ("interceptors", side)
    if key not in reckoning.seen:
        data = reckoning.data
        reckoning.seen[key] = any(
            r["mode"] == "intercept" and state.side_of(data, u) != side
            for u, r in data["air"].items()
        )
    return bool(reckoning.seen[key])


Target = tuple[str, int, str, str, float]
"""An enemy target: its hex, ECM, chart, the value that strikes it, and how sure (detected)."""


def targets_from(
    reckoning: Reckoning, side: str, base: str
) -> list[tuple[int, int, str, str, float]]:
    """Each kind of enemy target seen from ``base``, the nearest one's distance with its ECM,
    chart, the value that strikes it (``bombing``, ``underwater``, or ``ship``: the better
    of ASM and bombing) and how sure it is (``WEIGHTS.unseen`` if not detected now)."""
    key = ("targets", base)
    if key in reckoning.seen:
        found: list[tuple[int, int, str, str, float]] = reckoning.seen[key]
        return found
    data = reckoning.data
    where = state.base_hex(data, base)
    nearest: dict[tuple[int, str, str, float], int] = {}
    if where is not None:
        for hex_id, ecm, chart, value, sure in enemy_targets(reckoning, side):
            gap = distance(where, hex_id)
            kind = (ecm, chart, value, sure)
            nearest[kind] = min(gap, nearest.get(kind, gap))
    found = sorted((gap, *kind) for kind, gap in nearest.items())
    reckoning.seen[key] = found
    return found


def enemy_targets(reckoning: Reckoning, side: str) -> list[Target]:
    """The enemy's airbases, ground units and ships as strike targets (9.03 C, D, E, H); a
    unit ``side`` does not detect (14) counts ``WEIGHTS.unseen`` of one it does."""
    key = ("enemy", side)
    if key in reckoning.seen:
        known: list[Target] = reckoning.seen[key]
        return known
    data = reckoning.data
    unseen = detection.hidden_from(reckoning.tables, data, side)
    ground_chart = "air_to_ground_combat"
    found: list[Target] = [
        (forces().airbases[b].hex, 0, ground_chart, "bombing", 1.0)
        for b in data["airbases"]
        if state.base_side(data, b) != side
    ]
    found += [
        (r["hex"], 0, ground_chart, "bombing", _sure(u, unseen))
        for u, r in data["ground"].items()
        if r["hex"] and state.side_of(data, u) != side
    ]
    for uid, record in data["naval"].items():
        if state.side_of(data, uid) != side:
            kind = "underwater" if _submarine(uid) else "ship"
            ecm = int(state.naval_values(uid).ecm)
            found.append((record["hex"], ecm, "air_naval_combat", kind, _sure(uid, unseen)))
    reckoning.seen[key] = found
    return found


def _sure(uid: str, unseen: Collection[str]) -> float:
    return WEIGHTS.unseen if uid in unseen else 1.0


# -- naval ---------------------------------------------------------------------------------------
def naval_hits(reckoning: Reckoning, side: str) -> float:
    """Each action stage left, the side's best few ships' attacks on enemy ships within their
    range and move (16.11): the hits of the best ``WEIGHTS.naval_actions`` of them."""
    data, tables = reckoning.data, reckoning.tables
    stages, now = movement_segments_left(reckoning.state, side)
    if now and not any(
        f.name in ("ground_segment", "naval_segment") for f in reckoning.state.stack
    ):
        stages -= 1  # the segment's naval step is over: its air missions fly now
    stages += STAGES * turns_after(data)
    if stages <= 0:
        return 0.0
    ranges = tables["detection"].combat_ranges
    per_stage = int(tables["naval_movement"].mp_per_strategic_hex)
    enemies = [
        (r["hex"], _submarine(u), int(state.naval_values(u).ecm))
        for u, r in data["naval"].items()
        if state.side_of(data, u) != side
    ]
    values = []
    for uid, record in data["naval"].items():
        if state.side_of(data, uid) != side:
            continue
        own, submarine = state.naval_values(uid), _submarine(uid)
        best = 0.0
        for where, under_water, ecm in enemies:
            under = submarine or under_water
            value = int(own.underwater if under else own.ssm)
            far = int(ranges.underwater if under else ranges.ssm) + int(own.ma) * per_stage
            if value > 0 and distance(record["hex"], where) <= far:
                best = max(best, reckoning.mean_hits("air_naval_combat", max(0, value - ecm)))
        values.append(best)
    values.sort(reverse=True)
    whole = int(WEIGHTS.naval_actions)
    part = WEIGHTS.naval_actions - whole
    per = sum(values[:whole]) + part * sum(values[whole : whole + 1])
    return per * stages


def _submarine(uid: str) -> bool:
    return forces().naval_types[state.unit(uid).type].category == "submarine"


# -- ground --------------------------------------------------------------------------------------
def ground_turns_left(state_: State, side: str) -> int:
    """Ground segments of ``side`` to come: one a turn, the Controller's in Action Stage 1, the
    Reactor's in Action Stage 3 (7.04, 7.06; :func:`ground_modes.permit`; the Reserve units'
    later segments are not counted)."""
    data = state_.data
    later = turns_after(data)
    frame = _action_frame(state_)
    if data["stage"] == "final":
        return later
    if frame is None:
        return later + 1
    own_stage = 1 if side == data["controller"] else 3
    stage = int(frame.locals["stage"])
    if stage < own_stage:
        return later + 1
    if stage > own_stage:
        return later
    first = frame.locals.get("segments") == [state.other(side)]
    pending = side in frame.locals.get("segments", ())
    ground_now = any(f.name == "ground_segment" for f in state_.stack)
    return later + int(pending or (first and ground_now))


def ground_hits(reckoning: Reckoning, side: str) -> float:
    """Each ground segment left, the land combats the side gains by: every enemy hex's
    expected hits from its units next to it and a hex further (a unit's strength shared
    among the hexes it threatens; a unit on a special operation attacks no one, 11.12, but
    still defends)."""
    turns = ground_turns_left(reckoning.state, side)
    if turns <= 0:
        return 0.0
    data = reckoning.data
    enemy_hexes: dict[str, int] = {}
    own: list[tuple[str, int]] = []
    for uid, record in data["ground"].items():
        if record["hex"] is None:
            continue
        values = state.ground_values(uid)
        if state.side_of(data, uid) == side:
            if special_ops.on_operation(data, uid) is None:  # 11.12: a deployed unit attacks none
                own.append((record["hex"], int(values.combat)))
        else:
            enemy_hexes[record["hex"]] = enemy_hexes.get(record["hex"], 0) + int(values.defence)
    attack: dict[str, float] = dict.fromkeys(enemy_hexes, 0.0)
    for hex_id, combat in own:
        near = {e: _closeness(hex_id, e) for e in enemy_hexes}
        near = {e: w for e, w in near.items() if w > 0}
        for enemy, weight in near.items():
            attack[enemy] += combat * weight / len(near)
    total = sum(land_gain(reckoning, attack[e], enemy_hexes[e]) for e in enemy_hexes)
    return total * turns


@lru_cache(maxsize=1 << 16)
def _closeness(a: str, b: str) -> float:
    """1 next to the hex, half a hex further, none beyond (a strategic hex counts one)."""
    gap = distance(a, b)
    step = state.OP_PER_STRATEGIC if state.on_strategic(a) or state.on_strategic(b) else 1
    hexes = gap // step
    return 1.0 if hexes <= 1 else 0.5 if hexes <= WEIGHTS.ground_reach else 0.0


def land_gain(reckoning: Reckoning, attack: float, defence: int) -> float:
    """Hits dealt less hits taken of a land combat at these strengths (16.02), if more than
    none: an attacker who loses by it does not attack."""
    if attack < 1 or defence <= 0:
        return 0.0
    crt = reckoning.tables["land_crt"]
    key = (id(crt), int(attack), defence)
    found = _GAINS.get(key)
    if found is None:
        _KEPT.setdefault(id(crt), crt)
        found = _GAINS[key] = _land_gain(crt, int(attack), defence)
    return found


def _land_gain(crt: Any, attack: int, defence: int) -> float:
    column = crt.column(attack, defence)
    gain = 0.0
    for face in FACES:
        result = crt.result(column, face)
        gain += result.defender_hits - result.attacker_hits
        gain += WEIGHTS.retreat * result.retreat_check
    return max(0.0, gain / len(FACES))


def pending_combats(reckoning: Reckoning, side: str) -> float:
    """Declared land combats of ``side`` not yet resolved, at their odds now (16.02)."""
    data = reckoning.data
    total = 0.0
    for combat in data["combats"]:
        if combat["side"] != side:
            continue
        attackers = [u for u in combat["units"] if u in data["ground"]]
        attack = sum(int(state.ground_values(u).combat) for u in attackers)
        defence = sum(
            int(state.ground_values(u).defence)
            for u, r in data["ground"].items()
            if r["hex"] == combat["hex"]
        )
        total += land_gain(reckoning, attack, defence)
    return total


# -- special operations and mines ----------------------------------------------------------------
BEFORE_RAIDS: Final = ("crisis", "strategic")
"""The stages of a turn before its Unit Assignment Stage, whose start the raids come at (11.12)."""


def raids_to_come(data: Mapping[str, Any]) -> int:
    """The Unit Assignment Stages still to start, each a raid of every deployed unit (11.12)."""
    return turns_after(data) + int(data["stage"] in BEFORE_RAIDS)


def raid_hits(reckoning: Reckoning, side: str) -> float:
    """The hits ``side``'s special forces deployed against enemy airbases may still score
    (11.12): a hit on a d10 of the table's ``raid_chance`` or less at each raid to come, while
    the base is in range (else the unit comes back by itself); ``raid_exposed`` of them for a
    unit an enemy ground unit stands near. A raid meets no interception or fire, so no
    friction. The other side's deployments are read only as its view shows them (a unit it
    does not detect shows no operation, 11.12)."""
    data, tables = reckoning.data, reckoning.tables
    raids = raids_to_come(data)
    if raids <= 0:
        return 0.0
    chance = int(tables["special_operations"].raid_chance) / len(FACES)
    total = 0.0
    for uid, record in data["ground"].items():
        base = special_ops.on_operation(data, uid)
        if base is None or record.get("recon") or not _is(data, uid, side):
            continue
        if base in special_ops.raid_targets(tables, data, uid):
            total += chance * raids * raid_exposure(data, side, record["hex"])
    return total


def raid_exposure(data: Mapping[str, Any], side: str, hex_id: str) -> float:
    """``raid_exposed`` if an enemy ground unit (where the view shows it, blanks too) stands
    within ``ground_reach`` of ``hex_id``, else 1: the share of its raids a unit there makes."""
    near = any(
        r["hex"] and not _is(data, u, side) and _closeness(hex_id, r["hex"]) > 0
        for u, r in data["ground"].items()
    )
    return WEIGHTS.raid_exposed if near else 1.0


def mines_worth(reckoning: Reckoning, side: str) -> float:
    """What ``side``'s minefields (13.08, public) are worth, in hits scored: for each field an
    enemy ship may reach this action stage, ``mine_entry`` of a strike's mean hits (a d10 of
    ``strike_chance`` or less gives ``hits``). A field laid there gains it; an enemy sweeping
    it loses it."""
    data = reckoning.data
    laid = [h for h, layer in mines.fields(data).items() if layer == side]
    if not laid:
        return 0.0
    table = reckoning.tables["mines"]
    strike = int(table.strike_chance) / len(FACES) * int(table.hits)
    ships = enemy_ship_reach(reckoning, side)
    return WEIGHTS.mine_entry * strike * sum(1 for h in laid if reached_by(h, ships))


def enemy_ship_reach(reckoning: Reckoning, side: str) -> list[tuple[str, int]]:
    """Each enemy ship's hex (where the view shows it) and how far it sails in an action
    stage (10.03: its allowance in strategic hexes, ten operational hexes each)."""
    data = reckoning.data
    per_stage = int(reckoning.tables["naval_movement"].mp_per_strategic_hex)
    return [
        (r["hex"], int(state.naval_values(u).ma) * per_stage)
        for u, r in data["naval"].items()
        if r["hex"] and not _is(data, u, side)
    ]


def reached_by(hex_id: str, ships: list[tuple[str, int]]) -> bool:
    """Whether one of ``ships`` (:func:`enemy_ship_reach`) may sail to ``hex_id``."""
    return any(distance(hex_id, at) <= far for at, far in ships)


# -- the move ordering ---------------------------------------------------------------------------
LEFT_OUT: Final = frozenset({"cancel", "interdict"})
"""Actions never worth a search's time: "cancel" leads back to the decision before, where the
search weighs it; interdiction's effect is lost (13.04), so it only spends the group."""


def order_actions(_game: Game, state_: State, side: Side, actions: list[Action]) -> list[Action]:
    """``Game.order_actions``: strikes on the most valuable targets first, the units that hit
    hardest first, then passing, then the rest; moves that cannot help (dead ends) are left
    out; a ground unit's destinations in supply come before those out of it. A "cancel" is
    kept, first, only where nothing else is worth doing (a unit whose only missions are
    ferries or transports)."""
    if state_.result is not None or len(actions) <= 1:
        return actions
    reckoning = Reckoning(state_, game_tables(state_))
    kept = [a for a in actions if a.text.split(" ", 1)[0] not in LEFT_OUT and not _idle(a)]
    ranks = {a.text: rank(reckoning, side, a.text) for a in kept}
    cancel = [a for a in actions if a.text == "cancel"]
    alive = [a for a in kept if ranks[a.text] > DEAD_END]
    if not alive and cancel:
        return cancel + kept  # every way on leads nowhere: back to the decision before
    ranked = supplied_first(reckoning, sorted(alive or kept, key=lambda a: -ranks[a.text]))
    laying = _laying(reckoning, side)
    places = [a for a in ranked if _is_place(a.text, laying)]
    if len(places) > WEIGHTS.places:
        dropped = {a.text for a in places[WEIGHTS.places :]}
        ranked = [a for a in ranked if a.text not in dropped]
    missions = all(text.startswith("mission ") for text in ranks)
    if cancel and missions and all(value < 0 for value in ranks.values()):
        return cancel + ranked
    return ranked or actions


def _is_place(text: str, laying: bool) -> bool:
    verb = text.split(" ", 1)[0]
    return verb in PLACES or (laying and verb == "target")


def _laying(reckoning: Reckoning, side: str) -> bool:
    """Whether ``side``'s own group being flown is a minelaying one (13.08): its targets are
    sea hexes, hundreds of them."""
    flight = reckoning.data.get("flight")
    return flight is not None and flight["side"] == side and flight["mission"] == air.MINELAYING


def _idle(action: Action) -> bool:
    """Setting a unit idle only frees room at a full base, which the bot never needs."""
    return action.text.startswith("idle ")


PASSING: Final = frozenset({"end", "done", "pass", "go"})
DEAD_END: Final = -2.0
"""The rank of an action after which only "cancel" is left: left out, like "cancel"."""
PLACES: Final = frozenset({"to", "hex", "field"})
"""A ship's, ground unit's or EWDA's destination, an airmobile group's landing hex (9.03):
hundreds or thousands are offered."""
CARRIED: Final = 0.1
"""A unit that would march toward the enemy goes by truck first if one can carry it (13.09):
the truck's allowance takes it farther (a unit next to the enemy already is not carried)."""
OVER_CARRIER: Final = 0.01
"""An E-2 over its carrier (9.03) is worth a strategic hex closer than its hex alone: it goes
where the carrier goes."""


def rank(reckoning: Reckoning, side: str, text: str) -> float:
    """How promising an action is: above 0 worth trying before passing (0), below it after."""
    verb, _, rest = text.partition(" ")
    data = reckoning.data
    if verb in PASSING:
        return 0.0
    if verb == "launch":
        if not _strikes_in_reach(reckoning, side, rest):
            return DEAD_END  # only a ferry or a transport, or no SP to pay (9.05)
        return strike_value(reckoning, side, rest) - 0.05
    if verb == "mission":
        lead = _lead(reckoning.state)
        if lead in data["air"] and _unpaid(reckoning, data["air"][lead]["base"], rest):
            return DEAD_END
        return _mission_rank(reckoning, side, rest)
    own_flight = bool(data.get("flight")) and data["flight"]["side"] == side
    if verb in ("add", "escort") and own_flight and not _may_join(reckoning, side, verb, rest):
        return DEAD_END  # the group could then fly to no target: only "cancel" would be left
    if verb == "add" and own_flight:
        return 10.0 + _unit_strength(data["flight"]["mission"], rest)
    if verb == "add":
        return 10.0 + state.air_values(rest).anti_air
    if verb == "escort":
        return 5.0 + state.air_values(rest).anti_air
    if verb == "target" and _laying(reckoning, side):
        return _minefield_rank(reckoning, side, rest)
    if verb in ("target", "attack"):
        return 1.0 + _target_worth(reckoning, side, rest)
    if verb == "intercept" and " " in rest:  # 9.03 B: "intercept UID SHIP", a ship that moved
        return 1.0 + _target_worth(reckoning, side, rest.split(" ", 1)[1])
    if verb in ("intercept", "cap") and "flight" in data:
        return 1.0 + state.air_values(rest).anti_air
    if verb == "intercept":
        return _mode_rank(reckoning, side, rest)
    if verb == "hit":
        return _hit_rank(reckoning, rest)
    if verb == "assault":
        return _assault_rank(reckoning, side, rest)
    if verb in ("fire", "bombard", "engage"):  # 16.11, 16.09, 15.02
        return 1.0
    if verb == "pursue":  # 16.04: the ground taken is held
        return 1.0 + state.ground_values(rest).defence / 10
    if verb == "at":
        return 1.0 + _target_worth(reckoning, side, rest)
    if verb == "repair":
        return 1.0 if rest in data["inoperative"] else -1.0
    if verb == "refit":  # 18: a hit repaired for nothing
        return 1.0
    if verb == "consume":  # 12.01: offered only when it spares a unit its hit: before "done"
        return 1.0 + len(depot_spares(reckoning, rest)) / 10
    if verb in ("dismantle", "build"):
        return _depot_rank(reckoning, side, verb, rest)
    if verb == "recon":
        return _recon_rank(reckoning, side, rest)
    if verb == "raid":  # 11.12: a chance of a hit on the base each turn it stays
        return _raid_rank(reckoning, side, rest)
    if verb == "mine":  # 13.08: a field where the enemy's ships may sail into it
        return _lay_rank(reckoning, side, rest)
    if verb in ("bridge", "blow"):
        return _bridge_rank(reckoning, side, verb, rest)
    if verb == "field":  # 9.03: an airmobile group sets its troops down near the enemy
        return _destination_rank(reckoning, side, rest)
    if verb == "bomb":  # 12.01: a depot, destroyed by its third hit in a turn
        return 1.0
    if verb == "ewda":
        return 0.5 if data["ewda"][rest] is None else -1.0  # placed once, not shuffled
    if verb == "hex":
        return _ewda_rank(reckoning, side, rest)
    if verb == "over":  # 9.03: the E-2 over a carrier keeps watch wherever it sails
        return _ewda_rank(reckoning, side, data["naval"][rest]["hex"]) + OVER_CARRIER
    if verb == "march":
        return _march_rank(reckoning, side, rest)
    if verb == "carry":  # 13.09: "carry TRUCK UNIT", the unit taken farther than it marches
        return _march_rank(reckoning, side, rest.split(" ")[1]) + CARRIED
    if verb == "to":
        return _destination_rank(reckoning, side, rest) - _mined(reckoning, rest)
    return _sea_rank(verb)


SEA_RANKS: Final = {
    "underway": 0.5,
    "land": 1.0,
    "unload": 0.3,
    "sweep": 1.0,
    "port": -1.0,
    "load": -1.0,
}
"""10.02, 13.07-13.09: a ship In port does nothing, so the bot puts it to sea; troops aboard
are put ashore and enemy minefields swept; it neither docks nor embarks on its own (a field
is laid by :func:`_lay_rank`)."""


def _sea_rank(verb: str) -> float:
    return SEA_RANKS.get(verb, -1.0)


def _lead(state_: State) -> str | None:
    """The unit leading the group being formed (its mission not chosen yet)."""
    for frame in reversed(state_.stack):
        if frame.name == "air_segment" and "lead" in frame.locals:
            return str(frame.locals["lead"])
    return None


def _unpaid(reckoning: Reckoning, base: str, mission: str) -> bool:
    """Whether one unit's ``mission`` from ``base`` costs more SP than its nation has (9.05;
    a carrier pays none)."""
    if not air.spends_supply(base):
        return False
    cost = int(reckoning.tables["air_missions"][mission].sp)
    return cost > int(reckoning.data["sp"].get(state.base_nation(base), 0))


def _strikes_in_reach(reckoning: Reckoning, side: str, uid: str) -> bool:
    """Whether ``uid`` may fly a strike or a sweep at a target in its reach (9.01, 9.04)
    that its base's nation can pay for (9.05). A launch that may fly only a ferry or a
    transport is left out: a bot went round launching and cancelling it."""
    data = reckoning.data
    base = data["air"][uid]["base"]
    for mission in (*STRIKE_VALUE, "air_superiority"):
        if (
            air.can_fly(uid, mission)
            and not _unpaid(reckoning, base, mission)
            and any(air.in_reach(data, [uid], mission, t) for t in air.targets(data, side, mission))
        ):
            return True
    return False


def _mission_rank(reckoning: Reckoning, side: str, mission: str) -> float:
    if mission in STRIKE_VALUE:
        return 2.0 + (mission == "bombing_strike") * 0.1
    if mission == "air_superiority":
        return 1.0
    if mission == air.MINELAYING:  # 13.08: a field where the enemy's ships sail
        return 0.5 if _enemy_ships(reckoning.data, side) else -1.0
    return -1.0  # ferries and transports: only when the search sees them pay


def _may_join(reckoning: Reckoning, side: str, verb: str, uid: str) -> bool:
    """Whether the group with ``uid`` still reaches one of its mission's targets (9.04) and
    its base's nation still pays for it (9.05)."""
    data = reckoning.data
    flight = data["flight"]
    units, mission = [*flight["units"], uid], flight["mission"]
    escorts = [*flight["escorts"], uid] if verb == "escort" else flight["escorts"]
    cost = air.supply_cost(reckoning.tables, {**flight, "units": units, "escorts": escorts})
    if cost > data["sp"].get(state.base_nation(flight["base"]), 0):
        return False
    return any(air.in_reach(data, units, mission, t) for t in air.targets(data, side, mission))


def _unit_strength(mission: str, uid: str) -> float:
    values = state.air_values(uid)
    name = STRIKE_VALUE.get(mission)
    return float(getattr(values, name) if name else values.anti_air)


def _target_worth(reckoning: Reckoning, side: str, target: str) -> float:
    """What hitting ``target`` (a unit, a base or a hex) costs the enemy: the hits a ship,
    ground unit or base could score, and how near it is to its end."""
    data = reckoning.data
    if target in data["naval"]:
        values = state.naval_values(target)
        left = int(values.hits) - int(data["naval"][target]["hits"])
        carried = len([u for u, r in data["air"].items() if r["base"] == target])
        return 1.0 + carried + max(values.ssm, values.underwater, values.anti_air) / 4 + 1 / left
    if target in data["ground"]:
        return 1.0 + state.ground_values(target).combat / 10
    if target in data["airbases"]:
        return 0.5 + len(state.air_units_at(data, target)) / 2
    enemy = state.other(side)
    found = [u for u, r in data["naval"].items() if r["hex"] == target]
    found += [u for u, r in data["ground"].items() if r["hex"] == target]
    found += [b for b in data["airbases"] if forces().airbases[b].hex == target]
    worths = [_target_worth(reckoning, side, u) for u in found if _side_of_any(data, u) == enemy]
    return max(worths, default=0.0)


def _side_of_any(data: Mapping[str, Any], uid: str) -> str:
    return state.base_side(data, uid) if uid in data["airbases"] else state.side_of(data, uid)


def _mode_rank(reckoning: Reckoning, side: str, uid: str) -> float:
    """Intercept mode first for a fighter that strikes little: it defends (9.03 A)."""
    strike = strike_value(reckoning, side, uid)
    defend = WEIGHTS.engage * intercept_value(reckoning, side, uid)
    return defend - strike


def _hit_rank(reckoning: Reckoning, uid: str) -> float:
    """An airbase's hit on the unit that keeps the most hits after it (9.10)."""
    record = reckoning.data["air"][uid]
    return float(state.air_values(uid).hits - record["hits"])


def _assault_rank(reckoning: Reckoning, side: str, hex_id: str) -> float:
    data = reckoning.data
    attack = sum(
        int(state.ground_values(u).combat) for u in assault.attackers_of(data, side, hex_id)
    )
    defence = sum(int(state.ground_values(u).defence) for u in assault.units_in(data, hex_id))
    gain = land_gain(reckoning, attack, defence)
    return 1.0 + gain if gain > 0 else -1.0


def _destination_rank(reckoning: Reckoning, side: str, hex_id: str) -> float:
    """A ground unit's or ship's destination (or an EWDA's hex) nearer the enemy first."""
    data = reckoning.data
    if hex_id not in forces().hexes:
        return -1.0
    enemy = state.other(side)
    spots = [r["hex"] for u, r in data["ground"].items() if r["hex"] and _is(data, u, enemy)]
    spots += [r["hex"] for u, r in data["naval"].items() if _is(data, u, enemy)]
    spots += [forces().airbases[b].hex for b in data["airbases"] if _base_is(data, b, enemy)]
    if not spots:
        return -1.0
    return -1.0 - min(distance(hex_id, s) for s in spots) / 1000


def _march_rank(reckoning: Reckoning, side: str, uid: str) -> float:
    """A unit not yet next to an enemy unit marches toward one before the segment ends."""
    data = reckoning.data
    here = data["ground"][uid]["hex"]
    enemies = [r["hex"] for u, r in data["ground"].items() if r["hex"] and not _is(data, u, side)]
    if not enemies or any(_closeness(here, e) >= 1 for e in enemies):
        return -1.0
    return 0.5 + state.ground_values(uid).combat / 100


def _ewda_rank(reckoning: Reckoning, side: str, hex_id: str) -> float:
    """An EWDA's hex between its side's bases and the enemy's: one detector must see both the
    interceptors' base and the target (15.01 stand-in), within its range."""
    data = reckoning.data
    own = [state.base_hex(data, b) for b in state.own_bases(data, side)]
    theirs = [state.base_hex(data, b) for b in state.own_bases(data, state.other(side))]
    mine = min((distance(hex_id, h) for h in own if h), default=0)
    enemy = min((distance(hex_id, h) for h in theirs if h), default=0)
    return -1.0 - max(mine, enemy) / 1000


def _is(data: Mapping[str, Any], uid: str, side: str) -> bool:
    return state.side_of(data, uid) == side


def _base_is(data: Mapping[str, Any], base: str, side: str) -> bool:
    return state.base_side(data, base) == side


RAID: Final = 0.3
"""11.12: a raid's chance of a hit on an enemy airbase each turn: tried after the strikes."""


def _raid_rank(reckoning: Reckoning, side: str, rest: str) -> float:
    """11.12: a raid is tried after the strikes (``RAID``), less the more exposed its unit
    stands (``raid_exposed``), on the base with the most air units (its hits fall on them
    too, 9.10); after passing when no raid is left to come (deployed in the last turn, the
    unit would only stop fighting)."""
    data = reckoning.data
    uid, _, base = rest.partition(" ")
    if raids_to_come(data) <= 0 or uid not in data["ground"] or base not in data["airbases"]:
        return -1.0
    exposure = raid_exposure(data, side, data["ground"][uid]["hex"])
    return RAID * exposure + len(state.air_units_at(data, base)) / 100


def _lay_rank(reckoning: Reckoning, side: str, uid: str) -> float:
    """13.08: a ship lays its field where an enemy ship may reach it this action stage (the
    field's worth, :func:`mines_worth`), before passing; elsewhere after it."""
    data = reckoning.data
    if uid not in data["naval"]:
        return -1.0
    reached = reached_by(data["naval"][uid]["hex"], enemy_ship_reach(reckoning, side))
    return 0.5 if reached else -1.0


def _moving(state_: State, procedure: str) -> str | None:
    """The unit whose destination ``procedure`` (a ground or naval segment) asks now: a
    truck's cargo (13.09) rather than the truck."""
    frame = state_.stack[-1] if state_.stack else None
    if frame is None or frame.name != procedure or frame.step != "where":
        return None
    found = frame.locals.get("carry") or frame.locals.get("unit")
    return None if found is None else str(found)


def _mined(reckoning: Reckoning, hex_id: str) -> float:
    """``mine_detour`` for a ship's move into a field of the other side (13.08, public)."""
    uid = _moving(reckoning.state, "naval_segment")
    if uid is None or uid not in reckoning.data["naval"]:
        return 0.0
    return WEIGHTS.mine_detour if hex_id in mines.against(reckoning.data, uid) else 0.0


def supplied_first(reckoning: Reckoning, ranked: list[Action]) -> list[Action]:
    """A ground unit's destinations in supply (12.02) before those out of it, in their order
    otherwise: an attrition hit (11.04) awaits a unit cut off. Only the first ones are traced
    (until ``places`` are found in supply, at most twice that), a trace costing a path search."""
    data = reckoning.data
    uid = _moving(reckoning.state, "ground_segment")
    if uid is None or uid not in data["ground"]:
        return ranked
    ins: list[Action] = []
    outs: list[Action] = []
    checked = 0
    for action in ranked:
        if not action.text.startswith("to ") or checked >= 2 * WEIGHTS.places:
            continue
        if len(ins) >= WEIGHTS.places:
            break
        checked += 1
        hex_id = action.text[3:]
        there = {**data, "ground": {**data["ground"], uid: {**data["ground"][uid], "hex": hex_id}}}
        (ins if in_supply_kept(reckoning, there, uid) else outs).append(action)
    if not outs:
        return ranked
    late = set(map(id, outs))
    return [a for a in ranked if id(a) not in late] + outs


def _enemy_ships(data: Mapping[str, Any], side: str) -> list[str]:
    return [r["hex"] for u, r in data["naval"].items() if r["hex"] and not _is(data, u, side)]


def _minefield_rank(reckoning: Reckoning, side: str, hex_id: str) -> float:
    """13.08: a field nearest the enemy's ships first, where they must sail through it."""
    ships = _enemy_ships(reckoning.data, side)
    if not ships:
        return -1.0
    return 1.0 - min(distance(hex_id, h) for h in ships) / 1000


def _depot_rank(reckoning: Reckoning, side: str, verb: str, rest: str) -> float:
    """12.01: a depot whose units out of supply need it next Final Stage is built and kept
    (its dismantling tried last); one that spares no one is dismantled for its SP, first to
    its own nation."""
    data = reckoning.data
    hex_id, _, to = rest.partition(" ")
    later = turns_after(data) > 0
    if verb == "build":
        nation = depots.functioning_sources(data, side).get(hex_id)
        needed = nation is not None and bool(depot_spares(reckoning, hex_id, nation))
        return 0.5 if later and needed else -1.0
    if hex_id not in data["depots"]:
        return -1.0
    if later and depot_spares(reckoning, hex_id):
        return -1.5
    return 0.2 + 0.01 * (to == str(data["depots"][hex_id]["nation"]))


def _recon_rank(reckoning: Reckoning, side: str, rest: str) -> float:
    """11.12, 14.01: reconnaissance on the hex that reveals most enemy units the side does not
    detect now, which its strikes may then attack (the view shows their blanks' hexes)."""
    data, tables = reckoning.data, reckoning.tables
    _uid, _, hex_id = rest.partition(" ")
    row = tables["detection"].detectors[special_ops.SPECIAL_FORCES]
    unseen = detection.hidden_from(tables, data, side)
    found = 0
    for uid in unseen:
        here = detection.where(data, uid)
        if here is None:
            continue
        reach = int(getattr(row, detection.target_class(uid)).range)
        found += int(reach > 0 and distance(hex_id, here) <= reach)
    return 0.5 + found / 10 if found else -1.0


def _bridge_rank(reckoning: Reckoning, side: str, verb: str, rest: str) -> float:
    """11.08: a bridge is thrown where the side is the stronger across the strait (it crosses
    to attack), and blown where the enemy is (it would cross to attack the side)."""
    data = reckoning.data
    _uid, _, ends = rest.partition(" ")
    first, _, second = ends.partition(" ")
    here = data["ground"][_uid]["hex"] if _uid in data["ground"] else first
    far = bridges.across((first, second), here)
    ours, theirs = _strength_near(data, side, here), _strength_near(data, state.other(side), far)
    if verb == "blow":
        return 1.0 if theirs > ours else -1.0
    return 0.5 if theirs and ours > theirs else -1.0


def _strength_near(data: Mapping[str, Any], side: str, hex_id: str) -> int:
    """The combat strength of ``side``'s ground units within ``ground_reach`` operational
    hexes of ``hex_id`` (the Straits' banks: a unit on the strategic map is days away)."""
    return sum(
        int(state.ground_values(u).combat)
        for u, r in data["ground"].items()
        if r["hex"] and _is(data, u, side) and distance(r["hex"], hex_id) <= WEIGHTS.ground_reach
    )
