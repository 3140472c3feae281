"""Information-set Monte Carlo tree search over the game contract (single-observer IS-MCTS:
Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012).

What the bot may know is its seat's view, and nothing else. Every iteration plays in one *world*:
a full state that ``Game.determinize`` samples from that view (the other side's hand, the order
of the decks, hidden blocks), with a random generator keyed afresh, so that the dice of a world
are as unknown to the bot as the true ones. A tree node stands for a sequence of actions from
the decision being made; its children are the actions taken from it in any world. Where a world
offers only some of a node's children (the opponent holds other cards there), only those are
compared, by UCB1 counted over the iterations in which each was available.

* **Chance.** A world's generator decides its dice; the ``worlds`` worlds a search cycles
  through give as many independent futures, so an action's value is its average over their
  rolls (open-loop chance: the search does not branch on the faces of a die, which its few
  hundred iterations could not fill anyway).
* **Many actions.** A node with ``n`` visits compares only the first ``widen_base * n **
  widen_power`` of its actions in the game's order (``Game.order_actions``, progressive
  widening); a new child is tried before the others are compared again. At the root, where
  the choice is made, every action is first applied once in one world and evaluated (the
  *first look*, a greedy bot's whole reasoning), and the root widens in that order.
* **Long games.** An iteration looks at most ``depth`` actions ahead of the decision, and only
  through a few decisions of the other sides (``replies``): in the tree, then in a play-out that
  takes the game's first-ordered action (``greed``) or a random one, and then scores the
  position with ``Game.evaluate``. A finished game scores its result.
* **Scored where a side hands over.** A game of small clicks strings many of one side's
  decisions together (an offensive: a card, its units, their moves, its battles), and an
  iteration that stops among them scores a half-made plan beside others' whole ones. Where the
  side that took the iteration's last action would act again, it plays on in the game's order
  (at most ``Game.own_run`` actions, or the budget's ``finish``) until another side is to act,
  and the position is scored there. Measured on Empire of the Sun: as Japan against ``random``
  the search scored so won more games than one scored where it stopped, which did worse than
  the one-step ``greedy`` bot (``docs/computer-opponents.md``).
* **Budget.** ``iterations`` per decision, and a wall-clock cap in ``seconds``: the first is the
  strength and makes a search reproducible, the second keeps a busy machine responsive.
* **The tree is kept** from one decision to the next when the only thing between them is the
  bot's own action and that action can be taken back (``view["can_undo"]``: no die rolled, no
  card drawn, nothing revealed, same side to act): the new decision is then the child of the
  action chosen, with its statistics and its worlds still true.
* **Values.** An iteration scores each side with its evaluation; a node's value is that of the
  side that chose the action leading to it: the mean of what followed, or, where that side
  decides again next (a game of small clicks strings many of one side's decisions together),
  the best of its own next choices tried at least ``MAX_AFTER`` times, since it will take the
  best and not the average of those tried. A node's children are compared after min-max
  normalisation among them (as MuZero does over its tree), since an evaluation may be sure of
  the outcome long before the end and its differences then small. The action chosen is the
  best valued of those tried ``MAX_AFTER`` times; between equals, the first look's first.
* **Log-odds** (``Budget.odds``, off in every level). Where the evaluation is sure of the
  outcome, its chance grows nearly as an exponential of the margin it reads, and the mean of
  chances over the worlds' dice prizes a long shot far beyond its likelihood. Averaged as
  log-odds, each outcome counts by its likelihood in the evaluation's own margin, the way
  KataGo adds a score utility to a win rate that has saturated. That is right only where the
  evaluation is too sure; where it is not, the long shot is what the side behind needs (the
  trial on Empire of the Sun: ``docs/computer-opponents.md``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from wargame.bots.repeats import Repeats
from wargame.engine.action import Action
from wargame.engine.contract import Game
from wargame.engine.errors import GameBug
from wargame.engine.log import Side
from wargame.engine.rng import Rng
from wargame.engine.state import State

MAX_AFTER = 2
"""Visits a child needs before its value counts toward its parent's best (a value seen once is
one world's, perhaps a lucky one)."""


@dataclass(frozen=True)
class Budget:
    """What one decision of the search may spend, and how it looks ahead."""

    iterations: int
    seconds: float | None = None
    depth: int = 24
    playout: int = 6
    """Actions of a play-out after the tree, for a game with its own evaluation; a game without
    one (``Game.evaluate`` not overridden) is played out to ``depth``, where its result, if
    any, is the only score there is."""
    worlds: int = 12
    exploration: float = 0.4
    widen_base: float = 2.0
    widen_power: float = 0.5
    greed: float = 0.75
    finish: int | None = None
    """Own actions an iteration may play on, in the game's order, to score where another side
    is to act: None for the game's own ``Game.own_run``, 0 to score where it stops."""
    replies: int = 4
    """Decisions of other sides (with a choice) an iteration looks through before it scores:
    enough for a reaction to the offensive under way, not for the opponent's own turn, whose
    play the search would know too little of (it would pass its turn to see the opponent
    blunder)."""
    cached: int = 3000
    """Positions the tree keeps (states are copied whole; an Empire of the Sun one is ~30 KB)."""
    odds: bool = False
    """Average the evaluation's chances as log-odds (``log_odds``) rather than as chances."""


