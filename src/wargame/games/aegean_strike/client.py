"""What the browser needs to draw Aegean Strike: both maps in one drawing frame as the hex client
reads them, the counters with their printed values, the airbases as counters, the colours and
labels of ``data/client.yaml``, the backdrop of real coastlines, and the display fields a view
adds to the position (where each unit stands, the airbase display with its sortie boxes, the
tracks, the record sheets).

Decisions
- Both maps share one frame, as ``wargame.maps.aegean_strike`` draws them: the operational hexes
  (28 km) at a circumradius of 1, the strategic hexes (280 km) at their true size (``r`` 10), the
  operational map drawn over the strategic hexes it covers. The board names the two maps
  (``maps``) so that the client offers a switch between them; the strategic hexes inside the
  transitional ring and the transitional hexes are the overlay area (``areas``), drawn apart.
- The sides are the scenario's (Player A and Player B), not the nations: a unit's side comes
  with its place in the view (``units``), its counter's colours from its nation.
- An air unit stands where its airbase or carrier is (a transport landed in the field in its
  hex, listed in the airbase display under that hex), a flying one at its mission's target once
  it has one; an EWDA unit at the hex it patrols; an airbase is a counter of its own on its hex,
  so that a mission's base or target airbase is clicked on the map.
- The display fields are derived from the view's own data, what its viewer may see (never
  stored, never more than the view holds): ``DISPLAY_KEYS`` names them, and ``determinize``
  drops them to read a view back as a position.
- An enemy unit the viewer does not detect (14, a blank of the view's ``unseen``) stands on its
  hex as an unknown counter: a "?" in its owner's colours, a ship or a ground unit, nothing
  more (``UNSEEN`` counters, one per owner and kind; its place in ``units`` is keyed by the
  blank's name and names its counter).
- A minefield (13.08, public) is a mark on its hex (``marks``: the side that laid it, "M"), a
  bridge (11.08, public, no side's) a mark on one hex of its hexside pointing at the other ("B"),
  a supply depot (12.01, public) a mark on its hex (its nation's side, "D", with its hits); a
  ship In port (10.02), a ground unit in Reserve (11.02) and a special forces unit deployed on a
  special operation (11.12) carry a mark on their counters (``unit_marks``: "P", "R", "SO", "RC"
  on reconnaissance), and
  a transport the ground units aboard it (13.09) in its detail: derived from the view's records,
  so an unseen unit carries none.
- The record sheets (11.14, 11.15; provisional, their layout is lost): a ground counter prints
  no hit capacity, so each player's sheet lists its ground units in the view with the hits each
  has taken and the hits its size can take (table ``ground_hits``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any, Final

from wargame.engine.data import read_raw
from wargame.games.aegean_strike import (
    bridges,
    ground_modes,
    losses,
    mines,
    sealift,
    special_ops,
    state,
)
from wargame.games.aegean_strike.forces import DATA, AirValues, NavalValues, Unit, forces
from wargame.games.aegean_strike.registry import RULES
from wargame.maps import aegean_strike as drawn_map

CLIENT_FILE: Final = DATA / "client.yaml"
DISPLAY_KEYS: Final = (
    "units",
    "reduced",
    "tracks",
    "airbase_display",
    "record_sheets",
    "marks",
    "unit_marks",
)
"""The fields a view adds to the position for the client (derived, never stored)."""
AIRBASE_TYPE: Final = "airbase"
STRATEGIC_RADIUS: Final = 10
SORTIE_BOXES: Final = 4  # boxes 0 to 3 of the airbase display (9.02)
UNSEEN: Final = "unseen"
"""The nationality of the unknown counters that stand for undetected units (14)."""
UNSEEN_KINDS: Final = ("naval", "ground")


@cache
def drawing() -> dict[str, Any]:
    """The colours and labels of ``data/client.yaml``."""
    found: dict[str, Any] = read_raw(CLIENT_FILE)
    return found


def client_data() -> dict[str, Any]:
    """The maps, the counters and the sides' colours, in the hex client's shape (map.js)."""
    units = [unit_data(unit) for unit in forces().units.values()]
    bases = [airbase_data(base_id) for base_id in sorted(forces().airbases)]
    blanks = [unseen_data(side, kind) for side in state.SIDES for kind in UNSEEN_KINDS]
    return {"board": board_data(), "units": units + bases + blanks, "colours": drawing()["sides"]}


def board_data() -> dict[str, Any]:
    names = place_names()
    outline = drawn_map.outline()
    strategic = [h for h in outline.hexes if h.sheet == drawn_map.STRATEGIC]
    operational = [h for h in outline.hexes if h.sheet == drawn_map.OPERATIONAL]
    return {
        "kind": "hex",
        "layout": "even-q",
        "flat_top": True,
        "id_format": "CCRR",
        "hex_radius": 1.0,
        "open_on": "units",
        "maps": [
            {"id": drawn_map.OPERATIONAL, "hexes": "operational"},
            {"id": drawn_map.STRATEGIC, "hexes": "strategic"},
        ],
        "hexes": [hex_data(h, names) for h in (*strategic, *operational)],
        "hexsides": [
            {"a": side.a, "b": side.b, "flags": [side.kind]}
            for side in outline.edges
            if side.kind in drawing()["hexsides"]
        ],
        "terrain_colours": drawing()["terrain"] | part_land_colours(),
        "hexside_styles": drawing()["hexsides"],
    }


def hex_data(outline: Any, names: Mapping[str, tuple[str, str]]) -> dict[str, Any]:
    record = map_hexes()[outline.id]
    found: dict[str, Any] = {
        "id": outline.id,
        "x": round(outline.centre[0], 4),
        "y": round(outline.centre[1], 4),
        "terrain": "sea" if record["class"] == "sea" else record.get("terrain", "clear"),
        "map": record["map"],
    }
    band = land_band(record)
    if band is not None:
        found["variant"] = f"{found['terrain']}_{band}"
    if record["map"] == drawn_map.STRATEGIC:
        found["r"] = STRATEGIC_RADIUS
        if record.get("area") in ("inside", "transitional"):
            found["areas"] = [f"overlay_{record['area']}"]
    name, name_ja = names.get(outline.id, ("", ""))
    if name:
        found |= {"name": name, "name_ja": name_ja}
    found["airfield"] = outline.id in airbase_hexes()
    return found


def land_band(record: Mapping[str, Any]) -> str | None:
    """The band of ``data/client.yaml`` ``part_land`` a hex of land and sea is painted in by its
    land share (the first whose ``below`` it is under); None for a hex painted as its terrain."""
    if record["class"] == "sea":
        return None
    for band, limits in drawing()["part_land"].items():
        if float(record.get("land", 1.0)) < float(limits["below"]):
            return str(band)
    return None


def part_land_colours() -> dict[str, str]:
    """Each land terrain's colour in each ``part_land`` band: ``<terrain>_<band>``."""
    colours = drawing()["terrain"]
    return {
        f"{terrain}_{band}": mixed(colours["sea"], colour, float(limits["land"]))
        for terrain, colour in colours.items()
        if terrain != "sea"
        for band, limits in drawing()["part_land"].items()
    }


