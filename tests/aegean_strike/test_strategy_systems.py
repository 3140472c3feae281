"""What Aegean Strike's bots (strategy.py) weigh of the systems added after the first ones: the
supply depots consumed, kept and dismantled (12.01), the wear of ground units (11.04), targets
the side does not detect and the special forces' reconnaissance that finds them (11.12, 14.01),
airmobile landings in the field (9.03), bridges over the Straits (11.08) and minelaying from
the air (13.08). Each position is one where the term changes the score or the choice."""

from __future__ import annotations

import pytest

from tests.aegean_strike.play import GAME, act, actions, edited, first_segment, passing, prompt
from tests.aegean_strike.test_air_mines import minelaying
from tests.aegean_strike.test_depots import HERAKLION, TRIPOLI, at_step, depot, stranded
from tests.aegean_strike.test_ground_trucks import TRUCK_HEX, put, truck_segment
from tests.aegean_strike.test_recon import WATCHED, assigning
from wargame.bots import make_bot
from wargame.engine.memo import Answers
from wargame.games.aegean_strike import strategy, supply
from wargame.games.aegean_strike.charts import tables

pytestmark = pytest.mark.game("aegean-strike")


def chance(found, side):
    return GAME.evaluate(found, side)


def reckoning(found):
    return strategy.Reckoning(found, tables(found))


def ordered(found, side):
    return [a.text for a in GAME.order_actions(found, side, GAME.legal_actions(found, side))]


def greedy(found, side):
    return make_bot("greedy", GAME, side, 5).choose(GAME.view(found, side))


# -- depots and wear (12.01, 11.04) --------------------------------------------------------------
@pytest.mark.rule("12.01")
@pytest.mark.rule("11.04")
def test_an_out_of_supply_nation_consumes_its_depot_rather_than_take_the_attrition_hit():
    """Libya's armour on Crete, out of supply beside its depot: consuming it spares the hit,
    which the evaluation counts (its wear), so the bots consume rather than decline."""
    found = at_step("prompt.consume", stranded)
    consumed, declined = act(found, "b", f"consume {HERAKLION}"), act(found, "b", "done")
    assert declined.data["ground"]["ly-2-armd"]["hits"] == 1  # the hit taken
    assert chance(consumed, "b") > chance(declined, "b")
    assert ordered(found, "b")[0] == f"consume {HERAKLION}"
    assert greedy(found, "b") == f"consume {HERAKLION}"


@pytest.mark.rule("11.04")
def test_the_attrition_hits_due_count_until_a_consumed_depot_spares_them():
    found = at_step("prompt.consume", stranded)
    found_ = reckoning(found)
    assert strategy.attrition_due(found_, "b") >= {"ly-2-armd", "ly-1-armd"}
    assert strategy.depot_spares(found_, HERAKLION) == {"ly-2-armd"}  # the other is too far
    consumed = act(found, "b", f"consume {HERAKLION}")
    worth = strategy.supply_worth(reckoning(consumed), "b")
    assert worth == strategy.supply_worth(found_, "b")  # the hit spared is the depot's worth
    assert strategy.supply_worth(reckoning(act(found, "b", "done")), "b") < worth


@pytest.mark.rule("9.06")
def test_a_hit_a_ground_unit_carries_costs_its_side():
    start = first_segment()
    worn = edited(start, lambda data: data["ground"]["ly-2-armd"].update(hits=1))
    assert strategy.supply_worth(reckoning(worn), "b") == -strategy.WEIGHTS.worn
    assert chance(worn, "b") < chance(start, "b")
    assert chance(worn, "a") + chance(worn, "b") == pytest.approx(1.0)


@pytest.fixture
def cut_off(monkeypatch):
    """Libya's 2nd Armoured, at Tripoli, out of supply (the supply trace stubbed), the kept
    traces of depots forgotten."""
    monkeypatch.setattr(strategy, "_SPARED", Answers(64))
    traced = supply.in_supply

    def in_supply(g_tables, data, uid, scenario):
        return uid != "ly-2-armd" and traced(g_tables, data, uid, scenario)

    monkeypatch.setattr(supply, "in_supply", in_supply)


def building(edit):
    """Libya at the depots' building step of turn 1 (after its attrition), after ``edit``."""
    found = passing(
        at_step("prompt.consume", depot(TRIPOLI, "ly")),
        lambda s: (
            prompt(s, GAME.active(s)[0]).startswith("prompt.depots") and GAME.active(s) == ["b"]
        ),
    )
    return edited(found, edit)


@pytest.mark.rule("12.01")
def test_a_depot_its_units_will_need_next_final_stage_is_kept_not_dismantled(cut_off):
    """The armour will take the attrition hit next Final Stage too: Tripoli's depot that would
    spare it is kept while Libya has more SP than its aircraft may spend, and dismantled for
    its 4 SP when they have none; a depot no unit needs is dismantled for its SP first."""

    def fresh(data):
        data["ground"]["ly-2-armd"]["hits"] = 0
        data["sp"]["ly"] = 200  # more than its aircraft may spend to the end

    found = building(fresh)
    dismantle = f"dismantle {TRIPOLI} ly"
    assert dismantle in actions(found, "b")
    assert strategy.depot_spares(reckoning(found), TRIPOLI) == {"ly-2-armd"}
    order = ordered(found, "b")
    assert order.index("done") < order.index(dismantle)
    assert greedy(found, "b") == "done"
    kept, dismantled = act(found, "b", "done"), act(found, "b", dismantle)
    assert chance(kept, "b") > chance(dismantled, "b")

    dry = edited(found, lambda data: data["sp"].update(ly=0))
    assert greedy(dry, "b") == dismantle

    unneeded = edited(found, lambda data: data["ground"]["ly-2-armd"].update(hits=1))
    assert strategy.depot_spares(reckoning(unneeded), TRIPOLI) == set()  # hit never lands
    assert ordered(unneeded, "b")[0] == dismantle


