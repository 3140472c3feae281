"""Every procedure of the game's sequence of play, by rulebook section."""

from wargame.engine.procedure import Procedure
from wargame.games.empire_of_the_sun.battle import Battle
from wargame.games.empire_of_the_sun.card_play import CardAction
from wargame.games.empire_of_the_sun.events import Event
from wargame.games.empire_of_the_sun.national_status import NationalStatus
from wargame.games.empire_of_the_sun.oc_uses import OcUse
from wargame.games.empire_of_the_sun.offensives import Offensive
from wargame.games.empire_of_the_sun.opening import OpeningTurn
from wargame.games.empire_of_the_sun.political_will import PoliticalWill
from wargame.games.empire_of_the_sun.post_battle import OffensiveEnd, PostBattle
from wargame.games.empire_of_the_sun.reinforcements import Reinforcements
from wargame.games.empire_of_the_sun.replacements import Replacements
from wargame.games.empire_of_the_sun.sequence import Game, OffensivesSegment, Turn
from wargame.games.empire_of_the_sun.stacking import Stacking
from wargame.games.empire_of_the_sun.strategic_warfare import StrategicWarfare
from wargame.games.empire_of_the_sun.supply import Attrition

ALL: tuple[Procedure, ...] = (
    Game(),
    Turn(),
    OpeningTurn(),  # 4.0, 17.11
    Reinforcements(),
    Replacements(),
    StrategicWarfare(),  # 4.1: 9.0, 10.0, 11.0
    OffensivesSegment(),
    CardAction(),
    OcUse(),
    Event(),  # 4.2: 5.0
    Offensive(),
    Battle(),
    PostBattle(),
    OffensiveEnd(),  # 6.0, 8.0
    Stacking(),  # 7.24, 7.34
    NationalStatus(),
    PoliticalWill(),  # 4.3: 12.0, 16.4
    Attrition(),  # 4.4: 13.4
)