def mixed(sea: str, land: str, share: float) -> str:
    """The colour ``share`` parts ``land`` and the rest ``sea`` (``#rrggbb``)."""
    parts = [
        round(int(sea[i : i + 2], 16) * (1 - share) + int(land[i : i + 2], 16) * share)
        for i in (1, 3, 5)
    ]
    return "#" + "".join(f"{part:02x}" for part in parts)


@cache
def map_hexes() -> dict[str, dict[str, Any]]:
    raw = read_raw(DATA / "map.json")
    return {str(h["id"]): h for h in raw["hexes"]}


@cache
def place_names() -> dict[str, tuple[str, str]]:
    """Each hex's place name in English and Japanese: the map's named places on the map where
    the place lies (its operational hex, else its strategic hex), a town before an airbase, then
    the first by name (a sea is named on no hex)."""
    raw = read_raw(DATA / "map.json")
    found: dict[str, tuple[str, str]] = {}
    places = sorted(raw["places"].values(), key=lambda p: ("airbase" in p["kinds"], p["name"]))
    for place in places:
        where = place.get("operational_hex") or place.get("strategic_hex")
        if where and "sea" not in place.get("kinds", ()):
            found.setdefault(str(where), (place["name"], place["name_ja"]))
    return found


def hex_names(lang: str) -> dict[str, str]:
    """The message catalogue's hex names (``hex.<id>``) in ``lang``."""
    return {f"hex.{h}": (ja if lang == "ja" else en) for h, (en, ja) in place_names().items()}


