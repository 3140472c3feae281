"""Playing against a bot of one's choice in the terminal: ``wargame play --bot SIDE[=KIND]``."""

import io

import pytest

from tests.test_cli import assert_one_line_error, run
from tests.toy_game.game import GAME
from wargame.engine.session import Session
from wargame.play import TerminalGame


def test_both_seats_played_by_named_bots_finish_the_game() -> None:
    session = Session.new(GAME, "short", 3)
    out = io.StringIO()
    TerminalGame(session, bots={"red": "greedy", "blue": "mcts-easy"}, out=out).run()
    assert session.state.result is not None
    assert "red (bot):" in out.getvalue() and "blue (bot):" in out.getvalue()


@pytest.mark.parametrize(
    ("bot", "fragment"),
    [("blue=clever", "unknown bot 'clever'; bots are"), ("green=mcts", "unknown side 'green'")],
)
def test_a_bad_bot_seat_is_refused_in_one_line(capsys, bot, fragment) -> None:
    code, _, err = run(capsys, "play", "toy", "--bot", bot, "--seed", 3)
    assert_one_line_error(code, err, fragment)


def test_a_bot_seat_named_without_a_kind_is_the_computer_at_its_normal_level(
    capsys, monkeypatch
) -> None:
    # wargame play --bot SIDE: the opponent a player asking for one expects (the lobby's
    # "Computer, normal"); the random bot only when named.
    seats: dict[str, str] = {}

    class Recorder:
        def __init__(self, session, bots, **_) -> None:
            seats.update(bots)

        def run(self) -> None:
            return None

    monkeypatch.setattr("wargame.play.TerminalGame", Recorder)
    code, _, _ = run(capsys, "play", "toy", "--bot", "blue", "--bot", "red=random", "--seed", 3)
    assert code == 0 and seats == {"blue": "mcts", "red": "random"}
