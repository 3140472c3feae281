"""Hand-built positions for rule tests: a bare game state with chosen units where you want them.

``position(units={"us-5af": "2812", "jp-14-army": ("2909", True)}, japanese=["2813"])`` gives a
Context whose data follows :mod:`wargame.games.empire_of_the_sun.layout`: every other unit is
off the map (in the ``event`` box), land hexes are Allied-controlled except those listed in
``japanese`` (or the whole ``japanese_empire`` area when ``empire=True``).
"""

from __future__ import annotations

from typing import Any

from wargame.engine.procedure import Context
from wargame.engine.state import State
from wargame.games.empire_of_the_sun.forces import Components
from wargame.games.empire_of_the_sun.static import static

_COMPONENTS: Components | None = None


def components() -> Components:
    global _COMPONENTS  # noqa: PLW0603
    if _COMPONENTS is None:
        _COMPONENTS = Components(static())
    return _COMPONENTS


def blank_data(turn: int = 2) -> dict[str, Any]:
    parts = components()
    return {
        "turn": turn,
        "setup": "1941",
        "first_turn": 1,
        "last_turn": 12,
        "victory": "campaign",
        "phase": "offensives",
        "units": {u: "event" for u in parts.units},
        "reduced": {},
        "returning": {},
        "rebuilt": {},
        "bombed": {},
        "control": {h: "allied" for h in parts.board.land_hexes},
        "cards": {
            side: {
                "deck": [],
                "hand": [],
                "discard": [],
                "removed": [],
                "future": None,
                "future_turn": None,
            }
            for side in ("japan", "allied")
        },
        "pending": {},
        "drawn": {"japan": [], "allied": []},
        "known": {"japan": [], "allied": []},
        "passes": {"japan": 0, "allied": 0},
        "event_draws": {"japan": 0, "allied": 0},
        "designated": {},
        "deal_cuts": {"japan": 0, "allied": 0},
        "asp_used": {"japan": 0, "allied": 0},
        "initiative": "japan",
        "acting": "japan",
        "tracks": {
            "political_will": 8,
            "war_in_europe": 0,
            "china": "stable_front",
            "china_divisions": 12,
            "burma_road": "open",
            "hump": False,
            "india": "stable",
            "india_second": False,
            "us_isr": False,
            "japanese_isr": False,
            "japanese_asp": 7,
            "allied_asp": 2,
            "barges": False,
            "pt_boats": False,
            "escort": 0,
            "japanese_air_replacements": 0,
            "japanese_naval_replacements": 0,
        },
        "surrendered": [],
        "recaptured": [],
        "china_offensive": None,
        "will_once": {},
        "occupied": {},
        "resource_path_cut": 0,
        "progress": {"japanese": [], "required": 0},
        "lasting": [],
        "reshuffle": {},
        "offensive": None,
    }


def position(
    units: dict[str, str | tuple[str, bool]] | None = None,
    japanese: list[str] = (),
    empire: bool = False,
    turn: int = 2,
    **tracks: Any,
) -> Context:
    data = blank_data(turn)
    parts = components()
    if empire:
        for hex_id in parts.board.area("japanese_empire"):
            data["control"][hex_id] = "japan"
    for hex_id in japanese:
        data["control"][hex_id] = "japan"
    for unit_id, where in (units or {}).items():
        hex_id, is_reduced = (where, False) if isinstance(where, str) else where
        place(data, unit_id, hex_id, is_reduced)
    data["tracks"].update(tracks)
    state = State(
        game="empire-of-the-sun",
        rules_version="test",
        scenario="test",
        seed=0,
        options={},
        rng=1,
        data=data,
        stack=[],
    )
    return Context(state, {}, parts)


def place(data: dict[str, Any], unit_id: str, location: str, is_reduced: bool = False) -> None:
    """Put a unit at a location (hex or box), on its full or reduced side."""
    data["units"][unit_id] = location
    if is_reduced:
        data["reduced"][unit_id] = True
    else:
        data["reduced"].pop(unit_id, None)
