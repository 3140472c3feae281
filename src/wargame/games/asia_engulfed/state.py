"""Asia Engulfed's position as data: the blocks in the fog, the open counters, control, tracks and
force pools (spec §0 "Fog of war", §2-4, §2-5), built from a scenario's set-up.

Blocks stand upright facing their owner (spec §0): the other side sees a block's colour and
whether it is a ground block or a fleet where it stands (``public``), never its type, power
(white fleets are US, CW or DEI; purple blocks Nationalist or Communist), steps or, for a CV, its
carrier box (``hidden``). Counters are open: air units, submarines, garrisons. A CBA stands in the
unit box of its carrier (4.21, spec "Unit boxes"): the box is public, the CV it belongs to is not.
What reveals a block (combat 6.23 and 6.63, bombardment 7.22, code-breaking 7.6) comes with the
turn sequence; here every block is seen by its owner only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Final

from wargame.engine.contract import Secrets
from wargame.engine.errors import GameBug
from wargame.engine.fog import Candidate, Fill, Units, fog_secrets, fog_view, new_unit, sample
from wargame.engine.log import Side
from wargame.engine.rng import RandomSource
from wargame.engine.state import Copier, holds_leaves_only
from wargame.games.asia_engulfed.forces import FLEETS, AirUnit, Block, Forces, colour_of, side_of
from wargame.games.asia_engulfed.forces import load as load_forces
from wargame.games.asia_engulfed.scenarios import Placed, Setup, start_pool
from wargame.games.asia_engulfed.scenarios import load as load_setup

SIDES: tuple[Side, Side] = ("japan", "allies")
BOX_PREFIX = "box:"


def _copy_record(record: Mapping[str, Any]) -> dict[str, Any]:
    return {
        key: value.copy() if type(value) in _CONTAINERS else value for key, value in record.items()
    }


def _record_problems(record: Any) -> list[str]:
    if not isinstance(record, dict) or not all(
        type(value) not in _CONTAINERS or holds_leaves_only(value) for value in record.values()
    ):
        return ["is not a record of immutable values and containers of them"]
    return []


_CONTAINERS: Final = (dict, list)
RECORD: Final = Copier(_copy_record, _record_problems)
"""The copy of a record (a dict) whose values are immutable, or dicts and lists of immutable
values only (the naval phase's record, code-breaking's): one shallow copy of it and of each
container, without looking at the type of every value inside them as ``copy_data`` does."""


def _copy_records(record: Mapping[str, Any]) -> dict[str, Any]:
    return {key: _copy_level(value) for key, value in record.items()}


def _copy_level(value: Any) -> Any:
    if type(value) is dict:
        return _copy_record(value)
    if type(value) is list:
        return [item.copy() if type(item) in _CONTAINERS else item for item in value]
    return value


def _records_problems(record: Any) -> list[str]:
    if not isinstance(record, dict) or not all(
        type(value) not in _CONTAINERS or not _record_problems(_as_record(value))
        for value in record.values()
    ):
        return ["is not a record of immutable values, records and lists of records"]
    return []


def _as_record(value: dict[str, Any] | list[Any]) -> dict[Any, Any]:
    return value if isinstance(value, dict) else dict(enumerate(value))


RECORDS: Final = Copier(_copy_records, _records_problems)
"""The copy of a record whose values may also be records (:data:`RECORD`) or lists of dicts
and lists of immutable values (the production phase's record, the supply phases'): one shallow
copy of each container, three levels deep at most."""


def initial_data(scenario_id: str, forces: Forces | None = None) -> dict[str, Any]:
    """The position at the start of ``scenario_id``, before its first turn is played."""
    forces = forces or load_forces()
    setup = load_setup(scenario_id, forces)
    return {
        "scenario": scenario_id,
        "turn": setup.scenario.first_turn,
        "last_turn": setup.scenario.last_turn,
        "units": _blocks(setup, forces),
        "counters": _counters(setup, forces),
        "garrisons": [[power, area] for power, area in setup.garrisons],
        "control": dict(sorted(setup.control.items())),
        "contested": sorted(setup.contested),
        "tracks": dict(sorted(setup.tracks.items())),
        "pools": {power: sorted(ids) for power, ids in sorted(start_pool(setup, forces).items())},
        "removed": sorted(setup.removed),
        "to_come": sorted(forces.added_later(setup.scenario.first_turn) - set(setup.units)),
        "known_in_pool": [],
    }


def _blocks(setup: Setup, forces: Forces) -> Units:
    units: Units = {}
    for placed in setup.units.values():
        block = forces.units[placed.unit]
        if isinstance(block, Block):
            units[block.id] = new_unit(
                side_of(block.power),
                placed.location,
                block_face(block, forces),
                {**block_label(block), "steps": placed.steps},
            )
    return units


def block_face(block: Block, forces: Forces) -> dict[str, str]:
    """What the other side sees of a standing block: its colour, ground block or fleet."""
    kind = "fleet" if block.type in FLEETS else "ground"
    return {"colour": colour_of(block, forces.file.colours), "kind": kind}


def block_label(block: Block) -> dict[str, Any]:
    """What only the block's owner reads on it (but its steps, which change)."""
    label: dict[str, Any] = {"power": block.power, "type": block.type}
    if block.carrier_box is not None:
        label["carrier_box"] = block.carrier_box
    if block.nationality is not None:
        label["nationality"] = block.nationality
    if block.elite:
        label["elite"] = "elite"  # 9.12; a word, so that the fog's secrets name it
    return label


