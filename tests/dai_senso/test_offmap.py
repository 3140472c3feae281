"""Off-map boxes and the off-map box to off-map box procedure (3.1.3): the set-up's units in
boxes, moves between adjacent boxes of the unit's faction, and the Soviet units' way into and out
of the Eastern Europe box over the map edge w5311-w6011; port-to-port moves (3.1.2) between a box
and the open ports of its sea zones."""

from __future__ import annotations

import msgspec
import pytest

from tests.dai_senso.play import GAME, act, actions, end_turn, frozen, past_organization, position
from tests.dai_senso.test_tora import refused, to_movement, tora
from tests.test_action_labels import unlabelled
from wargame.engine.action import Action
from wargame.engine.errors import IllegalAction
from wargame.engine.state import State
from wargame.games.dai_senso import naval_board, offmap, state, supply
from wargame.games.dai_senso.charts import tables

pytestmark = pytest.mark.game("dai-senso")

TORA = "a3_tora_tora_tora"
EDGE_HEX = "w5711"
"""A Russian hex of the Eastern Europe box's map edge."""


def west_movement() -> State:
    """Tora! Tora! Tora!'s first West operational movement phase, the Axis having done nothing."""
    found = end_turn(GAME.setup(TORA, 1), "axis")
    while GAME.view(found, "west")["prompt"]["key"] != "prompt.movement":
        found = act(found, "west", "end")
    return found


def soviet_movement(units: dict[str, tuple[str, int]], boxed: dict[str, str]) -> State:
    """August Storm's first Soviet operational movement with only ``units`` on the map and the
    Soviet units ``boxed`` (unit -> box) in off-map boxes, the Axis having done nothing."""
    found = position(units)
    found.data["off_map"] = {uid: {"box": box, "steps": 2} for uid, box in boxed.items()}
    found = end_turn(found, "axis")
    found = past_organization(found, "soviet")
    while GAME.view(found, "soviet")["prompt"]["key"] != "prompt.movement":
        found = act(found, "soviet", "end")
    return found


@pytest.mark.rule("3.1.3")
def test_the_set_up_puts_units_in_their_off_map_boxes():
    data = GAME.setup(TORA, 1).data
    assert data["off_map"] == {"u-west-coast": {"box": "western_usa", "steps": 2}}
    assert "u-west-coast" not in data["units"]
    assert state.in_play(data, "u-west-coast")


@pytest.mark.rule("3.1.3")
def test_a_unit_moves_to_an_adjacent_box_as_its_whole_move():
    found = west_movement()
    legal = actions(found, "west")
    assert "box u-west-coast panama_canal" in legal
    assert not [text for text in legal if text.startswith("box u-west-coast europe_africa")]
    found = act(found, "west", "box u-west-coast panama_canal")
    assert found.data["off_map"]["u-west-coast"]["box"] == "panama_canal"
    assert GAME.view(found, "west")["log"][-1]["key"] == "log.boxed"
    assert not [text for text in actions(found, "west") if text.startswith("box u-west-coast")]


@pytest.mark.rule("3.1.3")
def test_boxes_are_adjacent_as_printed_and_admit_their_faction_only():
    assert offmap.adjacent("western_usa") == ["panama_canal"]
    assert offmap.adjacent("panama_canal") == ["western_usa"]
    assert offmap.adjacent("europe_africa") == []
    assert "admits soviet units only" in offmap.box_refusal("u-west-coast", "eastern_europe")
    assert "admits west units only" in offmap.box_refusal("s-35th", "western_usa")
    assert offmap.box_refusal("s-35th", "eastern_europe") == ""


@pytest.mark.rule("3.1.3")
def test_a_soviet_unit_on_the_map_edge_enters_eastern_europe():
    found = soviet_movement({"s-35th": (EDGE_HEX, 2), "s-1st-army": ("w5712", 2)}, {})
    found = act(found, "soviet", "move s-35th", "box eastern_europe")
    assert found.data["off_map"]["s-35th"] == {"box": "eastern_europe", "steps": 2}
    assert "s-35th" not in found.data["units"]
    assert GAME.view(found, "soviet")["log"][-1]["key"] == "log.entered_box"
    found = act(found, "soviet", "move s-1st-army")
    assert "box eastern_europe" not in actions(found, "soviet")  # not on the edge


@pytest.mark.rule("3.1.3")
def test_a_soviet_unit_leaves_eastern_europe_onto_a_free_edge_hex():
    found = soviet_movement({"j-5th-army": ("w5311", 2)}, {"s-2nd-army": "eastern_europe"})
    assert f"leave s-2nd-army {EDGE_HEX}" in actions(found, "soviet")
    before = frozen(found)
    with pytest.raises(IllegalAction, match=r"3\.1\.3: no overrun from an off-map box"):
        GAME.apply(found, "soviet", Action("leave s-2nd-army w5311"))
    assert frozen(found) == before
    found = act(found, "soviet", f"leave s-2nd-army {EDGE_HEX}")
    assert found.data["units"]["s-2nd-army"] == {"hex": EDGE_HEX, "steps": 2}
    assert found.data["off_map"] == {}
    assert GAME.view(found, "soviet")["log"][-1]["key"] == "log.left_box"


# -- 3.1.2 port-to-port between a box and the map --------------------------------------------------

ALASKA = "e5824"
"""An Aleutian port within the sea reach of Western USA's map edge (its Gulf of Alaska and
Northwest Pacific zones)."""
PEARL = "e4126"
"""Pearl Harbor: a port of the Central Pacific, which Western USA is printed out of."""


