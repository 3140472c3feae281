"""The toy game's rules (see the package docstring)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from wargame.engine.action import Action
from wargame.engine.board import HexGrid, HexLayout
from wargame.engine.contract import OptionSpec, ProcedureGame, Scenario, Secrets
from wargame.engine.dice import D6
from wargame.engine.i18n import ENGINE_CATALOG, Catalog
from wargame.engine.log import Side
from wargame.engine.notes import (
    Forces,
    Preview,
    Resolved,
    UnitValues,
    consequence,
    message,
    roll_preview,
)
from wargame.engine.procedure import Context, Decision, Procedure, decision
from wargame.engine.rng import Rng
from wargame.engine.rules import RuleRegistry
from wargame.engine.state import Frame, Result, State

HERE = Path(__file__).parent
SIDES = ("red", "blue")
CARDS = tuple(f"c{n}" for n in range(1, 13))
HAND_SIZE = 3
HOME = {"red": "0101", "blue": "0303"}
BOARD = HexGrid(
    HexLayout.ODD_Q, hexes=[f"{c:02d}{r:02d}" for c in range(1, 4) for r in range(1, 4)]
)
RULES = RuleRegistry("toy", HERE / "rules.yaml")


def value(card: str) -> int:
    return int(card[1:]) % 3 + 1


def other(side: Side) -> Side:
    return SIDES[1] if side == SIDES[0] else SIDES[0]


@RULES.implements("1.1")
def draw_up(g: Context, side: Side) -> None:
    hand = g.data["hands"][side]
    g.draw(g.data["deck"], HAND_SIZE - len(hand), side, hand)


class Match(Procedure):
    name = "match"

    def start(self, g: Context, f: Frame) -> None:
        deck = list(CARDS)
        g.shuffle(deck, "deck")
        g.data["deck"] = deck
        for side in SIDES:
            draw_up(g, side)
        g.goto("next_round")

    def next_round(self, g: Context, f: Frame) -> None:
        if g.data["round"] > g.data["rounds"]:
            g.goto("score")
            return
        g.call("bid", then="after_bid")

    def after_bid(self, g: Context, f: Frame) -> None:
        g.call("move", then="end_round")

    def end_round(self, g: Context, f: Frame) -> None:
        for side in SIDES:
            draw_up(g, side)
        g.data["round"] += 1
        g.goto("next_round")

    @RULES.implements("4.1")
    def score(self, g: Context, f: Frame) -> None:
        points = g.data["points"]
        red, blue = points["red"], points["blue"]
        winner = None if red == blue else ("red" if red > blue else "blue")
        kind = "tie" if winner is None else "points"
        g.end_game(Result(winner, kind, {"winner": winner}, {s: points[s] for s in SIDES}))


class Bid(Procedure):
    """Every side of ``sides`` bids a card of its hand face down at once (a side with none
    passes); the bids are revealed together (the three-player test game bids so too)."""

    name = "bid"
    sides: tuple[Side, ...] = SIDES

    def start(self, g: Context, f: Frame) -> None:
        g.data["bids"] = {}
        g.goto("choose")

    @decision
    @RULES.implements("2.1")
    def choose(self, g: Context, f: Frame) -> Decision:
        found = Decision()
        for side in self.sides:
            if side in g.data["bids"]:
                continue
            hand = g.data["hands"][side]
            choices = found.side(side, "prompt.bid" if hand else "prompt.bid_nothing")
            for card in hand:
                choices.add(Action.of("card", card), self.bid, side, card)
            if not hand:
                choices.add("pass", self.bid, side, None)
            else:
                choices.refuse("pass", "a side with cards must bid one")
        return found

    def bid(self, g: Context, f: Frame, side: Side, card: str | None) -> None:
        if card is not None:
            g.data["hands"][side].remove(card)
        g.data["bids"][side] = card
        g.log("log.bid_made", side=side)
        if len(g.data["bids"]) == len(self.sides):
            g.goto("reveal")

    @RULES.implements("2.2")
    def reveal(self, g: Context, f: Frame) -> None:
        bids = g.data["bids"]
        g.reveal()
        g.log("log.bids_revealed", red=bids["red"] or "-", blue=bids["blue"] or "-")
        g.data["discard"].extend(card for card in bids.values() if card is not None)
        strength = {side: value(bids[side]) if bids[side] else 0 for side in SIDES}
        while strength["red"] == strength["blue"]:
            strength = {side: g.roll(D6, side, "bid_tie") for side in SIDES}
        g.data["initiative"] = max(SIDES, key=lambda side: strength[side])
        g.data["bids"] = {}
        g.log("log.initiative", side=g.data["initiative"])
        g.ret()


class Move(Procedure):
    """The initiative side's two-click order: a card, then a hex (or cancel, or pass)."""

    name = "move"

    @decision
    def start(self, g: Context, f: Frame) -> Decision:
        side = g.data["initiative"]
        hand = g.data["hands"][side]
        choices = Decision.single(side, "prompt.move_card" if hand else "prompt.move_nothing")
        for card in hand:
            label = message("label.move_card", card=card, value=value(card))
            choices.add(Action.of("card", card), self.pick, side, card, label=label)
        choices.add("pass", self.skip, side)
        found = Decision()
        found.sides[side] = choices
        return found

    def pick(self, g: Context, f: Frame, side: Side, card: str) -> None:
        g.data["pending"][side] = card
        g.goto("target")

    @decision
    @RULES.implements("3.1")
    def target(self, g: Context, f: Frame) -> Decision:
        side = g.data["initiative"]
        card = g.data["pending"][side]
        found = Decision()
        choices = found.side(side, "prompt.move_target", value=value(card))
        here = g.data["positions"][side]
        enemy = g.data["positions"][other(side)]
        for hex_id in BOARD.within(here, value(card)):
            if hex_id == here:
                continue
            path = tuple(BOARD.line(here, hex_id))
            if hex_id == enemy:
                meeting = (consequence("3.2", "consequence.fight", hex=hex_id),)
                choices.add(
                    Action.of("hex", hex_id), self.move, side, hex_id,
                    consequences=meeting, path=path, preview=fight_preview(g, hex_id),
                )  # fmt: skip
            else:
                choices.add(Action.of("hex", hex_id), self.move, side, hex_id, path=path)
        choices.add("cancel", self.cancel, side)
        return found

    def cancel(self, g: Context, f: Frame, side: Side) -> None:
        g.data["pending"].pop(side)
        g.goto("start")

    def skip(self, g: Context, f: Frame, side: Side) -> None:
        g.log("log.pass", side=side)
        g.ret()

    def move(self, g: Context, f: Frame, side: Side, hex_id: str) -> None:
        card = g.data["pending"].pop(side)
        g.data["hands"][side].remove(card)
        g.data["discard"].append(card)
        g.data["positions"][side] = hex_id
        g.log("log.move", side=side, card=card, hex=hex_id)
        if g.data["positions"][other(side)] == hex_id:
            fight(g)
        g.ret()


