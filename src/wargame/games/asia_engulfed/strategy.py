"""What Asia Engulfed's bots know of the game: how good a position is for a side, and which
actions to try first (DESIGN 2.5). The search is game-independent (``wargame.bots``) and asks
only these two questions, of states it sampled from its own view (``determinize``).

The evaluation is the side's chance of winning, a logistic of its margin in victory areas: the
areas that count for it at the end (10.3, data/victory.yaml) against what it needs, plus what may
yet change them (each term of :class:`Weights` says why it is there). It reads the open data
(control, contested areas, counters, garrisons, where every block stands) and the hidden part of
the side's own blocks only: of the enemy it counts the blocks it sees standing, never their
type or steps, so that two positions the side cannot tell apart score the same.

Decisions
---------
* **One side's view.** A search calls the evaluation for each side of the same sampled state;
  each reads its own blocks' steps and supply and the enemy's visible block count, so the two
  chances need not add up to one.
* **An enemy block is worth ``ENEMY_BLOCK_STEPS``**: the side sees it stand but not its
  strength; the printed blocks average about two steps.
* **Supply is traced live** (:func:`supply.supply_report`), not read from the last supply
  phase's markers: a move beyond the lines shows at once, as it would at the next phase.
* **Income is public**: WERP follow control, the supply lines and the network, all open; both
  sides' income is computed from them (:func:`production.income`).
"""

from __future__ import annotations

import math
import weakref
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from wargame.engine.action import Action
from wargame.engine.contract import Game, outcome
from wargame.engine.log import Side
from wargame.engine.state import State
from wargame.games.asia_engulfed import charts, production, supply, victory
from wargame.games.asia_engulfed.board import area_graph, area_map
from wargame.games.asia_engulfed.control import enemy
from wargame.games.asia_engulfed.forces import side_of
from wargame.games.asia_engulfed.scenarios import turns_between
from wargame.games.asia_engulfed.state import SIDES

JAPAN: Final = SIDES[0]
CROSSINGS: Final = ("land", "river", "strait", "coast", "sea", "restricted", "off_map_route")
"""The boundaries a unit crosses by land, by sea or going ashore: distance counts them."""
ENEMY_BLOCK_STEPS: Final = 2.0
GARRISON_STEPS: Final = 1.0
SUPPLY_WORTH: Final = {"full": 1.0, "partial": 0.6, "out": 0.2}
"""What a step counts by its supply: out of supply a unit moves one area and fights badly (3.6)
and is eliminated at the final supply phase if still out (3.8)."""
THREAT_RADIUS: Final = 2
NEARNESS: Final = 0.5
"""A ground step next door to a victory area counts half, two areas away a quarter."""
THREAT_FLOOR: Final = 2.0
"""A victory area nobody defends still needs a unit to reach it: ``s / (s + foe + floor)``."""
PULL_RADIUS: Final = 4
PULL_FADE: Final = 0.6


@dataclass(frozen=True)
class Weights:
    """The evaluation's terms, in victory areas (the margin's unit)."""

    threat: float = 0.4
    """Own ground strength near a victory area that does not count for the side may take or
    contest it before the end; enemy strength near one that counts may clear it. Under half an
    area, so that holding one always beats standing next to it."""
    forces: float = 1.0
    """The balance of steps on the map, own (known) against the enemy's (visible blocks at
    ENEMY_BLOCK_STEPS, open air counters): strength takes and holds areas later."""
    supply: float = 0.8
    """The share of own steps out of or in partial supply: they fight and move badly and die
    at the final supply phase (3.6-3.8)."""
    werp: float = 0.6
    """Own income against the enemy's (4.1): next turn's replacements and new units."""
    temperature_end: float = 0.5
    temperature_start: float = 1.5
    """How sure a margin is: at the end of the last turn one area more than needed wins; at
    the start much can change. The logistic's temperature falls with the turns left."""


WEIGHTS: Final = Weights()


# -- the map as the bots see it ------------------------------------------------------------------
@cache
def distances(start: str, radius: int) -> dict[str, int]:
    """Boundaries crossed from ``start`` to every area within ``radius`` (land and sea)."""
    graph = area_graph()
    found = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        if found[here] == radius:
            continue
        for there in graph.neighbours(here, CROSSINGS):
            if there not in found:
                found[there] = found[here] + 1
                queue.append(there)
    return found


def victory_areas(data: Mapping[str, Any]) -> list[str]:
    return [each.area for each in victory.conditions(data["scenario"]).areas]


