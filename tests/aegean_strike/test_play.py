"""Aegean Strike plays its first scenario, the North Africa War: the set-up, the sequence of play
with the steps of lost systems passing through, the Unit Assignment Stage, the air missions with
their hidden markers, interception, CAP, strikes, aborts, airbases, EWDA, and the end."""

from __future__ import annotations

import random

import pytest

from tests.aegean_strike.play import (
    GAME,
    SCENARIO,
    SHIPS_HARMLESS,
    act,
    actions,
    begun,
    first_segment,
    passing,
    prompt,
    tripoli_seen,
)
from wargame.engine.action import Action
from wargame.engine.contract import prompt_problems
from wargame.engine.errors import IllegalAction, UnknownGame
from wargame.engine.rng import Rng
from wargame.engine.state import clone, to_json
from wargame.games.aegean_strike import air, assignment, losses, state, victory
from wargame.games.aegean_strike.charts import TABLES
from wargame.games.aegean_strike.forces import forces
from wargame.games.aegean_strike.passes import PASSES

pytestmark = pytest.mark.game("aegean-strike")
CARRIER = "us-cvn-69"
NEAR_LIBYA = "S0305"
"""A strategic hex within the carrier aircraft's reach of Benghazi (Benina) and its ships."""
BENINA = "S0406"


def refused(state_, side, text):
    """The one-line reason ``text`` is refused; the state is left as it was."""
    before = to_json(state_)
    with pytest.raises(IllegalAction) as caught:
        GAME.apply(state_, side, Action(text))
    assert to_json(state_) == before
    message = str(caught.value)
    assert "\n" not in message
    return message


def sail(hex_id):
    """The carrier sails to ``hex_id``, its E-2 over it: the E-2 sees the ships 30 hexes around
    (table detection), so the Libyan ships at Benina are seen from NEAR_LIBYA (14.04)."""

    def edit(data):
        data["naval"][CARRIER]["hex"] = hex_id
        data["ewda"]["us-e2"] = hex_id

    return edit


def escorted_strike():
    """Player A's A-6, escorted by an F-14, launched against Benina's ships."""
    start = first_segment(sail(NEAR_LIBYA), air_naval_combat=SHIPS_HARMLESS)
    texts = ("launch us-va34", "mission asm_strike", "escort us-vf142", f"target {BENINA}")
    return act(start, "a", *texts)


# -- the game and its scenario ----------------------------------------------------------------
def test_the_north_africa_war_is_offered_first_and_it_sets_up_its_two_players():
    assert [s.id for s in GAME.scenarios()] == [
        SCENARIO,
        "greece_turkey_war",
        "turkish_missile_crisis",
        "wwiii_southwestern_front",
    ]
    assert GAME.in_lobby is True  # drawn in the browser (client.py)
    found = begun()
    nations = {
        forces().units[u].nation
        for key in ("air", "naval", "ground", "ewda")
        for u in found.data[key]
    }
    assert nations == {"us", "uk", "ly"}
    assert "us-f15" not in found.data["air"]  # a reinforcement of turn 2
    assert found.data["controller"] == "a" and found.data["sp"]["ly"] == 30


def test_the_linked_scenario_is_refused_in_one_line_with_the_reason():
    with pytest.raises(UnknownGame, match="Gulf Strike"):
        GAME.setup("world_war", 1)


# -- the sequence of play ----------------------------------------------------------------------
@pytest.mark.rule("7.01")
def test_the_strategic_stage_rolls_the_political_event_and_brings_reinforcements():
    found = begun()
    roll = next(e for e in found.log if e.key == "log.roll")
    assert roll.params["reason"] == "political_event" and roll.params["side"] == "a"
    event = next(e for e in found.log if e.key == "log.political_event")
    assert event.params["event"] == TABLES.defaults["political_events"][str(roll.params["value"])]
    assert any(e.params.get("step") == "political_effects" for e in found.log)
    turn_two = passing(found, lambda s: s.data["turn"] == 2)
    assert "us-f15" in turn_two.data["air"]
    assert any(e.key == "log.reinforcement" and e.params["unit"] == "us-f15" for e in turn_two.log)


