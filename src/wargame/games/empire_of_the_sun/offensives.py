"""Offensives (6.0): activation, movement, battle hexes, intelligence, reaction, battles and the
post-battle movement that concludes them. The record of the offensive being played lives in
``data["offensive"]`` (see :mod:`layout`); everything in it is public.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from wargame.engine.action import Action
from wargame.engine.dice import D10_ZERO
from wargame.engine.notes import Consequence, Modifier, Note, consequence
from wargame.engine.procedure import Context, Decision, Procedure, decision
from wargame.engine.state import Frame
from wargame.games.empire_of_the_sun import (
    advice,
    battle,
    cards,
    events,
    events_reactions,
    forces,
    movement,
    previews,
    reactions,
    supply,
)
from wargame.games.empire_of_the_sun.forces import enemy, record
from wargame.games.empire_of_the_sun.garrisons import garrisoned_hexes
from wargame.games.empire_of_the_sun.hqs import commanded, hq_key, hqs_in_supply
from wargame.games.empire_of_the_sun.registry import RULES

RULES.declare("1.21", where="every roll of this game uses the d10 read 0-9 (D10_ZERO)")
RECON_MODIFIER = -2  # an OP unit entered, crossed or left RP air ZOI (5.22)
INTELLIGENCE_PROMPTS = {  # by what the reaction player may do besides declining
    frozenset({"react", "roll"}): "prompt.intelligence_react",
    frozenset({"roll"}): "prompt.intelligence",
    frozenset({"react"}): "prompt.intelligence_cards",
    frozenset(): "prompt.intelligence_none",
}


def current(g: Context) -> dict[str, Any]:
    found: dict[str, Any] = g.data["offensive"]
    return found


def new_record(g: Context, side: str, card_id: str, mode: str, lv: int | None) -> dict[str, Any]:
    card = cards.card(g, card_id)
    intel = card.oc_intel if mode == "oc" else card.ec_intel
    return {
        "side": side,
        "card": card_id,
        "mode": mode,
        "oc": card.oc,
        "intel": intel,
        "lv": lv,
        "surprise_card": mode == "ec" and card.intelligence == "surprise",
        "hq": None,
        "activations": 0,
        "candidates": [],
        "activated": [],
        "supplied": [],
        "group": [],
        "moved": {},
        "recon": False,
        "asp": 0,
        "battles": [],
        "optional": [],
        "assigned": {},
        "extended": [],
        "condition": "surprise",
        "rolled": False,
        "special": [],
        "reaction": None,
        "fought": [],
        "results": {},
    }


class Offensive(Procedure):
    """One offensive (6.2). Frame locals: ``side``, ``card``, ``mode`` ("oc" or "ec"), ``lv``."""

    name = "offensive"

    @RULES.implements("6.1", "6.2")
    def start(self, g: Context, f: Frame) -> None:
        g.data["drawn"] = {"japan": [], "allied": []}
        g.data["offensive"] = new_record(g, f["side"], f["card"], f["mode"], f.get("lv"))
        current(g)["supplied"] = supply.supplied_units(g, f["side"])
        g.goto("choose_hq")

    # -- S1 activation (6.21, 7.5x) -------------------------------------------------------------
    @decision
    def choose_hq(self, g: Context, f: Frame) -> Decision:
        side = f["side"]
        found = Decision()
        choices = found.side(side, "prompt.choose_hq", card=f["card"])
        for hq_id in hqs_for_requirement(g, current(g)) or eligible_hqs(g, side):
            choices.add(Action.of("hq", hq_id), self.pick_hq, hq_id)
        if not choices.options:
            choices.prompt = "prompt.choose_hq_none"
        choices.add("none", self.no_hq)
        return found

    @RULES.implements("5.12", "6.21")
    def pick_hq(self, g: Context, f: Frame, hq_id: str) -> None:
        offensive = current(g)
        offensive["hq"] = hq_id
        offensive["activations"] = activations(g, hq_id)
        offensive["candidates"] = activation_candidates(g, hq_id)
        g.log("log.hq_chosen", side=f["side"], hq=hq_id, activations=offensive["activations"])
        g.goto("activate")

    def no_hq(self, g: Context, f: Frame) -> None:
        g.log("log.no_activation", side=f["side"])
        g.goto("conclude")

    @decision
    def activate(self, g: Context, f: Frame) -> Decision:
        return self.choose_units(g, "op")

    def choose_units(self, g: Context, who: str) -> Decision:
        activation = activation_record(g, who)
        found = Decision()
        choices = found.side(activation["side"], "prompt.activate", left=activation["activations"])
        activated, add_unit = activation["activated"], self.add_unit
        required = able_to_activate(g, activation) if who == "op" else []
        for unit_id in required or (
            activation["candidates"] if activation["activations"] > 0 else []
        ):
            if unit_id in activated:  # the cheapest test first
                continue
            if rivalry_allows(g, unit_id, activation) and event_allows(g, unit_id, activation):
                choices.add(Action.of("unit", unit_id), add_unit, who, unit_id)
        if not choices.options:
            choices.prompt = "prompt.activate_none"
        if required:
            choices.prompt = "prompt.activate_required"
            choices.params["card"] = activation["card"]
            return found
        choices.add("done", self.activated if who == "op" else self.react_activated)
        return found

    @RULES.implements("7.52")
    def add_unit(self, g: Context, f: Frame, who: str, unit_id: str) -> None:
        activation = activation_record(g, who)
        activation["activated"].append(unit_id)
        activation["activations"] -= activation_cost(g, unit_id, activation)

    def activated(self, g: Context, f: Frame) -> None:
        g.log("log.activated", side=f["side"], units=list(current(g)["activated"]))
        after = f"event_{f['card']}_activated"  # what the event does before its units move
        if f["mode"] == "ec" and after in g.procedures:
            g.call(after, then="move", side=f["side"], card=f["card"])
        else:
            g.goto("move")

    # -- S2 movement (6.22-6.23, 7.x) -----------------------------------------------------------
    @decision
    def move(self, g: Context, f: Frame) -> Decision:
        return self.choose_mover(g, "op")

    @decision
    def move_group(self, g: Context, f: Frame) -> Decision:
        return self.group_moves(g, "op")

    def choose_mover(self, g: Context, who: str) -> Decision:
        activation = activation_record(g, who)
        found = Decision()
        choices = found.side(activation["side"], "prompt.move")
        for unit_id in activation["activated"]:
            if unit_id not in activation["moved"] and forces.on_map(forces.at(g, unit_id)):
                choices.add(Action.of("unit", unit_id), self.select, who, unit_id)
        if not choices.options:
            choices.prompt = "prompt.move_none"
        if who == "op" and requirement_movers(g, current(g)):
            choices.prompt = "prompt.move_required"
            choices.params["card"] = current(g)["card"]
            return found
        choices.add("done", self.moved if who == "op" else self.react_moved)
        return found

    @RULES.implements("12.1", "8.5")
    def group_moves(self, g: Context, who: str) -> Decision:
        """The selected stack: units to add to it, its moves (each with its note, see
        :mod:`advice`), and hexes to pass through (``via``) where the path matters."""
        offensive = current(g)
        activation = activation_record(g, who)
        group, via = activation["group"], tuple(activation.get("via") or ())
        found = Decision()
        choices = found.side(activation["side"], "prompt.move_group", units=list(group))
        here = forces.at(g, group[0])
        for unit_id in [] if via else activation["activated"]:
            joins = unit_id not in group and unit_id not in activation["moved"]
            if joins and forces.at(g, unit_id) == here:
                choices.add(Action.of("unit", unit_id), self.join, who, unit_id)
        joining = bool(choices.options)
        options, waypoints = group_routes(g, group, offensive, who, via)
        stack, reacting = tuple(group), who != "op"
        go = self.go  # one bound method for every move listed
        for text, option in options.items():
            note = partial(advice.move_note, g, stack, option, offensive, reacting)
            choices.add(text, go, who, option, later=note)
        for hex_id in waypoints:
            choices.add(Action.of("via", hex_id), self.through, who, hex_id)
        choices.prompt = move_group_prompt(joining, bool(options), via, bool(waypoints))
        if via:
            choices.params["via"] = list(via)
        choices.add("cancel", self.deselect, who)
        return found

    def select(self, g: Context, f: Frame, who: str, unit_id: str) -> None:
        activation_record(g, who)["group"] = [unit_id]
        g.goto("move_group" if who == "op" else "react_group")

    def join(self, g: Context, f: Frame, who: str, unit_id: str) -> None:
        activation_record(g, who)["group"].append(unit_id)

    def through(self, g: Context, f: Frame, who: str, hex_id: str) -> None:
        activation = activation_record(g, who)
        activation["via"] = [*(activation.get("via") or ()), hex_id]

    def deselect(self, g: Context, f: Frame, who: str) -> None:
        activation = activation_record(g, who)
        activation["group"] = []
        activation.pop("via", None)
        g.goto("move" if who == "op" else "react_move")

    def go(self, g: Context, f: Frame, who: str, option: movement.Move) -> None:
        activation = activation_record(g, who)
        movement.perform(g, activation["group"], option)
        activation["group"] = []
        activation.pop("via", None)
        g.goto("move" if who == "op" else "react_move")

    def moved(self, g: Context, f: Frame) -> None:
        offensive = current(g)
        offensive["battles"] = contested_hexes(g, f["side"])
        g.goto("declare")

    # -- S3 battle hexes (6.24) -----------------------------------------------------------------
    @decision
    def declare(self, g: Context, f: Frame) -> Decision:
        offensive = current(g)
        found = Decision()
        choices = found.side(f["side"], "prompt.declare", battles=list(offensive["battles"]))
        required = not requirement_met(g, offensive)
        for hex_id in declarable_hexes(g, offensive, required):
            told = declaration_consequences(g, offensive, hex_id)
            choices.add(Action.of("battle", hex_id), self.add_battle, hex_id, consequences=told)
        if required:
            choices.prompt = "prompt.declare_required"
            choices.params["card"] = f["card"]
            return found
        if not choices.options:
            choices.prompt = "prompt.declare_none"
        choices.add("done", self.declared)
        return found

    @RULES.implements("6.24")
    def add_battle(self, g: Context, f: Frame, hex_id: str) -> None:
        offensive = current(g)
        offensive["battles"].append(hex_id)
        offensive["optional"].append(hex_id)

    def declared(self, g: Context, f: Frame) -> None:
        offensive = current(g)
        assign_flyers(g, offensive)
        if offensive["battles"]:
            g.log("log.battles_declared", side=f["side"], hexes=list(offensive["battles"]))
        else:
            g.log("log.no_battles", side=f["side"])
        g.goto("assign")

    @decision
    def assign(self, g: Context, f: Frame) -> Decision | None:
        offensive = current(g)
        unit_id, options = next(iter(ambiguous_flyers(g, offensive).items()), (None, []))
        found = Decision()
        if unit_id is None:
            choices = found.side(f["side"], "prompt.assign_none")
            choices.add("done", self.assigned)
            return found
        choices = found.side(f["side"], "prompt.assign", unit=unit_id)
        optional, assigned = offensive["optional"], offensive["assigned"]
        for hex_id in options:
            if not attackers_for_optional(g, offensive, optional, {**assigned, unit_id: hex_id}):
                continue  # that would leave an optional battle hex without a flyer (6.24)
            told = half_strength(g, [unit_id], hex_id)
            choices.add(
                Action.of("battle", hex_id), self.assign_to, unit_id, hex_id, consequences=told
            )
        return found

    def assign_to(self, g: Context, f: Frame, unit_id: str, hex_id: str) -> None:
        offensive = current(g)
        offensive["assigned"][unit_id] = hex_id
        note_extended(g, unit_id, offensive)

    def assigned(self, g: Context, f: Frame) -> None:
        g.goto("intelligence")

    # -- S4 intelligence (5.2, 6.25, 6.27) ------------------------------------------------------
    @decision
    def intelligence(self, g: Context, f: Frame) -> Decision:
        offensive = current(g)
        rp = enemy(f["side"])
        found = Decision()
        choices = found.side(rp, "prompt.intelligence", card=f["card"])
        for card_id in reactions.held(g, rp):
            refused = reactions.refusal(g, rp, offensive, card_id)
            if refused is None:
                choices.add(Action.of("react", card_id), self.react_with, card_id)
            else:
                choices.refuse(Action.of("react", card_id), refused)
        no_card_condition = not offensive.get("card_condition")
        if (
            offensive["battles"]
            and not offensive["surprise_card"]
            and offensive["intel"] is not None
            and not offensive["rolled"]
            and no_card_condition
        ):
            modifiers = intelligence_modifiers(g, rp)
            preview = previews.intelligence_preview(rp, offensive["intel"], modifiers)
            choices.add("roll", self.roll_intelligence, preview=preview)
        choices.prompt = INTELLIGENCE_PROMPTS[frozenset(choices.verbs())]
        choices.add("decline", self.after_intelligence)
        return found

    @RULES.implements("5.32")
    def react_with(self, g: Context, f: Frame, card_id: str) -> None:
        reactions.play(g, enemy(f["side"]), card_id)
        if current(g).get("cancelled"):
            g.goto("cancelled")

    def cancelled(self, g: Context, f: Frame) -> None:
        offensive = current(g)
        cards.finish_play(g, offensive["card"], as_event=False)
        g.data["offensive"] = None
        g.ret(cancelled=True)

    @RULES.implements("5.2", "5.22", "6.25")
    def roll_intelligence(self, g: Context, f: Frame) -> None:
        offensive = current(g)
        offensive["rolled"] = True
        if intelligence_roll(g, enemy(f["side"]), offensive["intel"], "intelligence"):
            offensive["condition"] = "intercept"
        g.log("log.condition", condition=offensive["condition"])
        if not reactions.options(g, enemy(f["side"]), offensive):
            g.goto("special_reaction")

    def after_intelligence(self, g: Context, f: Frame) -> None:
        g.goto("special_reaction")

    @decision
    def special_reaction(self, g: Context, f: Frame) -> Decision:
        offensive = current(g)
        rp = enemy(f["side"])
        found = Decision()
        choices = found.side(rp, "prompt.special_reaction")
        value = special_reaction_value(g, offensive)
        for hex_id in special_reaction_hexes(g, offensive) if value is not None else []:
            modifiers = intelligence_modifiers(g, rp)
            preview = previews.intelligence_preview(rp, value, modifiers, hex_id)
            choices.add(Action.of("try", hex_id), self.try_special, hex_id, preview=preview)
        if not choices.options:
            choices.prompt = "prompt.special_reaction_none"
        choices.add("done", self.to_reaction)
        return found

    @RULES.implements("6.27")
    def try_special(self, g: Context, f: Frame, hex_id: str) -> None:
        offensive = current(g)
        offensive.setdefault("tried", []).append(hex_id)
        value = special_reaction_value(g, offensive)
        if value is not None and intelligence_roll(g, enemy(f["side"]), value, "special_reaction"):
            offensive["special"].append(hex_id)
            offensive["battles"].append(hex_id)
            g.log("log.special_reaction", hex=hex_id)

    def to_reaction(self, g: Context, f: Frame) -> None:
        offensive = current(g)
        may_react = offensive["condition"] != "surprise" or offensive["special"]
        g.goto("react" if may_react and offensive["battles"] else "start_battles")

    # -- S5 reaction (6.26) ---------------------------------------------------------------------
    @decision
    def react(self, g: Context, f: Frame) -> Decision:
        rp = enemy(f["side"])
        found = Decision()
        choices = found.side(rp, "prompt.react")
        for hq_id in reaction_hqs(g, rp):
            choices.add(Action.of("hq", hq_id), self.reaction_hq, hq_id)
        if not choices.options:
            choices.prompt = "prompt.react_none"
        choices.add("none", self.no_reaction)
        return found

    @RULES.implements("6.26", "5.13")
    def reaction_hq(self, g: Context, f: Frame, hq_id: str) -> None:
        offensive = current(g)
        rp = enemy(f["side"])
        supplied = supply.supplied_units(g, rp)
        offensive["reaction"] = {
            "side": rp,
            "hq": hq_id,
            "activations": activations(g, hq_id, reaction=True),
            "candidates": reaction_candidates(g, hq_id, supplied),
            "activated": [],
            "moved": {},
            "asp": 0,
            "group": [],
        }
        g.log("log.hq_chosen", side=rp, hq=hq_id, activations=offensive["reaction"]["activations"])
        g.goto("react_activate")

    def no_reaction(self, g: Context, f: Frame) -> None:
        g.goto("start_battles")

    @decision
    def react_activate(self, g: Context, f: Frame) -> Decision:
        return self.choose_units(g, "rp")

    def react_activated(self, g: Context, f: Frame) -> None:
        reaction = current(g)["reaction"]
        g.log("log.activated", side=reaction["side"], units=list(reaction["activated"]))
        g.goto("react_move")

    @decision
    def react_move(self, g: Context, f: Frame) -> Decision:
        return self.choose_mover(g, "rp")

    @decision
    def react_group(self, g: Context, f: Frame) -> Decision:
        return self.group_moves(g, "rp")

    @RULES.implements("8.11", "6.26")
    def react_moved(self, g: Context, f: Frame) -> None:
        offensive = current(g)
        catch_unescorted_landings(g, offensive)
        assign_reaction_flyers(g, offensive)
        g.goto("react_assign" if ambiguous_reactors(g, offensive) else "start_battles")

    @decision
    def react_assign(self, g: Context, f: Frame) -> Decision:
        offensive = current(g)
        unit_id, options = next(iter(ambiguous_reactors(g, offensive).items()))
        found = Decision()
        choices = found.side(enemy(f["side"]), "prompt.assign", unit=unit_id)
        for hex_id in options:
            choices.add(Action.of("battle", hex_id), self.react_assign_to, unit_id, hex_id)
        return found

    def react_assign_to(self, g: Context, f: Frame, unit_id: str, hex_id: str) -> None:
        offensive = current(g)
        offensive["assigned"][unit_id] = hex_id
        if not ambiguous_reactors(g, offensive):
            g.goto("start_battles")

    # -- S6 battles (8.0) -----------------------------------------------------------------------
    def start_battles(self, g: Context, f: Frame) -> None:
        g.call("attacks", then="battles", timing="before_battles")

    @decision
    def battles(self, g: Context, f: Frame) -> Decision:
        offensive = current(g)
        left = [h for h in offensive["battles"] if h not in offensive["fought"]]
        found = Decision()
        choices = found.side(f["side"], "prompt.next_battle")
        for hex_id in left:  # each battle's preview worked out when a view first asks for it
            note = partial(battle_note, g, hex_id)
            choices.add(Action.of("battle", hex_id), self.fight, hex_id, later=note)
        if not left:
            choices.prompt = "prompt.battles_over"
            choices.add("done", self.battles_over)
        return found

    @RULES.implements("6.28")
    def fight(self, g: Context, f: Frame, hex_id: str) -> None:
        g.call("battle", then="battles", hex=hex_id)

    def battles_over(self, g: Context, f: Frame) -> None:
        g.call("attacks", then="land", timing="after_battles")

    def land(self, g: Context, f: Frame) -> None:
        landings_take_control(g, current(g))
        g.call("post_battle", then="conclude", side=f["side"])

    # -- S7 conclusion (6.28) -------------------------------------------------------------------
    def conclude(self, g: Context, f: Frame) -> None:
        g.call("offensive_end", then="check_stacking", side=f["side"])

    @RULES.implements("7.24", "7.34", "7.48")
    def check_stacking(self, g: Context, f: Frame) -> None:
        """Stacking limits are checked at the end of every card play (7.34)."""
        g.call("stacking", then="finished")

    def finished(self, g: Context, f: Frame) -> None:
        offensive = current(g)
        cards.finish_play(g, offensive["card"], as_event=offensive["mode"] == "ec")
        g.data["offensive"] = None
        g.ret()


# -- rules used by the steps above ---------------------------------------------------------------


def event_hooks(g: Context, timing: str) -> None:
    """The offensive's own event, then the attack reactions played against it (5.31 D, 5.32 B)."""
    offensive = current(g)
    if offensive["mode"] == "ec":
        own = events.hook(offensive["card"], timing)
        if own is not None:
            own(g)
    reactions.run_attacks(g, timing)


