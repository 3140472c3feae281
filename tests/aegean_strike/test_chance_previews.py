"""The previews of the rolls decided by one chance on a d10 (issue 18, point 8;
chance_previews.py): a salvo of cruise missiles (19.09), a special forces raid (11.12), the
strike of a minefield on a ship entering it (13.08) and a sweep from the air (13.08, 8.03).
Played with each face of the d10, each gives the outcome its preview showed for that face (the
roll read by the same code, ``losses.ChanceOdds``); a minefield is public, and a move into no
enemy field carries no preview; the words are in English and Japanese."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from tests.aegean_strike.play import GAME, SCENARIO, act, actions, edited
from tests.aegean_strike.test_air_previews import last, preview_of
from tests.aegean_strike.test_air_sweep import NEAR, SH3, launched, sweeping
from tests.aegean_strike.test_fire_previews import each_face
from tests.aegean_strike.test_mines import DARDANELLES, FRIGATE, MARMARA, ship_at
from tests.aegean_strike.test_optional import _cruise_ready
from tests.aegean_strike.test_special_ops import assigning
from tests.preview_words import assert_value_names, rendered_keys
from wargame.games.aegean_strike import air, mines, state
from wargame.games.aegean_strike.charts import TABLES

pytestmark = pytest.mark.game("aegean-strike")
CRUISE, RAID = "cruise us-bb-iowa benina", "raid us-sf benina"
A6 = "us-va34"


def results(roll: dict[str, Any]) -> list[Any]:
    assert sum(Fraction(o["probability"]) for o in roll["outcomes"]) == 1
    return [row["result"] for row in roll["rows"]]


def words(roll: dict[str, Any], face: int) -> str:
    return str(roll["rows"][face - 1]["label"]["key"])


# -- cruise missiles ---------------------------------------------------------------------------
@pytest.mark.rule("19.09", "9.10", "0.02")
def test_a_cruise_missile_preview_gives_the_hits_each_face_scores():
    """The Iowa's salvo at Benina, the table's chance 5: a hit on 1-5, none on 6-10, and each
    face played scores the hit its row shows; one hit short of the limit, the hit reads as
    the base made inoperative, as it then is."""
    ready = _cruise_ready(chance=5)
    preview = preview_of(ready, "a", CRUISE)
    (roll,) = preview["rolls"]
    assert results(roll) == [1] * 5 + [0] * 5 and roll["side"] == "a"
    assert roll["label"]["params"]["chance"] == 5 and roll["modifiers"] == []
    limit = TABLES.defaults["airbases"].large.inoperative_at
    ship, base = preview["sides"]
    assert ship["units"] == [{"id": "us-bb-iowa", "values": {}}]
    assert base == {
        "side": "b",
        "units": [{"id": "benina", "values": {"hits_taken": 0, "hit_capacity": limit}}],
        "totals": {},
    }
    assert state.airbase_size("benina") == "large"
    worn = edited(ready, lambda data: data["airbases"].update(benina=limit - 1))
    (roll,) = preview_of(worn, "a", CRUISE)["rolls"]
    assert words(roll, 1) == "air_preview.hits_airbase" and words(roll, 6) == "air_preview.hits"


@pytest.mark.rule("19.09")
def test_each_face_of_a_cruise_missile_salvo_scores_what_its_preview_showed(monkeypatch):
    limit = TABLES.defaults["airbases"].large.inoperative_at
    worn = edited(_cruise_ready(chance=5), lambda data: data["airbases"].update(benina=limit - 1))
    (roll,) = preview_of(worn, "a", CRUISE)["rolls"]
    for face, played in each_face(monkeypatch, worn, "a", CRUISE):
        hits = roll["rows"][face - 1]["result"]
        assert last(played, "log.cruise_strike")["hits"] == hits
        assert played.data["airbases"]["benina"] == limit - 1 + hits
        assert ("benina" in played.data["inoperative"]) == (hits > 0)


# -- raids -------------------------------------------------------------------------------------
def before_turn_two(found):
    """The position whose next passing action starts turn 2 (and its Unit Assignment Stage,
    where the deployed units raid), with the side and the action."""
    while True:
        side = GAME.active(found)[0]
        text = next(t for t in ("done", "end", "pass", "finish") if t in actions(found, side))
        after = act(found, side, text)
        if after.data["turn"] == 2:
            return found, side, text
        found = after


@pytest.mark.rule("11.12", "9.10", "0.02")
def test_a_raid_preview_gives_the_hit_each_face_scores_at_the_next_assignment(monkeypatch):
    """The US special forces deployed against Benina, the table's chance 3: the preview on
    ``raid`` shows a hit on 1-3; at the next Unit Assignment Stage each face raids as shown."""
    start = assigning(chance=3)
    preview = preview_of(start, "a", RAID)
    (roll,) = preview["rolls"]
    assert results(roll) == [1] * 3 + [0] * 7 and roll["side"] == "a"
    assert [note["key"] for note in preview["notes"]] == [
        "chance_preview.raid_when",
        "chance_preview.raid_deployed",
    ]
    assert preview["sides"][1]["units"][0]["id"] == "benina"
    found, side, text = before_turn_two(act(act(start, "a", RAID), "a", "done"))
    hits = found.data["airbases"]["benina"]
    for face, played in each_face(monkeypatch, found, side, text):
        assert last(played, "log.raid")["hits"] == roll["rows"][face - 1]["result"]
        assert played.data["airbases"]["benina"] >= hits + roll["rows"][face - 1]["result"]


@pytest.mark.rule("11.12", "14")
def test_a_raid_preview_is_the_raiding_sides_alone():
    start = assigning()
    assert RAID in GAME.view(start, "a")["notes"]
    assert GAME.view(start, "b")["notes"] == {}


# -- minefields --------------------------------------------------------------------------------
def entering(chance=4, hits=2, taken=1):
    """Player A's British frigate (hits 3), ``taken`` hits on it already, about to sail from the
    Sea of Marmara into Player B's field in the Dardanelles (table mines: ``hits`` hits on
    ``chance`` or less)."""
    values = {"stocks": {"us": 1}, "strike_chance": chance, "hits": hits, "sweep_range": 1}
    rules = {"game": "aegean-strike", "name": "mines", "tables": {"mines": values}}
    begun = GAME.setup(SCENARIO, 7, {"rules_overlay": rules})
    segment = act(act(act(begun, "b", "done"), "a", "done"), "a", "end")

    def edit(data):
        ship_at(FRIGATE, MARMARA, DARDANELLES)(data)
        data["naval"][FRIGATE]["hits"] = taken

    return act(edited(segment, edit), "a", f"sail {FRIGATE}")


@pytest.mark.rule("13.08", "9.06", "5", "0.02")
def test_a_minefield_preview_gives_the_hits_each_face_scores_on_the_ship(monkeypatch):
    """Two hits on 1-4, rolled by the field's side, which sink the frigate (one hit taken,
    three its limit): each face played strikes and sinks as its row said."""
    found = entering()
    preview = preview_of(found, "a", f"to {DARDANELLES}")
    (roll,) = preview["rolls"]
    assert results(roll) == [2] * 4 + [0] * 6 and roll["side"] == "b"
    assert words(roll, 1) == "air_preview.hits_unit" and words(roll, 5) == "air_preview.hits"
    (ship,) = preview["sides"]
    assert ship["units"] == [{"id": FRIGATE, "values": {"hits_taken": 1, "hit_capacity": 3}}]
    for face, played in each_face(monkeypatch, found, "a", f"to {DARDANELLES}"):
        hits = roll["rows"][face - 1]["result"]
        assert last(played, "log.mine_strike")["hits"] == hits
        assert (FRIGATE in played.data["eliminated"]) == (hits > 0)


@pytest.mark.rule("13.08", "14")
def test_only_a_move_into_an_enemy_field_carries_a_minefield_preview():
    """The field is public (the map marks it for both sides), so its preview tells nothing;
    the moves into no field, and into a field of the mover's own side, carry none."""
    found = entering()
    notes_a = GAME.view(found, "a")["notes"]
    assert [text for text in notes_a if text.startswith("to ")] == [f"to {DARDANELLES}"]
    assert GAME.view(found, "b")["notes"] == {}
    for side in ("a", "b"):  # Player A sees the field on the map as Player B does
        marks = GAME.view(found, side)["board"]["marks"]
        assert (DARDANELLES, "b") in {(m["hex"], m.get("side")) for m in marks}
    own = edited(found, lambda data: data["mines"].update({DARDANELLES: "a"}))
    assert mines.striking(own.data, FRIGATE, DARDANELLES) is None
    assert not [t for t in GAME.view(own, "a")["notes"] if t.startswith("to ")]


