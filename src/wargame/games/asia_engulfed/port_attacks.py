"""Port and airbase attacks (8.7), at the end of the air/naval combat phase: the phase player's
CBA on its carriers in a sea area free of enemy fleets, and its LBA in uncontested areas of its
side bordering the sea area, strike an enemy area bordering it, one round: its port (the fleets
in it, or the facilities) or its airbase (the LBA there). Each air unit strikes once a turn.

What it keeps: ``port_damage`` (the damage on each port, 3 at most, 8.7, 8.71).

Decisions
---------
* **After the naval battles** (provisional order): the attacks come once every sea area with
  fleets of both sides is settled, not between battles; a sea area still holding enemy fleets
  offers none (8.7), so the order changes nothing the rule forbids.
* **The target is chosen with the attack**: the fleets in port, or the facilities (8.7 4).
  Against the fleets every attack aircraft strikes a fleet (by 8.42 f's priorities, +1 in
  port); against the facilities each 6 is a point of damage.
* **Each air unit flies attack, escort or stays home**, set before the strike (8.7 1); units
  that stay may strike another area. The defender's air units there (its LBA, the CBA of its
  carriers in the port) all fly CAP. In an airbase attack attack aircraft are escorts.
* **Damage** on fleets in port is resolved at once (8.6); the defender's CBA its carriers can no
  longer carry go to the orphan box.

What a damaged port forbids is in :mod:`shipping` (8.71), its repair in :mod:`production`
(8.71-8.73).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Final

from wargame.engine.action import Action
from wargame.engine.log import Side
from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.engine.tables import DiceGroup
from wargame.games.asia_engulfed import combat_fog, surprise
from wargame.games.asia_engulfed.air_commitment import (
    close_commitment,
    commit_decision,
    on_mission,
    open_commitment,
)
from wargame.games.asia_engulfed.air_strikes import (
    air_attack,
    air_to_air,
    anti_aircraft,
    land_air_attacks,
)
from wargame.games.asia_engulfed.board import area_map, coasts_of
from wargame.games.asia_engulfed.charts import tables
from wargame.games.asia_engulfed.control import area, enemy, lba_here
from wargame.games.asia_engulfed.fleet_hits import roll_air
from wargame.games.asia_engulfed.registry import RULES
from wargame.games.asia_engulfed.sea_forces import (
    carrier_air,
    fit_carrier_air,
    fleets_in,
    joining_lba,
)
from wargame.games.asia_engulfed.submarines import resolve_damage

PORT_MISSIONS: Final = ("attack", "escort", "stay")
AIRBASE_MISSIONS: Final = ("escort", "stay")
TARGETS: Final = ("fleets", "facilities", "airbase")


def strikers(
    data: Mapping[str, Any], side: Side, sea: str, used: list[str], *, surprise_attack: bool = False
) -> list[str]:
    """``side``'s air units that may strike from ``sea``: CBA on its carriers there, LBA of
    uncontested areas of its side bordering it, none that struck this turn (the surprise attack
    on Hawaii, 9.11 j: its carriers' CBA, whatever enemy fleets are at sea)."""
    if surprise_attack:
        return sorted(c for c in carrier_air(data, side, sea) if c not in used)
    if fleets_in(data, enemy(side), sea):
        return []
    found = [*carrier_air(data, side, sea), *joining_lba(data, side, sea)]
    return sorted(c for c in found if c not in used)


@RULES.implements("8.7")
def targets(
    data: Mapping[str, Any], side: Side, used: list[str], *, ignore_fleets_at_sea: bool = False
) -> Iterator[tuple[str, str, str]]:
    """Each (area, sea area, target) ``side`` may strike: an enemy area bordering a sea area
    it has strikers for; its port's fleets or facilities, its airbase if enemy LBA are there."""
    other = enemy(side)
    for sea in sorted(k for k, a in area_map().areas.items() if a.is_sea):
        if not strikers(data, side, sea, used, surprise_attack=ignore_fleets_at_sea):
            continue
        for where in sorted(coasts_of(sea)):
            if data["control"].get(where) != other:
                continue
            if area(where).has_port:
                if fleets_in(data, other, where):
                    yield where, sea, "fleets"
                yield where, sea, "facilities"
            if lba_here(data, other, where):
                yield where, sea, "airbase"


def defenders(data: Mapping[str, Any], side: Side, where: str) -> list[str]:
    """``side``'s air units defending ``where``: its LBA there and its carriers' CBA in port."""
    return sorted([*lba_here(data, side, where), *carrier_air(data, side, where)])


class PortAttacks(Procedure):
    """The phase player's port and airbase attacks (8.7), one target area at a time."""

    name = "port_attacks"

    def start(self, g: Context, f: Frame) -> None:
        f.locals["used"] = []
        g.goto("choose")

    @decision
    def choose(self, g: Context, f: Frame) -> Choices:
        side = f.locals["side"]
        choices = Decision.single(side, "prompt.port_attack")
        pearl_harbor = f.locals.get("pearl_harbor")  # 9.11 j: Hawaii from its sea area only
        found = targets(g.data, side, f.locals["used"], ignore_fleets_at_sea=bool(pearl_harbor))
        for where, sea, target in found:
            if pearl_harbor and (where, sea) != (surprise.HAWAII, surprise.HAWAIIAN_ISLANDS):
                continue
            action = Action.of("strike", where, sea, target)
            choices.add(action, self.strike, where, sea, target)
        choices.add("end", self.end)
        return choices

    def end(self, g: Context, f: Frame) -> None:
        g.ret()

    def strike(self, g: Context, f: Frame, where: str, sea: str, target: str) -> None:
        side = f.locals["side"]
        pearl_harbor = bool(f.locals.get("pearl_harbor"))
        flying = strikers(g.data, side, sea, f.locals["used"], surprise_attack=pearl_harbor)
        f.locals.update(area=where, sea=sea, target=target)
        first = "escort" if target == "airbase" else "attack"
        open_commitment(g, where, {side: flying, enemy(side): []}, first)
        flights = {side: flying, enemy(side): []}
        g.data["interception"] = {"sea": sea, "check": 0, "choices": {}, "flying": flights}
        g.data["interception"]["mission"] = first
        g.log("log.strike", side=side, area=where, sea=sea, target=target)
        g.goto("commit")

    @decision
    @RULES.implements("8.7")
    def commit(self, g: Context, f: Frame) -> Decision:
        cycle = AIRBASE_MISSIONS if f.locals["target"] == "airbase" else PORT_MISSIONS
        return commit_decision(g, cycle, "prompt.strike_missions", then="resolve")

    @RULES.implements("8.7", "8.42")
    def resolve(self, g: Context, f: Frame) -> None:
        """Air to air with the defender's CAP; then, with attack aircraft, the fleets in port
        revealed, AA with the port's dice, and the strikes."""
        side, where, target = f.locals["side"], f.locals["area"], f.locals["target"]
        other = enemy(side)
        cap = surprise.flying_cap(g.data, where, defenders(g.data, other, where))  # 9.11 j
        g.data["air_missions"][other] = dict.fromkeys(cap, "cap")
        flown = [c for m in ("attack", "escort") for c in on_mission(g.data, side, m)]
        f.locals["used"] = sorted([*f.locals["used"], *flown])
        for each in (side, other):
            for mission in ("attack", "escort", "cap"):
                units = on_mission(g.data, each, mission)
                if units:
                    g.log("log.air_missions", side=each, units=units, mission=mission)
        air_to_air(g, side, where)
        if on_mission(g.data, side, "attack"):
            self.attack(g, side, where, target)
        close_commitment(g)
        g.data["interception"] = None
        fit_carrier_air(g, where, to_orphans=True)
        surprise.round_fought(g.data, f.locals["sea"], where)  # 9.11 c, f
        g.goto("end" if f.locals.get("pearl_harbor") else "choose")

    def attack(self, g: Context, side: Side, where: str, target: str) -> None:
        charts = tables(g.state)
        combat_fog.reveal_battle(g, where, kind="fleet")
        anti_aircraft(g, side, where, charts.port_aa_dice(area(where).port or "small"))
        if target == "fleets":
            results = air_attack(g, side, where, charts.air_modifiers.fleet_in_port)
            land_air_attacks(g, where, results)
            resolve_damage(g, where)
        else:
            bomb_facilities(g, side, where)


@RULES.implements("8.7")
def bomb_facilities(g: Context, side: Side, where: str) -> None:
    """Each 6 of the attack aircraft is a point of port damage, 3 at most (8.7 4; elite +1)."""
    charts = tables(g.state)
    attackers = on_mission(g.data, side, "attack")
    groups = [
        DiceGroup(
            g.data["counters"][c]["steps"],
            (charts.air_modifiers.elite if g.data["counters"][c].get("elite") else 0)
            + surprise.air_bonus(g.data, c, charts),  # 9.11 c
        )
        for c in attackers
    ]
    hits, faces = roll_air(g, charts.dice.port_facilities, groups)
    before = g.data["port_damage"].get(where, 0)
    after = min(charts.ports.most_damage, before + hits)
    g.data["port_damage"] = {**g.data["port_damage"], where: after}
    g.log("log.port_damaged", side=side, area=where, rolls=faces, damage=after)


ALL: Final[tuple[Procedure, ...]] = (PortAttacks(),)
