"""Aegean Strike's optional rules (19) and scenario balance (20): set-up options, each off by
default, that change play when chosen and nothing when not (optional.py)."""

import pytest

from tests.aegean_strike.play import GAME, SCENARIO, act, actions, edited, overlay
from tests.aegean_strike.test_play import refused
from wargame.engine.action import Action
from wargame.engine.errors import IllegalAction, UnknownGame
from wargame.games.aegean_strike import air, detection, optional, state, supply
from wargame.games.aegean_strike.charts import TABLES, tables
from wargame.games.aegean_strike.forces import forces

pytestmark = pytest.mark.game("aegean-strike")

CARRIER = "us-cvn-69"
BENINA = "S0406"
NEAR_LIBYA = "S0305"
FORTY_OUT = "S0303"
"""A strategic hex 40 operational hexes from Benina: an A-6's strike reaches 30."""


def strike_segment(options, where=FORTY_OUT):
    """Player A's first air segment with the carrier and its E-2 at ``where``."""
    start = GAME.setup(SCENARIO, 7, options)
    segment = act(start, "b", "done")
    segment = act(segment, "a", "done", "end", "end")

    def edit(data):
        data["naval"][CARRIER]["hex"] = where
        data["ewda"]["us-e2"] = where

    return edited(segment, edit)


def ship_fire_at_a6(options):
    """The A-6 strikes Benina's ships, the charts giving one hit in every cell; the log's
    ship fire and the A-6's hits once the ships have fired."""
    options = {**options, "rules_overlay": overlay(air_naval_combat=1)}
    found = act(
        strike_segment(options, NEAR_LIBYA),
        "a",
        "launch us-va34",
        "mission asm_strike",
        "target " + BENINA,
    )
    fired = act(found, "b", "pass")
    shots = [e.params for e in fired.log if e.key == "log.ship_fire"]
    return shots, fired.data["air"]["us-va34"]["hits"], fired


OFF = {
    "air_refuelling": False,
    "speed_differences": False,
    "electronic_warfare": False,
    "jamming": False,
    "single_missions": False,
    "anti_radiation": False,
    "satellites": False,
    "mobile_supply": False,
    "air_minesweeping": False,
    "cruise_missiles": False,
    "balance": "none",
}


def test_every_option_is_off_by_default_and_off_changes_nothing():
    assert GAME.resolve_options({}) == OFF
    plain = GAME.setup(SCENARIO, 7)
    off = GAME.setup(SCENARIO, 7, OFF)
    assert off.data == plain.data
    assert off.log == plain.log


def test_a_bad_option_value_is_refused_in_one_line():
    with pytest.raises(UnknownGame, match="option balance cannot be 'c'"):
        GAME.setup(SCENARIO, 7, {"balance": "c"})


@pytest.mark.rule("19.04")
def test_air_refuelling_lets_a_refuellable_strike_reach_one_strategic_hex_farther():
    plain = act(strike_segment({}), "a", "launch us-va34")
    assert "mission bombing_strike" not in actions(plain, "a")
    with pytest.raises(IllegalAction):
        GAME.apply(plain, "a", Action("mission bombing_strike"))
    refuelled = strike_segment({"air_refuelling": True})
    assert refuelled.data["refuelling"]["a-6"] == 10
    flying = act(refuelled, "a", "launch us-va34", "mission bombing_strike")
    assert "target " + BENINA in actions(flying, "a")
    assert any(e.key == "log.refuelling" for e in refuelled.log)


@pytest.mark.rule("19.04")
def test_air_refuelling_helps_only_the_types_of_its_table_and_no_airmobile_mission():
    data = GAME.setup(SCENARIO, 7, {"air_refuelling": True}).data
    table = TABLES.defaults["air_refuelling"]
    assert set(table.types) <= set(forces().air_types)
    assert optional.extra_reach(data, "us-va34", "bombing_strike") == table.bonus
    assert optional.extra_reach(data, "us-va34", "airmobile_transport") == 0
    helicopters = [t for t, kind in forces().air_types.items() if kind.helicopter]
    assert helicopters and not set(helicopters) & set(table.types)
    assert air.reach({}, "us-va34", "bombing_strike") == 30


