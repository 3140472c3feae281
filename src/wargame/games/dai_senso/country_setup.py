"""Countries, dependents and regions (13.2, 13.3) and how a scenario sets them up (13.7): which
countries take part, where their units may stand at the start, and which part of the map is in
play.

The map (``data/map.json``, its ``countries``) gives each area its kind: a major power or a minor
country has ground units of its own (13.2); a dependent or a region has none and belongs to the
area that owns it (13.3), a dependent never being a friendly country (13.3.1), a region being part
of its country until it is ceded (13.3.2). A campaign scenario's table (``campaign_scenarios`` in
``data/tables.yaml``) gives the countries' status, alignment and posture at the start (13.7.4).

Decisions (provisional: the country set-up rules 13.7.1-13.7.4 were not recovered)
- A major power is always active (13.2.1); a minor the scenario does not list is neutral and its
  units are not set up (13.2.2, 13.7.4).
- A minor country's units set up in its own country or in the dependents and regions it owns
  (13.7.1); a major power's and a pan-national parent's units where the scenario places them, in
  play (13.7.2: the treaty garrisons of 1937 stood in China).
- The stacking limits of 9.2 hold at set-up (13.7.3; checked when ``forces.yaml`` loads).
- The area in play (13.7.4): a one-map scenario plays its sheet only, and the areas its table
  puts out of play (the countries standing aside) are closed to every ground unit: no move,
  retreat, reinforcement or supply line enters them. A scenario without a play area (the
  training scenarios) has the whole map.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.charts import MAJOR_POWERS, CampaignScenario, CountryAtStart
from wargame.games.dai_senso.forces import forces
from wargame.games.dai_senso.registry import RULES

COUNTRY_KINDS: Final = frozenset({"major", "minor"})

RULES.stand_in(
    "13.7.4",
    "a campaign plays the sheets and countries its table names; the others are out of play",
    key="area_in_play",
)
RULES.declare("13.7.3", where="wargame.games.dai_senso.forces.Forces._check_hex")


def kind(area: str) -> str:
    """major, minor, dependent or region (a major with no hex of its own, Britain or the USA,
    is a major)."""
    found = board().area_kinds.get(area)
    return found[0] if found else "major"


@RULES.implements("13.2")
def is_country(area: str) -> bool:
    """Whether the area is a country (a major power or a minor, with units of its own)."""
    return kind(area) in COUNTRY_KINDS


@RULES.implements("13.3", "13.3.2")
def country_of(area: str) -> str:
    """The country a dependent or region belongs to (through its owners); a country's own id."""
    seen = {area}
    while not is_country(area):
        owner = board().area_kinds[area][1]
        if owner is None or owner in seen:
            break
        area = owner
        seen.add(area)
    return area


def home_areas(country: str) -> frozenset[str]:
    """The country and every dependent and region it owns, however deep."""
    return frozenset(area for area in board().area_kinds if country_of(area) == country) | {country}


@RULES.implements("13.2.1", "13.2.2")
def status(country: str, countries: Mapping[str, CountryAtStart]) -> str:
    """active or neutral at the start: a major power always active, a minor as the scenario
    lists it, neutral when it does not."""
    if country in MAJOR_POWERS:
        return "active"
    found = countries.get(country)
    return found.status if found else "neutral"


@RULES.implements("13.3.1")
def friendly_country(area: str, side: str, countries: Mapping[str, CountryAtStart]) -> bool:
    """Whether the area is a friendly country of ``side``: an active country aligned with it
    (a dependent or a region never is)."""
    found = countries.get(area)
    aligned = found is not None and found.alignment == side
    return is_country(area) and aligned and status(area, countries) == "active"


# -- 13.7 setting up -----------------------------------------------------------------------------


@RULES.implements("13.7", "13.7.1", "13.7.2", "13.7.4")
def setup_problems(scenario: str, terms: CampaignScenario) -> list[str]:
    """Why the set-up of ``scenario`` in ``forces.yaml`` breaks the country set-up rules (none:
    an empty list): a unit of a country that stands aside, a unit out of play, a minor's unit
    outside its own country."""
    found = []
    for placed in forces().scenarios[scenario].setup:
        if placed.hex is not None:
            found.extend(_placement_problems(placed.unit, placed.hex, terms))
    return found


def _placement_problems(uid: str, hex_id: str, terms: CampaignScenario) -> list[str]:
    nationality = forces().nationalities[forces().units[uid].nationality]
    found = []
    if nationality.kind != "pan_national":
        country = country_of(nationality.id)
        if status(country, terms.countries) != "active":
            found.append(f"13.7.4: {uid} is a unit of {country}, which stands aside (neutral)")
    if area_refusal(_area(terms), hex_id):
        found.append(f"13.7.4: {uid} is set up in {hex_id}, out of play")
    home = home_areas(nationality.id)
    if nationality.kind == "minor" and board().hexes[hex_id].country not in home:
        found.append(f"13.7.1: {uid}, a unit of {nationality.id}, is set up outside it")
    return found


# -- the area in play ----------------------------------------------------------------------------


def _area(terms: CampaignScenario) -> dict[str, list[str]]:
    return {"sheets": list(terms.sheets), "out_of_play": sorted(terms.out_of_play)}


def play_area(terms: CampaignScenario | None) -> dict[str, Any]:
    """The state's ``play_area`` of a campaign (none for a training scenario: the whole map)."""
    return {} if terms is None else {"play_area": _area(terms)}


@RULES.implements("13.7.4")
def area_refusal(area: Mapping[str, Any] | None, hex_id: str) -> str:
    """Why no ground unit may enter ``hex_id`` in this scenario ("" when it may)."""
    if not area:
        return ""
    if hex_id[0] not in area["sheets"]:
        return f"13.7.4: {hex_id} is on a map sheet this scenario does not play"
    where = board().hexes[hex_id].country
    if where in area["out_of_play"]:
        return f"13.7.4: {hex_id} is in {where}, out of play in this scenario"
    return ""


def out_of_play(data: Mapping[str, Any], hex_id: str) -> str:
    """:func:`area_refusal` for the scenario of ``data``."""
    return area_refusal(data.get("play_area"), hex_id)
