"""What Empire of the Sun's bots know of the game: how good a position is for a side, and which
actions to try first (DESIGN 2.5). The search itself is game-independent (``wargame.bots``) and
asks only these two questions, of determinized states: a bot never sees the true one.

The evaluation is Japan's chance of winning, built from the victory conditions of the scenario
being played (17.27, 17.38, 17.48; 16.0 for a campaign) and what may yet change them: the
objectives each side's ground units threaten or march toward, the forces on the map and their
supply, the cards in hand, and how much of the game is left. Each term says below why it is
there. The Allies' chance is the rest (there are no draws in the schedules), but for one thing:
each side reads the enemy's threats at their odds and its own below them
(``Weights.threat_against``), so that the two chances add up to a little less than one.
"""

from __future__ import annotations

import math
import weakref
from collections import OrderedDict, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Final

from wargame.engine.action import Action
from wargame.engine.contract import outcome
from wargame.engine.log import Event
from wargame.engine.procedure import Context
from wargame.engine.state import State
from wargame.games.empire_of_the_sun import (
    battle_odds,
    charts,
    events,
    forces,
    offensives,
    stacking,
    supply,
    victory,
)
from wargame.games.empire_of_the_sun.bidding import vp_adjustment
from wargame.games.empire_of_the_sun.forces import Components, enemy
from wargame.games.empire_of_the_sun.national_status import NATIONS
from wargame.games.empire_of_the_sun.post_battle import (
    activated_units,
    left_to_lose,
    lost_away_from_base,
    may_move_after_battle,
)
from wargame.games.empire_of_the_sun.strategic_warfare import allied_deal, japanese_deal

JAPAN: Final = "japan"
SIDES: Final = ("japan", "allied")

# -- objectives ---------------------------------------------------------------------------------
# The hexes whose control decides a short scenario, with what each is worth in Japanese victory
# points (``vp``) beside whether it is a resource hex. The points of a hex that counts only with
# others (a nation surrenders when all its key hexes fall, 12.2-12.5, and each surrender moves
# Political Will one box, 16.41) are shared out among them. The evaluation scores control of
# these exactly through the scenario's own schedule; the table only weighs *threats* to them and
# draws units toward them in the move ordering.
SURRENDER_KEYS: Final = {
    "2813": 0.5,  # Manila and Davao: the Philippines (12.2)
    "2915": 0.5,
    "2015": 0.5,  # Singapore and Kuantan: Malaya (12.3)
    "2014": 0.5,
    "2019": 0.3,  # Tjilatjap with the seven resource hexes of the DEI (12.4)
    "2008": 0.25,  # Rangoon, Mandalay, Lashio, Myitkyina: Burma (12.5)
    "2106": 0.25,
    "2206": 1.25,  # Lashio also closes the Burma Road (12.76): a point of its own (T9)
    "2305": 0.25,
}
NORTHERN_INDIA_VP: Final = 1.0 + (2 + 1) / len(victory.NORTHERN_INDIA)
"""A point for each hex of Northern India, and 2 more for all five (T9-T11) with India in Unrest
(a point more, 12.62, T9) shared out among them: the richest seam of points within Japan's
reach in 1942, and the one a plan that only counted a point a hex would leave for later."""
VP_HEXES: Final = {
    **{hex_id: NORTHERN_INDIA_VP for hex_id in victory.NORTHERN_INDIA},
    victory.RABAUL: 0.5,  # the Mandates: a point for both (T9)
    victory.GUADALCANAL: 0.5,
    victory.OAHU: 3.0,  # Hawaii captured (T9)
    victory.KAUAI: 1.0,
    victory.HAWAII: 1.0,
}
ROAD_TO_INDIA: Final = {"2008": 1.0, "2106": 1.0}  # Rangoon, Mandalay
"""What Rangoon and Mandalay are worth to Japan beyond their own worth once it holds its resource
hexes (SATED): the overland road to Northern India, the richest points of the 1942 schedule (5
hexes, 2 for all, India's unrest: T9), runs through them. It counts in what draws units
(``worth``: the ordering's pull, the march, which objective a stack threatens), never in the
points a threat counts. Without it a sated Japan's units felt Burma by a quarter point or so and
its offensives seldom reached India: `greedy` as Japan lost 3 of 12 games against ``random``
Allies on points, Rangoon or India left Allied (11 of 12 won with it). Before Japan holds its
resource hexes the road counts nothing: always on, it drew Japan's units to Burma while the
Allies retook the Dutch East Indies (against `greedy` Allies, 8.5 resource hexes at the end on
average in 6 games, against 10 without)."""
DEI_RESOURCE_VP: Final = 0.1  # each of the seven resource hexes of the DEI surrender (12.4)
DEI_RESOURCES: Final = frozenset({"1813", "1916", "2017", "2220", "2415", "2517", "2616"})

