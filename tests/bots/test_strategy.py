"""Empire of the Sun's knowledge for bots (strategy.py): the evaluation follows the victory
conditions and what threatens them, and the move ordering tries promising actions first."""

import pickle
from dataclasses import replace

import pytest

from tests.empire_of_the_sun.driver import act, begin, offered, resume
from tests.empire_of_the_sun.factory import position
from tests.empire_of_the_sun.test_post_battle import KAUAI, MANILA, SEA, offensive
from wargame.engine.action import Action
from wargame.engine.state import Result, State, clone
from wargame.games import REGISTRY
from wargame.games.empire_of_the_sun import offensives, supply
from wargame.games.empire_of_the_sun.cards import deal
from wargame.games.empire_of_the_sun.strategic_warfare import allied_deal, japanese_deal
from wargame.games.empire_of_the_sun.strategy import (
    Strategy,
    deal_ahead,
    in_play,
    overstacking,
    time_left,
)

pytestmark = pytest.mark.game("empire-of-the-sun")
GAME = REGISTRY.game("empire-of-the-sun")
BANGKA, NEXT_TO_BANGKA, TOKYO, GUADALCANAL = "2017", "2018", "3706", "4423"


def start() -> State:
    return GAME.setup("1942", 31)


def japan(state: State) -> float:
    return GAME.evaluate(state, "japan")


def test_the_sides_chances_add_up_to_at_most_one_and_a_finished_game_scores_its_result() -> None:
    # Each side reads the other's threats at their odds (strategy.Weights.threat_against).
    state = start()
    assert 0 < japan(state) < 1
    assert japan(state) + GAME.evaluate(state, "allied") < 1
    over = clone(state)
    over.result = Result("allied", "resources")
    assert (japan(over), GAME.evaluate(over, "allied")) == (0.0, 1.0)


def arriving(state: State, hex_id: str) -> State:
    """``state`` with a Japanese ground unit from the turn track placed in ``hex_id``."""
    placed = clone(state)
    units = placed.data["units"]
    newcomer = next(
        u for u, where in units.items()
        if where.startswith("turn:") and GAME.parts.units[u].side == "japan"
        and GAME.parts.units[u].unit_class == "ground"
    )  # fmt: skip
    units[newcomer] = hex_id
    return placed


def test_taking_a_resource_hex_is_worth_more_than_threatening_it() -> None:
    state = start()
    far, near, taken = (arriving(state, h) for h in (TOKYO, NEXT_TO_BANGKA, BANGKA))
    taken.data["control"][BANGKA] = "japan"
    assert japan(far) < japan(near) < japan(taken)


def test_a_landing_on_an_undefended_objective_counts_as_good_as_taken() -> None:
    # Control changes once the landing is resolved (7.45, 12.1); the evaluation counts it now.
    state = start()
    near, landed = arriving(state, NEXT_TO_BANGKA), arriving(state, BANGKA)
    assert landed.data["control"][BANGKA] == "allied"
    assert japan(near) < japan(landed)


def test_ground_units_beyond_threat_range_count_more_the_nearer_they_march() -> None:
    # Both hexes lie further than THREAT_RADIUS from every objective, nearest to Northern India:
    # the march term alone tells them apart.
    state = start()
    six_away, four_away = arriving(state, "1306"), arriving(state, "1505")
    assert japan(six_away) < japan(four_away)


def test_japan_sated_with_resource_hexes_is_drawn_to_the_schedule_points() -> None:
    # 17.27: 11 resource hexes are needed, one spare is wanted; beyond, points win (T9).
    state = start()
    strategy, g = GAME.strategy, GAME.context(state)
    index = {o.hex_id: n for n, o in enumerate(strategy.objectives)}
    manila, india = index["2813"], index["1905"]
    hungry = strategy.worth(g, "japan")
    taken = [h for h in strategy.resources if state.data["control"][h] != "japan"][:8]
    for hex_id in taken:
        state.data["control"][hex_id] = "japan"
    sated = strategy.worth(GAME.context(state), "japan")
    assert sated[manila] < hungry[manila]
    assert sated[manila] < sated[india] == hungry[india]
    assert sated[index[taken[0]]] == 0.0  # held: nothing left to take


