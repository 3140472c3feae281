"""Detection and the fog of war (14.01-14.06): which enemy units each side sees, and what a side
is shown of the others.

Decisions (provisional: the Detection chapter and the Detection/Combat Range Table are lost;
Aegean Strike keeps Gulf Strike's detection rules unchanged, supplement S2, so these follow that
system's spirit: aircraft are tracked, ships must be searched for, ground units are seen close up)
- Aircraft are always seen (14.01-14.03): an airbase is a fixed installation whose aircraft the
  enemy knows, a carrier's flight deck betrays it, and a mission group in the air is tracked by
  the radar chain from launch; only its marker stays face down (9.03). EWDA always shows: it is
  an emitter. So every air unit, EWDA and airbase is shown to both sides.
- A naval unit is detected (14.04 air-to-ship, 14.05 ship-to-ship) by a side when it lies within
  the surface range (a submarine: the submarine range) of one of that side's detectors in table
  ``detection``: its EWDA on the map, its airbases, its ships by class, its ground units (coast
  watch), its air units at their bases (air search: ASW aircraft far out, other combat aircraft
  nearer; transports do not search), its special forces on reconnaissance (11.12) in the hex
  each watches. A carrier is always detected: its air group's flying and
  its radars give it away, and the aircraft based on it are seen (above).
- A ground unit is detected (14.01, extended to ground units, whose detection the table of
  contents does not name) when it lies within the ``ground`` range of a detector of the other
  side: next to an enemy ground unit (range 1), near an enemy airbase or a combat aircraft's base
  (tactical reconnaissance), by a ship on the coast, two hexes around the hex special forces on
  reconnaissance watch (11.12). A ground unit aboard a ship is detected when the ship is.
- A unit that fights (fires, is fired at, attacks or defends) is detected by the other side until
  it moves (``data["fought"]``: the hex it fought in).
- Detection is by range alone, with no die roll: it is worked out from the position whenever it
  is asked, so it never needs undoing, and an action that reveals a unit cannot be taken back.
  The table's chances wait for the lost procedure.
- Between the maps (14.06) a range is counted as every distance is (``state.distance``): on the
  strategic grid, a strategic hex worth ten operational hexes.
- Undetected units cannot be attacked (spec 4.1.7, seed [D]): missions, strikes and naval fire
  list detected targets only.
- What a side is shown of an undetected enemy unit: a blank in its hex (``board["unseen"]``:
  ``{blank, owner, where, public: {kind}}``, kind ``naval`` or ``ground``), its id nowhere: not in
  the board, the stack, the legal actions or the log (a log line naming it reaches the other side
  with the unit as ``unknown``). A ground unit aboard an undetected ship is not shown at all.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterable, Mapping
from functools import cache, lru_cache
from typing import Any, Final

from wargame.engine import fog
from wargame.engine.contract import Secrets
from wargame.engine.errors import GameBug
from wargame.engine.log import Event, PublicForm, Side
from wargame.engine.rng import RandomSource
from wargame.engine.state import copy_data
from wargame.games.aegean_strike import state
from wargame.games.aegean_strike.forces import forces
from wargame.games.aegean_strike.registry import RULES

NO_UNIT_IDS: Final = frozenset(
    {"air", "ewda", "airbases", "nations", "sp", "eliminated", "score", "bridges", "depots"}
)
"""The keys of the data that never name a naval or ground unit in play (the board's units are
naval and ground records by id; the eliminated are out of the fog)."""
UNKNOWN: Final = "unknown"
"""What a side reads in place of the id of a unit it does not see."""
NAVAL: Final = "naval"
GROUND: Final = "ground"
CLASSES: Final = ("surface", "submarine", "ground")
RECON: Final = "special_forces"
"""The detector a special forces unit on reconnaissance (11.12) is, in the hex it watches."""
Hidden = Mapping[str, frozenset[str]]
"""For each side, the ids of the other side's units it does not see."""

AIRCRAFT_SEEN: Final = "aircraft, EWDA and airbases are always seen"
RULES.stand_in("14.01", "ground units seen within a detector's ground range", key="fog")
RULES.stand_in("14.02", AIRCRAFT_SEEN, key="all_detected")
RULES.stand_in("14.03", AIRCRAFT_SEEN, key="fog")
RULES.stand_in("14.04", "ships seen within a detector's range; carriers always", key="fog")
RULES.stand_in("14.05", "ships seen within a ship's range; fighting reveals", key="fog")
RULES.stand_in("14.06", "ranges between the maps on the strategic grid", key="fog")


