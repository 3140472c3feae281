"""US Political Will (16.4): the adjustments of the Political Will segment (4.32)."""

from __future__ import annotations

from wargame.engine.procedure import Context, Procedure
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import forces
from wargame.games.empire_of_the_sun.forces import record
from wargame.games.empire_of_the_sun.registry import RULES
from wargame.games.empire_of_the_sun.reinforcements import war_in_europe_level


def adjust(g: Context, amount: int, reason: str) -> None:
    g.data["tracks"]["political_will"] = max(0, g.data["tracks"]["political_will"] + amount)
    g.log(
        "log.political_will", amount=amount, reason=reason, value=g.data["tracks"]["political_will"]
    )


class PoliticalWill(Procedure):
    name = "political_will"

    @RULES.implements("4.32")
    def start(self, g: Context, f: Frame) -> None:
        no_carriers(g)
        g.ret()


@RULES.implements("16.46")
def no_carriers(g: Context) -> None:
    """−1 without a US carrier on the map, −1 more without any US naval unit."""
    us_naval = [
        u
        for u in forces.units_on_map(g, "allied")
        if record(g, u).nationality == "us" and record(g, u).unit_class == "naval"
    ]
    if not any(forces.is_carrier(g, u) for u in us_naval):
        adjust(g, -1, "no_us_carrier")
        if not us_naval:
            adjust(g, -1, "no_us_navy")


@RULES.implements("16.48", "15.5")
def war_in_europe(g: Context) -> None:
    """War in Europe at Level 4 costs 1 at every National Status segment."""
    if war_in_europe_level(g) == 4:
        adjust(g, -1, "war_in_europe")
