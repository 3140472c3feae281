"""What a game tells the player beside its actions (engine ``notes``, issue 14): labels,
consequences, paths and previews, carried through ``Choices`` into the view, and the message
layer's forms (grammatical number, a side's verb agreement, messages inside messages) in both
renderers: ``engine.i18n`` and the browser's ``Messages`` (static/js/i18n.js)."""

import json
import shutil
import subprocess
from fractions import Fraction
from pathlib import Path

import pytest

from tests.toy_game import GAME as TOY
from wargame.engine.action import Action
from wargame.engine.contract import label_of
from wargame.engine.dice import D6, D10_ZERO
from wargame.engine.errors import GameBug
from wargame.engine.i18n import Catalog
from wargame.engine.notes import (
    Modifier,
    Resolved,
    consequence,
    message,
    render_messages,
    roll_preview,
)
from wargame.engine.procedure import Choices
from wargame.engine.tables import distribution

I18N_JS = Path(__file__).parents[2] / "src" / "wargame" / "server" / "static" / "js" / "i18n.js"


def nothing(*_):
    return None


def test_an_option_keeps_what_the_game_tells_of_it_and_a_bare_one_keeps_nothing():
    choices = Choices("red", "prompt.x", {})
    told = (consequence("3.2", "consequence.fight", hex="0202"),)
    choices.add("hex 0202", nothing, label=message("label.go", hex="0202"), consequences=told,
                path=("0101", "0202"))  # fmt: skip
    choices.add("pass", nothing)
    note = choices.options["hex 0202"].note
    assert note is not None and choices.options["pass"].note is None
    assert note.to_json() == {
        "label": {"key": "label.go", "params": {"hex": "0202"}},
        "consequences": [{"key": "consequence.fight", "params": {"hex": "0202"}, "rule": "3.2"}],
        "path": ["0101", "0202"],
    }
    assert choices.verbs() == {"hex", "pass"}


def test_options_still_refuse_mutable_arguments_and_reserved_verbs():
    choices = Choices("red", "prompt.x", {})
    with pytest.raises(GameBug, match="mutable"):
        choices.add("hex 0202", nothing, [1], label=message("label.go"))
    with pytest.raises(GameBug, match="reserved"):
        choices.add(Action("undo"), nothing)


def test_a_roll_preview_gives_every_row_and_each_result_its_exact_chance():
    def resolve(a, b):
        total = a + b
        return Resolved(total >= 10, message("preview.x", total=total), total)

    found = roll_preview(message("preview.roll"), "red", (D6, D6), resolve,
                         modifiers=(Modifier("1.1", "drm.x", 2),))  # fmt: skip
    assert len(found.rows) == 36 and found.rows[0][0] == (1, 1) and found.rows[-1][0] == (6, 6)
    assert found.chances() == distribution(lambda a, b: a + b >= 10, D6, D6)
    assert found.chances() == {False: Fraction(5, 6), True: Fraction(1, 6)}
    assert found.modifier == 2
    shown = found.to_json()
    assert [o["probability"] for o in shown["outcomes"]] == ["5/6", "1/6"]
    assert sum(Fraction(o["probability"]) for o in shown["outcomes"]) == 1
    assert shown["rows"][0] == {
        "roll": [1, 1], "modified": 2, "result": False,
        "label": {"key": "preview.x", "params": {"total": 2}},
    }  # fmt: skip
    assert shown["modifiers"] == [
        {"key": "drm.x", "params": {"value": 2}, "rule": "1.1", "value": 2}
    ]
    one = roll_preview(message("p"), "red", D10_ZERO, lambda n: Resolved(n % 2, message("p")))
    assert one.to_json()["rows"][3]["roll"] == 3 and one.chances() == {
        0: Fraction(1, 2),
        1: Fraction(1, 2),
    }


def test_render_messages_gives_every_message_its_text_and_leaves_the_rest():
    data = {"label": {"key": "a", "params": {"n": 1}}, "rows": [{"key": "b", "params": {}}], "x": 3}
    found = render_messages(data, lambda key, params: f"{key}:{params}")
    assert found["label"]["text"] == "a:{'n': 1}" and found["rows"][0]["text"] == "b:{}"
    assert found["x"] == 3 and "text" not in data["label"]


# -- the view ---------------------------------------------------------------------------------


def toy_at_move_target():
    """A toy game at the Move's hex decision, the mover's card reaching the enemy token."""
    for seed in range(1, 200):
        state = TOY.setup("standard", seed)
        for side in ("red", "blue"):
            state = TOY.apply(state, side, TOY.legal_actions(state, side)[0])
        mover = state.data["initiative"]
        for card in list(state.data["hands"][mover]):
            after = TOY.apply(state, mover, Action.of("card", card))
            enemy = after.data["positions"]["blue" if mover == "red" else "red"]
            if f"hex {enemy}" in {a.text for a in TOY.legal_actions(after, mover)}:
                return after, mover, enemy
    raise AssertionError("no seed reaches the enemy token")


