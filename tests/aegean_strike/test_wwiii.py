"""The fourth playable scenario, World War III, Southwestern Front (21.07): NATO against the
Warsaw Pact, its crisis turns before the war (21.03), the political events' effects (21.01),
its reinforcements (7.01) and its victory points and levels, played to the end by random play
and by a bot."""

from __future__ import annotations

import copy

import pytest

from tests.aegean_strike.play import GAME, act, actions, passing, played_out, prompt
from wargame.bots import make_bot
from wargame.engine.action import Action
from wargame.engine.errors import IllegalAction
from wargame.engine.state import clone, to_json
from wargame.games.aegean_strike import naval, state, victory
from wargame.games.aegean_strike.charts import TABLES
from wargame.games.aegean_strike.forces import forces
from wargame.server.catalog import describe

pytestmark = pytest.mark.game("aegean-strike")
SCENARIO = "wwiii_southwestern_front"
ISTANBUL, GELIBOLU, THESSALONIKI, EDIRNE, SOFIA, BURGAS = (
    "3910",
    "3112",
    "1811",
    "3007",
    "2003",
    "3304",
)
AIR_RESERVE = {"su-su24-24aa": ("tiraspol", 2), "su-mig27-24aa": ("odessa_ab", 3)}
"""The 24th Air Army's regiments: their base and the war turn they arrive (7.01)."""


def raw(name):
    return copy.deepcopy(TABLES.entries[name].values)


def options(**tables):
    return {"rules_overlay": {"game": "aegean-strike", "name": "t", "tables": tables}}


def begun(seed=3, **tables):
    return GAME.setup(SCENARIO, seed, options(**tables) if tables else {})


def every_roll(event):
    """A political events table giving ``event`` on every face but 10 (Israel's, seed 7.01)."""
    return {**{str(face): event for face in range(1, 10)}, "10": "israel_enters"}


def quiet(**tables):
    """The scenario with no political event but Israel's entry (the crisis runs its course)."""
    return begun(political_events=every_roll("none"), **tables)


def logged(found, key):
    return [e for e in found.log if e.key == key]


# -- the sides and the set-up ------------------------------------------------------------------
@pytest.mark.rule("21.07")
def test_nato_faces_the_warsaw_pact_with_israel_and_libya_out_of_the_war():
    assert SCENARIO in [s.id for s in GAME.scenarios()]
    found = begun()
    assert found.data["nations"] == {
        "us": "a",
        "uk": "a",
        "gr": "a",
        "tu": "a",
        "ussr": "b",
        "bu": "b",
    }
    in_play = {u for key in ("air", "naval", "ground", "ewda") for u in found.data[key]}
    nations = {forces().units[u].nation for u in in_play}
    assert nations == {"us", "uk", "gr", "tu", "ussr", "bu"}
    assert {"us-awacs", "us-e2", "su-tu126"} <= set(found.data["ewda"])
    assert found.data["controller"] == "b" and found.data["last_turn"] == 15
    assert found.data["war"] is False and found.data["crisis"] == 0
    assert GAME.active(found) == ["b"] and prompt(found, "b") == "prompt.crisis"
    assert actions(found, "b") == ["strike", "wait"]


@pytest.mark.rule("21.07")
def test_the_lobby_offers_it_with_both_sides_in_both_languages():
    offered = {s["id"]: s for s in describe(GAME)["scenarios"]}
    found = offered[SCENARIO]
    assert found["title"] == "World War III, Southwestern Front"
    assert found["title_ja"] == "第3次世界大戦南西方面作戦"
    assert found["sides"] == ["a", "b"] and "world_war" not in offered


@pytest.mark.rule("21.07")
@pytest.mark.rule("21.03")
def test_reserves_of_both_blocs_start_at_partial_strength():
    found = begun()
    mobilising = found.data["mobilising"]
    by_nation = {forces().units[u].nation for u in mobilising}
    assert by_nation == {"gr", "tu", "bu", "ussr"}
    assert found.data["ground"]["su-180-mrd"]["hits"] == 2  # a category B division
    assert found.data["ground"]["su-59-gmrd"]["hits"] == 0  # a Guards division, whole


# -- the crisis turns ---------------------------------------------------------------------------
@pytest.mark.rule("21.07")
@pytest.mark.rule("21.03")
def test_the_crisis_lasts_at_most_four_turns_then_the_war_starts():
    found = quiet()
    months = []
    while not found.data["war"]:
        months.append(found.data["crisis"])
        found = act(found, "b", "wait")
    assert months == [0, 1, 2, 3]
    assert logged(found, "log.war_starts")[0].params == {"cause": "deadline", "month": 4}
    assert found.data["turn"] == 1
    assert not found.data["mobilising"]  # four crisis turns and turn 1 mobilise everyone


