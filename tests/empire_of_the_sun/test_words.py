"""The words of the log and prompts (issue 14): verb agreement by a side's grammatical number
("The Allies declare", "Japan declares"), singular and plural by a number ("1 hit", "24 hits"),
no sentence left without its end ("declares battles at" with no battle), die rolls with every
modifier itemised, and the game's last turn shown as the last."""

from __future__ import annotations

import pytest

from tests.empire_of_the_sun.driver import act, begin
from tests.empire_of_the_sun.factory import position
from tests.empire_of_the_sun.test_battle import start_battle
from tests.empire_of_the_sun.test_previews import MANILA, manila_landing
from wargame.games.empire_of_the_sun import GAME

pytestmark = pytest.mark.game("empire-of-the-sun")


def say(key, lang="en", **params):
    return GAME.catalog.render(key, params, lang)


@pytest.mark.parametrize(
    ("key", "params", "text"),
    [
        ("log.battles_declared", {"side": "allied", "hexes": ["2813"]},
         "The Allies declare a battle at Manila (2813)"),
        ("log.battles_declared", {"side": "japan", "hexes": ["2813", "2911"]},
         "Japan declares battles at Manila (2813), Aparri (2911)"),
        ("log.no_battles", {"side": "allied"}, "The Allies declare no battle"),
        ("log.battle_won", {"side": "allied", "stage": "ground", "hex": "2813"},
         "The Allies win the ground combat at Manila (2813)"),
        ("log.hits_lost", {"side": "japan", "hits": 1, "hex": "2813"},
         "1 hit by Japan is lost at Manila (2813)"),
        ("log.hits_lost", {"side": "japan", "hits": 3, "hex": "2813"},
         "3 hits by Japan are lost at Manila (2813)"),
        ("log.asp", {"side": "allied", "value": 1}, "The Allies now have 1 ASP"),
        ("log.asp", {"side": "japan", "value": 7}, "Japan now has 7 ASPs"),
        ("log.bombing", {"cards": 1}, "Strategic bombing costs Japan 1 card"),
        ("log.strike", {"side": "allied", "hex": "2813", "total": 1, "roll": 3, "hits": 1},
         "The Allies strike at Manila (2813) with 1: roll 3, 1 hit"),
        ("log.pass", {"side": "allied"}, "The Allies pass"),
        ("log.game_over", {"summary": "result.campaign_end", "winner": "allied"},
         "Game over: The Allies win at the end of the war"),
        ("prompt.allocate_hits", {"hits": 1, "hex": "2813"}, "Allocate 1 hit at Manila (2813)"),
        ("prompt.activate", {"left": 1}, "Activate units (1 activation left), then done"),
    ],
)  # fmt: skip
def test_the_log_agrees_in_number(key, params, text):
    assert say(key, **params) == text


def test_a_strike_in_the_log_itemises_its_roll_in_both_languages():
    g = manila_landing()
    start_battle(g, MANILA, rolls=[5])
    (strike,) = [e for e in g.state.log if e.key == "log.strike"]
    assert strike.params["natural"] == 5 and strike.params["roll"] == 8
    english = say(strike.key, **strike.params)
    assert english.startswith("Japan strikes at Manila (2813) with ")
    assert ": roll 8 (5 +3 Surprise), " in english
    assert "（出目5、奇襲+3）" in say(strike.key, "ja", **strike.params)


def test_an_offensive_that_declares_no_battle_says_so():
    g = position(units={"us-hq-swpac": "3023", "us-r-corps": "3023"}, empire=True)
    g.data["cards"]["allied"]["hand"] = []
    begin(g, "offensive", side="allied", card="A21", mode="oc")
    act(g, "hq us-hq-swpac", "unit us-r-corps", "done", "done", "done")
    said = [e.key for e in g.state.log if e.key in ("log.no_battles", "log.battles_declared")]
    assert said == ["log.no_battles"]


def test_a_variant_prompt_words_its_actions_as_its_base_does():
    assert GAME.label_key("move_group_go", "unit") == "label.move_group.unit"
    assert GAME.label_key("intelligence_react", "roll") == "label.intelligence.roll"
    assert GAME.label_key("hits_lost", "done") == "label.hits_lost.done"
    assert GAME.label_key("post_battle_stay", "stay") == "label.stay"
