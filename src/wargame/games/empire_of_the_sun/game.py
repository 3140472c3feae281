"""Empire of the Sun as a game contract: set-up, views, invariants and determinization."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property, partial
from pathlib import Path
from typing import Any

from wargame.engine import bidding as sealed_bids
from wargame.engine.action import Action
from wargame.engine.contract import OptionSpec, ProcedureGame, Scenario, Secrets
from wargame.engine.i18n import Catalog, game_catalog
from wargame.engine.log import Event, Side
from wargame.engine.procedure import Context, Procedure
from wargame.engine.rng import Rng
from wargame.engine.state import (
    FLAT_ITEMS,
    LEAVES,
    Copier,
    State,
    copy_data,
    holds_leaves_only,
)
from wargame.games.empire_of_the_sun import bidding, charts, events, procedures, setup, victory
from wargame.games.empire_of_the_sun.forces import Components
from wargame.games.empire_of_the_sun.invariants import problems
from wargame.games.empire_of_the_sun.registry import RULES
from wargame.games.empire_of_the_sun.static import Card, Hex, Static, Unit, static
from wargame.games.empire_of_the_sun.strategy import Strategy
from wargame.games.empire_of_the_sun.text import describe
from wargame.maps.built import BACKDROP, read_backdrop

SECRET_KEYS = ("cards", "pending", "drawn", "bids")
OPPONENT = {"japan": "allied", "allied": "japan"}


def _copy_piles(value: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {
        side: {name: list(item) if type(item) is list else item for name, item in piles.items()}
        for side, piles in value.items()
    }


def _piles_problems(value: Any) -> list[str]:
    sides = list(value.values()) if isinstance(value, dict) else [None]
    if not all(isinstance(piles, dict) for piles in sides):
        return ["is not a dict of each side's dict of piles"]
    items = [item for piles in sides for item in piles.values()]
    if not all(type(item) in LEAVES or holds_leaves_only(item) for item in items):
        return ["holds an item that is neither an immutable value nor a list of them"]
    return []


CARD_PILES = Copier(_copy_piles, _piles_problems)
"""``data["cards"]``: each side's piles (deck, hand, discard...: lists of card ids) and marks
(the future card and its turn): a state's copy copies each pile at once, without looking at the
type of every card."""


def record_copier(nested: frozenset[str] = frozenset()) -> Copier:
    """A copier for a record (a dict, or None) whose values are immutable, lists of immutable
    values, or dicts: each list copied at once, without looking at the type of every item; the
    dicts, and the values of the keys in ``nested`` (which may hold anything), copied whole.
    Made of module functions, so that the game pickles (worker processes)."""
    return Copier(partial(_copy_record, nested), partial(_record_problems, nested))


def _copy_record(nested: frozenset[str], value: dict[str, Any] | None) -> dict[str, Any] | None:
    if value is None:
        return None
    copied = dict(value)
    for key, item in value.items():
        if type(item) is list:
            copied[key] = copy_data(item) if key in nested else list(item)
        elif type(item) is dict:
            copied[key] = copy_data(item)
    return copied


def _record_problems(nested: frozenset[str], value: Any) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, dict):
        return ["is neither a record nor None"]
    lists = [k for k, item in value.items() if isinstance(item, list) and k not in nested]
    if not all(holds_leaves_only(value[k]) for k in lists):
        return ["holds a list of containers under a key not declared nested"]
    return []


class EmpireOfTheSun(ProcedureGame):
    id = "empire-of-the-sun"
    title = "Empire of the Sun (v2.0)"
    title_ja = "太陽の帝国 (v2.0)"
    rules_version = "0.1"
    sides = ("japan", "allied")
    own_run = 30
    """An offensive's clicks (a card, an HQ, its units, their moves, the battles) before the
    other side may react: Japan's runs of its own actions in two 1942 games of ``greedy``
    against ``random`` were 3 long at the median, 24 at the 90th percentile, 89 at most; 30
    covers 95 % of them."""
    rules = RULES
    tables = charts.TABLES
    procedures: tuple[Procedure, ...] = procedures.ALL
    prompts_file = Path(__file__).parent / "data" / "prompts.yaml"
    flat_data_keys = frozenset(
        "units reduced returning rebuilt bombed control tracks passes event_draws designated "
        "deal_cuts asp_used surrendered lasting reshuffle pending first_deal first_passes "
        "captured bombing garrisons_lost recaptured will_once occupied".split()
    )
    data_copiers: Mapping[str, Copier] = {
        "cards": CARD_PILES,
        "drawn": FLAT_ITEMS,
        "known": FLAT_ITEMS,
        "offensive": record_copier(frozenset({"flips"})),  # the flips are pairs
        "progress": record_copier(),
    }

    @cached_property
    def parts(self) -> Components:
        return Components(static())

    @property
    def static(self) -> Components:
        return self.parts

    @cached_property
    def catalog(self) -> Catalog:  # type: ignore[override]
        return game_catalog(Path(__file__).parent / "messages", names_catalog(self.parts))

    def scenarios(self) -> list[Scenario]:
        return [
            Scenario(s.id, s.title, s.title_ja, s.notes)
            for s in self.parts.static.scenarios.values()
        ]

    def options(self) -> list[OptionSpec]:
        return list(bidding.OPTIONS)

    def begin(self, g: Context, scenario: str, options: Mapping[str, Any]) -> None:
        setup.new_game(g, self.parts, self.parts.static.scenarios[scenario])
        g.push("game")
        if options.get("bidding"):
            g.push("bidding")  # before the first turn (16.49)

    # -- views -------------------------------------------------------------------------------
    def view_data(self, state: State, viewer: Side | None) -> dict[str, Any]:
        data = state.data
        public = {key: value for key, value in data.items() if key not in SECRET_KEYS}
        found = copy_data(public)  # the state's data is JSON: dicts, lists and immutable leaves
        found["cards"] = {side: pile_summary(data["cards"][side]) for side in self.sides}
        if choosing_destination(state):
            found["bases"] = self.bases(data["control"])
        if viewer is not None:
            own = data["cards"][viewer]
            found["hand"] = list(own["hand"])
            found["future_card"] = own["future"]
            found["pending"] = data["pending"].get(viewer)
            found["drawn"] = list(data["drawn"][viewer])
            found.update(sealed_bids.own_bid(data, viewer))
        return found

    @cached_property
    def base_hexes(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The map's port hexes and airfield hexes, in map order."""
        hexes = self.parts.board.hexes
        ports = tuple(h for h, record in hexes.items() if record.port)
        return ports, tuple(h for h, record in hexes.items() if record.airfield)

    def bases(self, control: dict[str, str]) -> dict[str, dict[str, list[str]]]:
        """Each side's ports and airfields (the hexes it controls): where its ships must end an
        offensive (7.21) and its air units land (5.11). Public, like control; in the view only
        while a destination is being chosen (``choosing_destination``), since a client can
        work them out from ``control`` and the map's hexes at any time."""
        ports, airfields = self.base_hexes
        return {
            side: {
                "ports": [h for h in ports if control.get(h) == side],
                "airfields": [h for h in airfields if control.get(h) == side],
            }
            for side in self.sides
        }

    def describe(self, state: State, viewer: Side | None, lang: str) -> str:
        return describe(self, state, viewer, lang)

    def cards(self) -> list[dict[str, Any]]:
        return events.catalogue(self.parts.cards.values())

    def client_data(self) -> dict[str, Any]:
        """The map (grid facts, hexes, hexsides), the units' printed values and the cards'
        metadata, from the loaded data files; hex centres are in units of a hex's circumradius."""
        printed = self.parts.static
        return {
            "board": board_data(printed),
            "units": [unit_data(unit) for unit in printed.units.values()],
            "cards": [card_data(card) for card in printed.cards.values()],
        }

    def backdrop(self) -> list[dict[str, Any]]:
        """The coastlines and borders of ``data/backdrop.json`` in the board's frame (hex
        centres in units of a circumradius), rounded to a hundredth of that; none while the fit
        to geography is too poor for them to be drawn (the file records why)."""
        printed = self.parts.static
        lines = read_backdrop(printed.directory / BACKDROP, printed.grid)
        return [
            {"kind": line.kind, "points": [[round(x, 2), round(y, 2)] for x, y in line.points]}
            for line in lines
        ]

    def game_secrets(self, state: State) -> Secrets:
        """Each side's hand (less the cards the opponent saw it take back) and Future Offensive
        card, its sealed tournament bid (16.49), and the order of each deck, which nobody sees
        (4.14). A deck's cards are not secret: a card everybody saw played may be reshuffled
        into its deck, and the line that logs the play names it."""
        owned: dict[Side, set[str]] = {}
        orders: dict[str, list[str]] = {}
        for side in self.sides:
            own = state.data["cards"][side]
            hidden = set(own["hand"]) - set(state.data["known"][side])
            owned[side] = {*hidden, *([own["future"]] if own["future"] else [])}
            orders[f"deck_{side}"] = list(own["deck"])
        for side, sealed in sealed_bids.secret_tokens(state.data).items():
            owned[side] |= sealed
        return Secrets(owned=owned, orders=orders)

    def determinize(self, view: Mapping[str, Any], side: Side, rng: Rng) -> State:
        board = view["board"]
        data = {key: copy_data(value) for key, value in board.items() if key != "cards"}
        for key in ("hand", "future_card", "drawn", "bid", "bases"):
            data.pop(key, None)
        if "bidding" in board:
            data["bids"] = sealed_bids.sample_bids(board, side, rng, bidding.SEATS, bidding.MAX_BID)
        data["drawn"] = {side: list(board["drawn"]), OPPONENT[side]: []}
        known = {side: {"hand": list(board["hand"]), "future": board["future_card"]}}
        in_play = cards_in_play(view)
        data["cards"] = sample_piles(
            self.parts, board, side, known=known[side], in_play=in_play, rng=rng
        )
        data["pending"] = {}
        if board["pending"]:
            data["pending"][side] = board["pending"]
        opponent = OPPONENT[side]
        if pending_pick(view, opponent):
            held = data["cards"][opponent]["hand"] + [data["cards"][opponent]["future"] or ""]
            data["pending"][opponent] = rng.choice([c for c in held if c])
        return self.state_from_view(view, side, data, rng)

    def check_data(self, state: State) -> list[str]:
        return problems(self, state)

    def turn(self, state: State) -> int:
        return int(state.data["turn"])

    def score_track(self, state: State) -> dict[Side, float]:
        return dict(victory.standing(self.context(state)))

    # -- for bots (strategy.py) ----------------------------------------------------------------
    @cached_property
    def strategy(self) -> Strategy:
        return Strategy(self.parts)

    def evaluate(self, state: State, side: Side) -> float:
        return self.strategy.evaluate(self.context(state), side)

    def order_actions(self, state: State, side: Side, actions: list[Action]) -> list[Action]:
        return self.strategy.order(self.context(state), side, actions)

    def explain(self, state: State, side: Side, line: Sequence[tuple[Side, str]]) -> Event | None:
        return self.strategy.explain(self.context(state), side, line)


