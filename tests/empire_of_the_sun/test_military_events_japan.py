"""Japanese military events #3 to #83 (5.31): each card's special conditions, on hand-built
positions.

Activation rules are read from the units offered once the event's HQ is chosen; battle hooks from
inside a battle frame of the event's offensive (with its participants, as :mod:`battle` keeps
them). Hexes: Kure 3407, Truk 4017, Rabaul 4021, Guam 3814, Saipan 3813, Guadalcanal 4423, Kota
Bharu 2112 (open, Malaya), Clark Field 2812 (open), Billiton 2117 (jungle), Jolo 2715, Oahu 5808,
Kauai 5708, Midway 5108, Calcutta 1805.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

import pytest

from tests.empire_of_the_sun.driver import act, begin, deciding, offered, resume
from tests.empire_of_the_sun.factory import position
from tests.empire_of_the_sun.test_battle import offensive, start_battle
from wargame.engine.procedure import Context
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import battle, events, forces, movement, offensives, sequence
from wargame.games.empire_of_the_sun.offensives import legal_moves, new_record

pytestmark = pytest.mark.game("empire-of-the-sun")

KURE, TRUK, RABAUL, GUAM, SAIPAN, GUADALCANAL = "3407", "4017", "4021", "3814", "3813", "4423"
KOTA_BHARU, CLARK, BILLITON, JOLO = "2112", "2812", "2117", "2715"
OAHU, KAUAI, MIDWAY, CALCUTTA = "5808", "5708", "5108", "1805"

FLEET = {
    "jp-hq-cf-yamamoto": KURE,
    "jp-ca-aoba": KURE,
    "jp-cv-akagi": KURE,
    "jp-14-army": KURE,
    "jp-1-sn-bde": KURE,
    "jp-2-sn-bde": KURE,
    "jp-1-ad": KURE,
}
SOUTH_SEAS = {"jp-hq-south-seas": TRUK, **{u: TRUK for u in FLEET if "-hq-" not in u}}


def activating(card: str, hq: str, units: dict[str, str], **tracks: Any) -> Context:
    """Japan plays ``card`` as an event and chooses ``hq``: the activation step."""
    g = position(units=units, empire=True, **tracks)
    begin(g, "event", side="japan", card=card)
    if deciding(g)[1] == "prompt.tokyo_express":
        act(g, "none")
    act(g, f"hq {hq}")
    return g


def units_offered(g: Context) -> list[str]:
    return sorted(a.removeprefix("unit ") for a in offered(g) if a.startswith("unit "))


def in_battle(g: Context, card: str, hex_id: str, mode: str = "ec", **extra: Any) -> None:
    """The card's offensive (Japan's) is fighting its battle in ``hex_id``: a battle frame with
    the battle's participants."""
    offensive(g, "japan", "intercept", mode=mode, card=card, battles=[hex_id], **extra)
    parts = asdict(battle.participants(g, hex_id))
    g.state.stack.append(Frame("battle", "exchange", {"hex": hex_id, "parts": parts}))


# -- activation rules (5.31 D) ---------------------------------------------------------------------
@pytest.mark.rule("5.31")
def test_tsuji_activates_ground_units_only():
    g = activating("J3", "jp-hq-cf-yamamoto", FLEET)
    assert units_offered(g) == ["jp-1-sn-bde", "jp-14-army", "jp-2-sn-bde"]


@pytest.mark.rule("5.31")
def test_operation_c_activates_naval_units_only():
    g = activating("J8", "jp-hq-cf-yamamoto", FLEET)
    assert units_offered(g) == ["jp-ca-aoba", "jp-cv-akagi"]


@pytest.mark.rule("5.31")
@pytest.mark.parametrize("card", ["J9", "J14", "J28"])
def test_ugaki_mo_and_big_tokyo_express_activate_at_most_one_ground_unit(card):
    g = activating(card, "jp-hq-cf-yamamoto", FLEET)
    assert "jp-14-army" in units_offered(g)
    act(g, "unit jp-14-army")
    assert units_offered(g) == ["jp-1-ad", "jp-ca-aoba", "jp-cv-akagi"]


