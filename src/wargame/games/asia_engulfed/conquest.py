"""National conquest (10.1, 9.56) and the control of conquered territory (10.2): designed
stand-ins, the rules being lost (only their titles and one cross-reference survive).

At the end of each player turn a minor power (the Philippines, the DEI) whose seat of government
Japan holds is conquered: Japan controls every area ``t10_1_conquest`` names for it, none of
them contested. A conquered power is out of the war for good: its blocks, air units and
garrisons leave the game (to ``removed``), so do the units of its force pool, it never produces
again (the Philippine WERP of 4.13 stop "once the Philippines are conquered", the only words of
9.56 that survive), and the track ``conquered_<power>`` says so. Its areas then go to Japan
where no other Allied unit stands (10.2); an area still held by a US or Commonwealth unit stays
as it is.

Decisions
---------
* **Only the minor powers are conquered.** The supplement's one hint (a Japanese player's advice
  to conquer the DEI and the Philippines early to strip the Allies of their forces) is about
  them; Europe Engulfed conquers a nation by taking its capital, and AE's major powers have
  theirs off the map or out of reach (Washington, London, Chungking beyond the map's west
  edge): so the USA, the Commonwealth and China are never conquered.
* **The seat of government**, by the sister system's capital rule: Luzon and Bataan (Manila and
  Corregidor, which held out until May 1942) for the Philippines; West and East Java (the Dutch
  surrender of March 1942 followed the fall of Java) for the DEI. Data, overlayable.
* **When**: at the end of each player turn, after its final supply phase, so that a conquest
  counts once the fighting of the player turn is over (EE checks conquest at the end of a
  player turn's combat too).
* **Recapture** does not undo a conquest: nothing of the power comes back.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wargame.engine.procedure import Context
from wargame.games.asia_engulfed.board import area_map
from wargame.games.asia_engulfed.charts import tables
from wargame.games.asia_engulfed.control import settle_control
from wargame.games.asia_engulfed.forces import side_of
from wargame.games.asia_engulfed.registry import RULES

JAPAN: Final = "japan"
ALLIES: Final = "allies"
TRACK: Final = "conquered_{power}"

RULES.stand_in(
    "10.1",
    "A minor power is conquered when Japan controls its seat of government uncontested (Luzon "
    "and Bataan; West and East Java) at the end of a player turn: its units leave the game.",
    key="minor_power_conquest",
)
RULES.stand_in(
    "10.2",
    "A conquered power's areas pass to Japan unless another Allied power's unit stands there.",
    key="conquered_areas",
)
RULES.stand_in(
    "9.56",
    "The Philippines are conquered when Japan holds Luzon and Bataan uncontested; then they "
    "never produce again.",
    key="philippine_conquest",
)


def conquered(data: Mapping[str, Any], power: str) -> bool:
    """Whether ``power`` is out of the war (10.1)."""
    return bool(data["tracks"].get(TRACK.format(power=power), 0))


@RULES.implements("10.1", "9.56")
def falls(data: Mapping[str, Any], power: str, seat: list[str]) -> bool:
    """Whether Japan holds every area of ``power``'s seat of government, none contested."""
    contested = set(data["contested"])
    return all(data["control"].get(a) == JAPAN and a not in contested for a in seat)


def check(g: Context) -> None:
    """Conquer each minor power whose seat of government has fallen (10.1)."""
    for power, seat in tables(g.state).conquest.seats.items():
        if not conquered(g.data, power) and falls(g.data, power, seat):
            conquer(g, power)


@RULES.implements("10.1", "10.2")
def conquer(g: Context, power: str) -> None:
    """``power`` leaves the war: its pieces and force pool leave the game, Japan takes its
    areas where no other Allied unit stands (10.2)."""
    data = g.data
    data["tracks"][TRACK.format(power=power)] = 1
    gone = [u for u, unit in data["units"].items() if unit["hidden"]["power"] == power]
    gone += [c for c, counter in data["counters"].items() if counter["power"] == power]
    gone += data["pools"].pop(power, [])
    for piece in gone:
        data["units"].pop(piece, None)
        data["counters"].pop(piece, None)
    data["removed"] = sorted({*data["removed"], *gone})
    data["known_in_pool"] = [u for u in data["known_in_pool"] if u not in gone]
    data["garrisons"] = [[p, at] for p, at in data["garrisons"] if p != power]
    g.log("log.conquered", power=power)
    for where in _areas_of(power):
        settle_control(data, where)
        if data["control"].get(where) != JAPAN and not _allied_units(data, where):
            data["control"][where] = JAPAN
            g.log("log.control", area=where, side=JAPAN)


def _areas_of(power: str) -> list[str]:
    return sorted(k for k, a in area_map().areas.items() if a.nation == power)


def _allied_units(data: Mapping[str, Any], where: str) -> bool:
    pieces = [*data["units"].values(), *data["counters"].values()]
    standing = any(
        side_of(p["hidden"]["power"] if "hidden" in p else p["power"]) == ALLIES
        and p["where"] == where
        for p in pieces
    )
    return standing or any(at == where and p != JAPAN for p, at in data["garrisons"])
