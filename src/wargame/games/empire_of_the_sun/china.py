"""China (12.7): the OC China offensive of the Japanese player and China's surrender (12.72-12.73).

The rulebook gives each Burma Road box a "support" value subtracted from the Japanese Divisions
in China in an OC China offensive, but the values are printed only on the track (spec 9.4); the
stand-in below is ours and shows as provisional in ``wargame rules empire-of-the-sun``.
"""

from __future__ import annotations

from wargame.engine.dice import D10_ZERO
from wargame.engine.procedure import Context
from wargame.games.empire_of_the_sun import cards, charts, forces
from wargame.games.empire_of_the_sun.forces import record
from wargame.games.empire_of_the_sun.political_will import adjust
from wargame.games.empire_of_the_sun.registry import RULES
from wargame.games.empire_of_the_sun.reinforcements import modified_roll

CHINA_OC = 3
ROAD_SUPPORT = {("open", False): 2, ("open", True): 2, ("closed", True): 1, ("closed", False): 0}
RULES.stand_in(
    "12.72",
    "Burma Road support subtracted in an OC China offensive: 2 while the road is open, 1 closed "
    "with the HUMP flying, 0 closed without it (the printed track values are not available).",
    key="burma_road_support",
)


def china_track(g: Context) -> list[str]:
    found: list[str] = g.static.static.china_track
    return found


def may_launch(g: Context, side: str, card_id: str) -> bool:
    """Japan, a 3-OC card, an even turn, once a turn, China still fighting, and not once the
    Allies hold every coastal port of China and Korea (12.72, 12.93)."""
    return launch_refusal(g, side, card_id) is None


def launch_refusal(g: Context, side: str, card_id: str) -> str | None:
    """Why ``side`` may not launch a China offensive with the card now, or None if it may."""
    if side != "japan":
        return "only Japan launches China offensives (12.72)"
    if cards.card(g, card_id).oc != CHINA_OC:
        return f"a China offensive takes a card of {CHINA_OC} OC (12.72)"
    if g.data["turn"] % 2 != 0:
        return "China offensives are launched on even turns only (12.72)"
    if g.data["china_offensive"] == g.data["turn"]:
        return "Japan already launched a China offensive this turn (12.72)"
    if "china" in g.data["surrendered"]:
        return "China has surrendered"
    if china_cut_off(g):
        return "the Allies hold every coastal port of China and Korea (12.93)"
    return None


def china_cut_off(g: Context) -> bool:
    board = g.static.board
    coast = [h for h in board.area("china_coastal") if board.port(h)] + board.area("korea")
    return all(forces.friendly(g, h, "allied") for h in coast if board.is_land(h))


def allied_air_in_china(g: Context) -> list[str]:
    return sorted(
        u for u, at in g.data["units"].items() if at == "china" and record(g, u).unit_class == "air"
    )


@RULES.implements("12.7", "12.72")
def china_offensive(g: Context) -> None:
    """d10 +1 per Allied air unit in the China box against the Japanese Divisions in China less
    the Burma Road support: at or below, one box toward collapse; a miss while Allied air is in
    China moves one box toward a stable front."""
    g.data["china_offensive"] = g.data["turn"]
    tracks = g.data["tracks"]
    support = ROAD_SUPPORT[(tracks["burma_road"], bool(tracks["hump"]))]
    baseline = tracks["china_divisions"] - support
    air = allied_air_in_china(g)
    roll = modified_roll(g.roll(D10_ZERO, "japan", "china_offensive"), len(air))  # 15.6
    if roll <= baseline:
        move_china(g, +1, by_offensive=True)
    elif air:
        move_china(g, -1, by_offensive=False)
    else:
        g.log("log.china", box=tracks["china"])


@RULES.implements("12.73")
def move_china(g: Context, steps: int, *, by_offensive: bool) -> None:
    """Move the China marker; it never passes the end boxes, and only an OC China offensive may
    put it into the collapse box (then China surrenders at once)."""
    track = china_track(g)
    here = track.index(g.data["tracks"]["china"])
    last = len(track) - 1 if by_offensive else len(track) - 2
    there = max(0, min(here + steps, max(here, last)))
    g.data["tracks"]["china"] = track[there]
    g.log("log.china", box=track[there])
    if there == len(track) - 1 and "china" not in g.data["surrendered"]:
        china_surrenders(g)


def china_surrenders(g: Context) -> None:
    """Chinese units leave the game; Allied air units in China go to the turn track for next
    turn, or are removed if no Allied airfield of Northern India is left."""
    g.data["surrendered"].append("china")
    g.log("log.surrender", nation="china")
    adjust(g, -charts.political_will(g).surrender_lost["china"], "surrender_china")
    board = g.static.board
    india_airfield = any(
        board.airfield(h) and forces.friendly(g, h, "allied") for h in board.area("india_north")
    )
    for unit_id in allied_air_in_china(g):
        forces.move_to(g, unit_id, f"turn:{g.data['turn'] + 1}" if india_airfield else "removed")
    for unit_id, unit in g.static.units.items():
        if unit.nationality == "chinese" and g.data["units"][unit_id] != "removed":
            forces.move_to(g, unit_id, "removed")