SURRENDERING: Final = tuple(nation for nation in NATIONS if nation.keys)
PARTIAL_SURRENDER: Final = 0.5
"""Part of a surrender's worth for part of its key hexes (squared: the last key counts most)."""
BURMA_ROAD: Final = ("2206", "2306")  # Lashio and the road on to Kunming (12.76)
CARD_WORTH: Final = 2.5
"""The operations points a strategy card is worth on average (1-3, more as an event)."""
CARRIERS: Final = frozenset({"CV", "CVL", "CVE"})
THREAT_RADIUS: Final = 3
"""Ground units further than this from an objective do not threaten it this turn: a card's
operations move them 2-6 movement points, and most land hexes cost 2 (7.41)."""
NEARNESS: Final = 0.6
"""How a threat fades with distance: a unit next door counts 0.6, two hexes away 0.36."""
MARCH_RADIUS: Final = 14
MARCH_FADE: Final = 0.75
"""Ground units beyond THREAT_RADIUS still march toward an objective: within MARCH_RADIUS
its pull fades by MARCH_FADE a hex, slowly enough that a hex nearer counts at any distance.
The radius reaches from the Home Islands to Manila (11 hexes) and the Mandates: at 8 (two or
three offensives' moves) the armies and the strategic transport there (7.6) counted nothing
wherever they stood, and in lost games three Japanese armies never left Tokyo."""
SPARE_RESOURCES: Final = 1
"""Resource hexes Japan wants beyond the 11 the 1942 scenario asks for (17.27): one to lose."""
SATED: Final = 0.25
"""What a further resource hex still draws Japan's units with once it holds the 11 and the
spare: the points of the schedule are then what wins, and a plan that kept taking resource
hexes would leave Burma, India and the Mandates untouched."""
DEFENCE_FLOOR: Final = 6.0
"""A garrisoned objective is taken only by a battle won: its chance of falling to a threat of
strength ``s`` is ``s / (s + defence + 6)``."""
OPEN_FLOOR: Final = 2.0
"""An objective with no ground unit of its holder in it is taken by moving in (12.1: the last
side to enter a hex controls it), no battle needed: it falls to a threat of strength ``s`` with
``s / (s + defence + 2)``; only the card and the HQ to move with stand between (a lone brigade
next door, 2.4, makes it about even). Without the difference a garrison barely counted, and
units marched off to the next objective and left the last one open to any counterattack."""
LANDING_RADIUS: Final = 6
LANDING_FADE: Final = 0.8
LANDING_SHARE: Final = 0.5
"""An objective left open (OPEN_FLOOR) falls to a landing from further than THREAT_RADIUS: an
amphibious assault goes coastal hex to coastal hex as far as the card's naval allowance (7.45,
T1: 5 hexes a point of OC, so 5, 10 or 15). Such a landing needs a card, assault shipping and no
enemy ZOI on the way, so it counts at half a threat from nearby, fading by 0.8 a hex. Without it
an objective seemed safe wherever no enemy ground unit stood within 3 hexes: in a lost game
(mcts-easy against greedy, seed 1) Japan left Manila, Soerabaja and Miri without ground units,
and Allied corps and divisions landed in them from afar in turns 3 and 4. The radius stops at 6,
short of the 3-OC card's 15, by measure: counted to 15 hexes at 0.9 a hex, `greedy` as Japan
against `greedy` held 8.5 resource hexes at the end on average in 24 games (seeds 1 to 24),
against 9.1 with 6."""
SUPPORT_RADIUS: Final = 2
"""Air units and carriers near an objective back the ground units that attack it: their ZOI
reaches 2 hexes (7.35), and what fights in a battle hex is moved there from about so far in the
same offensive (7.31, 7.21)."""
SUPPORT_SHARE: Final = 0.5
"""What the air and naval attack near a threatened objective adds to the ground threat, at most
as much as the ground units' own (only ground units take a hex, 12.1): a landing that air and
naval units cover wins its battle more often than one that goes in alone. Without the term a
carrier counted the same in Tokyo as off the beach, and in lost games Japan's landings went in
unescorted while its three carriers never left the Home Islands."""
SUPPORT_MARCH: Final = 0.25
"""What an attack point of air and naval units counts in the march toward objectives, against a
ground unit's one: they take no hex but carry the landings (see SUPPORT_SHARE). Japan has about
as much air and naval attack on the map as ground attack, so at a half the term moved the start
position's margin by half a resource hex."""


@dataclass(frozen=True)
class Objective:
    hex_id: str
    resource: bool
    vp: float

    @property
    def weight(self) -> float:
        """What the move ordering draws units toward: a resource hex counts one (a Japanese
        card a turn for two, 11.11, and 11 of 14 at the end of 1942, 17.27) plus its points."""
        return (1.0 if self.resource else 0.0) + self.vp

    def add_to(self, taken: list[float], chance: float) -> None:
        """Count the objective into (resource hexes, victory points) at ``chance``."""
        if self.resource:
            taken[0] += chance
        taken[1] += chance * self.vp


def objectives(parts: Components) -> tuple[Objective, ...]:
    board = parts.board
    resources = [h for h in board.land_hexes if board.hexes[h].resource]
    worth = {**VP_HEXES, **SURRENDER_KEYS}
    found = [
        Objective(h, True, worth.get(h, 0.0) + (DEI_RESOURCE_VP if h in DEI_RESOURCES else 0))
        for h in resources
    ]
    found += [Objective(h, False, vp) for h, vp in worth.items() if h not in resources]
    return tuple(found)


# -- the evaluation -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Weights:
    """The evaluation's terms, each in the units of the margin it moves (resource hexes or
    victory points)."""

    threat: float = 0.3
    """A side's own threats, as it reads them: a threatened objective is not taken yet: it
    takes another card, the defender reacts, dice fail. A sure threat counts under a third of
    the objective, so that taking it is always worth much more than standing next to it (with
    its own threats read at their odds as well, 1.0, a side stood next to objectives instead of
    taking them: in 24 games of `greedy` against `greedy` Japan held 6.0 resource hexes after
    its first turn, against 8.5)."""
    threat_against: float = 1.0
    """The enemy's threats to a side's objectives, as that side reads them: at their odds. A
    side that discounted them as it discounts its own (``threat``) saw its open objectives three
    times safer than they were, and left them without a garrison when the enemy could still
    act: in 24 games of `greedy` against `greedy` the Japanese resource hexes with an Allied
    threat at the start of the last turn fell in that turn 36 % of the time (open) and 24 %
    (garrisoned), where the evaluation read 11 % and 5 %; at their odds, 36 % and 16 %
    (`bench/threat_calibration.py`).
    Reading the two differently makes each side a little pessimistic, and the sides' chances no
    longer add up to one; the search keeps each side's own."""
    forces: float = 2.0
    """The balance of combat strength on the map, (own - enemy) / total, scaled to two
    objectives: strength is what takes and holds objectives later in the scenario."""
    cards: float = 0.15
    """Each operations point in hand above the opponent's: cards are the offensives still to
    come this turn (5.1)."""
    march: float = 0.005
    """Each attack point of a ground stack, times the pull of the objective it marches toward
    (its weight, MARCH_FADE a hex): far less than a threat (a unit next door to an objective
    counts about a third as much as by the threat term), but enough that an offensive moving
    units several hexes toward the schedule's points scores better than one that shuffles
    them about; without it the evaluation is blind beyond THREAT_RADIUS, and a campaign of
    several offensives (Burma, then Northern India) never starts."""
    unsupplied: float = 0.5
    """What an unsupplied unit still counts of its strength: at the end of the turn it flips
    or is eliminated (13.4), and it may not be activated (7.52) nor project a ZOI (7.35)."""
    temperature_end: float = 0.6
    temperature_start: float = 2.5
    """How sure a margin is: at the end of a scenario one resource hex more than needed is a
    near-certain win; at its start, much can change. The temperature of the logistic falls
    linearly with the share of the scenario left (``time_left``). Fitted to how 72 games of
    `greedy` against itself ended (`bench/evaluation_calibration.py`), the start would be 7
    (7.6 for the points, 3.6 for the resource hexes, each fitted on its own): at 2.5 Japan's
    chance reads 2 to 4 % in games it won one time in ten. But the search bot at 7 won none of
    6 games as Japan against `greedy`, and lost one to `random` holding every resource hex and
    short of points (docs/computer-opponents.md, 2026-12-06): left at 2.5."""


WEIGHTS: Final = Weights()
YEARLY_NEEDS: Final = {"points": 6}
"""Japan wins a yearly scenario with 6 points or more (T9-T11 victory levels, 17.27)."""
MARGINS_FROM: Final = (YEARLY_NEEDS["points"] - 0.5, victory.MIN_1942_RESOURCES - 0.5)
"""Where Japan's margins of points and of resource hexes (the latter in 1942 only, 17.27) turn
from a loss to a win: half-way between the last losing count and the first winning one."""


