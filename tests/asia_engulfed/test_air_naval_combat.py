"""Asia Engulfed's air/naval combat phase (1.14, 8.3-8.6), played through the game contract on
the January 1942 set-up with fleets placed in the Coral Sea (no LBA borders it), the dice fixed:
``rolls`` for the interception checks and damage rolls, ``dice`` for every combat volley."""

import copy

import pytest

from tests.asia_engulfed.positions import fix_dice, in_full_supply, pass_to, play
from wargame.engine.action import Action
from wargame.engine.errors import IllegalAction
from wargame.engine.rng import Rng
from wargame.fuzz import check_views
from wargame.games.asia_engulfed import GAME, air_naval_combat, fleet_hits, port_attacks, submarines
from wargame.games.asia_engulfed.charts import printed
from wargame.games.asia_engulfed.control import area
from wargame.games.asia_engulfed.interception import interception_options
from wargame.games.asia_engulfed.sea_forces import battle_seas

pytestmark = pytest.mark.game("asia-engulfed")

SEA = "coral_sea"


@pytest.fixture
def dice(monkeypatch):
    """``dice(6, 5)``: the next combat dice show these faces, then 1s."""
    return fix_dice(monkeypatch, fleet_hits)


@pytest.fixture
def rolls(monkeypatch):
    """``rolls(6, 3)``: the next interception or damage rolls (Japan's first), then 1s."""
    faces = []
    for module in (air_naval_combat, submarines):  # the checks' and the damage rolls' die
        monkeypatch.setattr(module, "d6", lambda g: faces.pop(0) if faces else 1)
    return lambda *shown: faces.extend(shown)


def meet(*fleets):
    """Japan's air/naval combat phase of Jan/Feb 1942 with ``fleets`` in the Coral Sea."""
    state = GAME.setup("jan1942", 7)
    for fleet in fleets:
        state.data["units"][fleet]["where"] = SEA
    state = pass_to(state, "japan", "air_naval_combat")
    in_full_supply(state.data)
    return copy.deepcopy(state)


def both(state, japan, allies):
    return play(play(state, "japan", f"intercept {japan}"), "allies", f"intercept {allies}")


def offered(state, side):
    return sorted(str(a) for a in GAME.legal_actions(state, side))


def logged(state, key):
    return [e.params for e in state.log if e.key == key]


def hidden(state, unit_id):
    return state.data["units"][unit_id]["hidden"]


@pytest.mark.rule("8.3")
@pytest.mark.rule("8.31")
@pytest.mark.rule("1.14")
def test_both_sides_choose_at_once_and_the_first_choice_stays_secret():
    state = meet("jp-cv-a", "jp-bb-a", "us-ca-a")
    assert sorted(GAME.active(state)) == ["allies", "japan"]
    assert offered(state, "japan") == ["intercept day", "intercept night"]
    assert offered(state, "allies") == ["intercept night"]  # surface ships only (T13)
    state = play(state, "japan", "intercept day")
    assert GAME.active(state) == ["allies"]
    shown = GAME.view(state, "allies")["board"]["interception"]
    assert shown["choices"] == {} and shown["chosen"] == ["japan"]
    assert offered(state, "allies") == ["intercept night"]
    assert not any("day" in str(e.params) for e in state.log[-1:])
    check_views(GAME, state, Rng(4))  # Japan's choice is a secret the fuzzer checks
    assert GAME.view(state, "japan")["board"]["interception"]["choices"] == {"japan": "day"}


@pytest.mark.rule("8.31")
def test_nobody_may_avoid_at_the_first_check():
    state = meet("jp-bb-a", "us-ca-a")
    with pytest.raises(IllegalAction, match=r"8\.31 b"):
        GAME.apply(state, "japan", Action.parse("intercept avoid"))
    assert state.data["interception"]["choices"] == {}


@pytest.mark.rule("8.31")
@pytest.mark.rule("8.41")
@pytest.mark.rule("8.6")
def test_the_higher_roll_has_its_night_action_with_the_t10_gunnery_bonus(rolls, dice):
    state = meet("jp-bb-a", "us-ca-a")
    rolls(6, 3, 6)  # Japan wins by 3 (no surprise); then the damage roll of us-ca-a
    dice(5, 4, 1)  # jp-bb-a: BB at CA +1: 6 destroys, 5 damages, 2 misses; the CA then 1s
    state = both(state, "night", "night")
    assert logged(state, "log.interception_won")[0]["side"] == "japan"
    assert [g["unit"] for g in logged(state, "log.gunnery")] == ["jp-bb-a", "us-ca-a"]
    # 3 steps: one destroyed, one damaged and resolved: on a 6 a CA step needs 1 WERP
    assert hidden(state, "us-ca-a")["steps"] == 1
    assert hidden(state, "us-ca-a").get("damaged", 0) == 0
    assert state.data["naval_repairs"] == [{"power": "usa", "type": "ca", "werp": 1}]
    assert hidden(state, "jp-bb-a")["steps"] == 3  # the CA's 1s, -1 at a BB, missed
    assert state.data["interception"]["check"] == 2  # both still there: another check


