"""bench/rules_speed.py: its ways of pairing two trees agree on the games played (README, "The
rules' speed")."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench" / "rules_speed.py"


def bench(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, str(BENCH), str(ROOT / "src"), str(ROOT / "src"), *args]
    return subprocess.run(command, capture_output=True, text=True, check=False, timeout=300)


@pytest.mark.parametrize("pairing", [[], ["--interleave"], ["--together"]])
def test_each_pairing_plays_the_same_games_with_both_trees(pairing: list[str]) -> None:
    done = bench("--game", "empire-of-the-sun", "--scenario", "1942", "--games", "1",
                 "--rounds", "2", *pairing)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("round ") == 2
    assert "same final hashes: after / before = " in done.stdout


def test_two_ways_of_pairing_at_once_are_refused() -> None:
    done = bench("--interleave", "--together")
    assert done.returncode == 2
    assert "choose one" in done.stderr
