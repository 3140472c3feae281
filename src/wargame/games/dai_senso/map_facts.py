"""Facts of the map that :mod:`board` does not keep: the strategic hexes with their colour
(spec §2.5: orange the Axis's, green or red the Allies', "allied" in ``map.json``) and the hexes
that stand in for cities while the map marks none (table ``replacement_play``: a named place or
a port or a scenario's objective, 1.2.1, 1.3.4)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any

from wargame.games.dai_senso.board import MAP_FILE


@cache
def _records() -> tuple[dict[str, Any], ...]:
    raw = json.loads(MAP_FILE.read_text(encoding="utf-8"))
    return tuple(record for record in raw["hexes"] if record["class"] != "sea")


@cache
def strategic_hexes() -> dict[str, str]:
    """Each strategic hex of the map and its colour ("orange": the Axis's; "allied")."""
    return {record["id"]: record["strategic"] for record in _records() if record.get("strategic")}


@cache
def _cities(kinds: frozenset[str]) -> frozenset[str]:
    found = set()
    for record in _records():
        if ("named_place" in kinds and record.get("place")) or (
            "port" in kinds and record.get("port")
        ):
            found.add(record["id"])
    return frozenset(found)


def cities(kinds: Iterable[str]) -> frozenset[str]:
    """The hexes that count as cities: with a named place, a port, or both as ``kinds`` says."""
    return _cities(frozenset(kinds))


def city_hexes(tables: Mapping[str, Any]) -> frozenset[str]:
    """The city stand-in of table ``replacement_play``: named places, ports and the training
    scenarios' objectives (the cities they were fought for), as its ``city_is`` says."""
    kinds = tables["replacement_play"].city_is
    found = set(cities(kinds))
    if "objective" in kinds:
        for scenario in tables["training_scenarios"].values():
            found.update(scenario.objectives)
    return frozenset(found)
