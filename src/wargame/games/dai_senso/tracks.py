"""The Strategic Warfare box (spec §2.6): ``data["strategic_warfare"]`` lists its markers, each
as its id, or ``id:faction`` for a marker whose faction is not printed (Minor Production, War
Production, Military Requisition)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wargame.games.dai_senso.forces import forces


def owner(entry: str) -> tuple[str, str | None]:
    """A Strategic Warfare box entry's marker id and faction (``id:faction`` or the marker's)."""
    marker, _, side = entry.partition(":")
    printed = forces().markers[marker].faction if marker in forces().markers else None
    return marker, side or printed


def sw_count(data: Mapping[str, Any], marker: str, side: str | None = None) -> int:
    """How many ``marker`` markers (of ``side``, if given) are in the Strategic Warfare box."""
    found = [owner(entry) for entry in data.get("strategic_warfare", [])]
    return sum(1 for name, of in found if name == marker and (side is None or of == side))