@RULES.implements("3.2")
def fight(g: Context) -> None:
    winner = None
    while winner is None:
        rolls = {side: g.roll(D6, side, "combat") for side in SIDES}
        winner = round_winner(rolls["red"], rolls["blue"])
    g.data["points"][winner] += 1
    g.data["positions"][other(winner)] = HOME[other(winner)]
    g.log("log.point", side=winner)


@RULES.implements("3.2")
def round_winner(red: int, blue: int) -> Side | None:
    """A round of a fight: the higher die wins; a tie is rolled again."""
    return None if red == blue else ("red" if red > blue else "blue")


def fight_preview(g: Context, hex_id: str) -> Preview:
    """The fight a move onto the enemy's token starts: each side's token and points, and one
    round of dice, resolved by :func:`round_winner` as the fight is."""

    def resolve(red: int, blue: int) -> Resolved:
        winner = round_winner(red, blue)
        if winner is None:
            return Resolved("tie", message("preview.tie"))
        return Resolved(winner, message("preview.round_won", side=winner))

    sides = tuple(
        Forces(side, (UnitValues(f"{side}-token", {"points": g.data["points"][side]}),), {})
        for side in SIDES
    )
    dice = roll_preview(message("preview.round"), "red", (D6, D6), resolve)
    notes = (message("preview.until_decided"),)
    return Preview(message("preview.fight", hex=hex_id), sides, (dice,), notes)


def cards_lost(
    data: Mapping[str, Any], sides: tuple[Side, ...], cards: tuple[str, ...]
) -> list[str]:
    """A problem if the deck, the discards, the hands and the sealed bids do not hold every card
    once."""
    held = [c for side in sides for c in data["hands"][side]]
    bids = [c for c in data["bids"].values() if c is not None]
    everywhere = sorted(data["deck"] + data["discard"] + held + bids)
    return [] if everywhere == sorted(cards) else [f"cards lost or duplicated: {everywhere}"]


def hand_secrets(data: Mapping[str, Any], sides: tuple[Side, ...]) -> Secrets:
    """Each side's hand and sealed bid; the deck's cards and order, which nobody sees."""
    owned = {side: set(data["hands"][side]) for side in sides}
    for side, card in data["bids"].items():
        if card is not None:
            owned[side].add(card)
    deck = data["deck"]
    return Secrets(owned=owned, hidden=set(deck), orders={"deck": list(deck)})