def event_allows(g: Context, unit_id: str, activation: dict[str, Any]) -> bool:
    """An event offensive activates only the units its event admits (5.31 D); a reaction, only
    those its counter-offensive card admits."""
    offensive = current(g)
    if activation is offensive:
        card = offensive["card"] if offensive["mode"] == "ec" else None
    else:
        card = offensive.get("counter")
    check = events.hook(card, "activation") if card else None
    return check is None or bool(check(g, unit_id, activation["activated"]))


def own_event_hook(g: Context, activation: dict[str, Any], name: str) -> Any:
    """The hook ``name`` of the offensive's own event, for the offensive player's activation."""
    offensive = current(g)
    if activation is not offensive or offensive["mode"] != "ec":
        return None
    return events.hook(offensive["card"], name)


def activation_cost(g: Context, unit_id: str, activation: dict[str, Any]) -> int:
    """An activated unit uses one activation, or what the offensive's event says (5.31 D)."""
    own = own_event_hook(g, activation, "activation_cost")
    return 1 if own is None else int(own(g, unit_id))


def activation_record(g: Context, who: str) -> dict[str, Any]:
    """The offensive player's activation (``op``) or the reaction player's (``rp``)."""
    offensive = current(g)
    found: dict[str, Any] = offensive if who == "op" else offensive["reaction"]
    return found