def counts_for(data: Mapping[str, Any], side: Side, where: str) -> bool:
    """Whether a victory area counts for ``side`` now: Japan's if it controls or contests it,
    the Allies' only if they hold it clear (10.3)."""
    japanese = data["control"].get(where) == JAPAN or where in data["contested"]
    return japanese == (side == JAPAN)


# -- the evaluation ------------------------------------------------------------------------------
@dataclass
class Forces:
    """The ground strength by area (own known, enemy estimated) and the steps on the map."""

    own_ground: dict[str, float]
    foe_ground: dict[str, float]
    own_steps: float
    foe_steps: float
    unsupplied: float  # own steps lost to supply (SUPPLY_WORTH)


def forces(data: Mapping[str, Any], side: Side) -> Forces:
    """``side``'s units as it knows them, the enemy's as it sees them."""
    status = supply.supply_report(data, side)
    found = Forces({}, {}, 0.0, 0.0, 0.0)
    for unit_id, unit in data["units"].items():
        where = unit["where"]
        ground = unit["public"]["kind"] == "ground"
        if unit["owner"] != side:
            found.foe_steps += ENEMY_BLOCK_STEPS
            if ground:
                _add(found.foe_ground, where, ENEMY_BLOCK_STEPS)
            continue
        steps = float(unit["hidden"]["steps"])
        worth = SUPPLY_WORTH[status.units.get(unit_id, "full")]
        found.own_steps += steps
        found.unsupplied += steps * (1 - worth)
        if ground:
            _add(found.own_ground, where, steps * worth)
    for power, where in data["garrisons"]:
        mine = side_of(power) == side
        worth = SUPPLY_WORTH[status.garrisons.get(where, "full")] if mine else 1.0
        _add(found.own_ground if mine else found.foe_ground, where, GARRISON_STEPS * worth)
    for counter in data["counters"].values():
        if counter["type"] in ("lba", "cba"):
            if side_of(counter["power"]) == side:
                found.own_steps += counter["steps"]
            else:
                found.foe_steps += counter["steps"]
    return found


def _add(table: dict[str, float], where: str, amount: float) -> None:
    table[where] = table.get(where, 0.0) + amount


def nearby(table: Mapping[str, float], where: str) -> float:
    """Ground strength around ``where``, fading by NEARNESS a boundary (THREAT_RADIUS)."""
    return sum(
        table.get(area, 0.0) * NEARNESS**apart
        for area, apart in distances(where, THREAT_RADIUS).items()
    )


def threats(data: Mapping[str, Any], side: Side, found: Forces) -> float:
    """Victory areas ``side`` may gain less those it may lose, each by the odds of the ground
    strength around it."""
    total = 0.0
    for where in victory_areas(data):
        own = nearby(found.own_ground, where)
        foe = nearby(found.foe_ground, where)
        if counts_for(data, side, where):
            total -= foe / (foe + own + THREAT_FLOOR)
        else:
            total += own / (own + foe + THREAT_FLOOR)
    return total


def werp(data: Mapping[str, Any], side: Side, state: State) -> int:
    """The WERP ``side``'s powers would receive at a production phase now (4.1)."""
    return sum(production.income(data, side, charts.tables(state)).werp.values())


class Evaluation:
    """The evaluation's terms for one state, with the public ones kept for the other side's
    question about the same state (a search asks both at once)."""

    def __init__(self, weights: Weights = WEIGHTS) -> None:
        self.weights = weights
        self._last: tuple[weakref.ref[State], dict[Side, int]] | None = None

    def __getstate__(self) -> dict[str, object]:
        return {**self.__dict__, "_last": None}  # picklable: the weak reference is a cache

    def incomes(self, state: State) -> dict[Side, int]:
        last = self._last
        if last is not None and last[0]() is state:
            return last[1]
        found = {side: werp(state.data, side, state) for side in SIDES}
        self._last = (weakref.ref(state), found)
        return found

    def terms(self, state: State, side: Side) -> dict[str, float]:
        """Each term of ``side``'s margin, in victory areas (see :class:`Weights`)."""
        data, w = state.data, self.weights
        needs = victory.conditions(data["scenario"]).japan_needs
        held = victory.standing(data)[JAPAN]
        areas = held - needs + 0.5 if side == JAPAN else needs - 0.5 - held
        found = forces(data, side)
        income = self.incomes(state)
        own, foe = income[side], income[enemy(side)]
        return {
            "victory_areas": areas,
            "threats": w.threat * threats(data, side, found),
            "forces": w.forces * _share(found.own_steps - found.foe_steps, found),
            "supply": -w.supply * found.unsupplied / max(1.0, found.own_steps),
            "werp": w.werp * (own - foe) / max(1, own + foe),
        }

    def evaluate(self, state: State, side: Side) -> float:
        """``side``'s chance of winning from ``state``."""
        if state.result is not None:
            return outcome(state.result, side)
        margin = sum(self.terms(state, side).values())
        return logistic(margin / self.temperature(state.data))

    def temperature(self, data: Mapping[str, Any]) -> float:
        """Falls linearly from the first player turn to the last (see ``Weights``)."""
        total = turns_between(data["first_turn"], data["last_turn"])
        left = turns_between(data["turn"], data["last_turn"]) - (
            0.5 if data["phase_player"] == enemy(JAPAN) else 0.0
        )
        w = self.weights
        return w.temperature_end + (w.temperature_start - w.temperature_end) * left / total


