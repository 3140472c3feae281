"""Asia Engulfed's listings of the units that may move, found without listing every destination:
they name the very units the full listings name, in every position of a random game."""

from contextlib import nullcontext

import pytest

from wargame.engine.memo import reading
from wargame.engine.rng import Rng
from wargame.games.asia_engulfed import GAME
from wargame.games.asia_engulfed.board import area_map, seas_touching
from wargame.games.asia_engulfed.charts import printed
from wargame.games.asia_engulfed.control import occupants
from wargame.games.asia_engulfed.forces import FLEETS, side_of
from wargame.games.asia_engulfed.influence import port_seas, projecting
from wargame.games.asia_engulfed.movement import OperationalMovement, operations
from wargame.games.asia_engulfed.naval import (
    embarkations,
    fleets,
    openers,
    sailings,
    to_rebase,
)
from wargame.games.asia_engulfed.production import (
    PRODUCERS,
    _fit_for_replacements,
    purchases,
    werp_left,
)
from wargame.games.asia_engulfed.state import SIDES
from wargame.games.asia_engulfed.strategic import strategic_movers, strategic_options
from wargame.games.asia_engulfed.surprise import influence_silenced
from wargame.games.asia_engulfed.transports import transports

pytestmark = pytest.mark.game("asia-engulfed")


def positions(steps=1000, seed=1000):
    """The data of each position of a random jan1942 game, its first ``steps`` actions."""
    rng, state = Rng(seed), GAME.setup("jan1942", seed)
    for _ in range(steps):
        if state.result is not None:
            return
        yield state.data
        side = rng.choice(GAME.active(state))
        state = GAME.apply(state, side, rng.choice(GAME.legal_actions(state, side)))


def full_openers(data, side, charts):
    closed = data["naval"]["closed"]
    fleets = dict.fromkeys(f for f, _ in sailings(data, side, charts))
    blocks = dict.fromkeys(u for u, _ in embarkations(data, side, charts, None, closed))
    return [("sail", f) for f in fleets] + [("embark", u) for u in blocks]


@pytest.mark.rule("5.21")
@pytest.mark.rule("5.31")
def test_the_units_listed_to_move_are_those_with_a_destination():
    charts, compared = printed(), 0
    for data in positions():
        for side in SIDES:
            strategic = [unit for unit, _targets in strategic_options(data, side, charts)]
            assert list(strategic_movers(data, side, charts)) == strategic
            if data["naval"]["target"] is None:
                assert list(openers(data, side, charts)) == full_openers(data, side, charts)
            compared += 1
    assert compared > 1000


def full_operational_movers(data, side, charts):
    """Each unit of ``side`` not moved this phase with an operation, every unit asked in full."""
    moved = set(data["moved"][side])
    blocks = [
        unit_id
        for unit_id, unit in sorted(data["units"].items())
        if unit["owner"] == side and unit["public"]["kind"] == "ground"
    ]
    lbas = [
        counter_id
        for counter_id, counter in sorted(data["counters"].items())
        if counter["type"] == "lba" and side_of(counter["power"]) == side
    ]
    return [
        unit_id
        for unit_id in blocks + lbas
        if unit_id not in moved and next(operations(data, unit_id, charts), None) is not None
    ]


@pytest.mark.rule("5.1")
@pytest.mark.rule("5.12")
@pytest.mark.rule("5.31")
def test_the_units_listed_to_move_operationally_are_those_with_an_operation():
    charts, phase, compared = printed(), OperationalMovement(), 0
    for data in positions(steps=600):
        for side in SIDES:
            expected = full_operational_movers(data, side, charts)
            assert list(phase.movers(data, side, charts)) == expected
            compared += bool(expected)
    assert compared > 500


def projected_in_full(data):
    """The sides projecting influence into each sea area (8.13), every LBA and fleet looked at
    for every sea area: an LBA in an uncontested area of the map bordering it, a fleet in it or
    in a port opening onto it; Allied LBA and fleets in port none while silenced (9.11 d)."""
    areas, quiet = area_map().areas, influence_silenced(data)
    found = {}
    for sea in (key for key, place in areas.items() if place.is_sea):
        sides = set()
        for counter in data["counters"].values():
            where, side = counter["where"], side_of(counter["power"])
            lba = counter["type"] == "lba" and where in areas and where not in data["contested"]
            if lba and sea in seas_touching(where) and not (quiet and side == "allies"):
                sides.add(side)
        for unit in data["units"].values():
            where, side = unit["where"], unit["owner"]
            if unit["hidden"]["type"] not in FLEETS or where not in areas:
                continue
            if where == sea or (sea in port_seas(where) and not (quiet and side == "allies")):
                sides.add(side)
        found[sea] = frozenset(sides)
    return found


@pytest.mark.rule("8.13")
@pytest.mark.rule("9.11")
def test_the_influence_projected_is_that_of_every_unit_looked_at_in_full():
    compared = 0
    for data in positions(steps=600):
        assert dict(projecting(data)) == projected_in_full(data)
        compared += any(projected_in_full(data).values())
    assert compared > 500


@pytest.mark.rule("8.8")
def test_the_units_rebase_fleets_first_then_transports_each_by_id():
    compared = 0
    for data in positions(steps=600):
        for side in SIDES:
            seas = {None} | {u["where"] for u in data["units"].values() if u["owner"] == side}
            for sea in seas:
                expected = [
                    unit_id
                    for unit_id in fleets(data, side, at_sea=True) + transports(data, side)
                    if sea is None or data["units"][unit_id]["where"] == sea
                ]
                assert to_rebase(data, side, sea) == expected
                compared += bool(expected)
    assert compared > 500


def fortifications_in_full(data, power):
    """Where ``power`` may build a field fortification (6.8), every land area asked, who
    occupies it asked area by area."""
    side, found = side_of(power), []
    for where, place in sorted(area_map().areas.items()):
        if place.is_sea or power == "dei" or (place.kind == "large" and place.terrain != "clear"):
            continue
        if data["control"].get(where) != side or where in data["fortifications"]:
            continue
        held_before = side in occupants(data, where) and not data["production"]["new_in"].get(where)
        if held_before and _fit_for_replacements(data, side, where):
            found.append(f"fortify {where}")
    return found


@pytest.mark.rule("6.8")
@pytest.mark.rule("4.6")
def test_production_lists_the_fortifications_of_every_area_asked_in_full():
    """Production asks who occupies each area from one index of the position: the same
    fortifications as asking area by area, while a decision is listed and outside."""
    charts, compared = printed(), 0
    for data in positions(steps=2500):
        if data["phase"] != "production":
            continue
        for power in PRODUCERS[data["phase_player"]]:
            expected = fortifications_in_full(data, power)
            for listing in (False, True):
                with reading(data) if listing else nullcontext():
                    found = purchases(data, power, charts)
                built = sorted(p.action.text for p in found if p.category == "fortification")
                assert built == [f for f in expected if f in built]  # within WERP and caps
                if werp_left(data, power) >= 5:  # the dearest one (T6); no cap (T7)
                    assert built == expected
            compared += bool(expected)
    assert compared > 20