def test_sated_japan_takes_the_road_to_india_through_burma() -> None:
    # T9: Northern India's points are reached overland through Rangoon and Mandalay; once Japan
    # holds its resource hexes (17.27 and a spare) the two draw its units beyond their own worth,
    # in the ordering only: a threat to them counts no more points, and the Allies' worth of
    # them is their own.
    state = start()
    strategy = GAME.strategy
    index = {o.hex_id: n for n, o in enumerate(strategy.objectives)}
    rangoon, mandalay, manila = index["2008"], index["2106"], index["2813"]
    hungry = strategy.worth(GAME.context(state), "japan")
    taken = [h for h in strategy.resources if state.data["control"][h] != "japan"]
    for hex_id in [h for h in taken if h != "2008"][:8]:
        state.data["control"][hex_id] = "japan"
    sated = strategy.worth(GAME.context(state), "japan")
    assert sated[rangoon] > hungry[rangoon] and sated[mandalay] > hungry[mandalay]
    assert sated[rangoon] > sated[manila]
    assert strategy.objectives[rangoon].vp == strategy.objectives[mandalay].vp == 0.25
    state.data["control"]["2008"] = "japan"
    allied = strategy.worth(GAME.context(state), "allied")
    assert allied[rangoon] == strategy.objectives[rangoon].weight


def test_a_stronger_defence_lowers_the_threat_to_an_objective() -> None:
    state = arriving(start(), NEXT_TO_BANGKA)
    defended = clone(state)
    defended.data["units"]["in-1-corps"] = BANGKA
    assert japan(defended) < japan(state)


def cards_out_in_the_last_turn() -> State:
    """The scenario's start moved to its last turn's Offensives phase, with both hands played
    out (in the Strategic phase the turn's deal would still be to come, ``deal_ahead``)."""
    state = start()
    data = state.data
    data["turn"] = data["last_turn"]
    data["phase"] = "offensives"
    for side in ("japan", "allied"):
        data["cards"][side]["hand"] = []
    return state


def test_the_time_left_runs_from_the_whole_scenario_to_none_once_the_last_cards_are_out() -> None:
    # What the temperature falls with (Strategy.temperature): the first turn starts dealt
    # (17.2), the last turn before its deal (4.14) is still a whole turn to play.
    assert time_left(GAME.context(start())) == 1.0
    played_out = cards_out_in_the_last_turn()
    assert time_left(GAME.context(played_out)) == 0.0
    before_the_deal = clone(played_out)
    before_the_deal.data["phase"] = "strategic"
    turns = played_out.data["last_turn"] - played_out.data["first_turn"] + 1
    assert time_left(GAME.context(before_the_deal)) == pytest.approx(1 / turns)


def test_1942_needs_eleven_resource_hexes_at_the_end() -> None:
    state = cards_out_in_the_last_turn()
    data = state.data
    data["tracks"]["political_will"] = 1  # 5 points, the Burma Road 1, the Mandates 1
    data["tracks"]["burma_road"] = "closed"
    data["control"][GUADALCANAL] = "japan"
    resources = [h for h in GAME.strategy.resources if data["control"][h] != "japan"]
    for hex_id in resources[:6]:
        data["control"][hex_id] = "japan"
    eleven = clone(state)  # a state is never changed once evaluated
    eleven.data["control"][resources[6]] = "japan"
    assert japan(state) < 0.5 < japan(eleven)


def test_losing_strength_or_cards_lowers_a_side_chance() -> None:
    state = start()
    weaker, fewer = clone(state), clone(state)
    weaker.data["units"]["jp-korean-army"] = "eliminated"
    fewer.data["cards"]["japan"]["hand"] = fewer.data["cards"]["japan"]["hand"][1:]
    assert japan(weaker) < japan(state)
    assert japan(fewer) < japan(state)


