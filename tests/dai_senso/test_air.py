"""Air units in Tora! Tora! Tora!: air forces and CV strikes placed in hexes in the support
segment (2.2.3), the column shift of each air unit in or next to the defending hex (4.2.3.1),
its weather limits (11.3-11.5), the CV strikes' return (4.1.5) and return to base (2.2.1)."""

from __future__ import annotations

import pytest

from tests.dai_senso.play import GAME, PLAIN, act, actions
from tests.dai_senso.test_blitz import blitz_segment
from tests.dai_senso.test_tora import BESIDE, KOTA_BHARU, SAIGON, SEA, SHIFTS, TEC, tora
from wargame.games.dai_senso import air, combat, naval, retreat
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.charts import tables
from wargame.games.dai_senso.sequence import PHASES

pytestmark = pytest.mark.game("dai-senso")

FROM = "w3516"
"""A land hex next to Kota Bharu across no hexside feature."""
ATTACK = {"j-15th-army": (FROM, 2), "b-iii-corps": (KOTA_BHARU, 2)}
"""A Japanese army next to a British corps at Kota Bharu."""
INLAND = "w3515"
"""A land hex next to FROM, two hexes from Kota Bharu."""


def shifts_of(state, weather=None, blitz=False) -> list[tuple[str, int, str]]:
    found = combat.column_shifts(state.data, ["j-15th-army"], KOTA_BHARU, TEC, SHIFTS,
                                 weather=weather, blitz=blitz)  # fmt: skip
    return [(m.key, m.value, m.params.get("unit", "")) for m in found if m.rule == "4.2.3.1"]


def placed(units: dict, **support: str):
    state = tora(units)
    state.data["support"].update(support)
    return state


@pytest.mark.rule("4.2.3.1")
def test_each_air_unit_in_or_next_to_the_defending_hex_shifts_for_its_side():
    state = placed(ATTACK, **{"j-air-3ag": FROM, "b-raf": KOTA_BHARU, "j-air-5ag": INLAND})
    assert shifts_of(state) == [("shift.air_defence", -1, "b-raf"),
                                ("shift.air_attack", 1, "j-air-3ag")]  # fmt: skip


@pytest.mark.rule("4.2.3.1")
def test_an_air_unit_of_a_nationality_not_in_the_combat_gives_no_shift():
    state = placed(ATTACK, **{"u-feaf": KOTA_BHARU, "j-cv-1": FROM})
    assert shifts_of(state) == [("shift.air_attack", 1, "j-cv-1")]


@pytest.mark.rule("11.3")
@pytest.mark.rule("11.4")
@pytest.mark.rule("4.2.3.1")
def test_no_air_shift_in_mud_and_none_from_next_door_in_storms_or_snow():
    state = placed(ATTACK, **{"j-air-3ag": FROM, "b-raf": KOTA_BHARU})
    assert shifts_of(state, weather="mud") == []
    assert shifts_of(state, weather="storm") == [("shift.air_defence", -1, "b-raf")]
    assert shifts_of(state, weather="snow") == [("shift.air_defence", -1, "b-raf")]


@pytest.mark.rule("2.2.3")
def test_an_air_force_is_placed_in_a_hex_of_its_range_when_no_one_contests():
    state = tora({"j-15th-army": (SAIGON, 2)})
    assert "air j-air-3ag" in actions(state, "axis")
    state = act(state, "axis", "air j-air-3ag")
    offered = [text.split()[1] for text in actions(state, "axis") if text.startswith("hex ")]
    assert SEA in offered and BESIDE in offered and "w3823" not in offered  # Manila: 6 hexes
    state = act(state, "axis", f"hex {BESIDE}")
    assert state.data["support"]["j-air-3ag"] == BESIDE
    assert GAME.view(state, "axis")["log"][-1]["key"] == "log.air_placed"


@pytest.mark.rule("2.2.3")
def test_no_air_force_in_or_next_to_a_friendly_air_unit_nor_any_support_next_to_an_enemy():
    state = placed({"j-15th-army": (SAIGON, 2)}, **{"j-air-3ag": BESIDE, "b-raf": "w3620"})
    g = GAME.context(state)
    hexes = naval.air_hexes(g, "j-air-5ag")
    assert BESIDE not in hexes and KOTA_BHARU not in hexes and "w3620" not in hexes
    assert air.spacing_refusal(state.data, "j-air-5ag", KOTA_BHARU).startswith(
        "2.2.3: a friendly air unit"
    )
    assert air.spacing_refusal(state.data, "j-sf-2nd", "w3619") == (
        "2.2.3: an enemy air unit is in or next to w3619"
    )
    assert air.spacing_refusal(state.data, "j-sf-2nd", KOTA_BHARU) == ""


