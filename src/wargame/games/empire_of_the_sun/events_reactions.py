"""The reaction events (5.32), card by card: intelligence, Weather, counter-offensives, attacks
and personages.

No primary text of these cards reaches us (spec 7): each follows the effect the spec gives, and
where that comes only from a later edition's implementation the card's provenance (cards.yaml)
says ``reconstructed``. Where an attack card hits "one" unit of a kind, the card's player picks
which (:class:`PickTarget`), as the side inflicting hits allocates them in combat (8.2 F); the few
cards whose choice is still fixed by the program (J64, the kamikaze cards) say so.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from wargame.engine.action import Action
from wargame.engine.dice import D10_ZERO
from wargame.engine.procedure import Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import cards, events, forces
from wargame.games.empire_of_the_sun.events import effect
from wargame.games.empire_of_the_sun.forces import enemy, record
from wargame.games.empire_of_the_sun.reactions import cancel, set_condition
from wargame.games.empire_of_the_sun.registry import RULES

TOKYO = "3706"
KAMIKAZE_RANGE = 11
SINGAPORE = "2015"
INTERCEPT_CARDS = ("J4", "J13", "J49", "J69", "J70", "J84", "A8", "A59")
AMBUSH_CARDS = ("A12", "A26")
WEATHER_CARDS = ("J19", "J22", "J64")


def offensive(g: Context) -> dict[str, Any]:
    found: dict[str, Any] = g.data["offensive"]
    return found


# -- intelligence (5.32 A) ---------------------------------------------------------------------


def intercept(g: Context, side: str) -> None:
    set_condition(g, "intercept")


def ambush(g: Context, side: str) -> None:
    set_condition(g, "ambush")


for _card in INTERCEPT_CARDS:
    effect(_card, "react")(intercept)
for _card in AMBUSH_CARDS:
    effect(_card, "react")(ambush)


@effect("J13", "playable")
def jn25_alone(g: Context, side: str) -> bool:
    """J13 cannot be combined with another Japanese intelligence card."""
    return not any(
        cards.card(g, c).reaction == "intelligence" for c in offensive(g).get("reactions", [])
    )


def not_after_j13(g: Context, side: str) -> bool:
    """No other Japanese intelligence card once J13 was played: the two are never combined."""
    return "J13" not in offensive(g).get("reactions", [])


for _card in ("J4", "J49", "J69", "J70", "J84"):
    effect(_card, "playable")(not_after_j13)


@effect("A8", "playable")
def coast_watchers(g: Context, side: str) -> bool:
    """A8 Australian Coast Watchers: only against an offensive that activated Japanese air or
    naval units."""
    return any(not forces.is_class(g, u, "ground") for u in offensive(g)["activated"])


@effect("A12", "react")
def rochefort(g: Context, side: str) -> None:
    """A12 Commander Rochefort: Ambush, and every modified Allied air-naval roll of 9 or more is
    a critical hit (8.2 F6)."""
    set_condition(g, "ambush")
    offensive(g).setdefault("critical_modified", []).append("allied")


@effect("A26", "drm")
def army_codes(g: Context, stage: str, side: str, hex_id: str) -> int:
    """A26 US Army Breaks Japanese Army Codes: +4 to Allied ground combat rolls."""
    return 4 if stage == "ground" and side == "allied" else 0


# -- Weather (5.32 D) --------------------------------------------------------------------------


@RULES.implements("5.32")
def weather(g: Context, side: str) -> None:
    cancel(g)


for _card in WEATHER_CARDS:
    effect(_card, "react")(weather)


@effect("J64", "react")
def halseys_typhoon(g: Context, side: str) -> None:
    """J64: Weather, and one full-strength activated Allied CA or DD is reduced (the strongest;
    the card's choice is not known)."""
    ships = [
        u for u in offensive(g)["activated"]
        if record(g, u).type in ("CA", "DD") and forces.steps_left(g, u) == 2
    ]  # fmt: skip
    if ships:
        target = max(ships, key=lambda u: (forces.attack(g, u), u))
        forces.set_reduced(g, target, True)
        g.log("log.hit", unit=target, result="reduced")
    cancel(g)


# -- counter-offensives (5.32 C) ---------------------------------------------------------------


def counter_offensive(g: Context, side: str) -> None:
    """Intercept, and the reaction activates HQ efficiency + the card's LV (5.13)."""
    record_ = offensive(g)
    card = [c for c in record_["reactions"] if cards.card(g, c).reaction == "counter_offensive"]
    record_["counter"] = card[-1]
    set_condition(g, "intercept")


for _card in ("J17", "J45", "J46", "J65", "J85", "A5"):
    effect(_card, "react")(counter_offensive)


@effect("J65", "react")
def yamato_suicide_run(g: Context, side: str) -> None:
    """J65: LV = the offensive card's OC value + 1; no ground units; the Yamato loses a step
    after the battles."""
    offensive(g)["counter_lv"] = offensive(g)["oc"] + 1
    counter_offensive(g, side)


@effect("J65", "activation")
def yamato_no_ground(g: Context, unit_id: str, activated: list[str]) -> bool:
    return not forces.is_class(g, unit_id, "ground")


@effect("J65", "after_battles")
def yamato_loses_a_step(g: Context) -> None:
    lose_step(g, "jp-bb-yamato")


@effect("J85", "react")
def kolombangara(g: Context, side: str) -> None:
    """J85 Battle of Kolombangara: LV = the offensive card's OC value; naval units only."""
    offensive(g)["counter_lv"] = offensive(g)["oc"]
    counter_offensive(g, side)


@effect("J85", "activation")
def kolombangara_naval_only(g: Context, unit_id: str, activated: list[str]) -> bool:
    return forces.is_class(g, unit_id, "naval")


@effect("J17", "activation")
def savo_island(g: Context, unit_id: str, activated: list[str]) -> bool:
    """J17: no ground units or carriers, and units of a single class."""
    unit = record(g, unit_id)
    if unit.unit_class == "ground" or forces.is_carrier(g, unit_id):
        return False
    return all(record(g, u).unit_class == unit.unit_class for u in activated)


@effect("J17", "strength")
def savo_cruisers(g: Context, stage: str, side: str, hex_id: str) -> int:
    """J17: +2 to Japan's air-naval attack strength for each CA, CL or APD in the battle (the
    card's "+2 per" read as strength, like #47 and #83: a roll modifier of +2 per ship would
    outgrow the d10)."""
    if stage != "air_naval" or side != "japan":
        return 0
    return 2 * sum(
        1 for u in forces.units_at(g, hex_id, "japan") if record(g, u).type in ("CA", "CL", "APD")
    )


@effect("J46", "defense")
def a_go_penalty(g: Context, unit_id: str, hex_id: str) -> int:
    """J46 Operation A-Go: in the offensive's battles every Allied carrier (CV, CVL or CVE: the
    card names no type) defends at +2, the historical penalty of the counter-offensive."""
    return 2 if record(g, unit_id).side == "allied" and forces.is_carrier(g, unit_id) else 0


@effect("A5", "drm")
def matador(g: Context, stage: str, side: str, hex_id: str) -> int:
    """A5 Operation Matador: +2 to the Allied air-naval roll defending Singapore."""
    return 2 if stage == "air_naval" and side == "allied" and hex_id == SINGAPORE else 0


# -- attacks (5.32 B) --------------------------------------------------------------------------


def enemy_ships(g: Context, owner: str, *, activated: bool = True) -> list[str]:
    """The offensive player's ships the attack may hit: the activated ones, or (A78) those not
    activated that lie outside the Home Islands."""
    record_ = offensive(g)
    pool = record_["activated"] if activated else list(forces.units_on_map(g, enemy(owner)))
    if not activated:
        home = set(g.static.board.area("home_islands"))
        pool = [u for u in pool if u not in record_["activated"] and forces.at(g, u) not in home]
    return [u for u in pool if forces.is_class(g, u, "naval") and forces.on_map(forces.at(g, u))]


def lose_step(g: Context, unit_id: str) -> None:
    if not forces.on_map(forces.at(g, unit_id)):
        return
    if forces.steps_left(g, unit_id) == 2:
        forces.set_reduced(g, unit_id, True)
        g.log("log.hit", unit=unit_id, result="reduced")
    else:
        forces.move_to(g, unit_id, "eliminated")
        g.log("log.hit", unit=unit_id, result="eliminated")


def strongest(g: Context, units: list[str]) -> str | None:
    """The unit the program hits where a card's choice is still fixed (J64, kamikaze)."""
    return max(units, key=lambda u: (forces.attack(g, u), u)) if units else None


# what a picked target suffers, by card (default: a step per hit, :func:`lose_step`)
STRIKES: dict[str, Callable[[Context, str], None]] = {}


def strike(g: Context, card_id: str, unit_id: str, steps: int = 1) -> None:
    for _ in range(steps):
        STRIKES.get(card_id, lose_step)(g, unit_id)


@RULES.implements("5.31", "5.32", "8.2")
def pick_target(
    g: Context, side: str, card_id: str, targets: list[str], steps: int = 1, *, verb: str = "hit"
) -> None:
    """The card's player picks which of ``targets`` its effect strikes, as the side inflicting
    hits allocates them (8.2 F): with one target it is struck at once, with none nothing
    happens. The current frame resumes at its current step after the choice, so the caller sets
    its next step first."""
    targets = sorted(set(targets))
    if len(targets) == 1:
        strike(g, card_id, targets[0], steps)
    elif targets:
        g.call(
            "pick_target", then=g.frame.step, side=side, card=card_id,
            targets=targets, steps=steps, verb=verb,
        )  # fmt: skip


class PickTarget(Procedure):
    """A card's player picks the unit its effect strikes. Frame locals: ``side``, ``card``,
    ``targets`` (the eligible units), ``steps`` (hits on the one picked), ``verb``."""

    name = "pick_target"

    def start(self, g: Context, f: Frame) -> None:
        g.goto("pick")

    @decision
    def pick(self, g: Context, f: Frame) -> Decision:
        found = Decision()
        choices = found.side(f["side"], f"prompt.{f['verb']}_target", card=f["card"])
        for unit_id in f["targets"]:
            choices.add(Action.of(f["verb"], unit_id), self.picked, unit_id)
        return found

    def picked(self, g: Context, f: Frame, unit_id: str) -> None:
        strike(g, f["card"], unit_id, f["steps"])
        g.ret()


class Attacks(Procedure):
    """The offensive's event and the attack reactions act at their moment before or after the
    battles (5.31 D, 5.32 B), card by card, so that a card may ask its player for a target.
    Frame locals: ``timing`` (``before_battles`` or ``after_battles``)."""

    name = "attacks"

    def start(self, g: Context, f: Frame) -> None:
        record_ = offensive(g)
        own = [record_["card"]] if record_["mode"] == "ec" else []
        f["cards"], f["index"] = [*own, *record_.get("reactions", [])], 0
        g.goto("run")

    def run(self, g: Context, f: Frame) -> None:
        while f["index"] < len(f["cards"]):
            hook = events.hook(f["cards"][f["index"]], f["timing"])
            f["index"] += 1
            depth = len(g.state.stack)
            if hook is not None:
                hook(g)
            if len(g.state.stack) > depth:
                return  # a target is picked; the next card acts after that
        g.ret()


REACTION_PROCEDURES: tuple[Procedure, ...] = (PickTarget(), Attacks())


def submarine(
    card_id: str, owner: str, one: int, two: int = -1, *, activated: bool = True
) -> Callable[[Context], None]:
    """A submarine attack: a d10 at or below ``one`` costs a ship a step, at or below ``two``
    (and above ``one``) two steps; the attacker picks the ship (8.2 F)."""

    def attack(g: Context) -> None:
        roll = g.roll(D10_ZERO, owner, "submarine_attack")
        if roll <= max(one, two):
            steps = 1 if roll <= one else 2
            pick_target(g, owner, card_id, enemy_ships(g, owner, activated=activated), steps)

    return attack


def no_effect(g: Context, side: str) -> None:
    """An attack card's effect comes at its moment before or after the battles."""


for _card, _timing, _attack in (
    ("J24", "after_battles", submarine("J24", "japan", 4)),
    ("J36", "before_battles", submarine("J36", "japan", 4)),
    ("J75", "before_battles", submarine("J75", "japan", 4)),
    ("J86", "after_battles", submarine("J86", "japan", 7)),
    ("A61", "before_battles", submarine("A61", "allied", 4, 7)),
    ("A68", "after_battles", submarine("A68", "allied", 7)),
    ("A78", "after_battles", submarine("A78", "allied", 7, activated=False)),
):
    effect(_card, "react")(no_effect)
    effect(_card, _timing)(_attack)


@effect("J27", "react")
def j27_submarine(g: Context, side: str) -> None:
    """J27 (v2 errata: a roll of 5 has no effect) comes after the battles."""


@effect("J27", "after_battles")
def j27_attack(g: Context) -> None:
    roll = g.roll(D10_ZERO, "japan", "submarine_attack")
    if roll != 5 and roll <= 7:
        pick_target(g, "japan", "J27", enemy_ships(g, "japan"), 1 if roll <= 4 else 2)


def kamikaze(g: Context) -> None:
    """In a battle within 11 hexes of Tokyo with activated Allied ships, a Japanese air unit in
    range gives up a step to inflict two steps on those ships (the strongest ship first)."""
    board = g.static.board
    for hex_id in offensive(g)["battles"]:
        if board.distance(hex_id, TOKYO) > KAMIKAZE_RANGE:
            continue
        ships = [u for u in enemy_ships(g, "japan") if forces.at(g, u) == hex_id]
        pilots = [
            u for u in forces.units_on_map(g, "japan")
            if forces.is_class(g, u, "air")
            and board.distance(forces.at(g, u), hex_id) <= (record(g, u).range or 0)
        ]  # fmt: skip
        if ships and pilots:
            lose_step(g, strongest(g, pilots) or pilots[0])
            for _ in range(2):
                target = strongest(g, [u for u in ships if forces.on_map(forces.at(g, u))])
                if target:
                    lose_step(g, target)
            return


for _card in ("J61", "J62", "J63", "J66", "J81"):
    effect(_card, "react")(no_effect)
    effect(_card, "before_battles")(kamikaze)


@effect("A24", "react")
def skip_bombing(g: Context, side: str) -> None:
    """A24: a Japanese CA, CL or APD that moved within range of a US non-LRB air unit takes a
    hit (the Allies pick which, 8.2 F), and Japan loses 1 ASP."""
    board = g.static.board
    fliers = [
        u for u in forces.units_on_map(g, "allied")
        if record(g, u).type == "air" and record(g, u).nationality == "us"
    ]  # fmt: skip
    moved = [
        u for u in offensive(g)["moved"]
        if record(g, u).type in ("CA", "CL", "APD")
        and any(board.distance(forces.at(g, u), forces.at(g, a)) <= (record(g, a).range or 0)
                for a in fliers)
    ]  # fmt: skip
    tracks = g.data["tracks"]
    tracks["japanese_asp"] = max(1, tracks["japanese_asp"] - 1)
    pick_target(g, side, "A24", moved)


# -- personages (5.32 E) -----------------------------------------------------------------------


@effect("J21", "playable")
def gandhi_against_seac(g: Context, side: str) -> bool:
    return offensive(g).get("hq") == "cw-hq-seac"


@effect("J21", "react")
def gandhi(g: Context, side: str) -> None:
    """J21 Mahatma Gandhi: against an offensive using the SEAC HQ, one full-strength Indian corps
    is reduced; Japan picks which (8.2 F)."""
    corps = [
        u for u in forces.units_on_map(g, "allied")
        if record(g, u).nationality == "indian" and record(g, u).type == "corps"
        and forces.steps_left(g, u) == 2
    ]  # fmt: skip
    pick_target(g, side, "J21", corps)


@effect("A22", "playable")
def wingate_target(g: Context, side: str) -> bool:
    return bool(wingate_moves(g))


def wingate_moves(g: Context) -> list[str]:
    board = g.static.board
    return [
        u for u, move in offensive(g)["moved"].items()
        if forces.is_class(g, u, "ground")
        and board.in_any_area(forces.at(g, u), ("burma", "india_north"))
    ]  # fmt: skip


@effect("A22", "react")
def wingate(g: Context, side: str) -> None:
    """A22 Orde Wingate: one Japanese ground move ending in Burma or Northern India is undone
    (the Allies pick which), and the 77th Brigade arrives next turn."""
    if g.data["units"].get("cw-77-bde") == "event":
        forces.move_to(g, "cw-77-bde", f"turn:{g.data['turn'] + 1}")
    pick_target(g, side, "A22", wingate_moves(g), verb="return")


def undo_move(g: Context, unit_id: str) -> None:
    """A22: the unit goes back where its move began."""
    forces.move_to(g, unit_id, offensive(g)["moved"][unit_id]["from"])
    del offensive(g)["moved"][unit_id]


STRIKES["A22"] = undo_move
