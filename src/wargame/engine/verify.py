"""Provably fair dice: checking a game's dice and draws against its record.

At the start every seat is shown the record's commitment to the seed; once the game is over the
seed and the salt are shown. Anybody can then recompute the commitment from them and replay the
record from the seed: every roll, draw and shuffle must come out as the players saw it, and the
game must end in the position they saw.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import msgspec

from wargame.engine.contract import Game
from wargame.engine.errors import BadSaveFile
from wargame.engine.log import Event
from wargame.engine.rng import GENERATORS, commitment, seed_problem
from wargame.engine.session import Record, Session
from wargame.engine.state import State, state_hash

RANDOM_EVENTS = {"log.roll": "rolls", "log.draw": "draws", "log.shuffle": "shuffles"}
"""The log events of randomness (``procedure.Context``), by the name a report gives them."""


@dataclass
class Verification:
    """What ``verify`` found: ``commitment`` is "matches", "differs" or "none" (a record made
    before commitments); ``random`` counts the random events recomputed, by kind."""

    commitment: str
    actions: int = 0
    random: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_builtins(self) -> dict[str, object]:
        return {
            "ok": self.ok,
            "commitment": self.commitment,
            "actions": self.actions,
            "random": {kind: self.random[kind] for kind in RANDOM_EVENTS.values()},
            "problems": list(self.problems),
        }


def verify(game: Game, record: Record, shown: State) -> Verification:
    """Check ``record`` against ``shown``, the position the players saw at the end of it."""
    found = Verification(_commitment(record))
    if found.commitment == "differs":
        found.problems.append("the seed and salt do not give the commitment shown at the start")
    problem = seed_problem(record.seed)
    if problem is None and record.generator not in GENERATORS:
        problem = f"unknown random generator {record.generator!r}"
    if problem is not None:
        found.problems.append(problem)
        return found
    try:
        replayed = Session.replay(record, game).state
    except BadSaveFile as error:
        found.problems.append(error.message)
        return found
    found.actions = len(record.actions)
    found.random = Counter(RANDOM_EVENTS[e.key] for e in replayed.log if e.key in RANDOM_EVENTS)
    found.problems += _differences(replayed, shown)
    return found


def _commitment(record: Record) -> str:
    if not record.commitment:
        return "none"
    if seed_problem(record.seed) is not None or not _is_hex(record.salt):
        return "differs"
    return "matches" if commitment(record.seed, record.salt) == record.commitment else "differs"


def _is_hex(text: str) -> bool:
    try:
        bytes.fromhex(text)
    except ValueError:
        return False
    return True


def _differences(replayed: State, shown: State) -> list[str]:
    for index, (mine, theirs) in enumerate(zip(replayed.log, shown.log, strict=False)):
        if mine != theirs:
            return [
                f"log line {index + 1} differs: {_brief(theirs)} was shown, {_brief(mine)} "
                "comes from the seed"
            ]
    if len(replayed.log) != len(shown.log):
        return [f"the log has {len(shown.log)} lines; the record gives {len(replayed.log)}"]
    if state_hash(replayed) != state_hash(shown):
        return ["the record does not lead to the position shown"]
    return []


def _brief(event: Event) -> str:
    return msgspec.json.encode({"key": event.key, "params": event.params}).decode()[:120]
