"""Setting up a scenario (2.0, 17.0, 18.0): units, control, decks and tracks."""

from __future__ import annotations

from typing import Any

from wargame.engine.procedure import Context
from wargame.games.empire_of_the_sun.forces import Components
from wargame.games.empire_of_the_sun.political_will import note_progress_start
from wargame.games.empire_of_the_sun.registry import RULES
from wargame.games.empire_of_the_sun.static import SETUP_NOTATION, Scenario

BOX_NAMES = {"delay": "delayed", "event": "event", "elim": "eliminated", "china": "china"}
JAPANESE_AT_START = ("japanese_empire", "korea", "china_coastal")
OPENING_CARDS = ("J1", "J2")


@RULES.implements("2.1", "2.2", "2.3", "18.0")
def place_units(parts: Components, scenario: Scenario) -> tuple[dict[str, str], dict[str, bool]]:
    """Every unit where the scenario's column of the master set-up list puts it, and the units
    that start (or will enter) on their reduced side."""
    locations: dict[str, str] = {}
    reduced: dict[str, bool] = {}
    for unit in parts.units.values():
        locations[unit.id], is_reduced = read_entry(unit.setup[scenario.setup])
        if is_reduced:
            reduced[unit.id] = True
    return locations, reduced


def read_entry(entry: str) -> tuple[str, bool]:
    """``2813`` / ``[2813]`` a hex (reduced), ``t3`` / ``[t3]`` an entry turn, or a box."""
    match = SETUP_NOTATION.match(entry)
    assert match is not None  # checked when the data was loaded
    reduced = entry.startswith("[")
    plain = entry.strip("[]")
    if match.group("hex"):
        return plain, reduced
    if match.group("turn"):
        return f"turn:{int(plain[1:])}", reduced
    return BOX_NAMES[plain], False


@RULES.implements("17.14", "12.1")
def initial_control(parts: Components, scenario: Scenario, units: dict[str, str]) -> dict[str, str]:
    """Japan holds its Empire, Korea and coastal China (and whatever the scenario adds); every
    other land hex is Allied. After 1941, a hex holding one side's units is that side's."""
    board = parts.board
    control = {}
    surrendered = set(scenario.surrendered)
    for hex_id in board.land_hexes:
        areas = set(board.hexes[hex_id].areas)
        japanese = bool(areas & set(JAPANESE_AT_START)) or bool(areas & surrendered)
        control[hex_id] = "japan" if japanese else "allied"
    if scenario.setup != "1941":
        for unit_id, at in units.items():
            if at in control:
                control[at] = parts.units[unit_id].side
    for hex_id in scenario.japanese_control:
        control[hex_id] = "japan"
    for hex_id in scenario.allied_control:
        control[hex_id] = "allied"
    return control


SCENARIO_RULES = (
    "17.12 17.13 17.2 17.21 17.22 17.23 17.24 17.3 17.31 17.32 17.33 17.34 17.35 17.36 17.4 "
    "17.41 17.42 17.43 17.44 17.45 17.46 17.5 17.6 17.7 17.8 17.9"
).split()
RULES.declare(*SCENARIO_RULES, where="setup.py with data/scenarios.yaml and data/units.yaml")
RULES.stand_in(
    "17.2",
    "Hexes holding one side's units at the start of a 1942-1944 set-up are that side's (the "
    "set-up lists name only some flags; spec 10).",
    key="setup_control",
)


def card_piles(g: Context, parts: Components, scenario: Scenario) -> dict[str, dict[str, Any]]:
    """Shuffled decks without the cards the scenario removes, discards, sets aside or holds as
    Future Offensive cards. Japanese #1 and #2 serve only on turn 1 (17.11): in a scenario that
    starts later they are out of the game."""
    set_aside = [*scenario.removed_cards, *scenario.set_aside_cards]
    if scenario.setup != "1941":
        set_aside += [c for c in OPENING_CARDS if c not in set_aside]
    out_of_deck = {*set_aside, *scenario.discarded_cards, *scenario.future_offensive.values()}
    out_of_deck |= set(OPENING_CARDS)
    piles: dict[str, dict[str, Any]] = {}
    for side in ("japan", "allied"):
        own = [c for c, card in parts.cards.items() if card.side == side]
        deck = [c for c in own if c not in out_of_deck]
        g.shuffle(deck, f"deck_{side}")
        future = scenario.future_offensive.get(side)
        piles[side] = {
            "deck": deck,
            "hand": [],
            "discard": [c for c in scenario.discarded_cards if c in own],
            "removed": [c for c in set_aside if c in own],
            "future": future,
            "future_turn": scenario.first_turn - 1 if future else None,
        }
    return piles


def tracks(scenario: Scenario) -> dict[str, Any]:
    markers = scenario.markers
    return {
        "political_will": markers.political_will,
        "war_in_europe": markers.war_in_europe,
        "china": markers.china,
        "china_divisions": markers.china_divisions,
        "burma_road": markers.burma_road,
        "hump": markers.hump,
        "india": markers.india,
        "india_second": False,
        "us_isr": markers.us_isr,
        "japanese_isr": markers.japanese_isr,
        "japanese_asp": markers.japanese_asp,
        "allied_asp": markers.allied_asp,
        "barges": markers.barges,
        "pt_boats": markers.pt_boats,
        "escort": 0,
        "japanese_air_replacements": markers.japanese_air_replacements,
        "japanese_naval_replacements": markers.japanese_naval_replacements,
    }


def new_game(g: Context, parts: Components, scenario: Scenario) -> None:
    """Fill ``g.data`` for the scenario (see :mod:`layout`)."""
    units, reduced = place_units(parts, scenario)
    g.data.update(
        turn=scenario.first_turn,
        first_turn=scenario.first_turn,
        last_turn=scenario.last_turn,
        victory=scenario.victory,
        setup=scenario.setup,
        phase="strategic",
        units=units,
        reduced=reduced,
        returning={},
        rebuilt={},
        bombed={},
        control=initial_control(parts, scenario, units),
        cards=card_piles(g, parts, scenario),
        pending={},
        drawn={"japan": [], "allied": []},
        known={"japan": [], "allied": []},
        passes={"japan": 0, "allied": 0},
        event_draws={"japan": 0, "allied": 0},
        designated={},
        deal_cuts={"japan": 0, "allied": 0},
        asp_used={"japan": 0, "allied": 0},
        initiative=None,
        acting=None,
        tracks=tracks(scenario),
        surrendered=list(scenario.surrendered),
        recaptured=[],
        china_offensive=None,
        will_once={},
        occupied={},
        resource_path_cut=0,
        lasting=list(scenario.events_in_effect),
        reshuffle={},
        offensive=None,
        first_deal=dict(scenario.first_deal),
        first_passes=dict(scenario.first_passes),
    )
    if scenario.setup == "1941":
        g.data["cards"]["japan"]["hand"] = list(OPENING_CARDS)
    note_progress_start(g)