def eligible_hqs(g: Context, side: str) -> list[str]:
    """HQs on the map and in supply (the event's HQ restriction applies to event offensives)."""
    offensive = current(g)
    restriction = cards.card(g, offensive["card"]).hq if offensive["mode"] == "ec" else []
    return hqs_in_supply(g, side, restriction)


@RULES.implements("5.31")
@RULES.implements("5.12", "5.13")
def activations(g: Context, hq_id: str, *, reaction: bool = False) -> int:
    """HQ efficiency plus the card's OC value (or the event's logistics value); a reaction adds
    the offensive card's OC value, or the LV of a counter-offensive card played (5.12, 5.13)."""
    offensive = current(g)
    efficiency = record(g, hq_id).efficiency or 0
    if reaction:
        counter = offensive.get("counter")
        return efficiency + (lv_with(g, counter, hq_id) if counter else offensive["oc"])
    if offensive["mode"] == "oc" or offensive["lv"] is None:
        return efficiency + offensive["oc"]
    return efficiency + lv_with(g, offensive["card"], hq_id, offensive["lv"])


def lv_with(g: Context, card_id: str, hq_id: str, default: int | None = None) -> int:
    """A card's logistics value, or the alternative it gives with the HQ used ([6 SW Pac])."""
    card = cards.card(g, card_id)
    alternative = card.lv_hq.get(hq_key(hq_id))
    if alternative is not None:
        return alternative
    found = default if default is not None else card.lv
    if found is None:  # a counter-offensive whose LV is set by the offensive card (J65, J85)
        found = int(current(g).get("counter_lv", 0))
    return found


