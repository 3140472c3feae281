"""Movement and stacking (5.11, 6.23-6.26, 7.0-7.49, 8.6, 12.71, 12.74), on the real map."""

from __future__ import annotations

import pytest

from tests.empire_of_the_sun.factory import components, place, position
from wargame.games.empire_of_the_sun import forces, movement
from wargame.games.empire_of_the_sun.events_military_allies_early import unit_reaches

pytestmark = pytest.mark.game("empire-of-the-sun")

BOARD = components().board
GRAPH = movement.graph_of(BOARD)


class FakeZoi:
    """Stand-in for ``supply.zoi(g)``: ``blocked`` hexes hinder the mover, ``projected`` hexes
    are in enemy ZOI whether neutralised or not (defaults to ``blocked``)."""

    def __init__(self, blocked=(), projected=None):
        self.blocked = set(blocked)
        self.seen = set(self.blocked if projected is None else projected)

    def blocks(self, hex_id, side):
        return hex_id in self.blocked

    def projected(self, hex_id, by_side):
        return hex_id in self.seen

    def blocked_hexes(self, side):
        return frozenset(self.blocked)

    def projected_hexes(self, by_side):
        return frozenset(self.seen)


class FakeSupply:
    def __init__(self, eligible=(), in_supply=False):
        self.hexes = set(eligible)
        self.in_supply = in_supply

    def eligible(self, hex_id, side):
        return hex_id in self.hexes

    def unit(self, unit_id):
        return self.in_supply


@pytest.fixture(autouse=True, params=["fake", "real"])
def no_zoi(request, monkeypatch):
    """Every test runs with no ZOI anywhere: once with the fake, once with the real supply
    module (in these positions no HQ supplies anybody, so no unit projects ZOI)."""
    if "real_zoi" in request.fixturenames:
        if request.param == "fake":
            pytest.skip("this test is about the real supply module")
        return
    if request.param == "fake":
        monkeypatch.setattr(movement, "zoi", lambda g: FakeZoi())


@pytest.fixture
def real_zoi():
    """The test needs the zones of influence of the real supply module."""


def zoi_in(monkeypatch, blocked=(), projected=None):
    monkeypatch.setattr(movement, "zoi", lambda g: FakeZoi(blocked, projected))


def offensive(g, *, side="japan", card="J10", oc=3, battles=(), activated=(), reacting=(), **more):
    g.data["offensive"] = {
        "side": side, "card": card, "mode": "oc", "oc": oc, "activated": list(activated),
        "moved": {}, "recon": False, "asp": 0, "battles": list(battles), "special": [],
        "reaction": {"activated": list(reacting), "moved": {}, "asp": 0},
        **more,
    }  # fmt: skip
    return g.data["offensive"]


def dests(found, prefix="hex"):
    return {move.dest for key, move in found.items() if key.startswith(prefix + " ")}


def leg_ends(path, rng, side_airfield):
    """Fewest legs of at most ``rng`` hexes that split ``path`` at airfields (None if none)."""
    best = {0: 0}
    for i in range(1, len(path)):
        if not side_airfield(path[i]):
            continue
        options = [best[j] + 1 for j in best if i - j <= rng]
        if options:
            best[i] = min(options)
    return best.get(len(path) - 1)


# -- naval ------------------------------------------------------------------------------------
@pytest.mark.rule("7.2", "7.21")
def test_soerabaja_is_entered_by_sea_only_from_2219_2319_2320():
    assert set(GRAPH.sea["2220"]) == {"2219", "2319", "2320"}
    g = position(units={"us-ca-new-orleans": "2221"})
    move = movement.moves(g, ["us-ca-new-orleans"], oc=1)["hex 2220"]
    assert move.path[-2] in {"2219", "2319", "2320"}
    assert len(move.path) >= 3  # not straight across the unplayable 2221/2220 hexside


@pytest.mark.rule("7.11", "7.1", "6.22", "5.11")
def test_naval_allowance_is_five_hexes_per_oc_value():
    g = position(units={"cw-bb-force-z": "2015"})
    assert "hex 2220" not in movement.moves(g, ["cw-bb-force-z"], oc=1)  # 6 hexes by sea
    move = movement.moves(g, ["cw-bb-force-z"], oc=2)["hex 2220"]
    assert len(move.path) - 1 == 6 and not move.battle and not move.no_fight


@pytest.mark.rule("7.21", "7.12")
def test_a_naval_move_ends_in_a_port_a_battle_or_within_carrier_range_of_one():
    g = position(units={"cw-bb-force-z": "2015", "jp-ca-mogami": "2114"})
    found = movement.moves(g, ["cw-bb-force-z"], oc=2)
    assert all(d in GRAPH.ports or d == "2114" for d in dests(found))
    assert found["hex 2114"].battle  # an OP naval unit ending with enemy units: a battle hex
    carrier_group = {"us-cv-lexington": "2015", "us-ca-new-orleans": "2015"}
    g = position(units={**carrier_group, "jp-15-army": "2112"}, japanese=["2112"])
    found = movement.moves(g, ["us-cv-lexington", "us-ca-new-orleans"], oc=2)
    at_sea = {d for d in dests(found) if not BOARD.is_land(d)}
    assert at_sea and all(BOARD.distance(d, "2112") <= 2 for d in at_sea)


