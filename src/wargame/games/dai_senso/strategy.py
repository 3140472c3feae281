"""What Dai Senso!'s bots know of the game: how good a position is for a faction, and which
actions to try first (DESIGN 2.5). The search is game-independent (``wargame.bots``) and asks
only these two questions, of states it sampled from its own view (``determinize``).

The training scenarios and War of Resistance are decided by their objective hexes (0.3, the
stand-in ``training_objectives``): the attacker wins holding at least ``attacker_needs`` of them
after the last turn. The 1937 campaign is decided by the final VP check (0.1): its objectives
here are the strategic hexes of both sheets, the Axis the attacker (:func:`goal_of`). The
evaluation is the attacker's chance of that, a logistic of its margin: the objectives it holds
against those it needs, plus each objective's chance of changing hands, which grows with the
attack strength within reach of it against the defence in and around it (each term of
:class:`Weights` says why it is there). The defender's chance is the rest (two
factions defending together share it, as they share the win); a faction that takes no part in
the scenario (the West in August Storm) has none.

Decisions
---------
* **No hidden units.** Every unit is open (``state``) and the evaluation reads no hand of
  cards, so it reads the whole position: both sides judge the same state alike.
* **Reach, not paths.** A unit's threat to a hex fades with the hex distance, not with a path's
  cost through terrain and zones of control: a search of a few dozen actions corrects the
  rest, and a path per unit and objective would cost more than the search's play-outs.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from wargame.engine.action import Action
from wargame.engine.contract import Game, outcome
from wargame.engine.log import Side
from wargame.engine.state import State
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.cards import Card, cards
from wargame.games.dai_senso.charts import Stacking
from wargame.games.dai_senso.charts import tables as game_tables
from wargame.games.dai_senso.seasonal import ALLIED, strategic_holders, strategic_value
from wargame.games.dai_senso.sequence import PHASES
from wargame.games.dai_senso.state import SIDES, faction, values
from wargame.games.dai_senso.victory import training


@dataclass(frozen=True)
class Weights:
    reach: int = 4
    """Hexes within which a unit threatens an objective: about one turn's move of infantry
    through mixed terrain (movement allowances of 3 to 6 on the counters)."""
    fade: float = 0.7
    """A unit's strength counts this much less for each hex further from the objective: a unit
    next door attacks this turn, one four hexes away next turn at best."""
    garrison: float = 3.0
    """What holding an objective is worth against a threat beyond the units in it: a hex held
    needs an attack won, then an advance into it (4.2.7); a hex empty of the holder's units
    falls to the first enemy unit that walks in."""
    sharpness: float = 1.2
    """How sure the margin makes the outcome with the whole scenario still to play; the last
    turn's margin is surer (see :func:`certainty`)."""
    material: float = 0.03
    """Each step more than the other side is worth this much margin: steps win later battles,
    but the objectives decide the game. A step over a hex's stacking limit counts as lost."""


WEIGHTS: Final = Weights()
ACTION_PHASES: Final = (
    "operational_movement",
    "blitz_combat",
    "regular_combat",
    "reserve_movement",
)
"""The phases of a faction turn in which its units move or fight (3, 4.1, 4.2, 5)."""
PHASE_NAMES: Final = tuple(name for name, _rule, _run in PHASES)


def evaluate(_game: Game, state_: State, side: Side) -> float:
    """``Game.evaluate``: ``side``'s chance of winning the scenario from ``state_``, from 0
    to 1."""
    if state_.result is not None:
        return outcome(state_.result, side)
    data = state_.data
    if side not in data["factions"]:
        return 0.0
    goal = goal_of(state_)
    limits = game_tables(state_)["stacking"]
    margin = attacker_margin(data, goal, limits)
    chance = 1.0 / (1.0 + math.exp(-certainty(data) * margin))
    return chance if side == goal.attacker else 1.0 - chance


@dataclass(frozen=True)
class Goal:
    """What decides the scenario, as hexes: the attacker wins holding ``needs`` of the
    ``holders``' hexes at the end (each hex's controller now)."""

    attacker: str
    holders: Mapping[str, str | None]
    needs: float


