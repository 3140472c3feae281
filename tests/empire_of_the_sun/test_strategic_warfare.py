"""Strategic warfare and the size of each side's deal (4.13, 11.1-11.5, Table T12, 9.32).

Positions are hand-built on the real map (``factory.position``); the strategic-warfare dice are
set by replacing the Context's ``roll`` with a list of chosen values, so each test reads like the
rulebook's worked examples. Hexes: Tokyo 3706, Iwo Jima 3709 (3 hexes from Tokyo), Okinawa 3209
(5), Saipan 3813 (7), Guam 3814 (8), Ulithi 3615 (9).
"""

from __future__ import annotations

import pytest

from tests.empire_of_the_sun.factory import components, place, position
from wargame.engine.procedure import Context
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun.strategic_warfare import (
    StrategicWarfare,
    allied_deal,
    bombers,
    japanese_deal,
    resource_hexes,
    strategic_bombing,
    submarine_warfare,
)

pytestmark = pytest.mark.game("empire-of-the-sun")

RESOURCE_HEXES = [
    "1813", "1916", "2017", "2008", "2014", "2220", "2415",
    "2517", "2616", "2813", "3219", "3302", "3303", "3305",
]  # fmt: skip
IWO_JIMA, OKINAWA, SAIPAN, GUAM, ULITHI = "3709", "3209", "3813", "3814", "3615"
B29_20, B29_21 = "us-20bc", "us-21bc"


def rolls(g: Context, *values: int) -> list[str]:
    """Make the next die rolls come out as ``values``; returns the reasons rolled, in order."""
    left = list(values)
    reasons: list[str] = []

    def roll(die, side, reason, **params):
        reasons.append(reason)
        return left.pop(0)

    g.roll = roll  # type: ignore[method-assign]
    return reasons


def japan_holding(count: int, turn: int = 5, **tracks) -> Context:
    """A position where Japan controls the first ``count`` of the 14 resource hexes."""
    return position(japanese=RESOURCE_HEXES[:count], turn=turn, **tracks)


# -- 11.1, 11.11, 11.12, 11.4: the Japanese deal -------------------------------------------------
@pytest.mark.rule("11.11")
def test_the_map_has_the_fourteen_resource_hexes_and_counts_japanese_control():
    board = components().board
    assert sorted(h for h in board.land_hexes if board.hexes[h].resource) == sorted(RESOURCE_HEXES)
    g = japan_holding(9)
    assert resource_hexes(g, "japan") == 9
    assert resource_hexes(g, "allied") == 5


@pytest.mark.rule("11.1", "11.11", "11.4")
@pytest.mark.parametrize(
    ("held", "cards", "passes"),
    [(14, 7, 0), (13, 7, 0), (12, 6, 1), (11, 6, 1), (10, 5, 2), (9, 5, 2), (7, 4, 2), (3, 4, 2)],
)
def test_from_turn_5_japan_draws_one_card_per_two_resource_hexes_rounded_up(held, cards, passes):
    assert japanese_deal(japan_holding(held, turn=5)) == (cards, passes)
    assert japanese_deal(japan_holding(held, turn=12)) == (cards, passes)


@pytest.mark.rule("11.12", "11.1")
@pytest.mark.parametrize("turn", [2, 3, 4])
def test_1942_strategic_reserves_give_seven_cards_whatever_the_resources(turn):
    assert japanese_deal(japan_holding(0, turn=turn)) == (7, 0)
    assert japanese_deal(japan_holding(14, turn=turn)) == (7, 0)


@pytest.mark.rule("11.1", "11.12", "11.4")
def test_strategic_warfare_cuts_come_off_the_deal_but_never_below_four():
    g = japan_holding(0, turn=3)
    g.data["deal_cuts"]["japan"] = 1
    assert japanese_deal(g) == (6, 1)
    g.data["deal_cuts"]["japan"] = 3
    assert japanese_deal(g) == (4, 2)
    g.data["deal_cuts"]["japan"] = 5
    assert japanese_deal(g) == (4, 2)
    g = japan_holding(14, turn=8)
    g.data["deal_cuts"]["japan"] = 2
    assert japanese_deal(g) == (5, 2)


# -- 11.5, 11.51, 11.52: the Allied deal ---------------------------------------------------------
@pytest.mark.rule("11.5", "11.51")
@pytest.mark.parametrize(
    ("turn", "deal"), [(2, (5, 2)), (3, (6, 1)), (4, (7, 0)), (5, (7, 0)), (12, (7, 0))]
)
def test_allied_draw_schedule(turn, deal):
    assert allied_deal(position(turn=turn)) == deal