@pytest.mark.rule("7.23")
def test_strategic_naval_moves_double_the_allowance_port_to_friendly_port():
    g = position(units={"cw-bb-force-z": "2015", "cw-ca-exeter": "2114"})
    found = movement.moves(g, ["cw-bb-force-z"], oc=1)
    assert "hex 2220" not in found
    assert found["strategic 2220"].no_fight and not found["strategic 2220"].battle
    assert all(d in GRAPH.ports for d in dests(found, "strategic"))
    assert dests(movement.moves(g, ["cw-ca-exeter"], oc=1), "strategic") == set()  # at sea
    g = position(units={"cw-bb-force-z": "2015", "jp-ca-mogami": "2220"})
    assert "strategic 2220" not in movement.moves(g, ["cw-bb-force-z"], oc=1)  # no battle


# -- air --------------------------------------------------------------------------------------
@pytest.mark.rule("5.11", "7.31")
def test_a_range_6_lrb_with_oc_2_flies_two_legs_landing_at_a_friendly_airfield_between():
    g = position(units={"us-5af-lrb": "3727"})
    assert BOARD.distance("3727", "4423") == 8
    assert "hex 4423" not in movement.moves(g, ["us-5af-lrb"], oc=1)
    move = movement.moves(g, ["us-5af-lrb"], oc=2)["hex 4423"]
    assert leg_ends(move.path, 6, GRAPH.airfields.__contains__) == 2
    between = [
        a for a in GRAPH.airfields if BOARD.distance("3727", a) <= 6 >= BOARD.distance(a, "4423")
    ]
    g = position(units={"us-5af-lrb": "3727"}, japanese=between)
    assert "hex 4423" not in movement.moves(g, ["us-5af-lrb"], oc=2)


@pytest.mark.rule("7.3", "7.31", "5.11")
def test_air_units_land_only_at_friendly_airfields_that_are_not_battle_hexes():
    g = position(units={"us-5af": "3727", "jp-ss-bde": "3823", "jp-ca-aoba": "3626"})
    found = movement.moves(g, ["us-5af"], oc=1)
    assert "hex 3823" not in found  # enemy ground unit there
    assert "hex 3626" in found  # an enemy naval unit does not matter (5.11)
    assert all(d in GRAPH.airfields and forces.control(g, d) == "allied" for d in dests(found))
    g = position(units={"us-5af": "3727"}, japanese=["3626"])
    assert "hex 3626" not in movement.moves(g, ["us-5af"], oc=1)


@pytest.mark.rule("7.33")
def test_strategic_air_with_er_4_and_oc_2_flies_up_to_16_hexes_in_four_legs():
    g = position(units={"us-5af": "3727"})
    found = movement.moves(g, ["us-5af"], oc=2)
    assert BOARD.distance("3727", "3017") == 14
    assert "hex 3017" not in found
    move = found["strategic 3017"]
    assert move.no_fight and 3 <= leg_ends(move.path, 4, GRAPH.airfields.__contains__) <= 4
    assert max(BOARD.distance("3727", d) for d in dests(found, "strategic")) <= 16
    assert all(BOARD.distance("3727", d) <= 8 for d in dests(found))


@pytest.mark.rule("5.11", "7.31", "6.26")
def test_a_parenthetical_extended_range_serves_for_movement_but_not_for_fighting():
    g = position(units={"us-feaf": "2812"})
    found = movement.moves(g, ["us-feaf"], oc=1)
    assert not found["hex 2813"].no_fight  # 1 hex: normal range 2
    assert found["hex 2915"].no_fight  # 4 hexes: only the parenthetical extended range
    offensive(g, battles=["2914"])
    reacting = movement.moves(g, ["us-feaf"], oc=1, reaction=True)
    assert reacting and all(BOARD.distance("2812", d) <= 2 for d in dests(reacting))
    assert all(not m.no_fight for m in reacting.values())


@pytest.mark.rule("7.36")
def test_the_air_ferry_5408_is_only_a_landing_point_between_legs_of_allied_air_units():
    others = ["5708", "5511", "5814", "5908"]
    g = position(units={"us-7af-lrb": "5808"}, japanese=others)
    assert BOARD.distance("5808", "5108") == 7
    found = movement.moves(g, ["us-7af-lrb"], oc=2)
    assert "5408" in found["hex 5108"].path and "hex 5408" not in found
    g = position(units={"us-7af-lrb": "5808", "jp-ca-aoba": "5408"}, japanese=others)
    assert "hex 5108" not in movement.moves(g, ["us-7af-lrb"], oc=2)


@pytest.mark.rule("12.71", "12.74")
def test_allied_air_flies_between_northern_india_and_the_china_box_in_one_leg():
    g = position(units={"us-14af": "2104"})
    move = movement.moves(g, ["us-14af"], oc=1)["box china"]
    assert move.dest == "china" and move.path == ("2104", "china")
    g = position(units={"us-14af": "china"})
    found = movement.moves(g, ["us-14af"], oc=1)
    assert dests(found) == {"1905", "2104", "2205"}  # one leg, whatever the range
    assert len(dests(movement.moves(g, ["us-14af"], oc=2))) > 3
    g = position(units={"us-14af": "2104", "us-5af": "china", "au-air": "china"})
    assert "box china" not in movement.moves(g, ["us-14af"], oc=1)  # two in the box already
    g = position(units={"us-14af": "2104"})
    g.data["surrendered"].append("china")
    assert "box china" not in movement.moves(g, ["us-14af"], oc=1)
    g = position(units={"us-14af": "china"}, japanese=["1905", "2104", "2205"])
    assert movement.moves(g, ["us-14af"], oc=3) == {}


