"""The position of an Aegean Strike game as plain data, and the questions the rules ask of it.

``data["air"]`` maps each air unit in play (EWDA excepted) to its base (an airbase id, the id
of the carrier it is aboard, or the hex an airmobile transport landed in outside an airbase, with
the turn by whose Final Stage it must be back, ``due``: :mod:`field_landings`), its mode, its
sortie box and its hits; ``data["ewda"]`` each EWDA unit to its hex (None: off the map, to be
placed in a Unit Assignment Stage), and ``data["ewda_over"]`` each carrier to the E-2 units over
it (:mod:`e2_carrier`); ``data["naval"]``
and ``data["ground"]`` the other units to their hex and hits (a ship also to its mode, In
port or Under way, 10.02; a ground unit to the ship it is aboard, if any); ``data["airbases"]``
each airbase of a side in play to its hits. ``data["flight"]`` is the mission group in the
air, if any.

Decisions
- Only the nations a scenario gives Player A or Player B are in play: a neutral nation's units
  stay out of the game, since the rules that bring a neutral into the war are lost.
- What each side sees of the other's units is :mod:`detection`'s (14.01-14.06, provisional):
  aircraft always, ships and ground units when detected; ``data["fought"]`` keeps the hex each
  unit that fought is seen in until it moves.
- A distance between an operational and a strategic hex is measured on the strategic grid, the
  operational hex standing for its strategic-grid hex, ten operational movement points a hex
  (seed, 4); between two operational hexes it is counted in operational hexes.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, Final

from wargame.engine.board import HexGrid, HexLayout, IdOrder
from wargame.engine.data import read_raw
from wargame.games.aegean_strike.forces import (
    DATA,
    AirValues,
    GroundValues,
    NavalValues,
    Unit,
    forces,
    strait_hexsides,
)
from wargame.games.aegean_strike.registry import RULES

SIDES: Final = ("a", "b")
STRATEGIC_PREFIX: Final = "S"
OP_PER_STRATEGIC: Final = 10
"""4 (seed): a strategic hex is ten operational hexes across, a strategic MP ten operational."""


def other(side: str) -> str:
    return "b" if side == "a" else "a"


def unit(uid: str) -> Unit:
    return forces().units[uid]


def nation(uid: str) -> str:
    return unit(uid).nation


def air_values(uid: str) -> AirValues:
    found = forces().values(unit(uid))
    assert isinstance(found, AirValues), uid
    return found


def naval_values(uid: str) -> NavalValues:
    found = forces().values(unit(uid))
    assert isinstance(found, NavalValues), uid
    return found


def ground_values(uid: str) -> GroundValues:
    found = forces().values(unit(uid))
    assert isinstance(found, GroundValues), uid
    return found


def side_of(data: Mapping[str, Any], uid: str) -> str:
    return str(data["nations"][nation(uid)])


def base_side(data: Mapping[str, Any], base: str) -> str:
    """The side of an airbase or a carrier."""
    if base in forces().airbases:
        return str(data["nations"][forces().airbases[base].nation])
    return side_of(data, base)


def enemy_airbases_within(data: Mapping[str, Any], side: str, here: str, reach: int) -> list[str]:
    """The airbases of ``side``'s enemy in play within ``reach`` operational hexes of ``here``."""
    enemy = other(side)
    return sorted(
        base
        for base, place in forces().airbases.items()
        if base in data["airbases"]
        and base_side(data, base) == enemy
        and distance(here, place.hex) <= reach
    )


def is_carrier(base: str) -> bool:
    return base not in forces().airbases and not is_field(base)


def is_field(base: str) -> bool:
    """Whether an air unit's ``base`` is a hex: a transport landed in the field (9.03)."""
    return base in forces().hexes


def base_nation(base: str) -> str:
    """The nation of an airbase or a carrier; a landing in the field has none ("")."""
    if is_field(base):
        return ""
    return nation(base) if is_carrier(base) else forces().airbases[base].nation


