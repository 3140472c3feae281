"""Supply, air zones of influence and HQ ranges (7.35, 7.52, 7.53, 6.26, 12.74-12.75, 13.1-13.4).

Positions are hand-built on the real map (``factory.position``). Hexes used often:
Manila 2813 (port), Aparri 2911, Clark Field 2812, the Luzon hexes 2912/2913, Samar/Leyte 3014,
Davao 2915, Tainan 2909 (Formosa), Soerabaja 2220, Darwin 3023, Koepang 2721 (Timor, the other
Timor hex 2822 has no port), Borneo's ports Miri 2415, Balikpapan 2517, Tarakan 2616 and its
inland hexes 2316/2416, Kunming 2407.
"""

from __future__ import annotations

import random

import pytest

from tests.empire_of_the_sun.factory import components, position
from wargame.engine.board import search
from wargame.engine.procedure import Context
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import GAME, forces
from wargame.games.empire_of_the_sun import supply as supply_module
from wargame.games.empire_of_the_sun.supply import (
    Attrition,
    activation_range,
    attrition_losses,
    command_range,
    hq_commands,
    in_hq_range_for_attrition,
    supply,
    zoi,
)

pytestmark = pytest.mark.game("empire-of-the-sun")

MANILA, APARRI, CLARK, SAMAR, DAVAO, TAINAN = "2813", "2911", "2812", "3014", "2915", "2909"
SOERABAJA, DARWIN, KOEPANG, TIMOR_EAST, KUNMING = "2220", "3023", "2721", "2822", "2407"
BORNEO_PORTS = ["2415", "2517", "2616"]  # Miri, Balikpapan, Tarakan
BORNEO_BEACH, BORNEO_INLAND = "2315", "2316"  # a non-port coastal hex and the hex behind it
NORTHERN_INDIA_AIRFIELDS = ["1905", "2104", "2205"]  # Dacca, Jorhat, Ledo

# The 7.35 example: SW Pac HQ in Manila with FEAF and the Reserve Corps, the reduced SL Corps
# next door in 2913, the P Brigade on Samar/Leyte; the Japanese air unit is supplied by South HQ
# on Formosa.
PHILIPPINES = {
    "us-hq-swpac": MANILA,
    "us-r-corps": MANILA,
    "us-sl-corps": ("2913", True),
    "us-p-bde": SAMAR,
    "jp-hq-south": TAINAN,
}


def philippines(**units: str) -> Context:
    return position(units={**PHILIPPINES, **units}, empire=True)


def attrition(g: Context) -> None:
    """Run the Attrition procedure's single automatic step."""
    g.state.stack.append(Frame("attrition", "start"))
    Attrition().start(g, g.frame)
    assert not g.state.stack


# -- 7.35: the worked example ---------------------------------------------------------------------
@pytest.mark.rule("7.35")
@pytest.mark.rule("13.1")
def test_feaf_neutralises_enough_japanese_zoi_for_manila_to_trace_to_the_sea():
    g = philippines(**{"us-feaf": MANILA, "jp-22-af": APARRI})
    found = supply(g)
    assert found.unit("jp-22-af")
    assert zoi(g).projected(MANILA, "japan") and not zoi(g).blocks(MANILA, "allied")
    assert found.hq("us-hq-swpac")
    assert all(found.unit(u) for u in ("us-r-corps", "us-sl-corps", "us-p-bde", "us-feaf"))
    assert {MANILA, "2913", SAMAR} <= activation_range(g, "us-hq-swpac")


@pytest.mark.rule("7.35")
@pytest.mark.rule("13.1")
def test_without_feaf_the_japanese_zoi_over_luzon_cuts_the_hq_off():
    g = philippines(**{"jp-22-af": APARRI})
    found = supply(g)
    assert all(zoi(g).blocks(h, "allied") for h in (CLARK, MANILA, "2912", "2913"))
    assert not found.hq("us-hq-swpac")
    assert not any(found.unit(u) for u in ("us-r-corps", "us-sl-corps", "us-p-bde"))


@pytest.mark.rule("7.35")
@pytest.mark.rule("7.52")
def test_from_davao_the_zoi_misses_manila_and_blocks_only_water_hexsides():
    g = philippines(**{"jp-22-af": DAVAO})
    found = supply(g)
    assert not zoi(g).blocks(MANILA, "allied")
    assert zoi(g).blocks("2913", "allied") and zoi(g).blocks(SAMAR, "allied")
    assert found.hq("us-hq-swpac")
    reach = activation_range(g, "us-hq-swpac")
    assert "2913" in reach  # SL Corps: land hexsides only (Manila-2912-2913)
    assert SAMAR not in reach  # P Brigade: every way in crosses a water hexside into the ZOI
    assert found.unit("us-sl-corps") and not found.unit("us-p-bde")


