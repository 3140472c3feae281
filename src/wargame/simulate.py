"""Balance simulations: many bot games of one scenario, played in parallel and summed up.

Game ``i`` is seeded with ``derive_seed(seed, i)`` and its seats are the bots named in order,
rotated by ``i`` (with two bots, A plays the first side in even games and the second in odd
ones), so that a run is the same wherever it is played and each bot plays each side equally
often. The games run on Ray when it is installed (``pip install wargame[ray]``: a local Ray, or
an existing cluster by address), else on local processes. ``summarize`` makes the table: wins by
side and by bot and side with their 95 % Wilson intervals, game length, seconds per decision,
and the game's score at the end of each turn (``Game.score_track``); ``plot`` draws it.
"""

from __future__ import annotations

import statistics
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Final

from wargame.bots import make_bot, playing_sides
from wargame.bots.tournament import wilson
from wargame.engine.action import Action
from wargame.engine.contract import Game
from wargame.engine.errors import WargameError
from wargame.engine.log import Side
from wargame.engine.rng import derive_seed
from wargame.engine.state import State
from wargame.games import REGISTRY, load_plugins

RUNNERS: Final = ("ray", "processes", "here")


@dataclass(frozen=True)
class SimulationConfig:
    game: str
    scenario: str
    games: int
    bots: tuple[str, ...]
    seed: int = 0
    max_actions: int = 20_000
    """A game still going after this many actions is cut off and counted as unfinished."""
    runner: str = "processes"
    jobs: int = 2
    ray_address: str | None = None
    """An existing Ray cluster's address (``ray://host:10001``, ``auto``); None: a local Ray."""

    def __post_init__(self) -> None:
        for name in ("games", "max_actions", "jobs"):
            if getattr(self, name) < 1:
                raise WargameError(f"{name} must be at least 1, not {getattr(self, name)}")
        if self.runner not in RUNNERS:
            raise WargameError(f"unknown runner {self.runner!r}; runners: {', '.join(RUNNERS)}")


@dataclass(frozen=True)
class GamePlan:
    index: int
    seed: int
    seats: dict[Side, str]
    """Which bot plays each side."""


@dataclass
class GameRecord:
    index: int
    seed: int
    seats: dict[Side, str]
    winner: Side | None = None
    kind: str = "unfinished"
    actions: int = 0
    turns: int | None = None
    track: list[tuple[int, dict[Side, float]]] = field(default_factory=list)
    """The score (``Game.score_track``) at the end of each turn played, the last turn's at the
    end of the game."""
    decisions: dict[Side, int] = field(default_factory=dict)
    thinking: dict[Side, float] = field(default_factory=dict)
    """Seconds each side's bot spent choosing, in all."""
    seconds: float = 0.0
    allies: list[Side] = field(default_factory=list)
    """The sides that share ``winner``'s victory (``Result.allies``)."""

    def won(self, side: Side) -> bool:
        return side == self.winner or side in self.allies

    def won_by(self, bot: str) -> bool:
        """Whether ``bot`` won, alone or with an ally, at any of its seats."""
        return any(self.won(side) for side, name in self.seats.items() if name == bot)


def plans(config: SimulationConfig, game: Game) -> list[GamePlan]:
    """Each game's seed and seats: the bots rotated over the sides game by game."""
    sides = playing_sides(game, config.scenario, config.bots)
    count = len(sides)
    return [
        GamePlan(
            index,
            derive_seed(config.seed, index),
            {side: config.bots[(n + index) % count] for n, side in enumerate(sides)},
        )
        for index in range(config.games)
    ]


