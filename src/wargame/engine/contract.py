"""The game contract (DESIGN 2.1) and a base class that implements it over procedures.

Every game module provides one :class:`Game`. The server, the command line, the bots, the fuzzer
and the adapters talk to games only through this contract.
"""

from __future__ import annotations

import functools
import threading
import weakref
from abc import ABC, abstractmethod
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import msgspec

from wargame.engine.action import Action
from wargame.engine.data import load_file
from wargame.engine.errors import GameBug, IllegalAction, UnknownGame
from wargame.engine.i18n import ENGINE_CATALOG, Catalog
from wargame.engine.log import Event, Side, possessive, redact
from wargame.engine.overlay import OPTION as OVERLAY_OPTION
from wargame.engine.overlay import PrintedTables
from wargame.engine.procedure import (
    Choices,
    Context,
    Decision,
    Procedure,
    choose,
    chosen_option,
    current_decision,
    run_automatic,
)
from wargame.engine.rng import (
    DEFAULT_GENERATOR,
    GENERATORS,
    KEYED_GENERATOR,
    LEGACY_GENERATOR,
    RandomSource,
    initial_state,
    seed_problem,
)
from wargame.engine.rules import RuleRegistry
from wargame.engine.state import (
    FLAT,
    Copier,
    Frame,
    Result,
    State,
    clone,
    copier_problems,
)

ARG_NAMES: Final = tuple(f"arg{n}" for n in range(1, 100))  # an action's arguments in a label
_DECISIONS = threading.local()  # per thread and game: the decisions of recent states
DECISIONS_KEPT = 32
"""Recent states whose decisions each thread remembers, per game: a server interleaves requests
of many games, so that between planning an action and showing the new state other states pass."""


@dataclass(frozen=True)
class Scenario:
    """A scenario a game can be set up with."""

    id: str
    title: str
    title_ja: str = ""
    description: str = ""


@dataclass(frozen=True)
class OptionSpec:
    """A set-up option: its name, default and allowed values."""

    name: str
    default: Any
    choices: tuple[Any, ...] = ()
    description: str = ""


@dataclass
class Secrets:
    """What a position keeps from each viewer (DESIGN 2.1), in the forms a leak is recognised by.

    No view, new log line or legal action of a viewer may show what it may not see. A view shows
    a string if it holds it as a string or a key; a number is compared by its decimal form, so
    declare a strength of 3 as ``"3"``. Legal actions show the words of their texts, each word
    beside the other words of its action.

    * ``owned``: per side, strings only that side may see: its hand's cards, a hidden mission.
    * ``hidden``: strings nobody may see, spectators included: the random generator's key, the
      cards of a deck nobody has looked at.
    * ``facts``: per side, ``(thing, value)`` pairs only that side may see: a hidden block's
      strength ``("u17", "3")``. A view shows one where a dict names the thing (as a key or a
      value) and holds the value beside it, or maps the thing to the value or to a dict holding
      it: ``{"id": "u17", "strength": 3}``, ``{"u17": 3}``, ``{"u17": {"strength": 3}}``.
    * ``withheld``: per viewer (None: spectators), ``(thing, value)`` pairs that viewer may not
      see, recognised as ``facts`` are: what a block game keeps from each side of the blocks it
      does not see (see :mod:`fog`), where more than one side may see a unit.
    * ``unnamed``: per viewer (None: spectators), strings that viewer may not see anywhere: the
      ids of the blocks it does not see, which name what a block is (``us-cv-a``) even alone.
    * ``orders``: named sequences whose order nobody may see: a deck, top last. A view shows
      one where a list holds two of its items next to each other, in its order or reversed:
      the whole deck, its next two cards, any run of it. A sorted list (alphabetical or natural
      order) shows no order but its own and is passed over, unless it is a part of the
      sequence (a deck's next cards, sorted by chance). The arguments of a side's legal
      actions, in the order listed, count as one list.
    """

    owned: dict[Side, set[str]] = field(default_factory=dict)
    hidden: set[str] = field(default_factory=set)
    facts: dict[Side, set[tuple[str, str]]] = field(default_factory=dict)
    withheld: dict[Side | None, set[tuple[str, str]]] = field(default_factory=dict)
    unnamed: dict[Side | None, set[str]] = field(default_factory=dict)
    orders: dict[str, list[str]] = field(default_factory=dict)

    def add(self, other: Secrets) -> Secrets:
        """These secrets and ``other``'s together (a hand and hidden blocks), in place."""
        for side, tokens in other.owned.items():
            self.owned.setdefault(side, set()).update(tokens)
        self.hidden |= other.hidden
        for side, facts in other.facts.items():
            self.facts.setdefault(side, set()).update(facts)
        for viewer, withheld in other.withheld.items():
            self.withheld.setdefault(viewer, set()).update(withheld)
        for viewer, names in other.unnamed.items():
            self.unnamed.setdefault(viewer, set()).update(names)
        self.orders.update(other.orders)
        return self


