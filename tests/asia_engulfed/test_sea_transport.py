"""Asia Engulfed's sea transport (5.31, 8.12, 8.24), landings and amphibious invasions (7.2,
7.21, 3.25's exception) and troop transports in the rebase phase (8.8), played through the game
contract on the January 1942 set-up."""

import pytest

from tests.asia_engulfed.positions import at_operational_movement, offered, play
from wargame.engine.errors import IllegalAction
from wargame.games.asia_engulfed import GAME
from wargame.games.asia_engulfed.charts import printed
from wargame.games.asia_engulfed.control import area
from wargame.games.asia_engulfed.ground_combat import hit_bonus
from wargame.games.asia_engulfed.influence import projecting
from wargame.games.asia_engulfed.naval import (
    embark,
    embarkations,
    transport_ports,
    transport_reach,
)
from wargame.games.asia_engulfed.transports import embark_seas, transports_available

pytestmark = pytest.mark.game("asia-engulfed")


def at_sea(**units):
    """Japan's operational movement with ``units`` standing in sea areas as transports, the
    Philippine Sea and the East China Sea in its supply network."""
    state = at_operational_movement()
    for unit_id, sea in units.items():
        state.data["units"][unit_id]["where"] = sea
    state.data["network"] = {"markers": ["east_china_sea", "philippine_sea"], "submarine": None}
    return state


# -- embarking (5.31, 8.24) -------------------------------------------------------------------


@pytest.mark.rule("5.31")
def test_a_block_embarks_two_sea_areas_the_first_one_counted():
    data = GAME.setup("jan1942", 7).data
    reach = transport_reach(data, "japan", "shantung", 2, projecting(data))
    one = transport_reach(data, "japan", "shantung", 1, projecting(data))
    assert one < reach  # a second sea area is further
    assert "yellow_sea" in one
    assert not {"philippine_sea", "java_sea"} & reach


@pytest.mark.rule("5.31")
def test_a_block_in_a_box_embarks_into_sea_areas_only():
    """Found reading the change: a box's neighbours by land counted as its coasts, so a block
    in Singapore could "embark" into Malaya."""
    assert embark_seas("singapore") == {"java_sea", "south_china_sea"}
    state = GAME.setup("jan1942", 7)
    seas = {text.split()[-1] for text in offered(state, "japan", "embark")}
    assert seas and all(area(sea).is_sea for sea in seas)


@pytest.mark.rule("5.3")
@pytest.mark.rule("5.31")
@pytest.mark.rule("8.12")
def test_an_embarked_block_sails_as_a_transport_and_japan_pays_a_transport_point():
    state = GAME.setup("jan1942", 7)
    assert "embark jp-12a yellow_sea" in offered(state, "japan", "embark")
    before = transports_available(state.data)
    after = play(state, "japan", "embark jp-12a yellow_sea")
    assert after.data["units"]["jp-12a"]["where"] == "yellow_sea"
    assert after.data["tracks"]["transports_available"] == before - 1
    # the sea area is now open: every further embarkation and sailing goes there
    assert all(a.endswith("yellow_sea") for a in offered(after, "japan", "embark"))
    assert not [a for a in offered(after, "japan", "embark") if a.startswith("embark jp-12a")]


@pytest.mark.rule("5.31")
def test_japan_embarks_nothing_without_transport_points():
    state = GAME.setup("jan1942", 7)
    state.data["tracks"]["transports_available"] = 0
    embarking = offered(state, "japan", "embark")
    assert embarking  # the marines may still pay oil (8.24)
    assert all(a.split()[1].startswith("jp-snlf") for a in embarking)


@pytest.mark.rule("8.24")
def test_a_marine_from_a_port_sails_three_sea_areas_and_japan_pays_oil_for_it():
    state = GAME.setup("jan1942", 7)
    data = state.data
    two = transport_reach(data, "japan", "truk", 2, projecting(data))
    three = transport_reach(data, "japan", "truk", 3, projecting(data))
    far = sorted(three - two)
    assert far
    assert f"embark jp-snlf-maizuru {far[0]}" in offered(state, "japan", "embark")
    assert f"embark jp-south-seas {far[0]}" not in offered(state, "japan", "embark")
    oil = data["tracks"]["japan_oil"]
    after = play(state, "japan", f"embark jp-snlf-maizuru {far[0]}")
    paid = printed().japanese_logistics.marine_three_sea_areas_oil
    assert after.data["tracks"]["japan_oil"] == oil - paid
    assert transports_available(after.data) == transports_available(data)


