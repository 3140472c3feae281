"""The procedure engine and the game contract, exercised through the toy game and tiny games."""

from collections.abc import Mapping
from typing import Any

import pytest

from tests.toy_game.game import GAME as TOY
from wargame.engine.action import Action
from wargame.engine.contract import ProcedureGame, Scenario, can_undo
from wargame.engine.errors import GameBug, IllegalAction, UnknownGame
from wargame.engine.procedure import Context, Decision, Procedure, decision
from wargame.engine.rng import Rng
from wargame.engine.state import Frame, Result, State, state_hash


def first_legal(state, side):
    return TOY.legal_actions(state, side)[0]


def test_setup_runs_automatic_steps_until_the_first_decision():
    state = TOY.setup("standard", 1)
    assert TOY.active(state) == ["red", "blue"]
    assert [f.name for f in state.stack] == ["match", "bid"]
    assert state.stack[-1].step == "choose"


def test_same_seed_same_game_and_other_seed_other_deal():
    assert state_hash(TOY.setup("standard", 5)) == state_hash(TOY.setup("standard", 5))
    assert state_hash(TOY.setup("standard", 5)) != state_hash(TOY.setup("standard", 6))


def test_illegal_action_is_refused_with_a_reason_and_changes_nothing():
    state = TOY.setup("standard", 1)
    before = state_hash(state)
    with pytest.raises(IllegalAction, match="not a legal action for red"):
        TOY.apply(state, "red", Action("card c99"))
    with pytest.raises(IllegalAction, match="unknown side"):
        TOY.apply(state, "green", first_legal(state, "red"))
    assert state_hash(state) == before


def test_an_illegal_action_lists_the_legal_ones_with_its_verb():
    state = TOY.setup("standard", 1)
    with pytest.raises(IllegalAction, match=r"legal 'card' actions: card \w+"):
        TOY.apply(state, "red", Action("card c99"))
    with pytest.raises(IllegalAction, match=r"legal actions: card \w+"):
        TOY.apply(state, "red", Action("fly away"))


def test_an_action_the_game_refuses_names_its_reason():
    state = TOY.setup("standard", 1)
    before = state_hash(state)
    with pytest.raises(IllegalAction, match="'pass' is refused: a side with cards must bid one"):
        TOY.apply(state, "red", Action("pass"))
    assert state_hash(state) == before


def test_a_side_that_is_not_deciding_is_told_who_is():
    state = TOY.setup("standard", 1)
    for side in ("red", "blue"):
        state = TOY.apply(state, side, first_legal(state, side))
    waiting = TOY.active(state)
    assert len(waiting) == 1
    idle = "blue" if waiting == ["red"] else "red"
    with pytest.raises(IllegalAction, match=f"waiting for {waiting[0]}"):
        TOY.apply(state, idle, Action("pass"))


def test_apply_returns_a_new_state_and_leaves_the_old_one():
    state = TOY.setup("standard", 1)
    before = state_hash(state)
    after = TOY.apply(state, "red", first_legal(state, "red"))
    assert state_hash(state) == before
    assert after.moves == 1 and after.actor == "red"


def test_unknown_scenario_and_option_are_refused():
    with pytest.raises(UnknownGame, match="no scenario 'epic'"):
        TOY.setup("epic", 1)
    with pytest.raises(UnknownGame, match="no option 'speed'"):
        TOY.setup("standard", 1, {"speed": 2})
    with pytest.raises(UnknownGame, match="cannot be 9"):
        TOY.setup("standard", 1, {"rounds": 9})


def test_options_change_the_game():
    assert TOY.setup("standard", 1, {"rounds": 1}).data["rounds"] == 1
    assert TOY.setup("standard", 1).data["rounds"] == 4
    assert TOY.setup("short", 1).data["rounds"] == 2


def test_a_change_of_side_is_a_checkpoint_and_the_same_side_continuing_is_not():
    state = TOY.setup("standard", 3)
    state = TOY.apply(state, "red", first_legal(state, "red"))
    assert state.checkpoint == state.moves  # the deciding sides changed: red is done
    state = TOY.apply(state, "blue", first_legal(state, "blue"))
    assert state.checkpoint == state.moves  # a reveal
    mover = TOY.active(state)[0]
    card = next(a for a in TOY.legal_actions(state, mover) if a.verb == "card")
    picked = TOY.apply(state, mover, card)
    assert picked.checkpoint == state.moves  # the same side picks a card: undoable
    assert can_undo(picked, mover) and not can_undo(picked, "red" if mover == "blue" else "blue")


