"""National status (12.0-12.9) and US Political Will (16.4): surrenders, recaptures, India, the
Mandates, New Guinea, the Marshalls, the Burma Road, Japan's surrender, and the adjustments."""

from __future__ import annotations

import pytest

from tests.empire_of_the_sun.driver import act, begin, deciding
from tests.empire_of_the_sun.factory import position as factory_position
from wargame.games.empire_of_the_sun import forces, national_status, political_will, supply
from wargame.games.empire_of_the_sun.national_status import NATIONS

pytestmark = pytest.mark.game("empire-of-the-sun")

NATION = {n.id: n for n in NATIONS}
MANILA, DAVAO, SAMAR, CLARK = "2813", "2915", "3014", "2812"
NORTHERN_INDIA = national_status.NORTHERN_INDIA


def will(g):
    return g.data["tracks"]["political_will"]


def position(*args, **kwargs):
    """A position in which Japan holds its Empire (so it does not surrender at once, 12.93)."""
    kwargs.setdefault("empire", True)
    return factory_position(*args, **kwargs)


def run_segment(g):
    """The National Status segment, every emergency move answered by the first choice."""
    if g.state.result is not None and g.state.result.kind == "test":
        g.state.result = None  # the previous segment's test game is over; play another
    begin(g, "national_status")
    while g.state.result is None and deciding(g)[1] != "prompt.national_status_done":
        act(g, deciding(g)[2][0])


@pytest.mark.rule("12.2", "12.21", "12.22", "16.41", "4.31")
def test_the_philippines_surrender_when_japan_holds_manila_and_davao():
    units = {
        "us-r-corps": SAMAR,
        "us-p-bde": SAMAR,
        "us-ca-us-asia": SAMAR,
        "us-hq-swpac": SAMAR,
        "jp-14-army": MANILA,
        "jp-16-army": DAVAO,
    }
    g = position(units=units, japanese=[MANILA, DAVAO])
    before = will(g)
    run_segment(g)
    assert "philippines" in g.data["surrendered"]
    assert forces.at(g, "us-r-corps") == forces.at(g, "us-p-bde") == "removed"
    assert forces.at(g, "us-hq-swpac") == "turn:3"  # an HQ comes back as usual
    assert forces.control(g, SAMAR) == "japan"  # its airfields and ports go to Japan
    assert forces.at(g, "us-ca-us-asia") != SAMAR  # the ship made an emergency move (or was lost)
    assert will(g) == before - 1


@pytest.mark.rule("12.3", "12.31")
def test_malaya_surrenders_without_losing_units_and_a_recapture_gives_the_will_back():
    g = position(units={"in-3-corps": "1913"}, japanese=["2015", "2014"])
    before = will(g)
    run_segment(g)
    assert g.data["surrendered"] == ["malaya"] and will(g) == before - 1
    assert forces.at(g, "in-3-corps") == "1913"
    g.data["control"]["2015"] = g.data["control"]["2014"] = "allied"
    run_segment(g)
    assert g.data["surrendered"] == [] and g.data["recaptured"] == ["malaya"]
    assert will(g) == before
    g.data["control"]["2015"] = g.data["control"]["2014"] = "japan"
    run_segment(g)
    assert "malaya" not in g.data["surrendered"]  # a nation surrenders once


@pytest.mark.rule("12.4", "12.41", "12.42")
def test_the_dutch_east_indies_surrender_and_every_dutch_unit_goes():
    keys = list(NATION["dei"].keys)
    g = position(
        units={"nl-1-regt": "2720", "nl-java-div": "2721", "au-8-div": "2721"}, japanese=keys
    )
    run_segment(g)
    assert "dei" in g.data["surrendered"]
    assert forces.at(g, "nl-1-regt") == forces.at(g, "nl-java-div") == "removed"
    assert forces.at(g, "au-8-div") == "2721"


