"""The political events (5.34) and the special events (5.37), card by card: China, India, War in
Europe, inter-service rivalry, US Political Will.

As for every event, no primary card text reaches us (spec 7): each follows the effect the spec
gives; amounts known only from a later edition's implementation make the card ``reconstructed``
in cards.yaml, and the timing of Tojo's resignation, of which nothing is known, is ours
(provisional, below).
"""

from __future__ import annotations

from collections.abc import Callable

from wargame.engine.action import Action
from wargame.engine.procedure import Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import cards, forces
from wargame.games.empire_of_the_sun.china import move_china
from wargame.games.empire_of_the_sun.events import effect
from wargame.games.empire_of_the_sun.political_will import adjust
from wargame.games.empire_of_the_sun.registry import RULES
from wargame.games.empire_of_the_sun.replacements import Replacements, start_placing

WIE_LIMITS = (-7, 3)  # 15.7
TOJO_TURN = 9  # provisional: see the stand-in below
MANILA = "2813"
MANCHUKUO_KEYS = ("3302", "3303")


def year(g: Context) -> int:
    """The year of the current turn: turn 1 is 1941, turns 2-4 1942, 5-7 1943..."""
    return 1941 if g.data["turn"] == 1 else 1942 + (g.data["turn"] - 2) // 3


# -- China (12.72-12.73) -----------------------------------------------------------------------


def china_worse(g: Context, side: str) -> None:
    """One box toward Government Collapse; an event never collapses China (12.73)."""
    move_china(g, +1, by_offensive=False)


def china_better(g: Context, side: str) -> None:
    move_china(g, -1, by_offensive=False)


for _card in ("J6", "J26", "J41", "J42"):
    effect(_card)(china_worse)
for _card in ("A49", "A77", "A81", "A82", "A83"):
    effect(_card)(china_better)


@effect("J6", "playable")
def after_doolittle(g: Context, side: str) -> bool:
    """J6 China Operation: only once the Allies have played #6 Doolittle Raid as an event."""
    return "A6" in g.data["cards"]["allied"]["removed"]


def china_not_surrendered(g: Context, side: str) -> bool:
    return "china" not in g.data["surrendered"]


for _card in ("J6", "J26", "J41", "J42", "A49", "A77", "A81", "A82", "A83"):
    if _card != "J6":
        effect(_card, "playable")(china_not_surrendered)


# -- India (12.62) -----------------------------------------------------------------------------


@RULES.implements("12.62")
def india_worse(g: Context, side: str) -> None:
    """A Gandhi card moves India one box worse (Stable → Unrest → Unstable), on the box's first
    side: it does not count toward the two Unstable segments."""
    tracks = g.data["tracks"]
    worse = {"stable": "unrest", "unrest": "unstable"}
    tracks["india"] = worse.get(tracks["india"], tracks["india"])
    tracks["india_second"] = False
    g.log("log.india", status=tracks["india"])


def india_not_lost(g: Context, side: str) -> bool:
    return g.data["tracks"]["india"] in ("stable", "unrest")


for _card in ("J15", "J82"):
    effect(_card)(india_worse)
    effect(_card, "playable")(india_not_lost)


# -- War in Europe (15.0) ----------------------------------------------------------------------


def war_in_europe(amounts: dict[int, int], direction: int) -> Callable[[Context, str], None]:
    """Move the War in Europe marker by the card's amount for the year, within +3 / −7 (15.7)."""

    @RULES.implements("15.7")
    def move(g: Context, side: str) -> None:
        tracks = g.data["tracks"]
        amount = amounts.get(year(g), amounts[max(amounts)])
        low, high = WIE_LIMITS
        tracks["war_in_europe"] = max(low, min(high, tracks["war_in_europe"] + direction * amount))
        g.log("log.war_in_europe", value=tracks["war_in_europe"])

    return move


AXIS_MINOR = {1942: 2, 1943: 1, 1944: 0, 1945: 0}
AXIS_MAJOR = {1942: 3, 1943: 2, 1944: 1, 1945: 1}
ALLIED_MINOR = {1942: 1, 1943: 1, 1944: 2, 1945: 3}
ALLIED_MAJOR = {1942: 1, 1943: 2, 1944: 3, 1945: 3}
for _card in ("J51", "J52", "J53", "J54", "J56", "J57"):
    effect(_card)(war_in_europe(AXIS_MINOR, -1))
effect("J55")(war_in_europe(AXIS_MAJOR, -1))
for _card in ("A11", "A14", "A41", "A42"):
    effect(_card)(war_in_europe(ALLIED_MINOR, +1))
for _card in ("A47", "A66", "A73"):
    effect(_card)(war_in_europe(ALLIED_MAJOR, +1))
RULES.stand_in(
    "15.7",
    "Japanese #55 in 1945 moves War in Europe as in 1944 (the amount for 1945 is not known).",
    key="war_in_europe_1945",
)


# -- inter-service rivalry (14.0) --------------------------------------------------------------