def test_view_lists_own_actions_and_prompt_only():
    state = TOY.setup("standard", 1)
    red = TOY.view(state, "red")
    spectator = TOY.view(state, None)
    assert red["actions"] == [a.text for a in TOY.legal_actions(state, "red")]
    assert red["prompt"]["key"] == "prompt.bid"
    assert spectator["actions"] == [] and spectator["prompt"] is None
    assert red["board"]["hand"] == state.data["hands"]["red"]
    assert spectator["board"]["hand"] is None


def test_determinize_keeps_what_the_side_knows_and_samples_the_rest():
    state = TOY.setup("standard", 1)
    view = TOY.view(state, "red")
    hands = set()
    for seed in range(20):
        sampled = TOY.determinize(view, "red", Rng(seed))
        assert sampled.data["hands"]["red"] == state.data["hands"]["red"]
        assert TOY.view(sampled, "red")["board"] == view["board"]
        hands.add(tuple(sampled.data["hands"]["blue"]))
    assert len(hands) > 1


# -- tiny games that break the contract -----------------------------------------------------


class Loop(Procedure):
    name = "loop"

    def start(self, g: Context, f: Frame) -> None:
        g.goto(g.data.get("next_step", "start"))

    @decision
    def wait(self, g: Context, f: Frame) -> Decision:
        found = Decision.single("a", "prompt")
        found.add("go", self.go)
        if g.data.get("offer_reserved"):
            found.add("resign", self.go)
        if g.data.get("roll_in_decision"):
            g.rng.below(6)
        out = Decision()
        out.sides["a"] = found
        return out

    def go(self, g: Context, f: Frame) -> None:
        g.end_game(Result("a", "done"))


class Tiny(ProcedureGame):
    id = "tiny"
    sides = ("a", "b")
    procedures = (Loop(),)

    def __init__(self, **data: Any) -> None:
        super().__init__()
        self.initial = data

    def scenarios(self):
        return [Scenario("only", "Only")]

    def begin(self, g: Context, scenario: str, options: Mapping[str, Any]) -> None:
        g.data.update(self.initial)
        g.push("loop")

    def view_data(self, state: State, viewer):
        return {}


def test_an_automatic_step_that_does_not_advance_is_a_bug():
    with pytest.raises(GameBug, match="did not advance"):
        Tiny().setup("only", 1)


def test_offering_a_reserved_verb_is_a_bug():
    game = Tiny(next_step="wait", offer_reserved=True)
    state = game.setup("only", 1)
    with pytest.raises(GameBug, match="reserved"):
        game.legal_actions(state, "a")


def test_a_decision_that_rolls_dice_is_a_bug():
    game = Tiny(next_step="wait", roll_in_decision=True)
    state = game.setup("only", 1)
    with pytest.raises(GameBug, match="random generator"):
        game.active(state)


def test_the_game_ends_with_a_result_and_nobody_to_act():
    game = Tiny(next_step="wait")
    state = game.apply(game.setup("only", 1), "a", Action("go"))
    assert game.result(state) == Result("a", "done")
    assert game.active(state) == [] and state.stack == []
    with pytest.raises(IllegalAction, match="game is over"):
        game.apply(state, "a", Action("go"))


def test_resign_ends_the_game_for_the_other_side():
    state = TOY.resign(TOY.setup("standard", 1), "blue")
    assert state.result == Result("red", "resigned", {"loser": "blue"})
    assert TOY.active(state) == []


def test_the_decisions_of_recent_states_are_remembered_while_others_come_between(monkeypatch):
    from wargame.engine import contract

    computed = []
    real = contract.current_decision
    monkeypatch.setattr(contract, "current_decision", lambda g: computed.append(1) or real(g))
    states = [TOY.setup("standard", seed) for seed in range(contract.DECISIONS_KEPT + 1)]
    for state in states[:-1]:
        TOY.active(state)
    assert len(computed) == contract.DECISIONS_KEPT
    for state in states[:-1]:  # interleaved, each state is still remembered
        TOY.legal_actions(state, "red")
    assert len(computed) == contract.DECISIONS_KEPT
    TOY.active(states[-1])  # one more pushes out the one used longest ago
    TOY.view(states[0], "red")
    assert len(computed) == contract.DECISIONS_KEPT + 2


def test_a_scenario_not_playable_yet_is_refused_with_what_it_still_needs(monkeypatch):
    monkeypatch.setattr(type(TOY), "scenarios_not_yet", {"epic": "it needs dragons"})
    with pytest.raises(UnknownGame, match=r"toy scenario epic is not playable yet: it needs "
                       r"dragons \(playable: "):  # fmt: skip
        TOY.scenario("epic")
    assert TOY.scenario("short").id == "short"