@cache
def airbase_hexes() -> frozenset[str]:
    return frozenset(base.hex for base in forces().airbases.values())


def unit_data(unit: Unit) -> dict[str, Any]:
    """A counter: names, nation, type label and printed values (see ``data/client.yaml``)."""
    category = forces().category(unit)
    return {
        "id": unit.id,
        "name": forces().display_names[unit.id][0],
        "name_ja": forces().display_names[unit.id][1],
        "side": unit.nation,
        "nationality": unit.nation,
        "type": category,
        "type_label": type_label(unit, "en"),
        "type_label_ja": type_label(unit, "ja"),
        "step_values": [printed_values(unit)],
        "steps": 1,
        "colours": drawing()["nations"][unit.nation],
    }


def type_label(unit: Unit, lang: str) -> str:
    """An aircraft's type (the first word of its name: F-16, MiG-23, Mirage), a ship's class
    (CVN), a ground unit's branch."""
    category = forces().category(unit)
    if category == "air" and lang == "ja" and unit.type in drawing()["air_types_ja"]:
        return str(drawing()["air_types_ja"][unit.type])
    if category == "air":
        return forces().air_types[unit.type].name.split()[0]
    if category == "naval":
        return unit.type.upper()
    return str(drawing()["ground_types"][unit.type][lang])


def printed_values(unit: Unit) -> str:
    """The counter's values: air anti-air, bombing, MA; naval anti-air, SSM, MA; ground combat,
    defence, MA."""
    values = forces().values(unit)
    if isinstance(values, AirValues):
        shown = (values.anti_air, values.bombing, values.ma)
    elif isinstance(values, NavalValues):
        shown = (values.anti_air, values.ssm, values.ma)
    else:
        shown = (values.combat, values.defence, values.ma)
    return "-".join(map(str, shown))


def airbase_data(base_id: str) -> dict[str, Any]:
    base = forces().airbases[base_id]
    label = drawing()["airbase"]
    return {
        "id": base.id,
        "name": base_name(base.id),
        "name_ja": base_name(base.id, "ja"),
        "side": base.nation,
        "nationality": base.nation,
        "type": AIRBASE_TYPE,
        "type_label": label["en"],
        "type_label_ja": label["ja"],
        "step_values": [label["sizes"][base.size]["en"]],
        "step_values_ja": [label["sizes"][base.size]["ja"]],
        "steps": 1,
        "colours": drawing()["airbase_colours"],
    }


def unseen_counter(owner: str, kind: str) -> str:
    """The id of the unknown counter of ``owner``'s undetected ``kind`` (naval, ground) units."""
    return f"{UNSEEN}-{owner}-{kind}"


def unseen_data(owner: str, kind: str) -> dict[str, Any]:
    """An unknown counter: "?", the kind's name, its owner's colours (``data/client.yaml``)."""
    face = drawing()["unseen"]
    return {
        "id": unseen_counter(owner, kind),
        "name": face[kind]["en"],
        "name_ja": face[kind]["ja"],
        "side": owner,
        "nationality": UNSEEN,
        "type": f"{UNSEEN}_{kind}",
        "type_label": face["mark"],
        "type_label_ja": face["mark"],
        "step_values": [face["mark"]],
        "steps": 1,
        "colours": face["colours"][owner],
    }