# -- ground -----------------------------------------------------------------------------------
@pytest.mark.rule("7.4", "7.41")
def test_ground_movement_costs_open_1_mountain_3_other_terrain_2():
    g = position(units={"au-1-corps": "3425"})
    assert {"3524", "3525", "3426"} <= set(GRAPH.land["3425"])
    by_oc = [dests(movement.moves(g, ["au-1-corps"], oc=oc)) for oc in (1, 2, 3)]
    assert "3524" in by_oc[0] and "3426" not in by_oc[0]
    assert "3426" in by_oc[1] and "3525" not in by_oc[1]
    assert "3525" in by_oc[2]


@pytest.mark.rule("7.41")
def test_a_transport_route_costs_half_a_point_into_a_hex_without_enemy_units():
    g = position(units={"in-2-corps": "1905"})
    move = movement.moves(g, ["in-2-corps"], oc=1)["hex 2104"]
    assert move.path == ("1905", "2005", "2104")
    corps = components().units["in-2-corps"]  # the 5.31 check's bound must cover such a move
    assert unit_reaches(corps, 1, on_coast=False, ground=True)[0] >= BOARD.distance("1905", "2104")
    g = position(units={"cw-15-corps": "1913"})
    assert movement.moves(g, ["cw-15-corps"], oc=1)["hex 2015"].path == ("1913", "2014", "2015")
    g = position(units={"cw-15-corps": "1913", "jp-ca-mogami": "2014"})
    assert "hex 2015" not in movement.moves(g, ["cw-15-corps"], oc=2)  # 2014 costs 2 now
    assert "hex 2015" in movement.moves(g, ["cw-15-corps"], oc=3)  # naval units do not stop it


@pytest.mark.rule("7.41", "7.12")
def test_a_ground_unit_stops_on_entering_enemy_ground_or_air_units_or_an_hq():
    for blocker in ("jp-15-army", "jp-22-af", "jp-hq-south"):
        g = position(units={"in-2-corps": "1905", blocker: "2005"}, japanese=["2005"])
        found = movement.moves(g, ["in-2-corps"], oc=3)
        assert found["hex 2005"].battle and found["hex 2005"].path == ("1905", "2005")
        assert "hex 2104" not in found


@pytest.mark.rule("7.42")
def test_yungning_cannot_move_overland_into_interior_china():
    g = position(units={"jp-14-army": "2508"}, japanese=["2508"])
    found = dests(movement.moves(g, ["jp-14-army"], oc=3))
    assert "2609" in found and not found & {"2408", "2507"}
    g = position(units={"cw-15-corps": "2508"})
    assert not dests(movement.moves(g, ["cw-15-corps"], oc=3)) & {"2408", "2507"}  # 7.42 D
    g = position(units={"cn-5-army": "2407"})
    found = dests(movement.moves(g, ["cn-5-army"], oc=3))
    assert "2408" in found and "2508" not in found  # 7.42 E: Kunming area, not coastal China


@pytest.mark.rule("12.91", "7.42")
def test_nobody_enters_manchukuo():
    g = position(units={"jp-korean-army": "3304", "jp-1-ad": "3305"}, empire=True)
    manchukuo = GRAPH.area("manchukuo")
    assert manchukuo and not dests(movement.moves(g, ["jp-korean-army"], oc=3)) & manchukuo
    assert "3204" in GRAPH.land["3304"]
    assert not dests(movement.moves(g, ["jp-1-ad"], oc=3)) & manchukuo


@pytest.mark.rule("7.42")
def test_japanese_ground_units_may_enter_northern_but_not_mainland_india():
    g = position(units={"jp-15-army": "1905"}, japanese=["1905"])
    found = dests(movement.moves(g, ["jp-15-army"], oc=3))
    assert "2005" in found and "1805" not in found


@pytest.mark.rule("7.41")
def test_ground_units_never_cross_all_sea_hexsides_overland():
    g = position(units={"nl-java-div": "2220"})
    found = dests(movement.moves(g, ["nl-java-div"], oc=3))
    assert BOARD.all_sea("2220", "2320") and "2320" not in found
    assert "2119" in found


@pytest.mark.rule("7.49")
def test_the_7th_armoured_brigade_stops_on_entering_a_non_open_hex_off_the_routes():
    g = position(units={"cw-7-armd-bde": "2006", "cw-15-corps": "2006"})
    armour = movement.moves(g, ["cw-7-armd-bde"], oc=3)
    corps = movement.moves(g, ["cw-15-corps"], oc=3)
    assert "hex 2007" in armour and "hex 2008" not in armour
    assert corps["hex 2008"].path == ("2006", "2007", "2008")
    assert not any(k.startswith("assault") for k in armour)  # 7.45: no assault
    assert any(k.startswith("strategic") for k in armour)  # but strategic transport


# -- strategic transport, assaults, barges ----------------------------------------------------
@pytest.mark.rule("7.44")
def test_strategic_transport_from_a_coastal_hex_to_a_friendly_port():
    g = position(units={"au-8-div": "2014", "nl-java-div": "2019"})
    found = movement.moves(g, ["au-8-div"], oc=1)
    assert dests(found, "strategic") <= GRAPH.ports
    assert all(len(m.path) - 1 <= 5 for k, m in found.items() if k.startswith("strategic"))
    assert found["strategic 2015"].asp == 0 and found["strategic 2015"].no_fight
    g = position(units={"au-8-div": "2015"})
    assert "strategic 2220" in movement.moves(g, ["au-8-div"], oc=1)  # doubled from a port
    g = position(units={"nl-java-div": "2019"})
    assert dests(movement.moves(g, ["nl-java-div"], oc=2), "strategic") == set()