DESTINATION_STEPS = frozenset(
    {("offensive", "move_group"), ("offensive", "react_group"), ("post_battle", "destination")}
)


def choosing_destination(state: State) -> bool:
    """Whether the decision now is where a unit or stack goes (a move, a post-battle move)."""
    top = state.stack[-1] if state.stack else None
    return top is not None and (top.name, top.step) in DESTINATION_STEPS


def pile_summary(own: dict[str, Any]) -> dict[str, Any]:
    return {
        "hand_size": len(own["hand"]),
        "deck_size": len(own["deck"]),
        "discard": list(own["discard"]),
        "removed": list(own["removed"]),
        "future_held": own["future"] is not None,
        "future_turn": own["future_turn"],
    }


def pending_pick(view: Mapping[str, Any], side: Side) -> bool:
    """Whether ``side`` has picked a card it has not committed yet (it is choosing its use)."""
    stack = view["stack"]
    return (
        bool(stack)
        and stack[-1]["name"] == "action"
        and stack[-1]["step"] != "start"
        and (stack[-1].get("locals", {}).get("side") == side)
    )


def cards_in_play(view: Mapping[str, Any]) -> set[str]:
    """Cards being played: named by a procedure frame or the current offensive (all public)."""
    found = {frame.get("locals", {}).get("card") for frame in view["stack"]}
    offensive = view["board"].get("offensive")
    if offensive:
        found.add(offensive["card"])
    return {card for card in found if card}


