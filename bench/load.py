"""Load test of the play server: N live games played at once through the HTTP API on loopback.

Usage: python bench/load.py GAME [--games 20] [--seconds 20] [--scenario S] [--database URL]
                             [--workers N] [--rate ACTIONS_PER_SECOND]
                             [--durability process|disk] [--other-writes MB_PER_S]
                             [--action-limit RATE]

A real server (``wargame serve`` on a free loopback port, SQLite in a temporary folder unless
``--database`` is given, ``--workers`` processes, ``--durability``) runs in a subprocess; this
process plays ``--games`` games concurrently with random legal actions (a game that ends is
replaced by a new one) for ``--seconds`` seconds, and prints actions per second, the p50/p99
latency of action requests and of view requests, the mean size of a response body, the CPU the
server used, and what else the machine did meanwhile (other processes, and CPU stolen by the host
of this virtual machine: figures taken while either is high are not the server's own).
The clock starts once every game is created and has its first view: the burst of N creations at
once is the start of the test, not the load of N live games (a game created later to replace one
that ended is measured).

Without ``--rate`` each game sends its next request as soon as it has the answer: the server runs
flat out, and the figure is its capacity (latency is then mostly the queue of the other games).
With ``--rate R`` the games together offer R actions a second, each game at R / games a second on a
fixed schedule (a game that falls behind sends at once until it is on time again): the latency is
that of a server carrying that load, and "behind" counts actions sent later than scheduled.

Like the browser client, each seat keeps its log and asks with ``log_from`` only for the lines it
does not have (a page that does not follow its lines makes it fetch the whole body again);
``--whole-log`` asks for the whole log every time, as clients did before log paging.
``--other-writes M`` has a thread of this process write M MB a second into files beside the
database, never flushed, as other programs on a shared disk do: what ``--durability disk`` pays
for (a commit that waits for the disk waits for their data too).
The server's per-client limits are off (every game of the test comes from one address) but for
``--action-limit RATE`` (``wargame serve``'s flag): a rate no game reaches, such as 1000000/second,
measures what the limiter costs.
The toy test game is available as ``toy`` (run from the repository root).

The load generator speaks HTTP/1.1 itself over one keep-alive connection per game: a general HTTP
client costs several milliseconds of CPU per request, which on a small machine would measure the
client more than the server.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

ROOT = Path(__file__).resolve().parent.parent


@dataclass
class Tally:
    actions: list[float] = field(default_factory=list)
    views: list[float] = field(default_factory=list)
    refused: int = 0
    finished: int = 0
    behind: int = 0  # actions sent more than 10 ms after their scheduled time (with --rate)
    received: list[int] = field(default_factory=list)  # body sizes in bytes


def start_server(
    database: str, workers: int = 1, durability: str = "process", action_limit: str = "off"
) -> tuple[subprocess.Popen[str], tuple[str, int]]:
    env = {**os.environ, "WARGAME_GAMES": "tests.toy_game"}
    command = [str(Path(sys.executable).parent / "wargame"), "serve", "--port", "0"]
    command += ["--database", database, "--workers", str(workers), "--durability", durability]
    command += ["--create-limit", "off", "--action-limit", action_limit]
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        start_new_session=True,  # the server and its workers: one process group
    )
    assert process.stdout is not None
    found = re.search(r"http://127\.0\.0\.1:(\d+)/", process.stdout.readline())
    if not found:
        process.kill()
        raise SystemExit("the server did not start")
    return process, ("127.0.0.1", int(found.group(1)))


class Connection:
    """One keep-alive HTTP/1.1 connection that sends JSON and reads bodies of a given length."""

    def __init__(self, host: str, port: int) -> None:
        self.host = host
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, body: object = None, sizes: list[int] | None = None
    ) -> tuple[int, Any]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        data = b"" if body is None else msgspec.json.encode(body)
        head = (
            f"{method} {path} HTTP/1.1\r\nHost: {self.host}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n"
        )
        self.writer.write(head.encode() + data)
        headers = (await self.reader.readuntil(b"\r\n\r\n")).decode("latin-1").split("\r\n")
        status = int(headers[0].split(" ", 2)[1])
        length = next(
            int(line.split(":", 1)[1])
            for line in headers
            if line.lower().startswith("content-length")
        )
        if sizes is not None:
            sizes.append(length)
        return status, msgspec.json.decode(await self.reader.readexactly(length))

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


async def wait_ready(host: str, port: int) -> None:
    for _ in range(600):
        try:
            connection = Connection(host, port)
            status, _ = await connection.request("GET", "/api/catalog")
            connection.close()
            if status == 200:
                return
        except OSError:
            await asyncio.sleep(0.05)
    raise SystemExit("the server does not answer")


class Player:
    """Plays one game after another for both seats until the deadline."""

    def __init__(self, address: tuple[str, int], args: argparse.Namespace, seed: int, tally: Tally):
        self.http = Connection(*address)
        self.args = args
        self.rng = random.Random(seed)
        self.tally = tally
        self.logs: dict[str, Log] = {}
        self.every = args.games / args.rate if args.rate else 0.0  # seconds between actions
        self.due = 0.0  # the time of the next action, with --rate (set by ``start``)

    def start(self, tally: Tally) -> None:
        """Count into ``tally`` from now on, and schedule the first action (with --rate)."""
        self.tally = tally
        self.due = time.perf_counter() + self.rng.uniform(0, self.every)

    async def run(self, deadline: float, first: Any) -> None:
        try:
            await self.play(first, deadline)
            while time.perf_counter() < deadline:
                await self.play(await self.new_game(), deadline)
        finally:
            self.http.close()

    async def new_game(self) -> tuple[dict[str, str], str, Any]:
        """A new game: its seats' tokens, its URL and the first seat's view."""
        seed = self.rng.randrange(1 << 31)
        new = {"game": self.args.game, "scenario": self.args.scenario, "seed": seed}
        _, created = await self.http.request("POST", "/api/games", new)
        tokens = {side: link["token"] for side, link in created["seats"].items()}
        self.logs = {token: Log() for token in tokens.values()}
        url = f"/api/games/{created['id']}"
        return tokens, url, await self.view(url, tokens[next(iter(tokens))])

    async def play(self, game: tuple[dict[str, str], str, Any], deadline: float) -> None:
        tokens, url, body = game
        while time.perf_counter() < deadline and body["view"]["result"] is None:
            side = self.rng.choice(body["view"]["active"])
            if body["seat"] != side:
                body = await self.view(url, tokens[side])
            action = self.rng.choice(body["view"]["actions"])
            body = await self.act(url, tokens[side], body["version"], action) or body
        self.tally.finished += body["view"]["result"] is not None

    def log_query(self, token: str) -> str:
        have = self.logs[token].total
        return "" if self.args.whole_log or not have else f"&log_from={have}"

    async def view(self, url: str, token: str) -> Any:
        started = time.perf_counter()
        path = f"{url}?token={token}{self.log_query(token)}"
        _, body = await self.http.request("GET", path, sizes=self.tally.received)
        self.tally.views.append(time.perf_counter() - started)
        if not self.logs[token].take(body):
            return await self.view_whole(url, token)
        return body

    async def view_whole(self, url: str, token: str) -> Any:
        _, body = await self.http.request("GET", f"{url}?token={token}")
        self.logs[token].take(body)
        return body

    async def on_schedule(self) -> None:
        """With --rate, wait for this game's next scheduled action."""
        if not self.every:
            return
        late = time.perf_counter() - self.due
        if late < 0:
            await asyncio.sleep(-late)
        elif late > 0.010:
            self.tally.behind += 1
        self.due = max(self.due + self.every, time.perf_counter() - self.every)

    async def act(self, url: str, token: str, version: int, action: str) -> Any:
        await self.on_schedule()
        started = time.perf_counter()
        move = {"token": token, "version": version, "action": action}
        path = f"{url}/actions?{self.log_query(token)[1:]}"
        status, body = await self.http.request("POST", path, move, sizes=self.tally.received)
        self.tally.actions.append(time.perf_counter() - started)
        if status != 200:
            self.tally.refused += 1
            return None
        if not self.logs[token].take(body):
            return await self.view_whole(url, token)
        return body


