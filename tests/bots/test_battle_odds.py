"""The odds of a ground battle to come, as the bots' evaluation reads them (battle_odds.py):
the battle's procedure (8.4, Table T4) counted over every pair of rolls, and the risk to an
unescorted landing (7.45 B)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from wargame.engine.state import State, clone
from wargame.games import REGISTRY
from wargame.games.empire_of_the_sun import battle_odds, offensives
from wargame.games.empire_of_the_sun.battle_odds import Fighter, GroundBattle, steps_lost
from wargame.games.empire_of_the_sun.strategy import battle_losses

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
    return battle_odds.take_chance(g, BANGKA, "japan")


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


AIR = battle_odds.Target(10, 5, 10, 2)
GROUND_ARMY = battle_odds.Target(18, 9, 12, 2, ground=True)
AT_ONCE = (("op", "rp"),)


def op_wins_air_naval(op: battle_odds.Force, rp: battle_odds.Force) -> float:
    table = battle_odds.air_naval_ratings(GAME.context(GAME.setup("1942", 31)))
    fight = battle_odds.AirNavalBattle(op, rp, (), (), 0, 0, AT_ONCE)
    outcomes = battle_odds.air_naval_outcomes(fight, table)
    return sum(chance for chance, outcome in outcomes if outcome.op_won)


def test_the_air_naval_stage_goes_to_the_stronger_side_far_more_than_its_share() -> None:
    # 8.2-8.3: hits in proportion to the attack, the higher surviving attack wins, ties to the
    # RP. Two air units against three never win it (a share of 40 %), three against three
    # sometimes, and the order of fire counts: a Surprise strikes first (8.2 D).
    assert op_wins_air_naval((AIR, AIR), (AIR, AIR, AIR)) == 0
    even = op_wins_air_naval((AIR, AIR, AIR), (AIR, AIR, AIR))
    assert 0.1 < even < 0.5
    table = battle_odds.air_naval_ratings(GAME.context(GAME.setup("1942", 31)))
    first = battle_odds.AirNavalBattle((AIR,) * 3, (AIR,) * 3, (), (), 0, 0, (("op",), ("rp",)))
    surprise = sum(c for c, o in battle_odds.air_naval_outcomes(first, table) if o.op_won)
    assert surprise > even


def test_air_naval_hits_fall_on_the_ground_units_of_a_side_that_does_not_fly() -> None:
    # 8.2 F5: the side with no air or naval unit takes the hits on its ground units, never on
    # the last ground step in the hex.
    assert battle_odds.allocate(100, (GROUND_ARMY,)) == (replace(GROUND_ARMY, steps=1),)
    two = battle_odds.allocate(100, (GROUND_ARMY, GROUND_ARMY))
    assert [t.steps for t in two] == [1]
    # full units flipped, weakest first, before a reduced one goes (8.2 F2-F3)
    weak = replace(AIR, defence=6)
    assert [t.steps for t in battle_odds.allocate(16, (AIR, weak))] == [1, 1]
    assert [t.steps for t in battle_odds.allocate(12, (AIR, weak))] == [2, 1]


SHIP = battle_odds.Target(16, 8, 12, 2, here=True, ship_here=True)
DISTANT_AIR = replace(AIR, flies=True)


def test_flyers_striking_from_range_are_hit_only_one_for_one_with_the_hitters_flyers() -> None:
    # 8.2 F4: a fleet with no flyer cannot touch aircraft striking from range, and while such a
    # unit stays full no reduced unit is eliminated (F2): 100 hits only flip the destroyer.
    destroyer = replace(SHIP, defence=4, steps=2)
    left = battle_odds.allocate(100, (DISTANT_AIR, destroyer), (SHIP, SHIP))
    assert [t.steps for t in left] == [2, 1]
    assert [t.steps for t in battle_odds.allocate(100, (DISTANT_AIR, destroyer))] == []
    # one flyer of the hitter's matches one of the two distant flyers
    left = battle_odds.allocate(100, (DISTANT_AIR, DISTANT_AIR), (replace(AIR, flies=True),))
    assert [t.steps for t in left] == [1, 2]
    # flyers in the battle hex with the hitter's ships there are exposed to them
    exposed = replace(DISTANT_AIR, here=True)
    assert battle_odds.allocate(100, (exposed, exposed), (SHIP, SHIP)) == ()


def test_a_fleet_without_flyers_never_wins_the_stage_against_enemy_aircraft() -> None:
    # 8.3: where the RP still has air or carrier units and the OP none, the RP wins, whatever
    # the attack; with a carrier of its own the same fleet wins most of the time.
    fleet = (SHIP,) * 4
    assert op_wins_air_naval(fleet, (DISTANT_AIR,)) == 0
    carrier = replace(SHIP, flies=True)
    assert op_wins_air_naval((*fleet, carrier), (DISTANT_AIR,)) > 0.5


ALLIED_FLYERS = ("us-avg", "cw-fe-air", "us-5af-lrb")


def into_rangoon(unit_id: str, start: str, allied_flyers: tuple[str, ...], *, corps: bool) -> State:
    """A Japanese offensive whose ``unit_id`` moved from ``start`` into Rangoon, held by the
    Indian division of Burma (with the XV Corps if ``corps``) and ``allied_flyers`` of
    ALLIED_FLYERS."""
    state = GAME.setup("1942", 31)
    units = state.data["units"]
    if corps:
        units["cw-15-corps"] = "2008"
    for flyer in ALLIED_FLYERS:
        units[flyer] = "2008" if flyer in allied_flyers else "delayed"
    g = GAME.context(state)
    offensive = offensives.new_record(g, "japan", "J47", "oc", None)
    units[unit_id] = "2008"
    offensive["moved"][unit_id] = {"mode": "move", "from": start, "path": [start, "2008"]}
    offensive["activated"] = [unit_id]
    state.data["offensive"] = offensive
    return state


def rangoon(with_allied_air: bool) -> float:
    """The 38th Army alone overland into Rangoon held by the Indian division of Burma and the
    XV Corps, with or without Allied aircraft in the hex."""
    flyers = ALLIED_FLYERS if with_allied_air else ()
    state = into_rangoon("jp-38-army", "2109", flyers, corps=True)
    return battle_odds.take_chance(GAME.context(state), "2008", "japan")


def test_an_army_marching_under_enemy_aircraft_is_shot_at_before_its_ground_combat() -> None:
    # 8.2 F5, 8.32: with no aircraft of its own the army takes the air-naval hits, then fights
    # the ground combat reduced. (Read from the ground units alone, the odds were the same.)
    assert rangoon(with_allied_air=True) < rangoon(with_allied_air=False) - 0.1


def test_a_one_step_unit_strikes_with_its_attack() -> None:
    # A one-step unit (no reduced side: the Dutch regiments, 8.2 F2) keeps its printed attack.
    g = GAME.context(GAME.setup("1942", 31))
    (regiment,) = battle_odds.targets(g, ["nl-1-regt"], "2008", ground=True)
    assert regiment.steps == 1
    assert regiment.fighter().attack == GAME.parts.units["nl-1-regt"].attack > 0


def strike_on_rangoon(allied_flyers: tuple[str, ...]) -> State:
    """A Japanese offensive whose 22nd Air Flotilla flew into Rangoon, held by the Indian
    division of Burma with ``allied_flyers``."""
    return into_rangoon("jp-22-af", "2212", allied_flyers, corps=False)


def test_an_air_strike_on_stronger_flyers_costs_the_striker_strength_before_it_is_fought() -> None:
    # 8.2: the battle to come counts in each side's strength as the losses it is set to take:
    # the AVG alone cannot hurt the flotilla (6 attack against a defence of 10), three flyers can.
    lone = battle_losses(GAME.context(strike_on_rangoon(("us-avg",))))
    three = battle_losses(GAME.context(strike_on_rangoon(ALLIED_FLYERS)))
    assert lone["japan"] == 0 < three["japan"]
    assert lone["allied"] > 0
    g = GAME.context(strike_on_rangoon(ALLIED_FLYERS))
    counted = GAME.strategy.forces(g).strength["japan"]
    before = clone(g.state)
    before.data["offensive"]["fought"] = ["2008"]  # the same units, the battle over
    assert counted < GAME.strategy.forces(GAME.context(before)).strength["japan"]
