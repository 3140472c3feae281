"""The sequence of play (3.0, 4.1-4.5): initiative (4.21), the Offensives segment (4.22), the end
of a turn and of the game, and the uses of a card's operations value other than an offensive
(7.33, 7.54, 7.56, 17.26).

Procedures run on hand-built positions (``factory.position``) with the game's procedures, above a
``hold`` frame that stands for the rest of the game. Hexes: Manila 2813, Townsville 3727, Darwin
3023, Oahu 5808, Calcutta 1805, Colombo 1307, Tokyo 3706, Kure 3407, Saigon 2212, Saipan 3813.
"""

from __future__ import annotations

import pytest

from tests.empire_of_the_sun.factory import position
from wargame.engine.action import Action
from wargame.engine.procedure import (
    Context,
    Decision,
    Procedure,
    choose,
    current_decision,
    decision,
    run_automatic,
)
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import GAME, cards, oc_uses
from wargame.games.empire_of_the_sun.reinforcements import allied_arrivals
from wargame.games.empire_of_the_sun.sequence import initiative

pytestmark = pytest.mark.game("empire-of-the-sun")


class Hold(Procedure):
    """The rest of the game, below the procedure under test: a decision nobody takes."""

    name = "hold"

    @decision
    def start(self, g: Context, f: Frame) -> Decision:
        return Decision()


PROCEDURES = {**GAME.procedure_map, "hold": Hold()}


def table(turn: int = 5, japan=(), allied=(), units=None, empire=True, **tracks) -> Context:
    """A position with the given hands; each deck holds the side's cards 50-69. Japan holds its
    Empire, so that it does not surrender at the first National Status segment (12.93)."""
    g = position(turn=turn, units=units, empire=empire, **tracks)
    g.procedures = PROCEDURES
    for side, hand in (("japan", japan), ("allied", allied)):
        own = g.data["cards"][side]
        own["hand"] = list(hand)
        prefix = "J" if side == "japan" else "A"
        own["deck"] = [f"{prefix}{n}" for n in range(50, 70) if f"{prefix}{n}" not in hand]
    return g


def run(g: Context, name: str, step: str = "start", **locals_) -> Context:
    g.state.stack[:] = [Frame("hold", "start"), Frame(name, step, dict(locals_))]
    run_automatic(g)
    return g


def legal(g: Context, side: str) -> list[str]:
    found = current_decision(g)
    if found is None or side not in found.sides:
        return []
    return [a.text for a in found.sides[side].actions()]


def deciding(g: Context) -> str | None:
    found = current_decision(g)
    active = [] if found is None else found.active()
    return active[0] if active else None


def act(g: Context, side: str, *texts: str) -> None:
    for text in texts:
        choose(g, side, Action(text))


def plays(g: Context) -> list[tuple[str, str]]:
    """(side, what) for every card action in the log: a card id or ``pass``."""
    found = []
    for event in g.state.log:
        if event.key.startswith("log.play_") or event.key in ("log.pass", "log.future"):
            found.append((event.params["side"], event.params.get("card", event.key[4:])))
    return found


def discard_everything(g: Context) -> None:
    """Each side in turn discards its first card (or passes while it has passes)."""
    while (side := deciding(g)) is not None:
        options = legal(g, side)
        if "pass" in options:
            act(g, side, "pass")
        else:
            act(g, side, options[0], "discard")


# -- 4.21 initiative ------------------------------------------------------------------------------
@pytest.mark.rule("4.21")
@pytest.mark.parametrize(
    ("turn", "japan", "allied", "first"),
    [
        (3, 5, 6, "allied"),
        (6, 6, 5, "japan"),
        (2, 7, 7, "japan"),
        (4, 6, 6, "japan"),
        (5, 7, 7, "allied"),
        (8, 4, 4, "allied"),
        (12, 7, 7, "allied"),
    ],
)
def test_the_larger_hand_acts_first_and_ties_go_to_japan_in_1942_and_the_allies_later(
    turn, japan, allied, first
):
    g = table(turn, japan=[f"J{n}" for n in range(3, 3 + japan)])
    g.data["cards"]["allied"]["hand"] = [f"A{n}" for n in range(3, 3 + allied)]
    assert initiative(g) == first


@pytest.mark.rule("4.21", "6.29")
def test_a_future_offensive_card_does_not_count_for_the_initiative():
    g = table(6, japan=["J3", "J8"], allied=["A5", "A13"])
    g.data["cards"]["japan"].update(future="J9", future_turn=5)
    assert initiative(g) == "allied"