@pytest.mark.rule("7.02")
def test_unit_assignment_asks_the_reactor_first_and_the_controller_last():
    found = begun()
    assert GAME.active(found) == ["b"] and prompt(found, "b") == "prompt.assignment_modes"
    after = act(found, "b", "done")
    assert GAME.active(after) == ["a"]


@pytest.mark.rule("7.04")
@pytest.mark.rule("7.05")
@pytest.mark.rule("7.06")
def test_the_controller_moves_first_in_stages_one_and_two_and_the_reactor_in_stage_three():
    found = first_segment()
    order = []
    while found.data["turn"] == 1 and found.data["stage"] != "final":
        side = GAME.active(found)[0]
        if prompt(found, side) == "prompt.air_segment":
            order.append((found.data["stage"], side))
        found = act(found, side, next(t for t in ("end", "done") if t in actions(found, side)))
    assert order == [
        ("action_1", "a"),
        ("action_1", "b"),
        ("action_2", "a"),
        ("action_2", "b"),
        ("action_3", "b"),
        ("action_3", "a"),
    ]
    segments = [
        (e.params["segment"], e.params["side"]) for e in found.log if e.key == "log.segment"
    ]
    assert segments[2:4] == [("cas", "b"), ("cas", "a")]  # the side that moved second first
    assert segments[-2:] == [("cas", "a"), ("cas", "b")]


@pytest.mark.rule("10.04")
def test_each_side_rolls_how_many_naval_units_may_move_in_each_action_stage():
    found = first_segment()
    table = TABLES.defaults["sea_movement"]
    rolls = [
        e.params["value"]
        for e in found.log
        if e.key == "log.roll" and e.params["reason"] == "sea_movement"
    ]
    assert len(rolls) == 2
    assert [found.data["naval_moves"][s] for s in ("a", "b")] == [table[str(r)] for r in rolls]


@pytest.mark.rule("0.02")
def test_the_die_is_a_d10_whose_zero_counts_ten():
    assert list(losses.D10.faces()) == list(range(1, 11))


@pytest.mark.rule("4")
def test_distances_count_ten_operational_hexes_to_a_strategic_hex():
    assert state.distance("2022", "2024") == 2
    assert state.distance("S0103", "S0106") == 30
    inside = state.strategic_of()["2022"]
    assert state.distance("2022", "S0106") == state.distance(inside, "S0106")


@pytest.mark.rule("5")
@pytest.mark.rule("7.03")
@pytest.mark.parametrize(("hits", "controller"), [(14, "a"), (15, "b")])
def test_fifteen_hits_on_the_controllers_units_pass_control(hits, controller):
    found = clone(act(begun(), "b", "done"))
    found.data["bc_hits"] = hits
    after = act(found, "a", "done")
    assert after.data["controller"] == controller and after.data["bc_hits"] == 0


@pytest.mark.rule("5")
def test_hits_on_the_controllers_air_units_count_and_others_do_not():
    found = clone(first_segment())
    g = GAME.context(found)
    losses.damage(g, "us-vf142", 1)
    losses.damage(g, "ly-mig23", 1)
    assert found.data["bc_hits"] == 1
    assert found.data["score"] == {"a": 1, "b": 1}


@pytest.mark.rule("7.07")
@pytest.mark.rule("21.06")
def test_the_scenario_ends_after_its_last_turn_with_the_provisional_victory():
    found = passing(first_segment(), lambda s: False)
    assert found.data["turn"] == 6 and found.result is not None
    assert found.result.kind == "draw" and found.result.missing == ["21.06"]
    found.data["score"] = {"a": 3, "b": 1}
    assert victory.final_result(found).winner == "a"


@pytest.mark.rule("13.02")
@pytest.mark.rule("16.02")
def test_every_step_of_a_lost_system_is_logged_as_passing_through():
    found = passing(first_segment(), lambda s: s.data["turn"] == 2)
    skipped = {e.params["step"] for e in found.log if e.key == "log.skipped"}
    assert skipped == set(PASSES)


