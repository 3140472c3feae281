"""Asia Engulfed's optional rules, designed: simplified transport and supply (13.1,
simplified_supply.py) and paratroop drops (13.4, paratroops.py), each a set-up option."""

import copy

import pytest

from tests.asia_engulfed.positions import (
    END,
    JAN1942_NETWORK,
    in_full_supply,
    mark_supply,
    offered,
    pass_to,
    play,
)
from wargame.engine.action import Action
from wargame.engine.errors import IllegalAction
from wargame.engine.fog import new_unit
from wargame.engine.overlay import OPTION as OVERLAY
from wargame.games.asia_engulfed import GAME
from wargame.games.asia_engulfed.charts import TABLES, SimplifiedSupply, tables
from wargame.games.asia_engulfed.forces import load as load_forces
from wargame.games.asia_engulfed.influence import influence
from wargame.games.asia_engulfed.paratroops import drop_reach
from wargame.games.asia_engulfed.simplified_supply import automatic_network
from wargame.games.asia_engulfed.state import block_face, block_label, catalogue

pytestmark = pytest.mark.game("asia-engulfed")

SIMPLIFIED = {"simplified_supply": True}
PARATROOPS = {"paratroops": True}


def first_supply(options=None):
    """Japan's first turn of January 1942 once its naval movement phase ended."""
    return GAME.apply(GAME.setup("jan1942", 7, options), "japan", END)


# -- 13.1 simplified transport and supply ------------------------------------------------------


@pytest.mark.rule("13.1")
def test_without_the_option_japan_places_its_network_marker_by_marker():
    assert GAME.setup("jan1942", 7).data["tracks"]["transports_available"] == 12
    state = first_supply()
    assert state.data["phase"] == "first_supply"
    assert "network east_china_sea" in offered(state, "japan", "network")


@pytest.mark.rule("13.1", "1.1")
def test_with_the_option_the_network_takes_two_thirds_of_the_capacity_up_front():
    state = GAME.setup("jan1942", 7, SIMPLIFIED)
    assert state.data["phase"] == "naval_movement"
    assert state.data["tracks"]["transports_available"] == 12 - 8


@pytest.mark.rule("13.1", "3.5", "3.51")
def test_with_the_option_the_network_is_worked_out_and_the_phase_asks_nothing():
    state = first_supply(SIMPLIFIED)
    assert state.data["phase"] == "production"  # no network decision
    network = state.data["network"]
    assert network["submarine"] is None
    assert set(JAN1942_NETWORK) <= set(network["markers"])
    assert state.data["tracks"]["transports_available"] == 4  # nothing more paid
    assert state.data["supply"]["japan"]["marked"] == []  # every Japanese unit supplied
    assert any(e.key == "log.automatic_network" for e in state.log)


@pytest.mark.rule("13.1", "3.51")
def test_allied_dominant_influence_cuts_the_automatic_network():
    data = copy.deepcopy(first_supply(SIMPLIFIED).data)
    network = automatic_network(data)
    sea = next(s for s in sorted(network.markers) if influence(data)[s] is None)
    data["units"]["us-cv-a"]["where"] = sea  # a US carrier projects influence alone there
    assert influence(data)[sea] == "allies"
    assert sea not in automatic_network(data).markers


def overlaid(table, values):
    return {OVERLAY: TABLES.normalize({"tables": {table: values}}, "test overlay")}


@pytest.mark.rule("13.1")
def test_the_share_is_a_table_an_overlay_may_change():
    assert tables(GAME.setup("jan1942", 7)).simplified_supply.charge(11) == 8  # rounded up
    assert SimplifiedSupply(numerator=1, denominator=2).charge(11) == 6
    half = overlaid("t13_1_simplified_supply", {"numerator": 1, "denominator": 2})
    state = GAME.setup("jan1942", 7, {**SIMPLIFIED, **half})
    assert state.data["tracks"]["transports_available"] == 12 - 6


# -- 13.4 paratroops ---------------------------------------------------------------------------


def pools(state):
    return {unit for units in state.data["pools"].values() for unit in units}


def at_operational_movement(options=PARATROOPS, para_at="luzon"):
    """Japan's operational movement of January 1942, the Japanese paratroop block (2 steps)
    taken from the pool to ``para_at``, every unit in full supply."""
    state = first_supply(options)
    for sea in JAN1942_NETWORK:
        state = GAME.apply(state, "japan", Action.of("network", sea))
    state = pass_to(GAME.apply(state, "japan", END), "japan", "operational_movement")
    state = copy.deepcopy(state)  # nothing asked of it yet: a test may change its data
    in_full_supply(state.data)
    if para_at is not None:
        place(state.data, "jp-para", para_at)
    return state


def place(data, unit_id, where):
    forces = load_forces()
    block = forces.units[unit_id]
    data["pools"][block.power].remove(unit_id)
    face, label = block_face(block, forces), {**block_label(block), "steps": 2}
    data["units"][unit_id] = new_unit("japan", where, face, label)


