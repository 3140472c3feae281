"""Tora! Tora! Tora! (A.3), the third training scenario: the Axis against the West from December
1941 with naval play: beachheads made by air forces and surface fleets (2.2.3), kept or failing
(2.2.2, 2.2.5), port-to-port movement (3.1.2), moves onto and off beachheads (3.1.4), landings
(4.1.3), attacks across a beachhead hexside (4.2.1, 4.2.3), supply by sea (10.2), Beachhead-2
stacking (9.2) and victory (0.3)."""

from __future__ import annotations

import re

import pytest

from tests.dai_senso.play import (
    EVERYWHERE_SUPPLIED,
    GAME,
    act,
    actions,
    frozen,
    overlay,
    past_organization,
)
from wargame.engine.action import Action
from wargame.engine.errors import IllegalAction
from wargame.engine.rng import Rng
from wargame.engine.state import State, clone
from wargame.fuzz import FuzzConfig, fuzz
from wargame.games import REGISTRY
from wargame.games.dai_senso import combat, naval_board, stacking, supply, victory
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.charts import TABLES
from wargame.games.dai_senso.forces import forces

pytestmark = pytest.mark.game("dai-senso")

TORA = "a3_tora_tora_tora"
SAIGON, SEA, KOTA_BHARU, BESIDE = "w3619", "w3517", "w3417", "w3418"
"""Saigon (a port: w3519 is all-sea), an all-sea hex two hexes from it next to Kota Bharu, and
a land hex next to both."""
FAR_SEA = "w3823"  # the sea off Manila, six hexes from Saigon: out of an air force's range
SUPPLY = TABLES.defaults["supply"]
TEC = TABLES.defaults["terrain_effects"]
SHIFTS = TABLES.defaults["column_shifts"]


NEAR_SUPPLY = {"trace_hexes": 1, "sources": EVERYWHERE_SUPPLIED["sources"]}
"""Every land hex a source: a unit on land, or on a beachhead next to land, is in supply."""


def tora(units: dict[str, tuple[str, int]] | None = None, **beachheads: dict) -> State:
    """The Axis support segment of turn 1, with only ``units`` on the map if given (each in
    supply, :data:`NEAR_SUPPLY`, and the force pool empty), and the ``beachheads`` named (sea
    hex -> record)."""
    if units is None:
        found = clone(GAME.setup(TORA, 5))
    else:
        options = {"rules_overlay": overlay(None, None, NEAR_SUPPLY)}
        found = clone(GAME.setup(TORA, 5, options))
    if units is not None:
        found.data["units"] = {u: {"hex": h, "steps": s} for u, (h, s) in units.items()}
        found.data["pool"] = []  # no unit to break down into (2.3.4)
    found.data["beachheads"] = dict(beachheads)
    return found


def beach(side: str, toward: str, level: int = 2) -> dict:
    return {"side": side, "toward": toward, "level": level}


def refused(state: State, side: str, text: str, rule: str) -> None:
    before = frozen(state)
    with pytest.raises(IllegalAction, match=rf"{rule}"):
        GAME.apply(state, side, Action(text))
    assert frozen(state) == before


def prompt(state: State, side: str) -> str:
    return GAME.view(state, side)["prompt"]["key"]


def end_turn(state: State, side: str) -> State:
    """``side`` ends each decision of its faction turn until another faction is to act."""
    while GAME.active(state) == [side]:
        state = act(state, side, "end")
    return state


def to_movement(state: State) -> State:
    """From the Axis support segment to its operational movement: no beachhead placed, no
    Blitz marker, and the organization segment (2.3) ended if it asks."""
    return past_organization(act(state, "axis", "end", "end"), "axis")


# -- set-up and victory ---------------------------------------------------------------------------


