"""How the game is won: campaign victory (16.1-16.3) and the yearly victory-point schedules
(17.27 / Table T9, 17.38 / T10, 17.48 / T11).

Each schedule test starts from a position where Japan holds every land hex but Northern India
(so the Allies score nothing), and changes one thing at a time: the change in Japanese victory
points is the value of that line of the table. Hexes: Rabaul 4021, Guadalcanal 4423, Kavieng
4020, Admiralty Islands 3820, Bougainville 4222; Eniwetok 4415, Kwajalein 4715; New Guinea's
resource hex Vogelkop 3219 and ports Biak 3319, Hollandia 3520, Wewak 3720, Lae 3822, Port
Moresby 3823, Gili Gili 4024; Philippine ports Jolo 2715, Manila 2813, Davao 2915, Samar/Leyte
3014; ports at a distance from Tokyo: Okinawa 3209 (5), Saipan 3813 (7), Ulithi 3615 (9), Hong
Kong 2709 (10), Palau 3416 (11), Truk 4017 (12); Guam 3814 (8) has an airfield but no port; Kauai
5708, Oahu 5808, Hawaii 5908; Townsville 3727. In that position Townsville is Japanese, so it is
isolated from Oahu (5 points in every baseline).
"""

from __future__ import annotations

import pytest

from tests.empire_of_the_sun.factory import components, place, position
from wargame.engine.procedure import Context
from wargame.games.empire_of_the_sun import forces
from wargame.games.empire_of_the_sun.supply import supply, zoi
from wargame.games.empire_of_the_sun.victory import (
    automatic_result,
    campaign_result,
    final_result,
    record_captures,
    victory_level,
    yearly_result,
)

pytestmark = pytest.mark.game("empire-of-the-sun")

RESOURCE_HEXES = [
    "1813", "1916", "2017", "2008", "2014", "2220", "2415",
    "2517", "2616", "2813", "3219", "3302", "3303", "3305",
]  # fmt: skip
NORTHERN_INDIA = ["1905", "2005", "2104", "2105", "2205"]
RABAUL, GUADALCANAL = "4021", "4423"
MANDATE_HEXES = ["3820", "4020", "4222"]  # Admiralty Is., Kavieng, Bougainville
ENIWETOK, KWAJALEIN = "4415", "4715"
VOGELKOP = "3219"
NEW_GUINEA_PORTS = ["3319", "3520", "3720", "3822", "3823", "4024"]
PHILIPPINE_PORTS = ["2715", "2813", "2915", "3014"]
OKINAWA, SAIPAN, GUAM, ULITHI, PALAU, TRUK = "3209", "3813", "3814", "3615", "3416", "4017"
KAUAI, OAHU, HAWAII = "5708", "5808", "5908"
TOWNSVILLE = "3727"


def japanese_pacific(year: str, political_will: int = 5, **tracks: object) -> Context:
    """Japan holds every land hex except Northern India; the game is judged as ``year``."""
    g = position(turn=4, political_will=political_will, **tracks)
    for hex_id in g.data["control"]:
        g.data["control"][hex_id] = "japan"
    for hex_id in NORTHERN_INDIA:
        g.data["control"][hex_id] = "allied"
    g.data["victory"] = year
    return g


def points(g: Context, year: str) -> int:
    found: int = yearly_result(g, year).params["points"]
    return found


def allied(g: Context, *hexes: str) -> Context:
    for hex_id in hexes:
        g.data["control"][hex_id] = "allied"
    return g


# -- levels ---------------------------------------------------------------------------------------
@pytest.mark.rule("17.27", "17.38", "17.48")
@pytest.mark.parametrize(
    ("score", "level", "winner"),
    [
        (-4, "allied_decisive", "allied"),
        (2, "allied_decisive", "allied"),
        (3, "allied_tactical", "allied"),
        (5, "allied_tactical", "allied"),
        (6, "japanese_tactical", "japan"),
        (9, "japanese_tactical", "japan"),
        (10, "japanese_decisive", "japan"),
        (25, "japanese_decisive", "japan"),
    ],
)
def test_victory_levels_of_every_yearly_scenario(score, level, winner):
    assert victory_level(score) == (level, winner)


# -- T9: 1942 -------------------------------------------------------------------------------------
@pytest.mark.rule("17.27")
def test_1942_allies_win_outright_if_japan_holds_fewer_than_11_resource_hexes():
    g = japanese_pacific("1942")  # 7 points: Townsville isolated 5, Mandates 1, PW 5 = 1
    allied(g, *RESOURCE_HEXES[:3])
    assert yearly_result(g, "1942").kind == "japanese_tactical"
    allied(g, RESOURCE_HEXES[3])
    found = yearly_result(g, "1942")
    assert (found.winner, found.kind) == ("allied", "resources")