@pytest.mark.rule("13.4")
def test_without_the_option_no_paratroop_is_in_play_or_drops():
    state = at_operational_movement(options=None, para_at=None)
    assert pools(state).isdisjoint({"jp-para", "us-para", "cw-para"})
    assert offered(state, "japan", "drop") == []


@pytest.mark.rule("13.4")
def test_with_the_option_each_power_with_paratroops_has_one_in_its_pool():
    state = GAME.setup("jan1942", 7, PARATROOPS)
    pooled = state.data["pools"]
    assert "jp-para" in pooled["japan"] and "us-para" in pooled["usa"]
    assert "cw-para" in pooled["cw"]


@pytest.mark.rule("13.1", "13.4")
def test_both_options_are_offered_off_by_default():
    defaults = {spec.name: spec.default for spec in GAME.options()}
    assert defaults["simplified_supply"] is False and defaults["paratroops"] is False


@pytest.mark.rule("13.4")
def test_the_other_side_draws_its_blanks_knowing_the_paratroops_are_in_play():
    on = GAME.setup("jan1942", 7, PARATROOPS)
    assert on.data["tracks"]["paratroops_in_play"] == 1
    assert "jp-para" in {c.id for c in catalogue(on.data)}
    assert "jp-para" not in {c.id for c in catalogue(GAME.setup("jan1942", 7).data)}
    assert "jp-para" not in str(GAME.view(on, "allies"))  # its pool block is Japan's secret


@pytest.mark.rule("13.4")
def test_a_paratroop_drops_into_enemy_areas_within_two_land_areas_or_one_sea_area():
    state = at_operational_movement()
    drops = offered(state, "japan", "drop")
    targets = {text.split()[2] for text in drops}
    assert {"bataan", "leyte", "singapore", "dutch_borneo"} <= targets  # across a sea area
    assert "formosa" not in targets  # Japanese-held
    assert all(state.data["control"][t] == "allies" for t in targets)
    assert targets <= drop_reach("luzon", tables(state))
    assert "fiji" not in drop_reach("luzon", tables(state))  # beyond the reach


@pytest.mark.rule("13.4", "3.6")
def test_a_paratroop_out_of_full_supply_or_in_a_contested_area_does_not_drop():
    state = at_operational_movement()
    mark_supply(state.data, "jp-para", "partial")
    assert offered(state, "japan", "drop") == []
    state = at_operational_movement(para_at="malaya")  # contested
    assert offered(state, "japan", "drop") == []
    with pytest.raises(IllegalAction):
        GAME.apply(state, "japan", Action.parse("drop jp-para singapore"))


@pytest.mark.rule("13.4")
def test_the_drops_a_turn_are_a_table_an_overlay_may_change():
    none = overlaid("t13_4_paratroops", {"land_areas": 2, "sea_areas": 1, "drops_per_turn": 0})
    assert offered(at_operational_movement({**PARATROOPS, **none}), "japan", "drop") == []


@pytest.mark.rule("13.4", "3.25")
def test_an_undefended_area_changes_hands_only_at_the_end_of_the_ground_combat_phase():
    state = play(at_operational_movement(), "japan", "drop jp-para leyte")
    assert state.data["units"]["jp-para"]["where"] == "leyte"
    assert state.data["control"]["leyte"] == "allies"  # not yet (3.25)
    assert state.data["invasions"]["leyte"]["dropped"] == 1
    assert offered(state, "japan", "drop") == []  # it moved
    state = pass_to(state, "japan", "ground_combat")
    assert state.data["control"]["leyte"] == "allies"
    state = play(state, "japan", "end")  # the ground combat phase is over, then the turn
    assert state.data["control"]["leyte"] == "japan"
    assert state.data["units"]["jp-para"]["where"] == "leyte"  # supplied by sea (3.8)


@pytest.mark.rule("13.4")
def test_a_drop_into_a_defended_area_contests_it_and_is_fought_as_an_invasion():
    state = play(at_operational_movement(), "japan", "drop jp-para bataan")
    assert "bataan" in state.data["contested"]
    assert "bataan" in state.data["newly_contested"]  # its battle is mandatory (6.1)
    assert "bataan" in state.data["invasions"]  # the defender's first-round bonus (7.21)
    allied_log = str(GAME.view(state, "allies")["log"][-3:])
    assert "jp-para" not in allied_log and "orange" in allied_log  # a blank block drops


@pytest.mark.rule("13.4")
def test_one_drop_a_side_each_player_turn():
    state = at_operational_movement()
    place(state.data, "us-para", "luzon")  # a second paratroop, for the test
    state.data["units"]["us-para"]["owner"] = "japan"
    assert {t.split()[1] for t in offered(state, "japan", "drop")} == {"jp-para", "us-para"}
    state = play(state, "japan", "drop jp-para leyte")
    assert offered(state, "japan", "drop") == []
