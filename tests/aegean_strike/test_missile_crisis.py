"""The third playable scenario, the Turkish Missile Crisis (21.08): its sides, the crisis turns
before the war (21.03), mobilisation (7.01, 21.03), the political events' effects (21.01), the
Soviet air defence (9.09) and the victory levels, played to the end."""

from __future__ import annotations

import copy
import json
import random

import pytest

from tests.aegean_strike.play import GAME, act, actions, played_out, prompt
from wargame.engine.action import Action
from wargame.engine.errors import IllegalAction
from wargame.engine.state import clone, to_json
from wargame.games.aegean_strike import air_defence, charts, detection, ground, state, victory
from wargame.games.aegean_strike.charts import TABLES
from wargame.games.aegean_strike.forces import forces

pytestmark = pytest.mark.game("aegean-strike")
SCENARIO = "turkish_missile_crisis"
ISTANBUL, GELIBOLU = "3910", "3112"
CADRE = "su-180-mrd"
"""A Soviet category B motor rifle division set up at partial strength."""


def raw(name):
    return copy.deepcopy(TABLES.entries[name].values)


def options(**tables):
    return {"rules_overlay": {"game": "aegean-strike", "name": "t", "tables": tables}}


def every_roll(event, israel="israel_enters"):
    """A political events table giving ``event`` on every face but 10 (Israel's, seed 7.01)."""
    return {**{str(face): event for face in range(1, 10)}, "10": israel}


def begun(seed=3, **tables):
    return GAME.setup(SCENARIO, seed, options(**tables) if tables else {})


def logged(state, key):
    return [e for e in state.log if e.key == key]


# -- the sides and the set-up ------------------------------------------------------------------
@pytest.mark.rule("21.08")
def test_the_crisis_sets_the_us_and_turkey_against_the_soviets_and_bulgaria_with_two_pershings():
    assert "turkish_missile_crisis" in [s.id for s in GAME.scenarios()]
    found = begun()
    assert found.data["nations"] == {"us": "a", "tu": "a", "ussr": "b", "bu": "b"}
    assert found.data["ground"]["us-p2-1"]["hex"] == "3219"
    assert found.data["ground"]["us-p2-2"]["hex"] == "3615"
    assert found.data["controller"] == "b" and found.data["last_turn"] == 10
    assert found.data["war"] is False and found.data["crisis"] == 0
    assert GAME.active(found) == ["b"] and prompt(found, "b") == "prompt.crisis"
    assert actions(found, "b") == ["strike", "wait"]


@pytest.mark.rule("21.03")
def test_partial_units_start_short_of_hits_by_their_size_and_mobilise_one_a_turn():
    found = begun()
    short = TABLES.defaults["mobilisation"].partial_hits["XX"]
    assert found.data["ground"][CADRE]["hits"] == short == 2
    assert found.data["mobilising"][CADRE] == 2
    assert found.data["ground"]["su-59-gmrd"]["hits"] == 0  # a full-strength Guards division
    waited = act(found, "b", "wait")
    assert waited.data["ground"][CADRE]["hits"] == 1
    mobilised = [e.params["unit"] for e in logged(waited, "log.mobilised")]
    assert CADRE in mobilised and "tu-66-inf" in mobilised


@pytest.mark.rule("21.03")
def test_partial_strength_never_leaves_a_unit_with_no_hit_to_take():
    heavy = raw("mobilisation")
    heavy["partial_hits"] = {size: 9 for size in heavy["partial_hits"]}
    found = begun(mobilisation=heavy)
    assert found.data["ground"][CADRE]["hits"] == 3  # a division takes 4 (ground_hits)


# -- the crisis turns ---------------------------------------------------------------------------
@pytest.mark.rule("21.08")
def test_a_strike_at_m0_starts_the_war_at_once_with_nothing_mobilised():
    found = act(begun(), "b", "strike")
    war = logged(found, "log.war_starts")
    assert found.data["war"] and war[0].params == {"cause": "strike", "month": 0}
    assert found.data["turn"] == 1 and found.data["stage"] == "assignment"
    assert found.data["ground"][CADRE]["hits"] == 1  # turn 1's mobilisation only
    assert logged(found, "log.turn")