@pytest.mark.rule("11.52")
@pytest.mark.parametrize(
    ("turn", "surrendered", "deal"),
    [
        (5, ["china"], (6, 1)),
        (5, ["india"], (6, 1)),
        (5, ["australia"], (6, 1)),
        (5, ["china", "india"], (5, 2)),
        (5, ["china", "india", "australia"], (4, 2)),
        (5, ["philippines", "malaya", "dei", "burma", "mandates_australian"], (7, 0)),
        (2, ["china"], (4, 3)),
        (3, ["china", "india"], (4, 3)),
        (2, ["china", "india", "australia"], (4, 3)),
    ],
)
def test_china_india_and_australia_surrenders_each_cost_a_card_for_a_pass(turn, surrendered, deal):
    g = position(turn=turn)
    g.data["surrendered"] = surrendered
    assert allied_deal(g) == deal


@pytest.mark.rule("11.52", "15.5")
def test_war_in_europe_level_4_costs_the_allies_a_card():
    assert allied_deal(position(turn=6, war_in_europe=-6)) == (7, 0)
    assert allied_deal(position(turn=6, war_in_europe=-7)) == (6, 1)
    g = position(turn=6, war_in_europe=-7)
    g.data["surrendered"] = ["china", "india", "australia"]
    assert allied_deal(g) == (4, 2)


# -- 11.2: submarine warfare ----------------------------------------------------------------------
@pytest.mark.rule("11.21", "11.22")
def test_the_rulebook_example_turn_2_roll_2_plus_1_minus_2_is_1_and_does_nothing():
    g = position(turn=2)
    rolls(g, 2)
    submarine_warfare(g)
    assert g.data["deal_cuts"]["japan"] == 0
    assert g.data["tracks"]["japanese_asp"] == 7
    assert japanese_deal(g) == (7, 0)


@pytest.mark.rule("11.21", "11.22", "9.32")
def test_a_result_of_zero_cuts_a_card_and_a_japanese_asp_for_good():
    g = position(turn=2)
    rolls(g, 1)  # 1 + 1 (1942) - 2 = 0
    submarine_warfare(g)
    assert g.data["deal_cuts"]["japan"] == 1
    assert g.data["tracks"]["japanese_asp"] == 6
    assert japanese_deal(g) == (6, 1)


@pytest.mark.rule("11.22")
@pytest.mark.parametrize(
    ("turn", "roll", "succeeds"),
    [(4, 3, True), (4, 4, False), (5, 5, True), (5, 6, False), (12, 9, True), (6, 7, False)],
)
def test_defective_torpedoes_add_one_on_1942_turns_only(turn, roll, succeeds):
    g = position(turn=turn)
    rolls(g, roll)
    submarine_warfare(g)
    assert g.data["deal_cuts"]["japan"] == (1 if succeeds else 0)


@pytest.mark.rule("11.22", "11.21")
def test_escorts_add_their_modifier_and_step_down_after_each_success():
    g = position(turn=6, escort=4)
    rolls(g, 2, 3, 5)
    submarine_warfare(g)  # 2 - 6 + 4 = 0: success, escort +4 -> +2
    assert g.data["tracks"]["escort"] == 2
    submarine_warfare(g)  # 3 - 6 + 2 = -1: success, escort +2 -> 0
    assert g.data["tracks"]["escort"] == 0
    assert g.data["deal_cuts"]["japan"] == 2
    g = position(turn=6, escort=2)
    rolls(g, 5)
    submarine_warfare(g)  # 5 - 6 + 2 = 1: no effect, the escorts stay
    assert g.data["tracks"]["escort"] == 2
    assert g.data["deal_cuts"]["japan"] == 0


@pytest.mark.rule("9.32", "11.21")
def test_submarines_never_take_the_last_japanese_asp():
    g = position(turn=10, japanese_asp=1)
    rolls(g, 0)
    submarine_warfare(g)
    assert g.data["tracks"]["japanese_asp"] == 1
    assert g.data["deal_cuts"]["japan"] == 1


# -- 11.3: strategic bombing ----------------------------------------------------------------------
@pytest.mark.rule("11.31")
def test_b29s_bomb_from_an_allied_supply_eligible_airfield_within_8_hexes_of_tokyo():
    board = components().board
    assert [board.distance(h, "3706") for h in (IWO_JIMA, SAIPAN, GUAM, ULITHI)] == [3, 7, 8, 9]
    g = position(units={B29_20: GUAM, B29_21: ULITHI})
    assert bombers(g) == [B29_20]
    g = position(units={B29_20: SAIPAN, B29_21: OKINAWA}, empire=True)
    assert bombers(g) == []  # Japanese airfields
    g = position(units={B29_20: SAIPAN}, japanese=[])
    assert bombers(g) == [B29_20]
    g.data["rebuilt"][B29_20] = True  # rebuilt by replacement this turn
    assert bombers(g) == []


