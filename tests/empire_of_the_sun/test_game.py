"""Empire of the Sun as a whole: messages, views and secrets, determinization, replay."""

import re
import sys
from pathlib import Path

import pytest

from wargame.engine.action import Action
from wargame.engine.i18n import LANGUAGES
from wargame.engine.rng import Rng
from wargame.engine.session import Session
from wargame.engine.state import clone, copier_problems, state_hash
from wargame.fuzz import FuzzFailure, check_determinize, check_secrets, first_difference
from wargame.games.empire_of_the_sun import GAME

pytestmark = pytest.mark.game("empire-of-the-sun")
PACKAGE = Path(sys.modules[GAME.__class__.__module__].__file__).parent
KEY = re.compile(r'"((?:log|prompt|result)\.[a-z_]+)"')


def played(scenario, seed, actions):
    """A session after ``actions`` random legal actions."""
    session = Session.new(GAME, scenario, seed)
    rng = Rng(seed)
    for _ in range(actions):
        active = GAME.active(session.state)
        if not active:
            break
        side = rng.choice(active)
        session.act(side, rng.choice(GAME.legal_actions(session.state, side)).text)
    return session


@pytest.fixture(scope="module")
def midgame():
    return played("1942", 5, 250)


@pytest.mark.rule("1.2", "1.22", "1.23", "1.24")
def test_the_components_are_all_there():
    parts = GAME.parts
    assert len(parts.units) == 200 and len(parts.cards) == 170
    assert len(parts.board.hexes) == 1478  # the 1,479 positions of the grid less 2608
    assert sum(1 for c in parts.cards.values() if c.side == "japan") == 86


@pytest.mark.rule("1.21")
def test_every_roll_of_a_game_is_a_d10_read_0_to_9(midgame):
    rolls = [e.params["value"] for e in midgame.state.log if e.key == "log.roll"]
    assert rolls and all(0 <= value <= 9 for value in rolls)
    assert all(e.params["die"] == "d10(0-9)" for e in midgame.state.log if e.key == "log.roll")


def test_every_message_key_in_the_code_exists_in_both_languages():
    source = "\n".join(p.read_text() for p in PACKAGE.glob("*.py"))
    used = set(KEY.findall(source)) | {f"log.play_{how}" for how in ("oc", "event", "discard")}
    assert len(used) > 70
    for lang in LANGUAGES:
        missing = {key for key in used if GAME.catalog.lookup(key, lang) is None}
        assert missing == set(), lang
    own = GAME.catalog.messages
    assert {k for k in own["en"] if not k.startswith(("hex.", "unit.", "card."))} == {
        k for k in own["ja"] if not k.startswith(("hex.", "unit.", "card."))
    }


def test_every_log_line_of_a_game_renders_in_both_languages(midgame):
    for lang in LANGUAGES:
        for event in GAME.view(midgame.state, "japan")["log"]:
            text = GAME.catalog.render(event["key"], event.get("params", {}), lang)
            assert "{" not in text and not text.startswith(event["key"]), (lang, event)


@pytest.mark.rule("4.14")
def test_a_side_sees_its_own_hand_and_only_the_size_of_the_other(midgame):
    state = midgame.state
    japan, allies, spectator = (GAME.view(state, s) for s in ("japan", "allied", None))
    assert japan["board"]["hand"] == state.data["cards"]["japan"]["hand"]
    assert "hand" not in spectator["board"]
    assert allies["board"]["cards"]["japan"]["hand_size"] == len(japan["board"]["hand"])
    views = {"japan": japan, "allied": allies, None: spectator}
    check_secrets(GAME, state, views)


@pytest.mark.rule("4.14")
def test_the_secrets_are_the_hands_the_order_of_the_decks_and_the_seed(midgame):
    state = midgame.state
    secrets = GAME.secrets(state)
    for side in GAME.sides:
        own = state.data["cards"][side]
        assert secrets.orders[f"deck_{side}"] == own["deck"]
        unseen = set(own["hand"]) - set(state.data["known"][side])
        assert unseen <= secrets.owned[side] and not set(own["deck"]) & secrets.owned[side]
    fresh = GAME.setup("1942", 2**64 + 5)
    assert {str(fresh.seed), f"{fresh.seed:064x}"} <= GAME.secrets(fresh).hidden
    views = {viewer: GAME.view(state, viewer) for viewer in (None, *GAME.sides)}
    check_secrets(GAME, state, views)
    views["japan"]["board"]["next"] = state.data["cards"]["japan"]["deck"][:-3:-1]
    with pytest.raises(FuzzFailure, match="japan can see the order of deck_japan"):
        check_secrets(GAME, state, views)


