"""Empire of the Sun (GMT Games, v2.0 rules), rules-enforced.

Modules follow the rulebook: ``sequence`` (4.0), ``cards`` and ``oc_uses`` (5.0), ``events``
(5.3), ``offensives`` (6.0), ``movement`` and ``stacking`` (7.0), ``battle`` and ``post_battle``
(8.0), ``reinforcements`` (9.0), ``replacements`` (10.0), ``strategic_warfare`` (11.0),
``national_status`` (12.0), ``supply`` (13.0), ``political_will`` and ``victory`` (16.0),
``setup`` and ``opening`` (2.0, 17.0, 18.0). ``static`` loads the printed components from
``data/``; ``layout`` documents the game state.
"""

from wargame.games.empire_of_the_sun.game import EmpireOfTheSun

GAME = EmpireOfTheSun()
