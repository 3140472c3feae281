"""The search bot's remark (issue 15, point 5): why it played its card as it did, from the line
its search expects, in words that reveal only what the play itself shows."""

import msgspec
import pytest

from wargame import fuzz
from wargame.bots import remark
from wargame.bots.ismcts import Budget, Search
from wargame.engine.action import Action
from wargame.engine.log import Event
from wargame.engine.session import Record, Session
from wargame.engine.state import State
from wargame.games import REGISTRY

pytestmark = pytest.mark.game("empire-of-the-sun")
GAME = REGISTRY.game("empire-of-the-sun")
BANGKA, NEXT_TO_BANGKA = "2017", "2018"
TOWARD_BANGKA = [("japan", "unit x"), ("allied", "hex 3706"), ("japan", f"hex {NEXT_TO_BANGKA}")]


def choosing_use(seed: int = 31) -> State:
    """Japan's first card picked (its first-ordered actions until then), its use to choose."""
    state = GAME.setup("1942", seed)
    while True:
        side = GAME.active(state)[0]
        top = state.stack[-1]
        if side == "japan" and (top.name, top.step) == ("action", "use"):
            return state
        state = GAME.apply(state, side, GAME.legal_actions(state, side)[0])


def test_an_offensive_is_explained_by_the_objective_its_moves_approach() -> None:
    state = GAME.apply(choosing_use(), "japan", Action("oc"))
    card = state.data["pending"]["japan"]
    line = [("japan", "offensive"), *TOWARD_BANGKA]
    said = GAME.explain(state, "japan", line)
    assert said is not None and (said.key, said.params) == (
        "log.remark_toward",
        {"side": "japan", "card": card, "hex": BANGKA},
    )
    assert GAME.explain(state, "japan", [("japan", "offensive")]) is None  # no aim: nothing said


def test_only_a_use_that_reveals_the_card_is_explained() -> None:
    state = choosing_use()
    card = state.data["pending"]["japan"]
    said = GAME.explain(state, "japan", [("japan", "event")])
    assert said is not None and said.params == {"side": "japan", "card": card}
    for hidden in ("future", "discard", "cancel"):  # a card set aside stays unnamed (6.29)
        assert GAME.explain(state, "japan", [("japan", hidden), ("japan", f"hex {BANGKA}")]) is None
    picking = GAME.setup("1942", 31)
    assert GAME.explain(picking, "japan", [("japan", "card J1")]) is None


@pytest.mark.parametrize("use", ["use", "oc_use"])
def test_the_remark_shows_nobody_a_secret(use) -> None:
    state = choosing_use(seed=8)
    if use == "oc_use":
        state = GAME.apply(state, "japan", Action("oc"))
    bot = Search(GAME, "japan", 3, Budget(iterations=12, depth=12, playout=0))
    text = bot.choose(GAME.view(state, "japan", log=False))
    assert bot.line[0] == ("japan", text) and bot.line_state is not None
    said = remark(GAME, bot, "japan")
    if said is not None:
        assert said.params["card"] == state.data["pending"]["japan"]
    fuzz.check_new_log(GAME, state, as_stored(state, text, said))


@pytest.mark.parametrize(
    ("use", "line"),
    [("event", [("japan", "event")]), ("offensive", [("japan", "offensive"), *TOWARD_BANGKA])],
)
def test_each_kind_of_remark_passes_the_fuzzers_secret_check_as_stored(use, line) -> None:
    state = choosing_use(seed=8)
    if use == "offensive":
        state = GAME.apply(state, "japan", Action("oc"))
    said = GAME.explain(state, "japan", line)
    assert said is not None
    after = as_stored(state, use, said)
    assert after.log[-1] == said
    fuzz.check_new_log(GAME, state, after)


def as_stored(state: State, text: str, said: Event | None) -> State:
    """``state`` after Japan's ``text`` and its remark, as the server plays and stores them."""
    session = Session(GAME, Record(GAME.id, GAME.rules_version, "1942", 0, {}), state, state)
    after = session.act("japan", text, said)
    assert session.record.remarks == ({} if said is None else {1: said})
    return after


def test_the_secret_check_catches_a_remark_that_names_another_card_in_hand() -> None:
    state = choosing_use(seed=8)
    played = state.data["pending"]["japan"]
    kept = next(c for c in state.data["cards"]["japan"]["hand"] if c != played)
    after = GAME.apply(state, "japan", Action("event"))
    telling = Event("log.remark_event", {"side": "japan", "card": kept})
    with pytest.raises(fuzz.FuzzFailure, match=kept):
        fuzz.check_new_log(GAME, state, msgspec.structs.replace(after, log=[*after.log, telling]))
