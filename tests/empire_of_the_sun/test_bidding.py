"""Tournament bidding (16.49): the ``bidding`` option, secret bids, who plays which side, and what
the winning bid changes (victory points in the yearly scenarios, Political Will in campaigns)."""

from __future__ import annotations

import pytest

from tests.empire_of_the_sun.driver import begin
from tests.empire_of_the_sun.factory import position
from wargame.engine import bidding as sealed_bids
from wargame.engine.action import Action
from wargame.engine.procedure import choose
from wargame.engine.rng import Rng
from wargame.engine.session import Session
from wargame.fuzz import check_determinize, check_new_log, check_secrets, check_views
from wargame.games.empire_of_the_sun import GAME, bidding, victory

pytestmark = pytest.mark.game("empire-of-the-sun")


def bid(state, seat, text):
    return GAME.apply(state, seat, Action(f"bid {text}"))


def settled(scenario, japan_seat, allied_seat):
    """A game of ``scenario`` with the option, after both seats' bids ("side amount")."""
    state = GAME.setup(scenario, 3, {"bidding": True})
    return bid(bid(state, "japan", japan_seat), "allied", allied_seat)


def views(state):
    return {viewer: GAME.view(state, viewer) for viewer in (None, "japan", "allied")}


@pytest.mark.rule("16.49")
def test_bidding_is_an_option_off_by_default():
    (option,) = [o for o in GAME.options() if o.name == "bidding"]
    assert option.default is False and option.choices == (False, True)
    state = GAME.setup("campaign", 3)
    assert "bidding" not in state.data and state.stack[-1].name == "offensive"
    state = GAME.setup("campaign", 3, {"bidding": True})
    assert state.stack[-1].name == "bidding" and state.data["turn"] == 1
    assert GAME.active(state) == ["japan", "allied"]
    offered = [a.text for a in GAME.legal_actions(state, "allied")]
    assert offered[:2] == ["bid japan 0", "bid japan 1"] and "bid allied 7" in offered
    assert len(offered) == 2 * (bidding.MAX_BID + 1)


@pytest.mark.rule("16.49")
def test_a_sealed_bid_stays_secret_until_both_are_in():
    before = GAME.setup("1943", 3, {"bidding": True})
    after = bid(before, "japan", "allied 3")
    check_new_log(GAME, before, after)
    seen = views(after)
    check_secrets(GAME, after, seen)
    check_determinize(GAME, after, seen, Rng(5))
    assert "japan:allied:3" in GAME.secrets(after).owned["japan"]
    assert seen["japan"]["board"]["bid"] == "japan:allied:3"
    assert "bid" not in seen["allied"]["board"] and "bid" not in seen[None]["board"]
    assert "bids" not in seen["allied"]["board"]
    last = seen["allied"]["log"][-1]
    assert last == {"key": "log.bid_sealed_hidden", "params": {"seat": "japan"}}
    assert seen["japan"]["log"][-1]["params"] == {
        "seat": "japan", "side": "allied", "amount": 3, "unit": "vp"
    }  # fmt: skip
    assert GAME.active(after) == ["allied"] and GAME.legal_actions(after, "japan") == []
    done = bid(after, "allied", "allied 2")
    check_new_log(GAME, after, done)
    revealed = [e.params for e in done.log if e.key == "log.bid_revealed"]
    assert [(p["seat"], p["side"], p["amount"]) for p in revealed] == [
        ("japan", "allied", 3), ("allied", "allied", 2)
    ]  # fmt: skip
    assert done.data["bids"] == {}
    sealed = GAME.secrets(done).owned["japan"]
    assert not any(":" in token for token in sealed)  # nothing sealed now


@pytest.mark.rule("16.49")
@pytest.mark.parametrize(
    ("japan_seat", "allied_seat", "plays", "adjustment"),
    [
        # the rulebook's examples: different sides pay the net difference
        (("japan", 2), ("allied", 3), {"japan": "japan", "allied": "allied"}, +1),
        (("japan", 3), ("allied", 2), {"japan": "japan", "allied": "allied"}, -1),
        (("allied", 1), ("japan", 1), {"japan": "allied", "allied": "japan"}, 0),
        # the same side: the higher bid takes it and pays
        (("japan", 1), ("japan", 0), {"japan": "japan", "allied": "allied"}, -1),
        (("allied", 1), ("allied", 2), {"japan": "japan", "allied": "allied"}, +2),
        (("allied", 2), ("allied", 1), {"japan": "allied", "allied": "japan"}, +2),
    ],
)
def test_who_plays_which_side_and_the_japanese_victory_points_bid(
    japan_seat, allied_seat, plays, adjustment
):
    bids = {"japan": japan_seat, "allied": allied_seat}
    found_plays, paid = sealed_bids.outcome(bids, bidding.SEATS, None)
    assert found_plays == plays
    assert paid["allied"] - paid["japan"] == adjustment
    state = settled("1942", " ".join(map(str, japan_seat)), " ".join(map(str, allied_seat)))
    public = GAME.view(state, None)["board"]["bidding"]
    assert public["plays"] == plays and public["adjustment"] == adjustment
    assert public["exchange"] is (plays["japan"] != "japan")


