"""The two supply phases of a player turn: the first (1.12) and the final (1.19, 3.8).

First supply phase: in a Jul/Aug turn, Japan's phase begins with jungle attrition (6.72,
:func:`ground_combat.jungle_attrition`); in Japan's phase Japan then adjusts its supply network
(3.5), one small decision at a time (a marker into a sea area, the submarine into one, a
marker or the submarine out, end), and pays its cost from Transports Available (with the
option of 13.1 the network is worked out instead, :mod:`simplified_supply`); last, the phase
player's supply is traced (:func:`supply.supply_report`) and recorded, to be read by every
rule until the final supply phase (3.6, 3.7; :func:`control.supply_of`).

Final supply phase: every block, air unit and garrison of the phase player that traces not
even partial supply goes to its force pool (3.8, :func:`supply.final_eliminations`); the
survivors' status is recorded again, a unit marked out of supply regaining supply as 3.7 allows
(:func:`supply.regained_status`).

Where the status is kept, and what the other side sees
------------------------------------------------------
In the box game an Out-of-Supply marker lies on the unit, in plain sight; partial supply has no
marker (a Japanese garrison flips to its militia side, 3.23). Here:

* a **block**'s status is in its hidden part (``hidden["supply"]``: "partial" or "out"; none
  when in full supply; ``hidden["oos_moved"]`` once a marked block moved, 3.7): only those who
  see the block see it, and a blank drawn back for the other side (determinization) is in
  full supply. A partially supplied block shows nothing, as in the box game;
* an **LBA**'s status is on its open counter (``supply``, ``oos_moved``), as its marker is;
  a **CBA** has its carrier's (read through the carrier, never written on the counter: a
  status on it would tell where its hidden CV stands);
* **garrisons** (open counters without ids) have theirs by area, in
  ``data["supply"][side]["garrisons"]``;
* the public marker: ``data["supply"][side]["marked"]``, the areas where the side's ground
  units, LBA or garrisons are out of supply (:func:`control.supply_marked`). The other side
  learns that some unit of the side there is out of supply, not which block: less than the
  box game's markers on the units, which would tell which blank (and so perhaps which power)
  is cut off. Fleets carry no marker: a fleet out of supply works normally (3.6) and the
  final supply phase settles it.

Decisions
---------
* **The network's decision** offers only moves that keep the network legal (3.51): a marker
  into a sea area next to the linked network (or a home island's coast), no Allied dominant
  influence, within Transports Available; the submarine likewise (its sea area's value within
  its steps, Allied influence ignored, 3.52); removing a marker or the submarine if what is
  left stays linked. The phase ends once the network costs no more than Transports Available.
  Last turn's markers the Allies now dominate, or cut off from the home islands, go first. A
  sea area is placed or withdrawn once a phase (a player takes a slip back with undo): the
  decision always ends, for random play and bots too.
* **Transports Available** is set to Transport Capacity at the start of Japan's player turn
  (1.1); the network's cost is paid when Japan ends its decision (3.51).
* **The submarine on supply duty** (3.52: no combat or other use "until the end of the turn")
  stays in its holding box, out of reach of the naval rules (:func:`naval.submarine`), for as
  long as the network keeps it; Japan frees it by taking it off in its next first supply phase.
* **9.17** (two Japanese units supplied through Indian ports): the first two by id, as
  :func:`supply.supply_report` chooses by default; Japan is not asked.
* **After the final supply phase** each survivor's status is what it traces then, but a unit
  (ground or air, not a fleet: 3.7 speaks of units) marked out of supply that moved keeps its
  marker unless it stands in an area captured this player turn (3.7, ``data["captured"]``).
  That status holds through the other side's player turn (its defence, 3.35, 3.6) until the
  side's next first supply phase.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Final

from wargame.engine.action import Action
from wargame.engine.fog import audience
from wargame.engine.log import Side
from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.asia_engulfed import simplified_supply, supply
from wargame.games.asia_engulfed.control import (
    CAPTURED,
    FULL,
    GARRISON,
    OOS_MOVED,
    SIDES,
    SUPPLY,
    status_holder,
    supply_marked,
)
from wargame.games.asia_engulfed.forces import is_unit, side_of
from wargame.games.asia_engulfed.ground_combat import jungle_attrition
from wargame.games.asia_engulfed.movement import (
    block_to_pool,
    settle_after_leaving,
    to_pool,
)
from wargame.games.asia_engulfed.naval import submarine
from wargame.games.asia_engulfed.registry import RULES
from wargame.games.asia_engulfed.state import BOX_PREFIX
from wargame.games.asia_engulfed.supply import Network, SupplyReport
from wargame.games.asia_engulfed.transports import TRANSPORTS_AVAILABLE, transports_available

JAPAN: Final = SIDES[0]
CAPACITY: Final = "transport_capacity"
ANY_COST: Final = 10**6  # a removal is judged on its links, not on the capacity


def empty_records() -> dict[str, Any]:
    """The supply bookkeeping a game starts with: no network, nothing marked."""
    return {
        "network": {"markers": [], "submarine": None},
        "supply": {side: {"marked": [], "garrisons": {}} for side in SIDES},
        CAPTURED: [],
    }


@RULES.implements("1.1")
def new_player_turn(data: dict[str, Any], side: Side) -> None:
    """Nothing captured yet this player turn (3.7); at Japan's, Transports Available is set to
    Transport Capacity (1.1: last turn's unused points are lost)."""
    data[CAPTURED] = []
    if side == JAPAN and CAPACITY in data["tracks"]:
        data["tracks"][TRANSPORTS_AVAILABLE] = data["tracks"][CAPACITY]


# -- the Japanese supply network (3.5) --------------------------------------------------------


def store_network(data: dict[str, Any], network: Network) -> None:
    data["network"] = {"markers": sorted(network.markers), "submarine": network.submarine}


def placements(data: Mapping[str, Any]) -> list[str]:
    """The sea areas a network marker may go into now (3.51)."""
    network = Network.of(data)
    room = transports_available(data)
    return [
        sea
        for sea in supply.network_frontier(data, network)
        if supply.legal_network(data, Network(network.markers | {sea}, network.submarine), room)
    ]


def submarine_placements(data: Mapping[str, Any]) -> list[str]:
    """The sea areas Japan's submarine may cover now (3.52): it waits in its holding box, and
    the network with it stays legal."""
    network = Network.of(data)
    if network.submarine is not None or submarine(data, JAPAN) is None:
        return []
    room = transports_available(data)
    return [
        sea
        for sea in supply.network_frontier(data, network)
        if supply.legal_network(data, Network(network.markers, sea), room)
    ]


def removals(data: Mapping[str, Any]) -> list[str]:
    """The sea areas whose marker (or submarine) may come off: what is left stays linked."""
    network = Network.of(data)
    return [
        sea
        for sea in sorted(network.seas)
        if supply.legal_network(data, without(network, sea), ANY_COST)
    ]


def without(network: Network, sea: str) -> Network:
    if sea == network.submarine:
        return Network(network.markers, None)
    return Network(network.markers - {sea}, network.submarine)


def network_fits(data: Mapping[str, Any]) -> bool:
    return supply.legal_network(data, Network.of(data), transports_available(data))


@RULES.implements("3.51", "3.52")
def keep_last_network(g: Context) -> None:
    """Last turn's network as 3.51 lets it stay: markers under Allied dominant influence or cut
    off from the home islands go, and the submarine if it can no longer cover its sea area
    (3.52), with what it linked."""
    before = Network.of(g.data)
    kept = supply.kept_network(g.data, before)
    if kept.submarine is not None and not _submarine_covers(g.data, kept.submarine):
        kept = supply.kept_network(g.data, Network(kept.markers, None))
    lost = sorted(before.seas - kept.seas)
    if lost:
        g.log("log.network_lost", seas=lost)
    store_network(g.data, kept)


def _submarine_covers(data: Mapping[str, Any], sea: str) -> bool:
    boat = supply.japanese_submarine(data)
    return boat is not None and supply.marker_value(sea) <= boat["steps"]


# -- recording a side's supply (3.6, 3.7) -----------------------------------------------------


def record(
    data: dict[str, Any], side: Side, statuses: Mapping[str, str], report: SupplyReport
) -> None:
    """Write ``statuses`` (per block or LBA id; full where not named) on ``side``'s units, the
    garrisons' from ``report``, and the public markers."""
    for unit_id, unit in data["units"].items():
        if unit["owner"] == side:
            _write(unit["hidden"], statuses.get(unit_id, FULL))
    for counter_id, counter in data["counters"].items():
        if counter["type"] == "lba" and side_of(counter["power"]) == side:
            _write(counter, statuses.get(counter_id, FULL))
    records = data["supply"][side]
    records["garrisons"] = {
        where: status for where, status in sorted(report.garrisons.items()) if status != FULL
    }
    records["marked"] = supply_marked(data, side)


def _write(holder: dict[str, Any], status: str) -> None:
    holder.pop(OOS_MOVED, None)
    if status == FULL:
        holder.pop(SUPPLY, None)
    else:
        holder[SUPPLY] = status


def log_marked(g: Context, side: Side) -> None:
    """The owner reads which of its units are out of supply; the other side, where they are."""
    units = sorted(
        unit_id
        for unit_id, unit in g.data["units"].items()
        if unit["owner"] == side and unit["hidden"].get(SUPPLY) == "out"
    )
    units += [
        counter_id
        for counter_id, counter in sorted(g.data["counters"].items())
        if counter.get(SUPPLY) == "out" and side_of(counter["power"]) == side
    ]
    areas = g.data["supply"][side]["marked"]
    if units or areas:
        public = {"side": side, "areas": areas}
        g.log_private(
            [side],
            "log.out_of_supply",
            {**public, "units": units},
            "log.out_of_supply_areas",
            public,
        )


# -- the phases --------------------------------------------------------------------------------


class FirstSupply(Procedure):
    """The first supply phase (1.12): jungle attrition (a), Japan's network (b), the phase
    player's supply traced and recorded (c)."""

    name = "first_supply"

    @RULES.implements("1.12", "6.72")
    def start(self, g: Context, f: Frame) -> None:
        if f.locals["side"] != JAPAN:
            g.goto("determine")
            return
        jungle_attrition(g)  # 6.72: Jul/Aug turns only, in Japan's phase
        if simplified_supply.chosen(g.state):  # 13.1: no markers to place
            simplified_supply.place_automatic_network(g)
            g.goto("determine")
            return
        keep_last_network(g)
        f.locals["touched"] = []
        g.goto("network")

    @decision
    @RULES.implements("3.5", "3.51", "3.52")
    def network(self, g: Context, f: Frame) -> Choices:
        cost, room = supply.network_cost(Network.of(g.data)), transports_available(g.data)
        fits = network_fits(g.data)
        key = "prompt.supply_network" if fits else "prompt.supply_network_over"
        choices = Decision.single(JAPAN, key, cost=cost, available=room)
        touched = set(f.locals["touched"])
        if fits:
            for sea in placements(g.data):
                if sea not in touched:
                    choices.add(Action.of("network", sea), self.place, sea)
            for sea in submarine_placements(g.data):
                if sea not in touched:
                    choices.add(Action.of("submarine_supply", sea), self.cover, sea)
            choices.add("end", self.pay)
        for sea in removals(g.data):
            if sea not in touched:
                choices.add(Action.of("withdraw", sea), self.take_off, sea)
        return choices

    def place(self, g: Context, f: Frame, sea: str) -> None:
        network = Network.of(g.data)
        self.adjust(g, f, sea, Network(network.markers | {sea}, network.submarine))

    def cover(self, g: Context, f: Frame, sea: str) -> None:
        self.adjust(g, f, sea, Network(Network.of(g.data).markers, sea))

    def take_off(self, g: Context, f: Frame, sea: str) -> None:
        self.adjust(g, f, sea, without(Network.of(g.data), sea))

    def adjust(self, g: Context, f: Frame, sea: str, network: Network) -> None:
        """Each sea area is placed or withdrawn once a phase, so that the decision ends
        (undo takes a change back)."""
        store_network(g.data, network)
        f.locals["touched"] = sorted({*f.locals["touched"], sea})
        g.goto("network")

    @RULES.implements("3.51")
    def pay(self, g: Context, f: Frame) -> None:
        network = Network.of(g.data)
        cost = supply.network_cost(network)
        g.data["tracks"][TRANSPORTS_AVAILABLE] = transports_available(g.data) - cost
        g.log("log.supply_network", seas=sorted(network.markers), cost=cost)
        if network.submarine is not None:
            g.log("log.submarine_supply", sea=network.submarine)
        g.goto("determine")

    @RULES.implements("1.12", "3.6", "3.7")
    def determine(self, g: Context, f: Frame) -> None:
        """The phase player's units, LBA and garrisons get the status they trace; it stays
        until the final supply phase (3.7)."""
        side = f.locals["side"]
        report = supply.supply_report(g.data, side)
        record(g.data, side, report.units, report)
        log_marked(g, side)
        g.ret()


class FinalSupply(Procedure):
    """The final supply phase (1.19, 3.8): what traces no supply at all goes, the rest is marked
    afresh (3.7)."""

    name = "final_supply"

    @RULES.implements("1.19", "3.8", "3.7")
    def start(self, g: Context, f: Frame) -> None:
        side = f.locals["side"]
        lost = supply.final_eliminations(g.data, side)
        for counter_id in [c for c in lost.units if c in g.data["counters"]]:
            eliminate_air(g, side, counter_id)
        for unit_id in [u for u in lost.units if u in g.data["units"]]:
            eliminate_block(g, unit_id)
        for where in lost.garrisons:
            eliminate_garrisons(g, side, where)
        report = supply.supply_report(g.data, side)
        record(g.data, side, dict(regained(g.data, side, report)), report)
        log_marked(g, side)
        g.ret()


@RULES.implements("3.7")
def regained(
    data: Mapping[str, Any], side: Side, report: SupplyReport
) -> Iterator[tuple[str, str]]:
    """Each surviving block's and LBA's status after the final supply phase: what it traces,
    but a unit marked out of supply that moved stays marked unless it stands in an area
    captured this player turn (3.7). Fleets take what they trace."""
    for unit_id, now in report.units.items():
        holder = status_holder(data, unit_id)
        if holder is None:
            continue
        if holder.get(SUPPLY) == "out" and is_unit(_kind(data, unit_id)):
            where = _where(data, unit_id)
            captured = where in data[CAPTURED] and data["control"].get(where) == side
            yield (
                unit_id,
                supply.regained_status(
                    now, moved=bool(holder.get(OOS_MOVED)), newly_captured=captured
                ),
            )
        else:
            yield unit_id, now


def _kind(data: Mapping[str, Any], unit_id: str) -> str:
    """A block's type or a counter's (3.7 speaks of units: 4.23)."""
    if unit_id in data["units"]:
        return str(data["units"][unit_id]["hidden"]["type"])
    return str(data["counters"][unit_id]["type"])


def _where(data: Mapping[str, Any], unit_id: str) -> str:
    where: str = (data["units"].get(unit_id) or data["counters"][unit_id])["where"]
    return where


# -- eliminations (3.8) ------------------------------------------------------------------------


def eliminate_air(g: Context, side: Side, counter_id: str) -> None:
    """An LBA, or a CBA whose carrier is out of supply (named without its unit box)."""
    where = g.data["counters"][counter_id]["where"]
    to_pool(g, counter_id)
    if where.startswith(BOX_PREFIX):
        g.log("log.unsupplied_carrier_air", side=side, unit=counter_id)
    else:
        g.log("log.unsupplied_air", side=side, unit=counter_id, area=where)


def eliminate_block(g: Context, unit_id: str) -> None:
    """A block to its force pool, as a blank to the other side; one it sees (revealed in a
    battle) is known to be in the pool, as a block eliminated in sight (6.63)."""
    unit = g.data["units"][unit_id]
    where = unit["where"]
    if len(audience(unit, SIDES)) == len(SIDES):
        g.data["known_in_pool"] = sorted([*g.data["known_in_pool"], unit_id])
    block_to_pool(g, unit_id, "log.unsupplied_block", area=where)
    settle_after_leaving(g, where)


def eliminate_garrisons(g: Context, side: Side, where: str) -> None:
    for power, at in list(g.data["garrisons"]):
        if at == where and side_of(power) == side:
            g.data["garrisons"].remove([power, at])
            g.log("log.unsupplied_garrison", side=side, unit=GARRISON + power, area=where)
    settle_after_leaving(g, where)


ALL: Final[tuple[Procedure, ...]] = (FirstSupply(), FinalSupply())
