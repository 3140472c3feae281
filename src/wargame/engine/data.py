"""Loading game data files (map, pieces, cards, scenarios) against schemas.

Schemas are :mod:`msgspec` structs. A file is JSON or YAML (by its suffix) and holds either a list
of records or an envelope ``{provenance, ref, source, records: [...]}`` whose ``provenance`` and
``ref`` are the defaults of its records. A record that does not fit its schema fails the load with
a message naming the file, the record (its index and id) and the field.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final, Literal, Protocol, TypeVar

import msgspec
import yaml

from wargame.engine.errors import DataError

Provenance = Literal["seed", "rulebook", "reconstructed", "provisional"]
PROVENANCES: Final = ("seed", "rulebook", "reconstructed", "provisional")

T = TypeVar("T")
U = TypeVar("U")


class Identified(Protocol):
    @property
    def id(self) -> str: ...


Rec = TypeVar("Rec", bound=Identified)
# libyaml's parser when PyYAML was built with it (ten times faster), else the pure-Python one
_SAFE_BASE: Final[type[yaml.SafeLoader]] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_MERGE_TAG: Final = "tag:yaml.org,2002:merge"


class _UniqueKeyLoader(_SAFE_BASE):  # type: ignore[valid-type,misc]
    """YAML's safe loader, refusing a mapping that names a key twice: plain YAML keeps the last
    value silently, so a copy-pasted entry would hide the one above it."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            if key_node.tag == _MERGE_TAG:
                continue
            key = self.construct_object(key_node, deep=deep)
            if isinstance(key, list | dict):
                continue  # an unhashable key: the base loader reports it
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"the key {key!r} is defined twice", key_node.start_mark
                )
            seen.add(key)
        mapping: dict[Any, Any] = super().construct_mapping(node, deep=deep)
        return mapping


SAFE_LOADER: Final = _UniqueKeyLoader
_PATH: Final = re.compile(r" - at `\$(?P<path>[^`]*)`$")
_FIRST_INDEX: Final = re.compile(r"^\[(\d+)\](.*)$")


class Record(msgspec.Struct, kw_only=True, omit_defaults=True):
    """Base of every data record: where the datum comes from and which rule it serves."""

    provenance: Provenance | None = None
    ref: str | None = None


def read_raw(path: Path) -> Any:
    """Parse a JSON or YAML file into plain data, with the file named in any error."""
    try:
        text = path.read_bytes()
    except OSError as error:
        raise DataError(f"{path}: cannot read ({error.strerror})") from None
    try:
        if path.suffix in (".yaml", ".yml"):
            return yaml.load(text, Loader=SAFE_LOADER)
        return msgspec.json.decode(text)
    except (yaml.YAMLError, msgspec.DecodeError) as error:
        first_line = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise DataError(f"{path}: not valid {path.suffix[1:].upper()}: {first_line}") from None


def load_file(path: Path, schema: type[T]) -> T:
    """Load a whole file as one ``schema`` value."""
    loaded: T = convert(read_raw(path), schema, path)
    return loaded


def by_id(records: list[Rec], kind: str) -> dict[str, Rec]:
    """``records`` by their id; DataError naming the ``kind`` of record whose id comes twice."""
    found: dict[str, Rec] = {}
    for record in records:
        if record.id in found:
            raise DataError(f"{kind} {record.id} is defined twice")
        found[record.id] = record
    return found


def load_checked(path: Path, schema: type[T], check: Callable[[T], U]) -> U:
    """What ``check`` makes of the file at ``path`` once it fits ``schema``: a DataError from
    either, in one line, starts with the file's path."""
    data: T = convert(read_raw(path), schema, path)
    try:
        return check(data)
    except DataError as error:
        raise DataError(f"{path}: {error}") from None


def load_records(path: Path, schema: type[T]) -> list[T]:
    """Load a file of records, applying the envelope's provenance and ref defaults."""
    raw = read_raw(path)
    if isinstance(raw, dict) and "records" in raw:
        defaults = {k: raw[k] for k in ("provenance", "ref") if raw.get(k) is not None}
        if isinstance(raw["records"], list):
            raw = [_with_defaults(r, defaults) for r in raw["records"]]
    if not isinstance(raw, list):
        raise DataError(f"{path}: expected a list of records or an object with 'records'")
    records: list[T] = convert(raw, list[schema], path)  # type: ignore[valid-type]
    return records


def _with_defaults(record: Any, defaults: dict[str, Any]) -> Any:
    if not isinstance(record, dict):
        return record
    return {**defaults, **record}


def convert(raw: Any, schema: Any, path: Path) -> Any:
    try:
        return msgspec.convert(raw, schema)
    except msgspec.ValidationError as error:
        raise DataError(describe_error(path, raw, str(error))) from None


def describe_error(path: Path, raw: Any, message: str) -> str:
    """Turn msgspec's ``... - at `$[3].terrain``` into file, record and field."""
    match = _PATH.search(message)
    if match is None:
        return f"{path}: {message}"
    problem = message[: match.start()]
    location = match.group("path")
    where, field_path = _record_and_field(raw, location)
    field_text = f", field {field_path}" if field_path else ""
    return f"{path}: {where}{field_text}: {problem}"


def _record_and_field(raw: Any, location: str) -> tuple[str, str]:
    if location.startswith(".records"):
        location = location[len(".records") :]
        raw = raw.get("records") if isinstance(raw, dict) else raw
    index_match = _FIRST_INDEX.match(location)
    if index_match is None or not isinstance(raw, list):
        return "top level", location.lstrip(".")
    index = int(index_match.group(1))
    record = raw[index] if index < len(raw) else None
    ident = record.get("id") if isinstance(record, dict) else None
    label = f"record {index}" + (f" (id {ident!r})" if ident is not None else "")
    return label, index_match.group(2).lstrip(".")
