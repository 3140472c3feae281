"""What the browser draws of Aegean Strike (client.py): both maps in one frame with the overlay
area, every counter with its values, the airbases as counters, and the display fields of a view
(where each unit stands and for which side, each undetected unit as an unknown counter 14, the
airbase display with its sortie boxes 9.02, the tracks), which a view derives and determinize
drops."""

from __future__ import annotations

import pytest

from tests.aegean_strike.play import GAME, act, begun, first_segment, tripoli_seen
from wargame.engine.rng import Rng
from wargame.games.aegean_strike import charts, client, detection
from wargame.games.aegean_strike.forces import forces

pytestmark = pytest.mark.game("aegean-strike")
CARRIER = "us-cvn-69"


def test_both_maps_are_drawn_in_one_frame_with_the_overlay_area_outlined():
    board = GAME.client_data()["board"]
    by_map = {"operational": 0, "strategic": 0}
    for hex_ in board["hexes"]:
        by_map[hex_["map"]] += 1
    assert by_map == {"operational": 2160, "strategic": 104}
    assert [sheet["id"] for sheet in board["maps"]] == ["operational", "strategic"]
    strategic = [h for h in board["hexes"] if h["map"] == "strategic"]
    assert {h["r"] for h in strategic} == {client.STRATEGIC_RADIUS}
    overlay = [area for h in strategic for area in h.get("areas", [])]
    assert overlay.count("overlay_transitional") == 24 and overlay.count("overlay_inside") == 10
    # the strategic hexes come first, so that the operational map is drawn over them
    assert board["hexes"][0]["map"] == "strategic" and board["hexes"][-1]["map"] == "operational"
    assert {line["kind"] for line in GAME.backdrop()} >= {"coast", "border"}


def test_a_hex_of_land_and_sea_is_painted_by_its_land_share():
    board = GAME.client_data()["board"]
    colours = board["terrain_colours"]
    shares = {h["id"]: h for h in client.map_hexes().values()}
    drawn = {h["id"]: h for h in board["hexes"]}
    islet = next(i for i, h in shares.items() if h["class"] == "island" and h["land"] < 0.3)
    assert drawn[islet]["variant"] == f"{drawn[islet]['terrain']}_mostly_sea"
    inland = next(i for i, h in shares.items() if h["class"] == "land")
    assert "variant" not in drawn[inland]
    assert not [h for h in board["hexes"] if h["terrain"] == "sea" and "variant" in h]
    sea, clear, mostly = (int(colours[k][1:3], 16) for k in ("sea", "clear", "clear_mostly_sea"))
    assert min(sea, clear) < mostly < max(sea, clear)  # red: between the sea's and the land's
    assert client.mixed("#000000", "#ffffff", 0.6) == "#999999"


def test_every_counter_has_its_values_and_every_airbase_is_a_counter():
    units = {unit["id"]: unit for unit in GAME.client_data()["units"]}
    unknown = {client.unseen_counter(side, kind) for side in "ab" for kind in ("naval", "ground")}
    assert set(forces().units) | set(forces().airbases) | unknown == set(units)
    assert units["ly-mirage-f1"]["step_values"] == ["6-3-5"]  # anti-air, bombing, MA
    assert units["ly-mirage-f1"]["type_label"] == "Mirage"
    assert units["ly-mirage-f1"]["type_label_ja"] == "ミラージュ"
    assert units[CARRIER]["type_label"] == "CVN"
    assert units["benina"]["type"] == client.AIRBASE_TYPE
    assert units["incirlik"]["name_ja"] == "インジルリク"  # a base the map names no place for


def test_a_view_places_each_unit_for_its_side_and_lists_the_sortie_boxes():
    state = begun()
    view = GAME.view(state, "a")
    board = view["board"]
    assert board["units"][CARRIER] == {"hex": "S0103", "side": "a"}
    assert board["units"]["us-vf142"] == {"hex": "S0103", "side": "a"}  # aboard the carrier
    assert board["units"]["benina"]["side"] == "b"
    bases = {base["base"]: base for base in board["airbase_display"]}
    assert bases[CARRIER]["carrier"] and len(bases[CARRIER]["boxes"]) == client.SORTIE_BOXES
    aboard = [uid for box in bases[CARRIER]["boxes"] for uid in box]
    assert "us-vf142" in aboard
    assert board["tracks"]["stage"] == "assignment" and board["tracks"]["sp_us"] == 40


def test_a_flying_mission_stands_at_its_target_and_leaves_its_sortie_box():
    state = act(first_segment(tripoli_seen), "a", "launch us-va34", "mission bombing_strike")
    state = act(state, "a", "escort us-vf142", "target S0106")
    board = GAME.view(state, "b")["board"]
    assert board["units"]["us-va34"]["hex"] == "S0106"
    carrier = next(base for base in board["airbase_display"] if base["base"] == CARRIER)
    assert "us-va34" in carrier["flying"]
    assert all("us-va34" not in box for box in carrier["boxes"])