def base_hex(data: Mapping[str, Any], base: str) -> str | None:
    """Where an airbase lies, where a carrier sails (None: sunk), or the hex of a landing in
    the field."""
    if base in forces().airbases:
        return forces().airbases[base].hex
    if is_field(base):
        return base
    found = data["naval"].get(base)
    return None if found is None else str(found["hex"])


def airbase_size(base: str) -> str:
    return forces().airbases[base].size


def air_units_at(data: Mapping[str, Any], base: str) -> list[str]:
    """The air units waiting at ``base`` (not in the air)."""
    flying = set(flying_units(data))
    return sorted(u for u, r in data["air"].items() if r["base"] == base and u not in flying)


def flying_units(data: Mapping[str, Any]) -> list[str]:
    flight = data.get("flight")
    return [] if flight is None else [*flight["units"], *flight.get("interceptors", [])]


def own_air(data: Mapping[str, Any], side: str) -> list[str]:
    return sorted(uid for uid in data["air"] if side_of(data, uid) == side)


def own_ships(data: Mapping[str, Any], side: str) -> list[str]:
    return sorted(uid for uid in data["naval"] if side_of(data, uid) == side)


def own_bases(data: Mapping[str, Any], side: str) -> list[str]:
    """The airbases and carriers of ``side`` in play."""
    bases = [b for b in data["airbases"] if base_side(data, b) == side]
    carriers = [u for u in data["naval"] if side_of(data, u) == side and carries_air(u)]
    return sorted(bases) + sorted(carriers)


def carries_air(uid: str) -> bool:
    return forces().naval_types.get(unit(uid).type) is not None and (
        forces().naval_types[unit(uid).type].category == "carrier"
    )


# -- distances ---------------------------------------------------------------------------------
@cache
def _grid() -> HexGrid:
    return HexGrid(HexLayout.EVEN_Q, id_order=IdOrder.COL_ROW)


@cache
def strategic_of() -> dict[str, str]:
    """Each operational hex's strategic-grid hex (seed, 4)."""
    raw = read_raw(DATA / "map.json")
    return {str(h["id"]): str(h["strategic"]) for h in raw["hexes"] if h.get("strategic")}


@cache
def _within() -> dict[str, tuple[str, ...]]:
    found: dict[str, list[str]] = {}
    for small, big in strategic_of().items():
        found.setdefault(big, []).append(small)
    return {big: tuple(sorted(smalls)) for big, smalls in found.items()}


def operational_within(big: str) -> tuple[str, ...]:
    """The operational hexes that lie in strategic-grid hex ``big`` (seed, 4)."""
    return _within().get(big, ())


def on_strategic(hex_id: str) -> bool:
    return hex_id.startswith(STRATEGIC_PREFIX)


@RULES.implements("4", "0.01")
def distance(a: str, b: str) -> int:
    """Operational MP between two hexes of either map (see the module's decisions)."""
    if not on_strategic(a) and not on_strategic(b):
        return _grid().distance(a, b)
    big_a = a[1:] if on_strategic(a) else strategic_of()[a][1:]
    big_b = b[1:] if on_strategic(b) else strategic_of()[b][1:]
    return _grid().distance(big_a, big_b) * OP_PER_STRATEGIC


