"""The markers of chapter 14 that the game plays beyond the tracks' own: Aid to China (14.1),
Allied Collapse (14.3), Bases Damaged (14.4), Stall (14.15), V-J Day (14.37), Reserves (14.39)
and the bonus for a returned V-J Day marker (14.45). Their designed numbers are the table
``markers`` (provisional, with its reason); Bases Damaged's delay modifier is the table
``delay_allied``'s.

Where they live in the game's data
- ``aid_to_china``: the Aid to China markers in each Allied faction's Conditional Events box
  (faction -> count); ``aid_to_china_waiting``: the factions whose marker has come off the turn
  track and waits for its box to be chosen.
- ``stall``: the Stall markers on the map, each ``hex``, ``kind`` (command, supply), ``against``
  (the faction it stalls) and ``range``.
- ``vj_day``: the game turn whose box holds the V-J Day marker; ``vj_day_returns``: how many
  times it went back on the track.

Decisions
- 14.1 ([DN-DS]): an Aid to China marker that comes off the turn track goes to the Western or
  the Soviet Conditional Events box, the receiving faction's choice, at the start of the game
  turn; a card that places one (West 19a, 19b) puts it in the turn track's next box, from where
  it comes off so. Each marker in a faction's box gives one roll on the Aid to China table in
  its conditional event segment (6.2). The neutrality pacts (Axis 31a, 31b, West 26b, Soviet
  19b) remove them all from the game when revealed. The removal a faction may choose while
  applying 16.3.9 or 16.5.6 is not offered (keeping the marker is always allowed).
- 14.3 and 14.4 ([DN-DS]): an Allied Collapse or Bases Damaged marker received (off the turn
  track, or from a card) goes to the Strategic Warfare box: Allied Collapse counts for the Axis
  in the strategic value (0.1.1, :func:`seasonal.strategic_value`); Bases Damaged, whose
  effect text is cut off, is a +1 to its faction's delay rolls (provisional, table
  ``delay_allied``).
- 14.15 (provisional): a Stall marker bars the faction it is against from placing support units
  and landing from beachheads within its range; inland advance (2.2.2) is exempt. The political
  event Stall [Command, Supply] (the seed's TOC lists it among chapter 15's events, beside
  Operation Z) places one of its kind: the phasing faction picks a land hex holding an enemy
  ground unit, and the marker stands against that unit's faction until the end of that
  faction's next faction turn (one offensive stalled: :func:`lift_stalls`).
- 14.37 (reconstructed): Total War's script places the V-J Day marker the table's seasonal
  turns ahead ([DG]: sixteen); when the turn marker enters its box the marker comes off the
  track and the game ends (0.3), unless it returns (14.45).
- 14.45 (provisional): while the VP marker shows the Rising Sun, the V-J Day marker goes back
  on the track instead, up to the table's number of times, and the Axis scores the table's bonus
  VP for each return at the final VP check (0.4 counts it in the Axis score).
- 14.39 (provisional): in a scenario that plays politics, the Reserves marker of the war state
  (Limited War, Total War) gives the factions the table names replacement steps each seasonal
  turn (1.3.2).
- 16.7 (provisional, but for the seed's "interned units ride on the pending card and come back
  when it is revealed"): at the end of its war and peace segment (6.1), a faction's ground
  units in a neutral country that gave it no free passage are interned with its pending card;
  a faction that holds no deck sends them to the Delay box. When its pending card is revealed
  (1.1.1 step 2) they are repatriated to its force pool, from which replacements take them
  (1.3.3): placing them on the map at once would need the replacement places chosen, which the
  seed's text does not settle.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame, State
from wargame.games.dai_senso import countries, state
from wargame.games.dai_senso.board import board
from wargame.games.dai_senso.charts import tables as game_tables
from wargame.games.dai_senso.forces import forces
from wargame.games.dai_senso.registry import RULES

ALLIED_BOXES: Final = ("west", "soviet")
TO_STRATEGIC_WARFARE: Final = frozenset({"allied_collapse", "bases_damaged"})
NEUTRALITY_PACTS: Final = frozenset({"axis-31a", "axis-31b", "west-26b", "soviet-19b"})
"""The cards whose play removes every Aid to China marker ([DN-DS] 14.1)."""

RULES.stand_in("14.4", "a Bases Damaged marker in the Strategic Warfare box adds 1 to its "
               "faction's delay rolls", key="bases_damaged")  # fmt: skip
RULES.stand_in("14.15", "a Stall marker bars support placement and beachhead landings within "
               "its range", key="stall")  # fmt: skip
RULES.stand_in("14.39", "the war state's Reserves marker gives seasonal replacement steps",
               key="reserves")  # fmt: skip
RULES.stand_in("16.7", "units in a neutral country are interned with the pending card and "
               "repatriated to the force pool", key="internment")  # fmt: skip
RULES.stand_in("14.45", "the V-J Day marker returns once while the Rising Sun shows, for a "
               "bonus Axis VP", key="vj_return")  # fmt: skip


# -- receiving a marker ----------------------------------------------------------------------


@RULES.implements("14.1", "14.3", "14.4")
def receive(g: Context, side: str, marker: str) -> bool:
    """A marker of ``side`` received off the turn track or from a card, where its rule puts
    it: True if it is one of this module's."""
    if marker in TO_STRATEGIC_WARFARE:
        entry = marker if marker == "allied_collapse" else f"{marker}:{side}"
        g.data.setdefault("strategic_warfare", []).append(entry)
        g.log("log.to_strategic_warfare", side=side, marker=marker)
        return True
    if marker == "aid_to_china":
        g.data.setdefault("aid_to_china_waiting", []).append(side)
        return True
    return False