def sea_movement(units: dict[str, tuple[str, int]], side: str) -> State:
    """Tora! Tora! Tora!'s first operational movement of ``side`` with only ``units`` on the
    map (each in supply), the set-up's Western USA unit in its box, no one having done anything
    before."""
    found = to_movement(tora(units))
    if side == "axis":
        return found
    found = end_turn(found, "axis")
    while GAME.view(found, side)["prompt"]["key"] != "prompt.movement":
        found = act(found, side, "end")
    return found


@pytest.mark.rule("3.1.2")
def test_a_unit_sails_from_its_box_to_an_open_port_of_the_box_sea_zones():
    found = sea_movement({"u-phil-dept": (ALASKA, 1), "u-6th-def-bn": (PEARL, 1)}, "west")
    legal = actions(found, "west")
    assert f"sail u-west-coast {ALASKA}" in legal
    assert f"sail u-west-coast {PEARL}" not in legal  # the Central Pacific: not the box's zone
    assert unlabelled(GAME, found) == set()  # the button reads "Ship ... to ...", not "sail"
    assert found.data["convoys"] == 3
    found = act(found, "west", f"sail u-west-coast {ALASKA}")
    assert found.data["units"]["u-west-coast"] == {"hex": ALASKA, "steps": 2}
    assert "u-west-coast" not in found.data["off_map"]
    assert found.data["convoys"] == 1  # one troop convoy a step
    assert GAME.view(found, "west")["log"][-1]["key"] == "log.sailed_from_box"
    assert not [text for text in actions(found, "west") if "u-west-coast" in text]  # whole move


@pytest.mark.rule("3.1.2")
def test_a_unit_in_a_port_of_the_box_sea_zones_sails_into_its_faction_box():
    found = sea_movement({"u-phil-dept": (ALASKA, 1), "u-6th-def-bn": (PEARL, 1)}, "west")
    found = act(found, "west", "move u-phil-dept")
    legal = actions(found, "west")
    assert "box western_usa" in legal
    assert "box panama_canal" not in legal  # Alaska is not in the canal's zones
    found = act(found, "west", "box western_usa")
    assert found.data["off_map"]["u-phil-dept"] == {"box": "western_usa", "steps": 1}
    assert "u-phil-dept" not in found.data["units"]
    assert found.data["convoys"] == 2
    assert GAME.view(found, "west")["log"][-1]["key"] == "log.sailed_to_box"
    found = act(found, "west", "move u-6th-def-bn")
    assert "box western_usa" not in actions(found, "west")  # Pearl Harbor: not in its zones


@pytest.mark.rule("3.1.2", "3.1.3")
def test_an_enemy_unit_may_not_sail_into_a_box_nor_a_unit_without_convoys():
    found = sea_movement({"j-guards": (ALASKA, 1)}, "axis")
    found = act(found, "axis", "move j-guards")
    admits = r"3\.1\.3: the western_usa box admits west units only"
    refused(found, "axis", "box western_usa", admits)
    units = {"u-phil-dept": (ALASKA, 1), "u-4th-marines": (ALASKA, 1), "u-usaffe": (ALASKA, 2)}
    found = sea_movement(units, "west")
    found = act(found, "west", "move u-phil-dept", "box western_usa")
    found = act(found, "west", "move u-4th-marines", "box western_usa")
    assert found.data["convoys"] == 1
    refused(found, "west", f"sail u-west-coast {ALASKA}", r"3\.1\.2: 2 troop convoy steps needed")


@pytest.mark.rule("3.1.2")
def test_no_sailing_from_a_box_to_a_port_outside_its_zones_or_not_open():
    found = sea_movement({"u-6th-def-bn": (PEARL, 1)}, "west")
    assert not [text for text in actions(found, "west") if text.startswith("sail ")]  # none open
    before = frozen(found)
    for text in (f"sail u-west-coast {PEARL}", f"sail u-west-coast {ALASKA}"):
        with pytest.raises(IllegalAction):
            GAME.apply(found, "west", Action(text))
    assert frozen(found) == before


@pytest.mark.rule("3.1.2")
def test_each_box_sea_edge_is_a_span_of_all_sea_map_edge_hexes_of_a_known_box():
    data = GAME.setup(TORA, 1).data
    for box, (first, last) in data["sea"]["box_edges"].items():
        assert box in offmap.boxes()
        assert offmap.sea_edge(first, last)
        assert first[3:] == last[3:] and first[0] == last[0]
    assert offmap.in_box_zones(data, "western_usa", ALASKA)
    assert not offmap.in_box_zones(data, "western_usa", PEARL)
    assert not offmap.in_box_zones(data, "eastern_europe", ALASKA)  # a land box


@pytest.mark.rule("10.1")
@pytest.mark.rule("10.2")
@pytest.mark.rule("3.1.2")
def test_a_line_reaching_an_open_port_of_a_box_sea_zones_is_supplied_by_the_box():
    """With no source country at all, only the Western USA box can supply the Aleutian port."""
    found = sea_movement({"u-phil-dept": (ALASKA, 1)}, "west")
    table = tables(found)["supply"]
    none = msgspec.structs.replace(table, sources={side: [] for side in table.sources})
    held = supply.occupants(found.data)
    west = naval_board.supply_links(found.data, "west")
    assert ALASKA in west.box_ports
    assert supply.traces_supply(none, held, ALASKA, "west", west)
    assert not supply.traces_supply(none, held, ALASKA, "west", None)  # no sea: no box
    axis = naval_board.supply_links(found.data, "axis")
    assert not axis.box_ports  # the box is the West's