def test_a_determinized_state_looks_the_same_to_the_side(midgame):
    state = midgame.state
    views = {side: GAME.view(state, side) for side in ("japan", "allied")}
    check_determinize(GAME, state, views, Rng(3))
    sampled = GAME.determinize(views["japan"], "japan", Rng(4))
    assert sampled.data["cards"]["japan"]["hand"] == state.data["cards"]["japan"]["hand"]
    assert first_difference(views["japan"]["board"], GAME.view(sampled, "japan")["board"]) is None


def test_replay_and_save_round_trip(midgame, tmp_path):
    replayed = Session.replay(midgame.record, GAME)
    assert state_hash(replayed.state) == state_hash(midgame.state)
    path = tmp_path / "eots.json"
    midgame.save(path)
    from wargame.games import REGISTRY

    assert state_hash(Session.load(path, REGISTRY.game).state) == state_hash(midgame.state)


def test_text_picture_names_places_and_tracks(midgame):
    for lang in LANGUAGES:
        text = GAME.describe(midgame.state, "allied", lang)
        assert str(midgame.state.data["turn"]) in text
    english = GAME.describe(midgame.state, "allied", "en")
    assert "PW" in english and "Allies:" in english


def test_illegal_actions_are_refused_and_change_nothing():
    state = GAME.setup("1943", 2)
    side = GAME.active(state)[0]
    before = state_hash(state)
    for text in ("card J999", "hex 9999", "unit nobody"):
        with pytest.raises(Exception, match="not a legal action"):
            GAME.apply(state, side, Action(text))
    other = "allied" if side == "japan" else "japan"
    with pytest.raises(Exception, match=r"not .* decision"):
        GAME.apply(state, other, GAME.legal_actions(state, side)[0])
    assert state_hash(state) == before


def test_a_view_is_a_copy_that_changes_nothing_in_the_state():
    state = played("campaign", 3, 40).state
    before = state_hash(state)
    board = GAME.view(state, "japan")["board"]
    for key, value in board.items():
        if isinstance(value, dict):
            value.clear()
            value["changed"] = key
        elif isinstance(value, list):
            value.append("changed")
    assert state_hash(state) == before
    assert GAME.view(state, "japan")["board"] != board


def test_a_copy_of_the_state_shares_no_card_pile_and_its_copier_checks_the_shape(midgame):
    # data["cards"] is copied pile by pile (game.CARD_PILES): the copy must not share a pile,
    # and the check must report a pile that is not a list of card ids.
    state = midgame.state
    assert copier_problems(state, GAME.copiers) == []
    copy = clone(state, GAME.copiers)
    for side, piles in state.data["cards"].items():
        for name, pile in piles.items():
            assert copy.data["cards"][side][name] == pile
            if isinstance(pile, list):
                copy.data["cards"][side][name].append("changed")
                assert "changed" not in pile
    copy.data["cards"]["japan"]["hand"] = [["J1"]]
    assert copier_problems(copy, GAME.copiers) == [
        "data.cards holds an item that is neither an immutable value nor a list of them"
    ]


def test_the_offensive_record_is_copied_list_by_list_and_a_nested_list_is_reported():
    # data["offensive"] is copied by game.record_copier: its lists at once (they hold ids), its
    # dicts and the pairs under "flips" whole; a list of containers elsewhere would be shared.
    copier = GAME.copiers["offensive"]
    offensive = {"side": "japan", "supplied": ["u1"], "moved": {"u1": {"path": ["a", "b"]}}}
    offensive["flips"] = [["2111", "allied"]]
    copy = copier.copy(offensive)
    assert copy == offensive and copier.problems(offensive) == []
    copy["supplied"].append("u2")
    copy["moved"]["u1"]["path"].append("c")
    copy["flips"][0].append("changed")
    assert offensive == {
        "side": "japan",
        "supplied": ["u1"],
        "moved": {"u1": {"path": ["a", "b"]}},
        "flips": [["2111", "allied"]],
    }
    assert copier.copy(None) is None and copier.problems(None) == []
    assert copier.problems({"battles": [["2111"]]}) == [
        "holds a list of containers under a key not declared nested"
    ]
