"""The hooks through which a military event changes its offensive (5.31 D): strength, defense,
the reaction player's intelligence roll and the battle hexes it requires.

Each test registers a hook on J10 for the test only (``monkeypatch``) and plays J10 as an event.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.empire_of_the_sun.driver import ScriptedRng, offered, resume
from tests.empire_of_the_sun.factory import position
from tests.empire_of_the_sun.test_battle import SEA, offensive, start_battle
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import events, offensives
from wargame.games.empire_of_the_sun.battle import defense_of

pytestmark = pytest.mark.game("empire-of-the-sun")

TAINAN, MANILA, LUZON = "2909", "2813", "2913"


def with_hooks(monkeypatch: pytest.MonkeyPatch, **hooks: Any) -> None:
    monkeypatch.setitem(events.EFFECTS, "J10", dict(hooks))


def strikes(g) -> list[tuple[str, int]]:
    return [(e.params["side"], e.params["total"]) for e in g.state.log if e.key == "log.strike"]


@pytest.mark.rule("5.31")
def test_a_strength_hook_adds_to_the_side_total_in_its_battles_only(monkeypatch):
    with_hooks(monkeypatch, strength=lambda g, stage, side, hex_id: 5 if side == "japan" else 0)
    g = position(units={"jp-ca-takao": SEA, "us-ca-new-orleans": SEA})
    offensive(
        g, "japan", "intercept", mode="ec", card="J10", activated=["jp-ca-takao"], battles=[SEA]
    )
    start_battle(g, SEA, rolls=[6, 6])
    (japan, allied) = strikes(g)
    plain = position(units={"jp-ca-takao": SEA, "us-ca-new-orleans": SEA})
    offensive(plain, "japan", "intercept", activated=["jp-ca-takao"], battles=[SEA])
    start_battle(plain, SEA, rolls=[6, 6])
    assert japan[1] == strikes(plain)[0][1] + 5 and allied == strikes(plain)[1]


@pytest.mark.rule("5.31")
def test_a_defense_hook_counts_only_inside_a_battle_of_the_event(monkeypatch):
    with_hooks(monkeypatch, defense=lambda g, unit_id, hex_id: 3 if hex_id == SEA else 0)
    g = position(units={"jp-ca-takao": SEA})
    offensive(g, "japan", mode="ec", card="J10", activated=["jp-ca-takao"], battles=[SEA])
    base = defense_of(g, "jp-ca-takao")
    g.state.stack.append(Frame("battle", "exchange", {"hex": SEA}))
    assert defense_of(g, "jp-ca-takao") == base + 3
    g.data["offensive"]["mode"] = "oc"  # the same card played for its OC has no event
    assert defense_of(g, "jp-ca-takao") == base


@pytest.mark.rule("5.31", "5.22")
@pytest.mark.parametrize(("modifier", "condition"), [(0, "intercept"), (3, "surprise")])
def test_an_intel_hook_modifies_the_reaction_players_roll(monkeypatch, modifier, condition):
    with_hooks(monkeypatch, intel_drm=lambda g, side: modifier)
    g = position(units={"jp-hq-south": TAINAN, "us-hq-swpac": MANILA}, empire=True)
    g.data["cards"]["allied"]["hand"] = []
    resume(g, "intelligence", "japan", "J10", mode="ec", battles=[MANILA])
    g.rng = ScriptedRng([2])  # J10's intercept value is 3 or more: 2 succeeds unmodified
    assert offensives.intelligence_roll(g, "allied", 3, "test") is (condition == "intercept")


def declaring():
    """J10 played as an event, at the declaration of its battles; the 5th Air Division can reach
    Manila."""
    units = {"jp-hq-south": TAINAN, "jp-5-ad": TAINAN, "us-r-corps": MANILA, "us-hq-swpac": MANILA}
    g = position(units=units, empire=True)
    return g, resume(g, "declare", "japan", "J10", mode="ec", activated=["jp-5-ad"])


@pytest.mark.rule("5.31")
def test_the_declaration_ends_only_once_the_required_battle_is_declared(monkeypatch):
    with_hooks(monkeypatch, requirement=lambda g, battles: MANILA in battles)
    g, record = declaring()
    assert record["battles"] == [] and f"battle {MANILA}" in offered(g)
    assert "done" not in offered(g)
    assert offensives.requirement_met(g, {**record, "battles": [MANILA]})


@pytest.mark.rule("5.31")
def test_an_unmeetable_requirement_lets_the_offensive_go_on(monkeypatch):
    with_hooks(monkeypatch, requirement=lambda g, battles: "9999" in battles)
    g, _ = declaring()
    assert "done" in offered(g)
