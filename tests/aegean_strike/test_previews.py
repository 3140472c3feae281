"""The preview of a land combat (issue 18, point 8): each side's units and strengths, the odds
column, every column shift with its rule (16.02, 11.05, 11.09, 11.11) and the exact chance of
each land CRT result, from the code that resolves the combat (``assault.odds_of``,
``assault.Odds.result``); what a side does not detect stays out of it (14.01); words in English
and Japanese."""

from __future__ import annotations

import copy
import json
from collections import Counter
from fractions import Fraction

import pytest

from tests.aegean_strike.play import GAME, act, edited
from tests.aegean_strike.test_assault import ROUGH, facing, resolved
from tests.preview_words import rendered_keys
from wargame.engine.rng import RandomSource
from wargame.games.aegean_strike import detection
from wargame.games.aegean_strike.charts import TABLES

pytestmark = pytest.mark.game("aegean-strike")
DECLARE = f"assault {ROUGH}"


def preview_of(found, side, action):
    return GAME.view(found, side)["notes"][action]["preview"]


def rolled(monkeypatch, found, face):
    """``found`` played on to the end of its land combats, every die showing ``face``."""
    with monkeypatch.context() as patch:
        patch.setattr(RandomSource, "roll", lambda self, die: die.low + (face - 1) % die.sides)
        return resolved(found)


def combat_lines(found):
    roll = next(e for e in found.log if e.key == "log.roll" and e.params["reason"] == "assault")
    return roll.params["value"], next(e for e in found.log if e.key == "log.assault").params


def battle(data):
    """Two elite American units against a Libyan commando, mechanised infantry and artillery
    in the rough hex: terrain, troop quality, armour on one side and artillery shift it."""
    data["ground"]["us-22-mau"].update(hex="2021", aboard=None)
    data["ground"]["ly-1-mech"]["hex"] = ROUGH
    data["ground"]["ly-art"]["hex"] = ROUGH


def check_against_resolution(monkeypatch, start, action, preview):
    """The preview of ``action`` gives, face by face, what playing it resolves with."""
    (roll,) = preview["rolls"]
    assert sum(Fraction(o["probability"]) for o in roll["outcomes"]) == 1
    assert len(roll["rows"]) == 10 and roll["die"] == "d10"
    for face in (1, 4, 7, 10):
        found = rolled(monkeypatch, act(start, "a", action), face)
        value, line = combat_lines(found)
        assert value == face
        assert line["column"] == roll["label"]["params"]["column"]
        assert line["shift"] == roll["modifier"] == sum(m["value"] for m in roll["modifiers"])
        assert line["attack"] == preview["sides"][0]["totals"]["attack"]
        assert line["defence"] == preview["sides"][1]["totals"]["defense"]
        assert roll["rows"][face - 1]["result"] == line["result"]
        assert line["result"] in [o["result"] for o in roll["outcomes"]]


@pytest.mark.rule("16.02", "17")
def test_the_preview_of_declaring_a_land_combat_gives_what_resolving_it_gives(monkeypatch):
    start = facing()
    preview = preview_of(start, "a", DECLARE)
    assert preview["title"] == {"key": "land_preview.title", "params": {"hex": ROUGH}}
    attackers, defenders = preview["sides"]
    assert [(u["id"], u["values"]["attack"]) for u in attackers["units"]] == [("us-sf", 1)]
    assert [(u["id"], u["values"]["defense"]) for u in defenders["units"]] == [("ly-cdo", 1)]
    (roll,) = preview["rolls"]
    shifts = {(m["key"], m["rule"]): m["value"] for m in roll["modifiers"]}
    assert shifts[("land_shift.terrain", "16.02")] == -1  # rough
    assert shifts[("land_shift.attacker_quality", "16.02")] == 1  # elite special forces
    check_against_resolution(monkeypatch, start, DECLARE, preview)


@pytest.mark.rule("11.05", "16.02")
def test_the_units_own_modifiers_each_show_with_their_rule_and_match_the_resolution(monkeypatch):
    start = edited(facing(), battle)
    preview = preview_of(start, "a", DECLARE)
    attackers, defenders = preview["sides"]
    assert attackers["totals"] == {"attack": 3} and defenders["totals"] == {"defense": 7}
    (roll,) = preview["rolls"]
    shifts = {(m["key"], m["rule"]): m["value"] for m in roll["modifiers"]}
    assert shifts[("land_shift.armour.defender_only", "11.05")] == -1
    assert shifts[("land_shift.artillery.per_unit", "11.05")] == -1
    assert roll["label"]["params"]["column"] == "1-2"  # 3 against 7, rounded down
    check_against_resolution(monkeypatch, start, DECLARE, preview)