# -- minesweeping from the air -----------------------------------------------------------------
@pytest.mark.rule("13.08", "8.03", "0.02")
def test_an_air_sweep_preview_gives_each_faces_sweep_after_the_fire(monkeypatch):
    """The SH-3 sent to Player B's field, the option's chance 4: its roll clears the field on
    1-4 (no fire reaches it there, as the fire's part of the preview says), and each face
    played clears or leaves the field as its row said."""
    group = launched(sweeping(chance=4))
    preview = preview_of(group, "a", f"target {NEAR}")
    (roll,) = preview["rolls"]
    assert roll["label"]["params"]["unit"] == SH3 and roll["side"] == "a"
    assert results(roll) == [1] * 4 + [0] * 6
    keys = [note["key"] for note in preview["notes"]]
    assert keys == ["air_preview.no_fire", "air_preview.fire_unseen", "chance_preview.sweep_turns"]
    flying = act(group, "a", f"target {NEAR}")
    for face, played in each_face(monkeypatch, flying, "b", "pass"):
        cleared = roll["rows"][face - 1]["result"] == 1
        assert (NEAR not in played.data["mines"]) == cleared, face
        assert bool([e for e in played.log if e.key == "log.mine_swept"]) == cleared


def two_sweepers(data):
    """The A-6 made a sweeper (its type added to the option's) and based at Hellinikon too."""
    data["air_minesweeping"]["types"].append(state.unit(A6).type)
    data["air"][A6]["base"] = "hellinikon"