@dataclass(frozen=True)
class Threat:
    """What a side threatens to take, (resource hexes, victory points): ``fought``, objectives
    its ground units are fighting for in this offensive, at the battle's odds; ``risked``,
    those they may yet reach, at odds the reader weighs (``Weights.threat``,
    ``Weights.threat_against``)."""

    fought: tuple[float, float]
    risked: tuple[float, float]

    def read(self, weight: float) -> tuple[float, float]:
        return (
            self.fought[0] + weight * self.risked[0],
            self.fought[1] + weight * self.risked[1],
        )


@dataclass(frozen=True)
class Reading:
    """What the evaluation reads of a position, the same for both sides until each weighs the
    threats (``Strategy.japan_chance``)."""

    kind: str  # the victory conditions: "1942", "1943", ... or "campaign"
    threats: dict[str, Threat]
    balance: float
    temperature: float
    resources: int  # resource hexes Japan holds
    points: float  # Japan's points by the schedule and those about to change (not a campaign)
    will: float  # US Political Will once the coming Political phase has taken its part


@dataclass
class Forces:
    """Both sides' units on the map as the evaluation sees them."""

    strength: dict[str, float]  # attack + defence of every unit, unsupplied ones discounted
    attack_at: dict[str, dict[str, float]]  # ground attack by hex: the units that take hexes
    defence_at: dict[str, dict[str, float]]  # every unit's defence by hex
    support_at: dict[str, dict[str, float]] = field(default_factory=dict)
    """Air and naval attack by hex: what backs a landing (see SUPPORT_SHARE)."""
    landing_at: dict[str, dict[str, float]] = field(default_factory=dict)
    """The attack of amphibious ground units by hex: what may land from afar (see
    LANDING_RADIUS)."""
    us_carrier: bool = False


PullKey = tuple[str, str, tuple[str | None, ...]]
"""A side, the victory kind and who controls each objective: what the move ordering's values by
hex depend on."""


