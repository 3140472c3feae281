"""The sequence of play (4.0): turns, phases and the Offensives segment (4.21, 4.22, 17.11)."""

from __future__ import annotations

from wargame.engine.procedure import Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import cards, events
from wargame.games.empire_of_the_sun.forces import enemy
from wargame.games.empire_of_the_sun.political_will import note_progress_start, note_progress_target
from wargame.games.empire_of_the_sun.registry import RULES
from wargame.games.empire_of_the_sun.strategic_warfare import allied_deal, japanese_deal
from wargame.games.empire_of_the_sun.victory import automatic_result, final_result, record_captures

FIRST_ALLIED_INITIATIVE_TURN = 5  # ties go to Japan in 1941-42, to the Allies from 1943 (4.21)


class Game(Procedure):
    """The whole game: turn after turn until the scenario's last turn or an automatic victory."""

    name = "game"

    def start(self, g: Context, f: Frame) -> None:
        g.goto("next_turn")

    def next_turn(self, g: Context, f: Frame) -> None:
        if g.data["turn"] > g.data["last_turn"]:
            g.goto("final")
            return
        g.log("log.turn", turn=g.data["turn"])
        g.call("turn", then="after_turn")

    def after_turn(self, g: Context, f: Frame) -> None:
        """The next turn; after the last one the turn track stays on it (the game is over)."""
        if g.data["turn"] >= g.data["last_turn"]:
            g.goto("final")
            return
        g.data["turn"] += 1
        g.goto("next_turn")

    def final(self, g: Context, f: Frame) -> None:
        g.end_game(final_result(g))


class Turn(Procedure):
    """One game turn: Strategic, Offensives, Political and Attrition phases, End of Turn."""

    name = "turn"

    @RULES.implements("4.1", "3.0")
    def start(self, g: Context, f: Frame) -> None:
        g.data["event_draws"] = {"japan": 0, "allied": 0}
        if g.data["turn"] != g.data["first_turn"]:
            note_progress_start(g)
        if g.data["turn"] == 1:
            g.call("opening_turn", then="political")
        elif g.data["turn"] == g.data["first_turn"]:
            g.goto("scenario_deal")
        else:
            g.call("reinforcements", then="replacements")

    def replacements(self, g: Context, f: Frame) -> None:
        note_progress_target(g)
        hqs = f.locals.pop("turn_hqs", None)  # HQs on the map as the turn started (9.11)
        g.call("replacements", then="strategic_warfare", hqs=hqs)

    def strategic_warfare(self, g: Context, f: Frame) -> None:
        g.call("strategic_warfare", then="deal")

    @RULES.implements("4.14")
    def deal(self, g: Context, f: Frame) -> None:
        for side, (count, passes) in (("japan", japanese_deal(g)), ("allied", allied_deal(g))):
            cards.deal(g, side, count)
            g.data["passes"][side] = passes
        g.goto("offensives")

    def scenario_deal(self, g: Context, f: Frame) -> None:
        """A scenario that starts with its Offensives phase deals what it prints (17.2-17.4)."""
        first_deal, first_passes = g.data["first_deal"], g.data["first_passes"]
        for side, computed in (("japan", japanese_deal(g)), ("allied", allied_deal(g))):
            cards.deal(g, side, first_deal.get(side, computed[0]))
            g.data["passes"][side] = first_passes.get(side, computed[1])
        if g.data["setup"] == "1942":
            g.call("free_naval_moves", then="offensives")
        else:
            g.goto("offensives")

    @RULES.implements("4.2", "4.21")
    def offensives(self, g: Context, f: Frame) -> None:
        g.data["phase"] = "offensives"
        g.data["initiative"] = initiative(g)
        if cards.future_playable(g, enemy(g.data["initiative"])):
            g.goto("claim_initiative")
            return
        g.goto("segment")

    @decision
    def claim_initiative(self, g: Context, f: Frame) -> Decision:
        """The other side may take the initiative by playing its Future Offensive card as an
        event first (4.21, 6.29 A). Asked whenever it holds a Future Offensive card it could
        play (public knowledge), whether or not that card has a playable event."""
        side = enemy(g.data["initiative"])
        found = Decision()
        choices = found.side(side, "prompt.claim_initiative")
        if events.playable(g, side, cards.pile(g, side)["future"]):
            choices.add("future-first", self.future_first, side)
        else:
            choices.prompt = "prompt.claim_initiative_none"
        choices.add("decline", self.decline)
        return found

    @RULES.implements("4.21", "6.29")
    def future_first(self, g: Context, f: Frame, side: str) -> None:
        g.data["initiative"] = side
        g.log("log.initiative", side=side)
        g.call("offensives_segment", then="political", future_first=True)

    def decline(self, g: Context, f: Frame) -> None:
        g.goto("segment")

    def segment(self, g: Context, f: Frame) -> None:
        g.log("log.initiative", side=g.data["initiative"])
        g.call("offensives_segment", then="political")

    @RULES.implements("4.3")
    def political(self, g: Context, f: Frame) -> None:
        g.data["phase"] = "political"
        g.call("national_status", then="political_will")

    def political_will(self, g: Context, f: Frame) -> None:
        g.call("political_will", then="attrition")

    @RULES.implements("4.4")
    def attrition(self, g: Context, f: Frame) -> None:
        g.data["phase"] = "attrition"
        if g.data["turn"] == 1:  # the December 1941 turn has no Attrition phase (17.11)
            g.goto("end")
            return
        g.call("attrition", then="end")

    @RULES.implements("4.5")
    def end(self, g: Context, f: Frame) -> None:
        result = automatic_result(g)
        if result is not None:
            g.end_game(result)
            return
        end_of_turn_cleanup(g)
        g.ret()


