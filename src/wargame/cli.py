"""The ``wargame`` command.

A user's mistake (bad file, unknown game, illegal action...) prints one line naming the problem
and exits with status 1; usage mistakes exit with 2; nothing on disk changes in either case.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, NoReturn

from wargame import __version__
from wargame.engine.contract import Game
from wargame.engine.errors import GameBug, WargameError
from wargame.engine.files import writable_target, write_atomically
from wargame.engine.i18n import LANGUAGES
from wargame.engine.log import possessive
from wargame.engine.overlay import OPTION as OVERLAY_OPTION
from wargame.engine.overlay import PrintedTables, dump_yaml
from wargame.engine.rng import seed_problem
from wargame.engine.rules import find_tests_dir, report, scan_tests
from wargame.engine.session import Session, game_of, read_save
from wargame.engine.state import state_hash
from wargame.games import REGISTRY, load_plugins
from wargame.text import overlay_text, render_status

EXIT_ERROR = 1
EXIT_USAGE = 2
EXIT_BUG = 3
DEFAULT_BOT = "mcts"  # wargame play --bot SIDE: the lobby's "Computer, normal"


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        load_plugins()
        args = parser.parse_args(argv)
        if not getattr(args, "command", None):
            parser.print_help()
            return EXIT_USAGE
        result: int = args.handler(args)
        return result
    except UsageError as error:
        print(f"wargame: usage: {error}", file=sys.stderr)
        return EXIT_USAGE
    except WargameError as error:
        print(f"wargame: error: {error.message}", file=sys.stderr)
        return EXIT_ERROR
    except GameBug as error:
        print(
            f"wargame: internal error (a bug in the game, please report): {error}", file=sys.stderr
        )
        if os.environ.get("WARGAME_DEBUG"):
            raise
        return EXIT_BUG
    except KeyboardInterrupt:
        print("wargame: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="wargame", description="Rules-enforced board wargames.")
    parser.add_argument("--version", action="version", version=f"wargame {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    def command(name: str, handler: Any, help_text: str) -> argparse.ArgumentParser:
        # argparse %-formats a help text but prints a description as written
        found = sub.add_parser(name, help=help_text, description=help_text.replace("%%", "%"))
        found.set_defaults(handler=handler)
        return found

    command("list", cmd_list, "list the games")
    _add_file_commands(command)
    _add_game_commands(command)
    _add_map_command(command)
    _add_serve_command(command)
    _add_simulate_command(command)
    return parser


def _add_simulate_command(command: Any) -> None:
    sim = command(
        "simulate",
        cmd_simulate,
        "play many bot games in parallel (on Ray if installed, else local processes) and write "
        "a table and a plot of wins by side, game length and score over turns",
    )
    sim.add_argument("game")
    sim.add_argument("--scenario", "-s", required=True)
    sim.add_argument("--games", type=_at_least_one, default=100)
    sim.add_argument("--bots", required=True, metavar="A,B", help="one bot per side, by name")
    sim.add_argument("--seed", type=int, default=0)
    sim.add_argument("--max-actions", type=_at_least_one, default=20_000, metavar="N")
    sim.add_argument("--jobs", type=_at_least_one, default=os.cpu_count() or 1, metavar="N")
    runner = sim.add_mutually_exclusive_group()
    runner.add_argument(
        "--ray", metavar="ADDRESS", help="an existing Ray cluster (default: a local Ray)"
    )
    runner.add_argument(
        "--processes", action="store_true", help="local processes, even with Ray installed"
    )
    sim.add_argument("--out", type=Path, default=Path("simulation"), metavar="DIR")
    sim.add_argument("--no-progress", action="store_true")


def _add_map_command(command: Any) -> None:
    drawn = command("map", cmd_map, "draw a game's map to a picture, to check it by eye")
    drawn.add_argument("game")
    drawn.add_argument("--out", type=Path, required=True, metavar="FILE.png|FILE.svg")
    drawn.add_argument("--ids", action="store_true", help="write each hex's id")
    drawn.add_argument("--names", action="store_true", help="write the place names")
    drawn.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the names")
    drawn.add_argument(
        "--edges",
        action="store_true",
        help="edges by kind: an area map's borders, a hex map's hexsides",
    )
    drawn.add_argument("--sheet", metavar="S", help="one sheet of a map printed on several")
    drawn.add_argument(
        "--region", metavar="HEX,HEX", help="only the box between two hexes at opposite corners"
    )


def _add_serve_command(command: Any) -> None:
    serve = command("serve", cmd_serve, "run the play server (HTTP API, browser client, bots)")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument(
        "--database",
        default=None,
        metavar="URL",
        help="sqlite:///FILE or postgresql://... (default: SQLite in the user's data folder)",
    )
    serve.add_argument(
        "--bot-delay",
        type=float,
        default=0.7,
        metavar="SECONDS",
        help="pause after a bot move while someone watches the game, so that a person can "
        "follow its moves (default 0.7; a game nobody watches goes on at once)",
    )
    serve.add_argument(
        "--bot-processes",
        type=int,
        default=2,
        metavar="N",
        help="worker processes where bots that search think, per server process (default 2; "
        "0: in the server's threads)",
    )
    serve.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help="server processes sharing the port and the database (default 1; about one per core)",
    )
    serve.add_argument(
        "--durability",
        choices=["process", "disk"],
        default="process",
        help="an acknowledged action survives the server's crash (process, the default) or also "
        "a power cut (disk: each action waits for the disk); SQLite only",
    )
    _add_serve_limits(serve)


def _add_serve_limits(serve: Any) -> None:
    serve.add_argument(
        "--busy-timeout",
        type=float,
        default=5.0,
        metavar="SECONDS",
        help="a write waits this long for a busy or locked database, then answers 503 (default 5)",
    )
    rate = "COUNT/UNIT (second, minute, hour, day) or off"
    serve.add_argument(
        "--create-limit",
        default="10/minute",
        metavar="RATE",
        help=f"new games per client address: {rate} (default 10/minute)",
    )
    serve.add_argument(
        "--action-limit",
        default="20/second",
        metavar="RATE",
        help=f"actions, undos and resignations per client address: {rate} (default 20/second)",
    )
    serve.add_argument(
        "--max-bot-games",
        type=int,
        default=8,
        metavar="N",
        help="games with no human seat that one server process plays at once (default 8)",
    )
    serve.add_argument(
        "--body-timeout",
        type=float,
        default=10.0,
        metavar="SECONDS",
        help="a request body must arrive within this time, else 408 (default 10)",
    )
    serve.add_argument(
        "--expire-days",
        type=float,
        default=None,
        metavar="N",
        help="delete unfinished games that nobody has moved for N days (default: never)",
    )
    serve.add_argument(
        "--forwarded-allow-ips",
        default=None,
        metavar="IPS",
        help="proxies trusted to name the client in X-Forwarded-For, comma-separated or * "
        "(default: $FORWARDED_ALLOW_IPS, else 127.0.0.1)",
    )


def _add_overlay_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--rules-overlay",
        type=Path,
        metavar="FILE.yaml",
        help="play with the values of your own printed charts (see wargame tables GAME)",
    )


def _add_file_commands(command: Any) -> None:
    new = command("new", cmd_new, "start a game and save it to a file")
    new.add_argument("game")
    new.add_argument("--scenario", "-s", required=True)
    new.add_argument(
        "--seed", type=int, default=None, help="random seed (default: 128 secret random bits)"
    )
    new.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    _add_overlay_argument(new)
    new.add_argument("-o", "--output", type=Path, required=True, metavar="FILE")
    new.add_argument("--force", action="store_true", help="overwrite an existing file")

    show = command("show", cmd_show, "show a saved game as a side (or a spectator) sees it")
    show.add_argument("file", type=Path)
    show.add_argument("--side")
    show.add_argument("--lang", choices=LANGUAGES, default="en")
    show.add_argument("--log", type=int, default=10, metavar="N", help="last N log lines")

    actions = command("actions", cmd_actions, "list a side's legal actions, one per line")
    actions.add_argument("file", type=Path)
    actions.add_argument("--side", required=True)

    act = command("act", cmd_act, "play actions (each quoted, e.g. 'card 41'); all or none apply")
    act.add_argument("file", type=Path)
    act.add_argument("--side", required=True)
    act.add_argument("actions", nargs="+", metavar="ACTION")

    undo = command("undo", cmd_undo, "take back the last action")
    undo.add_argument("file", type=Path)
    undo.add_argument("--side", help="the side taking back (default: whoever acted last)")

    replay = command("replay", cmd_replay, "replay a saved game from its record and verify it")
    replay.add_argument("file", type=Path)

    verify = command(
        "verify",
        cmd_verify,
        "check a game's dice: the seed gives the commitment shown at the start, and every roll, "
        "draw and shuffle of the record",
    )
    verify.add_argument("file", type=Path)


def _add_tournament_command(command: Any) -> None:
    tournament = command(
        "tournament", cmd_tournament, "bots play each other; wins by side with 95%% intervals"
    )
    tournament.add_argument("game")
    tournament.add_argument("--scenario", "-s", required=True)
    tournament.add_argument(
        "--bots",
        required=True,
        metavar="A,B",
        help="one bot per side, sides moved on by one (two swapped) each game",
    )
    tournament.add_argument("--games", type=_at_least_one, default=10)
    tournament.add_argument("--seed", type=int, default=1)
    tournament.add_argument("--jobs", type=_at_least_one, default=1)
    tournament.add_argument("--format", choices=("text", "json"), default="text")
    tournament.add_argument("--no-progress", action="store_true")
    tournament.add_argument(
        "--record",
        type=Path,
        default=None,
        metavar="DIR",
        help="save each game in DIR as game-000.json, game-001.json... (wargame replay, show)",
    )


def _add_game_commands(command: Any) -> None:
    rules = command("rules", cmd_rules, "rule coverage of a game")
    rules.add_argument("game")
    rules.add_argument("--format", choices=("text", "json"), default="text")

    tables = command(
        "tables",
        cmd_tables,
        "every printed table of a game that a rules overlay may replace, with its rule, "
        "provenance and values",
    )
    tables.add_argument("game")
    tables.add_argument("--format", choices=("yaml", "json"), default="yaml")
    tables.add_argument(
        "--template",
        type=Path,
        metavar="FILE.yaml",
        help="write an overlay of every table as the game has it, for you to edit",
    )
    tables.add_argument("--force", action="store_true", help="overwrite an existing template")

    cards = command("cards", cmd_cards, "every card of a game with its provenance and effect")
    cards.add_argument("game")
    cards.add_argument("--format", choices=("text", "json"), default="text")
    cards.add_argument("--lang", choices=LANGUAGES, default="en", help="language of the table")

    fuzz = command("fuzz", cmd_fuzz, "play random legal games to the end, checking everything")
    fuzz.add_argument("game")
    fuzz.add_argument("--games", type=_at_least_one, default=10)
    fuzz.add_argument("--seed", type=int, default=0)
    fuzz.add_argument("--jobs", type=_at_least_one, default=1)
    fuzz.add_argument("--scenario")
    fuzz.add_argument("--max-steps", type=_at_least_one, default=20_000)
    fuzz.add_argument(
        "--stop-after",
        type=_at_least_one,
        metavar="N",
        help="stop each game unfinished after N actions (a bounded check of a long scenario)",
    )
    fuzz.add_argument("--check-every", type=_at_least_one, default=1, metavar="N")
    fuzz.add_argument("--out", type=Path, default=Path("fuzz-failures"))
    fuzz.add_argument("--no-progress", action="store_true")
    fuzz.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    _add_overlay_argument(fuzz)
    fuzz.add_argument(
        "--journal",
        type=Path,
        help="record each finished game in FILE and, run again, go on where it stopped",
    )

    play = command("play", cmd_play, "play a game in the terminal (hot seat, or against bots)")
    play.add_argument("game")
    play.add_argument("--scenario", "-s")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument(
        "--bot",
        action="append",
        default=[],
        metavar="SIDE[=KIND]",
        help="a bot plays SIDE: mcts (the computer at its normal level, the default), mcts-easy, "
        "mcts-hard, greedy or random",
    )
    play.add_argument(
        "--save", type=Path, default=None, metavar="FILE", help="save after each move"
    )
    play.add_argument(
        "--resume", type=Path, default=None, metavar="FILE", help="continue a saved game"
    )
    play.add_argument("--lang", choices=LANGUAGES, default="en")
    _add_overlay_argument(play)

    _add_tournament_command(command)

    bench = command("bench", cmd_bench, "measure speed, clone cost and state size")
    bench.add_argument("game")
    bench.add_argument("--seconds", type=float, default=5.0)
    bench.add_argument("--seed", type=int, default=1)
    bench.add_argument("--scenario")
    bench.add_argument("--format", choices=("text", "json"), default="text")


# -- commands ------------------------------------------------------------------------------


def cmd_list(args: argparse.Namespace) -> int:
    for entry in REGISTRY.listed():
        status = "" if REGISTRY.playable(entry.id) else "  (not playable yet)"
        print(f"{entry.id}\t{entry.title}{status}")
    return 0


def cmd_new(args: argparse.Namespace) -> int:
    game = REGISTRY.game(args.game)
    writable_target(args.output)
    if args.output.exists() and not args.force:
        raise WargameError(f"{args.output} exists; use --force to overwrite it")
    options = with_overlay_file(game, args.rules_overlay, parse_options(args.option))
    session = Session.new(game, args.scenario, args.seed, options)
    session.save(args.output)
    dice = "a chosen seed" if session.record.seed_chosen else "a secret random seed"
    print(f"new {game.id} game, scenario {args.scenario}, {dice}: {args.output}")
    if args.rules_overlay is not None:
        print(_overlay_line(game, session.state.options, args.rules_overlay))
    return 0


def with_overlay_file(game: Game, path: Path | None, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` with the overlay in ``path`` for ``game`` (as they are without a path, or with
    an overlay that changes no table); an overlay given in ``options`` too is refused."""
    if path is None:
        return options
    if OVERLAY_OPTION in options:
        raise WargameError(
            f"give the rules overlay once: --rules-overlay or --option {OVERLAY_OPTION}"
        )
    if game.tables is None:
        raise WargameError(f"{game.id} has no printed tables to replace")
    overlay = game.tables.read(path)
    return options if overlay is None else {**options, OVERLAY_OPTION: overlay}


