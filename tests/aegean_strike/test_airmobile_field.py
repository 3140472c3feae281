"""Airmobile transport's landings in the field (9.03, table ``field_landings``): a C-130 lands its
cargo in a Clear hex, a helicopter in a Rough one too, a C-5 only at airbases, never next to an
enemy unit the side's map shows; the transports wait there, fly back to a friendly airbase, and
are removed in the Final Stage when they are not back in time (the helicopters a turn later)."""

from __future__ import annotations

import pytest

from tests.aegean_strike.play import (
    GAME,
    SCENARIO,
    act,
    actions,
    edited,
    first_segment,
    overlay,
    passing,
    prompt,
)
from tests.aegean_strike.test_play import refused
from wargame.engine.state import clone
from wargame.games.aegean_strike import air, field_landings
from wargame.games.aegean_strike.charts import TABLES
from wargame.games.aegean_strike.ground import hex_terrain

pytestmark = pytest.mark.game("aegean-strike")
ATHENS = "2022"
"""Hellinikon's hex, where the C-130 and the special forces (us-sf) start."""
CLEAR = "2222"
ROUGH = "1922"
SEA = "2025"
FAR_CLEAR = "2627"
NEXT_TO_FAR = "2626"
"""A land hex next to FAR_CLEAR where no detector of Player A sees a ground unit."""


def at_athens(*units):
    def edit(data):
        for uid in units:
            data["air"][uid]["base"] = "hellinikon"

    return edit


def loaded(transport, edit=None):
    """Player A's ``transport`` on an airmobile mission from Hellinikon, us-sf aboard."""
    start = first_segment(edit)
    return act(start, "a", f"launch {transport}", "mission airmobile_transport", "cargo us-sf")


def landed(transport, hex_id, edit=None):
    return act(act(loaded(transport, edit), "a", f"field {hex_id}"), "b", "pass")


def fields(state_):
    return [t.split()[1] for t in actions(state_, "a") if t.startswith("field ")]


def enemy_at(hex_id, seen):
    def edit(data):
        data["ground"]["ly-cdo"]["hex"] = hex_id
        if seen:
            data["fought"]["ly-cdo"] = hex_id

    return edit


def turn_of(found, number):
    return passing(found, lambda s: s.data["turn"] == number)


# -- where the transports land ----------------------------------------------------------------
@pytest.mark.rule("9.03")
def test_a_c130_lands_its_cargo_in_a_clear_hex_and_waits_there():
    assert hex_terrain()[CLEAR] == "clear"
    found = loaded("us-c130")
    assert CLEAR in fields(found) and ATHENS not in fields(found)  # an airbase is a base
    assert all(hex_terrain()[h] == "clear" for h in fields(found))
    sp_before = found.data["sp"]["us"]
    done = act(act(found, "a", f"field {CLEAR}"), "b", "pass")
    assert done.data["ground"]["us-sf"]["hex"] == CLEAR
    assert done.data["air"]["us-c130"]["base"] == CLEAR
    assert done.data["air"]["us-c130"]["due"] == done.data["turn"] == 1
    assert done.data["sp"]["us"] == sp_before - 2  # launched from Hellinikon (9.05)
    shown = next(e for e in done.log if e.key == "log.in_field")
    assert shown.params == {"unit": "us-c130", "hex": CLEAR, "turn": 1}
    board = GAME.view(done, "b")["board"]
    assert board["units"]["us-c130"]["hex"] == CLEAR
    entry = next(b for b in board["airbase_display"] if b["field"])
    assert (entry["base"], entry["side"], entry["hex"]) == (CLEAR, "a", CLEAR)
    assert "us-c130" in [u for box in entry["boxes"] for u in box]


@pytest.mark.rule("9.03")
def test_a_rough_hex_is_refused_to_a_c130_and_open_to_a_helicopter():
    assert hex_terrain()[ROUGH] == "rough"
    reason = refused(loaded("us-c130"), "a", f"field {ROUGH}")
    assert "9.03" in reason and "rough" in reason
    helicopter = loaded("us-hmm", at_athens("us-hmm"))  # a CH-53
    assert ROUGH in fields(helicopter) and CLEAR in fields(helicopter)
    done = act(act(helicopter, "a", f"field {ROUGH}"), "b", "pass")
    assert done.data["air"]["us-hmm"]["base"] == ROUGH
    assert done.data["air"]["us-hmm"]["due"] == 2  # back during the next turn


@pytest.mark.rule("9.03")
def test_a_hex_next_to_a_known_enemy_unit_is_refused():
    found = loaded("us-c130", enemy_at(NEXT_TO_FAR, seen=True))
    assert FAR_CLEAR not in fields(found) and NEXT_TO_FAR not in fields(found)
    reason = refused(found, "a", f"field {FAR_CLEAR}")
    assert "9.03" in reason and "next to an enemy unit" in reason
    assert FAR_CLEAR in fields(loaded("us-c130"))  # open with the enemy elsewhere


