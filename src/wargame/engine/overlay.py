"""Printed tables as data a player can replace (DESIGN 2.2): a game's tables and its rules overlays.

A game declares the tables its rules read (combat results, die-roll modifiers, every value the
box prints in a chart or that we had to design) as :class:`TableKind`\\ s: the schema of a table's
values (a msgspec type) and how the rules build what they read from them. Their values live in the
game's data file (``data/tables.yaml``), each with its title, rule, provenance and source, and a
reason for every provisional one; the file is checked whole when it is first read.

A *rules overlay* replaces tables with a player's own printed charts: a YAML (or JSON) mapping
``{game: ID, name: optional, tables: {TABLE: values}}``, each table given whole. It is checked
like the data file, and refused in one line naming the file, the table and the field. It becomes
the set-up option ``rules_overlay``: ``{name, digest, tables}`` with only the tables that differ
from the game's own (an overlay that changes nothing is no overlay: the game is the default one)
and ``digest``, the SHA-256 of their canonical JSON. The game's record keeps its options, so a
saved game, its replay and ``wargame verify`` play with the tables it was played with. The overlay
is public: the view shows it among the options, and a bot's determinized state keeps it.

The rules read a table through the state (:meth:`PrintedTables.of`), built once per overlay.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final, Generic, TypeVar

import msgspec
import yaml

from wargame.engine.data import SAFE_LOADER, Provenance, read_raw
from wargame.engine.errors import DataError
from wargame.engine.files import read_limited
from wargame.engine.state import State

T = TypeVar("T")

OPTION: Final = "rules_overlay"
"""The set-up option that holds a game's overlay."""
MAX_OVERLAY_BYTES: Final = 48 * 1024
"""The largest overlay read: a game's whole set of tables is a few kilobytes to some tens (the
template of the first game's four, comments and all, is 1 KB; the largest, of 27 tables, 36 KB,
which must read back), and the play server reads one inside a request body of at most 64 KB."""
KEPT: Final = 64
"""Overlays whose built tables are kept (a server plays games of many overlays)."""
_CANONICAL: Final = msgspec.json.Encoder(order="sorted")
_KEYS: Final = frozenset({"game", "name", "tables", "digest"})
Tables = Mapping[str, Any]
"""What the rules read: each table's id to its built value."""


@dataclass(frozen=True)
class TableKind(Generic[T]):
    """A table the game's code reads: the msgspec ``schema`` of its values, and ``build``, what
    the rules read made from values that fit it (raising ValueError, in one line, for values
    that fit the schema but not the rules, such as rows that overlap)."""

    schema: Any
    build: Callable[[Any], T] | None = None

    def make(self, values: Any) -> T:
        """What the rules read, from values that fit the schema (plain data or converted)."""
        converted = msgspec.convert(values, self.schema)
        built: T = converted if self.build is None else self.build(converted)
        return built


class TableEntry(
    msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True, omit_defaults=True
):
    """One table of a game's data file: what it is, where its values come from, the values."""

    title: str
    title_ja: str = ""
    provenance: Provenance
    ref: str
    """The rule (or rules) that read the table."""
    source: str
    reason: str = ""
    """Why these values: required for a provisional table (what it stands in for, and why), in
    players' words (the About page shows it)."""
    reason_ja: str = ""
    values: Any


class TablesFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    game: str
    tables: dict[str, TableEntry]


