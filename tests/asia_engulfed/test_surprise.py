"""Asia Engulfed's surprise attack (9.11) in the naval movement phase of the Nov/Dec 1941
campaign's first turn."""

import pytest

from tests.asia_engulfed.positions import play
from wargame.games.asia_engulfed import GAME
from wargame.games.asia_engulfed.charts import printed
from wargame.games.asia_engulfed.influence import projecting
from wargame.games.asia_engulfed.naval import reactions
from wargame.games.asia_engulfed.surprise import forced_to_react, submarine_barred

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
