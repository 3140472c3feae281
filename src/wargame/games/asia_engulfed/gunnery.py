"""The night action (8.41): the pairings of BB and CA with enemy fleets, their gunnery a
die a step (T10), and the results landed destroyed first, the surplus passed to another
fleet firing at the firer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from wargame.engine.log import Side
from wargame.engine.procedure import Context
from wargame.games.asia_engulfed.charts import tables
from wargame.games.asia_engulfed.control import enemy
from wargame.games.asia_engulfed.fleet_hits import strike, volley
from wargame.games.asia_engulfed.registry import RULES
from wargame.games.asia_engulfed.sea_forces import SURFACE, fleet_type, fleets_in, steps

RULES.stand_in(
    "8.41",
    "Night pairings follow 8.41 a's priorities instead of the winner's choice: the enemy BB or "
    "CA fired at least, own type first, a CV only once every BB and CA has two firers.",
    key="night_pairings_by_priority",
)


# -- the night action (8.41) ----------------------------------------------------------------


@RULES.implements("8.41")
def night_targets(data: Mapping[str, Any], side: Side, sea: str) -> dict[str, str]:
    """Whom each of ``side``'s BB and CA fires at: the enemy BB or CA fired at least, its own
    type first; a CV only once every enemy BB and CA has two firers (8.41 a)."""
    enemies = fleets_in(data, enemy(side), sea)
    surface = [e for e in enemies if fleet_type(data, e) in SURFACE]
    counts = dict.fromkeys(enemies, 0)
    found: dict[str, str] = {}
    firers = [f for f in fleets_in(data, side, sea) if fleet_type(data, f) in SURFACE]
    for firer in sorted(firers, key=lambda f: (fleet_type(data, f), -steps(data, f), f)):
        allowed = surface if any(counts[e] < 2 for e in surface) else enemies
        least = min(counts[e] for e in allowed)
        fewest = [e for e in allowed if counts[e] == least]
        same = [e for e in fewest if fleet_type(data, e) == fleet_type(data, firer)]
        found[firer] = (same or fewest)[0]
        counts[found[firer]] += 1
    return found


def gunnery(
    g: Context, side: Side, sea: str, targets: Mapping[str, str]
) -> list[tuple[str, str, int, int]]:
    """``side``'s fleets fire, one die a step, damaged steps too (8.41 a; T10): each firer's
    (firer, target, destroyed, damaged)."""
    charts = tables(g.state)
    found = []
    for firer, target in sorted(targets.items()):
        if firer not in g.data["units"] or target not in g.data["units"]:
            continue
        elite = bool(g.data["units"][firer]["hidden"].get("elite"))
        bonus = charts.night_gunnery.modifier(
            fleet_type(g.data, firer),
            fleet_type(g.data, target),
            elite=elite,  # type: ignore[arg-type]
        )
        hit, dmg, faces = volley(g, charts.dice.night_gunnery, steps(g.data, firer), bonus)
        g.log(
            "log.gunnery", unit=firer, target=target, area=sea, rolls=faces, hits=hit, damaged=dmg
        )
        found.append((firer, target, hit, dmg))
    return found


@RULES.implements("8.41")
def land_gunnery(
    g: Context, sea: str, fired: Sequence[tuple[str, str, int, int]], aimed: Mapping[str, str]
) -> None:
    """Destroyed results before damage; what is left once a target is gone goes to another
    enemy fleet firing at the firer, else is lost (8.41 a)."""
    for grade in (0, 1):
        for firer, target, *results in fired:
            shot = [results[0], 0] if grade == 0 else [0, results[1]]
            left = strike(g, target, shot[0], shot[1], sea)
            if any(left):
                others = [
                    other
                    for other, at in sorted(aimed.items())
                    if at == firer and other != target and other in g.data["units"]
                ]
                if others:
                    strike(g, others[0], left[0], left[1], sea)