@pytest.mark.rule("14.04")
@pytest.mark.rule("14.01")
def test_each_unit_a_side_does_not_detect_stands_on_its_hex_as_an_unknown_counter():
    state = begun()
    board = GAME.view(state, "a")["board"]
    blanks = {uid: where for uid, where in board["units"].items() if "counter" in where}
    assert len(blanks) == len(board["unseen"]) > 0  # Libya's units, out of Player A's sight
    for blank in board["unseen"]:
        kind = blank["public"]["kind"]
        counter = client.unseen_counter("b", kind)
        assert blanks[blank["blank"]] == {"hex": blank["where"], "side": "b", "counter": counter}
    unseen = detection.hidden_from(charts.tables(state), state.data, "a")
    assert not unseen & set(board["units"])  # no id of theirs
    counters = {unit["id"]: unit for unit in GAME.client_data()["units"]}
    ship = counters[client.unseen_counter("b", "naval")]
    assert ship["type_label"] == "?" and ship["nationality"] == client.UNSEEN
    assert ship["colours"] != counters[client.unseen_counter("a", "naval")]["colours"]
    assert ship["name"] == "Unseen ship" and ship["name_ja"] == "未探知艦艇"
    theirs = GAME.view(state, "b")["board"]["units"].values()
    assert {where["side"] for where in theirs if "counter" in where} == {"a"}


def test_determinize_reads_a_view_back_without_the_display_fields():
    state = begun()
    view = GAME.view(state, "a")
    found = GAME.determinize(view, "a", Rng.from_seed(1))
    assert not set(client.DISPLAY_KEYS) & set(found.data)
    unseen = detection.hidden_from(charts.tables(state), state.data, "a")
    assert unseen  # the Libyan ground units, drawn anew (14)
    for kind in ("ground", "naval"):
        seen = {uid: unit for uid, unit in state.data[kind].items() if uid not in unseen}
        assert {uid: found.data[kind][uid] for uid in seen} == seen
    fogged = {"ground", "naval"}
    assert {k: v for k, v in found.data.items() if k not in fogged} == {
        k: v for k, v in state.data.items() if k not in fogged
    }


@pytest.mark.rule("11.14")
@pytest.mark.rule("11.15")
def test_each_players_record_sheet_lists_the_hits_of_the_ground_units_it_sees():
    state = begun()
    state.data["ground"]["us-22-mau"]["hits"] = 1
    g_tables = charts.tables(state)
    sheets = GAME.view(state, "a")["board"]["record_sheets"]
    mau = next(line for line in sheets["a"] if line["unit"] == "us-22-mau")
    size = forces().units["us-22-mau"].size
    assert mau == {"unit": "us-22-mau", "hits": 1, "capacity": g_tables["ground_hits"][size]}
    assert {line["unit"] for line in sheets["a"]} == {
        uid for uid in state.data["ground"] if uid.startswith(("us-", "uk-"))
    }
    unseen = detection.hidden_from(g_tables, state.data, "a")
    assert sheets["b"] == [] and unseen & set(state.data["ground"])  # Libya's, unseen
    theirs = GAME.view(state, "b")["board"]["record_sheets"]["b"]
    assert {line["unit"] for line in theirs} == {u for u in state.data["ground"] if u[:3] == "ly-"}


@pytest.mark.rule("10.02")
@pytest.mark.rule("13.09")
def test_a_ship_in_port_is_marked_and_a_transport_lists_the_units_aboard():
    marks = GAME.view(begun(), "a")["board"]["unit_marks"]
    assert marks["us-lha-nassau"] == [
        {"kind": "in_port", "label": "P"},
        {"kind": "carries", "unit": "us-22-mau"},
    ]
    assert marks["us-trans"] == [{"kind": "in_port", "label": "P"}]
    assert CARRIER not in marks  # under way: no mark
    assert not {uid for uid in marks if uid.startswith("ly-")}  # Libya's ships, unseen (14)
    params = {"unit": "us-22-mau"}
    assert "22" in GAME.catalog.render("unit_mark.carries", params, "ja")  # the unit's name
    assert GAME.catalog.lookup("unit_mark.in_port", "ja") == "在港 (10.02)"


@pytest.mark.rule("13.08")
def test_a_minefield_is_a_public_mark_on_its_hex():
    state = begun()
    state.data["mines"] = {"2320": "b"}
    state.data["bridges"] = []  # the Bosporus Bridge's mark left out (test_bridges.py)
    for viewer in ("a", "b", None):
        marks = GAME.view(state, viewer)["board"]["marks"]
        assert marks == [{"hex": "2320", "kind": "minefield", "side": "b", "label": "M"}]
    view = GAME.view(state, "a")
    assert "marks" not in GAME.determinize(view, "a", Rng.from_seed(1)).data


@pytest.mark.rule("11.02")
@pytest.mark.rule("11.12")
def test_reserve_and_special_operations_are_marked_only_on_units_the_viewer_sees():
    state = begun()
    state.data["ground"]["us-sf"]["special_op"] = "benina"
    state.data["ground"]["ly-1-armd"]["mode"] = "reserve"
    theirs = GAME.view(state, "b")["board"]["unit_marks"]
    assert theirs["ly-1-armd"] == [{"kind": "reserve", "label": "R"}]
    ours = GAME.view(state, "a")["board"]["unit_marks"]
    operation = {"kind": "special_op", "label": "SO", "base": "benina"}
    assert ours["us-sf"] == [operation]
    unseen = detection.hidden_from(charts.tables(state), state.data, "a")
    assert "ly-1-armd" in unseen and "ly-1-armd" not in ours
    shown = GAME.catalog.render("unit_mark.special_op", operation, "en")
    assert shown == "On a special operation against Benina (11.12)"
