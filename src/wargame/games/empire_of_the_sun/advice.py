"""What the game tells a player about a move before it is made (issue 14; engine ``notes``): the
move in words, and what it will cause that the player may not foresee, each with its rule.

Every consequence states a rule as things stand when the move is offered: a port captured in a
later battle, say, may still save ships that the note says have none in reach.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from wargame.engine.board import search
from wargame.engine.notes import Consequence, Message, Note, consequence, message
from wargame.engine.procedure import Context
from wargame.games.empire_of_the_sun import charts, forces, movement, supply
from wargame.games.empire_of_the_sun.forces import enemy, record
from wargame.games.empire_of_the_sun.registry import RULES

MAINLAND = frozenset(  # the land Kunming's supply may reach over land (12.75, 13.1)
    "china_coastal china_interior kunming_area burma indochina siam malaya india_north"
    " india_mainland manchukuo korea".split()
)
STRATEGIC_RULE = {"naval": "7.23", "air": "7.33", "ground": "7.44"}  # by kind_of


def number(value: float) -> int | float:
    """A cost as players write it: 2, not 2.0; 1.5 stays."""
    return int(value) if float(value).is_integer() else value


def kind_of(classes: Collection[str]) -> str:
    """What moves a stack: air units fly, ground units (with any ships) are carried or march,
    ships sail."""
    return "air" if "air" in classes else "ground" if "ground" in classes else "naval"


def move_label(move: movement.Move, classes: Collection[str]) -> Message:
    """A move in words: where to, how, and what it takes (legs, hexes, MP, ASPs)."""
    dest = move.dest
    inner = list(dict.fromkeys(h for h in move.path[1:-1] if h != dest))  # a loop names each once
    if move.dest == movement.CHINA_BOX:
        return message("label.moving.box")
    if move.mode == "assault":
        return message("label.moving.assault", hex=dest, asp=move.asp)
    if move.mode == "barge":
        return message("label.moving.barge", hex=dest)
    if move.mode == "withdraw":
        return message("label.moving.withdraw", hex=dest)
    if move.mode == "strategic":
        return message(f"label.moving.strategic_{kind_of(classes)}", hex=dest)
    if "air" in classes:
        legs = len(move.stops) + 1
        if move.stops:
            return message("label.moving.fly_via", hex=dest, stops=list(move.stops), legs=legs)
        return message("label.moving.fly", hex=dest, legs=legs)
    if "ground" in classes:
        if inner:
            return message("label.moving.march_via", hex=dest, via=inner, cost=number(move.cost))
        return message("label.moving.march", hex=dest, cost=number(move.cost))
    return message("label.moving.sail", hex=dest, hexes=len(move.path) - 1)


def plain_note(
    move: movement.Move, classes: frozenset[str], consequences: tuple[Consequence, ...] = ()
) -> Note:
    """A move's label and path, and what it was found to cause (a post-battle move, 8.6)."""
    return Note(move_label(move, classes), consequences, move.path)


@dataclass(frozen=True)
class Stack:
    """What the notes of one stack's moves share: its side, the classes of its units and
    whether it moves in a reaction."""

    side: str
    classes: frozenset[str]
    reaction: bool

    @property
    def kind(self) -> str:
        return kind_of(self.classes)


def stack_of(g: Context, group: Sequence[str], reaction: bool) -> Stack:
    """The stack's facts, kept for the decision."""
    key = f"advice.stack.{' '.join(group)}.{reaction}"
    found: Stack | None = g.cache.get(key)
    if found is None:
        classes = frozenset(record(g, u).unit_class for u in group)
        found = g.cache[key] = Stack(forces.side_of(g, group[0]), classes, reaction)
    return found


def move_note(
    g: Context,
    group: Sequence[str],
    move: movement.Move,
    offensive: dict[str, Any],
    reaction: bool,
) -> Note:
    """A move's note: its label, consequences and path (the move's own)."""
    stack = stack_of(g, group, reaction)
    found = [
        *fighting(g, stack, move, offensive),
        *ships_base(g, stack, move, offensive),
        *landing(g, stack, move),
        *overland(g, stack, move),
        *supply_range(g, stack, move),
        *supply_line(g, stack, group, move),
    ]
    return Note(move_label(move, stack.classes), tuple(found), move.path)


