import hashlib
import struct
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargame.engine.dice import D6, D10_ZERO
from wargame.engine.rng import (
    KEYED_GENERATOR,
    LEGACY_GENERATOR,
    SEED_BITS,
    KeyedRng,
    Rng,
    commitment,
    derive_seed,
    game_rng,
    initial_state,
    new_salt,
    new_seed,
    seed_bytes,
    seed_problem,
)


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


# -- the keyed stream of game dice (issue 13) ------------------------------------------------


def test_keyed_stream_is_a_function_of_the_key_and_the_count():
    first, second = KeyedRng(2**100 + 7), KeyedRng(2**100 + 7)
    drawn = [first.next64() for _ in range(20)]
    assert drawn == [second.next64() for _ in range(20)]
    resumed = KeyedRng(2**100 + 7, state=13)
    assert [resumed.next64() for _ in range(7)] == drawn[13:]
    assert first.state == 20


def test_keyed_stream_outputs_are_blake2b_of_the_counter_under_the_seed():
    seed = 0x1234_5678_9ABC_DEF0_0FED_CBA9_8765_4321
    key = seed.to_bytes(32, "big")
    block = hashlib.blake2b(
        (1).to_bytes(8, "little"), key=key, digest_size=64, person=b"wargame dice"
    )
    words = struct.unpack("<8Q", block.digest())
    rng = KeyedRng(seed, state=8)
    assert [rng.next64() for _ in range(8)] == list(words)


def test_keyed_streams_of_neighbouring_seeds_share_nothing():
    a, b = KeyedRng(1000), KeyedRng(1001)
    assert not {a.next64() for _ in range(64)} & {b.next64() for _ in range(64)}


def test_keyed_rolls_cover_every_face_evenly():
    rng = KeyedRng(new_seed())
    counts = Counter(rng.roll(D10_ZERO) for _ in range(20_000))
    assert set(counts) == set(range(10))
    assert all(1800 < count < 2200 for count in counts.values())


def test_new_seeds_have_128_secret_bits():
    seeds = [new_seed() for _ in range(64)]
    assert len(set(seeds)) == 64
    assert max(seed.bit_length() for seed in seeds) > 120
    assert all(seed < 2**SEED_BITS for seed in seeds)
    assert SEED_BITS >= 128


def test_game_rng_picks_the_generator_the_state_names():
    assert isinstance(game_rng(KEYED_GENERATOR, 5, 0), KeyedRng)
    legacy = game_rng(LEGACY_GENERATOR, 5, initial_state(LEGACY_GENERATOR, 5))
    assert legacy.next64() == Rng.from_seed(5).next64()
    with pytest.raises(ValueError, match="unknown random generator"):
        game_rng("mersenne", 5, 0)


def test_derive_seed_of_a_64_bit_seed_is_unchanged_and_uses_every_bit_of_a_larger_one():
    # records of the legacy generator were seeded by derive_seed(seed) with 64-bit seeds: the
    # values of the code before seeds grew (commit 20c15ca)
    assert derive_seed(5) == 0xB6BF613DBEBB45DC
    assert derive_seed(2**63 + 11, "bot", "red", 3) == 0x40D9169A3FD42879
    assert derive_seed(5) != derive_seed(5 + 2**64) != derive_seed(5 + 2**100)
    assert derive_seed(-1) == derive_seed(2**64 - 1)  # a negative seed ends (it looped forever)
    assert derive_seed(-(2**70)) != derive_seed(2**70 - 1)


@pytest.mark.parametrize("bad", [-1, 2**256, "12", 1.5, True])
def test_seeds_out_of_range_are_named(bad):
    assert seed_problem(bad) is not None
    with pytest.raises(ValueError):
        seed_bytes(bad)


def test_commitment_binds_seed_and_salt():
    salt = new_salt()
    made = commitment(12345, salt)
    expected = hashlib.sha256(bytes.fromhex(salt) + (12345).to_bytes(32, "big")).hexdigest()
    assert made == expected
    assert commitment(12346, salt) != made
    assert commitment(12345, new_salt()) != made
