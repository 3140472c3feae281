"""Mines and minesweeping (13.08).

Decisions (provisional: the mine rules are lost; table ``mines``)
- A naval unit able to lay mines (its counter's flag: destroyers, frigates, MCM, diesel and
  attack submarines), Under way, lays a minefield in its hex in a movement segment, for its MP
  and one of its side's sea moves (10.04), as a move or an attack costs. Fields are laid on the
  operational map only (a strategic hex is too wide a sea to close), one in a hex, and each
  nation lays no more than its stock in the table over the game (the Soviet and Turkish stocks
  meant for the Straits, the others' smaller ones).
- A field is public: a belligerent announces the areas it mines (as the Hague Convention VIII
  of 1907 asks), and the decision it leaves is the one that matters: whether to run it. So
  fields show to both sides and no secret is at stake.
- A field is the enemy's to fear: a ship of the other side may enter a mined hex but not sail
  on from it in the same move (the field stops it, as a shore hex does, 10.03); on entering it
  rolls a d10 and on ``strike_chance`` or less takes ``hits`` hits. Its own side's ships pass
  freely (they know the lanes).
- An MCM (minesweeping flag), Under way, sweeps an enemy field in its hex or within
  ``sweep_range`` hexes of it, for its MP and a sea move: the field is gone.
- The SH-3's sweeping (8.03: an optional rule, lost; the set-up option ``air_minesweeping``,
  :mod:`optional`): a unit of the types of table ``air_minesweeping`` flies a
  ``minesweeping`` mission (a designed row of table ``air_missions``: Offensive mode, no
  marker, the field being public) to an enemy field within its round trip, as any mission
  flies (:mod:`air`: interception, ship, ground and air-defence fire). Each sweeper that
  arrives not aborted rolls a d10 in turn; on the table's ``chance`` or less the field is
  gone. A ship beside the field sweeps surely; the helicopter reaches it sooner and farther
  out, less surely. Provisional.
- From the air (9.03, 13.08): an air unit whose type carries the minelaying flag (the Tu-20)
  flies a ``minelaying`` mission (a designed row of table ``air_missions``: Offensive mode, a
  face-down strike marker, its SP) to a water hex of the operational map within its round trip
  where no field is, as a strike flies (:mod:`air`: launch, interception, ship, ground and
  Soviet air-defence fire at the target). If one of its minelayers is not aborted when it
  arrives, one field is laid there, drawn from its nation's stock as a ship's is.
- Previews (:mod:`chance_previews`): a ship's move into an enemy field carries the preview of
  the field's strike (:func:`striking`, :func:`strike_odds`), a minesweeping group's target
  the preview of the fire it meets and of its sweepers' rolls (:func:`sweep_odds`), the very
  functions the strike and the sweep are rolled with in play. A field being public, the
  preview tells the mover nothing it does not see.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wargame.engine.procedure import Context
from wargame.games.aegean_strike import losses, state
from wargame.games.aegean_strike.charts import tables as game_tables
from wargame.games.aegean_strike.losses import D10, ChanceOdds
from wargame.games.aegean_strike.registry import RULES

RULES.stand_in(
    "13.08",
    "public minefields laid by ship from a nation's stock stop and may hit enemy ships; MCM sweep",
    key="mines",
)
RULES.stand_in(
    "13.08",
    "with the option, an SH-3 flies to an enemy field and clears it on a d10 of the table's "
    "chance or less",
    key="air_sweep",
)


def fields(data: Mapping[str, Any]) -> Mapping[str, str]:
    """Each mined hex with the side that laid its field."""
    found: Mapping[str, str] = data.get("mines", {})
    return found


@RULES.implements("13.08")
def against(data: Mapping[str, Any], uid: str) -> frozenset[str]:
    """The hexes mined by the side ``uid`` fights: it stops in them."""
    side = state.side_of(data, uid)
    return frozenset(h for h, layer in fields(data).items() if layer != side)


def laid(data: Mapping[str, Any], nation: str) -> int:
    return int(data.get("mines_laid", {}).get(nation, 0))


@RULES.implements("13.08")
def lay_refusal(g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str) -> str:
    """Why ``uid`` may not lay a field in its hex ('' if it may); its MP are asked apart."""
    if not state.naval_values(uid).minelaying:
        return f"13.08: {uid} lays no mines"
    return place_refusal(g_tables, data, state.nation(uid), data["naval"][uid]["hex"])


@RULES.implements("13.08")
def place_refusal(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], nation: str, here: str
) -> str:
    """Why ``nation`` may not lay a field in ``here`` ('' if it may): by ship or from the air."""
    if state.on_strategic(here):
        return f"13.08: minefields are laid on the operational map, not in {here}"
    if here in fields(data):
        return f"13.08: {here} is mined already"
    return stock_refusal(g_tables, data, nation)


@RULES.implements("13.08")
def stock_refusal(g_tables: Mapping[str, Any], data: Mapping[str, Any], nation: str) -> str:
    """Why ``nation`` may lay no more fields ('' if its stock is not spent)."""
    stock = int(g_tables["mines"].stocks.get(nation, 0))
    if laid(data, nation) >= stock:
        return f"13.08: {nation} has laid all the {stock} minefields of its stock"
    return ""


@RULES.implements("13.08")
def sweepable(g_tables: Mapping[str, Any], data: Mapping[str, Any], uid: str) -> list[str]:
    """The enemy fields ``uid`` may sweep: within the table's range of its hex, if it sweeps."""
    if not state.naval_values(uid).minesweeping:
        return []
    here, reach = data["naval"][uid]["hex"], int(g_tables["mines"].sweep_range)
    return sorted(h for h in against(data, uid) if losses.in_range(here, h, reach))