@RULES.implements("14.1")
def card_places(g: Context, side: str, marker: str) -> bool:
    """A card's Aid to China marker goes in the turn track's next box (True), from where it
    comes off to its Conditional Events box; the other markers of this module are received at
    once."""
    if marker == "aid_to_china":
        g.data.setdefault("arrivals", []).append(
            {"piece": marker, "side": side, "turn": g.data["turn"] + 1}
        )
        g.log("log.aid_to_china_track", side=side)
        return True
    return receive(g, side, marker)


class AidToChinaBox(Procedure):
    """14.1: each Aid to China marker off the turn track goes to the Western or the Soviet
    Conditional Events box, as the faction receiving it chooses."""

    name = "aid_to_china_box"

    def start(self, g: Context, f: Frame) -> None:
        waiting = g.data.get("aid_to_china_waiting", [])
        if not waiting:
            g.data.pop("aid_to_china_waiting", None)
            g.ret()
            return
        g.goto("choose")

    @decision
    @RULES.implements("14.1")
    def choose(self, g: Context, f: Frame) -> Choices:
        side = g.data["aid_to_china_waiting"][0]
        choices = Decision.single(side, "prompt.aid_to_china_box")
        for box in ALLIED_BOXES:
            if box in g.data["factions"]:
                choices.add(f"box {box}", _to_box, box)
        return choices


def _to_box(g: Context, f: Frame, box: str) -> None:
    side = g.data["aid_to_china_waiting"].pop(0)
    boxes = g.data.setdefault("aid_to_china", {})
    boxes[box] = boxes.get(box, 0) + 1
    g.log("log.aid_to_china_box", side=side, box=box)
    g.goto("start")


def aid_rolls(data: Mapping[str, Any], side: str) -> int:
    """How many rolls on the Aid to China table ``side`` makes in its conditional event
    segment: one a marker in its box."""
    return int(data.get("aid_to_china", {}).get(side, 0))


@RULES.implements("14.1")
def pact_removes_aid(g: Context, card_id: str) -> None:
    """A neutrality pact revealed takes every Aid to China marker out of the game."""
    if card_id not in NEUTRALITY_PACTS:
        return
    removed = sum(g.data.get("aid_to_china", {}).values())
    removed += len(g.data.get("aid_to_china_waiting", []))
    arrivals = g.data.get("arrivals", [])
    on_track = [c for c in arrivals if c["piece"] == "aid_to_china"]
    for counter in on_track:
        arrivals.remove(counter)
    g.data.pop("aid_to_china", None)
    g.data.pop("aid_to_china_waiting", None)
    if removed + len(on_track):
        g.log("log.aid_to_china_removed", card=card_id, count=removed + len(on_track))


