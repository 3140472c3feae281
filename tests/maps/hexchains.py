"""Chains of hexsides on a Dai Senso!-style grid (rows rise northward, odd rows half a hex east),
from hex ids alone: a side is the pair of hexes it parts, a corner the three hexes meeting there.
Two sides of one chain meet at a corner; so a river drawn along sides is one chain."""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable


def hex_neighbours(hex_id: str) -> set[str]:
    """The six ids around a hex (whether or not they are on the sheet)."""
    sheet, row, col = hex_id[0], int(hex_id[1:3]), int(hex_id[3:5])
    west, east = (col, col + 1) if row % 2 else (col - 1, col)
    cells = [(row, col - 1), (row, col + 1)]
    cells += [(row + step, c) for step in (-1, 1) for c in (west, east)]
    return {f"{sheet}{r:02d}{c:02d}" for r, c in cells}


def side_corners(a: str, b: str) -> list[frozenset[str]]:
    """The two corners of the side between neighbours a and b."""
    return [frozenset({a, b, c}) for c in sorted(hex_neighbours(a) & hex_neighbours(b))]


def reached(sides: Iterable[tuple[str, str]], start: set[str]) -> set[str]:
    """Every hex touched by the chains of ``sides`` that touch a hex of ``start``."""
    links: dict[frozenset[str], list[frozenset[str]]] = {}
    for a, b in sides:
        one, two = side_corners(a, b)
        links.setdefault(one, []).append(two)
        links.setdefault(two, []).append(one)
    todo = deque(corner for corner in links if corner & start)
    seen = set(todo)
    while todo:
        for there in links[todo.popleft()]:
            if there not in seen:
                seen.add(there)
                todo.append(there)
    return set().union(*seen) if seen else set()


def chain_joins(sides: Iterable[tuple[str, str]], stops: list[set[str]]) -> bool:
    """Whether one chain of ``sides`` touches a hex of every set of ``stops``."""
    found = reached(list(sides), stops[0])
    return all(found & stop for stop in stops)