class Strategy:
    """The evaluation and the move ordering of one game's static data."""

    def __init__(self, parts: Components, weights: Weights = WEIGHTS) -> None:
        self.parts = parts
        self.weights = weights
        self.objectives = objectives(parts)
        self.resources = tuple(o.hex_id for o in self.objectives if o.resource)
        ashore: dict[str, list[tuple[int, float]]] = defaultdict(list)
        for index, o in enumerate(self.objectives):
            if not parts.board.coastal(o.hex_id):  # an assault lands in a coastal hex (7.45)
                continue
            for h in parts.board.within(o.hex_id, LANDING_RADIUS):
                apart = parts.board.distance(o.hex_id, h)
                if apart > THREAT_RADIUS:
                    ashore[h].append((index, LANDING_FADE**apart))
        self.ashore = {h: tuple(found) for h, found in ashore.items()}
        board = parts.board
        near: dict[str, list[tuple[int, float]]] = defaultdict(list)
        for index, o in enumerate(self.objectives):
            for h in board.within(o.hex_id, THREAT_RADIUS):
                near[h].append((index, NEARNESS ** board.distance(o.hex_id, h)))
        self.near = {h: tuple(found) for h, found in near.items()}
        far: dict[str, list[tuple[int, float]]] = defaultdict(list)
        for index, o in enumerate(self.objectives):
            for h in board.within(o.hex_id, MARCH_RADIUS):
                far[h].append((index, MARCH_FADE ** board.distance(o.hex_id, h)))
        self.far = {h: tuple(found) for h, found in far.items()}
        self._worth: OrderedDict[tuple[str, str, tuple[str | None, ...]], tuple[float, ...]] = (
            OrderedDict()
        )
        self._pulls: OrderedDict[PullKey, dict[str, float]] = OrderedDict()
        self._reaches: OrderedDict[PullKey, dict[str, float]] = OrderedDict()
        self._last: tuple[weakref.ref[State], Reading] | None = None

    def __getstate__(self) -> dict[str, object]:
        """Picklable (a game goes to worker processes with its registry): without the weak
        reference to the last state evaluated, which is only a cache."""
        return {**self.__dict__, "_last": None}

    # -- evaluation ---------------------------------------------------------------------------
    def evaluate(self, g: Context, side: str) -> float:
        """``side``'s chance of winning from the position of ``g``."""
        if g.state.result is not None:
            return outcome(g.state.result, side)
        last = self._last
        if last is not None and last[0]() is g.state:  # the other side's question, just asked
            reading = last[1]
        else:
            reading = self.read(g)
            self._last = (weakref.ref(g.state), reading)
        japan = self.japan_chance(reading, side)
        return japan if side == JAPAN else 1.0 - japan

    def read(self, g: Context) -> Reading:
        """What the evaluation reads of the position of ``g``, before a side weighs it."""
        data = g.data
        found = self.forces(g)
        will_lost = self.will_to_lose(g, found)
        kind = data["victory"]
        points = 0.0
        if kind != "campaign":
            scheduled = sum(item(g) for item in victory.SCHEDULES[kind]) + vp_adjustment(g)
            points = scheduled + will_lost + self.status_to_come(g)
        return Reading(
            kind=kind,
            threats={side: self.threats(g, side, found) for side in SIDES},
            balance=self.balance(g, found),
            temperature=self.temperature(g),
            resources=sum(1 for h in self.resources if data["control"][h] == JAPAN),
            points=points,
            will=data["tracks"]["political_will"] - will_lost,
        )

    def japan_chance(self, reading: Reading, viewer: str) -> float:
        """Japan's chance as ``viewer`` reads it: the enemy's threats at their odds
        (``Weights.threat_against``), its own below them (``Weights.threat``)."""
        points, resources = self.margins(reading, viewer)
        temperature = reading.temperature
        if reading.kind == "campaign":  # 16.1-16.4, roughly: Japan wins at Political Will 0
            # or unless the Allies strip it to one resource hex, so both tracks count
            return logistic(((8 - reading.will) / 2 + (resources - 4) / 3) / temperature)
        chance = logistic((points - MARGINS_FROM[0]) / temperature)
        if reading.kind == "1942":  # fewer than 11 resource hexes loses at once (17.27)
            chance *= logistic((resources - MARGINS_FROM[1]) / temperature)
        return chance

    def margins(self, reading: Reading, viewer: str) -> tuple[float, float]:
        """Japan's points and resource hexes as ``viewer`` reads them: held, with the threats
        both sides pose weighed (``japan_chance``) and the balance of forces."""
        w = self.weights
        japan, allied = (
            reading.threats[side].read(w.threat if side == viewer else w.threat_against)
            for side in SIDES
        )
        return (
            reading.points + japan[1] - allied[1] + reading.balance,
            reading.resources + japan[0] - allied[0] + reading.balance,
        )

    def will_to_lose(self, g: Context, found: Forces) -> float:
        """The US Political Will the coming Political phase is set to take away (16.4), which
        the schedule counts only once it has happened (a box less is a Japanese point more,
        T9-T11): a nation whose key hexes Japan holds
        surrenders (12.2-12.5, 16.41; part of it for part of the keys, to draw Japan on), the
        Allies short of their Progress of the War captures from turn 4 (16.47), no US carrier
        on the map (16.46)."""
        data = g.data
        control = data["control"]
        table = charts.political_will(g)
        lost = 0.0
        for nation in SURRENDERING:
            if nation.id in data["surrendered"] or nation.id in data["recaptured"]:
                continue
            held = sum(1 for h in nation.keys if control.get(h) == JAPAN) / len(nation.keys)
            will = table.surrender_lost[nation.id]
            lost += will * (1.0 if held == 1 else PARTIAL_SURRENDER * held * held)
        progress = data.get("progress")
        if data["turn"] >= table.progress_from_turn and progress:
            taken = sum(1 for h in progress["japanese"] if control.get(h) == "allied")
            if taken < progress["required"]:
                lost += 1 - taken / max(1, progress["required"])
        if not found.us_carrier:
            lost += 1
        return lost

    @staticmethod
    def status_to_come(g: Context) -> float:
        """Japanese points the coming National Status segment is set to add or take away, which
        the schedule counts only once it has happened: India to Unrest while Japan holds all of
        Northern India, back to Stable once it does not (12.62); the Burma Road closed with
        Lashio or the road beyond it Japanese, open again once both are Allied (12.76)."""
        data = g.data
        control, tracks = data["control"], data["tracks"]
        change = 0.0
        if "india" not in data["surrendered"]:
            held = all(control.get(h) == JAPAN for h in victory.NORTHERN_INDIA)
            if held and tracks["india"] == "stable":
                change += 1
            elif not held and tracks["india"] != "stable":
                change -= 1 if tracks["india"] == "unrest" else 2
        cut = any(control.get(h) == JAPAN for h in BURMA_ROAD)
        if cut and tracks["burma_road"] == "open":
            change += 1
        elif not cut and tracks["burma_road"] == "closed":
            change -= 1
        return change

    def forces(self, g: Context) -> Forces:
        """The units on the map, in one pass."""
        records = self.parts.units
        data = g.data
        reduced = data["reduced"]
        found = Forces(
            {s: 0.0 for s in SIDES},
            {s: {} for s in SIDES},
            {s: {} for s in SIDES},
            {s: {} for s in SIDES},
            {s: {} for s in SIDES},
        )
        supplied = supply.supply(g).unit
        doomed = stranding(g) | overstacking(g)
        for unit_id, where in data["units"].items():
            if not where[:1].isdigit() or unit_id in doomed:
                continue
            record = records[unit_id]
            kind = record.unit_class
            if kind == "hq":
                continue
            side = record.side
            attack = record.attack
            if record.reduced_attack is not None and unit_id in reduced:
                attack = record.reduced_attack
            if kind == "naval" and record.nationality == "us" and record.type in CARRIERS:
                found.us_carrier = True
            worth = 1.0 if supplied(unit_id) else self.weights.unsupplied
            found.strength[side] += (attack + record.defense) * worth
            defence = found.defence_at[side]
            defence[where] = defence.get(where, 0.0) + record.defense
            here = found.attack_at[side] if kind == "ground" else found.support_at[side]
            here[where] = here.get(where, 0.0) + attack * worth
            if kind == "ground" and record.amphibious:
                landing = found.landing_at[side]
                landing[where] = landing.get(where, 0.0) + attack * worth
        for side, lost in battle_losses(g).items():
            found.strength[side] -= lost
        return found

    def threats(self, g: Context, side: str, found: Forces) -> Threat:
        """What ``side``'s ground units threaten to take, (resource hexes, victory points): the
        objectives of ``odds`` at their odds, as far as the side can still act this turn
        (``time_to_act``), before the weight a reader gives the risks."""
        fought, risked = [0.0, 0.0], [0.0, 0.0]
        for objective, battle, risk in self.odds(g, side, found):
            objective.add_to(fought, battle)
            objective.add_to(risked, risk)
        time_left = self.time_to_act(g, side)
        return Threat(
            (time_left * fought[0], time_left * fought[1]),
            (time_left * risked[0], time_left * risked[1]),
        )

    def odds(self, g: Context, side: str, found: Forces) -> list[tuple[Objective, float, float]]:
        """Each objective held by the enemy that ``side``'s ground units threaten, with the odds
        of it falling: in the battle for it under way, and otherwise (see DEFENCE_FLOOR and
        OPEN_FLOOR: a garrison makes the attacker fight for it).
        Ground units already in an enemy-held objective (an amphibious landing, or a battle to
        come) take it in this offensive unless beaten (7.45, 12.1): the odds of the battle there
        (``battle_odds``).
        A stack threatens one objective only, the one it draws nearest to by worth and distance:
        it can take one hex at a time, so a stack between three objectives is no triple threat."""
        control = g.data["control"]
        worth = self.worth(g, side)
        reach = [0.0] * len(self.objectives)
        for hex_id, attack in found.attack_at[side].items():
            best, most, near = -1, 0.0, 0.0
            for index, nearness in self.near.get(hex_id, ()):
                objective = self.objectives[index]
                pull = worth[index] * nearness
                if pull > most and control.get(objective.hex_id) != side:
                    best, most, near = index, pull, nearness
            if best >= 0:
                reach[best] += attack * near
        defence_at = found.defence_at[enemy(side)]
        garrisons = found.attack_at[enemy(side)]
        landed = found.attack_at[side]
        covered = self.support(found, side, reach)
        from_afar = self.landings(g, found, side, garrisons, reach)
        threatened: list[tuple[Objective, float, float]] = []
        for index, (objective, strength) in enumerate(zip(self.objectives, reach, strict=True)):
            battle, risk = 0.0, from_afar.get(index, 0.0)
            if strength > 0 and control.get(objective.hex_id) != side:
                if landed.get(objective.hex_id, 0.0) > 0:  # fighting for it: it falls or not now
                    battle = battle_odds.take_chance(g, objective.hex_id, side)
                else:
                    defence = defence_at.get(objective.hex_id, 0.0)
                    floor = DEFENCE_FLOOR if objective.hex_id in garrisons else OPEN_FLOOR
                    backed = strength + min(strength, SUPPORT_SHARE * covered.get(index, 0.0))
                    risk += backed / (backed + defence + floor)
            if battle or risk:
                threatened.append((objective, battle, risk))
        return threatened

    def landings(
        self, g: Context, found: Forces, side: str, garrisons: dict[str, float], reach: list[float]
    ) -> dict[int, float]:
        """The chance of each coastal objective of the enemy's left open (no ground unit of its
        own in it, 12.1) falling to a landing from beyond THREAT_RADIUS: the strongest of
        ``side``'s amphibious stacks within LANDING_RADIUS (7.45), fading by LANDING_FADE a hex, at
        LANDING_SHARE of a threat from nearby. Objectives a ground stack already threatens
        from nearby (``reach``) are left to ``threats``. No assault enters an un-neutralised
        enemy ZOI (7.45 B): the holder's air units and carriers within 2 hexes (7.35) guard an
        objective as a garrison would."""
        strength: dict[int, float] = {}
        for hex_id, attack in found.landing_at[side].items():
            for index, fade in self.ashore.get(hex_id, ()):
                strength[index] = max(strength.get(index, 0.0), attack * fade)
        if not strength:
            return {}
        control, zoi = g.data["control"], supply.supply(g).zoi
        defence_at = found.defence_at[enemy(side)]
        share = LANDING_SHARE
        chances: dict[int, float] = {}
        for index, most in strength.items():
            target = self.objectives[index].hex_id
            if reach[index] > 0 or control.get(target) == side or target in garrisons:
                continue
            if zoi.blocks(target, side):
                continue
            defence = defence_at.get(target, 0.0)
            chances[index] = share * most / (most + defence + OPEN_FLOOR)
        return chances

    def support(self, found: Forces, side: str, reach: list[float]) -> dict[int, float]:
        """``side``'s air and naval attack near each objective its ground units threaten
        (``reach``), fading by NEARNESS a hex within SUPPORT_RADIUS (see SUPPORT_SHARE)."""
        covered: dict[int, float] = {}
        within = NEARNESS**SUPPORT_RADIUS
        for hex_id, attack in found.support_at[side].items():
            for index, nearness in self.near.get(hex_id, ()):
                if reach[index] > 0 and nearness >= within:
                    covered[index] = covered.get(index, 0.0) + attack * nearness
        return covered

    def worth(self, g: Context, side: str) -> tuple[float, ...]:
        """What each objective is worth to ``side`` now, nothing where it holds it already: its
        weight, but for Japan in 1942 a resource hex more counts only SATED once it holds the
        11 the scenario asks for and SPARE_RESOURCES more (17.27)."""
        control = g.data["control"]
        kind = g.data["victory"]
        key = (side, kind, tuple(control.get(o.hex_id) for o in self.objectives))
        found = self._worth.get(key)
        if found is not None:
            return found
        resource = 1.0
        if side == JAPAN and kind == "1942":
            held = sum(1 for h in self.resources if control.get(h) == JAPAN)
            if held >= victory.MIN_1942_RESOURCES + SPARE_RESOURCES:
                resource = SATED
        road = ROAD_TO_INDIA if resource == SATED else {}
        found = tuple(
            0.0
            if control.get(o.hex_id) == side
            else (resource if o.resource else 0.0) + o.vp + road.get(o.hex_id, 0.0)
            for o in self.objectives
        )
        self._worth[key] = found
        if len(self._worth) > 256:
            self._worth.popitem(last=False)
        return found

    def march(self, g: Context, side: str, found: Forces) -> float:
        """How far ``side``'s ground stacks have come toward the objectives beyond their
        threats: each stack's attack times the pull of the objective it draws nearest to
        (worth, MARCH_FADE a hex, within MARCH_RADIUS), in the margin's units (see
        ``Weights.march``); air and naval stacks as well, at SUPPORT_MARCH of their attack. Like
        the threats, only as far as the side can still act (``time_to_act``): with no card left
        in the last turn a march leads nowhere."""
        worth = self.worth(g, side)
        total = 0.0
        stacks = (found.attack_at[side], 1.0), (found.support_at[side], SUPPORT_MARCH)
        for at, share in stacks:
            for hex_id, attack in at.items():
                best = max((worth[i] * fade for i, fade in self.far.get(hex_id, ())), default=0.0)
                total += share * attack * best
        return self.weights.march * total * self.time_to_act(g, side)

    @staticmethod
    def time_to_act(g: Context, side: str) -> float:
        """How far a side's threats can still be carried out: fully while turns remain, else
        as its cards left this turn allow (an offensive needs a card, 6.1; three do)."""
        data = g.data
        if data["turn"] < data["last_turn"]:
            return 1.0
        own = data["cards"][side]
        cards = (
            len(own["hand"]) + (1 if own["future"] else 0) + (1 if data["pending"].get(side) else 0)
        )
        offensive = data.get("offensive")
        under_way = 1 if offensive and offensive["side"] == side else 0
        return min(1.0, (cards + under_way) / 3)

    def balance(self, g: Context, found: Forces) -> float:
        """Forces, cards and the march toward objectives, in objectives, for Japan."""
        japan, allied = found.strength["japan"], found.strength["allied"]
        forces_term = self.weights.forces * (japan - allied) / max(1.0, japan + allied)
        cards = self.hand_value(g, "japan") - self.hand_value(g, "allied")
        marching = self.march(g, "japan", found) - self.march(g, "allied", found)
        return forces_term + self.weights.cards * cards + marching

    @staticmethod
    def hand_value(g: Context, side: str) -> float:
        """Cards in hand and the Future Offensive card at CARD_WORTH operations points each,
        and a point per pass. By their number, not what they are: the bot sees only the
        number of the opponent's, and a sampled hand's worth would differ from one sampled
        world to the next more than the positions a search compares. A card played for an
        offensive still counts until the offensive is over: what it does shows on the map only
        then, and a search that saw its worth vanish the moment it was played would rather
        discard it or set it aside. So does the first reaction event played against the other
        side's offensive (an intelligence card, 5.3; see REACTIONS_IN_PLAY): it changes the
        battles to come, and a search that saw the card lost before them would decline every
        reaction (in a lost game, Japan declined all but one). A discarded card is gone at once.
        Before the turn's deal (``deal_ahead``), the cards and passes it will bring count. A
        card set aside as the Future Offensive in the scenario's last turn counts for nothing:
        it may be played only from the next turn on (6.29), and Japan set one aside so in the
        last turn of a lost game, where it counted as a card in hand."""
        data = g.data
        own = data["cards"][side]
        future = own["future"]
        if future and own["future_turn"] >= data["turn"] >= data["last_turn"]:
            future = None  # set aside in the last turn: it would be played after the end (6.29)
        held = len(in_play(g, side) | {future} - {None})
        passes: int = data["passes"][side]
        if deal_ahead(g):
            coming, passes = DEALS[side](g)
            held += coming
        return CARD_WORTH * held + passes

    def temperature(self, g: Context) -> float:
        """How uncertain the outcome still is, from the turns left and the cards still to play
        this turn (FULL_HANDS of both sides' count as a whole turn). A card counts until what it
        does is done (``in_play``): were the outcome surer the moment a card is played, the
        side behind would rather hold its cards, the side ahead play any."""
        w = self.weights
        return w.temperature_end + (w.temperature_start - w.temperature_end) * time_left(g)

    # -- move ordering ------------------------------------------------------------------------
    def pull(self, g: Context, side: str) -> Callable[[str], float]:
        """How strongly a hex draws ``side``'s units: every objective the enemy holds, by its
        worth (``worth``), fading with distance (NEARNESS per hex), and the one it marches
        toward (see ``march``): a unit far from a cluster of small objectives but on the road
        to a rich one is not left behind."""
        found = self.by_hex(self._pulls, g, side)
        worth = self.worth(g, side)
        targets = [(o, w) for o, w in zip(self.objectives, worth, strict=True) if w > 0]
        distance = self.parts.board.distance

        def value(hex_id: str) -> float:
            known = found.get(hex_id)
            if known is None:
                if not hex_id[:1].isdigit() or hex_id not in self.parts.board.hexes:
                    return 0.0
                near = sum(w * NEARNESS ** distance(hex_id, o.hex_id) for o, w in targets)
                far = max((worth[i] * fade for i, fade in self.far.get(hex_id, ())), default=0)
                known = found[hex_id] = near + far
            return known

        return value

    def by_hex(
        self, tables: OrderedDict[PullKey, dict[str, float]], g: Context, side: str
    ) -> dict[str, float]:
        """The values by hex remembered in ``tables`` for ``side`` under the position's control
        of the objectives (the last 64 kept), a new empty one if there are none yet."""
        control = g.data["control"]
        key = (side, g.data["victory"], tuple(control.get(o.hex_id) for o in self.objectives))
        found = tables.get(key)
        if found is None:
            found = tables[key] = {}
            if len(tables) > 64:
                tables.popitem(last=False)
        return found

    def reach(self, g: Context, side: str) -> Callable[[str, int], float]:
        """About the strongest pull (see ``pull``) a unit could reach from a hex in ``radius``
        hexes, what it could be doing after a move (see RESERVE_SHARE): the best of the
        objectives, each by its worth as if the unit stood ``radius`` hexes nearer to it. One
        objective at a time where ``pull`` adds them up: a bound quick enough for every unit
        of every ordering."""
        found = self.by_hex(self._reaches, g, side)
        worth = self.worth(g, side)
        targets = [(o.hex_id, w) for o, w in zip(self.objectives, worth, strict=True) if w > 0]
        board = self.parts.board

        def value(hex_id: str, radius: int) -> float:
            key = f"{hex_id}/{radius}"
            known = found.get(key)
            if known is None:
                if hex_id not in board.hexes:
                    return 0.0
                best = 0.0
                for target, w in targets:
                    apart = max(0, board.distance(hex_id, target) - radius)
                    far = MARCH_FADE**apart if apart <= MARCH_RADIUS else 0.0
                    best = max(best, w * (NEARNESS**apart + far))
                known = found[key] = best
            return known

        return value

    def order(self, g: Context, side: str, actions: list[Action]) -> list[Action]:
        """The actions best first (a stable sort on ``score``), without those that only go back
        or sideways where anything else is offered: "cancel" returns to the decision before
        (a search would walk in circles), "via" picks a waypoint of a path (a search has better
        uses for its time than paths; a stack not worth moving is simply not picked); nor those
        that throw units away after the battles (:func:`wasteful`), nor declining a free
        intelligence roll (:func:`dominated`)."""
        wasted = wasteful(g) | dominated(actions)
        kept = [a for a in actions if a.verb not in UNSEARCHED and a.text not in wasted]
        actions = kept or actions
        pull = self.pull(g, side)
        guard = self.guard(g, side)
        reach = self.reach(g, side)
        scores = [self.score(g, side, action, pull, guard, reach=reach) for action in actions]
        ranked = sorted(range(len(actions)), key=lambda n: -scores[n])
        return [actions[n] for n in ranked]

    def guard(self, g: Context, side: str) -> Callable[[str], float]:
        """How strongly a hex draws ``side``'s units to defend: each objective it holds open
        (no ground unit of its own in it) with enemy ground units within THREAT_RADIUS, by its
        worth, fading by NEARNESS a hex. The pull of the enemy's objectives alone would march
        every unit away from the ones just taken (see OPEN_FLOOR)."""
        records = self.parts.units
        ground: dict[str, set[str]] = {s: set() for s in SIDES}
        for unit_id, where in g.data["units"].items():
            record = records[unit_id]
            if record.unit_class == "ground" and where[:1].isdigit():
                ground[record.side].add(where)
        control, board = g.data["control"], self.parts.board
        hostile = ground[enemy(side)]
        exposed = [
            o
            for o in self.objectives
            if control.get(o.hex_id) == side
            and o.hex_id not in ground[side]
            and any(h in hostile for h in board.within(o.hex_id, THREAT_RADIUS))
        ]

        def value(hex_id: str) -> float:
            if not exposed or hex_id not in board.hexes:
                return 0.0
            return sum(o.weight * NEARNESS ** board.distance(hex_id, o.hex_id) for o in exposed)

        return value

    def score(
        self,
        g: Context,
        side: str,
        action: Action,
        pull: Callable[[str], float],
        guard: Callable[[str], float],
        *,
        reach: Callable[[str, int], float] | None = None,
    ) -> float:
        verb, _, arg = action.text.partition(" ")
        fixed = VERB_SCORES.get(verb)
        if fixed is not None:
            return fixed
        if verb == "card":
            card = self.parts.cards[arg]
            return card.oc + (2 if card.lv else 0)
        if verb == "hq" and g.data.get("offensive"):
            return self.hq_score(
                g, side, arg, lambda u: self.unit_score(g, u, pull, guard, reach=reach)
            )
        if verb in ("unit", "hq"):
            return self.unit_score(g, arg, pull, guard, reach=reach)
        if verb in MOVES:
            target = arg.split(" ")[0]
            taken = 3 * pull(target) if g.data["control"].get(target) not in (side, None) else 0
            return pull(target) + taken + 2 * guard(target)
        if verb == "hit" and arg in self.parts.units:  # the weakest unit takes the hit first
            return -forces.attack(g, arg)
        return 0.0

    @staticmethod
    def hq_score(g: Context, side: str, hq_id: str, unit_score: Callable[[str], float]) -> float:
        """An HQ to activate with, for an offensive or a reaction to one: what it may activate
        (5.12, 5.13, 6.26), its best candidates as many as its activations allow, each by
        ``unit_score``. Where the HQ itself stands says little: an HQ far from any objective
        may command the strongest stacks within reach of one, or the reserves that only it
        can move (in lost games Japan's Combined Fleet HQ was never chosen, and the carriers
        and armies it commands never left the Home Islands)."""
        offensive = g.data["offensive"]
        reacting = offensive["side"] != side
        if reacting:
            on_map = forces.units_on_map(g, side)
            supplied = supply.supply(g).unit
            found = offensives.reaction_candidates(g, hq_id, [u for u in on_map if supplied(u)])
        else:
            found = offensives.activation_candidates(g, hq_id)
        count = offensives.activations(g, hq_id, reaction=reacting)
        scores = sorted(map(unit_score, found), reverse=True)
        return 1.0 + sum(scores[: max(0, count)])

    def unit_score(
        self,
        g: Context,
        unit_id: str,
        pull: Callable[[str], float],
        guard: Callable[[str], float],
        *,
        reach: Callable[[str, int], float] | None = None,
    ) -> float:
        """A unit to activate or move, or an HQ to activate with: the pull of where it is, more
        for ground units (only they take hexes, 12.1) and for strong ones; ground units near an
        objective of their side's left open (``guard``) as well, which only they can hold. A
        unit far from every objective counts by the pull within its reach (``reach``,
        RESERVE_SHARE): the reserves must come forward."""
        record = self.parts.units.get(unit_id)
        if record is None:
            return 0.0
        where = g.data["units"].get(unit_id, "")
        if record.unit_class == "hq":
            return 1.0 + pull(where) + guard(where)
        power = 1.0 + forces.attack(g, unit_id) / 10
        kind = record.unit_class
        near = pull(where) + (guard(where) if kind == "ground" else 0.0)
        if reach is not None:
            near = max(near, RESERVE_SHARE * reach(where, RESERVE_REACH.get(kind, 0)))
        if kind == "naval" and record.type in CARRIERS:
            kind = "carrier"
        return CLASS_PULL.get(kind, 1.0) * power * (0.1 + near)

    # -- the bot's remark -------------------------------------------------------------------------
    def explain(self, g: Context, side: str, line: Sequence[tuple[str, str]]) -> Event | None:
        """Why a card is played as it is, once its use is chosen: an event chosen over the
        card's operations, or an offensive with the objective its expected moves approach most.
        It names the card and its use, which the play itself reveals (5.1), and nothing of
        the rest of the hand."""
        verb = line[0][1].partition(" ")[0]
        card = g.data["pending"].get(side)
        if card is None:
            return None
        if verb == "event" and not events.must_be_event(g, side, card):
            return Event("log.remark_event", {"side": side, "card": card})
        aim = self.aim(g, side, [text for who, text in line[1:] if who == side])
        if verb != "offensive" or aim is None:
            return None
        return Event("log.remark_toward", {"side": side, "card": card, "hex": aim})

    def aim(self, g: Context, side: str, moves: list[str]) -> str | None:
        """The objective not held by ``side`` that the destinations among ``moves`` approach
        most (its weight, fading by NEARNESS a hex, within THREAT_RADIUS), or None."""
        control = g.data["control"]
        targets = [o for o in self.objectives if control.get(o.hex_id) != side]
        board = self.parts.board
        best: tuple[float, str] | None = None
        for text in moves:
            verb, _, arg = text.partition(" ")
            where = arg.split(" ")[0]
            if verb not in MOVES or where not in board.hexes:
                continue
            for o in targets:
                apart = board.distance(where, o.hex_id)
                if apart <= THREAT_RADIUS:
                    found = (o.weight * NEARNESS**apart, o.hex_id)
                    best = found if best is None or found > best else best
        return None if best is None else best[1]


