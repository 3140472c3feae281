"""Records, save files, replay and undo."""

import errno
import json
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.savefiles import edit_save
from tests.toy_game.game import GAME as TOY
from wargame.engine import files
from wargame.engine.errors import BadSaveFile, IllegalAction, WargameError
from wargame.engine.log import Event
from wargame.engine.rng import Rng
from wargame.engine.session import SAVE_VERSION, Session, positions, read_save
from wargame.engine.state import state_hash
from wargame.games import REGISTRY


def play_random(session, steps, seed):
    rng = Rng(seed)
    for _ in range(steps):
        active = TOY.active(session.state)
        if not active:
            break
        side = rng.choice(active)
        session.act(side, rng.choice(TOY.legal_actions(session.state, side)).text)
    return session


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 60), st.integers(0, 2**32))
def test_replaying_a_record_reproduces_the_game(seed, steps, bot_seed):
    played = play_random(Session.new(TOY, "standard", seed), steps, bot_seed)
    replayed = Session.replay(played.record, TOY)
    assert state_hash(replayed.state) == state_hash(played.state)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 40), st.integers(0, 2**32))
def test_undo_restores_the_previous_position_whenever_allowed(seed, steps, bot_seed):
    session = play_random(Session.new(TOY, "standard", seed), steps, bot_seed)
    rng = Rng(bot_seed + 1)
    for _ in range(20):
        active = TOY.active(session.state)
        if not active:
            break
        side = rng.choice(active)
        before = session.state
        session.act(side, rng.choice(TOY.legal_actions(before, side)).text)
        if session.state.checkpoint < session.state.moves:
            session.undo(side)
            assert state_hash(session.state) == state_hash(before)
            assert len(session.record.actions) == before.moves
        else:
            with pytest.raises(IllegalAction, match=r"cannot be taken back|not"):
                session.undo(side)


def test_undo_is_refused_after_dice_or_a_draw_and_for_the_other_side():
    session = Session.new(TOY, "standard", 3)
    with pytest.raises(IllegalAction, match="nothing to undo"):
        session.undo("red")
    session.act("red", TOY.legal_actions(session.state, "red")[0].text)
    with pytest.raises(IllegalAction):
        session.undo("red")
    with pytest.raises(IllegalAction, match="another side's: only the side that took it"):
        session.undo("blue")


def test_two_click_order_can_be_undone_click_by_click(tmp_path):
    session = Session.new(TOY, "standard", 3)
    for side in ("red", "blue"):
        session.act(side, TOY.legal_actions(session.state, side)[0].text)
    mover = TOY.active(session.state)[0]
    start = state_hash(session.state)
    card = next(a.text for a in TOY.legal_actions(session.state, mover) if a.verb == "card")
    session.act(mover, card)
    hex_action = next(a.text for a in TOY.legal_actions(session.state, mover) if a.verb == "hex")
    session.act(mover, "cancel")
    session.act(mover, card)
    path = tmp_path / "g.json"
    session.save(path)
    reloaded = Session.load(path, REGISTRY.game)
    reloaded.undo(mover)
    reloaded.undo(mover)
    reloaded.undo(mover)
    assert state_hash(reloaded.state) == start
    reloaded.act(mover, card)
    reloaded.act(mover, hex_action)
    assert reloaded.state.data["positions"][mover] == hex_action.split()[1]


def test_save_and_load_round_trip(tmp_path):
    session = play_random(Session.new(TOY, "short", 11), 15, 2)
    path = tmp_path / "game.json"
    session.save(path)
    loaded = Session.load(path, REGISTRY.game)
    assert state_hash(loaded.state) == state_hash(session.state)
    assert loaded.record == session.record
    assert read_save(path).record.actions == session.record.actions


def test_a_failed_save_leaves_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    Session.new(TOY, "standard", 1).save(path)
    before = path.read_bytes()

    def broken(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files.os, "replace", broken)
    with pytest.raises(WargameError, match=r"cannot write .*game.json \(No space left on device\)"):
        Session.new(TOY, "standard", 2).save(path)
    assert path.read_bytes() == before
    assert list(tmp_path.iterdir()) == [path]


DEEP = "[" * 100_000 + "]" * 100_000


