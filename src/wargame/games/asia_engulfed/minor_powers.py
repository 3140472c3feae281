"""Whose limits the Dutch East Indies' air units and fleets keep: the designed stand-in numbered
9.51, one of the minor powers' lost rules (9.51-9.55 survive only as the range before 9.56).

The surviving rules say the DEI's ground units never move and its fleets act as the
Commonwealth's (3.33), and supply counts its air units as the Commonwealth's too; nothing says
where a DEI air unit or fleet may go. The stand-in: they keep the Commonwealth's operational
limits (9.32: not in China but Hainan, Formosa, Hong Kong and Shanghai, and there not where
Chinese units stand). :func:`movement.barred` applies it.

Decisions
---------
* **History**: after Java fell the Dutch air and naval forces that escaped fought under British
  and Australian command (No. 18 (NEI) Squadron RAAF from Darwin, Dutch cruisers and
  submarines with the Eastern Fleet); none went to China.
* **Europe Engulfed**, the sister game, makes a minor ally's units keep its major ally's limits.
* **Playability**: 3.33 already plays DEI fleets as the Commonwealth's; air units now match,
  with no new decision.
"""

from __future__ import annotations

from typing import Final

from wargame.games.asia_engulfed.registry import RULES

LIMITS_OF: Final = {"dei": "cw"}  # a minor power -> the major power whose limits it keeps

RULES.stand_in(
    "9.51",
    "DEI air units and fleets keep the Commonwealth's operational limits (9.32): never in China "
    "but Hainan, Formosa, Hong Kong and Shanghai.",
    key="dei_commonwealth_limits",
)


@RULES.implements("9.51")
def limits_of(power: str) -> str:
    """The power whose operational limits a unit of ``power`` keeps (its own but the DEI's)."""
    return LIMITS_OF.get(power, power)
