"""The air/naval combat phase (1.14, 8.3-8.6): sea area by sea area in the phase player's
order, wherever fleets of both sides are, interception checks (8.31: both sides choose Day,
Night or, from the second check, Avoid, in secret; then each rolls), the night action (8.41, one
round of gunnery) or the day action (8.42, two rounds of air strikes), damage resolution (8.6),
submarine attacks (8.5), and the side that avoided rebasing out (8.32); again until one side
is left. The phase never
ends with fleets of both sides in one sea area (8.4).

What it keeps: ``interception`` (the sea area being checked, the check's number, each side's
choice: secret until both have chosen, see ``game.game_secrets``; the air units flying in the
day round), ``naval_repairs`` (the damage markers 8.6 puts on the naval production tracks, the
WERP each still needs). A fleet's damaged step is ``damaged`` (0 or 1) on its block.

Decisions
---------
* **The winner's choice** (8.31 c, the seed): the side with the higher roll has the
  interception it chose; 8.32's "the winner chooses Day or Night" is the same choice, made
  before the roll.
* **Avoid is the only choice when nothing can fight** (provisional, data/rules.yaml 8.31):
  from the second check, once the fleets were revealed, when neither side has a BB or CA nor an
  air unit that could join, both may only avoid: without it two carrier groups without aircraft
  would check for ever.
* **Pairings and targets are set by the rules' priorities**, not chosen (provisional, 8.41,
  8.42 f): in the night action each BB or CA fires at the enemy surface fleet fired at least,
  its own type first, and at a CV only once every enemy BB and CA has two firers; in the day
  each attacking air unit strikes the fleet struck least, carriers first; air losses fall on
  Japanese elite units first (9.12), then on the unit with the most steps.
* **A destroyed result takes an undamaged step** while the fleet has one; a second damage
  destroys the damaged step (8.41 a, spec §9-2 #4).
* **LBA join a day action from its second round** (8.25, 8.42 a) from an uncontested area of
  their side bordering the sea area, in supply (3.6).
* **Submarines** (8.5): the phase player's submarine decides first, each in sight of the other
  side; the target is the carrier first, then the fleet with most steps (as the air targets). A
  submarine alone with enemy fleets attacks without an interception check (spec §9-2 #17).
* **Damage resolution** rolls on the designed naval damage table (data/tables.yaml
  ``t22_naval_damage``, provisional: the printed one is lost): the damaged step leaves the
  fleet, lost or as a damage marker needing the WERP rolled; DEI cruisers lose it unrolled; the
  carrier's aircraft it can no longer carry go to the orphan box (8.6).

The phase's procedures are here; the rules they apply are in :mod:`sea_forces` (who is at
sea, carrier room), :mod:`interception` (8.31-8.33), :mod:`gunnery` (8.41), :mod:`air_strikes`
(8.42), :mod:`submarines` (8.5-8.6) and :mod:`fleet_hits` (dice, results on a fleet). Port and
airbase attacks (8.7) follow, in :mod:`port_attacks`. Fleets consolidate (8.11,
:mod:`consolidation`) before each night action and day round. Not here yet: the submarine
replacement marker (8.53).
"""

from __future__ import annotations

from typing import Final

from wargame.engine.action import Action
from wargame.engine.log import Side
from wargame.engine.procedure import Choices, Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.asia_engulfed import combat_fog, surprise
from wargame.games.asia_engulfed.air_commitment import (
    close_commitment,
    commit_decision,
    on_mission,
    open_commitment,
)
from wargame.games.asia_engulfed.air_strikes import (
    AIR_MISSIONS,
    air_attack,
    air_to_air,
    anti_aircraft,
    land_air_attacks,
)
from wargame.games.asia_engulfed.charts import tables
from wargame.games.asia_engulfed.consolidation import consolidate
from wargame.games.asia_engulfed.control import SIDES, enemy
from wargame.games.asia_engulfed.fleet_hits import d6
from wargame.games.asia_engulfed.gunnery import gunnery, land_gunnery, night_targets
from wargame.games.asia_engulfed.interception import (
    AVOID,
    NIGHT,
    code_breaking_bonus,
    interception_options,
    roll_modifier,
)
from wargame.games.asia_engulfed.registry import RULES
from wargame.games.asia_engulfed.sea_forces import (
    battle_seas,
    carrier_air,
    fit_carrier_air,
    fleets_in,
    flying,
)
from wargame.games.asia_engulfed.submarines import (
    resolve_damage,
    submarine_attack,
    submarine_options,
    submarines_home,
)