class Log:
    """A seat's log as the browser client keeps it: whole bodies start it again, pages are
    appended where their ``log_base`` is the hash of the lines before them."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.marks: dict[int, str] = {}

    @property
    def total(self) -> int:
        return len(self.lines)

    def take(self, body: dict[str, Any]) -> bool:
        """Merge ``body``'s log; False if it is a page that does not follow our lines."""
        start = body.get("log_from", 0)
        if start and self.marks.get(start) != body["log_base"]:
            return False
        self.lines[start:] = body["log_text"]
        self.marks = {n: mark for n, mark in self.marks.items() if n <= start}
        self.marks[self.total] = body.get("log_hash", "")
        return True


@dataclass
class Machine:
    """CPU seconds of the whole machine (Linux ``/proc/stat``): busy (all processes, kernel
    included) and stolen (by the hypervisor from this virtual machine: a shared host's noise)."""

    busy: float
    stolen: float

    @classmethod
    def now(cls) -> Machine:
        ticks = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
        user, nice, system, _idle, _iowait, irq, softirq, steal = ticks[:8]
        tick = os.sysconf("SC_CLK_TCK")
        return cls((user + nice + system + irq + softirq) / tick, steal / tick)

    def since(self, earlier: Machine) -> Machine:
        return Machine(self.busy - earlier.busy, self.stolen - earlier.stolen)


@dataclass
class Run:
    tally: Tally
    seconds: float
    server_cpu: float  # CPU seconds of the server's processes
    client_cpu: float  # CPU seconds of this load generator
    machine: Machine  # the whole machine meanwhile, from /proc/stat


