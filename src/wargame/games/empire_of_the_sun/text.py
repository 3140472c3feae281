"""A text picture of an Empire of the Sun position for the command line."""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING, Any

from wargame.engine.state import State

if TYPE_CHECKING:
    from wargame.games.empire_of_the_sun.game import EmpireOfTheSun

TRACKS = (
    "political_will",
    "war_in_europe",
    "china",
    "china_divisions",
    "burma_road",
    "india",
    "japanese_asp",
    "allied_asp",
    "us_isr",
    "japanese_isr",
)


def describe(game: EmpireOfTheSun, state: State, viewer: str | None, lang: str) -> str:
    data = state.data
    catalog = game.catalog
    lines = [
        f"{catalog.render('ui.turn', {}, lang)} {data['turn']}/{data['last_turn']} · "
        f"{catalog.name('phase', data['phase'], lang)} · "
        + ", ".join(f"{catalog.name('track', k, lang)} {data['tracks'][k]}" for k in TRACKS),
        piles_line(game, state, lang),
    ]
    if viewer is not None:
        own = data["cards"][viewer]
        hand = " ".join(own["hand"]) or "-"
        future = f"  FO: {own['future']}" if own["future"] else ""
        lines.append(f"{catalog.render('ui.hand', {}, lang)}: {hand}{future}")
    lines += unit_lines(game, state, lang)
    offensive = data.get("offensive")
    if offensive:
        lines.append(offensive_line(offensive))
    return "\n".join(lines)


def piles_line(game: EmpireOfTheSun, state: State, lang: str) -> str:
    parts = []
    for side in game.sides:
        own = state.data["cards"][side]
        name = game.catalog.name("side", side, lang)
        parts.append(
            f"{name}: {len(own['hand'])} cards, deck {len(own['deck'])}, "
            f"passes {state.data['passes'][side]}" + (", FO held" if own["future"] else "")
        )
    return " | ".join(parts)


def unit_lines(game: EmpireOfTheSun, state: State, lang: str) -> list[str]:
    by_hex: dict[str, list[str]] = defaultdict(list)
    for unit_id, at in state.data["units"].items():
        if at[:1].isdigit():
            by_hex[at].append(unit_id + ("(r)" if unit_id in state.data["reduced"] else ""))
    lines = []
    for hex_id in sorted(by_hex):
        owner = state.data["control"].get(hex_id, "sea")
        place = game.catalog.name("hex", hex_id, lang)
        lines.append(f"  {place} [{owner}]: {' '.join(sorted(by_hex[hex_id]))}")
    return lines


def offensive_line(offensive: dict[str, Any]) -> str:
    return (
        f"offensive: {offensive['side']} {offensive['card']} ({offensive['mode']}), "
        f"hq {offensive['hq']}, activated {len(offensive['activated'])}, "
        f"battles {' '.join(offensive['battles']) or '-'}, {offensive['condition']}"
    )
