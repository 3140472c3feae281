"""What Aegean Strike's bots (strategy.py) weigh of three hazards (issue 18, point 9): special
forces raids (11.12: the hits to come, the unit exposed and no longer attacking), minefields
(13.08: a field's worth near enemy ships, a ship's move into one tried last, a field laid
where enemy ships sail) and ground units marched out of supply (12.02, 11.04). Each test
compares a position with and without the raid, the field or the unsupplied march."""

from __future__ import annotations

import pytest

from tests.aegean_strike.play import GAME, act, edited, naval_segment, passing
from tests.aegean_strike.test_ground_trucks import TRUCK_HEX, truck_segment
from tests.aegean_strike.test_mines import DARDANELLES, DESTROYERS, FRIGATE, MARMARA, ship_at
from tests.aegean_strike.test_special_ops import NEAR_BENINA, assigning
from tests.aegean_strike.test_strategy_systems import chance, ordered, reckoning
from wargame.bots import make_bot
from wargame.engine.memo import Answers
from wargame.engine.rng import Rng
from wargame.games.aegean_strike import detection, strategy, supply
from wargame.games.aegean_strike.charts import tables

pytestmark = pytest.mark.game("aegean-strike")
SF = "us-sf"
MARINES = "us-22-mau"
FAR_FROM_BENINA = "S0106"
"""Tripoli's strategic hex, three from the special forces' (``NEAR_BENINA``)."""


def libyans_away(*kept: str):
    """An edit: Libya's ground units at Tripoli, but ``kept`` (left beside Benina)."""

    def edit(data):
        for uid, record in data["ground"].items():
            if uid.startswith("ly-") and uid not in kept:
                record["hex"] = FAR_FROM_BENINA

    return edit


def rank(found, side, text):
    return strategy.rank(reckoning(found), side, text)


# -- special operations (11.12) ------------------------------------------------------------------
@pytest.mark.rule("11.12")
def test_a_raid_counts_its_hits_to_come_and_raises_the_raiders_chance():
    """Five raids to come (turns 2-6), each a hit on a d10 of 3 or less: 1.5 hits, half of
    them beside Benina's Libyan armour (the unit may be lost first)."""
    start = assigning()
    deployed = act(start, "a", f"raid {SF} benina")
    raids = strategy.raids_to_come(deployed.data)
    assert raids == 5
    assert strategy.raid_hits(reckoning(start), "a") == 0.0
    exposed = strategy.raid_hits(reckoning(deployed), "a")
    assert exposed == pytest.approx(0.3 * raids * strategy.WEIGHTS.raid_exposed)
    assert chance(deployed, "a") > chance(start, "a")
    assert chance(deployed, "a") + chance(deployed, "b") == pytest.approx(1.0)
    safe = edited(deployed, libyans_away())
    assert strategy.raid_hits(reckoning(safe), "a") == pytest.approx(0.3 * raids)


@pytest.mark.rule("11.12")
def test_a_raid_is_tried_later_when_its_unit_is_exposed_and_not_in_the_last_turn():
    exposed = assigning()
    safe = edited(exposed, libyans_away())
    assert rank(safe, "a", f"raid {SF} benina") > rank(exposed, "a", f"raid {SF} benina") > 0
    last = edited(safe, lambda data: data.update(turn=data["last_turn"]))
    assert strategy.raids_to_come(last.data) == 0
    assert rank(last, "a", f"raid {SF} benina") < 0  # no raid would come: after "done"
    assert ordered(last, "a").index("done") < ordered(last, "a").index(f"raid {SF} benina")
    deployed = act(last, "a", f"raid {SF} benina")
    assert strategy.raid_hits(reckoning(deployed), "a") == 0.0


