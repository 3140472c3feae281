"""The second playable scenario, the Greece-Turkey War (21.09): Greece against Turkey with the
war on from the first turn (the pre-war rules are lost), played to its end."""

from __future__ import annotations

import pytest

from tests.aegean_strike.play import GAME, played_out
from wargame.games.aegean_strike.forces import forces

pytestmark = pytest.mark.game("aegean-strike")
SCENARIO = "greece_turkey_war"


@pytest.mark.rule("21.09")
def test_greece_and_turkey_fight_from_the_first_turn_with_turkey_in_control():
    found = GAME.setup(SCENARIO, 3)
    nations = {
        forces().units[u].nation
        for key in ("air", "naval", "ground", "ewda")
        for u in found.data[key]
    }
    assert nations == {"gr", "tu"}
    assert found.data["turn"] == 1 and found.data["controller"] == "b"
    assert found.data["sp"] == {"gr": 40, "tu": 50}


@pytest.mark.rule("21.09")
def test_random_play_reaches_the_end_of_the_eighth_turn_with_the_provisional_victory():
    found = played_out(SCENARIO, 5, 5000)
    assert found.result is not None and found.data["turn"] == 8
    assert found.result.missing == ["21.09"]