@dataclass(slots=True)
class Position:
    """A world's state at a node, with the side to decide and its actions (``ordered``: put in
    the game's order, which is done when the search first chooses among them).

    ``others``: the other sides deciding at the same time (a simultaneous decision is searched
    one side after the other); ``blind``: this side's choice is the second half of one, which
    it makes without knowing the first, so the search draws it at random rather than let it
    answer the choice it cannot see."""

    state: State
    side: Side | None
    actions: list[Action]
    others: frozenset[Side] = frozenset()
    blind: bool = False
    ordered: bool = False


@dataclass(slots=True)
class Node:
    """A sequence of actions from the decision; the statistics of the action leading to it."""

    children: dict[str, Node] = field(default_factory=dict)
    visits: int = 0
    reward: float = 0.0
    value: float = 0.0
    """What the action is worth to the side that chose it (see ``Search.back_up``)."""
    available: int = 0
    mover: Side | None = None
    """The side that decides next, here."""
    worlds: dict[int, Position] = field(default_factory=dict)
    ranked: dict[str, int] | None = None
    """At the root: each action's rank after its first look (see ``Search.first_look``)."""

    def size(self) -> int:
        """Positions kept in this subtree."""
        return len(self.worlds) + sum(child.size() for child in self.children.values())


ODDS_CLIP = 1e-6
"""Chances are cut to lie between this and one less this before their log-odds are taken: a
game won then counts about 14 (``log(1e6)``), a game lost about -14, and a chance of 1 % -4.6."""


def log_odds(chance: float) -> float:
    """``chance`` as log-odds (cut at ``ODDS_CLIP``): the margin the evaluation read, in its own
    units, whichever side of even it lies (why: the module docstring, "Log-odds")."""
    clipped = min(max(chance, ODDS_CLIP), 1.0 - ODDS_CLIP)
    return math.log(clipped / (1.0 - clipped))


def as_chance(chance: float) -> float:
    return chance


def past(deadline: float | None) -> bool:
    return deadline is not None and time.perf_counter() > deadline