def play_game(game_id: str, scenario: str, plan: GamePlan, max_actions: int) -> GameRecord:
    """One bot game to its end (or ``max_actions``), each bot choosing from its seat's view."""
    started = time.perf_counter()
    game = _game(game_id)
    state = game.setup(scenario, plan.seed)
    bots = {
        side: make_bot(kind, game, side, derive_seed(plan.seed, "bot", side))
        for side, kind in plan.seats.items()
    }
    record = GameRecord(plan.index, plan.seed, dict(plan.seats))
    record.decisions = dict.fromkeys(game.sides, 0)
    record.thinking = dict.fromkeys(game.sides, 0.0)
    turn = game.turn(state)
    while record.actions < max_actions:
        active = game.active(state)
        if not active:
            break
        side = active[0]
        view = game.view(state, side)
        thinking = time.perf_counter()
        text = bots[side].choose(view)
        record.thinking[side] += time.perf_counter() - thinking
        record.decisions[side] += 1
        after = game.apply(state, side, Action.parse(text))
        record.actions += 1
        if game.turn(after) != turn and turn is not None:
            record.track.append((turn, game.score_track(state)))
        state, turn = after, game.turn(after)
    _finish(game, state, turn, record)
    record.seconds = time.perf_counter() - started
    return record


def _finish(game: Game, state: State, turn: int | None, record: GameRecord) -> None:
    if turn is not None:
        record.track.append((turn, game.score_track(state)))
        record.turns = turn
    result = game.result(state)
    if result is not None:
        record.winner, record.kind = result.winner, result.kind
        record.allies = list(result.allies)


def _game(game_id: str) -> Game:
    """The game, in a worker process too: a fresh one (Ray's) loads $WARGAME_GAMES first."""
    if game_id not in REGISTRY.entries:
        load_plugins()
    return REGISTRY.game(game_id)


def simulate(
    config: SimulationConfig, on_done: Callable[[GameRecord], None] = lambda _: None
) -> list[GameRecord]:
    """Play every game of ``config`` on its runner; the records in game order."""
    game = _game(config.game)
    game.scenario(config.scenario)
    found = []
    for record in _run(config, plans(config, game)):
        found.append(record)
        on_done(record)
    return sorted(found, key=lambda r: r.index)


def _run(config: SimulationConfig, planned: list[GamePlan]) -> Iterator[GameRecord]:
    args = (config.game, config.scenario)
    if config.runner == "ray":
        yield from _on_ray(config, planned)
    elif config.runner == "processes" and config.jobs > 1:
        with ProcessPoolExecutor(max_workers=config.jobs) as pool:
            futures = [pool.submit(play_game, *args, plan, config.max_actions) for plan in planned]
            for future in as_completed(futures):
                yield future.result()
    else:
        for plan in planned:
            yield play_game(*args, plan, config.max_actions)


def _on_ray(config: SimulationConfig, planned: list[GamePlan]) -> Iterator[GameRecord]:
    ray = ray_module()
    local = config.ray_address is None
    ray.init(
        address=config.ray_address,
        num_cpus=config.jobs if local else None,
        include_dashboard=False if local else None,
        log_to_driver=False,
        configure_logging=False,
    )
    try:
        remote = ray.remote(play_game)
        pending = [
            remote.remote(config.game, config.scenario, plan, config.max_actions)
            for plan in planned
        ]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])
    finally:
        ray.shutdown()


def ray_module() -> Any:
    try:
        import ray  # noqa: PLC0415 - an optional extra
    except ImportError:
        raise WargameError("Ray is not installed: pip install 'wargame[ray]'") from None
    return ray


def ray_installed() -> bool:
    try:
        ray_module()
    except WargameError:
        return False
    return True


# -- the table -------------------------------------------------------------------------------


def rate_row(wins: int, games: int, **names: str) -> dict[str, Any]:
    low, high = wilson(wins, games)
    rate = wins / games if games else 0.0
    return {**names, "games": games, "wins": wins, "rate": rate, "low": low, "high": high}