# -- the phase ------------------------------------------------------------------------------


@RULES.implements("8.11", "8.41", "8.42")
def consolidate_both(g: Context, sea: str) -> None:
    """Both sides consolidate their fleets before a night action or a day round (8.41, 8.42)."""
    for side in SIDES:
        consolidate(g, side, sea)


class AirNavalCombat(Procedure):
    """The air/naval combat phase of ``side`` (1.14): a naval battle in each sea area holding
    fleets of both sides, in the phase player's order."""

    name = "air_naval_combat"

    def start(self, g: Context, f: Frame) -> None:
        g.goto("next_sea")

    def next_sea(self, g: Context, f: Frame) -> None:
        if surprise.pearl_harbor_due(g.data, carrier_air(g.data, SIDES[0], "hawaiian_islands")):
            g.call("pearl_harbor", then="next_sea")  # 9.11 j, b: before any battle
            return
        seas = battle_seas(g.data)
        if not seas:
            g.call("port_attacks", then="done", side=f.locals["side"])
        elif len(seas) == 1:
            self.fight(g, f, seas[0])
        else:
            g.goto("choose_sea")

    @decision
    @RULES.implements("1.14", "8.31")
    def choose_sea(self, g: Context, f: Frame) -> Choices:
        choices = Decision.single(f.locals["side"], "prompt.naval_battle")
        for sea in battle_seas(g.data):
            choices.add(Action.of("battle", sea), self.fight, sea)
        return choices

    def done(self, g: Context, f: Frame) -> None:
        g.ret()

    def fight(self, g: Context, f: Frame, sea: str) -> None:
        g.log("log.naval_battle", area=sea)
        g.call("naval_battle", then="next_sea", sea=sea, side=f.locals["side"])


