"""The preview of an attack (issue 17, point 7): the odds column, each column shift with its rule,
and the chance of each CRT result, from the code that resolves the attack (``combat.Odds``); the
defender's supporting HQ, the weather's lessening of retreats, and words in both languages."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.dai_senso.play import GAME, PLAIN, act, position
from tests.preview_words import rendered_keys
from wargame.games.dai_senso.charts import TABLES

pytestmark = pytest.mark.game("dai-senso")
EAST = "e1604"  # next to PLAIN
ROUGH, ROUGH_ATTACKER = "w4910", "w5010"  # a rough hex and a neighbour of it


def declared(units, target, attackers, *, seed=7, result=None, weather=None, support=None):
    """The Axis regular combat segment, the attack on ``target`` declared with ``attackers``."""
    found = act(position(units, result, weather, seed=seed), "axis", "end", f"attack {target}")
    found = act(found, "axis", *(f"with {uid}" for uid in attackers))
    return act(found, "axis", f"support {support}") if support else found


def preview_of(found, side, action):
    return GAME.view(found, side)["notes"][action]["preview"]


def combat_lines(found):
    attack = next(e for e in reversed(found.log) if e.key == "log.attack")
    roll = next(e for e in reversed(found.log) if e.key == "log.roll")
    result = next(e for e in reversed(found.log) if e.key == "log.combat_result")
    return attack.params, roll.params["value"], result.params["result"]


@pytest.mark.rule("4.2.2", "4.2.3", "4.2.3.5", "4.2.3.8", "4.2.4")
def test_the_preview_of_an_attack_gives_what_resolving_it_gives():
    units = {"j-5th-army": (ROUGH_ATTACKER, 2), "j-kwantung-hq": ("w5011", 2),
             "s-35th": (ROUGH, 1)}  # fmt: skip
    seen = set()
    for seed in range(1, 13):
        found = declared(units, ROUGH, ["j-5th-army"], seed=seed, support="j-kwantung-hq")
        preview = preview_of(found, "axis", "resolve")
        (roll,) = preview["rolls"]
        shifts = {(m["key"], m["rule"]): m["value"] for m in roll["modifiers"]}
        assert shifts == {("shift.terrain", "4.2.3.8"): -1, ("shift.hq_attack", "4.2.3.5"): 1}
        assert sum(Fraction(o["probability"]) for o in roll["outcomes"]) == 1
        resolved = act(found, "axis", "resolve")
        attack, face, result = combat_lines(resolved)
        assert (attack["column"], attack["shift"]) == (roll["label"]["params"]["column"], 0)
        assert attack["attack"] == preview["sides"][0]["totals"]["attack"]
        assert attack["defence"] == preview["sides"][1]["totals"]["defense"]
        assert roll["rows"][face - 1]["result"] == result
        seen.add(face)
    assert len(seen) >= 3  # the comparison met several faces of the die


@pytest.mark.rule("4.2.4")
def test_each_results_chance_is_its_faces_in_the_shifted_column():
    units = {"j-5th-army": (EAST, 2), "j-44th-army": ("e1602", 2), "s-35th": (PLAIN, 1)}
    found = declared(units, PLAIN, ["j-5th-army", "j-44th-army"])
    (roll,) = preview_of(found, "axis", "resolve")["rolls"]
    column = roll["label"]["params"]["shifted"]
    crt = TABLES.defaults["crt"]
    cells = [crt.result(column, face).code for face in range(1, 7)]
    for outcome in roll["outcomes"]:
        assert Fraction(outcome["probability"]) == Fraction(cells.count(outcome["result"]), 6)
    assert roll["modifiers"] == [] and roll["die"] == "d6"


@pytest.mark.rule("4.2.3.7", "11.2")
def test_in_mud_the_preview_shifts_a_column_left_and_lessens_the_retreats():
    units = {"j-5th-army": (EAST, 2), "s-35th": (PLAIN, 2)}
    found = declared(units, PLAIN, ["j-5th-army"], result="Dr1", weather={"desert": "mud"})
    preview = preview_of(found, "axis", "resolve")
    (roll,) = preview["rolls"]
    assert [(m["key"], m["value"], m["rule"]) for m in roll["modifiers"]] == [
        ("shift.mud", -1, "4.2.3.7")
    ]
    assert [(o["result"], o["probability"]) for o in roll["outcomes"]] == [("Ex", "1/1")]
    assert "preview.weather" in [note["key"] for note in preview["notes"]]
    _, _, result = combat_lines(act(found, "axis", "resolve"))
    assert result == "Ex"


@pytest.mark.rule("4.2.1.2", "4.2.2", "4.2.3.5")
def test_the_defenders_hq_is_an_open_question_then_each_choice_previews_it():
    units = {"j-5th-army": (EAST, 2), "s-35th": (PLAIN, 2), "s-2fef": ("e1403", 2)}
    found = declared(units, PLAIN, ["j-5th-army"])
    before = preview_of(found, "axis", "resolve")
    assert "preview.defence_support_open" in [note["key"] for note in before["notes"]]
    found = act(found, "axis", "resolve")
    with_hq = preview_of(found, "soviet", "support s-2fef")
    without = preview_of(found, "soviet", "none")
    assert without["rolls"] == before["rolls"]
    (roll,) = with_hq["rolls"]
    assert ("shift.hq_defence", -1) in [(m["key"], m["value"]) for m in roll["modifiers"]]
    defenders = with_hq["sides"][1]
    assert defenders["totals"]["defense"] == without["sides"][1]["totals"]["defense"] + 2
    assert defenders["units"][-1]["id"] == "s-2fef"
    assert "preview.defence_support_open" not in [note["key"] for note in with_hq["notes"]]
    resolved = act(found, "soviet", "support s-2fef")
    attack, face, result = combat_lines(resolved)
    assert attack["shift"] == sum(m["value"] for m in roll["modifiers"])
    assert roll["rows"][face - 1]["result"] == result


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_word_of_a_preview_is_in_english_and_japanese(lang):
    units = {"j-5th-army": (EAST, 2), "j-kwantung-hq": ("e1605", 2), "s-35th": (PLAIN, 2),
             "s-2fef": ("e1403", 2)}  # fmt: skip
    found = declared(
        units, PLAIN, ["j-5th-army"], support="j-kwantung-hq", weather={"desert": "mud"}
    )
    preview = preview_of(found, "axis", "resolve")
    keys = rendered_keys(GAME, preview, lang)
    assert {"preview.attack", "preview.crt", "shift.mud", "shift.hq_attack"} <= keys