def saved_mid_order(path):
    """A toy game saved in the middle of an order: actions in its record, and an undo base."""
    session = Session.new(TOY, "standard", 3)
    for side in ("red", "blue"):
        session.act(side, TOY.legal_actions(session.state, side)[0].text)
    mover = TOY.active(session.state)[0]
    session.act(mover, next(a.text for a in TOY.legal_actions(session.state, mover)))
    session.save(path)
    assert read_save(path).undo_base is not None
    return path


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda text: text[: len(text) // 2], "malformed or truncated"),
        (lambda text: "[1, 2]", "not a wargame save file"),
        (lambda text: text.replace('"moves":0', '"moves":5', 1), "does not match its hash"),
        (lambda text: text.replace('"data":{', f'"data":{{"x":{DEEP},', 1), "nested too deeply"),
    ],
)
def test_damaged_save_files_get_a_clear_error(tmp_path, damage, message):
    path = tmp_path / "game.json"
    Session.new(TOY, "standard", 1).save(path)
    path.write_text(damage(json.dumps(json.loads(path.read_text()), separators=(",", ":"))))
    with pytest.raises(Exception, match=message) as caught:
        Session.load(path, REGISTRY.game)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda save: save["record"]["actions"].pop(), "the save does not match its hash"),
        (lambda save: save["record"].update(seed=4), "the save does not match its hash"),
        (lambda save: save["undo_base"].update(checkpoint=1), "the save does not match its hash"),
        (lambda save: save["undo_base"]["data"].clear(), "the save does not match its hash"),
        (lambda save: save.update(failure={"message": "x"}), "the save does not match its hash"),
        (lambda save: save.update(version=4), "save format version 4; this program reads "),
        (lambda save: save.update(version=0), "save format version 0; this program reads "),
    ],
)
def test_a_save_is_checked_whole(tmp_path, edit, message):
    path = saved_mid_order(tmp_path / "game.json")
    edit_save(path, edit)
    with pytest.raises(BadSaveFile, match=message):
        Session.load(path, REGISTRY.game)


def as_version_1(save):
    """A save as the old program wrote it: its hash covers the state alone."""
    save["version"] = 1
    save.pop("save_hash", None)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda save: save["record"].update(game="empire-of-the-sun"), "not of the same game"),
        (lambda save: save["record"].update(scenario="short"), "not of the same scenario"),
        (lambda save: save["undo_base"].update(seed=4), "the undo checkpoint are not of the same"),
        (lambda save: save["record"].update(seed=-1), r"a seed is between 0 and 2\*\*256 - 1"),
        (lambda save: save["record"].update(seed=2**256), r"a seed is between 0 and 2\*\*256"),
        (lambda save: save["record"].update(generator="mt19937"), "unknown random generator"),
    ],
)
def test_a_version_1_save_is_checked_but_for_its_hash(tmp_path, edit, message):
    path = saved_mid_order(tmp_path / "game.json")
    edit_save(path, as_version_1)
    edit_save(path, edit)
    with pytest.raises(BadSaveFile, match=message):
        Session.load(path, REGISTRY.game)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda text: text.replace('"rules_version": "1"', '"rules_version": "0"'), "version 0"),
        (lambda text: text.replace('"game": "toy"', '"game": "chess"'), "unknown game 'chess'"),
    ],
)
def test_a_save_of_a_game_or_rules_this_program_lacks_is_refused(tmp_path, edit, message):
    path = saved_mid_order(tmp_path / "game.json")
    edit_save(path, lambda save: save.update(json.loads(edit(json.dumps(save)))), rehash=True)
    with pytest.raises(BadSaveFile, match=f"{path}: .*{message}"):
        Session.load(path, REGISTRY.game)


def test_a_version_1_save_loads_and_saves_as_the_current_version(tmp_path):
    path = saved_mid_order(tmp_path / "game.json")
    edit_save(path, as_version_1)
    session = Session.load(path, REGISTRY.game)
    session.save(path)
    assert read_save(path).version == SAVE_VERSION
    assert Session.load(path, REGISTRY.game).record == session.record


def test_a_record_that_no_longer_replays_names_the_action():
    session = play_random(Session.new(TOY, "standard", 4), 5, 9)
    session.record.actions[2] = (session.record.actions[2][0], "card c999")
    with pytest.raises(BadSaveFile, match=r"action 3 \(.*card c999\) no longer replays"):
        Session.replay(session.record, TOY)


def test_resign_is_recorded_and_replays():
    session = Session.new(TOY, "standard", 4)
    session.act("red", "resign")
    assert session.state.result.winner == "blue"
    replayed = Session.replay(session.record, TOY)
    assert state_hash(replayed.state) == state_hash(session.state)


def test_positions_are_the_start_and_each_action_s_result_as_played():
    played = play_random(Session.new(TOY, "standard", 6), 25, 11)
    seen = [state_hash(state) for state in positions(TOY, played.record)]
    assert len(seen) == len(played.record.actions) + 1
    replayed = Session.start(TOY, played.record)
    assert seen[0] == state_hash(replayed.state)
    for (side, text), expected in zip(played.record.actions, seen[1:], strict=True):
        assert state_hash(replayed.act(side, text)) == expected


def test_positions_stop_with_an_error_at_an_action_the_rules_refuse():
    session = play_random(Session.new(TOY, "standard", 4), 5, 9)
    session.record.actions[2] = (session.record.actions[2][0], "card c999")
    found = positions(TOY, session.record)
    assert [next(found) for _ in range(3)]
    with pytest.raises(WargameError):
        next(found)


WHY = Event("log.initiative", {"side": "red", "why": "a bot's reason"})  # a line the toy can say
VERSION_2_SAVE = Path(__file__).parent / "data" / "toy-save-version-2.json"
"""A toy game saved by the program before remarks (version 2), in the middle of an order."""


