"""The pieces off the map, in groups a client lists beside it (``js/boxes.js``).

Built from a side's view only (:func:`state.side_view`), never from the position, so that it can
show no more than the view does: the side's own force pools by power (4.4), the other side's pool
as the colours of its blank blocks and its counters, the carrier air boxes (4.21: an air unit
aboard a carrier sits in the carrier's box), the units still to come by the schedule, and those
removed from play. Each group is a label message and its entries: a unit's id (with its steps
where the view gives them), or a colour of blank blocks and how many.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wargame.games.asia_engulfed.control import side_of
from wargame.games.asia_engulfed.forces import load as load_forces
from wargame.games.asia_engulfed.state import BOX_PREFIX


def off_map_groups(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    pools = sorted(view["pools"].items())  # in one order whatever the position's
    groups = [_group("offmap.pool", {"power": power}, ids) for power, ids in pools]
    groups += _other_pools(view)
    for box, ids in _carrier_boxes(view["counters"]).items():
        entries = [{"id": u, "steps": view["counters"][u]["steps"]} for u in ids]
        groups.append(_entries("offmap.carrier_box", {"box": box}, entries))
    groups.append(_group("offmap.to_come", {}, view["to_come"]))
    groups.append(_group("offmap.removed", {}, view["removed"]))
    return [group for group in groups if group["entries"]]


def _other_pools(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The pools the view shows only in part: blank blocks by colour, and the counters."""
    units = load_forces().units
    counters: dict[str, list[str]] = {}
    for unit_id in view["pool_counters"]:
        counters.setdefault(side_of(units[unit_id].power), []).append(unit_id)
    found = []
    for side in sorted(set(view["pool_blocks"]) | set(counters)):
        colours = view["pool_blocks"].get(side, {})
        blanks = [{"blank": colour, "count": n} for colour, n in colours.items()]
        entries = [*blanks, *_ids(counters.get(side, []))]
        found.append(_entries("offmap.pool_other", {"side": side}, entries))
    return found


def _carrier_boxes(counters: Mapping[str, Mapping[str, Any]]) -> dict[str, list[str]]:
    boxes: dict[str, list[str]] = {}
    for unit_id, counter in sorted(counters.items()):
        if counter["where"].startswith(BOX_PREFIX):
            boxes.setdefault(counter["where"].removeprefix(BOX_PREFIX), []).append(unit_id)
    return dict(sorted(boxes.items()))


def _ids(unit_ids: list[str]) -> list[dict[str, Any]]:
    return [{"id": unit_id} for unit_id in sorted(unit_ids)]


def _group(key: str, params: Mapping[str, str], unit_ids: list[str]) -> dict[str, Any]:
    return _entries(key, params, _ids(unit_ids))


def _entries(key: str, params: Mapping[str, str], entries: list[Any]) -> dict[str, Any]:
    return {"label": {"key": key, "params": dict(params)}, "entries": entries}