def activation_candidates(g: Context, hq_id: str) -> list[str]:
    """Units the HQ may activate: in supply, in activation range, of a nationality it commands
    (or the event lets it command: the card's text overrides the rules, 5.3); not a B-29 that
    bombed Japan this turn (11.31)."""
    offensive = current(g)
    own = events.hook(offensive["card"], "commands") if offensive["mode"] == "ec" else None
    return commanded(g, hq_id, offensive["supplied"], own)


@RULES.implements("6.26", "6.27")
def reaction_hexes(offensive: dict[str, Any]) -> list[str]:
    """The battle hexes a reaction may go to: every declared battle hex, or under Surprise only
    the hexes of a successful special reaction (6.26, 6.27)."""
    if offensive["condition"] == "surprise":
        return list(offensive["special"])
    return list(offensive["battles"])


@RULES.implements("6.26")
def reaction_candidates(g: Context, hq_id: str, supplied: list[str]) -> list[str]:
    """In-supply units in the HQ's activation range (its path may enter a declared battle hex)
    of a nationality it commands, that can fight in a battle hex the reaction may go to."""
    offensive = current(g)
    reach = supply.activation_range(g, hq_id, battle_hexes=offensive["battles"])
    return [
        u
        for u in supplied
        if record(g, u).unit_class != "hq"
        and forces.at(g, u) in reach
        and supply.hq_commands(g, hq_id, u)
        and can_react(g, u, offensive)
    ]


