"""The turn-1 events (17.11): Operation Z (#1) and IAI Operation No. 1 (#2), with their special
rules (5.31, 16.44, 4.14).

Hexes: Ominato 3705, 5506 (three hexes north-west of Oahu), Oahu 5808, Enterprise at sea 5609,
Tainan 2909, Aparri 2911, Clark 2812, Manila 2813, Singapore 2015, Saigon 2212, Darwin 3727.
"""

from __future__ import annotations

import math
from dataclasses import asdict

import pytest

from tests.empire_of_the_sun.driver import begin, deciding
from tests.empire_of_the_sun.factory import position
from tests.empire_of_the_sun.test_battle import offensive
from tests.empire_of_the_sun.test_offensives import KAUAI, kauai
from wargame.engine.action import Action
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import GAME, events, forces, movement, offensives, supply
from wargame.games.empire_of_the_sun.battle import (
    defense_of,
    ground_drms,
    ground_fighters,
    participants,
)
from wargame.games.empire_of_the_sun.events_opening import KIDO_BUTAI, NO_ALLIED_ZOI
from wargame.games.empire_of_the_sun.offensives import new_record, special_reaction_hexes

pytestmark = pytest.mark.game("empire-of-the-sun")

OMINATO, LAUNCH_HEX, OAHU, AT_SEA = "3705", "5506", "5808", "5609"
TAINAN, APARRI, CLARK, MANILA, SINGAPORE, SAIGON, DARWIN = (
    "2909", "2911", "2812", "2813", "2015", "2212", "3727",
)  # fmt: skip
CARRIERS = ("jp-cv-akagi", "jp-cv-soryu", "jp-cv-shokaku")
UNITS = GAME.parts.units


@pytest.fixture(scope="module")
def campaign():
    """The campaign as set up: Operation Z under way, waiting for its first decision."""
    return GAME.setup("campaign", 3)


def legal(state, side=None):
    side = side or GAME.active(state)[0]
    return [a.text for a in GAME.legal_actions(state, side)]


def deciding_state(state):
    return GAME.active(state)[0], state.stack[-1].step, legal(state)


def step(state, *preferences):
    """The active side takes the first of ``preferences`` it is offered, else its first option."""
    side = GAME.active(state)[0]
    options = legal(state, side)
    pick = next((p for p in preferences if p in options), options[0])
    return GAME.apply(state, side, Action(pick))


def play_until(state, done, *preferences):
    while not done(state):
        state = step(state, *preferences)
    return state


def strike_force(**more):
    """A position with the striking force at Ominato (supplied by the Combined Fleet HQ) and US
    units at Oahu and at sea; Japan holds its two turn-1 cards."""
    units = {unit: OMINATO for unit in KIDO_BUTAI} | {"jp-hq-cf-yamamoto": "3407"}
    units.update({"us-bb-md-ca": OAHU, "us-7af": OAHU, "us-cv-enterprise": AT_SEA}, **more)
    g = position(units=units, empire=True, turn=1, political_will=0)
    g.data["cards"]["japan"]["hand"] = ["J1", "J2"]
    return g


# -- #1 Operation Z: who sails and where (17.11, 5.31) -------------------------------------------
@pytest.mark.rule("17.11", "5.31")
def test_operation_z_activates_its_striking_force_with_no_hq_and_no_logistics_value(campaign):
    record = campaign.data["offensive"]
    assert (record["card"], record["mode"], record["hq"], record["lv"]) == ("J1", "ec", None, None)
    assert record["activated"] == list(KIDO_BUTAI)
    assert not any(e.key == "log.hq_chosen" for e in campaign.log)  # no HQ, no activation count


