"""What the chart tests of the games share: a game's state with or without a rules overlay, a
printed table changed in a copy, its one-line refusal, and the command line."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from wargame.cli import main
from wargame.engine.errors import DataError
from wargame.engine.overlay import OPTION, PrintedTables
from wargame.engine.state import State


class Charts:
    """The printed tables of a game, and the scenario its states are of."""

    def __init__(self, tables: PrintedTables, scenario: str) -> None:
        self.tables = tables
        self.scenario = scenario
        self.printed = {row["id"]: row["values"] for row in tables.listing()}

    def state_with(self, overlay: dict[str, Any] | None) -> State:
        options = {} if overlay is None else {OPTION: overlay}
        return State(self.tables.game, "", self.scenario, 0, options, 0, {}, [])

    def changed(self, table: str, change: Callable[[Any], Any]) -> Any:
        values = copy.deepcopy(self.printed[table])
        change(values)
        return values

    def refusal(self, table: str, change: Callable[[Any], Any]) -> str:
        """The one-line refusal of an overlay giving ``table`` changed by ``change``."""
        with pytest.raises(DataError) as error:
            self.tables.normalize(
                {"tables": {table: self.changed(table, change)}}, "my-charts.yaml"
            )
        message = str(error.value)
        assert "\n" not in message and message.startswith("my-charts.yaml: table " + table)
        return message

    # -- checks every game's chart tests make ---------------------------------------------------
    def check_overlay_replaces_only(self, table: str, change: Callable[[Any], Any]) -> None:
        """An overlay giving ``table`` changed replaces that table alone, in its game alone."""
        tables = self.tables
        overlay = tables.normalize(
            {"game": tables.game, "tables": {table: self.changed(table, change)}}, "overlay"
        )
        assert overlay is not None and list(overlay["tables"]) == [table]
        replaced = tables.of(self.state_with(overlay))
        assert replaced[table] != tables.defaults[table]
        assert all(
            replaced[other] == tables.defaults[other] for other in tables.kinds if other != table
        )
        assert tables.of(self.state_with(None))[table] == tables.defaults[table]
        assert tables.normalize({"tables": copy.deepcopy(self.printed)}, "same.yaml") is None

    def check_template_edit(
        self, capsys: pytest.CaptureFixture[str], tmp_path: Path, old: str, new: str
    ) -> dict[str, Any]:
        """``wargame tables GAME --template``: read back unchanged it is no overlay; with
        ``old`` replaced by ``new`` it is the overlay returned."""
        template = tmp_path / "charts.yaml"
        game = self.tables.game
        code, out, _ = cli(capsys, "tables", game, "--template", template)
        assert code == 0 and f"the {len(self.tables.kinds)} tables of {game}" in out
        assert self.tables.read(template) is None
        text = template.read_text(encoding="utf-8")
        template.write_text(text.replace(old, new), encoding="utf-8")
        found = self.tables.read(template)
        assert found is not None
        return found

    def check_command_line(self, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
        """``wargame tables`` lists every table; ``wargame new`` refuses in one line."""
        game = self.tables.game
        code, out, _ = cli(capsys, "tables", game)
        assert code == 0 and all(f"- id: {table}" in out for table in self.tables.kinds)
        code, _, err = cli(capsys, "new", game, "-s", self.scenario, "-o", tmp_path / "g.json")
        assert code != 0 and "not playable yet" in err and len(err.strip().splitlines()) == 1


def cli(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    """``wargame ARGV``: its exit code, what it printed and its errors."""
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err
