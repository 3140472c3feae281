"""The production sheet: what a player reads beside the production phase's choices (1.13, 4.6).

The power buying, the WERP it has left, what it has spent this turn in each category T7 caps
against the cap, its build markers in use and held (4.71), and the tracks production reads:
Japan's oil, transport capacity and ASW level; the US production level and its bomber and
submarine points. Every figure is public (the production record and the tracks are), so the
sheet is the same in every view. Each row is a label message and a value, with the most it may
reach where there is one: the client draws any game's sheet so (``js/ledger.js``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wargame.games.asia_engulfed.charts import Charts
from wargame.games.asia_engulfed.production import (
    MARKERS,
    marker_use,
    markers_held,
    spending_caps,
    spent,
    werp_left,
)

# The tracks shown beside a power's purchases
TRACKS: Final = {
    "japan": ("japan_oil", "transport_capacity", "transports_available", "asw_level"),
    "usa": ("us_production", "us_bomber_points", "us_sub_points"),
}


def production_sheet(data: Mapping[str, Any], charts: Charts) -> dict[str, Any] | None:
    """The sheet of the power buying now; None outside a production phase."""
    power = data["production"]["power"]
    if data.get("phase") != "production" or power is None:
        return None
    rows = [_row("sheet.werp_left", werp_left(data, power))]
    for category, cap in spending_caps(data, power, charts).items():
        rows.append(_row("sheet.spent", spent(data, power, category), cap, category=category))
    for use in MARKERS.get(power, {}):
        in_use = sum(
            1
            for marker in data["production"]["markers"]
            if marker["power"] == power and marker_use(marker["kind"]) == use
        )
        rows.append(_row("sheet.markers", in_use, markers_held(data, power, use), use=use))
    for track in TRACKS.get(power, ()):
        rows.append(_row(f"track.{track}", data["tracks"][track]))
    return {"title": {"key": "sheet.production", "params": {"power": power}}, "rows": rows}


def _row(key: str, value: int, most: int | None = None, **params: str) -> dict[str, Any]:
    row: dict[str, Any] = {"label": {"key": key, "params": params}, "value": value}
    if most is not None:
        row["most"] = most
    return row