@pytest.mark.rule("7.6")
def test_code_breaking_gives_the_allies_three_on_the_first_check_in_its_sea_area(rolls, dice):
    state = meet("jp-bb-a", "us-ca-a")
    state.data["code_breaking"] = {"years": [1942], "sea": SEA}
    state = copy.deepcopy(state)
    rolls(4, 2, 6)  # Japan 4, the Allies 2 + 3 = 5: the Allies' night; then a damage roll
    state = both(state, "night", "night")
    assert logged(state, "log.interception_won")[0]["side"] == "allies"
    assert logged(state, "log.interception_roll")[1] == {
        "side": "allies", "area": SEA, "roll": 2, "total": 5
    }  # fmt: skip


@pytest.mark.rule("8.31")
def test_equal_rolls_are_bad_weather_and_avoid_comes_with_the_next_check(rolls, dice):
    state = meet("jp-bb-a", "us-ca-a")
    rolls(3, 3)
    state = both(state, "night", "night")
    assert logged(state, "log.bad_weather") == [{"area": SEA}]
    assert not logged(state, "log.gunnery")
    assert offered(state, "allies") == ["intercept avoid", "intercept night"]


@pytest.mark.rule("8.31")
@pytest.mark.rule("8.4")
def test_a_surprise_fires_first_and_the_sunk_never_fire_back(rolls, dice):
    state = meet("jp-bb-a", "us-ca-b")
    rolls(6, 2)  # 4 higher at the first check: surprise
    dice(5, 5)  # +1 at a CA: two steps destroyed, us-ca-b (2 steps) sinks
    state = both(state, "night", "night")
    assert logged(state, "log.interception_surprise")[0]["side"] == "japan"
    assert [g["unit"] for g in logged(state, "log.gunnery")] == ["jp-bb-a"]
    assert "us-ca-b" not in state.data["units"] and "us-ca-b" in state.data["known_in_pool"]
    assert battle_seas(state.data) == []
    assert state.stack[-1].name == "port_attacks"  # the battles are over


@pytest.mark.rule("8.32")
@pytest.mark.rule("8.4")
def test_the_side_that_avoids_rebases_out_and_then_the_phase_may_end(rolls, dice):
    state = meet("jp-bb-a", "us-ca-a")
    rolls(2, 2)
    state = both(state, "night", "night")  # bad weather
    state = both(state, "night", "avoid")
    assert GAME.active(state) == ["allies"]
    assert all(a.startswith("rebase us-ca-a") for a in offered(state, "allies"))
    assert state.data["phase"] == "air_naval_combat"  # not before the sea area is cleared
    state = play(state, "allies", "rebase us-ca-a fiji")
    assert state.data["units"]["us-ca-a"]["where"] == "fiji"
    assert state.data["units"]["jp-bb-a"]["where"] == SEA
    assert state.stack[-1].name == "port_attacks"


@pytest.mark.rule("8.42")
@pytest.mark.rule("8.31")
def test_by_day_air_units_are_assigned_in_secret_then_carrier_air_strikes(rolls, dice):
    state = meet("jp-cv-a", "us-ca-a", "us-cv-a")
    rolls(4, 3)  # Japan 4 + 1 for Day, the Allies 3: day action, no surprise
    state = both(state, "day", "night")
    assert sorted(GAME.active(state)) == ["allies", "japan"]
    assert "mission us-cba-1 escort" in offered(state, "allies")
    state = play(state, "japan", "mission jp-cba-e1 escort")
    assert GAME.view(state, "allies")["board"]["air_missions"] == {"allies": {"us-cba-1": "attack"}}
    check_views(GAME, state, Rng(4))
    # AA: 2 dice each side (4 fleet steps), all miss; Japan's 3 elite attackers (escort meets
    # no CAP) take the carrier first, then the cruiser: CBA +1 and elite +1, so 4s destroy;
    # the US CBA hits jp-cv-a with a 6 (+1 at a CV)
    dice(1, 1, 1, 1, 4, 4, 4, 4, 4, 4, 6, 1)
    state = play(state, "japan", "commit")
    state = play(state, "allies", "commit")
    attacks = logged(state, "log.air_attack")
    assert {a["target"] for a in attacks if a["unit"].startswith("jp-")} == {"us-cv-a", "us-ca-a"}
    assert "us-cv-a" not in state.data["units"]
    assert "us-cba-1" not in state.data["counters"]  # its carrier sunk, no room left (8.42 g)
    assert hidden(state, "us-ca-a")["steps"] == 1
    assert hidden(state, "jp-cv-a")["steps"] == 3
    boxed = [c for c in state.data["counters"].values() if c["where"] == "box:JA"]
    assert sum(c["steps"] for c in boxed) == 6  # 2 CBA steps a CV step (8.42 g)