class NavalBattle(Procedure):
    """Interception checks in ``sea`` and what each leads to, until one side is left (8.4)."""

    name = "naval_battle"

    def start(self, g: Context, f: Frame) -> None:
        f.locals.update(check=0, surprise_possible=True, avoiding=[])
        if all(fleets_in(g.data, side, f.locals["sea"]) for side in SIDES):
            g.goto("check")
        else:
            g.goto("submarines")  # a submarine alone with enemy fleets: no check (§9-2 #17)

    def check(self, g: Context, f: Frame) -> None:
        f.locals["check"] += 1
        f.locals.update(avoiding=[], mode=None, surprised=None, round=0)
        g.data["interception"] = {"sea": f.locals["sea"], "check": f.locals["check"], "choices": {}}
        g.goto("choose")

    @decision
    @RULES.implements("8.31")
    def choose(self, g: Context, f: Frame) -> Decision:
        """Both sides choose at once, in secret; the other's choice is shown once both have."""
        found = Decision()
        sea, check = f.locals["sea"], f.locals["check"]
        for side in SIDES:
            if side in g.data["interception"]["choices"]:
                continue
            choices = found.side(side, "prompt.interception", sea=sea)
            for option in interception_options(g.data, side, sea, check):
                choices.add(Action.of("intercept", option), self.chosen, side, option)
            if check == 1 and AVOID not in interception_options(g.data, side, sea, check):
                choices.refuse("intercept avoid", "8.31 b: nobody may avoid at the first check")
        return found

    def chosen(self, g: Context, f: Frame, side: Side, option: str) -> None:
        g.data["interception"]["choices"][side] = option
        g.log("log.interception_chosen", side=side, area=f.locals["sea"])
        if len(g.data["interception"]["choices"]) == len(SIDES):
            g.goto("resolve")

    @RULES.implements("8.31", "8.32", "8.33")
    def resolve(self, g: Context, f: Frame) -> None:
        """Avoid ends the checks, the avoiding side rebasing out (8.31 b, 8.32); otherwise both
        roll, Day +1: the higher roll has its choice, equal rolls are bad weather, a roll 4
        higher is surprise at the first check or the one after bad weather (8.31 c, d)."""
        sea, picked = f.locals["sea"], g.data["interception"]["choices"]
        g.reveal()
        g.log("log.interception_choices", area=sea, japan=picked["japan"], allies=picked["allies"])
        reacting_first = [enemy(f.locals["side"]), f.locals["side"]]
        f.locals["avoiding"] = [side for side in reacting_first if picked[side] == AVOID]
        if f.locals["avoiding"]:
            g.goto("submarines")
            return
        charts = tables(g.state)
        totals = {}
        for side in SIDES:
            roll = d6(g)
            totals[side] = roll + roll_modifier(g.data, side, sea, picked[side], charts)
            totals[side] += code_breaking_bonus(g.data, side, sea, f.locals["check"], charts)
            totals[side] += surprise.us_roll_bonus(g.data, side, sea, f.locals["check"], charts)
            g.log("log.interception_roll", side=side, area=sea, roll=roll, total=totals[side])
        japan, allies = totals["japan"], totals["allies"]
        if japan == allies:
            g.log("log.bad_weather", area=sea)
            f.locals["surprise_possible"] = True
            g.goto("submarines")
            return
        winner = "japan" if japan > allies else "allies"
        margin = abs(japan - allies)
        if f.locals["surprise_possible"] and margin >= charts.interception.surprise_margin:
            f.locals["surprised"] = enemy(winner)
        f.locals["surprise_possible"] = False
        f.locals["mode"] = picked[winner]
        key = "log.interception_surprise" if f.locals["surprised"] else "log.interception_won"
        g.log(key, side=winner, area=sea, mode=picked[winner])
        combat_fog.reveal_battle(g, sea, kind="fleet")
        g.goto("night" if picked[winner] == NIGHT else "day_round")

    @RULES.implements("8.41", "8.31")
    def night(self, g: Context, f: Frame) -> None:
        """One round: every BB and CA fires at once, or the surprising side first (8.41)."""
        sea, surprised = f.locals["sea"], f.locals["surprised"]
        consolidate_both(g, sea)
        order = [[enemy(surprised)], [surprised]] if surprised else [list(SIDES)]
        for firing in order:
            targets = {side: night_targets(g.data, side, sea) for side in firing}
            fired = [shot for side in firing for shot in gunnery(g, side, sea, targets[side])]
            aimed = {firer: t for side in firing for firer, t in targets[side].items()}
            land_gunnery(g, sea, fired, aimed)
        surprise.round_fought(g.data, sea)  # 9.11 c
        g.goto("submarines")

    @RULES.implements("8.42")
    def day_round(self, g: Context, f: Frame) -> None:
        """A round of the day action: air units assigned in secret, then the strikes (8.42 a);
        in a surprise round every air unit attacks, no LBA flies (8.42 b)."""
        f.locals["round"] += 1
        sea = f.locals["sea"]
        consolidate_both(g, sea)
        later = f.locals["round"] > 1
        air = {side: flying(g.data, side, sea, with_lba=later) for side in SIDES}
        if not any(air.values()):
            g.goto("day_round_end")
            return
        open_commitment(g, sea, air, "attack")
        g.data["interception"]["flying"] = {side: list(air[side]) for side in SIDES}
        g.data["interception"]["mission"] = "attack"
        if f.locals["surprised"] and f.locals["round"] == 1:
            g.data["air_committed"] = list(SIDES)
            g.goto("strikes")
        else:
            g.goto("commit")

    @decision
    @RULES.implements("8.42")
    def commit(self, g: Context, f: Frame) -> Decision:
        return commit_decision(g, AIR_MISSIONS, "prompt.air_missions", then="strikes")

    @RULES.implements("8.42", "8.31")
    def strikes(self, g: Context, f: Frame) -> None:
        """Air-to-air, AA, then the attacks of both sides at once; after a surprise the
        surprising side's strike lands first, then the surprised side's survivors strike."""
        sea, surprised = f.locals["sea"], f.locals["surprised"]
        for side in SIDES:
            for mission in AIR_MISSIONS:
                units = on_mission(g.data, side, mission)
                if units:
                    g.log("log.air_missions", side=side, units=units, mission=mission)
        first_round = f.locals["round"] == 1
        order = [[enemy(surprised)], [surprised]] if surprised and first_round else [list(SIDES)]
        for striking in order:
            for side in striking:
                air_to_air(g, side, sea)
                anti_aircraft(g, side, sea)
            results = [hit for side in striking for hit in air_attack(g, side, sea)]
            land_air_attacks(g, sea, results)
            fit_carrier_air(g, sea, to_orphans=False)
        close_commitment(g)
        surprise.round_fought(g.data, sea)  # 9.11 c
        g.goto("day_round_end")

    def day_round_end(self, g: Context, f: Frame) -> None:
        both = all(fleets_in(g.data, side, f.locals["sea"]) for side in SIDES)
        rounds = tables(g.state).interception.day_rounds
        if surprise.one_day_round(g.data, f.locals["sea"], f.locals["check"]):
            rounds = tables(g.state).surprise_attack.hawaii_day_rounds  # 9.11 k
        g.goto("day_round" if both and f.locals["round"] < rounds else "submarines")

    @RULES.implements("8.5")
    def submarines(self, g: Context, f: Frame) -> None:
        """After each interception attempt each side's submarine unit there, the phase
        player's first, may attack damaged or undamaged fleets or wait (8.5)."""
        phase_player = f.locals["side"]
        f.locals["sub_order"] = [phase_player, enemy(phase_player)]
        g.goto("next_submarine")

    def next_submarine(self, g: Context, f: Frame) -> None:
        order = f.locals["sub_order"]
        while order and not submarine_options(g.data, order[0], f.locals["sea"]):
            order.pop(0)
        g.goto("submarine" if order else "after_action")

    @decision
    @RULES.implements("8.5")
    def submarine(self, g: Context, f: Frame) -> Choices:
        side, sea = f.locals["sub_order"][0], f.locals["sea"]
        choices = Decision.single(side, "prompt.submarine_attack", sea=sea)
        for kind in submarine_options(g.data, side, sea):
            choices.add(Action.of("sub_attack", kind), self.sub_attacks, side, kind)
        choices.add("wait", self.sub_waits)
        return choices

    def sub_attacks(self, g: Context, f: Frame, side: Side, kind: str) -> None:
        submarine_attack(g, side, f.locals["sea"], kind)
        self.sub_waits(g, f)

    def sub_waits(self, g: Context, f: Frame) -> None:
        f.locals["sub_order"].pop(0)
        g.goto("next_submarine")

    @RULES.implements("8.6", "8.32")
    def after_action(self, g: Context, f: Frame) -> None:
        """Damage resolution (8.6), then the avoiding side rebases out, the reacting side first
        (8.32, 8.8)."""
        sea = f.locals["sea"]
        resolve_damage(g, sea)
        avoiding = [side for side in f.locals["avoiding"] if fleets_in(g.data, side, sea)]
        if avoiding:
            g.call("rebase", then="next_check", side=f.locals["side"], order=avoiding, sea=sea)
        else:
            g.goto("next_check")

    @RULES.implements("8.4")
    def next_check(self, g: Context, f: Frame) -> None:
        """Another check while both sides are still there (8.4); else the fleets stand up."""
        sea = f.locals["sea"]
        if all(fleets_in(g.data, side, sea) for side in SIDES):
            g.goto("check")
            return
        g.data["interception"] = None
        submarines_home(g, sea)
        if combat_fog.revealed(g.data, sea):
            combat_fog.stand_up(g, sea)
        g.ret()


ALL: Final[tuple[Procedure, ...]] = (AirNavalCombat(), NavalBattle())
