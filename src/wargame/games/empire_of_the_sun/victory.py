"""How the game is won (16.0) and the yearly scenarios' victory points (17.27, 17.38, 17.48).

Each result names, in ``missing``, the rules that could change it and are not implemented yet.
"""

from __future__ import annotations

from collections.abc import Callable

from wargame.engine.procedure import Context
from wargame.engine.state import Result
from wargame.games.empire_of_the_sun import forces, supply
from wargame.games.empire_of_the_sun.bidding import vp_adjustment
from wargame.games.empire_of_the_sun.registry import RULES
from wargame.games.empire_of_the_sun.strategic_warfare import bombers, resource_hexes

BOMBING_STREAK = 4
RESOURCE_HEXES = 14
MIN_1942_RESOURCES = 11
NORTHERN_INDIA = ("1905", "2005", "2104", "2105", "2205")
RABAUL, GUADALCANAL = "4021", "4423"
VOGELKOP = "3219"  # New Guinea's resource hex (11.11, 12.85)
KAUAI, OAHU, HAWAII = "5708", "5808", "5908"
TOWNSVILLE = "3727"
TOKYO = "3706"

# Rules whose absence could change each kind of result (reported while not implemented).
FEEDS_CAMPAIGN = (
    "12.93",
    "16.41",
    "16.42",
    "16.43",
    "16.45",
    "16.47",
    "12.2",
    "12.3",
    "12.4",
    "12.5",
    "12.62",
    "12.73",
    "12.82",
)
FEEDS_YEARLY = (
    "12.2",
    "12.3",
    "12.4",
    "12.5",
    "12.62",
    "12.72",
    "12.73",
    "12.76",
    "12.84",
    "12.85",
    "12.92",
    "16.41",
    "16.42",
    "16.45",
    "16.47",
)


def missing(numbers: tuple[str, ...]) -> list[str]:
    return [n for n in numbers if n not in RULES.implemented]


@RULES.implements("16.1", "4.5")
def automatic_result(g: Context) -> Result | None:
    """At the end of a campaign turn, US Political Will at 0 (Negotiations) wins for Japan."""
    if g.data["victory"] != "campaign":
        return None
    if g.data["tracks"]["political_will"] <= 0:
        return Result("japan", "negotiations", {"winner": "japan"}, missing=missing(FEEDS_CAMPAIGN))
    return None


def final_result(g: Context) -> Result:
    kind = g.data["victory"]
    if kind == "campaign":
        return campaign_result(g)
    return yearly_result(g, kind)


@RULES.implements("16.2", "16.3")
def campaign_result(g: Context) -> Result:
    """After the last turn the Allies win if Japan was bombed four turns running, holds at most
    one resource hex, and a B-29 is in range of Tokyo; otherwise Japan wins."""
    streak = g.data.get("bombing", [])[-BOMBING_STREAK:]
    bombed = len(streak) == BOMBING_STREAK and all(streak)
    allied = bombed and resource_hexes(g, "japan") <= 1 and bool(bombers(g))
    winner = "allied" if allied else "japan"
    return Result(winner, "campaign_end", {"winner": winner}, missing=missing(FEEDS_CAMPAIGN))


@RULES.implements("17.27", "17.38", "17.48")
def yearly_result(g: Context, year: str) -> Result:
    """Japanese victory points against the scenario's schedule (Tables T9-T11)."""
    if year == "1942" and resource_hexes(g, "japan") < MIN_1942_RESOURCES:
        return Result("allied", "resources", {"winner": "allied"}, missing=missing(FEEDS_YEARLY))
    points = sum(item(g) for item in SCHEDULES[year]) + vp_adjustment(g)  # a bid (16.49 A)
    level, winner = victory_level(points)
    return Result(
        winner,
        level,
        {"winner": winner, "points": points},
        scores={"japan": points},
        missing=missing(FEEDS_YEARLY),
    )


def standing(g: Context) -> dict[str, int]:
    """The score a balance simulation plots turn by turn: in a yearly scenario Japan's victory
    points were it to end now (its schedule and bid, 17.27, 17.38, 17.48), in the campaign the US
    Political Will (the track Japan wins by bringing to 0, 16.1)."""
    kind = g.data["victory"]
    if kind == "campaign":
        return {"allied": g.data["tracks"]["political_will"]}
    return {"japan": sum(item(g) for item in SCHEDULES[kind]) + vp_adjustment(g)}


def victory_level(points: int) -> tuple[str, str]:
    """≤2 Allied decisive, 3-5 Allied tactical, 6-9 Japanese tactical, ≥10 Japanese decisive."""
    if points <= 2:
        return "allied_decisive", "allied"
    if points <= 5:
        return "allied_tactical", "allied"
    if points <= 9:
        return "japanese_tactical", "japan"
    return "japanese_decisive", "japan"


# -- schedule items ----------------------------------------------------------------------------


def japanese(g: Context, hex_id: str) -> bool:
    return forces.friendly(g, hex_id, "japan")


def allied(g: Context, hex_id: str) -> bool:
    return forces.friendly(g, hex_id, "allied")


def china_surrendered(g: Context) -> int:
    return 5 if "china" in g.data["surrendered"] else 0


def burma_road_closed(g: Context) -> int:
    return 1 if g.data["tracks"]["burma_road"] == "closed" else 0


def northern_india(g: Context) -> int:
    held = sum(1 for h in NORTHERN_INDIA if japanese(g, h))
    return held + (2 if held == len(NORTHERN_INDIA) else 0)