@pytest.mark.rule("4.2", "4.21")
def test_the_offensives_phase_starts_with_the_initiative_segment():
    g = table(6, japan=["J3", "J8", "J9"], allied=["A5", "A13"])
    run(g, "turn", "offensives")
    assert g.data["phase"] == "offensives"
    assert g.data["initiative"] == "japan"
    assert deciding(g) == "japan"
    assert [e.key for e in g.state.log] == ["log.initiative"]


@pytest.mark.rule("4.21", "6.29")
def test_the_smaller_hand_takes_the_initiative_by_playing_its_future_offensive_event_first():
    g = table(6, japan=["J3", "J8", "J9"], allied=["A5", "A13"])
    g.data["cards"]["allied"].update(future="A30", future_turn=5)
    g.data["units"]["jp-ss-bde"] = "4600"  # A30 is an event only while Japan is in the Aleutians
    run(g, "turn", "offensives")
    assert deciding(g) == "allied"
    assert legal(g, "allied") == ["future-first", "decline"]
    act(g, "allied", "future-first")
    assert g.data["initiative"] == "allied"
    assert g.state.stack[-1].name == "offensive"
    assert g.state.stack[-1].locals == {"side": "allied", "card": "A30", "mode": "ec", "lv": 4}
    act(g, "allied", "none")
    while deciding(g) == "allied":
        act(g, "allied", "done")
    assert deciding(g) == "japan"  # then the sides alternate as usual
    own = g.data["cards"]["allied"]
    assert (own["future"], own["removed"], own["hand"]) == (None, ["A30"], ["A5", "A13"])
    assert plays(g) == [("allied", "A30")]


@pytest.mark.rule("4.21", "6.29")
def test_declining_leaves_the_initiative_to_the_larger_hand():
    g = table(6, japan=["J3", "J8", "J9"], allied=["A5", "A13"])
    g.data["cards"]["allied"].update(future="A30", future_turn=5)
    run(g, "turn", "offensives")
    act(g, "allied", "decline")
    assert g.data["initiative"] == "japan" and deciding(g) == "japan"
    assert g.data["cards"]["allied"]["future"] == "A30"


@pytest.mark.rule("4.21", "6.29")
@pytest.mark.parametrize(
    ("future", "future_turn", "hand", "asked", "offered"),
    [
        ("A60", 5, ["A5", "A13"], True, ["decline"]),  # no event to play: asked all the same
        ("A30", 6, ["A5", "A13"], False, []),  # designated this turn
        ("A30", 5, [], False, []),  # it would be the last card
    ],
)
def test_the_future_offensive_claim_needs_a_playable_card(
    future, future_turn, hand, asked, offered
):
    g = table(6, japan=["J3", "J8", "J9"], allied=hand)
    g.data["cards"]["allied"].update(future=future, future_turn=future_turn)
    run(g, "turn", "offensives")
    assert (deciding(g) == "allied") is asked
    assert legal(g, "allied") == offered
    if not asked:
        assert deciding(g) == "japan" and g.state.stack[-1].name == "action"


# -- 4.22 the Offensives segment ------------------------------------------------------------------
@pytest.mark.rule("4.22")
def test_sides_alternate_and_one_with_cards_left_keeps_acting_alone():
    g = table(6, japan=["J3", "J8", "J9"], allied=["A5"])
    g.data["initiative"] = "japan"
    run(g, "offensives_segment")
    discard_everything(g)
    assert plays(g) == [("japan", "J3"), ("allied", "A5"), ("japan", "J8"), ("japan", "J9")]
    assert g.state.stack[-1].name == "hold"


@pytest.mark.rule("4.22", "11.4", "11.51")
def test_passes_are_actions_and_those_left_when_the_hands_are_empty_are_lost():
    g = table(2, japan=["J3", "J8"], allied=["A5", "A13"])
    g.data["passes"] = {"japan": 0, "allied": 2}
    g.data["initiative"] = "allied"
    run(g, "offensives_segment")
    act(g, "allied", "pass")
    act(g, "japan", "card J3", "discard")
    act(g, "allied", "card A5", "discard")
    act(g, "japan", "card J8", "discard")
    act(g, "allied", "card A13", "discard")
    assert plays(g) == [
        ("allied", "pass"),
        ("japan", "J3"),
        ("allied", "A5"),
        ("japan", "J8"),
        ("allied", "A13"),
    ]
    assert g.state.stack[-1].name == "hold"
    assert g.data["passes"] == {"japan": 0, "allied": 0}  # the second pass is lost


