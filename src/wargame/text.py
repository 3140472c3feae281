"""Text of a game in English or Japanese: its title and its scenario's (for the command line and
the play server), and a view rendered for the command line."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wargame.engine.contract import Game
from wargame.engine.log import Side
from wargame.engine.overlay import overlay_summary
from wargame.engine.state import State


def title_in(game: Game, lang: str) -> str:
    return game.title_ja if lang == "ja" and game.title_ja else game.title


def scenario_title(game: Game, scenario_id: str, lang: str) -> str:
    """The scenario's title in ``lang``: its own Japanese title, else the catalogue's
    ``scenario.<id>`` in the language, else its English title, else its id."""
    scenario = next((s for s in game.scenarios() if s.id == scenario_id), None)
    own = scenario.title_ja if scenario is not None and lang == "ja" else ""
    named = game.catalog.messages.get(lang, {}).get(f"scenario.{scenario_id}")
    return own or named or (scenario.title if scenario is not None else "") or scenario_id


def render_log_line(game: Game, event: dict[str, Any], lang: str) -> str:
    return game.catalog.render(event["key"], event.get("params", {}), lang)


def render_status(
    game: Game, state: State, viewer: Side | None, lang: str, log_lines: int = 10
) -> str:
    view = game.view(state, viewer)
    catalog = game.catalog
    ui = lambda key: catalog.render(f"ui.{key}", {}, lang)  # noqa: E731
    lines = [
        f"{title_in(game, lang)} — {ui('scenario')}: {scenario_title(game, state.scenario, lang)}"
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
