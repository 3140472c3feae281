"""Tournaments: bots play each other, swapping sides from game to game, and the wins are counted
by bot and by side with a 95 % confidence interval (Wilson's score interval), beside the seconds
each bot took per decision. Strength is measured this way, never asserted (DESIGN 2.5)."""

from __future__ import annotations

import math
import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from wargame.bots import Bot, make_bot, playing_sides
from wargame.engine.contract import Game
from wargame.engine.log import Side
from wargame.engine.rng import derive_seed
from wargame.engine.session import Session

Lookup = Callable[[str], Game]
Z_95 = statistics.NormalDist().inv_cdf(0.975)  # the quantile of a two-sided 95 % interval


@dataclass(frozen=True)
class Plan:
    """What a tournament plays: ``bots`` in the order of the game's sides for its first game,
    moved round by one side for each next game."""

    game: str
    scenario: str
    bots: tuple[str, ...]
    games: int
    seed: int = 1
    jobs: int = 1
    max_actions: int = 20_000
    sides: tuple[Side, ...] = ()
    """The sides playing the scenario (``run`` fills them in)."""
    record: Path | None = None
    """A folder to save each game in as a save file (``game-INDEX.json``), replayable and
    viewable like any other: the search bots' games depend on their time budgets, so a game
    lost is studied from its record, never played again."""

    def seats(self, index: int) -> dict[Side, str]:
        """Each side's bot (its name in the tables) in game ``index``."""
        names = self.names()
        turn = index % len(names)
        order = names[turn:] + names[:turn]
        return dict(zip(self.sides, order, strict=True))

    def names(self) -> list[str]:
        """The bots' names, numbered where one kind plays against itself."""
        counts = Counter(self.bots)
        seen: Counter[str] = Counter()
        names = []
        for kind in self.bots:
            seen[kind] += 1
            names.append(f"{kind}#{seen[kind]}" if counts[kind] > 1 else kind)
        return names


@dataclass
class Played:
    """One game of a tournament."""

    index: int
    seats: dict[Side, str]
    winner: Side | None
    kind: str
    actions: int
    decisions: dict[str, list[tuple[float, float, bool]]] = field(default_factory=dict)
    """For each bot, each of its decisions: seconds on the clock, seconds of the processor
    (what the bot itself spent, whatever else the machine was doing) and whether it had a
    choice."""
    allies: list[Side] = field(default_factory=list)
    """The sides that share ``winner``'s victory (``Result.allies``)."""

    def won(self, side: Side) -> bool:
        return side == self.winner or side in self.allies


def kind_of(name: str) -> str:
    return name.split("#", 1)[0]


def start(plan: Plan, index: int, game: Game) -> tuple[Session, dict[Side, Bot]]:
    """Game ``index`` of ``plan`` set up with its own seed, and each seat's bot with its own:
    the same game wherever it is played (a script that plays part of it, as well)."""
    seed = derive_seed(plan.seed, "game", index)
    bots = {
        side: make_bot(kind_of(name), game, side, derive_seed(seed, "bot", side))
        for side, name in plan.seats(index).items()
    }
    return Session.new(game, plan.scenario, seed), bots


def play(plan: Plan, index: int, lookup: Lookup) -> Played:
    """Game ``index`` of ``plan`` (see ``start``), played to its end or ``max_actions``."""
    game = lookup(plan.game)
    seats = plan.seats(index)
    session, bots = start(plan, index, game)
    played = Played(index, seats, None, "unfinished", 0, {name: [] for name in seats.values()})
    while (active := game.active(session.state)) and played.actions < plan.max_actions:
        side = active[0]
        view = game.view(session.state, side, log=False)
        started, processor = time.perf_counter(), time.process_time()
        text = bots[side].choose(view)
        spent = (time.perf_counter() - started, time.process_time() - processor)
        played.decisions[seats[side]].append((*spent, len(view["actions"]) > 1))
        session.act(side, text)
        played.actions += 1
    result = session.state.result
    if result is not None:
        played.winner, played.kind = result.winner, result.kind
        played.allies = list(result.allies)
    if plan.record is not None:
        session.save(plan.record / f"game-{index:03d}.json")
    return played


def run(plan: Plan, lookup: Lookup, on_done: Callable[[Played], None]) -> list[Played]:
    """Every game of ``plan`` (in ``plan.jobs`` processes), calling ``on_done`` as each ends."""
    game = lookup(plan.game)
    game.scenario(plan.scenario)
    sides = playing_sides(game, plan.scenario, plan.bots)
    for kind in plan.bots:
        make_bot(kind, game, sides[0], 0)  # an unknown name fails before any game
    plan = replace(plan, sides=sides)
    found = []
    for played in _all(plan, lookup):
        found.append(played)
        on_done(played)
    return sorted(found, key=lambda p: p.index)


def _all(plan: Plan, lookup: Lookup) -> Iterator[Played]:
    if plan.jobs <= 1:
        for index in range(plan.games):
            yield play(plan, index, lookup)
        return
    with ProcessPoolExecutor(max_workers=plan.jobs) as pool:
        futures = [pool.submit(play, plan, index, lookup) for index in range(plan.games)]
        for future in futures:
            yield future.result()


