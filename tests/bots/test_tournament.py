"""The tournament: sides swapped each game, wins by side with Wilson's 95 % interval, seconds
per decision; and the command that prints it."""

import json
from collections import Counter

import pytest

from tests.test_cli import assert_one_line_error, run
from wargame.bots.tournament import Plan, Played, summary, wilson
from wargame.engine.session import read_save


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        (0, 10, 0.0, 0.2775),
        (10, 10, 0.7225, 1.0),
        (5, 10, 0.2366, 0.7634),
        (19, 20, 0.7639, 0.9911),
    ],
)
def test_wilson_interval_matches_published_values(wins, games, low, high) -> None:
    found = wilson(wins, games)
    assert found == pytest.approx((low, high), abs=5e-4)


def test_bots_swap_sides_from_one_game_to_the_next() -> None:
    plan = Plan("toy", "short", ("greedy", "random"), 4, sides=("red", "blue"))
    assert plan.seats(0) == {"red": "greedy", "blue": "random"}
    assert plan.seats(1) == {"red": "random", "blue": "greedy"}
    assert Plan("toy", "short", ("greedy", "greedy"), 2, sides=("red", "blue")).seats(1) == {
        "red": "greedy#2",
        "blue": "greedy#1",
    }


def test_a_joint_victory_counts_a_win_for_each_ally() -> None:
    plan = Plan("toy", "short", ("greedy", "random"), 2, sides=("red", "blue"))
    decisions: dict[str, list[tuple[float, float, bool]]] = {"greedy": [], "random": []}
    games = [
        Played(0, plan.seats(0), "red", "won_jointly", 5, decisions, allies=["blue"]),
        Played(1, plan.seats(1), "red", "won", 5, decisions),
    ]
    wins = summary(plan, games)["wins"]
    assert wins["random"]["by_side"]["blue"]["wins"] == 1  # the ally of game 0
    assert wins["random"]["all"]["wins"] == 2 and wins["greedy"]["all"]["wins"] == 1


def test_tournament_prints_wins_by_side_with_intervals_and_seconds(capsys) -> None:
    code, out, err = run(
        capsys, "tournament", "toy", "--scenario", "short", "--bots", "greedy,random",
        "--games", 4, "--seed", 3,
    )  # fmt: skip
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "toy short: greedy against random, 4 games (seed 3), sides swapped each game"
    assert "as red" in lines[2] and "as blue" in lines[2] and "in all" in lines[2]
    greedy = next(line for line in lines if line.startswith("greedy "))
    assert greedy.count("/2 ") == 2 and greedy.count("/4 ") == 1 and "%)" in greedy
    assert any(line.startswith("results: ") for line in lines)
    assert sum(line.startswith(("greedy ", "random ")) for line in lines) == 4
    assert err.count("tournament: ") == 4  # a line per game


def test_tournament_as_json_counts_every_game_once(capsys) -> None:
    code, out, _ = run(
        capsys, "tournament", "toy", "-s", "short", "--bots", "mcts-easy,random",
        "--games", 2, "--format", "json", "--no-progress",
    )  # fmt: skip
    assert code == 0
    found = json.loads(out)
    assert found["games"] == 2
    wins = found["wins"]
    for name in ("mcts-easy", "random"):
        assert [entry["games"] for entry in wins[name]["by_side"].values()] == [1, 1]
    decided = sum(w["all"]["wins"] for w in wins.values()) + found["draws"]
    assert decided == 2
    assert found["seconds"]["mcts-easy"]["decisions"] > 0


def test_a_recorded_tournament_saves_each_game_to_replay_as_it_was_played(capsys, tmp_path):
    folder = tmp_path / "games"
    code, out, _ = run(
        capsys, "tournament", "toy", "-s", "short", "--bots", "greedy,random", "--games", 2,
        "--format", "json", "--no-progress", "--record", folder,
    )  # fmt: skip
    assert code == 0
    results = json.loads(out)["results"]
    saved = sorted(folder.iterdir())
    assert [path.name for path in saved] == ["game-000.json", "game-001.json"]
    kinds = Counter()
    for path in saved:
        save = read_save(path)
        assert save.state.result is not None and save.record.actions
        kinds[f"{save.state.result.kind}:{save.state.result.winner or 'draw'}"] += 1
        code, out, _ = run(capsys, "replay", path)
        assert code == 0 and "identical state" in out
    assert kinds == Counter(results)


def test_a_tournament_refuses_a_record_folder_it_cannot_make(capsys, tmp_path):
    taken = tmp_path / "a-file"
    taken.write_text("")
    argv = ["tournament", "toy", "-s", "short", "--bots", "random,random", "--games", 1]
    code, _, err = run(capsys, *argv, "--record", taken)
    assert_one_line_error(code, err, "cannot save games in")


@pytest.mark.parametrize(
    ("bots", "fragment"),
    [
        ("greedy", "toy has 2 sides (red, blue): name 2 bots, not 1"),
        ("greedy,clever", "unknown bot 'clever'"),
    ],
)
def test_tournament_refuses_bad_bots_in_one_line(capsys, bots, fragment) -> None:
    code, _, err = run(capsys, "tournament", "toy", "-s", "short", "--bots", bots, "--games", 1)
    assert_one_line_error(code, err, fragment)


def test_tournament_refuses_an_unknown_scenario(capsys) -> None:
    code, _, err = run(capsys, "tournament", "toy", "-s", "epic", "--bots", "random,random")
    assert_one_line_error(code, err, "no scenario 'epic'")


def test_a_tournament_seats_bots_only_at_the_sides_playing_the_scenario(capsys) -> None:
    """Dai Senso!'s August Storm is played by the Axis and the Soviets: two bots, the West's
    seat idle (Game.scenario_sides)."""
    argv = ["tournament", "dai-senso", "-s", "a1_august_storm", "--games", 2, "--no-progress"]
    code, _, err = run(capsys, *argv, "--bots", "random,random,random")
    assert_one_line_error(
        code, err, "dai-senso has 2 sides playing a1_august_storm (axis, soviet): name 2 bots"
    )
    code, printed, _ = run(capsys, *argv, "--bots", "greedy,random", "--format", "json")
    assert code == 0
    found = json.loads(printed)
    assert list(found["wins"]["greedy"]["by_side"]) == ["axis", "soviet"]
    assert sum(w["all"]["wins"] for w in found["wins"].values()) + found["draws"] == 2