def can_react(g: Context, unit_id: str, offensive: dict[str, Any]) -> bool:
    """6.26: only units that will fight in a battle hex the reaction may go to may be activated:
    units already there, flyers within range of one, and units with a reaction move that
    brings them there (air units and carriers: within range). A unit in another battle hex
    fights there and cannot react elsewhere."""
    targets = reaction_hexes(offensive)
    here = forces.at(g, unit_id)
    if here in offensive["battles"] and here not in targets:
        return False
    if forces.flagged(g, "bombed", unit_id):  # a bomber that bombed reacts only in its own hex
        return here in targets
    if fights_from(g, unit_id, here, targets):
        return True
    options = movement.moves(g, [unit_id], oc=offensive["oc"], reaction=True)
    return any(fights_from(g, unit_id, m.dest, targets) for m in options.values())


def fights_from(g: Context, unit_id: str, hex_id: str, targets: list[str]) -> list[str]:
    """The hexes of ``targets`` the unit could fight in standing in ``hex_id``: that hex, and
    for air units and carriers every one within their range (8.11)."""
    if not forces.flies(g, unit_id):
        return [hex_id] if hex_id in targets else []
    board = g.static.board
    reach = strike_reach(g, unit_id)
    return [h for h in targets if h == hex_id or board.distance(hex_id, h) <= reach]


def reaction_moves(
    g: Context, group: list[str], offensive: dict[str, Any]
) -> dict[str, movement.Move]:
    return reaction_routes(g, group, offensive)[0]


def reaction_routes(
    g: Context, group: list[str], offensive: dict[str, Any], via: tuple[str, ...] = ()
) -> tuple[dict[str, movement.Move], tuple[str, ...]]:
    """Reaction moves (6.26) and waypoints; under Surprise only towards the special reaction
    hexes (6.27)."""
    found, waypoints = movement.routes(g, group, oc=offensive["oc"], reaction=True, via=via)
    if offensive["condition"] != "surprise":
        return found, waypoints
    targets = reaction_hexes(offensive)
    return {
        text: move
        for text, move in found.items()
        if any(fights_from(g, u, move.dest, targets) for u in group)
    }, waypoints


def reaction_flyer_battles(g: Context, unit_id: str, offensive: dict[str, Any]) -> list[str]:
    """Where a reacting air unit or carrier fights: the battle hex it is in or left (6.26), else
    a battle hex the reaction may go to within its range (8.11)."""
    left = offensive["reaction"]["moved"].get(unit_id, {}).get("from")
    here = forces.at(g, unit_id)
    for hex_id in (left, here):
        if hex_id in offensive["battles"]:
            return [hex_id]
    return fights_from(g, unit_id, here, reaction_hexes(offensive))


@RULES.implements("7.45")
def catch_unescorted_landings(g: Context, offensive: dict[str, Any]) -> None:
    """7.45 B (seed and spec agree): where enemy ships end a reaction move in the hex of an
    amphibious assault that no ship of its stack escorted, the assault is cancelled as a lost
    battle: each of its ground units loses a step, takes no part in the battle there and, if it
    survives, must withdraw by sea after the battles (7.45 C). A battle hex left with no unit of
    the offensive to fight is no battle (one where nothing was to be fought stays none)."""
    caught_in = set()
    for unit_id, entry in sorted(offensive["moved"].items()):
        here = forces.at(g, unit_id)
        if entry["mode"] != "assault" or not forces.is_class(g, unit_id, "ground"):
            continue
        if here not in ships_arrived(g, offensive) or escorted(g, offensive, entry):
            continue
        entry["caught"] = True
        caught_in.add(here)
        g.log("log.landing_caught", unit=unit_id, hex=here)
        events_reactions.lose_step(g, unit_id)
    for hex_id in sorted(caught_in & set(offensive["battles"])):
        if not battle.op_fights(g, hex_id):
            offensive["battles"].remove(hex_id)


def ships_arrived(g: Context, offensive: dict[str, Any]) -> set[str]:
    """The hexes where ships of the reaction ended a move."""
    moved = (offensive.get("reaction") or {}).get("moved") or {}
    return {
        forces.at(g, u)
        for u, entry in moved.items()
        if forces.is_class(g, u, "naval") and forces.at(g, u) != entry["from"]
    }


def escorted(g: Context, offensive: dict[str, Any], landing: dict[str, Any]) -> bool:
    """Whether a ship moved the whole way with the assault (same start, same path)."""
    return any(
        entry["mode"] == "assault"
        and entry["from"] == landing["from"]
        and entry["path"] == landing["path"]
        and forces.is_class(g, u, "naval")
        for u, entry in offensive["moved"].items()
    )


def assign_reaction_flyers(g: Context, offensive: dict[str, Any]) -> None:
    """Reacting air units and carriers with one battle to fight in are assigned to it."""
    for unit_id in offensive["reaction"]["activated"]:
        if not forces.flies(g, unit_id) or not forces.on_map(forces.at(g, unit_id)):
            continue
        options = reaction_flyer_battles(g, unit_id, offensive)
        if len(options) == 1:
            offensive["assigned"][unit_id] = options[0]


def ambiguous_reactors(g: Context, offensive: dict[str, Any]) -> dict[str, list[str]]:
    """Reacting air units and carriers within range of several battles: the RP chooses."""
    found = {}
    for unit_id in offensive["reaction"]["activated"]:
        if unit_id in offensive["assigned"] or not forces.flies(g, unit_id):
            continue
        options = reaction_flyer_battles(g, unit_id, offensive)
        if len(options) > 1:
            found[unit_id] = options
    return found


@RULES.implements("14.1", "14.2")
def rivalry_allows(g: Context, unit_id: str, activation: dict[str, Any]) -> bool:
    """Under inter-service rivalry an HQ activates Army or Navy units in an offensive, not both."""
    unit = record(g, unit_id)
    tracks = g.data["tracks"]
    rival = tracks["japanese_isr"] if unit.side == "japan" else tracks["us_isr"]
    if not rival or unit.nationality not in ("japanese", "us") or unit.service is None:
        return True
    waived = own_event_hook(g, activation, "rivalry_waived")  # the event may lift it (5.3)
    if waived is not None and waived(g, activation["hq"]):
        return True
    branch = "army" if unit.service == "army" else "navy"
    others = {
        "army" if record(g, u).service == "army" else "navy"
        for u in activation["activated"]
        if record(g, u).nationality == unit.nationality and record(g, u).service is not None
    }
    return not others or others == {branch}