@pytest.mark.rule("5.31")
@pytest.mark.parametrize("card", ["J16", "J40", "J48", "J50"])
def test_ri_u_go_adachi_and_ha_go_activate_no_naval_units(card):
    g = activating(card, "jp-hq-south-seas", SOUTH_SEAS)  # #48, #50: South / South Seas HQ
    assert units_offered(g) == ["jp-1-ad", "jp-1-sn-bde", "jp-14-army", "jp-2-sn-bde"]


@pytest.mark.rule("5.31")
def test_combined_fleet_activates_no_ground_units_and_i_go_air_units_only():
    g = activating("J29", "jp-hq-cf-yamamoto", FLEET)
    assert units_offered(g) == ["jp-1-ad", "jp-ca-aoba", "jp-cv-akagi"]
    g = activating("J32", "jp-hq-cf-yamamoto", FLEET)
    assert units_offered(g) == ["jp-1-ad"]


@pytest.mark.rule("5.31")
@pytest.mark.parametrize("card", ["J76", "J79"])
def test_tsurugi_and_tinian_raid_activate_one_brigade_of_the_ground_units(card):
    g = activating(card, "jp-hq-cf-yamamoto", FLEET)
    assert units_offered(g) == [
        "jp-1-ad",
        "jp-1-sn-bde",
        "jp-2-sn-bde",
        "jp-ca-aoba",
        "jp-cv-akagi",
    ]
    act(g, "unit jp-1-sn-bde")
    assert units_offered(g) == ["jp-1-ad", "jp-ca-aoba", "jp-cv-akagi"]


@pytest.mark.rule("5.31")
def test_the_same_card_for_operations_has_no_activation_limit():
    g = position(units=FLEET, empire=True)
    begin(g, "offensive", side="japan", card="J3", mode="oc")
    act(g, "hq jp-hq-cf-yamamoto")
    assert "jp-ca-aoba" in units_offered(g)


# -- #3 Col. Tsuji (8.4) ---------------------------------------------------------------------------
@pytest.mark.rule("5.31", "8.4")
def test_tsuji_bonus_is_the_final_japanese_ground_modifier_in_malaya_and_jungle():
    units = {"jp-14-army": KOTA_BHARU, "au-8-div": KOTA_BHARU}
    units |= {"jp-15-army": CLARK, "us-p-bde": CLARK, "jp-16-army": BILLITON, "nl-1-regt": BILLITON}
    g = position(units=units)
    g.data["lasting"].append("J31_defence_doctrine")  # +1 to Japanese ground rolls
    resume(g, "start_battles", "japan", "J3", mode="ec", battles=[KOTA_BHARU, CLARK, BILLITON])
    assert g.data["offensive"]["ground_final"] == {"japan": {KOTA_BHARU: 4, BILLITON: 4}}

    def drm(hex_id: str) -> int:
        parts = battle.participants(g, hex_id)
        return battle.ground_drms(g, parts, "japan", parts.ground)

    assert drm(KOTA_BHARU) == 4  # open terrain, doctrine: 4, not 5
    assert drm(BILLITON) == 4  # jungle −1 and doctrine +1 replaced
    assert drm(CLARK) == 1  # outside Malaya, open: the usual modifiers


# -- #8 Operation C --------------------------------------------------------------------------------
@pytest.mark.rule("5.31", "8.2")
def test_operation_c_adds_1_to_the_japanese_air_naval_roll_against_commonwealth_ships():
    g = position(units={"jp-ca-aoba": RABAUL, "cw-ca-exeter": RABAUL, "us-ca-new-orleans": RABAUL})
    in_battle(g, "J8", RABAUL, activated=["jp-ca-aoba"])
    assert battle.event_drm(g, "air_naval", "japan") == 1
    assert battle.event_drm(g, "ground", "japan") == battle.event_drm(g, "air_naval", "allied") == 0
    g = position(units={"jp-ca-aoba": RABAUL, "us-ca-new-orleans": RABAUL})
    in_battle(g, "J8", RABAUL, activated=["jp-ca-aoba"])
    assert battle.event_drm(g, "air_naval", "japan") == 0


