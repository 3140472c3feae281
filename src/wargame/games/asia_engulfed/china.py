"""Where China's units may stand: the designed stand-in numbered 9.44, one of China's lost
rules (9.42-9.46 survive only as cross-references; 9.44 is cited only as an example of the
rulebook's numbering, so what it said is unknown).

The stand-in fills a gap every player meets at once: nothing surviving says whether Chinese
units may leave China. Nationalist units (blocks and air units) may stand in China's areas and
in the two areas of the Burma Road (Burma, Assam); Communist units only in China's areas. China's
areas are those the map puts in the China region (the provinces, Manchukuo, Formosa, Hainan and
the Hong Kong and Shanghai port boxes). :func:`movement.barred` applies it, so it holds for
operational and strategic movement, landings, air units' flights and ports alike.

Decisions
---------
* **History**: the Nationalists fought outside China only on the Burma Road: the Expeditionary
  Force in Burma in 1942, X Force from Ledo in Assam and Y Force across the Salween in 1943-45.
  The Communists never left North China before the Soviets entered Manchuria (not in the game).
* **Europe Engulfed**, the sister game, keeps minor allies' units to their own and their
  neighbours' fronts; 9.25 already ties the Nationalists' lend-lease to the Burma Road areas.
* **Playability**: one check on the area's region, no new decision: Chinese blocks cannot be
  shipped to the Pacific, and the Allies' Burma front keeps its historical shape.
* **7.7's "the Communists move and attack without restriction"** is read as freedom from the
  Nationalists' special-action condition beside which it stands, not from geography; the seed
  says nothing of where either may go, and builds and full-strength refits of Chinese units
  happen only in China (4.41 d, 4.31 c).
* **Kept in code, not tables.yaml**: it names map regions, not numbers, and :func:`barred` is
  called where no table is at hand (like the US and Commonwealth limits of 9.23 and 9.32).
"""

from __future__ import annotations

from typing import Final

from wargame.games.asia_engulfed.board import Area
from wargame.games.asia_engulfed.registry import RULES

CHINA_REGION: Final = "china"

RULES.stand_in(
    "9.44",
    "Chinese units stay in China: Nationalist units may also stand in Burma and Assam (the "
    "Burma Road), Communist units never leave China.",
    key="chinese_theatre",
)


@RULES.implements("9.44")
def beyond_china(power: str, record: Area) -> bool:
    """Whether a unit of the Chinese ``power`` may not stand in the area ``record``."""
    if record.region == CHINA_REGION:
        return False
    return power != "china_nat" or not record.burma_road
