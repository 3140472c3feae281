"""National status (12.0): the National Status segment of the Political phase (4.31).

Hex control (12.1) is kept as units move and fight (movement, battle). The nations' surrender
rules (12.2-12.9) are not implemented yet: ``wargame rules empire-of-the-sun`` lists them.
"""

from __future__ import annotations

from wargame.engine.procedure import Context, Procedure
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun.political_will import war_in_europe


class NationalStatus(Procedure):
    name = "national_status"

    def start(self, g: Context, f: Frame) -> None:
        war_in_europe(g)
        g.ret()
