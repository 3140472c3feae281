"""Strategic warfare and the size of each side's deal (11.0, Table T12)."""

from __future__ import annotations

from wargame.engine.dice import D10_ZERO
from wargame.engine.procedure import Context, Procedure
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import charts, forces, supply
from wargame.games.empire_of_the_sun.forces import resource_hexes
from wargame.games.empire_of_the_sun.political_will import bombing_cut_a_card
from wargame.games.empire_of_the_sun.registry import RULES
from wargame.games.empire_of_the_sun.reinforcements import war_in_europe_level

ALLIED_LOSS_NATIONS = ("china", "india", "australia")
MOST_PASSES_FOR_LOST_CARDS = 2  # 11.52


@RULES.implements("11.1", "11.11", "11.12", "11.4")
def japanese_deal(g: Context) -> tuple[int, int]:
    """Cards and passes for Japan this turn: 7 on turns 2-4, then one per two resource hexes,
    less the cards strategic warfare cut (Table T12)."""
    sizes = charts.hand_size(g)
    if g.data["turn"] <= sizes.japanese_early_turns_through:
        base = sizes.japanese_early_cards
    else:
        base = -(-resource_hexes(g, "japan") // sizes.resource_hexes_per_japanese_card)
    cut = base - g.data["deal_cuts"]["japan"]
    cards = max(sizes.fewest_cards, min(sizes.japanese_most_cards, cut))
    return cards, sizes.japanese_passes(cards)


@RULES.implements("11.5", "11.51", "11.52")
def allied_deal(g: Context) -> tuple[int, int]:
    """Cards and passes for the Allies: 5+2 passes, 6+1, then 7; minus surrenders and War in
    Europe Level 4, each lost card a pass instead (Table T12)."""
    sizes = charts.hand_size(g)
    cards, passes = sizes.allied(g.data["turn"])
    lost = sum(1 for nation in ALLIED_LOSS_NATIONS if nation in g.data["surrendered"])
    lost += 1 if war_in_europe_level(g) >= charts.war_in_europe(g).allied_card_lost_from else 0
    kept = max(sizes.fewest_cards, cards - lost)
    return kept, passes + min(MOST_PASSES_FOR_LOST_CARDS, cards - kept)


TOKYO = "3706"
B29_RANGE = 8  # 11.31


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
    costs Japan one ASP for good (never the last) and steps the escort modifier down (T7)."""
    table = charts.submarine_warfare(g)
    tracks = g.data["tracks"]
    roll = g.roll(D10_ZERO, "allied", "submarine_warfare")
    turn = g.data["turn"]
    bonus = table.defective_torpedo_drm if turn in table.defective_torpedo_turns else 0
    result = roll - turn + tracks["escort"] + bonus
    if result > 0:
        g.log("log.submarines_fail", result=result)
        return
    g.data["deal_cuts"]["japan"] += 1
    tracks["japanese_asp"] = max(table.japanese_asp_floor, tracks["japanese_asp"] - 1)
    tracks["escort"] = max(0, tracks["escort"] - table.escort_step_down)
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
    airfield within 3 hexes of Tokyo (Table T8)."""
    table = charts.strategic_bombing(g)
    cuts = 0
    for unit_id in bombers(g):
        forces.set_flag(g, "bombed", unit_id)
        roll = g.roll(D10_ZERO, "allied", "strategic_bombing", unit=unit_id)
        reduced = forces.reduced(g, unit_id)
        if roll <= (table.reduced_succeeds_on if reduced else table.full_strength_succeeds_on):
            cuts += 1
        if roll == table.step_lost_on and not safe_airfield(g, table.safe_airfield_range):
            bomber_loses_step(g, unit_id)
    cut = min(cuts, table.most_cards_cut)
    g.data["bombing"] = [*g.data.get("bombing", []), cuts > 0]
    g.data["deal_cuts"]["japan"] += cut
    if cuts:
        bombing_cut_a_card(g)
        g.log("log.bombing", cards=cut)


def safe_airfield(g: Context, distance: int) -> bool:
    board = g.static.board
    return any(
        board.airfield(h) and forces.friendly(g, h, "allied")
        for h in board.within(TOKYO, distance)
        if board.is_land(h)
    )


def bomber_loses_step(g: Context, unit_id: str) -> None:
    if forces.steps_left(g, unit_id) == 2:
        forces.set_reduced(g, unit_id, True)
    else:
        forces.move_to(g, unit_id, "eliminated")
    g.log("log.bomber_lost_step", unit=unit_id)
