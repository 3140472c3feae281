"""Every action a player is offered reads as words in both languages: the game's catalogue
labels its verb (``label.<prompt>.<verb>`` or ``label.<verb>``), or the client's own words do
(``verb.<verb>`` of the browser client's catalogue). Checked on the first actions of random play
of each scenario of every game: an unlabelled verb shows the player its raw text ("strike",
"wait")."""

import functools
import json
from pathlib import Path

import pytest

from wargame.engine.rng import Rng
from wargame.games import REGISTRY

CLIENT = Path(__file__).parents[1] / "src/wargame/server/static/i18n"
GAMES = ("dai-senso", "aegean-strike", "asia-engulfed", "empire-of-the-sun")
STEPS = 250
CASES = [
    pytest.param(game_id, scenario.id, id=f"{game_id}-{scenario.id}")
    for game_id in GAMES
    for scenario in REGISTRY.game(game_id).scenarios()
]


@functools.cache
def client_verbs(lang):
    words = json.loads((CLIENT / f"{lang}.json").read_text(encoding="utf-8"))
    return {key.removeprefix("verb.") for key in words if key.startswith("verb.")}


def unlabelled(game, state):
    """The (prompt, verb) pairs of the decision of ``state`` that no catalogue labels."""
    found = set()
    for choices in game.decision(state).sides.values():
        context = choices.prompt.removeprefix("prompt.")
        for verb in {action.verb for action in choices.actions()}:
            key = game.label_key(context, verb)
            if verb in client_verbs("en") and verb in client_verbs("ja"):
                continue
            if key is None or key not in game.catalog.messages["ja"]:
                found.add((choices.prompt, verb))
    return found


@pytest.mark.parametrize(("game_id", "scenario"), CASES)
def test_every_action_offered_has_words_in_both_languages(game_id, scenario):
    game = REGISTRY.game(game_id)
    rng = Rng(11)
    state = game.setup(scenario, 11)
    missing = set()
    for _ in range(STEPS):
        if state.result is not None:
            break
        missing |= unlabelled(game, state)
        side = rng.choice(game.active(state))
        state = game.apply(state, side, rng.choice(game.legal_actions(state, side)))
    assert not missing, sorted(missing)