def test_tora_sets_up_the_axis_and_the_west_with_naval_play():
    assert TORA in [s.id for s in GAME.scenarios()]
    state = GAME.setup(TORA, 1)
    placed = {p.unit: p.hex for p in forces().scenarios[TORA].setup if p.hex}
    assert {uid: r["hex"] for uid, r in state.data["units"].items()} == placed
    assert state.data["factions"] == ["axis", "west"]
    assert (state.data["turn"], state.data["year"], state.data["last_turn"]) == (1, 1941, 3)
    assert state.data["support"]["j-air-11af"] == "pool" and state.data["beachheads"] == {}
    assert set(state.data["control"].values()) == {"west"}
    assert prompt(state, "axis") == "prompt.beachhead_support"


def test_the_land_training_scenarios_play_no_naval_rules():
    for scenario in ("a1_august_storm", "a2_china_incident"):
        data = GAME.setup(scenario, 1).data
        assert not {"sea", "beachheads", "support", "convoys"} & set(data)


@pytest.mark.rule("0.3")
@pytest.mark.parametrize("axis_held", [5, 4])
def test_the_axis_needs_five_of_the_eight_objectives(axis_held):
    state = tora()
    objectives = list(state.data["control"])
    assert len(objectives) == 8
    state.data["control"] = {h: "axis" if i < axis_held else "west" for i, h in
                             enumerate(objectives)}  # fmt: skip
    assert victory.final_result(state).winner == ("axis" if axis_held == 5 else "west")


# -- 2.2.3 beachhead placement ---------------------------------------------------------------


@pytest.mark.rule("2.2.3")
def test_an_air_force_makes_a_beachhead_2_within_three_hexes_of_its_airbase():
    state = act(tora(), "axis", "beachhead j-air-11af")
    offered = [text.split()[1] for text in actions(state, "axis") if text.startswith("hex ")]
    assert SEA in offered and FAR_SEA not in offered
    assert all(board().hexes[sea].sea for sea in offered)
    refused(state, "axis", f"hex {FAR_SEA}", "")
    state = act(state, "axis", f"hex {SEA}")
    assert f"toward {KOTA_BHARU}" in actions(state, "axis")
    state = act(state, "axis", f"toward {KOTA_BHARU}")
    if GAME.active(state) == ["west"]:  # a West unit in reach may contest it
        state = act(state, "west", "decline")
    assert state.data["beachheads"] == {SEA: beach("axis", KOTA_BHARU, 2)}
    assert state.data["support"]["j-air-11af"] == "used"
    assert "beachhead j-air-11af" not in actions(state, "axis")


@pytest.mark.rule("2.2.3")
def test_a_surface_fleet_makes_a_beachhead_1_within_the_sea_reach_of_its_naval_base():
    state = act(tora(), "axis", "beachhead j-sf-combined")
    offered = [text.split()[1] for text in actions(state, "axis") if text.startswith("hex ")]
    assert FAR_SEA in offered  # six hexes from the naval base at Saigon
    state = act(state, "axis", f"hex {SEA}", f"toward {BESIDE}")
    if GAME.active(state) == ["west"]:
        state = act(state, "west", "decline")
    assert state.data["beachheads"][SEA] == beach("axis", BESIDE, 1)


@pytest.mark.rule("2.2.3")
def test_a_placement_contested_makes_no_beachhead_and_sends_both_units_to_the_used_box():
    units = {"j-15th-army": (SAIGON, 2), "b-iii-corps": ("w3416", 2)}
    state = act(tora(units), "axis", "beachhead j-air-11af", f"hex {SEA}", f"toward {KOTA_BHARU}")
    assert GAME.active(state) == ["west"] and prompt(state, "west") == "prompt.contest"
    offered = actions(state, "west")
    assert offered == ["contest b-raf", "contest b-raf-india", "decline"]  # British airbase
    # not u-haf (no US base in reach) nor b-force-z (w3416 is no port: no naval base)
    state = act(state, "west", "contest b-raf")
    assert state.data["beachheads"] == {}
    assert state.data["support"]["j-air-11af"] == state.data["support"]["b-raf"] == "used"
    assert prompt(state, "axis") == "prompt.beachhead_support"
    declined = act(tora(units), "axis", "beachhead j-air-11af", f"hex {SEA}",
                   f"toward {KOTA_BHARU}")  # fmt: skip
    declined = act(declined, "west", "decline")
    assert declined.data["beachheads"] == {SEA: beach("axis", KOTA_BHARU, 2)}


