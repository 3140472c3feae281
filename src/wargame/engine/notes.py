"""What a game tells the player beside its bare actions (DESIGN 2.1): a label in words for an
action, what the action will cause that the player may not foresee (each with its rule number),
the path it takes on the board, and a preview of what a decision or an action leads to (who
fights, with what, every modifier, and the exact chance of each result).

A game attaches them where it offers an action (``Choices.add(..., label=, consequences=,
path=, preview=)``, or ``later=``: a function giving the note when a view first asks) or to a
whole decision (``choices.preview``). The view carries them as JSON (``view["notes"]``, from
action text to note; ``view["labels"]``, the catalogue's words for each verb, which label an
action the game gave no label: ``contract.label_of``; ``view["preview"]``) and the play server
renders every message in them in the asked language (``render_messages``; README "What a game
tells the player"). The shapes, as JSON:

* a message: ``{"key": "label.activate", "params": {"unit": "us-1mar-div"}}`` (a game gives
  parameters as JSON values: lists, not tuples);
* a consequence: a message with ``"rule": "7.21"``;
* a note: ``{"label": message, "consequences": [consequence, ...], "path": [hex, ...],
  "preview": preview}``, each field only when the game gave it;
* a preview: ``{"title": message, "sides": [forces, ...], "rolls": [roll, ...],
  "notes": [message, ...]}``, where forces are ``{"side", "units": [{"id", "values": {name:
  number}, "notes": [message]}], "totals": {name: number}}`` and a roll is ``{"label": message,
  "side", "die", "total", "modifiers": [{"key", "params", "rule", "value"}], "modifier",
  "rows": [{"roll", "modified", "result", "label"}], "outcomes": [{"result", "label",
  "probability": "3/10", "percent": 30.0}]}``: ``modifiers`` each with its value (also among
  its params, for its words) and rule, ``modifier`` their sum; ``rows`` the table of the roll:
  every face of the die (a list of faces for several dice), what it becomes once modified (null
  where no one number does) and its result (a number, a string or a list); ``outcomes`` each
  distinct result with its exact probability (a fraction; they sum to 1).

Everything here is immutable: a decision is computed once and kept (see ``ProcedureGame``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product
from typing import Any

from wargame.engine.dice import Die
from wargame.engine.tables import distribution


def _json(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_json(item) for item in value]
    if isinstance(value, Mapping):
        return {key: _json(item) for key, item in value.items()}
    return value


@dataclass(frozen=True, slots=True)
class Message:
    """A message key and its parameters, rendered per language like a log event."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params)}


def message(key: str, **params: Any) -> Message:
    return Message(key, params)


@dataclass(frozen=True, slots=True)
class Consequence:
    """What an action will cause that the player may not foresee, and the rule that says so."""

    rule: str
    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params), "rule": self.rule}


def consequence(rule: str, key: str, **params: Any) -> Consequence:
    return Consequence(rule, key, params)


@dataclass(frozen=True, slots=True)
class Modifier:
    """One die-roll modifier: its value, what it is (a message) and the rule that gives it."""

    rule: str
    key: str
    value: int
    params: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        params = {**_json(self.params), "value": self.value}  # its words show the value
        return {"key": self.key, "params": params, "rule": self.rule, "value": self.value}


@dataclass(frozen=True, slots=True)
class UnitValues:
    """A participant of a preview: its id (a piece's id, as the game's static data names it),
    the values it takes part with, and remarks (``half strength``...)."""

    id: str
    values: Mapping[str, int]
    notes: tuple[Message, ...] = ()

    def to_json(self) -> dict[str, Any]:
        found: dict[str, Any] = {"id": self.id, "values": dict(self.values)}
        if self.notes:
            found["notes"] = [note.to_json() for note in self.notes]
        return found


@dataclass(frozen=True, slots=True)
class Forces:
    """One side of a preview: its participants and their totals."""

    side: str
    units: tuple[UnitValues, ...]
    totals: Mapping[str, int]

    def to_json(self) -> dict[str, Any]:
        return {
            "side": self.side,
            "units": [unit.to_json() for unit in self.units],
            "totals": dict(self.totals),
        }


@dataclass(frozen=True, slots=True)
class Resolved:
    """What one face of a die (or one set of faces of several dice) gives: the result (a
    number, a string, or a tuple of them; equal results are one outcome), its words, and the
    roll once modified and clamped (None where there is no one modified roll)."""

    result: Hashable
    label: Message
    modified: int | None = None