@pytest.mark.rule("21.08")
@pytest.mark.rule("21.03")
def test_after_three_crisis_turns_the_war_starts_whatever_the_soviets_choose():
    found = begun(political_events=every_roll("none", israel="none") | {"10": "israel_enters"})
    months = []
    while not found.data["war"]:
        months.append(found.data["crisis"])
        found = act(found, "b", "wait")
    assert months == [0, 1, 2]
    assert logged(found, "log.war_starts")[0].params["cause"] in {"deadline", "event"}
    assert found.data["ground"][CADRE]["hits"] == 0  # mobilised over the crisis


@pytest.mark.rule("21.01")
def test_a_war_starts_event_in_the_crisis_starts_the_war():
    effects = raw("political_effects")
    effects["events"]["israel_enters"]["starts_war"] = True
    found = begun(political_events=every_roll("war_starts"), political_effects=effects)
    found = act(found, "b", "wait")
    assert found.data["war"] and logged(found, "log.war_starts")[0].params["cause"] == "event"
    assert found.data["turn"] == 1


@pytest.mark.rule("21.01")
def test_a_ceasefire_call_forbids_the_strike_at_the_next_crisis_turn_and_nothing_changes():
    found = clone(begun())
    found.data["truce"] = True
    before = to_json(found)
    with pytest.raises(IllegalAction, match=r"21\.01: a UN call for a ceasefire"):
        GAME.apply(found, "b", Action("strike"))
    assert to_json(found) == before
    assert "wait" in actions(found, "b")


@pytest.mark.rule("21.01")
def test_romanias_neutrality_costs_the_soviets_supply_points():
    effects = raw("political_effects")
    effects["events"]["israel_enters"] = {"joins_us": "is", "sp": {"ussr": -10}}
    found = begun(political_events=every_roll("romania_neutral"), political_effects=effects)
    before = found.data["sp"]["ussr"]
    found = act(found, "b", "wait")
    assert found.data["sp"]["ussr"] == before - 10
    change = logged(found, "log.supply_change")[0].params
    assert change == {"nation": "ussr", "delta": "-10", "total": before - 10}


@pytest.mark.rule("21.01")
@pytest.mark.rule("7.01")
def test_israel_enters_on_the_us_side_with_its_units_and_airbases_once():
    events = {str(face): "israel_enters" for face in range(1, 11)}
    found = act(begun(political_events=events), "b", "wait")
    assert found.data["nations"]["is"] == "a" and found.data["sp"]["is"] == 20
    israeli = {u.id for u in forces().units.values() if u.nation == "is"}
    in_play = {u for key in ("air", "naval", "ground", "ewda") for u in found.data[key]}
    assert israeli and israeli <= in_play
    bases = [b.id for b in forces().data.airbases if b.nation == "is"]
    assert bases and all(found.data["airbases"][b] == 0 for b in bases)
    again = act(found, "b", "wait")
    assert logged(again, "log.no_effect") and again.data["sp"]["is"] == 20


@pytest.mark.rule("21.01")
def test_the_other_scenarios_announce_the_event_and_pass_its_effects():
    found = GAME.setup("greece_turkey_war", 3)
    assert any(e.params.get("step") == "political_effects" for e in found.log)
    assert not logged(found, "log.supply_change") and found.data["war"]


# -- Soviet air defence -------------------------------------------------------------------------
@pytest.mark.rule("9.09")
def test_the_soviet_air_defence_covers_the_soviet_bases_only_against_the_other_side():
    found = act(begun(), "b", "strike")
    g_tables = TABLES.defaults
    saki = forces().airbases["saki"].hex
    assert air_defence.defended(g_tables, found.data, "a", saki)
    assert not air_defence.defended(g_tables, found.data, "b", saki)
    assert not air_defence.defended(g_tables, found.data, "a", forces().airbases["bezmer"].hex)
    greek = GAME.setup("greece_turkey_war", 3)
    assert not air_defence.defended(g_tables, greek.data, "a", saki)  # no Soviet in play


