"""Naval unit modes (10.02), sea transport (13.09) and amphibious landings (13.07).

Decisions (provisional: the naval, landing and transport rules are lost; table ``sea_transport``)
- A naval unit is Under way or In port (10.02, seed). It starts in the mode its set-up gives (the
  set-up's ``in_port``). Only an Under-way unit spends MP (seed): an In-port ship neither sails,
  fires, bombards nor intercepts, though it fires back when attacked (defending is free, 7.04).
  In the Final Stage (7.07 items 7 and 8) each side in turn, the Battlefield Controller first,
  changes the modes of its ships in a port hex (of either map, whoever holds the port, as the
  seed says) and loads and unloads its In-port transports, in one decision: so a transport
  put In port there may load at once (open question 13 answered yes, since the steps follow
  each other). Each side is asked whether or not it has anything to do, so the asking tells the
  other side nothing of its ships. A submarine In port lies surfaced: air strikes reach it as a
  surface ship (bombing, ASM), ASW strikes do not (the seed: it cannot be bombed while under
  way). No other effect of In port mode is played.
- A sea transport (the naval types with a transport value: Trans, Amph, LHA) carries ground
  units of its side whose weights (the ``ground_hits`` table by size, as air transport's, 9.03)
  add up to no more than its transport value (13.09). In the Final Stage an In-port transport
  loads units standing in its port hex, or unloads its cargo there. Units unloaded there spend
  no MP in the Final Stage (seed), which no rule of that stage asks of them anyway.
- An Under-way ship of a type the table lists as amphibious (Amph, LHA) lands a unit it carries
  in a movement segment (13.07) on the coast of the hex it is in (a hex with land, port or not),
  spending its MP for the segment and one of its side's sea moves (10.04), as a move or an
  attack does; the landed unit has missed its side's ground movement of that segment.
- No landing or unloading where an enemy ground unit the side sees stands, or where the side's
  ground units are at the stacking limit (13.03). Should an enemy unit the side does not see be
  there, the landing party finds the beach held: it stays aboard, the ship's MP and sea move are
  spent, and the enemy unit is seen (it fought, 14). So what is offered never depends on what
  the side cannot see.
- A ship sunk takes the ground units aboard down with it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.aegean_strike import detection, ground, state
from wargame.games.aegean_strike.airdrop import weight
from wargame.games.aegean_strike.charts import tables as game_tables
from wargame.games.aegean_strike.forces import forces
from wargame.games.aegean_strike.offers import offer
from wargame.games.aegean_strike.registry import RULES
from wargame.games.aegean_strike.sides_in_turn import SidesInTurn

RULES.stand_in(
    "10.02",
    "only Under-way ships spend MP; modes change in the Final Stage in a port hex",
    key="modes",
)
RULES.stand_in(
    "13.09",
    "In-port transports load and unload in the Final Stage, up to their transport value",
    key="loading",
)
RULES.stand_in(
    "13.07",
    "Under-way Amph and LHA land troops on their hex's coast for a sea move",
    key="landing",
)


def in_port(data: Mapping[str, Any], uid: str) -> bool:
    return bool(data["naval"][uid].get("in_port"))


def is_port(hex_id: str | None) -> bool:
    found = forces().hexes.get(hex_id or "")
    return found is not None and found.port


@RULES.implements("10.02")
def spend_refusal(data: Mapping[str, Any], uid: str) -> str:
    """Why ``uid`` may not spend MP for its mode ('' if it is under way)."""
    if in_port(data, uid):
        return f"10.02: {uid} is In port; it puts to sea only in the Final Stage"
    return ""


@RULES.implements("10.02")
def mode_refusal(data: Mapping[str, Any], uid: str) -> str:
    """Why ``uid`` may not change its mode in the Final Stage ('' if it may)."""
    here = data["naval"][uid]["hex"]
    if not is_port(here):
        return f"10.02: {uid} is not in a port hex ({here}); modes change only in port"
    return ""


@RULES.implements("10.02", "10.07")
def submerged(data: Mapping[str, Any], uid: str) -> bool:
    """A submarine under way: only ASW strikes reach it. In port it lies surfaced and is struck
    as a surface ship (the seed: a submarine cannot be bombed while under way)."""
    category = forces().naval_types[state.unit(uid).type].category
    return category == "submarine" and not in_port(data, uid)


# -- sea transport ---------------------------------------------------------------------------
def lift(uid: str) -> int:
    """A ship's transport value (0: it carries no troops)."""
    return int(state.naval_values(uid).transport)


def cargo(data: Mapping[str, Any], ship: str) -> list[str]:
    return sorted(u for u, r in data["ground"].items() if r.get("aboard") == ship)


@RULES.implements("13.09")
def room(g_tables: Mapping[str, Any], data: Mapping[str, Any], ship: str) -> int:
    """What ``ship`` may still load: its transport value less the weights aboard."""
    return lift(ship) - sum(weight(g_tables, u) for u in cargo(data, ship))


@RULES.implements("13.09", "10.02")
def load_refusal(g_tables: Mapping[str, Any], data: Mapping[str, Any], ship: str, uid: str) -> str:
    """Why ``ship`` may not load ``uid`` in the Final Stage ('' if it may)."""
    if not in_port(data, ship):
        return f"13.09: {ship} is Under way; a transport loads only In port"
    needs, left = weight(g_tables, uid), room(g_tables, data, ship)
    if needs > left:
        return f"13.09: {uid} needs {needs} transport points, {ship} has {left} left"
    return ""