# -- who detects what ----------------------------------------------------------------------------
@cache
def target_class(uid: str) -> str:
    category = forces().category(state.unit(uid))
    if category == GROUND:
        return GROUND
    kind = forces().naval_types[state.unit(uid).type].category
    return "submarine" if kind == "submarine" else "surface"


def always_seen(uid: str) -> bool:
    """A carrier is always detected (see the module's decisions)."""
    return state.carries_air(uid)


@cache
def air_detector(uid: str) -> str | None:
    """The detector an air unit at its base is: ASW aircraft search far, others nearer."""
    if forces().air_kind(state.unit(uid)) != "combat":
        return None
    return "asw_air" if state.air_values(uid).underwater > 0 else "air_combat"


@cache
def naval_detector(uid: str) -> str | None:
    """The detector a ship is; transports do not search."""
    kind = forces().naval_types[state.unit(uid).type].category
    return {"carrier": "carrier", "submarine": "submarine", "surface": "surface_ship"}.get(kind)


@cache
def ground_detector(uid: str) -> str:
    return "ground_anti_air" if state.ground_values(uid).anti_air > 0 else "ground_unit"


@RULES.implements("14.01", "14.04", "11.12")
def detectors(data: Mapping[str, Any], side: str) -> list[tuple[str, str]]:
    """Every detector of ``side``: (hex, kind of table ``detection``)."""
    found = [
        (state.base_hex(data, b) or "", "airbase")
        for b in data["airbases"]
        if state.base_side(data, b) == side
    ]
    found += [(h, "ewda") for u, h in data["ewda"].items() if h and state.side_of(data, u) == side]
    for uid, record in data["naval"].items():
        kind = naval_detector(uid)
        if kind is not None and state.side_of(data, uid) == side:
            found.append((record["hex"], kind))
    for uid, record in data["ground"].items():
        if record["hex"] and state.side_of(data, uid) == side:
            found.append((record["hex"], ground_detector(uid)))
            if record.get("recon"):
                found.append((record["special_op"], RECON))
    for uid, record in data["air"].items():
        kind = air_detector(uid)
        if kind is not None and state.side_of(data, uid) == side:
            found.append((state.base_hex(data, record["base"]) or "", kind))
    return [(h, k) for h, k in found if h]


def _ranges(table: Any, data: Mapping[str, Any], side: str) -> dict[str, dict[str, int]]:
    """For each target class, each detector hex of ``side`` with its longest range there."""
    found: dict[str, dict[str, int]] = {name: {} for name in CLASSES}
    for hex_id, kind in detectors(data, side):
        row = table.detectors[kind]
        for name in CLASSES:
            reach = int(getattr(row, name).range)
            if reach > found[name].get(hex_id, -1):
                found[name][hex_id] = reach
    return found


def where(data: Mapping[str, Any], uid: str) -> str | None:
    """A naval or ground unit's hex; a ground unit aboard a ship: None."""
    record = data["naval"].get(uid) or data["ground"][uid]
    return record["hex"] or None


@RULES.implements("14.01", "14.04", "14.05", "14.06")
def _compute(table: Any, data: Mapping[str, Any]) -> dict[str, frozenset[str]]:
    hidden: dict[str, frozenset[str]] = {}
    fought = data.get("fought", {})
    for side in state.SIDES:
        ranges = _ranges(table, data, side)
        unseen = set()
        for uid in [*data["naval"], *data["ground"]]:
            if state.side_of(data, uid) == side:
                continue
            here = where(data, uid)
            if here is None or always_seen(uid) or fought.get(uid) == here:
                continue
            if not _within(ranges[target_class(uid)], here):
                unseen.add(uid)
        for uid, record in data["ground"].items():  # cargo shares its ship's fate
            if record["hex"] is None and record.get("aboard") in unseen:
                unseen.add(uid)
        unseen.update(_unnamed_breakdowns(data, unseen))
        hidden[side] = frozenset(unseen)
    return hidden


