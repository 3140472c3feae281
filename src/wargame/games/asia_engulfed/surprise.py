"""The surprise attack (9.11): the Japanese player turn of the Nov/Dec 1941 campaign's first turn.

Enforced here, for the naval movement phase: US fleets in Hawaii and the USA do not react (a);
Allied LBA and Allied fleets in port project no influence until the air/naval combat phase ends
(d); the CW fleets at Singapore react by themselves into the Gulf of Thailand or the Java Sea, the
first of the two Japan closes where they can (e); the Japanese submarine unit never goes into
the Hawaiian Islands sea area (i). Elsewhere: the jungle bonus (g, :mod:`ground_combat`), no
strategic warfare (h, :mod:`strategic_warfare`).

In the air/naval combat phase: Japanese air units +1 (elite +1 more) in the first round fought in
each sea area, a port attack included when it is the first (c); Allied AA dice halved, rounded
up, in port attacks, at Hawaii only in the first (f). Before any naval battle, Japan may make the
surprise port attack on Hawaii with the CBA of its carriers in the Hawaiian Islands sea area
(j), US fleets at sea there waiting (b: no battle there before it); Hawaii's LBA fly no CAP.
After it Japan rebases those fleets at once or stays (k); staying, the battle there begins with
a one-round day action, both sides choosing Day and the US +3 to its roll; a second strike on
Hawaii comes in the port attack step once no US fleet is left in the sea area (8.7).

The US may instead rebase at once (Avoid at that first check), to the USA's port, not Hawaii.

Decisions
---------
* **Which fleets are "in" Hawaii and the USA** (a): those in the port of those two areas; fleets at
  sea in the Hawaiian Islands sea area are not in port and may not react anyway (8.25).
* **Until when influence is silenced** (d): through the Japanese player turn's phases up to and
  including the air/naval combat phase (1.11-1.14); from operational movement on it counts again.
* **"A further +1" for elite air** (c) is an extra +1 on top of 9.12's own (the seed says elite
  units get a further +1 in addition to the surprise bonus; j repeats that the two stack).
* **The first round in a sea area** (c) is spent by the first night or day round, or port
  attack, fought there; the bonus counts for every Japanese air unit firing in it.
* **A second port attack** (k): the CBA that struck in the surprise attack may strike Hawaii
  again in the port attack step; the program does not keep them from other targets there.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wargame.engine.action import Action
from wargame.engine.log import Side
from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.asia_engulfed.board import area_map
from wargame.games.asia_engulfed.charts import Charts
from wargame.games.asia_engulfed.forces import side_of
from wargame.games.asia_engulfed.registry import RULES

SURPRISE_TURN: Final = "1941-11"
JAPAN: Final = "japan"
NO_REACTION_PORTS: Final = frozenset({"hawaii", "usa"})  # 9.11 a
SILENT_PHASES: Final = frozenset(
    {"naval_movement", "first_supply", "production", "air_naval_combat"}
)  # 9.11 d: to the end of the air/naval combat phase
FORCED_PORT: Final = "singapore"  # 9.11 e
FORCED_SEAS: Final = ("gulf_of_thailand", "java_sea")
BARRED_SUBMARINE_SEA: Final = "hawaiian_islands"  # 9.11 i
HAWAII: Final = "hawaii"  # 9.11 j, k
HAWAIIAN_ISLANDS: Final = "hawaiian_islands"
USA: Final = "usa"
SPENT: Final = "surprise_spent"  # data["naval"]: sea areas whose first round is fought; Hawaii
PEARL_HARBOR: Final = "pearl_harbor"  # data["naval"]: "offered", then "stayed" or "left"


def surprise_turn(data: Mapping[str, Any]) -> bool:
    """Whether it is Japan's player turn of the surprise attack turn (9.11)."""
    return data["turn"] == SURPRISE_TURN and data.get("phase_player") == JAPAN


@RULES.implements("9.11")
def may_react(data: Mapping[str, Any], unit: Mapping[str, Any]) -> bool:
    """9.11 a: no US fleet in port at Hawaii or in the USA reacts."""
    return not (
        surprise_turn(data)
        and unit["hidden"]["power"] == "usa"
        and unit["where"] in NO_REACTION_PORTS
    )


@RULES.implements("9.11")
def influence_silenced(data: Mapping[str, Any]) -> bool:
    """9.11 d: Allied LBA and Allied fleets in port project no influence now."""
    return surprise_turn(data) and data.get("phase") in SILENT_PHASES


@RULES.implements("9.11")
def forced_to_react(data: Mapping[str, Any], side: Side, target: str) -> bool:
    """9.11 e: whether the CW fleets at Singapore must react into ``target`` (the reacting
    side's, into a sea area Japan closes)."""
    return surprise_turn(data) and side != JAPAN and target in FORCED_SEAS


def forced_fleets(data: Mapping[str, Any], fleet_ids: list[str]) -> list[str]:
    """Of the fleets that may react, those 9.11 e sends: the CW's in port at Singapore."""
    return [
        f
        for f in fleet_ids
        if data["units"][f]["where"] == FORCED_PORT and data["units"][f]["hidden"]["power"] == "cw"
    ]


@RULES.implements("9.11")
def submarine_barred(data: Mapping[str, Any], side: Side, sea: str) -> bool:
    """9.11 i: the Japanese submarine unit never goes into the Hawaiian Islands sea area (it
    goes only where Allied fleets reacted, which 8.25 already asks of the phase player's)."""
    return surprise_turn(data) and side == JAPAN and sea == BARRED_SUBMARINE_SEA