# -- 14.15 Stall ----------------------------------------------------------------------------------


def stalled_hexes(data: Mapping[str, Any], side: str) -> set[str]:
    """The hexes where Stall markers bar ``side``."""
    the_map = board()
    found: set[str] = set()
    for marker in data.get("stall", []):
        if marker["against"] != side:
            continue
        found |= {h for h in the_map.hexes if the_map.distance(h, marker["hex"]) <= marker["range"]}
    return found


@RULES.implements("14.15")
def stall_refusal(data: Mapping[str, Any], side: str, hex_id: str, doing: str) -> str:
    """Why a Stall marker bars ``side`` from ``doing`` (placing a support unit, landing) in
    the hex ("" if none does)."""
    the_map = board()
    for marker in data.get("stall", []):
        if marker["against"] == side and the_map.distance(hex_id, marker["hex"]) <= marker["range"]:
            return f"14.15: a Stall marker at {marker['hex']} bars {side} from {doing} at {hex_id}"
    return ""


@RULES.implements("14.15")
def stall_targets(data: Mapping[str, Any], side: str) -> list[str]:
    """The hexes a Stall marker of ``side``'s event may go in: land hexes with an enemy ground
    unit."""
    the_map = board()
    found = {
        record["hex"]
        for uid, record in data["units"].items()
        if state.faction(uid) != side and not the_map.hexes[record["hex"]].sea
    }
    return sorted(found)


def stall_event(kind: str) -> Any:
    """The political event Stall [``kind``]: a Stall marker placed by the faction's choice
    (impossible with no target hex)."""

    def place(g: Context, side: str, country: str | None) -> bool:
        if not stall_targets(g.data, side):
            return False
        then = "action" if g.frame.name == "card_actions" else g.frame.step
        g.call("stall_placement", then=then, side=side, kind=kind)
        return True

    return place


class StallPlacement(Procedure):
    """The phasing faction picks the hex of the Stall marker its event places (14.15)."""

    name = "stall_placement"

    @decision
    def start(self, g: Context, f: Frame) -> Choices:
        event = f"stall_{f['kind']}"
        choices = Decision.single(f["side"], "prompt.stall", event=event)
        for hex_id in stall_targets(g.data, f["side"]):
            choices.add(f"stall {hex_id}", _stall, hex_id)
        return choices


def _stall(g: Context, f: Frame, hex_id: str) -> None:
    against = state.faction(state.units_in(g.data, hex_id)[0])
    place_stall(g, hex_id, f["kind"], against)
    g.ret()


@RULES.implements("14.15")
def lift_stalls(g: Context, side: str) -> None:
    """At the end of ``side``'s faction turn the Stall markers against it leave the map."""
    found = g.data.get("stall", [])
    lifted = [marker for marker in found if marker["against"] == side]
    if not lifted:
        return
    g.data["stall"] = [marker for marker in found if marker["against"] != side]
    for marker in lifted:
        g.log("log.stall_lifted", hex=marker["hex"], against=side)


def place_stall(g: Context, hex_id: str, kind: str, against: str) -> None:
    """A Stall marker of ``kind`` against ``against`` in the hex, its range the table's."""
    reach = game_tables(g.state)["markers"].stall_range
    g.data.setdefault("stall", []).append(
        {"hex": hex_id, "kind": kind, "against": against, "range": reach}
    )
    g.log("log.stall", hex=hex_id, against=against)


# -- 14.37, 14.45 V-J Day -------------------------------------------------------------------------


