"""Asia Engulfed (GMT Games, 2007), rules-enforced (issue 16: being completed).

Modules follow the rule book: ``sequence`` (1.0), ``control`` (3.25, 5.4), ``movement`` (5.1),
``victory`` (10.3, provisional). The position and its fog are ``state``; the printed components
``board`` (the map), ``forces`` and ``scenarios``. ``docs/asia-engulfed.md`` lists every module
by its rule section.
"""

from wargame.games.asia_engulfed.game import AsiaEngulfed

GAME = AsiaEngulfed()
