"""Balance simulations (wargame.simulate, ``wargame simulate``): seeds and seats, the same games
on every runner, the table's counts and intervals, the score over turns, the files written."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import replace

import pytest

from tests.test_cli import assert_one_line_error, run
from wargame import simulate
from wargame.engine.errors import WargameError
from wargame.engine.rng import derive_seed
from wargame.games import REGISTRY
from wargame.simulate import GameRecord, SimulationConfig, plans, summarize, wilson

TOY = SimulationConfig("toy", "standard", 6, ("random", "random"), seed=4, runner="here")


def timeless(records: list[GameRecord]) -> list[dict]:
    """The records without their timings, which differ from run to run."""
    found = []
    for record in records:
        shown = simulate.to_json({}, [record])["records"][0]
        del shown["seconds"], shown["thinking"]
        found.append(shown)
    return found


def test_each_game_has_its_own_seed_and_the_bots_swap_sides_game_by_game(toy):
    config = replace(TOY, bots=("first", "second"), games=4)
    planned = plans(config, toy)
    assert [p.seed for p in planned] == [derive_seed(4, i) for i in range(4)]
    assert [p.seats for p in planned] == [
        {"red": "first", "blue": "second"},
        {"red": "second", "blue": "first"},
    ] * 2


def test_a_bot_per_side_or_a_clear_refusal(toy):
    with pytest.raises(WargameError, match=r"toy has 2 sides \(red, blue\): name 2 bots"):
        plans(replace(TOY, bots=("random",)), toy)


def test_local_processes_play_the_very_games_played_here():
    here = simulate.simulate(TOY)
    processes = simulate.simulate(replace(TOY, runner="processes", jobs=2))
    assert [r.index for r in processes] == list(range(6))
    assert timeless(processes) == timeless(here)
    assert len({r.seed for r in here}) == 6


def test_a_record_follows_the_game_to_its_end(toy):
    (record,) = simulate.simulate(replace(TOY, games=1))
    state = toy.setup("standard", record.seed)
    assert record.seats == {"red": "random", "blue": "random"}
    assert record.turns == 4 == state.data["rounds"]
    assert [turn for turn, _ in record.track] == [1, 2, 3, 4]
    assert sum(record.decisions.values()) == record.actions > 0
    points = record.track[-1][1]
    expected = None if points["red"] == points["blue"] else max(points, key=points.get)
    assert record.winner == expected
    assert record.kind == ("tie" if expected is None else "points")


def test_a_game_cut_off_at_the_limit_is_unfinished():
    (record,) = simulate.simulate(replace(TOY, games=1, max_actions=3))
    assert (record.actions, record.winner, record.kind) == (3, None, "unfinished")
    assert record.track[-1][0] == record.turns == 1


def test_wilson_intervals():
    assert wilson(0, 8) == (0.0, pytest.approx(0.3244, abs=1e-4))
    low, high = wilson(5, 10)
    assert (low, high) == (pytest.approx(0.2366, abs=1e-4), pytest.approx(0.7634, abs=1e-4))
    assert wilson(0, 0) == (0.0, 1.0)
    for games in range(1, 200):  # rounding never puts the rate outside its interval
        assert wilson(0, games)[0] == 0.0
        assert wilson(games, games)[1] == 1.0


def record(index: int, seats: tuple[str, str], winner: str | None, track) -> GameRecord:
    return GameRecord(
        index,
        index,
        dict(zip(("red", "blue"), seats, strict=True)),
        winner=winner,
        kind="points" if winner else "tie",
        actions=10 * (index + 1),
        turns=track[-1][0],
        track=track,
        decisions={"red": 5, "blue": 5},
        thinking={"red": 0.5, "blue": 0.5} if seats[0] == "a" else {"red": 1.0, "blue": 0.5},
    )


def test_the_table_counts_wins_by_side_and_by_bot_and_side():
    records = [
        record(0, ("a", "b"), "red", [(1, {"red": 1}), (2, {"red": 3})]),
        record(1, ("b", "a"), "red", [(1, {"red": 0}), (2, {"red": 1})]),
        record(2, ("a", "b"), "blue", [(1, {"red": 2})]),
        record(3, ("b", "a"), None, [(1, {"red": 4}), (2, {"red": 5})]),
    ]
    summary = summarize(replace(TOY, bots=("a", "b")), ("red", "blue"), records)
    assert [(r["side"], r["wins"], r["games"]) for r in summary["by_side"]] == [
        ("red", 2, 4),
        ("blue", 1, 4),
    ]
    by_bot = {(r["bot"], r["side"]): (r["wins"], r["games"]) for r in summary["by_bot"]}
    assert by_bot == {
        ("a", "red"): (1, 2),
        ("a", "blue"): (0, 2),
        ("a", "any"): (1, 4),
        ("b", "red"): (1, 2),
        ("b", "blue"): (1, 2),
        ("b", "any"): (2, 4),
    }
    red = summary["by_side"][0]
    assert (red["rate"], red["low"], red["high"]) == (0.5, *wilson(2, 4))
    assert summary["results"] == {"points:red": 2, "points:blue": 1, "tie:none": 1}
    assert summary["length"]["actions"] == {"mean": 25, "median": 25, "min": 10, "max": 40}
    assert summary["seconds_per_decision"] == {"a": pytest.approx(0.1), "b": pytest.approx(0.15)}
    turn_one, turn_two = summary["score_track"]
    assert (turn_one["turn"], turn_one["games"], turn_one["median"]) == (1, 4, 1.5)
    assert (turn_one["q1"], turn_one["q3"]) == (0.75, 2.5)
    assert (turn_two["turn"], turn_two["games"], turn_two["mean"]) == (2, 3, 3)


def test_the_command_writes_the_table_and_the_plot(capsys, tmp_path):
    out = tmp_path / "sim"
    code, printed, _ = run(
        capsys, "simulate", "toy", "-s", "short", "--games", 4, "--bots", "random,random",
        "--processes", "--jobs", 1, "--seed", 2, "--out", out, "--no-progress",
    )  # fmt: skip
    assert code == 0
    assert "toy short: 4 games, bots random, random" in printed
    assert "wins by side (95 % interval):" in printed
    saved = json.loads((out / "simulation.json").read_text())
    assert saved["summary"]["games"] == len(saved["records"]) == 4
    assert [r["seed"] for r in saved["records"]] == [derive_seed(2, i) for i in range(4)]
    assert (out / "simulation.png").read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize(
    ("argv", "fragment"),
    [
        (["--bots", "random"], "toy has 2 sides (red, blue): name 2 bots, not 1"),
        (["--bots", "random,clever"], "unknown bot 'clever'"),
        (["--bots", "random,random", "-s", "long"], "toy has no scenario 'long'"),
    ],
)
def test_the_command_refuses_a_mistake_in_one_line(capsys, tmp_path, argv, fragment):
    argv = ["-s", "short", *argv] if "-s" not in argv else argv
    code, _, err = run(capsys, "simulate", "toy", *argv, "--processes", "--out", tmp_path / "x")
    assert_one_line_error(code, err, fragment)
    assert not (tmp_path / "x").exists()


def test_without_ray_asking_for_it_is_refused(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(simulate, "ray_installed", lambda: False)
    code, _, err = run(
        capsys, "simulate", "toy", "-s", "short", "--bots", "random,random", "--ray", "auto"
    )
    assert_one_line_error(code, err, "--ray: Ray is not installed: pip install 'wargame[ray]'")


# Ray runs in a process of its own: a Ray driver's background threads can end the process they
# live in when its cluster goes away, and here that would be a pytest worker (seen once in CI).
ON_RAY = """
import json
from wargame import simulate
config = simulate.SimulationConfig(
    "empire-of-the-sun", "1942", 2, ("random", "random"), max_actions=25, runner="ray", jobs=1
)
print(json.dumps(simulate.to_json({}, simulate.simulate(config))["records"]))
"""


def test_on_a_local_ray_the_games_are_the_same():
    pytest.importorskip("ray")
    config = SimulationConfig(
        "empire-of-the-sun", "1942", 2, ("random", "random"), max_actions=25, runner="here"
    )
    ran = subprocess.run(
        [sys.executable, "-c", ON_RAY], capture_output=True, text=True, timeout=600, check=True
    )
    on_ray = json.loads(ran.stdout.strip().splitlines()[-1])
    for record in on_ray:
        del record["seconds"], record["thinking"]
    assert on_ray == json.loads(json.dumps(timeless(simulate.simulate(config))))
    assert list(REGISTRY.game("empire-of-the-sun").sides) == list(on_ray[0]["seats"])


def test_a_joint_victory_is_a_win_for_each_ally():
    joint = replace(record(0, ("a", "b"), "red", [(1, {"red": 1})]), allies=["blue"])
    lost = record(1, ("b", "a"), "red", [(1, {"red": 1})])
    summary = summarize(replace(TOY, bots=("a", "b")), ("red", "blue"), [joint, lost])
    assert [(r["side"], r["wins"]) for r in summary["by_side"]] == [("red", 2), ("blue", 1)]
    by_bot = {(r["bot"], r["side"]): r["wins"] for r in summary["by_bot"]}
    assert by_bot[("b", "blue")] == 1 and by_bot[("b", "any")] == 2