def sample_piles(
    parts: Components,
    board: Mapping[str, Any],
    side: Side,
    *,
    known: dict[str, Any],
    in_play: set[str],
    rng: Rng,
) -> dict[str, dict[str, Any]]:
    """Decks, hands and Future Offensive cards consistent with what ``side`` has seen."""
    piles: dict[str, dict[str, Any]] = {}
    for owner in ("japan", "allied"):
        summary = board["cards"][owner]
        seen = {*summary["discard"], *summary["removed"], *in_play}
        unseen = [c for c, card in parts.cards.items() if card.side == owner and c not in seen]
        if owner == side:
            held = {*known["hand"], known["future"]}
            hand, future = list(known["hand"]), known["future"]
            deck = [c for c in unseen if c not in held]
        else:
            shown = list(board["known"][owner])
            unseen = [c for c in unseen if c not in setup.OPENING_CARDS or board["turn"] == 1]
            unseen = [c for c in unseen if c not in shown]
            rng.shuffle(unseen)
            hand = shown + [unseen.pop() for _ in range(summary["hand_size"] - len(shown))]
            future = unseen.pop() if summary["future_held"] else None
            deck = unseen
        rng.shuffle(deck)
        piles[owner] = {
            "deck": deck[: summary["deck_size"]] if owner != side else deck,
            "hand": hand,
            "discard": list(summary["discard"]),
            "removed": list(summary["removed"]),
            "future": future,
            "future_turn": summary["future_turn"],
        }
    return piles


