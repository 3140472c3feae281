"""The preview of the fire an arriving air mission group meets (issue 18, point 8;
air_previews.fire_preview): the ships' (16.10), the anti-air ground units' (16.05) and the
Soviet air defence's (9.09), on the flying side's action that sends the group to its hex. Each
face of the d10 gives, in play, the hits, aborts (9.07) and losses the preview showed for it,
the fire read by the same code (``losses.GroupFire``); a defence the flying side does not see
changes nothing in it (14); its words are in English and Japanese."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from tests.aegean_strike.play import GAME, SCENARIO, TABLES, act, edited, overlay, tripoli_seen
from tests.aegean_strike.test_air_previews import last, preview_of
from tests.aegean_strike.test_combat import DESTROYERS, TRIPOLI, with_gunner
from tests.aegean_strike.test_play import BENINA, NEAR_LIBYA, sail
from tests.aegean_strike.test_ship_interception import TU22, intercept_mode, sailed
from tests.preview_words import assert_value_names, rendered_keys
from wargame.engine.rng import RandomSource
from wargame.games.aegean_strike import detection, state

pytestmark = pytest.mark.game("aegean-strike")
A6, F14 = "us-va34", "us-vf142"


def stepped(*charts: str, **tables: Any) -> dict[str, Any]:
    """A rules overlay whose charts give hits by the die's face alone: 0 on a 1 or 2, 1 on 3-5,
    2 on 6-8, 3 on 9 or 10, in every column (``tables``: more tables to replace)."""
    rules = overlay(**{name: 0 for name in charts})
    for name in charts:
        width = len(TABLES.defaults[name].table.columns)
        rules["tables"][name]["rows"] = {str(f): [f // 3] * width for f in range(1, 11)}
    rules["tables"].update(tables)
    return rules


def group_at(edit, rules, target, *texts, options=None):
    """Player A's A-6 (with ``texts``: its mission and escorts) about to be sent to ``target``
    in its first air segment, after ``edit``."""
    begun = GAME.setup(SCENARIO, 7, {"rules_overlay": rules, **(options or {})})
    start = edited(act(act(begun, "b", "done"), "a", "done", "end", "end"), edit)
    return act(start, "a", f"launch {A6}", *texts)


def each_face(monkeypatch, found, side, action):
    """``action`` played with each face of the d10 in turn (every die rolled shows it)."""
    for face in range(1, 11):
        with monkeypatch.context() as patch:
            patch.setattr(RandomSource, "roll", lambda self, die, f=face: die.low + f - 1)
            yield face, act(found, side, action)


def check_faces(monkeypatch, found, roll, kind):
    """The group flying (``found``) arrives, Player B not intercepting, with each face of the
    die: each face's ``kind`` of fire has the strength, hits, aborted and eliminated units of
    its row of ``roll``."""
    assert sum(Fraction(o["probability"]) for o in roll["outcomes"]) == 1
    for face, played in each_face(monkeypatch, found, "b", "pass"):
        row = roll["rows"][face - 1]
        logged = last(played, f"log.{kind}")
        assert (logged["attack"], logged["hits"]) == (roll["total"], row["result"])
        new = played.log[len(found.log) :]
        aborted = [e.params["unit"] for e in new if e.key == "log.aborted"]
        lost = [e.params["unit"] for e in new if e.key == "log.eliminated"]
        words = row["label"]["params"]
        assert (aborted, lost) == (words["aborted"], words["lost"]), face
    assert len({row["result"] for row in roll["rows"]}) == 4  # 0 to 3 hits were met


def kinds(preview):
    return [roll["label"]["params"]["fire"] for roll in preview["rolls"]]


SLAVA = "su-cg-slava"
"""A Soviet cruiser (anti-air 6), which joins Benina's ships: their fire outweighs the
group's ECM and anti-radiation missiles."""


def escorted_to_benina(data):
    """The carrier off Libya (Benina's ships seen), the Slava at Benina on Player B's side, and
    the F-14 one hit from its end."""
    sail(NEAR_LIBYA)(data)
    data["nations"]["ussr"] = "b"
    data["naval"][SLAVA] = {"hex": BENINA, "hits": 0, "in_port": True}
    data["air"][F14]["hits"] = state.air_values(F14).hits - 1