@pytest.mark.rule("11.31", "12.74")
def test_a_b29_in_the_china_box_bombs_only_while_the_box_is_in_supply():
    assert bombers(position(units={B29_20: "china"}, burma_road="open")) == [B29_20]
    closed = position(units={B29_20: "china"}, burma_road="closed", hump=False)
    assert bombers(closed) == []
    hump = position(units={B29_20: "china"}, burma_road="closed", hump=True)
    assert bombers(hump) == [B29_20]  # HUMP with an Allied Northern India airfield
    cut_off = position(units={B29_20: "china"}, burma_road="closed", hump=True)
    for hex_id in components().board.area("india_north"):
        cut_off.data["control"][hex_id] = "japan"
    assert bombers(cut_off) == []


@pytest.mark.rule("11.32", "11.3")
@pytest.mark.parametrize(
    ("reduced", "roll", "cut"),
    [(False, 0, 1), (False, 8, 1), (False, 9, 0), (True, 4, 1), (True, 5, 0), (True, 8, 0)],
)
def test_full_b29s_succeed_on_0_to_8_and_reduced_ones_on_0_to_4(reduced, roll, cut):
    g = position(units={B29_20: (GUAM, reduced)}, japanese=[IWO_JIMA])
    rolls(g, roll)
    strategic_bombing(g)
    assert g.data["deal_cuts"]["japan"] == cut
    assert g.data["bombing"] == [cut == 1]


@pytest.mark.rule("11.32", "11.33")
def test_each_success_cuts_a_card_and_strategic_bombing_cuts_at_most_two():
    g = japan_holding(14, turn=10)
    place(g.data, B29_20, GUAM)
    place(g.data, B29_21, SAIPAN)
    reasons = rolls(g, 3, 6)
    strategic_bombing(g)
    assert reasons == ["strategic_bombing", "strategic_bombing"]
    assert g.data["deal_cuts"]["japan"] == 2
    assert japanese_deal(g) == (5, 2)


@pytest.mark.rule("11.32")
def test_a_9_costs_the_bomber_a_step_unless_the_allies_hold_an_airfield_near_tokyo():
    g = position(units={B29_20: GUAM}, empire=True)  # every airfield near Tokyo is Japanese
    rolls(g, 9, 9)
    strategic_bombing(g)
    assert g.data["units"][B29_20] == GUAM and B29_20 in g.data["reduced"]
    strategic_bombing(g)
    assert g.data["units"][B29_20] == "eliminated"
    assert g.data["bombing"] == [False, False]
    g = position(units={B29_20: GUAM}, empire=True)
    g.data["control"][IWO_JIMA] = "allied"  # 3 hexes from Tokyo
    rolls(g, 9)
    strategic_bombing(g)
    assert g.data["units"][B29_20] == GUAM and B29_20 not in g.data["reduced"]
    g = position(units={B29_20: IWO_JIMA}, empire=True)
    g.data["control"][IWO_JIMA] = "allied"  # the bomber's own airfield is enough
    assert bombers(g) == [B29_20]
    rolls(g, 9)
    strategic_bombing(g)
    assert B29_20 not in g.data["reduced"]
    g = position(units={B29_20: GUAM}, empire=True)
    g.data["control"][OKINAWA] = "allied"  # 5 hexes from Tokyo: too far
    rolls(g, 9)
    strategic_bombing(g)
    assert B29_20 in g.data["reduced"]


@pytest.mark.rule("11.3", "16.2")
def test_every_segment_records_whether_japan_was_bombed_successfully():
    g = position(units={B29_20: GUAM}, japanese=[IWO_JIMA])
    rolls(g, 2, 9, 5)
    for _ in range(3):
        strategic_bombing(g)
    assert g.data["bombing"] == [True, False, True]
    g = position()
    strategic_bombing(g)  # no B-29: nothing rolled, an unsuccessful turn
    assert g.data["bombing"] == [False]
    assert g.data["deal_cuts"]["japan"] == 0


# -- 4.13: the segment -----------------------------------------------------------------------------
@pytest.mark.rule("4.13", "11.2", "11.3")
def test_the_segment_rolls_for_submarines_then_for_each_b29_and_both_cut_this_turns_deal():
    g = japan_holding(14, turn=10)
    place(g.data, B29_20, GUAM)
    reasons = rolls(g, 0, 1)
    g.state.stack.append(Frame("strategic_warfare", "start"))
    StrategicWarfare().start(g, g.frame)
    assert not g.state.stack
    assert reasons == ["submarine_warfare", "strategic_bombing"]
    assert g.data["deal_cuts"]["japan"] == 2
    assert japanese_deal(g) == (5, 2)
