"""Warsaw Pact chemical warfare (11.09): the Soviet player starts it once in its Unit
Assignment; WP land attacks then gain a shift that declines turn by turn to none."""

from __future__ import annotations

import json

import pytest

from tests.aegean_strike.play import GAME, act, actions
from tests.aegean_strike.test_missile_crisis import soviet_assignment
from wargame.engine.action import Action
from wargame.engine.errors import IllegalAction
from wargame.engine.state import to_json
from wargame.games.aegean_strike import chemical
from wargame.games.aegean_strike.charts import tables

pytestmark = pytest.mark.game("aegean-strike")


@pytest.mark.rule("11.09")
def test_the_soviet_player_starts_chemical_warfare_once_and_both_sides_see_when():
    found = soviet_assignment()
    assert "chemical" in actions(found, "b")
    started = act(found, "b", "chemical")
    assert started.data["chemical_start"] == found.data["turn"]
    assert any(e.key == "log.chemical_started" for e in started.log)
    assert '"chemical_start"' in json.dumps(GAME.view(started, "a"))  # the public marker
    before = to_json(started)
    with pytest.raises(IllegalAction, match=r"11\.09: chemical warfare began on turn"):
        GAME.apply(started, "b", Action("chemical"))
    assert to_json(started) == before


@pytest.mark.rule("11.09")
def test_only_the_soviet_player_may_start_it():
    found = soviet_assignment()
    assert "11.09" in chemical.start_refusal(found.data, "a")


@pytest.mark.rule("11.09")
def test_the_wp_attackers_edge_declines_turn_by_turn_to_none():
    g_tables = tables(soviet_assignment())
    by_turn = g_tables["land_modifiers"].chemical_by_turn
    soviet, greek = "su-59-gmrd", "gr-20-armd"
    assert chemical.shift(g_tables, {"turn": 3}, [soviet]) == 0  # not started
    gained = [
        chemical.shift(g_tables, {"turn": 3 + n, "chemical_start": 3}, [soviet])
        for n in range(len(by_turn) + 2)
    ]
    assert gained == [*by_turn, 0, 0]
    assert gained[0] > 0 and gained == sorted(gained, reverse=True)
    assert chemical.shift(g_tables, {"turn": 3, "chemical_start": 3}, [greek]) == 0
