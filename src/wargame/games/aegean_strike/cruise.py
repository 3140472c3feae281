"""Optional ground-attack cruise missiles (19.09): with the set-up option ``cruise_missiles``,
the ships of the types the ``cruise_missiles`` table names fire at enemy airbases.

Decisions (provisional: only the optional rule's name survives, with the Designer's Notes' hint
that it lets US battleships and attack submarines strike Soviet Black Sea ports and airbases)
- In the Unit Assignment Stage (7.02) each ship of a nation and type the table names (the US
  battleship and attack submarines: Tomahawk), on the map, may fire once a turn at an enemy
  airbase within the table's range (operational hexes). On a d10 at most the table's chance
  the base takes the table's hits (9.10 item 2's hits, scoring as a strike's do).
- Firing gives the ship away: it is detected by the other side until it moves (14.05's mark,
  ``detection.fought``), which is the price of the strike for a submarine.
- Ports are not targets: what a hit does to a port is lost with the naval rules.
- Each ``cruise SHIP BASE`` carries the preview of its salvo (:mod:`chance_previews`), from
  :func:`odds`, the odds the salvo is rolled with in play.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any, Final

from wargame.engine.procedure import Choices, Context
from wargame.engine.state import Frame
from wargame.games.aegean_strike import chance_previews, detection, losses, state
from wargame.games.aegean_strike.losses import D10, ChanceOdds
from wargame.games.aegean_strike.registry import RULES

OPTION: Final = "cruise_missiles"

RULES.stand_in(
    "19.09",
    "with the option, US battleships and SSNs fire cruise missiles at enemy airbases each turn",
    key="cruise",
)


def shooters(data: Mapping[str, Any], side: str) -> list[str]:
    """``side``'s ships that carry ground-attack cruise missiles (none without the option)."""
    rule = data.get(OPTION)
    if not rule:
        return []
    return sorted(
        u
        for u, r in data["naval"].items()
        if state.side_of(data, u) == side
        and r["hex"] is not None
        and state.nation(u) in rule["nations"]
        and state.unit(u).type in rule["types"]
    )


@RULES.implements("19.09")
def targets(data: Mapping[str, Any], uid: str) -> list[str]:
    """The enemy airbases within the missiles' range of ``uid``."""
    here = data["naval"][uid]["hex"]
    reach = int(data[OPTION]["range"])
    return state.enemy_airbases_within(data, state.side_of(data, uid), here, reach)


@RULES.implements("19.09")
def fire_refusal(data: Mapping[str, Any], uid: str) -> str:
    if data["naval"][uid].get("cruise_fired") == data["turn"]:
        return f"19.09: {uid} has fired its cruise missiles this turn"
    if not targets(data, uid):
        return f"19.09: no enemy airbase within {data[OPTION]['range']} hexes of {uid}"
    return ""


@RULES.implements("19.09")
def odds(data: Mapping[str, Any]) -> ChanceOdds:
    """A salvo's odds: the table's hits on a d10 of its chance or less."""
    rule = data[OPTION]
    return ChanceOdds("19.09", OPTION, int(rule["chance"]), int(rule["hits"]))


def offer(g: Context, choices: Choices, side: str) -> None:
    """Each ship's salvo at each airbase in its range, with its preview (issue 18)."""
    for uid in shooters(g.data, side):
        reason = fire_refusal(g.data, uid)
        if reason:
            choices.refuse(f"cruise {uid}", reason)
            continue
        for base in targets(g.data, uid):
            note = partial(chance_previews.later, chance_previews.cruise_preview, g, uid, base)
            choices.add(f"cruise {uid} {base}", _fire, uid, base, later=note)


@RULES.implements("19.09", "9.10", "14.05")
def _fire(g: Context, f: Frame, uid: str, base: str) -> None:
    g.data["naval"][uid]["cruise_fired"] = g.data["turn"]
    detection.fought(g.data, [uid])
    roll = g.roll(D10, f["side"], "cruise_missiles")
    hits = odds(g.data).on(roll)
    g.log("log.cruise_strike", side=f["side"], unit=uid, base=base, hits=hits)
    losses.hit_airbase(g, {"side": f["side"]}, base, hits)