# -- the Unit Assignment Stage: modes, sortie boxes, capacity, EWDA -------------------------------
@pytest.mark.rule("9.02")
@pytest.mark.rule("9.08")
def test_us_units_from_us_bases_start_in_the_third_box_and_others_in_the_second():
    found = first_segment()
    assert found.data["air"]["us-vf142"]["box"] == 3
    assert found.data["air"]["us-c130"]["box"] == 3
    assert found.data["air"]["ly-mig23"]["box"] == 2
    found.data["air"]["us-p3"]["base"] = "benina"
    assert assignment.start_box(TABLES.defaults, found.data, "us-p3") == 2


@pytest.mark.rule("9.02")
@pytest.mark.rule("9.10")
def test_modes_are_refused_to_transports_and_beyond_a_bases_capacity():
    found = clone(act(begun(), "b", "done"))
    found.data["air"]["us-p3"].update(base="us-lha-nassau", mode=None)
    assert "9.02" in refused(found, "a", "intercept us-c130")
    assert "9.10" in refused(found, "a", "offensive us-p3")
    freed = act(found, "a", "idle us-vma", "offensive us-p3")
    assert freed.data["air"]["us-p3"]["mode"] == "offensive"
    assert freed.data["air"]["us-vma"]["mode"] is None


@pytest.mark.rule("9.03")
def test_ewda_is_placed_in_any_hex_but_inside_the_transitional_ring():
    found = act(act(begun(), "b", "done"), "a", "ewda us-awacs")
    assert prompt(found, "a") == "prompt.ewda_hex"
    assert "9.03" in refused(found, "a", f"hex {state.ring_interior()[0]}")
    placed = act(found, "a", f"hex {BENINA}")
    assert placed.data["ewda"]["us-awacs"] == BENINA


# -- missions ------------------------------------------------------------------------------------
@pytest.mark.rule("10.06")
def test_only_carrier_aircraft_ferry_to_a_carrier():
    found = act(first_segment(), "a", "launch us-c130", "mission ferry")
    assert "10.06" in refused(found, "a", "base us-cvn-69")
    assert "base hellinikon" not in actions(found, "a")  # its own base: no flight at all
    carrier = act(first_segment(), "a", "launch us-vf142", "mission ferry")
    assert "base us-lha-nassau" in actions(carrier, "a")


@pytest.mark.rule("9.01")
def test_an_air_transport_unit_flies_only_a_ferry_and_a_combat_unit_what_its_values_allow():
    c5 = act(first_segment(), "a", "launch us-c5")  # no paratroops at Incirlik to drop
    assert actions(c5, "a") == ["mission ferry", "cancel"]
    found = act(first_segment(), "a", "launch us-c130")
    a6 = act(first_segment(), "a", "launch us-va34")
    assert "mission air_superiority" not in actions(a6, "a")  # no anti-air value
    ferried = act(act(found, "a", "mission ferry", "base incirlik"), "b", "pass")
    assert ferried.data["air"]["us-c130"]["base"] == "incirlik"
    assert ferried.data["air"]["us-c130"]["box"] == 2


@pytest.mark.rule("9.03")
@pytest.mark.rule("9.04")
def test_a_mission_reaches_only_targets_within_half_its_allowance():
    found = act(first_segment(tripoli_seen), "a", "launch us-va34", "mission bombing_strike")
    assert "target S0106" in actions(found, "a")
    assert "9.04" in refused(found, "a", f"target {BENINA}")
    near = act(first_segment(sail(NEAR_LIBYA)), "a", "launch us-va34", "mission asm_strike")
    assert f"target {BENINA}" in actions(near, "a")


@pytest.mark.rule("13.05")
def test_the_allowance_covers_the_round_trip_and_a_ferry_flies_twice_it_one_way():
    start = first_segment(tripoli_seen)
    found = act(start, "a", "launch us-va34", "mission bombing_strike")
    assert "13.05" in refused(found, "a", f"target {BENINA}")
    allowance = state.air_values("us-va34").ma * state.OP_PER_STRATEGIC
    assert air.reach(start.data, "us-va34", "bombing_strike") == allowance // 2
    assert air.reach(start.data, "us-va34", "ferry") == 2 * allowance
    home = state.base_hex(start.data, start.data["air"]["us-va34"]["base"])
    out = air.reach(start.data, "us-va34", "bombing_strike")
    by_distance = {state.distance(home, h): h for h in forces().hexes if state.on_strategic(h)}
    far = [d for d in by_distance if d > out]
    assert far, "some strategic hex lies beyond the round trip"
    beyond = by_distance[min(far)]
    assert not air.in_reach(start.data, ["us-va34"], "bombing_strike", beyond)
    nearest = by_distance[max(d for d in by_distance if d <= out)]
    assert air.in_reach(start.data, ["us-va34"], "bombing_strike", nearest)