# -- #9 RADM Ugaki (5.1) ---------------------------------------------------------------------------
@pytest.mark.rule("5.31", "5.1", "7.2")
def test_ugaki_gives_the_offensive_a_naval_allowance_of_21():
    """Saigon 2212 is 18 hexes from Truk: beyond 5 x OC 3, within 21."""
    g = position(units={"jp-hq-south-seas": TRUK, "jp-ca-aoba": TRUK}, empire=True)
    for card, mode, reached in (("J9", "ec", True), ("J10", "ec", False), ("J9", "oc", False)):
        g.data["offensive"] = new_record(g, "japan", card, mode, 6)
        assert ("hex 2212" in legal_moves(g, ["jp-ca-aoba"], g.data["offensive"])) is reached


# -- #10 2nd Operational Phase ---------------------------------------------------------------------
@pytest.mark.rule("5.31", "14.2")
def test_second_operational_phase_is_not_an_event_under_japanese_rivalry():
    assert events.playable(position(units=FLEET, empire=True), "japan", "J10")
    g = position(units=FLEET, empire=True, japanese_isr=True)
    assert not events.playable(g, "japan", "J10")


# -- #12 Operation MI (6.24, 5.22) -----------------------------------------------------------------
MI = {
    "jp-hq-south-seas": TRUK,
    "jp-ca-aoba": TRUK,
    "jp-ss-bde": TRUK,
    "jp-24-af": TRUK,
    "us-ca-new-orleans": GUAM,
    "au-pm-bde": "3823",
    "au-air": RABAUL,
}


@pytest.mark.rule("5.31", "6.24")
def test_operation_mi_fights_only_on_one_hex_islands():
    g = position(units=MI, empire=True)
    for card, battles in (("J12", ["assault 3814"]), ("J10", ["assault 3814", "assault 4021"])):
        g.data["offensive"] = new_record(g, "japan", card, "ec", 8)
        moves = legal_moves(g, ["jp-ca-aoba", "jp-ss-bde"], g.data["offensive"])
        assert sorted(t for t, m in moves.items() if m.battle and t != "assault 3823") == battles
    for card, strikes in (("J12", [GUAM]), ("J10", [GUAM, RABAUL])):  # Rabaul is no island
        record = {**new_record(g, "japan", card, "ec", 8), "activated": ["jp-24-af"]}
        g.data["offensive"] = record
        assert offensives.optional_battle_hexes(g, record) == strikes


@pytest.mark.rule("5.31")
def test_operation_mi_is_not_an_event_while_a_battle_would_be_forced_off_the_islands():
    g = position(units={**MI, "jp-2-sn-bde": GUAM}, empire=True)
    assert events.playable(g, "japan", "J12")
    forces.move_to(g, "jp-2-sn-bde", RABAUL)
    assert not events.playable(g, "japan", "J12")


@pytest.mark.rule("5.31", "5.22")
@pytest.mark.parametrize(
    ("watcher", "where", "drm"),
    [("us-ca-new-orleans", OAHU, 0), ("us-ca-new-orleans", MIDWAY, 4), ("cw-ca-exeter", OAHU, 4)],
)
def test_operation_mi_makes_the_allied_intelligence_roll_4_harder_unless_shoals_watched(
    watcher, where, drm
):
    """A US CA within 3 hexes of French Frigate Shoals 5508 watches it (Oahu: 3, Midway: 4)."""
    g = position(units={watcher: where})
    g.data["offensive"] = new_record(g, "japan", "J12", "ec", 8)
    assert offensives.event_intel_drm(g, "allied") == drm


