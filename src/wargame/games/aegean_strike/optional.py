"""Optional rules (19) and scenario balance (20) as set-up options, each off by default.

The rulebook's optional rules and its scenario balance chapter are lost (spec §4.10, §4.11):
only the optional rules' names survive. What each option does here is a design, labelled
``provisional`` with its reason (rule index, and the table it reads in ``data/tables.yaml``,
which ``--rules-overlay`` replaces).

Decisions
- The option's table is copied into the game's data at set-up, and only when the option is
  chosen: every rule reads the data it already has (a reach, a side's SP), an option left off
  leaves the opening position exactly as it was, and a bot's copy of the position
  (``determinize``) plays under the same options.
- 19.04 Air refuelling: the types that took fuel in flight in the mid-1980s fly farther on
  every mission but an airmobile one (a tanker's fuel is no help in loading troops).
- 19.05 Speed differences: the reach a unit's movement allowance gives already tells types
  apart, so the option adds what the allowance does not: the dash of the fastest interceptors
  (Mach 2.3 and more), which reach a raid from farther than their cruise range allows.
- 19.02 Electronic warfare: the EA-6B's ECM is printed but no mission of the game used it (it
  has no attack value to strike or escort with); with the option it escorts a strike group,
  whose fire taken is then reduced by its ECM as by any escort's (16.07), and being an escort
  it takes the first hits.
- 19.03 Jamming: strong ECM blinds the search radars the interceptors are guided by; the
  group is seen only nearer its detectors. It counts the group's best ECM, so that the EA-6B
  of 19.02 and the best-equipped strike aircraft jam, and it does not change the combats.
- 19.06 Single air missions: a lone aircraft flying low is what a radar net misses; the
  chance is rolled once, at launch, so that the responding side's choices stay a list of
  certainties, and a CAP over the target still sees the intruder arrive.
- 19.08 Anti-radiation missiles: the radar-guided fire the game has, that of ships and of
  anti-air ground units at an arriving group, is what an ARM answers; a group with a unit of a
  type that carried them in the mid-1980s fires first and lowers that fire's strength. The
  Soviet homeland air defence (9.09) is a designed abstraction of fighters and missiles alike
  and is left as it is.
- 19.01 Satellite detection: the US and the USSR had radar and photographic reconnaissance
  satellites; the open sea is where they found fleets (:mod:`satellites`).
- 19.07 Mobile supply points: a truck column carries a supply point forward, so an advance
  outruns its sources less (:mod:`supply`).
- 19.09 Ground-attack cruise missiles: the US Navy's Tomahawk, carried by the recommissioned
  Iowa and by attack submarines from the mid-1980s (:mod:`cruise`).
- Minesweeping from the air (13.08, 8.03: the seed grants the US SH-3 the minesweeping flag
  under an optional rule, lost): with it, the types of table ``air_minesweeping`` fly a
  minesweeping mission to an enemy field (:mod:`air`, :mod:`mines`).
- 20 Scenario balance: one side's nations start with a share more SP, the handicap two
  players of unequal skill (or a scenario that proves lopsided) need; SP is the currency every
  system of the game spends.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wargame.engine.contract import OptionSpec
from wargame.engine.dice import Die
from wargame.engine.procedure import Context
from wargame.games.aegean_strike import airdrop, charts, state
from wargame.games.aegean_strike.registry import RULES

REFUELLING: Final = "air_refuelling"
SPEED: Final = "speed_differences"
ARM: Final = "anti_radiation"
SINGLE: Final = "single_missions"
EW: Final = "electronic_warfare"
JAMMING: Final = "jamming"
D10: Final = Die(10)
"""The game's d10 (0.02), as losses.D10 (which imports this module)."""
SATELLITES: Final = "satellites"
MOBILE_SUPPLY: Final = "mobile_supply"
CRUISE: Final = "cruise_missiles"
INTERCEPTION: Final = "air_interception"
AIR_SWEEP: Final = "air_minesweeping"
BALANCE: Final = "balance"
NO_BALANCE: Final = "none"
OPTIONS: Final = (
    OptionSpec(
        REFUELLING,
        False,
        (False, True),
        "Air refuelling (19.04, designed): refuellable aircraft types fly farther "
        "(table air_refuelling)",
    ),
    OptionSpec(
        SPEED,
        False,
        (False, True),
        "Aircraft speed differences (19.05, designed): the fastest interceptors reach farther "
        "(table aircraft_speed)",
    ),
    OptionSpec(
        EW,
        False,
        (False, True),
        "Electronic warfare (19.02, designed): electronic warfare aircraft escort strike groups "
        "and cover them with their ECM (table electronic_warfare)",
    ),
    OptionSpec(
        JAMMING,
        False,
        (False, True),
        "Jamming (19.03, designed): a group with strong ECM shortens the enemy's detection "
        "ranges for interception (table jamming)",
    ),
    OptionSpec(
        SINGLE,
        False,
        (False, True),
        "Single air missions (19.06, designed): one aircraft flying alone may slip past the "
        "enemy's interceptors (table single_missions)",
    ),
    OptionSpec(
        ARM,
        False,
        (False, True),
        "Anti-radiation missiles (19.08, designed): a group carrying them weakens the ships' and "
        "anti-air units' fire at it (table anti_radiation)",
    ),
    OptionSpec(
        SATELLITES,
        False,
        (False, True),
        "Satellite detection (19.01, designed): US and Soviet satellites find the enemy's ships "
        "on the strategic map each turn (table satellites)",
    ),
    OptionSpec(
        MOBILE_SUPPLY,
        False,
        (False, True),
        "Mobile supply points (19.07, designed): a supplied truck supplies the units near it "
        "(table mobile_supply)",
    ),
    OptionSpec(
        CRUISE,
        False,
        (False, True),
        "Ground-attack cruise missiles (19.09, designed): US battleships and attack submarines "
        "fire at enemy airbases (table cruise_missiles)",
    ),
    OptionSpec(
        AIR_SWEEP,
        False,
        (False, True),
        "Minesweeping from the air (13.08, 8.03; the US SH-3's optional flag, a designed "
        "chance): an SH-3 flies to an enemy minefield and may sweep it (table air_minesweeping)",
    ),
    OptionSpec(
        BALANCE,
        NO_BALANCE,
        (NO_BALANCE, "a", "b"),
        "Scenario balance (20, designed): the side named starts with more SP "
        "(table scenario_balance)",
    ),
)