class Search:
    """One seat's IS-MCTS: ``choose(view)`` from the view of its side only."""

    reusable = True
    """The play server keeps one per game and side, so that its tree outlives a decision."""

    def __init__(self, game: Game, side: Side, seed: int, budget: Budget) -> None:
        self.game = game
        self.side = side
        self.budget = budget
        self.rng = Rng.from_seed(seed)
        evaluates = type(game).evaluate is not Game.evaluate
        self.playout_steps = budget.playout if evaluates else budget.depth
        self.finish = game.own_run if budget.finish is None else budget.finish
        self.utility = log_odds if budget.odds else as_chance
        self.root: Node | None = None
        self.expected: tuple[int, str] | None = None  # (moves, action) that keeps the tree
        self.next_world = 0
        self.kept = 0  # positions the tree keeps
        self.reused = 0  # of which the last decision found in the tree of the one before
        self.last_iterations = 0
        self.repeats = Repeats()
        self.line: list[tuple[Side, str]] = []
        """The principal variation of the last decision: the action chosen, then the most
        visited continuation of the tree (the line the search expects), with who takes each."""
        self.line_state: State | None = None
        """The world the last decision searched first: the position ``line`` starts from, as
        the bot imagines it (sampled from its view)."""

    # -- the bot's interface ---------------------------------------------------------------
    def choose(self, view: Mapping[str, Any]) -> str:
        """One action text from ``view["actions"]``."""
        if not view["actions"]:
            raise ValueError("the bot was asked to act but its view lists no legal action")
        root = self.reused_root(view)
        actions = self.repeats.fresh(view)
        if len(actions) == 1:
            choice = actions[0]
            self.last_iterations = 0
        else:
            self.search(root, view, frozenset(actions))
            choice = self.best(root, actions)
        self.line = self.principal_variation(root, choice)
        first = next(iter(root.worlds.values()), None)
        self.line_state = None if first is None else first.state
        self.repeats.note(view, choice)
        self.expected = (int(view["moves"]) + 1, choice)
        self.root = root
        return choice

    def reused_root(self, view: Mapping[str, Any]) -> Node:
        """The subtree of the bot's last action if nothing else has happened since, else a new
        tree."""
        root, expected = self.root, self.expected
        self.root = None
        if root is not None and expected is not None and view.get("can_undo"):
            moves, action = expected
            child = root.children.get(action)
            if child is not None and int(view["moves"]) == moves:
                self.kept = self.reused = child.size()
                return child
        self.kept = self.reused = 0
        return Node()

    # -- the search ------------------------------------------------------------------------
    def search(self, root: Node, view: Mapping[str, Any], allowed: frozenset[str]) -> None:
        """Iterations from ``root`` until the budget is spent; at the root, only the ``allowed``
        actions are tried."""
        budget = self.budget
        deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
        worlds = list(root.worlds)[: budget.worlds]
        offered = frozenset(view["actions"])
        if not worlds:
            worlds.append(self.new_world(root, view, offered))
        self.first_look(root, worlds[0], allowed, deadline)
        done = 0
        while done < budget.iterations and not past(deadline):
            if len(worlds) < budget.worlds:
                worlds.append(self.new_world(root, view, offered))
            self.iterate(root, worlds[done % len(worlds)], allowed)
            done += 1
        self.last_iterations = done

    def new_world(self, root: Node, view: Mapping[str, Any], offered: frozenset[str]) -> int:
        """A new determinization of the view, kept at the root under a fresh number."""
        state = self.game.determinize(view, self.side, Rng(self.rng.next64()))
        position = self.position(state, self.side)
        if position.side != self.side or not {a.text for a in position.actions} <= offered:
            raise GameBug(f"{self.game.id}: a determinized state offers other actions")
        number = self.next_world
        self.next_world += 1
        root.worlds[number] = position
        self.kept += 1
        return number

    def position(
        self, state: State, prefer: Side | None = None, pending: frozenset[Side] = frozenset()
    ) -> Position:
        """``state`` with its decision; ``prefer``: the side searched first when several decide
        at once; ``pending``: the sides that were deciding at once with the action just taken."""
        active = self.game.active(state)
        if not active:
            return Position(state, None, [])
        side = prefer if prefer in active else active[0]
        actions = self.game.legal_actions(state, side)
        others = frozenset(active) - {side}
        return Position(state, side, actions, others, side in pending)

    def actions_of(self, position: Position) -> list[Action]:
        """The position's actions in the game's order (worked out once)."""
        if not position.ordered:
            position.ordered = True
            if len(position.actions) > 1 and position.side is not None:
                ordered = self.game.order_actions(position.state, position.side, position.actions)
                position.actions = ordered or position.actions
        return position.actions

    def first_look(
        self, root: Node, world: int, allowed: frozenset[str], deadline: float | None
    ) -> None:
        """Each allowed action at the root that has no visit yet, applied in ``world`` and
        scored by the evaluation: its first visit, and the order in which the root widens
        (best first, the game's order between equals). The root is where the choice is made,
        and a one-step look at every action is worth what it costs there."""
        position = root.worlds[world]
        side = position.side
        assert side is not None
        for action in self.actions_of(position):
            child = root.children.get(action.text)
            if action.text not in allowed or (child is not None and child.visits):
                continue
            if past(deadline):
                break
            after = self.game.apply(position.state, side, action)
            known = self.position(after, pending=position.others)
            value = self.value(known.state, side)
            child = root.children[action.text] = Node(visits=1, reward=value, available=1)
            child.value, child.mover = value, known.side
            child.worlds[world] = known
            self.kept += 1
            root.visits += 1
        means = {text: c.value for text, c in root.children.items() if c.visits}
        order = [a.text for a in position.actions if a.text in means]
        order.sort(key=lambda text: -means[text])
        root.ranked = {text: rank for rank, text in enumerate(order)}

    def iterate(self, root: Node, world: int, allowed: frozenset[str]) -> None:
        node, position = root, root.worlds[world]
        ranked = root.ranked or {}
        at_root = [a for a in self.actions_of(position) if a.text in allowed]
        at_root.sort(key=lambda a: ranked.get(a.text, len(ranked)))
        position = replace(position, actions=at_root or position.actions, ordered=True)
        path: list[tuple[Node, Side]] = []
        root.visits += 1
        replies = 0
        while position.side is not None and len(path) < self.budget.depth:
            if position.side != self.side and len(position.actions) > 1:
                replies += 1
                if replies > self.budget.replies:
                    break
            child, action, new = self.select(node, position)
            path.append((child, position.side))
            child.visits += 1
            known = child.worlds.get(world)
            if known is None:
                after = self.game.apply(position.state, position.side, action)
                known = self.position(after, pending=position.others)
                if self.kept < self.budget.cached:
                    child.worlds[world] = known
                    self.kept += 1
            if child.mover is None:
                child.mover = known.side
            node, position = child, known
            if new:
                break
        state = position.state
        if path and position.side == path[-1][1]:
            state = self.finish_sequence(state, path[-1][1])
        state = self.playout(state, self.budget.depth - len(path))
        values = {side: self.value(state, side) for side in self.game.sides}
        for child, side in reversed(path):
            child.reward += values[side]
            self.back_up(child, side)

    def value(self, state: State, side: Side) -> float:
        """What the search counts ``state`` worth to ``side``: its evaluation, as a chance or as
        log-odds (``Budget.odds``)."""
        return self.utility(self.game.evaluate(state, side))

    @staticmethod
    def back_up(node: Node, chooser: Side) -> None:
        """The node's value for the side that chose it: where that side also decides next, the
        best of its own next choices (it will take the best: a sequence of one side's clicks is
        worth its best continuation, not the average of the continuations tried); elsewhere
        the mean of what followed."""
        tried = [c.value for c in node.children.values() if c.visits >= MAX_AFTER]
        if node.mover == chooser and tried:
            node.value = max(tried)
        else:
            node.value = node.reward / node.visits

    def select(self, node: Node, position: Position) -> tuple[Node, Action, bool]:
        """The child to follow: the first untried action among those the widening allows,
        else the best by UCB1 over the iterations it was available in."""
        actions = self.actions_of(position)
        if len(actions) == 1:
            child = node.children.setdefault(actions[0].text, Node())
            child.available += 1
            return child, actions[0], False
        budget = self.budget
        allowed = max(1, math.ceil(budget.widen_base * (node.visits**budget.widen_power)))
        candidates = actions[:allowed]
        if position.blind:
            action = self.rng.choice(candidates)
            child = node.children.setdefault(action.text, Node())
            self.count_available(node, candidates)
            return child, action, child.visits == 0
        for action in candidates:
            tried = node.children.get(action.text)
            if tried is None or tried.visits == 0:
                child = node.children.setdefault(action.text, Node())
                self.count_available(node, candidates)
                return child, action, True
        self.count_available(node, candidates)
        children = [node.children[a.text] for a in candidates]
        means = [child.value for child in children]
        low, high = min(means), max(means)
        spread = high - low if high > low else 1.0
        c = self.budget.exploration
        scores = [
            (mean - low) / spread + c * math.sqrt(math.log(max(child.available, 1)) / child.visits)
            for child, mean in zip(children, means, strict=True)
        ]
        best = max(range(len(candidates)), key=scores.__getitem__)
        return children[best], candidates[best], False

    @staticmethod
    def count_available(node: Node, candidates: list[Action]) -> None:
        for action in candidates:
            child = node.children.get(action.text)
            if child is not None:
                child.available += 1

    def finish_sequence(self, state: State, side: Side) -> State:
        """``side``'s own actions played on, the game's first-ordered each time, until another
        side is to act or ``finish`` actions are taken."""
        game = self.game
        for _ in range(self.finish):
            active = game.active(state)
            if not active or active[0] != side:
                break
            actions = game.legal_actions(state, side)
            if len(actions) > 1:
                actions = game.order_actions(state, side, actions) or actions
            state = game.apply(state, side, actions[0])
        return state

    def playout(self, state: State, steps: int) -> State:
        game = self.game
        for _ in range(min(steps, self.playout_steps)):
            active = game.active(state)
            if not active:
                break
            side = active[0]
            actions = game.legal_actions(state, side)
            if len(actions) > 1:
                actions = game.order_actions(state, side, actions) or actions
                if self.rng.random() >= self.budget.greed:
                    actions = [self.rng.choice(actions)]
            state = game.apply(state, side, actions[0])
        return state

    def principal_variation(self, root: Node, choice: str) -> list[tuple[Side, str]]:
        """``choice``, then from its node on the most visited child (tried ``MAX_AFTER`` times
        or more) as long as there is one: the line the search expects to be played."""
        line = [(self.side, choice)]
        node = root.children.get(choice)
        while node is not None and node.mover is not None and len(line) <= self.budget.depth:
            tried = [(c.visits, text) for text, c in node.children.items() if c.visits >= MAX_AFTER]
            if not tried:
                break
            text = max(tried)[1]
            line.append((node.mover, text))
            node = node.children[text]
        return line

    def best(self, root: Node, offered: list[str]) -> str:
        """The offered action of the best value among those tried MAX_AFTER times or more (else
        the most tried); between equal values, the first in the root's order (the first
        look's, then the game's)."""
        ranked = root.ranked or {}

        def rank(text: str) -> tuple[bool, float, int, int]:
            child = root.children.get(text)
            order = -ranked.get(text, len(ranked))
            if child is None or child.visits == 0:
                return (False, -math.inf, 0, order)
            tried = child.visits >= MAX_AFTER
            return (tried, child.value if tried else 0.0, child.visits, order)

        return max(offered, key=rank)
