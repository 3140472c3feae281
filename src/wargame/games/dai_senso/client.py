"""What the browser needs to draw Dai Senso!: the map as the hex client reads it (the joined grid's
hex centres, terrain, places and the hexsides the rules read), the counters' values by steps
left, the colours and labels of ``data/client.yaml``, the backdrop of real coastlines, and the
display fields a view adds to the position (the date and weather tracks, the political display,
the weather of each hex, the Blitz markers, the Beachhead markers and the hexes of units out of
supply as map marks, and the seat's hand).

Decisions
- The two sheets are drawn as the rules join them (board.py): the east sheet's column 01 beside
  the west sheet's column 28; the backdrop is placed on each sheet by that sheet's anchors.
- A hex's fill is its terrain variant where the map gives one (hills, forest, desert), else its
  terrain of the TEC; all-sea hexes carry no more than their id and centre.
- The page opens on the hexes the units stand on (``open_on``): a training scenario is played
  on a small part of the two sheets.
- The display fields are derived from the position (never stored): ``DISPLAY_KEYS`` names them,
  and ``determinize`` drops them to read a view back as a position.
- The political display shows what the training scenarios have, and says what they leave out:
  each pair of factions in play at war (every faction the others' enemy, 13.1; August Storm
  opens on the Soviet declaration of war), the objectives each holds (0.3), the political phase
  and the war status track (12) not played, and whether option cards are dealt (1.1): a seat's
  hand is its own cards, empty where none are dealt.
- The off-map boxes (3.1.3) are listed beside the map (``boxes``, the shared client's listed
  groups): each box of a faction in play, named by its message ``offmap_box.<box>``, with its
  units and their steps left, even when empty (a box is a place a unit may move to).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from itertools import combinations
from pathlib import Path
from typing import Any, Final

from wargame.engine.data import read_raw
from wargame.engine.state import State
from wargame.games.dai_senso import countries, offmap, seasonal, state, supply, victory, weather
from wargame.games.dai_senso.air import placed_air
from wargame.games.dai_senso.airdrop import markers as airdrop_markers
from wargame.games.dai_senso.board import MAP_FILE, board
from wargame.games.dai_senso.cards import Card, cards
from wargame.games.dai_senso.charts import tables as game_tables
from wargame.games.dai_senso.forces import Unit, display_names, forces
from wargame.games.dai_senso.registry import RULES
from wargame.maps.built import BACKDROP, read_backdrop

CLIENT_FILE: Final = Path(__file__).parent / "data" / "client.yaml"
DISPLAY_KEYS: Final = ("tracks", "weather", "marks", "hand", "boxes")
"""The fields a view adds to the position for the client (derived, never stored)."""
FAIR: Final = "fair"


@cache
def drawing() -> dict[str, Any]:
    """The colours and labels of ``data/client.yaml``."""
    found: dict[str, Any] = read_raw(CLIENT_FILE)
    return found


def client_data() -> dict[str, Any]:
    """The map, the units and the faction colours, in the hex client's shape (map.js). Support
    units come too, without values: the browser names them on the buttons of the support
    segment (2.2.3: "11th Air Fleet makes a beachhead"); none stands on the map. The option
    cards, for a seat's hand (1.1)."""
    return {
        "board": board_data(),
        "units": [unit_data(unit) for unit in forces().units.values()],
        "colours": drawing()["sides"],
        "cards": [card_data(card) for card in cards().data.cards],
    }


def card_data(card: Card) -> dict[str, Any]:
    """An option card as the browser's hand shows it: its number and title, its provenance and
    its effect in both languages (never its reason)."""
    return {
        "id": card.id,
        "side": card.deck,
        "number": card.number,
        "title": card.name,
        "title_ja": card.name_ja,
        "provenance": card.provenance,
        "effect": cards().effect(card, "en"),
        "effect_ja": cards().effect(card, "ja"),
    }