def _counters(setup: Setup, forces: Forces) -> dict[str, dict[str, Any]]:
    """Air units and submarines on the map, open; a CBA in its carrier's unit box (4.21)."""
    return {
        placed.unit: _counter(placed, forces)
        for placed in sorted(setup.units.values(), key=lambda each: each.unit)
        if not isinstance(forces.units[placed.unit], Block)
    }


def _counter(placed: Placed, forces: Forces) -> dict[str, Any]:
    unit = forces.units[placed.unit]
    where = placed.location
    if placed.carrier is not None:
        carrier = forces.units[placed.carrier]
        assert isinstance(carrier, Block) and carrier.carrier_box is not None
        where = BOX_PREFIX + carrier.carrier_box
    counter: dict[str, Any] = {
        "power": unit.power,
        "type": unit.type,
        "where": where,
        "steps": placed.steps,
    }
    if isinstance(unit, AirUnit):
        counter.update(nationality=unit.nationality, elite=unit.elite)
    return counter


# -- what a side sees -----------------------------------------------------------------------

PARATROOPS_IN_PLAY: Final = "paratroops_in_play"  # a track: the option of 13.4 is on
OPEN_KEYS = (
    "scenario", "turn", "last_turn", "counters", "garrisons", "control", "contested", "tracks",
    "removed", "to_come", "known_in_pool",
)  # fmt: skip


def side_view(
    data: Mapping[str, Any], viewer: Side | None, forces: Forces | None = None
) -> dict[str, Any]:
    """``viewer``'s picture of the position (None: a spectator): the open data as it is, the
    blocks through the fog, its own powers' force pools in full and of the other side's pools
    the counters and the blocks' colours only (4.4: a block built from the pool stands hidden)."""
    forces = forces or load_forces()
    own = {p: list(ids) for p, ids in data["pools"].items() if side_of(p) == viewer}
    others = [unit for p, ids in data["pools"].items() if side_of(p) != viewer for unit in ids]
    blocks = [forces.units[unit] for unit in others if isinstance(forces.units[unit], Block)]
    return {
        **{key: data[key] for key in OPEN_KEYS},
        **fog_view(data["units"], viewer, SIDES),
        "pools": own,
        "pool_counters": sorted(u for u in others if not isinstance(forces.units[u], Block)),
        "pool_blocks": _colour_counts(blocks, forces),
    }


def _colour_counts(blocks: Sequence[Any], forces: Forces) -> dict[str, dict[str, int]]:
    counts: dict[str, Counter[str]] = {}
    for block in blocks:
        colours = counts.setdefault(side_of(block.power), Counter())
        colours[colour_of(block, forces.file.colours)] += 1
    return {side: dict(sorted(c.items())) for side, c in sorted(counts.items())}


def secrets(data: Mapping[str, Any], forces: Forces | None = None) -> Secrets:
    """The fog's secrets (engine/fog.py) and the force pools': the ids of a side's pool blocks,
    which only that side may see (which block was built from the pool stays hidden). The turn
    sequence will leave out the blocks the other side knows are there: those eliminated in sight
    (6.23, 6.63: ``known_in_pool``) and the additions it was told of (pools.yaml)."""
    forces = forces or load_forces()
    found = fog_secrets(data["units"], SIDES)
    known = set(data["known_in_pool"])
    for power, ids in data["pools"].items():
        blocks = {u for u in ids if isinstance(forces.units[u], Block) and u not in known}
        found.owned.setdefault(side_of(power), set()).update(blocks)
    return found


# -- determinization -----------------------------------------------------------------------


def catalogue(data: Mapping[str, Any], forces: Forces | None = None) -> list[Candidate]:
    """Every block in the game (neither removed nor still to come) as what a blank may be; the
    paratroops only where their option put them in play (13.4)."""
    forces = forces or load_forces()
    out = set(data["removed"]) | set(data["to_come"])
    optional = forces.file.paratroops if data["tracks"].get(PARATROOPS_IN_PLAY) else []
    return [
        Candidate(block.id, side_of(block.power), block_face(block, forces), block_label(block))
        for block in [*forces.file.blocks, *optional]
        if block.id not in out
    ]


def fill_steps(forces: Forces) -> Fill:
    """A blank's steps, which its label leaves open: any from 1 to the block's printed most."""

    def fill(candidate: Candidate, rng: RandomSource) -> dict[str, int]:
        return {"steps": 1 + rng.below(forces.units[candidate.id].max_steps)}

    return fill


