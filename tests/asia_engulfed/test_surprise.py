"""Asia Engulfed's surprise attack (9.11) in the naval movement phase of the Nov/Dec 1941
campaign's first turn."""

import pytest

from tests.asia_engulfed.positions import offered, pass_phase, play
from wargame.engine.action import Action
from wargame.games.asia_engulfed import GAME
from wargame.games.asia_engulfed.charts import printed
from wargame.games.asia_engulfed.influence import projecting
from wargame.games.asia_engulfed.naval import reactions
from wargame.games.asia_engulfed.surprise import (
    air_bonus,
    allied_aa_dice,
    forced_to_react,
    round_fought,
    submarine_barred,
)

pytestmark = pytest.mark.game("asia-engulfed")


def surprise_turn():
    state = GAME.setup("dec1941", 7)
    assert (state.data["turn"], state.data["phase_player"]) == ("1941-11", "japan")
    return state


@pytest.mark.rule("9.11")
def test_us_fleets_at_hawaii_and_in_the_usa_do_not_react():
    data = surprise_turn().data
    data["units"]["us-ca-c"]["where"] = "hawaii"  # one more fleet in port there
    reacting = reactions(data, "allies", "hawaiian_islands", printed())
    assert not [f for f in reacting if data["units"][f]["where"] in ("hawaii", "usa")]
    data["turn"] = "1942-01"
    reacting = reactions(data, "allies", "hawaiian_islands", printed())
    assert "us-bb-a" in reacting  # after the surprise turn they do


@pytest.mark.rule("9.11")
def test_allied_lba_and_fleets_in_port_project_no_influence_until_the_air_naval_phase_ends():
    data = surprise_turn().data
    assert "allies" not in projecting(data)["us_west_coast"]  # fleets in port, LBA in the USA
    assert "allies" in projecting(data)["hawaiian_islands"]  # fleets at sea still do
    data["phase"] = "operational_movement"
    assert "allies" in projecting(data)["us_west_coast"]
    data["phase"], data["phase_player"] = "naval_movement", "allies"
    assert "allies" in projecting(data)["us_west_coast"]


@pytest.mark.rule("9.11")
def test_the_commonwealth_fleets_at_singapore_react_by_themselves_into_the_java_sea():
    state = play(surprise_turn(), "japan", "sail jp-bb-c java_sea", "close")
    where = {f: state.data["units"][f]["where"] for f in ("cw-bb-a", "cw-ca-a")}
    assert where == {"cw-bb-a": "java_sea", "cw-ca-a": "java_sea"}
    assert "log.forced_reaction" in [event.key for event in state.log]


@pytest.mark.rule("9.11")
def test_the_forced_reaction_holds_only_on_the_surprise_turn_and_for_two_sea_areas():
    data = surprise_turn().data
    assert forced_to_react(data, "allies", "java_sea")
    assert forced_to_react(data, "allies", "gulf_of_thailand")
    assert not forced_to_react(data, "allies", "south_china_sea")
    data["turn"] = "1942-01"
    assert not forced_to_react(data, "allies", "java_sea")


@pytest.mark.rule("9.11")
def test_the_japanese_submarine_never_goes_to_the_hawaiian_islands_on_the_surprise_turn():
    data = surprise_turn().data
    assert submarine_barred(data, "japan", "hawaiian_islands")
    assert not submarine_barred(data, "japan", "gulf_of_thailand")
    assert not submarine_barred(data, "allies", "hawaiian_islands")
    data["turn"] = "1942-01"
    assert not submarine_barred(data, "japan", "hawaiian_islands")


# -- the air/naval combat phase: 9.11 b, c, f, j, k ------------------------------------------


def at_pearl_harbor():
    """The surprise turn's air/naval combat phase, Japan's two northern carriers in the
    Hawaiian Islands sea area (the US carriers at sea there, its battleships in port)."""
    state = surprise_turn()
    for carrier in ("jp-cv-a", "jp-cv-b"):
        state.data["units"][carrier]["where"] = "hawaiian_islands"
    state = GAME.apply(state, "japan", Action.parse("end"))
    while state.data["phase"] != "air_naval_combat":
        state = pass_phase(state, "japan")
    return state


def keys(state, since=0):
    return [event.key for event in state.log[since:]]


@pytest.mark.rule("9.11")
def test_the_surprise_port_attack_on_hawaii_comes_before_any_battle_there():
    state = at_pearl_harbor()
    assert "allies" in {u["owner"] for u in state.data["units"].values()
                        if u["where"] == "hawaiian_islands"}  # fmt: skip
    assert offered(state, "japan", "strike") == [
        "strike hawaii hawaiian_islands airbase",
        "strike hawaii hawaiian_islands facilities",
        "strike hawaii hawaiian_islands fleets",
    ]  # b, j: no interception check first, the US fleets at sea do not stop it