@pytest.mark.rule("8.12")
def test_the_allies_see_an_embarked_block_blank():
    state = play(GAME.setup("jan1942", 7), "japan", "embark jp-12a yellow_sea")
    allied = GAME.view(state, "allies")
    assert "jp-12a" not in str(allied["board"])
    assert "jp-12a" not in str(allied["log"][-3:])


# -- landing and invading (5.31, 7.2) ---------------------------------------------------------


@pytest.mark.rule("5.31")
@pytest.mark.rule("8.12")
def test_a_transport_lands_in_a_friendly_or_a_contested_area_on_its_sea():
    state = at_sea(**{"jp-eastern-da": "gulf_of_thailand"})
    landing = offered(state, "japan", "land")
    assert "land jp-eastern-da thailand" in landing
    assert "land jp-eastern-da malaya" in landing  # contested
    after = play(state, "japan", "land jp-eastern-da malaya")
    assert after.data["units"]["jp-eastern-da"]["where"] == "malaya"
    assert not [a for a in offered(after, "japan", "land") if "jp-eastern-da" in a]


@pytest.mark.rule("7.2")
def test_an_invasion_of_an_empty_area_spends_an_sa_and_takes_control_after_combat():
    state = at_sea(**{"jp-16a": "philippine_sea"})
    assert "invade jp-16a leyte" in offered(state, "japan", "invade")
    after = play(state, "japan", "invade jp-16a leyte")
    assert after.data["tracks"]["special_actions_japan"] == 0
    record = after.data["invasions"]["leyte"]
    assert (record["landed"], record["paid"], record["seas"]) == (1, ["japan"], ["philippine_sea"])
    assert after.data["control"]["leyte"] == "allies"  # 3.25: only after the combat phase
    assert "leyte" not in after.data["contested"]
    after = play(after, "japan", "end", "end")  # operational, then strategic movement
    while after.data["phase"] == "ground_combat" and after.data["control"]["leyte"] == "allies":
        after = play(after, "japan", "end")
    assert after.data["control"]["leyte"] == "japan"


@pytest.mark.rule("7.2")
def test_an_invasion_of_a_held_area_contests_it_and_its_battle_is_mandatory():
    state = at_sea(**{"jp-16a": "east_china_sea"})
    after = play(state, "japan", "invade jp-16a fukien")
    assert "fukien" in after.data["contested"]
    assert "fukien" in after.data["newly_contested"]


@pytest.mark.rule("7.2")
def test_only_infantry_and_marines_invade():
    state = at_sea(**{"jp-eastern-da": "philippine_sea", "jp-snlf-kure": "philippine_sea"})
    invading = offered(state, "japan", "invade")
    assert "invade jp-snlf-kure leyte" in invading
    assert not [a for a in invading if "jp-eastern-da" in a]  # militia
    with pytest.raises(IllegalAction):
        play(state, "japan", "invade jp-eastern-da leyte")


@pytest.mark.rule("7.2")
@pytest.mark.rule("7.13")
def test_marines_invade_free_and_the_first_other_block_pays():
    state = at_sea(**{"jp-16a": "philippine_sea", "jp-snlf-kure": "philippine_sea"})
    state.data["tracks"]["special_actions_japan"] = 0
    assert offered(state, "japan", "invade") == ["invade jp-snlf-kure leyte"]
    after = play(state, "japan", "invade jp-snlf-kure leyte")
    assert after.data["tracks"]["special_actions_japan"] == 0
    record = after.data["invasions"]["leyte"]
    assert (record["landed"], record["marines"], record["paid"]) == (1, 1, [])


@pytest.mark.rule("7.2")
@pytest.mark.rule("3.5")
def test_japan_invades_only_from_a_sea_area_of_its_supply_network():
    state = at_sea(**{"jp-16a": "philippine_sea"})
    state.data["network"] = {"markers": [], "submarine": None}
    assert offered(state, "japan", "invade") == []


@pytest.mark.rule("7.2")
def test_an_invasion_needs_an_uncontested_friendly_area_on_the_sea():
    state = at_sea(**{"jp-16a": "philippine_sea"})
    for shore in ("formosa", "luzon", "okinawa"):
        state.data["control"][shore] = "allies"
    assert offered(state, "japan", "invade") == []


@pytest.mark.rule("7.2")
def test_an_invasion_lands_no_more_than_the_area_takes():
    state = at_sea(**{"jp-16a": "north_pacific", "jp-snlf-maizuru": "north_pacific"})
    state.data["network"]["markers"].append("north_pacific")
    after = play(state, "japan", "invade jp-16a aleutian_islands")
    assert "invade jp-snlf-maizuru aleutian_islands" in offered(after, "japan", "invade")  # 4.26
    state.data["units"]["jp-snlf-maizuru"]["hidden"]["type"] = "infantry"
    after = play(state, "japan", "invade jp-16a aleutian_islands")
    assert "invade jp-snlf-maizuru aleutian_islands" not in offered(after, "japan", "invade")


