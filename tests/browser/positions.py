"""Positions for the browser tests (of Empire of the Sun unless a test names another game), found
through the Python API and reached on the server: a game is played in-process
(``wargame.engine.session.Session``) by a random player seeded with the game's seed (or one a test
steers) until a decision has what a test needs (a move with a consequence, a waypoint...); then a
hot-seat game with the same seed and options is created on the server and the same actions are
posted to it, so that the browser opens the very position. The search asks the game itself, so a
test still finds such a position when the rules or the random play change."""

from __future__ import annotations

import json
import random
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from wargame.engine.action import Action
from wargame.engine.session import Session
from wargame.games.empire_of_the_sun import GAME

Wanted = Callable[[Any, str, dict[str, Any]], Any]
"""Given a state, the side to act and its view, what the test needs there (truthy), or None."""


@dataclass(frozen=True)
class Position:
    id: str
    tokens: dict[str, str]  # side -> seat token
    side: str  # the side to act
    found: Any  # what ``wanted`` returned

    def link(self, server: str, lang: str = "en", side: str | None = None) -> str:
        token = self.tokens[side or self.side]
        return f"{server}/play/{self.id}?lang={lang}#token={token}"


def call(server: str, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"{server}{path}", data=data, headers=headers, method=method)
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def open_seat(page: Any, link: str, lang: str, *attached: str) -> None:
    """Open a seat's play link (``.../play/{id}#token=...``) in ``lang`` and wait until each
    selector of ``attached`` is in the page."""
    base, _, fragment = link.partition("#")
    page.goto(f"{base}?lang={lang}#{fragment}")
    for selector in attached:
        page.wait_for_selector(selector, state="attached")


def body_of(server: str, position: Position, lang: str = "en", side: str | None = None) -> Any:
    """The game's body (GET /api/games/{id}) as ``side`` (the side to act) sees it now."""
    token = position.tokens[side or position.side]
    return call(server, "GET", f"/api/games/{position.id}?lang={lang}", token=token)


Chooser = Callable[[random.Random, list[str]], str]
"""Which of the legal actions a search plays (a uniformly random one unless a test steers)."""


def reach(
    server: str,
    scenario: str,
    seed: int,
    wanted: Wanted,
    most: int = 1500,
    *,
    game: Any = GAME,
    options: dict[str, Any] | None = None,
    choose: Chooser = lambda chooser, actions: chooser.choice(actions),
) -> Position:
    """The first decision of a random game of ``scenario`` with ``seed`` where ``wanted`` finds
    something, played on the server as a hot-seat game."""
    session = Session.new(game, scenario, seed, options)
    chooser = random.Random(seed)
    for _ in range(most):
        side = game.active(session.state)[0]
        view = game.view(session.state, side, log=False)
        found = wanted(session.state, side, view)
        if found:
            break
        session.act(side, choose(chooser, view["actions"]))
    else:
        raise AssertionError(f"no wanted decision in {most} actions of {scenario} seed {seed}")
    made = call(
        server,
        "POST",
        "/api/games",
        {
            "game": game.id,
            "scenario": scenario,
            "seed": seed,
            "hot_seat": True,
            "options": options or {},
        },
    )
    tokens = {seat: link["token"] for seat, link in made["seats"].items()}
    version = made["version"]
    for actor, text in session.record.actions:
        move = {"token": tokens[actor], "version": version, "action": text}
        version = call(server, "POST", f"/api/games/{made['id']}/actions", move)["version"]
    return Position(made["id"], tokens, side, found)


def with_consequence(rule: str) -> Wanted:
    """A target hex offering a move (``hex X``) with a consequence of ``rule``: the action."""

    def wanted(_state: Any, _side: str, view: dict[str, Any]) -> str | None:
        notes = view.get("notes") or {}
        for text in view["actions"]:
            rules = [item["rule"] for item in (notes.get(text) or {}).get("consequences", [])]
            if text.startswith("hex ") and rule in rules:
                return text
        return None

    return wanted


def battle_preview(_state: Any, _side: str, view: dict[str, Any]) -> str | None:
    """A battle to resolve next whose action carries the battle's preview: the action."""
    notes = view.get("notes") or {}
    return next((a for a in view["actions"] if (notes.get(a) or {}).get("preview")), None)


def waypoint(state: Any, side: str, view: dict[str, Any]) -> tuple[str, str] | None:
    """A hex X offered both as a destination (``hex X``) and as a waypoint (``via X``), where a
    move after ``via X`` goes through X on a path other than its path before: (X, that move)."""
    notes = view.get("notes") or {}
    for text in view["actions"]:
        verb, *args = text.split()
        if verb != "via" or f"hex {args[0]}" not in view["actions"]:
            continue
        after = GAME.view(GAME.apply(state, side, Action.parse(text)), side, log=False)
        for move, note in (after.get("notes") or {}).items():
            path = note.get("path") or []
            before = (notes.get(move) or {}).get("path")
            if move.startswith("hex ") and args[0] in path[1:-1] and before and before != path:
                return args[0], move
    return None
