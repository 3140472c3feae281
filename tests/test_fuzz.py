"""The fuzzer passes a sound game and catches each kind of planted bug."""

import re

import pytest

from tests.toy_game.game import SIDES, Bid, Move, ToyGame, other
from wargame.engine.action import Action
from wargame.engine.contract import generator_secrets
from wargame.engine.errors import IllegalAction, WargameError
from wargame.engine.procedure import Decision, decision
from wargame.engine.registry import Registry
from wargame.engine.rng import LEGACY_GENERATOR, seed_hex
from wargame.engine.session import Session, read_save
from wargame.fuzz import FuzzConfig, FuzzFailure, check_secrets, fuzz


def run_fuzz(game, tmp_path, games=6, **config):
    registry = Registry()
    registry.add_game(game)
    settings = FuzzConfig(games=games, seed=2, out_dir=tmp_path, **config)
    return fuzz(game.id, settings, registry.game, lambda outcome: None)


def kinds(summary):
    return {outcome.failure.split(":")[0] for outcome in summary.failures}


def failures(summary):
    return " | ".join(outcome.failure for outcome in summary.failures)


def test_sound_game_has_no_failures(tmp_path):
    summary = run_fuzz(ToyGame(), tmp_path, games=20)
    assert summary.failures == []
    assert summary.actions > 100
    assert sum(summary.results().values()) == 20


class LeakyGame(ToyGame):
    def view_data(self, state, viewer):
        found = super().view_data(state, viewer)
        found["all_hands"] = state.data["hands"]
        return found


class LeakyBid(Bid):
    def bid(self, g, f, side, card):
        g.log("log.bid_card", side=side, card=card)
        super().bid(g, f, side, card)


class LeakyLog(ToyGame):
    """Logs the bid card for everybody to see."""

    procedures = (ToyGame.procedures[0], LeakyBid(), Move())


class TupleInLog(Move):
    def skip(self, g, f, side):
        g.log("log.pass", side=side, hexes=("01", "02"))
        g.ret()


class UnJsonLog(ToyGame):
    """A log line holds a tuple, which a JSON round trip turns into a list."""

    procedures = (ToyGame.procedures[0], Bid(), TupleInLog())


class ForgetfulView(ToyGame):
    """The view's log is not the log the viewer may see: it is empty."""

    def logged(self, state, viewer):
        return []


class UnseededGame(ToyGame):
    """Uses Python's global random generator: replays differ."""

    def begin(self, g, scenario, options):
        import random

        super().begin(g, scenario, options)
        g.data["rounds"] = random.choice([1, 2, 3, 4, 5, 6])


class CheatingInvariant(ToyGame):
    def check_data(self, state):
        return ["too many points"] if state.data["round"] > 1 else []


class EndlessGame(ToyGame):
    def begin(self, g, scenario, options):
        super().begin(g, scenario, options)
        g.data["rounds"] = 10**9


class StuckMove(Move):
    def skip(self, g, f, side):
        g.data["pending"][side] = None
        g.goto("stuck")

    @decision
    def stuck(self, g, f):
        return Decision.single(g.data["initiative"], "prompt.move_card")


class StuckGame(ToyGame):
    """Passing a move leads to a decision with no legal action."""

    procedures = (ToyGame.procedures[0], Bid(), StuckMove())


class UnJsonGame(ToyGame):
    def begin(self, g, scenario, options):
        super().begin(g, scenario, options)
        g.data["positions"] = {"red": ("01", "01")}


class MutatingView(ToyGame):
    def view_data(self, state, viewer):
        state.data["views"] = state.data.get("views", 0) + 1
        return super().view_data(state, viewer)


class BadDeterminize(ToyGame):
    def determinize(self, view, side, rng):
        state = super().determinize(view, side, rng)
        state.data["points"][side] += 1
        return state


@pytest.mark.parametrize(
    ("game", "kind"),
    [
        (LeakyGame(), "secret"),
        (LeakyLog(), "secret"),
        (UnseededGame(), "replay"),
        (CheatingInvariant(), "invariant"),
        (UnJsonGame(), "not-json"),
        (MutatingView(), "mutation"),
        (UnJsonLog(), "not-json"),
        (ForgetfulView(), "view"),
        (BadDeterminize(), "determinize"),
    ],
)
def test_planted_bug_is_caught(tmp_path, game, kind):
    summary = run_fuzz(game, tmp_path, games=8)
    assert kind in kinds(summary)


