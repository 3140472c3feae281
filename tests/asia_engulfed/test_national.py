"""Asia Engulfed's national rules between the phases (national.py): US production growth
(9.22) and the force pool additions (4.4, 9.22); the US dated build markers (9.24); Chinese
militia (9.46)."""

import pytest

from tests.asia_engulfed.positions import at_operational_movement, play
from wargame.engine.procedure import Context
from wargame.games.asia_engulfed import GAME, ground_combat
from wargame.games.asia_engulfed.charts import printed
from wargame.games.asia_engulfed.national import after_phase, arrivals, qualifying_seas
from wargame.games.asia_engulfed.production import markers_held, us_werp

pytestmark = pytest.mark.game("asia-engulfed")

US_FORCE = ("us-ca-a", "us-cv-a", "us-cv-b", "us-ca-b", "us-bb-b")  # 9 steps, 2 carriers


def at_sea(state, sea, *fleets):
    for fleet in fleets:
        state.data["units"][fleet]["where"] = sea
    return state


def context(state):
    return Context(state, GAME.procedure_map, None)


@pytest.mark.rule("9.22")
def test_eight_us_steps_with_a_carrier_facing_japanese_fleets_qualify():
    state = at_sea(at_operational_movement(), "hawaiian_islands", *US_FORCE, "jp-ca-c")
    data = state.data
    assert qualifying_seas(data, printed()) == ["hawaiian_islands"]
    data["units"]["us-ca-a"]["where"] = "hawaii"  # 6 steps left
    assert qualifying_seas(data, printed()) == []
    data["units"]["us-ca-a"]["where"] = "hawaiian_islands"
    for carried in ("us-cba-1", "us-cba-2"):
        data["counters"][carried]["where"] = "hawaii"  # carriers without their CBA
    assert qualifying_seas(data, printed()) == []


@pytest.mark.rule("9.22")
def test_the_first_operation_raises_us_production_in_1943_the_second_in_1944():
    state = at_sea(at_operational_movement(), "hawaiian_islands", *US_FORCE, "jp-ca-c")
    data = state.data
    after_phase(context(state), "operational_movement")  # only naval movement counts
    assert not data["tracks"].get("us_first_increase_met")
    after_phase(context(state), "naval_movement")
    assert not data["tracks"].get("us_first_increase_met")  # judged, not yet public
    after_phase(context(state), "air_naval_combat")
    assert data["tracks"]["us_first_increase_met"] == 194201
    data["turn"] = "1942-11"
    assert us_werp(data) == 20
    data["turn"] = "1943-01"
    assert us_werp(data) == 25
    for phase in ("naval_movement", "air_naval_combat"):
        after_phase(context(state), phase)
    data["turn"] = "1944-01"
    assert us_werp(data) == 30


@pytest.mark.rule("9.22")
def test_an_increase_met_late_counts_from_the_next_turn():
    data = at_operational_movement().data
    data["turn"], data["tracks"]["us_first_increase_met"] = "1943-03", 194303
    assert us_werp(data) == 20  # met this turn: not in this turn's production
    data["turn"] = "1943-05"
    assert us_werp(data) == 25


@pytest.mark.rule("9.22")
def test_a_us_force_at_sea_where_japan_could_react_qualifies_though_japan_stays_in_port():
    data = at_sea(at_operational_movement(), "central_pacific", *US_FORCE).data
    data["phase_player"] = "allies"
    assert not [u for u in data["units"].values() if u["where"] == "central_pacific"
                and u["owner"] == "japan"]  # fmt: skip
    assert qualifying_seas(data, printed()) == ["central_pacific"]  # Japan could react there
    at_sea_out_of_reach = at_sea(at_operational_movement(), "hawaiian_islands", *US_FORCE).data
    at_sea_out_of_reach["phase_player"] = "allies"
    assert qualifying_seas(at_sea_out_of_reach, printed()) == []  # no Japanese fleet in range


def react_with_the_us_force():
    """Jan/Feb 1942: Japan's carrier sails into the Central Pacific and the US answers with
    nine steps from Hawaii, two carriers with their CBA among them."""
    state = GAME.setup("jan1942", 7)
    state.data["units"]["us-bb-b"]["where"] = "hawaii"
    state = play(state, "japan", "sail jp-cv-a central_pacific", "close")
    for fleet in US_FORCE:
        state = play(state, "allies", f"react {fleet} central_pacific")
    return play(state, "allies", "done")


def avoiding(state, until):
    """Every decision until phase ``until``: pass, commit, or avoid battle where one may."""
    while state.data["phase"] != until:
        side = GAME.active(state)[0]
        texts = [str(a) for a in GAME.legal_actions(state, side)]
        passes = [t for t in texts if t in ("end", "done", "commit", "close") or "avoid" in t]
        state = play(state, side, (passes or texts)[0])
    return state