@pytest.mark.rule("17.11")
def test_the_striking_force_sails_together_from_ominato_to_5506(campaign):
    record = campaign.data["offensive"]
    assert sorted(record["moved"]) == sorted(KIDO_BUTAI)  # nothing else moves
    for unit in KIDO_BUTAI:
        moved = record["moved"][unit]
        assert campaign.data["units"][unit] == LAUNCH_HEX
        assert moved["from"] == OMINATO and moved["path"][0] == OMINATO
        assert moved["path"][-1] == LAUNCH_HEX and len(moved["path"]) - 1 == 18
    assert GAME.parts.board.distance(LAUNCH_HEX, OAHU) == 3  # the carriers' range


@pytest.mark.rule("17.11")
def test_oahu_is_the_only_target_and_the_us_carriers_at_sea_cannot_be_attacked(campaign):
    record = campaign.data["offensive"]
    board = GAME.parts.board
    enterprise = campaign.data["units"]["us-cv-enterprise"]
    assert enterprise == AT_SEA and board.distance(LAUNCH_HEX, AT_SEA) <= UNITS["jp-cv-akagi"].range
    assert record["battles"] == [OAHU]
    assert record["assigned"] == {cv: OAHU for cv in CARRIERS}
    assert (campaign.stack[-1].name, campaign.stack[-1].step) == ("offensive", "assign")
    assert legal(campaign) == ["done"]  # the declaration is the event's: nothing to add


@pytest.mark.rule("17.11", "4.14", "6.27")
def test_the_allies_cannot_react_to_operation_z(campaign):
    state = step(campaign, "done")
    assert deciding_state(state) == ("allied", "intelligence", ["decline"])
    state = step(state, "decline")
    assert deciding_state(state) == ("allied", "special_reaction", ["done"])
    state = step(state, "done")
    assert deciding_state(state) == ("japan", "battles", [f"battle {OAHU}"])


@pytest.mark.rule("17.11", "8.12", "8.2")
def test_the_carriers_strike_oahu_with_36_and_the_battleship_only_screens_them(campaign):
    """19.0: Pearl Harbor is struck with 12 + 10 + 14 (the three carriers)."""
    state = play_until(
        campaign, lambda s: any(e.key == "log.strike" for e in s.log), "done", "decline"
    )
    (strike,) = [e.params for e in state.log if e.key == "log.strike"]
    assert (strike["side"], strike["hex"], strike["total"]) == ("japan", OAHU, 12 + 10 + 14)


@pytest.mark.rule("17.11")
def test_allied_units_at_oahu_defend_at_half_their_defense_in_operation_z():
    g = position(units={"us-bb-md-ca": OAHU, "us-cv-enterprise": AT_SEA, "jp-cv-akagi": LAUNCH_HEX})
    offensive(g, "japan", mode="ec", card="J1", activated=["jp-cv-akagi"], battles=[OAHU])
    full = {u: defense_of(g, u) for u in ("us-bb-md-ca", "us-cv-enterprise", "jp-cv-akagi")}
    g.state.stack.append(Frame("battle", "exchange", {"hex": OAHU}))
    assert defense_of(g, "us-bb-md-ca") == math.ceil(full["us-bb-md-ca"] / 2)
    assert defense_of(g, "us-cv-enterprise") == full["us-cv-enterprise"]  # not in the target
    assert defense_of(g, "jp-cv-akagi") == full["jp-cv-akagi"]
    g.data["offensive"]["mode"] = "oc"
    assert defense_of(g, "us-bb-md-ca") == full["us-bb-md-ca"]


@pytest.mark.rule("17.11", "16.44", "5.12")
def test_operation_z_sets_political_will_and_takes_only_the_named_ships_in_supply():
    g = strike_force(**{"jp-ca-takao": OMINATO})
    begin(g, "opening_turn")
    assert g.data["tracks"]["political_will"] == 8
    record = g.data["offensive"]
    assert record["activated"] == list(KIDO_BUTAI) and record["battles"] == [OAHU]
    assert g.data["units"]["jp-ca-takao"] == OMINATO  # not part of the striking force
    assert deciding(g) == ("japan", "prompt.assign_none", ["done"])