def test_step_limit_and_stuck_games_are_caught(tmp_path):
    assert "step-limit" in kinds(run_fuzz(EndlessGame(), tmp_path, games=2, max_steps=200))
    assert "no-legal-action" in kinds(run_fuzz(StuckGame(), tmp_path, games=8))


def test_stop_after_ends_each_game_unfinished_at_its_bound(tmp_path):
    summary = run_fuzz(EndlessGame(), tmp_path, games=2, max_steps=200, stop_after=50)
    assert summary.failures == []
    assert [(o.actions, o.result) for o in summary.outcomes] == [(50, None), (50, None)]


def test_a_failure_is_dumped_as_a_replayable_file(tmp_path):
    summary = run_fuzz(CheatingInvariant(), tmp_path, games=1)
    (failure,) = summary.failures
    save = read_save(tmp_path / failure.dump.split("/")[-1])
    assert save.failure["message"].startswith("invariant")
    replayed = Session.replay(save.record, CheatingInvariant())
    assert CheatingInvariant().check(replayed.state) == ["too many points"]


def test_summary_line_format(tmp_path):
    summary = run_fuzz(ToyGame(), tmp_path, games=3)
    line = summary.line()
    assert line.startswith("fuzz: 3 games, 0 failures, ")
    assert f"{summary.actions} actions" in line


def test_undo_checks_run(tmp_path, monkeypatch):
    import wargame.fuzz as module

    calls = []
    original = module.check_undo

    def spy(*args):
        calls.append(args[1])
        return original(*args)

    monkeypatch.setattr(module, "check_undo", spy)
    run_fuzz(ToyGame(), tmp_path, games=10, undo_rate=1.0)
    assert calls


def test_actions_in_views_are_what_the_bot_plays(tmp_path):
    game = ToyGame()
    state = game.setup("standard", 1)
    view = game.view(state, "red")
    from wargame.bots.random_bot import RandomBot

    chosen = RandomBot(3).choose(view)
    assert Action(chosen) in game.legal_actions(state, "red")


def test_a_card_named_in_old_log_lines_may_go_back_into_a_hand():
    """Old log lines are history: only the lines an action adds are checked against secrets."""
    from wargame.engine.log import Event
    from wargame.engine.state import clone
    from wargame.fuzz import FuzzFailure, check_new_log, check_secrets

    game = ToyGame()
    before = Session.new(game, "standard", 5).state
    card = before.data["hands"]["red"][0]
    after = clone(before)
    after.log = [*before.log, Event("log.bid_card", {"side": "red", "card": card})]
    views = {viewer: game.view(after, viewer) for viewer in [None, *game.sides]}
    check_secrets(game, after, views)
    with pytest.raises(FuzzFailure, match="secret"):
        check_new_log(game, before, after)
    check_new_log(game, after, clone(after))


# -- secrets: a side's own, the generator's, a deck's order, hidden blocks ----------------------


class SpectatorSeesHands(ToyGame):
    def view_data(self, state, viewer):
        found = super().view_data(state, viewer)
        if viewer is None:
            found["hands"] = state.data["hands"]
        return found


class ShowsTheSeed(ToyGame):
    def __init__(self, form):
        super().__init__()
        self.form = form

    def view_data(self, state, viewer):
        return super().view_data(state, viewer) | {"dice": self.form(state.seed)}


class NamesTheOtherHandInActions(Bid):
    """Offers to bid against each of the other side's cards, naming them."""

    @decision
    def choose(self, g, f):
        found = super().choose(g, f)
        for side, choices in found.sides.items():
            own = g.data["hands"][side]
            for card in g.data["hands"][other(side)] if own else []:
                choices.add(Action.of("beat", card), self.bid, side, own[0])
        return found


class ActionLeak(ToyGame):
    procedures = (ToyGame.procedures[0], NamesTheOtherHandInActions(), Move())


class WithoutDeterminize(ToyGame):
    """For variants that show more than the toy's ``determinize`` can sample."""

    def determinize(self, view, side, rng):
        raise NotImplementedError


class DeckOnShow(WithoutDeterminize):
    """Shows the deck's cards to everybody, declaring only their order secret."""

    def __init__(self, arrange):
        super().__init__()
        self.arrange = arrange

    def game_secrets(self, state):
        found = super().game_secrets(state)
        found.hidden = set()
        return found

    def view_data(self, state, viewer):
        return super().view_data(state, viewer) | {"deck": self.arrange(state.data["deck"])}


