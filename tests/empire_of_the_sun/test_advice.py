"""What the game tells a player before a move, a declaration or an assignment (issue 14): the
action in words, and what it will cause that the player may not foresee, each with its rule
(``advice``); the path a move takes, and the waypoints that choose another where it matters;
each side's bases in the view."""

from __future__ import annotations

import pytest

from tests.empire_of_the_sun.driver import act, deciding, offered, resume
from tests.empire_of_the_sun.factory import position
from tests.empire_of_the_sun.test_movement import offensive, zoi_in
from tests.empire_of_the_sun.test_offensives import flyers_declaring, luzon_offensive
from wargame.engine.contract import label_of
from wargame.engine.procedure import current_decision
from wargame.engine.rng import Rng
from wargame.games.empire_of_the_sun import GAME, advice, forces, movement

pytestmark = pytest.mark.game("empire-of-the-sun")

TRUK, KAVIENG, SEA, WAKE = "4017", "4020", "4511", "4612"
KOTA_BHARU = "2112"


def told(g, group, move, reaction=False):
    """The consequences of a move as ``(rule, key)`` pairs, in order."""
    note = advice.move_note(g, group, move, g.data["offensive"], reaction=reaction)
    return [(c.rule, c.key) for c in note.consequences]


def notes(g):
    """The JSON notes of the decision now, for the side deciding, each with its label."""
    choices = current_decision(g).sides[deciding(g)[0]]
    view = {"notes": GAME.notes(choices), "labels": GAME.labels(choices)}
    return {
        text: {**view["notes"].get(text, {}), "label": label_of(view, text)}
        for text in choices.options
    }


def words(note, lang="en"):
    return GAME.catalog.render(note["key"], note["params"], lang)


@pytest.mark.rule("7.21", "6.24", "8.6")
def test_carriers_sent_to_an_allied_hex_are_told_they_must_reach_a_port_or_be_lost():
    """The carriers of issue 14, sent to Allied-held Kavieng: a battle there (an operations
    offensive's only one), and eliminated at the offensive's end unless a post-battle move
    takes them to a friendly port."""
    carriers = ["jp-cv-akagi", "jp-cv-shokaku", "jp-cv-soryu"]
    g = position(units={**dict.fromkeys(carriers, TRUK), "us-1mar-div": KAVIENG}, empire=True)
    g.data["control"][TRUK] = "japan"
    offensive(g, oc=2, activated=carriers)
    move = movement.moves(g, carriers, oc=2)[f"hex {KAVIENG}"]
    assert told(g, carriers, move) == [
        ("6.24", "consequence.battle"),
        ("6.24", "consequence.only_battle"),
        ("7.21", "consequence.no_port"),
    ]
    back = movement.moves(g, carriers, oc=2)
    port = next(m for m in back.values() if forces.friendly(g, m.dest, "japan") and m.dest != TRUK
                and m.dest in movement.graph(g).ports)  # fmt: skip
    assert ("7.21", "consequence.no_port") not in told(g, carriers, port)


@pytest.mark.rule("7.21")
def test_ships_out_of_reach_of_every_friendly_port_are_told_they_will_be_lost():
    g = position(units={"jp-cv-akagi": SEA, "us-wake-bde": WAKE})
    offensive(g, oc=1, activated=["jp-cv-akagi"])
    move = movement.moves(g, ["jp-cv-akagi"], oc=1)[f"hex {WAKE}"]
    note = advice.move_note(g, ["jp-cv-akagi"], move, g.data["offensive"], reaction=False)
    lost = [c for c in note.consequences if c.key == "consequence.no_port_in_reach"]
    assert [(c.rule, dict(c.params)) for c in lost] == [("7.21", {"hex": WAKE, "mp": 5})]
    assert "No friendly port within 5 MP of Wake (4612)" in words(lost[0].to_json())


