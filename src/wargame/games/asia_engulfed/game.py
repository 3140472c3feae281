"""Asia Engulfed as a game contract: set-up, views, secrets and determinization.

The position and its fog are :mod:`state`'s; this module adds the turn sequence's bookkeeping:
public (the phase, the phase player, the areas contested when the phase began) and private to a
side (which of its blocks moved this phase: their ids are its secret).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from pathlib import Path
from typing import Any

from wargame.engine import bidding as sealed_bids
from wargame.engine import fog
from wargame.engine.contract import OptionSpec, ProcedureGame, Scenario, Secrets
from wargame.engine.i18n import Catalog, game_catalog
from wargame.engine.log import Side
from wargame.engine.procedure import Context, Procedure
from wargame.engine.rng import Rng
from wargame.engine.state import FLAT_ITEMS, Copier, State, copy_data
from wargame.games.asia_engulfed import (
    air_naval_combat,
    bidding,
    charts,
    client,
    ground_combat,
    interception,
    movement,
    naval,
    paratroops,
    port_attacks,
    production,
    sequence,
    simplified_supply,
    state,
    strategic,
    strategy,
    supply_phases,
    surprise,
    victory,
)
from wargame.games.asia_engulfed.board import area_map
from wargame.games.asia_engulfed.control import enemy
from wargame.games.asia_engulfed.forces import display_names
from wargame.games.asia_engulfed.off_map import off_map_groups
from wargame.games.asia_engulfed.production_sheet import production_sheet
from wargame.games.asia_engulfed.registry import RULES
from wargame.games.asia_engulfed.scenarios import files, turns_between

SEQUENCE_KEYS = (
    "first_turn", "phase_player", "phase", "contested_at_start", "newly_contested",
    "nationalist_attack", "supply", "strategic_moves", "crossed_into", "air_battle",
    "air_committed", "naval", "invasions", "code_breaking",
    "network", "captured",  # supply phases
    "production", "fortifications",  # production phase
    "naval_repairs", "port_damage",  # air/naval combat
)  # fmt: skip
PRIVATE_KEYS = ("moved", "extended", "built", "picked")


_RECORDS = (  # data keys whose dict or list holds dicts or lists of immutable values only
    "counters", "garrisons", "pools", "moved", "picked", "extended", "built", "air_missions",
    "naval_repairs",
)  # fmt: skip


class AsiaEngulfed(ProcedureGame):
    id = "asia-engulfed"
    title = "Asia Engulfed"
    title_ja = "アジア・エンガルフド"
    rules_version = "0.1"
    sides = state.SIDES
    rules = RULES
    tables = charts.TABLES
    procedures: tuple[Procedure, ...] = (
        *sequence.ALL, *movement.ALL, *strategic.ALL, *naval.ALL, *ground_combat.ALL,
        *supply_phases.ALL,
        *production.ALL,
        *air_naval_combat.ALL, *port_attacks.ALL,
        bidding.Bidding(), *surprise.ALL,
    )  # fmt: skip
    prompts_file = Path(__file__).parent / "data" / "prompts.yaml"
    flat_data_keys = frozenset(
        {
            "control", "contested", "tracks", "removed", "to_come", "known_in_pool",
            "contested_at_start", "newly_contested", "crossed_into", "strategic_moves",
            "air_committed", "fortifications", "port_damage", "captured",
        }
    )  # fmt: skip
    data_copiers: Mapping[str, Copier] = {
        "units": fog.units_copier(movement.INVADED_FROM),  # else strings and numbers
        **dict.fromkeys(_RECORDS, FLAT_ITEMS),
        **dict.fromkeys(("naval", "code_breaking", "network"), state.RECORD),
        **dict.fromkeys(("production", "supply"), state.RECORDS),
    }
    evaluate = strategy.evaluate  # bots: the evaluation hook (strategy.py)
    order_actions = strategy.order_actions  # bots: the move ordering hook (strategy.py)

    @cached_property
    def catalog(self) -> Catalog:  # type: ignore[override]
        return game_catalog(Path(__file__).parent / "messages", names_catalog())

    def scenarios(self) -> list[Scenario]:
        return [Scenario(s.id, s.title, s.title_ja, s.source or "") for s in files().values()]

    def options(self) -> list[OptionSpec]:
        return [*bidding.OPTIONS, *simplified_supply.OPTIONS, *paratroops.OPTIONS]

    def begin(self, g: Context, scenario: str, options: Mapping[str, Any]) -> None:
        g.data.update(state.initial_data(scenario))
        g.data.update(
            first_turn=g.data["turn"],
            phase_player=None,
            phase=None,
            contested_at_start=[],
            newly_contested=[],
            nationalist_attack=False,
            strategic_moves={},
            crossed_into=[],
            naval=naval.new_naval(),
            moved={side: [] for side in self.sides},
            picked={side: [] for side in self.sides},  # the unit a strategic move is for
            extended={side: [] for side in self.sides},
            air_battle=None,
            air_missions={side: {} for side in self.sides},
            air_committed=[],
            invasions={},
            code_breaking={"years": [], "sea": None},
            production=production.empty_production(),
            fortifications=[],
            built={side: [] for side in self.sides},
            interception=None,  # air/naval combat
            naval_repairs=[],
            port_damage={},
        )
        g.data.update(supply_phases.empty_records())
        if options.get(paratroops.OPTION):
            paratroops.join_pools(g.data)  # 13.4
        g.push("game")
        if options.get("bidding"):
            g.push("bidding")  # 10.4: before the first turn

    # -- views -------------------------------------------------------------------------------
    def view_data(self, state_: State, viewer: Side | None) -> dict[str, Any]:
        data = state_.data
        found = state.side_view(data, viewer)
        found.update(copy_data({key: data[key] for key in SEQUENCE_KEYS}))
        if viewer is not None:
            found.update(
                copy_data({key: data.get(key, {}).get(viewer, []) for key in PRIVATE_KEYS})
            )
        found["air_missions"] = copy_data(_missions_shown(data, viewer))
        found["interception"] = copy_data(interception.choices_shown(data, viewer))
        found["sheet"] = production_sheet(data, charts.tables(state_))
        found["boxes"] = off_map_groups(found)
        if "bidding" in data:  # 10.4
            found["bidding"] = copy_data(data["bidding"])
            found.update(sealed_bids.own_bid(data, viewer))
        return found

    def game_secrets(self, state_: State) -> Secrets:
        """The fog's and the force pools' (:func:`state.secrets`); the ids of moved blocks are
        among the ids the fog already withholds; each side's air commitment until both have
        committed (6.21)."""
        found = state.secrets(state_.data)
        data = state_.data
        if not _missions_open(data):
            for viewer in [None, *self.sides]:
                withheld = found.withheld.setdefault(viewer, set())
                for side, missions in data["air_missions"].items():
                    if side != viewer:
                        withheld.update(missions.items())
        for viewer, choices in interception.hidden_choices(data).items():
            found.withheld.setdefault(viewer, set()).update(choices)
        for seat, sealed in sealed_bids.secret_tokens(data).items():  # 10.4
            found.owned.setdefault(seat, set()).update(sealed)
        return found

    def determinize(self, view: Mapping[str, Any], side: Side, rng: Rng) -> State:
        board = view["board"]
        data = state.determinize(board, side, rng)
        data.update(copy_data({key: board[key] for key in SEQUENCE_KEYS}))
        data.update({key: {side: list(board[key]), enemy(side): []} for key in PRIVATE_KEYS})
        interception.drawn_choices(data, board["interception"], rng)
        data["air_missions"] = _drawn_missions(data, board["air_missions"], side)
        if "bidding" in board:  # 10.4
            data["bidding"] = copy_data(board["bidding"])
            data["bids"] = sealed_bids.sample_bids(
                board, side, rng, state.SIDES, charts.printed().bidding.most
            )
        drawn = self.state_from_view(view, side, data, rng)
        for phase in (movement.OperationalMovement(), strategic.StrategicMovement()):
            phase.draw_picked(drawn, enemy(side))
        naval.NavalMovement().draw_picked(drawn, enemy(side))
        return drawn

    def check_data(self, state_: State) -> list[str]:
        return state.problems(state_.data)

    def turn(self, state_: State) -> int:
        return turns_between(state_.data["first_turn"], state_.data["turn"])

    def score_track(self, state_: State) -> dict[Side, float]:
        return dict(victory.standing(state_.data))

    def client_data(self) -> dict[str, Any]:
        """The area map, the block colours and the units' printed facts (:mod:`client`)."""
        return client.client_data()

    def backdrop(self) -> list[dict[str, Any]]:
        return client.backdrop()