def _unnamed_breakdowns(data: Mapping[str, Any], unseen: set[str]) -> list[str]:
    """The divisions broken down this stage (11.10) none of whose regiments on the map the side
    sees: the blanks show that a unit split, never which division it was."""
    found = []
    for division in data.get("reorganised", ()):
        if division in data["ground"]:
            continue
        regiments = [r for r in forces().breakdowns.get(division, ()) if r in data["ground"]]
        if regiments and all(r in unseen for r in regiments):
            found.append(division)
    return found


def _within(ranges: Mapping[str, int], here: str) -> bool:
    return any(_distance(h, here) <= reach for h, reach in ranges.items() if reach > 0)


@lru_cache(maxsize=1 << 17)
def _distance(a: str, b: str) -> int:
    """``state.distance``, kept: detection asks it of the same pairs again and again."""
    return state.distance(a, b)


_KEPT: Final = 64
_MEMO: OrderedDict[tuple[Any, ...], tuple[Any, dict[str, frozenset[str]]]] = OrderedDict()


def _position(data: Mapping[str, Any]) -> tuple[Any, ...]:
    """What detection depends on, as a key."""
    return (
        tuple((u, r["hex"], r.get("aboard")) for u, r in data["naval"].items()),
        tuple(
            (u, r["hex"], r.get("aboard"), r.get("recon") and r["special_op"])
            for u, r in data["ground"].items()
        ),
        tuple(data["ewda"].items()),
        tuple((u, r["base"]) for u, r in data["air"].items()),
        tuple(data["airbases"]),
        tuple(data.get("fought", {}).items()),
        tuple(data["nations"].items()),
        tuple(data.get("reorganised", ())),
    )


def hidden_units(g_tables: Mapping[str, Any], data: Mapping[str, Any]) -> Hidden:
    """For each side, the other side's units it does not detect now (kept for the last
    positions asked: views, legal actions and secrets ask of one position in turn)."""
    table = g_tables["detection"]
    key = (id(table), _position(data))
    kept = _MEMO.get(key)
    if kept is not None and kept[0] is table:
        _MEMO.move_to_end(key)
        return kept[1]
    found = _compute(table, data)
    _MEMO[key] = (table, found)
    if len(_MEMO) > _KEPT:
        _MEMO.popitem(last=False)
    return found


def hidden_from(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], viewer: Side | None
) -> frozenset[str] | set[str]:
    """The units ``viewer`` does not see (a spectator: those either side does not see)."""
    hidden = hidden_units(g_tables, data)
    if viewer is None:
        return set().union(*hidden.values())
    return hidden[viewer]


def stand_ins(data: Mapping[str, Any], gone: Iterable[str]) -> dict[str, str]:
    """What a viewer reads for each unit ``gone``: ``?<owner>.<kind>.<hex>``, what its blank
    shows, or ``unknown`` for a unit aboard a ship."""
    found = {}
    for uid in gone:
        on_map = uid in data[NAVAL] or uid in data[GROUND]
        here = where(data, uid) if on_map else None
        kind = NAVAL if uid in data[NAVAL] else GROUND
        owner = state.side_of(data, uid)
        found[uid] = UNKNOWN if here is None else stand_in(owner, kind, here)
    return found


def stand_in(owner: str, kind: str, hex_id: str) -> str:
    return f"?{owner}.{kind}.{hex_id}"


# -- fighting reveals ----------------------------------------------------------------------------
@RULES.implements("14.05")
def fought(data: dict[str, Any], units: Iterable[str]) -> None:
    """The units fought: each is detected by the other side until it moves."""
    record = data.setdefault("fought", {})
    for uid in units:
        here = where(data, uid) if uid in data["naval"] or uid in data["ground"] else None
        if here is not None:
            record[uid] = here


def settle(data: dict[str, Any]) -> None:
    """Forget the units that fought and moved since, or left play."""
    record = data.get("fought")
    if record:
        for uid in [u for u, h in record.items() if not _still(data, u, h)]:
            del record[uid]


def _still(data: Mapping[str, Any], uid: str, hex_id: str) -> bool:
    in_play = uid in data["naval"] or uid in data["ground"]
    return in_play and where(data, uid) == hex_id