@pytest.mark.rule("5.11", "7.23", "5.22")
def test_a_move_that_cannot_fight_or_that_gives_the_enemy_reconnaissance_says_so(monkeypatch):
    g = position(units={"us-feaf": "2813"})
    offensive(g, side="allied", oc=2, activated=["us-feaf"])
    far = [
        m for m in movement.moves(g, ["us-feaf"], oc=2).values() if m.no_fight and m.mode == "move"
    ]
    assert far and all(
        ("5.11", "consequence.no_fight_extended") in told(g, ["us-feaf"], m) for m in far
    )
    g = position(units={"jp-ca-takao": "2909"}, empire=True)  # Tainan, a Japanese port
    offensive(g, oc=2, activated=["jp-ca-takao"])
    strategic = [
        m for m in movement.moves(g, ["jp-ca-takao"], oc=2).values() if m.mode == "strategic"
    ]
    assert strategic
    assert told(g, ["jp-ca-takao"], strategic[0])[0] == ("7.23", "consequence.no_fight_strategic")
    g = position(units={"cw-bb-force-z": "2015"})
    offensive(g, side="allied", oc=2, activated=["cw-bb-force-z"])
    zoi_in(monkeypatch, blocked=[], projected=["2220"])
    move = movement.moves(g, ["cw-bb-force-z"], oc=2)["hex 2220"]
    assert move.recon and ("5.22", "consequence.recon") in told(g, ["cw-bb-force-z"], move)
    assert ("5.22", "consequence.recon") not in told(g, ["cw-bb-force-z"], move, reaction=True)


@pytest.mark.rule("7.45", "8.32", "8.4", "6.24")
def test_an_amphibious_assault_tells_its_asps_its_withdrawal_and_how_it_fights():
    g = luzon_offensive("oc", "jp-14-army", "jp-ca-takao")
    act(g, "unit jp-14-army")
    assault = notes(g)["assault 2813"]
    assert assault["label"] == {"key": "label.moving.assault", "params": {"hex": "2813", "asp": 2}}
    assert [(c["rule"], c["key"]) for c in assault["consequences"]] == [
        ("6.24", "consequence.battle"),
        ("6.24", "consequence.only_battle"),
        ("7.45", "consequence.asp"),
        ("7.45", "consequence.unescorted"),
        ("7.45", "consequence.assault_not_taken"),
        ("8.32", "consequence.landing_fights"),
        ("8.4", "consequence.held"),
    ]
    assert words(assault["label"]) == "Amphibious assault on Manila (2813) (2 ASPs)"  # 2 steps
    assert words(assault["consequences"][2]) == "Spends 2 ASPs of the 7 left this turn"


@pytest.mark.rule("7.45")
def test_only_a_landing_without_a_ship_in_its_stack_is_warned_that_reacting_ships_would_sink_it():
    g = luzon_offensive("oc", "jp-14-army", "jp-ca-takao")
    act(g, "unit jp-14-army")
    alone = notes(g)["assault 2813"]["consequences"]
    assert ("7.45", "consequence.unescorted") in [(c["rule"], c["key"]) for c in alone]
    assert "loses a step" in words(next(c for c in alone if c["key"] == "consequence.unescorted"))
    act(g, "unit jp-ca-takao")
    escorted = notes(g)["assault 2813"]["consequences"]
    assert "consequence.unescorted" not in [c["key"] for c in escorted]


@pytest.mark.rule("13.1", "13.4")
def test_a_move_beyond_every_friendly_hqs_command_range_warns_of_supply_and_attrition():
    g = position(units={"jp-25-army": KOTA_BHARU}, japanese=[KOTA_BHARU])
    offensive(g, oc=2, activated=["jp-25-army"])
    move = movement.moves(g, ["jp-25-army"], oc=2)["hex 2012"]
    assert ("13.1", "consequence.out_of_command") in told(g, ["jp-25-army"], move)
    g = position(units={"jp-25-army": KOTA_BHARU, "jp-hq-south": KOTA_BHARU}, japanese=[KOTA_BHARU])
    offensive(g, oc=2, activated=["jp-25-army"])
    move = movement.moves(g, ["jp-25-army"], oc=2)["hex 2012"]
    assert ("13.1", "consequence.out_of_command") not in told(g, ["jp-25-army"], move)


