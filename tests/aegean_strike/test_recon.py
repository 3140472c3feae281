"""Special forces on reconnaissance (11.12, provisional): sent in the Unit Assignment Stage to
watch a land hex near them, they detect the enemy ground units around it (14.01) until
recalled, and the enemy is told no more of it than it sees of the unit."""

from __future__ import annotations

import json

import pytest

from tests.aegean_strike.play import GAME, SCENARIO, act, actions, edited, passing
from tests.aegean_strike.test_play import refused
from wargame.games.aegean_strike import charts, client, detection, special_ops, state

pytestmark = pytest.mark.game("aegean-strike")
WATCHED = "2322"
"""A land hex three hexes from the US special forces' start (2022)."""
NEAR = "2522"
"""Two hexes from the watched hex, beyond every other Player A detector's ground range."""
FAR = "2623"
"""Three hexes from the watched hex."""


def assigning(near=NEAR, far=FAR):
    """Player A's Unit Assignment of turn 1, two Libyan units placed near the watched hex."""
    start = act(GAME.setup(SCENARIO, 7, {}), "b", "done")

    def place(data):
        data["ground"]["ly-1-mech"]["hex"] = near
        data["ground"]["ly-2-mech"]["hex"] = far

    return edited(start, place)


def hidden(state_, side):
    return detection.hidden_from(charts.tables(state_), state_.data, side)


@pytest.mark.rule("11.12")
@pytest.mark.rule("14.01")
def test_a_unit_on_reconnaissance_sees_enemy_ground_units_within_its_radius_only():
    start = assigning()
    assert {"ly-1-mech", "ly-2-mech"} <= hidden(start, "a")
    assert state.distance("2022", WATCHED) == 3
    assert f"recon us-sf {WATCHED}" in actions(start, "a")
    assert "recon us-sf 2623" not in actions(start, "a")  # four hexes away: beyond the range
    watching = act(start, "a", f"recon us-sf {WATCHED}")
    assert special_ops.reconnoitring(watching.data, "us-sf") == WATCHED
    assert "ly-1-mech" not in hidden(watching, "a")
    assert "ly-2-mech" in hidden(watching, "a")
    assert "ly-1-mech" in GAME.view(watching, "a", log=False)["board"]["ground"]


@pytest.mark.rule("11.12")
def test_only_us_and_soviet_special_forces_reconnoitre_and_only_land_hexes_in_range():
    libyan = act(GAME.setup(SCENARIO, 7, {}), "b")
    assert "us, ussr" in refused(libyan, "b", "recon ly-cdo")
    offered = [a for a in actions(assigning(), "a") if a.startswith("recon us-sf ")]
    hexes = [a.split()[-1] for a in offered]
    assert hexes and all(state.distance("2022", h) <= 3 for h in hexes)
    assert all(special_ops.ground.is_land(h) for h in hexes)


@pytest.mark.rule("11.12")
@pytest.mark.rule("14.01")
def test_a_recalled_unit_no_longer_detects():
    watching = act(assigning(), "a", f"recon us-sf {WATCHED}")
    assert "recall us-sf" in actions(watching, "a")
    recalled = act(watching, "a", "recall us-sf")
    assert special_ops.on_operation(recalled.data, "us-sf") is None
    assert "ly-1-mech" in hidden(recalled, "a")


@pytest.mark.rule("11.12")
def test_a_unit_on_reconnaissance_neither_marches_nor_raids_and_stays_deployed():
    watching = act(assigning(), "a", f"recon us-sf {WATCHED}")
    segment = act(watching, "a", "done")
    assert "11.12" in refused(segment, "a", "march us-sf")
    turn_two = passing(segment, lambda s: s.data["turn"] == 2)
    assert special_ops.reconnoitring(turn_two.data, "us-sf") == WATCHED
    assert not [e for e in turn_two.log if e.key == "log.raid"]


@pytest.mark.rule("11.12")
@pytest.mark.rule("14.01")
def test_the_enemy_is_not_told_of_a_reconnaissance_by_a_unit_it_does_not_see():
    watching = act(assigning(), "a", f"recon us-sf {WATCHED}")
    assert "us-sf" in hidden(watching, "b")
    seen_by_b = GAME.view(watching, "b")
    assert "us-sf" not in seen_by_b["board"]["ground"]
    assert not [e for e in seen_by_b["log"] if e["key"] == "log.recon"]
    assert "us-sf" not in json.dumps(seen_by_b)
    assert "us-sf" not in client.unit_marks(seen_by_b["board"])
    own = GAME.view(watching, "a")
    assert [e for e in own["log"] if e["key"] == "log.recon"]
    mark = client.unit_marks(own["board"])["us-sf"]
    assert mark == [{"kind": "recon", "label": "RC", "hex": WATCHED}]


@pytest.mark.rule("14.01")
@pytest.mark.rule("11.12")
def test_watching_another_hex_is_seen_at_once_though_detection_remembers_positions():
    """Detection keeps its answers by position: the watched hex is part of the position (a
    fuzz run found a view hiding a unit after a reconnaissance unit watched a new hex)."""
    watching = act(assigning(), "a", f"recon us-sf {WATCHED}")
    assert "ly-1-mech" not in hidden(watching, "a")
    moved = edited(watching, lambda data: data["ground"]["us-sf"].update(special_op="2021"))
    assert state.distance("2021", NEAR) > 2
    assert "ly-1-mech" in hidden(moved, "a")
