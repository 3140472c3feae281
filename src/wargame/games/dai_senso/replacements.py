"""The replacement segment (1.3): the steps a faction receives on a seasonal turn from its current
card (1.3.1) and from markers (1.3.2), the one-step units it takes for them from its force pool
(1.3.3) and where it places them (1.3.4).

A grant is a mapping ``"key|kind"`` -> steps, where the key is a nationality, a group of the
current card (``chinese_nationalist``, ``chinese_communist``, ``minor``) or ``japan_marker``
(the Hakko Ichiu and Imperial Rescript steps, two of which may be one armour step), and the kind
``infantry``, ``armor`` or ``any`` (a minor country's step, infantry-type or armour-type).

Decisions
- The force pool is the ground units set up there (``data["pool"]``) and the eliminated ones
  (``data["eliminated"]``: an eliminated unit goes back to the pool, 4.2.6.2 as provisional). A
  replacement is such a unit whose type has a one-step side, back on the map at one step: never
  a garrison, fortress or HQ (1.3.3), and no colonial unit, as the boxes and dependents' cities
  that take colonial replacements are not on the map yet (stand-in ``replacement_places``).
- A step pays for the first kind it can, in this order: an airborne or marine unit two infantry
  steps of its nationality; another infantry-type unit one infantry step, else one armour step;
  an armour-type unit one armour step, else two Hakko Ichiu/Rescript infantry steps; a minor's
  unit a minor step when no step of its own nationality is left.
- Places (1.3.4): a home city (a named place or a port of the country with the nationality's id;
  a pan-national HQ's home is its faction's Chinese provinces), a home hex of an in-supply HQ of
  the nationality, the logistics marker of the nationality that traces supply (IGHQ: Japanese,
  Kwantung: Kwantung Army units only, Soviet: Russian, Western: American), and for a minor a home
  hex with its faction's partisan base; never a hex with an enemy unit or logistics marker.
  Off-map boxes are not played. Steps left when the faction ends the segment are lost (1.3.3).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wargame.engine.state import State
from wargame.games.dai_senso import cards, countries, markers, state
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.charts import tables as game_tables
from wargame.games.dai_senso.forces import forces
from wargame.games.dai_senso.logistics import enemy_marker_in, traces
from wargame.games.dai_senso.map_facts import city_hexes
from wargame.games.dai_senso.registry import RULES
from wargame.games.dai_senso.supply import supplied
from wargame.games.dai_senso.tracks import sw_count

GROUPS: Final = {"chinese_nationalist": ("west", "nationalist"),
                 "chinese_communist": ("soviet", "communist")}  # fmt: skip
MARKER_OF: Final = {
    "japan": "logistics_ighq",
    "russia": "logistics_soviet",
    "usa": "logistics_west",
}

RULES.stand_in(
    "1.3.4",
    "replacements go to home cities (named places, ports, objectives), HQs at home and logistics"
    " markers; no off-map box, no colonial unit",
    key="replacement_places",
)


def current_card(state_: State, side: str) -> cards.Card | None:
    """The faction's current card: :func:`cards.current_card` where the option card segment
    provides it, else the card id of ``data["current_card"]``."""
    provided = getattr(cards, "current_card", None)
    if provided is not None:
        found: cards.Card | None = provided(state_, side)
        return found
    card_id = state_.data.get("current_card", {}).get(side)
    return None if card_id is None else cards.cards().cards.get(card_id)


@RULES.implements("1.3.1", "1.3.2")
def grant(state_: State, side: str) -> dict[str, int]:
    """The seasonal replacement steps of ``side``: its current card's and its markers'."""
    found: dict[str, int] = {}
    card = current_card(state_, side)
    for key, steps in (card.replacements if card else {}).items():
        for kind, count in steps.items():
            if kind != "colonial_infantry":  # colonial units are not taken (replacement_places)
                _add(found, f"{key}|{kind}", count)
    for key, count in marker_steps(state_.data, side).items():
        _add(found, key, count)
    for key, count in markers.reserve_steps(state_, side).items():
        _add(found, key, count)
    return found


def _add(found: dict[str, int], key: str, count: int) -> None:
    if count > 0:
        found[key] = found.get(key, 0) + count


@RULES.implements("1.3.2")
def marker_steps(data: Mapping[str, Any], side: str) -> dict[str, int]:
    """1.3.2: Hakko Ichiu and the Imperial Rescript (Japanese infantry per VP while the Rising
    Sun shows), Minor Production and the US Victory Plan in the Strategic Warfare box."""
    found: dict[str, int] = {}
    marker = data.get("vp_marker", {})
    rising = marker.get("face") == "rising_sun" and isinstance(marker.get("box"), int)
    if side == "axis" and rising:
        box = marker["box"]
        if data.get("hakko_ichiu") is not None:
            _add(found, "japan_marker|infantry", box + data["hakko_ichiu"])
        if data.get("imperial_rescript") is not None:
            _add(found, "japan_marker|infantry", box)
    minor = sw_count(data, "minor_production_1", side) + 2 * sw_count(
        data, "minor_production_2", side
    )
    _add(found, "minor|any", minor)
    if side == "west":
        _add(found, "usa|infantry", sw_count(data, "us_victory_plan"))
    return found


# -- 1.3.3 taking ---------------------------------------------------------------------------------


def in_pool(data: Mapping[str, Any], side: str) -> list[str]:
    """The faction's ground units in its force pool (set up there, or eliminated)."""
    found = [*data.get("pool", []), *data.get("eliminated", [])]
    return sorted({uid for uid in found if uid not in data["units"] and state.faction(uid) == side})