@pytest.mark.rule("4.22", "6.29")
def test_a_future_offensive_card_alone_does_not_keep_a_side_in_the_segment():
    g = table(6, japan=["J3"], allied=["A5", "A13"])
    g.data["cards"]["japan"].update(future="J9", future_turn=5)
    g.data["initiative"] = "japan"
    run(g, "offensives_segment")
    assert legal(g, "japan") == ["card J3", "card J9"]
    discard_everything(g)
    assert plays(g) == [("japan", "J3"), ("allied", "A5"), ("allied", "A13")]
    assert g.data["cards"]["japan"]["future"] == "J9"  # held for a later turn


@pytest.mark.rule("4.22", "6.29")
def test_designating_a_future_offensive_is_the_sides_action():
    g = table(6, japan=["J3", "J8"], allied=["A5", "A13"])
    g.data["initiative"] = "japan"
    run(g, "offensives_segment")
    act(g, "japan", "card J8", "future")
    assert deciding(g) == "allied"
    discard_everything(g)
    assert plays(g) == [("japan", "future"), ("allied", "A5"), ("japan", "J3"), ("allied", "A13")]


# -- 3.0, 4.1-4.5: a whole turn -------------------------------------------------------------------
def play_turn(g: Context) -> list[str]:
    """Run a turn: placements and replacements are declined, every card is discarded."""
    run(g, "turn")
    while (side := deciding(g)) is not None:
        options = legal(g, side)
        pick = next((o for o in ("done", "pass") if o in options), None)
        if pick:
            act(g, side, pick)
        else:
            act(g, side, options[0], "discard")
    return [e.key for e in g.state.log]


@pytest.mark.rule("3.0", "4.1", "4.13", "4.14", "4.2", "4.3", "4.4", "4.5")
def test_a_turn_runs_strategic_offensives_political_and_attrition_phases_in_order():
    g = table(6, units={"us-cv-lexington": "5808", "us-5af": ("3727", True)})
    g.data["tracks"]["allied_asp"] = 3
    keys = play_turn(g)
    assert g.state.stack[-1].name == "hold"
    assert keys.index("log.asp") < keys.index("log.roll")  # Allied ASP in the reinforcement seg.
    rolls = [e.params["reason"] for e in g.state.log if e.key == "log.roll"]
    assert rolls == ["submarine_warfare"]
    draws = [e.params["side"] for e in g.state.log if e.key == "log.draw"]
    assert draws == ["japan", "allied"]
    assert keys.index("log.roll") < keys.index("log.draw") < keys.index("log.initiative")
    assert keys.index("log.initiative") < keys.index("log.play_discard")
    last_play = max(i for i, k in enumerate(keys) if k.startswith("log.play_"))
    assert last_play < keys.index("log.attrition")
    assert g.data["units"]["us-5af"] == "eliminated"  # reduced, unsupplied, no HQ near
    assert g.data["phase"] == "end"
    assert g.data["passes"] == {"japan": 0, "allied": 0}
    assert g.data["deal_cuts"] == {"japan": 0, "allied": 0}
    assert cards.hand(g, "japan") == cards.hand(g, "allied") == []
    assert g.data["turn"] == 6  # the game procedure advances the turn


@pytest.mark.rule("4.5")
def test_the_end_of_turn_reshuffles_a_deck_when_a_special_event_demanded_it():
    g = table(6)
    own = g.data["cards"]["japan"]
    own.update(deck=["J50"], discard=["J3", "J8"], removed=["J43"])
    g.data["reshuffle"] = {"japan": True}
    g.data["passes"] = {"japan": 2, "allied": 1}
    g.data["asp_used"] = {"japan": 3, "allied": 1}
    run(g, "turn", "end")
    assert sorted(own["deck"]) == ["J3", "J50", "J8"]
    assert own["discard"] == [] and own["removed"] == ["J43"]
    assert g.data["reshuffle"] == {}
    assert g.data["passes"] == {"japan": 0, "allied": 0}
    assert g.data["asp_used"] == {"japan": 0, "allied": 0}