# -- the report ---------------------------------------------------------------------------------
def wilson(wins: int, games: int, z: float = Z_95) -> tuple[float, float]:
    """Wilson's score interval for a proportion (Wilson 1927): unlike the normal approximation
    it stays inside [0, 1] and is sound for small samples and for 0 or all wins."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    spread /= 1 + z * z / games
    return min(p, max(0.0, centre - spread)), max(p, min(1.0, centre + spread))


@dataclass(frozen=True)
class Tally:
    wins: int
    games: int

    def to_json(self) -> dict[str, Any]:
        low, high = wilson(self.wins, self.games)
        rate = self.wins / self.games if self.games else 0.0
        return {"wins": self.wins, "games": self.games, "rate": rate, "low": low, "high": high}

    def text(self) -> str:
        if not self.games:
            return "-"
        low, high = wilson(self.wins, self.games)
        rate = 100 * self.wins / self.games
        return f"{self.wins}/{self.games} {rate:.0f}% ({100 * low:.0f}-{100 * high:.0f}%)"


def _won_by(played: Played, name: str) -> bool:
    """Whether the bot ``name`` won the game, alone or with an ally, at any of its seats."""
    return any(played.won(side) for side, bot in played.seats.items() if bot == name)


def summary(plan: Plan, games: list[Played]) -> dict[str, Any]:
    """The tournament's figures as JSON data: wins by bot and side, results, seconds."""
    names = plan.names()
    sides = plan.sides
    wins: dict[str, Any] = {}
    for name in names:
        mine = [p for p in games if name in p.seats.values()]
        by_side = {
            side: Tally(
                sum(1 for p in mine if p.seats[side] == name and p.won(side)),
                sum(1 for p in mine if p.seats[side] == name),
            ).to_json()
            for side in sides
        }
        total = Tally(sum(1 for p in mine if _won_by(p, name)), len(mine))
        wins[name] = {"by_side": by_side, "all": total.to_json()}
    return {
        "game": plan.game,
        "scenario": plan.scenario,
        "bots": names,
        "games": len(games),
        "seed": plan.seed,
        "wins": wins,
        "draws": sum(1 for p in games if p.winner is None),
        "results": dict(Counter(f"{p.kind}:{p.winner or 'draw'}" for p in games)),
        "actions": statistics.median(p.actions for p in games) if games else 0,
        "seconds": {name: seconds(games, name) for name in names},
    }


def seconds(games: list[Played], name: str) -> dict[str, Any]:
    """A bot's seconds per decision: median, median of the decisions with more than one action
    to choose from, the longest; on the clock and of the processor."""
    every = [d for p in games for d in p.decisions.get(name, [])]
    chosen = [d for d in every if d[2]]
    found: dict[str, Any] = {"decisions": len(every), "with_choice": len(chosen)}
    for index, clock in enumerate(("", "cpu_")):
        found[f"{clock}median"] = _median([d[index] for d in every])
        found[f"{clock}median_with_choice"] = _median([d[index] for d in chosen])
        found[f"{clock}max"] = max((d[index] for d in every), default=0.0)
    return found


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else 0.0


def _rotation(sides: int) -> str:
    return "sides swapped each game" if sides <= 2 else "sides moved on by one each game"


def format_summary(found: dict[str, Any]) -> str:
    """The figures as a table for a terminal or a README."""
    names: list[str] = found["bots"]
    sides = list(next(iter(found["wins"].values()))["by_side"]) if names else []
    width = max(len(n) for n in [*names, "bot"]) + 2
    lines = [
        f"{found['game']} {found['scenario']}: {' against '.join(names)}, {found['games']} "
        f"games (seed {found['seed']}), {_rotation(len(sides))}",
        "wins, with a 95% confidence interval (Wilson):",
        "bot".ljust(width) + "".join(f"as {side}".ljust(26) for side in sides) + "in all",
    ]
    for name in names:
        entry = found["wins"][name]
        cells = [Tally(e["wins"], e["games"]).text().ljust(26) for e in entry["by_side"].values()]
        total = entry["all"]
        lines.append(
            name.ljust(width) + "".join(cells) + Tally(total["wins"], total["games"]).text()
        )
    results = ", ".join(f"{kind} {count}" for kind, count in sorted(found["results"].items()))
    lines.append(f"results: {results}; draws {found['draws']}; median {found['actions']} actions")
    lines.append(
        "seconds per decision, on the clock and [of the processor]: median (median of those "
        "with more than one action), longest; decisions (with more than one action)"
    )
    for name in names:
        s = found["seconds"][name]
        lines.append(
            f"{name.ljust(width)}{s['median']:.2f} ({s['median_with_choice']:.2f}), "
            f"{s['max']:.1f} [{s['cpu_median']:.2f} ({s['cpu_median_with_choice']:.2f}), "
            f"{s['cpu_max']:.1f}]; {s['decisions']} ({s['with_choice']})"
        )
    return "\n".join(lines)
