"""Supply (10) as designed over the map (table ``supply``, provisional): sources of a faction's
countries free of enemy units, a line over land of at most four hexes around enemy units and
their zones of control, and what a unit out of supply may not do (10.3)."""

from __future__ import annotations

import msgspec
import pytest

from tests.dai_senso.play import GAME, PLAIN, PRINTED_SUPPLY, act, actions, frozen, position
from wargame.engine.action import Action
from wargame.engine.errors import IllegalAction
from wargame.games.dai_senso import combat, supply
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.charts import TABLES

pytestmark = pytest.mark.game("dai-senso")

TABLE = TABLES.defaults["supply"]
ONE_HEX = msgspec.structs.replace(TABLE, trace_hexes=1)
HAILAR, RUSSIA, BESIDE = "w5625", "w5724", "w5725"
"""Hailar (Manchukuo) is one hex from a Russian hex, its only Soviet source one hex away;
``BESIDE`` is next to both."""
KEIJO = "w5027"  # Korea: five hexes from the nearest Soviet source
EAST = "e1604"  # next to PLAIN


def test_the_positions_the_tests_use_are_where_they_say():
    the_map = board()
    assert the_map.hexes[RUSSIA].country == "russia" and the_map.hexes[HAILAR].name == "Hailar"
    assert BESIDE in the_map.neighbours(HAILAR) and BESIDE in the_map.neighbours(RUSSIA)
    assert the_map.projects_zoc(BESIDE, RUSSIA)
    sources = [h for h in the_map.neighbours(HAILAR) if supply.is_source(TABLE, {}, h, "soviet")]
    assert sources == [RUSSIA]


@pytest.mark.rule("10.1")
def test_a_source_is_a_hex_of_the_factions_countries_with_no_enemy_unit():
    assert supply.is_source(TABLE, {}, RUSSIA, "soviet")
    assert not supply.is_source(TABLE, {}, RUSSIA, "axis")
    assert supply.is_source(TABLE, {}, "w5326", "axis")  # Hsinking, Manchukuo
    assert not supply.is_source(TABLE, {RUSSIA: "axis"}, RUSSIA, "soviet")
    assert supply.is_source(TABLE, {RUSSIA: "soviet"}, RUSSIA, "soviet")
    assert supply.traces_supply(msgspec.structs.replace(TABLE, trace_hexes=0), {}, RUSSIA, "soviet")


@pytest.mark.rule("10.2")
def test_a_line_is_at_most_the_tables_hexes_long():
    assert supply.traces_supply(TABLE, {}, "w5326", "soviet")  # Hsinking: four hexes
    assert not supply.traces_supply(TABLE, {}, KEIJO, "soviet")  # five
    assert supply.traces_supply(msgspec.structs.replace(TABLE, trace_hexes=5), {}, KEIJO, "soviet")
    assert supply.traces_supply(ONE_HEX, {}, HAILAR, "soviet")
    assert not supply.traces_supply(msgspec.structs.replace(TABLE, trace_hexes=0), {}, HAILAR,
                                    "soviet")  # fmt: skip


@pytest.mark.rule("10.2")
def test_a_line_enters_no_enemy_unit_nor_an_enemy_zone_without_a_friendly_unit():
    assert not supply.traces_supply(ONE_HEX, {HAILAR: "soviet", RUSSIA: "axis"}, HAILAR, "soviet")
    zone = {HAILAR: "soviet", BESIDE: "axis"}
    assert not supply.traces_supply(ONE_HEX, zone, HAILAR, "soviet")
    assert supply.traces_supply(ONE_HEX, zone | {RUSSIA: "soviet"}, HAILAR, "soviet")


@pytest.mark.rule("10.2")
def test_a_line_crosses_no_all_sea_hexside():
    assert not supply.traces_supply(msgspec.structs.replace(TABLE, trace_hexes=30), {}, PLAIN,
                                    "axis")  # Australia: Japan is across the sea  # fmt: skip


@pytest.mark.rule("10.3")
def test_a_unit_out_of_supply_may_not_start_an_operational_move_and_nothing_changes():
    found = position({"j-5th-army": (PLAIN, 2)}, supply=PRINTED_SUPPLY)
    assert "move j-5th-army" not in actions(found, "axis")
    before = frozen(found)
    reason = r"^'move j-5th-army' is refused: 10\.3: j-5th-army is out of supply and may not move"
    with pytest.raises(IllegalAction, match=reason) as refused:
        GAME.apply(found, "axis", Action("move j-5th-army"))
    assert "\n" not in str(refused.value) and frozen(found) == before
    assert "move j-5th-army" in actions(position({"j-5th-army": (PLAIN, 2)}), "axis")


@pytest.mark.rule("10.3")
def test_a_unit_out_of_supply_moves_in_the_reserve_movement_phase():
    found = position({"j-5th-army": (PLAIN, 2)}, supply=PRINTED_SUPPLY)
    found = act(found, "axis", "end", "end")  # movement, combat
    assert GAME.view(found, "axis")["prompt"]["key"] == "prompt.reserve_movement"
    assert "move j-5th-army" in actions(found, "axis")