@pytest.mark.rule("6.24", "8.2")
def test_declaring_a_battle_tells_which_air_units_fight_it_at_half_strength():
    g = flyers_declaring("oc")
    declared = notes(g)
    manila = [(c["rule"], c["key"], c["params"]) for c in declared["battle 2813"]["consequences"]]
    assert manila == [
        ("6.24", "consequence.only_declared", {}),
        ("8.2", "consequence.half_strength", {"units": ["jp-21-af"]}),
    ]
    assert [c["key"] for c in declared["battle 2911"]["consequences"]] == [
        "consequence.only_declared"
    ]
    g = flyers_declaring("ec")
    act(g, "battle 2813", "battle 2911", "done")
    assign = notes(g)
    assert [c["key"] for c in assign["battle 2813"]["consequences"]] == [
        "consequence.half_strength"
    ]
    assert "battle 2911" not in assign  # Akagi fights at Aparri: Manila needs the 21st
    assert words(assign["battle 2813"]["label"]) == "Join the battle at Manila (2813)"


def test_every_action_of_an_offensive_has_words_in_both_languages():
    g = luzon_offensive("oc", "jp-14-army", "jp-ca-takao")
    moving = notes(g)
    assert words(moving["unit jp-14-army"]["label"]) == "Move 14th Army"
    assert words(moving["done"]["label"]) == "Done moving"
    act(g, "unit jp-14-army")
    for text, note in notes(g).items():
        for lang in ("en", "ja"):
            shown = words(note["label"], lang)
            assert shown and "{" not in shown and not shown.startswith("label."), (text, lang)


# -- the path of an overland move: waypoints (12.1, 8.5) ---------------------------------------


def kota_bharu_march():
    """The 25th Army at Kota Bharu, all of Malaya Allied: to Kuantan's north (1913) it goes by
    the mountain road (2013, 2014) or by the coast (2012, 1912), 1.5 MP either way."""
    g = position(units={"jp-25-army": KOTA_BHARU, "jp-hq-south": KOTA_BHARU}, japanese=[KOTA_BHARU])
    resume(g, "move", "japan", "J10", activated=["jp-25-army"])
    act(g, "unit jp-25-army")
    return g


@pytest.mark.rule("12.1", "8.5")
def test_where_the_path_matters_the_player_picks_a_waypoint_and_the_shown_path_is_applied():
    g = kota_bharu_march()
    plain = notes(g)["hex 1913"]
    assert plain["path"] == [KOTA_BHARU, "2013", "2014", "1913"]
    assert plain["consequences"] == [
        {
            "key": "consequence.control",
            "params": {"hexes": ["2013", "2014", "1913"]},
            "rule": "12.1",
        }
    ]
    assert "via 1912" in offered(g) and "via 2013" in offered(g)
    act(g, "via 1912")
    _, prompt, actions = deciding(g)
    assert prompt == "prompt.move_group_via" and "unit jp-25-army" not in actions
    assert all(a.split()[0] in ("hex", "via", "cancel") for a in actions)
    coast = notes(g)["hex 1913"]
    assert coast["path"] == [KOTA_BHARU, "2012", "1912", "1913"]
    assert coast["consequences"][0]["params"] == {"hexes": ["2012", "1912", "1913"]}
    assert words(coast["label"]) == (
        "Move to Kuala Lumpur (1913) by way of Singora (2012), Jitra (1912) (1.5 MP)"
    )
    act(g, "hex 1913")
    offensive_record = g.data["offensive"]
    assert offensive_record["moved"]["jp-25-army"]["path"] == coast["path"]
    assert "via" not in offensive_record
    assert [forces.control(g, h) for h in ("2012", "1912", "1913", "2013", "2014")] == [
        "japan", "japan", "japan", "allied", "allied",
    ]  # fmt: skip


@pytest.mark.rule("8.5")
def test_the_hex_a_beaten_unit_goes_back_to_follows_the_chosen_path():
    g = position(units={"jp-25-army": KOTA_BHARU, "jp-hq-south": KOTA_BHARU, "cw-15-corps": "1913"},
                 japanese=[KOTA_BHARU])  # fmt: skip
    resume(g, "move", "japan", "J10", activated=["jp-25-army"])
    act(g, "unit jp-25-army")
    battle = notes(g)["hex 1913"]
    retreat = battle["consequences"][-1]
    assert (retreat["rule"], retreat["key"]) == ("8.5", "consequence.retreat_to")
    assert retreat["params"] == {"hex": battle["path"][-2]} and battle["path"][-2] != "1912"
    act(g, "via 1912")
    assert notes(g)["hex 1913"]["consequences"][-1]["params"] == {"hex": "1912"}
    act(g, "hex 1913")
    assert g.data["offensive"]["moved"]["jp-25-army"]["path"][-2] == "1912"