@pytest.mark.rule("9.04")
@pytest.mark.rule("13.05")
def test_a_group_holds_three_units_from_one_base_and_escorts_only_a_strike():
    found = act(first_segment(sail(NEAR_LIBYA)), "a", "launch us-va34", "mission asm_strike")
    assert "escort us-vf142" in actions(found, "a")
    full = act(found, "a", "add us-va12", "escort us-vf142")
    assert not [t for t in actions(full, "a") if t.startswith(("add", "escort"))]
    fighters = act(
        first_segment(sail(NEAR_LIBYA)), "a", "launch us-vf142", "mission air_superiority"
    )
    assert not [t for t in actions(fighters, "a") if t.startswith("escort")]


@pytest.mark.rule("9.03")
def test_the_mission_marker_is_hidden_from_the_other_side_until_the_target():
    found = escorted_strike()
    theirs = GAME.view(found, "b")["board"]["flight"]
    assert theirs["mission"] == "hidden" and theirs["escorts"] == "hidden"
    assert GAME.view(found, "a")["board"]["flight"]["mission"] == "asm_strike"
    assert GAME.secrets(found).facts == {"a": {("f1", "asm_strike")}}
    public = [e for e in GAME.view(found, "b")["log"] if e["key"] == "log.launch_hidden"]
    assert public and "mission" not in public[0]["params"]
    struck = act(found, "b", "pass")
    assert struck.data["flight"]["revealed"] and prompt(struck, "a") == "prompt.strike"


@pytest.mark.rule("9.05")
def test_a_launch_spends_the_bases_supply_points_but_a_carrier_spends_none():
    carrier = act(
        first_segment(tripoli_seen), "a", "launch us-va34", "mission bombing_strike", "target S0106"
    )
    assert carrier.data["sp"] == first_segment().data["sp"]
    b_turn = act(act(act(carrier, "b", "pass"), "a", "attack ly-art", "end"), "b", "end")
    libyan = act(b_turn, "b", "launch ly-tu22", "mission bombing_strike")
    target = next(t for t in actions(libyan, "b") if t.startswith("target"))
    spent = act(libyan, "b", target)
    assert spent.data["sp"]["ly"] == libyan.data["sp"]["ly"] - 2
    poor = clone(libyan)
    poor.data["sp"]["ly"] = 1
    assert "9.05" in refused(poor, "b", target)


@pytest.mark.rule("9.02")
@pytest.mark.rule("9.03")
def test_a_unit_lands_a_box_to_the_left_and_flies_once_an_action_stage():
    flying = act(
        first_segment(tripoli_seen), "a", "launch us-va34", "mission bombing_strike", "target S0106"
    )
    found = act(act(flying, "b", "pass"), "a", "attack ly-art")
    assert found.data["air"]["us-va34"]["box"] == 2 and "flight" not in found.data
    assert "9.03" in refused(found, "a", "launch us-va34")
    empty = clone(first_segment())
    empty.data["air"]["us-va34"]["box"] = 0
    assert "9.02" in refused(empty, "a", "launch us-va34")


@pytest.mark.rule("9.06")
@pytest.mark.rule("16.08")
def test_an_asm_strike_sinks_a_ship_the_chart_says_it_hits():
    """Benina's ships fire at strength 1 (no hit on this chart), the A-6's ASM at 4."""
    flying = act(
        first_segment(sail(NEAR_LIBYA), air_naval_combat=SHIPS_HARMLESS),
        "a",
        "launch us-va34",
        "mission asm_strike",
        f"target {BENINA}",
    )
    found = act(flying, "b", "pass")
    assert set(actions(found, "a")) == {"attack ly-ff", "attack ly-fac-1", "attack ly-fac-2"}
    sunk = act(found, "a", "attack ly-fac-1")
    assert "ly-fac-1" in sunk.data["eliminated"] and sunk.data["score"]["a"] == 1