class HiddenBlocks(WithoutDeterminize):
    """Each side's piece is a block whose strength only its side sees (or, leaky, everybody)."""

    def __init__(self, leaky):
        super().__init__()
        self.leaky = leaky

    def begin(self, g, scenario, options):
        super().begin(g, scenario, options)
        g.data["strength"] = {f"{side}-block": 1 + g.rng.below(6) for side in SIDES}

    def view_data(self, state, viewer):
        strength = state.data["strength"]
        shown = {b: s for b, s in strength.items() if self.leaky or b == f"{viewer}-block"}
        return super().view_data(state, viewer) | {"blocks": shown}

    def game_secrets(self, state):
        found = super().game_secrets(state)
        strength = state.data["strength"]
        found.facts = {side: {(f"{side}-block", str(strength[f"{side}-block"]))} for side in SIDES}
        return found


def test_a_hand_shown_to_the_spectator_alone_is_caught(tmp_path):
    summary = run_fuzz(SpectatorSeesHands(), tmp_path, games=2)
    assert "a spectator can see red's secret" in failures(summary)


@pytest.mark.parametrize("form", [int, str, seed_hex, hex], ids=["int", "decimal", "key", "hex"])
def test_the_seed_in_a_view_is_caught_in_each_form(tmp_path, form):
    summary = run_fuzz(ShowsTheSeed(form), tmp_path, games=1)
    assert "which nobody may see in its view" in failures(summary)


def test_the_generator_secrets_are_its_key_and_the_legacy_state():
    keyed = ToyGame().setup("standard", 2**100 + 7)
    declared = ToyGame().secrets(keyed).hidden
    assert {str(keyed.seed), seed_hex(keyed.seed), hex(keyed.seed)} <= declared
    assert str(keyed.rng) not in declared  # the keyed generator's state counts the draws made
    legacy = ToyGame().setup("standard", 2**40 + 7, generator=LEGACY_GENERATOR)
    assert {str(legacy.seed), str(legacy.rng)} <= generator_secrets(legacy)
    assert generator_secrets(ToyGame().setup("standard", 5)) == set()  # a seed a person picked


def test_a_legacy_generator_state_in_a_view_is_caught():
    game = ToyGame()
    state = game.setup("standard", 2**40 + 7, generator=LEGACY_GENERATOR)
    views = {viewer: game.view(state, viewer) for viewer in [None, *SIDES]}
    check_secrets(game, state, views)
    views["blue"]["board"]["rng"] = state.rng
    with pytest.raises(FuzzFailure, match=r"blue can see .* which nobody may see"):
        check_secrets(game, state, views)


def test_a_legal_action_naming_the_other_sides_card_is_caught(tmp_path):
    summary = run_fuzz(ActionLeak(), tmp_path, games=2)
    assert "secret" in failures(summary) and "in its legal actions" in failures(summary)


@pytest.mark.parametrize(
    "arrange",
    [list, lambda deck: deck[:1:-1], lambda deck: sorted(deck[-2:])],
    ids=["deck", "reversed-part", "next-two-sorted"],
)
def test_a_deck_shown_in_its_order_is_caught(tmp_path, arrange):
    summary = run_fuzz(DeckOnShow(arrange), tmp_path, games=2)
    assert "can see the order of deck" in failures(summary)


def test_a_deck_shown_sorted_shows_no_order(tmp_path):
    assert run_fuzz(DeckOnShow(sorted), tmp_path, games=4).failures == []


def test_a_hidden_blocks_strength_shown_to_the_other_side_is_caught(tmp_path):
    assert run_fuzz(HiddenBlocks(leaky=False), tmp_path, games=4).failures == []
    summary = run_fuzz(HiddenBlocks(leaky=True), tmp_path, games=2)
    assert re.search(r"can see (red|blue)'s secret (red|blue)-block=[1-6] ", failures(summary))


# -- randomness cannot be undone ---------------------------------------------------------------


class UndoableDice(ToyGame):
    """Forgets that an action that rolled dice cannot be taken back."""

    def apply(self, state, side, action):
        new = super().apply(state, side, action)
        if new.rng != state.rng:
            new.checkpoint = state.checkpoint
        return new


