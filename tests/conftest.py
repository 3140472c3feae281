"""Shared test configuration: the toy game and the three-player trio game are registered
(unlisted) for every test, and hypothesis sets no deadline (a test asserts no timing: on a busy
machine an example may take longer than hypothesis's default 200 ms, and the test would fail for
that alone)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import settings

from tests.toy_game import GAME, register
from tests.trio_game import register as register_trio
from wargame.games import REGISTRY

ROOT = Path(__file__).resolve().parent.parent

settings.register_profile("no-deadline", deadline=None)
settings.load_profile("no-deadline")

if "toy" not in REGISTRY.entries:
    register(REGISTRY)
if "trio" not in REGISTRY.entries:
    register_trio(REGISTRY)


@pytest.fixture
def toy():
    return GAME


@pytest.fixture
def saved_game(tmp_path):
    """A new toy game saved to a file, and its path."""
    from wargame.engine.session import Session

    path = tmp_path / "game.json"
    Session.new(GAME, "standard", 7).save(path)
    return path