@pytest.mark.rule("2.2.3")
def test_a_support_unit_with_no_base_of_its_nationality_makes_no_beachhead():
    state = tora({"u-hawaii": ("e4126", 2), "j-15th-army": (SAIGON, 2)})
    refused(state, "axis", "beachhead b-raf", "")  # the West's, not the Axis's to place
    state = act(state, "axis", *["end"] * 5)  # beachheads, Blitz markers, move, fight, reserve
    assert prompt(state, "west") == "prompt.beachhead_support"
    refused(state, "west", "beachhead b-raf", r"2\.2\.3: no all-sea hex")  # no British unit
    assert "beachhead u-haf" in actions(state, "west")  # Pearl Harbor's airbase


# -- 3.1.2 port-to-port and 3.1.4 beachhead moves ---------------------------------------------


@pytest.mark.rule("3.1.2")
def test_a_unit_in_a_port_ships_to_a_friendly_beachhead_on_a_convoy_a_step():
    state = to_movement(tora({"j-15th-army": (SAIGON, 2)}, **{SEA: beach("axis", KOTA_BHARU)}))
    assert state.data["convoys"] == 6
    state = act(state, "axis", "move j-15th-army")
    assert f"port {SEA}" in actions(state, "axis")
    state = act(state, "axis", f"port {SEA}")
    assert state.data["units"]["j-15th-army"]["hex"] == SEA
    assert state.data["convoys"] == 4
    assert "move j-15th-army" not in actions(state, "axis")  # its whole move


@pytest.mark.rule("3.1.2")
def test_no_ship_without_convoy_steps_for_every_step_of_the_unit():
    state = to_movement(tora({"j-15th-army": (SAIGON, 2)}, **{SEA: beach("axis", KOTA_BHARU)}))
    state.data["convoys"] = 1
    state = act(state, "axis", "move j-15th-army")
    refused(state, "axis", f"port {SEA}", r"3\.1\.2: 2 troop convoy steps needed, 1 left")


@pytest.mark.rule("3.1.2")
def test_no_ship_to_a_port_beyond_the_sea_reach_or_held_by_the_enemy():
    units = {"j-15th-army": (SAIGON, 2), "u-phil-dept": ("w3824", 1)}
    state = to_movement(tora(units))
    state = act(state, "axis", "move j-15th-army")
    ports = [text.split()[1] for text in actions(state, "axis") if text.startswith("port ")]
    assert "w3824" not in ports  # Manila: a US unit there
    reach = state.data["sea"]["reach"]
    assert all(board().distance(SAIGON, there) <= reach for there in ports)


@pytest.mark.rule("3.1.4")
def test_a_unit_on_a_beachhead_leaves_it_across_its_beachhead_hexside_only():
    state = to_movement(tora({"j-guards": (SEA, 1)}, **{SEA: beach("axis", KOTA_BHARU)}))
    state = act(state, "axis", "move j-guards")
    assert f"hex {KOTA_BHARU}" in actions(state, "axis")
    refused(state, "axis", f"hex {BESIDE}", r"3\.1\.4: a unit on a beachhead leaves it")
    state = act(state, "axis", f"hex {KOTA_BHARU}")
    assert state.data["units"]["j-guards"]["hex"] == KOTA_BHARU
    assert "move j-guards" not in actions(state, "axis")  # the entire allowance


