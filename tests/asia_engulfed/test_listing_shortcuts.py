"""Asia Engulfed's listings of the units that may move, found without listing every destination:
they name the very units the full listings name, in every position of a random game."""

import pytest

from wargame.engine.rng import Rng
from wargame.games.asia_engulfed import GAME
from wargame.games.asia_engulfed.charts import printed
from wargame.games.asia_engulfed.naval import embarkations, openers, sailings
from wargame.games.asia_engulfed.state import SIDES
from wargame.games.asia_engulfed.strategic import strategic_movers, strategic_options

pytestmark = pytest.mark.game("asia-engulfed")


def positions(steps=1000, seed=1000):
    """The data of each position of a random jan1942 game, its first ``steps`` actions."""
    rng, state = Rng(seed), GAME.setup("jan1942", seed)
    for _ in range(steps):
        if state.result is not None:
            return
        yield state.data
        side = rng.choice(GAME.active(state))
        state = GAME.apply(state, side, rng.choice(GAME.legal_actions(state, side)))


def full_openers(data, side, charts):
    closed = data["naval"]["closed"]
    fleets = dict.fromkeys(f for f, _ in sailings(data, side, charts))
    blocks = dict.fromkeys(u for u, _ in embarkations(data, side, charts, None, closed))
    return [("sail", f) for f in fleets] + [("embark", u) for u in blocks]


@pytest.mark.rule("5.21")
@pytest.mark.rule("5.31")
def test_the_units_listed_to_move_are_those_with_a_destination():
    charts, compared = printed(), 0
    for data in positions():
        for side in SIDES:
            strategic = [unit for unit, _targets in strategic_options(data, side, charts)]
            assert list(strategic_movers(data, side, charts)) == strategic
            if data["naval"]["target"] is None:
                assert list(openers(data, side, charts)) == full_openers(data, side, charts)
            compared += 1
    assert compared > 1000