@pytest.mark.rule("8.31")
def test_when_nobody_can_fight_avoid_is_the_only_choice_from_the_second_check():
    state = meet("jp-cv-c", "us-cv-a")
    data = state.data
    for counter in ("jp-cba-3", "us-cba-1"):
        data["counters"][counter]["where"] = "orphan_box"
    assert interception_options(data, "japan", SEA, 1) == ["day"]
    assert interception_options(data, "japan", SEA, 2) == ["day", "avoid"]  # nothing shown yet
    for fleet in ("jp-cv-c", "us-cv-a"):
        data["units"][fleet]["seen"] = {"japan": "battle:" + SEA, "allies": "battle:" + SEA}
    assert interception_options(data, "japan", SEA, 2) == ["avoid"]


@pytest.mark.rule("8.4")
def test_random_play_never_leaves_both_sides_in_one_sea_area():
    state = meet("jp-bb-a", "jp-cv-a", "us-ca-a", "us-cv-a", "us-cv-b")
    rng = Rng(11)
    while state.data["phase"] == "air_naval_combat":
        side = GAME.active(state)[0]
        actions = GAME.legal_actions(state, side)
        state = GAME.apply(state, side, actions[rng.below(len(actions))])
    assert battle_seas(state.data) == []
    assert GAME.check(state) == []


@pytest.mark.rule("8.5")
@pytest.mark.rule("8.52")
@pytest.mark.rule("8.53")
@pytest.mark.rule("8.31")
def test_a_submarine_alone_with_enemy_fleets_attacks_undamaged_ones(rolls, dice):
    state = GAME.setup("jan1942", 7)
    state.data["units"]["jp-bb-a"]["where"] = SEA
    state.data["counters"]["us-sub"]["where"] = SEA
    state = pass_to(state, "japan", "air_naval_combat")
    assert GAME.active(state) == ["allies"]  # no interception check: straight to 8.52
    assert offered(state, "allies") == ["sub_attack undamaged", "wait"]
    dice(1, 6, 5)  # Japan's one ASW die (no CV or CA) misses; the sub: destroy, then damage
    rolls(6)  # the damaged BB step: 1 WERP to repair
    state = play(state, "allies", "sub_attack undamaged")
    assert hidden(state, "jp-bb-a")["steps"] == 1
    assert state.data["naval_repairs"] == [{"power": "japan", "type": "bb", "werp": 1}]
    assert state.data["counters"]["us-sub"]["where"] == "holding_box"
    assert play(state, "japan", "end").data["phase"] == "operational_movement"


@pytest.mark.rule("8.51")
def test_a_submarine_sinks_at_most_the_damaged_step_of_a_damaged_fleet(rolls, dice):
    state = meet("jp-bb-a", "us-ca-a")
    state.data["counters"]["jp-sub"]["where"] = SEA
    rolls(6, 3, 1)  # Japan wins the night; the damage roll after is never needed
    dice(1, 4, 1)  # jp-bb-a: 1 miss, 4+1 = 5 damages, 1 miss
    state = both(state, "night", "night")
    assert hidden(state, "us-ca-a")["damaged"] == 1
    assert offered(state, "japan") == ["sub_attack damaged", "wait"]  # no undamaged fleet
    dice(1, 1, 1, 5, 6)  # ASW: the damaged CA's 3 steps roll and miss; the sub: two hits
    state = play(state, "japan", "sub_attack damaged")
    assert hidden(state, "us-ca-a")["steps"] == 2  # one step only (8.51)
    assert state.data["naval_repairs"] == []


def port_aa(where):
    return printed().port_aa_dice(area(where).port)


def striking(**placed):
    """Japan's air/naval combat phase with ``placed`` fleets (id -> place) and no battle: its
    port and airbase attacks."""
    state = GAME.setup("jan1942", 7)
    for fleet, where in placed.items():
        state.data["units"][fleet]["where"] = where
    state = pass_to(state, "japan", "air_naval_combat")
    assert GAME.active(state) == ["japan"] and "end" in offered(state, "japan")
    return state


