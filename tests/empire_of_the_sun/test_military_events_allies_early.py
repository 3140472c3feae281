"""Allied military events #7 to #38 (5.31): each card's special conditions, on hand-built positions.

Activation rules are read from the units offered once the event's HQ is chosen; battle modifiers
from inside a battle frame of the event's offensive (``battle.event_drm`` / ``event_sum``).
Hexes: Calcutta 1805, Dacca 1905, Manila 2813, Clark Field 2812, Noumea 4828, Oahu 5808, Midway
5108, Tokyo 3706, Tarawa 5018, Attu/Kiska 4600, Rangoon 2008.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.empire_of_the_sun.driver import act, begin, offered
from tests.empire_of_the_sun.factory import position
from tests.empire_of_the_sun.test_battle import offensive
from wargame.engine.procedure import Context
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import events, forces, movement, offensives
from wargame.games.empire_of_the_sun.battle import event_drm, event_sum
from wargame.games.empire_of_the_sun.offensives import activation_candidates, new_record

pytestmark = pytest.mark.game("empire-of-the-sun")

CALCUTTA, DACCA, MANILA, CLARK, NOUMEA, OAHU, MIDWAY = (
    "1805",
    "1905",
    "2813",
    "2812",
    "4828",
    "5808",
    "5108",
)
TOKYO, TARAWA, ATTU, RANGOON = "3706", "5018", "4600", "2008"


def activating(card: str, hq: str, units: dict[str, str], **tracks: Any) -> Context:
    """The Allies play ``card`` as an event and choose ``hq``: the activation step."""
    g = position(units=units, **tracks)
    begin(g, "event", side="allied", card=card)
    act(g, f"hq {hq}")
    return g


def units_offered(g: Context) -> list[str]:
    return sorted(a.removeprefix("unit ") for a in offered(g) if a.startswith("unit "))


def in_battle(g: Context, card: str, hex_id: str, mode: str = "ec") -> None:
    """The card's offensive (an event, or operations) is fighting its battle in ``hex_id``."""
    offensive(g, "allied", "intercept", mode=mode, card=card, battles=[hex_id])
    g.state.stack.append(Frame("battle", "exchange", {"hex": hex_id}))


SWPAC = {
    "us-hq-swpac": MANILA,
    "us-r-corps": MANILA,
    "us-nl-corps": MANILA,
    "us-ca-new-orleans": MANILA,
    "us-feaf": CLARK,
}
SEAC = {
    "cw-hq-seac": CALCUTTA,
    "cw-15-corps": CALCUTTA,
    "cw-ca-exeter": CALCUTTA,
    "cw-seac-air": CALCUTTA,
    "us-10af-lrb": CALCUTTA,
    "cn-5-army": DACCA,
}


# -- activation rules (5.31 D) --------------------------------------------------------------------
NO_NAVAL = {
    "A7": ("cw-hq-seac", SEAC, [], "cw-ca-exeter", "cw-15-corps"),
    "A19": ("us-hq-swpac", SWPAC, [], "us-ca-new-orleans", "us-r-corps"),
    "A38": ("cw-hq-seac", SEAC, ["unit cn-5-army"], "cw-ca-exeter", "cw-15-corps"),
}


@pytest.mark.rule("5.31")
@pytest.mark.parametrize("card", sorted(NO_NAVAL))
def test_stilwell_anakim_and_tarzan_activate_no_naval_units(card):
    hq, units, first, ship, other = NO_NAVAL[card]
    g = activating(card, hq, units)
    act(g, *first)
    assert ship not in units_offered(g) and other in units_offered(g)


@pytest.mark.rule("5.31")
def test_the_same_offensive_for_operations_activates_naval_units():
    g = position(units=SEAC)
    begin(g, "offensive", side="allied", card="A7", mode="oc")
    act(g, "hq cw-hq-seac")
    assert "cw-ca-exeter" in units_offered(g)


@pytest.mark.rule("5.31")
@pytest.mark.parametrize("card", ["A13", "A37"])
def test_watchtower_and_galvanic_activate_at_most_one_ground_unit(card):
    g = activating(card, "us-hq-swpac", SWPAC)
    assert {"us-r-corps", "us-nl-corps"} <= set(units_offered(g))
    act(g, "unit us-r-corps")
    assert units_offered(g) == ["us-ca-new-orleans", "us-feaf"]


@pytest.mark.rule("5.31")
def test_black_day_activates_air_units_only():
    g = activating("A31", "us-hq-swpac", SWPAC)
    assert units_offered(g) == ["us-feaf"]


