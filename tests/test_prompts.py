"""Prompts that tell the truth (issue 14): every decision met in the recorded games (tests/corpus)
is shown with a prompt whose words name only what is offered. Each game declares, in data, the
verbs each prompt key names (``Game.prompt_verbs``); here every game of the corpus is replayed and
every decision on the way checked against them (``engine.contract.prompt_problems``)."""

from collections import Counter
from pathlib import Path

import pytest

from tests.toy_game import GAME as TOY
from wargame.corpus import UNDO, load
from wargame.engine.contract import prompt_problems
from wargame.engine.session import Session
from wargame.engine.state import clone
from wargame.games import REGISTRY

FOLDER = Path(__file__).parent / "corpus"
ENTRIES = sorted(FOLDER.glob("*.json"))
EMPIRE = REGISTRY.game("empire-of-the-sun")


def walk(path):
    """Every position of a recorded game where somebody decides, in order."""
    entry = load(path)
    game = REGISTRY.game(entry.game)
    session = Session.new(
        game, entry.scenario, entry.seed, entry.options, generator=entry.generator
    )
    for side, text in entry.script:
        yield game, session.state
        if text == UNDO:
            session.undo(side)
        else:
            session.act(side, text)


@pytest.mark.parametrize("path", ENTRIES, ids=[path.stem for path in ENTRIES])
def test_every_prompt_of_a_recorded_game_names_only_what_is_offered(path):
    problems = Counter()
    for game, state in walk(path):
        problems.update(prompt_problems(game, state))
    assert not problems, "\n".join(f"{n}x {problem}" for problem, n in problems.most_common())


@pytest.mark.parametrize("game", [EMPIRE, TOY], ids=["empire-of-the-sun", "toy"])
def test_every_declared_prompt_has_words_in_both_languages(game):
    for key in game.prompt_verbs():
        for lang in ("en", "ja"):
            assert key in game.catalog.messages[lang], f"{key} has no {lang} words"


def test_a_prompt_naming_an_action_not_offered_is_reported():
    state = TOY.setup("standard", 2)
    assert prompt_problems(TOY, state) == []
    emptied = clone(state)
    emptied.data["hands"]["red"] = []
    (problem,) = prompt_problems(TOY, emptied) or [None]
    assert problem is None  # the toy chooses its prompt by what it offers: "prompt.bid_nothing"
    lying = clone(state)
    lying.data["hands"]["red"] = []
    verbs = dict(TOY.prompt_verbs())
    try:
        TOY._verbs = {**verbs, "prompt.bid_nothing": frozenset({"card"})}
        assert prompt_problems(TOY, lying) == [
            "red's prompt prompt.bid_nothing names card, not offered (offered: pass)"
        ]
        TOY._verbs = {key: value for key, value in verbs.items() if key != "prompt.bid"}
        assert prompt_problems(TOY, state) == [
            "red's prompt prompt.bid declares no verbs",
            "blue's prompt prompt.bid declares no verbs",
        ]
    finally:
        TOY._verbs = verbs