@pytest.mark.rule("2.2.3")
def test_an_enemy_air_unit_in_a_hex_makes_it_no_base():
    state = tora({"j-15th-army": (SAIGON, 2)})
    table = tables(state)["supply"]
    assert naval.bases_of(state.data, table, "japan") == {SAIGON}
    state.data["support"]["b-raf"] = SAIGON
    assert naval.bases_of(state.data, table, "japan") == set()


@pytest.mark.rule("2.2.3")
@pytest.mark.rule("4.1.5")
def test_a_cv_fleet_flips_to_its_strike_which_returns_after_the_blitz_combat_segment():
    state = tora({"j-15th-army": (SAIGON, 2), "b-iii-corps": (KOTA_BHARU, 2)})
    state = act(state, "axis", "cv j-cv-1", f"hex {SEA}")
    if GAME.active(state) == ["west"]:
        state = act(state, "west", "decline")
    assert GAME.view(state, "axis")["prompt"]["key"] == "prompt.strike_hex"
    assert "cancel" not in actions(state, "axis")
    state = act(state, "axis", f"hex {KOTA_BHARU}")
    if GAME.active(state) == ["west"]:
        state = act(state, "west", "decline")
    assert state.data["support"]["j-cv-1"] == KOTA_BHARU
    state = act(state, "axis", "end", "end", "end")  # support, Blitz markers, movement
    assert state.data["phase"] == "regular_combat"
    assert state.data["support"]["j-cv-1"] == "used"
    keys = [entry["key"] for entry in GAME.view(state, "axis")["log"]]
    assert "log.cv_returned" in keys


@pytest.mark.rule("2.2.3")
def test_a_surface_fleet_contests_a_cv_strike_but_not_a_cv_fleet():
    assert "cv_fleet" not in naval.CONTESTS["surface_fleet"]
    assert "cv_strike" in naval.CONTESTS["surface_fleet"]
    assert naval.CONTESTS["air_force"] >= {"cv_fleet", "cv_strike"}


@pytest.mark.rule("2.2.1")
def test_air_units_on_the_map_return_to_the_pool_at_their_owners_next_support_segment():
    state = placed({"j-15th-army": (SAIGON, 2)}, **{"j-air-3ag": BESIDE})
    g = GAME.context(state)
    naval.return_to_base(g, "axis")
    assert state.data["support"]["j-air-3ag"] == "pool"


@pytest.mark.rule("4.2.3.1")
def test_the_preview_names_the_air_shift():
    state = placed(ATTACK, **{"j-air-3ag": FROM})
    state = act(state, "axis", "end", "end", "end")  # support, Blitz markers, movement
    state = act(state, "axis", f"attack {KOTA_BHARU}", "with j-15th-army")
    preview = GAME.view(state, "axis")["notes"]["resolve"]["preview"]
    (roll,) = preview["rolls"]
    assert ("shift.air_attack", 1, "4.2.3.1") in [(m["key"], m["value"], m["rule"])
                                                  for m in roll["modifiers"]]  # fmt: skip


# -- 4.2.3.6 and 4.2.6: marines across water ------------------------------------------------------

ACROSS = {"j-snlf-kure": (BESIDE, 1), "j-15th-army": (FROM, 2), "b-iii-corps": (KOTA_BHARU, 2)}
"""Marines and an army next to Kota Bharu: the marines across an all-sea hexside."""


@pytest.mark.rule("4.2.3.6")
@pytest.mark.rule("4.2.1")
def test_marines_attack_across_an_all_sea_hexside_other_units_do_not():
    state = tora({**ACROSS, "j-guards": (BESIDE, 1)})
    found = combat.attackers_of(state.data, "axis", KOTA_BHARU)
    assert sorted(found) == ["j-15th-army", "j-snlf-kure"]


@pytest.mark.rule("4.2.3.6")
def test_supplied_marines_across_water_shift_a_blitz_attack_right_but_not_a_regular_one():
    state = tora(ACROSS)

    def found(**options):
        shifts = combat.column_shifts(state.data, ["j-snlf-kure"], KOTA_BHARU, TEC, SHIFTS,
                                      **options)  # fmt: skip
        keys = ("shift.marines", "shift.hexside")
        return [(m.rule, m.key, m.value) for m in shifts if m.key in keys]

    across = ("4.2.3.8", "shift.hexside", -2)  # the defender's all-sea hexside (TEC)
    assert found(blitz=True) == [across, ("4.2.3.6", "shift.marines", 1)]
    assert found(blitz=False) == [across]
    assert found(blitz=True, unsupplied=frozenset({"j-snlf-kure"})) == [across]


@pytest.mark.rule("4.2.6")
def test_marines_across_water_lose_the_attackers_first_step():
    state = tora(ACROSS)
    assert combat.first_attacker_losses(state.data, ["j-snlf-kure", "j-15th-army"], KOTA_BHARU) == [
        "j-snlf-kure"
    ]
    assert combat.first_attacker_losses(state.data, ["j-15th-army"], KOTA_BHARU) == ["j-15th-army"]


