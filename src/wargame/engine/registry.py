"""A registry of games by id: the catalogue of products plus games added at run time (tests)."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wargame.engine.contract import Game
from wargame.engine.errors import UnknownGame
from wargame.engine.overlay import PrintedTables
from wargame.engine.rules import RuleRegistry


@dataclass(frozen=True)
class Entry:
    """A game known to the program. ``module`` names the package whose ``GAME`` is the game;
    an entry without a playable game yet still has a rule index to report on, and may name the
    module whose ``RULES`` registry holds the rules enforced so far (``rules_module``), the
    module whose ``TABLES`` are its printed tables (``tables_module``) and the module whose
    ``catalogue()`` lists its cards (``cards_module``)."""

    id: str
    title: str
    module: str = ""
    listed: bool = True
    rule_index: Path | None = None
    rules_module: str = ""
    tables_module: str = ""
    cards_module: str = ""


class Registry:
    def __init__(self) -> None:
        self.entries: dict[str, Entry] = {}
        self.loaded: dict[str, Game] = {}

    def add(self, entry: Entry) -> None:
        self.entries[entry.id] = entry

    def add_game(self, game: Game, *, listed: bool = False) -> None:
        """Register a game object directly (tests register theirs this way)."""
        self.entries[game.id] = Entry(game.id, game.title, listed=listed)
        self.loaded[game.id] = game

    def listed(self) -> list[Entry]:
        return [entry for entry in self.entries.values() if entry.listed]

    def entry(self, game_id: str) -> Entry:
        entry = self.entries.get(game_id)
        if entry is None:
            known = ", ".join(e.id for e in self.listed())
            raise UnknownGame(f"unknown game {game_id!r}; games: {known}")
        return entry

    def playable(self, game_id: str) -> bool:
        entry = self.entry(game_id)
        return game_id in self.loaded or bool(entry.module)

    def game(self, game_id: str) -> Game:
        if game_id in self.loaded:
            return self.loaded[game_id]
        entry = self.entry(game_id)
        if not entry.module:
            raise UnknownGame(
                f"{game_id} is not playable yet (wargame rules {game_id} shows what exists)"
            )
        game: Game = importlib.import_module(entry.module).GAME
        self.loaded[game_id] = game
        return game

    def tables(self, game_id: str) -> PrintedTables | None:
        """The game's printed tables: the playable game's, else those its entry names."""
        if self.playable(game_id):
            return self.game(game_id).tables
        module = self.entry(game_id).tables_module
        if not module:
            return None
        found: PrintedTables = importlib.import_module(module).TABLES
        return found

    def cards(self, game_id: str) -> list[dict[str, Any]]:
        """The game's cards for ``wargame cards``: the playable game's, else those its entry's
        cards module lists (none if it names none)."""
        if self.playable(game_id):
            return self.game(game_id).cards()
        module = self.entry(game_id).cards_module
        if not module:
            return []
        rows: list[dict[str, Any]] = importlib.import_module(module).catalogue()
        return rows

    def rules(self, game_id: str) -> RuleRegistry:
        """The game's rule registry; for a game not playable yet, the one its rules module keeps
        or an empty one over its index."""
        if self.playable(game_id):
            found = self.game(game_id).rules
            if found is not None:
                return found
        entry = self.entry(game_id)
        if entry.rules_module:
            kept: RuleRegistry = importlib.import_module(entry.rules_module).RULES
            importlib.import_module(entry.rules_module.rpartition(".")[0])  # its rules' modules
            return kept
        return RuleRegistry(game_id, entry.rule_index)