@pytest.mark.rule("5.31", "5.22", "7.35")
def test_operation_mi_loses_its_security_to_allied_air_zoi_over_the_shoals():
    g = position(units={"us-hq-cenpac": OAHU, "us-7af": KAUAI})
    g.data["offensive"] = new_record(g, "japan", "J12", "ec", 8)
    assert offensives.event_intel_drm(g, "allied") == 0
    g.data["offensive"] = new_record(g, "japan", "J12", "oc", None)
    forces.move_to(g, "us-7af", CALCUTTA)
    assert offensives.event_intel_drm(g, "allied") == 0  # played for operations: no effect


# -- #14 Operation MO ------------------------------------------------------------------------------
@pytest.mark.rule("5.31", "8.2")
def test_operation_mo_gives_japanese_cvs_2_more_defense():
    units = {"jp-cv-akagi": RABAUL, "jp-cvl-ryujo": RABAUL, "us-cv-lexington": RABAUL}
    g = position(units=units)
    in_battle(g, "J14", RABAUL, activated=["jp-cv-akagi", "jp-cvl-ryujo"])
    assert [battle.defense_of(g, u) for u in units] == [14, 8, 12]
    in_battle(g, "J14", RABAUL, mode="oc", activated=["jp-cv-akagi"])
    assert battle.defense_of(g, "jp-cv-akagi") == 12


# -- #20 Naval Battle of Guadalcanal ---------------------------------------------------------------
@pytest.mark.rule("5.31", "8.2")
@pytest.mark.parametrize("allied_bb", [False, True])
def test_guadalcanal_battleship_bombards_the_air_unit_japan_picks_unless_opposed(allied_bb):
    units = {"jp-bb-kongo-1": GUADALCANAL, "au-air": GUADALCANAL, "us-1maw": GUADALCANAL}
    if allied_bb:
        units["us-bb-washington"] = GUADALCANAL
    g = position(units=units)
    activated = ["jp-bb-kongo-1"]
    resume(
        g, "start_battles", "japan", "J20", mode="ec", activated=activated, battles=[GUADALCANAL]
    )
    if not allied_bb:
        assert deciding(g) == ("japan", "prompt.hit_target", ["hit au-air", "hit us-1maw"])
        act(g, "hit us-1maw")  # the weaker one (attack 6 against 10): Japan's choice
    hit = [u for u in ("au-air", "us-1maw") if forces.reduced(g, u)]
    assert hit == ([] if allied_bb else ["us-1maw"])


# -- #23 Operation RE ------------------------------------------------------------------------------
@pytest.mark.rule("5.31", "8.4")
def test_operation_re_adds_1_to_the_japanese_ground_roll_where_a_brigade_fights():
    g = position()
    offensive(g, "japan", mode="ec", card="J23", battles=["3823"])
    fighting = {"japan": ["jp-14-army", "jp-ss-bde"], "allied": ["au-pm-bde"]}
    g.state.stack.append(Frame("battle", "exchange", {"hex": "3823", "fighting": fighting}))
    assert battle.event_drm(g, "ground", "japan") == 1
    assert battle.event_drm(g, "ground", "allied") == battle.event_drm(g, "air_naval", "japan") == 0
    g.state.stack[-1]["fighting"] = {"japan": ["jp-14-army"], "allied": ["au-pm-bde"]}
    assert battle.event_drm(g, "ground", "japan") == 0


# -- strength in the air-naval combat: #25, #29, #47, #83 ------------------------------------------
SEA_BATTLE = {
    "jp-cv-akagi": RABAUL,
    "jp-cvl-ryujo": RABAUL,
    "jp-ca-aoba": RABAUL,
    "jp-ca-nachi": RABAUL,
    "jp-cl-tenryu": RABAUL,
    "jp-apd-kamikaze": RABAUL,
    "us-cv-lexington": RABAUL,
    "us-cv-enterprise": RABAUL,
    "us-cvl-bataan": RABAUL,
    "cw-cv-indomitable": RABAUL,
}


