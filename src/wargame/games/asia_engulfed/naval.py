"""Naval movement (1.11, 8.2) and rebasing (1.18, 8.8) of fleets and the submarine units.

The phase player sails fleets from port into a sea area it names, one sea area at a time; then
the other side may react into that sea area only, with fleets in port and its submarine, and if
fleets reacted the phase player may add its own submarine; the sea area is then closed (8.21,
8.25). In the rebase phase every fleet at sea returns to a friendly port, the reacting side's
first (8.8). Still to come: troop transports and marines at sea (5.31, 8.12, 8.24), extended
operations (8.23), code-breaking's longer reaction (7.6), consolidation (8.11) and the surprise
turn's limits (9.11).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Final

from wargame.engine.action import Action
from wargame.engine.board.paths import reachable
from wargame.engine.log import Side
from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.asia_engulfed.board import SEA_MOVES, area_graph
from wargame.games.asia_engulfed.charts import Charts, tables
from wargame.games.asia_engulfed.control import SIDES, area, enemy
from wargame.games.asia_engulfed.forces import side_of
from wargame.games.asia_engulfed.influence import port_seas, projecting
from wargame.games.asia_engulfed.movement import block_to_pool, relocate
from wargame.games.asia_engulfed.registry import RULES

Projecting = Mapping[str, frozenset[Side]]  # influence.projecting: sides projecting into each sea
HOLDING_BOX: Final = "holding_box"
OIL: Final = "japan_oil"
HOME_PORTS: Final[dict[str, tuple[str, ...]]] = {
    "japan": ("honshu",),
    "usa": ("usa",),
    "cw": ("new_south_wales", "south_africa"),
    "dei": ("new_south_wales", "south_africa"),  # DEI fleets act as CW fleets (3.33)
}
RESTRICTED_UNLESS_HELD: Final = "leyte"  # 8.22 b


# -- where a fleet may sail -----------------------------------------------------------------


def fleets(data: Mapping[str, Any], side: Side, *, at_sea: bool) -> list[str]:
    """``side``'s fleet blocks at sea, or in port."""
    return sorted(
        unit_id
        for unit_id, unit in data["units"].items()
        if unit["owner"] == side
        and unit["public"]["kind"] == "fleet"
        and area(unit["where"]).is_sea == at_sea
    )


@RULES.implements("8.22")
def sea_steps(data: Mapping[str, Any], side: Side, sea: str) -> list[str]:
    """The sea areas a fleet may enter from ``sea``: never straight between the South
    Philippine Sea and the Sulu Sea until ``side`` holds Leyte uncontested (8.22 b)."""
    steps = []
    for connection in area_graph().connections(sea):
        if connection.kind not in SEA_MOVES:
            continue
        if connection.kind == "restricted" and not _holds(data, side, RESTRICTED_UNLESS_HELD):
            continue
        steps.append(connection.b)
    return steps


def _holds(data: Mapping[str, Any], side: Side, where: str) -> bool:
    return data["control"].get(where) == side and where not in data["contested"]


@RULES.implements("8.22", "8.13")
def sea_reach(
    data: Mapping[str, Any], side: Side, port: str, budget: int, sides: Projecting | None = None
) -> set[str]:
    """The sea areas a fleet in ``port`` reaches: leaving port is the first of its ``budget``
    sea areas (8.22 a), and it stops on entering a sea area where the enemy projects influence,
    limited or dominant (8.13 b, c). ``sides``: :func:`projecting` of ``data``, when the caller
    asks for several fleets."""
    sides = sides if sides is not None else projecting(data)
    other = enemy(side)

    def steps(node: str) -> list[str]:
        return sorted(port_seas(node)) if not area(node).is_sea else sea_steps(data, side, node)

    def can_leave(node: str) -> bool:
        return other not in sides[node]

    return reachable(port, steps, can_leave=can_leave, max_cost=budget) - {port}


def japanese_oil_left(data: Mapping[str, Any], side: Side, charts: Charts) -> bool:
    """Each Japanese fleet that moves or reacts uses oil (8.21, 8.25; Table T18)."""
    return side != SIDES[0] or data["tracks"][OIL] >= charts.japanese_logistics.oil_per_fleet


def sailings(data: Mapping[str, Any], side: Side, charts: Charts) -> Iterator[tuple[str, str]]:
    """Each (fleet, sea area) move of the phase player: into the sea area it opened, or any
    sea area not closed yet when none is open."""
    naval = data["naval"]
    if not japanese_oil_left(data, side, charts):
        return
    sides = projecting(data)
    for fleet_id in fleets(data, side, at_sea=False):
        port = data["units"][fleet_id]["where"]
        reach = sea_reach(data, side, port, charts.movement.fleet, sides)
        if naval["target"] is not None:
            reach &= {naval["target"]}
        for sea in sorted(reach - set(naval["closed"])):
            yield fleet_id, sea