def ordered(state: State, side: str) -> list[str]:
    actions = GAME.legal_actions(state, side)
    return [a.text for a in GAME.order_actions(state, side, actions)]


def to_card_use(state: State) -> State:
    """Japan's first action: its first card picked (the Allies' free naval moves: stay)."""
    while GAME.active(state) != ["japan"]:
        side = GAME.active(state)[0]
        state = GAME.apply(state, side, GAME.legal_actions(state, side)[-1])
    return GAME.apply(state, "japan", GAME.legal_actions(state, "japan")[0])


def to_activation(state: State) -> State:
    """Japan's first card played for an operations offensive, with its first HQ."""
    state = to_card_use(state)
    for verb in ("oc", "offensive", "hq"):
        action = next(a for a in GAME.legal_actions(state, "japan") if a.verb == verb)
        state = GAME.apply(state, "japan", action)
    return state


def test_ordering_leaves_out_going_back_and_keeps_the_rest() -> None:
    state = to_card_use(start())
    listed = [a.text for a in GAME.legal_actions(state, "japan")]
    assert "cancel" in listed
    assert sorted(ordered(state, "japan")) == sorted(set(listed) - {"cancel"})


def test_activation_tries_ground_units_near_enemy_objectives_first_and_done_last() -> None:
    state = to_activation(start())
    order = ordered(state, "japan")
    assert order[-1] == "done"
    first = order[0].split(" ")[1]
    assert GAME.parts.units[first].unit_class == "ground"


def test_points_to_come_count_before_the_political_phase_makes_them_points() -> None:
    # Malaya surrenders once Japan holds Singapore and Kuantan (12.3, 16.41); India goes to
    # Unrest with all of Northern India Japanese (12.62); Lashio Japanese cuts the road (12.76).
    state = start()
    strategy, g = GAME.strategy, GAME.context(state)
    found = strategy.forces(g)
    before = strategy.will_to_lose(g, found), strategy.status_to_come(g)
    for hex_id in ("2015", "2014", "1905", "2005", "2104", "2105", "2205", "2206"):
        state.data["control"][hex_id] = "japan"
    after = strategy.will_to_lose(g, found), strategy.status_to_come(g)
    assert after[0] >= before[0] + 1
    assert after[1] == before[1] + 2


def test_the_game_pickles_after_its_evaluation_ran() -> None:
    # The registry goes to worker processes (fuzz --jobs, tournaments): a cached weak reference
    # to the last state evaluated must not stop it.
    japan(start())
    again = pickle.loads(pickle.dumps(GAME))
    assert again.evaluate(start(), "japan") == pytest.approx(japan(start()))


MIRI, MIRI_GARRISON = "2415", "jp-2-sn-bde"  # Japanese at the start, a Dutch regiment 2 hexes off


def allied_threat_to_resources(state: State) -> float:
    strategy, g = GAME.strategy, GAME.context(state)
    threat = strategy.threats(g, "allied", strategy.forces(g))
    return threat.read(strategy.weights.threat_against)[0]  # as Japan reads it


def test_a_resource_hex_left_open_near_the_enemy_is_far_more_threatened_than_a_garrison() -> None:
    # 12.1: the last side to enter a hex controls it; an open one falls to a move, no battle.
    garrisoned = start()
    assert garrisoned.data["units"][MIRI_GARRISON] == MIRI
    left_open = clone(garrisoned)
    left_open.data["units"][MIRI_GARRISON] = TOKYO
    assert allied_threat_to_resources(garrisoned) < allied_threat_to_resources(left_open) / 2
    assert japan(left_open) < japan(garrisoned)


