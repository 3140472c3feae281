"""US Political Will (16.4): the adjustments of the National Status and Political Will segments
(4.31, 4.32) and the moments of play that move it (16.43 B, 16.45)."""

from __future__ import annotations

from collections.abc import Iterable

from wargame.engine.procedure import Context, Procedure
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import charts, forces
from wargame.games.empire_of_the_sun.forces import record
from wargame.games.empire_of_the_sun.registry import RULES
from wargame.games.empire_of_the_sun.reinforcements import war_in_europe_level

HAWAII_HEXES = ("5708", "5808", "5908", "5108")  # Kauai, Oahu, Hawaii and Midway


def adjust(g: Context, amount: int, reason: str) -> None:
    g.data["tracks"]["political_will"] = max(0, g.data["tracks"]["political_will"] + amount)
    g.log(
        "log.political_will", amount=amount, reason=reason,
        value=g.data["tracks"]["political_will"],
    )  # fmt: skip


def once(g: Context, key: str) -> bool:
    """True the first time ``key`` is asked for in the game (once-per-game adjustments)."""
    done = g.data["will_once"]
    if key in done:
        return False
    done[key] = True
    return True


class PoliticalWill(Procedure):
    name = "political_will"

    @RULES.implements("4.32", "16.4")
    def start(self, g: Context, f: Frame) -> None:
        no_carriers(g)
        occupations(g)
        few_resources(g)
        progress_of_the_war(g)
        g.ret()


@RULES.implements("16.46")
def no_carriers(g: Context) -> None:
    """−1 without a US carrier on the map, −1 more without any US naval unit."""
    us_naval = [
        u
        for u in forces.units_on_map(g, "allied")
        if record(g, u).nationality == "us" and record(g, u).unit_class == "naval"
    ]
    table = charts.political_will(g)
    if not any(forces.is_carrier(g, u) for u in us_naval):
        adjust(g, -table.no_us_carrier_lost, "no_us_carrier")
        if not us_naval:
            adjust(g, -table.no_us_navy_lost, "no_us_navy")


@RULES.implements("16.48", "15.5")
def war_in_europe(g: Context) -> None:
    """War in Europe at Level 4 costs 1 at every National Status segment."""
    if war_in_europe_level(g) >= charts.war_in_europe(g).political_will_lost_from:
        adjust(g, -charts.political_will(g).war_in_europe_lost, "war_in_europe")


@RULES.implements("16.42")
def occupations(g: Context) -> None:
    """A Japanese unit that stays in one Aleutian hex through 3 Political Will segments running,
    or in a Hawaiian hex (or Midway) through 2, costs 1, once per game for each."""
    board = g.static.board
    table = charts.political_will(g)
    streaks = g.data["occupied"]
    for region, hexes, needed in (
        ("alaska", board.area("aleutians"), table.aleutians_segments),
        ("hawaii", HAWAII_HEXES, table.hawaii_segments),
    ):
        for hex_id in hexes:
            held = bool(forces.units_at(g, hex_id, "japan"))
            streaks[hex_id] = streaks.get(hex_id, 0) + 1 if held else 0
        if any(streaks.get(h, 0) >= needed for h in hexes) and once(g, f"occupied_{region}"):
            adjust(g, -table.occupation_lost, f"occupied_{region}")


@RULES.implements("16.43")
def few_resources(g: Context) -> None:
    """Japan down to 3 resource hexes or fewer on turns 5-12: +3, once per game (16.43 A)."""
    table = charts.political_will(g)
    low = forces.resource_hexes(g, "japan") <= table.few_resources_at_most
    if g.data["turn"] >= table.few_resources_from_turn and low and once(g, "few_resources"):
        adjust(g, table.few_resources_gained, "few_resources")


@RULES.implements("16.43")
def bombing_cut_a_card(g: Context) -> None:
    """US strategic bombing that cut the Japanese deal: +1, once per turn (16.43 B)."""
    if "J71" not in g.data["lasting"] and once(g, f"bombing_{g.data['turn']}"):
        adjust(g, charts.political_will(g).bombing_gained, "strategic_bombing")


@RULES.implements("16.45")
def us_casualties(g: Context, attackers: Iterable[str]) -> None:
    """An Allied ground attack wiped out to the last unit, with at least one replaceable US
    division or corps among its units: −1, once per turn."""
    replaceable = any(
        record(g, u).nationality == "us" and record(g, u).type in ("division", "corps")
        and not record(g, u).pre_war
        for u in attackers
    )  # fmt: skip
    if replaceable and once(g, f"casualties_{g.data['turn']}"):
        adjust(g, -charts.political_will(g).us_casualties_lost, "us_casualties")


def qualifying(g: Context, hex_id: str) -> bool:
    """A hex that counts for the Progress of the War: a named location, but a one-hex island
    only with a resource, port or airfield (16.47)."""
    board = g.static.board
    record_ = board.hexes[hex_id]
    if board.in_area(hex_id, "one_hex_island"):
        return bool(record_.resource or record_.port or record_.airfield)
    return board.named_location(hex_id)


def note_progress_start(g: Context) -> None:
    """At the start of a turn: the qualifying hexes Japan holds (16.47)."""
    board, control = g.static.board, g.data["control"]  # read without a call per hex
    g.data["progress"] = {
        "japanese": [h for h in board.land_hexes if control.get(h) == "japan"
                     and qualifying(g, h)],
        "required": progress_required(g),
    }  # fmt: skip


def note_progress_target(g: Context) -> None:
    """After the Reinforcement segment: the target is the ASPs the Allies then have, at most 4."""
    g.data["progress"]["required"] = progress_required(g)


def progress_required(g: Context) -> int:
    """The qualifying hexes the Allies must take this turn: their ASPs, 4 at most (16.47)."""
    return min(charts.political_will(g).progress_most_hexes, g.data["tracks"]["allied_asp"])


@RULES.implements("16.47")
def progress_of_the_war(g: Context) -> None:
    """From turn 4, the Allies must have taken and kept as many qualifying Japanese hexes this
    turn as their ASPs (at most 4), or lose 1."""
    progress = g.data.get("progress")
    table = charts.political_will(g)
    if g.data["turn"] < table.progress_from_turn or not progress:
        return
    taken = sum(1 for h in progress["japanese"] if forces.friendly(g, h, "allied"))
    g.log("log.progress", taken=taken, required=progress["required"])
    if taken < progress["required"]:
        adjust(g, -table.progress_lost, "progress_of_the_war")
