"""Fixtures of the map tests: a test module names its map file as ``MAP``."""

from __future__ import annotations

import json

import pytest


@pytest.fixture(scope="module")
def data(request):
    """The module's map file (its ``MAP``), read once."""
    return json.loads(request.module.MAP.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def hexes(data):
    return {h["id"]: h for h in data["hexes"]}