@RULES.implements("13.09", "13.07", "13.03")
def landing_refusal(g_tables: Mapping[str, Any], data: Mapping[str, Any], ship: str) -> str:
    """Why ``ship`` may put no troops ashore in its hex ('' if it may): no land, an enemy ground
    unit its side sees, or its side's stack full there."""
    here, side = data["naval"][ship]["hex"], state.side_of(data, ship)
    if not ground.is_land(here):
        return f"13.07: {ship}'s hex {here} has no coast to land on"
    unseen = detection.hidden_units(g_tables, data)[side]
    if any(u not in unseen for u in enemies_at(data, side, here)):
        return f"13.07: an enemy ground unit holds {here}"
    own = units_at(data, here, side)
    if len(own) >= ground.stack_limit(g_tables, here):
        return f"13.03: {here} holds {len(own)} units of {side}, the stacking limit"
    return ""


@RULES.implements("13.09", "10.02")
def unload_refusal(g_tables: Mapping[str, Any], data: Mapping[str, Any], ship: str) -> str:
    """Why ``ship`` may not unload in the Final Stage ('' if it may)."""
    if not in_port(data, ship):
        return f"13.09: {ship} is Under way; a transport unloads only In port"
    return landing_refusal(g_tables, data, ship)


@RULES.implements("13.07", "10.02")
def land_refusal(g_tables: Mapping[str, Any], data: Mapping[str, Any], ship: str) -> str:
    """Why ``ship`` may not land troops now in an action stage ('' if it may)."""
    if state.unit(ship).type not in g_tables["sea_transport"].amphibious:
        return f"13.07: {ship} is no amphibious ship; it unloads only In port in the Final Stage"
    return landing_refusal(g_tables, data, ship)


def units_at(data: Mapping[str, Any], hex_id: str, side: str) -> list[str]:
    """The ground units of ``side`` in ``hex_id``."""
    here = [u for u, r in data["ground"].items() if r["hex"] == hex_id]
    return sorted(u for u in here if state.side_of(data, u) == side)


def enemies_at(data: Mapping[str, Any], side: str, hex_id: str) -> list[str]:
    return units_at(data, hex_id, state.other(side))


def loadable(data: Mapping[str, Any], ship: str) -> list[str]:
    """The ground units of ``ship``'s side standing in its hex."""
    return units_at(data, data["naval"][ship]["hex"], state.side_of(data, ship))


@RULES.implements("13.07", "13.09")
def put_ashore(g: Context, ship: str, uid: str, key: str) -> bool:
    """Land ``uid`` from ``ship`` in the ship's hex; an enemy unit there, unseen until now,
    holds the beach: the unit stays aboard and the enemy is seen."""
    here = g.data["naval"][ship]["hex"]
    held = enemies_at(g.data, state.side_of(g.data, ship), here)
    if held:
        detection.fought(g.data, held)
        g.log("log.landing_held", unit=uid, ship=ship, hex=here)
        return False
    g.data["ground"][uid].update(hex=here, aboard=None)
    g.log(key, unit=uid, ship=ship, hex=here)
    return True


class FinalSeaSteps(SidesInTurn):
    """Final Stage items 7 and 8: each side in turn sets its ships' modes in port and loads and
    unloads its In-port transports."""

    name = "final_sea_steps"

    @decision
    def choose(self, g: Context, f: Frame) -> Choices:
        side = f["side"]
        choices = Decision.single(side, "prompt.final_sea")
        g_tables = game_tables(g.state)
        for ship in state.own_ships(g.data, side):
            _offer_mode(choices, g.data, ship)
            if lift(ship) > 0:
                _offer_loads(choices, g_tables, g.data, ship)
        choices.add("done", _done)
        if choices.verbs() == {"done"}:
            choices.prompt = "prompt.final_sea_done"
        return choices


def _offer_mode(choices: Choices, data: Mapping[str, Any], ship: str) -> None:
    verb = "underway" if in_port(data, ship) else "port"
    offer(choices, f"{verb} {ship}", mode_refusal(data, ship), _switch, ship)


def _offer_loads(
    choices: Choices, g_tables: Mapping[str, Any], data: Mapping[str, Any], ship: str
) -> None:
    if not in_port(data, ship):
        return
    for uid in loadable(data, ship):
        reason = load_refusal(g_tables, data, ship, uid)
        offer(choices, f"load {ship} {uid}", reason, _load, ship, uid)
    reason = unload_refusal(g_tables, data, ship)
    for uid in cargo(data, ship):
        offer(choices, f"unload {ship} {uid}", reason, _unload, ship, uid)


@RULES.implements("10.02")
def _switch(g: Context, f: Frame, ship: str) -> None:
    record = g.data["naval"][ship]
    record["in_port"] = not record.get("in_port")
    key = "log.in_port" if record["in_port"] else "log.under_way"
    g.log(key, side=f["side"], unit=ship, hex=record["hex"])
    g.goto("choose")


@RULES.implements("13.09")
def _load(g: Context, f: Frame, ship: str, uid: str) -> None:
    g.data["ground"][uid].update(hex=None, aboard=ship)
    g.log("log.embarked", unit=uid, ship=ship, hex=g.data["naval"][ship]["hex"])
    g.goto("choose")


@RULES.implements("13.09")
def _unload(g: Context, f: Frame, ship: str, uid: str) -> None:
    put_ashore(g, ship, uid, "log.disembarked")
    g.goto("choose")


def _done(g: Context, f: Frame) -> None:
    g.goto("next_side")


ALL: Final[tuple[Procedure, ...]] = (FinalSeaSteps(),)
