"""The pieces off the map as a view lists them (off_map.py): a side's own pools by id, the other
side's pool as blank colours and counters only, the carrier boxes, the schedule and the removed."""

import pytest

from wargame.games.asia_engulfed import GAME
from wargame.games.asia_engulfed.forces import Block
from wargame.games.asia_engulfed.forces import load as load_forces

pytestmark = pytest.mark.rule("4.4")


def groups(state, viewer):
    return {
        (g["label"]["key"], *g["label"]["params"].values()): g["entries"]
        for g in GAME.view(state, viewer)["board"]["boxes"]
    }


def ids(entries):
    return {entry["id"] for entry in entries if "id" in entry}


def test_a_side_lists_its_own_pool_blocks_and_only_colours_of_the_others():
    state = GAME.setup("tipping_the_scales", 1)
    units = load_forces().units
    shown = groups(state, "japan")
    assert ids(shown[("offmap.pool", "japan")]) == set(state.data["pools"]["japan"])
    others = shown[("offmap.pool_other", "allies")]
    allied_blocks = [
        unit
        for power, pool in state.data["pools"].items()
        if power != "japan"
        for unit in pool
        if isinstance(units[unit], Block)
    ]
    assert sum(entry.get("count", 0) for entry in others) == len(allied_blocks)
    assert not ids(others) & set(allied_blocks)  # no Allied pool block by name
    assert all(not isinstance(units[unit], Block) for unit in ids(others))


def test_carrier_air_is_listed_in_its_carriers_box():
    state = GAME.setup("tipping_the_scales", 1)
    boxed = {
        unit: counter["where"].removeprefix("box:")
        for unit, counter in state.data["counters"].items()
        if counter["where"].startswith("box:")
    }
    assert boxed
    shown = groups(state, "allies")
    for unit, box in boxed.items():
        assert unit in ids(shown[("offmap.carrier_box", box)])


def test_a_spectator_sees_every_pool_as_blanks_and_counters():
    state = GAME.setup("tipping_the_scales", 1)
    shown = groups(state, None)
    assert not [key for key in shown if key[0] == "offmap.pool"]
    assert {key[1] for key in shown if key[0] == "offmap.pool_other"} == {"japan", "allies"}