@pytest.mark.rule("5.31", "8.2")
@pytest.mark.parametrize(
    ("card", "japan", "allied"),
    [("J25", 0, -4), ("J29", 4, 0), ("J47", 4, 0), ("J83", 8, 0), ("J10", 0, 0)],
)
def test_ka_combined_fleet_kondo_and_java_change_air_naval_attack_strength(card, japan, allied):
    """#25: −2 per US CV (not the CVL, not the British CV); #29: +2 per Japanese carrier;
    #47: +2 per CA; #83: +2 per CA, CL or APD (only units striking: activated)."""
    g = position(units=SEA_BATTLE)
    activated = [u for u in SEA_BATTLE if u.startswith("jp-")]
    in_battle(g, card, RABAUL, activated=activated)
    assert battle.event_sum(g, "strength", "air_naval", "japan") == japan
    assert battle.event_sum(g, "strength", "air_naval", "allied") == allied
    assert battle.event_sum(g, "strength", "ground", "japan") == 0


@pytest.mark.rule("5.31", "8.2")
def test_strength_bonus_counts_only_ships_that_strike_and_not_in_an_operations_play():
    g = position(units=SEA_BATTLE)
    in_battle(g, "J47", RABAUL, activated=["jp-ca-aoba"])  # Nachi is in the hex, not activated
    assert battle.event_sum(g, "strength", "air_naval", "japan") == 2
    in_battle(g, "J47", RABAUL, mode="oc", activated=["jp-ca-aoba"])
    assert battle.event_sum(g, "strength", "air_naval", "japan") == 0


@pytest.mark.rule("5.31", "8.2")
def test_kondo_strength_enters_the_strike_and_the_air_naval_winner():
    def japanese_total(card: str) -> int:
        g = position(units={"jp-ca-aoba": RABAUL, "jp-ca-nachi": RABAUL, "cw-ca-exeter": RABAUL})
        in_battle(g, card, RABAUL, activated=["jp-ca-aoba", "jp-ca-nachi"])
        g.state.stack.pop()
        start_battle(g, RABAUL, rolls=[6, 6, 6, 6])
        (total,) = [e.params["total"] for e in g.state.log if e.key == "log.strike"][:1]
        return int(total)

    assert japanese_total("J47") == japanese_total("J10") + 4


# -- #32 Operation I-Go ----------------------------------------------------------------------------
@pytest.mark.rule("5.31", "8.2")
def test_i_go_adds_1_to_the_japanese_air_naval_roll_with_a_carrier_within_6_hexes():
    g = position(units={"jp-1-ad": RABAUL, "au-air": RABAUL, "jp-cvl-ryujo": TRUK})
    in_battle(g, "J32", RABAUL, activated=["jp-1-ad"])
    assert battle.event_drm(g, "air_naval", "japan") == 1
    forces.move_to(g, "jp-cvl-ryujo", KURE)
    assert battle.event_drm(g, "air_naval", "japan") == 0


# -- #28, #44 Tokyo Express (13.32) ----------------------------------------------------------------
@pytest.mark.rule("13.32", "5.31")
@pytest.mark.parametrize("card", ["J28", "J44"])
def test_tokyo_express_marker_is_placed_before_the_offensive(card):
    g = position(units={**FLEET, "jp-hq-south-seas": TRUK, "jp-ss-bde": RABAUL}, empire=True)
    begin(g, "event", side="japan", card=card)
    side, prompt, actions = deciding(g)
    assert (side, prompt) == ("japan", "prompt.tokyo_express")
    assert f"hex {TRUK}" in actions and "none" in actions
    assert f"hex {RABAUL}" not in actions  # Allied-controlled: the marker would supply nobody
    act(g, f"hex {TRUK}")
    assert g.data["tokyo_express"] == TRUK
    assert deciding(g)[1] == "prompt.choose_hq"