def intercepting(edit_more=None, **hits):
    """Player A's A-6 strike bound for Benina, a Libyan MiG-23 in Intercept mode there."""

    def edit(data):
        sail(NEAR_LIBYA)(data)
        data["air"]["ly-mig23"]["mode"] = "intercept"
        if edit_more:
            edit_more(data)

    start = first_segment(edit, **hits)
    return act(start, "a", "launch us-va34", "mission bombing_strike", f"target {BENINA}")


@pytest.mark.rule("9.03")
@pytest.mark.rule("15.01")
@pytest.mark.rule("14.02")
def test_interception_needs_the_base_and_the_target_in_one_detectors_range():
    found = intercepting()
    assert "intercept ly-mig23" in actions(found, "b")
    far = act(
        first_segment(lambda d: tripoli_seen(d) or d["air"]["ly-mig23"].update(mode="intercept")),
        "a",
        "launch us-va34",
        "mission bombing_strike",
        "target S0106",
    )
    assert actions(far, "b") == ["pass"]  # Okba sees S0106, but not Benina's base too


@pytest.mark.rule("9.06")
@pytest.mark.rule("9.07")
@pytest.mark.rule("16.07")
def test_air_combat_hits_abort_and_a_strike_with_every_striker_aborted_fails():
    found = act(intercepting(air_naval_combat=SHIPS_HARMLESS), "b", "intercept ly-mig23", "go")
    assert found.data["air"]["us-va34"]["hits"] == 1
    keys = [e.key for e in found.log]
    assert "log.aborted" in keys and "log.mission_failed" in keys
    assert "flight" not in found.data  # landed: the abort ends with it
    assert found.data["air"]["ly-mig23"]["box"] == 1  # the A-6 has no anti-air value


@pytest.mark.rule("9.03")
def test_cap_flies_from_the_carrier_against_a_mission_within_twenty_hexes():
    def edit(data):
        data["air"]["us-vf142"]["mode"] = "intercept"

    b_air = act(act(first_segment(edit), "a", "end"), "b", "end")
    found = act(b_air, "b", "launch ly-tu22", "mission asm_strike")
    assert "target S0103" in actions(found, "b")
    flying = act(found, "b", "target S0103")
    assert "cap us-vf142" in actions(flying, "a")
    capped = act(flying, "a", "cap us-vf142", "go")
    assert any(e.key == "log.intercept" and e.params["kind"] == "cap" for e in capped.log)


@pytest.mark.rule("9.03")
def test_an_anti_air_mission_shoots_down_the_ewda_in_its_target_hex():
    def edit(data):
        data["ewda"]["us-awacs"] = "S0106"

    flying = act(
        act(first_segment(edit), "a", "end"),
        "b",
        "end",
        "launch ly-mig25",
        "mission air_superiority",
        "target S0106",
    )
    found = act(flying, "a", "pass")
    assert found.data["ewda"]["us-awacs"] is None and found.data["ewda_back"] == {"us-awacs": 2}


@pytest.mark.rule("9.10")
@pytest.mark.rule("16.06")
def test_airbase_hits_fall_on_its_waiting_units_and_close_it_at_its_limit():
    def edit(data):
        sail(NEAR_LIBYA)(data)
        data["airbases"]["benina"] = 10

    flying = act(
        first_segment(edit, air_to_ground_combat=2, air_naval_combat=0),
        "a",
        "launch us-va34",
        "mission bombing_strike",
        f"target {BENINA}",
    )
    found = act(act(flying, "b", "pass"), "a", "attack benina")
    assert found.data["airbases"]["benina"] == 12 and "benina" in found.data["inoperative"]
    assert GAME.active(found) == ["b"] and prompt(found, "b") == "prompt.base_hits"
    after = act(found, "b", "hit ly-mig23", "hit ly-mig23")
    assert after.data["air"]["ly-mig23"]["hits"] == 2
    assert "9.10" in refused(act(act(after, "a", "end"), "b", "end"), "b", "launch ly-c130")