@pytest.mark.rule("13.08", "8.03")
def test_several_sweepers_roll_in_turn_and_escorts_do_not_sweep(monkeypatch):
    """The SH-3 and a second sweeper at chance 4: a roll each, in the group's order, and the
    chance that one of them clears the field, 1 - (6/10)^2; played, the first roll that clears
    ends the sweep. An escort is no sweeper."""
    group = act(edited(launched(sweeping(chance=4)), two_sweepers), "a", f"add {A6}")
    preview = preview_of(group, "a", f"target {NEAR}")
    assert [roll["label"]["params"]["unit"] for roll in preview["rolls"]] == [SH3, A6]
    (remark,) = [n for n in preview["notes"] if n["key"] == "chance_preview.sweep_all"]
    assert remark["params"] == {"count": 2, "chance": "16/25"}
    flying = act(group, "a", f"target {NEAR}")
    for face, played in each_face(monkeypatch, flying, "b", "pass"):
        tries = [e for e in played.log if e.params.get("reason") == "air_sweep"]
        cleared = face <= 4
        assert len(tries) == (1 if cleared else 2) and (NEAR not in played.data["mines"]) == cleared
    assert air.sweepers(group.data, {"escorts": [A6]}, [SH3, A6]) == [SH3]


# -- words -------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_word_of_a_chance_preview_is_in_english_and_japanese(lang):
    limit = TABLES.defaults["airbases"].large.inoperative_at
    worn = edited(_cruise_ready(chance=5), lambda data: data["airbases"].update(benina=limit - 1))
    found = sweeping(chance=4)
    twice = act(edited(launched(found), two_sweepers), "a", f"add {A6}")
    previews = [
        preview_of(worn, "a", CRUISE),
        preview_of(assigning(), "a", RAID),
        preview_of(entering(), "a", f"to {DARDANELLES}"),
        preview_of(twice, "a", f"target {NEAR}"),
    ]
    keys = rendered_keys(GAME, previews, lang)
    for preview in previews:
        assert_value_names(GAME, preview, lang)
    prefix = "chance_preview."
    assert {key.removeprefix(prefix) for key in keys if key.startswith(prefix)} == {
        "cruise_title", "raid_title", "mine_title", "sweep_title", "cruise_missiles",
        "special_operations", "mines", "air_minesweeping", "sweep_roll", "cleared", "missed",
        "cruise_seen", "raid_when", "raid_deployed", "mine_field", "mine_stop", "sweep_turns",
        "sweep_all",
    }  # fmt: skip
    assert {"air_preview.hits_airbase", "air_preview.hits_unit", "air_preview.hits"} <= keys
