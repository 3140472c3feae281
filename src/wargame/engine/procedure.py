"""The sequence of play as data: a stack of procedure frames and the loop that runs it.

A game writes its sequence of play as :class:`Procedure` classes. Each method of a procedure is a
step; the frame on top of the stack names the procedure and the step it is at. Automatic steps run
one after another until a *decision step* (marked with :func:`decision`) is on top: that step
returns a :class:`Decision` listing, per side, every legal action and the effect that applies it,
so the list a player sees and the code that applies a choice can never disagree.

Since the stack lives in the state, any position can be saved, copied and replayed; nothing of the
sequence of play is kept in Python generators or the call stack.

The stack is public: every side's view shows it, so frame locals must never hold a secret (a card
chosen but not yet revealed belongs in the game's data, where the view redacts it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final, TypeVar

from wargame.engine.action import Action
from wargame.engine.dice import Die
from wargame.engine.errors import GameBug, IllegalAction
from wargame.engine.log import Event, PublicForm, Side, possessive
from wargame.engine.memo import reading
from wargame.engine.notes import Consequence, Message, Note, Preview
from wargame.engine.rng import game_rng
from wargame.engine.state import Frame, Result, State

Effect = Callable[..., None]
StepMethod = Callable[["Context", Frame], Any]
F = TypeVar("F", bound=Callable[..., Any])

RESERVED_VERBS: Final = frozenset({"resign", "undo"})
_RESERVED_STARTS: Final = tuple(RESERVED_VERBS)  # a cheap first test of an action's text
_MAX_AUTOMATIC_STEPS: Final = 1_000_000


def decision(method: F) -> F:
    """Mark a procedure step as a decision: it returns a Decision and changes nothing."""
    method.__dict__["is_decision"] = True
    return method


@dataclass(slots=True)
class Option:
    action: Action
    effect: Effect
    args: tuple[Any, ...]
    told: Note | Callable[[], Note] | None = None

    @property
    def note(self) -> Note | None:
        """What the player is told of the action, worked out on first asking if deferred."""
        if callable(self.told):
            self.told = self.told()
        return self.told


@dataclass(slots=True)
class Choices:
    """What one side may do at a decision, and the prompt shown to it.

    The prompt must name only what is offered: a game chooses its key by the options it added
    (``verbs``) or words it so that every choice it names is there. ``preview``: what the
    decision leads to whatever is chosen (a battle under way), see :mod:`notes`.
    """

    side: Side
    prompt: str
    params: dict[str, Any]
    options: dict[str, Option] = field(default_factory=dict)
    refused: dict[str, str] = field(default_factory=dict)
    preview: Preview | None = None
    shown: dict[str, Any] | None = field(default=None, repr=False, compare=False)
    """What a view shows of the notes (``ProcedureGame.notes``), kept once worked out."""
    named: dict[str, str] | None = field(default=None, repr=False, compare=False)
    """What a view shows of the labels (``ProcedureGame.labels``), kept likewise."""
    explain: Callable[[str], str] | None = field(default=None, repr=False, compare=False)
    """Why an action neither offered nor in ``refused`` is refused ('' if it is no action the
    player might expect): for a decision whose refusals are too many to list, as the hexes of
    a map a unit cannot reach. It must read the position only."""

    def refuse(self, action: Action | str, reason: str) -> None:
        """Record why ``action``, which a player might expect, is not offered now: an attempt
        to take it is refused with ``reason`` (one English line)."""
        chosen = Action(action) if isinstance(action, str) else action
        self.refused.setdefault(chosen.text, reason)

    def add(
        self,
        action: Action | str,
        effect: Effect,
        *args: Any,
        label: Message | None = None,
        consequences: tuple[Consequence, ...] = (),
        path: tuple[str, ...] = (),
        preview: Preview | None = None,
        later: Callable[[], Note] | None = None,
    ) -> None:
        """Offer ``action``; choosing it calls ``effect(context, frame, *args)``.

        ``args`` must be immutable values (str, numbers, None, tuples, frozen dataclasses): a
        decision is computed once and may be applied to a copy of the state it was made on.
        What the player is told of the action (:mod:`notes`): ``label``, the action in words;
        ``consequences``, what it will cause that the player may not foresee, each with its
        rule; ``path``, the spaces it goes through, start and end included (the very path the
        effect applies); ``preview``, what it leads to (the battle it resolves). Or ``later``,
        a function giving the whole note when a view first needs it, for a note that costs
        work that listing the legal actions should not pay (it must read the position only).
        """
        for arg in args:  # the usual kinds by one type test each: listings add thousands
            kind = type(arg)
            if kind is not str and kind not in _FROZEN and not _immutable(arg):
                raise GameBug(
                    f"{possessive(self.side)} option {action} passes a mutable {kind.__name__}"
                )
        chosen = Action(action) if isinstance(action, str) else action
        text = chosen.text
        if text.startswith(_RESERVED_STARTS) and text.partition(" ")[0] in RESERVED_VERBS:
            raise GameBug(f"the verb {chosen.verb!r} is reserved by the engine")
        if text in self.options:
            raise GameBug(f"action {text!r} offered twice to {self.side}")
        told: Note | Callable[[], Note] | None = later
        if label is not None or consequences or path or preview is not None:
            if later is not None:
                raise GameBug(f"{chosen.text!r}: a note is given now or later, not both")
            told = Note(label, tuple(consequences), tuple(path), preview)
        self.options[text] = Option(chosen, effect, args, told)

    def actions(self) -> list[Action]:
        return [option.action for option in self.options.values()]

    def verbs(self) -> set[str]:
        """The verbs of the actions offered (for choosing a prompt that names only them)."""
        return {option.action.verb for option in self.options.values()}


_IMMUTABLE = (str, int, float, bool, type(None), frozenset)
_FROZEN: set[type] = set()  # frozen dataclasses met so far (a class never thaws)


def _immutable(value: Any) -> bool:
    kind = type(value)
    if kind in _FROZEN or isinstance(value, _IMMUTABLE):
        return True
    if isinstance(value, tuple):
        return all(_immutable(item) for item in value)
    params = getattr(kind, "__dataclass_params__", None)
    if params is not None and params.frozen:
        _FROZEN.add(kind)
        return True
    return False


class Decision:
    """The choices open to each deciding side at a decision step."""

    def __init__(self) -> None:
        self.sides: dict[Side, Choices] = {}

    @classmethod
    def single(cls, side: Side, prompt: str, **params: Any) -> Choices:
        """A decision of one side; returns its Choices (use ``choices.decision`` to return)."""
        return cls().side(side, prompt, **params)

    def side(self, side: Side, prompt: str, **params: Any) -> Choices:
        choices = Choices(side, prompt, params)
        self.sides[side] = choices
        return choices

    def active(self) -> list[Side]:
        return [side for side, choices in self.sides.items() if choices.options]


class Procedure:
    """A named part of the sequence of play. Its first step is ``start``."""

    name: str = ""

    def step(self, step_name: str) -> StepMethod:
        method = getattr(self, step_name, None)
        if method is None or step_name.startswith("_"):
            raise GameBug(f"procedure {self.name!r} has no step {step_name!r}")
        return method  # type: ignore[no-any-return]

    def start(self, g: Context, f: Frame) -> Any:
        raise GameBug(f"procedure {self.name!r} defines no start step")


def is_decision(method: StepMethod) -> bool:
    return bool(getattr(method, "is_decision", False))


class Context:
    """What a procedure step works with: the state being changed, its dice, its log."""

    def __init__(self, state: State, procedures: Mapping[str, Procedure], static: Any) -> None:
        self.state = state
        self.data = state.data
        self.procedures = procedures
        self.static = static
        self.rng = game_rng(state.generator, state.seed, state.rng)
        self.irreversible = False
        self.cache: dict[str, Any] = {}

    # -- the stack -------------------------------------------------------------------------
    @property
    def frame(self) -> Frame:
        return self.state.stack[-1]

    def call(self, name: str, then: str, **locals_: Any) -> None:
        """Continue the current frame at ``then`` after procedure ``name`` has returned."""
        self.frame.step = then
        self.push(name, **locals_)

    def push(self, name: str, **locals_: Any) -> None:
        if name not in self.procedures:
            raise GameBug(f"unknown procedure {name!r}")
        self.state.stack.append(Frame(name, "start", dict(locals_)))

    def goto(self, step: str) -> None:
        self.frame.step = step

    def ret(self, **results: Any) -> None:
        """End the current procedure; ``results`` go into the caller's locals."""
        self.state.stack.pop()
        if results and self.state.stack:
            self.frame.locals.update(results)

    # -- randomness and log ----------------------------------------------------------------
    def roll(self, die: Die, side: Side, reason: str, **params: Any) -> int:
        """Roll a die for ``side`` and log it for everybody."""
        value = self.rng.roll(die)
        self.irreversible = True
        self.log("log.roll", side=side, value=value, die=str(die), reason=reason, **params)
        return value

    def draw(self, deck: list[Any], count: int, side: Side, into: list[Any]) -> list[Any]:
        """Move up to ``count`` cards from the end of ``deck`` into ``into`` (``side``'s hand).

        The log shows the cards to ``side`` and only their number to everybody else.
        """
        drawn = [deck.pop() for _ in range(min(count, len(deck)))]
        if drawn:
            into.extend(drawn)
            self.irreversible = True
            self.log_private(
                [side],
                "log.draw",
                {"side": side, "cards": drawn},
                "log.draw_hidden",
                {"side": side, "count": len(drawn)},
            )
        return drawn

    def shuffle(self, items: list[Any], deck: str) -> None:
        self.rng.shuffle(items)
        self.irreversible = True
        self.log("log.shuffle", deck=deck)

    def log(self, key: str, **params: Any) -> None:
        self.state.log.append(Event(key, params))

    def log_private(
        self,
        to: Iterable[Side],
        key: str,
        params: Mapping[str, Any],
        public_key: str | None = None,
        public_params: Mapping[str, Any] | None = None,
    ) -> None:
        """Log an event only ``to`` sees in full; the others see the public form, if any."""
        public = None if public_key is None else PublicForm(public_key, dict(public_params or {}))
        self.state.log.append(Event(key, dict(params), to=list(to), public=public))

    def reveal(self) -> None:
        """Mark that hidden information was shown: the action cannot be taken back."""
        self.irreversible = True

    def end_game(self, result: Result) -> None:
        self.state.result = result
        self.state.stack.clear()
        self.log("log.game_over", summary=f"result.{result.kind}", **result.params)

    def finish(self) -> None:
        self.state.rng = self.rng.state
        if self.rng.used:
            self.irreversible = True


