"""The odds of a ground battle to come, as the bots' evaluation reads them (battle_odds.py):
the battle's procedure (8.4, Table T4) counted over every pair of rolls, and the risk to an
unescorted landing (7.45 B)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from wargame.engine.state import State, clone
from wargame.games import REGISTRY
from wargame.games.empire_of_the_sun import battle_odds, offensives
from wargame.games.empire_of_the_sun.battle_odds import Fighter, GroundBattle, steps_lost

pytestmark = pytest.mark.game("empire-of-the-sun")
GAME = REGISTRY.game("empire-of-the-sun")
BANGKA, NEXT_TO_BANGKA = "2017", "2018"
ARMY, REDUCED_ARMY, CORPS = Fighter(18, 12, 2), Fighter(9, 12, 1), Fighter(12, 10, 2)


def ratings() -> tuple[Fraction, ...]:
    return battle_odds.table_ratings(GAME.context(GAME.setup("1942", 31)))


def test_hits_reduce_every_full_unit_before_any_is_eliminated() -> None:
    # 8.2 F 2-3 (8.4 B): 30 hits reduce the two defence-12 units; the 6 left cannot reduce the
    # defence-18 one, so no reduced unit is eliminated and the hits are lost.
    units = (Fighter(9, 12, 2), Fighter(9, 12, 2), Fighter(9, 18, 2))
    assert steps_lost(30, units) == (2, True)
    assert steps_lost(48, units) == (3, True)
    assert steps_lost(48 + 12, units) == (4, True)


def test_a_landing_attacker_loses_steps_at_half_its_defence() -> None:
    # 8.4 B: OP units that came by amphibious assault have their defence halved (round up).
    assert steps_lost(6, (ARMY,)) == (0, True)
    assert steps_lost(6, (ARMY,), halved=True) == (1, True)
    assert steps_lost(12, (ARMY,), halved=True) == (2, False)


def test_an_undefended_hex_falls_to_any_attacker_and_none_takes_it_alone() -> None:
    table = ratings()
    assert battle_odds.attacker_wins(GroundBattle((REDUCED_ARMY,), (), 0, 0, True), table) == 1
    assert battle_odds.attacker_wins(GroundBattle((), (CORPS,), 0, 0, False), table) == 0


def test_a_lone_reduced_army_landing_on_a_held_hex_is_a_poor_bet_and_numbers_help() -> None:
    # The landing seen in a lost game (35th Army on Manila's R Corps): +3 to the defender that
    # held the hex, the attacker's defence halved.
    table = ratings()
    lone = battle_odds.attacker_wins(GroundBattle((REDUCED_ARMY,), (CORPS,), 0, 3, True), table)
    assert lone < 0.2
    three = (ARMY, ARMY, REDUCED_ARMY)
    massed = battle_odds.attacker_wins(GroundBattle(three, (CORPS,), 0, 3, True), table)
    assert massed > 0.8
    overland = battle_odds.attacker_wins(
        GroundBattle((REDUCED_ARMY,), (CORPS,), 0, 0, False), table
    )
    assert lone < overland


def landing(state: State, units: list[str], *, escort: str | None = None) -> State:
    """``state`` in a Japanese offensive whose ``units`` (and ``escort``) came ashore at Bangka
    by amphibious assault from the hex beside it, before the intelligence roll."""
    landed = clone(state)
    g = GAME.context(landed)
    offensive = offensives.new_record(g, "japan", "J47", "oc", None)
    path = [NEXT_TO_BANGKA, BANGKA]
    for unit_id in [*units, *([escort] if escort else [])]:
        landed.data["units"][unit_id] = BANGKA
        offensive["moved"][unit_id] = {"mode": "assault", "from": NEXT_TO_BANGKA, "path": path}
    landed.data["offensive"] = offensive
    return landed


def chance(state: State) -> float:
    g = GAME.context(state)
    return battle_odds.take_chance(g, BANGKA, "japan", GAME.strategy.forces(g).support_at)


def test_an_unescorted_landing_within_reach_of_enemy_ships_is_likelier_to_fail() -> None:
    # 7.45 B: enemy ships that end a reaction move in the hex of an unescorted assault cancel
    # it. Bangka held by an Australian corps, a British carrier 3 hexes off.
    state = GAME.setup("1942", 31)
    units = state.data["units"]
    for unit_id in units:
        if (
            unit_id.startswith(("us-", "cw-", "au-", "nl-"))
            and GAME.parts.units[unit_id].unit_class == "naval"
        ):
            units[unit_id] = "delayed"  # no Allied ship on the map but the one placed below
    units["au-2-corps"], units["cw-cv-indomitable"] = BANGKA, "2020"
    armies = ["jp-14-army", "jp-38-army"]  # both at full strength
    unescorted = landing(state, armies)
    escorted = landing(state, armies, escort="jp-bb-nagato")
    assert chance(unescorted) < chance(escorted)
    far = clone(unescorted)
    far.data["units"]["cw-cv-indomitable"] = "delayed"
    assert chance(unescorted) < chance(far)
    rolled = clone(unescorted)
    rolled.data["offensive"]["rolled"] = True  # a Surprise: no reaction is coming
    assert chance(rolled) == pytest.approx(chance(far))
