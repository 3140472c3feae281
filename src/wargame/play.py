"""Playing a game in the terminal: hot seat for the human sides, bots for the others."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TextIO

from wargame.bots import make_bot, remark
from wargame.engine.errors import WargameError
from wargame.engine.rng import derive_seed
from wargame.engine.session import Session
from wargame.text import render_status

HELP = (
    "type an action exactly as 'actions' lists it, or: actions, undo, show, log, resign SIDE, "
    "save, help, quit"
)


class TerminalGame:
    def __init__(
        self,
        session: Session,
        *,
        bots: Mapping[str, str] | set[str],
        lang: str = "en",
        save_to: Path | None = None,
        read: Callable[[str], str] = input,
        out: TextIO | None = None,
    ) -> None:
        self.session = session
        self.game = session.game
        kinds = bots if isinstance(bots, Mapping) else dict.fromkeys(bots, "random")
        self.bots = {
            side: make_bot(kind, self.game, side, derive_seed(session.record.seed, side))
            for side, kind in kinds.items()
        }
        self.lang = lang
        self.save_to = save_to
        self.read = read
        self.out = out  # None: whatever sys.stdout is when a line is written

    def say(self, text: str) -> None:
        print(text, file=self.out or sys.stdout)

    def run(self) -> None:
        self.say(HELP)
        while True:
            active = self.game.active(self.session.state)
            if not active:
                self.say(render_status(self.game, self.session.state, None, self.lang))
                return
            side = active[0]
            if side in self.bots:
                self.play_bot(side)
                continue
            self.say("")
            self.say(render_status(self.game, self.session.state, side, self.lang, log_lines=5))
            try:
                line = self.read(f"{side}> ").strip()
            except EOFError:
                self.say("")
                return
            if line in ("quit", "exit"):
                return
            self.command(side, line)

    def play_bot(self, side: str) -> None:
        """The bot's action, and the line of why it took it if it says (kept in the record)."""
        view = self.game.view(self.session.state, side)
        bot = self.bots[side]
        text = bot.choose(view)
        said = remark(self.game, bot, side)
        self.session.act(side, text, said)
        self.say(f"{side} (bot): {text}")
        if said is not None:
            self.say(self.game.catalog.render(said.key, said.params, self.lang))
        self.save()

    def command(self, side: str, line: str) -> None:
        words = line.split()
        try:
            if not words or words[0] == "help":
                self.say(HELP)
            elif words[0] == "actions":
                self.say(
                    " | ".join(a.text for a in self.game.legal_actions(self.session.state, side))
                )
            elif words[0] in ("show", "log"):
                lines = 40 if words[0] == "log" else 10
                self.say(render_status(self.game, self.session.state, side, self.lang, lines))
            elif words[0] == "undo":
                self.session.undo(side)
                self.save()
            elif words[0] == "save":
                self.save(announce=True)
            elif words[0] == "resign":
                self.session.act(words[1] if len(words) > 1 else side, "resign")
                self.save()
            else:
                self.session.act(side, line)
                self.save()
        except WargameError as error:
            self.say(f"refused: {error.message}")

    def save(self, announce: bool = False) -> None:
        """Save the game if there is a save file; a failed save is told and play goes on."""
        if self.save_to is None:
            if announce:
                self.say("no save file: start with --save FILE")
            return
        try:
            self.session.save(self.save_to)
        except WargameError as error:
            self.say(f"not saved: {error.message}")
            return
        if announce:
            self.say(f"saved to {self.save_to}")
