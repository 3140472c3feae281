"""Hidden units (engine/fog.py): reveals and their ends, each viewer's picture, the secrets the
fuzzer checks, and the sampler that draws the blanks back for determinize."""

import pickle
import re
from collections import Counter

import pytest

from tests.engine.fog_game import CATALOGUE, DEAD, SIDES, FogGame, Play, fill_steps
from tests.test_fuzz import failures, run_fuzz
from wargame.bots.ismcts import Budget, Search
from wargame.engine import fog
from wargame.engine.action import Action
from wargame.engine.contract import Secrets
from wargame.engine.errors import GameBug
from wargame.engine.fog import (
    EVER,
    UNTIL_MOVED,
    Candidate,
    audience,
    conceal,
    expire,
    fog_secrets,
    fog_view,
    move,
    new_unit,
    reveal,
    sample,
    sees,
)
from wargame.engine.rng import Rng
from wargame.engine.state import clone
from wargame.fuzz import FuzzFailure, check_secrets

ARMY = {"kind": "army"}


def two_armies(red_steps=(3, 1)):
    """Red's r1 and r2 in area b, their steps as given; Blue's b1 in a."""
    return {
        "r1": new_unit("red", "b", ARMY, {"type": "infantry", "steps": red_steps[0]}),
        "r2": new_unit("red", "b", ARMY, {"type": "tanks", "steps": red_steps[1]}),
        "b1": new_unit("blue", "a", ARMY, {"type": "infantry", "steps": 2}),
    }


# -- reveals ---------------------------------------------------------------------------------


def test_a_unit_is_seen_by_its_owner_only_until_revealed():
    units = two_armies()
    blue = fog_view(units, "blue", SIDES)
    assert [u["id"] for u in blue["units"]] == ["b1"]
    assert [b["blank"] for b in blue["blanks"]] == ["?red.b.1", "?red.b.2"]
    reveal(units, ["r1"], ["blue"], "battle:b")
    assert [u["id"] for u in fog_view(units, "blue", SIDES)["units"]] == ["b1", "r1"]


def test_a_battles_reveal_ends_with_it_or_lasts_until_the_unit_moves():
    units = two_armies()
    reveal(units, ["r1", "r2"], SIDES, "battle:b")
    expire(units, "battle:b")
    assert units["r1"]["seen"] == {} and units["r2"]["seen"] == {}
    reveal(units, ["r1", "r2"], SIDES, "battle:b")
    expire(units, "battle:b", becomes=UNTIL_MOVED)
    move(units, "r1", "c")
    move(units, "r2", "a", openly=True)
    assert units["r1"]["seen"] == {} and units["r2"]["seen"] == {"blue": UNTIL_MOVED}


def test_a_permanent_reveal_outlasts_moves_secret_changes_and_later_reveals():
    units = two_armies()
    reveal(units, ["r1"], ["blue"], EVER)
    reveal(units, ["r1"], ["blue"], "battle:b")
    expire(units, "battle:b")
    move(units, "r1", "c")
    conceal(units, "r1")
    assert units["r1"]["seen"] == {"blue": EVER}


def test_a_secret_change_ends_what_the_other_side_saw():
    units = two_armies()
    reveal(units, ["r1"], ["blue"], UNTIL_MOVED)
    conceal(units, "r1")
    assert fog_view(units, "blue", SIDES)["units"][0]["id"] == "b1"
    assert len(fog_view(units, "blue", SIDES)["blanks"]) == 2


def test_the_owner_is_never_listed_among_those_a_unit_is_revealed_to():
    units = two_armies()
    reveal(units, ["r1"], SIDES, "battle:b")
    assert units["r1"]["seen"] == {"blue": "battle:b"}


def test_a_spectator_sees_a_unit_only_once_every_side_does():
    units = two_armies()
    assert fog_view(units, None, SIDES)["units"] == []
    reveal(units, ["r1"], ["blue"], UNTIL_MOVED)
    assert [u["id"] for u in fog_view(units, None, SIDES)["units"]] == ["r1"]


def test_a_log_line_naming_a_unit_goes_to_those_who_see_it():
    units = two_armies()
    assert audience(units["r1"], SIDES) == ["red"]
    reveal(units, ["r1"], ["blue"], "battle:b")
    assert audience(units["r1"], SIDES) == ["red", "blue"]


def test_the_fogs_secrets_add_to_a_games_others():
    hands = Secrets(owned={"red": {"c1"}}, hidden={"c2"}, orders={"deck": ["c2", "c3"]})
    both = hands.add(fog_secrets(two_armies(), SIDES))
    assert both.owned == {"red": {"c1"}} and both.orders == {"deck": ["c2", "c3"]}
    assert ("r1", "b") in both.withheld["blue"] and both.hidden == {"c2"}