# -- 7.35: who projects and who neutralises -------------------------------------------------------
@pytest.mark.rule("7.35")
@pytest.mark.parametrize(
    ("air", "neutralises"), [("us-5af", True), ("us-5af-lrb", False), ("us-20bc", False)]
)
def test_only_non_lrb_air_units_neutralise_enemy_zoi(air, neutralises):
    # Allied air at Davao and Japanese air at Manila both reach Cebu (2914).
    g = position(
        units={"us-hq-swpac": DAVAO, air: DAVAO, "jp-hq-south": TAINAN, "jp-22-af": MANILA},
        empire=True,
    )
    assert supply(g).unit(air) and supply(g).unit("jp-22-af")
    assert zoi(g).projected("2914", "allied")  # LRBs and B-29s project ZOI all the same
    assert zoi(g).blocks("2914", "allied") is not neutralises
    assert not zoi(g).blocks("2914", "japan")  # the Japanese unit neutralises the Allied ZOI


@pytest.mark.rule("7.35")
def test_unsupplied_air_units_project_no_zoi():
    g = philippines(**{"jp-22-af": APARRI, "jp-hq-south": "event"})  # no Japanese HQ on the map
    assert not supply(g).unit("jp-22-af")
    assert not zoi(g).projected(MANILA, "japan")
    assert supply(g).hq("us-hq-swpac")


@pytest.mark.rule("7.35")
@pytest.mark.rule("12.74")
def test_air_units_in_the_china_box_project_no_zoi_on_the_map():
    g = position(units={"us-14af": "china"}, burma_road="open")
    assert supply(g).unit("us-14af")
    assert not any(zoi(g).projected(h, "allied") for h in components().board.land_hexes)


@pytest.mark.rule("7.35")
@pytest.mark.rule("13.1")
def test_mutual_zoi_deadlock_is_resolved_for_the_allies():
    # US air at Wenchow would seal South HQ's Formosa; Japanese air on Luzon would seal Manila.
    only_allied = position(
        units={"us-hq-swpac": MANILA, "jp-hq-south": TAINAN, "us-5af": "2908"}, empire=True
    )
    assert not supply(only_allied).hq("jp-hq-south")
    only_japanese = position(
        units={"us-hq-swpac": MANILA, "jp-hq-south": TAINAN, "jp-22-af": "2913"}, empire=True
    )
    assert not supply(only_japanese).hq("us-hq-swpac")
    both = position(
        units={
            "us-hq-swpac": MANILA,
            "jp-hq-south": TAINAN,
            "us-5af": "2908",
            "jp-22-af": "2913",
        },
        empire=True,
    )
    found = supply(both)
    assert found.hq("us-hq-swpac") and found.unit("us-5af")
    assert not found.hq("jp-hq-south") and not found.unit("jp-22-af")
    assert not zoi(both).projected(MANILA, "japan")


# -- 13.1: the six blocked hexsides ---------------------------------------------------------------
@pytest.mark.rule("13.1")
@pytest.mark.rule("7.52")
def test_supply_lines_never_cross_unplayable_hexsides_but_activation_paths_do():
    # Soerabaja's southern hexsides are unplayable: 2124 is 5 hexes away as the crow flies, 6 by
    # any supply line, and Malaya HQ's range is 5.
    g = position(units={"cw-hq-malaya": SOERABAJA, "cw-ca-exeter": "2124"})
    assert components().board.distance(SOERABAJA, "2124") == 5
    assert supply(g).hq("cw-hq-malaya")
    assert not supply(g).unit("cw-ca-exeter")
    assert "2124" in activation_range(g, "cw-hq-malaya")


@pytest.mark.rule("13.1")
def test_a_water_hexside_of_an_unneutralised_enemy_zoi_hex_blocks_supply():
    # From Davao, the Japanese air unit covers Samar/Leyte: ships and brigades there are cut off
    # by sea, while 2913, also in the ZOI, is reached over land.
    g = philippines(**{"jp-22-af": DAVAO, "us-ca-us-asia": "3013"})
    found = supply(g)
    assert zoi(g).blocks(SAMAR, "allied") and not zoi(g).blocks("3013", "allied")
    assert found.unit("us-ca-us-asia")
    assert not found.unit("us-p-bde")
    assert found.unit("us-sl-corps")


@pytest.mark.rule("13.1")
def test_supply_comes_ashore_only_at_ports():
    # Borneo with every port Japanese: a Dutch unit on a beach is reached by sea, the one in the
    # hex behind it is not (the path cannot go inland from a non-port coastal hex).
    g = position(
        units={"jt-hq-abda": SOERABAJA, "nl-1-regt": BORNEO_BEACH, "nl-2-regt": BORNEO_INLAND},
        japanese=BORNEO_PORTS,
    )
    found = supply(g)
    assert found.hq("jt-hq-abda")
    assert found.unit("nl-1-regt")
    assert not found.unit("nl-2-regt")


