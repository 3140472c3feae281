"""Rule tests of the toy game: they show how product games tag tests with rule numbers."""

import pytest

from tests.toy_game.game import GAME, HAND_SIZE, value
from wargame.engine.action import Action
from wargame.engine.state import clone

pytestmark = pytest.mark.game("toy")


def bid_both(state, red, blue):
    state = GAME.apply(state, "red", Action.of("card", red))
    return GAME.apply(state, "blue", Action.of("card", blue))


@pytest.mark.rule("1.1")
def test_each_side_is_dealt_a_hidden_hand():
    state = GAME.setup("standard", 2)
    hands = state.data["hands"]
    assert len(hands["red"]) == len(hands["blue"]) == HAND_SIZE
    assert not set(hands["red"]) & set(hands["blue"])
    assert not set(hands["blue"]) & {
        s for e in GAME.view(state, "red")["log"] for s in e["params"].get("cards", [])
    }


@pytest.mark.rule("2.1")
def test_bids_stay_hidden_until_both_sides_have_bid():
    state = GAME.setup("standard", 2)
    red_card = state.data["hands"]["red"][0]
    state = GAME.apply(state, "red", Action.of("card", red_card))
    blue_view = GAME.view(state, "blue")
    assert blue_view["board"]["bid_made"] == ["red"]
    assert red_card not in str(blue_view)
    assert GAME.active(state) == ["blue"]


@pytest.mark.rule("2.1", "2.2")
def test_the_higher_bid_takes_the_initiative():
    state = GAME.setup("standard", 2)
    hands = state.data["hands"]
    red = max(hands["red"], key=value)
    blue = min(hands["blue"], key=value)
    after = bid_both(state, red, blue)
    if value(red) > value(blue):
        assert after.data["initiative"] == "red"
    else:
        rolls = [e for e in after.log if e.key == "log.roll"]
        assert rolls and rolls[-1].params["reason"] == "bid_tie"


@pytest.mark.rule("3.1")
def test_a_card_moves_the_token_up_to_its_value():
    state = GAME.setup("standard", 2)
    state = bid_both(state, state.data["hands"]["red"][0], state.data["hands"]["blue"][0])
    mover = state.data["initiative"]
    card = state.data["hands"][mover][0]
    picked = GAME.apply(state, mover, Action.of("card", card))
    targets = [a.args[0] for a in GAME.legal_actions(picked, mover) if a.verb == "hex"]
    from tests.toy_game.game import BOARD

    here = state.data["positions"][mover]
    assert targets and all(0 < BOARD.distance(here, t) <= value(card) for t in targets)


@pytest.mark.rule("3.2")
def test_tokens_that_meet_fight_and_the_loser_goes_home():
    from tests.toy_game.game import HOME, fight
    from wargame.engine.procedure import Context

    state = clone(GAME.setup("standard", 2))
    state.data["positions"] = {"red": "0202", "blue": "0202"}
    g = Context(state, GAME.procedure_map, None)
    fight(g)
    winner = next(s for s in ("red", "blue") if state.data["points"][s] == 1)
    loser = "blue" if winner == "red" else "red"
    assert state.data["positions"][loser] == HOME[loser]
    assert any(e.key == "log.roll" for e in state.log)


@pytest.mark.rule("4.1")
def test_most_points_wins_at_the_end():
    state = GAME.setup("short", 2, {"rounds": 1})
    while GAME.active(state):
        side = GAME.active(state)[0]
        actions = GAME.legal_actions(state, side)
        state = GAME.apply(state, side, next((a for a in actions if a.text == "pass"), actions[0]))
    points = state.data["points"]
    expected = None if points["red"] == points["blue"] else max(points, key=points.get)
    assert state.result.winner == expected


class Dice:
    """Dice that roll the given faces in order."""

    def __init__(self, faces):
        self.faces, self.state, self.used = list(faces), 0, False

    def roll(self, die):
        self.used = True
        return self.faces.pop(0)


@pytest.mark.rule("3.2")
def test_a_move_onto_the_enemy_previews_the_fight_as_the_fight_resolves_it():
    """The preview of a move onto the enemy token is one round of the fight, row by row what
    ``fight`` does with those dice (a tie is rolled again: here 6-1), with exact chances."""
    from fractions import Fraction

    from tests.toy_game.game import fight, fight_preview
    from wargame.engine.procedure import Context

    state = clone(GAME.setup("standard", 2))
    state.data["positions"] = {"red": "0202", "blue": "0202"}
    (dice,) = fight_preview(Context(state, GAME.procedure_map, None), "0202").rolls
    assert dice.chances() == {
        "blue": Fraction(15, 36),
        "red": Fraction(15, 36),
        "tie": Fraction(1, 6),
    }
    for (red, blue), shown in dice.rows:
        played = clone(state)
        g = Context(played, GAME.procedure_map, None)
        g.rng = Dice([red, blue, 6, 1])
        fight(g)
        winner = next(side for side in ("red", "blue") if played.data["points"][side])
        assert winner == ("red" if shown.result == "tie" else shown.result)
        assert (len(g.rng.faces) == 0) is (shown.result == "tie")
