"""Unit names told apart (engine.names): a name several groups share takes the group's
qualifier, one a group's own units share a number, in each language apart."""

from __future__ import annotations

from dataclasses import dataclass

from wargame.engine.names import told_apart


@dataclass(frozen=True)
class Named:
    id: str
    name: str
    name_ja: str
    nation: str


def names(*units: Named) -> dict[str, tuple[str, str]]:
    return told_apart(
        units, lambda u: u.nation, lambda u: (f"{u.nation} {u.name}", f"{u.nation}{u.name_ja}")
    )


def test_a_name_of_its_own_stays_as_printed():
    assert names(Named("a", "14th Army", "第14軍", "jp")) == {"a": ("14th Army", "第14軍")}


def test_a_name_two_nations_share_takes_each_ones_qualifier():
    found = names(Named("b", "14th Army", "第14軍", "uk"), Named("a", "14th Army", "第14軍", "jp"))
    assert found == {"a": ("jp 14th Army", "jp第14軍"), "b": ("uk 14th Army", "uk第14軍")}


def test_a_name_one_nations_units_share_takes_numbers_in_the_order_of_their_ids():
    found = names(Named("m2", "MiG-23", "MiG-23", "su"), Named("m1", "MiG-23", "MiG-23", "su"))
    assert found == {"m1": ("MiG-23 #1", "MiG-23 #1"), "m2": ("MiG-23 #2", "MiG-23 #2")}


def test_each_language_is_told_apart_on_its_own():
    found = names(Named("a", "Far East Air Force", "極東空軍", "us"),
                  Named("b", "RAF Far East", "極東空軍", "uk"))  # fmt: skip
    assert found == {"a": ("Far East Air Force", "us極東空軍"), "b": ("RAF Far East", "uk極東空軍")}