def _missions_open(data: Mapping[str, Any]) -> bool:
    return len(data["air_committed"]) == len(state.SIDES)


def _missions_shown(data: Mapping[str, Any], viewer: Side | None) -> dict[str, Any]:
    """The air commitments ``viewer`` sees: its own, and both once both have committed."""
    shown = _missions_open(data)
    return {side: m for side, m in data["air_missions"].items() if shown or side == viewer}


def _drawn_missions(
    data: Mapping[str, Any], shown: Mapping[str, Any], viewer: Side
) -> dict[str, Any]:
    """The other side's secret commitment as ``viewer`` may guess it: every air unit that
    flies over the battle on dogfight."""
    found = {side: dict(missions) for side, missions in shown.items()}
    other = enemy(viewer)
    if other not in found:
        where = data["air_battle"]
        if where is None:
            flying, mission = [], "dogfight"
        elif data["interception"] is not None:  # a day action or a strike: 8.42 a, 8.7
            flying = data["interception"]["flying"][other]
            mission = data["interception"]["mission"]
        else:
            flying, mission = ground_combat.air_units(data, where, other), "dogfight"
        found[other] = dict.fromkeys(flying, mission)
    return found


def names_catalog() -> Catalog:
    """Area, unit and scenario names for messages: ``{area:area}`` renders "Luzon" / "ルソン"."""
    names = Catalog()
    for lang in ("en", "ja"):
        entries: dict[str, str] = {}
        for area_id, record in area_map().areas.items():
            entries[f"area.{area_id}"] = record.name_ja if lang == "ja" else record.name
        for uid, (name, name_ja) in display_names().items():
            entries[f"unit.{uid}"] = name_ja if lang == "ja" else name
        for scenario in files().values():
            shown = scenario.title_ja if lang == "ja" else scenario.title
            entries[f"scenario.{scenario.id}"] = shown
        names.add(lang, entries)
    return names