def india_status(unstable: int) -> Callable[[Context], int]:
    def score(g: Context) -> int:
        status = g.data["tracks"]["india"]
        return unstable if status == "unstable" else 1 if status == "unrest" else 0

    return score


def mandates(points: int) -> Callable[[Context], int]:
    def score(g: Context) -> int:
        return points if japanese(g, RABAUL) and japanese(g, GUADALCANAL) else 0

    return score


@RULES.implements("17.27", "17.38", "17.48", "13.1")
def townsville_isolated(g: Context) -> int:
    """5 points unless the Allies hold Townsville 3727 and Oahu 5808 and an Allied supply line
    (13.1) leads from Townsville to Oahu (T9-T11). The line is traced as the Allies' other
    lines are, from the hex a unit would stand in (Townsville) under the position's blockers;
    a hex Japan controls has no Allied line through it as an end, so losing either isolates
    Townsville (reconstructed: the table names the supply line only)."""
    ends = allied(g, TOWNSVILLE) and allied(g, OAHU)
    linked = ends and supply.supply(g).line_between("allied", TOWNSVILLE, OAHU)
    return 0 if linked else 5


def political_will(g: Context) -> int:
    """Each box at or below 5 is a point (PW 5 = 1), each above 5 costs one (PW 7 = −2)."""
    value = g.data["tracks"]["political_will"]
    return 6 - value if value <= 5 else -(value - 5)


def hawaii_captures(kauai_and_hawaii: bool) -> Callable[[Context], int]:
    def score(g: Context) -> int:
        taken = set(g.data.get("captured", []))
        points = 3 if OAHU in taken else 0
        if kauai_and_hawaii:
            points += sum(1 for h in (KAUAI, HAWAII) if h in taken)
        return points

    return score


def allied_resources(g: Context) -> int:
    board = g.static.board
    return -sum(1 for h in board.land_hexes if board.hexes[h].resource and allied(g, h))


def allied_mandates_1943(g: Context) -> int:
    board = g.static.board
    if allied(g, RABAUL) and allied(g, GUADALCANAL):
        return -3
    held = sum(1 for h in board.area("mandates_australian") if allied(g, h))
    return -1 if held >= 4 else 0


def new_guinea_ports(g: Context) -> list[str]:
    return [h for h in g.static.board.area("new_guinea") if g.static.board.port(h)]


def controls_new_guinea(g: Context, side: str) -> bool:
    """All the ports of New Guinea and its resource hex, Vogelkop 3219 (12.85)."""
    return all(forces.friendly(g, h, side) for h in [*new_guinea_ports(g), VOGELKOP])


def allied_new_guinea_1943(g: Context) -> int:
    held = sum(1 for h in new_guinea_ports(g) if allied(g, h))
    return -3 if controls_new_guinea(g, "allied") else -1 if held >= 4 else 0


def allied_port_near_tokyo(distance: int, points: int) -> Callable[[Context], int]:
    def score(g: Context) -> int:
        board = g.static.board
        near = [h for h in board.within(TOKYO, distance) if board.is_land(h) and board.port(h)]
        return points if any(allied(g, h) for h in near) else 0

    return score


def no_allied_port_near_tokyo(g: Context) -> int:
    return 5 if allied_port_near_tokyo(8, 1)(g) == 0 else 0


def new_guinea_1944(g: Context) -> int:
    if controls_new_guinea(g, "japan"):
        return 5
    return 3 if not controls_new_guinea(g, "allied") else 0


@RULES.implements("17.48", "13.2")
def rabaul_1944(g: Context) -> int:
    """3 points while the Allies have neither taken Rabaul 4021 nor put it out of supply (T11):
    Japan controls it and it is a supply-eligible Japanese port (13.2, a line to a Home Islands
    city). Reconstructed: the table says "out of supply" of a hex, and the hex's own supply is
    its eligibility; whether Japanese units there are in an HQ's range does not count."""
    in_supply = japanese(g, RABAUL) and supply.supply(g).eligible(RABAUL, "japan")
    return 3 if in_supply else 0


def philippine_ports_1944(g: Context) -> int:
    ports = [h for h in g.static.board.area("philippines") if g.static.board.port(h)]
    held = sum(1 for h in ports if allied(g, h))
    return 5 if held == 0 else 3 if held == 1 else 0


def marshalls_1943(g: Context) -> int:
    return -3 if allied(g, "4415") and allied(g, "4715") else 0


COMMON = [china_surrendered, burma_road_closed, townsville_isolated, northern_india, political_will]
SCHEDULES: dict[str, list[Callable[[Context], int]]] = {
    "1942": [*COMMON, india_status(2), mandates(1), hawaii_captures(True)],
    "1943": [
        *COMMON,
        india_status(3),
        mandates(3),
        hawaii_captures(True),
        allied_mandates_1943,
        marshalls_1943,
        allied_new_guinea_1943,
        allied_port_near_tokyo(11, -3),
        allied_resources,
    ],
    "1944": [
        *COMMON,
        india_status(2),
        mandates(1),
        hawaii_captures(False),
        new_guinea_1944,
        rabaul_1944,
        philippine_ports_1944,
        no_allied_port_near_tokyo,
    ],
}


def record_captures(g: Context) -> None:
    """Hawaiian hexes Japan controls and occupies at the end of a turn count once (T9-T11)."""
    captured = g.data.setdefault("captured", [])
    for hex_id in (KAUAI, OAHU, HAWAII):
        held = japanese(g, hex_id) and forces.units_at(g, hex_id, "japan")
        if held and hex_id not in captured:
            captured.append(hex_id)