@RULES.implements("1.3.3")
def can_be_replacement(uid: str) -> bool:
    """A unit with a one-step side, infantry-type or armour-type, no garrison, not colonial."""
    unit = state.unit(uid)
    ground = forces().ground_types.get(unit.type)
    if ground is None or ground.square or ground.steps[0] != 1 or unit.colonial is not None:
        return False
    return ground.class_ in ("infantry_type", "armor_type")


def keys_for(data: Mapping[str, Any], uid: str) -> list[str]:
    """The grant keys that may pay for the unit: its nationality, its Chinese group, the
    Japanese marker steps, the minor steps (never for a conquered Allied minor, 1.3.3)."""
    unit = state.unit(uid)
    nationality = forces().nationalities[unit.nationality]
    found = [unit.nationality]
    found += [
        k
        for k, (side, group) in GROUPS.items()
        if (nationality.faction, nationality.group) == (side, group)
    ]
    if unit.nationality == "japan":
        found.append("japan_marker")
    if nationality.kind == "minor" and unit.nationality not in countries.conquered(data):
        found.append("minor")
    return found


@RULES.implements("1.3.3")
def cost(data: Mapping[str, Any], uid: str, left: Mapping[str, int]) -> dict[str, int] | None:
    """The steps of ``left`` the unit takes, or None if they do not pay for it."""
    keys = keys_for(data, uid)
    unit_type, kind = state.unit(uid).type, state.kind(uid)
    if unit_type in ("airborne", "marines"):
        ways = [(k, "infantry", 2) for k in keys if k != "minor"]
    elif kind == "infantry_type":
        ways = [(k, t, 1) for t in ("infantry", "armor") for k in keys if k != "minor"]
    else:
        ways = [(k, "armor", 1) for k in keys if k not in ("minor", "japan_marker")]
        ways += [("japan_marker", "infantry", 2)] if "japan_marker" in keys else []
    ways += [("minor", "any", 1)] if "minor" in keys else []
    for key, step, count in ways:
        if left.get(f"{key}|{step}", 0) >= count:
            return {f"{key}|{step}": count}
    return None


# -- 1.3.4 placing ---------------------------------------------------------------------------------


def home_countries(nationality: str) -> set[str]:
    """The map countries a nationality's units call home (a pan-national HQ: its faction's
    provinces of its Chinese group)."""
    record = forces().nationalities[nationality]
    if record.kind != "pan_national":
        return {nationality}
    wanted = (record.faction, record.group, "minor")
    return {n.id for n in forces().nationalities.values() if (n.faction, n.group, n.kind) == wanted}


@RULES.implements("1.3.4")
def places(state_: State, uid: str) -> list[str]:
    """The hexes the unit may be placed in as a replacement."""
    data, tables = state_.data, game_tables(state_)
    unit, side = state.unit(uid), state.faction(uid)
    sheets = forces().scenarios[state_.scenario].sheets
    found = set() if unit.kwantung else _home_places(data, tables, uid)
    marker = "logistics_kwantung" if unit.kwantung else MARKER_OF.get(unit.nationality)
    where = data.get("logistics", {}).get(marker) if marker else None
    if where in board().hexes and traces(data, tables, where, side):
        found.add(where)
    return sorted(h for h in found if h[0] in sheets and _open_to(data, h, side))


def _open_to(data: Mapping[str, Any], hex_id: str, side: str) -> bool:
    """No enemy unit or logistics marker in the hex (1.3.4)."""
    return not state.enemy_in(data, hex_id, side) and not enemy_marker_in(data, hex_id, side)


def _home_places(data: Mapping[str, Any], tables: Mapping[str, Any], uid: str) -> set[str]:
    """Home cities, home hexes of an in-supply HQ of the nationality, and for a minor home hexes
    with a friendly partisan base."""
    unit, side = state.unit(uid), state.faction(uid)
    homes = home_countries(unit.nationality)
    at_home = {h for country in homes for h in board().countries.get(country, [])}
    found = set(city_hexes(tables)) & at_home
    found |= {
        state.hex_of(data, other)
        for other in state.own_units(data, side)
        if state.unit(other).nationality == unit.nationality
        and state.kind(other) == "hq"
        and state.hex_of(data, other) in at_home
        and supplied(data, tables["supply"], other)
    }
    if forces().nationalities[unit.nationality].kind == "minor":
        found |= {h for h, s in data.get("partisans", {}).items() if s == side} & at_home
    return found


def candidates(state_: State, side: str, left: Mapping[str, int]) -> list[str]:
    """The units of the force pool the faction may take now, with a place to go."""
    return [
        uid
        for uid in in_pool(state_.data, side)
        if can_be_replacement(uid) and cost(state_.data, uid, left) and places(state_, uid)
    ]