# -- detection and reconnaissance (14, 11.12) ----------------------------------------------------
@pytest.mark.rule("11.12")
@pytest.mark.rule("14.01")
def test_reconnaissance_goes_where_it_finds_enemy_units_the_side_does_not_see():
    """A Libyan unit two hexes from WATCHED, hidden from Player A: the special forces watch
    WATCHED first (their first reconnaissance offered), and the unit found counts as a sure
    target where it counted half."""
    start = assigning()
    order = ordered(start, "a")
    recons = [t for t in order if t.startswith("recon us-sf ")]
    found = reckoning(start)
    best = strategy.rank(found, "a", f"recon us-sf {WATCHED}")
    assert strategy.rank(found, "a", recons[0]) == best > 0  # before "done"
    assert strategy.distance(recons[0].split()[2], "2522") <= 2  # it finds the unit
    assert order.index(recons[0]) < order.index("done")
    assert strategy.rank(found, "a", "recon us-sf 2022") < 0  # its own hex finds no one

    def sureness(found):
        return {t[4] for t in strategy.enemy_targets(reckoning(found), "a") if t[0] == "2522"}

    watching = act(start, "a", f"recon us-sf {WATCHED}")
    assert sureness(start) == {strategy.WEIGHTS.unseen} and sureness(watching) == {1.0}


@pytest.mark.rule("14.01")
@pytest.mark.rule("14.04")
def test_an_undetected_target_is_worth_less_to_a_strike_than_a_detected_one():
    """The evaluation reads what the side sees of the enemy (14): Libya's ships at Benina and
    Tripoli, undetected by Player A at the start, count half as targets for its ASM strikes;
    seen (they fought where they are), they count whole."""
    start = first_segment()
    ships = {u: r["hex"] for u, r in start.data["naval"].items() if u.startswith("ly-")}
    assert set(ships) <= strategy.detection.hidden_from(tables(start), start.data, "a")
    seen = edited(start, lambda data: data["fought"].update(ships))
    assert strategy.air_hits(reckoning(start), "a") < strategy.air_hits(reckoning(seen), "a")
    assert chance(start, "a") < chance(seen, "a")


# -- airmobile landings in the field (9.03) ------------------------------------------------------
@pytest.mark.rule("9.03")
def test_an_airmobile_group_lands_nearest_the_enemy_first_and_few_hexes_are_kept():
    from tests.aegean_strike.test_airmobile_field import enemy_at, fields, loaded

    found = loaded("us-c130", enemy_at("2628", seen=True))
    order = [t.split()[1] for t in ordered(found, "a") if t.startswith("field ")]
    assert 0 < len(order) <= strategy.WEIGHTS.places < len(fields(found))
    gaps = [strategy.distance(h, "2628") for h in order]
    assert gaps == sorted(gaps) and gaps[0] == min(
        strategy.distance(h, "2628") for h in fields(found)
    )


# -- bridges (11.08) -----------------------------------------------------------------------------
@pytest.mark.rule("11.08")
def test_a_bridge_is_blown_when_the_enemy_across_is_the_stronger():
    from tests.aegean_strike.test_bridges import KARTAL, bridges_step

    quiet = bridges_step()
    blow = "blow tu-engr 3910 4009"
    assert ordered(quiet, "a")[0] == "done"  # no enemy across: the bridge stays
    threatened = edited(quiet, lambda data: data["ground"]["bu-11-mrd"].update(hex=KARTAL))
    assert ordered(threatened, "a")[0].startswith("blow ") and blow in ordered(threatened, "a")
    assert strategy.rank(reckoning(threatened), "a", "bridge tu-engr 3910 4010") < 0


# -- minelaying from the air (13.08) -------------------------------------------------------------
@pytest.mark.rule("13.08")
def test_a_minelaying_group_lays_its_field_nearest_the_enemy_ships():
    group = minelaying()
    order = [t.split()[1] for t in ordered(group, "a") if t.startswith("target ")]
    offered = [t.split()[1] for t in actions(group, "a") if t.startswith("target ")]
    ships = [r["hex"] for u, r in group.data["naval"].items() if u.startswith("ly-")]
    assert 0 < len(order) <= strategy.WEIGHTS.places < len(offered)

    def gap(h):
        return min(strategy.distance(h, s) for s in ships)

    assert gap(order[0]) == min(gap(h) for h in offered)
    assert strategy.rank(reckoning(first_segment()), "a", "mission minelaying") > 0


@pytest.mark.rule("13.09")
def test_a_unit_marching_toward_the_enemy_goes_by_truck_first():
    """Turkey's infantry brigade beside its truck at Corlu, far from the Greeks: the ordering
    tries the truck's carry before the brigade's own march (13.09, 11.02)."""
    found = truck_segment(put("tu-gn-ankara", TRUCK_HEX))
    texts = ordered(found, "b")
    carried, marched = "carry tu-truck tu-gn-ankara", "march tu-gn-ankara"
    assert texts.index(carried) < texts.index(marched) < texts.index("end")
