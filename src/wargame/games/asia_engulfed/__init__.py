"""Asia Engulfed (GMT Games, 2007), rules-enforced: work in progress (issue 16).

Modules follow the rule book: ``sequence`` (1.0), ``control`` (3.25, 5.4), ``movement`` (5.1),
``victory`` (10.3, provisional). The position and its fog are ``state``; the printed components
``board`` (the map), ``forces`` and ``scenarios``. The game is not in the catalogue of playable
games until its introductory scenario plays whole (``wargame.games`` registers no module for it):
tests and tools build it from here.
"""

from wargame.games.asia_engulfed.game import AsiaEngulfed

GAME = AsiaEngulfed()