class PrintedTables:
    """A game's replaceable tables: ``kinds`` declared by its code, values in the data file at
    ``path``."""

    def __init__(self, game: str, path: Path, kinds: Mapping[str, TableKind[Any]]) -> None:
        self.game = game
        self.path = path
        self.kinds = dict(kinds)
        self._built: dict[str, Tables] = {}
        self._lock = threading.Lock()

    # -- the game's own tables ---------------------------------------------------------------
    @property
    def entries(self) -> dict[str, TableEntry]:
        """The data file's tables, each checked against its kind; DataError names the problem."""
        return self._loaded[0]

    @property
    def defaults(self) -> Tables:
        """The game's own tables, built."""
        return self._loaded[1]

    @cached_property
    def _loaded(self) -> tuple[dict[str, TableEntry], Tables]:
        data = read_raw(self.path)
        try:
            found = msgspec.convert(data, TablesFile)
        except msgspec.ValidationError as error:
            raise DataError(f"{self.path}{_where(error)}") from None
        if found.game != self.game:
            raise DataError(f"{self.path}: tables of {found.game!r}, not {self.game!r}")
        self._check_ids(found.tables, str(self.path), every=True)
        entries = {}
        built = {}
        for table_id, entry in found.tables.items():
            if entry.provenance == "provisional" and not entry.reason.strip():
                raise DataError(f"{self.path}: table {table_id} is provisional and gives no reason")
            values, built[table_id] = self._checked(table_id, entry.values, str(self.path))
            entries[table_id] = msgspec.structs.replace(entry, values=values)
        return entries, MappingProxyType(built)

    # -- reading through a state -------------------------------------------------------------
    def of(self, state: State) -> Tables:
        """The tables the game of ``state`` is played with: its overlay's over the defaults."""
        overlay = state.options.get(OPTION)
        if overlay is None:
            return self.defaults
        return self.of_overlay(overlay)

    def of_overlay(self, overlay: Mapping[str, Any]) -> Tables:
        """The tables of a normalized overlay (``normalize``), built once per digest."""
        digest = overlay.get("digest")
        found = self._built.get(digest) if isinstance(digest, str) else None
        if found is not None:
            return found
        normal = self.normalize(overlay, "the game's rules overlay")
        if normal is None:
            return self.defaults
        built = dict(self.defaults)
        for table, values in normal["tables"].items():
            built[table] = self.kinds[table].make(values)
        found = MappingProxyType(built)
        with self._lock:
            if len(self._built) >= KEPT:
                self._built.pop(next(iter(self._built)))
            self._built[normal["digest"]] = found
        return found

    # -- overlays ----------------------------------------------------------------------------
    def normalize(self, raw: Any, where: str) -> dict[str, Any] | None:
        """The option value of the overlay ``raw`` (from ``where``, as errors name it): its
        name, the tables that differ from the game's, checked and as plain data, and their
        digest; None if it changes no table. A ``digest`` given must be theirs."""
        if not isinstance(raw, Mapping):
            raise DataError(f"{where}: an overlay is a mapping with 'game', 'name' and 'tables'")
        unknown = sorted(str(key) for key in raw if key not in _KEYS)
        if unknown:
            raise DataError(f"{where}: unknown key {unknown[0]!r}; an overlay has {_named(_KEYS)}")
        if raw.get("game", self.game) != self.game:
            raise DataError(f"{where}: an overlay for {raw['game']!r}, not {self.game}")
        name = raw.get("name") or ""
        if not isinstance(name, str) or len(name) > 200:
            raise DataError(f"{where}: its name must be a line of text (200 characters at most)")
        given = raw.get("tables")
        if not isinstance(given, Mapping):
            raise DataError(f"{where}: 'tables' must map table names to their values")
        self._check_ids(given, where, every=False)
        tables = {}
        for table_id, values in given.items():
            plain, built = self._checked(table_id, values, where)
            if built != self.defaults[table_id]:
                tables[table_id] = plain
        if not tables:
            return None
        digest = overlay_digest(self.game, tables)
        if raw.get("digest", digest) != digest:
            raise DataError(f"{where}: its digest is not the digest of its tables")
        return {"name": name.strip(), "digest": digest, "tables": tables}

    def read(self, path: Path) -> dict[str, Any] | None:
        """The overlay in the file at ``path`` (``normalize``), named after the file if it names
        itself not."""
        raw = parse_overlay(read_limited(path, MAX_OVERLAY_BYTES), str(path))
        if isinstance(raw, dict) and not raw.get("name"):
            raw = {**raw, "name": path.name}
        return self.normalize(raw, str(path))

    def _check_ids(self, given: Mapping[Any, Any], where: str, *, every: bool) -> None:
        unknown = sorted(str(table) for table in given if table not in self.kinds)
        if unknown:
            raise DataError(f"{where}: no table {unknown[0]!r}; the tables: {_named(self.kinds)}")
        missing = sorted(set(self.kinds) - set(given)) if every else []
        if missing:
            raise DataError(f"{where}: table {missing[0]} is missing")

    def _checked(self, table_id: str, values: Any, where: str) -> tuple[Any, Any]:
        """``values`` as plain data, and built, once they fit the table's schema and build."""
        kind = self.kinds[table_id]
        try:
            converted = msgspec.convert(_string_keys(values), kind.schema)
            built = kind.make(converted)
        except msgspec.ValidationError as error:
            raise DataError(f"{where}: table {table_id}{_where(error)}") from None
        except (ValueError, ArithmeticError) as error:
            raise DataError(f"{where}: table {table_id}: {error}") from None
        return msgspec.to_builtins(converted), built

    # -- what players read -------------------------------------------------------------------
    def title(self, table: str, lang: str) -> str:
        """A table's title in ``lang`` (English where it has none in that language)."""
        entry = self.entries.get(table)
        if entry is None:
            return table
        return entry.title_ja if lang == "ja" and entry.title_ja else entry.title

    def listing(self) -> list[dict[str, Any]]:
        """Every table with its title, rule, provenance, source, reason and values."""
        return [
            {"id": table, **msgspec.to_builtins(entry)} for table, entry in self.entries.items()
        ]

    def template(self) -> str:
        """An overlay of every table as the game has it, commented, for a player to edit."""
        lines = [
            f"# A rules overlay of {self.game}: change each value that your printed charts give",
            "# otherwise. A table is replaced whole; one left as it is changes nothing.",
            "# Where each table comes from: seed, the Japanese translation of the rulebook;",
            "# rulebook, the English rulebook; reconstructed, rebuilt from other public sources;",
            "# provisional, designed by this edition where no source gives it.",
            f"game: {self.game}",
            "name: My printed charts",
            "tables:",
        ]
        for table, entry in self.entries.items():
            lines.append(f"  # {entry.title} (rule {entry.ref}; {entry.provenance})")
            if entry.reason:
                lines.append(f"  # {entry.reason}")
            lines += ["  " + line for line in dump_yaml({table: entry.values}).splitlines()]
        return "\n".join(lines) + "\n"