@pytest.mark.rule("16.02")
def test_each_results_chance_is_its_faces_in_the_shifted_column():
    (roll,) = preview_of(facing(), "a", DECLARE)["rolls"]
    column = roll["label"]["params"]["shifted"]
    crt = TABLES.defaults["land_crt"]
    cells = Counter(crt.result(column, face).code for face in range(1, 11))
    assert {o["result"]: Fraction(o["probability"]) for o in roll["outcomes"]} == {
        code: Fraction(count, 10) for code, count in cells.items()
    }


@pytest.mark.rule("11.11")
def test_a_planned_assault_previews_its_shift_and_resolves_as_previewed(monkeypatch):
    declared = act(facing(), "a", DECLARE)
    preview = preview_of(declared, "a", f"plan {ROUGH}")
    (roll,) = preview["rolls"]
    planned = [m for m in roll["modifiers"] if m["key"] == "land_shift.planned_assault"]
    assert [(m["rule"], m["value"]) for m in planned] == [("11.11", 2)]
    check_against_resolution(monkeypatch, declared, f"plan {ROUGH}", preview)


@pytest.mark.rule("16.03")
def test_each_unit_shows_its_retreat_chance_and_an_r_result_says_it_checks():
    preview = preview_of(facing(), "a", DECLARE)
    (cdo,) = preview["sides"][1]["units"]
    assert cdo["notes"] == [
        {"key": "land_preview.quality", "params": {"quality": "regular", "chance": 5}}
    ]
    (roll,) = preview["rolls"]
    for row in roll["rows"]:
        retreat = row["result"].endswith("R")
        assert (row["label"]["key"] == "land_preview.result_retreat") == retreat


def blind():
    """A rules overlay under which no detector sees ground units (14.01's ground column)."""
    table = copy.deepcopy(TABLES.entries["detection"].values)
    for row in table["detectors"].values():
        row["ground"]["range"] = 0
    return {"rules_overlay": {"game": "aegean-strike", "name": "t", "tables": {"detection": table}}}


@pytest.mark.rule("14.01", "14.05", "16.02")
def test_a_defender_the_attacker_does_not_detect_stays_a_blank_in_the_preview():
    start = facing(blind())
    g_tables = TABLES.of(start)
    hidden = detection.hidden_from(g_tables, start.data, "a")
    assert "ly-cdo" in hidden
    view = GAME.view(start, "a")
    preview = view["notes"][DECLARE]["preview"]
    text = json.dumps(view["notes"])
    assert not [uid for uid in hidden if uid in text]
    _, defenders = preview["sides"]
    assert defenders["units"] == [
        {
            "id": "unknown",
            "values": {},
            "notes": [{"key": "land_preview.unseen_unit", "params": {}}],
        }
    ]
    assert defenders["totals"] == {} and preview["rolls"] == []
    assert "land_preview.unseen" in [note["key"] for note in preview["notes"]]
    declared = act(start, "a", DECLARE)  # both sides see the fight (14.05): the defender shows
    (roll,) = preview_of(declared, "a", f"plan {ROUGH}")["rolls"]
    assert preview_of(declared, "a", f"plan {ROUGH}")["sides"][1]["units"][0]["id"] == "ly-cdo"
    assert roll["outcomes"]


@pytest.mark.rule("16.02", "11.05")
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_word_of_a_land_combat_preview_is_in_english_and_japanese(lang):
    start = edited(facing(), battle)
    declared = act(start, "a", DECLARE)
    blank = facing(blind())
    previews = [
        preview_of(start, "a", DECLARE),
        preview_of(declared, "a", f"plan {ROUGH}"),
        preview_of(blank, "a", DECLARE),
    ]
    keys = rendered_keys(GAME, previews, lang)
    assert {
        "land_preview.title",
        "land_preview.crt_shifted",
        "land_shift.terrain",
        "land_shift.armour.defender_only",
        "land_shift.artillery.per_unit",
        "land_shift.planned_assault",
        "land_preview.unseen",
    } <= keys