@pytest.mark.rule("17.27")
def test_1942_baseline_mandates_and_political_will():
    g = allied(japanese_pacific("1942"), TOWNSVILLE, OAHU)  # Townsville linked to Oahu: 0
    assert points(g, "1942") == 1 + 1  # Mandates 1, PW 5 = 1
    result = yearly_result(g, "1942")
    assert (result.winner, result.kind, result.scores) == (
        "allied",
        "allied_decisive",
        {"japan": 2},
    )
    allied(g, GUADALCANAL)
    assert points(g, "1942") == 1


@pytest.mark.rule("17.27", "17.38", "17.48")
@pytest.mark.parametrize(
    ("political_will", "score"), [(0, 6), (1, 5), (4, 2), (5, 1), (6, -1), (7, -2), (10, -5)]
)
def test_political_will_scores_a_point_per_box_at_or_below_5_and_costs_one_above(
    political_will, score
):
    for year in ("1942", "1943", "1944"):
        base = points(japanese_pacific(year), year) - 1
        assert points(japanese_pacific(year, political_will), year) - base == score


@pytest.mark.rule("17.27", "17.38", "17.48")
@pytest.mark.parametrize("year", ["1942", "1943", "1944"])
def test_china_burma_road_and_northern_india_lines(year):
    base = points(japanese_pacific(year), year)
    g = japanese_pacific(year)
    g.data["surrendered"].append("china")
    assert points(g, year) - base == 5
    g = japanese_pacific(year, burma_road="closed")
    assert points(g, year) - base == 1
    g = japanese_pacific(year)
    for held, hex_id in enumerate(NORTHERN_INDIA[:4], start=1):
        g.data["control"][hex_id] = "japan"
        assert points(g, year) - base == held
    g.data["control"][NORTHERN_INDIA[4]] = "japan"
    assert points(g, year) - base == 5 + 2


@pytest.mark.rule("17.27", "17.38", "17.48")
@pytest.mark.parametrize(
    ("year", "unrest", "unstable"), [("1942", 1, 2), ("1943", 1, 3), ("1944", 1, 2)]
)
def test_india_unrest_and_unstable_are_not_cumulative(year, unrest, unstable):
    base = points(japanese_pacific(year), year)
    assert points(japanese_pacific(year, india="unrest"), year) - base == unrest
    assert points(japanese_pacific(year, india="unstable"), year) - base == unstable


@pytest.mark.rule("17.27", "17.38", "17.48")
@pytest.mark.parametrize(("year", "value"), [("1942", 1), ("1943", 3), ("1944", 1)])
def test_australian_mandates_held_by_japan(year, value):
    base = points(japanese_pacific(year), year)
    assert points(allied(japanese_pacific(year), RABAUL), year) - base < 0
    g = allied(japanese_pacific(year), GUADALCANAL)
    assert points(g, year) - base == -value


@pytest.mark.rule("17.27", "17.38")
@pytest.mark.parametrize("year", ["1942", "1943"])
def test_kauai_hawaii_and_oahu_count_once_each_when_captured(year):
    g = japanese_pacific(year)
    base = points(g, year)
    forces.move_to(g, "jp-1-sn-bde", KAUAI)
    record_captures(g)
    assert points(g, year) - base == 1
    forces.move_to(g, "jp-1-sn-bde", OAHU)
    record_captures(g)
    assert points(g, year) - base == 1 + 3
    forces.move_to(g, "jp-1-sn-bde", HAWAII)
    record_captures(g)
    record_captures(g)
    assert points(g, year) - base == 1 + 3 + 1
    allied(g, KAUAI, OAHU, HAWAII)  # recaptured later: the points stay
    forces.move_to(g, "jp-1-sn-bde", "eliminated")
    record_captures(g)
    assert points(g, year) - base == 5


@pytest.mark.rule("17.48", "17.27")
def test_captures_need_control_and_occupation_and_1944_scores_only_oahu():
    g = japanese_pacific("1944")
    base = points(g, "1944")
    record_captures(g)  # Japanese control without a unit there is no capture
    assert g.data["captured"] == []
    forces.move_to(g, "jp-1-sn-bde", KAUAI)
    forces.move_to(g, "jp-2-sn-bde", OAHU)
    record_captures(g)
    assert points(g, "1944") - base == 3


