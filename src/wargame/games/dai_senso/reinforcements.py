"""A campaign's reinforcements by turn (table ``campaign_scenarios``): at the start of a game
turn, every unit whose turn has come and that is not on the map (nor eliminated) enters.

Decisions (provisional, stand-in ``reinforcements_by_turn`` of 13.7: the scenario book's
reinforcement schedule is not at hand, and the option cards that bring units are not played)
- A unit enters its hex of the table, or the first of its faction's entry hexes, that is in play
  (13.7.4), holds no enemy unit and keeps within the stacking limits and restrictions (9.1, 9.2)
  with it; if none does, it waits for the next game turn (logged).
- An objective hex the unit enters is its faction's from then on, as when a unit moves in (0.3).
- A unit eliminated before or after it entered never comes back: replacements are not played.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wargame.engine.procedure import Context
from wargame.games.dai_senso import state
from wargame.games.dai_senso.charts import CampaignScenario, Reinforcement, Stacking
from wargame.games.dai_senso.charts import tables as game_tables
from wargame.games.dai_senso.country_setup import out_of_play
from wargame.games.dai_senso.forces import forces
from wargame.games.dai_senso.registry import RULES
from wargame.games.dai_senso.stacking import stacking_problem

RULES.stand_in(
    "13.7",
    "a campaign's units come by turn, in their hex or an entry hex, as its table gives",
    key="reinforcements_by_turn",
)


def campaign(g: Context) -> CampaignScenario | None:
    found: CampaignScenario | None = game_tables(g.state)["campaign_scenarios"].get(
        g.state.scenario
    )
    return found


def due(data: Mapping[str, Any], terms: CampaignScenario) -> list[Reinforcement]:
    """The reinforcements whose turn has come that are not in play (on the map, eliminated, or
    brought already by an option card to the force pool or the Delay box)."""
    return [
        coming
        for coming in terms.reinforcements
        if coming.turn <= data["turn"] and not state.in_play(data, coming.unit)
    ]


@RULES.implements("13.7")
def arrive(g: Context) -> None:
    """Place the reinforcements due this game turn (a campaign's; none in a training scenario)."""
    terms = campaign(g)
    if terms is None:
        return
    limits = game_tables(g.state)["stacking"]
    for coming in due(g.data, terms):
        side = forces().faction_of(forces().units[coming.unit])
        where = arrival_hex(g.data, coming, terms.entry_hexes.get(side, []), limits)
        if where is None:
            g.log("log.reinforcement_waits", side=side, unit=coming.unit)
            continue
        g.data["units"][coming.unit] = {"hex": where, "steps": forces().units[coming.unit].steps}
        taken = state.enter(g.data, coming.unit, where)
        g.log("log.reinforcement", side=side, unit=coming.unit, hex=where)
        if taken:
            g.log("log.taken", side=taken, hex=where)


def arrival_hex(
    data: Mapping[str, Any], coming: Reinforcement, entries: list[str], limits: Stacking
) -> str | None:
    """The unit's own hex, else the first entry hex, that admits it; None if none does."""
    side = forces().faction_of(forces().units[coming.unit])
    steps = {uid: record["steps"] for uid, record in data["units"].items()}
    steps[coming.unit] = forces().units[coming.unit].steps
    for hex_id in (coming.hex, *entries):
        if out_of_play(data, hex_id) or state.enemy_in(data, hex_id, side):
            continue
        if not stacking_problem([*state.units_in(data, hex_id), coming.unit], steps, limits):
            return hex_id
    return None