RESERVE_REACH: Final = {"ground": 10, "air": 10, "naval": 14}
"""How far a unit could go in an offensive or two, for the move ordering: a ground unit by
strategic transport (7.6), an air unit in legs from airfield to airfield (7.31, 7.33), a naval
unit a card's movement points, double from a port (7.23)."""
RESERVE_SHARE: Final = 0.5
"""What the best pull within RESERVE_REACH counts for a unit, against the pull of where it is: a
unit already at an objective is worth more than one that could get there. Without it a unit in the
Home Islands scored 20 to 40 times less than one at the front, and in lost games the Combined
Fleet's HQ activated only front units: the three carriers and two armies in Tokyo never left."""
UNSEARCHED: Final = frozenset({"cancel", "via"})
MOVES: Final = frozenset({"hex", "strategic", "assault", "barge", "place", "try"})
CLASS_PULL: Final = {"ground": 1.0, "carrier": 1.0, "air": 0.7, "naval": 0.6}
"""How much a unit's class counts in the move ordering: ground units take hexes (12.1); a carrier
flies air strikes, projects a ZOI (7.35) and moves as far as a fleet, the strongest support of a
landing (at the naval units' 0.6 the Home Islands' carriers were never activated)."""
VERB_SCORES: Final = {
    # A military event is an offensive with many activations and battles; operations next.
    "event": 3.0,
    "offensive": 3.0,
    "china": 2.5,
    "oc": 2.0,
    "future": 0.5,
    "pass": 0.2,
    "discard": -1.0,
    # Reacting beats letting an offensive go unopposed; a roll may turn Surprise into Intercept.
    "react": 1.5,
    "roll": 2.0,
    "decline": 0.0,
    # Battles where the offensive put units first; ending a list last but one.
    "battle": 1.0,
    "done": -0.5,
    "stay": -0.5,
    "none": -1.0,
    "box": -1.0,
    "cancel": -2.0,  # when it is all there is
    "withdraw-air": -1.5,
    "withdraw-hq": -1.5,
    "delay": -1.0,
}