# -- what a viewer is shown ----------------------------------------------------------------------
def fogged(data: Mapping[str, Any], hidden: Hidden) -> fog.Units:
    """The naval and ground units on the map as the engine's fogged units: each seen by its
    owner and, if detected, by the other side."""
    units: fog.Units = {}
    for key in (NAVAL, GROUND):
        for uid, record in data[key].items():
            if not record["hex"]:
                continue
            owner = state.side_of(data, uid)
            unit = fog.new_unit(owner, record["hex"], {"kind": key}, {"type": state.unit(uid).type})
            enemy = state.other(owner)
            if uid not in hidden[enemy]:
                unit["seen"] = {enemy: fog.EVER}
            units[uid] = unit
    return units


@RULES.implements("14.02", "14.03")
def redacted(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], viewer: Side | None
) -> dict[str, Any]:
    """A copy of ``data`` as ``viewer`` sees it: the units it does not see left out, their
    ids gone from every list and record, a blank in each one's hex (``unseen``)."""
    hidden = hidden_units(g_tables, data)
    gone = hidden_from(g_tables, data, viewer)
    names = stand_ins(data, gone)
    shown = {
        key: copy_data(value) if key in NO_UNIT_IDS or not names else scrub(value, names)
        for key, value in data.items()
    }
    units = fogged(data, hidden)
    shown["unseen"] = fog.fog_view(units, viewer, state.SIDES)["blanks"] if gone else []
    return shown


def scrub(value: Any, names: Mapping[str, str]) -> Any:
    """``value`` with each string of ``names`` replaced by what it maps to, and the records
    keyed by one left out."""
    if not names:
        return value
    if isinstance(value, dict):
        return {k: scrub(v, names) for k, v in value.items() if k not in names}
    if isinstance(value, list):
        return [scrub(v, names) for v in value]
    if type(value) is str:
        return names.get(value, value)
    return value


def secrets(g_tables: Mapping[str, Any], data: Mapping[str, Any]) -> Secrets:
    """What each viewer may not see of the units it does not detect (``fog.fog_secrets``),
    and the ids of cargo aboard undetected ships."""
    hidden = hidden_units(g_tables, data)
    found = fog.fog_secrets(fogged(data, hidden), state.SIDES)
    for viewer in [None, *state.SIDES]:
        found.unnamed.setdefault(viewer, set()).update(hidden_from(g_tables, data, viewer))
    return found


# -- the log -------------------------------------------------------------------------------------
def redact_log(log: list[Event], since: int, hidden: Hidden) -> None:
    """The lines written from ``since`` on that name a unit a side does not see go in full only
    to the sides that see every unit they name; the others read them with ``unknown``."""
    for index in range(since, len(log)):
        event = log[index]
        gone = set().union(*hidden.values()) & _names(event.params)
        if not gone:
            continue
        if event.to is not None:
            if event.public is not None:
                params = scrub(copy_data(event.public.params), dict.fromkeys(gone, UNKNOWN))
                log[index] = Event(
                    event.key, event.params, event.to, PublicForm(event.public.key, params)
                )
            continue
        audience = [side for side in state.SIDES if not (hidden[side] & gone)]
        public = PublicForm(event.key, scrub(copy_data(event.params), dict.fromkeys(gone, UNKNOWN)))
        log[index] = Event(event.key, event.params, audience, public)


def _names(value: Any) -> set[str]:
    if type(value) is str:
        return {value}
    if isinstance(value, dict):
        return {n for item in value.values() for n in _names(item)}
    if isinstance(value, list):
        return {n for item in value for n in _names(item)}
    return set()


# -- determinization -----------------------------------------------------------------------------
def sample(
    g_tables: Mapping[str, Any], view: Mapping[str, Any], side: str, rng: RandomSource
) -> tuple[dict[str, Any], Any]:
    """The board and the stack of ``view``, each blank drawn among the other side's naval or
    ground units in play that the view does not show (arrived, not eliminated, not a carrier,
    which would be seen), placed in the blank's hex; each ``?<owner>.<kind>.<hex>`` read as a
    unit drawn there. A naval blank within ``side``'s surface search is a submarine."""
    data = copy_data(dict(view["board"]))
    stack = copy_data(view["stack"])
    if not data.get("unseen"):
        data.pop("unseen", None)
        return data, stack
    names: dict[str, str] = {}
    for blank, uid in _drawn(g_tables, data, side, str(view["scenario"]), rng):
        names[stand_in(blank["owner"], blank["public"]["kind"], blank["where"])] = uid
        if blank["public"]["kind"] == NAVAL:
            data[NAVAL][uid] = {"hex": blank["where"], "hits": 0, "in_port": False}
        else:
            data[GROUND][uid] = {"hex": blank["where"], "aboard": None, "hits": 0}
    del data["unseen"]
    return scrub(data, names), scrub(stack, names)


