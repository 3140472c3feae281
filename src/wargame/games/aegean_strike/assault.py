"""Land combat (16.02) with retreat (16.03): declared in a ground movement segment against an
enemy-held hex next to the acting side's units, resolved in the Combat Phase's assault segment
on the land Combat Results Table (table ``land_crt``), hits on ground units (17).

Decisions (provisional: the ground combat rules are lost)
- A declaration names the enemy hex; every unit of the acting side next to it then (not
  aboard, not already attacking this turn, across a hexside a land move crosses: no all-sea
  side, no strait without a bridge, 11.07, 11.08) attacks, with its combat strength; every
  enemy unit in the hex defends with its defence strength. A hex is attacked once a turn.
- The odds column (rounded down for the defender, as the engine's odds tables) is shifted by
  the defender's hex terrain and the hexside crossed (``terrain_effects``: a river or a bridged
  strait shifts the attack only when every attacker crosses one, by the least of theirs, as
  river lines weaken an attack in the sister systems only when no attacker goes round them),
  troop quality (``troop_quality``: the
  attackers' best shift to the right, the defenders' best to the left) and close air support
  (a column for every ``cas_hits_per_shift`` hits a side's bombing strikes scored on the
  other side's units in the combat, in the Combat Phase's close air support segments; the
  hits themselves are applied at once, 7.04) and supply (:mod:`supply`).
- The units' own modifiers (11.05, provisional: the section is lost; the seed names them): armour
  on one side only, a stack of mixed troop qualities, each artillery unit, and attacking engineers
  against a rough or city hex or across a river (table ``land_modifiers``). Formations and
  chemical warfare have their own rules (11.11, 11.09).
- Every shift is itemised with its rule (:func:`column_shifts`) and the combat read on the CRT
  by :class:`Odds`, which both the resolution and the preview of a combat (:mod:`previews`)
  use.
- The declared combats are resolved in the order declared (the seed lets the Battlefield
  Controller choose it). Hits fall on the units of a side one at a time, in order; a unit
  eliminated takes no more. On an R each surviving defender checks its troop quality's retreat
  chance on a d10 and, if it retreats, goes to the first neighbouring land hex free of enemy
  units (none: it takes one more hit instead).
- Pursuit (16.04, provisional: the rule is lost): when a combat leaves its hex with no enemy
  unit in it (its defenders retreated or were eliminated), the attacking side may move its
  surviving attackers next to the hex into it, one at a time, while the hex has room under the
  stacking limit (13.03) and the hexside lets a land move cross (11.07, 11.08: no strait without
  a bridge, no closed hexside). Pursuers spend no MP and are seen by the other side (14.05).
  Gulf Strike-family games advance after combat this way; the pursuit's extra fire, if any, is
  lost.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from wargame.engine.notes import Modifier
from wargame.engine.procedure import Context
from wargame.games.aegean_strike import (
    chemical,
    detection,
    formation,
    ground,
    losses,
    state,
    supply,
)
from wargame.games.aegean_strike.charts import LandCrt, LandResult
from wargame.games.aegean_strike.charts import tables as game_tables
from wargame.games.aegean_strike.losses import D10
from wargame.games.aegean_strike.registry import RULES

RULES.stand_in("16.02", "odds with terrain, troop quality and CAS shifts", key="assault")
RULES.stand_in(
    "11.05", "armour on one side, mixed qualities, artillery, engineers shift the odds", key="units"
)
RULES.stand_in("16.03", "a quality check per defender, retreat to a free neighbour", key="retreat")
RULES.stand_in(
    "16.04", "the attackers may advance into the hex their combat emptied", key="pursuit"
)


def units_in(data: Mapping[str, Any], hex_id: str) -> list[str]:
    return sorted(u for u, r in data["ground"].items() if r["hex"] == hex_id)


@RULES.implements("16.02", "11.07", "11.08")
def attackers_of(data: Mapping[str, Any], side: str, hex_id: str) -> list[str]:
    """The acting side's units next to ``hex_id`` across a hexside a land move crosses, that
    have not attacked this turn, none on a special operation (11.12)."""
    around = set(state.neighbours(hex_id))
    return sorted(
        u
        for u, r in data["ground"].items()
        if r["hex"] in around
        and state.side_of(data, u) == side
        and u not in data["attacked"]
        and not r.get("special_op")
        and ground.crossable(data, r["hex"], hex_id)
    )


@RULES.implements("16.02")
def declare_refusal(data: Mapping[str, Any], side: str, hex_id: str) -> str:
    if hex_id in [c["hex"] for c in data["combats"]]:
        return f"16.02: a land combat in {hex_id} is declared already"
    if not attackers_of(data, side, hex_id):
        return f"16.02: no unit of {side} next to {hex_id} may attack it"
    return ""


def targets(data: Mapping[str, Any], side: str) -> list[str]:
    return sorted(ground.enemy_hexes(data, side))


@RULES.implements("16.02")
def declare(g: Context, side: str, hex_id: str) -> None:
    units = attackers_of(g.data, side, hex_id)
    detection.fought(g.data, [*units, *units_in(g.data, hex_id)])  # both sides see the fight
    g.data["combats"].append({"hex": hex_id, "side": side, "units": units, "cas": {}})
    g.data["attacked"].extend(units)
    g.log("log.assault_declared", side=side, hex=hex_id, count=len(units))


def fighting(data: Mapping[str, Any], side: str) -> list[str]:
    """The ground units of ``side`` in declared land combats."""
    found = set()
    for combat in data["combats"]:
        if combat["side"] == side:
            found |= {u for u in combat["units"] if u in data["ground"]}
        else:
            found |= set(units_in(data, combat["hex"]))
    return sorted(found)


def cas_hexes(data: Mapping[str, Any], side: str) -> list[str]:
    """Where ``side``'s close air support may strike: the enemy units' hexes in land combats."""
    return sorted({data["ground"][u]["hex"] for u in fighting(data, state.other(side))})


def cas_hits(combat: Mapping[str, Any]) -> dict[str, int]:
    """The hits each side's close air support scored in ``combat``: the attacker's, the
    defender's."""
    return {
        "attacker": int(combat["cas"].get(combat["side"], 0)),
        "defender": int(combat["cas"].get(state.other(combat["side"]), 0)),
    }


