"""Positions the Asia Engulfed tests start from."""

import copy

from wargame.engine import tables
from wargame.engine.action import Action
from wargame.games.asia_engulfed import GAME
from wargame.games.asia_engulfed.control import GARRISON
from wargame.games.asia_engulfed.supply_phases import empty_records

END = Action.parse("end")


JAN1942_NETWORK = (  # 12 transport points: every Japanese unit of Jan 1942 in supply
    "east_china_sea", "south_china_sea", "philippine_sea", "south_philippine_sea",
    "caroline_islands", "marshall_islands",
)  # fmt: skip


def at_operational_movement(scenario="jan1942", seed=7, network=JAN1942_NETWORK):
    """The scenario's first turn at Japan's operational movement (no fleet sailed; Japan's
    supply network placed in ``network``'s sea areas, in order), as a state nothing was asked
    of yet, so that a test may change its data before asking. Every unit is in full supply: a
    test marks what it needs (:func:`mark_supply`)."""
    state = GAME.apply(GAME.setup(scenario, seed), "japan", END)
    assert state.data["phase"] == "first_supply"
    for sea in network:
        state = GAME.apply(state, "japan", Action.of("network", sea))
    state = GAME.apply(state, "japan", END)
    state = pass_to(state, "japan", "operational_movement")  # no purchase, no strike (8.7)
    in_full_supply(state.data)
    return copy.deepcopy(state)


def play(state, side, *texts):
    """``state`` after ``side`` takes each action of ``texts`` in turn; ``end`` in a production
    phase, where each power says ``done`` instead, passes it (:func:`through_production`); an
    operational move (``move jp-1a honan``) and the naval move that opens a sea area (``sail
    jp-bb-a coral_sea``) pick their unit first (``move jp-1a``) where the unit may be picked."""
    for text in texts:
        action = Action.parse(text)
        if text == "end" and state.data["phase"] == "production":
            state = through_production(state, side)
            continue
        pick = _pick_for(state, side, action)
        if pick is not None:
            state = GAME.apply(state, side, pick)
        state = GAME.apply(state, side, action)
    return state


def offered(state, side, verb):
    """The legal actions of ``side`` with ``verb``, as sorted texts; while an operational move's
    unit (or the unit that opens a sea area) is to be picked, the moves with ``verb`` of every
    unit that may be."""
    legal = GAME.legal_actions(state, side)
    if verb in _moves_picked(state):
        picks = [a for a in legal if a.verb in PICKS and len(a.args) == 1]
        legal = [a for pick in picks for a in GAME.legal_actions(picked(state, side, pick), side)]
    return sorted(str(a) for a in legal if a.verb == verb)


OPERATIONS = frozenset({"move", "fly", "land", "invade", "drop"})  # operational moves
NAVAL_MOVES = frozenset({"sail", "embark"})  # the moves that open a sea area
PICKS = frozenset({"move", "fly", "sail", "embark"})  # the verbs that pick a unit for one


def picking_a_unit(state):
    """Whether the decision now is the operational movement's choice of a unit to move."""
    frame = state.stack[-1] if state.stack else None
    return frame is not None and (frame.name, frame.step) == ("operational_movement", "start")


def opening_a_sea_area(state):
    """Whether the decision now is naval movement's choice of a unit to open a sea area."""
    frame = state.stack[-1] if state.stack else None
    at_sail = frame is not None and (frame.name, frame.step) == ("naval_movement", "sail")
    return at_sail and state.data["naval"]["target"] is None


def _moves_picked(state):
    """The verbs of the moves whose unit is to be picked first now."""
    if picking_a_unit(state):
        return OPERATIONS
    return NAVAL_MOVES if opening_a_sea_area(state) else frozenset()


def _pick_for(state, side, action):
    """The action that picks the unit of the move ``action``, if it is offered."""
    if action.verb not in _moves_picked(state) or len(action.args) != 2:
        return None
    picks = (a for a in GAME.legal_actions(state, side) if a.verb in PICKS)
    return next((a for a in picks if list(a.args) == [action.args[0]]), None)


def picked(state, side, pick):
    """``state`` after ``side`` picked a unit to move (the action ``pick``)."""
    return GAME.apply(state, side, pick)


def operational_destinations(state, side, unit_id):
    """Where ``unit_id`` may go in operational movement now: a unit is picked first, then its
    destination (none if it may not be picked)."""
    pick = _pick_for(state, side, Action.of("move", unit_id, "anywhere"))
    if pick is None:
        return []
    after = picked(state, side, pick)
    return sorted(a.args[1] for a in GAME.legal_actions(after, side) if a.verb in OPERATIONS)


def in_full_supply(data):
    """Forget every supply status the supply phases recorded."""
    for unit in data["units"].values():
        unit["hidden"].pop("supply", None)
        unit["hidden"].pop("oos_moved", None)
    for counter in data["counters"].values():
        counter.pop("supply", None)
        counter.pop("oos_moved", None)
    data["supply"] = empty_records()["supply"]


def mark_supply(data, piece, status, where=None):
    """Record ``status`` for ``piece`` as a first supply phase would (a block, an LBA, or
    ``garrison:<power>`` standing in ``where``)."""
    if piece.startswith(GARRISON):
        side = "japan" if piece == GARRISON + "japan" else "allies"
        data["supply"][side]["garrisons"][where] = status
    elif piece in data["units"]:
        data["units"][piece]["hidden"]["supply"] = status
    else:
        data["counters"][piece]["supply"] = status


def through_production(state, side):
    """Past ``side``'s production phase (1.13), each of its powers buying nothing."""
    while state.data["phase"] == "production" and GAME.active(state) == [side]:
        state = GAME.apply(state, side, Action.parse("done"))
    return state


def pass_phase(state, side):
    """``side`` ends the phase it is in: ``end``, or ``done`` for each power in production."""
    if state.data["phase"] == "production":
        return GAME.apply(state, side, Action.parse("done"))
    return GAME.apply(state, side, Action.parse("end"))


def pass_to(state, side, phase):
    """``side`` passes each phase until ``phase`` (:func:`pass_phase`)."""
    while state.data["phase"] != phase:
        state = pass_phase(state, side)
    return state


def fix_dice(monkeypatch, module):
    """Make ``module``'s volleys roll the faces given to the returned function, in order, then
    1s: ``dice = fix_dice(monkeypatch, ground_combat); dice(6, 6, 1)``."""
    faces = []

    def rolled(groups, thresholds, roll):
        return tables.roll_volley(groups, thresholds, lambda die: faces.pop(0) if faces else 1)

    monkeypatch.setattr(module, "roll_volley", rolled)
    return lambda *shown: faces.extend(shown)


def strategic_destinations(state, side, unit_id):
    """Where ``unit_id`` may strat-move now: a unit is chosen first, then its destination."""
    offered = {a.text for a in GAME.legal_actions(state, side)}
    if f"strategic {unit_id}" not in offered:
        return []
    picked = play(state, side, f"strategic {unit_id}")
    return sorted(a.args[1] for a in GAME.legal_actions(picked, side) if a.verb == "strategic")