@pytest.mark.rule("3.1.4")
def test_a_unit_enters_a_friendly_beachhead_from_the_land_next_to_it_only():
    state = to_movement(tora({"j-guards": (BESIDE, 1)}, **{SEA: beach("axis", KOTA_BHARU)}))
    state = act(state, "axis", "move j-guards")
    assert f"hex {SEA}" in actions(state, "axis")
    other = to_movement(tora({"j-guards": (BESIDE, 1)}, **{SEA: beach("west", KOTA_BHARU)}))
    other = act(other, "axis", "move j-guards")
    refused(other, "axis", f"hex {SEA}", r"3\.1\.4: .* without a friendly beachhead")


# -- 4.1.3 landing, 4.2 attacks across a beachhead hexside --------------------------------------


def landing_state(units: dict[str, tuple[str, int]]) -> State:
    """The Axis beachhead landing step, a Blitz marker on the beachhead with j-guards."""
    state = tora(units, **{SEA: beach("axis", KOTA_BHARU)})
    state = act(state, "axis", "end", f"blitz {SEA}", "end")  # beachheads, Blitz markers
    return act(state, "axis", "end", "end")  # movement, blitz combat: no attack


@pytest.mark.rule("4.1.3")
def test_a_supplied_blitz_enabled_unit_lands_across_the_beachhead_hexside():
    state = landing_state({"j-guards": (SEA, 1), "j-15th-army": (SAIGON, 2)})
    assert prompt(state, "axis") == "prompt.beachhead_landing"
    state = act(state, "axis", "land j-guards")
    assert state.data["units"]["j-guards"]["hex"] == KOTA_BHARU


@pytest.mark.rule("4.1.3")
def test_no_landing_in_a_hex_of_enemy_units():
    state = landing_state({"j-guards": (SEA, 1), "j-15th-army": (SAIGON, 2),
                           "b-iii-corps": (KOTA_BHARU, 2)})  # fmt: skip
    assert prompt(state, "axis") == "prompt.beachhead_landing"
    refused(state, "axis", "land j-guards", r"4\.1\.3: enemy units hold")


@pytest.mark.rule("4.2.1")
@pytest.mark.rule("4.2.3")
def test_an_attack_across_a_beachhead_hexside_gives_the_defender_its_shift():
    for level, shift in ((2, 2), (1, 1)):
        state = tora({"j-guards": (SEA, 1), "b-iii-corps": (KOTA_BHARU, 2)},
                     **{SEA: beach("axis", KOTA_BHARU, level)})  # fmt: skip
        assert combat.attackers_of(state.data, "axis", KOTA_BHARU) == ["j-guards"]
        assert combat.attack_side_shift(state.data, SEA, KOTA_BHARU, TEC) == shift
    state = tora({"j-guards": (SEA, 1), "b-iii-corps": (BESIDE, 2)},
                 **{SEA: beach("axis", KOTA_BHARU)})  # fmt: skip
    assert combat.attackers_of(state.data, "axis", BESIDE) == []  # not its hexside
    onto = tora({"j-guards": (SEA, 1), "b-iii-corps": (KOTA_BHARU, 2)},
                **{SEA: beach("axis", KOTA_BHARU, 2)})  # fmt: skip
    assert combat.attackers_of(onto.data, "west", SEA) == ["b-iii-corps"]
    assert combat.attack_side_shift(onto.data, KOTA_BHARU, SEA, TEC) == 0  # from the land


@pytest.mark.rule("2.2.3")
def test_the_preview_names_the_beachhead_shift_of_an_attack_from_it():
    state = tora({"j-guards": (SEA, 1), "b-iii-corps": (KOTA_BHARU, 2)},
                 **{SEA: beach("axis", KOTA_BHARU, 2)})  # fmt: skip
    shifts = combat.column_shifts(state.data, ["j-guards"], KOTA_BHARU, TEC, SHIFTS)
    found = [item for item in shifts if item.key == "shift.beachhead"]
    assert [(item.rule, item.value, item.params["level"]) for item in found] == [("2.2.3", -2, 2)]
    assert not [item for item in shifts if item.key == "shift.hexside"]