def names_catalog(parts: Components) -> Catalog:
    """Hex, unit, card and scenario names for messages: ``{hex:hex}`` renders "Manila" /
    "マニラ"."""
    names = Catalog()
    for lang in ("en", "ja"):
        entries: dict[str, str] = {}
        for hex_id, record in parts.board.hexes.items():
            name = record.name_ja if lang == "ja" and record.name_ja else record.name
            if name:
                entries[f"hex.{hex_id}"] = f"{name} ({hex_id})"
        for unit in parts.units.values():
            entries[f"unit.{unit.id}"] = (
                unit.name_ja if lang == "ja" and unit.name_ja else unit.name
            )
        for card in parts.cards.values():
            title = card.title_ja if lang == "ja" and card.title_ja else card.title
            entries[f"card.{card.id}"] = f"{card.id} {title}"
        for scenario in parts.static.scenarios.values():
            shown = scenario.title_ja if lang == "ja" and scenario.title_ja else scenario.title
            entries[f"scenario.{scenario.id}"] = shown
        names.add(lang, entries)
    return names


def board_data(printed: Static) -> dict[str, Any]:
    """The hex grid as the printed map numbers it (odd-q ``CCRR``, rows growing down) and every
    hex with its drawing centre; ``off_map`` hexes are outside the playable area."""
    grid = printed.grid
    map_file = printed.map_file
    return {
        "kind": "hex",
        "layout": map_file.layout,
        "flat_top": True,
        "id_format": "CCRR",
        "columns": list(map_file.columns),
        "rows": list(map_file.rows),
        "rows_grow": "down",
        "hex_radius": 1.0,
        "hexes": [hex_data(record, grid.centre(record.id)) for record in map_file.hexes],
        "hexsides": [{"a": s.a, "b": s.b, "flags": list(s.flags)} for s in map_file.hexsides],
    }


def hex_data(record: Hex, centre: tuple[float, float]) -> dict[str, Any]:
    return {
        "id": record.id,
        "x": round(centre[0], 4),
        "y": round(centre[1], 4),
        "terrain": record.terrain,
        "name": record.name,
        "name_ja": record.name_ja,
        "region": record.region,
        "city": record.city,
        "port": record.port,
        "airfield": record.airfield,
        "resource": record.resource,
        "island": record.island,
        "areas": list(record.areas),
    }


def unit_data(unit: Unit) -> dict[str, Any]:
    """A counter's printed values and names (its set-up column is scenario data, left out)."""
    return {
        "id": unit.id,
        "name": unit.name,
        "name_ja": unit.name_ja,
        "side": unit.side,
        "nationality": unit.nationality,
        "service": unit.service,
        "unit_class": unit.unit_class,
        "type": unit.type,
        "attack": unit.attack,
        "defense": unit.defense,
        "reduced_attack": unit.reduced_attack,
        "steps": unit.steps,
        "range": unit.range,
        "extended_range": unit.extended_range,
        "command_range": unit.command_range,
        "efficiency": unit.efficiency,
        "hq_kind": unit.hq_kind,
        "amphibious": unit.amphibious,
    }


def card_data(card: Card) -> dict[str, Any]:
    """A card's printed values, and its title and effect in both languages (never its source
    notes)."""
    return {
        "id": card.id,
        "side": card.side,
        "number": card.number,
        "title": card.title,
        "title_ja": card.title_ja,
        "type": card.type,
        "reaction": card.reaction,
        "oc": card.oc,
        "oc_intel": card.oc_intel,
        "ec_intel": card.ec_intel,
        "lv": card.lv,
        "lv_hq": dict(card.lv_hq),
        "hq": list(card.hq),
        "intelligence": card.intelligence,
        "remove": card.remove,
        "draw": card.draw,
        "provenance": card.provenance,
        "effect": card.effect,
        "effect_ja": card.effect_ja,
    }