def determinize(
    view: Mapping[str, Any], viewer: Side | None, rng: RandomSource, forces: Forces | None = None
) -> dict[str, Any]:
    """A position ``viewer`` cannot tell from the true one, from its ``view``: the blanks drawn
    from the catalogue, the other side's pool blocks the ones left over."""
    forces = forces or load_forces()
    candidates = catalogue(view, forces)
    known = set(view["known_in_pool"])  # in their pools, as the viewer saw them go
    drawable = [c for c in candidates if c.id not in known]
    units = sample(view, drawable, rng, fill_steps(forces))
    _board_boxed_carriers(view, units, rng, forces)
    pools: dict[str, list[str]] = {p: list(ids) for p, ids in view["pools"].items()}
    left = [c.id for c in candidates if c.id not in units and c.owner != viewer]
    for unit in [*view["pool_counters"], *left]:
        pools.setdefault(forces.units[unit].power, []).append(unit)
    return {
        **{key: view[key] for key in OPEN_KEYS},
        "units": units,
        "pools": {p: sorted(ids) for p, ids in sorted(pools.items())},
    }


def _board_boxed_carriers(
    view: Mapping[str, Any], units: Units, rng: RandomSource, forces: Forces
) -> None:
    """Make each CV whose unit box holds a CBA one of the drawn blocks (a CBA in a box stands
    on its carrier, 4.21), in place of a drawn fleet of its colour, with the steps to carry it
    (4.24); the draw still reads only the picture and ``rng``."""
    shown = {item["id"] for item in view["units"]}
    needed = _boxed_steps(view["counters"])
    carriers = [block for block in forces.file.blocks if block.carrier_box in needed]
    keep = shown | {cv.id for cv in carriers}
    per_step = forces.file.limits.cba_steps_per_cv_step.value
    for cv in sorted(carriers, key=lambda block: block.id):
        if cv.id not in units:
            _swap_in(units, cv, keep, rng, forces)
        if cv.id not in shown:
            room = -(-needed[cv.carrier_box or ""] // per_step)
            units[cv.id]["hidden"]["steps"] = max(units[cv.id]["hidden"]["steps"], room)


def _boxed_steps(counters: Mapping[str, Any]) -> Counter[str]:
    """CBA steps by the carrier box they sit in."""
    steps: Counter[str] = Counter()
    for counter in counters.values():
        if counter["where"].startswith(BOX_PREFIX):
            steps[counter["where"].removeprefix(BOX_PREFIX)] += counter["steps"]
    return steps


def _swap_in(units: Units, cv: Block, keep: set[str], rng: RandomSource, forces: Forces) -> None:
    face = block_face(cv, forces)
    owner = side_of(cv.power)
    drawn = sorted(
        unit_id
        for unit_id, unit in units.items()
        if unit_id not in keep and unit["owner"] == owner and unit["public"] == face
    )
    if not drawn:
        raise GameBug(f"no drawn {face} fleet of {owner} can be {cv.id}, whose box holds CBA")
    unit = units.pop(drawn[rng.below(len(drawn))])
    unit["hidden"] = {**block_label(cv), "steps": 1 + rng.below(cv.max_steps)}
    units[cv.id] = unit


# -- consistency ---------------------------------------------------------------------------


def problems(data: Mapping[str, Any], forces: Forces | None = None) -> list[str]:
    """How a position breaks its own bookkeeping: a block in the game neither on the map nor
    in a pool, or in both; steps outside 1 to the printed most (a 1-step block hit goes to the
    pool, spec §0); CBA in a unit box no CV on the map has (4.21) or more than its steps carry
    (4.24). Empty when it keeps it."""
    forces = forces or load_forces()
    found = []
    pooled = Counter(unit for ids in data["pools"].values() for unit in ids)
    for candidate in catalogue(data, forces):
        places = pooled[candidate.id] + (candidate.id in data["units"])
        if places != 1:
            found.append(f"{candidate.id}: in {places} places (map and pools)")
    for unit_id, unit in data["units"].items():
        if not 1 <= unit["hidden"]["steps"] <= forces.units[unit_id].max_steps:
            found.append(f"{unit_id}: {unit['hidden']['steps']} steps")
    return found + _box_problems(data, forces)


def _box_problems(data: Mapping[str, Any], forces: Forces) -> list[str]:
    carriers = {
        unit["hidden"]["carrier_box"]: (unit_id, unit)
        for unit_id, unit in data["units"].items()
        if "carrier_box" in unit["hidden"]
    }
    per_step = forces.file.limits.cba_steps_per_cv_step.value
    found = []
    for box, steps in sorted(_boxed_steps(data["counters"]).items()):
        if box not in carriers:
            found.append(f"no CV on the map has the unit box {box} its CBA stand in (4.21)")
        elif steps > per_step * carriers[box][1]["hidden"]["steps"]:
            found.append(f"{carriers[box][0]}: {steps} CBA steps in its box, too many (4.24)")
    return found
