"""The China Incident (A.2), the second training scenario: three factions from July 1937, the
Axis against the Nationalists (West) and the Communists (Soviet), who win together; its set-up,
its faction turns, its objectives and random games to a result."""

from __future__ import annotations

import pytest

from tests.dai_senso.play import GAME, act, end_turn
from wargame.engine.contract import outcome
from wargame.engine.state import clone
from wargame.fuzz import FuzzConfig, fuzz
from wargame.games import REGISTRY
from wargame.games.dai_senso import victory
from wargame.games.dai_senso.forces import forces

pytestmark = pytest.mark.game("dai-senso")

CHINA = "a2_china_incident"
TIENTSIN, SHANGHAI, PEKING = "w5124", "w4725", "w5123"


def test_the_china_incident_sets_up_three_factions_from_the_forces_file():
    state = GAME.setup(CHINA, 1)
    placed = {p.unit: p.hex for p in forces().scenarios[CHINA].setup if p.hex}
    assert {uid: r["hex"] for uid, r in state.data["units"].items()} == placed
    assert state.data["factions"] == ["axis", "west", "soviet"]
    assert GAME.scenario_sides(CHINA) == ("axis", "west", "soviet")
    assert (state.data["turn"], state.data["year"], state.data["last_turn"]) == (1, 1937, 4)


@pytest.mark.rule("0.3")
def test_an_objective_starts_with_the_faction_standing_in_it_else_with_the_west():
    control = GAME.setup(CHINA, 1).data["control"]
    assert len(control) == 7
    assert control[TIENTSIN] == control[SHANGHAI] == "axis"
    assert control[PEKING] == "west"
    assert sorted(control.values()).count("west") == 5


@pytest.mark.rule("7.2")
def test_each_of_the_three_factions_has_its_turn_in_order():
    state = GAME.setup(CHINA, 1)
    assert GAME.active(state) == ["axis"]
    state = end_turn(state, "axis")  # blitz markers, organization, movement, combat, reserve
    assert GAME.active(state) == ["west"] and state.data["phasing"] == "west"
    state = end_turn(state, "west")
    assert GAME.active(state) == ["soviet"] and state.data["phasing"] == "soviet"
    state = act(state, "soviet", *["end"] * 3)  # no blitz markers: movement, combat, reserve
    assert state.data["turn"] == 2 and GAME.active(state) == ["axis"]


@pytest.mark.rule("0.3")
@pytest.mark.parametrize("axis_held", [5, 4])
def test_the_axis_needs_five_objectives_else_the_west_and_the_soviets_win_together(axis_held):
    state = clone(GAME.setup(CHINA, 1))
    objectives = list(state.data["control"])
    state.data["control"] = dict.fromkeys(objectives, "west")
    for hex_id in objectives[:axis_held]:
        state.data["control"][hex_id] = "axis"
    state.data["control"][objectives[-1]] = "soviet"
    found = victory.final_result(state)
    assert found.scores == {"axis": axis_held, "west": 6 - axis_held, "soviet": 1}
    if axis_held == 5:
        assert (found.winner, found.allies, found.kind) == ("axis", [], "won")
        assert [outcome(found, side) for side in ("axis", "west", "soviet")] == [1, 0, 0]
    else:
        assert (found.winner, found.allies, found.kind) == ("west", ["soviet"], "won_jointly")
        assert [outcome(found, side) for side in ("axis", "west", "soviet")] == [0, 1, 1]
        text = GAME.catalog.render("result." + found.kind, found.params, "en")
        assert text == "The Allies win: West and Soviet together"


def test_random_games_of_the_china_incident_end_without_failure(tmp_path):
    config = FuzzConfig(games=2, seed=29, scenario=CHINA, out_dir=tmp_path)
    summary = fuzz("dai-senso", config, REGISTRY.game, lambda outcome: None)
    assert [o.failure for o in summary.failures] == []
    assert all(o.result for o in summary.outcomes)
