"""What Aegean Strike's bots know (strategy.py): the evaluation of a position from the hits
scored and the hits each side may still score (forces, sorties, supply, airbases, time), and
the move ordering a search widens in; neither reads a hidden mission marker."""

from __future__ import annotations

import pytest

from tests.aegean_strike.play import GAME, act, actions, begun, first_segment
from wargame.bots import make_bot
from wargame.bots.ismcts import Budget, Search
from wargame.engine.action import Action
from wargame.engine.state import Result, clone
from wargame.games.aegean_strike import strategy
from wargame.games.aegean_strike.charts import tables

pytestmark = pytest.mark.game("aegean-strike")
CARRIER = "us-cvn-69"
NEAR_LIBYA = "S0305"
BENINA = "S0406"


def chance(found, side="a"):
    return GAME.evaluate(found, side)


def reckoning(found):
    return strategy.Reckoning(found, tables(found))


def changed(found, edit):
    found = clone(found)
    edit(found.data)
    return found


def near_libya(data):
    """The carrier off Libya, its E-2 over it: Benina's ships are detected (14.04)."""
    data["naval"][CARRIER]["hex"] = NEAR_LIBYA
    data["ewda"]["us-e2"] = NEAR_LIBYA


def hidden_strike():
    """Player A's A-6 escorted by an F-14, launched against Benina's ships: the other side
    sees the group, not its mission nor its escort (9.03)."""
    texts = ("launch us-va34", "mission asm_strike", "escort us-vf142", f"target {BENINA}")
    return act(first_segment(near_libya), "a", *texts)


@pytest.mark.rule("21.06")
def test_the_two_sides_chances_add_up_and_a_finished_game_is_won_or_lost():
    start = first_segment()
    assert chance(start, "a") + chance(start, "b") == pytest.approx(1.0)
    assert 0.0 < chance(start) < 1.0
    over = clone(start)
    over.result = Result(winner="b", kind="won", params={"winner": "b"})
    assert chance(over, "b") == 1.0 and chance(over, "a") == 0.0


@pytest.mark.rule("21.06")
def test_each_hit_scored_raises_the_scorers_chance():
    """21.06 (provisional): the side with more hits scored at the end wins."""
    start = first_segment()
    one = changed(start, lambda d: d["score"].update(b=1))
    two = changed(start, lambda d: d["score"].update(b=2))
    assert chance(start, "b") < chance(one, "b") < chance(two, "b")


@pytest.mark.rule("7.07")
def test_the_same_lead_is_surer_with_less_time_left():
    """The hits to come shrink with the turns left, and the lead in hits scored counts more."""
    lead = changed(first_segment(), lambda d: d["score"].update(b=5))
    late = changed(lead, lambda d: d.update(turn=d["last_turn"]))
    assert chance(lead, "b") < chance(late, "b")
    early, last = reckoning(lead), reckoning(late)
    assert strategy.expected_hits(last, "a") < strategy.expected_hits(early, "a")


@pytest.mark.rule("9.06")
def test_an_enemy_unit_eliminated_lowers_what_its_side_may_still_score():
    """Forces left: Libya without its Tu-22 bomber strikes less and loses a chance."""
    start = first_segment()
    found = changed(start, lambda d: d["air"].pop("ly-tu22"))
    assert strategy.air_hits(reckoning(found), "b") < strategy.air_hits(reckoning(start), "b")
    assert chance(found, "b") < chance(start, "b")


@pytest.mark.rule("9.10")
def test_an_inoperative_airbase_flies_nothing_until_repaired():
    """9.10: no mission launches from an inoperative base, and its repair costs SP first."""
    start = first_segment()
    limit = tables(start)["airbases"].large.inoperative_at

    def close_okba(data):
        data["airbases"]["okba"] = limit + 1
        data["inoperative"].append("okba")
        data["score"]["a"] += limit + 1

    found = changed(start, close_okba)
    assert strategy.air_hits(reckoning(found), "b") < strategy.air_hits(reckoning(start), "b")
    assert chance(found, "b") < chance(start, "b")
    assert strategy.repair_debt(tables(found), found.data, "okba") == 2 * 2


