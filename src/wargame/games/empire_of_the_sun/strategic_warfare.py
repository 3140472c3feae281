"""Strategic warfare and the size of each side's deal (11.0, Table T12)."""

from __future__ import annotations

from wargame.engine.dice import D10_ZERO
from wargame.engine.procedure import Context, Procedure
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import forces, supply
from wargame.games.empire_of_the_sun.forces import resource_hexes
from wargame.games.empire_of_the_sun.political_will import bombing_cut_a_card
from wargame.games.empire_of_the_sun.registry import RULES

MIN_DEAL = 4
MAX_JAPANESE_DEAL = 7
EARLY_JAPANESE_DEAL = 7
ALLIED_DEAL = {2: (5, 2), 3: (6, 1)}  # turn: (cards, passes) (11.51)
FULL_ALLIED_DEAL = 7
ALLIED_LOSS_NATIONS = ("china", "india", "australia")


@RULES.implements("11.1", "11.11", "11.12", "11.4")
def japanese_deal(g: Context) -> tuple[int, int]:
    """Cards and passes for Japan this turn: 7 on turns 2-4, then one per two resource hexes."""
    early = g.data["turn"] <= 4
    base = EARLY_JAPANESE_DEAL if early else -(-resource_hexes(g, "japan") // 2)
    cards = max(MIN_DEAL, min(MAX_JAPANESE_DEAL, base - g.data["deal_cuts"]["japan"]))
    passes = 2 if cards <= 5 else 1 if cards == 6 else 0
    return cards, passes


@RULES.implements("11.5", "11.51", "11.52")
def allied_deal(g: Context) -> tuple[int, int]:
    """Cards and passes for the Allies: 5+2 passes, 6+1, then 7; minus surrenders and WIE 4."""
    turn = g.data["turn"]
    cards, passes = ALLIED_DEAL.get(turn, (FULL_ALLIED_DEAL, 0))
    lost = sum(1 for nation in ALLIED_LOSS_NATIONS if nation in g.data["surrendered"])
    lost += 1 if g.data["tracks"]["war_in_europe"] <= -7 else 0
    kept = max(MIN_DEAL, cards - lost)
    return kept, passes + min(2, cards - kept)


SUBMARINE_1942_TURNS = (2, 3, 4)  # the defective-torpedo modifier (11.22)
TOKYO = "3706"
B29_RANGE = 8
B29_SAFE_RANGE = 3
MAX_BOMBING_CUTS = 2


class StrategicWarfare(Procedure):
    """The Strategic Warfare segment (4.13): submarine warfare, then B-29 bombing."""

    name = "strategic_warfare"

    @RULES.implements("4.13", "11.2")
    def start(self, g: Context, f: Frame) -> None:
        submarine_warfare(g)
        strategic_bombing(g)
        g.ret()


@RULES.implements("11.21", "11.22", "9.32")
def submarine_warfare(g: Context) -> None:
    """d10 − turn + escort modifier (+1 in 1942); 0 or less cuts the Japanese deal by one card,
    costs Japan one ASP for good (never the last) and steps the escort modifier down."""
    tracks = g.data["tracks"]
    roll = g.roll(D10_ZERO, "allied", "submarine_warfare")
    bonus = 1 if g.data["turn"] in SUBMARINE_1942_TURNS else 0
    result = roll - g.data["turn"] + tracks["escort"] + bonus
    if result > 0:
        g.log("log.submarines_fail", result=result)
        return
    g.data["deal_cuts"]["japan"] += 1
    tracks["japanese_asp"] = max(1, tracks["japanese_asp"] - 1)
    tracks["escort"] = max(0, tracks["escort"] - 2)
    g.log("log.submarines_succeed", result=result)


def bombers(g: Context) -> list[str]:
    """B-29s on a supply-eligible airfield within 8 hexes of Tokyo, or in supply in the China
    box (11.31, 12.74)."""
    board = g.static.board
    found = []
    for unit_id in sorted(g.data["units"]):
        if forces.record(g, unit_id).type != "b29" or forces.flagged(g, "rebuilt", unit_id):
            continue
        here = forces.at(g, unit_id)
        if (here == "china" and supply.supply(g).unit(unit_id)) or (
            forces.on_map(here)
            and board.distance(here, TOKYO) <= B29_RANGE
            and board.airfield(here)
            and supply.supply(g).eligible(here, "allied")
        ):
            found.append(unit_id)
    return found


@RULES.implements("11.3", "11.31", "11.32", "11.33")
def strategic_bombing(g: Context) -> None:
    """Each B-29 rolls: success on 0-8 at full strength, 0-4 reduced; each success cuts the
    Japanese deal by one (two at most); a 9 costs the bomber a step unless the Allies hold an
    airfield within 3 hexes of Tokyo."""
    cuts = 0
    for unit_id in bombers(g):
        forces.set_flag(g, "bombed", unit_id)
        roll = g.roll(D10_ZERO, "allied", "strategic_bombing", unit=unit_id)
        limit = 4 if forces.reduced(g, unit_id) else 8
        if roll <= limit:
            cuts += 1
        if roll == 9 and not safe_airfield(g):
            bomber_loses_step(g, unit_id)
    g.data["bombing"] = [*g.data.get("bombing", []), cuts > 0]
    g.data["deal_cuts"]["japan"] += min(cuts, MAX_BOMBING_CUTS)
    if cuts:
        bombing_cut_a_card(g)
        g.log("log.bombing", cards=min(cuts, MAX_BOMBING_CUTS))


def safe_airfield(g: Context) -> bool:
    board = g.static.board
    return any(
        board.airfield(h) and forces.friendly(g, h, "allied")
        for h in board.within(TOKYO, B29_SAFE_RANGE)
        if board.is_land(h)
    )


def bomber_loses_step(g: Context, unit_id: str) -> None:
    if forces.steps_left(g, unit_id) == 2:
        forces.set_reduced(g, unit_id, True)
    else:
        forces.move_to(g, unit_id, "eliminated")
    g.log("log.bomber_lost_step", unit=unit_id)