def test_with_three_sides_a_unit_shown_to_one_enemy_stays_hidden_from_the_other():
    sides = ("red", "blue", "green")
    units = two_armies()
    reveal(units, ["r1"], ["blue"], "battle:b")
    assert [u["id"] for u in fog_view(units, "blue", sides)["units"]] == ["b1", "r1"]
    green = fog_view(units, "green", sides)
    assert [b["seen"] for b in green["blanks"]] == [{}, {}, {"blue": "battle:b"}]
    withheld = fog_secrets(units, sides).withheld
    assert ("r1", "b") in withheld["green"] and ("r1", "b") not in withheld["blue"]
    assert ("r1", "b") in withheld[None]
    drawn = sample(green, CATALOGUE, Rng(3), fill_steps)
    red_seen = [u["seen"] for u in drawn.values() if u["owner"] == "red"]
    assert sorted(red_seen, key=len) == [{}, {"blue": "battle:b"}]


def test_a_permanent_reveal_cannot_be_ended():
    with pytest.raises(GameBug, match="never ends"):
        expire(two_armies(), EVER)


def test_an_unknown_unit_is_a_game_bug():
    with pytest.raises(GameBug, match="no fogged unit 'r9'"):
        reveal(two_armies(), ["r9"], ["blue"], EVER)


# -- the pictures --------------------------------------------------------------------------


def test_blanks_show_where_whose_and_the_public_part_only():
    blank = fog_view(two_armies(), "blue", SIDES)["blanks"][0]
    assert blank == {"blank": "?red.b.1", "owner": "red", "where": "b", "public": ARMY, "seen": {}}


def test_positions_differing_only_in_hidden_parts_look_the_same():
    swapped = two_armies(red_steps=(1, 3))
    swapped["r1"]["hidden"]["type"], swapped["r2"]["hidden"]["type"] = "tanks", "infantry"
    for viewer in ["blue", None]:
        assert fog_view(two_armies(), viewer, SIDES) == fog_view(swapped, viewer, SIDES)
    assert fog_view(two_armies(), "red", SIDES) != fog_view(swapped, "red", SIDES)


# -- secrets -------------------------------------------------------------------------------


def test_the_secrets_are_withheld_from_those_who_do_not_see_the_unit():
    withheld = fog_secrets(two_armies(), SIDES).withheld
    assert {("r1", "b"), ("r1", "3"), ("r1", "infantry"), ("?red.b.1", "r2")} <= withheld["blue"]
    assert ("?red.b.2", "3") in withheld["blue"] and ("?red.b.1", "b") not in withheld["blue"]
    assert not any(thing.startswith(("r", "?red")) for thing, _ in withheld["red"])
    assert withheld[None] >= {("r1", "b"), ("b1", "a")}
    unnamed = fog_secrets(two_armies(), SIDES).unnamed
    assert {"r1", "r2"} <= unnamed["blue"] and not {"r1", "r2"} & unnamed["red"]


def test_an_unseen_units_id_alone_is_caught():
    """An id names what a unit is (``us-cv-a``): shown alone, in a list of movers, it leaks."""
    game = FogGame()
    state = game.setup("standard", 2**70)
    state.data["units"] = two_armies()
    views = {None: {}, "red": {"reacted": ["r1"]}, "blue": {}}
    check_secrets(game, state, views)  # red sees its own units
    views["blue"] = {"reacted": ["r1"]}
    with pytest.raises(FuzzFailure, match="blue can see the id of the unseen r1"):
        check_secrets(game, state, views)


@pytest.mark.parametrize(
    "leak",
    [
        {"where": {"r1": "b"}},
        {"units": [{"id": "r2", "steps": 1}]},
        {"blanks": [{"blank": "?red.b.1", "type": "tanks"}]},
    ],
    ids=["id-at-its-place", "id-with-its-steps", "blank-with-a-type"],
)
def test_a_view_naming_what_the_fog_hides_is_caught(leak):
    game = FogGame()
    state = game.setup("standard", 2**70)
    state.data["units"] = two_armies()
    views = {None: {}, "red": dict(leak), "blue": {}}
    check_secrets(game, state, views)  # red sees its own units
    views["blue"] = dict(leak)
    with pytest.raises(FuzzFailure, match="blue can see the hidden"):
        check_secrets(game, state, views)


# -- the sampler ---------------------------------------------------------------------------