def test_an_undo_after_a_roll_is_caught(tmp_path):
    summary = run_fuzz(UndoableDice(), tmp_path, games=4, undo_rate=0.0)
    assert "random-undo" in kinds(summary)


# -- illegal actions are refused and change nothing --------------------------------------------


class TakesUnknownVerbs(ToyGame):
    """Takes an action of a verb it does not know as the side's first legal action."""

    def apply(self, state, side, action):
        legal = self.legal_actions(state, side)
        if legal and action.verb not in {known.verb for known in legal}:
            action = legal[0]
        return super().apply(state, side, action)


class SideBlind(ToyGame):
    """Plays an action for whichever active side may play it, whoever sent it."""

    def apply(self, state, side, action):
        owners = [s for s in self.active(state) if action in self.legal_actions(state, s)]
        return super().apply(state, owners[0] if owners else side, action)


class FinesRefusals(ToyGame):
    """Takes a point from a side whose action it refuses, in the position it leaves unchanged."""

    def apply(self, state, side, action):
        try:
            return super().apply(state, side, action)
        except IllegalAction:
            if side in SIDES:
                state.data["points"][side] -= 1
            raise


def test_a_made_up_action_accepted_is_caught(tmp_path):
    summary = run_fuzz(TakesUnknownVerbs(), tmp_path, games=2)
    assert "illegal-accepted" in kinds(summary) and "'nonsense 987654'" in failures(summary)


def test_another_sides_action_accepted_is_caught(tmp_path):
    summary = run_fuzz(SideBlind(), tmp_path, games=2)
    assert "illegal-accepted" in kinds(summary)


def test_a_refusal_that_changes_the_state_is_caught(tmp_path):
    summary = run_fuzz(FinesRefusals(), tmp_path, games=2)
    assert "refusal-changed" in kinds(summary) and "changed the state" in failures(summary)


def test_an_illegal_action_accepted_leaves_the_dump_at_the_position_it_was_tried(tmp_path):
    (failure,) = run_fuzz(SideBlind(), tmp_path, games=1).failures
    save = read_save(tmp_path / failure.dump.split("/")[-1])
    assert Session.replay(save.record, ToyGame()).state.moves == save.state.moves


@pytest.mark.parametrize("name", ["games", "jobs", "max_steps", "check_every", "stop_after"])
def test_a_config_below_one_is_refused(name):
    with pytest.raises(ValueError, match=f"{name} must be at least 1"):
        FuzzConfig(**{name: 0})


def _summary_facts(summary):
    return [(o.index, o.seed, o.scenario, o.actions, o.result) for o in summary.outcomes]


def test_a_journal_goes_on_where_a_run_stopped(tmp_path):
    whole = run_fuzz(ToyGame(), tmp_path / "whole", games=8)
    journal = tmp_path / "campaign.jsonl"
    first = run_fuzz(ToyGame(), tmp_path / "a", games=8, jobs=2, journal=journal)
    lines = journal.read_bytes().splitlines(keepends=True)
    assert len(lines) == 1 + 8
    # stopped after three games, the fourth's line half written
    journal.write_bytes(b"".join(lines[:4]) + lines[4][:10])
    seen = []
    registry = Registry()
    registry.add_game(ToyGame())
    config = FuzzConfig(games=8, seed=2, out_dir=tmp_path / "b", journal=journal)
    resumed = fuzz("toy", config, registry.game, seen.append)
    assert resumed.resumed == 3
    assert len(seen) == 8
    assert _summary_facts(resumed) == _summary_facts(whole) == _summary_facts(first)
    assert "8 games (3 from the journal), 0 failures" in resumed.line()
    assert len(journal.read_bytes().splitlines()) == 1 + 8


def test_a_journal_of_other_settings_is_refused(tmp_path):
    journal = tmp_path / "campaign.jsonl"
    run_fuzz(ToyGame(), tmp_path, games=2, journal=journal)
    before = journal.read_bytes()
    with pytest.raises(WargameError, match=r"journal of another run \(games 2 there, 3 here\)"):
        run_fuzz(ToyGame(), tmp_path, games=3, journal=journal)
    assert journal.read_bytes() == before
    journal.write_text("not json\n")
    with pytest.raises(WargameError, match="is not a fuzz journal"):
        run_fuzz(ToyGame(), tmp_path, games=2, journal=journal)