def in_play(g: Context, side: str) -> set[str]:
    """``side``'s cards still to do what they do this turn: its hand, a card picked and not yet
    used, the card of its offensive under way and the first reaction event it played against
    the other side's (5.3, 6.25): what a played card does shows on the map only once its
    offensive is over."""
    data = g.data
    held = {*data["cards"][side]["hand"]}
    pending = data["pending"].get(side)
    if pending:
        held.add(pending)
    offensive = data.get("offensive")
    if offensive and offensive["side"] == side:
        held.add(offensive["card"])
    elif offensive:  # the first only: see REACTIONS_IN_PLAY
        held.update(offensive.get("reactions", ())[:REACTIONS_IN_PLAY])
    return held


def wasteful(g: Context) -> frozenset[str]:
    """After the battles, the actions that leave an air or naval unit where the offensive's end
    eliminates it (7.21, 7.31) while another action is offered: "stay" for such a unit, and
    "done" while one is left to move. The evaluation cannot see the loss coming: until the
    offensive ends the unit stands on the map, and its zone of influence still keeps the side's
    units in supply, which scored a carrier kept at sea above one sent home (`greedy` against
    `greedy`: Japan lost 29 carriers so in 8 games, each with a port in reach; seed 1, Shokaku
    at Bangka, 0.0234 against 0.0231)."""
    stack = g.state.stack
    frame = stack[-1] if stack else None
    if frame is None or frame.name != "post_battle":
        return frozenset()
    if frame.step == "destination" and left_to_lose(g, [frame["unit"]]):
        return frozenset({"stay"})
    if frame.step == "choose" and left_to_lose(g, may_move_after_battle(g, frame["mover"])):
        return frozenset({"done"})
    return frozenset()


