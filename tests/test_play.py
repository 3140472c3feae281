"""The terminal game loop."""

import io
import re

from tests.toy_game.game import GAME
from wargame import play
from wargame.engine.log import Event
from wargame.engine.session import Session, read_save
from wargame.engine.verify import verify
from wargame.play import TerminalGame


def scripted(lines):
    answers = iter(lines)

    def read(prompt):
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    return read


def against_a_bot(path):
    """A short toy game played to its end in the terminal, red's first action each time against
    a blue bot, saved to ``path``: the session and what was printed."""
    session = Session.new(GAME, "short", 3)
    out = io.StringIO()

    def read(prompt):
        return (GAME.legal_actions(session.state, "red")[0]).text

    TerminalGame(session, bots={"blue"}, save_to=path, read=read, out=out).run()
    return session, out.getvalue()


def test_human_against_a_bot_plays_to_the_end_and_saves(tmp_path):
    session, printed = against_a_bot(tmp_path / "g.json")
    assert session.state.result is not None
    assert "blue (bot):" in printed
    assert read_save(tmp_path / "g.json").record.actions == session.record.actions


def test_a_bots_remark_is_shown_and_kept_in_the_saved_record(tmp_path, monkeypatch):
    said = Event("log.initiative", {"side": "blue", "why": "a reason"})  # a line the toy can say
    monkeypatch.setattr(play, "remark", lambda game, bot, side: said if side == "blue" else None)
    session, printed = against_a_bot(tmp_path / "g.json")
    blue = [n for n, (side, _) in enumerate(session.record.actions, start=1) if side == "blue"]
    assert sorted(session.record.remarks) == blue
    after_play = r"^blue \(bot\): .*\nBlue has the initiative$"
    assert len(re.findall(after_play, printed, re.M)) == len(blue) > 0
    saved = read_save(tmp_path / "g.json")
    assert saved.record == session.record
    assert verify(GAME, saved.record, saved.state).ok


def test_mistakes_are_refused_and_commands_work(tmp_path):
    session = Session.new(GAME, "standard", 3)
    out = io.StringIO()
    red_card = GAME.legal_actions(session.state, "red")[0].text
    lines = ["card c99", "actions", "help", "save", red_card, "quit"]
    TerminalGame(session, bots=set(), read=scripted(lines), out=out).run()
    text = out.getvalue()
    assert "refused: 'card c99' is not a legal action for red now" in text
    assert "no save file" in text
    assert session.record.actions == [("red", red_card)]


def test_hot_seat_undo_and_resign():
    session = Session.new(GAME, "standard", 3)
    for side in ("red", "blue"):
        session.act(side, GAME.legal_actions(session.state, side)[0].text)
    mover = GAME.active(session.state)[0]
    card = next(a.text for a in GAME.legal_actions(session.state, mover) if a.verb == "card")
    out = io.StringIO()
    TerminalGame(session, bots=set(), read=scripted([card, "undo", "resign"]), out=out).run()
    assert session.state.result.kind == "resigned"
    assert session.record.actions[-1] == (mover, "resign")
    assert (mover, card) not in session.record.actions[2:]


def test_a_save_that_fails_is_told_and_play_goes_on(tmp_path):
    path = tmp_path / "g.json"
    session = Session.new(GAME, "standard", 3)
    session.save(path)
    path.chmod(0o444)
    out = io.StringIO()
    red_card = GAME.legal_actions(session.state, "red")[0].text
    TerminalGame(
        session, bots=set(), save_to=path, read=scripted([red_card, "quit"]), out=out
    ).run()
    assert f"not saved: {path} is read-only" in out.getvalue()
    assert session.record.actions == [("red", red_card)]
    assert read_save(path).record.actions == []


def test_without_an_output_the_game_writes_to_the_standard_output_of_the_moment(monkeypatch):
    """Not to the one there was when the module was imported (a test's captured stream, closed
    since: a later test then failed with "I/O operation on closed file")."""
    now = io.StringIO()
    monkeypatch.setattr("sys.stdout", now)
    session = Session.new(GAME, "standard", 3)
    TerminalGame(session, bots=set(), read=scripted(["quit"])).run()
    assert "help" in now.getvalue().lower()