@pytest.mark.rule("9.05")
def test_a_nation_without_supply_points_flies_no_land_based_sortie_but_carriers_still_do():
    start = first_segment()
    dry = changed(start, lambda d: d["sp"].update(ly=0, us=0, uk=0))
    assert strategy.air_hits(reckoning(dry), "b") == 0.0
    carriers = strategy.air_hits(reckoning(dry), "a")
    assert 0.0 < carriers < strategy.air_hits(reckoning(start), "a")


@pytest.mark.rule("9.02")
def test_a_unit_flies_no_more_this_turn_than_its_box_and_once_an_action_stage():
    start = first_segment()
    data, board = start.data, tables(start)
    uid = "us-va34"
    later = strategy.turns_after(data)
    fresh = strategy.sorties_left(board, data, uid, stages=3, flown_now=False, later=later)
    flown = strategy.sorties_left(board, data, uid, stages=3, flown_now=True, later=later)
    assert fresh == 3 + 3 * later and flown == fresh - 1
    spent = changed(start, lambda d: d["air"][uid].update(box=0))
    assert (
        strategy.sorties_left(board, spent.data, uid, stages=3, flown_now=False, later=later)
        == 3 * later
    )
    assert strategy.movement_segments_left(start, "a") == (3, True)
    assert strategy.movement_segments_left(start, "b") == (3, False)


@pytest.mark.rule("16.02")
def test_a_land_combat_counts_only_when_the_attacker_gains_by_it():
    found = reckoning(first_segment())
    assert strategy.land_gain(found, 1, 6) == 0.0
    assert strategy.land_gain(found, 12, 2) > strategy.land_gain(found, 6, 2) > 0.0


@pytest.mark.rule("9.03")
def test_the_evaluation_and_the_responders_ordering_never_read_a_hidden_mission():
    """The mission marker is face down (9.03): the same position with another mission and no
    escort is worth the same to both sides, and the other side orders its answers alike."""
    found = hidden_strike()
    assert GAME.active(found) == ["b"]

    def other_marker(data):
        data["flight"].update(mission="air_superiority", escorts=[])

    other = changed(found, other_marker)
    for side in ("a", "b"):
        assert chance(found, side) == chance(other, side)
    offered = GAME.legal_actions(found, "b")
    assert [a.text for a in GAME.order_actions(found, "b", offered)] == [
        a.text for a in GAME.order_actions(other, "b", offered)
    ]


def test_strikers_launch_before_the_segment_ends_and_useless_launches_are_left_out():
    start = first_segment()
    ordered = [a.text for a in GAME.order_actions(start, "a", GAME.legal_actions(start, "a"))]
    end = ordered.index("end")
    assert ordered[0] == "launch us-va34"  # the A-6, the hardest-hitting striker in reach
    assert "launch us-c130" in actions(start, "a")  # a transport strikes nothing: it only
    assert "launch us-c130" not in ordered  # ferries, and a bot went round launching it
    assert end > 0


@pytest.mark.rule("13.04")
def test_cancel_interdict_and_idle_are_left_out_but_never_everything():
    offered = [Action(t) for t in ("cancel", "interdict", "idle ly-mig23", "attack ly-ff")]
    start = first_segment()
    assert [a.text for a in GAME.order_actions(start, "a", offered)] == ["attack ly-ff"]
    assert GAME.order_actions(start, "a", [Action("cancel")]) == [Action("cancel")]


def test_a_strike_hits_a_ship_before_the_airbase_and_the_responder_intercepts():
    strike = [Action(t) for t in ("attack benina", "attack ly-ff")]
    start = first_segment(near_libya)
    assert GAME.order_actions(start, "a", strike)[0].text == "attack ly-ff"
    found = hidden_strike()
    answers = [a.text for a in GAME.order_actions(found, "b", GAME.legal_actions(found, "b"))]
    assert answers[-1] == "pass" or "intercept" not in " ".join(answers)