def positions(seeds=range(6), moves=8):
    """Positions of the fog game after random moves, battles among them."""
    game = FogGame()
    found = []
    for seed in seeds:
        state = game.setup("standard", 2**80 + seed)
        rng = Rng(seed)
        for _ in range(moves):
            active = game.active(state)
            if not active:
                break
            state = game.apply(state, active[0], rng.choice(game.legal_actions(state, active[0])))
            found.append(state)
    return game, found


def test_the_sampled_state_always_shows_each_side_what_the_true_one_does():
    game, states = positions()
    revealed = 0
    for state in states:
        for side in SIDES:
            view = game.view(state, side, log=False)
            revealed += sum(u["owner"] != side for u in view["board"]["units"])
            for seed in range(5):
                sampled = game.determinize(view, side, Rng(seed))
                assert game.view(sampled, side, log=False) == view
                assert game.check(sampled) == []
    assert revealed > 0  # some positions held units revealed to the other side


def swapped_identities(state, viewer):
    """``state`` with two units ``viewer`` does not see, of one owner and public part, trading
    places (apart if it can), so that each stands where the other did with its own id and hidden
    part; None if it has no such two."""
    units = state.data["units"]
    blank = sorted(i for i, u in units.items() if not sees(u, viewer, SIDES))
    pairs = [
        (one, two)
        for one in blank
        for two in blank
        if one < two
        and units[one]["owner"] == units[two]["owner"]
        and units[one]["public"] == units[two]["public"]
    ]
    if not pairs:
        return None
    one, two = min(pairs, key=lambda pair: units[pair[0]]["where"] == units[pair[1]]["where"])
    new = clone(state)
    for unit_id, other_id in ((one, two), (two, one)):
        place = {"where": units[other_id]["where"], "seen": dict(units[other_id]["seen"])}
        new.data["units"][unit_id] = units[unit_id] | place
    return new


def test_positions_differing_in_hidden_identities_give_the_same_view_and_draws():
    game, states = positions()
    compared = 0
    for state in states:
        for side in SIDES:
            other = swapped_identities(state, side)
            if other is None:
                continue
            views = [game.view(each, side, log=False) for each in (state, other)]
            assert views[0] == views[1]
            draws = [game.determinize(view, side, Rng(7)).data for view in views]
            assert draws[0] == draws[1]
            compared += other.data["units"] != state.data["units"]
    assert compared > 10


def test_the_search_bot_plays_alike_whatever_the_blanks_hide():
    game, states = positions(seeds=range(3), moves=5)
    chosen = 0
    for state in states:
        side = game.active(state)[0]
        other = swapped_identities(state, side)
        if other is None:
            continue
        views = [game.view(each, side) for each in (state, other)]
        assert views[0] == views[1]
        choices = [Search(game, side, 3, Budget(iterations=12, worlds=3)).choose(views[0])]
        choices.append(Search(game, side, 3, Budget(iterations=12, worlds=3)).choose(views[1]))
        assert choices[0] == choices[1] and choices[0] in views[0]["actions"]
        chosen += 1
    assert chosen > 3


def test_a_revealed_unit_that_has_not_moved_is_sampled_as_itself():
    units = two_armies()
    reveal(units, ["r2"], ["blue"], UNTIL_MOVED)
    shown = fog_view(units, "blue", SIDES)
    for seed in range(20):
        drawn = sample(shown, CATALOGUE, Rng(seed), fill_steps)
        assert drawn["r2"] == units["r2"]
        assert drawn["r1"]["hidden"]["type"] == "infantry"  # the only army of red's left


def test_positions_a_side_cannot_tell_apart_give_it_the_same_draws():
    swapped = two_armies(red_steps=(1, 3))
    swapped["r1"]["hidden"]["type"], swapped["r2"]["hidden"]["type"] = "tanks", "infantry"
    for seed in range(30):
        draws = [
            sample(fog_view(units, "blue", SIDES), CATALOGUE, Rng(seed), fill_steps)
            for units in (two_armies(), swapped)
        ]
        assert draws[0] == draws[1]


def test_every_candidate_that_fits_a_blank_is_drawn_for_it_and_only_those():
    units = two_armies()
    shown = fog_view(units, "blue", SIDES)
    drawn = Counter()
    for seed in range(200):
        for unit_id, unit in sample(shown, CATALOGUE, Rng(seed), fill_steps).items():
            drawn[unit_id, unit["where"], unit["hidden"]["steps"]] += 1
    assert {key[:2] for key in drawn} == {("r1", "b"), ("r2", "b"), ("b1", "a")}
    assert {steps for (unit_id, _, steps) in drawn if unit_id == "r1"} == {1, 2, 3}
    assert {steps for (unit_id, _, steps) in drawn if unit_id == "r2"} == {1, 2}