@RULES.implements("13.08")
def lay(g: Context, uid: str, here: str | None = None) -> None:
    """``uid`` lays a field in ``here`` (a ship: its own hex) from its nation's stock."""
    here = here or g.data["naval"][uid]["hex"]
    nation = state.nation(uid)
    g.data.setdefault("mines", {})[here] = state.side_of(g.data, uid)
    tally = g.data.setdefault("mines_laid", {})
    tally[nation] = tally.get(nation, 0) + 1
    g.log("log.mine_laid", unit=uid, hex=here)


@RULES.implements("13.08")
def sweep(g: Context, uid: str, hex_id: str) -> None:
    del g.data["mines"][hex_id]
    g.log("log.mine_swept", unit=uid, hex=hex_id)


@RULES.implements("13.08", "8.03")
def sweep_from_air(g: Context, side: str, sweepers: list[str], hex_id: str) -> bool:
    """The sweepers of ``side`` over ``hex_id`` roll in turn until one clears the enemy field
    there (a d10 at the option's chance or less); whether it is gone."""
    if fields(g.data).get(hex_id, side) == side:
        return False
    odds = sweep_odds(g.data)
    for uid in sweepers:
        roll = g.roll(D10, side, "air_sweep")
        if odds.on(roll):
            sweep(g, uid, hex_id)
            return True
        g.log("log.sweep_missed", unit=uid, hex=hex_id, roll=roll)
    return False


@RULES.implements("13.08", "8.03")
def sweep_odds(data: Mapping[str, Any]) -> ChanceOdds:
    """One air sweeper's odds (the option's table): the field cleared (1) on a d10 of its
    chance or less."""
    return ChanceOdds("8.03", "air_minesweeping", int(data["air_minesweeping"]["chance"]), 1)


@RULES.implements("13.08")
def striking(data: Mapping[str, Any], uid: str, hex_id: str) -> str | None:
    """The side whose field strikes ``uid`` entering ``hex_id`` (None: no enemy field there)."""
    if hex_id not in against(data, uid):
        return None
    return fields(data)[hex_id]


@RULES.implements("13.08", "9.06")
def strike_odds(g_tables: Mapping[str, Any]) -> ChanceOdds:
    """A field's strike on a ship entering it: the table's hits on a d10 of its
    ``strike_chance`` or less."""
    table = g_tables["mines"]
    return ChanceOdds("13.08", "mines", int(table.strike_chance), int(table.hits))


@RULES.implements("13.08", "9.06")
def entered(g: Context, uid: str) -> None:
    """``uid`` ended its move in an enemy field: the field's side rolls for a strike."""
    here = g.data["naval"][uid]["hex"]
    layer = striking(g.data, uid, here)
    if layer is None:
        return
    roll = g.roll(D10, layer, "mine")
    hits = strike_odds(game_tables(g.state)).on(roll)
    g.log("log.mine_strike", unit=uid, hex=here, hits=hits)
    losses.damage(g, uid, hits)
