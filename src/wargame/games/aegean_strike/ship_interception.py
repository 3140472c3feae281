"""Air-to-ship interception (seed 9.03 B, Strike / Interception): an Intercept-mode air unit
attacks an enemy ship that has moved, in the enemy's segment of the Movement Phase.

Decisions (provisional where the seed is silent)
- It is declared in the question that follows the enemy's naval moves of a segment (:mod:`naval`,
  15.02), against a ship that sailed in that segment; the moves are made by then, so the target
  "stops" where its move ended. The question is asked whenever a ship sailed, so that it tells
  the mover nothing of the other side's aircraft.
- The interceptor: an Intercept-mode air unit with a sortie left that has not flown in this
  action stage, at an operative base, with the target within its round trip (9.04) and seen by
  its side (14); its base and the target within the air detection range of one friendly
  detector, as for air-to-air interception (15.01; spec open question 11: the seed names a unit,
  and the designed detection rules let an airbase detect, so an airbase counts too).
- The attack that suits the target (9.03 B step 3): against a submarine the unit's underwater
  value (an ASW strike); against a surface ship its ASM value, or its bombing value where that is
  larger (an ASM or a bombing strike).
- One air unit a declaration (the seed's interceptor is one unit); several may be declared in
  turn. Its base's nation spends the ship interception's SP (table ``air_missions``, 9.05), a
  carrier none. The marker is declared face up (9.03 B step 1).
- It then flies as a strike (:mod:`air`): the mover's side may answer it with interceptors or
  CAP (15.01, 16.01), ships and air defence fire at it (16.10, 16.05, 9.09), and it attacks the
  named ship alone (16.08); it lands as any mission does (9.02).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any, Final

from wargame.engine.procedure import Choices, Context, Decision, decision
from wargame.engine.state import Frame
from wargame.games.aegean_strike import (
    air,
    air_previews,
    detection,
    losses,
    optional,
    sealift,
    state,
)
from wargame.games.aegean_strike.charts import tables as game_tables
from wargame.games.aegean_strike.registry import RULES

KIND: Final = "ship"
"""The kind of answer it is, for its supply points (:data:`air.RESPONSE_MISSIONS`, 9.05)."""

RULES.stand_in(
    "15.01",
    "air-to-ship interception is declared after the enemy's naval moves of a segment, one air "
    "unit a declaration, and flies as a strike on the named ship",
    key="ship_interception",
)


@RULES.implements("9.03")
def suited_mission(data: Mapping[str, Any], uid: str, ship: str) -> str:
    """The strike that suits ``ship`` for ``uid`` ('' if none): ASW against a submarine, the
    larger of ASM and bombing against a surface ship."""
    values = state.air_values(uid)
    if sealift.submerged(data, ship):
        return "asw_strike" if values.underwater > 0 else ""
    if max(values.asm, values.bombing) <= 0:
        return ""
    return "asm_strike" if values.asm >= values.bombing else "bombing_strike"


@RULES.implements("9.03", "15.01", "9.04")
def can_intercept(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str, ship: str
) -> bool:
    """Whether ``uid`` may fly an air-to-ship interception against ``ship`` (SP aside)."""
    where = air.scramble_hex(data, uid)
    if where is None or not suited_mission(data, uid, ship):
        return False
    target = data["naval"][ship]["hex"]
    if state.distance(where, target) > air.reach(data, uid, "air_interception"):
        return False
    return air.detected_by_one(g_tables, data, state.side_of(data, uid), where, target)


def offer(choices: Choices, g: Context, side: str, movers: Collection[str], effect: Any) -> None:
    """Offer ``side``'s air-to-ship interceptions of the movers: ``intercept UID SHIP``."""
    g_tables = game_tables(g.state)
    unseen = detection.hidden_from(g_tables, g.data, side)
    for ship in movers:
        if ship not in g.data["naval"] or ship in unseen:
            continue
        for uid in state.own_air(g.data, side):
            if can_intercept(g_tables, g.data, uid, ship):
                reason = air.response_short(g_tables, g.data, uid, KIND, 1)
                text = f"intercept {uid} {ship}"
                if reason:
                    choices.refuse(text, reason)
                else:
                    fire = air_previews.FireNotes(g, side, [uid])  # the fire met at the ship
                    choices.add(text, effect, uid, ship, later=fire(g.data["naval"][ship]["hex"]))


class ShipInterception(air.AirSegment):
    """One air-to-ship interception, from take-off to landing (9.03 B)."""

    name = "ship_interception"

    @RULES.implements("9.03", "9.05")
    def start(self, g: Context, f: Frame) -> None:
        uid, ship = f["lead"], f["ship"]
        air._form(g, f, suited_mission(g.data, uid, ship))
        flight = g.data["flight"]
        spent = air.response_cost(game_tables(g.state), flight["base"], KIND, 1)
        nation = state.base_nation(flight["base"])
        g.data["sp"][nation] = g.data["sp"].get(nation, 0) - spent
        hex_id = g.data["naval"][ship]["hex"]
        flight.update(target=hex_id, target_hex=hex_id, revealed=True, ship=ship)
        g.data["air"][uid]["flown"] = True
        g.log("log.ship_interception", side=f["side"], unit=uid, target=ship, sp=spent)
        optional.lone_flight(g, flight, True)
        g.goto("respond")

    @decision
    def strike(self, g: Context, f: Frame) -> Choices:
        """The named ship alone is attacked, if it is still there and seen."""
        flight = g.data["flight"]
        choices = Decision.single(f["side"], "prompt.strike", hex=flight["target_hex"])
        ship = flight["ship"]
        there = g.data["naval"].get(ship, {}).get("hex") == flight["target_hex"]
        if there and ship not in _unseen(g, f["side"]):
            choices.add(f"attack {ship}", _attack, ship)
        else:
            choices.add("done", _no_attack)
            choices.prompt = "prompt.strike_gone"
        return choices

    def choose(self, g: Context, f: Frame) -> None:
        """Landed: back to the question after the enemy's naval moves."""
        g.ret()


def _unseen(g: Context, side: str) -> Collection[str]:
    return detection.hidden_from(game_tables(g.state), g.data, side)


def _attack(g: Context, f: Frame, ship: str) -> None:
    losses.strike(g, g.data["flight"], ship)
    g.goto("after_strike")


def _no_attack(g: Context, f: Frame) -> None:
    g.goto("land")


ALL: Final = (ShipInterception(),)