@RULES.implements("8.25")
def reactions(data: Mapping[str, Any], side: Side, target: str, charts: Charts) -> list[str]:
    """The fleets in port of the non-phase player that may react into ``target`` (8.25)."""
    if not japanese_oil_left(data, side, charts):
        return []
    sides = projecting(data)
    return [
        fleet_id
        for fleet_id in fleets(data, side, at_sea=False)
        if target
        in sea_reach(data, side, data["units"][fleet_id]["where"], charts.movement.reaction, sides)
    ]


def submarine(data: Mapping[str, Any], side: Side) -> str | None:
    """``side``'s submarine unit if it waits in the holding box."""
    for counter_id, counter in sorted(data["counters"].items()):
        if counter["type"] == "submarine" and side_of(counter["power"]) == side:
            return counter_id if counter["where"] == HOLDING_BOX else None
    return None


# -- the naval movement phase ---------------------------------------------------------------


class NavalMovement(Procedure):
    """The naval movement phase (1.11): sea area by sea area, the phase player's moves, the
    other side's reaction, the phase player's submarine (8.21, 8.25)."""

    name = "naval_movement"

    def start(self, g: Context, f: Frame) -> None:
        g.data["naval"] = {"target": None, "closed": [], "reacted": []}
        g.goto("sail")

    @decision
    def sail(self, g: Context, f: Frame) -> Choices:
        side: Side = f.locals["side"]
        target = g.data["naval"]["target"]
        key = "prompt.naval_movement" if target is None else "prompt.naval_target"
        choices = Decision.single(side, key, sea=target)
        for fleet_id, sea in sailings(g.data, side, tables(g.state)):
            choices.add(Action.of("sail", fleet_id, sea), self.move, side, fleet_id, sea)
        if target is None:
            choices.add("end", self.end, side)
        else:
            choices.add("close", self.close, side)
        return choices

    @RULES.implements("8.21")
    def move(self, g: Context, f: Frame, side: Side, fleet_id: str, sea: str) -> None:
        g.data["naval"]["target"] = sea
        sail(g, fleet_id, sea)

    def close(self, g: Context, f: Frame, side: Side) -> None:
        g.goto("react")

    @decision
    def react(self, g: Context, f: Frame) -> Choices:
        side = enemy(f.locals["side"])
        target = g.data["naval"]["target"]
        choices = Decision.single(side, "prompt.react", sea=target)
        for fleet_id in reactions(g.data, side, target, tables(g.state)):
            choices.add(Action.of("react", fleet_id, target), self.reacting, side, fleet_id)
        sub = submarine(g.data, side)
        if sub is not None:
            choices.add(Action.of("submarine", target), self.dive, side, sub, "react")
        choices.add("done", self.reacted, side)
        return choices

    def reacting(self, g: Context, f: Frame, side: Side, fleet_id: str) -> None:
        naval = g.data["naval"]
        sail(g, fleet_id, naval["target"])
        naval["reacted"] = sorted({*naval["reacted"], fleet_id})
        f.locals["fleets_reacted"] = True

    def dive(self, g: Context, f: Frame, side: Side, sub: str, then: str) -> None:
        """A submarine unit goes from the holding box into the sea area, whatever its range and
        influence (8.25)."""
        target = g.data["naval"]["target"]
        g.data["counters"][sub]["where"] = target
        g.log("log.submarine", side=side, sea=target)
        g.goto(then)

    def reacted(self, g: Context, f: Frame, side: Side) -> None:
        phase_sub = submarine(g.data, f.locals["side"])
        if f.locals.pop("fleets_reacted", False) and phase_sub is not None:
            g.goto("answer")
        else:
            self.next_sea(g, f)

    @decision
    def answer(self, g: Context, f: Frame) -> Choices:
        side = f.locals["side"]
        target = g.data["naval"]["target"]
        choices = Decision.single(side, "prompt.answer", sea=target)
        sub = submarine(g.data, side)
        if sub is not None:
            choices.add(Action.of("submarine", target), self.dive, side, sub, "answered")
        choices.add("done", self.answered, side)
        return choices

    def answered(self, g: Context, f: Frame, side: Side | None = None) -> None:
        self.next_sea(g, f)

    def next_sea(self, g: Context, f: Frame) -> None:
        naval = g.data["naval"]
        naval["closed"] = sorted({*naval["closed"], naval["target"]})
        naval["target"] = None
        g.goto("sail")

    def end(self, g: Context, f: Frame, side: Side) -> None:
        g.ret()