@pytest.mark.rule("12.5", "12.51", "12.52")
def test_burma_surrenders_and_its_burmese_units_are_removed():
    g = position(
        units={"bu-1-div": "2108", "in-1-corps": "2105"}, japanese=list(NATION["burma"].keys)
    )
    run_segment(g)
    assert "burma" in g.data["surrendered"]
    assert forces.at(g, "bu-1-div") == "removed" and forces.at(g, "in-1-corps") == "2105"


@pytest.mark.rule("12.8", "12.82", "12.83", "16.41")
def test_australia_surrenders_when_every_coastal_port_and_airfield_is_japanese_and_five_cost_more():
    others = [h for n in ("philippines", "malaya", "dei", "burma") for h in NATION[n].keys]
    g = position(japanese=others)
    keys = national_status.key_hexes(g, NATION["australia"])
    assert "3727" in keys and "3023" in keys  # Townsville, Darwin
    for hex_id in keys:
        g.data["control"][hex_id] = "japan"
    g.data["surrendered"] = ["philippines", "malaya", "dei", "burma"]
    before = will(g)
    run_segment(g)
    assert "australia" in g.data["surrendered"]
    assert will(g) == before - 2 - 2  # Australia, then all five surrendered


@pytest.mark.rule("12.6", "12.61", "12.62", "12.63")
def test_india_moves_from_stable_to_surrender_in_five_segments_of_japanese_northern_india():
    g = position(units={"in-1-corps": "1805", "cw-15-corps": "1805"}, japanese=list(NORTHERN_INDIA))
    seen = []
    for _ in range(5):
        run_segment(g)
        seen.append((g.data["tracks"]["india"], g.data["tracks"]["india_second"]))
    assert seen == [
        ("unrest", False),
        ("unrest", True),
        ("unstable", False),
        ("unstable", True),
        ("surrendered", False),
    ]
    assert forces.at(g, "in-1-corps") == "removed"
    assert forces.at(g, "cw-15-corps") in (*g.static.board.area("ceylon"), "1005", "removed")


@pytest.mark.rule("12.62")
def test_an_allied_hex_of_northern_india_sends_india_back_to_stable():
    g = position(japanese=list(NORTHERN_INDIA[1:]))
    g.data["tracks"]["india"], g.data["tracks"]["india_second"] = "unstable", True
    run_segment(g)
    assert (g.data["tracks"]["india"], g.data["tracks"]["india_second"]) == ("stable", False)


@pytest.mark.rule("12.84", "12.81")
def test_rabaul_and_guadalcanal_bring_every_mandate_hex_without_enemy_ground_units():
    g = position(units={"jp-ss-bde": "4222"}, japanese=["4021", "4423"])
    run_segment(g)
    area = [h for h in g.static.board.area("mandates_australian") if g.static.board.is_land(h)]
    assert all(forces.control(g, h) == "japan" for h in area)


@pytest.mark.rule("12.92")
def test_eniwetok_and_kwajalein_bring_the_marshalls_but_not_islands_with_japanese_troops():
    marshalls = [h for h in position().static.board.area("marshalls")]
    g = position(
        units={"jp-4-sn-bde": "4517" if "4517" in marshalls else marshalls[0]}, empire=True
    )
    g.data["control"]["4415"] = g.data["control"]["4715"] = "allied"
    held = forces.at(g, "jp-4-sn-bde")
    run_segment(g)
    for hex_id in marshalls:
        if g.static.board.is_land(hex_id) and hex_id != held:
            assert forces.control(g, hex_id) == "allied"
    assert forces.control(g, held) == "japan"


@pytest.mark.rule("12.76")
def test_the_burma_road_is_open_while_an_allied_route_joins_kunming_to_madras():
    g = position()
    run_segment(g)
    assert g.data["tracks"]["burma_road"] == "open"
    g.data["control"]["2206"] = "japan"  # Lashio, on the road
    run_segment(g)
    assert g.data["tracks"]["burma_road"] == "closed"