def move_group_prompt(joining: bool, moving: bool, via: tuple[str, ...], further: bool) -> str:
    """The prompt of a selected stack, naming only what it may do."""
    if via and moving:
        return "prompt.move_group_via" if further else "prompt.move_group_via_end"
    if via:
        return "prompt.move_group_via_on" if further else "prompt.move_group_via_stuck"
    if joining:
        return "prompt.move_group" if moving else "prompt.move_group_join"
    return "prompt.move_group_go" if moving else "prompt.move_group_stuck"


def group_routes(
    g: Context, group: list[str], offensive: dict[str, Any], who: str, via: tuple[str, ...]
) -> tuple[dict[str, movement.Move], tuple[str, ...]]:
    """The stack's moves and the waypoints it may still choose, for the offensive player
    (``op``) or the reaction player."""
    if who == "op":
        return legal_routes(g, group, offensive, via)
    return reaction_routes(g, group, offensive, via)


def legal_moves(
    g: Context, group: list[str], offensive: dict[str, Any]
) -> dict[str, movement.Move]:
    return legal_routes(g, group, offensive)[0]


def legal_routes(
    g: Context, group: list[str], offensive: dict[str, Any], via: tuple[str, ...] = ()
) -> tuple[dict[str, movement.Move], tuple[str, ...]]:
    """The group's moves (with those the event adds, 5.31 D) and waypoints; an OC offensive
    may not open a second battle hex (6.24)."""
    found, waypoints = movement.routes(g, group, oc=offensive["oc"], via=via)
    own = own_event_hook(g, offensive, "moves")
    if own is not None and not via:
        found = {**found, **own(g, group)}
    allowed = own_event_hook(g, offensive, "move_allowed")
    if allowed is not None:
        found = {t: m for t, m in found.items() if allowed(g, group, m)}
    found = {t: m for t, m in found.items() if not m.battle or battle_allowed(g, offensive, m.dest)}
    if requirement_pending(g, offensive):
        meets = events.hook(offensive["card"], "meets")
        meeting = {t: m for t, m in found.items() if meets(g, group, m)}
        found = meeting or found
    if offensive["mode"] != "oc":
        return found, waypoints
    battles = set(contested_hexes(g, offensive["side"]))
    if not battles:
        return found, waypoints
    return {t: m for t, m in found.items() if not m.battle or m.dest in battles}, waypoints


def battle_note(g: Context, hex_id: str) -> Note:
    """What the player is told of fighting the battle at ``hex_id`` next: its preview (8.1)."""
    return Note(None, (), (), previews.battle_preview(g, hex_id))


def enemy_hexes(g: Context, side: str) -> set[str]:
    """Hexes holding the enemy's units, or (for the Allies) a Japanese garrison (12.77, 12.94)."""
    found = set(forces.occupied_hexes(g, enemy(side)))
    return found | set(garrisoned_hexes(g)) if side == "allied" else found


def contested_hexes(g: Context, side: str) -> list[str]:
    """Hexes holding units of both sides: they must be battle hexes (6.24)."""
    theirs = enemy_hexes(g, side)
    return sorted(h for h in forces.occupied_hexes(g, side) if h in theirs)


@RULES.implements("12.1")
def landings_take_control(g: Context, offensive: dict[str, Any]) -> None:
    """12.1: ground units that came by amphibious assault (or barge) and were neither eliminated
    nor forced to retreat take control before post-battle movement. The battle settles its own
    hex; this gives the OP the enemy hexes it landed in without a battle."""
    side = offensive["side"]
    for unit_id, moved in sorted(offensive["moved"].items()):
        here = forces.at(g, unit_id)
        if moved["mode"] not in ("assault", "barge") or not forces.on_map(here):
            continue
        if record(g, unit_id).unit_class != "ground" or here in offensive["battles"]:
            continue
        if moved.get("caught"):
            continue
        if forces.control(g, here) == enemy(side) and here not in enemy_hexes(g, side):
            forces.set_control(g, here, side)


@RULES.implements("6.24", "5.31")
def declarable_hexes(g: Context, offensive: dict[str, Any], required: bool) -> list[str]:
    """The optional battle hexes the player may declare now; while the event's demand for a
    battle somewhere is ``required`` (unmet), only those that meet it: a flyer sent to another
    hex first might leave none for it (stand-in of 6.24). Any set of hexes the player could
    declare is still open to him, the one meeting the demand first."""
    if not room_for_battle(offensive):
        return []
    found = optional_battle_hexes(g, offensive)
    if not required:
        return found
    own = events.hook(offensive["card"], "requirement")
    battles = offensive["battles"]
    return [h for h in found if own is None or own(g, [*battles, h])]


def room_for_battle(offensive: dict[str, Any]) -> bool:
    return offensive["mode"] != "oc" or not offensive["battles"]


RULES.stand_in(
    "6.24",
    "An optional battle hex (only reaction-player units in it) is a battle for the activated "
    "flyers in range: it may be declared only while each optional battle hex can still get a "
    "flyer of its own, and a flyer in range of several battles may not go where that would "
    "leave one without (the seed does not say what a battle with no attacker would be).",
    key="optional_battle_attacker",
)


def optional_battle_hexes(g: Context, offensive: dict[str, Any]) -> list[str]:
    """Hexes with only RP units that an activated OP air unit or carrier can reach (6.24), each
    of them and those declared before with a flyer of its own (``attackers_for_optional``)."""
    side = offensive["side"]
    targets = enemy_hexes(g, side) - set(offensive["battles"])
    reachable: set[str] = set()
    for unit_id in striking_flyers(g, offensive):
        reachable |= set(strike_hexes(g, unit_id)) & targets
    declared = offensive["optional"]
    return sorted(
        h
        for h in reachable
        if battle_allowed(g, offensive, h)
        and attackers_for_optional(g, offensive, [*declared, h], offensive["assigned"])
    )