def dominated(actions: list[Action]) -> frozenset[str]:
    """The reaction player's "decline" where it may roll for intelligence instead: a roll can only
    turn Surprise into Intercept (6.25 C), under which the reaction player may make a
    reaction move (6.26) and fires with the offensive player rather than after it (8.2); a
    failed roll leaves Surprise, as declining does, and the reaction cards other than
    intelligence ones stay open. The search valued the two alike in most worlds (what an
    Intercept buys shows only in the moves and battles after it) and declined by its noise:
    in the recorded games of its last trial, 19 of the 67 decisions with a roll offered in six
    games as Japan against `greedy`, 9 of 19 in two as the Allies."""
    if any(a.text == "roll" for a in actions):
        return frozenset({"decline"})
    return frozenset()


def battle_losses(g: Context) -> dict[str, float]:
    """What each side is set to lose in the air-naval stages of the offensive's battles still to
    come (``battle_odds.air_naval_losses``), in the strength ``Strategy.forces`` counts. Until a
    battle is fought its losses showed nowhere, and an air strike on stronger enemy flyers cost
    nothing the evaluation saw: in 8 games of the search bot as Japan against ``greedy``,
    Japan struck 68 times with less air and naval attack than the Allies had there, and won the
    stage in none."""
    offensive = g.data.get("offensive")
    if not offensive or "post_moved" in offensive:
        return {}
    declared = offensive.get("battles") or offensives.contested_hexes(g, offensive["side"])
    fought = offensive.get("fought", [])
    lost = dict.fromkeys(SIDES, 0.0)
    for hex_id in declared:
        if hex_id in fought:
            continue
        for side, value in battle_odds.air_naval_losses(g, hex_id).items():
            lost[side] += value
    return lost


