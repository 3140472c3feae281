"""The fuzzer passes a sound game and catches each kind of planted bug."""

import pytest

from tests.toy_game.game import Bid, Move, ToyGame
from wargame.engine.action import Action
from wargame.engine.procedure import Decision, decision
from wargame.engine.registry import Registry
from wargame.engine.session import Session, read_save
from wargame.fuzz import FuzzConfig, fuzz


def run_fuzz(game, tmp_path, games=6, **config):
    registry = Registry()
    registry.add_game(game)
    settings = FuzzConfig(games=games, seed=2, out_dir=tmp_path, **config)
    return fuzz(game.id, settings, registry.game, lambda outcome: None)


def kinds(summary):
    return {outcome.failure.split(":")[0] for outcome in summary.failures}


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
        (BadDeterminize(), "determinize"),
    ],
)
def test_planted_bug_is_caught(tmp_path, game, kind):
    summary = run_fuzz(game, tmp_path, games=8)
    assert kind in kinds(summary)


def test_step_limit_and_stuck_games_are_caught(tmp_path):
    assert "step-limit" in kinds(run_fuzz(EndlessGame(), tmp_path, games=2, max_steps=200))
    assert "no-legal-action" in kinds(run_fuzz(StuckGame(), tmp_path, games=8))


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
