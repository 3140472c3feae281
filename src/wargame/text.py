"""Text rendering of a view for the command line, in English or Japanese."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wargame.engine.contract import Game
from wargame.engine.log import Side
from wargame.engine.overlay import overlay_summary
from wargame.engine.state import State


def render_log_line(game: Game, event: dict[str, Any], lang: str) -> str:
    return game.catalog.render(event["key"], event.get("params", {}), lang)


def render_status(
    game: Game, state: State, viewer: Side | None, lang: str, log_lines: int = 10
) -> str:
    view = game.view(state, viewer)
    catalog = game.catalog
    ui = lambda key: catalog.render(f"ui.{key}", {}, lang)  # noqa: E731
    lines = [
        f"{game.title} — {ui('scenario')}: {catalog.name('scenario', state.scenario, lang)}"
        f" — {ui('moves')}: {state.moves}",
    ]
    overlay = overlay_text(game, state.options, lang)
    if overlay is not None:
        lines.append(f"{ui('rules_overlay')}: {overlay}")
    picture = game.describe(state, viewer, lang)
    if picture:
        lines += ["", picture.rstrip()]
    lines.append("")
    if view["result"] is not None:
        result = view["result"]
        text = catalog.render(f"result.{result['kind']}", result.get("params", {}), lang)
        lines.append(f"{ui('result')}: {text}")
    else:
        active = ", ".join(catalog.name("side", s, lang) for s in view["active"]) or ui("none")
        lines.append(f"{ui('active')}: {active}")
    if view["prompt"] is not None:
        prompt = view["prompt"]
        lines.append(f"{ui('prompt')}: {catalog.render(prompt['key'], prompt['params'], lang)}")
        lines.append(f"{ui('actions')}: {' | '.join(view['actions'])}")
    events = view["log"][-log_lines:] if log_lines else []
    if events:
        lines += ["", f"{ui('log')}:"]
        lines += [f"  {render_log_line(game, event, lang)}" for event in events]
    return "\n".join(lines)


def overlay_text(game: Game, options: Mapping[str, Any], lang: str) -> str | None:
    """The rules overlay of a game's options in a line: its name, the tables it replaces and its
    digest (None: the game is played with the printed tables)."""
    summary = overlay_summary(options)
    if summary is None:
        return None
    tables = game.tables
    titles = [tables.title(t, lang) if tables else t for t in summary["tables"]]
    name = summary["name"] or "-"
    return f"{name} — {', '.join(titles)} (sha256 {summary['digest'][:12]})"
