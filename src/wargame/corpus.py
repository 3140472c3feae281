"""The corpus of recorded games: random legal games, undos among their moves, kept with the hash
of the position they end in (``tests/corpus/*.json``, made by ``tools/corpus.py``).

Replaying each one in CI shows any change of the rules or the engine that alters play: the game
then ends in another position (or an action of it is no longer legal), the test names the games,
and whoever changed the rules on purpose makes the corpus again (``tools/corpus.py make``) and says
so in the commit.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from wargame.bots.random_bot import RandomBot
from wargame.engine.contract import Game, can_undo
from wargame.engine.rng import KEYED_GENERATOR, Rng, derive_seed
from wargame.engine.session import Session
from wargame.engine.state import state_hash

UNDO = "!undo"
"""A script line ``[side, UNDO]`` takes back ``side``'s last action."""


class Entry(msgspec.Struct, forbid_unknown_fields=True):
    """One recorded game: how it was set up, every move in order (undos included), and what it
    came to."""

    name: str
    game: str
    scenario: str
    seed: int
    options: dict[str, Any]
    script: list[tuple[str, str]]
    moves: int
    result: str
    final_hash: str
    generator: str = KEYED_GENERATOR


@dataclass(frozen=True)
class Plan:
    """A game to record: ``undo_rate`` is the chance of taking back an action where allowed."""

    name: str
    game: str
    scenario: str
    seed: int
    options: dict[str, Any]
    undo_rate: float = 0.0


def play(entry: Entry, game: Game) -> Session:
    """The game of ``entry``, its script played move by move (an illegal one raises)."""
    session = Session.new(
        game, entry.scenario, entry.seed, entry.options, generator=entry.generator
    )
    for side, text in entry.script:
        if text == UNDO:
            session.undo(side)
        else:
            session.act(side, text)
    return session


def outcome(session: Session) -> str:
    result = session.state.result
    return "unfinished" if result is None else f"{result.kind}:{result.winner or 'draw'}"


def record(plan: Plan, game: Game, max_steps: int = 20_000) -> Entry:
    """A random legal game of ``plan`` played to its end, undos mixed in."""
    session = Session.new(game, plan.scenario, plan.seed, plan.options)
    choices = Rng(derive_seed(plan.seed, "corpus"))
    bot = RandomBot(choices.next64())
    script: list[tuple[str, str]] = []
    for _ in range(max_steps):
        active = game.active(session.state)
        if not active:
            break
        side = choices.choice(active)
        text = bot.choose({"actions": [a.text for a in game.legal_actions(session.state, side)]})
        session.act(side, text)
        script.append((side, text))
        if choices.random() < plan.undo_rate and can_undo(session.state, side):
            session.undo(side)
            script.append((side, UNDO))
    return Entry(
        plan.name,
        game.id,
        plan.scenario,
        plan.seed,
        dict(session.record.options),
        script,
        session.state.moves,
        outcome(session),
        state_hash(session.state),
    )


def load(path: Path) -> Entry:
    return msgspec.json.decode(path.read_bytes(), type=Entry)


def save(entry: Entry, folder: Path) -> Path:
    """Write ``entry`` as JSON with one move a line, so that a change shows as a readable diff."""
    fields = msgspec.to_builtins(entry)
    moves = ",\n".join(msgspec.json.encode(move).decode() for move in fields.pop("script"))
    head = msgspec.json.encode(fields).decode()[:-1]
    path = folder / f"{entry.name}.json"
    path.write_text(f'{head},"script":[\n{moves}\n]}}\n')
    return path


def difference(entry: Entry, lookup: Callable[[str], Game]) -> str | None:
    """How replaying ``entry`` differs from what it recorded, or None if it does not."""
    try:
        session = play(entry, lookup(entry.game))
    except Exception as error:  # an action no longer legal, or a crash: both are news
        return f"{entry.name}: no longer replays: {type(error).__name__}: {error}"
    found = (session.state.moves, outcome(session), state_hash(session.state))
    wanted = (entry.moves, entry.result, entry.final_hash)
    if found != wanted:
        return f"{entry.name}: ends at {found}, recorded {wanted}"
    return None