def test_a_listing_of_some_kinds_of_move_is_the_full_listing_cut_to_them():
    # movement.routes(kinds=...): the 5.31 check asks only for the moves that could meet an
    # event's clause (events_military_allies_early.able_to_get_there).
    g = position(units={"au-8-div": "2014", "nl-java-div": "2019"})
    every = movement.moves(g, ["au-8-div"], oc=2)
    assert {k.split(" ")[0] for k in every} >= {"hex", "strategic", "assault"}
    for kinds in ({"assault"}, {"move", "barge"}, {"strategic", "assault"}):
        some = movement.routes(g, ["au-8-div"], oc=2, kinds=frozenset(kinds))[0]
        assert some == {k: m for k, m in every.items() if m.mode in kinds}


@pytest.mark.rule("7.45")
def test_assault_asp_costs_a_division_one_a_corps_one_per_step_the_korean_army_two():
    g = position(
        units={
            "us-1mar-div": "4825", "us-x-corps": "4825", "us-i-corps": ("4826", True),
            "jp-korean-army": "3305", "jp-14-army": ("2909", True),
        },
        allied_asp=9, japanese_asp=9,
    )  # fmt: skip
    costs = {u: movement.unit_asp(g, u) for u in forces.units_on_map(g)}
    assert costs == {
        "us-1mar-div": 1, "us-x-corps": 2, "us-i-corps": 1, "jp-korean-army": 4, "jp-14-army": 1,
    }  # fmt: skip
    assert movement.moves(g, ["us-x-corps"], oc=1)["assault 4423"].asp == 2
    assert movement.moves(g, ["us-1mar-div", "us-x-corps"], oc=1)["assault 4423"].asp == 3


@pytest.mark.rule("9.3", "14.2")
def test_an_assault_needs_the_asps_still_unused_half_of_japans_under_isr():
    g = position(units={"us-1mar-div": "4825", "us-x-corps": "4825"}, allied_asp=2)
    g.data["asp_used"]["allied"] = 1
    assert "assault 4423" in movement.moves(g, ["us-1mar-div"], oc=1)
    assert "assault 4423" not in movement.moves(g, ["us-x-corps"], oc=1)
    g = position(units={"jp-14-army": "2909", "jp-1-sn-bde": "2909"}, japanese_isr=True)
    g.data["asp_used"]["japan"] = 2  # 7 ASPs, 4 usable under ISR
    assert "assault 2813" in movement.moves(g, ["jp-14-army"], oc=1)
    g.data["asp_used"]["japan"] = 3
    assert "assault 2813" not in movement.moves(g, ["jp-14-army"], oc=1)
    assert "assault 2813" in movement.moves(g, ["jp-1-sn-bde"], oc=1)


@pytest.mark.rule("6.26", "7.45")
def test_a_reaction_spends_at_most_one_asp():
    g = position(units={"us-1mar-div": "4825", "us-x-corps": "4825", "jp-ss-bde": "4423"})
    offensive(g, battles=["4423"], reacting=["us-1mar-div", "us-x-corps"])
    assert movement.moves(g, ["us-1mar-div"], oc=1, reaction=True)["assault 4423"].asp == 1
    assert movement.moves(g, ["us-x-corps"], oc=1, reaction=True) == {}
    g.data["offensive"]["reaction"]["asp"] = 1
    assert movement.moves(g, ["us-1mar-div"], oc=1, reaction=True) == {}


@pytest.mark.rule("7.46")
def test_japanese_organic_transport_carries_one_brigade_per_cruiser_for_free():
    g = position(units={"jp-ss-bde": "4017", "jp-ca-aoba": "4017", "jp-3-sn-bde": "4017"})
    found = movement.moves(g, ["jp-ss-bde", "jp-ca-aoba"], oc=1)
    assert found["assault 4021"].asp == 0  # Truk to Rabaul on turn 1 (7.46 example)
    two = movement.moves(g, ["jp-ss-bde", "jp-3-sn-bde", "jp-ca-aoba"], oc=1)
    assert two["assault 4021"].asp == 1
    assert movement.moves(g, ["jp-ss-bde"], oc=1)["assault 4021"].asp == 1
    offensive(g, side="allied", battles=["4021"], reacting=["jp-ss-bde", "jp-ca-aoba"])
    g.data["offensive"]["reaction"]["asp"] = 1
    assert "assault 4021" in movement.moves(g, ["jp-ss-bde", "jp-ca-aoba"], oc=1, reaction=True)


@pytest.mark.rule("7.45")
def test_an_assault_past_enemy_naval_units_needs_an_escort():
    g = position(units={"us-1mar-div": "4825", "us-ca-northampton": "4825", "jp-ca-aoba": "4423"})
    assert "assault 4423" not in movement.moves(g, ["us-1mar-div"], oc=1)
    found = movement.moves(g, ["us-1mar-div", "us-ca-northampton"], oc=1)
    assert found["assault 4423"].battle and found["assault 4423"].asp == 1
    g = position(units={"us-1mar-div": "4825", "jp-ca-aoba": "4825"})
    assert not any(k.startswith("assault") for k in movement.moves(g, ["us-1mar-div"], oc=3))


