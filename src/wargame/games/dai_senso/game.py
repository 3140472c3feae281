"""Dai Senso! as a game contract: set-up of a playable training scenario, views and the turn.

Every counter is face up. A scenario that deals option cards (:mod:`option_cards`, 1.1) keeps
each faction's hand and pending card from the others: their views show how many cards it holds
and whether one is pending, and determinizing a view draws the pending card back; the training
scenarios deal none, so there every view shows the whole position.

Decisions
- August Storm (A.1) is the first playable scenario: two factions only (the West has no faction
  turn), all on land in Manchuria, Korea and Sakhalin, no option cards, no political events and
  no naval movement. The China Incident (A.2) is the second: three factions, each the others'
  enemy (13.1), the Axis against the Nationalists (West) and the Communists (Soviet), who win
  together (:mod:`victory`); its units in the force pool or on a card stay there, as the
  training scenarios deal no cards and play no reinforcements. The Chinese minors' own rules
  (13.2.2: which minors may attack together) were not recovered and are not played.
  Tora! Tora! Tora! (A.3) is the third: the Axis against the West from December 1941, with
  naval play (:mod:`naval`: beachheads, port-to-port movement, beachhead landings). War of
  Resistance (B.1), the one-map campaign, plays the war in China on the west sheet from July
  1937 to December 1941 with reinforcements by turn (:mod:`country_setup`,
  :mod:`reinforcements`). 1937: The Rising Sun (C.1), the two-map campaign, plays both sheets
  from July 1937 to V-J Day with naval play and reinforcements by turn, and its final VP check
  decides it (table ``campaign_scenarios``, its ``decided_by``). Every scenario of
  ``forces.yaml`` plays; :data:`NOT_YET` would name one that does not, with its reason.
- Politics (2.1, 6, 12, 13.4-13.6: :mod:`countries`, :mod:`war_states`, :mod:`politics`,
  :mod:`final_admin`) is played by the scenarios of the ``politics`` table, the campaigns (War
  of Resistance among them); the training scenarios play none.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from pathlib import Path
from typing import Any, Final

from wargame.engine.action import Action
from wargame.engine.contract import ProcedureGame, Scenario, Secrets
from wargame.engine.errors import IllegalAction, UnknownGame
from wargame.engine.i18n import Catalog, game_catalog
from wargame.engine.log import Side
from wargame.engine.procedure import Context, Procedure
from wargame.engine.rng import RandomSource
from wargame.engine.state import FLAT_ITEMS, Copier, State, copy_data
from wargame.games.dai_senso import (
    aid,
    airdrop,
    blitz,
    cards,
    charts,
    client,
    combat,
    countries,
    country_setup,
    final_admin,
    losses,
    markers,
    movement,
    naval,
    offmap,
    option_cards,
    organisation,
    politics,
    retreat,
    seasonal,
    sequence,
    snlf,
    stacking,
    state,
    strategy,
    victory,
)
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.events import EVENTS
from wargame.games.dai_senso.forces import display_names, forces
from wargame.games.dai_senso.registry import RULES

PLAYABLE: Final = (
    "a1_august_storm",
    "a2_china_incident",
    "a3_tora_tora_tora",
    "b1_war_of_resistance",
    "c1_1937",
)
NOT_YET: Final[dict[str, str]] = {}
"""Why each scenario of ``forces.yaml`` but the playable ones is refused."""
MONTHS: Final = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


class DaiSenso(ProcedureGame):
    id = "dai-senso"
    title = "Dai Senso!"
    title_ja = "大戦争!"
    rules_version = "0.1"
    sides = state.SIDES
    scenarios_not_yet = NOT_YET
    rules = RULES
    tables = charts.TABLES
    procedures: tuple[Procedure, ...] = (
        *sequence.ALL, *blitz.ALL, *movement.ALL, *combat.ALL, *retreat.ALL, *losses.ALL,
        *stacking.ALL, *naval.ALL, *seasonal.ALL, *option_cards.ALL, *organisation.ALL,
        *airdrop.ALL, *politics.ALL, *final_admin.ALL, *snlf.ALL, *markers.ALL, *aid.ALL,
    )  # fmt: skip
    prompts_file = Path(__file__).parent / "data" / "prompts.yaml"
    flat_data_keys = frozenset(
        {
            "factions",
            "eliminated",
            "control",
            "moved",
            "attacked",
            "attacked_hexes",
            "hq_used",
            "blitz",
            "pool",
        }
    )
    data_copiers: Mapping[str, Copier] = {"units": FLAT_ITEMS}
    evaluate = strategy.evaluate  # bots: the evaluation hook (strategy.py)
    order_actions = strategy.order_actions  # bots: the move ordering hook (strategy.py)

    @cached_property
    def catalog(self) -> Catalog:  # type: ignore[override]
        return game_catalog(Path(__file__).parent / "messages", names_catalog())

    def scenarios(self) -> list[Scenario]:
        found = forces().scenarios
        return [Scenario(s, found[s].title, found[s].title_ja, found[s].book) for s in PLAYABLE]

    def scenario_sides(self, scenario_id: str) -> tuple[Side, ...]:
        """The factions a scenario sets up (August Storm: the Axis and the Soviets)."""
        found = forces().scenarios.get(scenario_id)
        return tuple(found.factions) if found else tuple(self.sides)

    def begin(self, g: Context, scenario: str, options: Mapping[str, Any]) -> None:
        tables = charts.tables(g.state)
        terms = charts.scenario_terms(tables, scenario)
        g.data.update(state.initial_data(scenario, terms))
        g.data.update(offmap.initial_data(scenario))
        g.data.update(country_setup.play_area(tables["campaign_scenarios"].get(scenario)))
        g.data.update(naval.initial_data(scenario, tables["naval"]))
        g.data.update(seasonal.initial_data(scenario, tables))
        g.data.update(option_cards.initial_data(g.state, g.data["factions"]))
        g.data.update(countries.initial_data(scenario, tables))
        countries.join_conquered(g.data)
        year, month = map(int, forces().scenarios[scenario].start.split("-"))
        g.data.update(
            turn=1,
            last_turn=terms.turns,
            track=turn_of_month(tables["turn_track"], month),
            year=year,
            phasing=None,
            phase=None,
            moved=[],
            attacked=[],
            attacked_hexes=[],
            hq_used=[],
            blitz={},
        )
        g.push("game")

    def apply(self, state_: State, side: Side, action: Action) -> State:
        """As the engine's, but an action of a faction that is not deciding is refused with the
        phase and its rule (spec §3.1: the phasing faction acts, the others when asked)."""
        self.check_side(side)
        waiting = self.active(state_)
        if waiting and side not in waiting:
            raise IllegalAction(sequence.turn_refusal(state_.data, side, waiting))
        return super().apply(state_, side, action)

    def view_data(self, state_: State, viewer: Side | None) -> dict[str, Any]:
        """The whole position but the other factions' hands and pending option cards (1.1,
        :func:`option_cards.redact`), and the fields the client draws from it."""
        found: dict[str, Any] = copy_data(state_.data)
        option_cards.redact(found, viewer)
        return found | client.display(state_, viewer)

    def determinize(self, view: Mapping[str, Any], side: Side, rng: RandomSource) -> State:
        """The view's position, the other factions' hands and pending cards drawn from the
        cards they may hold (:func:`option_cards.sample`)."""
        data = copy_data(client.without_display(view["board"]))
        found = self.state_from_view(view, side, data, rng)
        option_cards.sample(found, side, rng)
        return found

    def game_secrets(self, state_: State) -> Secrets:
        """Each faction's option cards in its hand or pending that no other faction saw."""
        return Secrets(owned=option_cards.secret_cards(state_.data))

    def client_data(self) -> dict[str, Any]:
        return client.client_data()

    def backdrop(self) -> list[dict[str, Any]]:
        return client.backdrop()

    def check_data(self, state_: State) -> list[str]:
        return state.problems(state_.data)

    def turn(self, state_: State) -> int:
        return int(state_.data["turn"])

    def score_track(self, state_: State) -> dict[Side, float]:
        counts = victory.held(state_.data)
        return {side: float(counts[side]) for side in state_.data["factions"]}

    def cards(self) -> list[dict[str, Any]]:
        """The option cards, each with how much of it is played (``option_cards.card_status``)."""
        rows = cards.catalogue()
        for row in rows:
            row["event"] = option_cards.card_status(cards.cards().cards[row["id"]])
        return rows