@pytest.mark.rule("13.04")
def test_bombing_the_hex_itself_interdicts_it():
    flying = act(
        first_segment(tripoli_seen), "a", "launch us-va34", "mission bombing_strike", "target S0106"
    )
    found = act(act(flying, "b", "pass"), "a", "interdict")
    assert any(e.key == "log.interdicted" for e in found.log)


@pytest.mark.rule("9.10")
@pytest.mark.rule("7.07")
def test_the_final_stage_repairs_airbase_hits_at_two_supply_points_each():
    def edit(data):
        data["airbases"]["benina"] = 12
        data["inoperative"].append("benina")

    found = passing(
        first_segment(edit),
        lambda s: GAME.active(s) == ["b"] and prompt(s, "b").startswith("prompt.repair"),
    )
    assert prompt(found, "b") == "prompt.repair"
    sp = found.data["sp"]["ly"]
    repaired = act(found, "b", "repair benina")
    assert repaired.data["sp"]["ly"] == sp - 2 and "benina" not in repaired.data["inoperative"]
    broke = clone(found)
    broke.data["sp"]["ly"] = 1
    assert "9.10" in refused(broke, "b", "repair benina")


def test_an_action_of_the_side_not_deciding_is_refused_with_the_stage():
    assert "not b's decision" in refused(first_segment(), "b", "end")


def random_game(seed):
    rng = random.Random(seed)
    found = GAME.setup(SCENARIO, seed)
    seen = [found]
    while found.result is None:
        side = rng.choice(GAME.active(found))
        texts = actions(found, side)
        quiet = [t for t in texts if t.split()[0] in PASSING_VERBS]
        text = rng.choice(quiet) if quiet and rng.random() < 0.3 else rng.choice(texts)
        found = act(found, side, text)
        seen.append(found)
    return seen


PASSING_VERBS = ("end", "pass", "done", "go")


def test_every_prompt_has_words_in_both_languages_and_names_only_what_is_offered():
    for key in GAME.prompt_verbs():
        for lang in ("en", "ja"):
            assert key in GAME.catalog.messages[lang], f"{key} has no {lang} words"
    for found in random_game(5)[::3]:
        assert prompt_problems(GAME, found) == []


def test_every_log_line_renders_in_both_languages():
    final = random_game(3)[-1]
    keys = {event.key for event in final.log} - {"log.roll", "log.game_over"}
    assert {"log.launch", "log.launch_hidden", "log.revealed", "log.strike"} & keys
    for key in keys:
        for lang in ("en", "ja"):
            assert key in GAME.catalog.messages[lang], f"{key} has no {lang} words"
    for event in final.log:
        for lang in ("en", "ja"):
            assert not GAME.catalog.render(event.key, event.params, lang).startswith("log.")


@pytest.mark.rule("9.03")
def test_a_determinized_state_draws_the_hidden_mission_and_looks_the_same():
    found = escorted_strike()
    view = GAME.view(found, "b", log=False)
    sampled = GAME.determinize(view, "b", Rng(11))
    assert sampled.data["flight"]["mission"] in air.OFFENSIVE_MISSIONS
    assert GAME.view(sampled, "b", log=False) == view


@pytest.mark.rule("9.03")
def test_interceptors_hit_the_escorts_first():
    def edit(data):
        sail(NEAR_LIBYA)(data)
        data["air"]["ly-mig23"]["mode"] = "intercept"

    flying = act(
        first_segment(edit, air_naval_combat=SHIPS_HARMLESS),
        "a",
        "launch us-va34",
        "mission bombing_strike",
        "escort us-vf142",
        f"target {BENINA}",
    )
    fought = act(flying, "b", "intercept ly-mig23", "go")
    assert fought.data["air"]["us-vf142"]["hits"] == 1
    assert fought.data["air"]["us-va34"]["hits"] == 0
    assert prompt(fought, "a") == "prompt.strike"  # the A-6 was not hit: it strikes