@pytest.mark.rule("13.1")
def test_a_path_cannot_go_ashore_at_an_enemy_port():
    units = {"jt-hq-abda": SOERABAJA, "nl-2-regt": BORNEO_INLAND}
    enemy = position(units=units, japanese=BORNEO_PORTS)
    friendly = position(units=units, japanese=["2517", "2616"])  # Miri 2415 is Allied
    assert not supply(enemy).unit("nl-2-regt")
    assert supply(friendly).unit("nl-2-regt")


@pytest.mark.rule("13.1")
def test_a_path_cannot_put_to_sea_from_an_enemy_port_it_entered_overland():
    # ANZAC HQ on eastern Timor (no port), inside the ZOI of a Japanese air unit near Darwin:
    # its only way out is overland to Koepang and from there to sea.
    units = {"jt-hq-anzac": TIMOR_EAST, "jp-hq-south-seas": "2923", "jp-22-af": "2923"}
    allied_port = position(units=units, empire=True)
    japanese_port = position(units=units, empire=True, japanese=[KOEPANG])
    assert zoi(allied_port).blocks(TIMOR_EAST, "allied")
    assert not zoi(allied_port).blocks(KOEPANG, "allied")
    assert supply(allied_port).hq("jt-hq-anzac")
    assert not supply(japanese_port).hq("jt-hq-anzac")


INLAND = "3124"  # an Australian hex with six land neighbours, two hexes from Darwin
AROUND = ["3123", "3224", "3225", "3125", "3025", "3024"]
JAPANESE_ARMIES = ["jp-14-army", "jp-15-army", "jp-16-army", "jp-25-army", "jp-17-army"]
RING = dict(zip([*JAPANESE_ARMIES, "jp-18-army"], AROUND, strict=True))  # one army per hex


@pytest.mark.rule("13.1")
def test_land_hexsides_of_hexes_held_solely_by_the_enemy_block_supply():
    held = position(units={"jt-hq-anzac": DARWIN, "au-8-div": INLAND, **RING})
    assert not supply(held).unit("au-8-div")
    shared = position(
        units={
            "jt-hq-anzac": DARWIN,
            "au-8-div": INLAND,
            "au-1-corps": "3024",  # not held solely by the enemy any more
            **RING,
        }
    )
    assert supply(shared).unit("au-8-div")


@pytest.mark.rule("13.1")
def test_a_path_may_pass_through_empty_enemy_controlled_hexes():
    g = position(units={"jt-hq-anzac": DARWIN, "au-8-div": INLAND}, japanese=AROUND)
    assert supply(g).unit("au-8-div")


# -- 13.1: HQ range and the nationality chart (7.53) ----------------------------------------------
@pytest.mark.rule("13.1")
@pytest.mark.rule("7.51")
def test_a_unit_must_be_within_the_hq_range():
    board = components().board
    assert board.distance("2015", "2513") == 5 and board.distance("2015", "2614") == 6
    near = position(units={"cw-hq-malaya": "2015", "cw-ca-exeter": "2513"})
    far = position(units={"cw-hq-malaya": "2015", "cw-ca-exeter": "2614"})
    assert supply(near).unit("cw-ca-exeter")
    assert not supply(far).unit("cw-ca-exeter")


@pytest.mark.rule("7.53")
@pytest.mark.parametrize(
    ("hq", "unit", "expected"),
    [
        ("us-hq-swpac", "us-r-corps", True),
        ("us-hq-swpac", "cn-5-army", True),
        ("us-hq-swpac", "au-8-div", False),
        ("us-hq-swpac", "nl-1-regt", False),
        ("cw-hq-seac", "au-8-div", True),
        ("cw-hq-seac", "cn-5-army", True),
        ("cw-hq-seac", "us-5af", True),
        ("cw-hq-seac", "us-5af-lrb", True),
        ("cw-hq-seac", "us-r-corps", False),
        ("cw-hq-seac", "us-cv-enterprise", False),
        ("cw-hq-seac", "nl-1-regt", False),
        ("jt-hq-abda", "nl-1-regt", True),
        ("jt-hq-anzac", "us-r-corps", True),
        ("jt-hq-anzac", "au-8-div", True),
        ("jp-hq-south", "jp-22-af", True),
        ("jp-hq-south", "jp-cv-akagi", True),
        ("jp-hq-south", "us-5af", False),
        ("us-hq-swpac", "us-hq-cenpac", False),
    ],
)
def test_nationality_chart(hq, unit, expected):
    assert hq_commands(position(), hq, unit) is expected


@pytest.mark.rule("7.53")
@pytest.mark.rule("13.1")
def test_a_us_hq_cannot_supply_a_commonwealth_ground_unit():
    g = position(units={"us-hq-swpac": MANILA, "us-r-corps": MANILA, "au-8-div": MANILA})
    assert supply(g).unit("us-r-corps")
    assert not supply(g).unit("au-8-div")


