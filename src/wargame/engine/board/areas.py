"""Area maps: named spaces joined by typed connections.

Spaces have a kind (e.g. ``"land"``, ``"port"``, ``"island"``, ``"sea"``) and free
attributes; connections have a kind (e.g. ``"land"``, ``"sea"``, ``"coast"``,
``"strait"``, ``"impassable"``) and free attributes, and are two-way unless
``one_way``. What a kind means is up to the game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any


def _frozen_attrs(attrs: Mapping[str, Any]) -> Mapping[str, Any]:
    return MappingProxyType(dict(attrs))


@dataclass(frozen=True, slots=True)
class Space:
    id: str
    kind: str
    attrs: Mapping[str, Any] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "attrs", _frozen_attrs(self.attrs))


@dataclass(frozen=True, slots=True)
class Connection:
    """A connection from ``a`` to ``b``; two-way unless ``one_way``."""

    a: str
    b: str
    kind: str
    attrs: Mapping[str, Any] = field(default_factory=dict, hash=False)
    one_way: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "attrs", _frozen_attrs(self.attrs))

    def reversed(self) -> Connection:
        """The same two-way connection seen from ``b``."""
        if self.one_way:
            raise ValueError(f"one-way connection {self.a!r} -> {self.b!r} cannot be reversed")
        return replace(self, a=self.b, b=self.a)


class AreaGraph:
    """Spaces and the connections between them.

    Queries about a space return connections as seen from it: ``a`` is that space and
    ``b`` the other end. Results keep the order in which spaces and connections were
    given.
    """

    def __init__(self, spaces: Iterable[Space], connections: Iterable[Connection] = ()) -> None:
        self._spaces: dict[str, Space] = {}
        for space in spaces:
            if space.id in self._spaces:
                raise ValueError(f"duplicate space {space.id!r}")
            self._spaces[space.id] = space
        self._outgoing: dict[str, dict[str, Connection]] = {name: {} for name in self._spaces}
        self._given: list[Connection] = []
        for connection in connections:
            self._add(connection)
        self._neighbour_ids = {name: tuple(outgoing) for name, outgoing in self._outgoing.items()}

    def __contains__(self, space: object) -> bool:
        return space in self._spaces

    def __len__(self) -> int:
        return len(self._spaces)

    def space(self, space: str) -> Space:
        self._check(space)
        return self._spaces[space]

    def kind(self, space: str) -> str:
        return self.space(space).kind

    def spaces(self, kind: str | None = None) -> list[str]:
        """Space ids, all of them or those of one kind."""
        return [name for name, space in self._spaces.items() if kind is None or space.kind == kind]

    def neighbours(self, space: str, kinds: str | Iterable[str] | None = None) -> list[str]:
        """Spaces reachable in one step from ``space``, optionally by connections of ``kinds``."""
        self._check(space)
        if kinds is None:
            return list(self._neighbour_ids[space])
        wanted = {kinds} if isinstance(kinds, str) else set(kinds)
        return [other for other, c in self._outgoing[space].items() if c.kind in wanted]

    def connections(self, space: str) -> list[Connection]:
        """Connections leaving ``space``, each with ``a == space``."""
        self._check(space)
        return list(self._outgoing[space].values())

    def connection(self, a: str, b: str) -> Connection | None:
        """The connection from ``a`` to ``b`` (seen from ``a``), or None."""
        self._check(a)
        self._check(b)
        return self._outgoing[a].get(b)

    def all_connections(self) -> list[Connection]:
        """Every connection once, as given."""
        return list(self._given)

    def _check(self, space: str) -> None:
        if space not in self._spaces:
            raise ValueError(f"unknown space {space!r}")

    def _add(self, connection: Connection) -> None:
        a, b = connection.a, connection.b
        for end in (a, b):
            if end not in self._spaces:
                raise ValueError(f"connection {a!r} - {b!r} names unknown space {end!r}")
        if a == b:
            raise ValueError(f"connection from {a!r} to itself")
        if b in self._outgoing[a] or (not connection.one_way and a in self._outgoing[b]):
            raise ValueError(f"duplicate connection between {a!r} and {b!r}")
        self._outgoing[a][b] = connection
        if not connection.one_way:
            self._outgoing[b][a] = connection.reversed()
        self._given.append(connection)