@pytest.mark.rule("10.3", "4.2.7")
@pytest.mark.parametrize("in_supply", [True, False])
def test_only_an_attacker_in_supply_advances_after_combat(in_supply):
    table = {} if in_supply else {"supply": PRINTED_SUPPLY}
    found = position({"j-5th-army": (EAST, 2), "s-35th": (PLAIN, 1)}, "0/1", **table)
    found = act(found, "axis", "end", f"attack {PLAIN}", "with j-5th-army", "resolve")
    found = act(found, "soviet", "lose s-35th")
    assert PLAIN not in {r["hex"] for r in found.data["units"].values()}
    advancing = GAME.view(found, "axis")["prompt"]["key"] == "prompt.advance"
    assert advancing == in_supply


@pytest.mark.rule("10.3", "4.2.1.2")
@pytest.mark.parametrize("in_supply", [True, False])
def test_only_an_hq_in_supply_supports_a_combat(in_supply):
    table = {} if in_supply else {"supply": PRINTED_SUPPLY}
    units = {"j-5th-army": (EAST, 2), "j-kwantung-hq": ("e1605", 2), "s-35th": (PLAIN, 2)}
    found = act(position(units, "1/1", **table), "axis", "end", f"attack {PLAIN}",
                "with j-5th-army")  # fmt: skip
    assert ("support j-kwantung-hq" in actions(found, "axis")) == in_supply


@pytest.mark.rule("10.3", "4.2.3.5")
def test_an_hq_out_of_supply_gives_no_combat_shift():
    found = position({"j-5th-army": (EAST, 2), "j-kwantung-hq": (EAST, 2), "s-35th": (PLAIN, 2)})
    tec, shifts = TABLES.defaults["terrain_effects"], TABLES.defaults["column_shifts"]
    attackers = ["j-5th-army", "j-kwantung-hq"]
    supplied = combat.column_shift(found.data, attackers, PLAIN, tec, shifts)
    cut_off = frozenset({"j-kwantung-hq"})
    unsupplied = combat.column_shift(found.data, attackers, PLAIN, tec, shifts, unsupplied=cut_off)
    assert supplied - unsupplied == shifts.hq


@pytest.mark.rule("10.3", "2.2.4")
def test_a_blitz_marker_goes_only_in_a_hex_of_supplied_units():
    units = {"s-35th": (PLAIN, 2), "s-39th": (HAILAR, 2), "j-5th-army": ("w5326", 2)}
    found = act(position(units, supply=PRINTED_SUPPLY), "axis", "end", "end", "end")
    assert GAME.view(found, "soviet")["prompt"]["key"] == "prompt.blitz_placement"
    assert f"blitz {HAILAR}" in actions(found, "soviet")
    before = frozen(found)
    reason = rf"2\.2\.4: a Blitz marker goes in a hex of supplied units \(10\.3\), not {PLAIN}$"
    with pytest.raises(IllegalAction, match=reason):
        GAME.apply(found, "soviet", Action(f"blitz {PLAIN}"))
    assert frozen(found) == before


@pytest.mark.rule("10.1")
def test_august_storms_91st_division_starts_in_supply_on_paramushiro_in_the_kuriles():
    """Paramushiro (e5611, ~50.4N 156E) is a Kurile island, Japan's until August 1945: an Axis
    source, so the 91st Division set up there (A.1) starts in supply (it was once Kamchatka's)."""
    start = GAME.setup("a1_august_storm", 1)
    assert start.data["units"]["j-91st-div"]["hex"] == "e5611"
    assert board().hexes["e5611"].country == "kuriles"
    assert supply.is_source(TABLE, {}, "e5611", "axis")
    assert not supply.is_source(TABLE, {}, "e5611", "soviet")
    assert "j-91st-div" not in supply.unsupplied(start.data, TABLE, "axis")


@pytest.mark.rule("10.2")
def test_a_line_enters_no_enemy_logistics_detachment_or_airdrop_marker():
    data: dict = {"units": {"s-35th": {"hex": HAILAR, "steps": 2}}}
    assert supply.hex_supplied(data, ONE_HEX, HAILAR, "soviet")  # Russia, one hex away
    blockers = (
        {"logistics": {"logistics_kwantung": RUSSIA}},
        {"airdrops": {"j-1st-raiding": {"hex": RUSSIA, "steps": 1}}},
        {"detachments": {"j-guards": RUSSIA}},
    )
    for blocker in blockers:
        assert RUSSIA in supply.closed_to(data | blocker, "soviet")
        assert not supply.hex_supplied(data | blocker, ONE_HEX, HAILAR, "soviet")
    own = {"logistics": {"logistics_soviet": RUSSIA}, "airdrops": {}}
    assert supply.hex_supplied(data | own, ONE_HEX, HAILAR, "soviet")
    pooled = {"logistics": {"logistics_kwantung": "pool", "logistics_ighq": "delay"}}
    assert supply.hex_supplied(data | pooled, ONE_HEX, HAILAR, "soviet")