@pytest.mark.rule("13.32", "13.3")
def test_tokyo_express_may_stay_off_and_the_marker_leaves_at_the_end_of_turn():
    g = position(units={"jp-hq-south-seas": TRUK, "jp-ss-bde": TRUK}, empire=True)
    begin(g, "event", side="japan", card="J28")
    act(g, "none")
    assert "tokyo_express" not in g.data
    g = position(units={"jp-hq-south-seas": TRUK}, empire=True)
    g.data["tokyo_express"] = TRUK
    sequence.end_of_turn_cleanup(g)
    assert g.data.get("tokyo_express") is None


@pytest.mark.rule("9.32", "5.31", "14.2")
@pytest.mark.parametrize(("isr", "left"), [(False, 7 + 2), (True, 4 + 4)])
def test_tokyo_express_gives_temporary_asps_more_under_rivalry(isr, left):
    g = position(japanese_isr=isr)
    g.data["offensive"] = new_record(g, "japan", "J44", "ec", 4)
    assert movement.asp_left(g, "japan") == left
    g.data["offensive"] = new_record(g, "japan", "J44", "oc", None)
    assert movement.asp_left(g, "japan") == left - (4 if isr else 2)


@pytest.mark.rule("9.32")
def test_tokyo_express_temporary_asps_spent_are_given_back_after_the_battles():
    g = position()
    g.data["asp_used"]["japan"] = 3
    g.data["offensive"] = {**new_record(g, "japan", "J44", "ec", 4), "asp": 3}
    events.hook("J44", "after_battles")(g)
    assert g.data["asp_used"]["japan"] == 1


# -- #37, #38 escort (11.22) -----------------------------------------------------------------------
@pytest.mark.rule("11.22", "5.31")
def test_escort_events_raise_the_escort_modifier_to_2_then_4():
    g = position()
    for card, value in (("J37", 2), ("J38", 4), ("J37", 4)):
        events.hook(card, "play")(g, "japan")
        assert g.data["tracks"]["escort"] == value
    g = position()
    g.data["lasting"].append("A80")  # New Submarine Doctrine
    events.hook("J38", "play")(g, "japan")
    assert g.data["tracks"]["escort"] == 0


@pytest.mark.rule("11.22", "5.31")
def test_escort_event_needs_the_combined_fleet_hq_and_acts_before_its_offensive():
    g = position(units=SOUTH_SEAS, empire=True)
    assert not events.playable(g, "japan", "J37")
    g = position(units=FLEET, empire=True)
    begin(g, "event", side="japan", card="J37")
    assert g.data["tracks"]["escort"] == 2
    assert offered(g) == ["hq jp-hq-cf-yamamoto", "none"]


# -- #58-#60 paratroops ----------------------------------------------------------------------------
def paratroops(card: str, **extra: str) -> Context:
    """South HQ and the 21st Air Flotilla (range 3, extended 5) at Jolo; Dutch regiments at
    Kendari 2719 and Balikpapan 2517, the Dutch CA at Tarakan 2616."""
    units = {"jp-hq-south": JOLO, "jp-21-af": JOLO, "nl-7-regt": "2719", "nl-5-regt": "2517"}
    g = position(units={**units, "nl-ca": "2616", **extra}, empire=True, japanese=[JOLO])
    begin(g, "event", side="japan", card=card)
    act(g, "hq jp-hq-south", "unit jp-21-af", "done")
    return g


@pytest.mark.rule("5.31", "12.1")
@pytest.mark.parametrize("card", ["J58", "J59", "J60"])
def test_paratroops_take_a_hex_held_only_by_dutch_regiments(card):
    g = paratroops(card)
    side, prompt, actions = deciding(g)
    assert (side, prompt) == ("japan", "prompt.paratroops")
    assert {"hex 2719", "hex 2517", "none"} <= set(actions)
    assert "hex 2616" not in actions  # the Dutch CA holds it
    act(g, "hex 2719")
    assert forces.at(g, "nl-7-regt") == "eliminated"
    assert forces.control(g, "2719") == "japan"
    assert deciding(g)[1] == "prompt.move"