@pytest.mark.rule("17.11", "5.12")
@pytest.mark.parametrize("where", ["elsewhere", "unsupplied"])
def test_without_the_striking_force_at_ominato_in_supply_operation_z_has_no_battle(where):
    g = strike_force()
    if where == "unsupplied":
        forces.move_to(g, "jp-hq-cf-yamamoto", "eliminated")
    else:
        for unit in KIDO_BUTAI:
            forces.move_to(g, unit, "3706")
    begin(g, "opening_turn")
    record = g.data["offensive"]
    assert record["activated"] == [] and record["battles"] == [] and record["moved"] == {}


# -- #2 IAI Operation No. 1 (17.11) --------------------------------------------------------------
@pytest.mark.rule("17.11", "7.35", "17.25", "5.36")
def test_iai_follows_operation_z_and_suspends_the_allied_air_zoi_until_it_is_over(campaign):
    def at_iai(s):
        return s.stack[-1].name == "offensive" and s.stack[-1].locals["card"] == "J2"

    state = play_until(campaign, at_iai, "done", "decline", "hex 4715")
    assert state.data["cards"]["japan"]["removed"] == ["J1"]
    assert state.stack[-1].locals["lv"] == 20 and NO_ALLIED_ZOI in state.data["lasting"]
    assert not supply.zoi(GAME.context(state)).projected_hexes("allied")
    state = play_until(state, lambda s: s.stack[-1].name == "free_naval_moves", "none", "done")
    assert NO_ALLIED_ZOI not in state.data["lasting"]
    assert supply.zoi(GAME.context(state)).projected_hexes("allied")
    assert state.data["cards"]["japan"]["removed"] == ["J1", "J2"]
    plays = [e.params["card"] for e in state.log if e.key == "log.play_event"]
    assert plays == ["J1", "J2"]


@pytest.mark.rule("17.11", "7.35", "7.45")
def test_without_allied_zoi_an_unescorted_landing_may_go_next_to_an_allied_air_unit():
    g = position(
        units={"jp-14-army": TAINAN, "us-feaf": CLARK, "us-hq-swpac": MANILA}, empire=True, turn=1
    )
    assert f"assault {APARRI}" not in movement.moves(g, ["jp-14-army"], oc=3)  # FEAF's ZOI
    g.data["lasting"].append(NO_ALLIED_ZOI)
    forces.forget_derived(g)
    assert f"assault {APARRI}" in movement.moves(g, ["jp-14-army"], oc=3)


@pytest.mark.rule("17.11", "6.27")
def test_without_allied_zoi_no_special_reaction_is_possible():
    g, _ = kauai()
    assert special_reaction_hexes(g, g.data["offensive"]) == [KAUAI]
    g.data["lasting"].append(NO_ALLIED_ZOI)
    forces.forget_derived(g)
    assert special_reaction_hexes(g, g.data["offensive"]) == []


def iai_moves(group, **units):
    g = position(units={u: TAINAN for u in group} | units, empire=True, turn=1)
    g.data["offensive"] = new_record(g, "japan", "J2", "ec", 20)
    return g, movement.moves(g, group, oc=3), offensives.legal_moves(g, group, g.data["offensive"])


def near_a_japanese_port(g, hex_id):
    board = GAME.parts.board
    ports = [p for p in movement.graph(g).ports if forces.control(g, p) == "japan"]
    return min(board.distance(hex_id, p) for p in ports) <= 5


@pytest.mark.rule("17.11", "7.45")
def test_iai_landings_go_only_within_5_hexes_of_a_japanese_controlled_port():
    g, every, kept = iai_moves(["jp-14-army"])
    assaults = {key: m for key, m in every.items() if m.mode == "assault"}
    far = {key for key, m in assaults.items() if not near_a_japanese_port(g, m.dest)}
    assert far and not far & set(kept)
    coast_defences = {f"assault {MANILA}", f"assault {SINGAPORE}"}  # unescorted here
    assert {key for key in assaults if key not in far} - coast_defences <= set(kept)
    assert {key for key, m in every.items() if m.mode != "assault"} <= set(kept)