@pytest.mark.rule("5.31", "7.53")
def test_culverin_activates_only_commonwealth_units_of_its_hq():
    """SEAC may activate US air and Chinese units (7.53); Culverin only Commonwealth ones."""
    g = activating("A34", "cw-hq-seac", SEAC)
    assert units_offered(g) == ["cw-15-corps", "cw-ca-exeter", "cw-seac-air"]
    g = position(units=SEAC)
    begin(g, "offensive", side="allied", card="A34", mode="oc")
    act(g, "hq cw-hq-seac")
    assert {"cn-5-army", "us-10af-lrb"} <= set(units_offered(g))


@pytest.mark.rule("5.31")
def test_operation_ash_takes_the_3rd_new_zealand_division_as_its_only_ground_unit():
    units = {"jt-hq-anzac": NOUMEA, "nz-3-div": NOUMEA, "au-8-div": NOUMEA, "au-air": NOUMEA}
    g = activating("A35", "jt-hq-anzac", units)
    assert units_offered(g) == ["au-air", "nz-3-div"]


@pytest.mark.rule("5.31")
def test_tarzan_must_activate_a_chinese_army_first_when_one_can_be():
    g = activating("A38", "cw-hq-seac", SEAC)
    assert offered(g) == ["unit cn-5-army", "done"]
    act(g, "unit cn-5-army")
    assert units_offered(g) == ["cw-15-corps", "cw-seac-air", "us-10af-lrb"]
    without = {u: h for u, h in SEAC.items() if u != "cn-5-army"}
    g = activating("A38", "cw-hq-seac", without)
    assert units_offered(g) == ["cw-15-corps", "cw-seac-air", "us-10af-lrb"]


@pytest.mark.rule("5.31", "7.53")
def test_lilliput_lets_the_southwest_pacific_hq_activate_australians():
    g = position(units={**SWPAC, "au-8-div": CLARK})
    for card, mode, allowed in (("A25", "ec", True), ("A25", "oc", False), ("A21", "ec", False)):
        g.data["offensive"] = new_record(g, "allied", card, mode, 3)
        g.data["offensive"]["supplied"] = [u for u in (*SWPAC, "au-8-div") if "-hq-" not in u]
        assert ("au-8-div" in activation_candidates(g, "us-hq-swpac")) is allowed


# -- battle modifiers -----------------------------------------------------------------------------
@pytest.mark.rule("5.31", "8.4")
@pytest.mark.parametrize(("card", "drm"), [("A7", 2), ("A29", 1)])
def test_stilwell_and_toenails_add_to_the_allied_ground_combat_roll(card, drm):
    g = position(units={"us-r-corps": RANGOON})
    in_battle(g, card, RANGOON)
    assert event_drm(g, "ground", "allied") == drm
    assert event_drm(g, "air_naval", "allied") == 0 and event_drm(g, "ground", "japan") == 0
    in_battle(g, card, RANGOON, mode="oc")
    assert event_drm(g, "ground", "allied") == 0


@pytest.mark.rule("5.31", "8.4")
def test_galvanic_adds_2_to_allied_ground_combat_on_islands_only():
    g = position()
    in_battle(g, "A37", TARAWA)
    assert event_drm(g, "ground", "allied") == 2
    in_battle(g, "A37", RANGOON)
    assert event_drm(g, "ground", "allied") == 0


@pytest.mark.rule("5.31", "8.2")
def test_cherry_blossom_adds_2_to_the_allied_air_naval_strength_per_us_heavy_cruiser():
    cruisers = {"us-ca-new-orleans": "4511", "us-ca-northampton": "4511", "cw-ca-exeter": "4511"}
    g = position(units=cruisers)
    in_battle(g, "A36", "4511")
    assert event_sum(g, "strength", "air_naval", "allied") == 4  # the British CA does not count
    assert event_sum(g, "strength", "ground", "allied") == 0
    assert event_sum(g, "strength", "air_naval", "japan") == 0


@pytest.mark.rule("5.31", "8.4")
def test_lilliput_takes_1_from_allied_ground_strength_per_us_ground_unit():
    g = position(units={"us-r-corps": RANGOON, "us-p-bde": RANGOON, "au-8-div": RANGOON})
    in_battle(g, "A25", RANGOON)
    assert event_sum(g, "strength", "ground", "allied") == -2
    assert event_sum(g, "strength", "air_naval", "allied") == 0