@pytest.mark.rule("7.21")
def test_defenders_of_an_invaded_area_hit_better_in_the_first_round():
    data = at_sea(**{"jp-16a": "east_china_sea"}).data
    battle = {"area": "fukien", "attacker": "japan", "river": False, "invaded": True}
    quiet = {**battle, "invaded": False}
    militia = [hit_bonus(data, printed(), b, "allies", "cn-fukien") for b in (battle, quiet)]
    assert militia[0] == militia[1]  # cn-fukien is militia: no bonus (7.21)
    data["units"]["cn-fukien"]["hidden"]["type"] = "infantry"
    infantry = [hit_bonus(data, printed(), b, "allies", "cn-fukien") for b in (battle, quiet)]
    assert infantry[0] == infantry[1] + printed().ground_bonuses.invasion


# -- transports in the rebase phase (8.8) -----------------------------------------------------


@pytest.mark.rule("8.8")
def test_a_transport_still_at_sea_goes_ashore_in_a_friendly_port_or_is_lost():
    state = GAME.setup("jan1942", 7)
    state = play(state, "japan", "embark jp-12a yellow_sea", "close")
    state = play(state, "allies", "done")
    state = play(state, "japan", "end")  # naval movement
    while state.data["phase"] != "rebase":
        state = play(state, GAME.active(state)[0], "end")
    ports = offered(state, "japan", "disembark")
    assert ports and all(a.startswith("disembark jp-12a") for a in ports)
    after = play(state, "japan", ports[0])
    assert after.data["units"]["jp-12a"]["where"] == ports[0].split()[-1]


@pytest.mark.rule("8.24")
def test_a_japanese_marine_pays_oil_when_no_transport_point_is_left():
    """Found by the fuzzer: a marine embarked two sea areas with no transport point left, and
    Transports Available went below zero."""
    state = GAME.setup("jan1942", 7)
    state.data["tracks"]["transports_available"] = 0
    near = sorted(transport_reach(state.data, "japan", "truk", 1, projecting(state.data)))[0]
    oil = state.data["tracks"]["japan_oil"]
    after = play(state, "japan", f"embark jp-snlf-maizuru {near}")
    assert after.data["tracks"]["transports_available"] == 0
    assert after.data["tracks"]["japan_oil"] < oil


@pytest.mark.rule("3.33")
def test_dei_ground_units_never_embark():
    """Found reading the change: embarking did not ask 3.33, and a DEI block could sail away."""
    data = GAME.setup("jan1942", 7).data
    sailing = {unit_id for unit_id, _sea in embarkations(data, "allies", printed(), None, [])}
    assert "dei-knil" not in sailing
    assert "cw-8div-aus" in sailing


@pytest.mark.rule("8.8")
@pytest.mark.rule("9.23")
def test_a_transport_goes_ashore_only_where_its_nation_may_stand():
    """Found reading the change: a US transport could rebase into a port of China (9.23)."""
    data = GAME.setup("jan1942", 7).data
    for unit_id in ("us-4army", "cn-3wa", "cw-8div-aus"):
        data["units"][unit_id]["where"] = "east_china_sea"
    assert transport_ports(data, "cn-3wa", printed()) == ["chekiang", "fukien"]
    assert transport_ports(data, "us-4army", printed()) == []  # 9.23
    assert transport_ports(data, "cw-8div-aus", printed()) == []  # 9.32


@pytest.mark.rule("3.25")
@pytest.mark.rule("5.31")
def test_embarking_from_a_contested_area_settles_it_as_any_departure():
    """Found reading the change: a block that sailed out of a contested area, the last of its
    side there, handed control over but left the other side's blocks tipped up (6.63)."""
    state = at_sea()
    data = state.data
    data["contested"] = sorted({*data["contested"], "malaya"})
    for unit_id, unit in data["units"].items():
        if unit["where"] == "malaya" and unit["owner"] == "japan" and unit_id != "jp-25a":
            unit["where"] = "thailand"
    defenders = [u for u, unit in data["units"].items() if unit["where"] == "malaya"
                 and unit["owner"] == "allies"]  # fmt: skip
    for unit_id in defenders:  # revealed by a round fought there (6.23)
        data["units"][unit_id]["seen"]["japan"] = "battle:malaya"
    g = GAME.context(state)
    embark(g, "jp-25a", "gulf_of_thailand", printed())
    assert "malaya" not in g.data["contested"]
    assert g.data["control"]["malaya"] == "allies"
    assert defenders
    assert all(g.data["units"][u]["seen"]["japan"] == "moved" for u in defenders)  # 6.63