@dataclass(frozen=True, slots=True)
class RollPreview:
    """A die roll to come: who rolls what with which strength and modifiers, the table of every
    face, and each result's exact probability. Build it with :func:`roll_preview`, from the very
    function that resolves the roll in play."""

    label: Message
    side: str
    die: str
    total: int | None
    modifiers: tuple[Modifier, ...]
    rows: tuple[tuple[tuple[int, ...], Resolved], ...]
    outcomes: tuple[tuple[Hashable, Message, Fraction], ...]

    @property
    def modifier(self) -> int:
        return sum(item.value for item in self.modifiers)

    def chances(self) -> dict[Hashable, Fraction]:
        return {result: chance for result, _, chance in self.outcomes}

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label.to_json(),
            "side": self.side,
            "die": self.die,
            "total": self.total,
            "modifiers": [item.to_json() for item in self.modifiers],
            "modifier": self.modifier,
            "rows": [
                {
                    "roll": faces[0] if len(faces) == 1 else list(faces),
                    "modified": found.modified,
                    "result": _json(found.result),
                    "label": found.label.to_json(),
                }
                for faces, found in self.rows
            ],
            "outcomes": [
                {
                    "result": _json(result),
                    "label": label.to_json(),
                    "probability": f"{chance.numerator}/{chance.denominator}",
                    "percent": round(float(chance) * 100, 2),
                }
                for result, label, chance in self.outcomes
            ],
        }


def roll_preview(
    label: Message,
    side: str,
    dice: Die | tuple[Die, ...],
    resolve: Callable[..., Resolved],
    *,
    total: int | None = None,
    modifiers: Iterable[Modifier] = (),
) -> RollPreview:
    """The preview of a roll of ``dice``, ``resolve(face, ...)`` giving what the natural faces
    lead to: every combination of faces is a row of its table, and equal results one outcome,
    in the order of the rows."""
    rolled = dice if isinstance(dice, tuple) else (dice,)
    rows = tuple((faces, resolve(*faces)) for faces in product(*(die.faces() for die in rolled)))
    by_faces = dict(rows)
    chances = distribution(lambda *faces: by_faces[faces].result, *rolled)
    words: dict[Hashable, Message] = {}
    for _, found in rows:
        words.setdefault(found.result, found.label)
    outcomes = tuple((result, label, chances[result]) for result, label in words.items())
    name = " ".join(str(die) for die in rolled)
    return RollPreview(label, side, name, total, tuple(modifiers), rows, outcomes)


@dataclass(frozen=True, slots=True)
class Preview:
    """What a decision or an action leads to: a title, the forces of each side, the rolls to
    come and remarks (what the preview leaves out, for instance)."""

    title: Message
    sides: tuple[Forces, ...] = ()
    rolls: tuple[RollPreview, ...] = ()
    notes: tuple[Message, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title.to_json(),
            "sides": [forces.to_json() for forces in self.sides],
            "rolls": [roll.to_json() for roll in self.rolls],
            "notes": [note.to_json() for note in self.notes],
        }


@dataclass(frozen=True, slots=True)
class Note:
    """What the game tells about one offered action (see the module docstring)."""

    label: Message | None = None
    consequences: tuple[Consequence, ...] = ()
    path: tuple[str, ...] = ()
    preview: Preview | None = None

    def to_json(self) -> dict[str, Any]:
        found: dict[str, Any] = {}
        if self.label is not None:
            found["label"] = self.label.to_json()
        if self.consequences:
            found["consequences"] = [item.to_json() for item in self.consequences]
        if self.path:
            found["path"] = list(self.path)
        if self.preview is not None:
            found["preview"] = self.preview.to_json()
        return found


def render_messages(data: Any, render: Callable[[str, Mapping[str, Any]], str]) -> Any:
    """A copy of JSON ``data`` (a note, a preview) in which every message, a dict with a string
    ``key`` and a dict ``params``, also holds its ``text``: ``render(key, params)``."""
    if isinstance(data, list):
        return [render_messages(item, render) for item in data]
    if not isinstance(data, dict):
        return data
    found = {key: render_messages(value, render) for key, value in data.items()}
    if isinstance(data.get("key"), str) and isinstance(data.get("params"), dict):
        found["text"] = render(data["key"], data["params"])
    return found