def japan_knows_of_the_operation(state):
    view = GAME.view(state, "japan")
    logged = [e["key"] for e in view["log"]]
    return "us_first_increase_met" in view["board"]["tracks"] or (
        "log.us_qualifying_operation" in logged
    )


@pytest.mark.rule("9.22")
def test_a_reaction_counts_though_both_avoid_and_japan_learns_of_it_after_the_combat():
    state = react_with_the_us_force()
    state = avoiding(state, "first_supply")  # naval movement is over: judged, kept secret
    assert not japan_knows_of_the_operation(state)
    assert state.data["us_operation"] == "central_pacific"
    assert "us_operation" not in GAME.view(state, "japan")["board"]
    state = avoiding(state, "operational_movement")  # the air/naval combat phase is over
    assert japan_knows_of_the_operation(state)
    assert state.data["tracks"]["us_first_increase_met"] == 194201


@pytest.mark.rule("9.22")
def test_a_second_operation_in_1942_does_not_count_as_the_second():
    state = at_sea(at_operational_movement(), "hawaiian_islands", *US_FORCE, "jp-ca-c")
    data = state.data
    after_phase(context(state), "naval_movement")
    data["turn"] = "1942-07"
    after_phase(context(state), "naval_movement")
    assert not data["tracks"].get("us_second_increase_met")


@pytest.mark.rule("9.22", "4.4")
def test_additions_arrive_by_date_and_by_the_production_increase():
    state = GAME.setup("dec1941", 7)
    data = state.data
    assert "us-cv-d" in data["to_come"] and "us-cv-d" not in data["units"]
    data["turn"] = "1942-01"
    arrivals(context(state))
    assert data["units"]["us-cv-d"]["where"] == "usa"
    assert data["units"]["us-cv-d"]["hidden"]["steps"] == 1
    assert data["counters"]["us-cba-4"]["where"] == "box:UD"  # aboard, as the addition says
    data["turn"] = "1943-01"
    arrivals(context(state))
    assert "us-xiv-corps" in data["to_come"]  # the first increase is not met
    data["tracks"]["us_first_increase_met"] = 194207
    arrivals(context(state))
    assert "us-xiv-corps" in data["pools"]["usa"] and "us-xiv-corps" not in data["to_come"]
    assert "us-xiv-corps" in data["known_in_pool"]  # the Japanese were told of it
    assert "us-x-corps" in data["to_come"]


@pytest.mark.rule("4.4")
def test_an_addition_whose_area_the_enemy_holds_joins_the_pool():
    state = GAME.setup("dec1941", 7)
    data = state.data
    data["turn"], data["control"]["ceylon"] = "1942-03", "japan"
    arrivals(context(state))
    assert "cw-cv-a" in data["pools"]["cw"] and "cw-cv-a" not in data["units"]
    assert "cw-i-corps-aus" in data["units"]  # Western Australia is still the Allies'


@pytest.mark.rule("9.24")
def test_the_dated_us_build_markers_come_into_use_on_their_turn():
    data = at_operational_movement().data
    before = markers_held(data, "usa", "naval")
    data["turn"] = "1942-05"
    assert markers_held(data, "usa", "naval") == before + 1
    data["turn"] = "1944-01"
    assert markers_held(data, "usa", "naval") == before + 7


@pytest.mark.rule("9.46")
def test_chinese_militia_roll_only_when_defending():
    data = at_operational_movement().data
    charts = printed()
    attacking = {"area": "honan", "attacker": "allies", "mode": "normal", "support": {"allies": {}}}
    attacking.update(powers=None, river=False, banzai=[])
    assert (
        sum(g.count for g in ground_combat.piece_dice(data, charts, attacking, "allies", "cn-2wa"))
        == 0
    )
    defending = {**attacking, "attacker": "japan", "support": {"allies": {}, "japan": {}}}
    assert (
        sum(g.count for g in ground_combat.piece_dice(data, charts, defending, "allies", "cn-2wa"))
        == 2
    )


@pytest.mark.rule("9.5")
def test_the_minor_powers_as_the_surviving_rules_give_them():
    from wargame.games.asia_engulfed.movement import may_enter
    from wargame.games.asia_engulfed.production import income

    data = at_operational_movement().data
    dei = next(u for u in data["units"].values() if u["hidden"]["power"] == "dei")
    assert may_enter(data, dei, "west_java" if dei["where"] != "west_java" else "east_java") == (
        "dei_stays"
    )
    filipino = next(u for u in data["units"].values() if u["hidden"]["power"] == "philippines")
    filipino = {**filipino, "where": "bataan"}
    assert may_enter(data, filipino, "luzon") is None
    assert "dei" not in income(data, "allies", printed()).werp  # the DEI never produce
