"""Hidden units: blocks whose identity and strength only some sides see (DESIGN 2.1).

A game keeps its fogged units as plain data in its state, a dict from each unit's id to a
:class:`Unit`: its ``owner``, ``where`` it stands, its ``public`` part (what every side sees of a
blank block: its colour, its size class), its ``hidden`` part (its type, its steps, the carrier
box it matches) and ``seen``, the sides it is revealed to and until when:

* ``EVER``: for good (an eliminated block, shown to all);
* ``UNTIL_MOVED``: until it moves unwatched or changes in secret (what a side saw stays true);
* any other tag the game names (``"battle:luzon"``), ended by :func:`expire`.

The owner always sees its units; a spectator sees a unit every side sees. :func:`fog_view` is a
viewer's picture of the units (those it sees in full, the others as blanks), :func:`fog_secrets`
what the fuzzer checks views and logs against, and :func:`sample` draws the blanks back into
units for ``determinize``, from that picture alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any, Final, TypedDict

from wargame.engine.contract import Secrets
from wargame.engine.errors import GameBug
from wargame.engine.log import Side
from wargame.engine.rng import RandomSource
from wargame.engine.state import LEAVES, Copier, copy_data, holds_leaves_only

EVER: Final = "ever"
UNTIL_MOVED: Final = "moved"


class Unit(TypedDict):
    owner: Side
    where: str
    public: Mapping[str, str]  # never changed in place: copies share it (UNITS)
    hidden: dict[str, Any]
    seen: Mapping[Side, str]  # never changed in place: copies share it (UNITS)


Units = dict[str, Unit]


def new_unit(
    owner: Side,
    where: str,
    public: Mapping[str, str] | None = None,
    hidden: Mapping[str, Any] | None = None,
) -> Unit:
    """A unit nobody but its owner sees."""
    return Unit(
        owner=owner, where=where, public=dict(public or {}), hidden=dict(hidden or {}), seen={}
    )


def _copy_units(units: Units) -> Units:
    copied = {}
    for unit_id, unit in units.items():
        new = unit.copy()  # its public part and seen shared: never changed in place
        hidden = new["hidden"] = unit["hidden"].copy()
        if not LEAVES.issuperset(map(type, hidden.values())):
            new["hidden"] = copy_data(hidden)
        copied[unit_id] = new
    return copied


def _units_problems(units: Any) -> list[str]:
    return [
        f"unit {unit_id}: its {part} holds a container"
        for unit_id, unit in units.items()
        for part in ("public", "seen")
        if not holds_leaves_only(unit[part])
    ]


UNITS: Final = Copier(_copy_units, _units_problems)
"""The copy of a game's fogged units (its :class:`Units`), whose public part and ``seen`` hold
immutable values only (strings, as :class:`Unit` says): two shallow copies a unit (its public
part and ``seen`` are shared by the copies: this module and the game replace them whole, never
change them in place), and a deep one of a hidden part that holds a container."""


def units_copier(*containers: str) -> Copier:
    """The copy of fogged units whose hidden part holds immutable values only but for the keys
    ``containers`` (a game's choice, checked as :data:`UNITS`'s shape is): as :data:`UNITS`,
    with a copy of each container named, without looking at the type of every hidden value.
    Made of module functions, so that a game holding it pickles (the fuzzer's processes)."""
    return Copier(partial(_copy_units_but, containers), partial(_units_problems_but, containers))


def _copy_units_but(containers: tuple[str, ...], units: Units) -> Units:
    copied: Units = {}
    for unit_id, unit in units.items():  # one pass, dict.copy: a third cheaper than {**unit}
        new = copied[unit_id] = unit.copy()
        hidden = new["hidden"] = unit["hidden"].copy()
        for key in containers:
            if key in hidden:
                hidden[key] = copy_data(hidden[key])
    return copied


def _units_problems_but(containers: tuple[str, ...], units: Any) -> list[str]:
    found = _units_problems(units)
    for unit_id, unit in units.items():
        flat = {key: value for key, value in unit["hidden"].items() if key not in containers}
        if not holds_leaves_only(flat):
            found.append(f"unit {unit_id}: its hidden part holds a container not declared")
    return found


def sees(unit: Unit, viewer: Side | None, sides: Sequence[Side]) -> bool:
    """Whether ``viewer`` (None: a spectator) sees ``unit`` in full."""
    if viewer is None:
        return all(side == unit["owner"] or side in unit["seen"] for side in sides)
    return viewer == unit["owner"] or viewer in unit["seen"]


def audience(unit: Unit, sides: Sequence[Side]) -> list[Side]:
    """The sides that see ``unit``: those a log line naming it may go to in full (the others
    read its public form, ``Context.log_private``)."""
    return [side for side in sides if sees(unit, side, sides)]


def reveal(units: Units, ids: Iterable[str], to: Iterable[Side], until: str) -> None:
    """Show the units ``ids`` to the sides ``to`` until ``until`` (a permanent reveal stays).
    A reveal cannot be taken back: the game calls ``Context.reveal`` too."""
    sides = list(to)
    for unit_id in ids:
        unit = _unit(units, unit_id)
        for side in sides:
            if side != unit["owner"] and unit["seen"].get(side) != EVER:
                unit["seen"] = {**unit["seen"], side: until}  # replaced: copies share it


def expire(units: Units, until: str, becomes: str | None = None) -> None:
    """End the reveals tagged ``until``; with ``becomes``, they last on under that tag instead
    (a battle's reveals that stay true until the units move: ``UNTIL_MOVED``)."""
    if until == EVER:
        raise GameBug("a permanent reveal never ends")
    for unit in units.values():
        seen = unit["seen"]
        if until in seen.values():  # replaced, never changed in place: copies share it
            if becomes is None:
                unit["seen"] = {side: tag for side, tag in seen.items() if tag != until}
            else:
                unit["seen"] = {
                    side: becomes if tag == until else tag for side, tag in seen.items()
                }


def move(units: Units, unit_id: str, where: str, openly: bool = False) -> None:
    """Move a unit. Unless the move is made ``openly`` (a revealed unit retreating in plain
    sight), it ends the reveals that last until it moves."""
    unit = _unit(units, unit_id)
    unit["where"] = where
    if not openly:
        _forget(unit, {UNTIL_MOVED})


def conceal(units: Units, unit_id: str) -> None:
    """End every reveal of a unit but the permanent ones: its hidden part changed in secret (a
    replacement step bought)."""
    unit = _unit(units, unit_id)
    unit["seen"] = {side: tag for side, tag in unit["seen"].items() if tag == EVER}


def _forget(unit: Unit, tags: set[str]) -> None:
    unit["seen"] = {side: tag for side, tag in unit["seen"].items() if tag not in tags}


def _unit(units: Units, unit_id: str) -> Unit:
    found = units.get(unit_id)
    if found is None:
        raise GameBug(f"no fogged unit {unit_id!r}")
    return found


# -- what a viewer sees --------------------------------------------------------------------


def fog_view(units: Units, viewer: Side | None, sides: Sequence[Side]) -> dict[str, Any]:
    """``viewer``'s picture of ``units``, as JSON data: ``units``, those it sees in full (each
    with its ``id``), by id; ``blanks``, the others, each ``{"blank", "owner", "where",
    "public", "seen"}``, where ``blank`` is a name (``?red.luzon.1``) that depends on nothing
    hidden. Blanks are ordered by what is shown of them, never by what is hidden."""
    shown = []
    blank_units = []
    for unit_id in sorted(units):
        unit = units[unit_id]
        if sees(unit, viewer, sides):
            shown.append(_full(unit_id, unit))
        else:
            blank_units.append(unit)
    return {"units": shown, "blanks": _blanks(blank_units)}


def _full(unit_id: str, unit: Unit) -> dict[str, Any]:
    return {
        "id": unit_id,
        "owner": unit["owner"],
        "where": unit["where"],
        "public": dict(unit["public"]),
        "hidden": dict(unit["hidden"]),
        "seen": dict(unit["seen"]),
    }


def _blanks(hidden: Iterable[Unit]) -> list[dict[str, Any]]:
    """The units as blanks, named and ordered by what is shown of them."""
    counts: dict[tuple[str, str], int] = {}
    named = []
    for face in sorted((_face(unit) for unit in hidden), key=_face_key):
        place = (face["owner"], face["where"])
        counts[place] = counts.get(place, 0) + 1
        named.append({"blank": f"?{place[0]}.{place[1]}.{counts[place]}", **face})
    return named


def _face(unit: Unit) -> dict[str, Any]:
    return {
        "owner": unit["owner"],
        "where": unit["where"],
        "public": dict(unit["public"]),
        "seen": dict(unit["seen"]),
    }


def _face_key(face: Mapping[str, Any]) -> tuple[Any, ...]:
    return (
        face["where"],
        face["owner"],
        sorted(face["public"].items()),
        sorted(face["seen"].items()),
    )


# -- secrets for the fuzzer ----------------------------------------------------------------


def fog_secrets(units: Units, sides: Sequence[Side]) -> Secrets:
    """What no viewer may be shown of the units it does not see (``Secrets.withheld``): a
    unit's id next to where it stands or to a hidden value of it, and any id or hidden value of
    the units of a blank's group (owner and place) next to the blank's name; and the unit's id
    anywhere (``Secrets.unnamed``), since an id names what a unit is."""
    withheld: dict[Side | None, set[tuple[str, str]]] = {}
    unnamed: dict[Side | None, set[str]] = {}
    for viewer in [None, *sides]:
        hidden = [
            (unit_id, unit) for unit_id, unit in units.items() if not sees(unit, viewer, sides)
        ]
        facts = {(unit_id, word) for unit_id, unit in hidden for word in _words_about(unit)}
        of_place: dict[tuple[str, str], set[str]] = {}
        for unit_id, unit in hidden:
            of_place.setdefault((unit["owner"], unit["where"]), set()).update(
                [unit_id, *_hidden_words(unit)]
            )
        for face in _blanks(unit for _, unit in hidden):
            words = of_place[(face["owner"], face["where"])] - _words_of(face)
            facts |= {(face["blank"], word) for word in words}
        withheld[viewer] = facts
        unnamed[viewer] = {unit_id for unit_id, _ in hidden}
    return Secrets(withheld=withheld, unnamed=unnamed)


def _words_about(unit: Unit) -> list[str]:
    return [unit["where"], *_hidden_words(unit)]


def _hidden_words(unit: Unit) -> list[str]:
    return [str(value) for value in unit["hidden"].values() if type(value) in (str, int)]


def _words_of(value: Any) -> set[str]:
    if isinstance(value, dict):
        return {str(key) for key in value} | {w for item in value.values() for w in _words_of(item)}
    return {str(value)}


# -- determinization ------------------------------------------------------------------------


@dataclass(frozen=True)
class Candidate:
    """What a blank may turn out to be: a unit of the game's catalogue with its public part and
    the hidden values the catalogue fixes (its type, its carrier box)."""

    id: str
    owner: Side
    public: Mapping[str, str]
    hidden: Mapping[str, Any] = field(default_factory=dict)


Fill = Callable[[Candidate, RandomSource], Mapping[str, Any]]
"""The hidden values the catalogue leaves open (the steps a block has now), drawn."""


def sample(
    shown: Mapping[str, Any],
    candidates: Iterable[Candidate],
    rng: RandomSource,
    fill: Fill | None = None,
) -> Units:
    """The units of a viewer's picture (:func:`fog_view`), blanks drawn from ``candidates``.

    The units shown in full stay as shown (a unit revealed where it stands is that unit); each
    blank becomes a candidate not shown in full, of its owner and public part, drawn without
    replacement, its other hidden values drawn by ``fill``. Candidates left over stay out; the
    game leaves out of ``candidates`` the units it shows apart from the picture (a pile of
    eliminated blocks kept elsewhere in its data). The
    draw reads only the picture, the candidates and ``rng``: two positions a viewer cannot tell
    apart give it the same draws."""
    units: Units = {item["id"]: _restored(item) for item in shown["units"]}
    pools = _pools(candidates, set(units), rng)
    for blank in shown["blanks"]:
        key = _pool_key(blank["owner"], blank["public"])
        pool = pools.get(key)
        if not pool:
            raise GameBug(
                f"no unit of {blank['owner']} with {dict(blank['public'])} left for the blank "
                f"{blank['blank']}"
            )
        drawn = pool.pop()
        hidden = dict(drawn.hidden) | dict(fill(drawn, rng) if fill else {})
        units[drawn.id] = Unit(
            owner=blank["owner"],
            where=blank["where"],
            public=dict(blank["public"]),
            hidden=hidden,
            seen=dict(blank["seen"]),
        )
    return units


def _restored(item: Mapping[str, Any]) -> Unit:
    return Unit(
        owner=item["owner"],
        where=item["where"],
        public=dict(item["public"]),
        hidden=dict(item["hidden"]),
        seen=dict(item["seen"]),
    )


PoolKey = tuple[Side, tuple[tuple[str, str], ...]]


def _pools(
    candidates: Iterable[Candidate], shown: set[str], rng: RandomSource
) -> dict[PoolKey, list[Candidate]]:
    pools: dict[PoolKey, list[Candidate]] = {}
    for candidate in sorted(candidates, key=lambda each: each.id):
        if candidate.id not in shown:
            pools.setdefault(_pool_key(candidate.owner, candidate.public), []).append(candidate)
    for key in sorted(pools):
        rng.shuffle(pools[key])
    return pools


def _pool_key(owner: Side, public: Mapping[str, str]) -> PoolKey:
    return owner, tuple(sorted(public.items()))