@pytest.mark.rule("9.03")
@pytest.mark.rule("16.08")
def test_an_asw_strike_attacks_only_a_submarine():
    def edit(data):
        sail("S0306")(data)
        data["fought"]["ly-ss"] = "S0307"  # seen: no search reaches a submarine 10 hexes out

    found = act(
        first_segment(edit, air_naval_combat=1), "a", "launch us-vs31", "mission asw_strike"
    )
    assert "target S0307" in actions(found, "a")
    struck = act(act(found, "a", "target S0307"), "b", "pass")
    assert actions(struck, "a") == ["attack ly-ss"]


@pytest.mark.rule("9.06")
@pytest.mark.rule("16.10")
def test_ships_near_the_target_fire_at_the_arriving_group():
    found = act(
        first_segment(sail(NEAR_LIBYA), air_naval_combat=1),
        "a",
        "launch us-va34",
        "mission asm_strike",
        f"target {BENINA}",
    )
    fired = act(found, "b", "pass")
    shots = [e for e in fired.log if e.key == "log.ship_fire"]
    assert shots and shots[0].params["ships"] == 3 and shots[0].params["attack"] == 1
    assert fired.data["air"]["us-va34"]["hits"] == 1
    assert any(e.key == "log.mission_failed" for e in fired.log)  # the only striker aborted
    quiet = act(
        act(
            first_segment(tripoli_seen, air_naval_combat=1),
            "a",
            "launch us-va34",
            "mission bombing_strike",
            "target S0106",
        ),
        "b",
        "pass",
    )
    assert not any(e.key == "log.ship_fire" for e in quiet.log)


@pytest.mark.rule("9.03")
@pytest.mark.rule("9.07")
def test_an_airborne_transport_drops_a_unit_from_its_bases_hex():
    found = act(first_segment(), "a", "launch us-c130", "mission airborne_transport")
    assert "cargo us-sf" in actions(found, "a")
    assert not [t for t in actions(found, "a") if t.startswith("target")]  # load first
    loaded = act(found, "a", "cargo us-sf")
    zones = [t.split()[1] for t in actions(loaded, "a") if t.startswith("target")]
    assert "2024" in zones and all(forces().hexes[z].cls != "sea" for z in zones)
    assert all(2 * state.distance("2022", z) + 2 <= 100 for z in zones)
    dropped = act(act(loaded, "a", "target 2024"), "b", "pass")
    assert dropped.data["ground"]["us-sf"]["hex"] == "2024"
    assert any(e.key == "log.dropped" for e in dropped.log)


@pytest.mark.rule("9.03")
def test_a_unit_heavier_than_the_groups_lift_is_refused():
    heavy = {size: max(3, hits) for size, hits in TABLES.defaults["ground_hits"].items()}
    options = {
        "rules_overlay": {"game": "aegean-strike", "name": "t", "tables": {"ground_hits": heavy}}
    }
    found = act(act(GAME.setup(SCENARIO, 7, options), "b", "done"), "a", "done", "end", "end")
    loading = act(found, "a", "launch us-c130", "mission airborne_transport")
    assert "9.03" in refused(loading, "a", "cargo us-sf")


@pytest.mark.rule("9.05")
def test_interceptors_need_their_bases_supply_points():
    poor = clone(intercepting())
    poor.data["sp"]["ly"] = 0
    assert "9.05" in refused(poor, "b", "intercept ly-mig23")
    rich = act(intercepting(air_naval_combat=SHIPS_HARMLESS), "b", "intercept ly-mig23", "go")
    assert rich.data["sp"]["ly"] == 29


@pytest.mark.rule("9.03")
def test_an_airmobile_transport_carries_a_unit_to_a_friendly_airbase_and_stays():
    found = act(first_segment(), "a", "launch us-c130", "mission airmobile_transport")
    assert GAME.view(found, "b")["board"]["flight"]["mission"] == "airmobile_transport"  # no marker
    loaded = act(found, "a", "cargo us-sf")
    bases = [t for t in actions(loaded, "a") if t.startswith("base")]
    assert "base sigonella" in bases and "base hellinikon" not in bases
    assert "base us-cvn-69" not in bases  # not a carrier aircraft
    landed = act(act(loaded, "a", "base sigonella"), "b", "pass")
    assert landed.data["ground"]["us-sf"]["hex"] == "S0204"
    assert landed.data["air"]["us-c130"]["base"] == "sigonella"