def test_no_waypoint_is_offered_where_every_path_does_the_same():
    g = position(units={"jp-25-army": KOTA_BHARU}, empire=True, japanese=["2012", "2013", "1912"])
    for hex_id in g.data["control"]:
        g.data["control"][hex_id] = "japan"
    offensive(g, oc=2, activated=["jp-25-army"])
    found, waypoints = movement.routes(g, ["jp-25-army"], oc=2)
    assert found and waypoints == ()


def test_cancel_forgets_the_waypoints():
    g = kota_bharu_march()
    act(g, "via 1912", "cancel", "unit jp-25-army")
    assert notes(g)["hex 1913"]["path"][1] == "2013"


# -- bases in the view -------------------------------------------------------------------------


@pytest.mark.rule("7.21", "5.11")
def test_while_a_destination_is_chosen_the_view_shows_each_sides_ports_and_airfields():
    g = kota_bharu_march()
    bases = GAME.view_data(g.state, "japan")["bases"]
    board = GAME.parts.board
    for side in ("japan", "allied"):
        assert all(board.hexes[h].port for h in bases[side]["ports"])
        assert all(board.hexes[h].airfield for h in bases[side]["airfields"])
        assert all(g.data["control"][h] == side for h in bases[side]["airfields"])
    assert KOTA_BHARU in bases["japan"]["airfields"] and bases["allied"]["ports"]
    act(g, "cancel")
    assert "bases" not in GAME.view_data(g.state, "japan")
    state = GAME.setup("1942", 7)
    view = GAME.view(state, "japan")
    view["board"]["bases"] = bases
    assert "bases" not in GAME.determinize(view, "japan", Rng(3)).data


@pytest.mark.rule("13.1", "7.53")
def test_a_move_beyond_the_reach_of_every_hq_that_may_supply_the_unit_warns_it_will_be_unsupplied():
    """Only a Joint HQ supplies Dutch units (7.53): ABDA (range 12) at Soerabaja 2220 does, SW
    Pacific (range 20) at Manila does not, so Dutch aircraft flown 14 hexes to 3615 will be out of
    supply, though SW Pacific's range covers the hex."""
    g = position(units={"nl-air": "2220", "jt-hq-abda": "2220", "us-hq-swpac": "2813"})
    offensive(g, side="allied", oc=3, activated=["nl-air"])
    found = movement.moves(g, ["nl-air"], oc=3)
    far, near = found["strategic 3615"], found["strategic 2813"]
    assert ("13.1", "consequence.out_of_supply") in told(g, ["nl-air"], far)
    assert ("13.1", "consequence.out_of_command") not in told(g, ["nl-air"], far)
    assert ("13.1", "consequence.out_of_supply") not in told(g, ["nl-air"], near)
    note = advice.move_note(g, ["nl-air"], far, g.data["offensive"], reaction=False)
    warning = next(c for c in note.consequences if c.key == "consequence.out_of_supply")
    assert GAME.catalog.render(warning.key, warning.params, "en").startswith(
        "No supplied HQ that can supply"
    )


@pytest.mark.rule("12.1")
def test_a_path_that_loops_back_names_each_hex_on_the_way_once_and_never_its_end():
    """Through Jitra then Singora, the way back to Jitra is a loop: its label names Singora once
    and not Jitra, the destination ("Move to Jitra by way of Jitra, Singora" before)."""
    g = kota_bharu_march()
    act(g, "via 1912", "via 2012")
    loop = notes(g)["hex 1912"]
    assert loop["path"] == [KOTA_BHARU, "2012", "1912", "2012", "1912"]
    assert words(loop["label"]) == "Move to Jitra (1912) by way of Singora (2012) (2 MP)"
