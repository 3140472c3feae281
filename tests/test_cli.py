"""The ``wargame`` command: every subcommand, and one clear line for every mistake."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.savefiles import edit_save
from wargame.cli import main
from wargame.engine.session import read_save

DEEP = "rounds=" + "[" * 10_000 + "]" * 10_000
LONG = "rounds=" + "9" * 5_000


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_line_error(code, err, *fragments):
    assert code == 1
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("wargame: error: ")
    for fragment in fragments:
        assert fragment in lines[0]


COMMANDS = "list new show actions act undo replay verify rules tables cards fuzz play tournament"
COMMANDS += " bench map serve simulate"


@pytest.mark.parametrize("argv", [["--help"], *([name, "--help"] for name in COMMANDS.split())])
def test_every_help_page_prints(capsys, argv):
    with pytest.raises(SystemExit) as done:
        main(argv)
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: wargame")
    assert "%%" not in out  # a page's description is printed as written, not %-formatted


def test_list_shows_the_product_games_and_hides_test_games(capsys):
    code, out, _ = run(capsys, "list")
    assert code == 0
    ids = [line.split("\t")[0] for line in out.splitlines()]
    assert "not playable" not in out.splitlines()[0]
    assert ids == ["empire-of-the-sun", "asia-engulfed", "dai-senso", "aegean-strike"]
    assert "toy" not in out


def test_new_show_actions_act_undo_replay(capsys, tmp_path):
    path = tmp_path / "g.json"
    assert run(capsys, "new", "toy", "--scenario", "standard", "--seed", 5, "-o", path)[0] == 0
    code, out, _ = run(capsys, "show", path, "--side", "red")
    assert code == 0 and "Bid a card face down" in out and "hand:" in out
    code, out, _ = run(capsys, "show", path, "--lang", "ja")
    assert "手番" in out and "hand:" not in out
    code, out, _ = run(capsys, "actions", path, "--side", "red")
    actions = out.split("\n")[:-1]
    assert actions and all(a.startswith("card ") for a in actions)
    code, out, _ = run(capsys, "act", path, "--side", "red", actions[0])
    assert code == 0 and "to act: blue" in out
    assert read_save(path).record.actions == [("red", actions[0])]
    code, out, _ = run(capsys, "replay", path)
    assert code == 0 and out.startswith("replay: 1 actions, identical state")


def test_undo_takes_back_an_undoable_click(capsys, tmp_path):
    path = tmp_path / "g.json"
    run(capsys, "new", "toy", "-s", "standard", "--seed", 5, "-o", path)
    for side in ("red", "blue"):
        first = run(capsys, "actions", path, "--side", side)[1].split("\n")[0]
        run(capsys, "act", path, "--side", side, first)
    save = read_save(path)
    mover = save.state.data["initiative"]
    card = next(
        a for a in run(capsys, "actions", path, "--side", mover)[1].split("\n") if "card" in a
    )
    run(capsys, "act", path, "--side", mover, card)
    code, out, _ = run(capsys, "undo", path)
    assert code == 0 and f"took back {mover}'s last action" in out
    assert read_save(path).state_hash == save.state_hash
    code, _, err = run(capsys, "undo", path)
    assert_one_line_error(code, err, "cannot be taken back")


def test_act_applies_all_actions_or_none(capsys, tmp_path):
    path = tmp_path / "g.json"
    run(capsys, "new", "toy", "-s", "standard", "--seed", 5, "-o", path)
    before = path.read_bytes()
    first = run(capsys, "actions", path, "--side", "red")[1].split("\n")[0]
    code, _, err = run(capsys, "act", path, "--side", "red", first, "card c1")
    assert_one_line_error(code, err, "not red's decision now")
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("argv", "fragments"),
    [
        (["new", "chess", "-s", "x", "-o", "{tmp}/n.json"], ["unknown game 'chess'"]),
        (
            ["new", "aegean-strike", "-s", "world_war", "-o", "{tmp}/n.json"],
            ["not playable yet"],
        ),
        (["new", "empire-of-the-sun", "-s", "x", "-o", "{tmp}/n.json"], ["no scenario 'x'"]),
        (["new", "toy", "-s", "epic", "-o", "{tmp}/n.json"], ["no scenario 'epic'"]),
        (
            ["new", "toy", "-s", "standard", "--option", "rounds=9", "-o", "{tmp}/n.json"],
            ["cannot be 9"],
        ),
        (["new", "toy", "-s", "standard", "-o", "{tmp}/g.json"], ["exists", "--force"]),
        (["show", "{tmp}/missing.json"], ["cannot read"]),
        (["show", "{tmp}/g.json", "--side", "green"], ["unknown side 'green'"]),
        (["act", "{tmp}/g.json", "--side", "red", "card <x>"], ["malformed action"]),
        (["act", "{tmp}/g.json", "--side", "red", "card c99"], ["not a legal action for red"]),
        (["actions", "{tmp}/junk.json", "--side", "red"], ["malformed or truncated"]),
        (["rules", "chess"], ["unknown game"]),
        (["fuzz", "toy", "--scenario", "epic"], ["no scenario"]),
        (["new", "toy", "-s", "standard", "-o", "{tmp}/none/n.json"], ["no folder {tmp}/none"]),
        (["new", "toy", "-s", "standard", "--force", "-o", "{tmp}"], ["it is a folder"]),
        (["new", "toy", "-s", "standard", "--option", DEEP, "-o", "{tmp}/n"], ["too deeply"]),
        (["new", "toy", "-s", "standard", "--option", LONG, "-o", "{tmp}/n"], ["long a number"]),
        (["bench", "toy", "--seconds", "-1"], ["--seconds must be a number above 0"]),
        (["bench", "toy", "--seconds", "nan"], ["--seconds must be a number above 0"]),
        (["bench", "toy", "--seed", "-1"], ["--seed: a seed is between 0 and 2**256 - 1"]),
        (["fuzz", "toy", "--seed", "-1"], ["--seed: a seed is between 0 and 2**256 - 1"]),
        (["fuzz", "toy", "--journal", "{tmp}/none/j"], ["no folder {tmp}/none"]),
        (["fuzz", "toy", "--journal", "{tmp}/junk.json"], ["is not a fuzz journal"]),
        (["show", "/dev/zero"], ["/dev/zero is a device, not a file"]),
        (["play", "chess", "--resume", "{tmp}/g.json"], ["unknown game 'chess'"]),
        (["play", "toy", "--bot", "red", "--bot", "blue", "--save", "{tmp}/no/p"], ["no folder"]),
    ],
)
def test_mistakes_print_one_line_and_change_nothing(capsys, tmp_path, argv, fragments):
    game = tmp_path / "g.json"
    run(capsys, "new", "toy", "-s", "standard", "--seed", 1, "-o", game)
    (tmp_path / "junk.json").write_text('{"format": "wargame-save", "vers')
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    code, _, err = run(capsys, *[a.replace("{tmp}", str(tmp_path)) for a in argv])
    assert_one_line_error(code, err, *[f.replace("{tmp}", str(tmp_path)) for f in fragments])
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


def test_act_on_a_read_only_save_is_refused(capsys, tmp_path):
    path = tmp_path / "g.json"
    run(capsys, "new", "toy", "-s", "standard", "--seed", 5, "-o", path)
    path.chmod(0o444)
    before = path.read_bytes()
    first = run(capsys, "actions", path, "--side", "red")[1].split("\n")[0]
    code, _, err = run(capsys, "act", path, "--side", "red", first)
    assert_one_line_error(code, err, "g.json is read-only")
    assert path.read_bytes() == before and path.stat().st_mode & 0o777 == 0o444


def test_act_keeps_the_save_files_mode(capsys, tmp_path):
    path = tmp_path / "g.json"
    run(capsys, "new", "toy", "-s", "standard", "--seed", 5, "-o", path)
    path.chmod(0o644)
    first = run(capsys, "actions", path, "--side", "red")[1].split("\n")[0]
    assert run(capsys, "act", path, "--side", "red", first)[0] == 0
    assert path.stat().st_mode & 0o777 == 0o644
    assert len(read_save(path).record.actions) == 1


def test_a_bot_delay_that_is_not_a_number_is_refused(capsys, monkeypatch):
    import wargame.server.run

    served = []
    monkeypatch.setattr(wargame.server.run, "serve", lambda *args, **kw: served.append(args))
    code, _, err = run(capsys, "serve", "--bot-delay", "nan")
    assert_one_line_error(code, err, "--bot-delay must be a number of seconds, 0 or more")
    assert not served


def test_a_save_of_the_old_format_still_replays(capsys):
    legacy = ROOT / "tests" / "engine" / "data" / "legacy-empire-1942.json"
    code, out, _ = run(capsys, "replay", legacy)
    assert code == 0 and out.startswith("replay: ") and "76e9ff51e44283341dc0c7db52e179dd" in out


def test_usage_mistakes_exit_2_with_one_line(capsys):
    code, _, err = run(capsys, "new", "toy")
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and "required" in err


@pytest.mark.parametrize(
    ("option", "value"),
    [("--max-steps", "-1"), ("--max-steps", "0"), ("--games", "0"), ("--jobs", "0"),
     ("--check-every", "0"), ("--games", "ten")],
)  # fmt: skip
def test_fuzz_refuses_counts_below_one_as_usage_mistakes(capsys, tmp_path, option, value):
    code, out, err = run(capsys, "fuzz", "toy", option, value, "--out", tmp_path)
    assert code == 2 and out == ""
    (line,) = err.strip().splitlines()
    assert line.startswith("wargame: usage: ") and f"argument {option}: " in line
    assert list(tmp_path.iterdir()) == []


def test_replay_detects_a_record_that_gives_another_state(capsys, tmp_path):
    path = tmp_path / "g.json"
    run(capsys, "new", "toy", "-s", "standard", "--seed", 5, "-o", path)
    edit_save(path, lambda save: save["state"].update(rng=save["state"]["rng"] + 1), rehash=True)
    code, _, err = run(capsys, "replay", path)
    assert_one_line_error(code, err, "another state")


def test_rules_json_has_one_object_per_rule(capsys):
    code, out, _ = run(capsys, "rules", "toy", "--format", "json")
    rows = json.loads(out)
    assert code == 0 and [r["number"] for r in rows][:2] == ["1.1", "2.1"]
    keys = {"number", "title", "title_ja", "provenance", "implemented", "tests"}
    assert all(set(r) == keys for r in rows)
    implemented = {r["number"]: r["implemented"] for r in rows}
    assert implemented["3.2"] and not implemented["4.2"]
    assert any("test_toy_rules.py" in t for t in rows[0]["tests"])


def test_rules_text_summarises(capsys):
    code, out, _ = run(capsys, "rules", "toy")
    assert code == 0 and "7 rules: 6 implemented" in out


def test_fuzz_ends_with_the_summary_line(capsys, tmp_path):
    code, out, err = run(capsys, "fuzz", "toy", "--games", 6, "--seed", 3, "--out", tmp_path)
    assert code == 0
    last = out.strip().splitlines()[-1]
    assert last.startswith("fuzz: 6 games, 0 failures, ") and last.endswith(" CPU s")
    assert "result " in out
    # not a terminal (a long run's log file): progress as lines, the last at the end
    assert err.strip().splitlines()[-1].startswith("fuzz: 6/6 games, 0 failures, ")


def test_fuzz_plays_with_the_options_given(capsys, tmp_path):
    def actions(rounds):
        argv = ["fuzz", "toy", "--games", 3, "--seed", 4, "--out", tmp_path, "--no-progress"]
        out = run(capsys, *argv, "--option", f"rounds={rounds}")[1]
        return int(out.strip().splitlines()[-1].split(",")[2].split()[0])

    assert actions(1) < actions(6)


def test_fuzz_refuses_an_unknown_option_in_one_line(capsys, tmp_path):
    code, _, err = run(capsys, "fuzz", "toy", "--option", "speed=9", "--out", tmp_path)
    assert_one_line_error(code, err, "toy has no option 'speed'")
    assert list(tmp_path.iterdir()) == []


def test_fuzz_in_parallel_gives_the_same_games(capsys, tmp_path):
    serial = run(capsys, "fuzz", "toy", "--games", 4, "--seed", 8, "--out", tmp_path)[1]
    parallel = run(
        capsys, "fuzz", "toy", "--games", 4, "--seed", 8, "--jobs", 2, "--out", tmp_path
    )[1]
    actions = lambda text: text.strip().splitlines()[-1].split(",")[2]  # noqa: E731
    assert actions(serial) == actions(parallel)


def test_bench_reports_figures(capsys):
    code, out, _ = run(capsys, "bench", "toy", "--seconds", "0.3", "--format", "json")
    found = json.loads(out)
    assert code == 0 and found["actions"] > 0
    assert found["clone_us"] > 0 and found["state_bytes_median"] > 0


def test_bad_plugin_is_one_line(capsys, monkeypatch):
    monkeypatch.setenv("WARGAME_GAMES", "no_such_module_here")
    code, _, err = run(capsys, "list")
    assert_one_line_error(code, err, "cannot load games from 'no_such_module_here'")


def test_installed_command_runs_without_traceback(tmp_path):
    env = {**os.environ, "WARGAME_GAMES": "tests.toy_game"}
    command = [str(Path(sys.executable).parent / "wargame")]
    listing = subprocess.run([*command, "list"], capture_output=True, text=True, cwd=ROOT, env=env)
    assert listing.returncode == 0 and "empire-of-the-sun" in listing.stdout
    played = subprocess.run(
        [*command, "play", "toy", "--bot", "blue", "--seed", "3"],
        input="quit\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
    )
    assert played.returncode == 0 and "red>" in played.stdout
    bad = subprocess.run(
        [*command, "show", str(tmp_path / "none.json")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
    )
    assert bad.returncode == 1 and "Traceback" not in bad.stderr
    assert bad.stderr.count("\n") == 1


def test_cards_lists_every_card_with_its_provenance_and_event(capsys):
    code, out, _ = run(capsys, "cards", "empire-of-the-sun", "--format", "json")
    rows = json.loads(out)
    assert code == 0 and len(rows) == 170
    assert {r["provenance"] for r in rows} <= {"seed", "rulebook", "reconstructed", "provisional"}
    by_id = {r["id"]: r for r in rows}
    assert by_id["J80"]["provenance"] == "provisional" and by_id["J80"]["event"] == "event"
    assert by_id["A59"]["event"] == "event" and by_id["A21"]["type"] == "military"
    assert by_id["J80"]["effect"] and "暫定" in by_id["J80"]["effect_ja"]
    code, out, _ = run(capsys, "cards", "empire-of-the-sun")
    assert code == 0 and "170 cards: " in out and "provisional J80: " in out
    code, out, _ = run(capsys, "cards", "empire-of-the-sun", "--lang", "ja")
    assert code == 0 and "Z作戦" in out and "170 cards: " in out


def test_cards_of_a_game_without_cards_is_a_one_line_error(capsys):
    code, _, err = run(capsys, "cards", "toy")
    assert_one_line_error(code, err, "toy has no cards")


def test_python_m_wargame_runs_the_same_command_line():
    done = subprocess.run(
        [sys.executable, "-m", "wargame", "list"],
        capture_output=True, text=True, check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "dai-senso" in done.stdout and "aegean-strike" in done.stdout


@pytest.mark.parametrize(
    ("game_id", "scenario", "lang", "head"),
    [
        (
            "aegean-strike",
            "greece_turkey_war",
            "ja",
            "エージアン・ストライク — シナリオ: ギリシア・トルコ戦争",
        ),
        ("aegean-strike", "greece_turkey_war", "en", "Aegean Strike — Scenario: Greece-Turkey War"),
        ("empire-of-the-sun", "1942", "ja", "太陽の帝国 (v2.0) — シナリオ: 1942年"),
    ],
)
def test_the_terminal_names_the_game_and_its_scenario_in_the_language(
    game_id, scenario, lang, head
):
    """The terminal's first line named Aegean Strike's scenario by its id (greece_turkey_war)
    and the game by its English title in Japanese; it reads as the lobby does."""
    from wargame.games import REGISTRY
    from wargame.text import render_status

    game = REGISTRY.game(game_id)
    status = render_status(game, game.setup(scenario, 1), None, lang)
    assert status.splitlines()[0].startswith(head)