RULES.stand_in(
    "19.04",
    "with the option, the refuellable types of table air_refuelling add its bonus to their reach",
    key="refuelling",
)
RULES.stand_in(
    "19.05",
    "with the option, the fast types of table aircraft_speed intercept from its bonus farther",
    key="speed",
)
RULES.stand_in(
    "19.02",
    "with the option, an aircraft of the table's types may escort a group; its ECM covers it",
    key="ew",
)
RULES.stand_in(
    "19.03",
    "with the option, a group whose best ECM reaches the table's makes the enemy's detectors "
    "see it for interception only from the table's cut nearer",
    key="jamming",
)
RULES.stand_in(
    "19.06",
    "with the option, a lone unescorted aircraft is unseen by interceptors on a d10 of the "
    "table's chance or less",
    key="single",
)
RULES.stand_in(
    "19.08",
    "with the option, a group with an ARM type lowers ship and ground anti-air fire at it",
    key="arm",
)
RULES.stand_in(
    "19.07",
    "with the option, a supplied truck supplies its side's units within table mobile_supply's",
    key="mobile",
)
RULES.stand_in(
    "20",
    "with the option, the side named starts with table scenario_balance's share more SP",
    key="sp_handicap",
)


def set_up(g: Context, options: Mapping[str, Any]) -> None:
    """Put the chosen options' effects into the opening position (none if none is chosen)."""
    g_tables = charts.tables(g.state)
    if options.get(REFUELLING):
        refuelling(g, g_tables)
    if options.get(SPEED):
        speed(g, g_tables)
    if options.get(EW):
        g.data[EW] = list(g_tables[EW].escort_types)
        g.log("log.electronic_warfare")
    if options.get(JAMMING):
        table = g_tables[JAMMING]
        g.data[JAMMING] = {"min_ecm": table.min_ecm, "range_cut": table.range_cut}
        g.log("log.jamming", ecm=table.min_ecm, value=table.range_cut)
    if options.get(SINGLE):
        g.data[SINGLE] = g_tables[SINGLE].unseen_chance
        g.log("log.single_missions", value=g.data[SINGLE])
    if options.get(ARM):
        table = g_tables["anti_radiation"]
        _keep_gains(g, ARM, table.suppression, table.types)
    if options.get(SATELLITES):
        table = g_tables[SATELLITES]
        g.data[SATELLITES] = {"nations": list(table.nations), "categories": list(table.categories)}
        g.log("log.satellites")
    if options.get(MOBILE_SUPPLY):
        g.data[MOBILE_SUPPLY] = g_tables[MOBILE_SUPPLY].range
        g.log("log.mobile_supply", value=g.data[MOBILE_SUPPLY])
    if options.get(CRUISE):
        table = g_tables[CRUISE]
        g.data[CRUISE] = {
            "nations": list(table.nations),
            "types": list(table.types),
            "range": table.range,
            "chance": table.chance,
            "hits": table.hits,
        }
        g.log("log.cruise_missiles", value=table.range)
    if options.get(AIR_SWEEP):
        table = g_tables[AIR_SWEEP]
        g.data[AIR_SWEEP] = {"types": list(table.types), "chance": table.chance}
        g.log("log.air_minesweeping", value=table.chance)
    side = options.get(BALANCE, NO_BALANCE)
    if side != NO_BALANCE:
        balance(g, g_tables, side)