def current_decision(g: Context) -> Decision | None:
    """The decision on top of the stack, or None when the game is over."""
    stack = g.state.stack
    if g.state.result is not None or not stack:
        return None
    frame = stack[-1]
    method = g.procedures[frame.name].step(frame.step)
    if not is_decision(method):
        raise GameBug(f"step {frame.name}.{frame.step} is automatic but the game is waiting")
    with reading(g.state.data):
        found = method(g, frame)
    if isinstance(found, Choices):
        owner = Decision()
        owner.sides[found.side] = found
        return owner
    if not isinstance(found, Decision):
        raise GameBug(f"decision step {frame.name}.{frame.step} returned {type(found).__name__}")
    return found


def run_automatic(g: Context) -> None:
    """Run automatic steps until a decision is on top or the game is over."""
    stack = g.state.stack
    for _ in range(_MAX_AUTOMATIC_STEPS):
        if g.state.result is not None:
            return
        if not stack:
            raise GameBug("the sequence of play ended without a result")
        frame = stack[-1]
        method = g.procedures[frame.name].step(frame.step)
        if is_decision(method):
            return
        before = (len(stack), frame.step)
        method(g, frame)
        if stack and stack[-1] is frame and (len(stack), frame.step) == before:
            raise GameBug(f"automatic step {frame.name}.{frame.step} did not advance")
    raise GameBug("automatic steps ran without end")


