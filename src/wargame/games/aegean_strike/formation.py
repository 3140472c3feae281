"""Ground unit formations (11.11), the one formation the seed describes: Planned Assault.

Decisions (provisional: the section is lost; the seed has formation markers, changing
formation costs movement points, and Planned Assault costs many supply points)
- In its ground movement segment a side may put the attackers of a land combat it has declared
  into Planned Assault (``plan HEX``), once per combat. Each attacker must not have marched this
  segment (the change spends its movement points), and each attacker's nation pays the
  ``formations`` table's SP for it.
- The combat gains land_modifiers' ``formation.planned_assault`` columns. The formation lasts for
  that combat only (the other formations and their effects are lost).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import partial
from typing import Any

from wargame.engine.procedure import Choices, Context
from wargame.engine.state import Frame
from wargame.games.aegean_strike import state
from wargame.games.aegean_strike.charts import tables as game_tables
from wargame.games.aegean_strike.registry import RULES

RULES.stand_in(
    "11.11",
    "Planned Assault only: unmoved attackers pay SP for a column shift in one combat",
    key="planned_assault",
)


def costs(g_tables: Mapping[str, Any], attackers: list[str]) -> Counter[str]:
    """The SP each nation pays to put ``attackers`` in Planned Assault."""
    per_unit = int(g_tables["formations"].planned_assault_sp_per_unit)
    return Counter({n: per_unit * k for n, k in Counter(map(state.nation, attackers)).items()})


@RULES.implements("11.11")
def plan_refusal(g_tables: Mapping[str, Any], data: Mapping[str, Any], combat: Any) -> str:
    if combat.get("planned"):
        return f"11.11: the attack on {combat['hex']} is a Planned Assault already"
    attackers = [u for u in combat["units"] if u in data["ground"]]
    moved = [u for u in attackers if u in data.get("ground_moved", ())]
    if moved:
        return f"11.11: {moved[0]} marched this segment; changing formation takes its movement"
    for nation, sp in sorted(costs(g_tables, attackers).items()):
        has = data["sp"].get(nation, 0)
        if has < sp:
            return f"11.11: the Planned Assault costs {nation} {sp} SP; it has {has}"
    return ""


@RULES.implements("11.03")
def changed(data: Mapping[str, Any], uid: str) -> bool:
    """Whether ``uid`` attacks in a Planned Assault, which spent its movement (11.03)."""
    return any(c.get("planned") and uid in c["units"] for c in data["combats"])


def offer_plans(g: Context, choices: Choices, side: str) -> None:
    """A Planned Assault for each combat ``side`` declared, with the preview of the combat in
    that formation (worked out when a view asks: :mod:`previews`)."""
    from wargame.games.aegean_strike import previews  # noqa: PLC0415 (it imports assault)

    g_tables = game_tables(g.state)
    for combat in g.data["combats"]:
        if combat["side"] == side:
            hex_id = combat["hex"]
            reason = plan_refusal(g_tables, g.data, combat)
            if reason:
                choices.refuse(f"plan {hex_id}", reason)
            else:
                note = partial(previews.planning, g, side, hex_id)
                choices.add(f"plan {hex_id}", _plan, hex_id, later=note)


@RULES.implements("11.11")
def _plan(g: Context, f: Frame, hex_id: str) -> None:
    combat = next(c for c in g.data["combats"] if c["hex"] == hex_id)
    attackers = [u for u in combat["units"] if u in g.data["ground"]]
    paid = costs(game_tables(g.state), attackers)
    for nation, sp in paid.items():
        g.data["sp"][nation] -= sp
    combat["planned"] = True
    g.log("log.planned_assault", side=f["side"], hex=hex_id, sp=sum(paid.values()))
    g.goto("choose")


@RULES.implements("11.11")
def shift(g_tables: Mapping[str, Any], combat: Mapping[str, Any]) -> int:
    if not combat.get("planned"):
        return 0
    return int(g_tables["land_modifiers"].shifts["formation.planned_assault"])