class ToyGame(ProcedureGame):
    id = "toy"
    title = "Toy skirmish (test game)"
    rules_version = "1"
    sides = SIDES
    listed = False
    procedures = (Match(), Bid(), Move())
    rules = RULES
    prompts_file = HERE / "prompts.yaml"
    catalog = ENGINE_CATALOG.layered(Catalog())

    def __init__(self) -> None:
        super().__init__()
        own = Catalog()
        own.add_directory(HERE / "messages")
        self.catalog = ENGINE_CATALOG.layered(own)

    def scenarios(self) -> list[Scenario]:
        return [Scenario("standard", "Standard"), Scenario("short", "Short")]

    def options(self) -> list[OptionSpec]:
        return [OptionSpec("rounds", None, (None, 1, 2, 3, 4, 5, 6))]

    def begin(self, g: Context, scenario: str, options: Mapping[str, Any]) -> None:
        rounds = options["rounds"] or (4 if scenario == "standard" else 2)
        g.data.update(
            round=1,
            rounds=rounds,
            deck=[],
            discard=[],
            bids={},
            pending={},
            initiative=None,
            hands={side: [] for side in SIDES},
            points={side: 0 for side in SIDES},
            positions=dict(HOME),
        )
        g.push("match")

    def view_data(self, state: State, viewer: Side | None) -> dict[str, Any]:
        data = state.data
        return {
            "round": data["round"],
            "rounds": data["rounds"],
            "positions": dict(data["positions"]),
            "points": dict(data["points"]),
            "discard": list(data["discard"]),
            "deck_size": len(data["deck"]),
            "hand_sizes": {side: len(data["hands"][side]) for side in SIDES},
            "bid_made": sorted(data["bids"]),
            "initiative": data["initiative"],
            "hand": list(data["hands"][viewer]) if viewer else None,
            "my_bid": data["bids"].get(viewer) if viewer else None,
            "my_pending": data["pending"].get(viewer) if viewer else None,
        }

    def turn(self, state: State) -> int:
        return min(int(state.data["round"]), int(state.data["rounds"]))

    def score_track(self, state: State) -> dict[Side, float]:
        return dict(state.data["points"])

    def check_data(self, state: State) -> list[str]:
        data = state.data
        lost = cards_lost(data, SIDES, CARDS)
        if lost:
            return lost
        return [
            f"{s} holds {len(data['hands'][s])} cards"
            for s in SIDES
            if len(data["hands"][s]) > HAND_SIZE
        ]

    def game_secrets(self, state: State) -> Secrets:
        return hand_secrets(state.data, SIDES)

    def determinize(self, view: Mapping[str, Any], side: Side, rng: Rng) -> State:
        board = view["board"]
        opponent = other(side)
        known = set(board["hand"]) | set(board["discard"]) | {board["my_bid"]} - {None}
        unseen = [card for card in CARDS if card not in known]
        rng.shuffle(unseen)
        opponent_hand = [unseen.pop() for _ in range(board["hand_sizes"][opponent])]
        bids: dict[str, str | None] = {}
        if board["my_bid"] is not None or side in board["bid_made"]:
            bids[side] = board["my_bid"]
        if opponent in board["bid_made"]:
            bids[opponent] = unseen.pop() if board["hand_sizes"][opponent] or unseen else None
        pending = {side: board["my_pending"]} if board["my_pending"] else {}
        top = view["stack"][-1] if view["stack"] else None
        if top == {"name": "move", "step": "target"} and board["initiative"] == opponent:
            pending[opponent] = rng.choice(opponent_hand)
        data = {
            "round": board["round"],
            "rounds": board["rounds"],
            "deck": unseen,
            "discard": list(board["discard"]),
            "bids": bids,
            "initiative": board["initiative"],
            "pending": pending,
            "hands": {side: list(board["hand"]), opponent: opponent_hand},
            "points": dict(board["points"]),
            "positions": dict(board["positions"]),
        }
        return self.state_from_view(view, side, data, rng)

    def describe(self, state: State, viewer: Side | None, lang: str) -> str:
        data = state.data
        lines = []
        for row in range(1, 4):
            cells = []
            for col in range(1, 4):
                hex_id = f"{col:02d}{row:02d}"
                here = [s[0].upper() for s in SIDES if data["positions"][s] == hex_id]
                cells.append(f"{hex_id}:{''.join(here) or '.':2}")
            lines.append("  ".join(cells))
        points = ", ".join(
            f"{self.catalog.name('side', s, lang)} {data['points'][s]}" for s in SIDES
        )
        lines.append(f"round {data['round']}/{data['rounds']}; points: {points}")
        if viewer:
            lines.append(f"hand: {' '.join(data['hands'][viewer]) or '-'}")
        return "\n".join(lines)


GAME = ToyGame()
