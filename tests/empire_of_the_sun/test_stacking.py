"""Stacking (7.24, 7.34, 7.48): six naval units and three air and ground units per side and hex,
checked at the end of every card play; the owner removes the excess, air units before ground
units; units in supply come back later as reinforcements, units out of supply are lost.

Oahu 5808 has Central Pacific HQ for supply; Rabaul 4021 has none.
"""

from __future__ import annotations

import pytest

from tests.empire_of_the_sun.driver import act, begin, deciding
from tests.empire_of_the_sun.factory import position
from wargame.games.empire_of_the_sun import forces
from wargame.games.empire_of_the_sun.stacking import (
    counts,
    fits,
    overstacked,
    removable,
    remove_for_stacking,
)

pytestmark = pytest.mark.game("empire-of-the-sun")

OAHU, RABAUL = "5808", "4021"
SHIPS = ["us-ca-new-orleans", "us-ca-northampton", "us-bb-md-ca", "us-bb-mississippi",
         "us-cv-lexington", "us-cv-enterprise"]  # fmt: skip


@pytest.mark.rule("7.24", "7.34", "7.48")
def test_ships_count_apart_from_air_and_ground_units_and_an_lrb_pair_counts_once():
    g = position()
    assert counts(g, [*SHIPS, "us-7af", "us-7af-lrb", "us-x-corps"]) == (6, 2)
    assert counts(g, ["us-7af", "us-5af-lrb", "us-x-corps"]) == (0, 3)  # not a pair
    assert counts(g, ["us-hq-cenpac", "us-x-corps"]) == (0, 1)  # HQs do not count


@pytest.mark.rule("7.24", "7.34", "7.48")
def test_six_ships_and_three_air_or_ground_units_fit_one_more_does_not():
    g = position(units={**dict.fromkeys(SHIPS, OAHU), "us-7af": OAHU, "us-x-corps": OAHU,
                        "us-1mar-div": OAHU, "jp-cv-akagi": OAHU})  # fmt: skip
    assert overstacked(g, "allied") == [] and overstacked(g, "japan") == []
    assert fits(g, OAHU, ["us-7af-lrb"])  # the 7th AF's LRB shares its slot
    assert not fits(g, OAHU, ["us-cv-wasp"])
    assert not fits(g, OAHU, ["us-1maw"])
    assert fits(g, OAHU, ["jp-cv-soryu"])  # each side has its own limits
    forces.move_to(g, "us-cv-wasp", OAHU)
    assert overstacked(g, "allied") == [OAHU]


@pytest.mark.rule("7.34", "7.48", "7.24")
def test_air_units_are_removed_before_ground_units_ships_for_ships():
    g = position(units=dict.fromkeys(["us-7af", "us-1maw", "us-x-corps", "us-1mar-div"], OAHU))
    assert removable(g, OAHU, "allied") == ["us-1maw", "us-7af"]
    g = position(units=dict.fromkeys(["us-7af", "us-x-corps", "us-1mar-div", "us-2mar-div"], OAHU))
    assert removable(g, OAHU, "allied") == ["us-7af"]
    g = position(units=dict.fromkeys(["us-xi-corps", "us-x-corps", "us-1mar-div", "us-2mar-div"],
                                     OAHU))  # fmt: skip
    assert len(removable(g, OAHU, "allied")) == 4
    g = position(units=dict.fromkeys([*SHIPS, "us-cv-wasp", "us-x-corps"], OAHU))
    assert removable(g, OAHU, "allied") == sorted([*SHIPS, "us-cv-wasp"])


@pytest.mark.rule("7.24", "7.34", "7.48")
def test_removed_units_in_supply_return_ships_next_turn_air_and_ground_the_turn_after():
    g = position(units={"us-hq-cenpac": OAHU, "us-cv-wasp": OAHU, "us-1maw": OAHU,
                        "us-x-corps": OAHU}, turn=5)  # fmt: skip
    for unit_id in ("us-cv-wasp", "us-1maw", "us-x-corps"):
        remove_for_stacking(g, unit_id)
    assert forces.at(g, "us-cv-wasp") == "turn:6"
    assert forces.at(g, "us-1maw") == forces.at(g, "us-x-corps") == "turn:7"
    assert all(g.data["returning"].get(u) for u in ("us-cv-wasp", "us-1maw", "us-x-corps"))


@pytest.mark.rule("7.24", "7.34")
def test_removed_units_out_of_supply_are_eliminated():
    g = position(units={"us-cv-wasp": RABAUL, "us-x-corps": RABAUL})  # no HQ: no supply
    remove_for_stacking(g, "us-cv-wasp")
    remove_for_stacking(g, "us-x-corps")
    assert forces.at(g, "us-cv-wasp") == forces.at(g, "us-x-corps") == "eliminated"


@pytest.mark.rule("7.34", "7.24", "7.48")
def test_each_side_removes_its_excess_until_every_hex_is_legal():
    g = position(
        units={
            "us-hq-cenpac": OAHU,
            **dict.fromkeys(["us-7af", "us-1maw", "us-x-corps", "us-1mar-div"], OAHU),
            **dict.fromkeys(["jp-14-army", "jp-16-army", "jp-17-army", "jp-19-army"], RABAUL),
            "jp-21-af": RABAUL,
        },
        japanese=[RABAUL],
    )
    begin(g, "stacking")
    assert deciding(g) == ("japan", "prompt.overstacked", ["remove jp-21-af"])
    act(g, "remove jp-21-af")
    side, _, actions = deciding(g)
    assert side == "japan" and len(actions) == 4  # still one ground unit too many
    act(g, "remove jp-19-army")
    assert deciding(g) == ("allied", "prompt.overstacked", ["remove us-1maw", "remove us-7af"])
    act(g, "remove us-7af")
    assert g.state.result is not None
    assert forces.at(g, "us-7af") == "turn:4"
    assert forces.at(g, "jp-21-af") == forces.at(g, "jp-19-army") == "eliminated"  # no HQ
    assert overstacked(g, "japan") == overstacked(g, "allied") == []


@pytest.mark.rule("7.34")
def test_nothing_to_do_when_every_hex_is_legal():
    g = position(units=dict.fromkeys(["us-7af", "us-x-corps", "us-1mar-div"], OAHU))
    begin(g, "stacking")
    assert g.state.result is not None
