"""The Reinforcement segment (4.11, 9.1-9.3, 14.1, 15.1-15.5): War in Europe levels, delays,
Sent to Europe, where reinforcements enter, and the Allied ASP increase.

Hexes: Oahu 5808 (Central Pacific HQ), Calcutta 1805 (SEAC HQ), Saigon 2212 (Japanese South HQ),
Kunming 2407, Rabaul 4021, Port Moresby 3823, Townsville 3727.
"""

from __future__ import annotations

import random

import pytest

from tests.empire_of_the_sun.driver import ScriptedRng, act, begin, deciding, offered
from tests.empire_of_the_sun.factory import components, position
from wargame.engine.procedure import Context
from wargame.games.empire_of_the_sun import GAME, forces, supply
from wargame.games.empire_of_the_sun.reinforcements import (
    allied_arrivals,
    allied_asp_increase,
    entry_basis,
    entry_hexes,
    may_go_to_europe,
    placed_entries,
    placement_reach,
    put_in_delay_box,
    war_in_europe_level,
)
from wargame.games.empire_of_the_sun.stacking import fits
from wargame.games.empire_of_the_sun.static import SIDES

pytestmark = pytest.mark.game("empire-of-the-sun")

UNITS = components().units
BOARD = components().board
OAHU, CALCUTTA, SAIGON, KUNMING, RABAUL, LAE = "5808", "1805", "2212", "2407", "4021", "3822"
HQS = {"us-hq-cenpac": OAHU, "cw-hq-seac": CALCUTTA, "jp-hq-south": SAIGON}


# -- War in Europe (15.1-15.5) -----------------------------------------------------------------
@pytest.mark.rule("15.1", "15.2", "15.3", "15.4", "15.5")
@pytest.mark.parametrize(
    ("track", "level"),
    [(3, 0), (1, 0), (0, 1), (-2, 1), (-3, 2), (-4, 2), (-5, 3), (-6, 3), (-7, 4)],
)
def test_war_in_europe_levels_follow_table_t6(track, level):
    g = position(war_in_europe=track)
    assert war_in_europe_level(g) == level


# -- who may be sent to Europe (9.22, 9.23) ----------------------------------------------------
@pytest.mark.rule("9.22", "9.23")
@pytest.mark.parametrize(
    ("unit", "eligible"),
    [
        ("us-xi-corps", True),  # US Army ground
        ("us-11abn-div", True),
        ("us-5af", True),  # US Army air
        ("us-5af-lrb", True),
        ("us-cve-sangamon", True),  # escort carrier
        ("us-20bc", False),  # B-29s never
        ("us-hq-swpac", False),  # HQs never
        ("us-1mar-div", False),  # Marines
        ("us-1maw", False),
        ("us-cv-wasp", False),
        ("us-cvl-cowpens", False),
        ("us-bb-mississippi", False),
        ("cw-seac-air", False),
        ("au-3-corps", False),
    ],
)
def test_sent_to_europe_takes_us_army_ground_and_air_units_and_escort_carriers(unit, eligible):
    assert may_go_to_europe(UNITS[unit]) is eligible


# -- delays (9.21, 14.1) -----------------------------------------------------------------------
ARRIVING = [
    "us-xi-corps",
    "us-1mar-div",
    "us-ca-northampton",
    "cw-seac-air",
    "us-hq-sopac-ghormley",
    "us-20bc",
]


def arriving(turn: int = 2, **tracks: object) -> Context:
    units = {u: f"turn:{turn}" for u in ARRIVING}
    g = position(units={**units, "us-mar-bde": "delayed", "us-5af": "turn:1"}, turn=turn,
                 **tracks)  # fmt: skip
    g.data["returning"]["us-5af"] = True  # withdrawn last turn (7.33)
    return g


@pytest.mark.rule("9.21", "9.2", "15.1")
def test_with_no_effect_from_europe_delayed_units_and_this_turns_reinforcements_enter():
    g = arriving(war_in_europe=1)
    entering = allied_arrivals(g)
    assert sorted(entering) == sorted(["us-mar-bde", *ARRIVING, "us-5af"])
    assert not any(e.key == "log.roll" for e in g.state.log)  # no Sent to Europe roll at 0


@pytest.mark.rule("9.21", "9.23", "9.24", "15.2")
def test_at_level_1_this_turns_reinforcements_are_delayed_but_hqs_b29s_and_returns_are_not():
    g = arriving(war_in_europe=0)
    g.rng = ScriptedRng([9])  # the XI Corps' Sent to Europe roll: stays in the Delayed box
    entering = allied_arrivals(g)
    assert sorted(entering) == ["us-20bc", "us-5af", "us-hq-sopac-ghormley", "us-mar-bde"]
    for unit_id in ("us-xi-corps", "us-1mar-div", "us-ca-northampton", "cw-seac-air"):
        assert forces.at(g, unit_id) == "delayed"
    rolls = [e.params for e in g.state.log if e.key == "log.roll"]
    assert [r["unit"] for r in rolls] == ["us-xi-corps"]  # the only unit that may go to Europe


