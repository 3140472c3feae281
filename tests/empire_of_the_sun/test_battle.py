"""Battles (8.0-8.5, 12.1, 12.77, 12.94): participants, air-naval combat and hit allocation, the
winner, ground combat, retreat, control and intrinsic garrisons."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from tests.empire_of_the_sun.driver import ScriptedRng
from tests.empire_of_the_sun.factory import position
from wargame.engine.action import Action
from wargame.engine.procedure import Context, Procedure, choose, current_decision, run_automatic
from wargame.engine.state import Frame, Result, json_round_trip_problems
from wargame.engine.tables import ModifiedRoll
from wargame.games.empire_of_the_sun import forces, supply
from wargame.games.empire_of_the_sun.battle import (
    NAVAL_RETREAT,
    Battle,
    HitPool,
    Participants,
    Target,
    air_naval_drm,
    air_naval_pool,
    air_naval_strength,
    air_naval_winner,
    carrier_swap_options,
    effectiveness,
    forced_step,
    ground_drms,
    ground_effectiveness,
    ground_fighters,
    ground_pool,
    ground_result,
    hits,
    intrinsic_garrison,
    is_critical,
    last_step_choice,
    legal_hit_targets,
    participants,
    retreat_options,
    strike_order,
    terrain_drm,
)
from wargame.games.empire_of_the_sun.garrisons import garrisoned, garrisoned_hexes

pytestmark = pytest.mark.game("empire-of-the-sun")

SEA = "4511"  # open ocean next to Wake (4612)
MOUNTAIN = "2013"  # Malayan mountain hex between Singora, Kota Bharu, Kuantan and Kuala Lumpur


def offensive(g: Context, side: str, condition: str = "surprise", **extra: Any) -> dict[str, Any]:
    """An offensive record as :mod:`offensives` writes it, with the fields a battle reads."""
    found = {
        "side": side,
        "card": "J1",
        "mode": "oc",
        "oc": 2,
        "activated": [],
        "moved": {},
        "battles": [],
        "assigned": {},
        "extended": [],
        "condition": condition,
        "reaction": None,
        "fought": [],
        "results": {},
    }
    found.update(extra)
    g.data["offensive"] = found
    return found


def pool(**targets: Target) -> HitPool:
    return HitPool(targets)


# -- who fights (8.1) ---------------------------------------------------------------------------


@pytest.mark.rule("8.1", "8.11", "8.12", "8.13")
def test_participants_sort_units_by_how_they_fight():
    g = position(
        units={
            "jp-ca-takao": SEA,
            "jp-cv-akagi": "4612",
            "jp-bb-kongo-1": "4612",
            "us-cv-lexington": SEA,
            "us-wake-bde": "4612",
            "us-bb-north-carolina": SEA,
        }
    )
    offensive(
        g,
        "japan",
        activated=["jp-ca-takao", "jp-cv-akagi"],
        assigned={"jp-cv-akagi": SEA},
        battles=[SEA],
    )
    parts = participants(g, SEA)
    assert sorted(parts.strikers["japan"]) == ["jp-ca-takao", "jp-cv-akagi"]
    assert parts.exposed["japan"] == ["jp-bb-kongo-1"]  # screens the distant carrier
    assert sorted(parts.strikers["allied"]) == ["us-bb-north-carolina", "us-cv-lexington"]
    assert parts.ground == {"japan": [], "allied": []}


@pytest.mark.rule("8.14")
def test_units_out_of_supply_fight_at_full_strength():
    # Wake far from any HQ: the US units there are out of supply, yet fight with their values
    g = position(units={"jp-ca-takao": "4612", "us-wake-bde": "4612", "us-vmf-211": "4612"})
    offensive(g, "japan", activated=["jp-ca-takao"], battles=["4612"])
    assert not supply.supply(g).unit("us-vmf-211")
    parts = participants(g, "4612")
    assert sorted(parts.strikers["allied"]) == ["us-vmf-211"]
    assert parts.ground["allied"] == ["us-wake-bde"]
    assert air_naval_strength(g, parts.strikers["allied"], []) == forces.attack(g, "us-vmf-211")


@pytest.mark.rule("8.11", "8.13")
def test_reaction_air_that_left_the_hex_still_fights_and_entry_modes_are_kept():
    g = position(
        units={
            "us-5af": "2812",
            "us-r-corps": "2813",
            "us-xi-corps": "2813",
            "jp-14-army": "2813",
            "jp-16-army": "2813",
        }
    )
    offensive(
        g,
        "japan",
        condition="intercept",
        activated=["jp-14-army", "jp-16-army"],
        moved={
            "jp-14-army": {"mode": "assault", "from": "2909", "path": ["2813"]},
            "jp-16-army": {"mode": "move", "from": "2812", "path": ["2813"]},
        },
        reaction={
            "side": "allied",
            "activated": ["us-5af", "us-xi-corps"],
            "moved": {
                "us-5af": {"mode": "air", "from": "2813", "path": ["2812"]},
                "us-xi-corps": {"mode": "move", "from": "2912", "path": ["2813"]},
            },
        },
        battles=["2813"],
    )
    parts = participants(g, "2813")
    assert parts.strikers["allied"] == ["us-5af"]
    assert parts.entry == {"jp-14-army": "assault", "jp-16-army": "move"}
    assert parts.held == ["us-r-corps"]
    assert parts.extended == []


@pytest.mark.rule("8.11", "7.31")
def test_a_flyer_whose_move_forbids_fighting_stays_out_of_the_battle():
    g = position(units={"jp-ca-takao": SEA, "jp-21-af": "4612", "us-ca-northampton": SEA})
    offensive(
        g,
        "japan",
        activated=["jp-ca-takao", "jp-21-af"],
        assigned={"jp-21-af": SEA},
        battles=[SEA],
        moved={
            "jp-21-af": {"mode": "move", "from": "4017", "path": ["4017", "4612"], "no_fight": True}
        },
    )
    assert participants(g, SEA).strikers["japan"] == ["jp-ca-takao"]


# -- air-naval combat (8.2) ---------------------------------------------------------------------


def worked_example() -> tuple[Context, Participants]:
    """8.2 C: Allied CV 12 + LRB 4 + air 10 + air 10 at extended range + BB 16."""
    g = position(
        units={
            "jp-ca-takao": SEA,
            "us-cv-lexington": SEA,
            "us-bb-north-carolina": SEA,
            "us-7af-lrb": "4612",
            "us-5af": "4612",
            "us-7af": "4612",
        }
    )
    flyers = ["us-7af-lrb", "us-5af", "us-7af"]
    offensive(
        g,
        "allied",
        condition="intercept",
        activated=["us-cv-lexington", "us-bb-north-carolina", *flyers],
        assigned=dict.fromkeys(flyers, SEA),
        extended=["us-7af"],
        battles=[SEA],
    )
    return g, participants(g, SEA)


@pytest.mark.rule("8.2", "1.3")
def test_worked_example_totals_47_with_the_extended_air_unit_halved():
    g, parts = worked_example()
    assert parts.extended == ["us-7af"]
    assert air_naval_strength(g, parts.strikers["allied"], parts.extended) == 47


@pytest.mark.rule("8.2", "1.3")
@pytest.mark.parametrize(
    ("roll", "expected"), [(0, 12), (2, 12), (3, 24), (5, 24), (6, 47), (8, 47), (9, 47)]
)
def test_worked_example_hits_by_roll(roll, expected):
    assert hits(47, effectiveness(roll)) == expected


@pytest.mark.rule("8.2")
def test_air_naval_table_rows():
    ratings = [effectiveness(ModifiedRoll(n, low=0, high=9)) for n in range(10)]
    quarter, half = Fraction(1, 4), Fraction(1, 2)
    assert ratings == [quarter] * 3 + [half] * 3 + [Fraction(1)] * 4
    assert effectiveness(ModifiedRoll(7, 5, 0, 9)) == 1  # modified rolls above 9 read 9
    assert effectiveness(ModifiedRoll(1, -3, 0, 9)) == quarter


@pytest.mark.rule("8.4")
def test_ground_table_rows():
    ratings = [ground_effectiveness(n) for n in range(10)]
    assert ratings == [Fraction(1, 2)] * 3 + [Fraction(1)] * 4 + [Fraction(3, 2)] * 2 + [2]
    assert hits(9, ground_effectiveness(7)) == 14  # 13.5 rounds up (spec 10, Kuantan)


@pytest.mark.rule("8.2")
def test_air_naval_modifiers():
    g = position(units={"us-cv-lexington": SEA, "jp-cv-akagi": SEA}, turn=5)
    offensive(g, "japan")
    assert air_naval_drm(g, "japan", "surprise", striking_first=True) == 3
    assert air_naval_drm(g, "allied", "surprise", striking_first=False, units=[]) == 0
    assert air_naval_drm(g, "allied", "ambush", True, ["us-cv-lexington"]) == 4 + 1  # 1943
    assert air_naval_drm(g, "japan", "intercept", False, ["jp-cv-akagi"]) == 0
    g.data["turn"] = 8
    assert air_naval_drm(g, "allied", "intercept", False, ["us-cv-lexington"]) == 3  # 1944
    assert air_naval_drm(g, "allied", "intercept", False, ["us-bb-north-carolina"]) == 0
    g.data["offensive"]["drm"] = {"air_naval": {"japan": 2}}
    assert air_naval_drm(g, "japan", "intercept", False) == 2


@pytest.mark.rule("8.2")
def test_strike_order_by_intelligence_condition():
    assert strike_order("surprise", "japan") == [["japan"], ["allied"]]
    assert strike_order("ambush", "japan") == [["allied"], ["japan"]]
    assert strike_order("intercept", "allied") == [["allied", "japan"]]


@pytest.mark.rule("8.2")
def test_critical_hit_is_an_unmodified_nine_or_an_event_grant():
    g = position()
    offensive(g, "japan")
    assert is_critical(g, "japan", ModifiedRoll(9, -2, 0, 9))
    assert not is_critical(g, "allied", ModifiedRoll(5, 4, 0, 9))
    g.data["offensive"]["critical_modified"] = ["allied"]  # Commander Rochefort
    assert is_critical(g, "allied", ModifiedRoll(5, 4, 0, 9))


# -- hit allocation (8.2 F) ---------------------------------------------------------------------


@pytest.mark.rule("8.2")
def test_f1_a_step_costs_the_units_defense():
    hand = pool(a=Target(12, 2), b=Target(14, 2))
    assert legal_hit_targets(hand, 13) == ["a"]
    assert legal_hit_targets(hand, 11) == []


@pytest.mark.rule("8.2")
def test_f2_full_units_are_reduced_before_reduced_ones_are_eliminated():
    hand = pool(full=Target(12, 2), reduced=Target(8, 1), single=Target(6, 1))
    assert legal_hit_targets(hand, 30) == ["full"]
    reduced_all = pool(full=Target(12, 1), reduced=Target(8, 1), single=Target(6, 1))
    assert legal_hit_targets(reduced_all, 30) == ["full", "reduced", "single"]


@pytest.mark.rule("8.2")
def test_f3_worked_example_ten_hits_wasted_against_a_full_defense_18_unit():
    """47 hits reduced every Japanese unit but one full unit with defense 18; 10 hits are left
    and no reduced unit may be eliminated."""
    after_37_hits = pool(
        full=Target(18, 2), bb=Target(14, 1), ca=Target(10, 1), cl=Target(8, 1), apd=Target(5, 1)
    )
    assert legal_hit_targets(after_37_hits, 10) == []


@pytest.mark.rule("8.2")
def test_f6_rochefort_critical_lets_the_spare_hits_eliminate_a_reduced_unit():
    after_37_hits = pool(
        full=Target(18, 2), bb=Target(14, 1), ca=Target(10, 1), cl=Target(8, 1), apd=Target(5, 1)
    )
    assert legal_hit_targets(after_37_hits, 10, critical=True) == ["ca", "cl", "apd"]


@pytest.mark.rule("8.2")
def test_f6_a_critical_too_small_for_any_step_still_takes_the_lowest_defense():
    hand = pool(a=Target(10, 2), b=Target(8, 2), c=Target(8, 1))
    assert legal_hit_targets(hand, 3, critical=True, first_step=True) == ["b", "c"]
    assert forced_step(hand, 3, critical=True, first_step=True)
    assert legal_hit_targets(hand, 3, critical=True, first_step=False) == []
    assert legal_hit_targets(hand, 3, critical=False, first_step=True) == []


def distant_carriers() -> tuple[Context, Participants]:
    """Japanese CV Akagi and the 21st Air Flotilla strike three Allied carriers from range."""
    g = position(
        units={
            "jp-ca-takao": SEA,
            "jp-cv-akagi": "4612",
            "jp-21-af": "4612",
            "us-cv-lexington": "4510",
            "us-cv-enterprise": "4510",
            "us-cv-wasp": "4510",
            "us-ca-northampton": SEA,
        }
    )
    offensive(
        g,
        "japan",
        condition="intercept",
        activated=["jp-ca-takao", "jp-cv-akagi", "jp-21-af"],
        assigned={"jp-cv-akagi": SEA, "jp-21-af": SEA},
        battles=[SEA],
        reaction={
            "side": "allied",
            "activated": ["us-cv-lexington", "us-cv-enterprise", "us-cv-wasp"],
            "moved": {},
        },
    )
    return g, participants(g, SEA)


@pytest.mark.rule("8.2")
def test_f4_two_flyers_can_hit_only_two_of_three_distant_carriers():
    g, parts = distant_carriers()
    assert len(parts.strikers["allied"]) == 4
    first = air_naval_pool(g, parts, "japan")
    carriers = ["us-cv-enterprise", "us-cv-lexington", "us-cv-wasp"]
    assert sorted(legal_hit_targets(first, 100)) == sorted([*carriers, "us-ca-northampton"])
    two_hit = {"us-cv-lexington": 1, "us-cv-enterprise": 1}
    later = air_naval_pool(g, parts, "japan", losses=two_hit, matched=list(two_hit))
    assert "us-cv-wasp" not in legal_hit_targets(later, 100)
    assert legal_hit_targets(later, 100) == ["us-ca-northampton"]


@pytest.mark.rule("8.2")
def test_f4_worked_example_one_carrier_against_two_distant_full_carriers():
    """45 hits: one carrier can be reduced, the other cannot be hit and, staying at full
    strength, forbids eliminating the first; the rest is wasted."""
    g = position(
        units={
            "jp-ca-takao": SEA,
            "jp-cv-akagi": "4612",
            "us-cv-lexington": "4510",
            "us-cv-enterprise": "4510",
        }
    )
    offensive(
        g,
        "japan",
        condition="intercept",
        activated=["jp-ca-takao", "jp-cv-akagi"],
        assigned={"jp-cv-akagi": SEA},
        battles=[SEA],
        reaction={
            "side": "allied",
            "activated": ["us-cv-lexington", "us-cv-enterprise"],
            "moved": {},
        },
    )
    parts = participants(g, SEA)
    assert sorted(legal_hit_targets(air_naval_pool(g, parts, "japan"), 45)) == [
        "us-cv-enterprise",
        "us-cv-lexington",
    ]
    hit = {"us-cv-lexington": 1}
    after = air_naval_pool(g, parts, "japan", losses=hit, matched=list(hit))
    assert legal_hit_targets(after, 45 - 12) == []


@pytest.mark.rule("8.2")
def test_f4_no_flyers_cannot_touch_distant_carriers_but_always_hits_ships():
    g, parts = distant_carriers()
    g.data["units"]["jp-cv-akagi"] = "eliminated"
    g.data["units"]["jp-21-af"] = "eliminated"
    g.cache.clear()
    assert legal_hit_targets(air_naval_pool(g, parts, "japan"), 100) == ["us-ca-northampton"]


@pytest.mark.rule("8.2")
def test_f4_flyers_in_the_hex_with_enemy_ships_can_always_be_hit():
    g = position(units={"jp-ca-takao": SEA, "us-cv-lexington": SEA})
    offensive(g, "japan", condition="intercept", activated=["jp-ca-takao"], battles=[SEA])
    parts = participants(g, SEA)
    assert legal_hit_targets(air_naval_pool(g, parts, "japan"), 20) == ["us-cv-lexington"]


def air_raid(
    units: dict[str, Any], target: str = MOUNTAIN, **tracks: Any
) -> tuple[Context, Participants]:
    """Japanese air units from range strike a hex held only by Allied ground units."""
    g = position(units={"jp-22-af": "2012", **units}, japanese=["2012"], **tracks)
    offensive(g, "japan", activated=["jp-22-af"], assigned={"jp-22-af": target}, battles=[target])
    return g, participants(g, target)


@pytest.mark.rule("8.2")
def test_f5_only_side_with_air_may_hit_ground_units_but_never_the_last_step():
    g, parts = air_raid({"au-1-corps": MOUNTAIN})
    first = air_naval_pool(g, parts, "japan")
    assert legal_hit_targets(first, 20) == ["au-1-corps"]
    reduced = air_naval_pool(g, parts, "japan", losses={"au-1-corps": 1})
    assert legal_hit_targets(reduced, 20) == []


@pytest.mark.rule("8.2")
def test_f5_when_both_sides_had_air_or_naval_units_ground_units_are_safe():
    g, _ = air_raid({"au-1-corps": MOUNTAIN, "au-air": MOUNTAIN})
    parts = participants(g, MOUNTAIN)
    assert legal_hit_targets(air_naval_pool(g, parts, "japan"), 100) == ["au-air"]


@pytest.mark.rule("8.2")
def test_f5_the_reaction_player_picks_which_ground_unit_is_the_last_step():
    g, parts = air_raid({"au-8-div": (MOUNTAIN, True), "in-3-corps": (MOUNTAIN, True)})
    hand = air_naval_pool(g, parts, "japan")
    legal = legal_hit_targets(hand, 30)
    assert legal == ["au-8-div", "in-3-corps"]
    assert last_step_choice(hand, "au-8-div", legal) == ["au-8-div", "in-3-corps"]


@pytest.mark.rule("8.2", "12.94")
def test_f5_intrinsic_garrison_is_always_the_last_step():
    g = position(units={"us-5af": "3806", "jp-ed-army": ("3706", True)}, empire=True)
    offensive(g, "allied", activated=["us-5af"], assigned={"us-5af": "3706"}, battles=["3706"])
    parts = participants(g, "3706")
    garrison = intrinsic_garrison(g, "3706")
    hand = air_naval_pool(g, parts, "allied", garrisons=garrison)
    assert legal_hit_targets(hand, 30) == ["jp-ed-army"]
    after = air_naval_pool(g, parts, "allied", garrisons=garrison, losses={"jp-ed-army": 1})
    assert legal_hit_targets(after, 30) == []


@pytest.mark.rule("8.2")
def test_f7_japan_shifts_a_carrier_loss_to_save_the_cv():
    g = position(units={"jp-cv-akagi": SEA, "jp-cvl-zuiho": SEA})
    carriers = ["jp-cv-akagi", "jp-cvl-zuiho"]
    losses = {"jp-cv-akagi": 1, "jp-cvl-zuiho": 1}
    options = carrier_swap_options(g, carriers, losses, allied_critical=False)
    assert ("jp-cvl-zuiho", "jp-cv-akagi") in options
    assert carrier_swap_options(g, carriers, losses, allied_critical=True) == []
    assert carrier_swap_options(g, ["jp-cv-akagi"], losses, allied_critical=False) == []


@pytest.mark.rule("8.2")
def test_f7_in_battle_the_cvl_is_eliminated_to_restore_the_cv():
    g = position(
        units={
            "jp-cv-akagi": SEA,
            "jp-cvl-zuiho": SEA,
            "us-cv-lexington": SEA,
            "us-bb-north-carolina": SEA,
            "us-bb-washington": SEA,
        }
    )
    offensive(
        g,
        "allied",
        activated=["us-cv-lexington", "us-bb-north-carolina", "us-bb-washington"],
        battles=[SEA],
    )
    start_battle(g, SEA, rolls=[2, 0])  # Allies 2 + 3 (surprise): half of 44 = 22 hits
    pick(g, "allied", "hit jp-cv-akagi")
    pick(g, "allied", "hit jp-cvl-zuiho")
    assert list(decision_of(g).options) == ["done"]  # 2 hits left
    pick(g, "allied", "done")
    choices = decision_of(g)
    assert (choices.side, choices.prompt) == ("japan", "prompt.carrier_swap")
    assert "swap jp-cvl-zuiho jp-cv-akagi" in choices.options
    pick(g, "japan", "swap jp-cvl-zuiho jp-cv-akagi")
    assert forces.at(g, "jp-cvl-zuiho") == "eliminated"
    assert forces.at(g, "jp-cv-akagi") == SEA and not forces.reduced(g, "jp-cv-akagi")
    assert decision_of(g).side == "japan"  # the surviving Japanese units strike back


@pytest.mark.rule("7.46", "8.2")
def test_a_brigade_dies_with_the_ship_that_carries_it():
    g = position(
        units={
            "jp-ca-aoba": SEA,
            "jp-ss-bde": "4612",
            "us-bb-north-carolina": SEA,
            "us-bb-washington": SEA,
        }
    )
    offensive(
        g,
        "japan",
        activated=["jp-ca-aoba", "jp-ss-bde"],
        battles=[SEA],
        moved={
            "jp-ss-bde": {
                "mode": "assault",
                "from": "4017",
                "path": ["4017", "4612"],
                "transport": "jp-ca-aoba",
            }
        },
    )
    start_battle(g, SEA, rolls=[0, 6])  # Japan 0 + 3: 6 hits; the Allies 6: 32 hits
    pick(g, "japan", "done")
    pick(g, "allied", "hit jp-ca-aoba")
    pick(g, "allied", "hit jp-ca-aoba")
    pick(g, "allied", "done")
    assert forces.at(g, "jp-ca-aoba") == "eliminated"
    assert forces.at(g, "jp-ss-bde") == "eliminated"


# -- the air-naval winner (8.3) -----------------------------------------------------------------


def clash(units: dict[str, Any], **record: Any) -> tuple[Context, Participants]:
    g = position(units=units)
    offensive(g, "japan", battles=[SEA], **record)
    return g, participants(g, SEA)


@pytest.mark.rule("8.3")
def test_higher_surviving_attack_wins():
    g, parts = clash(
        {"jp-ca-takao": SEA, "us-ca-new-orleans": SEA, "us-ca-northampton": SEA},
        activated=["jp-ca-takao"],
    )
    assert air_naval_winner(g, parts) == "allied"  # 12 against 18
    forces.move_to(g, "us-ca-northampton", "eliminated")
    assert air_naval_winner(g, parts) == "japan"  # 12 against 9
    forces.set_reduced(g, "jp-ca-takao", True)
    assert air_naval_winner(g, parts) == "allied"  # 7 against 9


@pytest.mark.rule("8.3")
def test_tie_goes_to_the_reaction_player():
    g, parts = clash(
        {"jp-ca-nachi": SEA, "us-bc-alaska": SEA},
        activated=["jp-ca-nachi"],
    )
    assert air_naval_winner(g, parts) == "allied"  # 10 against 10


@pytest.mark.rule("8.3")
def test_halved_air_stays_halved_and_distant_escorts_do_not_count():
    g, parts = clash(
        {
            "jp-21-af": "4612",
            "jp-cv-akagi": "4510",
            "jp-bb-nagato": "4510",
            "us-ca-northampton": SEA,
            "us-ca-new-orleans": SEA,
            "us-cv-lexington": SEA,
        },
        activated=["jp-21-af", "jp-cv-akagi"],
        assigned={"jp-21-af": SEA, "jp-cv-akagi": SEA},
        extended=["jp-21-af"],
    )
    assert parts.exposed["japan"] == ["jp-bb-nagato"]
    forces.move_to(g, "us-cv-lexington", "eliminated")
    # Japan: 16 halved = 8, + Akagi 12 = 20 (the BB escort adds nothing); Allies: 9 + 9 = 18
    assert air_naval_winner(g, parts) == "japan"
    forces.set_reduced(g, "jp-cv-akagi", True)  # 8 + 8 = 16 < 18
    assert air_naval_winner(g, parts) == "allied"


@pytest.mark.rule("8.3")
def test_reaction_player_wins_outright_when_only_it_has_flyers_left():
    g, parts = clash(
        {"jp-bb-nagato": SEA, "jp-bb-yamato": SEA, "us-vmf-211": SEA},
        activated=["jp-bb-nagato", "jp-bb-yamato"],
    )
    assert air_naval_winner(g, parts) == "allied"  # 1 attack against 38, but it flies


@pytest.mark.rule("8.31")
def test_no_air_or_naval_survivors_is_an_offensive_victory():
    g, parts = clash({"jp-ca-takao": SEA, "us-ca-new-orleans": SEA}, activated=["jp-ca-takao"])
    forces.move_to(g, "jp-ca-takao", "eliminated")
    forces.move_to(g, "us-ca-new-orleans", "eliminated")
    assert air_naval_winner(g, parts) == "japan"


@pytest.mark.rule("8.32", "8.33", "8.13")
def test_after_a_reaction_win_only_overland_arrivals_fight_on_the_ground():
    g, parts = overland_and_assault()
    assert ground_fighters(g, parts, op_won_air_naval=False)["japan"] == ["jp-16-army"]
    assert sorted(ground_fighters(g, parts, op_won_air_naval=True)["japan"]) == [
        "jp-14-army",
        "jp-16-army",
    ]
    assert ground_fighters(g, parts, op_won_air_naval=False)["allied"] == ["us-r-corps"]


def overland_and_assault() -> tuple[Context, Participants]:
    g = position(
        units={
            "us-r-corps": "2813",
            "jp-14-army": "2813",
            "jp-16-army": "2813",
            "jp-ca-takao": "2813",
        }
    )
    offensive(
        g,
        "japan",
        activated=["jp-14-army", "jp-16-army", "jp-ca-takao"],
        battles=["2813"],
        moved={
            "jp-14-army": {"mode": "assault", "from": "2909", "path": ["2813"]},
            "jp-16-army": {"mode": "move", "from": "2812", "path": ["2813"]},
        },
    )
    return g, participants(g, "2813")


@pytest.mark.rule("8.34")
def test_without_air_or_naval_units_ground_combat_follows_as_after_an_offensive_win():
    g = position(units={"jp-15-army": MOUNTAIN, "au-8-div": MOUNTAIN}, japanese=["2012"])
    offensive(
        g,
        "japan",
        activated=["jp-15-army"],
        battles=[MOUNTAIN],
        moved={"jp-15-army": {"mode": "move", "from": "2012", "path": [MOUNTAIN]}},
    )
    start_battle(g, MOUNTAIN, rolls=[5, 5])
    rolls = [e for e in g.state.log if e.key == "log.roll"]
    assert [e.params["reason"] for e in rolls] == ["ground", "ground"]


# -- ground combat (8.4) ------------------------------------------------------------------------


@pytest.mark.rule("8.4")
def test_shore_bombardment_and_air_superiority_from_an_unopposed_carrier():
    g = position(units={"jp-cv-akagi": "2813", "jp-14-army": "2813", "us-r-corps": "2813"})
    offensive(
        g,
        "japan",
        activated=["jp-cv-akagi", "jp-14-army"],
        battles=["2813"],
        moved={"jp-14-army": {"mode": "assault", "from": "2909", "path": ["2813"]}},
    )
    parts = participants(g, "2813")
    fighting = ground_fighters(g, parts, True)
    assert ground_drms(g, parts, "japan", fighting) == 2 + 2  # Manila is a city: no terrain
    assert ground_drms(g, parts, "allied", fighting) == 3  # held the hex before the assault


@pytest.mark.rule("8.4")
def test_no_bombardment_or_superiority_when_the_reaction_player_has_ships_or_air():
    g = position(
        units={
            "jp-cv-akagi": "2813",
            "jp-14-army": "2813",
            "us-r-corps": "2813",
            "us-ca-us-asia": "2813",
            "us-feaf": "2812",
        }
    )
    offensive(
        g,
        "japan",
        activated=["jp-cv-akagi", "jp-14-army"],
        battles=["2813"],
        reaction={"side": "allied", "activated": ["us-feaf"], "moved": {}},
    )
    parts = participants(g, "2813")
    assert ground_drms(g, parts, "japan", ground_fighters(g, parts, True)) == 0


@pytest.mark.rule("8.4")
@pytest.mark.parametrize(
    ("hex_id", "expected"),
    [(MOUNTAIN, -3), ("2014", 0), ("3721", 0), ("3823", 0), ("2912", -2), ("2812", 0)],
)
def test_terrain_modifier_with_cities_counting_zero(hex_id, expected):
    assert terrain_drm(position(), hex_id) == expected


@pytest.mark.rule("8.4")
def test_reaction_units_that_arrived_by_reaction_do_not_earn_the_assault_bonus():
    g = position(units={"jp-14-army": "2813", "us-xi-corps": "2813"})
    offensive(
        g,
        "japan",
        activated=["jp-14-army"],
        battles=["2813"],
        moved={"jp-14-army": {"mode": "assault", "from": "2909", "path": ["2813"]}},
        reaction={
            "side": "allied",
            "activated": ["us-xi-corps"],
            "moved": {"us-xi-corps": {"mode": "move", "from": "2912"}},
        },
    )
    parts = participants(g, "2813")
    assert ground_drms(g, parts, "allied", ground_fighters(g, parts, True)) == 0


@pytest.mark.rule("8.4")
def test_armour_doctrine_and_event_modifiers():
    g = position(units={"jp-15-army": "2013", "cw-7-armd-bde": "2013"})
    offensive(g, "japan", activated=["jp-15-army"], battles=["2013"])
    parts = participants(g, "2013")
    fighting = ground_fighters(g, parts, True)
    assert ground_drms(g, parts, "allied", fighting) == 1  # 7th Armoured Brigade
    assert ground_drms(g, parts, "japan", fighting) == -3
    g.data["lasting"].append("J31_defence_doctrine")
    assert ground_drms(g, parts, "japan", fighting) == -2
    g.data["offensive"]["drm"] = {"ground": {"allied": 1}}
    assert ground_drms(g, parts, "allied", fighting) == 2
    g.data["offensive"]["ground_final"] = {"japan": 2}  # Col. Tsuji: final, not cumulative
    assert ground_drms(g, parts, "japan", fighting) == 2


@pytest.mark.rule("8.4")
def test_amphibious_assault_troops_defend_at_half_strength():
    g, parts = overland_and_assault()
    fighting = ground_fighters(g, parts, True)
    hand = ground_pool(g, parts, "allied", fighting["japan"])
    assert hand.targets["jp-14-army"].defense == 6
    assert hand.targets["jp-16-army"].defense == 12


@pytest.mark.rule("8.4")
def test_ground_result():
    left = {"japan": True, "allied": True}
    assert ground_result("japan", {"japan": 1, "allied": 2}, left) == "japan"
    assert ground_result("japan", {"japan": 2, "allied": 2}, left) == "allied"  # tie: RP
    assert ground_result("japan", {"japan": 0, "allied": 0}, left) == "allied"
    assert (
        ground_result("japan", {"japan": 3, "allied": 0}, {"japan": True, "allied": False})
        == "japan"
    )
    assert ground_result("japan", {}, {"japan": False, "allied": True}) == "allied"
    assert ground_result("japan", {}, {"japan": False, "allied": False}) == "allied"


# -- retreat (8.5) ------------------------------------------------------------------------------


@pytest.mark.rule("8.5", "7.47")
def test_offensive_units_retreat_the_way_they_came():
    g = position(units={"jp-15-army": MOUNTAIN, "jp-25-army": MOUNTAIN, "jp-28-army": MOUNTAIN})
    offensive(
        g,
        "japan",
        moved={
            "jp-15-army": {"mode": "move", "from": "1912", "path": ["2012", MOUNTAIN]},
            "jp-25-army": {"mode": "assault", "from": "2212", "path": [MOUNTAIN]},
            "jp-28-army": {"mode": "barge", "from": "2111", "path": [MOUNTAIN]},
        },
    )
    assert retreat_options(g, "jp-15-army", MOUNTAIN) == ["2012"]
    assert retreat_options(g, "jp-25-army", MOUNTAIN) == [NAVAL_RETREAT]
    assert retreat_options(g, "jp-28-army", MOUNTAIN) == ["2111"]


@pytest.mark.rule("8.5")
def test_reaction_units_retreat_to_a_friendly_named_location_chosen_by_the_offensive():
    g = position(
        units={"jp-15-army": MOUNTAIN, "au-8-div": MOUNTAIN, "jp-22-af": "2112"}, japanese=["2012"]
    )
    offensive(
        g, "japan", moved={"jp-15-army": {"mode": "move", "from": "2012", "path": [MOUNTAIN]}}
    )
    # 2012 is the entry hex, 2112 holds a Japanese unit, 2113 is no named location:
    # Kuantan, Kuala Lumpur and Jitra are left
    assert retreat_options(g, "au-8-div", MOUNTAIN) == ["2014", "1913", "1912"]


@pytest.mark.rule("8.5")
def test_reaction_retreat_avoids_overstacking_and_falls_back_to_any_free_hex():
    g = position(
        units={
            "jp-15-army": MOUNTAIN,
            "au-8-div": MOUNTAIN,
            "jp-22-af": "2112",
            "in-3-corps": "2014",
            "au-air": "2014",
            "cw-malaya-air": "2014",
        },
        japanese=["2012", "1913", "1912"],
    )
    offensive(
        g, "japan", moved={"jp-15-army": {"mode": "move", "from": "2012", "path": [MOUNTAIN]}}
    )
    assert retreat_options(g, "au-8-div", MOUNTAIN) == ["2113", "1913", "1912"]


@pytest.mark.rule("8.5", "7.42")
def test_reaction_units_never_retreat_where_they_may_not_go():
    g = position(units={"jp-17-army": "2508", "us-xi-corps": "2508"}, japanese=["2508"])
    offensive(g, "allied", moved={"us-xi-corps": {"mode": "assault", "from": "2610", "path": []}})
    # Yungning: interior China (2507, 2408) is closed to Japanese ground units (7.42 A)
    assert retreat_options(g, "jp-17-army", "2508") == ["2609", "2409"]


@pytest.mark.rule("8.5")
def test_reaction_units_on_a_one_hex_island_cannot_retreat():
    g = position(units={"us-wake-bde": "4612", "jp-4-sn-bde": "4612"}, japanese=[])
    offensive(
        g, "japan", moved={"jp-4-sn-bde": {"mode": "assault", "from": "4715", "path": ["4612"]}}
    )
    assert retreat_options(g, "us-wake-bde", "4612") == []


# -- intrinsic garrisons (12.77, 12.94) ---------------------------------------------------------


@pytest.mark.rule("12.77")
@pytest.mark.parametrize(
    ("boxes", "steps"), [(12, 3), (9, 3), (8, 2), (5, 2), (4, 1), (1, 1), (0, 0)]
)
def test_china_city_garrison_grows_with_the_divisions_left_in_china(boxes, steps):
    g = position(japanese=["3007"], china_divisions=boxes)
    assert len(intrinsic_garrison(g, "3007")) == steps
    assert intrinsic_garrison(g, "2708") == []  # not a city


@pytest.mark.rule("12.77", "12.94")
def test_garrisons_exist_only_while_the_city_is_japanese():
    g = position(empire=True, japanese=["2709"])
    assert intrinsic_garrison(g, "3706") == ["garrison:3706:1"]
    assert len(intrinsic_garrison(g, "2709")) == 3  # Hong Kong once Japanese
    assert intrinsic_garrison(g, "3007") == []  # Allied-held Shanghai
    assert intrinsic_garrison(g, "3302") == []  # Manchukuo is not China
    g.data["garrisons_lost"] = ["3706"]
    assert intrinsic_garrison(g, "3706") == []


@pytest.mark.rule("12.77", "12.94")
@pytest.mark.parametrize("boxes", [0, 1, 4, 5])
@pytest.mark.parametrize("lost", [[], ["3706"]])
def test_a_hex_is_garrisoned_exactly_where_its_garrison_has_steps(boxes, lost):
    # garrisoned() answers without naming the steps, garrisoned_hexes() asks only the cities
    # where a garrison may stand: both as the steps themselves say, for every city of the map.
    g = position(empire=True, japanese=["2709", "3007"], china_divisions=boxes)
    g.data["garrisons_lost"] = lost
    board = g.static.board
    cities = [h for h in board.land_hexes if board.hexes[h].city]
    assert [h for h in cities if garrisoned(g, h)] == garrisoned_hexes(g)
    assert garrisoned_hexes(g) == [h for h in cities if intrinsic_garrison(g, h)]
    assert ("3706" in garrisoned_hexes(g)) == (not lost)
    assert ("3007" in garrisoned_hexes(g)) == (boxes > 0)


@pytest.mark.rule("12.77", "8.4")
def test_garrison_steps_fall_last_in_ground_combat():
    g = position(
        units={"us-1mar-div": "3007", "jp-35-army": ("3007", True)},
        japanese=["3007"],
        china_divisions=4,
    )
    offensive(
        g,
        "allied",
        activated=["us-1mar-div"],
        battles=["3007"],
        moved={"us-1mar-div": {"mode": "assault", "from": "3107", "path": ["3007"]}},
    )
    parts = participants(g, "3007")
    garrison = intrinsic_garrison(g, "3007")
    fighting = ground_fighters(g, parts, True, garrison)
    assert fighting["japan"] == ["jp-35-army", "garrison:3007:1"]
    hand = ground_pool(g, parts, "allied", fighting["japan"], garrisons=garrison)
    assert legal_hit_targets(hand, 24) == ["jp-35-army"]
    after = ground_pool(
        g, parts, "allied", fighting["japan"], garrisons=garrison, losses={"jp-35-army": 1}
    )
    assert legal_hit_targets(after, 24) == ["garrison:3007:1"]


# -- the procedure ------------------------------------------------------------------------------


class Host(Procedure):
    """Calls one battle, then ends the test game."""

    name = "host"

    def start(self, g: Context, f: Frame) -> None:
        g.call("battle", then="over", hex=f["hex"])

    def over(self, g: Context, f: Frame) -> None:
        g.end_game(Result(None, "test"))


def start_battle(g: Context, hex_id: str, rolls: list[int] | None = None) -> Frame | None:
    g.procedures = {"battle": Battle(), "host": Host()}
    if rolls is not None:
        g.rng = ScriptedRng(rolls)
    g.push("host", hex=hex_id)
    run_automatic(g)
    stack = g.state.stack
    return stack[-1] if stack else None


def decision_of(g: Context) -> Any:
    found = current_decision(g)
    assert found is not None
    (choices,) = [c for c in found.sides.values() if c.options]
    return choices


def pick(g: Context, side: str, action: str) -> None:
    choose(g, side, Action(action))


def play_out(g: Context, prefer: dict[str, str] | None = None) -> list[str]:
    """Take decisions until the battle is over: the preferred action if offered, else the first."""
    taken = []
    while g.state.result is None:
        choices = decision_of(g)
        texts = list(choices.options)
        wanted = (prefer or {}).get(choices.prompt)
        action = wanted if wanted in texts else texts[0]
        taken.append(f"{choices.side}: {action}")
        pick(g, choices.side, action)
    return taken


@pytest.mark.rule("8.2", "8.3", "8.33", "8.4", "12.1")
def test_battle_end_to_end_with_a_fixed_seed():
    """A Japanese landing at Manila under Surprise: rolls from the seeded generator, every hit
    chosen through the allocation decisions, the outcome recorded and logged."""
    g = position(
        units={
            "jp-14-army": "2813",
            "jp-ca-takao": "2813",
            "jp-5-ad": "2909",
            "us-r-corps": "2813",
            "us-ca-us-asia": "2813",
        },
        japanese=["2909"],
    )
    offensive(
        g,
        "japan",
        activated=["jp-14-army", "jp-ca-takao", "jp-5-ad"],
        assigned={"jp-5-ad": "2813"},
        battles=["2813"],
        moved={"jp-14-army": {"mode": "assault", "from": "2909", "path": ["2813"]}},
    )
    start_battle(g, "2813")
    assert json_round_trip_problems(g.state) == []  # the battle's frame is plain public data
    taken = play_out(g)
    # Air-naval: Japan rolls 5 + 3 = 8: 34 hits; the US cruiser is reduced then sunk, and the
    # other 22 hits are lost (the Allies had a ship, so ground units are out of reach, F5).
    # Ground: Japan 9 + 2 (bombardment) + 2 (air superiority) = 9 (x2): 36 hits destroy the
    # R Corps; the Allies 0 + 3 (held Manila before the landing): 10 hits reduce the 14th Army
    # (defense halved to 6), 4 lost.
    assert taken == [
        "japan: hit us-ca-us-asia",
        "japan: hit us-ca-us-asia",
        "japan: done",
        "japan: hit us-r-corps",
        "japan: hit us-r-corps",
        "japan: done",
        "allied: hit jp-14-army",
        "allied: done",
    ]
    strikes = [e.params for e in g.state.log if e.key == "log.strike"]
    assert [(s["side"], s["roll"], s["hits"]) for s in strikes] == [
        ("japan", 8, 34),
        ("japan", 9, 36),
        ("allied", 3, 10),
    ]
    assert sum(e.key == "log.roll" for e in g.state.log) == 3
    record = g.data["offensive"]
    assert record["fought"] == ["2813"]
    assert record["results"]["2813"] == {"air_naval": "japan", "ground": "japan"}
    assert forces.at(g, "us-r-corps") == "eliminated"
    assert forces.reduced(g, "jp-14-army")
    assert forces.control(g, "2813") == "japan"
    assert g.state.stack == []


@pytest.mark.rule("8.2")
def test_intercept_hits_are_removed_only_after_both_sides_allocated():
    g = position(units={"jp-ca-takao": SEA, "jp-apd-kamikaze": SEA, "us-ca-new-orleans": SEA})
    offensive(
        g,
        "japan",
        condition="intercept",
        activated=["jp-ca-takao", "jp-apd-kamikaze"],
        battles=[SEA],
    )
    start_battle(g, SEA, rolls=[6, 6])  # Japan 20 hits, the Allies 9
    pick(g, "japan", "hit us-ca-new-orleans")
    pick(g, "japan", "hit us-ca-new-orleans")
    pick(g, "japan", "done")
    assert decision_of(g).side == "allied"  # the sunk cruiser's hits still land
    pick(g, "allied", "hit jp-apd-kamikaze")
    pick(g, "allied", "done")
    assert forces.at(g, "us-ca-new-orleans") == "eliminated"
    assert forces.reduced(g, "jp-apd-kamikaze")
    assert g.data["offensive"]["results"][SEA] == {"air_naval": "japan", "ground": None}


@pytest.mark.rule("8.2")
def test_ambush_lets_the_reaction_player_strike_first_with_four():
    g = position(units={"jp-ca-takao": SEA, "us-ca-new-orleans": SEA})
    offensive(g, "japan", condition="ambush", activated=["jp-ca-takao"], battles=[SEA])
    start_battle(g, SEA, rolls=[2, 0])
    pick(g, "allied", "done")  # 2 + 4: 9 hits, short of the cruiser's 10
    pick(g, "japan", "done")  # 0, no surprise bonus: 3 hits
    strikes = [e.params for e in g.state.log if e.key == "log.strike"]
    assert [(s["side"], s["roll"], s["hits"]) for s in strikes] == [
        ("allied", 6, 9),
        ("japan", 0, 3),
    ]
    assert g.data["offensive"]["results"][SEA] == {"air_naval": "japan", "ground": None}  # 12 vs 9


@pytest.mark.rule("8.2")
def test_reaction_player_chooses_the_last_ground_step_in_play():
    g = position(
        units={"jp-22-af": "2012", "au-8-div": (MOUNTAIN, True), "in-3-corps": (MOUNTAIN, True)},
        japanese=["2012"],
    )
    offensive(
        g, "japan", activated=["jp-22-af"], assigned={"jp-22-af": MOUNTAIN}, battles=[MOUNTAIN]
    )
    start_battle(g, MOUNTAIN, rolls=[6])  # 6 + 3: 20 hits
    assert "done" not in decision_of(g).options
    pick(g, "japan", "hit in-3-corps")
    choices = decision_of(g)
    assert (choices.side, choices.prompt) == ("allied", "prompt.last_ground_step")
    pick(g, "allied", "hit au-8-div")
    pick(g, "japan", "done")  # 8 hits left; the Indian corps is the last step
    assert forces.at(g, "au-8-div") == "eliminated"
    assert forces.at(g, "in-3-corps") == MOUNTAIN


@pytest.mark.rule("8.4", "8.5")
def test_offensive_units_that_lose_go_back_where_they_came_from():
    g = position(units={"jp-15-army": MOUNTAIN, "au-1-corps": MOUNTAIN}, japanese=["2012"])
    offensive(
        g,
        "japan",
        activated=["jp-15-army"],
        battles=[MOUNTAIN],
        moved={"jp-15-army": {"mode": "move", "from": "2012", "path": [MOUNTAIN]}},
    )
    start_battle(g, MOUNTAIN, rolls=[0, 3])  # Japan 0 - 3: 9 hits; the Allies 3: 12 hits
    pick(g, "japan", "done")
    pick(g, "allied", "hit jp-15-army")
    assert g.data["offensive"]["results"][MOUNTAIN] == {"air_naval": None, "ground": "allied"}
    assert forces.at(g, "jp-15-army") == "2012"
    assert forces.control(g, MOUNTAIN) == "allied"


@pytest.mark.rule("8.2", "8.33", "8.4", "8.5", "12.1")
def test_won_ground_battle_takes_the_hex():
    g = position(
        units={
            "jp-15-army": MOUNTAIN,
            "jp-28-army": MOUNTAIN,
            "jp-22-af": "2012",
            "au-8-div": MOUNTAIN,
        },
        japanese=["2012"],
    )
    offensive(
        g,
        "japan",
        activated=["jp-15-army", "jp-28-army", "jp-22-af"],
        assigned={"jp-22-af": MOUNTAIN},
        battles=[MOUNTAIN],
        moved={
            u: {"mode": "move", "from": "2012", "path": [MOUNTAIN]}
            for u in ("jp-15-army", "jp-28-army")
        },
    )
    # air: 6 + 3 (surprise) = 9: 20 hits; the 8th Division is reduced, F5 keeps its last step.
    # ground: Japan 9 - 3 (mountain) + 2 (air superiority) = 8: 36 x 1.5 = 54 hits;
    # the Allies roll 0: 3 x 1/2 = 2 hits, too few for any step.
    start_battle(g, MOUNTAIN, rolls=[6, 9, 0])
    pick(g, "japan", "hit au-8-div")
    pick(g, "japan", "done")
    pick(g, "japan", "hit au-8-div")
    pick(g, "japan", "done")
    pick(g, "allied", "done")
    assert forces.at(g, "au-8-div") == "eliminated"
    assert g.data["offensive"]["results"][MOUNTAIN] == {"air_naval": "japan", "ground": "japan"}
    assert forces.control(g, MOUNTAIN) == "japan"
    won = [e.params for e in g.state.log if e.key == "log.battle_won"]
    assert won == [
        {"hex": MOUNTAIN, "side": "japan", "stage": "air_naval"},
        {"hex": MOUNTAIN, "side": "japan", "stage": "ground"},
    ]
    hit_log = [e.params for e in g.state.log if e.key == "log.hit"]
    assert [h["result"] for h in hit_log] == ["reduced", "eliminated"]


@pytest.mark.rule("8.4", "8.5", "12.1")
def test_reaction_units_that_lose_with_units_left_retreat_where_the_offensive_says():
    g = position(
        units={"jp-15-army": MOUNTAIN, "jp-28-army": MOUNTAIN, "au-1-corps": MOUNTAIN},
        japanese=["2012"],
    )
    offensive(
        g,
        "japan",
        activated=["jp-15-army", "jp-28-army"],
        battles=[MOUNTAIN],
        moved={
            u: {"mode": "move", "from": "2012", "path": [MOUNTAIN]}
            for u in ("jp-15-army", "jp-28-army")
        },
    )
    # Japan 0 - 3: 36 x 1/2 = 18 hits, one step; the Allies 0: 12 x 1/2 = 6 hits, none
    start_battle(g, MOUNTAIN, rolls=[0, 0])
    pick(g, "japan", "hit au-1-corps")
    pick(g, "japan", "done")
    pick(g, "allied", "done")
    choices = decision_of(g)
    assert (choices.side, choices.prompt) == ("japan", "prompt.retreat")
    assert list(choices.options) == [  # friendly named locations; 2012 is the entry hex
        f"retreat au-1-corps {h}" for h in ("2112", "2014", "1913", "1912")
    ]
    pick(g, "japan", "retreat au-1-corps 2014")
    assert forces.at(g, "au-1-corps") == "2014"
    assert forces.control(g, MOUNTAIN) == "japan"
    assert g.data["offensive"]["results"][MOUNTAIN] == {"air_naval": None, "ground": "japan"}


@pytest.mark.rule("8.13", "8.32", "12.1")
def test_assault_troops_after_an_air_naval_defeat_neither_fight_nor_take_the_hex():
    g = position(
        units={
            "jp-14-army": "2813",
            "jp-cl-tenryu": "2813",
            "us-bb-md-ca": "2813",
        }
    )
    offensive(
        g,
        "japan",
        activated=["jp-14-army", "jp-cl-tenryu"],
        battles=["2813"],
        moved={"jp-14-army": {"mode": "assault", "from": "2909", "path": ["2813"]}},
    )
    start_battle(g, "2813", rolls=[0, 0])  # Tenryu 3: 2 hits; MD/CA 0: 4 hits; none land
    pick(g, "japan", "done")
    pick(g, "allied", "done")
    record = g.data["offensive"]["results"]["2813"]
    assert record == {"air_naval": "allied", "ground": None}
    assert forces.at(g, "jp-14-army") == "2813"  # left for naval-style post-battle movement
    assert forces.control(g, "2813") == "allied"


@pytest.mark.rule("12.94", "12.1", "8.4")
def test_allied_landing_that_destroys_a_home_garrison_removes_it_for_good():
    g = position(units={"us-1mar-div": "3706", "us-2mar-div": "3706"}, empire=True)
    offensive(
        g,
        "allied",
        activated=["us-1mar-div", "us-2mar-div"],
        battles=["3706"],
        moved={
            u: {"mode": "assault", "from": "3806", "path": ["3706"]}
            for u in ("us-1mar-div", "us-2mar-div")
        },
    )
    # ground only (8.34): Allies 5: 24 hits; the garrison (12) rolls 0 + 3 (held before the
    # assault): 12 hits against Marines whose defense is halved to 6
    start_battle(g, "3706", rolls=[5, 0])
    pick(g, "allied", "hit garrison:3706:1")
    pick(g, "allied", "done")
    pick(g, "japan", "hit us-1mar-div")
    pick(g, "japan", "hit us-2mar-div")
    assert g.data["offensive"]["results"]["3706"] == {"air_naval": None, "ground": "allied"}
    assert forces.control(g, "3706") == "allied"
    assert g.data["garrisons_lost"] == ["3706"]
    assert intrinsic_garrison(g, "3706") == []
    assert forces.reduced(g, "us-1mar-div") and forces.reduced(g, "us-2mar-div")