# -- the air/naval combat phase (c, f, j, k) --------------------------------------------------


def _spent(data: Mapping[str, Any]) -> list[str]:
    return list(data["naval"].get(SPENT, []))


def _in_combat(data: Mapping[str, Any]) -> bool:
    return surprise_turn(data) and data.get("phase") == "air_naval_combat"


@RULES.implements("9.11")
def air_bonus(data: Mapping[str, Any], counter_id: str, charts: Charts) -> int:
    """9.11 c: a Japanese air unit's +1 (elite +2) in the first round fought in the sea area of
    the action (a battle's, or a port attack's, the sea area it flies from)."""
    action = data.get("interception")
    counter = data["counters"].get(counter_id)
    if not (_in_combat(data) and action and counter and side_of(counter["power"]) == JAPAN):
        return 0
    if action["sea"] in _spent(data):
        return 0
    mods = charts.air_modifiers
    return mods.surprise_turn + (mods.surprise_turn_elite if counter.get("elite") else 0)


def round_fought(data: dict[str, Any], *places: str) -> None:
    """Record that the first round in a sea area (or the first port attack on Hawaii) is over."""
    if _in_combat(data):
        data["naval"][SPENT] = sorted({*_spent(data), *places})


@RULES.implements("9.11")
def allied_aa_dice(
    data: Mapping[str, Any], defender: Side, where: str, dice: int, charts: Charts
) -> int:
    """9.11 f: the Allies' AA dice in a port attack (``where`` a land area), halved rounded up;
    at Hawaii only in the first."""
    port_attack = not area_map().areas[where].is_sea
    if not (_in_combat(data) and defender != JAPAN and port_attack):
        return dice
    if where == HAWAII and HAWAII in _spent(data):
        return dice
    return -(-dice // charts.surprise_attack.allied_aa_divisor)


@RULES.implements("9.11")
def flying_cap(data: Mapping[str, Any], where: str, defenders: list[str]) -> list[str]:
    """9.11 j: in the surprise port attack on Hawaii its LBA fly no CAP (so fire no shot)."""
    if _in_combat(data) and where == HAWAII and HAWAII not in _spent(data):
        return [c for c in defenders if data["counters"][c]["type"] != "lba"]
    return defenders


@RULES.implements("9.11")
def pearl_harbor_due(data: Mapping[str, Any], carrier_air: list[str]) -> bool:
    """9.11 j, b: whether Japan is yet to be offered the surprise port attack on Hawaii, before
    any battle: its carriers in the Hawaiian Islands sea area carry ``carrier_air``."""
    offered = PEARL_HARBOR in data["naval"]
    allied = data["control"].get(HAWAII) != JAPAN
    return _in_combat(data) and not offered and allied and bool(carrier_air)


@RULES.implements("9.11")
def one_day_round(data: Mapping[str, Any], sea: str, check: int) -> bool:
    """9.11 k: the first check in the Hawaiian Islands after Japan stayed is a day action of
    one round, both sides choosing Day, the US +3."""
    stayed = data["naval"].get(PEARL_HARBOR) == "stayed"
    return _in_combat(data) and stayed and sea == HAWAIIAN_ISLANDS and check == 1


def us_roll_bonus(data: Mapping[str, Any], side: Side, sea: str, check: int, charts: Charts) -> int:
    """9.11 k: the US +3 when it stays to fight after the surprise port attack."""
    fights = one_day_round(data, sea, check) and side != JAPAN
    return charts.interception.pearl_harbor_stay if fights else 0


@RULES.implements("9.11")
def rebase_ports(data: Mapping[str, Any], fleet_id: str, ports: list[str]) -> list[str]:
    """9.11 k: US fleets leaving the Hawaiian Islands after the surprise attack rebase to the
    USA's port, not Hawaii (to another port only if the USA's is out of reach)."""
    unit = data["units"][fleet_id]
    stayed = data["naval"].get(PEARL_HARBOR) == "stayed"
    leaving = unit["where"] == HAWAIIAN_ISLANDS and unit["owner"] != JAPAN
    if not (_in_combat(data) and stayed and leaving):
        return ports
    return [p for p in ports if p == USA] or [p for p in ports if p != HAWAII]


class PearlHarbor(Procedure):
    """9.11 j, k: the surprise port attack on Hawaii, then Japan stays or rebases at once."""

    name = "pearl_harbor"

    def start(self, g: Context, f: Frame) -> None:
        g.data["naval"][PEARL_HARBOR] = "offered"
        g.call("port_attacks", then="after", side=JAPAN, pearl_harbor=True)

    def after(self, g: Context, f: Frame) -> None:
        g.goto("stay_or_leave" if HAWAII in _spent(g.data) else "done")

    @decision
    @RULES.implements("9.11")
    def stay_or_leave(self, g: Context, f: Frame) -> Choices:
        choices = Decision.single(JAPAN, "prompt.pearl_harbor_stay")
        choices.add(Action.of("stay"), self.stay)
        choices.add(Action.of("depart"), self.depart)
        return choices

    def stay(self, g: Context, f: Frame) -> None:
        g.data["naval"][PEARL_HARBOR] = "stayed"
        g.log("log.pearl_harbor_stay")
        g.ret()

    def depart(self, g: Context, f: Frame) -> None:
        g.data["naval"][PEARL_HARBOR] = "left"
        g.call("rebase", then="done", side=JAPAN, order=[JAPAN], sea=HAWAIIAN_ISLANDS)

    def done(self, g: Context, f: Frame) -> None:
        g.ret()


ALL: Final[tuple[Procedure, ...]] = (PearlHarbor(),)