def board_data() -> dict[str, Any]:
    grid = board().grid
    raw = json.loads(MAP_FILE.read_text(encoding="utf-8"))
    return {
        "kind": "hex",
        "layout": "odd-r",
        "flat_top": False,
        "id_format": "RRCC",
        "rows_grow": "up",
        "hex_radius": 1.0,
        "open_on": "units",
        "hexes": [hex_data(record, grid.centre(record["id"])) for record in raw["hexes"]],
        "hexsides": [
            {"a": side["a"], "b": side["b"], "flags": list(side["kinds"])}
            for side in raw["hexsides"]
            if set(side["kinds"]) & set(drawing()["hexsides"])
        ],
        "terrain_colours": drawing()["terrain"],
        "hexside_styles": drawing()["hexsides"],
        "weather_colours": drawing()["weather"],
    }


def hex_data(record: Mapping[str, Any], centre: tuple[float, float]) -> dict[str, Any]:
    found: dict[str, Any] = {
        "id": record["id"],
        "x": round(centre[0], 4),
        "y": round(centre[1], 4),
        "terrain": "sea" if record["class"] == "sea" else record.get("terrain", "clear"),
    }
    if record["class"] == "sea":
        return found
    place = record.get("place") or {}
    found |= {
        "variant": record.get("terrain_variant"),
        "name": place.get("name", ""),
        "name_ja": place.get("name_ja", ""),
        "areas": [record.get("country", "")],
        "port": bool(record.get("port")),
        "resource": bool(record.get("oil")),
        "city": bool(record.get("strategic")),
        "island": record["class"] == "island",
    }
    return found


def unit_data(unit: Unit) -> dict[str, Any]:
    """A counter: names, faction, nationality, its values at each number of steps left
    ("attack-defence-movement", fewest steps first; none for a support unit) and its colours."""
    side = forces().faction_of(unit)
    steps = [forces().values_at(unit, n) for n in range(1, unit.steps + 1)]
    colours = drawing()["nations"].get(unit.nationality) or drawing()["factions"][side]
    return {
        "id": unit.id,
        "name": display_names()[unit.id][0],
        "name_ja": display_names()[unit.id][1],
        "side": side,
        "nationality": unit.nationality,
        "type": unit.type,
        "type_label": drawing()["types"][unit.type]["en"],
        "type_label_ja": drawing()["types"][unit.type]["ja"],
        "steps": unit.steps,
        "step_values": ["-".join(map(str, values)) for values in steps if values],
        "colours": colours,
    }


def backdrop() -> list[dict[str, Any]]:
    """The coastlines, lakes and borders of ``data/backdrop.json`` on the joined grid (hex
    centres in units of a circumradius), rounded to a hundredth of that."""
    lines = read_backdrop(MAP_FILE.with_name(BACKDROP), board().grid)
    return [
        {"kind": line.kind, "points": [[round(x, 2), round(y, 2)] for x, y in line.points]}
        for line in lines
    ]


def display(state_: State, viewer: str | None = None) -> dict[str, Any]:
    """What a view adds for the client: the turn box, the year, each weather area's weather and
    the political display as tracks (values the game's ``track_value`` names render), the
    weather of each hex with adverse weather, as marks the Blitz markers, each hex where
    a faction's units are out of supply (10, ``out_of_supply``), the Beachhead markers, the
    air units placed in hexes (2.2.3) and the Airdrop markers (4.1.1), and a seat's hand."""
    data = state_.data
    turn = game_tables(state_)["turn_track"][data["track"]]
    areas = game_tables(state_)["weather_areas"]
    tracks: dict[str, Any] = {"date": turn.name, "year": data["year"]}
    tracks |= {f"weather_{area}": turn.weather.get(area, FAIR) for area in areas}
    tracks |= political(data)
    tracks |= seasonal.tracks(data)
    marks = [
        {"hex": hex_id, "kind": "blitz", "side": side}
        for hex_id, side in sorted(data.get("blitz", {}).items())
    ]
    marks += out_of_supply_marks(state_)
    marks += beachhead_marks(data)
    marks += seasonal.marks(data)
    marks += air_marks(data)
    marks += [
        {"hex": where, "kind": "airdrop", "side": state.faction(uid), "label": "P", "unit": uid}
        for uid, where in sorted(airdrop_markers(data).items())
    ]
    found = {"tracks": tracks, "weather": weather.weather_now(state_), "marks": marks}
    found["boxes"] = off_map_boxes(data)
    if viewer is None:
        return found
    own = data.get("decks", {}).get(viewer)
    return found | {"hand": list(own["hand"]) if own else []}  # 1.1: the seat's own hand