@pytest.mark.rule("7.53")
@pytest.mark.rule("13.1")
def test_a_commonwealth_hq_supplies_us_air_units_only_among_us_units():
    g = position(
        units={
            "cw-hq-malaya": "2015",
            "au-8-div": "2015",
            "us-feaf": "2015",
            "us-r-corps": "2015",
            "us-ca-us-asia": "2015",
        },
        burma_road="closed",  # else Singapore traces overland to Kunming (12.75)
    )
    found = supply(g)
    assert found.unit("au-8-div") and found.unit("us-feaf")
    assert not found.unit("us-r-corps") and not found.unit("us-ca-us-asia")


@pytest.mark.rule("7.53")
@pytest.mark.rule("13.1")
def test_only_joint_hqs_supply_dutch_units():
    joint = position(units={"jt-hq-abda": SOERABAJA, "nl-1-regt": SOERABAJA})
    us = position(units={"us-hq-swpac": SOERABAJA, "nl-1-regt": SOERABAJA})
    assert supply(joint).unit("nl-1-regt")
    assert not supply(us).unit("nl-1-regt")


# -- 13.2: ultimate sources and supply eligibility ------------------------------------------------
@pytest.mark.rule("13.2")
def test_japanese_hqs_trace_to_japanese_controlled_home_islands_cities():
    g = position(units={"jp-hq-south": "2212", "jp-15-army": "2212"}, empire=True)
    assert supply(g).hq("jp-hq-south") and supply(g).unit("jp-15-army")
    cut = position(units={"jp-hq-south": "2212", "jp-15-army": "2212"}, empire=True)
    board = components().board
    for hex_id in board.area("home_islands"):
        if board.hexes[hex_id].city:
            cut.data["control"][hex_id] = "allied"
    assert not supply(cut).hq("jp-hq-south")
    assert not supply(cut).unit("jp-15-army")


@pytest.mark.rule("13.2")
@pytest.mark.rule("9.11")
def test_supply_eligible_ports_and_airfields():
    open_sea = philippines(**{"us-feaf": MANILA, "jp-22-af": APARRI})
    sealed = philippines(**{"jp-22-af": APARRI})
    assert supply(open_sea).eligible(MANILA, "allied")
    assert not supply(sealed).eligible(MANILA, "allied")
    assert not supply(sealed).eligible(CLARK, "allied")
    assert not supply(open_sea).eligible(MANILA, "japan")  # not a Japanese-controlled base
    assert supply(open_sea).eligible("3407", "japan")  # Kure
    assert not supply(open_sea).eligible("4511", "allied")  # open ocean
    assert not supply(open_sea).eligible("5408", "allied")  # the air ferry (7.36)


# -- 12.74, 12.75, 13.3: Kunming, the China box and emergency supply -----------------------------
@pytest.mark.rule("12.75")
@pytest.mark.rule("12.74")
@pytest.mark.parametrize(
    ("road", "hump", "japanese", "supplied"),
    [
        ("open", False, [], True),
        ("closed", False, [], False),
        ("closed", True, [], True),
        ("closed", True, NORTHERN_INDIA_AIRFIELDS, False),
    ],
)
def test_kunming_supplies_units_tracing_overland_to_it(road, hump, japanese, supplied):
    g = position(
        units={"cn-5-army": "2406", "cw-77-bde": "2206", "us-14af": "china"},
        japanese=japanese,
        burma_road=road,
        hump=hump,
    )
    found = supply(g)
    assert found.kunming_is_source() is supplied
    assert found.unit("cn-5-army") is supplied  # next to Kunming, no HQ anywhere
    assert found.unit("cw-77-bde") is supplied  # Lashio, on the Burma Road
    assert found.unit("us-14af") is supplied  # the China box
    assert found.eligible("2205", "allied") is (not japanese)  # Ledo, from the map edge


@pytest.mark.rule("13.3")
@pytest.mark.rule("13.31")
@pytest.mark.rule("13.4")
def test_the_hump_is_an_emergency_route_for_kunming_and_the_china_box():
    g = position(
        units={"cn-5-army": (KUNMING, True), "us-14af": ("china", True)},
        burma_road="closed",
        hump=True,
    )
    assert supply(g).emergency("cn-5-army") and supply(g).emergency("us-14af")
    assert attrition_losses(g) == []
    road = position(units={"cn-5-army": (KUNMING, True)}, burma_road="open")
    assert supply(road).unit("cn-5-army") and not supply(road).emergency("cn-5-army")