@RULES.implements("6.24")
def attackers_for_optional(
    g: Context, offensive: dict[str, Any], hexes: list[str], assigned: dict[str, str]
) -> bool:
    """Whether each optional battle hex of ``hexes`` has, or can still get, an activated flyer
    fighting in it (the stand-in above): those ``assigned`` stay where they are; the others,
    but those standing in a battle hex (they fight there), may each cover one hex in range."""
    covered = set(assigned.values())
    needy = [h for h in hexes if h not in covered]
    if not needy:
        return True
    battles = offensive["battles"]
    free = [
        u
        for u in striking_flyers(g, offensive)
        if u not in assigned and forces.at(g, u) not in battles
    ]
    reach = {u: strike_hexes(g, u) for u in free}
    return each_gets_one({h: [u for u in free if h in reach[u]] for h in needy})


def each_gets_one(accepts: dict[str, list[str]]) -> bool:
    """Whether every key can have an item of its own among those it accepts: a matching that
    covers the keys, by augmenting paths (Kuhn). Written here: the graphs are a few hexes and
    flyers, and no graph library is among the game's dependencies (scipy's matching is in the
    map builder's extra only)."""
    owner: dict[str, str] = {}

    def claim(key: str, seen: set[str]) -> bool:
        for item in accepts[key]:
            if item not in seen:
                seen.add(item)
                if item not in owner or claim(owner[item], seen):
                    owner[item] = key
                    return True
        return False

    return all(claim(key, set()) for key in accepts)


def battle_allowed(g: Context, offensive: dict[str, Any], hex_id: str) -> bool:
    """Whether the offensive's event lets it fight in the hex (5.31 D; its ``battle_hex`` hook)."""
    own = own_event_hook(g, offensive, "battle_hex")
    return own is None or bool(own(g, hex_id))


@RULES.implements("7.33", "5.11")
def striking_flyers(g: Context, offensive: dict[str, Any]) -> list[str]:
    """The OP's activated air units and carriers on the map that may fight: not those that
    moved strategically (7.33) or with a parenthetical extended range (5.11)."""
    return [
        u
        for u in offensive["activated"]
        if forces.flies(g, u)
        and forces.on_map(forces.at(g, u))
        and not offensive["moved"].get(u, {}).get("no_fight")
    ]


@RULES.implements("1.3", "8.11")
def strike_hexes(g: Context, unit_id: str) -> frozenset[str]:
    """Hexes a flying unit can join a battle in: its range (or a non-parenthetical extended
    range, at half strength)."""
    return supply.hexes_within(g.static.board, forces.at(g, unit_id), strike_reach(g, unit_id))


def strike_reach(g: Context, unit_id: str) -> int:
    unit = record(g, unit_id)
    if unit.extended_range and not unit.extended_parenthetical:
        return unit.extended_range
    return unit.range or 0


def assign_flyers(g: Context, offensive: dict[str, Any]) -> None:
    """Flyers in a battle hex fight there; a flyer in range of exactly one battle fights in it."""
    for unit_id in striking_flyers(g, offensive):
        here = forces.at(g, unit_id)
        options = flyer_battles(g, unit_id, offensive)
        if here in offensive["battles"]:
            offensive["assigned"][unit_id] = here
        elif len(options) == 1:
            offensive["assigned"][unit_id] = options[0]
        note_extended(g, unit_id, offensive)


@RULES.implements("6.24", "8.2")
def declaration_consequences(
    g: Context, offensive: dict[str, Any], hex_id: str
) -> tuple[Consequence, ...]:
    """What declaring a battle at ``hex_id`` entails: an operations offensive's only battle
    (6.24), and the activated air units that reach it only with their extended range (8.2)."""
    found: list[Consequence] = []
    if offensive["mode"] == "oc":
        found.append(consequence("6.24", "consequence.only_declared"))
    reaching = [u for u in striking_flyers(g, offensive) if hex_id in strike_hexes(g, u)]
    return (*found, *half_strength(g, reaching, hex_id))


@RULES.implements("8.2")
def half_strength(g: Context, units: list[str], hex_id: str) -> tuple[Consequence, ...]:
    """The air units of ``units`` that reach ``hex_id`` only with their extended range fight
    at half strength there (as :func:`note_extended` records it)."""
    halved = [u for u in units if beyond_normal_range(g, u, hex_id)]
    return (consequence("8.2", "consequence.half_strength", units=halved),) if halved else ()


def flyer_battles(g: Context, unit_id: str, offensive: dict[str, Any]) -> list[str]:
    reach = set(strike_hexes(g, unit_id))
    return [h for h in offensive["battles"] if h in reach]


def ambiguous_flyers(g: Context, offensive: dict[str, Any]) -> dict[str, list[str]]:
    return {
        u: flyer_battles(g, u, offensive)
        for u in striking_flyers(g, offensive)
        if u not in offensive["assigned"] and len(flyer_battles(g, u, offensive)) > 1
    }


@RULES.implements("8.2")
def note_extended(g: Context, unit_id: str, offensive: dict[str, Any]) -> None:
    """An air unit reaching its battle only with its extended range fights at half strength."""
    target = offensive["assigned"].get(unit_id)
    if target is not None and beyond_normal_range(g, unit_id, target):
        offensive["extended"].append(unit_id)


@RULES.implements("8.2")
def beyond_normal_range(g: Context, unit_id: str, hex_id: str) -> bool:
    """An air unit (not a carrier) whose normal range falls short of the hex."""
    unit = record(g, unit_id)
    if unit.range is None or forces.is_carrier(g, unit_id):
        return False
    return bool(g.static.board.distance(forces.at(g, unit_id), hex_id) > unit.range)


def intelligence_roll(g: Context, side: str, value: int, reason: str) -> bool:
    """d10, −2 for air reconnaissance; success at or below the value; a natural 9 fails (5.22)."""
    natural = g.roll(D10_ZERO, side, reason)
    modifiers = intelligence_modifiers(g, side)
    drm = sum(m.value for m in modifiers)
    if modifiers:
        itemised = [battle.modifier_message(m) for m in modifiers]
        g.log("log.intelligence", natural=natural, modifiers=itemised, roll=natural + drm)
    return previews.intelligence_result(natural, drm, value)