@RULES.implements("16.02")
def cas_shift(g_tables: Mapping[str, Any], combat: Mapping[str, Any]) -> int:
    """Every cas_hits_per_shift hits of a side's close air support shift a column its way."""
    per = int(g_tables["land_modifiers"].cas_hits_per_shift)
    ours = combat["cas"].get(combat["side"], 0)
    theirs = combat["cas"].get(state.other(combat["side"]), 0)
    return ours // per - theirs // per


@RULES.implements("16.02")
def quality_terrain_shifts(
    g_tables: Mapping[str, Any], attackers: list[str], defenders: list[str], hex_id: str
) -> list[Modifier]:
    """The defender's hex terrain, the attackers' best troop quality (to the right) and the
    defenders' best (to the left), each a column shift with its rule; none of zero."""
    quality = g_tables["troop_quality"]
    terrain = ground.hex_terrain()[hex_id]
    best_attacker = max(attackers, key=lambda u: quality[state.unit(u).quality].shift)
    best_defender = max(defenders, key=lambda u: quality[state.unit(u).quality].shift)
    ground_shift = int(g_tables["terrain_effects"].hexes[terrain].shift)
    found = [
        Modifier("16.02", "land_shift.terrain", ground_shift, {"terrain": terrain}),
        Modifier("16.02", "land_shift.attacker_quality",
                 int(quality[state.unit(best_attacker).quality].shift),
                 {"quality": state.unit(best_attacker).quality, "unit": best_attacker}),
        Modifier("16.02", "land_shift.defender_quality",
                 -int(quality[state.unit(best_defender).quality].shift),
                 {"quality": state.unit(best_defender).quality, "unit": best_defender}),
    ]  # fmt: skip
    return [item for item in found if item.value]


@RULES.implements("16.02", "11.07")
def hexside_shift(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], attackers: list[str], hex_id: str
) -> Modifier:
    """The hexside the attack crosses (table ``terrain_effects``): the attack is shifted only
    when every attacker crosses an obstacle, and then by the least of theirs."""
    obstacles = g_tables["terrain_effects"].hexsides

    def crossing(uid: str) -> tuple[int, str]:
        side = ground.hexside_kinds().get(frozenset((data["ground"][uid]["hex"], hex_id)), ())
        return min(((int(obstacles[k].shift), k) for k in side if k in obstacles), default=(0, ""))

    value, kind = max(map(crossing, attackers), default=(0, ""))
    return Modifier("16.02", f"land_shift.hexside_{kind}", value)


def shift(
    g_tables: Mapping[str, Any], attackers: list[str], defenders: list[str], hex_id: str
) -> int:
    found = quality_terrain_shifts(g_tables, attackers, defenders, hex_id)
    return sum(item.value for item in found)