# -- 2.2.2, 2.2.5 maintenance and failure ---------------------------------------------------------


@pytest.mark.rule("2.2.2")
def test_a_manned_beachhead_facing_enemy_units_stays_as_a_beachhead_1():
    units = {"j-guards": (SEA, 1), "b-iii-corps": (KOTA_BHARU, 2), "j-15th-army": (SAIGON, 2)}
    state = tora(units, **{SEA: beach("axis", KOTA_BHARU)})
    state = act(state, "axis", *["end"] * 5)  # the Axis turn
    state = act(state, "west", *["end"] * 5)  # West turn
    assert state.data["turn"] == 2
    assert state.data["beachheads"][SEA] == beach("axis", KOTA_BHARU, 1)


@pytest.mark.rule("2.2.2")
@pytest.mark.rule("2.2.5")
def test_a_failing_beachhead_lets_its_units_advance_inland_and_the_rest_are_lost():
    units = {"j-guards": (SEA, 1), "j-snlf-kure": (SEA, 1), "j-15th-army": (SAIGON, 2)}
    state = tora(units, **{SEA: beach("axis", KOTA_BHARU)})
    state = act(state, "axis", *["end"] * 5)
    state = act(state, "west", *["end"] * 5)
    assert prompt(state, "axis") == "prompt.inland_advance"
    state = act(state, "axis", "advance j-guards", "end")
    assert state.data["units"]["j-guards"]["hex"] == KOTA_BHARU
    assert SEA not in state.data["beachheads"]
    state = act(state, "axis", "end", "end")  # beachheads, Blitz markers: failure follows
    assert "j-snlf-kure" not in state.data["units"]
    assert any(e.key == "log.lost_at_sea" for e in state.log)


@pytest.mark.rule("2.2.1")
def test_used_support_units_return_to_the_force_pool_in_their_owners_support_segment():
    state = act(tora(), "axis", "beachhead j-air-11af", f"hex {SEA}", f"toward {KOTA_BHARU}")
    state = act(state, "west", "decline")
    assert state.data["support"]["j-air-11af"] == "used"
    state = end_turn(state, "axis")
    state = end_turn(state, "west")
    assert state.data["support"]["j-air-11af"] == "pool"


# -- 9.2 and 10.2 ---------------------------------------------------------------------------------


@pytest.mark.rule("9.2")
def test_a_beachhead_2_holds_three_steps_a_beachhead_1_six():
    limits = TABLES.defaults["stacking"]
    units = {"j-15th-army": (SEA, 2), "j-25th-army": (SEA, 2)}
    assert stacking.overstacked(tora(units, **{SEA: beach("axis", KOTA_BHARU, 2)}).data,
                                limits) == SEA  # fmt: skip
    assert stacking.overstacked(tora(units, **{SEA: beach("axis", KOTA_BHARU, 1)}).data,
                                limits) is None  # fmt: skip


@pytest.mark.rule("10.2")
def test_a_supply_line_crosses_the_sea_from_open_port_to_open_port():
    state = tora({"j-15th-army": (SAIGON, 2), "j-25th-army": ("w4020", 2),
                  "j-14th-army": ("w4324", 2)})  # fmt: skip
    assert supply.supplied(state.data, SUPPLY, "j-15th-army")  # Saigon, Hainan, Formosa
    del state.data["sea"]
    assert not supply.supplied(state.data, SUPPLY, "j-15th-army")


@pytest.mark.rule("10.2")
def test_a_supply_line_crosses_any_hexside_of_a_friendly_beachhead():
    state = tora({"j-guards": (BESIDE, 1)}, **{SEA: beach("axis", KOTA_BHARU)})
    assert SEA in naval_board.sea_links(state.data, "axis").get(BESIDE)