@pytest.mark.rule("21.03")
def test_the_crisis_length_is_the_pre_war_tables_to_replace():
    pre_war = raw("pre_war")
    pre_war[SCENARIO]["at_most"] = 1
    found = act(quiet(pre_war=pre_war), "b", "wait")
    assert found.data["war"] and found.data["turn"] == 1


@pytest.mark.rule("21.07")
def test_nato_cannot_declare_the_war_only_the_warsaw_pact_strikes():
    found = begun()
    before = to_json(found)
    with pytest.raises(IllegalAction, match=r"7: it is not a's decision now"):
        GAME.apply(found, "a", Action("strike"))
    assert to_json(found) == before
    struck = act(found, "b", "strike")
    assert struck.data["war"] and logged(struck, "log.war_starts")[0].params["cause"] == "strike"


# -- the political events take effect (21.01) ---------------------------------------------------
@pytest.mark.rule("21.01")
def test_a_nato_summit_brings_turkey_and_greece_supply_points():
    found = begun(political_events=every_roll("nato_summit"))
    before = dict(found.data["sp"])
    found = act(found, "b", "wait")
    assert logged(found, "log.political_event")[-1].params["event"] == "nato_summit"
    assert found.data["sp"]["tu"] == before["tu"] + 10
    assert found.data["sp"]["gr"] == before["gr"] + 5
    assert found.data["sp"]["us"] == before["us"]


@pytest.mark.rule("21.01")
@pytest.mark.rule("7.01")
def test_israel_enters_on_natos_side_and_libya_stays_out():
    events = {str(face): "israel_enters" for face in range(1, 11)}
    found = act(begun(political_events=events), "b", "wait")
    assert found.data["nations"]["is"] == "a" and "ly" not in found.data["nations"]
    assert any(forces().units[u].nation == "is" for u in found.data["air"])


# -- reinforcements (7.01) ----------------------------------------------------------------------
@pytest.mark.rule("7.01")
@pytest.mark.rule("21.07")
def test_the_24th_air_army_arrives_on_war_turns_two_and_three_at_its_bases():
    found = act(quiet(), "b", "strike")
    assert not set(AIR_RESERVE) & set(found.data["air"])
    for turn in (2, 3):
        found = passing(found, lambda s, t=turn: s.data["turn"] == t)
        for uid, (base, arrives) in AIR_RESERVE.items():
            assert (uid in found.data["air"]) == (arrives <= turn)
            if arrives == turn:
                assert found.data["air"][uid]["base"] == base
                assert any(e.params.get("unit") == uid for e in logged(found, "log.reinforcement"))
    assert "su-kiev-mrd" in found.data["ground"]  # the common set-up's, turn 3


@pytest.mark.rule("21.07")
def test_the_air_reserve_is_this_scenarios_only():
    missile_crisis = {p.unit for p in forces().setup("turkish_missile_crisis")}
    front = {p.unit: p for p in forces().setup(SCENARIO)}
    assert not set(AIR_RESERVE) & missile_crisis
    assert {u: (front[u].base, front[u].turn) for u in AIR_RESERVE} == AIR_RESERVE


# -- the Straits closed to the Warsaw Pact's ships (13.06) ------------------------------------
BLACK_SEA, MARMARA, AEGEAN = "4108", "3511", "2615"
CRUISER = "su-cg-slava"


def at_sea(found, uid, hex_id, holders=()):
    """``found`` with ``uid`` at ``hex_id`` and each (unit, hex) of ``holders`` moved there."""
    found = clone(found)
    found.data["naval"][uid].update(hex=hex_id, in_port=False)  # under way (10.02)
    for holder, there in holders:
        moved(found.data, holder, there)
    return found


def sails(found, uid):
    g_tables = TABLES.defaults
    closed = naval.closed_straits(g_tables, found.data, found.scenario, uid)
    return closed, naval.reach(g_tables, found.data, uid, closed)