@pytest.mark.rule("14.1", "9.21")
def test_us_rivalry_delays_us_army_reinforcements_only():
    g = arriving(war_in_europe=1, us_isr=True)
    entering = allied_arrivals(g)
    assert forces.at(g, "us-xi-corps") == "delayed"
    assert "us-xi-corps" not in entering
    assert {"us-1mar-div", "us-ca-northampton", "cw-seac-air", "us-20bc"} <= set(entering)
    assert not any(e.key == "log.roll" for e in g.state.log)  # No Effect: no roll


# -- Sent to Europe (9.24, 14.1 B, Table T6) ---------------------------------------------------
@pytest.mark.rule("9.24", "14.1", "15.2", "15.3", "15.4", "15.5")
@pytest.mark.parametrize(
    ("track", "isr", "roll", "sent"),
    [
        (0, False, 1, True),  # Level 1: 0-1
        (0, False, 2, False),
        (0, True, 2, True),  # US rivalry: -1
        (0, True, 3, False),
        (-3, False, 3, True),  # Level 2: 0-3
        (-4, False, 4, False),
        (-5, False, 5, True),  # Level 3: 0-5
        (-6, False, 6, False),
        (-7, False, 7, True),  # Level 4: 0-7
        (-7, False, 8, False),
        (-7, True, 8, True),
        (-7, True, 9, False),
        (0, True, 0, True),  # a modified roll below 0 counts as 0 (15.6)
    ],
)
def test_sent_to_europe_ranges_by_level_and_rivalry(track, isr, roll, sent):
    g = position(war_in_europe=track, us_isr=isr, turn=4)
    g.rng = ScriptedRng([roll])
    put_in_delay_box(g, "us-xi-corps")
    assert forces.at(g, "us-xi-corps") == ("turn:7" if sent else "delayed")
    assert any(e.key == "log.sent_to_europe" for e in g.state.log) is sent


@pytest.mark.rule("9.24", "9.14")
def test_only_eligible_units_roll_and_never_at_no_effect():
    g = position(war_in_europe=-7)
    g.rng = ScriptedRng([])
    put_in_delay_box(g, "us-1mar-div")  # a Marine division never goes to Europe
    assert forces.at(g, "us-1mar-div") == "delayed"
    g = position(war_in_europe=2)
    g.rng = ScriptedRng([])
    put_in_delay_box(g, "us-xi-corps")  # voluntarily delayed at No Effect: no roll
    assert forces.at(g, "us-xi-corps") == "delayed"


# -- ASPs (9.31) -------------------------------------------------------------------------------
@pytest.mark.rule("9.31", "9.3", "15.4", "15.5")
@pytest.mark.parametrize(
    ("turn", "track", "added"),
    [(2, 0, 1), (5, -4, 1), (5, -5, 0), (5, -7, 0), (1, 3, 0), (12, 3, 1)],
)
def test_the_allies_gain_one_asp_a_turn_from_turn_2_unless_europe_is_at_level_3_or_4(
    turn, track, added
):
    g = position(turn=turn, war_in_europe=track)
    before = g.data["tracks"]["allied_asp"]
    allied_asp_increase(g)
    assert g.data["tracks"]["allied_asp"] == before + added


# -- placement (9.11-9.13) ---------------------------------------------------------------------
def placements() -> Context:
    return position(units=HQS, empire=True)


@pytest.mark.rule("9.11", "9.12")
def test_ground_and_naval_units_enter_at_ports_air_units_at_airfields_in_hq_range():
    g = placements()
    hqs = list(HQS)
    reach = supply.activation_range(g, "us-hq-cenpac")
    for unit_id, facility in (("us-xi-corps", BOARD.port), ("us-ca-northampton", BOARD.port),
                              ("us-1maw", BOARD.airfield)):  # fmt: skip
        found = entry_hexes(g, unit_id, hqs)
        assert OAHU in found
        assert all(facility(h) and forces.control(g, h) == "allied" for h in found)
    for unit_id in ("us-xi-corps", "us-ca-northampton"):  # US or Joint HQs only
        assert set(entry_hexes(g, unit_id, hqs)) <= reach
    assert CALCUTTA in entry_hexes(g, "us-1maw", hqs)  # US air: any Allied HQ