def test_a_blank_no_candidate_fits_is_a_game_bug():
    units = two_armies()
    units["r3"] = new_unit("red", "c", {"kind": "fleet"}, {"type": "cruiser", "steps": 1})
    shown = fog_view(units, "blue", SIDES)
    armies_only = [c for c in CATALOGUE if c.public == ARMY]
    with pytest.raises(GameBug, match=r"no unit of red with \{'kind': 'fleet'\} left"):
        sample(shown, armies_only, Rng(1))


def test_candidates_left_over_stay_out_and_the_catalogue_fixes_what_it_names():
    units = {"r1": new_unit("red", "b", ARMY, {"type": "infantry", "steps": 3})}
    shown = fog_view(units, "blue", SIDES)
    spare = Candidate("r9", "red", ARMY, {"type": "militia", "steps": 1})
    seen = set()
    for seed in range(40):
        drawn = sample(shown, [CATALOGUE[0], spare], Rng(seed))
        assert len(drawn) == 1
        ((unit_id, unit),) = drawn.items()
        seen.add(unit_id)
        assert unit["hidden"] == {"r1": {"type": "infantry"}, "r9": spare.hidden}[unit_id]
    assert seen == {"r1", "r9"}


# -- the fuzzer on a block game --------------------------------------------------------------


def test_the_fog_game_passes_the_fuzzer(tmp_path):
    summary = run_fuzz(FogGame(), tmp_path, games=20)
    assert summary.failures == []
    assert sum(summary.results().values()) == 20


def test_the_fog_game_fights_battles_and_eliminates_blocks():
    _, states = positions(seeds=range(20), moves=12)
    logged = Counter(event.key for state in states for event in state.log)
    dead = {i for state in states for i, u in state.data["units"].items() if u["where"] == DEAD}
    assert logged["log.revealed"] > 0 and logged["log.step_lost"] > 0
    assert dead


class LeakyMoves(Play):
    """Names the moving block in the line everybody reads."""

    def log_move(self, g, seen_by, unit_id, start, area):
        g.log("log.moved", side=g.data["player"], unit=unit_id, to=area)


class LeakyBlanks(FogGame):
    """Writes on each blank the steps of a block of its owner where it stands."""

    def view_data(self, state, viewer):
        shown = super().view_data(state, viewer)
        units = state.data["units"]
        for blank in shown["blanks"]:
            steps = [u["hidden"]["steps"] for u in units.values() if u["where"] == blank["where"]]
            blank["steps"] = steps[0]
        return shown


class LeakyActions(FogGame):
    """Offers to bombard the other side's blocks by name wherever they stand."""

    def legal_actions(self, state, side):
        units = state.data["units"]
        enemy = sorted((i, u["where"]) for i, u in units.items() if u["owner"] != side)
        found = super().legal_actions(state, side)
        return found + [Action.of("bombard", *pair) for pair in enemy] if found else found


def test_a_log_line_naming_a_moving_block_is_caught(tmp_path):
    game = FogGame()
    game.procedure_map["play"] = LeakyMoves()
    summary = run_fuzz(game, tmp_path, games=2)
    assert re.search(r"can see the hidden [rb]\d=[a-e]\b.* in its new log lines", failures(summary))


def test_a_blank_showing_its_steps_is_caught(tmp_path):
    summary = run_fuzz(LeakyBlanks(), tmp_path, games=2)
    assert re.search(
        r"can see the hidden \?(red|blue)\.[a-e]\.\d=[1-3]\b.* in its view", failures(summary)
    )


def test_an_action_naming_a_hidden_block_where_it_stands_is_caught(tmp_path):
    summary = run_fuzz(LeakyActions(), tmp_path, games=2)
    assert re.search(r"can see the hidden [rb]\d=[a-e]\b.* in its legal actions", failures(summary))


def test_a_units_copier_pickles_so_a_game_holding_it_goes_to_worker_processes():
    """The fuzzer and tournaments send the game to processes of their own (pickle)."""
    copier = pickle.loads(pickle.dumps(fog.units_copier("invaded_from")))
    units = {"a": {"owner": "red", "seen": [], "hidden": {"steps": 2, "invaded_from": ["x"]}}}
    copied = copier.copy(units)
    assert copied == units
    assert copied["a"]["hidden"]["invaded_from"] is not units["a"]["hidden"]["invaded_from"]
