"""Countries as the political rules read them (13.2-13.6): each country's status (active,
neutral, conquered: 13.4), alignment (the faction it belongs to: 13.5) and posture (War, Policy,
Truce: 13.6), and the markers on it (influence, Neutral). A scenario that plays politics keeps
them in ``data["countries"]``, ``data["postures"]`` (a copy of each posture, as option_cards.py
reads it) and ``data["country_markers"]`` (:func:`initial_data`); the others have no
``data["politics"]`` and every question here answers as if no country limited anything.

Decisions
- The countries are the map's majors and minors (``map.json``) and the nationalities of
  ``forces.yaml`` of those kinds that the map has no hex of (Britain, the USA, France). A
  dependent or a region is never a country (13.2, 13.3): its posture is its sovereign's (a
  Policy or Truce extends to the dependents: spec §2.1), found by following its owners.
- A region ceded to Japan (the Ceded Territory event) has Japan as its sovereign from then on
  (``data["politics"]["ceded"]``, the Ceded Lands box's markers).
- A major power is always active (13.2.1, 13.4): a change of its status is impossible, so no
  effect (0.4 principle 2).
- A country holds at most one country marker (influence or Neutral): a new one replaces it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from typing import Any, Final

from wargame.engine.errors import DataError
from wargame.games.dai_senso.board import MAP_FILE, board
from wargame.games.dai_senso.charts import Politics
from wargame.games.dai_senso.forces import forces
from wargame.games.dai_senso.registry import RULES

CHINESE: Final = ("hopeh", "kansu", "kiangsu", "sinkiang", "szechwan", "tibet", "yunnan")
"""The seven Chinese minors (spec §1.2): "China" in the rules means them all."""
ALLIED: Final = ("west", "soviet")
PAN_NATIONAL: Final = {"kmt": "west", "ccp": "soviet"}
"""The Chinese parent-nationality units and the faction whose Chinese minors are their home."""


RULES.stand_in("13.8.1", "a ceded region is Japan's", key="ceded_region")
RULES.stand_in("13.8.3", "a pan-national Chinese unit is at home in its faction's Chinese "
               "minors", key="pan_national")  # fmt: skip
RULES.stand_in("13.8.2", "a created minor is its region's own country, active at War",
               key="created_minor")  # fmt: skip


@cache
def areas() -> dict[str, dict[str, Any]]:
    """Every country, dependent and region by id: its kind and owner (map.json, then the majors
    and minors of forces.yaml that have no hex)."""
    raw = json.loads(MAP_FILE.read_text(encoding="utf-8"))["countries"]
    found = {name: {"kind": r["kind"], "owner": r.get("owner")} for name, r in raw.items()}
    for nation in forces().nationalities.values():
        if nation.id not in found and nation.kind in ("major", "minor"):
            found[nation.id] = {"kind": nation.kind, "owner": None}
    return found


@RULES.implements("13.2")
def is_country(name: str) -> bool:
    """A major or a minor (13.2); never a dependent or a region (13.3)."""
    return areas().get(name, {}).get("kind") in ("major", "minor")


def check(table: Politics) -> list[str]:
    """What in the politics table names no country (13.2)."""
    named = [*table.countries, *table.total_war_majors]
    return [f"{name} is no country (13.2)" for name in named if not is_country(name)]


def initial_data(scenario: str, tables: Mapping[str, Any]) -> dict[str, Any]:
    """The position's political keys for a scenario that plays politics (table ``politics``),
    else nothing: ``countries`` (each one's status, alignment and posture), ``postures`` (as
    option_cards.py reads them), ``country_markers`` and ``politics`` (ceded regions, truces,
    free passages), whose presence says politics is played. A campaign of the table
    ``campaign_scenarios`` starts with its own countries, another scenario with the politics
    table's; the war state and USCL are the seasonal tracks' (table ``seasonal_play``). DataError
    in one line for a table (an overlay's) that names no country (checked here, not when the
    table is loaded: the forces' check reads the tables first)."""
    table: Politics = tables["politics"]
    problems = check(table)
    if problems:
        raise DataError(f"table politics: {problems[0]}")
    if scenario not in table.scenarios:
        return {}
    campaign = tables["campaign_scenarios"].get(scenario)
    at_start = campaign.countries if campaign is not None else table.countries
    countries = {
        name: {"status": c.status, "alignment": c.alignment, "posture": c.posture}
        for name, c in at_start.items()
    }
    return {
        "politics": {"ceded": {}, "truces": {}, "free_passage": {}},
        "countries": countries,
        "postures": {name: c.posture for name, c in at_start.items()},
        "country_markers": {},
    }


@RULES.implements("16.1.1")
def join_conquered(data: dict[str, Any]) -> None:
    """Where politics is played, the Allied minors the seasonal phase sets up conquered (table
    ``seasonal_play``, ``data["conquered"]``) become the countries' status, the one record of
    it from then on (:func:`conquered`); elsewhere the list stays."""
    if not plays(data):
        return
    for name in data.pop("conquered", []):
        nation = forces().nationalities.get(name)
        side = nation.faction if nation is not None and nation.faction else "west"
        found = data["countries"].setdefault(
            name, {"status": "conquered", "alignment": side, "posture": "war"}
        )
        found["status"] = "conquered"
        data["postures"].setdefault(name, found["posture"])


@RULES.implements("16.1.1", "1.2.2")
def conquered(data: Mapping[str, Any]) -> list[str]:
    """The conquered Allied minors: the countries' status where politics is played, else the
    seasonal phase's list (:func:`join_conquered`)."""
    if not plays(data):
        return list(data.get("conquered", []))
    return sorted(name for name, c in data["countries"].items() if c["status"] == "conquered")


def plays(data: Mapping[str, Any]) -> bool:
    """Whether the scenario plays politics (2.1, 6, 12, 13.4-13.6)."""
    return "politics" in data


def record(data: Mapping[str, Any], country: str) -> Mapping[str, Any] | None:
    found: Mapping[str, Any] | None = data["countries"].get(country)
    return found


@RULES.implements("13.3", "13.3.1", "13.3.2", "13.8.1")
def sovereign(data: Mapping[str, Any], area: str) -> str:
    """The country an area belongs to: itself if a country or a minor created from it (13.8.2),
    else its owner's sovereign; a ceded region's is Japan's (13.3.2, 13.8.1)."""
    ceded = data.get("politics", {}).get("ceded", {})
    created = data.get("politics", {}).get("created", {})
    seen: set[str] = set()
    while area and not is_country(area) and area not in created and area not in seen:
        seen.add(area)
        area = ceded.get(area) or areas().get(area, {}).get("owner") or ""
    return area


def country_of_hex(data: Mapping[str, Any], hex_id: str) -> str:
    return sovereign(data, board().hexes[hex_id].country)


@RULES.implements("13.4")
def status(data: Mapping[str, Any], country: str) -> str:
    """Active, neutral or conquered; a major is always active (13.2.1)."""
    found = record(data, country)
    return "active" if found is None else str(found["status"])


@RULES.implements("13.5")
def alignment(data: Mapping[str, Any], country: str) -> str | None:
    found = record(data, country)
    return None if found is None else str(found["alignment"])


@RULES.implements("13.6", "13.6.1", "13.6.2")
def posture(data: Mapping[str, Any], area: str) -> str:
    """War, Policy or Truce of the area's sovereign (a dependent shares its country's)."""
    found = record(data, sovereign(data, area))
    return "war" if found is None else str(found["posture"])


@RULES.implements("13.6.1")
def zoc_free(data: Mapping[str, Any], hex_id: str) -> bool:
    """A hex of a Policy-affected country (or its dependent): its units project no zone of
    control and none is projected into it ([DG])."""
    return "politics" in data and posture(data, board().hexes[hex_id].country) == "policy"


@RULES.implements("13.2.1", "13.4")
def set_status(data: dict[str, Any], country: str, new: str, side: str | None = None) -> bool:
    """Make the country ``new`` (and aligned with ``side`` if given); False if impossible: a
    major's status never changes (13.2.1), nor does a country's to what it already is."""
    found = data["countries"].get(country)
    if found is None or areas()[country]["kind"] == "major":
        return False
    if found["status"] == new and side in (None, found["alignment"]):
        return False
    found["status"] = new
    if side is not None:
        found["alignment"] = side
    return True


@RULES.implements("13.8.2")
def create_minor(data: dict[str, Any], region: str, side: str) -> None:
    """The region becomes a new minor country: active, aligned with ``side``, at War posture;
    its hexes are its own country's from then on (:func:`sovereign`)."""
    data["politics"].setdefault("created", {})[region] = side
    data["countries"][region] = {"status": "active", "alignment": side, "posture": "war"}
    data["postures"][region] = "war"


def set_posture(data: dict[str, Any], country: str, new: str) -> bool:
    """Give the country posture ``new``; False if it has no record or already has it."""
    found = data["countries"].get(country)
    if found is None or found["posture"] == new:
        return False
    found["posture"] = new
    data["postures"][country] = new
    return True


def selectable(data: Mapping[str, Any], select: str) -> list[str]:
    """The countries a "select a country" instruction may name (13.2: never a dependent or a
    region); ``chinese_country``: one of the seven Chinese minors."""
    names = sorted(data["countries"])
    return [name for name in names if select != "chinese_country" or name in CHINESE]


@RULES.implements("13.8.3")
def home_of(data: Mapping[str, Any], uid: str) -> frozenset[str]:
    """The countries a unit is at home in: its nationality's sovereign country; the Chinese
    minors aligned with its faction for a Chinese parent-nationality unit."""
    nation = forces().units[uid].nationality
    if nation in PAN_NATIONAL:
        side = PAN_NATIONAL[nation]
        return frozenset(c for c in CHINESE if alignment(data, c) == side)
    return frozenset({sovereign(data, nation) or nation})


WORDS: Final = {
    "en": {"active": "active", "neutral": "neutral", "conquered": "conquered", "war": "War",
           "policy": "Policy", "truce": "Truce", "axis": "Axis", "west": "West",
           "soviet": "Soviet"},
    "ja": {"active": "能動的", "neutral": "中立", "conquered": "被征服", "war": "交戦",
           "policy": "政策", "truce": "停戦", "axis": "枢軸", "west": "西側",
           "soviet": "ソヴィエト"},
}  # fmt: skip
"""The words of the political display's country rows (13.4-13.6), in each language."""


@RULES.implements("13.4", "13.5", "13.6")
def display(data: Mapping[str, Any]) -> dict[str, str]:
    """The political display's row of each country: its alignment, status and posture, as a
    track value (``country_ID`` -> ``ALIGNMENT_STATUS_POSTURE``)."""
    return {
        f"country_{name}": f"{c['alignment']}_{c['status']}_{c['posture']}"
        for name, c in sorted(data["countries"].items())
    }


def display_entries(lang: str) -> dict[str, str]:
    """The names of the display's rows and values: ``track.country_ID`` and
    ``track_value.ALIGNMENT_STATUS_POSTURE`` (West: active, War)."""
    words = WORDS[lang]
    entries = {f"track.country_{name}": _name(name, lang) for name in areas() if is_country(name)}
    for side in ("axis", "west", "soviet"):
        for status in ("active", "neutral", "conquered"):
            for posture in ("war", "policy", "truce"):
                shown = f"{words[side]}: {words[status]}, {words[posture]}"
                if lang == "ja":
                    shown = f"{words[side]}: {words[status]}、{words[posture]}"
                entries[f"track_value.{side}_{status}_{posture}"] = shown
    return entries


def _name(country: str, lang: str) -> str:
    names = board().country_names.get(country)
    if names is not None:
        return names[1] if lang == "ja" else names[0]
    nation = forces().nationalities[country]
    return nation.name_ja if lang == "ja" else nation.name


def names_entries(lang: str) -> dict[str, str]:
    """``country.ID`` names of the countries the map has no hex of (Britain, the USA, France),
    from their nationality, for the messages."""
    nations = forces().nationalities
    return {
        f"country.{name}": nations[name].name_ja if lang == "ja" else nations[name].name
        for name in areas()
        if name in nations and name not in board().country_names
    }