@pytest.mark.rule("11.12")
def test_a_unit_on_a_raid_attacks_no_one_in_the_reckoning():
    """The special forces and the Marines beside Benina's commandos threaten an attack; with
    the special forces deployed, the Marines alone threaten less."""

    def marines_ashore(data):
        data["ground"][MARINES].update(hex=NEAR_BENINA, aboard=None)

    start = edited(edited(assigning(), libyans_away("ly-cdo")), marines_ashore)
    deployed = act(start, "a", f"raid {SF} benina")
    assert strategy.ground_hits(reckoning(deployed), "a") > 0.0
    assert strategy.ground_hits(reckoning(deployed), "a") < strategy.ground_hits(
        reckoning(start), "a"
    )


@pytest.mark.rule("11.12")
@pytest.mark.rule("14.01")
def test_the_bots_never_read_a_raid_they_do_not_detect():
    """Libya does not detect the US special forces near Benina: two true states that differ
    only in whether they are on a raid look the same to it and its bot answers alike, though
    the evaluation of the true states (which a bot never sees) tells them apart."""
    deployed = act(assigning(), "a", f"raid {SF} benina", "done")
    found = passing(deployed, lambda s: GAME.active(s) == ["b"])
    assert SF in detection.hidden_from(tables(found), found.data, "b")

    def not_deployed(data):
        data["ground"][SF].pop("special_op")

    other = edited(found, not_deployed)
    other.seed += 1
    assert chance(found, "b") != chance(other, "b")
    view = GAME.view(found, "b")
    assert view == GAME.view(other, "b")
    sampled = GAME.determinize(view, "b", Rng(3))
    assert strategy.raid_hits(reckoning(sampled), "a") == 0.0  # the raid is not in the view
    choices = [make_bot("greedy", GAME, "b", 11).choose(GAME.view(s, "b")) for s in (found, other)]
    assert choices[0] == choices[1]


# -- minefields (13.08) --------------------------------------------------------------------------
@pytest.mark.rule("13.08")
def test_a_ships_move_into_a_known_enemy_field_is_tried_after_the_others():
    free = act(naval_segment(ship_at(FRIGATE, MARMARA)), "a", f"sail {FRIGATE}")
    mined = act(naval_segment(ship_at(FRIGATE, MARMARA, DARDANELLES)), "a", f"sail {FRIGATE}")
    into = f"to {DARDANELLES}"
    assert rank(free, "a", into) - rank(mined, "a", into) == strategy.WEIGHTS.mine_detour
    others = [t for t in ordered(mined, "a") if t != into]
    assert all(rank(mined, "a", t) > rank(mined, "a", into) for t in others)
    own = edited(mined, lambda data: data["mines"].update({DARDANELLES: "a"}))
    assert rank(own, "a", into) == rank(free, "a", into)  # its own side knows the lanes


@pytest.mark.rule("13.08")
def test_a_field_is_worth_a_share_of_a_strike_while_an_enemy_ship_may_reach_it():
    """Libya's field in the Dardanelles, the British frigate in the Marmara beside it, then far
    off on the strategic map."""
    start = naval_segment(ship_at(FRIGATE, MARMARA))
    mined = naval_segment(ship_at(FRIGATE, MARMARA, DARDANELLES))
    strike = 3 / 10 * 2  # table mines: a d10 of 3 or less, 2 hits
    worth = strategy.mines_worth(reckoning(mined), "b")
    assert worth == pytest.approx(strategy.WEIGHTS.mine_entry * strike)
    assert strategy.mines_worth(reckoning(start), "b") == 0.0
    assert chance(mined, "b") > chance(start, "b")

    def far_away(data):
        for uid, record in data["naval"].items():
            if uid.startswith(("us-", "uk-")):
                record["hex"] = "S0103"

    assert strategy.mines_worth(reckoning(edited(mined, far_away)), "b") == 0.0
    swept = edited(mined, lambda data: data["mines"].clear())  # as an MCM sweeps it
    assert chance(swept, "a") > chance(mined, "a")