def goal_of(state_: State) -> Goal:
    """A training scenario's or War of Resistance's objectives (0.3's stand-in); for the
    campaign decided by the final VP check (0.1), the strategic hexes of its sheets, which the
    Axis needs to hold enough of for a strategic value of at least 1 (a tie of VP, 0.1.2's
    unchanged box, is the Axis's): their count less the Axis's colour's (an Allied-held Axis
    hex is -1), less the value's other terms (markers, ESV), which the bots cannot move
    between now and the check. The Imperial Rescript's VP are left out."""
    scenario = training(state_)
    campaign = game_tables(state_)["campaign_scenarios"].get(state_.scenario)
    if campaign is None or campaign.decided_by != "vp_check":
        control = state_.data["control"]
        holders = {hex_id: control.get(hex_id) for hex_id in scenario.objectives}
        return Goal(scenario.attacker, holders, scenario.attacker_needs)
    held = strategic_holders(state_)
    from_hexes = sum(
        (colour == "allied" and side == "axis") - (colour == "orange" and side in ALLIED)
        for colour, side in held.values()
    )
    other_terms = strategic_value(state_, held)["sv"] - from_hexes
    orange = sum(1 for colour, _side in held.values() if colour == "orange")
    holders = {hex_id: side for hex_id, (_colour, side) in held.items()}
    return Goal("axis", holders, orange - other_terms + 1)


def attacker_margin(data: Mapping[str, Any], goal: Goal, limits: Stacking) -> float:
    """Objectives the attacker may expect to hold at the end, less those it needs (0.5 is
    the line between winning and losing: it wins with ``needs``, not fewer)."""
    attacker = goal.attacker
    forces = _strength_by_hex(data)
    threats = _threats(forces, list(goal.holders))
    defenders = [side for side in data["factions"] if side != attacker]
    expected = 0.0
    for objective, holder in goal.holders.items():
        threat = sum(strength for side, strength in threats[objective].items() if side != holder)
        hold = _hold(forces, objective, holder)
        changes = max(0.0, threat - hold) / (threat + hold + WEIGHTS.garrison)
        takers = defenders if holder == attacker else [attacker]
        changes *= min(1.0, max(turns_of_action_left(data, side) for side in takers))
        expected += 1.0 - changes if holder == attacker else changes
    lead = _step_lead(data, attacker, limits)
    return expected - goal.needs + 0.5 + WEIGHTS.material * lead


def turns_of_action_left(data: Mapping[str, Any], side: str) -> float:
    """The faction turns in which ``side`` may still move and fight before the scenario ends,
    counting the phases of its current one still to come: an objective cannot change hands
    for a side whose last combat and movement are over."""
    later = int(data["last_turn"]) - int(data["turn"])
    playing = [faction_ for faction_ in SIDES if faction_ in data["factions"]]
    phasing, phase = data.get("phasing"), data.get("phase")
    if phasing is None or playing.index(side) > playing.index(phasing):
        return later + 1.0
    if side != phasing:
        return float(later)
    now = PHASE_NAMES.index(phase) if phase in PHASE_NAMES else 0
    ahead = [name for name in ACTION_PHASES if PHASE_NAMES.index(name) >= now]
    return later + len(ahead) / len(ACTION_PHASES)


def certainty(data: Mapping[str, Any]) -> float:
    """The margin counts more as the end comes near: twice as much in the last turn as at the
    start of a three-turn scenario."""
    last = int(data["last_turn"])
    done = (int(data["turn"]) - 1) / max(1, last)
    return WEIGHTS.sharpness * (1.0 + done * 1.5)


def order_actions(_game: Game, state_: State, side: Side, actions: list[Action]) -> list[Action]:
    """``Game.order_actions``: destinations nearer the objectives that matter to ``side``
    first (the attacker's ones it does not hold, the defender's ones it holds). A "cancel",
    which leads back to the decision before, is left out: the search weighs that decision
    there (declaring an attack or not), not by trying it and taking it back."""
    data = state_.data
    if state_.result is not None or side not in data["factions"]:
        return actions
    if any(action.verb == "card" for action in actions):
        return sorted(actions, key=lambda action: -card_worth(cards().cards[action.text[5:]]))
    goal = goal_of(state_)
    targets = [
        hex_id
        for hex_id, holder in goal.holders.items()
        if (holder == side) != (side == goal.attacker)
    ] or list(goal.holders)
    onward = [action for action in actions if action.text != "cancel"] or actions
    return sorted(onward, key=lambda action: _rank(data, action.text, targets))


