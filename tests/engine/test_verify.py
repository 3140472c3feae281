"""Provably fair dice (issue 13): the commitment, ``verify``, and records of the old generator."""

from pathlib import Path

import msgspec

from tests.engine.test_session import play_random
from tests.toy_game.game import GAME as TOY
from wargame.engine.log import Event
from wargame.engine.rng import KEYED_GENERATOR, LEGACY_GENERATOR, SEED_BITS, Rng
from wargame.engine.session import Session, read_save
from wargame.engine.state import state_hash
from wargame.engine.verify import verify
from wargame.games import REGISTRY

LEGACY_SAVE = Path(__file__).parent / "data" / "legacy-empire-1942.json"
"""60 random actions of Empire of the Sun 1942 saved by the code before the keyed generator
(commit 20c15ca), seed 4242: its record names no generator and has no commitment."""


def played(seed=5, steps=200):
    """A toy game played long enough to have rolled dice."""
    session = play_random(Session.new(TOY, "standard", seed), steps, 11)
    assert any(event.key == "log.roll" for event in session.state.log)
    return session


def test_a_new_game_has_a_secret_seed_a_salt_and_a_commitment():
    session = Session.new(TOY, "standard")
    record = session.record
    assert record.generator == session.state.generator == KEYED_GENERATOR
    assert not record.seed_chosen
    assert record.seed.bit_length() > SEED_BITS - 16
    assert len(record.salt) == 32 and len(record.commitment) == 64
    assert Session.new(TOY, "standard", 7).record.seed_chosen


def test_verify_accepts_an_honest_game_and_counts_its_dice():
    session = played()
    found = verify(TOY, session.record, session.state)
    assert found.ok, found.problems
    assert found.commitment == "matches"
    assert found.actions == len(session.record.actions)
    rolls = sum(1 for event in session.state.log if event.key == "log.roll")
    assert found.random["rolls"] == rolls > 0


def test_verify_finds_a_seed_that_does_not_give_the_commitment():
    session = played()
    record = msgspec.structs.replace(session.record, seed=session.record.seed + 1)
    found = verify(TOY, record, session.state)
    assert found.commitment == "differs"
    assert not found.ok


def test_verify_finds_a_roll_that_the_seed_does_not_give():
    session = played()
    shown = session.state
    index = next(i for i, e in enumerate(shown.log) if e.key == "log.roll")
    event = shown.log[index]
    forged = msgspec.structs.replace(
        event, params={**event.params, "value": event.params["value"] % 6 + 1}
    )
    shown = msgspec.structs.replace(
        shown, log=[*shown.log[:index], forged, *shown.log[index + 1 :]]
    )
    found = verify(TOY, session.record, shown)
    assert found.commitment == "matches"
    assert [p for p in found.problems if f"log line {index + 1} differs" in p]


def test_a_record_of_the_old_generator_still_loads_replays_and_verifies():
    save = read_save(LEGACY_SAVE)
    assert save.record.generator == save.state.generator == LEGACY_GENERATOR
    game = REGISTRY.game(save.record.game)
    session = Session.load(LEGACY_SAVE, REGISTRY.game)  # its saved hash still matches
    replayed = Session.replay(save.record, game)
    assert state_hash(replayed.state) == state_hash(session.state) == save.state_hash
    found = verify(game, save.record, save.state)
    assert found.ok and found.commitment == "none"


def test_a_record_names_its_generator_and_replays_with_it():
    session = played()
    assert Session.replay(session.record, TOY).state.generator == KEYED_GENERATOR
    legacy = msgspec.structs.replace(session.record, generator=LEGACY_GENERATOR)
    found = verify(TOY, legacy, session.state)
    assert not found.ok  # the other stream deals other cards and rolls other dice


def test_a_game_with_remarks_verifies_and_a_remark_left_out_of_its_record_does_not():
    session = Session.new(TOY, "standard", 5)
    why = Event("log.initiative", {"side": "red", "why": "a bot's reason"})
    rng = Rng(11)
    while (active := TOY.active(session.state)) and session.state.moves < 200:
        side = rng.choice(active)
        session.act(side, rng.choice(TOY.legal_actions(session.state, side)).text, why)
    assert session.state.result is not None
    assert len(session.record.remarks) == len(session.record.actions) > 10
    found = verify(TOY, session.record, session.state)
    assert found.ok, found.problems
    forgotten = msgspec.structs.replace(session.record, remarks={})
    assert not verify(TOY, forgotten, session.state).ok