@pytest.mark.rule("13.06")
def test_a_soviet_ship_does_not_pass_the_bosporus_while_turkey_holds_istanbul():
    war = act(quiet(), "b", "strike")
    closed, reached = sails(at_sea(war, CRUISER, BLACK_SEA), CRUISER)
    assert {"3909", "3910", "S0703", "3112", "3012", "2913"} == closed
    assert MARMARA not in reached and AEGEAN not in reached
    assert not closed & set(reached)
    opened = naval.reach(TABLES.defaults, at_sea(war, CRUISER, BLACK_SEA).data, CRUISER)
    assert MARMARA in opened  # the strategic hex S0703 would carry it through, unclosed


@pytest.mark.rule("13.06")
def test_istanbul_taken_opens_the_bosporus_and_not_the_dardanelles():
    war = act(quiet(), "b", "strike")
    taken = at_sea(war, CRUISER, BLACK_SEA, [("bu-2-mrd", ISTANBUL)])
    closed, reached = sails(taken, CRUISER)
    assert closed == {"3112", "3012", "2913"} and MARMARA in reached
    both = at_sea(war, CRUISER, MARMARA, [("bu-2-mrd", ISTANBUL), ("bu-3-mrd", GELIBOLU)])
    closed, reached = sails(both, CRUISER)
    assert not closed and AEGEAN in reached


@pytest.mark.rule("13.06")
def test_natos_ships_and_the_other_scenarios_keep_the_straits_open():
    war = act(quiet(), "b", "strike")
    assert naval.closed_straits(TABLES.defaults, war.data, war.scenario, "tu-dd-1") == set()
    crisis = act(GAME.setup("turkish_missile_crisis", 3), "b", "strike")
    assert naval.closed_straits(TABLES.defaults, crisis.data, crisis.scenario, CRUISER) == set()
    table = raw("straits")
    table["scenarios"] = []
    off = act(quiet(straits=table), "b", "strike")
    assert naval.closed_straits(TABLES.of(off), off.data, off.scenario, CRUISER) == set()


@pytest.mark.rule("13.06")
def test_a_sail_into_the_closed_bosporus_is_refused_with_the_rule_and_nothing_changes():
    found = passing(
        act(quiet(), "b", "strike"),
        lambda s: GAME.active(s) == ["b"] and "sail su-cg-kara" in actions(s, "b"),
    )  # the Kara is under way off Crete; the Slava, In port, is put to sea (10.02)
    found = act(at_sea(found, CRUISER, "4008"), "b", f"sail {CRUISER}")
    offered = actions(found, "b")
    assert "to 4108" in offered and "to 3909" not in offered and "to S0703" not in offered
    before = to_json(found)
    with pytest.raises(IllegalAction, match=r"13\.06: the Straits at 3909 are closed"):
        GAME.apply(found, "b", Action("to 3909"))
    assert to_json(found) == before


# -- victory ------------------------------------------------------------------------------------
def finished(edit, **tables):
    found = clone(act(quiet(**tables), "b", "strike"))
    found.data["score"] = {"a": 0, "b": 0}
    edit(found.data)
    return victory.final_result(found)


def moved(data, uid, hex_id):
    data["ground"][uid]["hex"] = hex_id


@pytest.mark.rule("21.07")
def test_the_objectives_are_the_straits_thrace_and_bulgarias_ports_and_capital():
    rules = TABLES.defaults["wwiii_victory"]
    names = {"3910": "Istanbul", "3112": "Gelibolu", "1811": "Thessaloniki", "2003": "Sofia"}
    hexes = forces().hexes
    for hex_id in [*rules.objectives, *rules.nato_objectives]:
        assert hexes[hex_id].map == "operational" and hexes[hex_id].cls in {"land", "coastal"}
    assert {hexes[h].nation for h in rules.objectives} == {"GR", "TR"}
    assert {hexes[h].nation for h in rules.nato_objectives} == {"BG"}
    assert max(rules.objectives, key=rules.objectives.get) == ISTANBUL
    assert set(names) <= {*rules.objectives, *rules.nato_objectives}
    in_play = {p.unit for p in forces().setup(SCENARIO)}
    assert set(rules.sunk) <= in_play
    assert all(forces().category(forces().units[u]) == "naval" for u in rules.sunk)


@pytest.mark.rule("21.07")
def test_the_straits_and_thessaloniki_held_are_a_substantive_warsaw_pact_victory():
    def edit(data):
        moved(data, "bu-2-mrd", ISTANBUL)
        moved(data, "bu-3-mrd", GELIBOLU)
        moved(data, "su-59-gmrd", THESSALONIKI)

    result = finished(edit)
    assert result.params["objectives"] == 9 and result.params["hits"] == 0
    assert result.winner == "b" and result.kind == "wwiii_substantive"
    assert result.missing == ["21.07"]