def sail(g: Context, fleet_id: str, sea: str) -> None:
    """Move a fleet block into ``sea``, logged as a blank fleet to the side that does not see
    it, and pay Japan's oil (8.21, 8.25)."""
    relocate(g, fleet_id, sea, "log.sailed")
    if g.data["units"][fleet_id]["owner"] == SIDES[0]:
        g.data["tracks"][OIL] -= tables(g.state).japanese_logistics.oil_per_fleet


# -- rebasing -------------------------------------------------------------------------------


@RULES.implements("8.8", "5.45")
def rebase_ports(
    data: Mapping[str, Any], fleet_id: str, charts: Charts, sides: Projecting | None = None
) -> list[str]:
    """Where a fleet at sea may go in port: a friendly port within 3 sea areas, the one it
    starts in not counted nor its influence, entering the port counting one, through no sea
    area where the enemy projects influence; or one of its navy's home ports, whatever the
    distance (8.8). A port takes as many fleets as its size allows (5.45, Table T3)."""
    unit = data["units"][fleet_id]
    side, power, start = unit["owner"], unit["hidden"]["power"], unit["where"]
    sides = sides if sides is not None else projecting(data)
    other = enemy(side)

    def steps(node: str) -> list[str]:
        return [s for s in sea_steps(data, side, node) if other not in sides[s]]

    seas = reachable(start, steps, max_cost=charts.movement.rebase_fleet - 1)
    ports = {p for sea in seas for p in _ports_on(sea) if _friendly_port(data, side, p)}
    ports |= {p for p in HOME_PORTS.get(power, ()) if data["control"].get(p) == side}
    return sorted(p for p in ports if _room(data, side, p, charts))


def _ports_on(sea: str) -> list[str]:
    return [a for a in area_graph().neighbours(sea) if sea in port_seas(a)]


def _friendly_port(data: Mapping[str, Any], side: Side, where: str) -> bool:
    return area(where).has_port and data["control"].get(where) == side


def _room(data: Mapping[str, Any], side: Side, port: str, charts: Charts) -> bool:
    size = area(port).port or "none"
    if size == "home":
        return True
    capacity = int(getattr(charts.ports.fleets, size, 0))
    return (
        len([f for f in fleets(data, side, at_sea=False) if data["units"][f]["where"] == port])
        < capacity
    )


class Rebase(Procedure):
    """The rebase phase (1.18): the reacting side's fleets at sea go to port, then the phase
    player's; the submarine units go back to the holding box (8.8). Called with ``order`` (the
    sides that rebase) and ``sea``, only their fleets in that sea area rebase: those that
    avoided interception (8.32)."""

    name = "rebase"

    def start(self, g: Context, f: Frame) -> None:
        f.locals.setdefault("order", [enemy(f.locals["side"]), f.locals["side"]])
        f.locals.setdefault("sea", None)
        g.goto("next_side")

    def at_sea(self, g: Context, f: Frame, side: Side) -> list[str]:
        found = fleets(g.data, side, at_sea=True)
        sea = f.locals["sea"]
        return [fleet for fleet in found if sea is None or g.data["units"][fleet]["where"] == sea]

    def next_side(self, g: Context, f: Frame) -> None:
        order = f.locals["order"]
        while order and not self.at_sea(g, f, order[0]):
            order.pop(0)
        if order:
            g.goto("choose")
            return
        if f.locals["sea"] is None:
            for counter in g.data["counters"].values():
                if counter["type"] == "submarine" and counter["where"] != HOLDING_BOX:
                    counter["where"] = HOLDING_BOX
            g.data["naval"] = {"target": None, "closed": [], "reacted": []}
        g.ret()

    @decision
    def choose(self, g: Context, f: Frame) -> Choices:
        side = f.locals["order"][0]
        choices = Decision.single(side, "prompt.rebase")
        charts, sides = tables(g.state), projecting(g.data)
        for fleet_id in self.at_sea(g, f, side):
            ports = rebase_ports(g.data, fleet_id, charts, sides)
            for port in ports:
                choices.add(Action.of("rebase", fleet_id, port), self.rebase, fleet_id, port)
            if not ports:
                choices.add(Action.of("scuttle", fleet_id), self.lost, side, fleet_id)
        return choices

    def rebase(self, g: Context, f: Frame, fleet_id: str, port: str) -> None:
        relocate(g, fleet_id, port, "log.rebased")
        g.goto("next_side")

    def lost(self, g: Context, f: Frame, side: Side, fleet_id: str) -> None:
        """A fleet with no port it may reach is lost to its force pool (8.8 leaves no other
        end for it; its home ports are out of reach only once they are lost)."""
        block_to_pool(g, fleet_id, "log.fleet_lost", sea=g.data["units"][fleet_id]["where"])
        g.goto("next_side")


ALL: Final[tuple[Procedure, ...]] = (NavalMovement(), Rebase())