def overlay_digest(game: str, tables: Mapping[str, Any]) -> str:
    """The SHA-256 of the canonical JSON of a game's replaced tables."""
    return hashlib.sha256(_CANONICAL.encode({"game": game, "tables": tables})).hexdigest()


def parse_overlay(text: bytes | str, where: str) -> Any:
    """The data of an overlay's YAML (or JSON) text, at most ``MAX_OVERLAY_BYTES``: YAML's
    aliases are refused (a few lines of them can stand for millions of values)."""
    size = len(text.encode() if isinstance(text, str) else text)
    if size > MAX_OVERLAY_BYTES:
        raise DataError(f"{where}: an overlay is {MAX_OVERLAY_BYTES // 1024} KB at most")
    try:
        if any(isinstance(event, yaml.AliasEvent) for event in yaml.parse(text, SAFE_LOADER)):
            raise DataError(f"{where}: an overlay may not use YAML aliases (*name)")
        return yaml.load(text, Loader=SAFE_LOADER)
    except yaml.YAMLError as error:
        first_line = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise DataError(f"{where}: not valid YAML: {first_line}") from None
    except RecursionError:
        raise DataError(f"{where}: nested too deeply") from None


def dump_yaml(values: Any) -> str:
    return str(yaml.safe_dump(values, allow_unicode=True, sort_keys=False))


def overlay_summary(options: Mapping[str, Any]) -> dict[str, Any] | None:
    """The overlay of a game's options as players are told of it: name, digest, tables replaced."""
    overlay = options.get(OPTION)
    if not isinstance(overlay, Mapping):
        return None
    return {
        "name": overlay.get("name", ""),
        "digest": overlay.get("digest", ""),
        "tables": sorted(overlay.get("tables", {})),
    }


def _string_keys(value: Any) -> Any:
    """``value`` with every mapping key a string, as JSON has them (YAML reads ``1943:`` as a
    number)."""
    if isinstance(value, Mapping):
        return {str(key): _string_keys(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_string_keys(item) for item in value]
    return value


def _where(error: msgspec.ValidationError) -> str:
    """msgspec's "Expected `int`, got `str` - at `$.ratings[...]`" as "field ratings: ...", and
    "... - at `key` in `$.terrain`" as "field terrain (a key): ..."."""
    message, _, location = str(error).partition(" - at ")
    key = location.startswith("`key` in ")
    field = location.removeprefix("`key` in ").strip("`").removeprefix("$").lstrip(".")
    if not field:
        return f": {message}"
    return f", field {field}{' (a key)' if key else ''}: {message}"


def _named(names: Mapping[str, Any] | frozenset[str]) -> str:
    return ", ".join(sorted(names))
