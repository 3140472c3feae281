"""Simplified transport and supply (13.1, optional): a designed rule, the printed one being lost
(only its title survives, by the cross-reference in 3.5).

With the set-up option ``simplified_supply`` Japan places no supply-network markers (3.5, 3.51).
In its first supply phase its network is every sea area linked to a Japanese-controlled home
island through sea areas where the Allies hold no dominant influence (3.4 a, 3.51 a and b),
worked out by the program; at the start of each Japanese player turn, Transports Available is
Transport Capacity less a fixed share of it (``t13_1_simplified_supply``: two thirds, rounded
up), what the network takes whatever its extent. Every other rule reads the network as it reads
a placed one: supply lines (3.4 b), invasions from network sea areas (7.2), resource areas
connected to Japan (4.11).

Decisions
---------
* **Why a player chooses it**: adjusting the network is the longest run of small decisions in
  Japan's turn, a marker a sea area each turn. The option skips it and keeps what the network
  decides: the Allies still cut Japanese supply with dominant influence, and Japan still weighs
  its remaining transport points between sea moves, strategic moves and replacements (4.5).
* **A share of the capacity, not the markers' cost**: the automatic network reaches every sea
  area Japan could link, far more than it would pay for; its printed cost would take the whole
  capacity every turn.
* **Charged with the turn's reset** (1.1), not in the first supply phase: the naval movement
  phase (1.11) comes first, and its sea moves must not spend the points the network needs.
* **No submarine supply** (3.52): nothing is left for it to extend; the submarine stays free to
  fight.
"""

from __future__ import annotations

from typing import Any, Final

from wargame.engine.contract import OptionSpec
from wargame.engine.log import Side
from wargame.engine.procedure import Context
from wargame.engine.state import State
from wargame.games.asia_engulfed.board import area_map
from wargame.games.asia_engulfed.charts import Charts
from wargame.games.asia_engulfed.registry import RULES
from wargame.games.asia_engulfed.supply import Network, kept_network
from wargame.games.asia_engulfed.transports import TRANSPORTS_AVAILABLE

OPTION: Final = "simplified_supply"
OPTIONS: Final = (
    OptionSpec(
        OPTION,
        False,
        (False, True),
        "Simplified transport and supply (13.1, designed): Japan's supply network is automatic "
        "and takes a fixed share of its transport capacity",
    ),
)
CAPACITY: Final = "transport_capacity"

RULES.stand_in(
    "13.1",
    "With the option, Japan's network is every sea area linked to its home islands without "
    "Allied dominant influence; two thirds of Transport Capacity (T13.1) pay for it each turn.",
    key="automatic_network",
)


def chosen(state: State) -> bool:
    """Whether the game is played with 13.1."""
    return bool(state.options.get(OPTION))


@RULES.implements("13.1")
def automatic_network(position: dict[str, Any]) -> Network:
    """Every sea area (with a transport value) linked to a Japanese-controlled home island
    through sea areas without Allied dominant influence."""
    seas = frozenset(
        sea for sea, record in area_map().areas.items() if record.is_sea and record.transport
    )
    return kept_network(position, Network(seas))


@RULES.implements("13.1")
def transports_after_charge(data: dict[str, Any], side: Side, charts: Charts) -> None:
    """At the start of Japan's player turn, Transports Available is the capacity less the
    automatic network's share (never below none)."""
    tracks = data["tracks"]
    if side != "japan" or CAPACITY not in tracks:
        return
    capacity = int(tracks[CAPACITY])
    tracks[TRANSPORTS_AVAILABLE] = max(0, capacity - charts.simplified_supply.charge(capacity))


@RULES.implements("13.1", "3.5")
def place_automatic_network(g: Context) -> None:
    """Japan's first supply phase with 13.1: the network is worked out, not placed."""
    network = automatic_network(g.data)
    g.data["network"] = {"markers": sorted(network.markers), "submarine": None}
    g.log("log.automatic_network", seas=sorted(network.markers))