@RULES.implements("5.22", "5.31")
def intelligence_modifiers(g: Context, side: str) -> tuple[Modifier, ...]:
    """Air reconnaissance (5.22) and what the offensive's event adds (5.31 D)."""
    found = []
    if current(g)["recon"]:
        found.append(Modifier("5.22", "drm.recon", RECON_MODIFIER))
    event = event_intel_drm(g, side)
    if event:
        found.append(Modifier("5.31", "drm.card", event, {"card": current(g)["card"]}))
    return tuple(found)


def event_intel_drm(g: Context, side: str) -> int:
    """What the offensive's event adds to the reaction player's intelligence roll (5.31 D)."""
    offensive = current(g)
    own = events.hook(offensive["card"], "intel_drm") if offensive["mode"] == "ec" else None
    return int(own(g, side)) if own is not None else 0


@RULES.implements("5.31")
def requirement_met(g: Context, offensive: dict[str, Any]) -> bool:
    """An event that requires a battle somewhere is met by the hexes declared. The card could be
    played only while a unit could meet it, such a unit was activated and had to (its ``able``
    and ``meets`` hooks); when no hex the player could still declare would meet it, the
    offensive goes on without (provisional: a flyer's reach was only a bound)."""
    own = events.hook(offensive["card"], "requirement") if offensive["mode"] == "ec" else None
    battles = list(offensive["battles"])
    if own is None or own(g, battles):
        return True
    if not room_for_battle(offensive):
        return True
    return not any(own(g, [*battles, h]) for h in optional_battle_hexes(g, offensive))


@RULES.implements("5.31")
def hqs_for_requirement(g: Context, offensive: dict[str, Any]) -> list[str]:
    """For an event that must fight or land somewhere (its ``able`` hook), the HQs that command
    a unit able to: the offensive uses one of them (empty for any other offensive)."""
    if offensive["mode"] != "ec" or events.hook(offensive["card"], "able") is None:
        return []
    return events.able_hqs(g, offensive["side"], offensive["card"], offensive["supplied"])


@RULES.implements("5.31")
def able_to_activate(g: Context, offensive: dict[str, Any]) -> list[str]:
    """While no activated unit could meet the event's requirement, the candidates that could
    and that the activations left pay for: they are activated first, and the activation may not
    end while there are any (the order is ours: activations are a set)."""
    able = events.hook(offensive["card"], "able") if offensive["mode"] == "ec" else None
    if able is None:
        return []
    oc = offensive["oc"]
    if any(able(g, offensive["card"], u, oc) for u in offensive["activated"]):
        return []
    return [
        u for u in offensive["candidates"]
        if u not in offensive["activated"]
        and activation_cost(g, u, offensive) <= offensive["activations"]
        and rivalry_allows(g, u, offensive) and event_allows(g, u, offensive)
        and able(g, offensive["card"], u, oc)
    ]  # fmt: skip


@RULES.implements("5.31")
def requirement_pending(g: Context, offensive: dict[str, Any]) -> bool:
    """Whether the offensive's event requires a move its units have not made yet (its ``meets``
    hook): a stack that can make one must, before its other moves (the order is ours: the rule
    only asks that the clause be met)."""
    if offensive["mode"] != "ec" or events.hook(offensive["card"], "meets") is None:
        return False
    own = events.hook(offensive["card"], "requirement")
    return own is not None and not own(g, contested_hexes(g, offensive["side"]))


def requirement_movers(g: Context, offensive: dict[str, Any]) -> list[str]:
    """Activated units that have not moved and could still meet the event's requirement: the
    movement may not end while there are any (5.31)."""
    if not requirement_pending(g, offensive):
        return []
    meets = events.hook(offensive["card"], "meets")
    return [
        u for u in offensive["activated"]
        if u not in offensive["moved"] and forces.on_map(forces.at(g, u))
        and any(meets(g, [u], m) for m in legal_moves(g, [u], offensive).values())
    ]  # fmt: skip


RULES.stand_in(
    "5.31",
    "A military event that requires a battle or a landing somewhere may be played only while an "
    "HQ it may use commands a unit that could get there; that HQ is chosen, such a unit is "
    "activated first and meets it before its other moves. If the activated units still cannot "
    "meet it at the declaration (a flyer that cannot strike after all), the offensive goes on "
    "without it.",
    key="requirement_out_of_reach",
)


def special_reaction_value(g: Context, offensive: dict[str, Any]) -> int | None:
    """The value a special reaction roll must not exceed: the card's OC intelligence value
    when its event is a surprise, else the offensive's (6.27)."""
    card = cards.card(g, offensive["card"])
    found: int | None = card.oc_intel if offensive["surprise_card"] else offensive["intel"]
    return found


def special_reaction_hexes(g: Context, offensive: dict[str, Any]) -> list[str]:
    """6.27: an OP ground unit that did not arrive overland ended its move in an empty,
    RP-controlled named location within range of an RP HQ and inside RP air ZOI."""
    rp = enemy(offensive["side"])
    tried = set(offensive.get("tried", []))
    zoi = supply.zoi(g)
    board = g.static.board
    rp_hqs = [u for u in forces.units_on_map(g, rp) if record(g, u).unit_class == "hq"]
    found = []
    for unit_id, moved in offensive["moved"].items():
        hex_id = forces.at(g, unit_id)
        if record(g, unit_id).unit_class != "ground" or moved["mode"] == "move":
            continue
        if hex_id in offensive["battles"] or hex_id in tried or hex_id in found:
            continue
        if not board.named_location(hex_id) or forces.control(g, hex_id) != rp:
            continue
        in_range = any(hex_id in supply.command_range(g, hq) for hq in rp_hqs)
        if in_range and zoi.projected(hex_id, rp) and not forces.units_at(g, hex_id, rp):
            found.append(hex_id)
    return found


def reaction_hqs(g: Context, side: str) -> list[str]:
    """In-supply HQs with at least one battle hex the reaction may go to within their
    (unblockable) range (6.26; under Surprise a special reaction hex, 6.27)."""
    targets = reaction_hexes(current(g))
    return [
        u
        for u in hqs_in_supply(g, side, [])
        if any(h in supply.command_range(g, u) for h in targets)
    ]