def summarize(
    config: SimulationConfig, sides: Sequence[Side], records: Sequence[GameRecord]
) -> dict[str, Any]:
    """The table of a simulation, as JSON data."""
    return {
        "game": config.game,
        "scenario": config.scenario,
        "bots": list(config.bots),
        "seed": config.seed,
        "games": len(records),
        "by_side": [
            rate_row(sum(r.won(side) for r in records), len(records), side=side) for side in sides
        ],
        "by_bot": _by_bot(config.bots, sides, records),
        "results": dict(Counter(f"{r.kind}:{r.winner or 'none'}" for r in records)),
        "length": {
            "actions": _spread([r.actions for r in records]),
            "turns": _spread([r.turns for r in records if r.turns is not None]),
            "seconds": _spread([r.seconds for r in records]),
        },
        "seconds_per_decision": _thinking(config.bots, records),
        "score_track": _score_track(sides, records),
    }


def _by_bot(
    bots: Sequence[str], sides: Sequence[Side], records: Sequence[GameRecord]
) -> list[dict[str, Any]]:
    rows = []
    for bot in dict.fromkeys(bots):
        for side in sides:
            played = [r for r in records if r.seats[side] == bot]
            wins = sum(r.won(side) for r in played)
            rows.append(rate_row(wins, len(played), bot=bot, side=side))
        played = [r for r in records if bot in r.seats.values()]
        wins = sum(r.won_by(bot) for r in played)
        rows.append(rate_row(wins, len(played), bot=bot, side="any"))
    return rows


def _spread(values: Sequence[float]) -> dict[str, float] | None:
    if not values:
        return None
    return {
        "mean": statistics.fmean(values),
        "median": statistics.median(values),
        "min": min(values),
        "max": max(values),
    }


def _thinking(bots: Sequence[str], records: Sequence[GameRecord]) -> dict[str, float | None]:
    found: dict[str, float | None] = {}
    for bot in dict.fromkeys(bots):
        seats = [(r, side) for r in records for side, kind in r.seats.items() if kind == bot]
        decisions = sum(r.decisions[side] for r, side in seats)
        seconds = sum(r.thinking[side] for r, side in seats)
        found[bot] = seconds / decisions if decisions else None
    return found


def _score_track(sides: Sequence[Side], records: Sequence[GameRecord]) -> list[dict[str, Any]]:
    """Per turn and scoring side: the games that reached the turn's end and the mean, median and
    quartiles of their scores then."""
    scores: dict[tuple[int, Side], list[float]] = {}
    for record in records:
        for turn, standing in record.track:
            for side, value in standing.items():
                scores.setdefault((turn, side), []).append(value)
    rows = []
    for (turn, side), values in sorted(scores.items(), key=lambda item: item[0][0]):
        ordered = sorted(values)
        rows.append(
            {
                "turn": turn,
                "side": side,
                "games": len(values),
                "mean": statistics.fmean(values),
                "median": statistics.median(values),
                "q1": _quantile(ordered, 0.25),
                "q3": _quantile(ordered, 0.75),
            }
        )
    return rows


def _quantile(ordered: Sequence[float], q: float) -> float:
    if len(ordered) == 1:
        return ordered[0]
    return statistics.quantiles(ordered, n=4, method="inclusive")[round(q * 4) - 1]


def to_json(summary: Mapping[str, Any], records: Sequence[GameRecord]) -> dict[str, Any]:
    return {"summary": dict(summary), "records": [asdict(r) for r in records]}


def table(summary: Mapping[str, Any]) -> str:
    """The summary as text, for the terminal."""
    lines = [
        f"{summary['game']} {summary['scenario']}: {summary['games']} games, bots "
        f"{', '.join(summary['bots'])}",
        "wins by side (95 % interval):",
    ]
    lines += [_rate_line(row["side"], row) for row in summary["by_side"]]
    lines.append("wins by bot and side:")
    lines += [_rate_line(f"{row['bot']} as {row['side']}", row) for row in summary["by_bot"]]
    lines.append("results: " + ", ".join(f"{k} {v}" for k, v in sorted(summary["results"].items())))
    for name, spread in summary["length"].items():
        if spread is not None:
            lines.append(_spread_line(name, spread))
    for bot, seconds in summary["seconds_per_decision"].items():
        if seconds is not None:
            lines.append(f"{bot}: {1000 * seconds:.2f} ms per decision")
    return "\n".join(lines)