def test_the_view_carries_each_actions_note_and_words_from_the_catalogue():
    state, mover, enemy = toy_at_move_target()
    view = TOY.view(state, mover)
    notes = view["notes"]
    meeting = notes[f"hex {enemy}"]
    assert meeting["consequences"] == [
        {"key": "consequence.fight", "params": {"hex": enemy}, "rule": "3.2"}
    ]
    assert meeting["path"][0] == state.data["positions"][mover] and meeting["path"][-1] == enemy
    assert meeting["preview"]["title"] == {"key": "preview.fight", "params": {"hex": enemy}}
    assert "cancel" not in notes  # a bare action has no note, but words for its verb:
    assert view["labels"] == {"hex": "label.hex", "cancel": "label.cancel"}
    assert label_of(view, "cancel") == {"key": "label.cancel", "params": {}}
    other = next(a for a in view["actions"] if a.startswith("hex ") and a != f"hex {enemy}")
    assert label_of(view, other) == {"key": "label.hex", "params": {"arg1": other.split()[1]}}
    assert all(label_of(view, text) for text in view["actions"])  # every toy action has words
    assert "consequences" not in notes[other] and "preview" not in notes[other]
    assert view["preview"] is None
    blue = TOY.view(state, "blue" if mover == "red" else "red")
    assert blue["notes"] == blue["labels"] == {}
    pick = TOY.apply(state, mover, Action("cancel"))
    card = next(a for a in TOY.view(pick, mover)["actions"] if a.startswith("card "))
    assert label_of(TOY.view(pick, mover), card)["key"] == "label.move_card"  # the game's own


def test_a_variant_prompt_takes_its_bases_labels_then_the_verbs():
    assert TOY.label_key("bid", "card") == "label.bid.card"
    assert TOY.label_key("bid_nothing", "card") == "label.bid.card"  # a variant of prompt.bid
    assert TOY.label_key("bid_nothing", "pass") == "label.pass"
    assert TOY.label_key("move_target", "hex") == "label.hex"
    assert TOY.label_key("move_card", "nonsense") is None


# -- the message layer ------------------------------------------------------------------------

CASES = [
    ("{n:# hit|# hits}", {"n": 1}, "1 hit"),
    ("{n:# hit|# hits}", {"n": 0}, "0 hits"),
    ("{n:# hit|# hits}", {"n": 24}, "24 hits"),
    ("{n:# hit|# hits}", {"n": "1"}, "1 hit"),
    ("{units:unit} {units:goes|go}", {"units": ["u1"]}, "Marines goes"),
    ("{units:unit} {units:goes|go}", {"units": ["u1", "u2"]}, "Marines, u2 go"),
    ("{side:subject} {side:declares|declare}", {"side": "allied"}, "The Allies declare"),
    ("{side:subject} {side:declares|declare}", {"side": "japan"}, "Japan declares"),
    ("{side:side} won", {"side": "allied"}, "Allies won"),
    ("roll {roll}{mods:msg}", {"roll": 8, "mods": []}, "roll 8"),
    ("roll {roll}{mods:msg}", {"roll": 8}, "roll 8"),
    ("roll {roll}{mods:msg}", {"roll": 8, "mods": [{"key": "m", "params": {"natural": 5}}]},
     "roll 8 (5 +3)"),
    ("{drm:msg}", {"drm": [{"key": "d", "params": {"value": v}} for v in (3, -1)]},
     "+3 drm, -1 drm"),
    ("Over: {summary:msg}", {"summary": "r.won", "winner": "japan"}, "Over: Japan wins"),
    ("{hexes}", {"hexes": ["a", "b"]}, "a, b"),
    ("{missing} left", {}, "{missing} left"),
    ("{side:subject} {side:activates|activate} {units:unit}", {"side": "allied", "units": ["u1"]},
     "The Allies activate Marines"),
    ("{side:subject} {side:activates|activate} {units:unit}", {"side": "allied", "units": []},
     "The Allies activate no units"),
    ("to {hex}{mode:mm}", {"hex": "a", "mode": "move"}, "to a"),
    ("to {hex}{mode:mm}", {"hex": "a", "mode": "strategic"}, "to a (strategic)"),
]  # fmt: skip
ENTRIES = {
    "side.japan": "Japan",
    "side.allied": "Allies",
    "subject.allied": "The Allies",
    "number.allied": "plural",
    "unit.u1": "Marines",
    "m": " ({natural} +3)",
    "d": "{value:+d} drm",
    "r.won": "{winner:subject} {winner:wins|win}",
    "t_no_units": "{side:subject} {side:activates|activate} no units",  # units: an empty list
    "mm.move": "",
    "mm.strategic": " (strategic)",
}


@pytest.mark.parametrize(("template", "params", "expected"), CASES)
def test_the_message_layer_agrees_in_number_and_renders_messages_in_messages(
    template, params, expected
):
    catalog = Catalog({"en": {**ENTRIES, "t": template}})
    assert catalog.render("t", params, "en") == expected


def test_japanese_falls_back_to_the_side_for_a_subject_and_has_no_number():
    catalog = Catalog({"en": ENTRIES, "ja": {"side.allied": "連合軍", "t": "{side:subject}が勝利"}})
    assert catalog.render("t", {"side": "allied"}, "ja") == "連合軍が勝利"


@pytest.mark.skipif(shutil.which("node") is None, reason="needs node to run the browser's code")
def test_the_browsers_messages_render_every_case_as_the_engine_does(tmp_path):
    module = tmp_path / "i18n.mjs"
    module.write_text(I18N_JS.read_text(encoding="utf-8"), encoding="utf-8")
    cases = [[{**ENTRIES, "t": template}, params] for template, params, _ in CASES]
    script = (
        f"import {{ Messages }} from {json.dumps(module.as_uri())};\n"
        f"const cases = {json.dumps(cases)};\n"
        "console.log(JSON.stringify(cases.map(([e, p]) => new Messages(e, 'en').render('t', p))));"
    )
    done = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True,
                          text=True, timeout=60, check=True)  # fmt: skip
    assert json.loads(done.stdout) == [expected for _, _, expected in CASES]