# -- 4.1.1, 4.1.4, 4.2.3.2, 14.2: airdrops (August Storm's Soviet blitz combat segment) -----------

DROP = {"s-airborne": ("e1605", 1), "s-6gta": ("e1604", 2), "j-manchukuo": (PLAIN, 1)}
"""Soviet paratroops two hexes from PLAIN, a tank army next to it, a Manchukuo unit in it."""


@pytest.mark.rule("4.1.1")
def test_a_blitz_enabled_airborne_unit_drops_its_marker_on_land_within_two_hexes():
    found = blitz_segment(DROP)
    assert GAME.view(found, "soviet")["prompt"]["key"] == "prompt.airdrop"
    found = act(found, "soviet", "drop s-airborne")
    offered = {text.split()[1] for text in actions(found, "soviet") if text.startswith("hex ")}
    assert PLAIN in offered and "e1605" in offered
    assert all(board().distance(hex_id, "e1605") <= 2 for hex_id in offered)
    assert not any(board().hexes[hex_id].sea for hex_id in offered)
    found = act(found, "soviet", f"hex {PLAIN}")
    assert found.data["airdrops"] == {"s-airborne": {"hex": PLAIN, "steps": 1}}
    assert "s-airborne" not in found.data["units"]
    assert GAME.view(found, "soviet")["prompt"]["key"] == "prompt.blitz_combat"


@pytest.mark.rule("4.1.1")
def test_an_airborne_unit_far_from_a_blitz_marker_does_not_drop():
    found = blitz_segment({**DROP, "s-airborne": ("e1502", 1)})
    assert GAME.view(found, "soviet")["prompt"]["key"] == "prompt.blitz_combat"


@pytest.mark.rule("4.2.3.2")
@pytest.mark.rule("14.2")
def test_an_airdrop_marker_in_the_defending_hex_shifts_the_blitz_attack_right():
    found = act(blitz_segment(DROP), "soviet", "drop s-airborne", f"hex {PLAIN}")
    found = act(found, "soviet", f"attack {PLAIN}", "with s-6gta")
    preview = GAME.view(found, "soviet")["notes"]["resolve"]["preview"]
    (roll,) = preview["rolls"]
    assert ("shift.airdrop", 1, "4.2.3.2") in [(m["key"], m["value"], m["rule"])
                                               for m in roll["modifiers"]]  # fmt: skip


@pytest.mark.rule("14.2")
@pytest.mark.rule("4.2.5")
def test_no_retreat_into_a_hex_of_an_enemy_airdrop_marker():
    found = blitz_segment(DROP)
    beyond = [h for h in retreat.retreat_hexes(found.data, PLAIN, "e1604", "axis")]
    assert beyond
    found.data["airdrops"] = {"s-airborne": {"hex": beyond[0], "steps": 1}}
    assert beyond[0] not in retreat.retreat_hexes(found.data, PLAIN, "e1604", "axis")


@pytest.mark.rule("4.1.4")
def test_a_marker_whose_hex_is_cleared_lands_as_a_one_step_unit_else_it_leaves_play():
    found = act(blitz_segment(DROP, result="Dr1"), "soviet", "drop s-airborne", f"hex {PLAIN}")
    found = act(found, "soviet", f"attack {PLAIN}", "with s-6gta", "resolve")
    while GAME.active(found) == ["axis"]:
        found = act(found, "axis", actions(found, "axis")[0])
    while GAME.view(found, "soviet")["prompt"]["key"] != "prompt.blitz_combat":
        found = act(found, "soviet", "end")
    found = act(found, "soviet", "end")
    assert found.data["units"]["s-airborne"] == {"hex": PLAIN, "steps": 1}
    assert found.data["airdrops"] == {}
    failed = act(blitz_segment(DROP), "soviet", "drop s-airborne", f"hex {PLAIN}", "end")
    assert "s-airborne" not in failed.data["units"] and failed.data["airdrops"] == {}
    assert "s-airborne" in failed.data["eliminated"]


@pytest.mark.rule("4.2")
def test_the_regular_combat_segment_follows_the_blitz_one_and_a_unit_attacks_again_in_it():
    names = [name for name, _rule, _run in PHASES]
    assert names.index("regular_combat") == names.index("blitz_combat") + 1
    found = act(blitz_segment(DROP, result="Ad"), "soviet", "end")  # no airdrop
    found = act(found, "soviet", f"attack {PLAIN}", "with s-6gta", "resolve", "lose s-6gta")
    found = act(found, "soviet", "end")
    assert found.data["phase"] == "regular_combat" and found.data["attacked"] == []
    assert f"attack {PLAIN}" in actions(found, "soviet")