def card_worth(card: Card) -> int:
    """What a pending card brings, for trying the richest first (1.1.3): its blitz value, its
    seasonal replacement steps, two for each piece it brings, one for each action."""
    steps = sum(sum(kinds.values()) for kinds in card.replacements.values())
    brought = card.reinforcements
    pieces = len(brought.force_pool) + len(brought.delay) if brought else 0
    return card.blitz + steps + 2 * pieces + len(card.actions)


def _rank(data: Mapping[str, Any], text: str, targets: list[str]) -> tuple[int, float]:
    """Hexes nearest the targets first (a destination, an attack's hex), then units strongest
    first (the unit to move, to add to an attack), then the rest (stop, end, resolve) in the
    listed order: a search widens in this order and sees only the first few of a long list."""
    verb, _, rest = text.partition(" ")
    if verb in ("hex", "attack", "port", "toward") and rest in board().hexes:
        return (0, min(board().distance(rest, target) for target in targets))
    if verb in ("move", "with", "support", "land", "advance") and rest in data["units"]:
        return (1, -values(data, rest)[0])
    if verb == "war":  # a declaration of war (6.1.1) only when a search finds it worth it
        return (3, 0)
    return (2, 0)


def _strength_by_hex(data: Mapping[str, Any]) -> dict[str, list[tuple[str, int, int]]]:
    """Each occupied hex's units as (faction, attack, defence)."""
    found: dict[str, list[tuple[str, int, int]]] = {}
    for uid, record in data["units"].items():
        attack, defence, _moves = values(data, uid)
        found.setdefault(record["hex"], []).append((faction(uid), attack, defence))
    return found


def _threats(
    forces: Mapping[str, list[tuple[str, int, int]]], objectives: list[str]
) -> dict[str, dict[str, float]]:
    """Each objective's threat by faction: the attack strength of the units within reach,
    fading with distance, a unit's strength shared among the objectives it threatens (one
    army cannot take three cities at once)."""
    found: dict[str, dict[str, float]] = {objective: {} for objective in objectives}
    for hex_id, units in forces.items():
        weights = {}
        for objective in objectives:
            distance = board().distance(hex_id, objective)
            if distance <= WEIGHTS.reach:
                weights[objective] = WEIGHTS.fade ** max(0, distance - 1)
        spread = max(1.0, sum(weights.values()))
        for side, attack, _defence in units:
            for objective, weight in weights.items():
                found[objective][side] = found[objective].get(side, 0.0) + weight * attack / spread
    return found


def _hold(
    forces: Mapping[str, list[tuple[str, int, int]]], objective: str, holder: str | None
) -> float:
    """The holder's defence in the objective and next to it (a neighbour's counts half)."""
    total = sum(defence for side, _, defence in forces.get(objective, ()) if side == holder)
    for hex_id in board().neighbours(objective):
        total += 0.5 * sum(defence for side, _, defence in forces.get(hex_id, ()) if side == holder)
    return total


def _step_lead(data: Mapping[str, Any], attacker: str, limits: Stacking) -> float:
    """The attacker's steps less the defender's, each side's steps over a hex's stacking limit
    (9.2) counted as lost: the stacking check at the end of the phase takes them (4.2.6.2)."""
    lead = 0.0
    by_hex: dict[tuple[str, str], list[int]] = {}
    for uid, record in data["units"].items():
        by_hex.setdefault((record["hex"], faction(uid)), []).append(record["steps"])
    for (_hex, side), steps in by_hex.items():
        kept = min(sum(sorted(steps, reverse=True)[: limits.normal.units]), limits.normal.steps)
        lead += kept if side == attacker else -kept
    return lead