def turn_of_month(track: list[charts.Turn], month: int) -> int:
    """The turn track's box of a scenario's first month (a box named "Aug-Sep" holds 8 and 9)."""
    for index, turn in enumerate(track):
        first, _, last = turn.name.partition("-")
        span = range(MONTHS.index(first) + 1, MONTHS.index(last or first) + 2)
        if month in span:
            return index
    raise UnknownGame(f"no box of the turn track holds month {month}")


def names_catalog() -> Catalog:
    """Unit, side and hex names for messages: ``{unit:unit}`` renders its name in either
    language, ``{hex:hex}`` the hex's place and id; the nationalities and ground unit types
    by their ids (``nation.japan``, ``unit_type.infantry``) for the client's unit facts, the
    map's countries (``country.korea``) for its hexes, and the turn track's boxes
    (``track_value.Aug-Sep``) for its tracks."""
    names = Catalog()
    for lang in ("en", "ja"):
        entries: dict[str, str] = {}
        for uid, (name, name_ja) in display_names().items():
            entries[f"unit.{uid}"] = name_ja if lang == "ja" else name
        for kind, records in (
            ("nation", forces().nationalities),
            ("unit_type", forces().ground_types),
            ("marker", forces().markers),
        ):
            for record in records.values():
                entries[f"{kind}.{record.id}"] = record.name_ja if lang == "ja" else record.name
        for box, found in board().off_map_boxes.items():
            entries[f"offmap_box.{box}"] = found["name_ja"] if lang == "ja" else found["name"]
        for country, record in board().country_names.items():
            entries[f"country.{country}"] = record[1] if lang == "ja" else record[0]
        entries |= card_names(lang)
        for turn in charts.TABLES.defaults["turn_track"]:
            shown = months_ja(turn.name) if lang == "ja" else turn.name
            entries[f"track_value.{turn.name}"] = shown
        for hex_id, record in board().hexes.items():
            if record.name:
                shown = record.name_ja if lang == "ja" and record.name_ja else record.name
                entries[f"hex.{hex_id}"] = f"{shown} ({hex_id})"
        entries |= countries.names_entries(lang) | countries.display_entries(lang)
        for event, (english, japanese) in EVENTS.items():
            entries[f"event.{event}"] = entries[f"card_action.{event}"] = (
                japanese if lang == "ja" else english
            )
        for name, table in charts.TABLES.defaults["event_tables"].items():
            title = table.title_ja if lang == "ja" else table.title
            entries[f"event_table.{name}"] = title
            entries[f"card_action.table:{name}"] = f"{title}の表" if lang == "ja" else title
        names.add(lang, entries)
    return names


def card_names(lang: str) -> dict[str, str]:
    """The option cards (``card.axis-3``: "3 Army Plan"), the events (``event.coup``), the
    markers (``marker.kamikaze``) and the event tables (``event_table.colonialism``) that the
    option card segment's log names (1.1); the cards as values of the current card tracks."""
    ja = lang == "ja"
    entries = {
        f"{kind}.{card.id}": f"{card.number} {card.name_ja if ja else card.name}"
        for card in cards.cards().data.cards
        for kind in ("card", "track_value")
    }
    entries |= {f"event.{event}": names[ja] for event, names in EVENTS.items()}
    entries |= {
        f"marker.{marker.id}": marker.name_ja if ja else marker.name
        for marker in forces().markers.values()
    }
    for name, table in charts.TABLES.defaults["event_tables"].items():
        entries[f"event_table.{name}"] = table.title_ja if ja else table.title
    return entries


def months_ja(name: str) -> str:
    """A turn box's months in Japanese: "Aug-Sep" -> "8-9月", "Jul" -> "7月"."""
    return "-".join(str(MONTHS.index(month) + 1) for month in name.split("-")) + "月"