def seasonal_turns_ahead(state_: State, count: int) -> int:
    """The game turn ``count`` seasonal turns after the current one."""
    track = game_tables(state_)["turn_track"]
    turn, box, seen = int(state_.data["turn"]), int(state_.data["track"]), 0
    while seen < count:
        turn += 1
        box = (box + 1) % len(track)
        seen += int(track[box].seasonal)
    return turn


@RULES.implements("14.37", "12.3")
def place_vj_day(g: Context) -> None:
    """Total War's script: the V-J Day marker on the turn track, the table's seasonal turns
    ahead."""
    ahead = game_tables(g.state)["markers"].vj_day_seasonal_turns
    g.data["vj_day"] = seasonal_turns_ahead(g.state, ahead)
    g.log("log.vj_day_placed", turn=g.data["vj_day"])


@RULES.implements("14.37", "14.45", "0.3")
def vj_day_ends_game(g: Context) -> bool:
    """The turn marker entered the box of the V-J Day marker: it comes off the track and the
    game ends (True), unless it returns (14.45)."""
    due = g.data.get("vj_day")
    if due is None or int(g.data["turn"]) < int(due):
        return False
    rules = game_tables(g.state)["markers"]
    returns = int(g.data.get("vj_day_returns", 0))
    rising = (g.data.get("vp_marker") or {}).get("face") == "rising_sun"
    if rising and returns < rules.vj_day_returns:
        g.data["vj_day_returns"] = returns + 1
        g.data["vj_day"] = seasonal_turns_ahead(g.state, rules.vj_day_return_seasonal_turns)
        g.log("log.vj_day_returned", turn=g.data["vj_day"])
        return False
    del g.data["vj_day"]
    g.log("log.vj_day")
    return True


@RULES.implements("14.45")
def return_bonus_vp(state_: State) -> int:
    """The Axis's bonus VP for the V-J Day marker's returns."""
    rules = game_tables(state_)["markers"]
    return int(state_.data.get("vj_day_returns", 0)) * rules.vj_day_return_bonus_vp


# -- 14.39 Reserves -------------------------------------------------------------------------------


@RULES.implements("14.39", "1.3.2")
def reserve_steps(state_: State, side: str) -> dict[str, int]:
    """The seasonal replacement steps the war state's Reserves marker gives ``side`` (a grant
    of :mod:`replacements`), in a scenario that plays politics."""
    if not countries.plays(state_.data):
        return {}
    war = state_.data.get("war_state")
    found = game_tables(state_)["markers"].reserves.get(war, {})
    return dict(found.get(side, {}))


# -- 16.7 internment and repatriation -----------------------------------------------------------


@RULES.implements("16.7")
def intern(g: Context, side: str) -> None:
    """``side``'s ground units standing in a neutral country that gives it no free passage are
    interned: off the map, held with its pending card (``data["interned"]``), or where it holds
    no deck, in the Delay box."""
    if not countries.plays(g.data):
        return
    passage = g.data["politics"].get("free_passage", {})
    for uid in sorted(g.data["units"]):
        country = countries.country_of_hex(g.data, g.data["units"][uid]["hex"])
        if state.faction(uid) != side or not forces().is_ground(forces().units[uid]):
            continue
        if countries.record(g.data, country) is None or side in passage.get(country, []):
            continue
        if country in countries.home_of(g.data, uid):  # a neutral's own army stays at home
            continue
        if countries.status(g.data, country) != "neutral":
            continue
        del g.data["units"][uid]
        if side in g.data.get("decks", {}):
            g.data.setdefault("interned", {}).setdefault(side, []).append(uid)
        else:
            g.data.setdefault("delay_box", []).append({"piece": uid, "side": side})
        g.log("log.interned", side=side, unit=uid, country=country)


@RULES.implements("16.7", "1.1.1")
def repatriate(g: Context, side: str) -> None:
    """The units interned with ``side``'s pending card, revealed now, come back to its force
    pool."""
    for uid in g.data.get("interned", {}).pop(side, []):
        g.data["pool"].append(uid)
        g.log("log.repatriated", side=side, unit=uid)


ALL: Final[tuple[Procedure, ...]] = (AidToChinaBox(), StallPlacement())