@pytest.mark.rule("9.03")
@pytest.mark.rule("14.02")
def test_an_undetected_enemy_counts_as_the_blank_the_map_shows_and_is_never_named():
    found = loaded("us-c130", enemy_at(NEXT_TO_FAR, seen=False))
    blanks = GAME.view(found, "a")["board"]["unseen"]
    assert [b["where"] for b in blanks if b["where"] == NEXT_TO_FAR] == [NEXT_TO_FAR]
    reason = refused(found, "a", f"field {FAR_CLEAR}")
    assert "next to an enemy unit" in reason and "ly-cdo" not in reason


@pytest.mark.rule("9.03")
def test_a_c5_lands_at_friendly_airbases_only():
    found = loaded("us-c5", at_athens("us-c5"))
    assert fields(found) == []
    assert "base sigonella" in actions(found, "a")
    reason = refused(found, "a", f"field {CLEAR}")
    assert "9.03" in reason and "only at friendly airbases" in reason


@pytest.mark.rule("9.03")
def test_a_sea_hex_an_airbase_or_the_strategic_map_is_no_field():
    found = loaded("us-c130")
    for hex_id in (SEA, ATHENS, "S0305"):
        assert "9.03" in refused(found, "a", f"field {hex_id}")


# -- back to an airbase, or removed -------------------------------------------------------------
@pytest.mark.rule("9.03")
@pytest.mark.rule("9.05")
def test_a_transport_flies_back_from_the_field_to_a_friendly_airbase_and_stays_in_play():
    out = landed("us-c130", CLEAR)
    ready = passing(out, lambda s: "launch us-c130" in actions(s, "a"))
    assert ready.data["turn"] == 1
    sp_before = ready.data["sp"]["us"]
    ferry = act(ready, "a", "launch us-c130", "mission ferry")
    assert "base hellinikon" in actions(ferry, "a")
    back = act(act(ferry, "a", "base hellinikon"), "b", "pass")
    record = back.data["air"]["us-c130"]
    assert record["base"] == "hellinikon" and "due" not in record
    assert back.data["sp"]["us"] == sp_before  # no supply spent from the field
    assert "us-c130" in turn_of(back, 2).data["air"]


@pytest.mark.rule("9.03")
@pytest.mark.rule("7.07")
def test_a_c130_left_in_the_field_is_removed_in_the_final_stage():
    after = turn_of(landed("us-c130", CLEAR), 2)
    assert "us-c130" not in after.data["air"] and "us-c130" in after.data["eliminated"]
    removed = [e for e in after.log if e.key == "log.stranded"]
    assert [e.params for e in removed] == [{"unit": "us-c130", "hex": CLEAR}]
    assert after.data["ground"]["us-sf"]["hex"] == CLEAR  # the cargo stays where it landed
    for lang, word in (("en", "removed"), ("ja", "除去")):
        assert word in GAME.catalog.render("log.stranded", removed[0].params, lang)


@pytest.mark.rule("9.03")
@pytest.mark.rule("7.07")
def test_a_helicopter_left_out_survives_one_final_stage_and_not_the_next():
    out = landed("us-hmm", ROUGH, at_athens("us-hmm"))
    second = turn_of(out, 2)
    assert second.data["air"]["us-hmm"]["base"] == ROUGH
    assert second.data["air"]["us-hmm"]["box"] == 2  # on no US airbase (9.02)
    third = turn_of(second, 3)
    assert "us-hmm" not in third.data["air"]
    assert any(e.key == "log.stranded" and e.params["unit"] == "us-hmm" for e in third.log)


@pytest.mark.rule("9.03")
def test_a_transport_landing_in_the_field_again_still_owes_its_first_return():
    out = turn_of(landed("us-hmm", ROUGH, at_athens("us-hmm")), 2)
    ready = passing(out, lambda s: "launch us-hmm" in actions(s, "a"))
    hop = act(ready, "a", "launch us-hmm", "mission airmobile_transport", "cargo us-sf")
    assert CLEAR in fields(hop)
    moved = act(act(hop, "a", f"field {CLEAR}"), "b", "pass")
    assert moved.data["air"]["us-hmm"]["base"] == CLEAR
    assert moved.data["air"]["us-hmm"]["due"] == 2  # not the new landing's turn 3
    assert "us-hmm" not in turn_of(moved, 3).data["air"]


def repairing(state_, side):
    return GAME.active(state_) == [side] and prompt(state_, side).startswith("prompt.repair")