@pytest.mark.rule("9.09")
def test_the_soviet_air_defence_fires_at_every_nato_mission_within_its_range():
    wide = raw("soviet_air_defence") | {"range": 400}
    rng = random.Random(2)
    found = act(begun(seed=2, soviet_air_defence=wide), "b", "strike")
    while found.result is None and found.data["turn"] <= 2:
        side = GAME.active(found)[0]
        found = GAME.apply(found, side, rng.choice(GAME.legal_actions(found, side)))
    fired, flying = 0, None
    for event in found.log:
        if event.key in {"log.launch", "log.launch_hidden"}:
            flying = state.base_side(found.data, event.params["base"])
        if event.key == "log.ship_interception":  # 15.02: launched without a launch line
            flying = event.params["side"]
        if event.key == "log.air_defence":
            fired += 1
            assert flying == "a"
    assert fired, "no NATO mission reached its target in two turns"


# -- victory ------------------------------------------------------------------------------------
def finished(edit):
    state = clone(act(begun(), "b", "strike"))
    state.data["score"] = {"a": 0, "b": 0}
    edit(state.data)
    return victory.crisis_result(state)


@pytest.mark.rule("21.08")
def test_both_pershings_destroyed_is_a_decisive_warsaw_pact_victory():
    def edit(data):
        data["eliminated"] += ["us-p2-1", "us-p2-2"]

    result = finished(edit)
    assert result.winner == "b" and result.kind == "crisis_decisive"
    assert result.params["points"] == 8 and result.missing == ["21.08"]


@pytest.mark.rule("21.08")
def test_istanbul_held_and_a_hits_lead_make_a_substantive_victory():
    def edit(data):
        data["ground"]["bu-2-mrd"]["hex"] = ISTANBUL
        data["ground"].pop("tu-1-army")
        data["score"] = {"a": 5, "b": 19}

    result = finished(edit)
    assert result.params["straits"] == 4 and result.params["hits"] == 1
    assert result.kind == "crisis_substantive" and result.winner == "b"


@pytest.mark.rule("21.08")
def test_a_nato_hits_lead_is_a_nato_victory_and_an_even_game_a_draw():
    def lead(data):
        data["score"] = {"a": 25, "b": 4}

    result = finished(lead)
    assert result.params["hits"] == -2 and result.winner == "a"
    assert result.kind == "crisis_marginal"
    even = finished(lambda data: data["score"].update(a=9, b=0))
    assert even.winner is None and even.kind == "crisis_draw"


@pytest.mark.rule("21.08")
def test_random_play_reaches_the_end_of_the_tenth_war_turn_with_a_crisis_result():
    found = played_out(SCENARIO, 5, 8000)
    assert found.result is not None and found.data["turn"] == 10
    assert found.result.kind.startswith("crisis_") and found.result.missing == ["21.08"]
    for lang in ("en", "ja"):
        text = GAME.catalog.render(f"result.{found.result.kind}", found.result.params, lang)
        assert str(found.result.params["points"]) in text


# -- the Soviet second echelon reaches the operational map (13.01) -----------------------------
def placed(uid, hex_id):
    found = clone(act(begun(), "b", "strike"))
    found.data["ground"][uid]["hex"] = hex_id
    return found


@pytest.mark.rule("13.01")
def test_a_division_in_a_transitional_hex_enters_the_operational_map_inside_it():
    found = placed("su-59-gmrd", "S0602")
    reached = ground.reach(TABLES.defaults, found.data, "su-59-gmrd")
    inside = [h for h in reached if not h.startswith("S")]
    assert inside and all(state.strategic_of()[h] == "S0602" for h in inside)
    deep = placed("su-59-gmrd", "S0701")
    assert not any(
        not h.startswith("S") for h in ground.reach(TABLES.defaults, deep.data, "su-59-gmrd")
    )


@pytest.mark.rule("13.01")
def test_the_straits_are_not_crossed_by_way_of_the_strategic_map():
    entries = ground.map_entries("S0703")  # the Istanbul hex: Thrace and one Asian hex
    assert "3910" in entries
    assert all(ground.hex_landmass()[h] == "europe" for h in entries)
    asian = [h for h in state.operational_within("S0703") if ground.hex_landmass().get(h) == "asia"]
    assert asian and not any(ground.map_exits(h) for h in asian)


