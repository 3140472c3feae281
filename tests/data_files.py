"""What the data tests of the games not playable yet share: a data file changed in a copy,
loaded, refused in one line."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from wargame.engine.errors import DataError

DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
"""libyaml's dumper where PyYAML has it: a changed copy of a large data file is written per test."""


def refused(
    tmp_path: Path, raw: Any, name: str, change: Callable[[Any], None], load: Callable[[Path], Any]
) -> str:
    """The one-line error ``load`` gives for a copy of ``raw`` changed by ``change`` and written
    as ``name`` (the message starts with the file's path)."""
    changed = copy.deepcopy(raw)
    change(changed)
    path = tmp_path / name
    text = yaml.dump(changed, Dumper=DUMPER, allow_unicode=True)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as error:
        load(path)
    message = str(error.value)
    assert "\n" not in message and message.startswith(str(path))
    return message