def test_a_side_reads_the_enemy_threat_to_its_open_objective_at_its_odds() -> None:
    # strategy.Weights.threat_against: threatened open resource hexes fell three times as often
    # as a reading at the threatening side's own weight said, and were left open.
    garrisoned = start()
    left_open = clone(garrisoned)
    left_open.data["units"][MIRI_GARRISON] = TOKYO
    weights = GAME.strategy.weights
    as_own = Strategy(GAME.parts, replace(weights, threat_against=weights.threat))

    def japan_loses(strategy: Strategy) -> float:
        before, after = GAME.context(garrisoned), GAME.context(left_open)
        return strategy.evaluate(before, "japan") - strategy.evaluate(after, "japan")

    assert japan_loses(GAME.strategy) > 1.5 * japan_loses(as_own) > 0


def test_ordering_draws_ground_units_back_to_an_open_objective_the_enemy_threatens() -> None:
    strategy = GAME.strategy
    state = start()
    garrisoned = strategy.guard(GAME.context(state), "japan")
    state.data["units"][MIRI_GARRISON] = TOKYO
    g = GAME.context(state)
    guard, pull = strategy.guard(g, "japan"), strategy.pull(g, "japan")
    assert garrisoned(MIRI) == 0.0 < guard("2414") < guard(MIRI)
    assert guard("3302") < 0.001  # Harbin, Japanese and open, but no enemy within reach

    def score(text: str) -> float:
        return strategy.score(g, "japan", Action(text), pull, guard)

    assert score(f"hex {MIRI}") > score("hex 3302")


def before_the_deal(state: State, turn: int) -> State:
    """``state`` moved to the Strategic phase of ``turn``, both hands back in their decks."""
    earlier = clone(state)
    data = earlier.data
    data["turn"], data["phase"] = turn, "strategic"
    for side in ("japan", "allied"):
        own = data["cards"][side]
        own["deck"], own["hand"] = own["hand"] + own["deck"], []
        data["passes"][side] = 0
    return earlier


def test_the_evaluation_counts_the_turn_deal_before_it_is_made() -> None:
    # 4.14: the Strategic phase ends with the deal (T12); ending the phase must not look better
    # than a replacement only because the hands fill at the deal (strategy.deal_ahead).
    earlier = before_the_deal(start(), 3)
    dealt = clone(earlier)
    g = GAME.context(dealt)
    for side, (count, passes) in {
        "japan": japanese_deal(g), "allied": allied_deal(g)
    }.items():  # fmt: skip
        deal(g, side, count)
        dealt.data["passes"][side] = passes
    dealt.data["phase"] = "offensives"
    strategy = GAME.strategy
    assert deal_ahead(GAME.context(earlier)) and not deal_ahead(GAME.context(dealt))
    assert strategy.temperature(GAME.context(earlier)) == strategy.temperature(g)
    assert japan(earlier) == pytest.approx(japan(dealt))


def test_a_scenario_first_turn_starts_dealt() -> None:
    state = start()
    assert state.data["turn"] == state.data["first_turn"]
    assert not deal_ahead(GAME.context(state))


def test_a_card_picked_counts_as_before_until_its_use_is_done() -> None:
    # A card's effect shows only once its offensive is over (5.1): picking it must neither
    # lower its side's cards nor make the outcome surer (strategy.in_play).
    state = start()
    while GAME.active(state) != ["japan"]:
        side = GAME.active(state)[0]
        state = GAME.apply(state, side, GAME.legal_actions(state, side)[-1])
    picked = to_card_use(state)
    assert picked.data["pending"]["japan"]
    assert japan(picked) == pytest.approx(japan(state))


def test_a_reaction_event_played_counts_until_the_offensive_is_over() -> None:
    # 5.3, 6.25: an intelligence card played against the Allied offensive changes its battles;
    # until they are fought it counts as Japan's, in its cards and in the time left.
    state = start()
    reacted = clone(state)
    hand = reacted.data["cards"]["japan"]["hand"]
    card = hand.pop()
    reacted.data["offensive"] = {"side": "allied", "card": "A1", "reactions": [card]}
    strategy, g, later = GAME.strategy, GAME.context(state), GAME.context(reacted)
    assert card in in_play(later, "japan") and "A1" in in_play(later, "allied")
    assert strategy.hand_value(later, "japan") == strategy.hand_value(g, "japan")
    assert strategy.temperature(later) >= strategy.temperature(g)
    over = clone(reacted)
    over.data["offensive"] = None
    assert strategy.hand_value(GAME.context(over), "japan") < strategy.hand_value(g, "japan")


