"""The surprise attack (9.11): the Japanese player turn of the Nov/Dec 1941 campaign's first turn.

Enforced here, for the naval movement phase: US fleets in Hawaii and the USA do not react (a);
Allied LBA and Allied fleets in port project no influence until the air/naval combat phase ends
(d); the CW fleets at Singapore react by themselves into the Gulf of Thailand or the Java Sea, the
first of the two Japan closes where they can (e); the Japanese submarine unit never goes into
the Hawaiian Islands sea area (i). Elsewhere: the jungle bonus (g, :mod:`ground_combat`), no
strategic warfare (h, :mod:`strategic_warfare`). Still to come: the interception, air and
port-attack parts (b, c, f, j, k).

Decisions
---------
* **Which fleets are "in" Hawaii and the USA** (a): those in the port of those two areas; fleets at
  sea in the Hawaiian Islands sea area are not in port and may not react anyway (8.25).
* **Until when influence is silenced** (d): through the Japanese player turn's phases up to and
  including the air/naval combat phase (1.11-1.14); from operational movement on it counts again.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wargame.engine.log import Side
from wargame.games.asia_engulfed.registry import RULES

SURPRISE_TURN: Final = "1941-11"
JAPAN: Final = "japan"
NO_REACTION_PORTS: Final = frozenset({"hawaii", "usa"})  # 9.11 a
SILENT_PHASES: Final = frozenset(
    {"naval_movement", "first_supply", "production", "air_naval_combat"}
)  # 9.11 d: to the end of the air/naval combat phase
FORCED_PORT: Final = "singapore"  # 9.11 e
FORCED_SEAS: Final = ("gulf_of_thailand", "java_sea")
BARRED_SUBMARINE_SEA: Final = "hawaiian_islands"  # 9.11 i


def surprise_turn(data: Mapping[str, Any]) -> bool:
    """Whether it is Japan's player turn of the surprise attack turn (9.11)."""
    return data["turn"] == SURPRISE_TURN and data.get("phase_player") == JAPAN


@RULES.implements("9.11")
def may_react(data: Mapping[str, Any], unit: Mapping[str, Any]) -> bool:
    """9.11 a: no US fleet in port at Hawaii or in the USA reacts."""
    return not (
        surprise_turn(data)
        and unit["hidden"]["power"] == "usa"
        and unit["where"] in NO_REACTION_PORTS
    )


@RULES.implements("9.11")
def influence_silenced(data: Mapping[str, Any]) -> bool:
    """9.11 d: Allied LBA and Allied fleets in port project no influence now."""
    return surprise_turn(data) and data.get("phase") in SILENT_PHASES


@RULES.implements("9.11")
def forced_to_react(data: Mapping[str, Any], side: Side, target: str) -> bool:
    """9.11 e: whether the CW fleets at Singapore must react into ``target`` (the reacting
    side's, into a sea area Japan closes)."""
    return surprise_turn(data) and side != JAPAN and target in FORCED_SEAS


def forced_fleets(data: Mapping[str, Any], fleet_ids: list[str]) -> list[str]:
    """Of the fleets that may react, those 9.11 e sends: the CW's in port at Singapore."""
    return [
        f
        for f in fleet_ids
        if data["units"][f]["where"] == FORCED_PORT and data["units"][f]["hidden"]["power"] == "cw"
    ]


@RULES.implements("9.11")
def submarine_barred(data: Mapping[str, Any], side: Side, sea: str) -> bool:
    """9.11 i: the Japanese submarine unit never goes into the Hawaiian Islands sea area (it
    goes only where Allied fleets reacted, which 8.25 already asks of the phase player's)."""
    return surprise_turn(data) and side == JAPAN and sea == BARRED_SUBMARINE_SEA