@pytest.mark.rule("12.93")
def test_japan_surrenders_when_every_honshu_hex_is_allied():
    g = position(empire=True)
    for hex_id in g.static.board.area("honshu"):
        g.data["control"][hex_id] = "allied"
    run_segment(g)
    assert g.state.result is not None and g.state.result.winner == "allied"


@pytest.mark.rule("12.93")
def test_japan_surrenders_after_three_segments_cut_off_from_its_resources():
    g = position(empire=True)  # Korea, Harbin, Mukden: resource hexes joined to Japan by land
    assert supply.japan_reaches_resources(g)
    for hex_id in ("3302", "3303", "3305"):
        g.data["control"][hex_id] = "allied"
    assert not supply.japan_reaches_resources(g)
    for expected in (None, None, "allied"):
        run_segment(g)
        assert (g.state.result.winner if g.state.result else None) == expected


@pytest.mark.rule("12.93")
def test_a_resource_hex_joined_to_japan_by_sea_keeps_japan_fighting():
    g = position(empire=True, japanese=["1916"])  # Palembang, reached by sea from Japan
    for hex_id in ("3302", "3303", "3305"):
        g.data["control"][hex_id] = "allied"
    assert supply.japan_reaches_resources(g)


# -- Political Will (16.4) ------------------------------------------------------------------------


@pytest.mark.rule("16.4", "16.42")
def test_a_japanese_unit_three_segments_in_one_aleutian_hex_costs_one_once():
    g = position(units={"jp-2-sn-bde": "4600", "us-cv-lexington": "5808"})
    before = will(g)
    for _ in range(4):
        political_will.occupations(g)
    assert will(g) == before - 1


@pytest.mark.rule("16.42")
def test_two_segments_in_a_hawaiian_hex_cost_one_and_leaving_resets_the_count():
    g = position(units={"jp-1-sn-bde": "5108"})
    before = will(g)
    political_will.occupations(g)
    forces.move_to(g, "jp-1-sn-bde", "eliminated")
    political_will.occupations(g)
    assert will(g) == before
    forces.move_to(g, "jp-1-sn-bde", "5708")
    political_will.occupations(g)
    political_will.occupations(g)
    assert will(g) == before - 1


@pytest.mark.rule("16.43")
def test_few_japanese_resources_and_bombing_raise_the_will():
    g = position(turn=6)
    before = will(g)
    political_will.few_resources(g)
    political_will.few_resources(g)
    assert will(g) == before + 3  # once per game
    political_will.bombing_cut_a_card(g)
    political_will.bombing_cut_a_card(g)
    assert will(g) == before + 4  # once per turn


@pytest.mark.rule("16.45")
def test_a_wiped_out_us_attack_with_a_replaceable_corps_costs_one_once_a_turn():
    g = position()
    before = will(g)
    political_will.us_casualties(g, ["us-p-bde"])  # a pre-war brigade does not count
    assert will(g) == before
    political_will.us_casualties(g, ["us-xiv-corps", "us-p-bde"])
    political_will.us_casualties(g, ["us-xiv-corps"])
    assert will(g) == before - 1


@pytest.mark.rule("16.47")
def test_progress_of_the_war_needs_as_many_captures_as_allied_asps_up_to_four():
    g = position(empire=True, turn=5, allied_asp=3)
    political_will.note_progress_start(g)
    political_will.note_progress_target(g)
    taken = [h for h in g.data["progress"]["japanese"]][:2]
    for hex_id in taken:
        g.data["control"][hex_id] = "allied"
    before = will(g)
    political_will.progress_of_the_war(g)
    assert will(g) == before - 1  # 2 of 3
    g.data["control"][g.data["progress"]["japanese"][2]] = "allied"
    political_will.progress_of_the_war(g)
    assert will(g) == before - 1  # 3 of 3: no loss
