"""Malaya and Siam (12.3): Malaya's surrender (12.32) and Siam, which never surrenders and whose
hexes change hands only by ground units passing through (12.33)."""

from __future__ import annotations

import pytest

from tests.empire_of_the_sun.factory import position
from tests.empire_of_the_sun.test_movement import FakeZoi, offensive
from tests.empire_of_the_sun.test_national_status import run_segment, will
from wargame.games.empire_of_the_sun import forces, movement, national_status

pytestmark = pytest.mark.game("empire-of-the-sun")

SINGAPORE, KUANTAN = "2015", "2014"
JITRA, KUALA_LUMPUR, SINGORA, KOTA_BHARU = "1912", "1913", "2012", "2112"
BANGKOK, PHNOM_PENH = "2110", "2211"


def siam(g):
    return g.static.board.area(national_status.SIAM)


def malaya_falls(units, japanese=(SINGAPORE, KUANTAN)):
    """A position with Japan holding its Empire and the given hexes, after a National Status
    segment."""
    g = position(units=units, japanese=list(japanese), empire=True)
    run_segment(g)
    return g


@pytest.mark.rule("12.32", "12.31", "16.41")
def test_malaya_surrenders_to_japan_holding_singapore_and_kuantan_and_loses_no_unit():
    units = {"cw-malaya-air": KOTA_BHARU, "cw-hq-malaya": KUALA_LUMPUR, "in-3-corps": "2013"}
    before = will(position())
    g = malaya_falls(units)
    assert g.data["surrendered"] == ["malaya"] and will(g) == before - 1
    assert all(forces.at(g, unit) == hex_id for unit, hex_id in units.items())
    # Japan gains the Malayan airfields no Allied unit occupies...
    assert forces.control(g, JITRA) == forces.control(g, SINGORA) == "japan"
    # ...and not those an Allied air unit or HQ holds: nobody is pushed out
    assert forces.control(g, KOTA_BHARU) == forces.control(g, KUALA_LUMPUR) == "allied"
    assert not any(e.key == "log.emergency_move" for e in g.state.log)


@pytest.mark.rule("12.32")
def test_singapore_alone_does_not_make_malaya_surrender():
    g = malaya_falls({}, japanese=[SINGAPORE])
    assert g.data["surrendered"] == []
    assert forces.control(g, JITRA) == "allied"


@pytest.mark.rule("12.33", "12.32", "16.41")
def test_siam_never_surrenders_and_no_surrender_hands_over_its_hexes():
    others = [h for h in siam(position()) if h != BANGKOK]
    g = position(empire=True, japanese=[SINGAPORE, KUANTAN, *others])
    before = will(g)
    run_segment(g)
    assert g.data["surrendered"] == ["malaya"]  # Malaya falls, Siam never does
    assert will(g) == before - 1  # Siam costs no Political Will
    assert forces.control(g, BANGKOK) == "allied"  # a port and airfield beside Malaya
    assert all(forces.control(g, h) == "japan" for h in others)
    assert national_status.status_hexes(g, national_status.SIAM) == []
    assert national_status.status_hexes(g, "malaya") == g.static.board.area("malaya")


@pytest.mark.rule("12.33", "12.1")
def test_a_siam_hex_belongs_to_the_last_side_whose_ground_units_passed_through(monkeypatch):
    monkeypatch.setattr(movement, "zoi", lambda g: FakeZoi())
    g = position(units={"jp-15-army": PHNOM_PENH}, empire=True)
    offensive(g, side="japan", activated=["jp-15-army"])
    march = movement.moves(g, ["jp-15-army"], oc=3)[f"hex {SINGORA}"]
    crossed = [h for h in march.path if h in siam(g)]
    assert crossed == [BANGKOK, "2011"]
    movement.perform(g, ["jp-15-army"], march)
    assert all(forces.control(g, h) == "japan" for h in crossed)
    assert forces.control(g, "2010") == "allied"  # not passed through
    forces.move_to(g, "in-3-corps", "2010")
    offensive(g, side="allied", activated=["in-3-corps"])
    back = movement.moves(g, ["in-3-corps"], oc=3)["hex 2210"]
    assert back.path == ("2010", BANGKOK, "2210")
    movement.perform(g, ["in-3-corps"], back)
    assert forces.control(g, BANGKOK) == "allied"  # the Allies passed through last
    assert forces.control(g, "2011") == "japan"