@pytest.mark.rule("17.11", "7.45")
@pytest.mark.parametrize("target", [MANILA, SINGAPORE])
def test_iai_landings_at_manila_and_singapore_need_a_naval_escort(target):
    start = {MANILA: TAINAN, SINGAPORE: SAIGON}[target]
    g = position(units={"jp-14-army": start, "jp-ca-takao": start}, empire=True, turn=1)
    g.data["offensive"] = new_record(g, "japan", "J2", "ec", 20)
    alone = offensives.legal_moves(g, ["jp-14-army"], g.data["offensive"])
    escorted = offensives.legal_moves(g, ["jp-14-army", "jp-ca-takao"], g.data["offensive"])
    assert f"assault {target}" in movement.moves(g, ["jp-14-army"], oc=3)
    assert f"assault {target}" not in alone and f"assault {target}" in escorted


def ground_modifier(card, mode, hex_id):
    units = {"jp-14-army": hex_id, "jp-ca-takao": hex_id, "us-r-corps": hex_id}
    g = position(units=units, empire=True, turn=1)
    moved = {"jp-14-army": {"mode": "assault", "from": TAINAN, "path": [TAINAN, hex_id]}}
    offensive(
        g, "japan", "intercept", mode=mode, card=card, battles=[hex_id], moved=moved,
        activated=["jp-14-army", "jp-ca-takao"],
    )  # fmt: skip
    parts = participants(g, hex_id)
    g.state.stack.append(Frame("battle", "ground_combat", {"hex": hex_id, "parts": asdict(parts)}))
    return ground_drms(g, parts, "japan", ground_fighters(g, parts, True))


@pytest.mark.rule("17.11", "8.4")
def test_iai_has_no_shore_bombardment_at_manila_and_singapore():
    for hex_id in (MANILA, SINGAPORE):
        assert ground_modifier("J2", "ec", hex_id) == ground_modifier("J2", "oc", hex_id) - 2
    assert ground_modifier("J2", "ec", APARRI) == ground_modifier("J2", "oc", APARRI)


@pytest.mark.rule("17.11", "8.11", "8.2")
def test_in_iai_every_allied_air_unit_joins_the_nearest_battle_in_its_range():
    units = {
        "jp-14-army": MANILA, "jp-16-army": APARRI, "jp-15-army": SINGAPORE,
        "us-r-corps": MANILA, "us-sl-corps": APARRI, "in-3-corps": SINGAPORE,
        "us-feaf": CLARK, "us-19-lrb": CLARK, "cw-malaya-air": SINGAPORE, "au-air": DARWIN,
    }  # fmt: skip
    g = position(units=units, empire=True, turn=1)
    battles = [APARRI, MANILA, SINGAPORE]
    g.data["offensive"] = {**new_record(g, "japan", "J2", "ec", 20), "battles": battles}
    offensives.event_hooks(g, "before_battles")
    assigned = g.data["offensive"]["assigned"]
    assert assigned == {"us-feaf": APARRI, "us-19-lrb": APARRI}  # equally near: first declared
    assert "us-feaf" in participants(g, APARRI).strikers["allied"]
    assert "us-feaf" not in participants(g, MANILA).strikers["allied"]
    assert "cw-malaya-air" in participants(g, SINGAPORE).strikers["allied"]  # in its battle hex
    joined = [e.params["unit"] for e in g.state.log if e.key == "log.joins_battle"]
    assert joined == ["us-19-lrb", "us-feaf"]


@pytest.mark.rule("17.11")
def test_iai_may_be_played_only_on_turn_1():
    g = position(turn=1)
    g.data["cards"]["japan"]["hand"] = ["J2"]
    assert events.playable(g, "japan", "J2")
    g.data["turn"] = 2
    assert not events.playable(g, "japan", "J2")
