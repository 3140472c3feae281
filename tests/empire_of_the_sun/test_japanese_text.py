"""What a random game of Empire of the Sun shows in Japanese (every log line each side reads, every
prompt) holds no message key left untranslated and no English sentence, by the checks of the
browser walk (tests/browser/language.py)."""

import pytest

from tests.browser.language import problems_in
from wargame.bots.random_bot import RandomBot
from wargame.engine.action import Action
from wargame.games import REGISTRY

pytestmark = pytest.mark.game("empire-of-the-sun")

GAME = REGISTRY.game("empire-of-the-sun")
MOST_STEPS = 3000


def japanese(message):
    return GAME.catalog.render(message["key"], message.get("params", {}), "ja")


def play(scenario, seed):
    """Every prompt shown on the way through a random game, and the final state."""
    state = GAME.setup(scenario, seed)
    bot = RandomBot(seed)
    prompts = {}
    for _ in range(MOST_STEPS):
        sides = GAME.active(state)
        if not sides:
            break
        view = GAME.view(state, sides[0], log=False)
        prompts[japanese(view["prompt"])] = view["prompt"]["key"]
        state = GAME.apply(state, sides[0], Action.parse(bot.choose(view)))
    return prompts, state


@pytest.mark.parametrize(("scenario", "seed"), [("1942", 11), ("1944", 5)])
def test_a_random_game_prompts_and_logs_in_japanese(scenario, seed):
    prompts, state = play(scenario, seed)
    lines = {
        japanese(event): event["key"]
        for viewer in (*GAME.sides, None)
        for event in GAME.view(state, viewer)["log"]
    }
    assert len(prompts) > 10 and len(lines) > 50
    found = [
        f"{key}: {problem}"
        for key, text in [
            *((k, t) for t, k in prompts.items()),
            *((k, t) for t, k in lines.items()),
        ]
        for problem in problems_in(text)
    ]
    assert found == []
