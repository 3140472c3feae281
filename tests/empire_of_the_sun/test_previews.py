"""Previews (issue 14): a battle before it is resolved and an intelligence roll before it is made,
each with its participants, modifiers (with rule numbers) and the exact chance of every result.
Each is checked against a brute-force enumeration written here from the tables, and against the
game's own resolution, die face by die face: the preview must be what the battle does."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from tests.empire_of_the_sun.driver import ScriptedRng
from tests.empire_of_the_sun.factory import position
from tests.empire_of_the_sun.test_battle import decision_of, offensive, start_battle
from wargame.engine.procedure import Context
from wargame.engine.state import clone
from wargame.games.empire_of_the_sun import forces, previews
from wargame.games.empire_of_the_sun.offensives import intelligence_modifiers, intelligence_roll

pytestmark = pytest.mark.game("empire-of-the-sun")

MANILA = "2813"
T3 = [Fraction(1, 4)] * 3 + [Fraction(1, 2)] * 3 + [Fraction(1)] * 4  # by modified roll 0-9
T4 = [Fraction(1, 2)] * 3 + [Fraction(1)] * 4 + [Fraction(3, 2)] * 2 + [Fraction(2)]


def manila_landing():
    """The Japanese landing at Manila under Surprise: 14th Army by assault with CA Takao, the
    5th Air Division from Formosa; the US R Corps and CA US Asiatic Fleet defend."""
    g = position(
        units={
            "jp-14-army": MANILA,
            "jp-ca-takao": MANILA,
            "jp-5-ad": "2909",
            "us-r-corps": MANILA,
            "us-ca-us-asia": MANILA,
        },
        japanese=["2909"],
    )
    offensive(
        g,
        "japan",
        activated=["jp-14-army", "jp-ca-takao", "jp-5-ad"],
        assigned={"jp-5-ad": MANILA},
        battles=[MANILA],
        moved={"jp-14-army": {"mode": "assault", "from": "2909", "path": [MANILA]}},
    )
    return g


def overland_attack():
    """The 15th Army marches into a Malayan mountain hex held by the British 15th Corps: no air
    or naval unit, so the battle is a ground combat at once."""
    g = position(units={"jp-15-army": "2013", "cw-15-corps": "2013"})
    offensive(g, "japan", activated=["jp-15-army"], battles=["2013"])
    return g


def by_hand(total, drm, table, natural, air_naval=True):
    """The hits of one face, from the printed tables and rule 1.3 (fractions round up)."""
    modified = min(9, max(0, natural + drm))
    return math.ceil(total * table[modified]), air_naval and natural == 9


@pytest.mark.rule("8.1", "8.2", "8.4", "1.3")
def test_a_battle_preview_lists_both_sides_and_every_modifier_with_its_rule():
    preview = previews.battle_preview(manila_landing(), MANILA).to_json()
    japan, allied = preview["sides"]
    assert japan["side"] == "japan" and allied["side"] == "allied"
    assert {u["id"] for u in japan["units"]} == {"jp-14-army", "jp-ca-takao", "jp-5-ad"}
    landing = next(u for u in japan["units"] if u["id"] == "jp-14-army")
    assert landing["notes"] == [{"key": "preview.landing", "params": {}}]
    takao = next(u for u in japan["units"] if u["id"] == "jp-ca-takao")
    assert set(takao["values"]) == {"attack", "defense", "steps"}
    first, second, ground_op, ground_rp = preview["rolls"]
    assert (first["side"], second["side"]) == ("japan", "allied")
    assert [(m["key"], m["rule"], m["value"]) for m in first["modifiers"]] == [
        ("drm.surprise", "8.2", 3)
    ]
    assert second["modifiers"] == []  # the second strike has no surprise bonus
    # with the units now present: the US cruiser, while afloat, denies the shore bombardment
    assert [(m["key"], m["rule"]) for m in ground_op["modifiers"]] == [
        ("drm.air_superiority", "8.4")
    ]
    assert [(m["key"], m["value"]) for m in ground_rp["modifiers"]] == [("drm.held", 3)]
    assert japan["totals"]["air_naval"] == first["total"]
    for roll in preview["rolls"]:
        assert sum(Fraction(o["probability"]) for o in roll["outcomes"]) == 1
        assert [row["roll"] for row in roll["rows"]] == list(range(10))


@pytest.mark.rule("8.2", "8.4", "1.3", "15.6")
def test_a_battle_preview_is_the_brute_force_enumeration_of_the_tables():
    (first, _, ground_op, ground_rp) = previews.battle_preview(manila_landing(), MANILA).rolls
    for roll, table, air_naval in (
        (first, T3, True),
        (ground_op, T4, False),
        (ground_rp, T4, False),
    ):
        expected = {}
        for natural in range(10):
            made, critical = by_hand(roll.total, roll.modifier, table, natural, air_naval)
            result = (made, True) if critical else made
            expected[result] = expected.get(result, 0) + Fraction(1, 10)
            (_, shown) = roll.rows[natural]
            assert shown.result == result and shown.modified == min(9, natural + roll.modifier)
        assert roll.chances() == expected


@pytest.mark.rule("8.2", "8.4")
@pytest.mark.parametrize("natural", range(10))
def test_the_first_strike_of_a_battle_makes_the_hits_its_preview_shows(natural):
    g = manila_landing()
    (first, *_) = previews.battle_preview(g, MANILA).rolls
    start_battle(g, MANILA, rolls=[natural])
    (strike,) = [e.params for e in g.state.log if e.key == "log.strike"]
    (_, shown) = first.rows[natural]
    assert (strike["hits"], strike["critical"]) == (
        (shown.result[0], True) if isinstance(shown.result, tuple) else (shown.result, False)
    )
    assert strike["roll"] == shown.modified and strike["total"] == first.total


@pytest.mark.rule("8.4")
@pytest.mark.parametrize("natural", range(10))
def test_both_ground_rolls_of_a_battle_make_the_hits_their_preview_shows(natural):
    g = overland_attack()
    op, rp = previews.battle_preview(g, "2013").rolls
    assert [m["key"] for m in op.to_json()["modifiers"]] == ["drm.terrain"]
    start_battle(g, "2013", rolls=[natural, 9 - natural])
    made = [e.params["hits"] for e in g.state.log if e.key == "log.strike"]
    assert made == [op.rows[natural][1].result, rp.rows[9 - natural][1].result]


@pytest.mark.rule("8.2")
def test_during_a_battle_the_decision_previews_what_is_still_to_come():
    g = manila_landing()
    start_battle(g, MANILA, rolls=[5, 0, 9, 0])
    choices = decision_of(g)
    assert choices.prompt == "prompt.allocate_hits"
    shown = choices.preview.to_json()
    assert shown["title"] == {"key": "preview.battle_now", "params": {"hex": MANILA}}
    assert [roll["side"] for roll in shown["rolls"]] == ["allied", "japan", "allied"]
    before = clone(g.state)
    previews.battle_now(g)
    assert g.state == before  # the preview wrote into a copy of the frame only


@pytest.mark.rule("5.22", "6.25")
@pytest.mark.parametrize("recon", [False, True])
def test_an_intelligence_preview_is_the_roll_itself_face_by_face(recon):
    g = position()
    offensive(g, "japan", recon=recon, intel=5, rolled=False, card="J10")
    modifiers = intelligence_modifiers(g, "allied")
    shown = previews.intelligence_preview("allied", 5, modifiers)
    (roll,) = shown.rolls
    assert [m.key for m in roll.modifiers] == (["drm.recon"] if recon else [])
    for natural in range(10):
        h = Context(clone(g.state), {}, g.static)
        h.rng = ScriptedRng([natural])
        assert intelligence_roll(h, "allied", 5, "intelligence") is roll.rows[natural][1].result
    assert roll.chances()[True] == Fraction(8 if recon else 6, 10)


def test_previews_change_nothing_and_name_only_units_in_the_battle():
    g = manila_landing()
    before = clone(g.state)
    preview = previews.battle_preview(g, MANILA)
    assert g.state == before
    named = {unit.id for side in preview.sides for unit in side.units}
    assert all(forces.at(g, u) in (MANILA, "2909") for u in named)
