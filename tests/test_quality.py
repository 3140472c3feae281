"""Code quality gates that run with the suite: lint, format, strict typing, engine independence."""

import re
import subprocess
import sys

from tests.conftest import ROOT

GAME_NAMES = re.compile(
    r"empire.of.the.sun|asia.engulfed|dai.senso|aegean.strike|eots\b|\btoy\b", re.IGNORECASE
)


def run(*command):
    return subprocess.run(command, capture_output=True, text=True, cwd=ROOT)


def test_ruff_lint_is_clean():
    result = run(sys.executable, "-m", "ruff", "check", "src", "tests", "bench", "tools")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_is_clean():
    result = run(
        sys.executable, "-m", "ruff", "format", "--check", "src", "tests", "bench", "tools"
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_engine_is_strictly_typed():
    result = run(sys.executable, "-m", "mypy")
    assert result.returncode == 0, result.stdout + result.stderr


def test_engine_names_no_game():
    offenders = []
    for path in (ROOT / "src/wargame/engine").rglob("*"):
        if path.suffix in (".py", ".yaml", ".json"):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if GAME_NAMES.search(line):
                    offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert offenders == []