RECOGNISABLE: Final = 10**7
"""A secret number below this is not declared: any count or hex id of a view could equal it, and
only a person picks a seed that small (a game's own seed has 128 random bits)."""


def generator_secrets(state: State) -> set[str]:
    """The written forms (decimal and hex) of what tells the dice to come: the seed, the keyed
    generator's key; for the legacy generator also its state (the keyed one's state only counts
    the draws made)."""
    numbers = [state.seed]
    if state.generator == LEGACY_GENERATOR:
        numbers.append(state.rng)
    return {form for n in numbers if n >= RECOGNISABLE for form in _number_forms(n)}


def _number_forms(number: int) -> set[str]:
    return {str(number), f"{number:x}", f"{number:X}", f"{number:#x}", f"{number:064x}"}


class Game(ABC):
    """The contract every game implements."""

    id: str = ""
    title: str = ""
    title_ja: str = ""
    rules_version: str = "0"
    sides: tuple[Side, ...] = ()
    listed: bool = True
    in_lobby: bool = True
    """Whether the lobby offers the game: False while the browser client cannot draw it yet
    (the command line and the API still play it)."""
    scenarios_not_yet: Mapping[str, str] = {}
    """Scenarios set up in the game's data but not playable yet, each with what it still
    needs: asking for one is refused with that reason."""
    catalog: Catalog = ENGINE_CATALOG
    rules: RuleRegistry | None = None
    tables: PrintedTables | None = None
    """The printed tables a player may replace with a rules overlay (the option
    ``rules_overlay``); None: the game has none."""
    own_run: int = 0
    """For a search bot: how many of its own actions in a row a side may take to carry out one
    plan (a card, its units, their moves, its battles). A search plays an iteration on through
    up to this many of them, in the game's order (``order_actions``), so that it scores the
    position where another side is to act, never a half-made plan beside whole ones. 0: where
    the iteration stops (a game whose actions are few or whose ordering is costly)."""

    @abstractmethod
    def scenarios(self) -> list[Scenario]: ...

    def options(self) -> list[OptionSpec]:
        return []

    @abstractmethod
    def setup(
        self,
        scenario: str,
        seed: int,
        options: Mapping[str, Any] | None = None,
        *,
        generator: str = DEFAULT_GENERATOR,
    ) -> State:
        """The opening position of ``scenario``, its dice and draws from ``generator`` keyed by
        ``seed`` (``rng``)."""

    @abstractmethod
    def active(self, state: State) -> list[Side]:
        """Who must decide now; empty when the game is over."""

    @abstractmethod
    def legal_actions(self, state: State, side: Side) -> list[Action]:
        """Every legal action of ``side`` now (empty if ``side`` need not decide)."""

    @abstractmethod
    def apply(self, state: State, side: Side, action: Action) -> State:
        """The state after ``side`` plays ``action``; raise IllegalAction, leaving state as is."""

    @abstractmethod
    def view(self, state: State, viewer: Side | None, log: bool = True) -> dict[str, Any]:
        """What ``viewer`` (a side, or None for a spectator) may see, as JSON data; without
        ``log``, all but the log (a caller that keeps logs takes ``logged`` instead).

        Beside ``actions`` (the viewer's legal actions, as texts) and ``prompt`` (a message),
        a view holds what the game tells the player (:mod:`notes`): ``notes``, from the text of
        each action that has one to its note (its label in words, its consequences each with a
        rule number, its path, its preview); ``labels``, for each verb offered, the message key
        of the words of an action without a label of its own (see ``label_of``); and
        ``preview``, the preview of the viewer's current decision or None."""

    def logged(self, state: State, viewer: Side | None) -> list[Event]:
        """The log as ``viewer`` may see it: the events of ``view``'s log, as events."""
        return redact(state.log, viewer)

    def result(self, state: State) -> Result | None:
        return state.result

    def prompt_verbs(self) -> Mapping[str, frozenset[str]]:
        """For each prompt key, the verbs of the actions its words name ("Play a card, or pass":
        ``card`` and ``pass``): every one must be offered wherever the prompt is shown (see
        :func:`prompt_problems`); ``a|b`` names one of two verbs ("choose where they go").
        Empty: the game declares none."""
        return {}

    def check(self, state: State) -> list[str]:
        """Invariant violations of ``state`` (empty when sound)."""
        return []

    def turn(self, state: State) -> int | None:
        """The game turn now; None (the default) if the game has no turns. Asked after every
        action of a simulation: keep it cheap."""
        return None

    def score_track(self, state: State) -> dict[Side, float]:
        """Each scoring side's score now, as the game keeps it (victory points, say): what a
        balance simulation plots turn by turn, asked once a turn. Empty (the default): the game
        keeps no running score."""
        return {}

    def determinize(self, view: Mapping[str, Any], side: Side, rng: RandomSource) -> State:
        """A full state consistent with what ``side`` knows (``view``), hidden parts sampled."""
        raise NotImplementedError(f"{self.id} has no determinize yet")

    # -- a game's knowledge for bots (DESIGN 2.5): the search itself is in wargame.bots ------
    def evaluate(self, state: State, side: Side) -> float:
        """How good ``state`` is for ``side``: its chance of winning as the game judges it, from
        0 (lost) to 1 (won). Bots ask it of determinized states (``determinize``), never of the
        true one, at the end of a search's look-ahead. The default knows only finished games
        (``outcome``) and calls every other position even."""
        return outcome(state.result, side)

    def order_actions(self, state: State, side: Side, actions: list[Action]) -> list[Action]:
        """``side``'s ``actions`` at ``state`` (a determinized state), the most promising
        first, for a search that cannot try them all: it widens in this order and its
        play-outs prefer the first. A game may leave out actions never worth a search's time
        (a "cancel" that leads back to the decision before), but never all of them. The
        default keeps the listed order."""
        return actions

    def explain(self, state: State, side: Side, line: Sequence[tuple[Side, str]]) -> Event | None:
        """Why a bot of ``side`` took the first action of ``line`` at ``state``, as a log line,
        or None to say nothing. ``line`` is the bot's principal variation (the action, then
        the continuation its search expects, with who takes each); ``state`` is the world the
        bot imagined (``determinize``d from its view), so the answer may name only what the
        action reveals once played and what everybody sees: never the rest of the bot's hand
        nor its plans beyond this action (the server shows the line to everybody)."""
        return None

    def secrets(self, state: State) -> Secrets:
        """Everything secret in ``state``: the random generator's (``generator_secrets``) and
        the game's own (``game_secrets``). The fuzzer checks every view, new log line and
        legal action against it."""
        found = self.game_secrets(state)
        found.hidden |= generator_secrets(state)
        return found

    def game_secrets(self, state: State) -> Secrets:
        """The game's own secrets (hands, deck order, hidden blocks, missions...); games with
        hidden information override this."""
        return Secrets()

    def resign(self, state: State, side: Side) -> State:
        if state.result is not None:
            raise IllegalAction("the game is over")
        if side not in self.sides:
            raise IllegalAction(f"unknown side {side!r}; sides are {', '.join(self.sides)}")
        new = clone(state)
        others = [other for other in self.sides if other != side]
        winner = others[0] if len(others) == 1 else None
        new.result = Result(winner=winner, kind="resigned", params={"loser": side})
        new.stack.clear()
        new.moves += 1
        new.checkpoint = new.moves
        new.actor = side
        return new

    def describe(self, state: State, viewer: Side | None, lang: str) -> str:
        """A text picture of the position for the command line (games override this)."""
        return ""

    def cards(self) -> list[dict[str, Any]]:
        """The game's cards for ``wargame cards``: one dict per card with at least ``id``,
        ``title``, ``provenance`` and ``event`` (how its event is played, or "missing"); games
        without cards return an empty list."""
        return []

    def scenario_sides(self, scenario_id: str) -> tuple[Side, ...]:
        """The sides that play in a scenario (all, unless a game says otherwise): a side left
        out never acts in it, so its seat is idle: the server gives it to a bot that is never
        asked, and the lobby offers no choice for it."""
        return tuple(self.sides)

    def client_data(self) -> dict[str, Any]:
        """What a graphical client needs to draw the game and that never changes during play,
        as JSON data: the board (its grid facts and each space's terrain, names and features),
        the pieces' printed values and names, the cards' titles, in every language. States
        refer to these by id. The play server sends it once per game; the default (empty) means
        the game has no drawing data yet."""
        return {}

    def backdrop(self) -> list[dict[str, Any]]:
        """Real geography to draw under the board, in the frame of ``client_data()``'s board: a
        list of polylines, each ``{"kind": "coast" | "lake" | "border", "points": [[x, y],
        ...]}`` (a border is one of the game's era). Kept apart from ``client_data`` because it
        is large and only decoration: a client asks for it separately, once. The default
        (empty) means the game has none."""
        return []

    # -- helpers shared by implementations -----------------------------------------------
    def check_side(self, side: Side | None) -> None:
        if side is not None and side not in self.sides:
            raise IllegalAction(f"unknown side {side!r}; sides are {', '.join(self.sides)}")

    def scenario(self, scenario_id: str) -> Scenario:
        if scenario_id in self.scenarios_not_yet:
            raise UnknownGame(
                f"{self.id} scenario {scenario_id} is not playable yet: "
                f"{self.scenarios_not_yet[scenario_id]} (playable: "
                f"{', '.join(s.id for s in self.scenarios())})"
            )
        for scenario in self.scenarios():
            if scenario.id == scenario_id:
                return scenario
        known = ", ".join(s.id for s in self.scenarios())
        raise UnknownGame(f"{self.id} has no scenario {scenario_id!r}; scenarios: {known}")

    def resolve_options(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        """The options a game is set up with: each declared option, given or its default, and
        the rules overlay if one is given that changes a table (checked and normalized)."""
        specs = {spec.name: spec for spec in self.options()}
        resolved = {name: spec.default for name, spec in specs.items()}
        for name, value in (given or {}).items():
            if name == OVERLAY_OPTION:
                overlay = self.overlay(value)
                if overlay is not None:
                    resolved[name] = overlay
                continue
            spec = specs.get(name)
            if spec is None:
                raise UnknownGame(f"{self.id} has no option {name!r}")
            if spec.choices and value not in spec.choices:
                allowed = ", ".join(map(str, spec.choices))
                raise UnknownGame(f"option {name} cannot be {value!r}; choose one of {allowed}")
            resolved[name] = value
        return resolved

    def overlay(self, given: Any) -> dict[str, Any] | None:
        """The option value of the rules overlay ``given`` (None: no overlay, or one that
        changes nothing)."""
        if given is None:
            return None
        if self.tables is None:
            raise UnknownGame(f"{self.id} has no printed tables to replace")
        return self.tables.normalize(given, "rules overlay")


class ProcedureGame(Game):
    """A game whose sequence of play is a set of procedures (see :mod:`procedure`).

    Subclasses list their ``procedures``, provide ``static`` data, and implement ``begin`` (the
    game's data and first frame) and ``view_data`` (the game-specific part of a view).
    """

    procedures: Sequence[Procedure] = ()
    flat_data_keys: frozenset[str] = frozenset()
    """Top-level keys of the game's data holding a dict or list of immutable values only
    (copied shallowly; checked by ``check``)."""
    data_copiers: Mapping[str, Copier] = {}
    """Top-level keys of the game's data of a known shape, copied by the copier of that shape
    (``state.FLAT_ITEMS``, ``fog.UNITS``; the shape checked by ``check``)."""
    prompts_file: Path | None = None
    """A YAML mapping of each prompt key to the list of verbs its words name (``prompt_verbs``)."""

    @functools.cached_property
    def copiers(self) -> dict[str, Copier]:
        """How ``apply`` copies each top-level key of the data that has a known shape: the flat
        keys with ``FLAT``, the others with their ``data_copiers`` (checked by ``check``)."""
        return {**dict.fromkeys(self.flat_data_keys, FLAT), **self.data_copiers}

    def __init__(self) -> None:
        self.procedure_map: dict[str, Procedure] = {p.name: p for p in self.procedures}
        if len(self.procedure_map) != len(self.procedures):
            raise GameBug(f"{self.id}: two procedures share a name")
        self._verbs: dict[str, frozenset[str]] | None = None
        self._label_keys: dict[tuple[str, str], str | None] = {}

    def prompt_verbs(self) -> Mapping[str, frozenset[str]]:
        if self._verbs is None:
            raw = load_file(self.prompts_file, dict[str, list[str]]) if self.prompts_file else {}
            self._verbs = {key: frozenset(verbs) for key, verbs in raw.items()}
        return self._verbs

    @property
    def static(self) -> Any:
        """The game's static data (map, pieces, cards), loaded once."""
        return None

    @abstractmethod
    def begin(self, g: Context, scenario: str, options: Mapping[str, Any]) -> None:
        """Fill ``g.data`` for the scenario and push the first procedure."""

    @abstractmethod
    def view_data(self, state: State, viewer: Side | None) -> dict[str, Any]:
        """The game-specific part of a view, redacted for ``viewer``."""

    # -- the contract --------------------------------------------------------------------
    def setup(
        self,
        scenario: str,
        seed: int,
        options: Mapping[str, Any] | None = None,
        *,
        generator: str = DEFAULT_GENERATOR,
    ) -> State:
        self.scenario(scenario)
        resolved = self.resolve_options(options)
        if generator not in GENERATORS:
            raise UnknownGame(f"unknown random generator {generator!r}")
        problem = seed_problem(seed)
        if problem is not None:
            raise UnknownGame(problem)
        state = State(
            game=self.id,
            rules_version=self.rules_version,
            scenario=scenario,
            seed=seed,
            options=resolved,
            rng=initial_state(generator, seed),
            data={},
            stack=[],
            generator=generator,
        )
        g = self.context(state)
        self.begin(g, scenario, resolved)
        run_automatic(g)
        g.finish()
        return state

    def context(self, state: State) -> Context:
        return Context(state, self.procedure_map, self.static)

    def decision(self, state: State) -> Decision | None:
        """The decision now. It is remembered (per thread, for the last ``DECISIONS_KEPT`` state
        objects): a state is never changed once returned, and callers ask ``active``,
        ``legal_actions`` and ``view`` of one state in turn, so this saves most of the work of
        listing actions."""
        memo = self._decisions()
        kept = memo.get(id(state))
        if kept is not None and kept[0]() is state:
            memo.move_to_end(id(state))
            return kept[1]
        g = self.context(state)
        found = current_decision(g)
        if g.rng.used:
            raise GameBug("a decision step used the random generator")
        memo[id(state)] = (weakref.ref(state), found)
        memo.move_to_end(id(state))  # the key may be a dead state's, kept where it was
        if len(memo) > DECISIONS_KEPT:
            memo.popitem(last=False)
        return found

    def _decisions(self) -> OrderedDict[int, tuple[weakref.ref[State], Decision | None]]:
        memo: OrderedDict[int, tuple[weakref.ref[State], Decision | None]] | None
        memo = getattr(_DECISIONS, self.id, None)
        if memo is None:
            memo = OrderedDict()
            setattr(_DECISIONS, self.id, memo)
        return memo

    def active(self, state: State) -> list[Side]:
        found = self.decision(state)
        return [] if found is None else found.active()

    def legal_actions(self, state: State, side: Side) -> list[Action]:
        found = self.decision(state)
        if found is None or side not in found.sides:
            return []
        return found.sides[side].actions()

    def apply(self, state: State, side: Side, action: Action) -> State:
        self.check_side(side)
        found = self.decision(state)
        chosen_option(found, side, action)  # a refusal copies nothing
        new = clone(state, self.copiers)
        g = self.context(new)
        before = choose(g, side, action, found)
        g.finish()
        new.moves += 1
        new.actor = side
        if g.irreversible or self.active(new) != before:
            new.checkpoint = new.moves
        return new

    def view(self, state: State, viewer: Side | None, log: bool = True) -> dict[str, Any]:
        self.check_side(viewer)
        found = self.decision(state)
        choices = None if found is None or viewer is None else found.sides.get(viewer)
        return {
            "game": self.id,
            "title": self.title,
            "scenario": state.scenario,
            "viewer": viewer,
            "moves": state.moves,
            "active": [] if found is None else found.active(),
            "prompt": None
            if choices is None
            else {"key": choices.prompt, "params": choices.params},
            "actions": [] if choices is None else list(choices.options),
            "notes": {} if choices is None else self.notes(choices),
            "labels": {} if choices is None else self.labels(choices),
            "preview": None
            if choices is None or choices.preview is None
            else choices.preview.to_json(),
            "can_undo": can_undo(state, viewer),
            "result": None if state.result is None else _builtins(state.result),
            "options": dict(state.options),
            "stack": [_builtins(frame) for frame in state.stack],
            "board": self.view_data(state, viewer),
        } | ({"log": [_builtins(event) for event in self.logged(state, viewer)]} if log else {})

    def notes(self, choices: Choices) -> dict[str, dict[str, Any]]:
        """The note of each offered action that has one (:mod:`notes`), as JSON, worked out once
        per decision (views share it: do not change it)."""
        if choices.shown is None:
            found = {}
            for text, option in choices.options.items():
                note = option.note
                if note is not None:
                    found[text] = note.to_json()
            choices.shown = found  # the decision is kept for its state: so are its notes
        return choices.shown

    def labels(self, choices: Choices) -> dict[str, str]:
        """For each verb offered, the catalogue's label key where it has one: the words of an
        action the game gave no label (``label_of``): ``label.<prompt>.<verb>`` (the prompt key
        less ``prompt.``; see ``label_key``), else ``label.<verb>``, with the action's arguments
        as ``arg1``, ``arg2``..."""
        if choices.named is None:
            context = choices.prompt.removeprefix("prompt.")
            found = {}
            for verb in dict.fromkeys(o.action.verb for o in choices.options.values()):
                key = self.label_key(context, verb)
                if key is not None:
                    found[verb] = key
            choices.named = found
        return choices.named

    def label_key(self, context: str, verb: str) -> str | None:
        """The catalogue's label key for ``verb`` at a prompt (see ``notes``), or None. A
        prompt named like another plus ``_<word>`` (``prompt.move_group_go``, a variant of
        ``prompt.move_group``) falls back to the other's labels."""
        cache_key = (context, verb)
        if cache_key not in self._label_keys:
            english = self.catalog.messages["en"]
            parts = context.split("_")
            contexts = ["_".join(parts[:n]) for n in range(len(parts), 0, -1)]
            keys = [*(f"label.{each}.{verb}" for each in contexts), f"label.{verb}"]
            self._label_keys[cache_key] = next((key for key in keys if key in english), None)
        return self._label_keys[cache_key]

    def state_from_view(
        self, view: Mapping[str, Any], side: Side, data: dict[str, Any], rng: RandomSource
    ) -> State:
        """A state with ``data`` (sampled by the game) and everything else as ``view`` shows it.

        For ``determinize``: the stack is public (frame locals never hold secrets), the log is left
        empty, and the random generator a fresh key drawn from ``rng``, since the future is
        unknown.
        """
        undoable = bool(view["can_undo"])
        moves = int(view["moves"])
        result = view["result"]
        return State(
            game=self.id,
            rules_version=self.rules_version,
            scenario=str(view["scenario"]),
            seed=rng.next64() << 64 | rng.next64(),
            options=dict(view["options"]),
            rng=0,
            data=data,
            stack=[msgspec.convert(frame, Frame) for frame in view["stack"]],
            moves=moves,
            checkpoint=moves - 1 if undoable else moves,
            actor=side if undoable else None,
            result=None if result is None else msgspec.convert(result, Result),
            generator=KEYED_GENERATOR,
        )

    def check(self, state: State) -> list[str]:
        problems = [p for f in state.stack for p in self._frame_problems(f)]
        problems += copier_problems(state, self.copiers)
        if state.result is None and not state.stack:
            problems.append("no result and nothing left to play")
        return problems + self.check_data(state)

    def check_data(self, state: State) -> list[str]:
        return []

    def _frame_problems(self, frame: Frame) -> list[str]:
        procedure = self.procedure_map.get(frame.name)
        if procedure is None:
            return [f"unknown procedure {frame.name!r} on the stack"]
        if not callable(getattr(procedure, frame.step, None)):
            return [f"procedure {frame.name!r} has no step {frame.step!r}"]
        return []


def label_of(view: Mapping[str, Any], text: str) -> dict[str, Any] | None:
    """The label of the view's action ``text`` as a message: its note's, else its verb's words
    from ``view["labels"]`` with the action's arguments as ``arg1``, ``arg2``... (None if
    neither)."""
    note = view.get("notes", {}).get(text)
    if note is not None and "label" in note:
        found: dict[str, Any] = note["label"]
        return found
    verb, *args = text.split(" ")
    key = view.get("labels", {}).get(verb)
    if key is None:
        return None
    return {"key": key, "params": dict(zip(ARG_NAMES, args, strict=False))}


def prompt_problems(game: ProcedureGame, state: State) -> list[str]:
    """Where the prompts of the decision now do not tell the truth: a prompt key the game's
    ``prompt_verbs`` does not declare, or one whose words name a verb that is not offered."""
    found = game.decision(state)
    declared = game.prompt_verbs()
    problems = []
    for side, choices in ({} if found is None else found.sides).items():
        if not choices.options:
            continue
        named = declared.get(choices.prompt)
        if named is None:
            problems.append(f"{possessive(side)} prompt {choices.prompt} declares no verbs")
            continue
        offered = choices.verbs()
        missing = sorted(verbs for verbs in named if offered.isdisjoint(verbs.split("|")))
        if missing:
            problems.append(
                f"{possessive(side)} prompt {choices.prompt} names {', '.join(missing)}, "
                f"not offered (offered: {', '.join(sorted(offered))})"
            )
    return problems


def outcome(result: Result | None, side: Side) -> float:
    """What a result is worth to ``side``: 1 won (alone or as one of the winner's allies), 0 lost,
    0.5 a draw or a game not over."""
    if result is None or result.winner is None:
        return 0.5
    return 1.0 if side == result.winner or side in result.allies else 0.0


def can_undo(state: State, side: Side | None) -> bool:
    """Whether ``side`` may take back the last action (its own, since the last checkpoint)."""
    return side is not None and state.actor == side and state.moves > state.checkpoint


def _builtins(value: Any) -> Any:
    return msgspec.to_builtins(value)