def test_random_games_of_tora_end_without_failure(tmp_path):
    config = FuzzConfig(games=1, seed=31, scenario=TORA, out_dir=tmp_path)
    summary = fuzz("dai-senso", config, REGISTRY.game, lambda outcome: None)
    assert [o.failure for o in summary.failures] == []
    assert all(o.result for o in summary.outcomes)


# -- what the browser draws (client.py) -----------------------------------------------------------


@pytest.mark.rule("2.2.3")
def test_a_view_marks_each_beachhead_with_its_side_level_and_arrow_and_reads_back():
    """The map's mark of a Beachhead marker: its all-sea hex, faction, face (the tile's label)
    and the land hex its arrow points at; with the display fields dropped, the view reads back
    as the position."""
    beachheads = {SEA: beach("axis", KOTA_BHARU), FAR_SEA: beach("west", "w3822", 1)}
    state = tora({"j-guards": (SEA, 1)}, **beachheads)
    view = GAME.view(state, "west")
    marks = [mark for mark in view["board"]["marks"] if mark["kind"] == "beachhead"]
    assert marks == [
        {"hex": SEA, "kind": "beachhead", "side": "axis", "label": "2", "toward": KOTA_BHARU},
        {"hex": FAR_SEA, "kind": "beachhead", "side": "west", "label": "1", "toward": "w3822"},
    ]
    assert view["board"]["units"]["j-guards"]["hex"] == SEA  # drawn as a stack at sea
    read_back = GAME.determinize(view, "west", Rng(3))
    assert read_back.data == state.data


def test_the_beachhead_mark_has_words_in_both_languages():
    """The legend's entry, and the hex's facts in its popup naming the mark's level, faction and
    land hex."""
    for lang in ("en", "ja"):
        assert GAME.catalog.messages[lang]["token.beachhead"]
        fact = GAME.catalog.messages[lang]["token_fact.beachhead"]
        assert {"{label}", "{side:side}", "{toward:hex}"} <= set(re.findall(r"\{[^}]*\}", fact))


@pytest.mark.rule("2.2.3", "3.1.2", "4.1.3")
def test_the_client_names_every_unit_and_hex_the_naval_decisions_offer():
    """The support segment's buttons name their support unit (the client knows it, without
    values: no support unit stands on the map); the placement's hex and arrow choices, a
    port-to-port move's destination and a landing's unit are hexes and units the client draws,
    so the page highlights them on the map."""
    drawn = GAME.client_data()
    units = {unit["id"]: unit for unit in drawn["units"]}
    hexes = {record["id"] for record in drawn["board"]["hexes"]}
    assert units["j-air-11af"]["name"] == "11th Air Fleet"
    assert units["j-air-11af"]["name_ja"] == "第11航空艦隊"
    assert units["j-air-11af"]["step_values"] == []
    assert units["j-air-11af"]["type_label_ja"] == "航空"
    state = tora()
    offered = actions(state, "axis")
    assert {text.split()[1] for text in offered if text != "end"} <= set(units)
    state = act(state, "axis", "beachhead j-air-11af")
    assert {text.split()[1] for text in actions(state, "axis") if text.startswith("hex ")} <= hexes
    state = act(state, "axis", f"hex {SEA}")
    assert f"toward {KOTA_BHARU}" in actions(state, "axis") and KOTA_BHARU in hexes
    in_saigon = tora({"j-15th-army": (SAIGON, 2)}, **{SEA: beach("axis", KOTA_BHARU)})
    sailing = act(to_movement(in_saigon), "axis", "move j-15th-army")
    ports = [text.split()[1] for text in actions(sailing, "axis") if text.startswith("port ")]
    assert SEA in ports and set(ports) <= hexes
    landing = landing_state({"j-guards": (SEA, 1), "j-15th-army": (SAIGON, 2)})
    assert "land j-guards" in actions(landing, "axis") and "j-guards" in units
    assert GAME.view(landing, "axis")["board"]["units"]["j-guards"]["hex"] == SEA  # on the map
