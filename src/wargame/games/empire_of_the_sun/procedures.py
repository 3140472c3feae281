"""Every procedure of the game's sequence of play, by rulebook section."""

from wargame.engine.procedure import Procedure
from wargame.games.empire_of_the_sun import (  # noqa: F401 - they register the events
    events_military_allies_early,
    events_military_allies_late,
    events_military_japan,
    events_opening,
    events_reactions,
    events_resources,
)
from wargame.games.empire_of_the_sun.battle import Battle
from wargame.games.empire_of_the_sun.bidding import Bidding
from wargame.games.empire_of_the_sun.card_play import CardAction
from wargame.games.empire_of_the_sun.events import Event
from wargame.games.empire_of_the_sun.events_military_allies_late import LATE_PROCEDURES
from wargame.games.empire_of_the_sun.events_military_japan import JAPAN_PROCEDURES
from wargame.games.empire_of_the_sun.events_political import POLITICAL_PROCEDURES
from wargame.games.empire_of_the_sun.events_reactions import REACTION_PROCEDURES
from wargame.games.empire_of_the_sun.events_resources import RESOURCE_PROCEDURES
from wargame.games.empire_of_the_sun.national_status import NationalStatus
from wargame.games.empire_of_the_sun.oc_uses import OcUse
from wargame.games.empire_of_the_sun.offensives import Offensive
from wargame.games.empire_of_the_sun.opening import FreeNavalMoves, OpeningTurn
from wargame.games.empire_of_the_sun.political_will import PoliticalWill
from wargame.games.empire_of_the_sun.post_battle import OffensiveEnd, PostBattle
from wargame.games.empire_of_the_sun.reinforcements import Reinforcements
from wargame.games.empire_of_the_sun.replacements import Replacements
from wargame.games.empire_of_the_sun.sequence import Game, OffensivesSegment, Turn
from wargame.games.empire_of_the_sun.stacking import Stacking
from wargame.games.empire_of_the_sun.strategic_warfare import StrategicWarfare
from wargame.games.empire_of_the_sun.supply import Attrition

ALL: tuple[Procedure, ...] = (
    # the turn (4.0) and the scenario openings (17.11, 17.25)
    *(Game(), Turn(), OpeningTurn(), FreeNavalMoves(), Bidding()),
    # the Strategic phase (4.1): reinforcements, replacements, strategic warfare (9.0-11.0)
    *(Reinforcements(), Replacements(), StrategicWarfare()),
    # the Offensives phase (4.2): card plays (5.0) and offensives (6.0-8.0)
    *(OffensivesSegment(), CardAction(), OcUse(), Event(), *POLITICAL_PROCEDURES),
    *RESOURCE_PROCEDURES,
    *LATE_PROCEDURES,
    *JAPAN_PROCEDURES,
    *(Offensive(), Battle(), PostBattle(), OffensiveEnd(), Stacking()),
    *REACTION_PROCEDURES,
    # the Political phase (4.3) and the Attrition phase (4.4)
    *(NationalStatus(), PoliticalWill(), Attrition()),
)