@pytest.mark.rule("9.12")
def test_us_air_units_may_enter_through_any_allied_hq_us_ground_units_not():
    g = position(units={"cw-hq-seac": CALCUTTA}, empire=True)
    assert CALCUTTA in entry_hexes(g, "us-5af", ["cw-hq-seac"])
    assert entry_hexes(g, "us-xi-corps", ["cw-hq-seac"]) == []
    assert CALCUTTA in entry_hexes(g, "in-4-corps", ["cw-hq-seac"])
    g = placements()
    assert OAHU in entry_hexes(g, "us-5af", list(HQS))
    assert OAHU not in entry_hexes(g, "in-4-corps", list(HQS))  # Commonwealth: no US HQ
    assert CALCUTTA not in entry_hexes(g, "us-xi-corps", list(HQS))


@pytest.mark.rule("9.12")
def test_chinese_units_enter_only_at_kunming():
    g = placements()
    assert entry_hexes(g, "cn-5-army", list(HQS)) == [KUNMING]


@pytest.mark.rule("9.13", "9.11")
def test_any_japanese_hq_places_any_japanese_unit_never_in_allied_hexes():
    g = placements()
    for unit_id in ("jp-31-army", "jp-6-ad", "jp-26-af", "jp-cvl-junyo"):
        found = entry_hexes(g, unit_id, list(HQS))
        assert SAIGON in found
        assert all(forces.control(g, h) == "japan" for h in found)
    assert not set(entry_hexes(g, "jp-6-ad", list(HQS))) & set(entry_hexes(g, "us-5af", list(HQS)))


@pytest.mark.rule("9.11")
def test_an_hq_that_arrived_this_turn_takes_units_only_in_its_own_hex():
    g = placements()
    assert entry_hexes(g, "us-xi-corps", ["cw-hq-seac", "jp-hq-south"]) == [OAHU]
    assert entry_hexes(g, "us-1maw", ["cw-hq-seac"]) == sorted(
        set(entry_hexes(g, "us-1maw", ["cw-hq-seac"]))
    )
    assert OAHU in entry_hexes(g, "us-1maw", ["cw-hq-seac"])
    forces.move_to(g, "us-hq-cenpac", "turn:3")
    assert entry_hexes(g, "us-xi-corps", ["cw-hq-seac", "jp-hq-south"]) == []


@pytest.mark.rule("9.11", "7.35")
def test_no_reinforcement_enters_unneutralised_enemy_zoi():
    hqs = {**HQS, "us-hq-swpac": "3727"}
    g = position(units=hqs, empire=True)
    assert "3822" in entry_hexes(g, "us-xi-corps", list(hqs))  # Lae
    g = position(units={**hqs, "jp-hq-south-seas": RABAUL, "jp-24-af": RABAUL},
                 japanese=[RABAUL], empire=True)  # fmt: skip
    assert supply.zoi(g).blocks("3822", "allied")  # 2 hexes from Rabaul
    found = entry_hexes(g, "us-xi-corps", list(hqs))
    assert "3822" not in found and "3727" in found


@pytest.mark.rule("9.11", "7.34")
def test_no_reinforcement_enters_a_full_hex():
    g = position(units={**HQS, **dict.fromkeys(["us-x-corps", "us-7af", "us-1mar-div"], OAHU)},
                 empire=True)  # fmt: skip
    assert OAHU not in entry_hexes(g, "us-xi-corps", list(HQS))
    assert OAHU in entry_hexes(g, "us-ca-northampton", list(HQS))


@pytest.mark.rule("9.11")
def test_an_arriving_hq_goes_to_a_friendly_port_without_another_hq():
    g = placements()
    found = entry_hexes(g, "us-hq-sopac-ghormley", list(HQS))
    assert OAHU not in found and CALCUTTA not in found
    assert "3727" in found and all(BOARD.port(h) for h in found)


# -- the segment (4.11, 9.1, 9.14) -------------------------------------------------------------
@pytest.mark.rule("4.1", "4.11", "9.1", "9.14", "9.31")
def test_the_allies_place_first_then_gain_their_asp_then_japan_places():
    g = position(
        units={**HQS, "us-ca-northampton": "turn:2", "cn-5-army": "turn:2",
               "jp-6-ad": "turn:2"},
        empire=True, war_in_europe=1,
    )  # fmt: skip
    g.data["tracks"]["burma_road"] = "closed"  # Kunming is no supply source: nowhere to go
    g.data["tracks"]["hump"] = False
    assert not supply.supply(g).kunming_is_source()
    begin(g, "reinforcements")
    assert g.data["phase"] == "strategic"
    assert deciding(g) == ("allied", "prompt.reinforce",
                           ["unit cn-5-army", "unit us-ca-northampton"])  # fmt: skip
    act(g, "unit us-ca-northampton")
    assert "hex 5808" in offered(g) and "cancel" in offered(g)
    act(g, "hex 5808")
    assert forces.at(g, "us-ca-northampton") == OAHU
    act(g, "unit cn-5-army")
    assert offered(g) == ["delay", "cancel"]  # 9.14: no legal entry hex
    asp = g.data["tracks"]["allied_asp"]
    act(g, "delay")
    assert forces.at(g, "cn-5-army") == "delayed"
    act(g, "done")
    assert g.data["tracks"]["allied_asp"] == asp + 1
    assert deciding(g) == ("japan", "prompt.reinforce", ["unit jp-6-ad"])
    act(g, "unit jp-6-ad", "hex 2212", "done")
    assert forces.at(g, "jp-6-ad") == SAIGON
    assert g.state.result is not None