@pytest.mark.rule("13.01")
def test_a_unit_on_the_operational_maps_edge_steps_out_to_its_transitional_hex():
    edge = ground.map_entries("S0602")[0]
    found = placed("bu-3-mrd", edge)
    assert "S0602" in ground.reach(TABLES.defaults, found.data, "bu-3-mrd")
    assert ground.map_exits(edge) == ("S0602",)


# -- Soviet division break-down (11.10) ---------------------------------------------------------
def soviet_assignment():
    """The Soviet player's Unit Assignment of turn 1 (NATO, the Reactor, assigns first)."""
    found = act(
        begun(),
        "b",
        "strike",
    )
    found = act(found, "a", "done")
    assert GAME.active(found) == ["b"] and found.data["stage"] == "assignment"
    return found


@pytest.mark.rule("11.10")
def test_a_soviet_division_at_full_strength_breaks_down_into_its_three_regiments():
    found = soviet_assignment()
    hex_id = found.data["ground"]["su-59-gmrd"]["hex"]
    broken = act(found, "b", "breakdown su-59-gmrd")
    assert "su-59-gmrd" not in broken.data["ground"]
    regiments = forces().breakdowns["su-59-gmrd"]
    assert all(
        broken.data["ground"][r] == {"hex": hex_id, "aboard": None, "hits": 0} for r in regiments
    )
    assert "su-59-gmrd" not in broken.data["eliminated"]
    assert "recombine su-59-gmrd" not in actions(broken, "b")  # once a stage
    assert not [a for a in actions(found, "a") if a.startswith("breakdown")]


@pytest.mark.rule("11.10", "14.02")
def test_a_division_broken_down_unseen_is_not_named_to_the_other_side():
    found = soviet_assignment()
    regiments = forces().breakdowns["su-59-gmrd"]
    broken = act(found, "b", "breakdown su-59-gmrd")
    hidden = detection.hidden_units(charts.tables(broken), broken.data)["a"]
    assert all(r in hidden for r in regiments)  # far from NATO's sensors
    nato = json.dumps(GAME.view(broken, "a"))
    assert "su-59-gmrd" not in nato
    assert "su-59-gmrd" in json.dumps(GAME.view(broken, "b"))
    assert "su-59-gmrd" in GAME.game_secrets(broken).unnamed["a"]


@pytest.mark.rule("11.10")
def test_a_division_with_hits_does_not_break_down_and_nothing_changes():
    found = soviet_assignment()
    assert found.data["ground"][CADRE]["hits"]
    before = to_json(found)
    with pytest.raises(IllegalAction, match=r"11\.10: su-180-mrd has hits"):
        GAME.apply(found, "b", Action(f"breakdown {CADRE}"))
    assert to_json(found) == before


@pytest.mark.rule("11.10")
def test_three_unhit_regiments_together_recombine_next_stage_and_hit_ones_do_not():
    broken = clone(act(soviet_assignment(), "b", "breakdown su-59-gmrd"))
    broken.data["reorganised"] = []  # as at the next Unit Assignment Stage
    together = act(broken, "b", "recombine su-59-gmrd")
    assert "su-59-gmrd" in together.data["ground"]
    assert not any(r in together.data["ground"] for r in forces().breakdowns["su-59-gmrd"])
    hit = clone(broken)
    hit.data["ground"]["su-59-gmrd-r2"]["hits"] = 1
    with pytest.raises(IllegalAction, match="regiments have hits"):
        GAME.apply(hit, "b", Action("recombine su-59-gmrd"))
    apart = clone(broken)
    apart.data["ground"]["su-59-gmrd-r3"]["hex"] = "S0702"
    with pytest.raises(IllegalAction, match="not together"):
        GAME.apply(apart, "b", Action("recombine su-59-gmrd"))


@pytest.mark.rule("11.10")
def test_only_soviet_divisions_break_down_into_regiments_set_up_nowhere():
    assert sorted(forces().breakdowns) == sorted(
        u.id for u in forces().units.values() if u.nation == "ussr" and u.size == "XX"
    )
    placed = {p.unit for p in forces().setup(SCENARIO)}
    assert not placed & {r for rs in forces().breakdowns.values() for r in rs}