def test_the_assignment_places_ewda_and_keeps_strikers_offensive():
    start = begun()
    assert GAME.active(start) == ["b"]
    ordered = [a.text for a in GAME.order_actions(start, "b", GAME.legal_actions(start, "b"))]
    assert not any(text.startswith("idle ") for text in ordered)
    assert ordered.index("done") < ordered.index("intercept ly-tu22")  # a bomber strikes


@pytest.mark.rule("9.05")
def test_a_unit_whose_joining_leaves_the_group_no_target_is_left_out():
    """A group Libya's supply cannot pay for once a unit joins (9.05) could only be
    cancelled: the ordering leaves that unit out, so a bot flies the group it has."""

    def short(data):
        data["sp"]["ly"] = 2  # one bombing strike sortie's SP

    start = first_segment()
    state_ = act(start, "a", "end")
    while GAME.active(state_) == ["b"] and "launch ly-tu22" not in actions(state_, "b"):
        state_ = act(state_, "b", "end")
    state_ = changed(state_, short)
    grouped = act(state_, "b", "launch ly-tu22", "mission bombing_strike")
    offered = actions(grouped, "b")
    assert any(t.startswith("target ") for t in offered) and "add ly-mirage5" in offered
    ordered = [a.text for a in GAME.order_actions(grouped, "b", GAME.legal_actions(grouped, "b"))]
    assert not any(t.startswith(("add ", "escort ")) for t in ordered)
    assert ordered and all(t.startswith("target ") for t in ordered)


@pytest.mark.rule("9.03")
def test_the_bots_answer_a_group_alike_whatever_its_hidden_mission():
    """Two true states that differ only in the group's face-down marker and escorts (9.03)
    and in the dice to come look the same to Libya, and its bots answer alike in both."""
    one = hidden_strike()

    def plain_bombing(data):
        data["flight"].update(mission="bombing_strike", escorts=[])

    other = changed(one, plain_bombing)
    other.seed += 1
    view = GAME.view(one, "b")
    assert view == GAME.view(other, "b") and GAME.view(one, "a") != GAME.view(other, "a")
    small = Budget(iterations=24, worlds=4)
    for first, second in (
        (make_bot("greedy", GAME, "b", 11), make_bot("greedy", GAME, "b", 11)),
        (Search(GAME, "b", 11, small), Search(GAME, "b", 11, small)),
    ):
        assert first.choose(view) == second.choose(GAME.view(other, "b"))


@pytest.mark.rule("9.05")
def test_a_launch_from_a_land_base_whose_nation_has_no_sp_is_left_out():
    """9.05: a carrier spends no SP, a land base its nation's; with none left, its units'
    launches lead only back (a greedy bot looped on them)."""
    dry = changed(first_segment(), lambda d: d["sp"].update(us=0))
    ordered = [a.text for a in GAME.order_actions(dry, "a", GAME.legal_actions(dry, "a"))]
    assert "launch us-va34" in ordered  # from the carrier
    assert "launch us-p3" in actions(dry, "a") and "launch us-p3" not in ordered  # Sigonella


@pytest.mark.rule("9.03")
def test_the_ordering_ranks_an_air_to_ship_interception_by_its_target():
    """9.03 B: "intercept UID SHIP" names a unit and a ship; the ordering read it as a unit
    and raised a KeyError (bots crashed at the question). It now ranks it above passing."""
    from tests.aegean_strike.test_ship_interception import DESTROYERS, TU22, intercept_mode, sailed

    found = sailed(intercept_mode(TU22))
    ordered = [a.text for a in GAME.order_actions(found, "b", GAME.legal_actions(found, "b"))]
    assert ordered[0] == f"intercept {TU22} {DESTROYERS}" and "pass" in ordered[1:]
    assert make_bot("greedy", GAME, "b", 3).choose(GAME.view(found, "b")) in actions(found, "b")