@pytest.mark.rule("13.3")
@pytest.mark.rule("13.32")
def test_tokyo_express_supplies_the_japanese_units_in_its_hex():
    g = position(units={"jp-ss-bde": "4423", "jp-2-army": "4423"})  # no Japanese HQ at all
    assert not supply(g).unit("jp-ss-bde")
    g = position(units={"jp-ss-bde": "4423", "jp-2-army": "4423"})
    g.data["tokyo_express"] = "4423"
    g.data["control"]["4423"] = "japan"
    assert supply(g).unit("jp-ss-bde") and supply(g).emergency("jp-2-army")
    g = position(units={"jp-ss-bde": "4423"})
    g.data["tokyo_express"] = "4423"  # the hex is Allied-controlled: the marker is gone
    assert not supply(g).unit("jp-ss-bde")


@pytest.mark.rule("13.1")
def test_activated_units_stay_supplied_until_the_offensive_ends():
    g = philippines(**{"jp-22-af": APARRI})
    assert not supply(g).unit("us-r-corps")
    g = philippines(**{"jp-22-af": APARRI})
    g.data["offensive"] = {"side": "allied", "activated": ["us-r-corps"], "reaction": None}
    assert supply(g).unit("us-r-corps")
    assert not supply(g).unit("us-sl-corps")


# -- 7.52 / 6.26: activation and command range ---------------------------------------------------
@pytest.mark.rule("7.52")
@pytest.mark.rule("6.26")
def test_activation_paths_reach_through_a_declared_battle_hex_for_a_reaction():
    g = position(units={"jt-hq-anzac": DARWIN, "au-8-div": INLAND, **RING})
    assert INLAND not in activation_range(g, "jt-hq-anzac")
    assert INLAND in activation_range(g, "jt-hq-anzac", battle_hexes=["3024"])


@pytest.mark.rule("6.26")
@pytest.mark.rule("7.51")
def test_command_range_cannot_be_blocked():
    g = philippines(**{"jp-22-af": APARRI})
    assert not supply(g).hq("us-hq-swpac")
    reach = command_range(g, "us-hq-swpac")
    assert {MANILA, SAMAR, DAVAO, TAINAN} <= reach
    board = components().board
    assert all(board.distance(MANILA, h) <= 20 for h in reach)
    assert command_range(position(), "us-hq-swpac") == frozenset()  # not on the map


@pytest.mark.rule("13.4")
def test_attrition_range_ignores_enemy_units_and_zoi():
    g = position(units={"jt-hq-anzac": DARWIN, "au-8-div": INLAND, **RING})
    assert in_hq_range_for_attrition(g, "au-8-div")
    far = position(units={"jt-hq-anzac": DARWIN, "au-8-div": "2015"})
    assert not in_hq_range_for_attrition(far, "au-8-div")


# -- 13.4: attrition -----------------------------------------------------------------------------
@pytest.mark.rule("13.4")
@pytest.mark.rule("4.4")
def test_attrition_flips_eliminates_and_spares():
    g = philippines(
        **{
            "jp-22-af": APARRI,  # seals Manila: SW Pac HQ and its units are unsupplied
            "us-ca-us-asia": MANILA,  # naval: never attrited
            "us-avg": ("5808", True),  # reduced, 30 hexes from the only Allied HQ
            "jp-2-army": "4423",  # Japanese, full strength, no Japanese HQ within range
        }
    )
    assert dict(attrition_losses(g)) == {
        "us-r-corps": "reduced",
        "us-avg": "eliminated",
        "jp-2-army": "reduced",
    }
    attrition(g)
    assert forces.reduced(g, "us-r-corps") and forces.reduced(g, "jp-2-army")
    assert forces.at(g, "us-sl-corps") == "2913"  # reduced, within range of the (unsupplied) HQ
    assert forces.at(g, "us-p-bde") == SAMAR  # one step, within range too
    assert forces.at(g, "us-avg") == "eliminated"
    assert not forces.reduced(g, "us-ca-us-asia") and forces.at(g, "us-ca-us-asia") == MANILA
    assert forces.at(g, "jp-22-af") == APARRI and not forces.reduced(g, "jp-22-af")
    logged = [(e.params["unit"], e.params["result"]) for e in g.state.log]
    assert logged == [("jp-2-army", "reduced"), ("us-avg", "eliminated"), ("us-r-corps", "reduced")]


@pytest.mark.rule("13.4")
def test_one_step_units_count_as_reduced():
    g = position(units={"nl-1-regt": "1916", "us-p-bde": SAMAR})  # no HQ anywhere
    assert dict(attrition_losses(g)) == {"nl-1-regt": "eliminated", "us-p-bde": "eliminated"}
    near = position(units={"nl-1-regt": "1916", "jt-hq-abda": SOERABAJA})
    assert supply(near).unit("nl-1-regt")
    assert attrition_losses(near) == []


