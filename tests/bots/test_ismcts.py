"""The search bot (IS-MCTS) on positions of the toy game whose best move is known."""

import pytest

from tests.bots.positions import behind_with_the_move
from tests.toy_game.game import GAME
from wargame.bots.ismcts import ODDS_CLIP, Budget, Search, log_odds
from wargame.engine.action import Action


def searcher(side: str, seed: int = 1, *, odds: bool = False) -> Search:
    """Enough iterations for the toy game, play-outs to its end."""
    return Search(GAME, side, seed, Budget(iterations=300, depth=30, playout=30, odds=odds))


def play_own_moves(bot: Search, state, side: str):
    """The bot's actions while it has the move; the state after them."""
    chosen = []
    while GAME.active(state) == [side]:
        text = bot.choose(GAME.view(state, side))
        chosen.append(text)
        state = GAME.apply(state, side, Action(text))
    return chosen, state


@pytest.mark.parametrize("odds", [False, True])
def test_behind_at_the_last_move_it_attacks_with_the_one_card_that_reaches(odds: bool) -> None:
    # Blue trails 0-1: without a fight it loses; a fight is a coin toss for a draw.
    state = behind_with_the_move("blue", ["c3", "c2", "c6"], {"red": 1, "blue": 0})
    chosen, _ = play_own_moves(searcher("blue", odds=odds), state, "blue")
    assert chosen == ["card c2", "hex 0101"]


@pytest.mark.parametrize("odds", [False, True])
def test_ahead_at_the_last_move_it_does_not_risk_a_fight(odds: bool) -> None:
    # Red leads 1-0: any move but onto Blue's token wins; a fight could end in a draw.
    state = behind_with_the_move("red", ["c2", "c5", "c3"], {"red": 1, "blue": 0})
    chosen, state = play_own_moves(searcher("red", odds=odds), state, "red")
    assert "hex 0303" not in chosen
    assert state.result is not None and state.result.winner == "red"


def test_the_tree_is_kept_after_its_own_action_that_can_be_taken_back() -> None:
    state = behind_with_the_move("blue", ["c3", "c2", "c6"], {"red": 1, "blue": 0})
    bot = searcher("blue")
    first = bot.choose(GAME.view(state, "blue"))
    assert bot.reused == 0  # a new tree
    state = GAME.apply(state, "blue", Action(first))
    view = GAME.view(state, "blue")
    assert view["can_undo"]
    bot.choose(view)
    assert bot.reused > 0  # the subtree of the card played, with its worlds


def test_the_tree_is_dropped_when_the_opponent_moved_in_between() -> None:
    state = GAME.setup("standard", 4)
    bot = searcher("red")
    bot.choose(GAME.view(state, "red"))
    state = GAME.apply(state, "blue", GAME.legal_actions(state, "blue")[0])
    bot.choose(GAME.view(state, "red"))
    assert bot.reused == 0


def test_a_simultaneous_decision_is_answered_from_its_own_actions() -> None:
    # Both sides bid at once: the bot searches its own bid first and draws the other's.
    state = GAME.setup("standard", 4)
    assert GAME.active(state) == ["red", "blue"]
    view = GAME.view(state, "blue")
    assert searcher("blue").choose(view) in view["actions"]


def test_the_same_view_and_seed_give_the_same_action_and_a_budget_in_iterations() -> None:
    state = GAME.setup("standard", 9)
    view = GAME.view(state, "red")
    first, second = searcher("red", seed=5), searcher("red", seed=5)
    assert first.choose(view) == second.choose(view)
    assert first.last_iterations == 300


def test_a_decision_with_one_action_is_answered_without_searching() -> None:
    state = behind_with_the_move("blue", ["c3", "c2", "c6"], {"red": 1, "blue": 0})
    state = GAME.apply(state, "blue", Action("card c3"))  # a 1-value card: one hex, or cancel
    bot = searcher("blue")
    view = {**GAME.view(state, "blue"), "actions": ["cancel"]}
    assert bot.choose(view) == "cancel"
    assert bot.last_iterations == 0


def test_an_iteration_ending_among_a_sides_own_clicks_plays_them_on_until_another_side_acts():
    # Blue has picked its card: the hex to move to is its own next decision. Played on, the
    # search scores the position only once Blue's move is made (the game then ends, its last
    # move); with no actions to play on, where the iteration stopped.
    state = behind_with_the_move("blue", ["c3", "c2", "c6"], {"red": 1, "blue": 0})
    state = GAME.apply(state, "blue", Action("card c2"))
    assert GAME.active(state) == ["blue"]
    played = Search(GAME, "blue", 1, Budget(iterations=1, finish=5)).finish_sequence(state, "blue")
    assert GAME.active(played) != ["blue"]
    assert played.moves == state.moves + 1
    assert Search(GAME, "blue", 1, Budget(iterations=1)).finish_sequence(state, "blue") is state


def test_log_odds_weigh_a_long_shot_by_its_likelihood_where_chances_deep_in_a_tail_do_not():
    # An evaluation nearly sure of a loss. A sure step reads 2 %; a gamble reads 0.5 % three
    # times in four and 8 % once: 2.4 % on average as chances, and worse as log-odds (what
    # the evaluation's margin would be, on average, after the dice).
    sure, gamble = 0.02, [0.005, 0.005, 0.005, 0.08]
    assert sum(gamble) / 4 > sure
    assert sum(map(log_odds, gamble)) / 4 < log_odds(sure)


def test_log_odds_are_even_at_one_half_symmetric_and_cut_at_the_ends():
    assert log_odds(0.5) == 0.0
    assert log_odds(0.9) == pytest.approx(-log_odds(0.1))
    assert log_odds(0.0) == log_odds(ODDS_CLIP) < log_odds(0.001)
    assert log_odds(1.0) == pytest.approx(-log_odds(0.0))
