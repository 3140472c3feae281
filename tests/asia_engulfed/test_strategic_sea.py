"""Asia Engulfed's strategic moves across the sea: a block's sea leg (5.32, 5.22, 5.23) and an
air unit's island hops (5.22, 5.23), on the January 1942 set-up."""

from itertools import pairwise

import pytest

from tests.asia_engulfed.positions import at_operational_movement, play
from wargame.games.asia_engulfed import GAME
from wargame.games.asia_engulfed.charts import printed
from wargame.games.asia_engulfed.strategic import _island_hops, _Seas, strategic_targets
from wargame.games.asia_engulfed.transports import transports_available

pytestmark = pytest.mark.game("asia-engulfed")


def targets(data, side, power, start, *, block=True):
    return strategic_targets(data, side, power, start, _Seas.of(data, side, printed()), block=block)


def setup():
    return GAME.setup("jan1942", 7).data


@pytest.mark.rule("5.2")
@pytest.mark.rule("5.32")
def test_a_block_crosses_the_sea_from_port_to_port_and_marches_on():
    data = setup()
    reached = targets(data, "allies", "usa", "usa")
    assert "hawaii" in reached  # from the US west coast to Pearl Harbor
    assert {"queensland", "new_south_wales"} <= reached  # ashore, then overland


@pytest.mark.rule("5.32")
def test_a_sea_leg_crosses_at_most_six_sea_areas():
    data = setup()
    reached = []
    for budget in range(1, 10):
        seas = _Seas.of(data, "allies", printed())
        seas.budget = budget
        reached.append(strategic_targets(data, "allies", "usa", "usa", seas, block=True))
    assert all(a <= b for a, b in pairwise(reached))  # more is further
    first = next(n for n, found in enumerate(reached, 1) if "hawaii" in found)
    assert 1 < first <= printed().movement.strategic_sea
    assert reached[printed().movement.strategic_sea - 1] == targets(data, "allies", "usa", "usa")
    assert reached[-1] > reached[printed().movement.strategic_sea - 1]  # the limit binds


@pytest.mark.rule("5.23")
def test_a_sea_leg_never_enters_a_sea_area_of_enemy_influence():
    data = setup()
    fleet = next(
        u for u, unit in data["units"].items()
        if unit["public"]["kind"] == "fleet" and unit["owner"] == "japan"
    )  # fmt: skip
    data["units"][fleet]["where"] = "us_west_coast"
    reached = targets(data, "allies", "usa", "usa")
    assert not {"hawaii", "queensland"} & reached


@pytest.mark.rule("5.32")
@pytest.mark.rule("3.5")
def test_japan_crosses_only_the_sea_areas_of_its_network_and_pays_a_transport_point():
    data = setup()
    overland = targets(data, "japan", "japan", "shantung")
    assert "okinawa" not in overland  # no network yet: no sea area in supply
    data["network"] = {"markers": ["east_china_sea", "yellow_sea"], "submarine": None}
    assert "okinawa" in targets(data, "japan", "japan", "shantung")


@pytest.mark.rule("5.32")
def test_the_move_by_sea_costs_japan_a_transport_point_and_the_overland_one_nothing():
    state = at_operational_movement()
    state.data["network"] = {"markers": ["east_china_sea", "yellow_sea"], "submarine": None}
    state.data["tracks"]["transports_available"] = 2
    state = play(state, "japan", "end")
    assert state.data["phase"] == "strategic_movement"
    before = transports_available(state.data)
    state = play(state, "japan", "strategic jp-12a", "strategic jp-12a peking")
    assert transports_available(state.data) == before
    state = play(state, "japan", "strategic jp-13a", "strategic jp-13a okinawa")
    assert state.data["units"]["jp-13a"]["where"] == "okinawa"
    assert transports_available(state.data) == before - 1


@pytest.mark.rule("5.22")
@pytest.mark.rule("5.23")
def test_an_air_unit_hops_across_free_sea_areas_and_stops_by_enemy_influence():
    data = setup()
    hops = targets(data, "allies", "usa", "hawaii", block=False)
    assert {"usa", "midway", "new_caledonia"} <= hops  # across one or more sea areas
    assert "luzon" not in hops  # Japanese-controlled


class _Hops:
    """A stand-in for a position's reach: from ``s`` a sea hop lands in ``x``, next to a sea
    area of enemy influence, before the land route ``s``-``y``-``x`` is looked at; ``z`` lies
    overland beyond ``x``."""

    class seas:  # noqa: N801 (the attribute the search reads)
        @staticmethod
        def stops(where):
            return where == "x"

    def air_steps(self, power, where):
        return {
            "s": (["y"], ["x"]),
            "y": (["s", "x"], []),
            "x": (["y", "z"], []),
            "z": (["x"], []),
        }[where]


@pytest.mark.rule("5.23")
def test_an_area_where_a_sea_hop_stops_is_passed_through_when_reached_overland():
    assert _island_hops(_Hops(), "usa", "s") == {"s", "x", "y", "z"}