@pytest.mark.rule("13.4")
@pytest.mark.rule("13.32")
def test_emergency_supply_protects_from_attrition():
    g = position(units={"jp-2-army": ("4423", True)}, japanese=["4423"])
    assert attrition_losses(g) == [("jp-2-army", "eliminated")]
    g = position(units={"jp-2-army": ("4423", True)}, japanese=["4423"])
    g.data["tokyo_express"] = "4423"
    assert attrition_losses(g) == []


# -- caching -------------------------------------------------------------------------------------
@pytest.mark.rule("13.1")
def test_results_follow_the_position_when_units_move():
    g = philippines(**{"jp-22-af": APARRI})
    assert not supply(g).hq("us-hq-swpac")
    forces.move_to(g, "jp-22-af", DAVAO)
    assert supply(g).hq("us-hq-swpac")
    assert zoi(g).blocks(SAMAR, "allied")
    forces.move_to(g, "jp-22-af", APARRI)
    assert not supply(g).hq("us-hq-swpac")


# -- the bit-set searches against a slow reference -----------------------------------------------
# The supply module traces supply lines, activation paths and Kunming's land network on whole sets
# of hexes at once (Python ints as bit sets). The reference below is the obvious algorithm: one
# (hex, how the path entered it) state at a time over hex ids, each step written from the rule
# text, searched with the engine's breadth-first search. Positions are random: the campaign set
# up, then units thrown onto random hexes, random hexes changing hands, random tracks.
LAND, SEA = "land", "sea"


class ReferenceLines:
    """13.1 supply lines state by state (see :class:`supply.SupplyLines` for the rules)."""

    def __init__(self, board, blocked, enemy_only, enemy_port):
        self.board = board
        self.on_map = {h for h, r in board.hexes.items() if "off_map" not in r.areas}
        self.blocked, self.enemy_only, self.enemy_port = blocked, enemy_only, enemy_port
        self.before = {}  # state: the states one step before it
        for hex_id in self.on_map:  # a path is "entered by land" only on land
            for mode in (LAND, SEA) if board.is_land(hex_id) else (SEA,):
                for after in self.onward((hex_id, mode)):
                    self.before.setdefault(after, []).append((hex_id, mode))

    def onward(self, state):
        hex_id, mode = state
        found = []
        for other in self.board.neighbours(hex_id):
            if other not in self.on_map:
                continue
            flags = self.board.flags(hex_id, other)
            water = "land" not in flags  # a water hexside for the ZOI test (2)
            if "land" in flags and self.land_step(hex_id, other, mode):
                found.append((other, LAND))
            if "sea" in flags and self.sea_step(hex_id, other, mode, water):
                found.append((other, SEA))
        return found

    def land_step(self, hex_id, other, mode):
        if hex_id in self.enemy_only or other in self.enemy_only:  # (6)
            return False
        ashore = self.board.port(hex_id) and hex_id not in self.enemy_port  # (3), (4)
        return mode == LAND or ashore

    def sea_step(self, hex_id, other, mode, water):
        if mode == LAND and hex_id in self.enemy_port:  # (5)
            return False
        return not (water and (hex_id in self.blocked or other in self.blocked))  # (2)

    def backward(self, state):
        return self.before.get(state, [])


def reference_blockers(g, side):
    """(blocked, enemy_only, enemy_port) as hex ids, read from the position: un-neutralised enemy
    ZOI (public query), hexes held solely by enemy ground or air units (Kunming's area counts as
    Allied-held, 12.75), enemy-controlled ports."""
    board = components().board
    on_map = {h for h, r in board.hexes.items() if "off_map" not in r.areas}
    blocked = {h for h in on_map if zoi(g).blocks(h, side)}
    mine, theirs = set(), set()
    for unit_id, at in g.data["units"].items():
        if at not in on_map:
            continue
        record = forces.record(g, unit_id)
        if record.side == side:
            mine.add(at)
        elif record.unit_class in ("ground", "air"):
            theirs.add(at)
    kunming = set(board.area("kunming_area"))
    enemy_only = (theirs - mine - kunming) if side == "allied" else (theirs - mine) | kunming
    enemy_port = {
        h for h in on_map if board.port(h) and g.data["control"].get(h) == forces.enemy(side)
    }
    return blocked, enemy_only, enemy_port