@pytest.mark.rule("16.49", "17.27")
def test_the_bid_moves_the_japanese_victory_points_at_the_end_of_a_yearly_scenario():
    g = position(turn=4)
    g.data["victory"] = "1942"
    g.data["control"].update(dict.fromkeys(resource_hexes(g), "japan"))
    plain = victory.yearly_result(g, "1942")
    g.data["bidding"] = {"unit": "vp", "sealed": ["japan", "allied"], "adjustment": -2}
    bid_result = victory.yearly_result(g, "1942")
    assert bid_result.params["points"] == plain.params["points"] - 2
    assert bid_result.scores == {"japan": plain.params["points"] - 2}


def resource_hexes(g):
    board = g.static.board
    return [h for h in board.land_hexes if board.hexes[h].resource]


@pytest.mark.rule("16.49", "3.0")
def test_equal_bids_for_one_side_go_to_the_high_roll_and_ties_roll_again():
    g = position()
    g.data["victory"] = "1943"
    begin(g, "bidding", rolls=[4, 4, 3, 7])
    choose(g, "allied", Action("bid japan 2"))
    choose(g, "japan", Action("bid japan 2"))
    rolls = [(e.params["side"], e.params["value"]) for e in g.state.log if e.key == "log.roll"]
    assert rolls == [("japan", 4), ("allied", 4), ("japan", 3), ("allied", 7)]
    assert g.data["bidding"]["plays"] == {"allied": "japan", "japan": "allied"}
    assert g.data["bidding"]["exchange"] is True and g.data["bidding"]["adjustment"] == -2
    assert g.state.result.kind == "test"  # the bidding is over


def play_until_iai(state):
    """Operation Z played in the shortest way, up to the start of IAI."""
    while state.stack[-1].locals.get("card") != "J2":
        side = GAME.active(state)[0]
        legal = [a.text for a in GAME.legal_actions(state, side)]
        pick = next((a for a in ("none", "done") if a in legal), legal[0])
        state = GAME.apply(state, side, Action(pick))
    return state


@pytest.mark.rule("16.49", "16.44", "17.11")
@pytest.mark.parametrize(
    ("japan_seat", "allied_seat", "will"),
    [("japan 2", "japan 1", 10), ("allied 3", "allied 1", 5), ("japan 1", "allied 4", 5)],
)
def test_a_campaign_bid_moves_political_will_once_operation_z_is_over(
    japan_seat, allied_seat, will
):
    state = settled("campaign", japan_seat, allied_seat)
    assert state.data["tracks"]["political_will"] == 8  # set by Operation Z, not yet moved
    state = play_until_iai(state)
    assert state.data["tracks"]["political_will"] == will
    reasons = [e.params["reason"] for e in state.log if e.key == "log.political_will"]
    assert reasons == ["tournament_bid"]


@pytest.mark.rule("16.49")
def test_a_shortened_campaign_bid_moves_political_will_at_once():
    state = settled("shortened-campaign", "allied 2", "japan 0")
    assert state.data["bidding"]["adjustment"] == -2
    assert state.data["tracks"]["political_will"] == 6
    assert state.data["bidding"]["applied"] is True


@pytest.mark.rule("16.49")
def test_random_bids_and_the_first_plays_keep_every_view_sound():
    """Either seat may bid first; every view, log line and determinization stays sound."""
    for seed in (1, 2):
        session = Session.new(GAME, "1942", seed, {"bidding": True})
        rng = Rng(seed)
        for _ in range(8):
            check_views(GAME, session.state, rng)
            side = rng.choice(GAME.active(session.state))
            before = session.state
            session.act(side, rng.choice(GAME.legal_actions(before, side)).text)
            check_new_log(GAME, before, session.state)
        assert "plays" in session.state.data["bidding"]