@pytest.mark.rule("20")
def test_scenario_balance_gives_the_side_named_a_quarter_more_sp():
    plain = GAME.setup(SCENARIO, 7).data["sp"]
    helped = GAME.setup(SCENARIO, 7, {"balance": "b"})
    assert helped.data["sp"] == {**plain, "ly": plain["ly"] + plain["ly"] // 4}
    assert any(e.key == "log.balance" for e in helped.log)
    for_a = GAME.setup(SCENARIO, 7, {"balance": "a"}).data["sp"]
    assert for_a["us"] == plain["us"] * 5 // 4 and for_a["ly"] == plain["ly"]


@pytest.mark.rule("19.04")
@pytest.mark.rule("20")
def test_the_options_read_their_tables_from_the_rules_overlay():
    tables = {
        "air_refuelling": {"bonus": 20, "types": ["a-6"]},
        "scenario_balance": {"sp_percent": 50},
    }
    overlay = {"game": "aegean-strike", "name": "test", "tables": tables}
    options = {"rules_overlay": overlay, "air_refuelling": True, "balance": "a"}
    found = GAME.setup(SCENARIO, 7, options).data
    assert found["refuelling"] == {"a-6": 20}
    assert found["sp"]["us"] == GAME.setup(SCENARIO, 7).data["sp"]["us"] * 3 // 2


@pytest.mark.rule("19.05")
def test_speed_differences_let_only_the_fast_types_intercept_farther():
    plain = GAME.setup(SCENARIO, 7).data
    fast = GAME.setup(SCENARIO, 7, {"speed_differences": True})
    bonus = TABLES.defaults["aircraft_speed"].interception_bonus
    assert air.reach(fast.data, "ly-mig25", "air_interception") == (
        air.reach(plain, "ly-mig25", "air_interception") + bonus
    )
    assert air.reach(fast.data, "ly-mig25", "ferry") == air.reach(plain, "ly-mig25", "ferry")
    slow = next(u for u in plain["air"] if state.unit(u).type not in fast.data["speed"])
    assert air.reach(fast.data, slow, "air_interception") == (
        air.reach(plain, slow, "air_interception")
    )
    assert any(e.key == "log.speed" for e in fast.log)


@pytest.mark.rule("19.08")
def test_anti_radiation_missiles_lower_the_ships_fire_at_a_group_carrying_them():
    shots, hits, _ = ship_fire_at_a6({})
    assert shots[0]["attack"] == 1 and hits == 1
    shots, hits, fired = ship_fire_at_a6({"anti_radiation": True})
    assert shots[0]["attack"] == 0 and hits == 0
    cut = [e.params for e in fired.log if e.key == "log.arm_fire"]
    assert cut == [{"hex": BENINA, "cut": TABLES.defaults["anti_radiation"].suppression}]


def lone_strike(options, chance=None):
    """The A-6 alone bound for Benina, a Libyan MiG-23 in Intercept mode there."""
    if chance is not None:
        tables = {"single_missions": {"unseen_chance": chance}}
        options = {
            **options,
            "rules_overlay": {"game": "aegean-strike", "name": "t", "tables": tables},
        }

    def edit(data):
        data["air"]["ly-mig23"]["mode"] = "intercept"

    segment = edited(strike_segment(options, NEAR_LIBYA), edit)
    return act(segment, "a", "launch us-va34", "mission bombing_strike", "target " + BENINA)


@pytest.mark.rule("19.06")
def test_a_lone_aircraft_may_slip_past_the_interceptors():
    assert "intercept ly-mig23" in actions(lone_strike({}), "b")
    unseen = lone_strike({"single_missions": True}, chance=10)
    assert "intercept ly-mig23" not in actions(unseen, "b")
    assert any(e.key == "log.lone_unseen" for e in unseen.log)
    seen = lone_strike({"single_missions": True}, chance=0)
    assert "intercept ly-mig23" in actions(seen, "b")
    assert not any(e.key.startswith("log.lone_") for e in seen.log)


@pytest.mark.rule("19.02")
def test_an_electronic_warfare_escort_covers_a_strike_with_its_ecm():
    options = {"rules_overlay": overlay(air_naval_combat=1)}
    plain = act(strike_segment(options, NEAR_LIBYA), "a", "launch us-va34", "mission asm_strike")
    assert "escort us-vaq130" not in actions(plain, "a")
    options["electronic_warfare"] = True
    found = act(strike_segment(options, NEAR_LIBYA), "a", "launch us-va34", "mission asm_strike")
    assert "escort us-vaq130" in actions(found, "a")
    fired = act(act(found, "a", "escort us-vaq130", "target " + BENINA), "b", "pass")
    shots = [e.params for e in fired.log if e.key == "log.ship_fire"]
    assert shots and shots[0]["attack"] == 0
    assert fired.data["air"]["us-va34"]["hits"] == 0


@pytest.mark.rule("19.03")
def test_jamming_shortens_the_enemy_detection_for_interception_only():
    data = GAME.setup(SCENARIO, 7, {"jamming": True}).data
    assert optional.jammed(data) == 0  # no flight under way
    data["flight"] = {"units": ["us-va34"]}
    ecm = state.air_values("us-va34").ecm
    table = TABLES.defaults["jamming"]
    assert optional.jammed(data) == (table.range_cut if ecm >= table.min_ecm else 0)
    data["flight"] = {"units": ["us-va34", "us-vaq130"]}
    assert optional.jammed(data) == table.range_cut
    plain = GAME.setup(SCENARIO, 7).data
    plain["flight"] = {"units": ["us-va34", "us-vaq130"]}
    assert optional.jammed(plain) == 0


@pytest.mark.rule("19.03")
def test_a_jamming_group_is_not_intercepted_from_the_edge_of_detection():
    data = GAME.setup(SCENARIO, 7).data
    data["air"]["ly-mig23"].update(mode="intercept", box=1, flown=False)
    base = state.base_hex(data, data["air"]["ly-mig23"]["base"])
    found = [
        hex_id
        for hex_id in state.placeable_hexes()
        if air.response_kind(TABLES.defaults, data, "ly-mig23", hex_id) == "intercept"
    ]
    assert found and base
    data["jamming"] = {"min_ecm": 3, "range_cut": 10}
    data["flight"] = {"units": ["us-vaq130"]}
    jammed = [
        hex_id
        for hex_id in found
        if air.response_kind(TABLES.defaults, data, "ly-mig23", hex_id) == "intercept"
    ]
    assert len(jammed) < len(found)


@pytest.mark.rule("19.01")
def test_satellites_find_the_enemys_ships_on_the_strategic_map_at_each_strategic_stage():
    plain = GAME.setup(SCENARIO, 7)
    found = GAME.setup(SCENARIO, 7, {"satellites": True})
    at_sea = sorted(
        u
        for u, r in found.data["naval"].items()
        if state.side_of(found.data, u) == "b"
        and state.on_strategic(r["hex"])
        and forces().naval_types[state.unit(u).type].category != "submarine"
    )
    unseen_plain = detection.hidden_from(tables(plain), plain.data, "a")
    unseen = detection.hidden_from(tables(found), found.data, "a")
    assert set(at_sea) & unseen_plain, "Libyan ships at sea are hidden without the option"
    assert not set(at_sea) & unseen
    assert "ly-ss" in unseen  # a submarine is not found
    passes = {
        e.params["side"]: e.params["count"] for e in found.log if e.key == "log.satellite_pass"
    }
    assert passes == {"a": len(at_sea)}  # Libya has no satellites
    assert not [e for e in plain.log if e.key == "log.satellite_pass"]


def _short_supply(mobile):
    """Greece at war with Turkey, its land supply range cut to 3 hexes."""
    tables_ = {"ground_supply": {"range": 3}, "special_supply": {"home_port_stocks": False}}
    overlay_ = {"game": "aegean-strike", "name": "t", "tables": tables_}
    return GAME.setup("greece_turkey_war", 7, {"rules_overlay": overlay_, "mobile_supply": mobile})


@pytest.mark.rule("19.07")
def test_a_supplied_truck_supplies_the_units_near_it_with_mobile_supply_points():
    plain, mobile = _short_supply(False), _short_supply(True)
    truck_hex = mobile.data["ground"]["gr-truck"]["hex"]
    assert truck_hex in supply.supply_points(tables(mobile), mobile.data, "a")
    assert not supply.supply_points(tables(plain), plain.data, "a")
    unit = "gr-1-inf"

    def supplied(state_, hex_id):
        data = edited(state_, lambda d: d["ground"][unit].update(hex=hex_id)).data
        return supply.in_supply(tables(state_), data, unit, state_.scenario)

    near = sorted(
        h
        for h, place in forces().hexes.items()
        if place.cls == "land" and 4 <= state.distance(h, truck_hex) <= 8
    )
    found = [h for h in near if not supplied(plain, h) and supplied(mobile, h)]
    assert found, "some hex beyond the sources' reach is within the truck's"
    far = [h for h in forces().hexes if state.distance(h, truck_hex) > 12]
    assert not supply.supplied_by_truck(
        tables(mobile), edited(mobile, lambda d: d["ground"][unit].update(hex=far[0])).data, unit
    )


def _cruise_ready(chance=5):
    """Player A's Unit Assignment in North Africa with the Iowa next to Benina's hex."""
    values = {"nations": ["us"], "types": ["bb", "ssn"], "range": 40, "chance": chance, "hits": 1}
    overlay_ = {"game": "aegean-strike", "name": "t", "tables": {"cruise_missiles": values}}
    start = act(
        GAME.setup(SCENARIO, 7, {"rules_overlay": overlay_, "cruise_missiles": True}), "b", "done"
    )

    def iowa(data):
        data["naval"]["us-bb-iowa"] = {"hex": "S0405", "hits": 0}

    return edited(start, iowa)


@pytest.mark.rule("19.09")
def test_a_us_battleship_fires_cruise_missiles_at_an_enemy_airbase_once_a_turn():
    ready = _cruise_ready(chance=10)
    assert "cruise us-bb-iowa benina" in actions(ready, "a")
    assert not [t for t in actions(ready, "a") if t.startswith("cruise us-cvn")]
    hits = ready.data["airbases"]["benina"]
    fired = act(ready, "a", "cruise us-bb-iowa benina")
    assert fired.data["airbases"]["benina"] == hits + 1
    assert fired.data["fought"]["us-bb-iowa"] == "S0405"  # the launch gives the ship away
    assert "19.09" in refused(fired, "a", "cruise us-bb-iowa")
    missed = act(_cruise_ready(chance=0), "a", "cruise us-bb-iowa benina")
    assert missed.data["airbases"]["benina"] == hits
    plain = edited(
        act(GAME.setup(SCENARIO, 7), "b", "done"),
        lambda d: d["naval"].update({"us-bb-iowa": {"hex": "S0405", "hits": 0}}),
    )
    assert not [t for t in actions(plain, "a") if t.startswith("cruise")]
