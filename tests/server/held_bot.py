"""A bot that answers only once the test lets it (a file appears), for the tests of where bots
think; registered by ``registered()`` in the test's process and by ``lookup`` in a worker's."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

from tests.toy_game.game import ToyGame
from wargame.bots import BOTS
from wargame.games import REGISTRY

GATE = "WARGAME_TEST_BOT_GATE"


class HeldBot:
    reusable = True

    def __init__(self, game, side, seed):
        self.decisions = 0

    def choose(self, view):
        gate = Path(os.environ[GATE])
        while not gate.exists():
            time.sleep(0.02)
        self.decisions += 1
        Path(f"{gate}.pid").write_text(str(os.getpid()))
        with Path(f"{gate}.bots").open("a") as answers:  # which bot object answered
            answers.write(f"{os.getpid()} {id(self)} {self.decisions}\n")
        return view["actions"][0]


@contextmanager
def registered() -> Iterator[None]:
    BOTS["held"] = HeldBot
    try:
        yield
    finally:
        BOTS.pop("held", None)


@cache
def _toy():
    return ToyGame()


def lookup(kind):
    """A worker process's lookup: the toy game, the held bot registered there."""
    BOTS["held"] = HeldBot
    return _toy() if kind == "toy" else REGISTRY.game(kind)