def to_hq_choice(state: State) -> State:
    """Japan's first card played for an operations offensive, before its HQ is chosen."""
    state = to_card_use(state)
    for verb in ("oc", "offensive"):
        action = next(a for a in GAME.legal_actions(state, "japan") if a.verb == verb)
        state = GAME.apply(state, "japan", action)
    return state


def test_an_hq_is_tried_by_the_units_it_may_activate_not_where_it_stands() -> None:
    # 5.12: an HQ activates units within its range; an HQ with none to activate comes last.
    state = to_hq_choice(start())
    hqs = [a.text for a in GAME.legal_actions(state, "japan") if a.verb == "hq"]
    first = next(text for text in ordered(state, "japan") if text in hqs)
    g = GAME.context(state)
    stripped = clone(state)
    for unit_id in offensives.activation_candidates(g, first.split(" ")[1]):
        stripped.data["units"][unit_id] = "eliminated"
    order = [text for text in ordered(stripped, "japan") if text in hqs]
    assert order[-1] == first


def test_reserves_far_from_every_objective_still_count_the_nearer_they_come() -> None:
    # The Home Islands' armies are 11 hexes from Manila: beyond a single offensive's march, yet
    # worth bringing to the front (strategy.MARCH_RADIUS).
    state = start()
    nearer = clone(state)
    assert state.data["units"]["jp-18-army"] == TOKYO
    nearer.data["units"]["jp-18-army"] = "3407"  # Kure: 9 hexes from the nearest objective
    board = GAME.parts.board
    assert board.distance(TOKYO, "2813") == 11 and board.distance("3407", "2813") == 9
    g, later = GAME.context(state), GAME.context(nearer)
    strategy = GAME.strategy
    assert strategy.march(later, "japan", strategy.forces(later)) > strategy.march(
        g, "japan", strategy.forces(g)
    )


def test_a_future_offensive_card_set_aside_in_the_last_turn_is_worth_nothing() -> None:
    # 6.29: the Future Offensive card is played from the next turn on; after the last there
    # is none.
    state = start()
    last = clone(state)
    last.data["turn"] = last.data["last_turn"]
    own = last.data["cards"]["japan"]
    aside = clone(last)
    card = aside.data["cards"]["japan"]["hand"].pop()
    aside.data["cards"]["japan"]["future"] = card
    aside.data["cards"]["japan"]["future_turn"] = last.data["turn"]
    earlier = clone(aside)
    earlier.data["cards"]["japan"]["future_turn"] = last.data["turn"] - 1
    value = GAME.strategy.hand_value
    assert own["hand"] and own["future"] is None
    assert value(GAME.context(aside), "japan") < value(GAME.context(last), "japan")
    assert value(GAME.context(earlier), "japan") == value(GAME.context(last), "japan")


def test_a_second_reaction_event_against_one_offensive_is_a_card_spent() -> None:
    # 5.32 A: one intelligence card sets the battles' condition; a second does not add to it.
    state = start()
    one, two = clone(state), clone(state)
    for reacted, count in ((one, 1), (two, 2)):
        hand = reacted.data["cards"]["japan"]["hand"]
        played = [hand.pop() for _ in range(count)]
        reacted.data["offensive"] = {"side": "allied", "card": "A1", "reactions": played}
    value = GAME.strategy.hand_value
    assert value(GAME.context(one), "japan") == value(GAME.context(state), "japan")
    assert value(GAME.context(two), "japan") < value(GAME.context(one), "japan")