def base_name(base_id: str, lang: str = "en") -> str:
    """An airbase's name: its place's on the map, else ``data/client.yaml``'s."""
    place = read_raw(DATA / "map.json")["places"].get(base_id)
    if place:
        return str(place["name_ja" if lang == "ja" else "name"])
    return str(drawing()["airbase_names"][base_id][lang])


def backdrop() -> list[dict[str, Any]]:
    """The coastlines, lakes and borders on both maps, in the board's frame, rounded to a
    hundredth of an operational hex."""
    return [
        {"kind": line.kind, "points": [[round(x, 2), round(y, 2)] for x, y in line.points]}
        for line in drawn_map.outline().backdrop
    ]


# -- what a view adds ---------------------------------------------------------------------------
def display(g_tables: Mapping[str, Any], data: Mapping[str, Any]) -> dict[str, Any]:
    """Where each unit stands ({hex, side}) and each blank (its unknown counter too), the units
    with hits (drawn reduced), the tracks, the airbase display and the record sheets."""
    units = dict(placed_units(data))
    return {
        "units": units | dict(placed_blanks(data)),
        "reduced": {uid: True for uid in units if hits_of(data, uid)},
        "tracks": tracks(data),
        "airbase_display": airbase_display(data),
        "record_sheets": record_sheets(g_tables, data),
        "marks": minefield_marks(data) + bridge_marks(data) + depot_marks(data),
        "unit_marks": unit_marks(data),
    }