def group_of(uid: str) -> str:
    return state.forces().ground_types[state.unit(uid).type].group


def has_armour(units: list[str]) -> bool:
    return any(group_of(u) == "armour" for u in units)


def mixed_qualities(units: list[str]) -> bool:
    return len({state.unit(u).quality for u in units}) > 1


def artillery(units: list[str]) -> int:
    return sum(1 for u in units if state.unit(u).type == "artillery")


def engineers_help(data: Mapping[str, Any], attackers: list[str], hex_id: str) -> bool:
    """Engineers attack a rough or city hex, or across a river hexside."""
    engineers = [u for u in attackers if state.unit(u).type == "engineers"]
    if not engineers:
        return False
    if ground.hex_terrain()[hex_id] in ("rough", "city"):
        return True
    sides = ground.hexside_kinds()
    return any(
        ground.RIVER in sides.get(frozenset((data["ground"][u]["hex"], hex_id)), ())
        for u in engineers
    )


@RULES.implements("11.05")
def unit_shifts(
    g_tables: Mapping[str, Any],
    data: Mapping[str, Any],
    attackers: list[str],
    defenders: list[str],
    hex_id: str,
) -> list[Modifier]:
    """The units' own modifiers, each a column shift to the right in the attacker's favour
    (table ``land_modifiers``); none of zero."""
    shifts = g_tables["land_modifiers"].shifts
    found: list[tuple[str, Any, dict[str, Any]]] = []
    if has_armour(attackers) and not has_armour(defenders):
        found.append(("armour.attacker_only", shifts["armour.attacker_only"], {}))
    if has_armour(defenders) and not has_armour(attackers):
        found.append(("armour.defender_only", shifts["armour.defender_only"], {}))
    mixed = shifts["troop_quality.mixed_stack"]
    if mixed_qualities(attackers):
        found.append(("troop_quality.mixed_attackers", mixed, {}))
    if mixed_qualities(defenders):
        found.append(("troop_quality.mixed_defenders", -mixed, {}))
    guns = artillery(attackers) - artillery(defenders)
    if guns:
        found.append(("artillery.per_unit", shifts["artillery.per_unit"] * guns, {"count": guns}))
    if engineers_help(data, attackers, hex_id):
        found.append(("engineers.rough_city_or_river", shifts["engineers.rough_city_or_river"], {}))
    return [
        Modifier("11.05", f"land_shift.{name}", int(value), params)
        for name, value, params in found
        if value
    ]


@RULES.implements("16.02", "11.05", "11.09", "11.11")
def column_shifts(
    g_tables: Mapping[str, Any],
    data: Mapping[str, Any],
    scenario: str,
    combat: Mapping[str, Any],
    *,
    attackers: list[str],
    defenders: list[str],
) -> tuple[Modifier, ...]:
    """Every column shift of ``combat``, each with its rule: terrain and troop quality, close air
    support, the units' own modifiers, chemical warfare, Planned Assault and supply."""
    hex_id = combat["hex"]
    cas = cas_shift(g_tables, combat)
    chemical_shift = chemical.shift(g_tables, data, attackers)
    planned = formation.shift(g_tables, combat)
    found = [
        *quality_terrain_shifts(g_tables, attackers, defenders, hex_id),
        hexside_shift(g_tables, data, attackers, hex_id),
        Modifier("16.02", "land_shift.cas", cas, cas_hits(combat)),
        *unit_shifts(g_tables, data, attackers, defenders, hex_id),
        Modifier("11.09", "land_shift.chemical", chemical_shift),
        Modifier("11.11", "land_shift.planned_assault", planned),
        *(
            Modifier("16.02", f"land_shift.unsupplied_{who}", value)
            for who, value in supply.combat_shifts(g_tables, data, attackers, defenders, scenario)
        ),
    ]
    return tuple(item for item in found if item.value)


@dataclass(frozen=True)
class Odds:
    """A land combat as the CRT reads it (16.02): the strengths, each column shift with its
    rule, and the CRT. :meth:`result` is what the die gives, in play (:func:`resolve`) and in
    the preview (:mod:`previews`)."""

    attack: int
    defence: int
    shifts: tuple[Modifier, ...]
    crt: LandCrt

    @property
    def shift(self) -> int:
        return sum(item.value for item in self.shifts)

    @property
    def column(self) -> str:
        """The odds column (rounded down for the defender); the attack must be above zero."""
        return self.crt.column(self.attack, self.defence)

    @property
    def shifted_column(self) -> str:
        """The column the die is read in, once shifted (clamped to the table)."""
        table = self.crt.table
        return table.columns[table.shift_column(self.column, self.shift)]

    @RULES.implements("16.02")
    def result(self, roll: int) -> LandResult:
        return self.crt.result(self.column, roll, self.shift)


