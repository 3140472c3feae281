"""After the battles (6.28, 7.21-7.22, 7.31-7.32, 7.45 C, 7.51, 7.55, 8.6-8.62): post-battle
movement, HQ displacement, emergency moves and units stranded away from ports and airfields.

Hexes: Oahu 5808, Kauai 5708, Midway 5108, Wake 4612, Manila 2813, Clark Field 2812, Samar/Leyte
3014, Soerabaja 2220, Singapore 2015, Port Moresby 3823.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.empire_of_the_sun.driver import act, begin, deciding, offered
from tests.empire_of_the_sun.factory import components, position
from wargame.engine.procedure import Context
from wargame.games.empire_of_the_sun import GAME, forces
from wargame.games.empire_of_the_sun.offensives import catch_unescorted_landings, new_record
from wargame.games.empire_of_the_sun.post_battle import (
    displace_hqs,
    emergency_units,
    may_move_after_battle,
)

pytestmark = pytest.mark.game("empire-of-the-sun")

BOARD = components().board
OAHU, KAUAI, MIDWAY, WAKE = "5808", "5708", "5108", "4612"
MANILA, CLARK, SAMAR, SOERABAJA, SINGAPORE = "2813", "2812", "3014", "2220", "2015"
SEA = "5707"  # open ocean next to Kauai and Oahu


def offensive(g: Context, side: str, oc: int = 3, **fields: Any) -> dict[str, Any]:
    card = "J10" if side == "japan" else "A21"
    record = new_record(g, side, card, "oc", None)
    record.update(oc=oc, **fields)
    g.data["offensive"] = record
    return record


def reaction(**fields: Any) -> dict[str, Any]:
    found: dict[str, Any] = {"side": "allied", "activated": [], "moved": {}, "asp": 0}
    found.update(fields)
    return found


def landed(start: str, here: str) -> dict[str, Any]:
    return {"mode": "assault", "from": start, "path": [start, here]}


# -- who moves after battle (8.6) --------------------------------------------------------------
@pytest.mark.rule("8.6", "8.62", "7.45")
def test_activated_air_and_naval_units_and_beaten_landings_move_after_battle():
    g = position(
        units={
            "jp-21-af": "4715",
            "jp-ca-takao": SEA,
            "jp-ss-bde": KAUAI,  # landed, lost: Kauai is still Allied
            "jp-3-sn-bde": MIDWAY,  # landed and won
            "jp-14-army": "4715",  # did not move
            "jp-22-af": "4816",  # moved strategically: no post-battle move
            "jp-cv-akagi": "4715",  # not activated
            "us-1mar-div": KAUAI,
        },
        japanese=[MIDWAY, "4715", "4816"],
    )
    offensive(
        g,
        "japan",
        activated=["jp-21-af", "jp-ca-takao", "jp-ss-bde", "jp-3-sn-bde", "jp-14-army", "jp-22-af"],
        moved={
            "jp-ss-bde": landed("5506", KAUAI),
            "jp-3-sn-bde": landed("5009", MIDWAY),
            "jp-22-af": {"mode": "strategic", "from": "4715", "path": ["4715", "4816"]},
        },
    )
    assert may_move_after_battle(g, "japan") == ["jp-21-af", "jp-ca-takao", "jp-ss-bde"]
    assert may_move_after_battle(g, "allied") == []  # no reaction


@pytest.mark.rule("8.6", "8.61", "6.28")
def test_the_reaction_player_moves_first_then_the_offensive_player_each_unit_once():
    g = position(
        units={"jp-cv-akagi": SEA, "us-7af": OAHU, "us-ca-new-orleans": SEA},
        japanese=["4715"],
    )
    offensive(
        g,
        "japan",
        activated=["jp-cv-akagi"],
        reaction=reaction(activated=["us-7af", "us-ca-new-orleans"]),
    )
    begin(g, "post_battle", side="japan")
    assert deciding(g) == ("allied", "prompt.post_battle",
                           ["unit us-7af", "unit us-ca-new-orleans", "done"])  # fmt: skip
    act(g, "unit us-ca-new-orleans")
    side, prompt, actions = deciding(g)
    assert (side, prompt) == ("allied", "prompt.post_battle_to")
    assert "hex 5808" in actions and "stay" in actions
    act(g, "hex 5808")
    assert forces.at(g, "us-ca-new-orleans") == OAHU
    assert offered(g) == ["unit us-7af", "done"]
    act(g, "unit us-7af", "stay")
    assert offered(g) == ["done"]
    act(g, "done")
    assert deciding(g)[0] == "japan"
    assert offered(g) == ["unit jp-cv-akagi", "done"]
    act(g, "done")
    assert g.state.result is not None


@pytest.mark.rule("7.45", "8.62")
@pytest.mark.parametrize("zoi", [False, True])
def test_a_beaten_landing_must_withdraw_like_a_naval_unit_and_cannot_stay(zoi):
    """7.45 C: with OC 2 the SS Brigade, beaten on Kauai, withdraws to Japanese Midway (6 hexes)
    or the other Japanese coastal hex in reach; it may not stay, nor may Japan end its
    post-battle movement before it has gone. Caught in the ZOI of the 7th AF on Oahu, it may
    cross that ZOI on its way out (8.62)."""
    air = {"us-hq-cenpac": OAHU, "us-7af": OAHU} if zoi else {}
    g = position(
        units={"jp-ss-bde": KAUAI, "us-1mar-div": KAUAI, **air},
        japanese=[MIDWAY, "4713"],
    )
    offensive(g, "japan", oc=2, activated=["jp-ss-bde"],
              moved={"jp-ss-bde": landed("5506", KAUAI)})  # fmt: skip
    begin(g, "post_battle", side="japan")
    act(g, "done")  # the Allies have nothing to move
    assert offered(g) == ["unit jp-ss-bde"]  # no "done" yet
    act(g, "unit jp-ss-bde")
    assert offered(g) == ["hex 5108", "hex 4713"]
    act(g, "hex 5108")
    assert forces.at(g, "jp-ss-bde") == MIDWAY
    assert offered(g) == ["done"]


@pytest.mark.rule("7.45", "8.62")
def test_a_beaten_landing_that_cannot_reach_a_friendly_coastal_hex_is_eliminated():
    """With OC 1 (5 hexes) there is no Japanese coastal hex in reach of Kauai."""
    g = position(units={"jp-ss-bde": KAUAI, "us-1mar-div": KAUAI}, japanese=[MIDWAY])
    offensive(g, "japan", oc=1, activated=["jp-ss-bde"],
              moved={"jp-ss-bde": landed("5506", KAUAI)})  # fmt: skip
    begin(g, "post_battle", side="japan")
    act(g, "done", "unit jp-ss-bde")
    assert offered(g) == ["eliminate"]
    act(g, "eliminate")
    assert forces.at(g, "jp-ss-bde") == "eliminated"
    assert offered(g) == ["done"]


def caught_at_kauai(*escort: str) -> Context:
    """Japan landed the 14th Army and the SS Brigade on Kauai from 5506 (with ``escort``);
    the Allied reaction then sailed the New Orleans from Oahu into Kauai. The brigade is
    reduced."""
    units = {"jp-14-army": KAUAI, "jp-ss-bde": KAUAI, "us-ca-new-orleans": KAUAI}
    g = position(units={**units, **dict.fromkeys(escort, KAUAI)}, japanese=[MIDWAY, "4713"])
    forces.set_reduced(g, "jp-ss-bde", True)
    landers = ["jp-14-army", "jp-ss-bde", *escort]
    offensive(g, "japan", oc=2, activated=landers, battles=[KAUAI],
              moved={u: landed("5506", KAUAI) for u in landers})  # fmt: skip
    sailed = {"mode": "move", "from": OAHU, "path": [OAHU, KAUAI]}
    g.data["offensive"]["reaction"] = reaction(
        activated=["us-ca-new-orleans"], moved={"us-ca-new-orleans": sailed}
    )
    return g


@pytest.mark.rule("7.45")
def test_reacting_ships_that_reach_an_unescorted_landing_cancel_it_as_a_lost_battle():
    """7.45 B: each landed unit loses a step (the reduced brigade is gone), there is no battle
    left at Kauai, and the 14th Army must withdraw by sea after the battles (7.45 C)."""
    g = caught_at_kauai()
    catch_unescorted_landings(g, g.data["offensive"])
    assert forces.reduced(g, "jp-14-army") and forces.at(g, "jp-14-army") == KAUAI
    assert forces.at(g, "jp-ss-bde") == "eliminated"
    assert g.data["offensive"]["battles"] == []
    caught = [e.params["unit"] for e in g.state.log if e.key == "log.landing_caught"]
    assert caught == ["jp-14-army", "jp-ss-bde"]
    assert may_move_after_battle(g, "japan") == ["jp-14-army"]
    begin(g, "post_battle", side="japan")
    act(g, "done", "unit jp-14-army")
    assert "stay" not in offered(g) and "hex 5108" in offered(g)


@pytest.mark.rule("7.45")
def test_a_landing_escorted_by_a_ship_of_its_stack_is_not_cancelled_by_reacting_ships():
    g = caught_at_kauai("jp-ca-takao")
    catch_unescorted_landings(g, g.data["offensive"])
    assert not forces.reduced(g, "jp-14-army") and forces.at(g, "jp-ss-bde") == KAUAI
    assert g.data["offensive"]["battles"] == [KAUAI]
    assert "caught" not in g.data["offensive"]["moved"]["jp-14-army"]


# -- HQ displacement (7.55, 7.51) --------------------------------------------------------------
@pytest.mark.rule("7.55")
def test_an_hq_in_a_hex_the_enemy_took_returns_next_turn_a_dotted_one_never():
    g = position(
        units={"us-hq-swpac": MANILA, "cw-hq-malaya": SINGAPORE, "jp-hq-south": "2212"},
        japanese=[MANILA, SINGAPORE],
        empire=True,
        turn=3,
    )
    offensive(g, "japan")
    displace_hqs(g)
    assert forces.at(g, "us-hq-swpac") == "turn:4"
    assert g.data["returning"].get("us-hq-swpac")
    assert forces.at(g, "cw-hq-malaya") == "removed"  # ABDA and Malaya carry the dot
    assert forces.at(g, "jp-hq-south") == "2212"
    assert [e.params["unit"] for e in g.state.log if e.key == "log.hq_displaced"] == [
        "cw-hq-malaya",
        "us-hq-swpac",
    ]


@pytest.mark.rule("7.51", "7.55")
def test_one_hq_per_hex():
    g = position(units={"us-hq-swpac": OAHU, "us-hq-cenpac": OAHU})
    offensive(g, "japan")
    displace_hqs(g)
    on_map = [u for u in ("us-hq-swpac", "us-hq-cenpac") if forces.on_map(forces.at(g, u))]
    assert len(on_map) == 1


# -- emergency moves (7.22, 7.32) --------------------------------------------------------------
@pytest.mark.rule("7.22")
def test_ships_in_a_hex_the_enemy_took_go_to_a_friendly_port_within_10_hexes():
    """The Philippine example: US CA Asia at Leyte may be placed in Soerabaja 2220."""
    g = position(units={"us-ca-us-asia": SAMAR}, japanese=[SAMAR])
    offensive(g, "japan")
    assert emergency_units(g) == ["us-ca-us-asia"]
    begin(g, "offensive_end", side="japan")
    side, prompt, actions = deciding(g)
    assert (side, prompt) == ("allied", "prompt.emergency")
    assert "hex 2220" in actions
    assert all(BOARD.distance(SAMAR, a.split()[1]) <= 10 for a in actions)
    assert all(BOARD.port(a.split()[1]) for a in actions)
    act(g, "hex 2220")
    assert forces.at(g, "us-ca-us-asia") == SOERABAJA
    assert g.state.result is not None  # no more emergency moves: the offensive is over


@pytest.mark.rule("7.32")
def test_the_wake_example_air_with_no_friendly_airfield_in_range_is_eliminated():
    """Japan takes Wake with the Marine air unit alive: no friendly airfield within 4 hexes. A
    range-6 LRB there would go to Midway."""
    g = position(units={"us-vmf-211": WAKE, "us-7af-lrb": WAKE}, empire=True,
                 japanese=[WAKE, "4415", "4715", "4815", "4716", "4816"])  # fmt: skip
    offensive(g, "japan")
    begin(g, "offensive_end", side="japan")
    assert deciding(g) == ("allied", "prompt.emergency", ["hex 5108"])  # the LRB first
    act(g, "hex 5108")
    assert deciding(g) == ("allied", "prompt.emergency_lost", ["eliminate"])
    act(g, "eliminate")
    assert forces.at(g, "us-vmf-211") == "eliminated"
    assert forces.at(g, "us-7af-lrb") == MIDWAY


@pytest.mark.rule("7.21", "7.22")
def test_the_offensive_s_own_ships_left_in_an_enemy_port_are_lost_not_placed():
    """7.22 places inactive ships caught in a hex the enemy takes; an activated ship that ends
    the offensive outside a friendly port is lost (7.21)."""
    g = position(units={"jp-ca-takao": MANILA, "us-r-corps": MANILA}, empire=True)
    offensive(g, "japan", activated=["jp-ca-takao"])
    assert emergency_units(g) == []
    begin(g, "offensive_end", side="japan")
    assert forces.at(g, "jp-ca-takao") == "eliminated"


# -- stranded units (7.21, 7.31) ---------------------------------------------------------------
@pytest.mark.rule("7.21", "7.31", "8.61")
def test_units_away_from_a_friendly_port_or_airfield_are_lost_when_the_offensive_ends():
    g = position(
        units={
            "jp-ca-takao": SEA,  # at sea: lost
            "jp-cv-akagi": "4715",  # in a Japanese port: safe
            "jp-21-af": "4715",  # at a Japanese airfield: safe
            "jp-ca-aoba": SEA,  # not activated: not this offensive's business
            "us-ca-new-orleans": SEA,  # a reacting ship at sea: lost
            "us-7af": OAHU,  # reacting air at a friendly airfield: safe
        },
        japanese=["4715"],
    )
    offensive(
        g,
        "japan",
        activated=["jp-ca-takao", "jp-cv-akagi", "jp-21-af"],
        reaction=reaction(activated=["us-ca-new-orleans", "us-7af"]),
    )
    begin(g, "offensive_end", side="japan")
    lost = sorted(u for u, at in g.data["units"].items() if at == "eliminated")
    assert lost == ["jp-ca-takao", "us-ca-new-orleans"]
    assert [e.params["unit"] for e in g.state.log if e.key == "log.stranded"] == lost
    assert forces.at(g, "jp-ca-aoba") == SEA


@pytest.mark.rule("7.31", "7.32")
def test_air_units_caught_by_the_enemy_move_out_and_air_units_without_an_airfield_are_lost():
    """The reacting 5th AF at Clark Field, now Japanese, makes an emergency move (7.32); a
    Japanese air unit in a Japanese hex without an airfield (Batan, 2910) is lost (7.31)."""
    g = position(units={"jp-21-af": "2910", "us-5af": CLARK}, japanese=[CLARK, "2910"])
    offensive(g, "japan", reaction=reaction(activated=["us-5af"]), activated=["jp-21-af"])
    begin(g, "offensive_end", side="japan")
    side, prompt, actions = deciding(g)
    assert (side, prompt) == ("allied", "prompt.emergency") and "hex 2813" in actions
    act(g, "hex 2813")
    assert forces.at(g, "us-5af") == MANILA
    assert forces.at(g, "jp-21-af") == "eliminated"


# -- what staying away from a base costs, told before it is chosen (7.21, 7.31) ---------------
def consequences_of(g: Context, text: str) -> list[tuple[str, str, dict[str, Any]]]:
    from wargame.engine.procedure import current_decision

    choices = current_decision(g).sides[deciding(g)[0]]
    note = GAME.notes(choices).get(text) or {}
    return [(c["rule"], c["key"], c["params"]) for c in note.get("consequences", [])]


@pytest.mark.rule("7.21", "7.31", "8.6")
def test_staying_or_ending_away_from_a_base_is_told_and_is_what_the_offensive_end_does():
    """The Kavieng case of issue 14 after the battle: the carrier's post-battle choices say
    which of them leave it away from a friendly port, and so does "done" while it has not
    moved; the offensive's end then eliminates exactly the units so told."""
    g = position(units={"jp-cv-akagi": SEA, "us-1mar-div": KAUAI}, japanese=[OAHU])
    offensive(g, "japan", oc=2, activated=["jp-cv-akagi"])
    begin(g, "post_battle", side="japan")
    act(g, "done")  # the Allies have nothing to move
    assert consequences_of(g, "done") == [
        ("7.21", "consequence.stranded_left", {"units": ["jp-cv-akagi"]})
    ]
    act(g, "unit jp-cv-akagi")
    assert consequences_of(g, "stay") == [("7.21", "consequence.stranded_ship", {"hex": SEA})]
    assert offered(g) == ["hex 5808", "stay"]
    assert consequences_of(g, "hex 5808") == []  # Oahu: a friendly port
    words = GAME.catalog.render("consequence.stranded_left", {"units": ["jp-cv-akagi"]}, "en")
    assert words.endswith("is away from a friendly base: eliminated when the offensive ends")
    act(g, "stay", "done")
    g.state.result = None  # the test's host ended the game with post_battle: go on to the end
    begin(g, "offensive_end", side="japan")
    assert forces.at(g, "jp-cv-akagi") == "eliminated"
