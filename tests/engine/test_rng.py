from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from wargame.engine.dice import D6, D10_ZERO
from wargame.engine.rng import Rng, derive_seed


def test_same_seed_gives_same_stream():
    first, second = Rng.from_seed(42), Rng.from_seed(42)
    assert [first.next64() for _ in range(5)] == [second.next64() for _ in range(5)]


def test_different_seeds_and_salts_differ():
    assert derive_seed(1) != derive_seed(2)
    assert derive_seed(1, 0) != derive_seed(1, 1)
    assert derive_seed(1, "a") != derive_seed(1, "b")


def test_state_is_one_integer_that_resumes_the_stream():
    rng = Rng.from_seed(9)
    rng.next64()
    saved = rng.state
    expected = [rng.roll(D6) for _ in range(10)]
    resumed = Rng(saved)
    assert [resumed.roll(D6) for _ in range(10)] == expected


def test_rolls_stay_on_the_die_and_cover_every_face():
    rng = Rng.from_seed(3)
    counts = Counter(rng.roll(D10_ZERO) for _ in range(20_000))
    assert set(counts) == set(range(10))
    # each face within 10 % of its expected 2000: a generous bound for 20k draws
    assert all(1800 < count < 2200 for count in counts.values())


@given(st.integers(min_value=0, max_value=2**64 - 1), st.lists(st.integers(), max_size=30))
def test_shuffle_is_a_permutation(seed, items):
    shuffled = list(items)
    Rng(seed).shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)


@given(st.integers(min_value=0, max_value=2**64 - 1), st.integers(min_value=1, max_value=10**6))
def test_below_stays_below(seed, n):
    assert 0 <= Rng(seed).below(n) < n


def test_used_flag_records_any_draw():
    rng = Rng(1)
    assert not rng.used
    rng.choice([1, 2])
    assert rng.used
