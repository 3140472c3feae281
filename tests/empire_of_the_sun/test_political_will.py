"""US Political Will (4.31-4.32, 15.5, 16.46, 16.48): no US carrier on the map, War in Europe at
Level 4, and the two Political phase segments that apply them."""

from __future__ import annotations

import pytest

from tests.empire_of_the_sun.driver import begin
from tests.empire_of_the_sun.factory import position
from wargame.games.empire_of_the_sun.political_will import no_carriers, war_in_europe

pytestmark = pytest.mark.game("empire-of-the-sun")

OAHU = "5808"


def will(**units: str) -> int:
    g = position(units=units, political_will=8)
    no_carriers(g)
    found: int = g.data["tracks"]["political_will"]
    return found


@pytest.mark.rule("16.46")
def test_no_us_carrier_costs_one_and_no_us_ship_at_all_one_more():
    assert will(**{"us-cv-lexington": OAHU}) == 8
    assert will(**{"us-cvl-cowpens": OAHU}) == 8
    assert will(**{"us-cve-sangamon": OAHU}) == 8  # an escort carrier is a carrier
    assert will(**{"us-bb-md-ca": OAHU}) == 7  # ships but no carrier
    assert will() == 6  # no US naval unit at all
    assert will(**{"cw-cv-indomitable": "1307", "us-5af": OAHU}) == 6  # only US ships count


@pytest.mark.rule("16.46")
def test_carriers_off_the_map_do_not_count():
    g = position(units={"us-cv-lexington": "turn:3", "us-ca-new-orleans": "eliminated"})
    no_carriers(g)
    assert g.data["tracks"]["political_will"] == 8 - 2
    assert [e.params["reason"] for e in g.state.log] == ["no_us_carrier", "no_us_navy"]


@pytest.mark.rule("16.48", "15.5")
@pytest.mark.parametrize(("track", "loss"), [(-7, 1), (-6, 0), (0, 0), (3, 0)])
def test_war_in_europe_at_level_4_costs_one_at_the_national_status_segment(track, loss):
    g = position(war_in_europe=track, political_will=5)
    war_in_europe(g)
    assert g.data["tracks"]["political_will"] == 5 - loss


@pytest.mark.rule("16.46", "16.1")
def test_political_will_never_drops_below_the_negotiations_box():
    g = position(political_will=1)
    no_carriers(g)
    assert g.data["tracks"]["political_will"] == 0


@pytest.mark.rule("4.32", "16.46")
def test_the_political_will_segment_applies_the_carrier_rule():
    g = position(units={"us-ca-new-orleans": OAHU}, political_will=8)
    begin(g, "political_will")
    assert g.state.result is not None
    assert g.data["tracks"]["political_will"] == 7


@pytest.mark.rule("4.31", "16.48")
def test_the_national_status_segment_applies_war_in_europe_level_4():
    g = position(units={"us-cv-lexington": OAHU}, war_in_europe=-7, political_will=8)
    begin(g, "national_status")
    assert g.state.result is not None
    assert g.data["tracks"]["political_will"] == 7