@RULES.implements("13.08")
def minefield_marks(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A mark on each mined hex (public): the side that laid the field, labelled M."""
    label = drawing()["marks"]["minefield"]
    return [
        {"hex": hex_id, "kind": "minefield", "side": side, "label": label}
        for hex_id, side in sorted(mines.fields(data).items())
    ]


@RULES.implements("11.08")
def bridge_marks(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A mark on each bridge (public, no side's): on its first hex, pointing across the
    hexside to the other, labelled B."""
    label = drawing()["marks"]["bridge"]
    return [
        {"hex": a, "kind": "bridge", "label": label, "toward": b} for a, b in bridges.bridges(data)
    ]


@RULES.implements("12.01")
def depot_marks(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A mark on each depot's hex (public, its nation's side), labelled D, with its hits."""
    label = drawing()["marks"]["depot"]
    return [
        {
            "hex": hex_id,
            "kind": "depot",
            "side": data["nations"][record["nation"]],
            "label": label,
            "nation": record["nation"],
            "hits": record["hits"],
        }
        for hex_id, record in sorted(data.get("depots", {}).items())
    ]


@RULES.implements("10.02", "11.02", "11.12", "13.09")
def unit_marks(data: Mapping[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Each unit's marks as the view holds them: a ship In port (10.02) and the ground units
    aboard it (13.09, no label: its detail lists them), a ground unit in Reserve (11.02), a
    special forces unit deployed against an airbase or on reconnaissance (11.12)."""
    labels = drawing()["marks"]
    found: dict[str, list[dict[str, Any]]] = {}
    for ship in sorted(data["naval"]):
        in_port = sealift.in_port(data, ship)
        marks = [{"kind": "in_port", "label": labels["in_port"]}] if in_port else []
        marks += [{"kind": "carries", "unit": uid} for uid in sealift.cargo(data, ship)]
        if marks:
            found[ship] = marks
    for uid in sorted(data["ground"]):
        target = special_ops.on_operation(data, uid)
        if special_ops.reconnoitring(data, uid) is not None:
            found[uid] = [{"kind": "recon", "label": labels["recon"], "hex": target}]
        elif target is not None:
            found[uid] = [{"kind": "special_op", "label": labels["special_op"], "base": target}]
        elif ground_modes.in_reserve(data, uid):
            found[uid] = [{"kind": "reserve", "label": labels["reserve"]}]
    return found


RULES.stand_in("11.14", "each player's ground units with their hits and capacity", key="sheet")
RULES.stand_in("11.15", "each player's ground units with their hits and capacity", key="sheet")


@RULES.implements("11.14", "11.15")
def record_sheets(g_tables: Mapping[str, Any], data: Mapping[str, Any]) -> dict[str, Any]:
    """Each player's record sheet: its ground units in ``data`` (what the view holds), each with
    the hits it has taken and the hits its size can take."""
    sheets: dict[str, list[dict[str, Any]]] = {side: [] for side in state.SIDES}
    for uid, record in sorted(data["ground"].items()):
        sheets[state.side_of(data, uid)].append(
            {"unit": uid, "hits": int(record["hits"]), "capacity": losses.capacity(g_tables, uid)}
        )
    return sheets


def placed_units(data: Mapping[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    flying = set(state.flying_units(data))
    flight = data.get("flight")
    for uid, record in sorted(data["air"].items()):
        where = state.base_hex(data, record["base"])
        if uid in flying and flight is not None and flight.get("target_hex"):
            where = flight["target_hex"]
        if where is not None:
            yield uid, {"hex": where, "side": state.side_of(data, uid)}
    for key in ("naval", "ground"):
        for uid, record in sorted(data[key].items()):
            if record.get("hex") is not None and not record.get("aboard"):
                yield uid, {"hex": record["hex"], "side": state.side_of(data, uid)}
    for uid, where in sorted(data["ewda"].items()):
        if where is not None:
            yield uid, {"hex": where, "side": state.side_of(data, uid)}
    for base in sorted(data["airbases"]):
        yield base, {"hex": forces().airbases[base].hex, "side": state.base_side(data, base)}


def placed_blanks(data: Mapping[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each blank of the view (14): its hex, its owner and its unknown counter, by its name."""
    for blank in data.get("unseen", []):
        owner, kind = blank["owner"], blank["public"]["kind"]
        counter = unseen_counter(owner, kind)
        yield blank["blank"], {"hex": blank["where"], "side": owner, "counter": counter}


def hits_of(data: Mapping[str, Any], uid: str) -> int:
    if uid in data["airbases"]:
        return int(data["airbases"][uid])
    for key in ("air", "naval", "ground"):
        if uid in data[key]:
            return int(data[key][uid].get("hits", 0))
    return 0


@RULES.implements("6")
def tracks(data: Mapping[str, Any]) -> dict[str, Any]:
    """The stage, the Battlefield Controller, each side's victory points and each nation's
    supply points."""
    found: dict[str, Any] = {"stage": data.get("stage"), "controller": data.get("controller")}
    for side in state.SIDES:
        found[f"score_{side}"] = data.get("score", {}).get(side)
    for nation, points in data.get("sp", {}).items():
        found[f"sp_{nation}"] = points
    return found


@RULES.implements("6")
def airbase_display(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each airbase and carrier in play with its air units by sortie box (9.02) and mode: what
    the printed airbase display shows; and each hex where transports of a side wait in the
    field (9.03, ``field``)."""
    flying = set(state.flying_units(data))
    found = []
    for side in state.SIDES:
        for base in [*state.own_bases(data, side), *fields_of(data, side)]:
            units = [u for u, r in sorted(data["air"].items()) if r["base"] == base]
            boxes: list[list[str]] = [[] for _ in range(SORTIE_BOXES)]
            for uid in units:
                if uid not in flying:
                    boxes[int(data["air"][uid]["box"])].append(uid)
            found.append(
                {
                    "base": base,
                    "side": side,
                    "hex": state.base_hex(data, base),
                    "carrier": state.is_carrier(base),
                    "field": state.is_field(base),
                    "hits": hits_of(data, base),
                    "boxes": boxes,
                    "flying": [u for u in units if u in flying],
                    "modes": {u: data["air"][u]["mode"] for u in units},
                }
            )
    return found


def fields_of(data: Mapping[str, Any], side: str) -> list[str]:
    """The hexes where air transports of ``side`` wait in the field (9.03)."""
    return sorted(
        {
            r["base"]
            for u, r in data["air"].items()
            if state.is_field(r["base"]) and state.side_of(data, u) == side
        }
    )


def without_display(view_board: Mapping[str, Any]) -> dict[str, Any]:
    """A view's board read back as the position: the display fields dropped."""
    return {key: value for key, value in view_board.items() if key not in DISPLAY_KEYS}
