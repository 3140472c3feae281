"""Editing save files in tests, as a person with a text editor would."""

from __future__ import annotations

import json

import msgspec

from wargame.engine.session import SaveFile, hash_save


def edit_save(path, edit, *, rehash=False):
    """Apply ``edit`` to the save file's JSON; ``rehash`` makes its hash match again (a forgery,
    or a program's bug, rather than damage)."""
    data = json.loads(path.read_text())
    edit(data)
    if rehash:
        data["save_hash"] = hash_save(msgspec.json.decode(json.dumps(data), type=SaveFile))
    path.write_text(json.dumps(data))