@pytest.mark.rule("7.12", "7.45")
def test_an_assault_may_end_in_an_enemy_held_hex_but_never_passes_through_one():
    # the Strait of Malacca: from Sumatra (1814) Singapore 2015 is reached only past 1914
    g = position(units={"us-1mar-div": "1814"})
    assert movement.moves(g, ["us-1mar-div"], oc=1)["assault 2015"].path == ("1814", "1914", "2015")
    g = position(units={"us-1mar-div": "1814", "jp-ss-bde": "1914"}, japanese=["1914"])
    found = movement.moves(g, ["us-1mar-div"], oc=1)
    assert found["assault 1914"].battle and "assault 2015" not in found  # a battle hex: it stops
    # a Japanese garrison holds Hong Kong 2709, the way from 2708 to the coast west of it
    g = position(units={"us-1mar-div": "2708"})
    assert movement.moves(g, ["us-1mar-div"], oc=1)["assault 2309"].path[1] == "2709"
    g = position(units={"us-1mar-div": "2708"}, japanese=["2709"])
    found = movement.moves(g, ["us-1mar-div"], oc=1)
    assert "assault 2709" in found and "assault 2309" not in found


@pytest.mark.rule("7.12", "7.44")
def test_strategic_transport_never_enters_a_hex_with_enemy_ground_units():
    g = position(units={"us-1mar-div": "1814"})
    assert movement.moves(g, ["us-1mar-div"], oc=1)["strategic 2015"].path[1] == "1914"
    g = position(units={"us-1mar-div": "1814", "jp-ss-bde": "1914"}, japanese=["1914"])
    assert "strategic 2015" not in movement.moves(g, ["us-1mar-div"], oc=1)


@pytest.mark.rule("7.35", "6.23", "7.21", "7.23", "7.33", "7.45")
def test_unneutralised_zoi_blocks_strategic_moves_and_assaults_but_not_normal_moves(monkeypatch):
    zoi_in(monkeypatch, blocked=["2015"])
    g = position(units={"cw-bb-force-z": "2018", "au-8-div": "2014", "us-5af": "2018"})
    assert "hex 2015" in movement.moves(g, ["cw-bb-force-z"], oc=1)
    assert "strategic 2015" not in movement.moves(g, ["cw-bb-force-z"], oc=1)
    assert "hex 2015" in movement.moves(g, ["us-5af"], oc=1)
    assert "strategic 2015" not in movement.moves(g, ["us-5af"], oc=1)
    assert "assault 2015" not in movement.moves(g, ["au-8-div"], oc=1)
    zoi_in(monkeypatch, blocked=["2014"])  # a unit inside ZOI may not leave it
    assert not [k for k in movement.moves(g, ["au-8-div"], oc=1) if not k.startswith("hex")]
    g = position(units={"au-8-div": "2014", "cw-cv-indomitable": "2014"})
    assert "assault 2015" in movement.moves(g, ["au-8-div", "cw-cv-indomitable"], oc=1)


@pytest.mark.rule("7.21", "7.35")
def test_a_carrier_moving_strategically_does_not_neutralise_zoi(monkeypatch):
    zoi_in(monkeypatch, blocked=[], projected=["2015"])  # neutralised, by whom?
    monkeypatch.setattr(movement, "supply", lambda g: FakeSupply(in_supply=True))
    g = position(units={"cw-cv-indomitable": "2015", "cw-bb-force-z": "2015"})
    found = movement.moves(g, ["cw-cv-indomitable"], oc=1)
    assert "hex 2018" in found and not dests(found, "strategic")  # by itself, alone
    assert dests(movement.moves(g, ["cw-bb-force-z"], oc=1), "strategic")  # by the carrier
    g = position(units={"cw-cv-indomitable": "2015", "cw-malaya-air": "2014"})
    assert dests(movement.moves(g, ["cw-cv-indomitable"], oc=1), "strategic")  # by the air unit


@pytest.mark.rule("7.35", "7.44", "7.45", "7.33")
def test_the_luzon_example_with_the_real_zones_of_influence(real_zoi):
    units = {"jp-5-ad": "2911", "jp-hq-south": "2212", "us-hq-swpac": "2813", "us-r-corps": "2813"}
    g = position(units=units, empire=True, japanese=["2911", "2212"])
    found = movement.moves(g, ["us-r-corps"], oc=2)  # Manila in un-neutralised Japanese ZOI
    assert found and all(key.startswith("hex ") for key in found)
    g = position(units={**units, "us-feaf": "2813"}, empire=True, japanese=["2911", "2212"])
    found = movement.moves(g, ["us-r-corps"], oc=2)  # FEAF neutralises the ZOI over Manila
    assert dests(found, "strategic") and dests(found, "assault")
    assert not dests(movement.moves(g, ["us-feaf"], oc=2), "strategic")  # but not for itself


@pytest.mark.rule("5.22")
def test_the_path_avoids_rp_zoi_when_it_can_and_recon_says_when_it_cannot(monkeypatch):
    g = position(units={"cw-bb-force-z": "2015"})
    straight = movement.moves(g, ["cw-bb-force-z"], oc=2)["hex 2220"].path
    zoi_in(monkeypatch, blocked=[], projected=[straight[2]])
    move = movement.moves(g, ["cw-bb-force-z"], oc=2)["hex 2220"]
    assert straight[2] not in move.path and not move.recon
    zoi_in(monkeypatch, blocked=[], projected=["2220"])
    assert movement.moves(g, ["cw-bb-force-z"], oc=2)["hex 2220"].recon
    offensive(g, side="japan", battles=["2220"], reacting=["cw-bb-force-z"])
    assert not movement.moves(g, ["cw-bb-force-z"], oc=2, reaction=True)["hex 2220"].recon