@pytest.mark.rule("18")
def test_a_transport_in_the_field_is_not_repaired():
    def hit(data):
        data["air"]["us-hmm"]["base"] = "hellinikon"
        data["air"]["us-hmm"]["hits"] = 1

    out = landed("us-hmm", ROUGH, hit)
    final = passing(out, lambda s: s.data["stage"] == "final" and repairing(s, "a"))
    assert "18" in refused(final, "a", "refit us-hmm")


@pytest.mark.rule("9.03")
def test_a_rules_overlay_may_keep_helicopters_out_past_their_return():
    landings = {
        kind: {"terrain": list(row.terrain), "back_within": row.back_within, "removed": True}
        for kind, row in TABLES.defaults["field_landings"].items()
    }
    landings["ch-53"]["removed"] = False
    overlay = {"game": "aegean-strike", "name": "t", "tables": {"field_landings": landings}}
    begun = GAME.setup(SCENARIO, 7, {"rules_overlay": overlay})
    start = act(begun, "b", "done")
    start = act(start, "a", "done", "end", "end")  # Player A's air missions, turn 1
    start = edited(start, at_athens("us-hmm"))
    texts = ("launch us-hmm", "mission airmobile_transport", "cargo us-sf", f"field {ROUGH}")
    out = act(act(start, "a", *texts), "b", "pass")
    later = turn_of(out, 3)
    assert later.data["air"]["us-hmm"]["base"] == ROUGH and later.data["air"]["us-hmm"]["due"] == 2


# -- a strike on the transports in the field (9.03, table field_strike) -------------------------
BY_COLUMN = [0, 1, 2, 3, 4, 5, 6, 7]
"""Air-to-ground hits equal to the column's index: an A-6's bombing 8 reads column "8-9" (4)."""


def libyan_c130_out(data):
    """Player B's C-130 waits in the field at CLEAR; Player A's A-6 is based at Hellinikon."""
    data["air"]["ly-c130"]["base"] = CLEAR
    data["air"]["ly-c130"]["due"] = 1
    data["air"]["us-va34"]["base"] = "hellinikon"


def struck_at(start):
    """Player A's A-6 flies a bombing strike to CLEAR and reaches it unopposed."""
    flying = act(start, "a", "launch us-va34", "mission bombing_strike")
    assert f"target {CLEAR}" in actions(flying, "a")
    return act(act(flying, "a", f"target {CLEAR}"), "b", "pass")


@pytest.mark.rule("9.03")
@pytest.mark.rule("16.06")
def test_a_bombing_strike_attacks_a_transport_in_the_field_one_column_right():
    arrived = struck_at(first_segment(libyan_c130_out, air_to_ground_combat=BY_COLUMN))
    assert actions(arrived, "a") == ["attack ly-c130", "interdict"]
    done = act(arrived, "a", "attack ly-c130")
    strike = next(e.params for e in done.log if e.key == "log.strike")
    assert strike == {"side": "a", "target": "ly-c130", "attack": 8, "hits": 5}  # column 4, +1
    assert "ly-c130" not in done.data["air"] and "ly-c130" in done.data["eliminated"]  # 3 hits
    assert done.data["score"]["a"] - arrived.data["score"]["a"] == 5


@pytest.mark.rule("9.03")
def test_the_field_strike_reads_the_chart_and_shift_an_overlay_gives():
    rules = overlay(air_to_ground_combat=BY_COLUMN, air_naval_combat=[1] * 8)
    for row, hits in (
        ({"chart": "air_to_ground_combat", "shift": 0}, 4),
        ({"chart": "air_naval_combat", "shift": -2}, 1),
    ):
        rules["tables"]["field_strike"] = row
        begun = GAME.setup(SCENARIO, 7, {"rules_overlay": rules})
        start = edited(act(act(begun, "b", "done"), "a", "done", "end", "end"), libyan_c130_out)
        done = act(struck_at(start), "a", "attack ly-c130")
        assert next(e.params["hits"] for e in done.log if e.key == "log.strike") == hits


@pytest.mark.rule("9.03")
@pytest.mark.rule("14.04")
def test_only_enemy_transports_seen_waiting_in_the_field_are_struck():
    found = clone(first_segment(libyan_c130_out))
    data = found.data
    data["air"]["us-c130"]["base"] = FAR_CLEAR
    assert field_landings.struck(data, "a") == {CLEAR: ["ly-c130"]}
    assert field_landings.struck(data, "b") == {FAR_CLEAR: ["us-c130"]}
    assert field_landings.struck(data, "a", unseen={"ly-c130"}) == {}  # 14: unseen, no target
    assert air.strike_targets(data, "a", "bombing_strike", CLEAR) == ["ly-c130"]
    assert air.strike_targets(data, "a", "asm_strike", CLEAR) == []
    assert "ly-c130" not in air.strike_targets(data, "a", "bombing_strike", "S0406")  # at base
    data["flight"] = {"units": ["ly-c130"], "interceptors": []}  # in the air: not waiting
    assert field_landings.struck(data, "a") == {}