@pytest.mark.rule("17.27", "17.38", "17.48", "13.1")
@pytest.mark.parametrize("year", ["1942", "1943", "1944"])
def test_townsville_isolated_from_oahu_scores_5(year):
    base = points(japanese_pacific(year), year)  # Japan holds Townsville and Oahu: isolated
    linked = allied(japanese_pacific(year), TOWNSVILLE, OAHU)
    assert supply(linked).line_between("allied", TOWNSVILLE, OAHU)
    assert points(linked, year) - base == -5
    for one in (TOWNSVILLE, OAHU):  # Japan holding either end isolates Townsville
        assert points(allied(japanese_pacific(year), one), year) == base


@pytest.mark.rule("17.27", "13.1")
def test_japanese_zoi_around_oahu_cuts_the_line_from_townsville():
    # Both ends Allied, but a supplied Japanese air unit on Kauai (HQ beside it) covers Oahu
    # and every water hexside into it: no supply line reaches Oahu (13.1 (2)), +5 (T9).
    linked = allied(japanese_pacific("1942"), TOWNSVILLE, OAHU)
    cut = allied(japanese_pacific("1942"), TOWNSVILLE, OAHU)
    forces.move_to(cut, "jp-hq-south-seas", KAUAI)
    forces.move_to(cut, "jp-22-af", KAUAI)
    assert zoi(cut).blocks(OAHU, "allied")
    assert not supply(cut).line_between("allied", TOWNSVILLE, OAHU)
    assert points(cut, "1942") - points(linked, "1942") == 5


# -- T10: 1943 ------------------------------------------------------------------------------------
@pytest.mark.rule("17.38")
def test_1943_allied_gains_in_the_mandates():
    base = points(japanese_pacific("1943"), "1943")
    g = allied(japanese_pacific("1943"), RABAUL, GUADALCANAL)
    assert points(g, "1943") - base == -3 - 3  # Japan loses its +3 and the Allies score -3
    g = allied(japanese_pacific("1943"), *MANDATE_HEXES)
    assert points(g, "1943") - base == 0  # three Mandate hexes are not enough
    g = allied(japanese_pacific("1943"), *MANDATE_HEXES, RABAUL)
    assert points(g, "1943") - base == -3 - 1


@pytest.mark.rule("17.38")
def test_1943_allied_control_of_the_marshalls():
    base = points(japanese_pacific("1943"), "1943")
    assert points(allied(japanese_pacific("1943"), ENIWETOK), "1943") == base
    assert points(allied(japanese_pacific("1943"), ENIWETOK, KWAJALEIN), "1943") - base == -3


@pytest.mark.rule("17.38")
def test_1943_new_guinea_needs_every_port_and_the_vogelkop_resource_hex():
    base = points(japanese_pacific("1943"), "1943")
    g = allied(japanese_pacific("1943"), *NEW_GUINEA_PORTS[:3])
    assert points(g, "1943") == base
    g = allied(japanese_pacific("1943"), *NEW_GUINEA_PORTS[:4])
    assert points(g, "1943") - base == -1
    g = allied(japanese_pacific("1943"), *NEW_GUINEA_PORTS)
    assert points(g, "1943") - base == -1  # Vogelkop is still Japanese: no control (12.85)
    allied(g, VOGELKOP)
    assert points(g, "1943") - base == -3 - 1  # and a resource hex


@pytest.mark.rule("17.38")
def test_1943_an_allied_port_within_11_hexes_of_tokyo_and_allied_resource_hexes():
    base = points(japanese_pacific("1943"), "1943")
    board = components().board
    assert [board.distance(h, "3706") for h in (PALAU, TRUK)] == [11, 12]
    assert points(allied(japanese_pacific("1943"), PALAU), "1943") - base == -3
    assert points(allied(japanese_pacific("1943"), TRUK), "1943") == base
    g = allied(japanese_pacific("1943"), "1813", "1916", "2017")
    assert points(g, "1943") - base == -3


# -- T11: 1944 ------------------------------------------------------------------------------------
@pytest.mark.rule("17.48")
def test_1944_japanese_pacific_baseline():
    # Mandates 1, PW 5 = 1, Japan controls New Guinea 5, Rabaul 3, no Allied Philippine port 5,
    # no Allied port within 8 of Tokyo 5, Townsville isolated 5
    assert points(japanese_pacific("1944"), "1944") == 1 + 1 + 5 + 3 + 5 + 5 + 5


@pytest.mark.rule("17.48")
def test_1944_new_guinea():
    base = points(japanese_pacific("1944"), "1944")
    g = allied(japanese_pacific("1944"), NEW_GUINEA_PORTS[0])
    assert points(g, "1944") - base == -2  # Allies do not control New Guinea: 3
    g = allied(japanese_pacific("1944"), VOGELKOP)
    assert points(g, "1944") - base == -2
    g = allied(japanese_pacific("1944"), *NEW_GUINEA_PORTS)
    assert points(g, "1944") - base == -2  # without Vogelkop the Allies still lack New Guinea
    allied(g, VOGELKOP)
    assert points(g, "1944") - base == -5


