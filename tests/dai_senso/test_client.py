"""What the browser draws of Dai Senso!'s off-map boxes (client.py, 3.1.3): each box of a faction
in play listed beside the map with its units and their steps left, named in both languages, and a
display field that a view derives and the position never holds."""

from __future__ import annotations

import pytest

from tests.dai_senso.play import GAME
from wargame.games.dai_senso import client, offmap

pytestmark = pytest.mark.game("dai-senso")

TORA = "a3_tora_tora_tora"


def listed(board: dict[str, object]) -> dict[str, list[dict[str, object]]]:
    groups = board["boxes"]
    assert isinstance(groups, list)
    return {group["label"]["key"].removeprefix("offmap_box."): group["entries"] for group in groups}


@pytest.mark.rule("3.1.3")
def test_each_box_of_a_faction_in_play_is_listed_with_its_units_and_steps():
    state = GAME.setup(TORA, 1)
    state.data["off_map"]["u-west-coast"]["steps"] = 1  # a unit that has lost a step
    boxes = listed(GAME.view(state, "axis")["board"])
    assert boxes["western_usa"] == [{"id": "u-west-coast", "steps": 1}]
    assert boxes["panama_canal"] == []  # empty, a place a unit may move to
    west = {box for box, record in offmap.boxes().items() if record["faction"] == "west"}
    assert set(boxes) == west  # Tora plays no Soviet faction: no Eastern Europe box
    assert offmap.EASTERN_EUROPE not in boxes
    assert listed(GAME.view(state, None)["board"]) == boxes  # public


@pytest.mark.rule("3.1.3")
def test_a_box_is_named_in_both_languages_and_never_stored():
    state = GAME.setup(TORA, 1)
    assert "boxes" in client.DISPLAY_KEYS and "boxes" not in state.data
    key = GAME.view(state, "west")["board"]["boxes"][-1]["label"]["key"]
    assert key == "offmap_box.western_usa"
    assert GAME.catalog.lookup(key, "en") == "Western USA"
    assert GAME.catalog.lookup(key, "ja")
    view = GAME.view(state, "west")
    assert client.without_display(view["board"]).keys() == state.data.keys()
