"""The preview of an air strike and of an interception (issue 18, point 8; air_previews.py): the
strike units' values, the target's ECM and hits, the chart's column with its shift and rule,
and each number of hits' exact chance over the d10 (0.02), from the code that resolves the
strike (``losses.strike_odds``) and the air combat (``losses.air_to_air_strengths``); what
the previews keep from the other side, and their words in English and Japanese."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.aegean_strike.play import (
    GAME,
    SCENARIO,
    TABLES,
    act,
    actions,
    edited,
    overlay,
    tripoli_seen,
)
from tests.aegean_strike.test_airmobile_field import libyan_c130_out, struck_at
from tests.aegean_strike.test_depots import both, depot
from tests.aegean_strike.test_play import BENINA, NEAR_LIBYA, sail
from tests.preview_words import assert_value_names, rendered_keys
from wargame.engine.state import clone
from wargame.games.aegean_strike import state

pytestmark = pytest.mark.game("aegean-strike")
TRIPOLI = "S0106"


def by_face(name):
    """A chart (rules overlay rows) whose hits differ by die face and column, none in the first
    column (Benina's ships, strength 1 against the group's ECM, never score)."""
    columns = list(TABLES.defaults[name].table.columns)
    return [[min(i, (face + i) // 3) for i in range(len(columns))] for face in range(1, 11)]


def charted(**charts):
    """A rules overlay whose charts give ``by_face`` hits."""
    rules = overlay(**{name: 0 for name in charts})
    for name in charts:
        rows = by_face(name)
        rules["tables"][name]["rows"] = {str(face): rows[face - 1] for face in range(1, 11)}
    return rules


def at_the_target(mission, edit, rules=None, target=BENINA):
    """Player A's A-6 on ``mission`` has reached ``target``: its target choice."""
    options = {"rules_overlay": rules} if rules else {}
    begun = GAME.setup(SCENARIO, 7, options)
    start = edited(act(act(begun, "b", "done"), "a", "done", "end", "end"), edit)
    flying = act(start, "a", "launch us-va34", f"mission {mission}", f"target {target}")
    return act(flying, "b", "pass")


def preview_of(found, side, action):
    return GAME.view(found, side)["notes"][action]["preview"]


def last(found, key, **params):
    return next(
        e.params
        for e in reversed(found.log)
        if e.key == key and all(e.params.get(k) == v for k, v in params.items())
    )


def rolled(found, before, reason):
    """The face of the first die rolled for ``reason`` since the ``before``-th log line."""
    return next(
        e.params["value"]
        for e in found.log[before:]
        if e.key == "log.roll" and e.params["reason"] == reason
    )


@pytest.mark.rule("9.06", "16.08", "0.02")
def test_the_preview_of_a_strike_on_a_ship_gives_what_the_strike_resolves():
    """The A-6's ASM less the frigate's ECM on the Air/Naval chart: the previewed strength and
    column are the strike's, and each face's hits are the hits that face scores."""
    found = at_the_target("asm_strike", sail(NEAR_LIBYA), charted(air_naval_combat=True))
    preview = preview_of(found, "a", "attack ly-ff")
    (roll,) = preview["rolls"]
    attackers, target = preview["sides"]
    asm, ecm = state.air_values("us-va34").asm, state.naval_values("ly-ff").ecm
    assert attackers["units"] == [{"id": "us-va34", "values": {"asm": asm}}]
    assert target["units"][0]["values"]["ecm"] == ecm and ecm > 0
    assert roll["total"] == asm - ecm == attackers["totals"]["strength"]
    chart = TABLES.defaults["air_naval_combat"]
    assert roll["label"]["params"]["column"] == chart.column(asm - ecm)
    assert roll["die"] == "d10" and [row["roll"] for row in roll["rows"]] == list(range(1, 11))
    assert sum(Fraction(o["probability"]) for o in roll["outcomes"]) == 1
    assert len(roll["outcomes"]) >= 2  # this chart's hits differ by face
    seen = set()
    for rng in range(12):
        each = clone(found)
        each.rng = rng
        struck = act(each, "a", "attack ly-ff")
        face = rolled(struck, len(found.log), "strike")
        logged = last(struck, "log.strike", target="ly-ff")
        assert logged["attack"] == roll["total"]
        assert logged["hits"] == roll["rows"][face - 1]["result"]
        seen.add(face)
    assert len(seen) >= 3  # the comparison met several faces of the die


@pytest.mark.rule("16.06", "9.10")
def test_an_airbase_strike_previews_the_ground_chart_and_the_hits_that_close_the_base():
    """Benina with 10 hits, a chart giving 2 hits everywhere: the one outcome, sure, closes the
    base (12 hits, 9.10 item 2), and the strike then does so."""

    def edit(data):
        sail(NEAR_LIBYA)(data)
        data["airbases"]["benina"] = 10

    found = at_the_target("bombing_strike", edit, overlay(air_to_ground_combat=2))
    preview = preview_of(found, "a", "attack benina")
    (roll,) = preview["rolls"]
    assert roll["label"]["params"]["chart"] == "air_to_ground_combat"
    assert preview["sides"][1]["units"][0]["values"] == {"hits_taken": 10, "hit_capacity": 12}
    (outcome,) = roll["outcomes"]
    assert (outcome["result"], outcome["probability"]) == (2, "1/1")
    assert outcome["label"]["key"] == "air_preview.hits_airbase"
    assert "air_preview.base_units" in [note["key"] for note in preview["notes"]]
    struck = act(found, "a", "attack benina")
    assert "benina" in struck.data["inoperative"]