def reference_supply(g, side):
    """The HQs and units of ``side`` in supply (13.1, 13.2, 12.74, 12.75, 13.32), the slow way."""
    board = components().board
    blocked, enemy_only, enemy_port = reference_blockers(g, side)
    lines = ReferenceLines(board, blocked, enemy_only, enemy_port)
    if side == "allied":
        sources = [h for h in lines.on_map if board.hexes[h].allied_supply_source]
    else:
        cities = [h for h in board.area("home_islands") if board.hexes[h].city]
        sources = [h for h in cities if g.data["control"].get(h) == "japan"]
    starts = [(h, mode) for h in sources for mode in (LAND, SEA) if mode == SEA or board.is_land(h)]
    to_source = set(search(starts, lines.backward).reached)
    china = side == "allied" and reference_china(g, to_source)
    kunming = reference_kunming(g) if china else set()
    forced = reference_forced(g, side)
    on_map = [(u, at) for u, at in g.data["units"].items() if at in lines.on_map]
    mine = [(u, at) for u, at in on_map if forces.record(g, u).side == side]
    hqs = {
        u
        for u, at in mine
        if forces.record(g, u).unit_class == "hq"
        and (start_state(board, at) in to_source or at in kunming or u in forced)
    }
    reach = {
        hq: {h for h, _ in search(start_state(board, forces.at(g, hq)), lines.onward,
                                  max_cost=forces.record(g, hq).command_range).reached}
        for hq in hqs
    }  # fmt: skip
    units = {u for u, at in mine if u in forced or at in kunming}
    units |= {u for u, at in mine if any(hq_commands(g, hq, u) and at in reach[hq] for hq in hqs)}
    if china:
        units |= {
            u for u, at in g.data["units"].items() if at == "china" and forces.is_class(g, u, "air")
        }
    return hqs, units


def reference_china(g, to_source):
    """12.75: Kunming is a source with the Burma Road open, or the HUMP and an Allied-controlled
    Northern India airfield that traces to a source."""
    board = components().board
    if g.data["tracks"].get("burma_road") == "open":
        return True
    fields = [h for h in board.area("india_north") if board.hexes[h].airfield]
    return bool(g.data["tracks"].get("hump")) and any(
        g.data["control"].get(h) == "allied" and (h, LAND) in to_source for h in fields
    )


def reference_kunming(g):
    """Hexes with an all-land path to Kunming crossing no land hexside of a Japanese-held hex."""
    board = components().board
    _, held, _ = reference_blockers(g, "allied")

    def onward(hex_id):
        if hex_id in held:
            return []
        return [
            o for o in board.neighbours(hex_id)
            if o not in held and "land" in board.flags(hex_id, o) and o in board.hexes
            and "off_map" not in board.hexes[o].areas
        ]  # fmt: skip

    return set(search(KUNMING, onward).reached)


def reference_forced(g, side):
    """Activated units (13.1) and, for Japan, the units in the Tokyo Express hex (13.32)."""
    offensive = g.data.get("offensive") or {}
    found = {
        *offensive.get("activated", ()),
        *(offensive.get("reaction") or {}).get("activated", ()),
    }
    express = g.data.get("tokyo_express")
    if side == "japan" and express and g.data["control"].get(express) != "allied":
        found |= {u for u, at in g.data["units"].items() if at == express}
    return {u for u in found if forces.record(g, u).side == side}


def reference_activation(g, hq_id):
    """7.52 activation paths: any hexside of the map but a water hexside of a hex in un-neutralised
    enemy ZOI or a land hexside of a hex held solely by enemy ground or air units."""
    board, side = components().board, forces.side_of(g, hq_id)
    blocked, held, _ = reference_blockers(g, side)
    on_map = {h for h, r in board.hexes.items() if "off_map" not in r.areas}

    def onward(hex_id):
        found = []
        for other in board.neighbours(hex_id):
            if other not in on_map:
                continue
            stop = blocked if "land" not in board.flags(hex_id, other) else held
            if hex_id not in stop and other not in stop:
                found.append(other)
        return found

    limit = forces.record(g, hq_id).command_range
    return set(search(forces.at(g, hq_id), onward, max_cost=limit).reached)


def start_state(board, hex_id):
    return (hex_id, LAND if board.is_land(hex_id) else SEA)


def random_position(seed):
    """The campaign set up, then 60 units moved to random hexes of the map (air, ground and HQs
    on land), 60 land hexes changing hands, and random Burma Road, HUMP, activations and Tokyo
    Express."""
    rng = random.Random(seed)
    g = GAME.context(GAME.setup("campaign", seed))
    board = g.static.board
    on_map = sorted(h for h, r in board.hexes.items() if "off_map" not in r.areas)
    land = [h for h in on_map if board.is_land(h)]
    units = sorted(g.data["units"])
    for unit_id in rng.sample(units, 60):
        naval = forces.record(g, unit_id).unit_class == "naval"
        g.data["units"][unit_id] = rng.choice(on_map if naval else land)
    for hex_id in rng.sample(board.land_hexes, 60):
        g.data["control"][hex_id] = rng.choice(("japan", "allied"))
    g.data["tracks"]["burma_road"] = rng.choice(("open", "closed"))
    g.data["tracks"]["hump"] = rng.random() < 0.5
    placed = sorted(u for u, at in g.data["units"].items() if forces.on_map(at))
    g.data["offensive"] = {"activated": rng.sample(placed, 3), "reaction": None}
    if rng.random() < 0.5:
        g.data["tokyo_express"] = rng.choice(land)
    return g