@pytest.mark.rule("17.48")
def test_1944_rabaul_philippine_ports_and_ports_near_tokyo():
    base = points(japanese_pacific("1944"), "1944")
    g = allied(japanese_pacific("1944"), RABAUL)
    assert points(g, "1944") - base == -3 - 1  # Rabaul's 3, and the Mandates' 1
    assert points(allied(japanese_pacific("1944"), "2915"), "1944") - base == -2
    assert points(allied(japanese_pacific("1944"), "2915", "2715"), "1944") - base == -5
    assert points(allied(japanese_pacific("1944"), *PHILIPPINE_PORTS), "1944") - base == -5
    for near in (OKINAWA, SAIPAN):
        assert points(allied(japanese_pacific("1944"), near), "1944") - base == -5
    for other in (ULITHI, GUAM):  # 9 hexes away; an airfield without a port
        assert points(allied(japanese_pacific("1944"), other), "1944") == base


@pytest.mark.rule("17.48", "13.2")
def test_1944_rabaul_out_of_supply_loses_japan_its_3_points():
    # A supplied Allied air unit on Kavieng 4020 (with ANZAC HQ) covers Rabaul and the sea
    # around it: Rabaul, still Japanese, traces no line to the Home Islands (13.1 (2), 13.2).
    base = points(japanese_pacific("1944"), "1944")
    g = allied(japanese_pacific("1944"), "4020")
    forces.move_to(g, "jt-hq-anzac", "4020")
    forces.move_to(g, "us-5af", "4020")
    assert zoi(g).blocks(RABAUL, "japan")
    assert not supply(g).eligible(RABAUL, "japan")
    assert points(g, "1944") - base == -3
    forces.move_to(g, "us-5af", "eliminated")  # no ZOI: Rabaul in supply again
    assert supply(g).eligible(RABAUL, "japan")
    assert points(g, "1944") == base


@pytest.mark.rule("17.38", "17.48")
def test_multi_year_scenarios_use_their_last_years_table_without_the_1942_resource_rule():
    g = japanese_pacific("1943")
    allied(g, *RESOURCE_HEXES[:6])  # Japan keeps 8: an automatic Allied win in 1942 only
    found = final_result(g)
    assert found.kind != "resources"
    assert found.params["points"] == points(japanese_pacific("1943"), "1943") - 6
    g.data["victory"] = "1942"
    assert final_result(g).kind == "resources"


# -- 16.1-16.3: the campaign ----------------------------------------------------------------------
@pytest.mark.rule("16.1", "4.5")
def test_political_will_in_the_negotiations_box_wins_the_campaign_for_japan():
    g = position(political_will=0)
    found = automatic_result(g)
    assert found is not None and (found.winner, found.kind) == ("japan", "negotiations")
    assert automatic_result(position(political_will=1)) is None
    yearly = position(political_will=0)
    yearly.data["victory"] = "1943"
    assert automatic_result(yearly) is None


def bombed_out(streak: list[bool], held: int = 1, b29: str | None = "3814") -> Context:
    """The end of turn 12 of a campaign: Japan holds ``held`` resource hexes."""
    g = position(turn=12, japanese=RESOURCE_HEXES[:held], empire=False)
    if b29:
        place(g.data, "us-20bc", b29, True)
    g.data["bombing"] = streak
    return g


@pytest.mark.rule("16.2", "16.3")
def test_the_allies_win_the_campaign_with_four_bombed_turns_one_resource_hex_and_a_b29():
    found = campaign_result(bombed_out([True] * 4))
    assert (found.winner, found.kind) == ("allied", "campaign_end")
    assert campaign_result(bombed_out([False, True, True, True, True])).winner == "allied"
    assert campaign_result(bombed_out([True, True, True, True], held=0)).winner == "allied"


@pytest.mark.rule("16.2", "16.3")
@pytest.mark.parametrize(
    "position_",
    [
        {"streak": [True, True, True]},
        {"streak": [True, True, False, True, True, True]},
        {"streak": [True] * 4, "held": 2},
        {"streak": [True] * 4, "b29": None},
        {"streak": [True] * 4, "b29": "3615"},  # Ulithi: 9 hexes from Tokyo
    ],
)
def test_otherwise_japan_wins_the_campaign(position_):
    found = final_result(bombed_out(**position_))
    assert (found.winner, found.kind) == ("japan", "campaign_end")
