import pytest

from wargame.engine.action import Action
from wargame.engine.errors import IllegalAction


def test_text_form_joins_verb_and_arguments():
    assert Action.of("card", 41).text == "card 41"
    assert Action.of("done").text == "done"
    assert Action.of("hex", "0512").args == ["0512"]


def test_parse_normalises_spaces_and_keeps_leading_zeros():
    action = Action.parse("  hex   0512 ")
    assert action == Action("hex 0512")
    assert action.verb == "hex"
    assert action.args == ["0512"]


@pytest.mark.parametrize("text", ["", "   ", "card <41>", "hex 05;12", "x" * 201])
def test_parse_refuses_malformed_text(text):
    with pytest.raises(IllegalAction):
        Action.parse(text)


def test_actions_are_equal_and_hash_by_text():
    assert {Action("card 4"), Action.of("card", 4)} == {Action("card 4")}
    assert Action("card 4") != "card 4"