@RULES.implements("5.11", "5.22", "6.24", "7.23", "7.33", "7.44")
def fighting(
    g: Context, stack: Stack, move: movement.Move, offensive: dict[str, Any]
) -> list[Consequence]:
    """Whether the units may fight after the move, whether it gives the enemy air
    reconnaissance, and the battle it starts."""
    found = []
    if move.no_fight and move.mode == "strategic":
        found.append(consequence(STRATEGIC_RULE[stack.kind], "consequence.no_fight_strategic"))
    elif move.no_fight:
        found.append(consequence("5.11", "consequence.no_fight_extended"))
    if move.recon and not stack.reaction:
        found.append(consequence("5.22", "consequence.recon"))
    if move.battle and not stack.reaction:
        found.append(consequence("6.24", "consequence.battle", hex=move.dest))
        first = offensive.get("mode") == "oc" and not offensive.get("battles")
        if first and move.dest not in contested(g, offensive["side"]):
            found.append(consequence("6.24", "consequence.only_battle"))
    return found


def contested(g: Context, side: str) -> set[str]:
    """Hexes holding units of both sides (kept for the decision)."""
    key = f"advice.contested.{side}"
    found: set[str] | None = g.cache.get(key)
    if found is None:
        mine = set(forces.occupied_hexes(g, side))
        found = g.cache[key] = {h for h in forces.occupied_hexes(g, enemy(side)) if h in mine}
    return found


@RULES.implements("7.21", "8.6")
def ships_base(
    g: Context, stack: Stack, move: movement.Move, offensive: dict[str, Any]
) -> list[Consequence]:
    """7.21: ships of an offensive (or a reaction) away from a friendly port when it ends are
    eliminated; their post-battle move (8.6) has the offensive's allowance to reach one."""
    if "naval" not in stack.classes or move.mode == "strategic":
        return []
    if move.dest in movement.graph(g).ports and forces.friendly(g, move.dest, stack.side):
        return []
    allowance = movement.NAVAL_MP * (offensive.get("oc") or 1)
    if move.dest not in port_reach(g, stack.side, allowance):
        return [consequence("7.21", "consequence.no_port_in_reach", hex=move.dest, mp=allowance)]
    return [consequence("7.21", "consequence.no_port", mp=allowance)]


def port_reach(g: Context, side: str, allowance: int) -> frozenset[str]:
    """The hexes from which a naval move of ``allowance`` reaches a friendly port now (kept for
    the decision)."""
    key = f"advice.ports.{side}.{allowance}"
    found: frozenset[str] | None = g.cache.get(key)
    if found is None:
        graph = movement.graph(g)
        ports = sorted(h for h in graph.ports if forces.friendly(g, h, side))
        reached = search(ports, graph.sea.__getitem__, max_cost=allowance).reached
        found = g.cache[key] = frozenset(reached)
    return found


@RULES.implements("7.45", "8.32", "8.4")
def landing(g: Context, stack: Stack, move: movement.Move) -> list[Consequence]:
    """An amphibious assault's ASPs (7.45 A), the risk of landing with no ship (7.45 B), its
    withdrawal if the hex is not taken (7.45 C), and how its units fight (8.32, 8.4)."""
    if move.mode not in ("assault", "barge"):
        return []
    side, found = stack.side, []
    if move.asp:
        left = asp_left(g, side)
        found.append(consequence("7.45", "consequence.asp", asp=move.asp, left=left))
    if move.mode == "assault" and "naval" not in stack.classes and not stack.reaction:
        found.append(consequence("7.45", "consequence.unescorted"))
    if forces.control(g, move.dest) != side or move.battle:
        rule = "7.47" if move.mode == "barge" else "7.45"
        found.append(consequence(rule, f"consequence.{move.mode}_not_taken"))
    if move.battle and "ground" in stack.classes:
        found.append(consequence("8.32", "consequence.landing_fights"))
        defenders = forces.units_at(g, move.dest, enemy(side))
        held = charts.ground_modifiers(g).held_before_assault
        if held and any(forces.is_class(g, u, "ground") for u in defenders):
            found.append(consequence("8.4", "consequence.held", value=held))
    return found


def asp_left(g: Context, side: str) -> int:
    key = f"advice.asp.{side}"
    found: int | None = g.cache.get(key)
    if found is None:
        found = g.cache[key] = movement.asp_left(g, side)
    return found