async def load(address: tuple[str, int], args: argparse.Namespace, group: int) -> Run:
    """Start every game (not measured: a burst of creations), then play them all for the time;
    the server is the process group ``group``."""
    await wait_ready(*address)
    players = [Player(address, args, seed, Tally()) for seed in range(args.games)]
    firsts = await asyncio.gather(*(player.new_game() for player in players))
    tally = Tally()
    for player in players:
        player.start(tally)
    server_cpu, client_cpu = cpu_seconds(group), time.process_time()
    machine = Machine.now()
    started = time.perf_counter()
    deadline = started + args.seconds
    await asyncio.gather(
        *(player.run(deadline, first) for player, first in zip(players, firsts, strict=True))
    )
    seconds = time.perf_counter() - started
    server_cpu, client_cpu = cpu_seconds(group) - server_cpu, time.process_time() - client_cpu
    return Run(tally, seconds, server_cpu, client_cpu, Machine.now().since(machine))


def write_elsewhere(folder: Path, mb_per_second: float, stop: threading.Event) -> None:
    """Write about ``mb_per_second`` MB a second into eight files of ``folder`` in turn (each
    rewritten from the start), never flushing them, until ``stop`` is set."""
    block, turn = bytes(1 << 20), 0
    while not stop.wait(0.25):
        with (folder / f"other-writes.{turn % 8}").open("wb") as out:
            for _ in range(round(mb_per_second / 4)):
                out.write(block)
        turn += 1


def percentile(values: list[float], fraction: float) -> float:
    if len(values) < 2:
        return values[0] if values else float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[round(fraction * 100) - 1]


def cpu_seconds(group: int) -> float:
    """CPU time (user + system) used so far by the processes of a process group (Linux)."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == group:  # the fields after the command: state, ppid, pgrp, ...
            total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def report(args: argparse.Namespace, run: Run) -> str:
    tally, seconds, ms = run.tally, run.seconds, 1000.0
    offered = f", offered {args.rate:g} actions/s" if args.rate else ", flat out"
    offered += f", other writes {args.other_writes:g} MB/s" if args.other_writes else ""
    requests = len(tally.received)
    other = max(run.machine.busy - run.server_cpu - run.client_cpu, 0.0)
    return "\n".join(
        [
            f"load {args.game} ({args.scenario}): {args.games} live games, {seconds:.1f} s, "
            f"{args.workers} server process(es), durability {args.durability}{offered}",
            f"  actions         {len(tally.actions) / seconds:8.1f} /s  "
            f"({len(tally.actions)} total, {tally.refused} refused, "
            f"{tally.finished} games finished, {tally.behind} behind schedule)",
            f"  action latency  p50 {percentile(tally.actions, 0.5) * ms:7.1f} ms"
            f"  p99 {percentile(tally.actions, 0.99) * ms:7.1f} ms",
            f"  view latency    p50 {percentile(tally.views, 0.5) * ms:7.1f} ms"
            f"  p99 {percentile(tally.views, 0.99) * ms:7.1f} ms",
            f"  response body   mean {statistics.fmean(tally.received or [0]) / 1024:7.1f} KB"
            f"  max {max(tally.received or [0]) / 1024:7.1f} KB"
            f"  ({requests} responses)",
            f"  server CPU      {run.server_cpu / seconds:8.2f} cores"
            f"  ({run.server_cpu / max(requests, 1) * ms:.2f} ms per request)",
            f"  load generator  {run.client_cpu / seconds:8.2f} cores (of the same machine's)",
            f"  other processes {other / seconds:8.2f} cores; stolen by the host "
            f"{run.machine.stolen / seconds:.2f} cores",
        ]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--scenario")
    parser.add_argument("--database")
    parser.add_argument("--workers", type=int, default=1, help="server processes")
    parser.add_argument("--durability", choices=["process", "disk"], default="process")
    parser.add_argument(
        "--other-writes",
        type=float,
        default=0.0,
        metavar="MB_PER_S",
        help="other programs' writes to the database's disk meanwhile (MB a second)",
    )
    parser.add_argument(
        "--rate", type=float, default=0.0, help="actions a second offered by all games together"
    )
    parser.add_argument(
        "--whole-log", action="store_true", help="ask for the whole log every time (no log_from)"
    )
    parser.add_argument(
        "--action-limit", default="off", metavar="RATE", help="the server's per-client limit"
    )
    args = parser.parse_args()
    args.scenario = args.scenario or {"toy": "standard"}.get(args.game, "1942")
    with tempfile.TemporaryDirectory() as folder:
        database = args.database or f"sqlite:///{Path(folder) / 'load.sqlite3'}"
        process, address = start_server(database, args.workers, args.durability, args.action_limit)
        stop = threading.Event()
        writer = threading.Thread(
            target=write_elsewhere, args=(Path(folder), args.other_writes, stop)
        )
        if args.other_writes:
            writer.start()
        try:
            run = asyncio.run(load(address, args, process.pid))
        finally:
            stop.set()
            process.terminate()
            process.wait(timeout=30)
            if writer.is_alive():
                writer.join()
    print(report(args, run))


if __name__ == "__main__":
    main()