@RULES.implements("19.04")
def refuelling(g: Context, g_tables: Any) -> None:
    """19.04: the reach each refuellable type gains, kept with the position."""
    table = g_tables["air_refuelling"]
    _keep_gains(g, "refuelling", table.bonus, table.types)


@RULES.implements("19.05")
def speed(g: Context, g_tables: Any) -> None:
    """19.05: the interception reach each fast type gains, kept with the position."""
    table = g_tables["aircraft_speed"]
    _keep_gains(g, "speed", table.interception_bonus, table.fast)


def _keep_gains(g: Context, rule: str, value: int, types: list[str]) -> None:
    g.data[rule] = {kind: value for kind in types}
    g.log(f"log.{rule}", value=value)


@RULES.implements("19.04", "19.05")
def extra_reach(data: Any, uid: str, mission: str) -> int:
    """The operational hexes the optional rules chosen add to how far ``uid`` flies on
    ``mission``: air refuelling on every mission but an airmobile one (19.04), a fast type's
    dash when it intercepts (19.05); 0 without them."""
    kind = state.unit(uid).type
    found = 0
    if mission != airdrop.AIRMOBILE:
        found += data.get("refuelling", {}).get(kind, 0)
    if mission == INTERCEPTION:
        found += data.get("speed", {}).get(kind, 0)
    return int(found)


@RULES.implements("19.08")
def arm_cut(data: Mapping[str, Any], fliers: list[str]) -> int:
    """19.08: how much the anti-radiation missiles of the flying units ``fliers`` lower the
    strength of radar-guided fire (ships', anti-air ground units') at them: the best of their
    units' (0 without, or with the option off). :class:`losses.GroupFire` takes it off."""
    carried: dict[str, int] = data.get(ARM, {})
    return max((carried.get(state.unit(u).type, 0) for u in fliers), default=0)


@RULES.implements("19.02")
def jammer(data: Mapping[str, Any], uid: str) -> bool:
    """19.02: whether ``uid`` may escort a group as its electronic warfare aircraft (the
    group's best ECM is then its own, 16.07)."""
    return state.unit(uid).type in data.get(EW, ())


@RULES.implements("13.08", "8.03")
def air_sweeper(data: Mapping[str, Any], uid: str) -> bool:
    """Whether ``uid`` sweeps mines from the air: a type of table ``air_minesweeping`` with the
    option chosen (the seed's optional SH-3, 8.03); never without it."""
    rule = data.get(AIR_SWEEP)
    return bool(rule) and state.unit(uid).type in rule["types"]


@RULES.implements("19.03")
def jammed(data: Mapping[str, Any]) -> int:
    """19.03: by how many operational hexes the flight under way shortens the enemy's air
    detection ranges for interception (0 without the option, or with too weak an ECM)."""
    rule, flight = data.get(JAMMING), data.get("flight")
    if not rule or not flight:
        return 0
    fliers = [u for u in flight["units"] if u in data["air"]]
    best = max((state.air_values(u).ecm for u in fliers), default=0)
    return int(rule["range_cut"]) if best >= rule["min_ecm"] else 0


@RULES.implements("19.06")
def lone_flight(g: Context, flight: dict[str, Any], strike: bool) -> None:
    """19.06: a mission of one aircraft without escorts against the enemy (``strike``: not a
    rebasing) rolls a d10; at the table's chance or less it flies in unseen, and the enemy's
    airbases scramble no interceptor against it (carriers' CAP still covers its target)."""
    chance = g.data.get(SINGLE)
    if not chance or not strike or len(flight["units"]) != 1 or flight["escorts"]:
        return
    roll = g.roll(D10, flight["side"], "single_mission")
    flight["unseen"] = roll <= chance
    key = "log.lone_unseen" if flight["unseen"] else "log.lone_seen"
    g.log(key, hex=flight["target_hex"], roll=roll)


@RULES.implements("20")
def balance(g: Context, g_tables: Any, side: str) -> None:
    """20: each nation of ``side`` in the scenario starts with the table's share more SP
    (rounded down)."""
    percent = g_tables["scenario_balance"].sp_percent
    for nation, side_of in g.data["nations"].items():
        if side_of == side and nation in g.data["sp"]:
            given = g.data["sp"][nation]
            g.data["sp"][nation] = given + given * percent // 100
    g.log("log.balance", side=side, percent=percent)