@pytest.mark.rule("9.11", "7.35")
def test_a_placement_that_neutralises_enemy_zoi_opens_no_hex_to_the_next_ones():
    # 9.11: a placement cannot change enemy ZOI to enable other placements. The 5th Air Force
    # placed at Port Moresby neutralises the Rabaul air unit's ZOI over Lae, which opens Lae
    # to a later reading of the rule (entry_hexes), not to this segment's next placement.
    hqs = {**HQS, "us-hq-swpac": "3727"}
    g = position(
        units={**hqs, "jp-hq-south-seas": RABAUL, "jp-24-af": RABAUL,
               "us-5af": "turn:2", "us-xi-corps": "turn:2"},
        japanese=[RABAUL], empire=True, war_in_europe=1,
    )  # fmt: skip
    begin(g, "reinforcements")
    act(g, "unit us-5af", "hex 3823")
    assert LAE in entry_hexes(g, "us-xi-corps", list(hqs))
    act(g, "unit us-xi-corps")
    assert "hex 3727" in offered(g) and f"hex {LAE}" not in offered(g)


@pytest.mark.rule("9.11", "9.12", "9.13")
@pytest.mark.parametrize("seed", range(2))
def test_the_placement_basis_lists_what_the_rule_lists_before_any_placement(seed):
    g = GAME.context(GAME.setup("campaign", seed))
    hqs = [u for u in forces.units_on_map(g) if forces.record(g, u).unit_class == "hq"]
    for side in SIDES:
        basis = entry_basis(g, side, hqs)
        units = sorted(u for u in g.data["units"] if forces.record(g, u).side == side)
        for unit_id in units[::3]:
            assert placed_entries(g, unit_id, hqs, basis) == entry_hexes(g, unit_id, hqs)


def read_hex_by_hex(g: Context, unit_id: str, hqs: list[str]) -> list[str]:
    """9.11-9.13 read one hex at a time, in the map's order, through the public answers of
    supply and ZOI (the listing works on whole sets of hexes at once)."""
    unit = forces.record(g, unit_id)
    found, zoi = supply.supply(g), supply.zoi(g)
    reach = None if unit.unit_class == "hq" else placement_reach(g, unit_id, hqs)
    listed = []
    for hex_id in g.static.board.land_hexes:
        facility = BOARD.airfield(hex_id) if unit.unit_class == "air" else BOARD.port(hex_id)
        if not facility or not forces.friendly(g, hex_id, unit.side):
            continue
        if not found.eligible(hex_id, unit.side) or zoi.blocks(hex_id, unit.side):
            continue
        if reach is not None and hex_id not in reach:
            continue
        here = forces.units_at(g, hex_id)
        if reach is None and any(forces.record(g, u).unit_class == "hq" for u in here):
            continue
        listed.append(hex_id)
    return listed


@pytest.mark.rule("9.11", "9.12", "9.13", "7.35", "13.2")
@pytest.mark.parametrize("seed", range(3))
def test_entry_hexes_worked_out_on_sets_of_hexes_are_the_rule_read_hex_by_hex(seed):
    rng = random.Random(seed)
    g = GAME.context(GAME.setup("campaign", seed))
    land = [h for h in BOARD.land_hexes if "off_map" not in BOARD.hexes[h].areas]
    bases = [h for h in land if BOARD.port(h) or BOARD.airfield(h)]
    placed = sorted(u for u, at in g.data["units"].items() if forces.on_map(at))
    candidates = sorted(u for u in g.data["units"] if forces.record(g, u).nationality != "chinese")
    compared = 0
    for _ in range(25):
        for _ in range(4):  # control and units moved at random: ZOI, eligibility, HQ ranges
            if rng.random() < 0.3:
                g.data["control"][rng.choice(bases)] = rng.choice(SIDES)
            else:
                g.data["units"][rng.choice(placed)] = rng.choice(land)
        g.cache.clear()
        hqs = [u for u in placed if forces.record(g, u).unit_class == "hq" and rng.random() < 0.7]
        for unit_id in rng.sample(candidates, 8):
            listed = entry_hexes(g, unit_id, hqs)
            here = read_hex_by_hex(g, unit_id, hqs)
            expected = [h for h in here if not forces.units_at(g, h) or fits(g, h, [unit_id])]
            assert listed == expected
            compared += bool(listed)
    assert compared > 20