def japanese_threat(state: State) -> tuple[float, float]:
    strategy, g = GAME.strategy, GAME.context(state)
    return strategy.threats(g, "japan", strategy.forces(g)).read(strategy.weights.threat)


def test_a_landing_backed_by_carriers_in_its_hex_is_likelier_to_take_it() -> None:
    # The air and naval units of a battle hex fight beside the ground units that landed (7.45,
    # 12.1): strategy.SUPPORT_SHARE's reason, the landings that went in unescorted.
    defended = start()
    defended.data["units"]["au-2-corps"] = BANGKA
    landed = arriving(defended, BANGKA)
    backed = clone(landed)
    backed.data["units"]["jp-cv-akagi"] = BANGKA
    assert japanese_threat(landed)[0] < japanese_threat(backed)[0]
    assert japan(landed) < japan(backed)


def test_carriers_near_a_threatened_objective_back_the_threat_but_take_nothing_alone() -> None:
    # 12.1: only ground units take a hex; air and naval units within 2 hexes (their ZOI, 7.35)
    # make the ground units' attack likelier to succeed.
    alone = start()
    covered, unbacked = clone(alone), clone(alone)
    for state in (covered, unbacked):
        state.data["units"]["jp-cv-akagi"] = NEXT_TO_BANGKA
    threatened = arriving(alone, NEXT_TO_BANGKA)
    covered = arriving(covered, NEXT_TO_BANGKA)
    assert japanese_threat(threatened)[0] < japanese_threat(covered)[0]
    # Alone it may only open the way to landings from afar (its ZOI neutralises, 7.45 B).
    assert japanese_threat(unbacked)[0] < japanese_threat(covered)[0]


def test_carriers_leaving_the_home_islands_for_the_front_count_as_progress() -> None:
    # strategy.SUPPORT_MARCH: in lost games Japan's three carriers never left Tokyo.
    state = start()
    assert state.data["units"]["jp-cv-akagi"] == TOKYO
    forward = clone(state)
    forward.data["units"]["jp-cv-akagi"] = "3407"  # Kure, two hexes nearer to Manila
    strategy = GAME.strategy
    g, later = GAME.context(state), GAME.context(forward)
    assert strategy.march(g, "japan", strategy.forces(g)) < strategy.march(
        later, "japan", strategy.forces(later)
    )


def test_a_march_counts_nothing_once_no_card_is_left_to_carry_it_out() -> None:
    # The last turn with empty hands: no offensive is left (6.1), so units on their way to an
    # objective take nothing more (strategy.time_to_act).
    state = cards_out_in_the_last_turn()
    strategy, g = GAME.strategy, GAME.context(state)
    assert strategy.march(g, "japan", strategy.forces(g)) == 0.0


def test_home_islands_reserves_are_ordered_by_the_objectives_within_their_reach() -> None:
    # strategy.RESERVE_SHARE: the Combined Fleet's HQ activated only front units in lost games.
    strategy = GAME.strategy
    state = start()
    g = GAME.context(state)
    pull, guard = strategy.pull(g, "japan"), strategy.guard(g, "japan")
    reach = strategy.reach(g, "japan")
    for unit_id in ("jp-ed-army", "jp-cv-akagi"):
        assert state.data["units"][unit_id] == TOKYO
        alone = strategy.unit_score(g, unit_id, pull, guard)
        assert strategy.unit_score(g, unit_id, pull, guard, reach=reach) > 3 * alone
    at_front = clone(state)
    at_front.data["units"]["jp-ed-army"] = NEXT_TO_BANGKA
    front = GAME.context(at_front)
    front_pull = strategy.pull(front, "japan")
    there = strategy.unit_score(
        front, "jp-ed-army", front_pull, guard, reach=strategy.reach(front, "japan")
    )
    assert there > strategy.unit_score(g, "jp-ed-army", pull, guard, reach=reach)