@RULES.implements("12.1", "8.5")
def overland(g: Context, stack: Stack, move: movement.Move) -> list[Consequence]:
    """An overland move takes control of the enemy hexes it passes (12.1), and an offensive's
    unit that does not take a battle hex goes back to the hex it entered it from (8.5): both
    follow the path."""
    if move.mode != "move" or "ground" not in stack.classes:
        return []
    taken = [h for h in move.path[1:] if movement.passing_takes(g, stack.side, h)]
    found = []
    if taken:
        found.append(consequence("12.1", "consequence.control", hexes=taken))
    if move.battle and not stack.reaction and len(move.path) > 1:
        found.append(consequence("8.5", "consequence.retreat_to", hex=move.path[-2]))
    return found


@RULES.implements("13.1", "13.4")
def supply_range(g: Context, stack: Stack, move: movement.Move) -> list[Consequence]:
    """Air and ground units supply through a friendly HQ within its command range (13.1): out
    of every one's range they are out of supply but for an emergency route, and attrition then
    reduces or eliminates them (13.4)."""
    if not stack.classes & {"air", "ground"} or move.dest == movement.CHINA_BOX:
        return []
    distance = g.static.board.distance
    if any(distance(hex_id, move.dest) <= reach for hex_id, reach in hq_ranges(g, stack.side)):
        return []
    return [consequence("13.1", "consequence.out_of_command")]


def hq_ranges(g: Context, side: str) -> list[tuple[str, int]]:
    key = f"advice.hqs.{side}"
    found: list[tuple[str, int]] | None = g.cache.get(key)
    if found is None:
        found = g.cache[key] = [
            (forces.at(g, u), record(g, u).command_range or 0)
            for u in forces.units_on_map(g, side)
            if record(g, u).unit_class == "hq"
        ]
    return found


@RULES.implements("13.1", "13.3", "13.4", "7.52", "7.53")
def supply_line(
    g: Context, stack: Stack, group: Sequence[str], move: movement.Move
) -> list[Consequence]:
    """Air and ground units that a supplied HQ able to supply them (7.53) reaches where they
    start and none reaches at the destination: activated units stay supplied while the
    offensive lasts, then they are out of supply (13.1). A supply line is stricter than an
    activation path (7.52), so a hex that no activation path of such an HQ reaches is surely out
    of supply: the warning never errs that way, though it may miss a line that only the stricter
    rules cut. Emergency routes (the Tokyo Express hex, Kunming's land network, 13.3) are left
    to the reader: no warning there."""
    if not stack.classes & {"air", "ground"} or move.dest == movement.CHINA_BOX:
        return []
    distance = g.static.board.distance
    if not any(distance(h, move.dest) <= r for h, r in hq_ranges(g, stack.side)):
        return []  # out of every HQ's range: supply_range has said so
    if emergency_route(g, stack.side, move.dest):
        return []
    start, dest = move.path[0], move.dest
    cut = [u for u in group if needs_line(g, u) and loses_line(supplied_reach(g, u), start, dest)]
    if not cut:
        return []
    return [consequence("13.1", "consequence.out_of_supply", units=cut, hex=move.dest)]


def loses_line(reach: frozenset[str], start: str, dest: str) -> bool:
    """The move takes the unit out of the reach of its supplying HQs (not already out)."""
    return start in reach and dest not in reach


def needs_line(g: Context, unit_id: str) -> bool:
    return record(g, unit_id).unit_class in ("air", "ground")


def emergency_route(g: Context, side: str, hex_id: str) -> bool:
    """The Tokyo Express hex (13.32), or the mainland while Kunming is a source (12.75, 13.31)."""
    if side == "japan":
        return bool(hex_id == g.data.get("tokyo_express"))
    areas = g.static.board.hexes[hex_id].areas
    return bool(MAINLAND & set(areas)) and supply.supply(g).kunming_is_source()


def supplied_reach(g: Context, unit_id: str) -> frozenset[str]:
    """The hexes reached by an activation path of a supplied HQ that may supply the unit (kept
    for the decision, per kind of unit)."""
    unit = record(g, unit_id)
    key = f"advice.reach.{unit.side}.{unit.nationality}.{unit.unit_class}"
    found: frozenset[str] | None = g.cache.get(key)
    if found is None:
        status = supply.supply(g)
        ranges = [
            supply.activation_range(g, hq_id)
            for hq_id, _ in status.headquarters(unit.side)
            if status.hq(hq_id) and supply.hq_commands(g, hq_id, unit_id)
        ]
        found = g.cache[key] = frozenset().union(*ranges)
    return found