def _offered(choices: Choices, action: Action, shown: int = 6) -> str:
    """What the side may do instead: the legal actions with the same verb, or all of them."""
    same = [text for text, option in choices.options.items() if option.action.verb == action.verb]
    listed = same or list(choices.options)
    more = f" and {len(listed) - shown} more" if len(listed) > shown else ""
    kind = f"legal {action.verb!r} actions" if same else "legal actions"
    return f"{kind}: {', '.join(listed[:shown])}{more}"


def choose(g: Context, side: Side, action: Action, found: Decision | None = None) -> list[Side]:
    """Apply ``side``'s ``action`` at the current decision (``found``, if already computed for
    an identical state), then run to the next decision. Returns the sides that were deciding."""
    if found is None:
        found = current_decision(g)
    if found is None:
        raise IllegalAction("the game is over")
    option = chosen_option(found, side, action)
    deciding = found.active()
    option.effect(g, g.frame, *option.args)
    run_automatic(g)
    return deciding


def chosen_option(found: Decision | None, side: Side, action: Action) -> Option:
    """The option ``action`` names for ``side`` at the decision ``found``; IllegalAction if it is
    none of them (or the game is over)."""
    if found is None:
        raise IllegalAction("the game is over")
    choices = found.sides.get(side)
    if choices is None or not choices.options:
        waiting = ", ".join(found.active()) or "nobody"
        raise IllegalAction(f"it is not {possessive(side)} decision now (waiting for {waiting})")
    option = choices.options.get(action.text)
    if option is None and action.text in choices.refused:
        raise IllegalAction(f"{action.text!r} is refused: {choices.refused[action.text]}")
    reason = choices.explain(action.text) if option is None and choices.explain else ""
    if reason:
        raise IllegalAction(f"{action.text!r} is refused: {reason}")
    if option is None:
        raise IllegalAction(
            f"{action.text!r} is not a legal action for {side} now; {_offered(choices, action)}"
        )
    return option