def test_ships_left_at_sea_after_the_battles_count_as_lost() -> None:
    # 7.21: after post-battle movement a naval unit of the offensive away from a friendly port
    # is eliminated; until the battles are over it may stand at sea.
    state = start()
    state.data["units"]["jp-cv-akagi"] = "2713"  # a sea hex off Luzon
    state.data["offensive"] = {"side": "japan", "card": "J46", "activated": ["jp-cv-akagi"]}
    state.data["offensive"]["reaction"] = None
    moving, after, home = clone(state), clone(state), clone(state)
    for each in (after, home):
        each.data["offensive"]["post_moved"] = []
    home.data["units"]["jp-cv-akagi"] = "3407"  # Kure, a Japanese port
    strength = {
        name: GAME.strategy.forces(GAME.context(each)).strength["japan"]
        for name, each in (("moving", moving), ("after", after), ("home", home))
    }
    assert strength["after"] < strength["moving"] == strength["home"]
    assert japan(after) < japan(home)


def test_an_objective_left_open_fears_a_landing_from_beyond_threat_range() -> None:
    # 7.45: an amphibious assault goes coastal hex to coastal hex up to the naval allowance;
    # an open objective falls to whoever enters it (12.1). strategy.LANDING_RADIUS.
    board, records = GAME.parts.board, GAME.parts.units
    garrisoned = start()
    units = garrisoned.data["units"]
    for unit_id, where in units.items():  # only the corps below is left to threaten Miri
        if records[unit_id].side == "allied" and records[unit_id].unit_class == "ground":
            units[unit_id] = "eliminated" if where[:1].isdigit() else where
    units["au-1-corps"] = "2812"  # a coast 5 hexes from Miri
    assert board.distance("2812", MIRI) == 5 and GAME.parts.units["au-1-corps"].amphibious
    left_open, far_off = clone(garrisoned), clone(garrisoned)
    for each in (left_open, far_off):
        each.data["units"][MIRI_GARRISON] = TOKYO
    far_off.data["units"]["au-1-corps"] = "2909"  # 8 hexes off: beyond LANDING_RADIUS
    assert board.distance("2909", MIRI) == 8
    assert allied_threat_to_resources(far_off) < allied_threat_to_resources(left_open)
    assert allied_threat_to_resources(garrisoned) < allied_threat_to_resources(left_open)
    assert japan(left_open) < japan(garrisoned)


def test_air_cover_over_an_open_objective_stops_the_landings_it_feared() -> None:
    # 7.45 B: no amphibious assault enters an un-neutralised enemy ZOI; an air unit projects
    # one 2 hexes around it (7.35).
    records = GAME.parts.units
    left_open = start()
    units = left_open.data["units"]
    for unit_id, where in units.items():
        if records[unit_id].side == "allied" and records[unit_id].unit_class in ("ground", "air"):
            units[unit_id] = "eliminated" if where[:1].isdigit() else where
    units["au-1-corps"] = "2812"
    units[MIRI_GARRISON] = TOKYO
    covered = clone(left_open)
    covered.data["units"]["jp-22-af"] = MIRI
    g = GAME.context(covered)
    assert GAME.strategy.forces(g) and supply.supply(g).zoi.blocks(MIRI, "allied")
    assert allied_threat_to_resources(covered) == 0.0 < allied_threat_to_resources(left_open)


@pytest.mark.rule("7.21", "8.6")
@pytest.mark.parametrize(("side", "ship", "port"), [("allied", "us-ca-new-orleans", True),
                                                    ("japan", "jp-ca-takao", False)])  # fmt: skip
def test_the_ordering_never_leaves_a_ship_at_sea_after_the_battles_when_a_port_is_in_reach(
    side, ship, port
):
    """A cruiser of the offensive ends its battles on open ocean next to Kauai. With Oahu (an
    Allied port) in reach, neither "done" (it would stay) nor "stay" is worth a bot's while;
    with no port of its side in reach "stay" is all there is, and it is kept."""

    def ordered(g) -> list[str]:
        actions = [Action(text) for text in offered(g)]
        return [a.text for a in GAME.strategy.order(g, side, actions)]

    g = position(units={ship: SEA})
    offensive(g, side, activated=[ship])
    begin(g, "post_battle", side=side)
    act(g, "done")  # the other side has nothing to move
    assert "done" in offered(g) and "done" not in ordered(g)
    act(g, f"unit {ship}")
    assert "stay" in offered(g) and (len(offered(g)) > 1) is port
    assert ("stay" not in ordered(g)) is port


