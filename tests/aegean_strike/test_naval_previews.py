"""The preview of naval fire (issue 18, point 8; naval_previews.py): a ship's fire at an enemy
ship with the fire back (16.11) and a bombardment (16.09), each face of the d10 giving the hits
the fire then scores in play, and their words in English and Japanese."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.aegean_strike.play import GAME, SCENARIO, act, edited, naval_segment
from tests.aegean_strike.test_air_previews import charted, last, preview_of, rolled
from tests.aegean_strike.test_combat import BATTLESHIP, off_tripoli
from tests.aegean_strike.test_naval import moves
from tests.preview_words import assert_value_names, rendered_keys
from wargame.engine.state import clone
from wargame.games.aegean_strike import naval

pytestmark = pytest.mark.game("aegean-strike")


def charted_naval_segment(edit, chart):
    """``naval_segment`` with ``chart``'s hits differing by die face (``charted``)."""
    begun = GAME.setup(SCENARIO, 7, {"rules_overlay": charted(**{chart: True})})
    return edited(act(act(act(begun, "b", "done"), "a", "done"), "a", "end"), edit)


def faces_met(found, side, action, check):
    """Play ``action`` with a dozen different dice; ``check(played, before)`` each; the faces
    of the die the checks met."""
    seen = set()
    for rng in range(12):
        each = clone(found)
        each.rng = rng
        seen.add(check(act(each, side, action), len(found.log)))
    return seen


@pytest.mark.rule("16.11", "15.02", "0.02")
def test_a_ship_fire_preview_gives_the_hits_each_face_scores_and_the_fire_back():
    """The destroyers' SSM less the FAC's ECM, and the FAC's fire back: each roll's per-face
    hits are those the fire then scores."""
    start = charted_naval_segment(moves(2), "air_naval_combat")
    found = act(start, "a", "fire us-dd-group")
    preview = preview_of(found, "a", "at ly-fac-1")
    fire, back = preview["rolls"]
    assert fire["total"] == naval.fire_strength("us-dd-group", "ly-fac-1")
    assert back["total"] == naval.fire_strength("ly-fac-1", "us-dd-group")
    assert [fire["side"], back["side"]] == ["a", "b"]
    for roll in (fire, back):
        assert sum(Fraction(o["probability"]) for o in roll["outcomes"]) == 1

    def check(fought, before):
        faces = [e.params["value"] for e in fought.log[before:] if e.key == "log.roll"]
        logged = last(fought, "log.naval_combat", unit="us-dd-group")
        assert logged["hits"] == fire["rows"][faces[0] - 1]["result"]
        assert logged["hits_back"] == back["rows"][faces[1] - 1]["result"]
        return faces[0]

    assert len(faces_met(found, "a", "at ly-fac-1", check)) >= 3


@pytest.mark.rule("16.09")
def test_a_bombardment_preview_gives_the_hits_each_face_scores():
    start = charted_naval_segment(off_tripoli, "air_to_ground_combat")
    found = act(start, "a", f"bombard {BATTLESHIP}")
    preview = preview_of(found, "a", "at ly-art")
    (roll,) = preview["rolls"]
    assert roll["total"] == naval.bombardment_strength(BATTLESHIP)
    assert preview["sides"][0]["units"][0]["values"] == {"gunfire": roll["total"]}

    def check(fired, before):
        face = rolled(fired, before, "bombardment")
        assert last(fired, "log.bombardment")["hits"] == roll["rows"][face - 1]["result"]
        return face

    assert len(faces_met(found, "a", "at ly-art", check)) >= 3


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_word_of_a_naval_preview_is_in_english_and_japanese(lang):
    fire = preview_of(act(naval_segment(moves(2)), "a", "fire us-dd-group"), "a", "at ly-fac-1")
    bombard = act(naval_segment(off_tripoli), "a", f"bombard {BATTLESHIP}")
    for preview in (fire, preview_of(bombard, "a", "at ly-art")):
        assert rendered_keys(GAME, preview, lang) >= {"air_preview.chart"}
        assert_value_names(GAME, preview, lang)