def stranding(g: Context) -> set[str]:
    """The air and naval units of the offensive and its reaction that its end is set to
    eliminate, once its battles are over: ships away from a friendly port, aircraft away from a
    friendly airfield (7.21, 7.31). They still stand on the map until then, and a bot that
    counted them there kept its carriers at sea after the battles ("stay") and lost them: in a
    game of greedy against greedy (seed 1) Akagi and Shokaku so, in turn 2. A unit that can
    still move back counts as lost until it does, which draws it home."""
    offensive = g.data.get("offensive")
    if not offensive or "post_moved" not in offensive:  # the battles are not over yet
        return set()
    units = g.data["units"]
    return {
        unit_id
        for unit_id in activated_units(offensive)
        if lost_away_from_base(g, unit_id, units.get(unit_id, ""))
    }


def overstacking(g: Context) -> set[str]:
    """The units the stacking check at the end of the card play would take off the map (7.24,
    7.34, 7.48: back the turn after next if supplied, so out of most of a 1942 game): each
    overstacked hex's excess, the weakest first, aircraft before ground units as the owner
    must. Until the offensive's battles are over, a hex holding enemy units counts only the
    units that will still be there after them: its activated aircraft and ships may move on
    after the battle (8.6), its ground units and whatever was not activated may not. Without
    this term both bots moved units into full hexes: in 24 games of ``greedy`` against itself
    (1942, seeds 1 to 24) 185 of Japan's units and 113 of the Allies' were taken off so, most
    of them aircraft; with it, 32 and 31."""
    offensive = g.data.get("offensive")
    battles_to_come = bool(offensive) and "post_moved" not in offensive
    movable = frozenset(activated_units(offensive)) if battles_to_come else frozenset()
    lost: set[str] = set()
    for side in SIDES:
        for hex_id in stacking.overstacked(g, side):
            mine = forces.units_at(g, hex_id, side)
            if battles_to_come and len(mine) < len(forces.units_at(g, hex_id)):
                mine = [u for u in mine if u not in movable or forces.is_class(g, u, "ground")]
            lost.update(stacking_excess(g, mine))
    return lost


def stacking_excess(g: Context, unit_ids: list[str]) -> list[str]:
    """The weakest units whose removal brings ``unit_ids`` within the stacking limits, each
    among those the rules let the owner take off next (``stacking.removable_among``); one
    whose removal lowers the count first, since half of a normal and LRB pair taken off alone
    leaves the pair counting once (7.34)."""
    kept, taken = list(unit_ids), []
    while not stacking.within_limits(g, kept):
        cost = partial(removal_cost, g, kept, stacking.counts(g, kept))
        weakest = min(stacking.removable_among(g, kept), key=cost)
        kept.remove(weakest)
        taken.append(weakest)
    return taken


def removal_cost(
    g: Context, here: list[str], counted: tuple[int, int], unit_id: str
) -> tuple[bool, int, str]:
    """How little taking ``unit_id`` off of ``here`` (whose stacking counts are ``counted``)
    costs its owner: whether the count stays as it is (then it is not enough), then its
    strength."""
    unit = g.static.units[unit_id]
    rest = [u for u in here if u != unit_id]
    unchanged = stacking.counts(g, rest) == counted
    return unchanged, unit.attack + unit.defense, unit_id


REACTIONS_IN_PLAY: Final = 1
"""Reaction events against one offensive that count as in play until it is over: the first.
Counted all, they cost nothing until then, and Japan played three in one Allied offensive (a
lost game, seed 4); one sets its battles' condition (5.32 A: the best of them holds, they do
not add), and a second is mostly a card spent."""


FULL_HANDS: Final = 12
"""Cards in both hands that count as a whole turn still to play (7 and 5 in 1942, 17.2)."""
DEALS: Final = {"japan": japanese_deal, "allied": allied_deal}


def time_left(g: Context) -> float:
    """The share of the scenario still to play, from the turns left and the cards still to play
    this turn (see ``Strategy.temperature``)."""
    data = g.data
    first, last = data["first_turn"], data["last_turn"]
    in_hand = sum(len(in_play(g, side)) for side in SIDES)
    if deal_ahead(g):  # the turn's hands are still to come: all of the turn is left
        in_hand = FULL_HANDS
    left = (last - data["turn"] + min(1.0, in_hand / FULL_HANDS)) / max(1, last - first + 1)
    return min(1.0, left)


def deal_ahead(g: Context) -> bool:
    """Whether this turn's cards are still to be dealt (4.14): the Strategic phase of any turn
    but a scenario's first, which starts dealt (17.2-17.4). Until the deal both hands are
    nearly empty, and an evaluation that read them as they are would see the turn's cards,
    and with them its time left, appear at the deal: every action of the Strategic phase would
    look worse than ending it, and a search or the greedy bot would skip reinforcements and
    replacements (in a lost game, Japan never rebuilt an army from its China divisions) to
    reach the deal sooner. Counting the deal to come (T12) keeps the evaluation level across
    it."""
    data = g.data
    return bool(data.get("phase") == "strategic" and data["turn"] != data["first_turn"])


def logistic(x: float) -> float:
    if x < -40:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))
