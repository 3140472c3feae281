"""The three-player test game's rules (see the package docstring)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tests.toy_game import game as toy
from wargame.engine.contract import ProcedureGame, Scenario, Secrets
from wargame.engine.i18n import ENGINE_CATALOG, Catalog
from wargame.engine.log import Side
from wargame.engine.procedure import Context, Decision, Procedure, decision
from wargame.engine.rng import Rng
from wargame.engine.rules import RuleRegistry
from wargame.engine.state import Frame, Result, State

HERE = Path(__file__).parent
SIDES = ("north", "east", "west")
CARDS = tuple(f"c{n}" for n in range(1, 16))
HAND_SIZE = 3
RULES = RuleRegistry("trio", HERE / "rules.yaml")


def worth(card: str) -> int:
    return int(card[1:])


@RULES.implements("1.1")
def draw_up(g: Context) -> None:
    for side in SIDES:
        hand = g.data["hands"][side]
        g.draw(g.data["deck"], HAND_SIZE - len(hand), side, hand)


class Match(Procedure):
    name = "match"

    def start(self, g: Context, f: Frame) -> None:
        deck = list(CARDS)
        g.shuffle(deck, "deck")
        g.data["deck"] = deck
        draw_up(g)
        g.goto("next_round")

    def next_round(self, g: Context, f: Frame) -> None:
        if g.data["round"] > g.data["rounds"]:
            g.goto("score")
            return
        g.call("bid", then="end_round")

    def end_round(self, g: Context, f: Frame) -> None:
        draw_up(g)
        g.data["round"] += 1
        g.goto("next_round")

    @RULES.implements("3.1")
    def score(self, g: Context, f: Frame) -> None:
        points = g.data["points"]
        best = max(points.values())
        leaders = [side for side in SIDES if points[side] == best]
        winner = leaders[0] if len(leaders) == 1 else None
        kind = "points" if winner else "tie"
        g.end_game(Result(winner, kind, {"winner": winner}, {s: points[s] for s in SIDES}))


class Bid(toy.Bid):
    sides = SIDES

    @decision
    @RULES.implements("2.1")
    def choose(self, g: Context, f: Frame) -> Decision:
        return super().choose(g, f)

    @RULES.implements("2.2")
    def reveal(self, g: Context, f: Frame) -> None:
        bids = g.data["bids"]
        g.reveal()
        g.log("log.bids_revealed", **{side: bids[side] or "-" for side in SIDES})
        g.data["discard"].extend(card for card in bids.values() if card is not None)
        offered = {side: worth(card) for side, card in bids.items() if card is not None}
        if offered:
            best = max(offered, key=lambda side: offered[side])
            g.data["points"][best] += 1
            g.log("log.round_won", side=best)
        g.data["bids"] = {}
        g.ret()


class TrioGame(ProcedureGame):
    id = "trio"
    title = "Three-way bidding (test game)"
    rules_version = "1"
    sides = SIDES
    listed = False
    procedures = (Match(), Bid())
    rules = RULES
    prompts_file = HERE / "prompts.yaml"

    def __init__(self) -> None:
        super().__init__()
        own = Catalog()
        own.add_directory(HERE / "messages")
        self.catalog = ENGINE_CATALOG.layered(own)

    def scenarios(self) -> list[Scenario]:
        return [Scenario("standard", "Standard")]

    def begin(self, g: Context, scenario: str, options: Mapping[str, Any]) -> None:
        g.data.update(
            round=1,
            rounds=4,
            deck=[],
            discard=[],
            bids={},
            hands={side: [] for side in SIDES},
            points={side: 0 for side in SIDES},
        )
        g.push("match")

    def view_data(self, state: State, viewer: Side | None) -> dict[str, Any]:
        data = state.data
        return {
            "round": data["round"],
            "rounds": data["rounds"],
            "points": dict(data["points"]),
            "discard": list(data["discard"]),
            "deck_size": len(data["deck"]),
            "hand_sizes": {side: len(data["hands"][side]) for side in SIDES},
            "bid_made": sorted(data["bids"]),
            "hand": list(data["hands"][viewer]) if viewer else None,
            "my_bid": data["bids"].get(viewer) if viewer else None,
        }

    def turn(self, state: State) -> int:
        return min(int(state.data["round"]), int(state.data["rounds"]))

    def score_track(self, state: State) -> dict[Side, float]:
        return dict(state.data["points"])

    def check_data(self, state: State) -> list[str]:
        return toy.cards_lost(state.data, SIDES, CARDS)

    def game_secrets(self, state: State) -> Secrets:
        return toy.hand_secrets(state.data, SIDES)

    def determinize(self, view: Mapping[str, Any], side: Side, rng: Rng) -> State:
        """The other two hands and sealed bids drawn from the cards ``side`` has not seen."""
        board = view["board"]
        known = set(board["hand"]) | set(board["discard"]) | {board["my_bid"]} - {None}
        unseen = [card for card in CARDS if card not in known]
        rng.shuffle(unseen)
        hands = {side: list(board["hand"])}
        bids: dict[str, str | None] = {}
        if side in board["bid_made"]:
            bids[side] = board["my_bid"]
        for other in SIDES:
            if other == side:
                continue
            hands[other] = [unseen.pop() for _ in range(board["hand_sizes"][other])]
            if other in board["bid_made"]:
                bids[other] = unseen.pop() if unseen else None
        data = {
            "round": board["round"],
            "rounds": board["rounds"],
            "deck": unseen,
            "discard": list(board["discard"]),
            "bids": bids,
            "hands": hands,
            "points": dict(board["points"]),
        }
        return self.state_from_view(view, side, data, rng)

    def describe(self, state: State, viewer: Side | None, lang: str) -> str:
        data = state.data
        points = ", ".join(
            f"{self.catalog.name('side', s, lang)} {data['points'][s]}" for s in SIDES
        )
        lines = [f"round {data['round']}/{data['rounds']}; points: {points}"]
        if viewer:
            lines.append(f"hand: {' '.join(data['hands'][viewer]) or '-'}")
        return "\n".join(lines)


GAME = TrioGame()