def sides(data: Mapping[str, Any], combat: Mapping[str, Any]) -> tuple[list[str], list[str]]:
    """The attackers of ``combat`` still in play and the units in its hex."""
    attackers = [u for u in combat["units"] if u in data["ground"]]
    return attackers, units_in(data, combat["hex"])


def odds_of(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], scenario: str, combat: Mapping[str, Any]
) -> Odds:
    """``combat`` as it would be resolved now: its attackers' combat strengths against the
    defenders' defence strengths, shifted (:func:`column_shifts`); ``data`` may be a side's
    view of the position (:mod:`previews`)."""
    attackers, defenders = sides(data, combat)
    attack = sum(state.ground_values(u).combat for u in attackers)
    defence = sum(state.ground_values(u).defence for u in defenders)
    shifts = column_shifts(
        g_tables, data, scenario, combat, attackers=attackers, defenders=defenders
    )
    return Odds(int(attack), int(defence), shifts, g_tables["land_crt"])


@RULES.implements("16.02", "11.05", "11.09", "11.11", "17")
def resolve(g: Context, combat: dict[str, Any]) -> None:
    hex_id = combat["hex"]
    attackers, defenders = sides(g.data, combat)
    if not attackers or not defenders:
        return
    odds = odds_of(game_tables(g.state), g.data, g.state.scenario, combat)
    if odds.attack == 0:  # units with no combat strength left make no attack (provisional, 16.02)
        g.log("log.assault_lapses", hex=hex_id)
        return
    detection.fought(g.data, [*attackers, *defenders])
    roll = g.roll(D10, combat["side"], "assault")
    result = odds.result(roll)
    g.log("log.assault", hex=hex_id, attack=odds.attack, defence=odds.defence, shift=odds.shift,
          column=odds.column, result=result.code)  # fmt: skip
    share(g, attackers, result.attacker_hits)
    share(g, defenders, result.defender_hits)
    if result.retreat_check:
        for uid in units_in(g.data, hex_id):
            retreat(g, uid)
    combat["emptied"] = not units_in(g.data, hex_id)


def share(g: Context, units: list[str], hits: int) -> None:
    """Hits one at a time on the units still in play, in order."""
    for n in range(hits):
        alive = [u for u in units if u in g.data["ground"]]
        if not alive:
            return
        losses.damage(g, alive[n % len(alive)], 1)


@RULES.implements("16.03")
def retreat(g: Context, uid: str) -> None:
    side = state.side_of(g.data, uid)
    chance = game_tables(g.state)["troop_quality"][state.unit(uid).quality].retreat_chance
    if g.roll(D10, side, "retreat") > chance:
        g.log("log.holds", unit=uid)
        return
    here = g.data["ground"][uid]["hex"]
    enemies = ground.enemy_hexes(g.data, side)
    free = [h for h in ground.land_neighbours(here) if h not in enemies]
    if not free:
        g.log("log.no_retreat", unit=uid)
        losses.damage(g, uid, 1)
        return
    g.data["ground"][uid]["hex"] = free[0]
    g.log("log.retreats", unit=uid, hex=free[0])


@RULES.implements("16.04", "13.03", "11.07")
def pursuers(
    g_tables: Mapping[str, Any], data: Mapping[str, Any], combat: Mapping[str, Any]
) -> list[str]:
    """The attackers that may pursue into the hex ``combat`` emptied: alive, next to it across a
    hexside a land move crosses, while the hex has room under the stacking limit."""
    hex_id = combat["hex"]
    inside = units_in(data, hex_id)
    if not combat.get("emptied") or any(state.side_of(data, u) != combat["side"] for u in inside):
        return []
    if len(inside) >= ground.stack_limit(g_tables, hex_id):
        return []
    found = []
    for uid in combat["units"]:
        here = data["ground"].get(uid, {}).get("hex")
        crosses = here and hex_id in ground.land_neighbours(here)
        if crosses and ground.step_cost(g_tables, data, here, hex_id) is not None:
            found.append(uid)
    return found


@RULES.implements("16.04")
def pursue(g: Context, combat: Mapping[str, Any], uid: str) -> None:
    """``uid`` advances into the emptied hex, spending nothing; the other side sees it."""
    g.data["ground"][uid]["hex"] = combat["hex"]
    detection.fought(g.data, [uid])
    g.log("log.pursued", unit=uid, hex=combat["hex"])