def _share(difference: float, found: Forces) -> float:
    return difference / max(1.0, found.own_steps + found.foe_steps)


def logistic(x: float) -> float:
    if x < -40:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


# -- move ordering -------------------------------------------------------------------------------
MOVES: Final = frozenset(
    {"move", "strategic", "sail", "embark", "land", "invade", "disembark", "rebase", "fly",
     "react", "extend", "build", "network", "submarine_supply", "drop"}
)  # fmt: skip
"""Verbs whose last argument is where a unit goes (or Japan's supply network reaches)."""
PLACES: Final = frozenset({"battle", "fortify", "buy_garrison", "strike", "home_defence"})
"""Verbs whose first argument is the area acted upon."""
VERB_SCORES: Final = {
    "battle": 3.0,
    "invade": 1.0,  # on top of the pull of the area invaded
    "drop": 1.0,  # a paratroop drop (13.4), likewise
    "replace": 1.5,
    "commit": 0.5,
    "done": -1.0,
    "end": -1.0,
    "close": -1.0,
    "stop": -1.0,
    "withdraw": -1.5,
    "remove": -2.0,
    "scuttle": -3.0,
}
"""Fixed scores (the passes last: a search tries the moves first and passes late)."""
VICTORY_PULL: Final = 3.0
HELD_PULL: Final = 1.0
RESOURCE_PULL: Final = 0.5
CONTESTED_PULL: Final = 1.5


def objectives(data: Mapping[str, Any], side: Side) -> dict[str, float]:
    """What draws ``side``'s units: victory areas (those that do not count for it most),
    enemy-held resource areas, contested areas (the battles)."""
    found: dict[str, float] = {}
    for where in victory_areas(data):
        found[where] = HELD_PULL if counts_for(data, side, where) else VICTORY_PULL
    for record in area_map().areas.values():
        if record.resources and data["control"].get(record.id) == enemy(side):
            _add(found, record.id, RESOURCE_PULL * record.resources)
    for where in data["contested"]:
        _add(found, where, CONTESTED_PULL)
    return found


def pull(targets: Mapping[str, float], where: str) -> float:
    """How strongly ``where`` draws a unit: each objective, fading PULL_FADE a boundary."""
    reach = distances(where, PULL_RADIUS) if where in area_map().areas else {}
    return sum(worth * PULL_FADE ** reach[at] for at, worth in targets.items() if at in reach)


def score(action: Action, targets: Mapping[str, float]) -> float:
    verb, args = action.verb, action.args
    fixed = VERB_SCORES.get(verb, 0.0)
    if verb in MOVES and args:
        return fixed + pull(targets, args[-1])
    if verb in PLACES and args:
        return fixed + pull(targets, args[0])
    return fixed


def order(state: State, side: Side, actions: list[Action]) -> list[Action]:
    """``actions`` best first (a stable sort): moves toward victory areas, enemy resource areas
    and battles first, passing last."""
    targets = objectives(state.data, side)
    scores = {action.text: score(action, targets) for action in actions}
    return sorted(actions, key=lambda action: -scores[action.text])


# -- the hooks (game.py assigns them to the game object) -----------------------------------------
EVALUATION: Final = Evaluation()


def evaluate(game: Game, state: State, side: Side) -> float:
    """``Game.evaluate``: ``side``'s chance of winning, from its own view of ``state``."""
    return EVALUATION.evaluate(state, side)


def order_actions(game: Game, state: State, side: Side, actions: list[Action]) -> list[Action]:
    """``Game.order_actions``: the most promising of ``side``'s actions first."""
    return order(state, side, actions)