# -- A9 Olympic and Coronet (9.31) ----------------------------------------------------------------
@pytest.mark.rule("9.31", "5.31")
def test_olympic_and_coronet_gives_4_temporary_asps_to_its_own_offensive():
    g = position(units={"us-hq-cenpac": OAHU, "us-2mar-div": OAHU}, japanese=[MIDWAY], allied_asp=0)
    g.data["offensive"] = new_record(g, "allied", "A9", "ec", 12)
    assert movement.asp_left(g, "allied") == 4 and movement.asp_left(g, "japan") == 7
    assert f"assault {MIDWAY}" in movement.moves(g, ["us-2mar-div"], oc=3)
    g.data["offensive"] = new_record(g, "allied", "A9", "oc", None)
    assert movement.asp_left(g, "allied") == 0
    assert f"assault {MIDWAY}" not in movement.moves(g, ["us-2mar-div"], oc=3)


@pytest.mark.rule("9.31")
@pytest.mark.parametrize(("spent", "used_after"), [(3, 1), (5, 2)])
def test_temporary_asps_spent_are_given_back_once_the_battles_are_over(spent, used_after):
    """The Allies have 2 ASPs, 1 used; A9 spends its 4 temporary ASPs first."""
    g = position(allied_asp=2)
    g.data["asp_used"]["allied"] = 1 + spent
    g.data["offensive"] = {**new_record(g, "allied", "A9", "ec", 12), "asp": spent}
    events.hook("A9", "after_battles")(g)
    assert g.data["asp_used"]["allied"] == used_after
    g.data["offensive"] = None
    assert movement.asp_left(g, "allied") == 2 - used_after


@pytest.mark.rule("5.31")
def test_olympic_and_coronet_requires_a_ground_battle_in_the_home_islands():
    g = position(units={"us-1mar-div": TOKYO, "jp-2-army": TOKYO}, empire=True)
    required = events.hook("A9", "requirement")
    assert required(g, [TOKYO])
    assert not required(g, [MIDWAY])
    forces.move_to(g, "us-1mar-div", "eliminated")  # an air strike on Tokyo is not enough
    assert not required(g, [TOKYO])


IWO_JIMA = "3709"


@pytest.mark.rule("5.31")
@pytest.mark.parametrize(("where", "playable"), [(OAHU, False), (IWO_JIMA, True)])
def test_olympic_and_coronet_is_an_event_only_while_a_ground_unit_could_reach_the_home_islands(
    where, playable
):
    """Marines at Oahu have no move to the Home Islands at OC 3 (15 hexes by sea); at Iwo Jima
    they have: only then may the card be played as an event (a clause it cannot meet)."""
    g = position(
        units={"us-hq-cenpac": where, "us-2mar-div": where, "jp-2-army": TOKYO}, empire=True
    )
    assert events.playable(g, "allied", "A9") is playable


@pytest.mark.rule("5.31")
def test_olympic_and_coronet_units_that_can_fight_in_the_home_islands_must_before_moving_on():
    """A unit able to fight in the Home Islands is activated first; while the required battle
    is not made, the movement may not end and a stack that could make it takes one of the moves
    that do; once made, all are free again."""
    units = {"us-hq-cenpac": IWO_JIMA, "us-2mar-div": IWO_JIMA, "us-7af": IWO_JIMA}
    g = position(units={**units, "jp-2-army": TOKYO}, empire=True, allied_asp=2)
    begin(g, "event", side="allied", card="A9")
    act(g, "hq us-hq-cenpac")
    assert offered(g) == ["unit us-2mar-div"]  # the air unit after it, and no "done" yet
    act(g, "unit us-2mar-div")
    assert "unit us-7af" in offered(g) and "done" in offered(g)
    act(g, "done")
    assert offered(g) == ["unit us-2mar-div"]  # no "done" yet
    act(g, "unit us-2mar-div")
    moves = [a for a in offered(g) if a != "cancel"]
    assert f"assault {TOKYO}" in moves
    home = g.static.board.area("home_islands")
    assert all(a.startswith("assault ") and a.split()[1] in home for a in moves)
    act(g, f"assault {TOKYO}")
    assert offered(g) == ["done"]


@pytest.mark.rule("5.31")
def test_olympic_and_coronet_needs_a_battle_not_an_empty_home_islands_hex():
    """With no Japanese unit or garrison in reach, a landing would make no battle."""
    units = {"us-hq-cenpac": IWO_JIMA, "us-2mar-div": IWO_JIMA}
    assert not events.playable(position(units=units), "allied", "A9")
    assert events.playable(position(units=units, empire=True), "allied", "A9")  # garrisons