@pytest.fixture(scope="module", params=range(8))
def shuffled(request):
    return random_position(request.param)


@pytest.mark.rule("13.1", "13.2", "12.74", "12.75", "13.32")
def test_supply_matches_the_slow_reference_on_random_positions(shuffled):
    g = shuffled
    found = supply(g)
    for side in ("allied", "japan"):
        hqs, units = reference_supply(g, side)
        for unit_id, at in g.data["units"].items():
            if forces.record(g, unit_id).side != side or not (forces.on_map(at) or at == "china"):
                continue
            assert found.hq(unit_id) is (unit_id in hqs), unit_id
            assert found.unit(unit_id) is (unit_id in hqs or unit_id in units), unit_id


@pytest.mark.rule("13.1")
@pytest.mark.parametrize("seed", range(6))
def test_supply_line_steps_match_the_reference_under_random_blockers(seed):
    # Dense random blockers reach every case of 13.1 (2)-(6), which real positions seldom do.
    rng = random.Random(seed)
    board = components().board
    graph = supply_module.map_graph(board)
    on_map = sorted(graph.bit)
    blocked, enemy_only, enemy_port = (
        set(rng.sample(on_map, rng.randrange(50, 400))) for _ in range(3)
    )
    enemy_port &= {h for h in on_map if board.port(h)}
    bits = [sum(1 << graph.bit[h] for h in hexes) for hexes in (blocked, enemy_only, enemy_port)]
    lines = supply_module.SupplyLines(graph, *bits)
    reference = ReferenceLines(board, blocked, enemy_only, enemy_port)
    starts = [start_state(board, h) for h in rng.sample(on_map, 5)]
    starts += [(h, SEA) for h in rng.sample(on_map, 3)]
    as_bits = tuple(sum(1 << graph.bit[h] for h, m in starts if m == mode) for mode in (LAND, SEA))
    for limit in (1, 3, 8, None):
        for step, by_rule in (
            (lines.onward, reference.onward),
            (lines.backward, reference.backward),
        ):
            found = supply_module.spread(step, as_bits, max_cost=limit)
            assert as_states(graph, found) == set(search(starts, by_rule, max_cost=limit).reached)


def as_states(graph, states):
    """A pair of hex bit sets (entered by land, by sea) as (hex, mode) states."""
    return {
        (graph.hex_at[b], mode)
        for bits, mode in zip(states, (LAND, SEA), strict=True)
        for b in range(bits.bit_length())
        if bits >> b & 1
    }


@pytest.mark.rule("7.35")
def test_zoi_follows_the_supplied_flyers_on_random_positions(shuffled):
    g = shuffled
    found, board = supply(g), components().board
    on_map = [h for h, r in board.hexes.items() if "off_map" not in r.areas]
    projected = {"allied": set(), "japan": set()}
    neutral = {"allied": set(), "japan": set()}
    for unit_id, at in g.data["units"].items():
        record = forces.record(g, unit_id)
        if at not in board.hexes or not found.unit(unit_id) or not forces.flies(g, unit_id):
            continue
        near = set(board.within(at, 2))
        projected[record.side] |= near
        if record.type in ("air", "CV", "CVL", "CVE"):
            neutral[record.side] |= near
    for side in ("allied", "japan"):
        enemy = forces.enemy(side)
        for hex_id in on_map:
            assert zoi(g).projected(hex_id, side) is (hex_id in projected[side])
            assert zoi(g).neutralised(hex_id, side) is (hex_id in neutral[side])
            hinders = hex_id in projected[enemy] and hex_id not in neutral[side]
            assert zoi(g).blocks(hex_id, side) is hinders


@pytest.mark.rule("7.52")
def test_activation_ranges_match_the_slow_reference_on_random_positions(shuffled):
    g = shuffled
    for unit_id, at in g.data["units"].items():
        if forces.on_map(at) and forces.record(g, unit_id).unit_class == "hq":
            assert activation_range(g, unit_id) == reference_activation(g, unit_id), unit_id


@pytest.mark.rule("13.1")
def test_remembered_searches_give_what_fresh_ones_give(shuffled):
    def answers():
        g = GAME.context(shuffled.state)  # a new context: the position's Supply comes anew
        supply_module._POSITIONS.clear()
        found, board = supply(g), components().board
        units = [(found.unit(u), found.hq(u)) for u in sorted(g.data["units"])]
        bases = [found.eligible(h, s) for h in board.land_hexes for s in ("allied", "japan")]
        placed = [u for u, at in g.data["units"].items() if forces.on_map(at)]
        hqs = [u for u in placed if forces.record(g, u).unit_class == "hq"]
        return units, bases, [activation_range(g, hq) for hq in hqs]

    supply_module._SEARCHES.clear()
    assert answers() == answers()  # the second time, every search is remembered
