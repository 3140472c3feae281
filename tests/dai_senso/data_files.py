"""What the Dai Senso! data tests share: a data file changed in a copy, loaded, refused."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from wargame.engine.errors import DataError


def refused(
    tmp_path: Path, raw: Any, name: str, change: Callable[[Any], None], load: Callable[[Path], Any]
) -> str:
    """The one-line error ``load`` gives for a copy of ``raw`` changed by ``change`` and written
    as ``name`` (the message starts with the file's path)."""
    changed = copy.deepcopy(raw)
    change(changed)
    path = tmp_path / name
    path.write_text(yaml.safe_dump(changed, allow_unicode=True), encoding="utf-8")
    with pytest.raises(DataError) as error:
        load(path)
    message = str(error.value)
    assert "\n" not in message and message.startswith(str(path))
    return message
