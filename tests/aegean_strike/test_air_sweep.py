"""Minesweeping from the air (13.08, 8.03; optional, provisional): with the set-up option
air_minesweeping the US SH-3 flies a minesweeping mission to an enemy minefield in its round
trip and clears it on a d10 of table air_minesweeping's chance or less; without the option no
air unit sweeps. On the North Africa War, the SH-3 (us-hs5) moved to Hellinikon (2022)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.aegean_strike.play import GAME, SCENARIO, act, actions, edited
from tests.aegean_strike.test_play import refused
from wargame.games.aegean_strike import air, optional
from wargame.games.aegean_strike.charts import TABLES

pytestmark = pytest.mark.game("aegean-strike")
SH3, NEAR, FAR = "us-hs5", "2025", "2612"
"""The SH-3, a sea hex 3 hexes from Hellinikon and one 13 out (its round trip reaches 10)."""


def sweeping(chance: int | None = 10, own: bool = False):
    """Player A's first air segment, the option on (``chance=None``: off), the SH-3 at
    Hellinikon, Player B's fields at NEAR and FAR (Player A's own at NEAR if ``own``)."""
    options: dict[str, Any] = {}
    if chance is not None:
        table = {"types": ["sh-3"], "chance": chance}
        rules = {"game": "aegean-strike", "name": "t", "tables": {"air_minesweeping": table}}
        options = {optional.AIR_SWEEP: True, "rules_overlay": rules}
    start = act(GAME.setup(SCENARIO, 7, options), "b", "done")
    start = act(start, "a", "done", "end", "end")

    def edit(data: dict[str, Any]) -> None:
        data["air"][SH3]["base"] = "hellinikon"
        data["mines"].update({NEAR: "a" if own else "b", FAR: "b"})

    return edited(start, edit)


def launched(found):
    return act(found, "a", f"launch {SH3}", "mission minesweeping")


@pytest.mark.rule("13.08")
@pytest.mark.rule("8.03")
def test_without_the_option_no_air_unit_sweeps_mines():
    found = sweeping(chance=None)
    assert optional.AIR_SWEEP not in found.data
    assert not air.flies(found.data, SH3, air.MINESWEEPING)
    flying = act(found, "a", f"launch {SH3}")
    assert "mission minesweeping" not in actions(flying, "a")


@pytest.mark.rule("13.08")
@pytest.mark.rule("8.03")
def test_with_the_option_an_sh3_flies_to_an_enemy_field_and_clears_it():
    found = sweeping()
    assert found.data[optional.AIR_SWEEP] == {"types": ["sh-3"], "chance": 10}
    assert any(e.key == "log.air_minesweeping" for e in found.log)
    assert not air.flies(found.data, "us-va34", air.MINESWEEPING)  # an A-6 never sweeps
    group = launched(found)
    assert f"target {NEAR}" in actions(group, "a")
    assert "13.05" in refused(group, "a", f"target {FAR}")  # beyond its round trip
    sp = sum(group.data["sp"].values())
    flown = act(group, "a", f"target {NEAR}")
    assert sum(flown.data["sp"].values()) == sp - TABLES.defaults["air_missions"]["minesweeping"].sp
    assert flown.data["flight"]["revealed"]  # no marker: the sweep is done in the open
    arrived = act(flown, "b", "pass")
    assert arrived.data["mines"] == {FAR: "b"}
    swept = [e.params for e in arrived.log if e.key == "log.mine_swept"]
    assert swept == [{"unit": SH3, "hex": NEAR}]
    assert arrived.data["air"][SH3]["base"] == "hellinikon"  # back home


@pytest.mark.rule("13.08")
def test_a_sweeper_that_misses_its_roll_leaves_the_field():
    def never(data: dict[str, Any]) -> None:
        data[optional.AIR_SWEEP]["chance"] = 0

    flown = act(edited(launched(sweeping()), never), "a", f"target {NEAR}")
    arrived = act(flown, "b", "pass")
    assert NEAR in arrived.data["mines"]
    missed = [e.params for e in arrived.log if e.key == "log.sweep_missed"]
    assert len(missed) == 1 and missed[0]["unit"] == SH3 and missed[0]["hex"] == NEAR
    for lang, word in (("en", "fails to clear"), ("ja", "除去できない")):
        assert word in GAME.catalog.render("log.sweep_missed", missed[0], lang)


@pytest.mark.rule("13.08")
def test_only_the_enemys_fields_are_minesweeping_targets():
    found = sweeping(own=True)
    assert air.targets(found.data, "a", air.MINESWEEPING) == [FAR]
    assert air.targets(found.data, "b", air.MINESWEEPING) == [NEAR]
    flying = act(found, "a", f"launch {SH3}")  # its own field near, the enemy's out of reach
    assert "mission minesweeping" not in actions(flying, "a")