def _drawn(
    g_tables: Mapping[str, Any],
    data: Mapping[str, Any],
    side: str,
    scenario: str,
    rng: RandomSource,
) -> list[tuple[Any, str]]:
    """Each blank with the unit drawn for it, without replacement: the blanks that must be
    submarines first; a unit due later only when none that has arrived is left (a unit brought
    into play otherwise than on its set-up turn)."""
    blanks = data["unseen"]
    pools, late = _candidates(data, side, scenario)
    _break_down_to_fill(pools, late, sum(b["public"]["kind"] == GROUND for b in blanks))
    searched = _ranges(g_tables["detection"], data, side)["surface"]
    must = [b["public"]["kind"] == NAVAL and _within(searched, b["where"]) for b in blanks]
    found = []
    for blank, submarine in sorted(zip(blanks, must, strict=True), key=lambda p: not p[1]):
        kind = blank["public"]["kind"]
        pool = _pool(pools, kind, submarine) or _pool(late, kind, submarine)
        if not pool:
            raise GameBug(f"no unit left for the blank {blank['blank']}")
        uid = pool[rng.below(len(pool))]
        for each in [*pools.values(), *late.values()]:
            if uid in each:
                each.remove(uid)
        found.append((blank, uid))
    return found


def _pool(pools: Mapping[str, list[str]], kind: str, submarine: bool) -> list[str]:
    if kind == GROUND:
        return pools[GROUND]
    return pools["submarine"] if submarine else [*pools["submarine"], *pools[NAVAL]]


Pools = dict[str, list[str]]


def _candidates(data: Mapping[str, Any], side: str, scenario: str) -> tuple[Pools, Pools]:
    """The other side's units that a blank may be, by kind (submarines apart): those arrived by
    now, and those due later."""
    enemy = state.other(side)
    shown = {*data["naval"], *data["ground"], *data["eliminated"]}
    broken = set(data.get("reorganised", ()))  # named: not on the map, so broken down
    arrived: Pools = {"submarine": [], NAVAL: [], GROUND: []}
    late: Pools = {"submarine": [], NAVAL: [], GROUND: []}
    for placement in sorted(forces().setup(scenario), key=lambda p: p.unit):
        uid = placement.unit
        kind = forces().category(state.unit(uid))
        if (
            data["nations"].get(state.nation(uid)) == enemy
            and kind in (NAVAL, GROUND)
            and uid not in shown
            and not always_seen(uid)
        ):
            name = "submarine" if kind == NAVAL and target_class(uid) == "submarine" else kind
            (arrived if placement.turn <= data["turn"] else late)[name].extend(
                _in_play(uid, shown, broken)
            )
    return arrived, late


def _in_play(uid: str, shown: set[str], broken: set[str]) -> list[str]:
    """What a unit not shown may stand for on the map: a division one of whose regiments is
    shown, or that the reorganised list names (a division there on the map, recombined, would
    be hidden, named by a stand-in), has been broken down (11.10), so its regiments not shown
    stand in its place."""
    regiments = forces().breakdowns.get(uid, ())
    if regiments and (uid in broken or any(regiment in shown for regiment in regiments)):
        return [regiment for regiment in regiments if regiment not in shown]
    return [uid]


def _break_down_to_fill(arrived: Pools, late: Pools, blanks: int) -> None:
    """Divisions drawn as broken down (11.10), in their order, while the ground units that
    may be drawn are fewer than the ground blanks: a division broken down into regiments none
    of which is seen shows as three blanks."""
    for pool in (arrived[GROUND], late[GROUND]):
        for division in [uid for uid in pool if uid in forces().breakdowns]:
            if len(arrived[GROUND]) + len(late[GROUND]) >= blanks:
                return
            pool.remove(division)
            pool.extend(forces().breakdowns[division])
