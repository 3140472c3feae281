"""The seed-recovery attack of issue 13: a player tries seeds until one deals the opening hand it
was dealt, and then knows the other hand, both decks' order and every future roll. It worked on
the old games (32-bit seeds, a stream that follows from its seed); it finds nothing now."""

import pytest

from wargame.engine.rng import KEYED_GENERATOR, LEGACY_GENERATOR
from wargame.engine.session import Session
from wargame.games import REGISTRY

pytestmark = pytest.mark.game("empire-of-the-sun")

GAME = REGISTRY.game("empire-of-the-sun")
TRIES = 1000  # the real attack tries all 2**32 old seeds; the test, the first few thousand


def hand(state, side="japan"):
    return GAME.view(state, side)["board"]["hand"]


def attack(seen_hand, generator, tries=TRIES):
    """The first seed below ``tries`` whose game deals ``seen_hand`` to Japan, if any."""
    for seed in range(tries):
        if hand(GAME.setup("1942", seed, generator=generator)) == seen_hand:
            return seed
    return None


def test_the_attack_recovers_a_small_seed_of_the_old_generator():
    victim = GAME.setup("1942", 777, generator=LEGACY_GENERATOR)
    found = attack(hand(victim), LEGACY_GENERATOR)
    assert found == 777
    recovered = GAME.setup("1942", found, generator=LEGACY_GENERATOR)
    assert hand(recovered, "allied") == hand(victim, "allied")


def test_the_attack_finds_nothing_against_a_new_game():
    session = Session.new(GAME, "1942")  # 128 bits from the operating system
    seen = hand(session.state)
    assert attack(seen, KEYED_GENERATOR) is None
    assert attack(seen, LEGACY_GENERATOR) is None