# -- each fire, face by face -----------------------------------------------------------------------
@pytest.mark.rule("16.10", "9.07", "19.08", "0.02")
@pytest.mark.parametrize("arm", [False, True])
def test_the_ships_fire_preview_gives_each_faces_hits_aborts_and_losses(monkeypatch, arm):
    """Benina's four ships at the A-6 and its F-14 escort: each face's hits fall as the
    preview said (the A-6, then the F-14, eliminated by its one hit left, then the A-6 again);
    with anti-radiation missiles (19.08) the strength is lowered by the A-6's, in words too."""
    options = {"anti_radiation": True} if arm else {}
    texts = ("mission asm_strike", f"escort {F14}")
    start = group_at(escorted_to_benina, stepped("air_naval_combat"), BENINA, *texts,
                     options=options)  # fmt: skip
    preview = preview_of(start, "a", f"target {BENINA}")
    assert kinds(preview) == ["ship_fire"]
    (roll,) = preview["rolls"]
    ships = [u for u, r in start.data["naval"].items() if r["hex"] == BENINA]
    named = {unit["id"]: unit["values"] for unit in preview["sides"][1]["units"]}
    assert named == {u: {"anti_air": state.naval_values(u).anti_air} for u in ships}
    cut = TABLES.defaults["anti_radiation"].suppression if arm else 0
    attack = sum(state.naval_values(u).anti_air for u in ships)
    assert roll["total"] == attack - state.air_values(A6).ecm - cut and roll["side"] == "b"
    line = roll["label"]["params"]["line"]
    assert (line["key"], line["params"]["cut"]) == (
        ("air_preview.chart_arm", cut) if arm else ("air_preview.chart", 0)
    )
    assert roll["rows"][9]["label"]["params"] == {"hits": 3, "aborted": [A6, F14], "lost": [F14]}
    flying = act(start, "a", f"target {BENINA}")
    check_faces(monkeypatch, flying, roll, "ship_fire")


@pytest.mark.rule("16.05", "9.07")
def test_the_ground_fire_preview_gives_each_faces_hits_and_aborts(monkeypatch):
    """Bulgaria's air defence regiment at Tripoli, seen since it fought there (14.05)."""

    def edit(data):
        with_gunner(TRIPOLI)(data)
        data["fought"]["bu-aa"] = TRIPOLI

    start = group_at(edit, stepped("air_to_ground_combat"), TRIPOLI, "mission bombing_strike")
    preview = preview_of(start, "a", f"target {TRIPOLI}")
    assert kinds(preview) == ["ground_fire"]
    (roll,) = preview["rolls"]
    assert preview["sides"][1]["units"] == [{"id": "bu-aa", "values": {"anti_air": 4}}]
    assert roll["label"]["params"]["line"]["params"]["chart"] == "air_to_ground_combat"
    flying = act(start, "a", f"target {TRIPOLI}")
    check_faces(monkeypatch, flying, roll, "ground_fire")


def soviet_in_play(data):
    """The Soviet Union on Player B's side with its airbase at Saki in play (and the Libyan
    troops at Tripoli seen, a target)."""
    tripoli_seen(data)
    data["nations"]["ussr"] = "b"
    data["airbases"]["saki"] = 0


@pytest.mark.rule("9.09", "9.07")
def test_the_soviet_air_defence_preview_gives_each_faces_hits_and_aborts(monkeypatch):
    """Saki's air defence, its range widened to reach Tripoli: the table's strength, from the
    base, less the A-6's ECM on the Air/Naval chart."""
    wide = {**TABLES.entries["soviet_air_defence"].values, "range": 400}
    rules = stepped("air_naval_combat", soviet_air_defence=wide)
    start = group_at(soviet_in_play, rules, TRIPOLI, "mission bombing_strike")
    preview = preview_of(start, "a", f"target {TRIPOLI}")
    assert kinds(preview) == ["air_defence"]
    (roll,) = preview["rolls"]
    (base,) = preview["sides"][1]["units"]
    assert base["id"] == "saki" and base["notes"][0]["key"] == "air_preview.soviet_base"
    assert roll["total"] == wide["strength"] - state.air_values(A6).ecm
    flying = act(start, "a", f"target {TRIPOLI}")
    check_faces(monkeypatch, flying, roll, "air_defence")