def end_of_turn_cleanup(g: Context) -> None:
    record_captures(g)
    g.data["rebuilt"] = {}
    g.data["bombed"] = {}
    g.data["passes"] = {"japan": 0, "allied": 0}
    g.data["asp_used"] = {"japan": 0, "allied": 0}
    g.data["deal_cuts"] = {"japan": 0, "allied": 0}
    g.data.pop("tokyo_express", None)  # the marker comes off at the end of the turn (13.32)
    g.data["phase"] = "end"
    for side in ("japan", "allied"):
        if g.data["reshuffle"].get(side):
            cards.refill_deck(g, side)
    g.data["reshuffle"] = {}


def initiative(g: Context) -> str:
    """More cards in hand acts first; a tie goes to Japan in 1941-42 and the Allies later. The
    Future Offensive card is not in the hand (6.29)."""
    japan, allies = (len(cards.hand(g, side)) for side in ("japan", "allied"))
    if japan != allies:
        return "japan" if japan > allies else "allied"
    return "japan" if g.data["turn"] < FIRST_ALLIED_INITIATIVE_TURN else "allied"


class OffensivesSegment(Procedure):
    """Players alternate actions, starting with the initiative, until both are out of cards."""

    name = "offensives_segment"

    def start(self, g: Context, f: Frame) -> None:
        f["next"] = g.data["initiative"]
        if f.get("future_first"):  # the Future Offensive card, as an event, first (6.29 A)
            side = f["next"]
            card_id = cards.pile(g, side)["future"]
            cards.commit(g, side, card_id, "event")
            g.data["acting"] = side
            f["next"] = enemy(side)
            g.call("event", then="next_action", side=side, card=card_id)
            return
        g.goto("next_action")

    @RULES.implements("4.22")
    def next_action(self, g: Context, f: Frame) -> None:
        side = f["next"]
        if not can_act(g, side):
            side = enemy(side)
        if not can_act(g, side):
            g.data["passes"] = {"japan": 0, "allied": 0}
            g.ret()
            return
        g.data["acting"] = side
        f["next"] = enemy(side)
        g.call("action", then="next_action", side=side)


def can_act(g: Context, side: str) -> bool:
    """A side acts while it holds a card it may play (a Future Offensive card counts too)."""
    return bool(cards.hand(g, side)) or cards.future_playable(g, side)