@pytest.mark.rule("7.45")
def test_port_moresby_may_be_assaulted_although_mountain_other_mountain_hexes_not():
    g = position(units={"us-1mar-div": "3922"})
    found = dests(movement.moves(g, ["us-1mar-div"], oc=3), "assault")
    assert "3823" in found
    assert not {h for h in found if BOARD.hexes[h].terrain == "mountain"} - {"3823"}
    assert {"3622", "3722"} & {h for h in GRAPH.coastal if BOARD.distance("3922", h) <= 10}


@pytest.mark.rule("7.45")
def test_us_army_units_need_marines_to_assault_a_defended_one_hex_island():
    units = {"us-x-corps": "4825", "us-1mar-div": "4825", "jp-ss-bde": "4423"}
    g = position(units=units, japanese=["4423"], allied_asp=5)
    assert "assault 4423" not in movement.moves(g, ["us-x-corps"], oc=1)
    assert "assault 4423" in movement.moves(g, ["us-x-corps", "us-1mar-div"], oc=1)
    assert "assault 4423" in movement.moves(g, ["us-1mar-div"], oc=1)
    g = position(units={"us-x-corps": "4825"}, japanese=["4423"], allied_asp=5)
    assert "assault 4423" in movement.moves(g, ["us-x-corps"], oc=1)  # undefended
    g = position(units={**units, "us-x-corps": ("4825", True)}, japanese=["4423"], allied_asp=5)
    offensive(g, battles=["4423"], reacting=["us-x-corps"])
    assert "assault 4423" in movement.moves(g, ["us-x-corps"], oc=1, reaction=True)  # 7.45 D


@pytest.mark.rule("7.47", "9.33")
def test_japanese_barges_cross_one_all_sea_hexside_in_an_oc_3_offensive():
    g = position(units={"jp-16-army": "2220"}, japanese=["2220"], barges=True)
    offensive(g, card="J10", activated=["jp-16-army"])  # an OC 3 card
    move = movement.moves(g, ["jp-16-army"], oc=3)["barge 2320"]
    assert move.asp == 0 and move.path == ("2220", "2320")
    assert "barge 2119" not in movement.moves(g, ["jp-16-army"], oc=3)  # a land hexside
    offensive(g, card="J3", activated=["jp-16-army"])  # OC 2
    assert "barge 2320" not in movement.moves(g, ["jp-16-army"], oc=2)
    off = offensive(g, card="J10", activated=["jp-16-army"])
    off["moved"]["jp-14-army"] = {"mode": "barge", "from": "2813", "path": ["2813", "2814"]}
    assert "barge 2320" not in movement.moves(g, ["jp-16-army"], oc=3)  # one unit per offensive
    g.data["tracks"]["pt_boats"] = True
    offensive(g, card="J10", activated=["jp-16-army"])
    assert "barge 2320" not in movement.moves(g, ["jp-16-army"], oc=3)
    offensive(g, side="allied", card="A6", battles=["2320"], reacting=["jp-16-army"])
    g.data["tracks"]["pt_boats"] = False
    assert "barge 2320" not in movement.moves(g, ["jp-16-army"], oc=3, reaction=True)


# -- reaction ---------------------------------------------------------------------------------
@pytest.mark.rule("6.26")
def test_reaction_moves_go_only_to_declared_battle_hexes_and_never_strategic():
    g = position(units={"cw-bb-force-z": "2015", "au-8-div": "2015", "jp-15-army": "2014"})
    offensive(g, battles=["2014"], reacting=["cw-bb-force-z", "au-8-div"])
    naval = movement.moves(g, ["cw-bb-force-z"], oc=2, reaction=True)
    assert set(naval) == {"hex 2014"}
    ground = movement.moves(g, ["au-8-div"], oc=2, reaction=True)
    assert dests(ground) == {"2014"} and set(ground) <= {"hex 2014", "assault 2014"}


@pytest.mark.rule("6.26")
def test_only_air_units_and_carriers_may_leave_a_battle_hex_by_reaction():
    units = {"cw-bb-force-z": "2015", "cw-malaya-air": "2015", "jp-15-army": "2015"}
    g = position(units={**units, "cw-cv-indomitable": "2015"})
    offensive(g, battles=["2015", "2014"])
    assert movement.moves(g, ["cw-bb-force-z"], oc=2, reaction=True) == {}
    assert movement.moves(g, ["cw-malaya-air"], oc=2, reaction=True)
    assert "hex 2014" in movement.moves(g, ["cw-cv-indomitable"], oc=2, reaction=True)


# -- 7.43: ground disengagement ----------------------------------------------------------------
# The 15th Army has just entered 2005 (Northern India, open) from 2006 while Allied ground units
# are there; 2005 is a declared battle hex.
ENTERED = {"jp-15-army": {"mode": "move", "from": "2106", "path": ["2106", "2006", "2005"]}}


