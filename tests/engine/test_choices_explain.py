"""Choices.explain: the reason for an action a decision neither offers nor lists as refused."""

from __future__ import annotations

import pytest

from wargame.engine.action import Action
from wargame.engine.errors import IllegalAction
from wargame.engine.procedure import Decision, chosen_option


def noop(*_args):
    return None


def decision():
    found = Decision()
    choices = found.side("red", "prompt")
    choices.add("to 0101", noop)
    choices.refuse("to 0102", "1.2: listed")
    choices.explain = lambda text: "3.4: too far" if text.startswith("to ") else ""
    return found


def test_an_unlisted_action_is_refused_with_the_reason_explain_gives():
    with pytest.raises(IllegalAction, match=r"'to 0909' is refused: 3\.4: too far"):
        chosen_option(decision(), "red", Action("to 0909"))


def test_a_listed_refusal_and_an_offered_action_go_before_explain():
    with pytest.raises(IllegalAction, match=r"1\.2: listed"):
        chosen_option(decision(), "red", Action("to 0102"))
    assert chosen_option(decision(), "red", Action("to 0101")).action.text == "to 0101"


def test_an_action_explain_does_not_know_gets_the_usual_refusal():
    with pytest.raises(IllegalAction, match="not a legal action for red now"):
        chosen_option(decision(), "red", Action("fly 0101"))