@pytest.mark.rule("4.5", "16.1")
def test_political_will_at_0_at_the_end_of_a_campaign_turn_ends_the_game():
    g = table(7, political_will=0)
    run(g, "turn", "end")
    assert g.state.result is not None
    assert (g.state.result.winner, g.state.result.kind) == ("japan", "negotiations")
    assert g.state.stack == []
    g = table(7, political_will=0)
    g.data["victory"] = "1943"
    run(g, "turn", "end")
    assert g.state.result is None


@pytest.mark.rule("4.5", "17.12", "17.13")
def test_the_game_ends_after_its_last_turn_with_the_scenarios_victory_conditions():
    g = table(4)
    g.data["victory"] = "1942"
    g.data["last_turn"] = 4
    run(g, "game", "after_turn")
    assert g.data["turn"] == 4  # the turn track stays on the last turn
    assert g.state.result is not None and g.state.result.kind == "resources"  # 17.27
    g = table(11)
    g.data["last_turn"] = 12
    run(g, "game", "after_turn")
    assert g.state.result is None and g.data["turn"] == 12
    assert g.state.stack[-1].name == "reinforcements"


# -- 7.33, 7.54: withdrawals ----------------------------------------------------------------------
@pytest.mark.rule("7.33", "3.0")
def test_an_oc_play_withdraws_an_air_unit_which_returns_next_turn_undelayed():
    g = table(6, allied=["A5", "A13"], units={"us-5af": "3023"})
    run(g, "action", side="allied")
    act(g, "allied", "card A5", "oc")
    assert "withdraw-air" in legal(g, "allied") and "withdraw-hq" not in legal(g, "allied")
    act(g, "allied", "withdraw-air")
    assert legal(g, "allied") == ["unit us-5af"]
    act(g, "allied", "unit us-5af")
    assert g.state.stack[-1].name == "hold"
    assert g.data["units"]["us-5af"] == "turn:7"
    assert g.data["cards"]["allied"]["discard"] == ["A5"]
    g.data["turn"] = 7  # War in Europe 0 is Level 1: new reinforcements would be delayed
    assert "us-5af" in allied_arrivals(g)
    assert g.data["units"]["us-5af"] == "turn:7"


@pytest.mark.rule("7.54")
def test_an_oc_play_withdraws_an_hq_which_returns_next_turn_undelayed():
    g = table(6, japan=["J3"], units={"jp-hq-south": "2212", "jp-1-ad": "3706"}, empire=True)
    run(g, "action", side="japan")
    act(g, "japan", "card J3", "oc")
    assert {"withdraw-air", "withdraw-hq"} <= set(legal(g, "japan"))
    act(g, "japan", "withdraw-hq", "unit jp-hq-south")
    assert g.data["units"]["jp-hq-south"] == "turn:7"
    assert g.data["returning"].get("jp-hq-south")
    g = table(6, allied=["A5"], units={"us-hq-swpac": "2813"})
    run(g, "action", side="allied")
    act(g, "allied", "card A5", "oc", "withdraw-hq", "unit us-hq-swpac")
    g.data["turn"] = 7
    assert "us-hq-swpac" in allied_arrivals(g)


@pytest.mark.rule("7.54", "7.5")
def test_a_dotted_hq_withdrawn_never_returns():
    g = table(2, allied=["A5"], units={"cw-hq-malaya": "2015"})
    run(g, "action", side="allied")
    act(g, "allied", "card A5", "oc", "withdraw-hq", "unit cw-hq-malaya")
    assert g.data["units"]["cw-hq-malaya"] == "removed"
    g.data["turn"] = 3
    assert "cw-hq-malaya" not in allied_arrivals(g)


# -- 7.56: early return ---------------------------------------------------------------------------
@pytest.mark.rule("7.56")
def test_an_oc_play_brings_a_withdrawn_allied_hq_back_to_australia_oahu_or_india():
    g = table(6, allied=["A5", "A13"], units={"us-hq-cenpac": "5808", "us-hq-swpac": "turn:7"})
    g.data["returning"]["us-hq-swpac"] = True
    run(g, "action", side="allied")
    act(g, "allied", "card A5", "oc")
    assert "return-hq" in legal(g, "allied")
    act(g, "allied", "return-hq")
    places = {a.split()[2] for a in legal(g, "allied")}
    assert {"3727", "3023", "1805", "1307"} <= places
    assert "5808" not in places  # another HQ is there already
    assert "2813" not in places  # Manila: not Australia, Oahu or India
    assert all(a.startswith("place us-hq-swpac ") for a in legal(g, "allied"))
    act(g, "allied", "place us-hq-swpac 3727")
    assert g.data["units"]["us-hq-swpac"] == "3727"
    assert g.data["cards"]["allied"]["discard"] == ["A5"]