def disengaging(rp_units, *, moved=ENTERED, reduced=()):
    units = {"jp-15-army": ("2005", "jp-15-army" in reduced), **dict.fromkeys(rp_units, "2005")}
    g = position(units=units)
    offensive(g, battles=["2005"], moved=moved, reacting=rp_units)
    return movement.moves(g, list(rp_units), oc=2, reaction=True)


@pytest.mark.rule("7.43", "6.26")
def test_ground_units_disengage_only_with_strictly_greater_attack():
    assert attack_of(["in-4-corps", "au-8-div"]) == 22 > attack_of(["jp-15-army"]) == 18
    found = disengaging(["in-4-corps", "au-8-div"])
    assert found and all(move.mode == "move" and not move.battle for move in found.values())
    assert attack_of(["in-2-corps", "au-8-div"]) == 18  # equal is not enough
    assert disengaging(["in-2-corps", "au-8-div"]) == {}
    assert disengaging(["in-4-corps"]) == {}  # 16 alone is less
    assert disengaging(["in-2-corps", "au-8-div"], reduced=["jp-15-army"])  # 18 > 9


@pytest.mark.rule("7.43")
def test_disengaging_units_never_go_back_through_the_hex_the_enemy_came_from():
    found = disengaging(["in-4-corps", "au-8-div"])
    assert "2006" in GRAPH.land["2005"] and "2006" not in dests(found)
    assert all("2006" not in move.path for move in found.values())
    assert {"1905", "2104"} <= dests(found)  # the other ways out
    assert any(len(move.path) > 2 for move in found.values())  # and on with the allowance


@pytest.mark.rule("7.43", "6.26")
def test_no_disengagement_from_a_battle_no_op_ground_unit_entered_this_offensive():
    assert disengaging(["in-4-corps", "au-8-div"], moved={}) == {}
    strategic = {"jp-15-army": {"mode": "strategic", "from": "2006", "path": ["2006", "2005"]}}
    assert disengaging(["in-4-corps", "au-8-div"], moved=strategic) == {}


def attack_of(units):
    g = position(units=dict.fromkeys(units, "2005"))
    return sum(forces.attack(g, u) for u in units)


# -- stacking, perform, after the battles -----------------------------------------------------
@pytest.mark.rule("7.24", "7.34", "7.48")
def test_stacking_six_naval_units_and_three_air_or_ground_units_pairs_counting_once():
    ships = ["us-ca-new-orleans", "us-ca-northampton", "us-bb-md-ca", "us-bb-mississippi",
             "us-cv-lexington", "us-cv-enterprise"]  # fmt: skip
    g = position(units=dict.fromkeys(ships, "5808"))
    assert movement.stacking_excess(g, "allied") == {}
    place(g.data, "us-cv-wasp", "5808")
    assert movement.stacking_excess(g, "allied") == {"5808": 1}
    g = position(units=dict.fromkeys(["us-7af", "us-7af-lrb", "us-x-corps", "us-1mar-div"], "5808"))
    forces.move_to(g, "us-hq-cenpac", "5808")  # HQs do not count
    assert movement.stacking_excess(g, "allied") == {}  # the 7th AF and its LRB count once
    forces.move_to(g, "us-1maw", "5808")
    assert movement.stacking_excess(g, "allied") == {"5808": 1}
    g = position(units=dict.fromkeys(["us-5af", "us-7af-lrb", "us-x-corps", "us-1mar-div"], "5808"))
    assert movement.stacking_excess(g, "allied") == {"5808": 1}  # not a pair: two units
    assert movement.stacking_excess(g, "japan") == {}


@pytest.mark.rule("6.23", "9.3", "5.22", "12.1")
def test_perform_moves_the_group_and_keeps_the_offensive_record(monkeypatch):
    g = position(units={"jp-14-army": "2909", "jp-1-sn-bde": "2909"}, japanese=["2909"])
    off = offensive(g, side="japan", activated=["jp-14-army", "jp-1-sn-bde"])
    zoi_in(monkeypatch, blocked=[], projected=["2813"])
    move = movement.moves(g, ["jp-14-army", "jp-1-sn-bde"], oc=1)["assault 2813"]
    assert move.asp == 3 and move.recon
    movement.perform(g, ["jp-14-army", "jp-1-sn-bde"], move)
    assert sorted(forces.units_at(g, "2813")) == ["jp-1-sn-bde", "jp-14-army"]
    assert off["moved"]["jp-14-army"] == {
        "mode": "assault",
        "from": "2909",
        "path": list(move.path),
    }
    assert off["asp"] == 3 and g.data["asp_used"]["japan"] == 3 and off["recon"]
    assert forces.control(g, "2813") == "allied"  # assaults take control after the battle
    assert g.state.log[-1].key == "log.move"
    g = position(units={"in-2-corps": "1905"}, japanese=["2005", "2104"])
    offensive(g, side="allied", activated=["in-2-corps"])
    movement.perform(g, ["in-2-corps"], movement.moves(g, ["in-2-corps"], oc=1)["hex 2104"])
    assert forces.control(g, "2005") == forces.control(g, "2104") == "allied"  # 12.1