def rivalry(track: str, value: bool) -> Callable[[Context, str], None]:
    def set_rivalry(g: Context, side: str) -> None:
        g.data["tracks"][track] = value
        g.log("log.rivalry", track=track, value=value)

    return set_rivalry


for _card in ("J7", "J11", "J34"):
    effect(_card)(rivalry("us_isr", True))
for _card in ("A2", "A43"):
    effect(_card)(rivalry("japanese_isr", True))
for _card in ("J33", "J67", "J68"):
    effect(_card)(rivalry("japanese_isr", False))
for _card in ("A4", "A10", "A39", "A52"):
    effect(_card)(rivalry("us_isr", False))


class SwapWithDiscard(Procedure):
    """J33, J67, J68, A10, A52 (later-edition hint): after ending rivalry, the player may swap a
    card of its hand for one of its discard pile. Frame locals: ``side``, ``card``."""

    def __init__(self, card_id: str) -> None:
        self.name = f"event_{card_id}"

    @decision
    def start(self, g: Context, f: Frame) -> Decision:
        side = f["side"]
        found = Decision()
        choices = found.side(side, "prompt.swap")
        own = cards.pile(g, side)
        for mine in own["hand"]:
            for theirs in own["discard"]:
                choices.add(Action.of("swap", mine, theirs), self.swap, side, mine, theirs)
        if not choices.options:
            choices.prompt = "prompt.swap_none"
        choices.add("decline", self.done)
        return found

    def swap(self, g: Context, f: Frame, side: str, mine: str, theirs: str) -> None:
        own = cards.pile(g, side)
        cards.take(g, side, mine)
        own["discard"].remove(theirs)
        own["hand"].append(theirs)
        own["discard"].append(mine)
        g.data["known"][side].append(theirs)  # it left the public discard pile for the hand
        g.log("log.swap", side=side, card=mine, taken=theirs)
        g.ret()

    def done(self, g: Context, f: Frame) -> None:
        g.ret()


SWAP_PROCEDURES = tuple(SwapWithDiscard(c) for c in ("J33", "J67", "J68", "A10", "A52"))
SEXTANT_POINTS = {"air": 1, "chinese": 3}


class SextantConference(Replacements):
    """A39 Sextant Conference (later-edition hint): after ending US rivalry, 1 air and 3 Chinese
    replacement points, spent at once as in the Replacement segment (10.1, 10.34); what is not
    spent is lost. Frame locals: ``side``, ``card``."""

    name = "event_A39"

    @RULES.implements("5.34", "10.1", "9.11")
    def start(self, g: Context, f: Frame) -> None:
        f["pools"] = dict(SEXTANT_POINTS)
        start_placing(g, f)
        g.goto("spend")

    def side_done(self, g: Context, f: Frame) -> None:
        g.ret()


POLITICAL_PROCEDURES: tuple[Procedure, ...] = (*SWAP_PROCEDURES, SextantConference())


# -- US Political Will (16.44) -----------------------------------------------------------------


@effect("A1")
@RULES.implements("16.44")
def bataan_death_march(g: Context, side: str) -> None:
    adjust(g, +1, "event_A1")


@effect("A1", "playable")
def japan_holds_manila(g: Context, side: str) -> bool:
    return forces.friendly(g, MANILA, "japan")


@effect("A6")
def doolittle_raid(g: Context, side: str) -> None:
    adjust(g, +1, "event_A6")


@effect("J74")
def tokyo_rose(g: Context, side: str) -> None:
    adjust(g, -1, "event_J74")


# -- special events (5.37) ---------------------------------------------------------------------

RULES.stand_in(
    "5.37",
    "Tojo Resigns (J43) can take effect from turn 9 (the historical July 1944): the printed "
    "condition is not known. Soviets Invade Manchuria (A79) needs Tojo's resignation first.",
    key="tojo_timing",
)


@effect("J43", "playable")
def tojo_may_resign(g: Context, side: str) -> bool:
    return g.data["turn"] >= TOJO_TURN


@effect("J43")
def tojo_resigns(g: Context, side: str) -> None:
    """Tojo resigns: US Political Will −2; the turn marker turns to its other side."""
    adjust(g, -2, "event_J43")
    g.data["lasting"].append("tojo_resigned")


@effect("A79", "playable")
def after_tojo(g: Context, side: str) -> bool:
    return "tojo_resigned" in g.data["lasting"]


@effect("A79")
def soviets_invade_manchuria(g: Context, side: str) -> None:
    """The Soviets take Harbin and Mukden (12.91): Japanese units there are eliminated and the
    hexes leave Japanese control; China moves one box toward a stable front (12.72)."""
    for hex_id in MANCHUKUO_KEYS:
        for unit_id in forces.units_at(g, hex_id, "japan"):
            forces.move_to(g, unit_id, "eliminated")
        forces.set_control(g, hex_id, "allied")
    g.data["lasting"].append("soviets_in_manchuria")
    move_china(g, -1, by_offensive=False)
