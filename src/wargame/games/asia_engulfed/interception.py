"""The interception check (8.31-8.33): what each side may choose (Day, Night, from the
second check Avoid), the roll's modifiers (Day +1, Japan's elite CA at night, the Allies'
code-breaking +3 of 7.6), and the secrecy of the choices until both have chosen."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wargame.engine.log import Side
from wargame.games.asia_engulfed import combat_fog, surprise
from wargame.games.asia_engulfed.charts import Charts
from wargame.games.asia_engulfed.control import SIDES
from wargame.games.asia_engulfed.registry import RULES
from wargame.games.asia_engulfed.sea_forces import (
    SURFACE,
    fleet_type,
    fleets_in,
    flying,
    joining_lba,
)

DAY: Final = "day"
NIGHT: Final = "night"
AVOID: Final = "avoid"

RULES.stand_in(
    "8.31",
    "From the second check, when neither side has a BB or CA there nor an air unit that could "
    "fly, both may only avoid (no battle in which nobody can fire goes on for ever).",
    key="avoid_when_nothing_fights",
)


# -- the interception check (8.31) ----------------------------------------------------------


@RULES.implements("8.31")
def interception_options(data: Mapping[str, Any], side: Side, sea: str, check: int) -> list[str]:
    """What ``side`` may choose at the ``check``-th check in ``sea`` (T13): Night with surface
    ships, Day with carriers or LBA that could join, Avoid from the second check; only Avoid
    from then on when neither side can fight (provisional, see the module's Decisions)."""
    if surprise.one_day_round(data, sea, check):  # 9.11 k: Day, or the US rebases at once
        return [DAY] if side == SIDES[0] else [DAY, AVOID]
    kinds = {fleet_type(data, fleet) for fleet in fleets_in(data, side, sea)}
    found = []
    if "cv" in kinds or joining_lba(data, side, sea):
        found.append(DAY)
    if kinds & SURFACE:
        found.append(NIGHT)
    if check == 1:
        return found
    shown = combat_fog.revealed(data, sea)  # else the choices would tell what the enemy has
    if shown and not any(can_fight(data, each, sea) for each in SIDES):
        return [AVOID]
    return [*found, AVOID]


def can_fight(data: Mapping[str, Any], side: Side, sea: str) -> bool:
    surface = any(fleet_type(data, f) in SURFACE for f in fleets_in(data, side, sea))
    return surface or bool(flying(data, side, sea, with_lba=True))


@RULES.implements("8.31", "8.33")
def roll_modifier(
    data: Mapping[str, Any], side: Side, sea: str, choice: str, charts: Charts
) -> int:
    """Day +1 (8.31 c); Japan choosing Night with its elite CA there +1 (8.33)."""
    values = charts.interception
    found = values.day if choice == DAY else 0
    elite = any(
        data["units"][f]["hidden"].get("elite") and fleet_type(data, f) == "ca"
        for f in fleets_in(data, side, sea)
    )
    if side == SIDES[0] and choice == NIGHT and elite:
        found += values.elite_ca_night
    return found


@RULES.implements("7.6")
def code_breaking_bonus(
    data: Mapping[str, Any], side: Side, sea: str, check: int, charts: Charts
) -> int:
    """The Allies' +3 on the first interception check in the sea area of this turn's
    code-breaking (7.6 d)."""
    broken = data["code_breaking"]["sea"] == sea and side == SIDES[1] and check == 1
    return charts.interception.code_breaking if broken else 0


def choices_shown(data: Mapping[str, Any], viewer: Side | None) -> dict[str, Any] | None:
    """``interception`` as ``viewer`` sees it: the other side's choice only once both chose."""
    check = data.get("interception")
    if check is None:
        return None
    chosen = check["choices"]
    both = len(chosen) == len(SIDES)
    shown = {side: choice for side, choice in chosen.items() if both or side == viewer}
    return {**check, "choices": shown, "chosen": sorted(chosen)}


def hidden_choices(data: Mapping[str, Any]) -> dict[Side | None, set[tuple[str, str]]]:
    """Per viewer, the (side, choice) pairs it may not see yet (8.31 a: chosen in secret)."""
    check = data.get("interception")
    if check is None or len(check["choices"]) == len(SIDES):
        return {}
    found: dict[Side | None, set[tuple[str, str]]] = {}
    for viewer in [None, *SIDES]:
        found[viewer] = {(s, c) for s, c in check["choices"].items() if s != viewer}
    return found


def drawn_choices(data: dict[str, Any], shown: Mapping[str, Any] | None, rng: Any) -> None:
    """Fill ``data``'s interception with a guess of the choice the viewer has not seen."""
    if shown is None:
        data["interception"] = None
        return
    check = {key: value for key, value in shown.items() if key != "chosen"}
    check["choices"] = dict(shown["choices"])
    for side in shown["chosen"]:
        if side not in check["choices"]:
            options = interception_options(data, side, check["sea"], check["check"])
            check["choices"][side] = options[rng.below(len(options))]
    data["interception"] = check