def remarked(seed=3):
    """A toy game whose bids each came with a remark, then an order begun, its card remarked."""
    session = Session.new(TOY, "standard", seed)
    for side in ("red", "blue"):
        session.act(side, TOY.legal_actions(session.state, side)[0].text, WHY)
    mover = TOY.active(session.state)[0]
    card = next(a.text for a in TOY.legal_actions(session.state, mover) if a.verb == "card")
    session.act(mover, card, WHY)
    return session, mover


def test_a_remark_follows_its_action_in_the_log_and_in_the_record():
    session = Session.new(TOY, "standard", 3)
    before = session.state
    after = session.act("red", TOY.legal_actions(before, "red")[0].text, WHY)
    plain = TOY.apply(before, "red", TOY.legal_actions(before, "red")[0])
    assert after.log == [*plain.log, WHY]
    assert session.record.remarks == {1: WHY}


def test_positions_put_each_remark_back_after_its_action_as_replay_does():
    session, _ = remarked()
    *_, last = positions(TOY, session.record)
    assert last.log == Session.replay(session.record, TOY).state.log
    assert WHY in last.log


def test_replay_puts_each_remark_back_after_its_action():
    session, _ = remarked()
    assert list(session.record.remarks) == [1, 2, 3]
    replayed = Session.replay(session.record, TOY)
    assert replayed.state.log == session.state.log
    assert state_hash(replayed.state) == state_hash(session.state)
    assert replayed.record == session.record


def test_undo_takes_back_an_action_with_its_remark_and_keeps_the_earlier_ones():
    session, mover = remarked()
    before = session.undo_base
    session.act(mover, "cancel")  # one more action after the remarked card, none of its own
    session.undo(mover)
    session.undo(mover)
    assert session.record.remarks == {1: WHY, 2: WHY}
    assert session.state.log == before.log and session.state.log.count(WHY) == 2
    assert state_hash(session.state) == state_hash(before)


def test_a_remark_for_some_sides_only_is_refused_and_changes_nothing():
    session = Session.new(TOY, "standard", 3)
    secret = Event("log.initiative", {"side": "red"}, to=["red"])
    with pytest.raises(WargameError, match="a remark is for everybody, not only red"):
        session.act("red", TOY.legal_actions(session.state, "red")[0].text, secret)
    assert session.state.moves == 0 and session.record.actions == []
    assert session.record.remarks == {}


def test_a_save_with_remarks_round_trips_and_undoes_after_loading(tmp_path):
    session, mover = remarked()
    path = tmp_path / "game.json"
    session.save(path)
    assert json.loads(path.read_text())["record"]["remarks"].keys() == {"1", "2", "3"}
    loaded = Session.load(path, REGISTRY.game)
    assert loaded.record == session.record
    assert loaded.state.log == session.state.log
    loaded.undo(mover)
    session.undo(mover)
    assert loaded.state.log == session.state.log and loaded.record.remarks == {1: WHY, 2: WHY}


def test_a_save_made_before_remarks_loads_plays_and_undoes(tmp_path):
    path = tmp_path / "old.json"
    shutil.copy(VERSION_2_SAVE, path)
    assert json.loads(path.read_text())["version"] == 2
    assert "remarks" not in json.loads(path.read_text())["record"]
    session = Session.load(path, REGISTRY.game)
    assert session.record.remarks == {}
    replayed = Session.replay(session.record, TOY)
    assert state_hash(replayed.state) == state_hash(session.state)
    mover = TOY.active(session.state)[0]
    session.act(mover, TOY.legal_actions(session.state, mover)[0].text, WHY)
    session.save(path)
    assert read_save(path).version == SAVE_VERSION
    assert Session.load(path, REGISTRY.game).record.remarks == {len(session.record.actions): WHY}


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda save: save["record"]["remarks"].pop("2"), "the save does not match its hash"),
        (lambda save: save["record"]["remarks"]["1"].update(key="log.pass"), "does not match"),
    ],
)
def test_a_changed_remark_is_damage(tmp_path, edit, message):
    session, _ = remarked()
    path = tmp_path / "game.json"
    session.save(path)
    edit_save(path, edit)
    with pytest.raises(BadSaveFile, match=message):
        Session.load(path, REGISTRY.game)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda save: save["record"]["remarks"].update({"9": {"key": "log.pass"}}),
            "a remark follows action 9, which the record does not have",
        ),
        (
            lambda save: save["record"]["remarks"]["2"].update(to=["red"]),
            "the remark after action 2 is not for everybody",
        ),
    ],
)
def test_a_remark_that_no_game_could_have_said_is_refused(tmp_path, edit, message):
    session, _ = remarked()
    path = tmp_path / "game.json"
    session.save(path)
    edit_save(path, edit, rehash=True)
    with pytest.raises(BadSaveFile, match=message):
        Session.load(path, REGISTRY.game)