@pytest.mark.rule("7.56")
def test_japanese_hqs_come_back_early_only_to_home_islands_ports():
    g = table(6, japan=["J3"], units={"jp-hq-south": "turn:7"}, empire=True)
    g.data["returning"]["jp-hq-south"] = True
    g.data["control"]["3813"] = "japan"
    assert sorted(oc_uses.hq_return_hexes(g, "japan")) == [
        "3307", "3407", "3507", "3607", "3704", "3705", "3706",
    ]  # fmt: skip
    g.data["control"]["3407"] = "allied"
    assert "3407" not in oc_uses.hq_return_hexes(g, "japan")


@pytest.mark.rule("7.56", "9.1")
def test_an_hq_that_has_not_yet_arrived_as_a_reinforcement_cannot_come_early():
    g = table(2, allied=["A5"], units={"us-hq-sopac-ghormley": "turn:3"})
    assert oc_uses.returning_hqs(g, "allied") == []
    run(g, "action", side="allied")
    act(g, "allied", "card A5", "oc")
    assert "return-hq" not in legal(g, "allied")


# -- 17.26, 17.37, 17.47: ending rivalry in a yearly scenario -------------------------------------
@pytest.mark.rule("17.26", "17.37", "17.47")
@pytest.mark.parametrize(
    ("victory", "offered"), [("1942", True), ("1943", True), ("1944", True), ("campaign", False)]
)
def test_a_3_oc_card_ends_the_players_own_rivalry_in_yearly_scenarios_only(victory, offered):
    g = table(6, allied=["A13", "A5"], us_isr=True, japanese_isr=True)
    g.data["victory"] = victory
    run(g, "action", side="allied")
    act(g, "allied", "card A13", "oc")
    assert ("end-isr" in legal(g, "allied")) is offered
    if offered:
        act(g, "allied", "end-isr")
        assert not g.data["tracks"]["us_isr"] and g.data["tracks"]["japanese_isr"]
        assert g.data["cards"]["allied"]["discard"] == ["A13"]
        assert g.state.stack[-1].name == "hold"


@pytest.mark.rule("17.26")
def test_ending_rivalry_needs_a_3_oc_card_and_a_rivalry_to_end():
    g = table(6, japan=["J3", "J8"], japanese_isr=True)
    g.data["victory"] = "1943"
    run(g, "action", side="japan")
    act(g, "japan", "card J3", "oc")  # OC 2
    assert "end-isr" not in legal(g, "japan")
    act(g, "japan", "cancel", "card J8", "oc")  # OC 3
    assert "end-isr" in legal(g, "japan")
    act(g, "japan", "end-isr")
    assert not g.data["tracks"]["japanese_isr"]
    g = table(6, japan=["J8"])
    g.data["victory"] = "1943"
    run(g, "action", side="japan")
    act(g, "japan", "card J8", "oc")
    assert "end-isr" not in legal(g, "japan")


# -- a whole scenario -----------------------------------------------------------------------------
@pytest.mark.rule("17.2", "17.27", "4.14", "11.12", "11.51", "4.5")
def test_a_1942_game_in_which_nobody_attacks_ends_in_an_allied_resources_win():
    state = GAME.setup("1942", 4)
    while GAME.active(state):
        side = GAME.active(state)[0]
        options = [a.text for a in GAME.legal_actions(state, side)]
        pick = next((o for o in ("done", "decline", "pass", "discard") if o in options), options[0])
        state = GAME.apply(state, side, Action(pick))
    assert state.data["turn"] == state.data["last_turn"] == 4  # not "Turn 5 / 4" at the end
    assert (state.result.winner, state.result.kind) == ("allied", "resources")  # 4 of 14
    dealt: dict[int, dict[str, int]] = {}
    cut: dict[int, int] = {}
    turn = 0
    for event in state.log:
        if event.key == "log.turn":
            turn = event.params["turn"]
        elif event.key == "log.draw":
            dealt.setdefault(turn, {})[event.params["side"]] = len(event.params["cards"])
        elif event.key == "log.submarines_succeed":
            cut[turn] = 1
    assert dealt[2] == {"japan": 7, "allied": 5}
    assert dealt[3] == {"japan": 7 - cut.get(3, 0), "allied": 6}
    assert dealt[4] == {"japan": 7 - cut.get(4, 0), "allied": 7}