@pytest.mark.rule("8.6", "8.61", "8.62")
def test_post_battle_moves_take_air_to_airfields_and_ships_to_ports(monkeypatch):
    g = position(units={"us-5af": "3823", "us-ca-northampton": "3922", "us-1mar-div": "3922"})
    off = offensive(g, side="allied", oc=1, activated=["us-5af", "us-ca-northampton"])
    assert movement.post_battle_moves(g, "us-1mar-div") == {}  # not activated
    air = movement.post_battle_moves(g, "us-5af")
    assert air and all(d in GRAPH.airfields for d in dests(air))
    naval = movement.post_battle_moves(g, "us-ca-northampton")
    assert naval and all(d in GRAPH.ports and len(m.path) <= 6 for d, m in
                         ((m.dest, m) for m in naval.values()))  # fmt: skip
    off["moved"]["us-5af"] = {"mode": "strategic", "from": "3727", "path": ["3727", "3823"]}
    assert movement.post_battle_moves(g, "us-5af") == {}
    off["activated"].append("us-1mar-div")
    off["moved"]["us-1mar-div"] = {"mode": "assault", "from": "4423", "path": ["4423", "3922"]}
    g.data["control"]["3922"] = "japan"
    back = movement.post_battle_moves(g, "us-1mar-div")
    assert back and {m.mode for m in back.values()} == {"withdraw"}
    assert all(d in GRAPH.coastal and forces.control(g, d) == "allied" for d in dests(back))
    g = position(units={"jp-22-af": "2212", "jp-15-army": "2015"}, japanese=["2212", "2211"])
    offensive(g, side="allied", reacting=["jp-22-af"])
    monkeypatch.setattr(movement, "supply", lambda g: FakeSupply(["2211"]))
    assert dests(movement.post_battle_moves(g, "jp-22-af")) == {"2211"}


@pytest.mark.rule("7.22", "7.32")
def test_emergency_moves_place_ships_within_10_hexes_and_air_within_any_range():
    g = position(units={"us-ca-us-asia": "3014"})
    places = movement.emergency_destinations(g, "us-ca-us-asia")
    assert "2220" in places and all(BOARD.distance("3014", h) <= 10 for h in places)
    g = position(units={"us-vmf-211": "4612", "us-7af-lrb": "4612"}, empire=True,
                 japanese=["4415", "4715", "4815", "4716", "4816"])  # fmt: skip
    assert movement.emergency_destinations(g, "us-vmf-211") == []  # the Wake example
    assert "5108" in movement.emergency_destinations(g, "us-7af-lrb")  # Midway, 6 hexes


@pytest.mark.rule("7.46", "6.26")
def test_perform_records_the_organic_transport_and_reaction_moves_apart():
    g = position(units={"jp-ss-bde": "4017", "jp-ca-aoba": "4017"}, japanese=["4017"])
    off = offensive(g, side="japan", activated=["jp-ss-bde", "jp-ca-aoba"])
    move = movement.moves(g, ["jp-ss-bde", "jp-ca-aoba"], oc=1)["assault 4021"]
    movement.perform(g, ["jp-ss-bde", "jp-ca-aoba"], move)
    assert off["moved"]["jp-ss-bde"]["transport"] == "jp-ca-aoba"
    assert off["asp"] == 0 and g.data["asp_used"]["japan"] == 0
    g = position(units={"us-1mar-div": "4825", "jp-ss-bde": "4423"}, japanese=["4423"])
    off = offensive(g, side="japan", battles=["4423"], reacting=["us-1mar-div"])
    move = movement.moves(g, ["us-1mar-div"], oc=1, reaction=True)["assault 4423"]
    movement.perform(g, ["us-1mar-div"], move)
    assert off["moved"] == {} and off["reaction"]["moved"]["us-1mar-div"]["mode"] == "assault"
    assert off["reaction"]["asp"] == 1 and g.data["asp_used"]["allied"] == 1
    assert movement.asp_left(g, "allied", reaction=True) == 0


@pytest.mark.rule("7.45")
def test_marines_that_just_landed_on_a_defended_one_hex_island_let_the_army_assault_it_after():
    """7.45 D as the seed words it: US Army units may end an assault on a defended Japanese
    one-hex island where US Marines have just completed an assault on it, not only with
    Marines in their own stack. The Army first is refused; once the Marines landed, it may
    follow; Marines who landed elsewhere, or are there without assaulting, do not count."""
    units = {"us-x-corps": "4825", "us-1mar-div": "4825", "jp-ss-bde": "4423"}
    g = position(units=units, japanese=["4423"], allied_asp=5)
    offensive(g, side="allied", oc=1, activated=["us-x-corps", "us-1mar-div"])
    assert "assault 4423" not in movement.moves(g, ["us-x-corps"], oc=1)  # the Army first
    marines = movement.moves(g, ["us-1mar-div"], oc=1)["assault 4423"]
    movement.perform(g, ["us-1mar-div"], marines)
    assert forces.at(g, "us-1mar-div") == "4423"
    army = movement.moves(g, ["us-x-corps"], oc=1)
    assert "assault 4423" in army  # the Marines first, then the Army
    g.data["offensive"]["moved"]["us-1mar-div"]["mode"] = "move"
    assert "assault 4423" not in movement.moves(g, ["us-x-corps"], oc=1)
    g = position(units=units, japanese=["4423"], allied_asp=5)
    offensive(g, side="allied", oc=1, activated=["us-x-corps", "us-1mar-div"])
    elsewhere = movement.moves(g, ["us-1mar-div"], oc=1)
    other = next(m for k, m in elsewhere.items() if k.startswith("assault ") and m.dest != "4423")
    movement.perform(g, ["us-1mar-div"], other)
    assert "assault 4423" not in movement.moves(g, ["us-x-corps"], oc=1)