@pytest.mark.rule("13.08")
def test_a_minelayer_lays_its_field_where_enemy_ships_may_reach_it():
    """The US destroyers lay their one field in the operational map's south-western corner,
    inside the strategic hex of Libya's submarine (S0307), before passing; in the Marmara,
    far from Libya's ships, after."""
    near = naval_segment(ship_at(DESTROYERS, "0435"))
    assert rank(near, "a", f"mine {DESTROYERS}") > 0
    laid = act(near, "a", f"mine {DESTROYERS}")
    assert strategy.mines_worth(reckoning(laid), "a") > 0.0
    assert chance(laid, "a") > chance(near, "a")
    far = naval_segment(ship_at(DESTROYERS, MARMARA))
    assert rank(far, "a", f"mine {DESTROYERS}") < 0


# -- supply during movement (12.02, 11.04) -------------------------------------------------------
ARMOUR = "tu-3-armd"
"""A Turkish armoured brigade at Corlu in the Greece-Turkey war's first ground segment: an
attrition hit would land on it (it takes more than one)."""


@pytest.fixture
def cut_off(monkeypatch):
    """A function that puts a hex out of supply for ground units (the supply traces stubbed,
    the kept land traces forgotten)."""
    hexes: set[str] = set()
    by_land, traced = supply.supplied_by_land, supply.in_supply

    def supplied_by_land(g_tables, data, uid):
        return data["ground"][uid]["hex"] not in hexes and by_land(g_tables, data, uid)

    def in_supply(g_tables, data, uid, scenario):
        here = data["ground"][uid]["hex"]
        return here not in hexes and traced(g_tables, data, uid, scenario)

    monkeypatch.setattr(strategy, "_SUPPLIED", Answers(4096))
    monkeypatch.setattr(supply, "supplied_by_land", supplied_by_land)
    monkeypatch.setattr(supply, "in_supply", in_supply)

    def cut(hex_id):
        hexes.add(hex_id)
        monkeypatch.setattr(strategy, "_SUPPLIED", Answers(4096))  # the traces kept are stale

    return cut


def armour_marching():
    return act(truck_segment(), "b", f"march {ARMOUR}")


@pytest.mark.rule("12.02")
@pytest.mark.rule("11.04")
def test_a_unit_marched_out_of_supply_costs_its_side(cut_off):
    """The armour marched to its first destination, in supply and then cut off there: the
    same position costs its side ``unsupplied`` more; a unit that did not march is not
    traced (its hex cut off too)."""
    marching = armour_marching()
    hex_id = ordered(marching, "b")[0].split()[1]
    there = act(marching, "b", f"to {hex_id}")
    worth, before = strategy.supply_worth(reckoning(there), "b"), chance(there, "b")
    assert strategy.marched_out_of_supply(reckoning(there), "b") == set()
    cut_off(hex_id)
    assert strategy.marched_out_of_supply(reckoning(there), "b") == {ARMOUR}
    lost = worth - strategy.supply_worth(reckoning(there), "b")
    assert lost == pytest.approx(strategy.WEIGHTS.unsupplied)
    assert chance(there, "b") < before
    cut_off(TRUCK_HEX)  # Corlu: the truck and the artillery, which did not march
    assert strategy.marched_out_of_supply(reckoning(there), "b") == {ARMOUR}


@pytest.mark.rule("12.02")
def test_a_marching_units_destinations_in_supply_come_first(cut_off):
    """The armour's nearest hex to the enemy first, until it is cut off: then the sixteen
    destinations kept are all in supply."""
    marching = armour_marching()
    everywhere = ordered(marching, "b")
    cut_off(everywhere[0].split()[1])
    first = ordered(marching, "b")
    kept = strategy.WEIGHTS.places
    assert len(everywhere) == len(first) == kept  # hexes beyond the nearest are cut
    assert everywhere[0] not in first  # sixteen in supply kept before the one cut off
    assert first[: kept - 1] == everywhere[1:]  # in their order otherwise