@RULES.implements("3.1.3")
def off_map_boxes(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each off-map box of a faction in play, in the map's order, with its units (by id) and
    the steps each has left."""
    units = offmap.in_boxes(data)
    return [
        {
            "label": {"key": f"offmap_box.{box}", "params": {}},
            "entries": [
                {"id": uid, "steps": int(record["steps"])}
                for uid, record in sorted(units.items())
                if record["box"] == box
            ],
        }
        for box, record in offmap.boxes().items()
        if record["faction"] in data["factions"]
    ]


@RULES.implements("0.3", "13.1")
def political(data: Mapping[str, Any]) -> dict[str, Any]:
    """The political display: the objectives each faction holds, each pair of factions in play
    at war, the war state and each country's row where the scenario plays politics (the USCL
    level is the seasonal tracks'), and what it does not play."""
    factions = data["factions"]
    counts = victory.held(data)
    found: dict[str, Any] = {f"held_{side}": counts[side] for side in factions}
    found |= {f"war_{one}_{other}": "at_war" for one, other in combinations(factions, 2)}
    dealt = "dealt" if "decks" in data else "not_dealt"
    found |= {"war_status": "not_played", "politics": "not_played", "cards": dealt}
    if countries.plays(data):  # ds-politics: the war state (12), each country (13.4-13.6)
        found |= {"war_status": data["war_state"], "politics": "played"}
        found |= countries.display(data)
    return found | current_cards(data)


@RULES.implements("1.1")
def current_cards(data: Mapping[str, Any]) -> dict[str, Any]:
    """Where option cards are dealt: each faction's current card (public, 1.1.1); the ESV and
    the USCL they change are the seasonal tracks' (:func:`seasonal.tracks`)."""
    if "decks" not in data:
        return {}
    return {f"current_{side}": card for side, card in data["current_card"].items()}


def out_of_supply_marks(state_: State) -> list[dict[str, Any]]:
    """A mark on each hex whose units are out of supply now (all of a hex's units trace alike)."""
    table = game_tables(state_)["supply"]
    hexes = {
        (state.hex_of(state_.data, uid), side)
        for side in state_.data["factions"]
        for uid in supply.unsupplied(state_.data, table, side)
    }
    return [{"hex": where, "kind": "out_of_supply", "side": side} for where, side in sorted(hexes)]


@RULES.implements("2.2.3")
def beachhead_marks(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A mark on each all-sea hex with a Beachhead marker: its faction, its face (``label``: the
    level, 2 or 1) and the land hex its arrow points at (``toward``), which the map draws as an
    arrow to that hexside (2.2.3)."""
    return [
        {
            "hex": sea,
            "kind": "beachhead",
            "side": record["side"],
            "label": str(record["level"]),
            "toward": record["toward"],
        }
        for sea, record in sorted(data.get("beachheads", {}).items())
    ]


@RULES.implements("2.2.3")
def air_marks(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A mark on each hex with an air force or CV strike placed in it (2.2.3; its shift is
    4.2.3.1): its faction and the unit (``unit``), labelled A."""
    return [
        {"hex": where, "kind": "air", "side": state.faction(uid), "label": "A", "unit": uid}
        for uid, where in sorted(placed_air(data).items())
    ]


def without_display(view_board: Mapping[str, Any]) -> dict[str, Any]:
    """A view's board read back as the position: the display fields dropped."""
    return {key: value for key, value in view_board.items() if key not in DISPLAY_KEYS}
