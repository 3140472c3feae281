"""The bot seats' decisions: asked with the seat's own view, answered in a bounded pool of worker
processes so that a bot that searches for seconds holds up neither the event loop nor another
game's requests; the random bot, which answers at once, answers in a thread.

A bot may keep what it learnt between its decisions (a search tree): a bot class with
``reusable = True`` is kept per game and side in the process that built it, and a game's
decisions all go to the same worker process, so that its bots are asked again there; the pool
forgets a game's bots when the game ends or is deleted. Any other bot is built afresh for each
decision from the decision's seed, so that its answer depends on the game and nothing else."""

from __future__ import annotations

import asyncio
import multiprocessing
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Final

from wargame.bots import BOTS, Bot, make_bot, remark
from wargame.engine.contract import Game
from wargame.engine.log import Event, Side
from wargame.engine.state import State
from wargame.server.store import GameRow

Lookup = Callable[[str], Game]

HUMAN: Final = "human"
BOT_PREFIX: Final = "bot:"


def seat_kind_names() -> tuple[str, ...]:
    """A seat's kinds: a person, or a bot of one of the kinds ``wargame.bots`` names."""
    return (HUMAN, *(BOT_PREFIX + name for name in BOTS))


def is_bot(kind: str) -> bool:
    return kind.startswith(BOT_PREFIX)


IN_THREAD: Final = frozenset({"random"})
"""Bots that answer at once: not worth a trip to another process."""
KEPT_BOTS: Final = 64
"""Reusable bots kept per process (the least recently asked go first)."""


@dataclass(frozen=True)
class BotQuestion:
    """What a bot seat is asked: its game (kind and id), bot kind, side, a seed for its own
    choices, and its seat's view, the same a person in the seat sees."""

    game_kind: str
    game_id: str
    bot: str
    side: Side
    seed: int
    view: dict[str, Any]


@dataclass(frozen=True)
class BotTurn:
    """A bot's turn: the game as it was asked (to play the answer against) and the question."""

    row: GameRow
    state: State
    side: Side
    ask: BotQuestion


_kept: OrderedDict[tuple[str, Side, str], Bot] = OrderedDict()
_kept_lock = threading.Lock()  # the server's threads ask and forget bots at once


@dataclass(frozen=True)
class BotAnswer:
    """A bot's action, and the log line of why it took it if it says (``bots.remark``)."""

    text: str
    remark: Event | None = None


def decide(lookup: Lookup, ask: BotQuestion) -> BotAnswer:
    """The bot's action for ``ask`` (one of the view's actions), with its remark."""
    game = lookup(ask.game_kind)
    bot = _bot_for(game, ask)
    text = bot.choose(ask.view)
    if text not in ask.view["actions"]:
        raise ValueError(f"bot {ask.bot} answered {text!r}, which is not offered")
    return BotAnswer(text, remark(game, bot, ask.side))


def _bot_for(game: Game, ask: BotQuestion) -> Bot:
    key = (ask.game_id, ask.side, ask.bot)
    with _kept_lock:
        bot = _kept.get(key)
        if bot is not None:
            _kept.move_to_end(key)
            return bot
    bot = make_bot(ask.bot, game, ask.side, ask.seed)
    if getattr(bot, "reusable", False):
        with _kept_lock:
            _kept[key] = bot
            if len(_kept) > KEPT_BOTS:
                _kept.popitem(last=False)
    return bot


def forget(game_id: str) -> int:
    """Drop the bots kept for ``game_id`` in this process; how many there were."""
    with _kept_lock:
        keys = [key for key in _kept if key[0] == game_id]
        for key in keys:
            del _kept[key]
    return len(keys)


def kept_bots() -> list[tuple[str, Side, str]]:
    """The (game, side, bot kind) of the bots this process keeps."""
    with _kept_lock:
        return list(_kept)


def registered_game(game_kind: str) -> Game:
    """The game of the registry, plugins loaded: a worker process's lookup."""
    from wargame.games import REGISTRY, load_plugins  # noqa: PLC0415 - in the worker only

    if not _plugins_loaded:
        load_plugins()
        _plugins_loaded.append(True)
    return REGISTRY.game(game_kind)


_plugins_loaded: list[bool] = []
_worker_lookup: list[Lookup] = []


def _start_worker(lookup: Lookup) -> None:
    _worker_lookup.append(lookup)


def _decide_in_worker(ask: BotQuestion) -> BotAnswer:
    return decide(_worker_lookup[0], ask)


class BotPool:
    """Where bot seats think: ``processes`` worker processes (0: threads of the server) for the
    bots that search, the server's threads for those that answer at once. A game always goes to
    the same worker (its bots' trees live there). ``worker_lookup`` finds a game in a worker
    process; it must be picklable (a module's function)."""

    def __init__(
        self,
        processes: int,
        lookup: Lookup,
        in_thread: Callable[..., Any],
        worker_lookup: Lookup = registered_game,
    ) -> None:
        self.processes = processes
        self.lookup = lookup
        self.in_thread = in_thread
        self.worker_lookup = worker_lookup
        self._workers: dict[int, ProcessPoolExecutor] = {}

    async def choose(self, ask: BotQuestion) -> BotAnswer:
        if self.processes == 0 or ask.bot in IN_THREAD:
            answer: BotAnswer = await self.in_thread(decide, self.lookup, ask)
            return answer
        return await asyncio.get_running_loop().run_in_executor(
            self._worker(ask.game_id), _decide_in_worker, ask
        )

    async def forget(self, game_id: str) -> None:
        """Drop the game's kept bots (it ended or was deleted), wherever they are kept."""
        forget(game_id)
        worker = self._workers.get(self._worker_number(game_id))
        if worker is not None:
            await asyncio.get_running_loop().run_in_executor(worker, forget, game_id)

    async def kept(self) -> list[tuple[str, Side, str]]:
        """The bots kept in this process and in every worker started."""
        loop = asyncio.get_running_loop()
        found = kept_bots()
        for worker in list(self._workers.values()):
            found += await loop.run_in_executor(worker, kept_bots)
        return found

    def _worker_number(self, game_id: str) -> int:
        return zlib.crc32(game_id.encode()) % max(self.processes, 1)

    def _worker(self, game_id: str) -> ProcessPoolExecutor:
        number = self._worker_number(game_id)
        worker = self._workers.get(number)
        if worker is None:
            worker = self._workers[number] = ProcessPoolExecutor(
                1,
                mp_context=multiprocessing.get_context("spawn"),  # no fork of a threaded server
                initializer=_start_worker,
                initargs=(self.worker_lookup,),
            )
        return worker

    def close(self) -> None:
        for worker in self._workers.values():
            worker.shutdown(wait=False, cancel_futures=True)
        self._workers.clear()
