"""Unit names as players read them: no two units named alike in a log line, an action or a
preview. Orders of battle repeat names (two navies' Guppy submarines, a Japanese and a British
14th Army, a nation's two MiG-23 regiments), and a message that reads "the 14th Army attacks the
14th Army" is of no use. A name that units of several groups (nations) share takes its group's
qualifier, which the game words (an adjective, a nation in brackets); one that units of a group
share takes a number, #1, #2, in the order of their ids. Every other name stays as printed."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol


class NamedUnit(Protocol):
    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def name_ja(self) -> str: ...


Names = tuple[str, str]
"""A name in English and in Japanese."""


def told_apart(
    units: Iterable[NamedUnit],
    group_of: Callable[[NamedUnit], str],
    qualified: Callable[[NamedUnit], Names],
) -> dict[str, Names]:
    """Each unit's names, by id, in each language apart (two names alike in one language may
    differ in the other): its name with its group's qualifier (``qualified(unit)``) where units
    of other groups share it, then ``#n`` where units of its own group do."""
    ordered = sorted(units, key=lambda u: u.id)
    english = _told_apart(ordered, group_of, lambda u: u.name, lambda u: qualified(u)[0])
    japanese = _told_apart(ordered, group_of, lambda u: u.name_ja, lambda u: qualified(u)[1])
    return {unit.id: (english[unit.id], japanese[unit.id]) for unit in ordered}


def _told_apart(
    units: list[NamedUnit],
    group_of: Callable[[NamedUnit], str],
    name_of: Callable[[NamedUnit], str],
    qualified: Callable[[NamedUnit], str],
) -> dict[str, str]:
    sharing: dict[str, list[NamedUnit]] = {}
    for unit in units:
        sharing.setdefault(name_of(unit), []).append(unit)
    found: dict[str, str] = {}
    for alike in sharing.values():
        several_groups = len({group_of(unit) for unit in alike}) > 1
        for unit in alike:
            name = qualified(unit) if several_groups else name_of(unit)
            twins = [other for other in alike if group_of(other) == group_of(unit)]
            if len(twins) > 1:
                name = f"{name} #{twins.index(unit) + 1}"
            found[unit.id] = name
    return found