@pytest.mark.rule("5.31", "7.35")
def test_paratroops_stay_out_of_allied_zoi_and_beyond_air_range():
    g = paratroops("J58", **{"us-feaf": "2620", "us-hq-swpac": "3023"})
    actions = offered(g)
    assert "hex 2719" not in actions  # un-neutralised Allied ZOI (2 hexes from the FEAF)
    assert "hex 2620" not in actions  # the FEAF itself, at Makassar
    assert "hex 2517" in actions
    assert "hex 1813" not in actions  # too far from Jolo
    act(g, "none")
    assert forces.control(g, "2517") == "allied"


# -- #73 Ants (7.47, 9.33) -------------------------------------------------------------------------
@pytest.mark.rule("7.47", "9.33", "5.31")
def test_ants_gives_japan_barges_unless_pt_boats_came_first():
    g = position()
    events.hook("J73", "play")(g, "japan")
    assert g.data["tracks"]["barges"] is True
    g = position(pt_boats=True)
    events.hook("J73", "play")(g, "japan")
    assert g.data["tracks"]["barges"] is False


@pytest.mark.rule("7.47", "5.31")
def test_after_ants_a_3_oc_offensive_may_move_a_ground_unit_by_barge():
    g = position(units={"jp-ss-bde": RABAUL}, japanese=[RABAUL])
    g.data["offensive"] = new_record(g, "japan", "J28", "ec", 4)
    assert not any(m.mode == "barge" for m in movement.moves(g, ["jp-ss-bde"], oc=3).values())
    events.hook("J73", "play")(g, "japan")
    assert any(m.mode == "barge" for m in movement.moves(g, ["jp-ss-bde"], oc=3).values())


# -- #76, #79 raid on the B-29 bases (11.31) -------------------------------------------------------
@pytest.mark.rule("5.31", "11.31")
@pytest.mark.parametrize(("card", "roll", "reduced"), [("J76", 4, True), ("J79", 5, False)])
def test_raid_on_the_b29_bases_costs_a_b29_a_step_on_4_or_less(card, roll, reduced):
    g = position(units={**FLEET, "us-20bc": SAIPAN, "us-21bc": CALCUTTA}, empire=True)
    begin(g, "event", rolls=[roll], side="japan", card=card)
    assert forces.reduced(g, "us-20bc") is reduced
    assert not forces.reduced(g, "us-21bc")  # out of bombing range: not a target
    assert deciding(g)[1] == "prompt.choose_hq"


@pytest.mark.rule("5.31", "11.31", "8.2")
def test_raid_offers_japan_each_b29_in_bombing_position():
    units = {**FLEET, "us-20bc": SAIPAN, "us-21bc": "china"}
    g = position(units=units, empire=True)
    begin(g, "event", rolls=[4], side="japan", card="J76")
    assert deciding(g) == ("japan", "prompt.hit_target", ["hit us-20bc", "hit us-21bc"])
    act(g, "hit us-21bc")
    assert [u for u in ("us-20bc", "us-21bc") if forces.reduced(g, u)] == ["us-21bc"]
    assert deciding(g)[1] == "prompt.choose_hq"


@pytest.mark.rule("5.31", "11.31")
def test_raid_with_no_b29_in_bombing_position_rolls_nothing():
    g = position(units={**FLEET, "us-20bc": CALCUTTA}, empire=True)
    begin(g, "event", rolls=[], side="japan", card="J76")  # a roll would fail: none scripted
    assert not forces.reduced(g, "us-20bc")
    g = position(units={**FLEET, "us-20bc": "china"}, empire=True)
    begin(g, "event", rolls=[0], side="japan", card="J79")
    assert forces.reduced(g, "us-20bc")