def test_a_unit_moved_into_a_full_hex_counts_as_lost_with_the_weakest_aircraft_there() -> None:
    # Tokyo holds three Japanese air and ground units (7.34: no more at the end of a card play).
    state = start()
    crowded, spread = arriving(state, TOKYO), arriving(state, "3705")
    lost = overstacking(GAME.context(crowded))
    assert lost == {"jp-1-ad"}  # the air division, taken off before any ground unit
    assert not overstacking(GAME.context(spread))
    strength = GAME.strategy.forces(GAME.context(crowded)).strength["japan"]
    assert strength < GAME.strategy.forces(GAME.context(spread)).strength["japan"]


@pytest.mark.rule("7.34", "8.6")
def test_before_its_battle_a_full_hex_counts_only_the_units_that_cannot_leave_it() -> None:
    """Japan's offensive lands on Kauai, held by a US division, with two activated aircraft and
    two armies: the aircraft may fly off after the battle (8.6), so nothing counts as lost yet.
    Ground units and an air division that was there unactivated stay, and what they hold over
    the three the hex may keep at the end of the card play is lost (7.34): aircraft first."""

    def lost(japanese: list[str], activated: list[str]) -> set[str]:
        g = position(units={"us-1mar-div": KAUAI, **dict.fromkeys(japanese, KAUAI)})
        offensive(g, "japan", activated=activated)
        return overstacking(g)

    air, ground = ["jp-1-ad", "jp-2-ad"], ["jp-2-army", "jp-14-army", "jp-15-army", "jp-1-sn-bde"]
    assert lost(air + ground[:2], air + ground[:2]) == set()
    assert lost(air[:1] + ground, air[:1] + ground) == {"jp-1-sn-bde"}  # the weakest ground unit
    assert lost(air + ground[:2], air[1:] + ground[:2]) == set()
    assert lost(air + ground[:3], air[1:] + ground[:3]) == {"jp-1-ad"}


@pytest.mark.rule("7.34")
def test_a_full_hex_loses_a_unit_that_lowers_its_count_not_half_of_a_pair() -> None:
    """Oahu holds the 7th AF and its LRB (counting once), two ground units and the 1st MAW:
    four, one too many. The LRB is the weakest aircraft, but taking it off alone leaves four;
    the 1st MAW is the one unit the owner need lose."""
    oahu = ["us-7af", "us-7af-lrb", "us-x-corps", "us-1mar-div", "us-1maw"]
    assert overstacking(position(units=dict.fromkeys(oahu, "5808"))) == {"us-1maw"}


@pytest.mark.rule("6.25", "6.26")
def test_the_ordering_never_declines_an_intelligence_roll_it_could_make() -> None:
    """The Allies may roll against Japanese #10 played for its operations: declining would
    keep Surprise for nothing (a failed roll keeps it too), so the ordering leaves it out.
    Against #3 as an event, which specifies Surprise, declining is all there is, and stays."""

    def ordered(g) -> list[str]:
        actions = [Action(text) for text in offered(g)]
        return [a.text for a in GAME.strategy.order(g, "allied", actions)]

    units = {"jp-ca-takao": MANILA, "us-r-corps": MANILA}
    g = position(units=units, empire=True)
    resume(g, "intelligence", "japan", "J10", battles=[MANILA])
    assert offered(g) == ["roll", "decline"] and ordered(g) == ["roll"]
    g = position(units=units, empire=True)
    resume(g, "intelligence", "japan", "J3", mode="ec", battles=[MANILA])
    assert offered(g) == ordered(g) == ["decline"]