def _overlay_line(game: Game, options: dict[str, Any], path: Path) -> str:
    shown = overlay_text(game, options, "en")
    if shown is None:
        return f"{path} changes no table: the game is played with the printed tables"
    return f"rules overlay {shown}"


def parse_options(pairs: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        if not sep or not name:
            raise WargameError(f"option {pair!r} is not NAME=VALUE")
        try:
            options[name] = json.loads(raw)
        except json.JSONDecodeError:
            options[name] = raw
        except RecursionError:
            raise WargameError(f"option {name}: its value is nested too deeply") from None
        except ValueError:  # a number of more digits than Python converts
            raise WargameError(f"option {name}: its value is too long a number") from None
    return options


def load(path: Path) -> Session:
    return Session.load(path, REGISTRY.game)


def cmd_show(args: argparse.Namespace) -> int:
    session = load(args.file)
    session.game.check_side(args.side)
    print(render_status(session.game, session.state, args.side, args.lang, args.log))
    return 0


def cmd_actions(args: argparse.Namespace) -> int:
    session = load(args.file)
    session.game.check_side(args.side)
    for action in session.game.legal_actions(session.state, args.side):
        print(action.text)
    return 0


def cmd_act(args: argparse.Namespace) -> int:
    session = load(args.file)
    for text in args.actions:
        session.act(args.side, text)
    session.save(args.file)
    active = ", ".join(session.game.active(session.state)) or "nobody (game over)"
    print(f"played {len(args.actions)} action(s); to act: {active}")
    return 0


def cmd_undo(args: argparse.Namespace) -> int:
    session = load(args.file)
    side = args.side or session.state.actor
    if side is None:
        raise WargameError("nothing to undo")
    session.undo(side)
    session.save(args.file)
    print(f"took back {possessive(side)} last action; {session.state.moves} action(s) remain")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    save = read_save(args.file)
    game = game_of(save, REGISTRY.game, args.file)
    replayed = Session.replay(save.record, game)
    actions = len(save.record.actions)
    if save.failure is not None:
        return _replay_failure(replayed, save.failure)
    saved = state_hash(save.state)
    if state_hash(replayed.state) != saved:
        raise WargameError(
            f"{args.file}: replaying {actions} actions gives another state than the one saved"
        )
    print(f"replay: {actions} actions, identical state {saved}")
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    from wargame.engine.verify import verify

    save = read_save(args.file)
    found = verify(game_of(save, REGISTRY.game, args.file), save.record, save.state)
    print(f"verify: {_COMMITMENT_LINES[found.commitment]}")
    if found.actions or not found.problems:
        counts = ", ".join(f"{n} {kind}" for kind, n in sorted(found.random.items())) or "none"
        print(f"verify: {found.actions} actions replayed from the seed; random events: {counts}")
    for problem in found.problems:
        print(f"verify: FAILED: {problem}")
    if found.ok:
        print("verify: every roll, draw and shuffle and the final position are the ones saved")
    return 0 if found.ok else EXIT_ERROR


_COMMITMENT_LINES = {
    "matches": "the seed and salt give the commitment shown at the start",
    "differs": "the seed and salt do NOT give the commitment",
    "none": "no commitment (the game was made before games committed to their seed)",
}


def _replay_failure(session: Session, failure: dict[str, Any]) -> int:
    print(f"replay: {len(session.record.actions)} actions replayed; recorded failure:")
    print(f"  {failure.get('message')}")
    pending = failure.get("pending")
    if pending:
        side, text = pending
        print(f"  retrying the failing action {side}: {text}")
        session.act(side, text)
        print("  the failing action now succeeds")
    return EXIT_ERROR


def cmd_rules(args: argparse.Namespace) -> int:
    registry = REGISTRY.rules(args.game)
    tests_dir = find_tests_dir()
    found = report(registry, scan_tests(tests_dir) if tests_dir else None)
    if not found.rows:
        raise WargameError(f"{args.game} has no rule index yet")
    if args.format == "json":
        print(json.dumps([row.to_json() for row in found.rows], ensure_ascii=False, indent=1))
        return 0
    _print_rules(found)
    _print_tables(args.game, REGISTRY.tables(args.game))
    return 0


def _print_tables(game_id: str, tables: PrintedTables | None) -> None:
    """The printed tables a rules overlay may replace, the provisional ones with their reason."""
    if tables is None:
        return
    entries = tables.entries
    provisional = {t: e for t, e in entries.items() if e.provenance == "provisional"}
    print(
        f"{len(entries)} printed tables a rules overlay may replace, {len(provisional)} "
        f"provisional (wargame tables {game_id}): {', '.join(entries)}"
    )
    for table, entry in provisional.items():
        print(f"provisional table {table} ({entry.ref}): {entry.reason}")


def _print_rules(found: Any) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{found.game}: rule coverage", show_lines=False)
    for column in ("rule", "title", "provenance", "implemented", "tests"):
        table.add_column(column)
    for row in found.rows:
        table.add_row(row.number, row.title, row.provenance, *_coverage_cells(found, row))
    console = Console(width=max(100, Console().width))
    console.print(table)
    rules = [row for row in found.rows if not row.not_a_rule]
    implemented = sum(row.implemented for row in rules)
    tested = sum(bool(row.tests) or (row.heading and row.implemented) for row in rules)
    provisional = sum(row.provenance == "provisional" for row in rules)
    headings = [row for row in rules if row.heading]
    print(
        f"{len(rules)} rules: {implemented} implemented, {tested} with tests, "
        f"{provisional} provisional; {len(headings)} headings, "
        f"{sum(row.implemented for row in headings)} covered by their sub-rules; "
        f"{len(found.rows) - len(rules)} rows not rules"
    )
    for row in found.rows:
        if row.not_a_rule:
            print(f"not a rule {row.number}: {row.not_a_rule}")
    for row in headings:
        if row.uncovered:
            print(f"heading {row.number} waits for {', '.join(row.uncovered)}")
    for row in found.rows:
        for description in row.stand_ins:
            print(f"provisional stand-in {row.number}: {description}")
    if not found.tests_found:
        print("tests: no tests folder found (run from a source checkout or set WARGAME_TESTS_DIR)")
    for label, numbers in (("code", found.unknown_in_code), ("tests", found.unknown_in_tests)):
        if numbers:
            shown = ", ".join(numbers)
            print(f"warning: {label} name rules missing from the index: {shown}")
    for numbers, what in (
        (found.claimed_headings, "code or tests name headings, which state nothing of their own"),
        (found.claimed_non_rules, "code or tests name rows that are not rules"),
        (found.unexplained, "stand-ins without players' words in the rule index"),
        (found.unused_explanations, "the rule index explains stand-ins the code does not have"),
    ):
        if numbers:
            print(f"warning: {what}: {', '.join(numbers)}")


def _coverage_cells(found: Any, row: Any) -> tuple[str, str]:
    """The implemented and tests cells of a row: a heading's tell how its sub-rules cover it."""
    if row.heading:
        done = len(row.sub_rules) - len(row.uncovered)
        state = "yes" if row.implemented else "no"
        return f"heading: {state}", f"{done}/{len(row.sub_rules)} sub-rules"
    if row.not_a_rule:
        return "not a rule", "-"
    tests = str(len(row.tests)) if found.tests_found else "?"
    return "yes" if row.implemented else "no", tests


def cmd_tables(args: argparse.Namespace) -> int:
    tables = REGISTRY.tables(args.game)
    if tables is None:
        raise WargameError(f"{args.game} has no printed tables to replace")
    if args.template is not None:
        writable_target(args.template)
        if args.template.exists() and not args.force:
            raise WargameError(f"{args.template} exists; use --force to overwrite it")
        write_atomically(args.template, tables.template().encode())
        print(
            f"{args.template}: the {len(tables.entries)} tables of {args.game} as it has "
            f"them; edit the values, then: wargame new {args.game} --scenario S "
            f"--rules-overlay {args.template} -o FILE"
        )
        return 0
    listing = tables.listing()
    if args.format == "json":
        print(json.dumps(listing, ensure_ascii=False, indent=1))
    else:
        print(dump_yaml(listing), end="")
    return 0


def cmd_cards(args: argparse.Namespace) -> int:
    rows = REGISTRY.cards(args.game)
    if not rows:
        raise WargameError(f"{args.game} has no cards")
    if args.format == "json":
        print(json.dumps(rows, ensure_ascii=False, indent=1))
        return 0
    _print_cards(args.game, rows, args.lang)
    return 0


def _print_cards(game: str, rows: list[dict[str, Any]], lang: str) -> None:
    from rich.console import Console
    from rich.table import Table

    def shown(row: dict[str, Any], field: str) -> str:
        return str((lang != "en" and row.get(f"{field}_{lang}")) or row.get(field, ""))

    table = Table(title=f"{game}: cards")
    for column in ("card", "title", "type", "provenance", "event"):
        table.add_column(column)
    table.add_column("effect", overflow="fold", ratio=1)
    for row in rows:
        table.add_row(
            row["id"],
            shown(row, "title"),
            row.get("type", ""),
            row["provenance"],
            row["event"],
            shown(row, "effect"),
        )
    Console(width=max(100, Console().width)).print(table)
    counts = Counter(row["provenance"] for row in rows)
    shown = ", ".join(f"{count} {name}" for name, count in sorted(counts.items()))
    missing = [row["id"] for row in rows if row["event"] == "missing"]
    print(f"{len(rows)} cards: {shown}; {len(missing)} without their event")
    if missing:
        print(f"events missing: {', '.join(missing)}")
    for row in rows:
        if row["provenance"] == "provisional":
            print(f"provisional {row['id']}: {row.get('note', '')}")


def _at_least_one(text: str) -> int:
    """A whole number of at least 1 (an argparse type: the parser reports a usage error)."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {number}")
    return number


def cmd_fuzz(args: argparse.Namespace) -> int:
    from wargame.fuzz import FuzzConfig

    check_seed(args.seed)
    game = REGISTRY.game(args.game)
    if args.scenario:
        game.scenario(args.scenario)
    config = FuzzConfig(
        games=args.games,
        seed=args.seed,
        jobs=args.jobs,
        max_steps=args.max_steps,
        stop_after=args.stop_after,
        check_every=args.check_every,
        scenario=args.scenario,
        out_dir=args.out,
        journal=args.journal,
        options=with_overlay_file(game, args.rules_overlay, parse_options(args.option)),
    )
    game.resolve_options(config.options)  # a bad option is one line here, not a failed game each
    if args.journal is not None:
        writable_target(args.journal)
    summary = _fuzz_with_progress(game, config, show=not args.no_progress)
    for outcome in summary.failures:
        print(
            f"FAIL game {outcome.index} ({outcome.scenario}, seed {outcome.seed}): "
            f"{outcome.failure}"
        )
        if outcome.dump and outcome.dump.endswith(".json"):
            print(f"  saved: {outcome.dump}  (wargame replay {outcome.dump})")
    for kind, count in sorted(summary.results().items()):
        print(f"result {kind}: {count} ({100 * count / len(summary.outcomes):.0f}%)")
    unfinished = sum(1 for o in summary.outcomes if o.result is None and o.failure is None)
    if unfinished:
        print(f"stopped unfinished after {config.stop_after} actions: {unfinished}")
    print(summary.line())
    return EXIT_ERROR if summary.failures else 0


def _fuzz_with_progress(game: Game, config: Any, show: bool) -> Any:
    from rich.console import Console
    from rich.progress import Progress

    from wargame.fuzz import fuzz

    console = Console(stderr=True)
    if show and not console.is_terminal:  # a log file: a line now and then instead of a bar
        return fuzz(game.id, config, REGISTRY.game, _ProgressLines(config.games))
    with Progress(console=console, transient=True, disable=not show) as progress:
        task = progress.add_task(f"fuzz {game.id}", total=config.games)
        return fuzz(game.id, config, REGISTRY.game, lambda _: progress.advance(task))


class _ProgressLines:
    """Writes to standard error how far a long fuzz run (or simulation) has got, once a minute at
    most (a run of thousands of games sent to a log file)."""

    SECONDS = 60.0

    def __init__(self, total: int, name: str = "fuzz") -> None:
        self.total = total
        self.name = name
        self.done = 0
        self.failed: int | None = 0 if name == "fuzz" else None
        self.started = self.shown = time.monotonic()

    def __call__(self, outcome: Any) -> None:
        self.done += 1
        if self.failed is not None:
            self.failed += outcome.failure is not None
        now = time.monotonic()
        if now - self.shown >= self.SECONDS or self.done == self.total:
            self.shown = now
            minutes = (now - self.started) / 60
            failures = "" if self.failed is None else f", {self.failed} failures"
            print(
                f"{self.name}: {self.done}/{self.total} games{failures}, {minutes:.1f} min",
                file=sys.stderr,
                flush=True,
            )


def cmd_simulate(args: argparse.Namespace) -> int:
    from wargame import simulate

    check_seed(args.seed)
    game = REGISTRY.game(args.game)
    game.scenario(args.scenario)
    bots = tuple(name.strip() for name in args.bots.split(","))
    runner = _simulation_runner(args, simulate.ray_installed())
    config = simulate.SimulationConfig(
        args.game, args.scenario, args.games, bots, args.seed, args.max_actions, runner,
        args.jobs, args.ray,
    )  # fmt: skip
    simulate.plans(config, game)  # refuses a wrong number of bots before anything runs
    _check_bots(game, bots)
    args.out.mkdir(parents=True, exist_ok=True)
    data_file, picture = args.out / "simulation.json", args.out / "simulation.png"
    writable_target(data_file)
    writable_target(picture)
    progress = _ProgressLines(args.games, "simulate") if not args.no_progress else None
    records = simulate.simulate(config, progress or (lambda _: None))
    summary = simulate.summarize(config, game.scenario_sides(args.scenario), records)
    write_atomically(data_file, json.dumps(simulate.to_json(summary, records), indent=1).encode())
    print(simulate.table(summary))
    print(f"wrote {data_file}")
    try:
        simulate.plot(summary, records, picture)
        print(f"wrote {picture}")
    except WargameError as error:
        print(f"wargame: warning: {error.message}", file=sys.stderr)
    return 0


def _simulation_runner(args: argparse.Namespace, ray_installed: bool) -> str:
    if args.ray and not ray_installed:
        raise WargameError("--ray: Ray is not installed: pip install 'wargame[ray]'")
    if args.ray or (ray_installed and not args.processes):
        return "ray"
    return "processes" if args.jobs > 1 else "here"


def _check_bots(game: Game, bots: tuple[str, ...]) -> None:
    """Refuse an unknown bot name before any game starts."""
    from wargame.bots import make_bot

    for kind in dict.fromkeys(bots):
        make_bot(kind, game, game.sides[0], 0)


def cmd_play(args: argparse.Namespace) -> int:
    from wargame.play import TerminalGame

    game = REGISTRY.game(args.game)
    save_to = args.save or args.resume
    if save_to:
        writable_target(save_to)
    if args.resume and args.rules_overlay is not None:
        raise WargameError("a saved game keeps the rules overlay it was started with")
    if args.resume:
        session = load(args.resume)
        if session.game.id != args.game:
            raise WargameError(f"{args.resume} is a {session.game.id} game, not {args.game}")
    else:
        scenario = args.scenario or game.scenarios()[0].id
        options = with_overlay_file(game, args.rules_overlay, {})
        session = Session.new(game, scenario, args.seed, options)
        if args.rules_overlay is not None:
            print(_overlay_line(game, session.state.options, args.rules_overlay))
    bots = _bot_seats(session.game, args.bot)
    TerminalGame(session, bots=bots, lang=args.lang, save_to=save_to).run()
    return 0


def _bot_seats(game: Game, given: list[str]) -> dict[str, str]:
    """``--bot SIDE[=KIND]`` as each side's bot kind: the lobby's "Computer, normal" (``mcts``)
    unless named, the opponent a player asking for one expects."""
    from wargame.bots import BOTS

    seats = {}
    for text in given:
        side, _, kind = text.partition("=")
        game.check_side(side)
        kind = kind or DEFAULT_BOT
        if kind not in BOTS:
            raise WargameError(f"unknown bot {kind!r}; bots are {', '.join(sorted(BOTS))}")
        seats[side] = kind
    return seats


def cmd_tournament(args: argparse.Namespace) -> int:
    from wargame.bots.tournament import Plan, format_summary, run, summary

    check_seed(args.seed)
    bots = tuple(name.strip() for name in args.bots.split(","))
    if args.record is not None:
        _record_folder(args.record)
    plan = Plan(
        args.game, args.scenario, bots, args.games, args.seed, args.jobs, record=args.record
    )
    progress = _TournamentProgress(args.games, show=not args.no_progress)
    games = run(plan, REGISTRY.game, progress)
    sides = REGISTRY.game(args.game).scenario_sides(args.scenario)
    found = summary(replace(plan, sides=sides), games)
    print(json.dumps(found, indent=1) if args.format == "json" else format_summary(found))
    return 0


def _record_folder(path: Path) -> None:
    """Make the folder a tournament saves its games in, or say in one line why it cannot."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise WargameError(f"cannot save games in {path} ({error.strerror})") from None
    writable_target(path / "game-000.json")


class _TournamentProgress:
    """A line on standard error as each game ends: who won, and how long it took."""

    def __init__(self, total: int, show: bool) -> None:
        self.total = total
        self.show = show
        self.done = 0
        self.started = time.monotonic()

    def __call__(self, played: Any) -> None:
        self.done += 1
        if self.show:
            minutes = (time.monotonic() - self.started) / 60
            seats = ", ".join(f"{name} {side}" for side, name in played.seats.items())
            print(
                f"tournament: {self.done}/{self.total} ({seats}): {played.kind} "
                f"{played.winner or 'draw'}, {played.actions} actions, {minutes:.1f} min",
                file=sys.stderr,
                flush=True,
            )


def cmd_bench(args: argparse.Namespace) -> int:
    from wargame.bench import format_report, run_bench

    if not 0 < args.seconds < math.inf:
        raise WargameError("--seconds must be a number above 0")
    check_seed(args.seed)
    game = REGISTRY.game(args.game)
    found = run_bench(game, seconds=args.seconds, seed=args.seed, scenario=args.scenario)
    if args.format == "json":
        print(json.dumps(found, indent=1))
    else:
        print(format_report(found))
    return 0


def check_seed(seed: int) -> None:
    problem = seed_problem(seed)
    if problem is not None:
        raise WargameError(f"--seed: {problem}")


def cmd_map(args: argparse.Namespace) -> int:
    from wargame.maps.render import Labels, write_map

    labels = Labels(ids=args.ids, names=args.names, lang=args.lang, edges=args.edges)
    picture = write_map(args.game, args.out, labels, args.sheet, args.region)
    for warning in picture.warnings:
        print(f"wargame: warning: {warning}", file=sys.stderr)
    print(f"{args.out}: {picture.outline.summary} of the {args.game} map")
    return 0


MAX_BOT_PROCESSES = 64


def cmd_serve(args: argparse.Namespace) -> int:
    from wargame.server.run import serve

    if not 0 <= args.bot_delay < math.inf:
        raise WargameError("--bot-delay must be a number of seconds, 0 or more")
    if not 0 <= args.bot_processes <= MAX_BOT_PROCESSES:
        raise WargameError(f"--bot-processes must be between 0 and {MAX_BOT_PROCESSES}")
    serve(
        args.host,
        args.port,
        args.database,
        args.bot_delay,
        args.workers,
        bot_processes=args.bot_processes,
        durability=args.durability,
        busy_timeout=_positive(args.busy_timeout, "--busy-timeout"),
        limits=_serve_limits(args),
        forwarded_allow_ips=args.forwarded_allow_ips,
    )
    return 0


def _serve_limits(args: argparse.Namespace) -> Any:
    from wargame.server.limits import Limits

    if args.max_bot_games < 0:
        raise WargameError("--max-bot-games cannot be negative")
    expire = None if args.expire_days is None else _positive(args.expire_days, "--expire-days")
    return Limits(
        create=_rate(args.create_limit, "--create-limit"),
        act=_rate(args.action_limit, "--action-limit"),
        bot_games=args.max_bot_games,
        body_seconds=_positive(args.body_timeout, "--body-timeout"),
        expire_days=expire,
    )


def _rate(text: str, flag: str) -> Any:
    from wargame.server.limits import rate

    try:
        return rate(text)
    except WargameError as error:
        raise WargameError(f"{flag}: {error.message}") from None


def _positive(value: float, flag: str) -> float:
    if not value > 0:
        raise WargameError(f"{flag} must be more than 0")
    return value


if __name__ == "__main__":
    sys.exit(main())