@pytest.mark.rule("8.7")
@pytest.mark.rule("8.6")
def test_carrier_air_strikes_fleets_in_port_with_the_port_bonus(rolls, dice):
    state = striking(**{"jp-cv-a": SEA, "us-ca-a": "new_caledonia"})
    state = play(state, "japan", "strike new_caledonia coral_sea fleets")
    # AA (the CA's step pair and the port's dice) misses; jp-cba-e2 rolls 3 and 2: CBA at a CA
    # +1, elite +1, in port +1: destroyed, damaged; the damaged step is lost on a 1
    dice(*([1] * (1 + port_aa("new_caledonia"))), 3, 2)
    rolls(1)
    state = play(state, "japan", "mission jp-cba-e1 escort", "commit")
    assert hidden(state, "us-ca-a")["steps"] == 1
    assert logged(state, "log.damaged_step_lost")[0]["unit"] == "us-ca-a"
    assert not [a for a in offered(state, "japan") if "coral_sea" in a]  # each flies once


@pytest.mark.rule("8.7")
def test_port_facilities_take_a_damage_a_six_three_at_most(dice):
    state = striking(**{"jp-cv-a": SEA})
    state = play(state, "japan", "strike gili_gili coral_sea facilities")
    dice(*([1] * port_aa("gili_gili")), 5, 5, 5, 5, 5)  # elite +1: five 6s
    state = play(state, "japan", "commit")
    assert state.data["port_damage"] == {"gili_gili": printed().ports.most_damage}
    assert printed().ports.most_damage == 3


@pytest.mark.rule("8.7")
def test_no_strike_from_a_sea_area_with_enemy_fleets():
    state = GAME.setup("jan1942", 7)
    state.data["units"]["jp-cv-a"]["where"] = SEA
    data = state.data
    assert ("gili_gili", SEA, "facilities") in set(port_attacks.targets(data, "japan", []))
    data["units"]["us-ca-a"]["where"] = SEA
    assert not [t for t in port_attacks.targets(data, "japan", []) if t[1] == SEA]


@pytest.mark.rule("8.42")
@pytest.mark.rule("8.52")
def test_a_carrier_losing_a_step_loses_the_aircraft_it_can_no_longer_carry(dice):
    state = GAME.setup("jan1942", 7)
    state.data["units"]["jp-cv-b"]["where"] = SEA  # 2 steps, 4 CBA steps in its box
    state.data["counters"]["us-sub"]["where"] = SEA
    state = pass_to(state, "japan", "air_naval_combat")
    dice(1, 1, 6, 1)  # the CV's 2 ASW dice miss; the submarine destroys a step
    state = play(state, "allies", "sub_attack undamaged")
    assert hidden(state, "jp-cv-b")["steps"] == 1
    boxed = [c["steps"] for c in state.data["counters"].values() if c["where"] == "box:JB"]
    assert boxed == [1, 1]  # 2 CBA steps a CV step (8.42 g): both units reduced
    assert GAME.check(state) == []


@pytest.mark.rule("8.11")
def test_fleets_of_one_type_consolidate_into_the_fewest_before_the_night_action(rolls, dice):
    state = meet("jp-bb-a", "jp-ca-a", "jp-ca-e", "us-ca-a", "us-ca-d")
    rolls(6, 3)  # Japan's night
    state = both(state, "night", "night")
    assert "us-ca-d" not in state.data["units"]  # 3 + 1 steps fit the 4 of us-ca-a
    assert "us-ca-d" in state.data["pools"]["usa"]
    assert hidden(state, "us-ca-a")["steps"] == 4
    assert logged(state, "log.fleet_consolidated") == [{"unit": "us-ca-d", "area": SEA}]
    assert {"jp-ca-a", "jp-ca-e"} <= set(state.data["units"])  # the elite CA never merges
    assert [g["unit"] for g in logged(state, "log.gunnery")][-1] == "us-ca-a"


@pytest.mark.rule("8.11")
@pytest.mark.rule("4.24")
def test_a_consolidated_carrier_hands_its_aircraft_to_the_one_that_stays(rolls, dice):
    state = meet("jp-bb-a", "us-ca-a", "us-cv-a", "us-cv-b")
    aircraft = {c for c, x in state.data["counters"].items() if x["where"] in ("box:UA", "box:UB")}
    rolls(6, 3)  # Japan's night
    state = both(state, "night", "night")
    assert "us-cv-b" not in state.data["units"]
    assert hidden(state, "us-cv-a")["steps"] == 2
    assert {state.data["counters"][c]["where"] for c in aircraft} == {"box:UA"}