# -- A20 Halsey Replaces Ghormley -----------------------------------------------------------------
@pytest.mark.rule("5.31", "7.5")
def test_halsey_replaces_ghormley_for_good_and_commands_the_offensive():
    g = position(units={"us-hq-sopac-ghormley": NOUMEA, "us-hq-cenpac": OAHU})
    assert events.playable(g, "allied", "A20")
    begin(g, "event", side="allied", card="A20")
    assert forces.at(g, "us-hq-sopac-halsey") == NOUMEA
    assert forces.at(g, "us-hq-sopac-ghormley") == "removed"
    assert offered(g) == ["hq us-hq-sopac-halsey", "none"]  # South Pacific HQ only
    assert offensives.activations(g, "us-hq-sopac-halsey") == 3 + 4
    assert not events.playable(position(units={"us-hq-cenpac": OAHU}), "allied", "A20")


# -- A21, A32: plain offensives -------------------------------------------------------------------
@pytest.mark.rule("5.31", "5.12")
@pytest.mark.parametrize(("card", "swpac_lv"), [("A21", 6), ("A32", 7)])
def test_cartwheel_and_reno_ii_are_offensives_with_a_higher_lv_under_the_swpac_hq(card, swpac_lv):
    g = position(units={"us-hq-swpac": MANILA, "us-hq-cenpac": OAHU})
    assert events.implemented(card) and not events.EFFECTS[card]
    begin(g, "event", side="allied", card=card)
    assert offered(g) == ["hq us-hq-cenpac", "hq us-hq-swpac", "none"]  # any HQ
    assert offensives.activations(g, "us-hq-swpac") == 2 + swpac_lv
    assert offensives.activations(g, "us-hq-cenpac") == 3 + 4


# -- A28 Operation Chronicle (12.1) ---------------------------------------------------------------
def chronicle(japanese_left: bool = False) -> Context:
    """Marines landed on Woodlark 4122 (a one-hex island); around it Japan holds the one-hex
    islands Green 4121 (empty), D'Entrecasteaux 4023 (empty), Bougainville 4222 (a Japanese
    brigade there) and the New Britain hex 4022 (not a one-hex island)."""
    units = {"us-1mar-div": "4122", "jp-ss-bde": "4222"}
    if japanese_left:
        units["jp-1-sn-bde"] = "4122"
    g = position(units=units, japanese=["4122", "4121", "4023", "4222", "4022"])
    moved = {"us-1mar-div": {"mode": "assault", "from": "4024", "path": ["4024", "4122"]}}
    g.data["offensive"] = {**new_record(g, "allied", "A28", "ec", 3), "moved": moved}
    return g


@pytest.mark.rule("5.31", "12.1")
def test_chronicle_takes_empty_japanese_islands_next_to_a_landing():
    g = chronicle()
    events.hook("A28", "after_battles")(g)
    assert forces.control(g, "4121") == forces.control(g, "4023") == "allied"
    assert forces.control(g, "4222") == "japan"  # occupied
    assert forces.control(g, "4022") == "japan"  # not a one-hex island


@pytest.mark.rule("5.31")
def test_chronicle_takes_nothing_next_to_a_failed_landing():
    g = chronicle(japanese_left=True)
    events.hook("A28", "after_battles")(g)
    assert forces.control(g, "4121") == "japan"
    g = chronicle()
    g.data["offensive"]["moved"]["us-1mar-div"]["mode"] = "move"  # not a landing
    events.hook("A28", "after_battles")(g)
    assert forces.control(g, "4121") == "japan"


# -- A30 Operation Sandcrab-Cottage ---------------------------------------------------------------
@pytest.mark.rule("5.31")
def test_sandcrab_cottage_needs_japanese_units_in_the_aleutians_and_a_battle_there():
    g = position(units={"us-hq-cenpac": OAHU})
    assert not events.playable(g, "allied", "A30")
    forces.move_to(g, "jp-ss-bde", ATTU)
    assert events.playable(g, "allied", "A30")
    required = events.hook("A30", "requirement")
    assert required(g, [ATTU, MIDWAY]) and not required(g, [MIDWAY])


# -- A33 Quadrant Conference (14.1) ---------------------------------------------------------------
@pytest.mark.rule("14.1", "5.31")
@pytest.mark.parametrize("rivalry", [True, False])
def test_quadrant_conference_ends_us_rivalry_before_its_offensive_or_is_just_an_offensive(rivalry):
    g = position(units=SWPAC, us_isr=rivalry)
    assert events.playable(g, "allied", "A33")
    begin(g, "event", side="allied", card="A33")
    assert g.data["tracks"]["us_isr"] is False
    act(g, "hq us-hq-swpac", "unit us-r-corps")
    assert "us-ca-new-orleans" in units_offered(g)  # Army and Navy together: no rivalry
