"""Dice that each hit on a threshold, some with bonuses: rolled, and their exact distribution
checked against every combination of faces."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargame.engine.dice import D6, D10_ZERO, Die
from wargame.engine.tables import (
    DiceGroup,
    Thresholds,
    hits_distribution,
    roll_volley,
    volley_distribution,
)

F = Fraction


def brute_force(groups, thresholds, die=D6):
    """Every combination of faces, each die graded by hand."""
    bonuses = [group.bonus for group in groups for _ in range(group.count)]
    counts: Counter[tuple[int, ...]] = Counter()
    combos = list(product(die.faces(), repeat=len(bonuses)))
    for faces in combos:
        found = [0] * len(thresholds)
        for face, bonus in zip(faces, bonuses, strict=True):
            for grade, needed in enumerate(thresholds):
                if face + bonus >= needed:
                    found[grade] += 1
                    break
        counts[tuple(found)] += 1
    return {key: F(n, len(combos)) for key, n in counts.items()}


def test_one_die_hits_on_a_six_one_time_in_six():
    assert hits_distribution([DiceGroup(1)], 6) == {0: F(5, 6), 1: F(1, 6)}


def test_two_dice_at_five_or_six_are_a_binomial():
    assert hits_distribution([DiceGroup(2)], 5) == {0: F(4, 9), 1: F(4, 9), 2: F(1, 9)}


def test_a_bonus_lowers_the_roll_needed():
    # +2 on a 6-threshold hits on 4-6 (a Japanese elite dogfighting: 4-6)
    assert hits_distribution([DiceGroup(1, bonus=2)], 6) == {0: F(1, 2), 1: F(1, 2)}


def test_a_negative_modifier_can_leave_a_die_no_hit():
    assert hits_distribution([DiceGroup(3, bonus=-1)], 6) == {0: F(1)}


def test_a_bonus_reaching_the_threshold_on_a_one_always_hits():
    assert hits_distribution([DiceGroup(2, bonus=5)], 6) == {2: F(1)}
    assert hits_distribution([DiceGroup(2, bonus=9)], 6) == {2: F(1)}


def test_no_dice_no_hits():
    assert hits_distribution([], 6) == {0: F(1)}
    assert hits_distribution([DiceGroup(0, bonus=3)], 6) == {0: F(1)}


def test_mixed_groups_match_every_combination_of_faces():
    groups = [DiceGroup(3), DiceGroup(2, bonus=1), DiceGroup(1, bonus=-1)]
    expected = {key[0]: chance for key, chance in brute_force(groups, (6,)).items()}
    assert hits_distribution(groups, 6) == expected


def test_destroy_and_damage_grades_match_every_combination_of_faces():
    # night gunnery: 6 or more destroys, 5 damages; a BB firing at a CA (+1)
    groups = [DiceGroup(2, bonus=1), DiceGroup(2)]
    assert volley_distribution(groups, Thresholds.of(6, 5)) == brute_force(groups, (6, 5))


def test_a_d10_read_zero_to_nine():
    groups = [DiceGroup(2, bonus=1)]
    expected = {key[0]: c for key, c in brute_force(groups, (8,), D10_ZERO).items()}
    assert hits_distribution(groups, 8, D10_ZERO) == expected


@given(
    st.lists(st.tuples(st.integers(0, 2), st.integers(-3, 6)), max_size=3),
    st.lists(st.integers(-2, 9), min_size=1, max_size=3, unique=True),
)
def test_any_groups_and_thresholds_match_brute_force(raw_groups, raw_thresholds):
    groups = [DiceGroup(count, bonus) for count, bonus in raw_groups]
    thresholds = tuple(sorted(raw_thresholds, reverse=True))
    found = volley_distribution(groups, Thresholds(thresholds))
    assert found == brute_force(groups, thresholds)
    assert sum(found.values()) == 1


def test_rolling_uses_the_given_dice_in_order_and_grades_each():
    faces = iter([6, 5, 4, 1, 4])
    volley = roll_volley(
        [DiceGroup(3), DiceGroup(2, bonus=1)], Thresholds.of(6, 5), lambda die: next(faces)
    )
    assert [r.natural for r in volley.rolls] == [6, 5, 4, 1, 4]
    assert [r.modified for r in volley.rolls] == [6, 5, 4, 2, 5]
    assert volley.counts == (1, 2) and volley.hits == 1


def test_rolling_asks_the_die_it_is_given():
    asked: list[Die] = []

    def roll(die: Die) -> int:
        asked.append(die)
        return die.high

    volley = roll_volley([DiceGroup(2)], Thresholds.of(9), roll, D10_ZERO)
    assert asked == [D10_ZERO, D10_ZERO] and volley.hits == 2


@pytest.mark.parametrize("grades", [(), (5, 6), (6, 6)])
def test_thresholds_must_descend(grades):
    with pytest.raises(ValueError, match="threshold"):
        Thresholds(grades)


def test_a_group_cannot_have_fewer_than_no_dice():
    with pytest.raises(ValueError, match="-1 dice"):
        DiceGroup(-1)
