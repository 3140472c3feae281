"""The steps of the sequence of play that pass through (7.01-7.07): each needs a system whose
rules are lost from the seed, named by its rule; the step is logged and changes nothing. Each
is a provisional stand-in of its rule, told to players in ``wargame rules aegean-strike``."""

from __future__ import annotations

from typing import Final

from wargame.engine.procedure import Context
from wargame.games.aegean_strike.registry import RULES

PASSES: Final = {
    "political_effects": "21.01",
}
"""Each step passing through, by the rule of the lost system it needs."""

for _rule in sorted(set(PASSES.values())):
    _steps = ", ".join(step for step, rule in PASSES.items() if rule == _rule)
    RULES.stand_in(_rule, f"passes through: {_steps}", key="pass_through")


def skip(g: Context, step: str) -> None:
    g.log("log.skipped", step=step, rule=PASSES[step])