@pytest.mark.rule("9.11")
def test_at_pearl_harbor_hawaii_lba_fly_no_cap_and_allied_aa_dice_are_halved():
    state = at_pearl_harbor()
    data = state.data
    in_port = [u for u, unit in data["units"].items()
               if unit["where"] == "hawaii" and unit["public"]["kind"] == "fleet"]  # fmt: skip
    steps = sum(data["units"][u]["hidden"]["steps"] for u in in_port)
    dice = steps // 2 + printed().port_aa_dice("large")
    since = len(state.log)
    state = play(state, "japan", "strike hawaii hawaiian_islands fleets", "commit")
    assert "log.air_to_air" not in keys(state, since)  # j: no CAP, no shot back
    (aa,) = [e for e in state.log[since:] if e.key == "log.anti_aircraft"]
    assert len(aa.params["rolls"]) == -(-dice // 2)  # f
    assert GAME.view(state, "japan")["prompt"]["key"] == "prompt.pearl_harbor_stay"


@pytest.mark.rule("9.11")
def test_japanese_air_gets_plus_one_elite_plus_two_in_the_first_round_of_a_sea_area():
    data = at_pearl_harbor().data
    charts = printed()
    data["interception"] = {"sea": "hawaiian_islands", "check": 1, "choices": {}}
    assert air_bonus(data, "jp-cba-1", charts) == 1
    assert air_bonus(data, "jp-cba-e1", charts) == 2
    assert air_bonus(data, "us-cba-1", charts) == 0
    round_fought(data, "hawaiian_islands")
    assert air_bonus(data, "jp-cba-1", charts) == 0  # the first round is over there
    data["interception"]["sea"] = "coral_sea"
    assert air_bonus(data, "jp-cba-1", charts) == 1
    data["turn"] = "1942-01"
    assert air_bonus(data, "jp-cba-1", charts) == 0


@pytest.mark.rule("9.11")
def test_allied_aa_is_halved_in_port_attacks_only_and_at_hawaii_only_the_first_time():
    data = at_pearl_harbor().data
    charts = printed()
    assert allied_aa_dice(data, "allies", "hawaii", 7, charts) == 4
    assert allied_aa_dice(data, "allies", "hawaiian_islands", 7, charts) == 7  # a battle
    assert allied_aa_dice(data, "japan", "hawaii", 7, charts) == 7
    round_fought(data, "hawaiian_islands", "hawaii")
    assert allied_aa_dice(data, "allies", "hawaii", 7, charts) == 7
    assert allied_aa_dice(data, "allies", "midway", 3, charts) == 2


@pytest.mark.rule("9.11")
def test_staying_after_pearl_harbor_brings_a_one_round_day_action_with_the_us_plus_three():
    state = play(at_pearl_harbor(), "japan", "strike hawaii hawaiian_islands fleets", "commit")
    state = play(state, "japan", "stay")
    assert state.data["interception"]["sea"] == "hawaiian_islands"
    assert offered(state, "japan", "intercept") == ["intercept day"]
    assert offered(state, "allies", "intercept") == ["intercept avoid", "intercept day"]
    state = play(state, "japan", "intercept day")
    state = play(state, "allies", "intercept day")
    rolls = {e.params["side"]: e.params for e in state.log if e.key == "log.interception_roll"}
    assert rolls["allies"]["total"] == rolls["allies"]["roll"] + 1 + 3
    assert rolls["japan"]["total"] == rolls["japan"]["roll"] + 1


@pytest.mark.rule("9.11")
def test_withdrawing_after_pearl_harbor_rebases_the_japanese_fleets_at_once():
    state = play(at_pearl_harbor(), "japan", "strike hawaii hawaiian_islands fleets", "commit")
    state = play(state, "japan", "depart")
    assert GAME.view(state, "japan")["prompt"]["key"] == "prompt.rebase"


@pytest.mark.rule("9.11")
def test_the_us_fleets_may_rebase_to_the_usa_instead_of_fighting_but_not_to_hawaii():
    state = play(at_pearl_harbor(), "japan", "strike hawaii hawaiian_islands fleets", "commit")
    state = play(state, "japan", "stay", "intercept day")
    state = play(state, "allies", "intercept avoid")
    ports = {str(a).split()[-1] for a in GAME.legal_actions(state, "allies") if a.verb == "rebase"}
    assert ports == {"usa"}