@pytest.mark.rule("12.01", "16.06")
def test_a_depot_strike_previews_its_hits_against_the_depots_limit():
    rules = charted(air_to_ground_combat=True)
    found = at_the_target(
        "bombing_strike", both(depot(TRIPOLI, "ly"), tripoli_seen), rules, TRIPOLI
    )
    preview = preview_of(found, "a", f"bomb {TRIPOLI}")
    (roll,) = preview["rolls"]
    assert preview["title"]["key"] == "air_preview.depot_title"
    assert preview["sides"][1]["units"][0]["values"]["hit_capacity"] == (
        TABLES.defaults["depots"].destroyed_at
    )
    assert sum(Fraction(o["probability"]) for o in roll["outcomes"]) == 1
    bombed = act(found, "a", f"bomb {TRIPOLI}")
    face = rolled(bombed, len(found.log), "strike")
    assert last(bombed, "log.depot_strike")["hits"] == roll["rows"][face - 1]["result"]


@pytest.mark.rule("9.03")
def test_a_field_strike_previews_its_column_shift_with_its_rule():
    """Table field_strike shifts the Air/Naval chart two columns left: a modifier of rule
    9.03; the previewed hits are the strike's."""
    rules = charted(air_naval_combat=True, air_to_ground_combat=True)
    rules["tables"]["field_strike"] = {"chart": "air_naval_combat", "shift": -2}
    begun = GAME.setup(SCENARIO, 7, {"rules_overlay": rules})
    start = edited(act(act(begun, "b", "done"), "a", "done", "end", "end"), libyan_c130_out)
    found = struck_at(start)
    (roll,) = preview_of(found, "a", "attack ly-c130")["rolls"]
    assert [(m["rule"], m["value"]) for m in roll["modifiers"]] == [("9.03", -2)]
    assert roll["label"]["key"] == "air_preview.chart_shifted"
    table = TABLES.defaults["air_naval_combat"].table
    column = roll["label"]["params"]["column"]
    assert roll["label"]["params"]["shifted"] == table.columns[table.shift_column(column, -2)]
    done = act(found, "a", "attack ly-c130")
    face = rolled(done, len(found.log), "strike")
    assert last(done, "log.strike")["hits"] == roll["rows"][face - 1]["result"]


@pytest.mark.rule("14", "9.03")
def test_a_strike_preview_names_only_the_group_and_its_target_and_only_for_the_striker():
    """What Player A's preview names is its own strike unit and the target it sees; Player B's
    view holds no note of Player A's actions (14)."""
    found = at_the_target("bombing_strike", sail(NEAR_LIBYA))
    for action in actions(found, "a"):
        if action.startswith("attack "):
            preview = preview_of(found, "a", action)
            named = {unit["id"] for forces in preview["sides"] for unit in forces["units"]}
            assert named == {"us-va34", action.split()[1]}
    assert GAME.view(found, "b")["notes"] == {}


def intercepted(escorted, rules=None):
    """Player A's A-6 (with the F-14 as an escort, or not) bound for Benina, the Libyan MiG-23
    there in Intercept mode and about to go."""

    def edit(data):
        sail(NEAR_LIBYA)(data)
        data["air"]["ly-mig23"]["mode"] = "intercept"

    options = {"rules_overlay": rules} if rules else {}
    begun = GAME.setup(SCENARIO, 7, options)
    start = edited(act(act(begun, "b", "done"), "a", "done", "end", "end"), edit)
    texts = ["launch us-va34", "mission bombing_strike"]
    if escorted:
        texts.append("escort us-vf142")
    flying = act(start, "a", *texts, f"target {BENINA}")
    return act(flying, "b", "intercept ly-mig23")


@pytest.mark.rule("16.07", "9.03", "14")
def test_the_interception_preview_is_the_fire_resolved_and_hides_the_groups_escorts():
    """The MiG's fire at the group: the previewed hits are the hits it scores; the preview is
    the same whatever the group's hidden mission and escorts, which only its fire back reads
    (a note says it is left out)."""
    found = intercepted(True, charted(air_naval_combat=True))
    preview = preview_of(found, "b", "go")
    (roll,) = preview["rolls"]
    assert preview["notes"][0]["key"] == "air_preview.fire_back"
    assert sum(Fraction(o["probability"]) for o in roll["outcomes"]) == 1
    unescorted = clone(found)
    unescorted.data["flight"]["escorts"] = []
    unescorted.data["flight"]["mission"] = "air_superiority"
    assert preview_of(unescorted, "b", "go") == preview
    fought = act(found, "b", "go")
    face = next(
        e.params["value"]
        for e in fought.log[len(found.log) :]
        if e.key == "log.roll" and e.params["side"] == "b"
    )
    logged = last(fought, "log.air_combat")
    assert logged["attack"] == roll["total"]
    assert logged["hits"] == roll["rows"][face - 1]["result"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_word_of_an_air_preview_is_in_english_and_japanese(lang):
    """The strike's and the interception's previews, and the names of their values (the
    battle panel reads them in the ``reason`` namespace)."""
    found = at_the_target("asm_strike", sail(NEAR_LIBYA))
    previews = [preview_of(found, "a", "attack ly-ff")]
    previews.append(preview_of(intercepted(False), "b", "go"))
    keys = rendered_keys(GAME, previews, lang)
    for preview in previews:
        assert_value_names(GAME, preview, lang)
    assert {"air_preview.title", "air_preview.chart", "air_preview.ecm"} <= keys
    assert "air_preview.interception" in keys
