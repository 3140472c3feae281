"""Supply, air zones of influence and HQ ranges (7.35, 7.52, 7.53, 6.26, 12.74-12.75, 13.1-13.4).

Positions are hand-built on the real map (``factory.position``). Hexes used often:
Manila 2813 (port), Aparri 2911, Clark Field 2812, the Luzon hexes 2912/2913, Samar/Leyte 3014,
Davao 2915, Tainan 2909 (Formosa), Soerabaja 2220, Darwin 3023, Koepang 2721 (Timor, the other
Timor hex 2822 has no port), Borneo's ports Miri 2415, Balikpapan 2517, Tarakan 2616 and its
inland hexes 2316/2416, Kunming 2407.
"""

from __future__ import annotations

import pytest

from tests.empire_of_the_sun.factory import components, position
from wargame.engine.procedure import Context
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import forces
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