@pytest.mark.rule("16.10", "15.01")
def test_an_air_to_ship_interception_previews_the_fire_of_the_ships_it_attacks(monkeypatch):
    """Player B's Tu-22 sent at Player A's destroyers meets their fire, as previewed."""
    found = sailed(intercept_mode(TU22))
    action = f"intercept {TU22} {DESTROYERS}"
    preview = preview_of(found, "b", action)
    assert kinds(preview) == ["ship_fire"] and preview["rolls"][0]["side"] == "a"
    title = preview["title"]  # each interceptor's action is told apart by its title
    assert title["key"] == "air_preview.fire_title_alone" and title["params"]["unit"] == TU22
    assert DESTROYERS in {unit["id"] for unit in preview["sides"][1]["units"]}
    flying = act(found, "b", action)
    (roll,) = preview["rolls"]
    for face, played in each_face(monkeypatch, flying, "a", "pass"):
        assert last(played, "log.ship_fire")["hits"] == roll["rows"][face - 1]["result"]


# -- secrets ---------------------------------------------------------------------------------------
def hidden_defences(data):
    """A Libyan frigate and Bulgaria's air defence regiment at Tripoli, which Player A does
    not see (it sees the Libyan troops there, a target)."""
    with_gunner(TRIPOLI)(data)
    data["naval"]["ly-ff"]["hex"] = TRIPOLI


@pytest.mark.rule("14", "16.10", "16.05")
def test_defences_the_flying_side_does_not_see_change_nothing_in_its_preview():
    """The same preview with or without the unseen frigate and regiment, which do fire when
    the group arrives; once they are seen (they fought), the preview shows them."""
    rules = stepped("air_naval_combat", "air_to_ground_combat")
    plain = group_at(tripoli_seen, rules, TRIPOLI, "mission bombing_strike")
    hidden = group_at(hidden_defences, rules, TRIPOLI, "mission bombing_strike")
    assert {"ly-ff", "bu-aa"} <= detection.hidden_from(TABLES.defaults, hidden.data, "a")
    action = f"target {TRIPOLI}"
    preview = preview_of(hidden, "a", action)
    assert preview == preview_of(plain, "a", action)
    assert preview["rolls"] == [] and preview["notes"][0]["key"] == "air_preview.no_fire"
    assert "air_preview.fire_unseen" in [note["key"] for note in preview["notes"]]
    arrived = act(act(hidden, "a", action), "b", "pass")
    assert last(arrived, "log.ship_fire") and last(arrived, "log.ground_fire")

    def seen(data):
        hidden_defences(data)
        data["fought"].update({"ly-ff": TRIPOLI, "bu-aa": TRIPOLI})

    shown = preview_of(group_at(seen, rules, TRIPOLI, "mission bombing_strike"), "a", action)
    assert kinds(shown) == ["ship_fire", "ground_fire"]
    assert GAME.view(hidden, "b")["notes"] == {}


# -- words -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_word_of_a_fire_preview_is_in_english_and_japanese(lang):
    """The three fires (the ships' with anti-radiation missiles), a preview with no fire, and
    the names of the values they show."""
    rules = stepped("air_naval_combat", "air_to_ground_combat")
    texts = ("mission asm_strike", f"escort {F14}")
    ships = group_at(escorted_to_benina, rules, BENINA, *texts,
                     options={"anti_radiation": True})  # fmt: skip

    def both(data):
        with_gunner(TRIPOLI)(data)
        data["fought"]["bu-aa"] = TRIPOLI
        soviet_in_play(data)

    wide = {**TABLES.entries["soviet_air_defence"].values, "range": 400}
    ground = group_at(both, {**rules, "tables": {**rules["tables"], "soviet_air_defence": wide}},
                      TRIPOLI, "mission bombing_strike")  # fmt: skip
    quiet = group_at(tripoli_seen, rules, TRIPOLI, "mission bombing_strike")
    previews = [
        preview_of(ships, "a", f"target {BENINA}"),
        preview_of(ground, "a", f"target {TRIPOLI}"),
        preview_of(quiet, "a", f"target {TRIPOLI}"),
    ]
    assert kinds(previews[1]) == ["ground_fire", "air_defence"]
    keys = rendered_keys(GAME, previews, lang)
    for preview in previews:
        assert_value_names(GAME, preview, lang)
    assert {
        "air_preview.fire_title",
        "air_preview.fire_title_alone",
        "air_preview.fire_roll",
        "air_preview.chart_arm",
        "air_preview.group_hits",
        "air_preview.soviet_base",
        "air_preview.no_fire",
        "air_preview.fire_unseen",
        "air_preview.fire_order",
    } <= keys
    outcomes = [GAME.catalog.render(o["label"]["key"], o["label"]["params"], lang)
                for o in previews[0]["rolls"][0]["outcomes"]]  # fmt: skip
    assert len(set(outcomes)) == 4  # no hit; aborts; aborts and a loss, each in its words