@pytest.mark.rule("21.07")
def test_both_straits_and_the_thracian_towns_are_a_decisive_victory():
    def edit(data):
        for uid, hex_id in zip(
            ("bu-2-mrd", "bu-3-mrd", "su-59-gmrd", "su-86-gmrd", "bu-16-mrd", "bu-18-mrd"),
            ("3910", "3112", "1811", "3007", "2810", "2510"),
            strict=True,
        ):
            moved(data, uid, hex_id)

    result = finished(edit)
    assert result.params["objectives"] == 12 and result.kind == "wwiii_decisive"


@pytest.mark.rule("21.07")
def test_nato_in_sofia_and_burgas_and_the_kiev_sunk_count_against_the_warsaw_pact():
    def edit(data):
        moved(data, "gr-1-corps", SOFIA)
        moved(data, "tu-1-army", BURGAS)
        data["eliminated"].append("su-cvh-kiev")
        data["naval"].pop("su-cvh-kiev")

    result = finished(edit)
    assert result.params["nato_objectives"] == -5 and result.params["sunk"] == -2
    assert result.params["points"] == -7
    assert result.winner == "a" and result.kind == "wwiii_substantive"


@pytest.mark.rule("21.07")
def test_the_eisenhower_sunk_and_a_hits_lead_make_a_marginal_warsaw_pact_victory():
    def edit(data):
        data["eliminated"].append("us-cvn-69")
        data["naval"].pop("us-cvn-69")
        data["score"] = {"a": 10, "b": 24}  # a lead of 14: no point of 15

    result = finished(edit)
    assert result.params["sunk"] == 3 and result.params["hits"] == 0
    assert result.winner == "b" and result.kind == "wwiii_marginal"


@pytest.mark.rule("21.07")
def test_a_nato_hits_lead_is_a_nato_victory_and_an_even_war_a_draw():
    result = finished(lambda data: data["score"].update(a=31, b=0))
    assert result.params["hits"] == -2 and result.winner == "a"
    assert result.kind == "wwiii_marginal"
    even = finished(lambda data: data["score"].update(a=20, b=0))
    assert even.winner is None and even.kind == "wwiii_draw" and even.params == {"points": -1}


@pytest.mark.rule("21.07")
def test_the_victory_table_is_the_players_to_replace():
    table = raw("wwiii_victory")
    table["objectives"] = {ISTANBUL: 20}
    table["levels"] = {"marginal": 1, "substantive": 10, "decisive": 20}
    result = finished(lambda data: moved(data, "bu-2-mrd", ISTANBUL), wwiii_victory=table)
    assert result.params["objectives"] == 20 and result.kind == "wwiii_decisive"
    bad = raw("wwiii_victory")
    bad["levels"] = {"marginal": 5, "substantive": 4, "decisive": 12}
    with pytest.raises(Exception, match=r"21\.07: the levels rise"):
        begun(wwiii_victory=bad)


@pytest.mark.rule("21.07")
def test_each_result_reads_in_english_and_japanese():
    for edit in (
        lambda data: moved(data, "bu-2-mrd", ISTANBUL),
        lambda data: data["score"].update(a=0, b=0),
    ):
        result = finished(edit)
        for lang in ("en", "ja"):
            text = GAME.catalog.render(f"result.{result.kind}", result.params, lang)
            assert str(result.params["points"]) in text and "result." not in text


# -- played to the end --------------------------------------------------------------------------
@pytest.mark.rule("21.07")
@pytest.mark.rule("7.07")
def test_random_play_reaches_the_end_of_the_fifteenth_war_turn_with_a_result():
    found = played_out(SCENARIO, 5, 30000)
    assert found.result is not None and found.data["turn"] == 15
    assert found.result.kind.startswith("wwiii_") and found.result.missing == ["21.07"]
    assert not state.problems(found.data)


@pytest.mark.rule("21.07")
def test_a_greedy_bot_plays_either_side_of_the_war():
    found = act(begun(seed=4), "b", "strike")
    bots = {side: make_bot("greedy", GAME, side, 7) for side in ("a", "b")}
    for _ in range(60):
        if found.result is not None:
            break
        side = GAME.active(found)[0]
        chosen = bots[side].choose(GAME.view(found, side))
        found = GAME.apply(found, side, Action(chosen))
    assert found.data["war"] and found.data["turn"] >= 1
    assert 0.0 < GAME.evaluate(found, "a") < 1.0