def _rate_line(name: str, row: Mapping[str, Any]) -> str:
    return (
        f"  {name:<24} {row['wins']:>5}/{row['games']:<5} {100 * row['rate']:5.1f} %  "
        f"({100 * row['low']:.1f}-{100 * row['high']:.1f})"
    )


def _spread_line(name: str, spread: Mapping[str, float]) -> str:
    return (
        f"{name}: mean {spread['mean']:.1f}, median {spread['median']:.1f}, "
        f"min {spread['min']:.1f}, max {spread['max']:.1f}"
    )


# -- the plot --------------------------------------------------------------------------------


def plot(summary: Mapping[str, Any], records: Sequence[GameRecord], path: Path) -> None:
    """Three panels to ``path`` (PNG): the win rate of each side, by bot, with its 95 % interval;
    the games' lengths; the score at the end of each turn (median, quartiles shaded). Needs
    matplotlib (``pip install wargame[simulate]``)."""
    pyplot = _pyplot()
    figure, (wins, lengths, track) = pyplot.subplots(1, 3, figsize=(15, 4.5))
    figure.suptitle(
        f"{summary['game']} {summary['scenario']}: {summary['games']} games, "
        f"{' v '.join(summary['bots'])}"
    )
    _plot_wins(wins, summary)
    _plot_lengths(lengths, records)
    _plot_track(track, summary)
    figure.tight_layout()
    figure.savefig(path, dpi=100)
    pyplot.close(figure)


def _pyplot() -> Any:
    try:
        import matplotlib  # noqa: PLC0415 - an optional extra

        matplotlib.use("Agg")
        from matplotlib import pyplot  # noqa: PLC0415
    except ImportError:
        raise WargameError("no plot without matplotlib: pip install 'wargame[simulate]'") from None
    return pyplot


def _plot_wins(axes: Any, summary: Mapping[str, Any]) -> None:
    rows = [{**row, "bot": "all"} for row in summary["by_side"]]
    if len(set(summary["bots"])) > 1:
        rows = [row for row in summary["by_bot"] if row["side"] != "any"] + rows
    names = [f"{row['bot']}\nas {row['side']}" for row in rows]
    rates = [row["rate"] for row in rows]
    errors = [
        [row["rate"] - row["low"] for row in rows],
        [row["high"] - row["rate"] for row in rows],
    ]
    axes.bar(names, rates, yerr=errors, capsize=4, color="#4a7ab0")
    axes.set_ylim(0, 1)
    axes.set_ylabel("win rate (95 % interval)")
    axes.set_title("Wins by side")


def _whole_numbers() -> Any:
    from matplotlib.ticker import MaxNLocator  # noqa: PLC0415 - an optional extra

    return MaxNLocator(integer=True)


def _plot_lengths(axes: Any, records: Sequence[GameRecord]) -> None:
    axes.hist([r.actions for r in records], bins=min(20, max(1, len(records))), color="#7a9a4a")
    axes.set_xlabel("actions per game")
    axes.set_ylabel("games")
    axes.yaxis.set_major_locator(_whole_numbers())
    turns = [r.turns for r in records if r.turns is not None]
    title = "Game length"
    if turns:
        title += f" (turns: median {statistics.median(turns):g}, max {max(turns)})"
    axes.set_title(title)


def _plot_track(axes: Any, summary: Mapping[str, Any]) -> None:
    rows = summary["score_track"]
    for side in dict.fromkeys(row["side"] for row in rows):
        mine = [row for row in rows if row["side"] == side]
        turns = [row["turn"] for row in mine]
        axes.plot(turns, [row["median"] for row in mine], marker="o", label=f"{side} (median)")
        axes.fill_between(turns, [r["q1"] for r in mine], [r["q3"] for r in mine], alpha=0.25)
    axes.set_xlabel("end of turn")
    axes.xaxis.set_major_locator(_whole_numbers())
    axes.set_ylabel("score")
    axes.set_title("Score over turns" if rows else "Score over turns (the game keeps none)")
    if rows:
        axes.legend()