def hexes_within(hex_id: str, reach: int) -> list[str]:
    """The hexes of ``hex_id``'s own map at most ``reach`` operational hexes from it, itself
    first (on the strategic map a hex counts ten)."""
    if on_strategic(hex_id):
        found = _grid().within(hex_id[1:], reach // OP_PER_STRATEGIC)
        return [STRATEGIC_PREFIX + h for h in found]
    return _grid().within(hex_id, reach)


def neighbours(hex_id: str) -> list[str]:
    """The hexes next to ``hex_id`` on its own map (strategic ids keep their prefix)."""
    if on_strategic(hex_id):
        return [STRATEGIC_PREFIX + h for h in _grid().neighbours(hex_id[1:])]
    return _grid().neighbours(hex_id)


@cache
def placeable_hexes() -> tuple[str, ...]:
    """Every hex a unit may be in: none inside the transitional ring of the strategic map (4)."""
    return tuple(sorted(h for h, rec in forces().hexes.items() if rec.area != "inside"))


# -- set-up ------------------------------------------------------------------------------------
def initial_data(scenario: str) -> dict[str, Any]:
    """The opening position of ``scenario``: its players' units placed at turn 0 (7.01 brings
    the others), its airbases undamaged, its supply points."""
    found = forces()
    setup = found.scenarios[scenario]
    nations = {n: "a" for n in setup.sides.a} | {n: "b" for n in setup.sides.b}
    data: dict[str, Any] = {
        "nations": nations,
        "air": {},
        "ewda": {},
        "ewda_over": {},
        "naval": {},
        "ground": {},
        "airbases": {b.id: 0 for b in found.data.airbases if b.nation in nations},
        "sp": dict(setup.supply_points),
        "eliminated": [],
        "fought": {},
        "bridges": [sorted(bridge.hexes) for bridge in found.data.bridges],
        "depots": {},  # 12.01: hex -> {nation, hits}; the forces data sets up none
    }
    for placement in found.setup(scenario):
        if found.units[placement.unit].nation in nations and placement.turn == 0:
            place(data, placement.unit, placement.hex, placement.base, placement.aboard)
            set_mode(data, placement.unit, placement.in_port)
    return data


def place(
    data: dict[str, Any], uid: str, hex_id: str | None, base: str | None, aboard: str | None
) -> None:
    """Put a unit into play where its set-up says (an EWDA unit off the map, to be placed)."""
    found = forces()
    category = found.category(unit(uid))
    if category == "air" and found.air_kind(unit(uid)) == "ewda":
        data["ewda"][uid] = None
    elif category == "air":
        data["air"][uid] = {"base": base, "mode": None, "box": 0, "hits": 0, "flown": False}
    elif category == "naval":
        data["naval"][uid] = {"hex": hex_id, "hits": 0, "in_port": False}
    else:
        data["ground"][uid] = {"hex": hex_id, "aboard": aboard, "hits": 0}


def set_mode(data: dict[str, Any], uid: str, in_port: bool) -> None:
    """10.02: a ship set up In port (its placement says so) starts in that mode."""
    if uid in data["naval"]:
        data["naval"][uid]["in_port"] = in_port


def problems(data: Mapping[str, Any]) -> list[str]:
    """Air units based nowhere, units out of play still listed, boxes off the track."""
    found = []
    for uid, record in data["air"].items():
        if base_hex(data, record["base"]) is None:
            found.append(f"{uid} is based on {record['base']}, which is not in play")
        if not 0 <= record["box"] <= 3:
            found.append(f"{uid} is in sortie box {record['box']}")
    for uid in data["eliminated"]:
        if any(uid in data[key] for key in ("air", "ewda", "naval", "ground")):
            found.append(f"{uid} is eliminated but still in play")
    return found + bridge_problems(data) + depot_problems(data)


def bridge_problems(data: Mapping[str, Any]) -> list[str]:
    """11.08: each bridge once, in order, on a strait hexside of the map."""
    found = []
    listed = data.get("bridges", [])
    if [list(side) for side in sorted({tuple(side) for side in listed})] != listed:
        found.append(f"the bridges {listed} are not in order or listed twice")
    straits = strait_hexsides()
    found += [f"a bridge on {a}-{b}, no strait hexside" for a, b in listed if (a, b) not in straits]
    return found


def depot_problems(data: Mapping[str, Any]) -> list[str]:
    """12.01: each depot of a nation in play, on a hex of the map, its hits not negative."""
    return [
        f"the depot in {hex_id} ({record['nation']}, {record['hits']} hits) is not in play"
        for hex_id, record in data.get("depots", {}).items()
        if record["nation"] not in data["nations"]
        or hex_id not in forces().hexes
        or record["hits"] < 0
    ]


@cache
def ring_interior() -> tuple[str, ...]:
    """The strategic hexes inside the transitional ring, where no unit may be (4)."""
    return tuple(sorted(h for h, rec in forces().hexes.items() if rec.area == "inside"))
