"""Amphibious assaults and what the enemy's ships and aircraft do to them (7.45 B): only a
carrier moving with the landing lets it into or out of un-neutralised enemy air ZOI (other ships
do not), and ships reacting into the hex of a landing no ship escorted cancel it.

Hexes: Singapore 2015, 2014 (coastal Malaya), 2018 (sea east of Malaya).
"""

from __future__ import annotations

import pytest

from tests.empire_of_the_sun.driver import act, resume
from tests.empire_of_the_sun.factory import position
from tests.empire_of_the_sun.test_movement import zoi_in
from tests.empire_of_the_sun.test_offensives import KAUAI, OAHU, kauai
from wargame.games.empire_of_the_sun import battle, forces, movement, offensives

pytestmark = pytest.mark.game("empire-of-the-sun")


@pytest.mark.rule("7.45", "7.35")
def test_a_landing_escorted_by_a_battleship_still_may_not_enter_or_leave_enemy_zoi(monkeypatch):
    zoi_in(monkeypatch, blocked=["2015"])
    g = position(units={"au-8-div": "2014", "cw-bb-force-z": "2014"})
    assert "assault 2015" not in movement.moves(g, ["au-8-div", "cw-bb-force-z"], oc=1)
    zoi_in(monkeypatch, blocked=["2014"])
    landings = movement.moves(g, ["au-8-div", "cw-bb-force-z"], oc=1)
    assert not [k for k in landings if k.startswith("assault")]
    g = position(units={"au-8-div": "2014", "cw-bb-force-z": "2014", "cw-cv-indomitable": "2014"})
    stack = ["au-8-div", "cw-bb-force-z", "cw-cv-indomitable"]
    assert any(k.startswith("assault") for k in movement.moves(g, stack, oc=1))


@pytest.mark.rule("7.45", "6.27", "6.26")
def test_a_cruiser_reacting_into_kauai_cancels_the_unescorted_landing_but_not_the_carriers_battle():
    """The 6.27 example: the SS Brigade landed on Kauai by itself (Akagi sailed there on its
    own). The Allies win a special reaction and sail the New Orleans from Oahu into Kauai: the
    brigade loses a step and stays out of the battle, which Akagi still fights."""
    g, moves = kauai(**{"us-ca-new-orleans": OAHU})
    resume(g, "special_reaction", "japan", "J10", rolls=[5], **moves)
    act(g, "try 5708", "done", "hq us-hq-cenpac", "unit us-ca-new-orleans", "done")
    act(g, "unit us-ca-new-orleans", "hex 5708", "done")
    offensive = g.data["offensive"]
    assert forces.reduced(g, "jp-ss-bde") and offensive["moved"]["jp-ss-bde"]["caught"]
    assert offensive["battles"] == [KAUAI]
    parts = battle.participants(g, KAUAI)
    assert parts.ground["japan"] == [] and parts.strikers["japan"] == ["jp-cv-akagi"]


@pytest.mark.rule("7.45")
def test_a_landing_caught_where_no_battle_was_to_be_fought_loses_its_step_all_the_same():
    """A greedy-bot game (setup seed 1) landed an army unescorted on a hex with no enemy in
    it; a US carrier's reaction ended there. The landing is caught; the hex was no battle hex
    and stays none (the program once tried to take it off the list of battles)."""
    g = position(units={"jp-37-army": "2014", "us-cv-wasp": "2014"})
    landing = {"mode": "assault", "from": "2915", "path": ["2915", "2916", "2014"]}
    reaction = {"us-cv-wasp": {"mode": "move", "from": "2114", "path": ["2114", "2014"]}}
    offensive = {"moved": {"jp-37-army": landing}, "reaction": {"moved": reaction}, "battles": []}
    offensives.catch_unescorted_landings(g, offensive)
    assert offensive["moved"]["jp-37-army"]["caught"]
    assert forces.reduced(g, "jp-37-army")
    assert offensive["battles"] == []
