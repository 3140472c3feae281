"""What the rules remember between positions, or work out only when asked, answers exactly as a
computation from scratch (issue 15: the rules' speed).

Positions come from seeded walks of random campaign games, so they are the ones play reaches.
Supply (13.1-13.3, 12.74-12.75), air ZOI (7.35) and activation ranges (7.52) found through the
process's tables (positions, fixed points, searches) are compared with those of an empty table;
the way of each listed move (5.11, 5.22, 7.2-7.45), worked out when first asked, with the way a
second listing of the same position works out in another order, and with the path the move
applies; the searches of air legs kept for the process with searches made afresh (5.11, 7.33).
"""

from __future__ import annotations

import random
import threading
from collections import OrderedDict
from collections.abc import Iterator

import msgspec
import pytest

from wargame.engine.action import Action
from wargame.engine.board import search
from wargame.engine.board.paths import avoiding
from wargame.engine.rng import Rng
from wargame.engine.state import State
from wargame.games.empire_of_the_sun import GAME, forces, movement, reinforcements, supply
from wargame.games.empire_of_the_sun.static import SIDES

pytestmark = pytest.mark.game("empire-of-the-sun")

TABLES = ("_POSITIONS", "_FIXED", "_TRACES", "_SEARCHES", "_ZONES", "_PARTS", "_CONTROLS")


def walk(seed: int, actions: int) -> Iterator[tuple[State, str, str]]:
    """The positions of a random campaign game, with the side to act and the action it takes."""
    rng = Rng(seed)
    state = GAME.setup("campaign", seed)
    for _ in range(actions):
        if state.result is not None:
            return
        side = rng.choice(GAME.active(state))
        action = rng.choice(GAME.legal_actions(state, side))
        yield state, side, action.text
        state = GAME.apply(state, side, action)


def from_scratch(state: State, monkeypatch: pytest.MonkeyPatch) -> supply.Supply:
    """The position's supply with every table of the process empty."""
    with monkeypatch.context() as patched:
        for table in TABLES:
            patched.setattr(supply, table, OrderedDict())
        return supply.supply(GAME.context(state))


def answers(g, found: supply.Supply) -> tuple[object, ...]:
    board = g.static.board
    graph = found.graph
    hexes = sorted(graph.bit)
    bases = [h for h in hexes if graph.base >> graph.bit[h] & 1]
    units = sorted(g.data["units"])
    hqs = [u for u in units if forces.record(g, u).unit_class == "hq"]
    zoi = found.zoi
    return (
        [(u, found.unit(u), found.hq(u), found.emergency(u)) for u in units],
        found.kunming_is_source(),
        [(h, s, found.eligible(h, s)) for h in bases if board.is_land(h) for s in SIDES],
        [(s, zoi.blocked_hexes(s), zoi.projected_hexes(s)) for s in SIDES],
        [(h, s, zoi.neutralised(h, s)) for h in hexes for s in SIDES],
        [(hq, sorted(supply.activation_range(g, hq))) for hq in hqs],
    )


@pytest.mark.rule("13.1", "13.2", "13.3", "7.35", "7.52", "12.74", "12.75")
@pytest.mark.parametrize("seed", [3, 8])
def test_supply_found_again_answers_as_supply_from_scratch(seed, monkeypatch):
    checked = 0
    for number, (state, _, _) in enumerate(walk(seed, 700)):
        if number % 4:
            continue
        g = GAME.context(state)
        remembered = answers(g, supply.supply(g))
        fresh = GAME.context(state)
        assert answers(fresh, from_scratch(state, monkeypatch)) == remembered, number
        checked += 1
    assert checked > 100


@pytest.mark.rule("13.1", "13.2", "7.35", "7.52", "12.75")
@pytest.mark.parametrize("seed", range(4))
def test_supply_found_again_as_units_move_one_by_one_answers_as_from_scratch(seed, monkeypatch):
    # One unit moved (or one hex changing hands) at a time, the tables kept between positions:
    # what a move leaves alone is found again, what it changes must not be.
    rng = random.Random(seed)
    state = GAME.setup("campaign", seed)
    g = GAME.context(state)
    board = g.static.board
    on_map = sorted(h for h, r in board.hexes.items() if "off_map" not in r.areas)
    land = [h for h in on_map if board.is_land(h)]
    placed = sorted(u for u, at in g.data["units"].items() if forces.on_map(at))
    flyers = [u for u in placed if forces.flies(g, u) or forces.record(g, u).unit_class == "hq"]
    bases = [h for h in land if board.port(h) or board.airfield(h)]
    hqs = [u for u in placed if forces.record(g, u).unit_class == "hq"]
    ground = [u for u in placed if forces.record(g, u).unit_class == "ground"]
    for _ in range(80):
        roll = rng.random()
        if roll < 0.2:
            g.data["control"][rng.choice(bases)] = rng.choice(SIDES)
        elif roll < 0.5:  # a ground unit next to an HQ: its hexsides may block paths (13.1, 7.52)
            near = board.within(g.data["units"][rng.choice(hqs)], 2)
            g.data["units"][rng.choice(ground)] = rng.choice([h for h in near if h in land])
        else:
            unit_id = rng.choice(flyers if rng.random() < 0.6 else placed)
            naval = forces.record(g, unit_id).unit_class == "naval"
            g.data["units"][unit_id] = rng.choice(on_map if naval else land)
        g.cache.clear()
        remembered = answers(g, supply.supply(g))
        assert answers(GAME.context(state), from_scratch(state, monkeypatch)) == remembered


def listed_moves(state: State, side: str) -> dict[str, movement.Move]:
    """The moves offered to ``side``, by action text."""
    found = GAME.decision(state)
    assert found is not None
    moves = {}
    for text, option in found.sides[side].options.items():
        move = next((a for a in option.args if isinstance(a, movement.Move)), None)
        if move is not None:
            moves[text] = move
    return moves


def moving(state: State) -> tuple[dict[str, object] | None, list[str]]:
    """The record a move of the decision is written to (None: it is written nowhere) and the
    units that move."""
    frame = state.stack[-1]
    if frame.name == "post_battle":
        return None, [frame["unit"]]
    offensive = state.data["offensive"]
    record = offensive if frame.step == "move_group" else offensive["reaction"]
    return record, list(record["group"])


def way_of(move: movement.Move) -> tuple[object, ...]:
    return (move.path, move.recon, move.cost, move.stops)


@pytest.mark.rule("5.11", "5.22", "7.2", "7.3", "7.4", "7.45", "8.6", "12.1")
@pytest.mark.parametrize("seed", [2, 5, 11])
def test_a_move_goes_the_way_a_fresh_listing_finds_whatever_the_order_asked(seed, monkeypatch):
    # The fresh listing filters the map's neighbour lists afresh (movement.avoiding_kept).
    checked = 0
    for state, side, text in walk(seed, 1500):
        listed = listed_moves(state, side)
        if not listed:
            continue
        known = [move.ways._known for move in listed.values() if move.ways is not None]
        assert not any(known), "listing the moves worked out a way"
        for move in reversed(listed.values()):
            way_of(move)
        with monkeypatch.context() as patched:
            patched.setattr(movement, "_AVOIDING", OrderedDict())
            again = listed_moves(State(**msgspec.structs.asdict(state)), side)
        assert list(again) == list(listed)
        record, group = moving(state)
        for action, move in listed.items():
            assert way_of(again[action]) == way_of(move), action
            assert move.path[0] == state.data["units"][group[0]] and move.path[-1] == move.dest
            checked += 1
        if text in listed and record is not None:
            after = GAME.apply(state, side, Action(text))
            offensive = after.data["offensive"]
            written = offensive if record is state.data["offensive"] else offensive["reaction"]
            assert written["moved"][group[0]]["path"] == list(listed[text].path), text
    assert checked > 200


@pytest.mark.rule("5.11", "7.33", "7.35")
@pytest.mark.parametrize("seed", range(4))
def test_searches_of_air_legs_kept_for_the_process_are_the_searches_made_afresh(seed):
    rng = random.Random(seed)
    graph = movement.graph_of(GAME.static.board)
    hexes = sorted(graph.adj)
    fields = sorted(graph.airfields)
    for _ in range(6):
        closed = frozenset(rng.sample(hexes, rng.randrange(0, 400)))
        legs = movement.LegSearches(graph, closed, rng.choice((4, 8, 12)))
        for here in rng.sample(fields, 8):
            kept, landing = legs(here)
            fresh = search(here, avoiding(graph.adj.__getitem__, closed), max_cost=legs.rng)
            assert list(kept.reached.items()) == list(fresh.reached.items())
            assert all(kept.path(h) == fresh.path(h) for h in fresh.reached)
            assert landing == tuple(h for h in fresh.reached if h != here and h in graph.airfields)


@pytest.mark.rule("13.1", "7.35")
@pytest.mark.parametrize("seed", range(4))
def test_a_search_back_from_the_sources_carried_on_finds_what_one_from_scratch_finds(
    seed, monkeypatch
):
    # Blockers (ZOI, hexes held by the enemy, enemy ports) that shrink or grow at random, a few
    # hexes at a time as moves make them, and sources that come: each search may carry on from
    # a recent one (supply.SupplyLines._to_sources) or not; all find what one from scratch does.
    rng = random.Random(seed)
    graph = supply.map_graph(GAME.static.board)
    hexes = sorted(graph.bit)
    ports = [h for h in hexes if graph.port >> graph.bit[h] & 1]
    sets = [set(rng.sample(hexes, 80)), set(rng.sample(hexes, 40)), set(rng.sample(ports, 20))]
    sources = set(rng.sample(hexes, 3))
    monkeypatch.setattr(supply, "_SEARCHES", OrderedDict())
    monkeypatch.setattr(supply, "_BACKS", supply.deque(maxlen=supply.BACKS_KEPT))
    starts: list[int] = []
    spread, spread_steps = supply.spread, supply.spread_steps

    def counted(step, reached, **kwargs):
        starts.append(reached[-1][1].bit_count())
        return spread_steps(step, reached, **kwargs)

    for number in range(60):
        shrink = number % 3 != 0
        for found, pool in zip(sets, (hexes, hexes, ports), strict=True):
            if shrink:
                found.difference_update(rng.sample(sorted(found), min(len(found), 3)))
            else:
                found.update(rng.sample(pool, rng.randrange(1, 4)))
        if rng.random() < 0.2:
            sources.add(rng.choice(hexes))
        bits = [sum(1 << graph.bit[h] for h in found) for found in sets]
        source_bits = sum(1 << graph.bit[h] for h in sources)
        lines = supply.SupplyLines(graph, *bits)
        with monkeypatch.context() as patched:
            patched.setattr(supply, "spread_steps", counted)
            found = lines.to_sources(source_bits)
        assert found == spread(lines.backward, (source_bits & graph.land, source_bits))
    assert any(size > len(sources) for size in starts), "no search carried on"


@pytest.mark.rule("13.1")
@pytest.mark.parametrize("seed", range(4))
def test_a_search_of_limited_range_carried_on_finds_what_one_from_scratch_finds(seed, monkeypatch):
    # An HQ's range (13.1) from one hex, blockers near it that come and go a few at a time: each
    # search may go on from the steps of the one before (supply.SupplyLines._within) or not;
    # all find what one from scratch finds, within the same number of steps.
    rng = random.Random(seed)
    graph = supply.map_graph(GAME.static.board)
    centre = graph.bit[rng.choice(["2813", "3219", "2015", "4021", "1805"])]
    limit = rng.choice([3, 5, 8])
    region = graph.disk(centre, limit)
    hexes = [graph.hex_at[b] for b in supply.bit_positions(region)]
    ports = [h for h in hexes if graph.port >> graph.bit[h] & 1] or hexes
    sets = [set(rng.sample(hexes, 12)), set(rng.sample(hexes, 6)), set(rng.sample(ports, 2))]
    monkeypatch.setattr(supply, "_SEARCHES", OrderedDict())
    monkeypatch.setattr(supply, "_OUTS", OrderedDict())
    carried: list[int] = []
    spread_steps = supply.spread_steps

    def counted(step, reached, **kwargs):
        carried.append(len(reached))
        return spread_steps(step, reached, **kwargs)

    for number in range(60):
        for found, pool in zip(sets, (hexes, hexes, ports), strict=True):
            if number % 2 and found:
                found.difference_update(rng.sample(sorted(found), min(len(found), 2)))
            else:
                found.update(rng.sample(pool, rng.randrange(1, 3)))
        lines = supply.SupplyLines(graph, *(sum(1 << graph.bit[h] for h in f) for f in sets))
        with monkeypatch.context() as patched:
            patched.setattr(supply, "spread_steps", counted)
            found = lines.within(graph.start(centre), limit, region)
        fresh = supply.spread(lines.onward, graph.start(centre), max_cost=limit)
        assert found == fresh[0] | fresh[1]
    assert any(length > 1 for length in carried), "no search carried on"


@pytest.mark.rule("13.1")
def test_a_search_back_goes_on_from_the_steps_before_the_first_hex_a_new_blocker_touches(
    monkeypatch,
):
    # The Allied sources, nothing blocked; then a hex first reached at the search's 10th step
    # becomes held solely by the enemy: the new search keeps the states of the first 10 steps
    # (0 to 9) and goes on from them, finding what a search from scratch finds.
    graph = supply.map_graph(GAME.static.board)
    monkeypatch.setattr(supply, "_SEARCHES", OrderedDict())
    monkeypatch.setattr(supply, "_BACKS", supply.deque(maxlen=supply.BACKS_KEPT))
    sources = graph.allied_sources
    first = supply.SupplyLines(graph, 0, 0, 0)
    first.to_sources(sources)
    steps = supply._BACKS[-1][-1]
    land, sea = steps[10]
    newly = (land | sea) & ~(steps[9][0] | steps[9][1])
    held = newly & -newly  # one hex first reached at step 10
    kept: list[int] = []
    spread_steps = supply.spread_steps

    def counted(step, reached, **kwargs):
        kept.append(len(reached))
        return spread_steps(step, reached, **kwargs)

    monkeypatch.setattr(supply, "spread_steps", counted)
    found = supply.SupplyLines(graph, 0, held, 0).to_sources(sources)
    assert kept == [10]
    lines = supply.SupplyLines(graph, 0, held, 0)
    assert found == supply.spread(lines.backward, (sources & graph.land, sources))
    assert found != steps[-1]  # the hex held by the enemy changed the search


@pytest.mark.rule("13.1", "7.35")
def test_threads_sharing_the_tables_find_the_answers_from_scratch(monkeypatch):
    # A server runs the rules in a pool of threads, all of them using the tables; small tables
    # make threads drop what others are about to use.
    positions = [state for number, (state, _, _) in enumerate(walk(4, 240)) if number % 20 == 0]
    expected = [answers(GAME.context(s), from_scratch(s, monkeypatch)) for s in positions]
    for limit in ("POSITIONS_KEPT", "FIXED_KEPT", "TRACES_KEPT", "SEARCHES_KEPT"):
        monkeypatch.setattr(supply, limit, 2)
    failures: list[BaseException] = []

    def work(order: list[int]) -> None:
        try:
            for index in order:
                g = GAME.context(positions[index])
                assert answers(g, supply.supply(g)) == expected[index]
        except BaseException as error:  # reported by the main thread
            failures.append(error)

    orders = [
        random.Random(seed).sample(range(len(positions)), len(positions)) for seed in range(4)
    ]
    threads = [threading.Thread(target=work, args=(order * 2,)) for order in orders]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures, failures[0]


@pytest.mark.rule("9.11", "9.12", "9.13")
@pytest.mark.parametrize("seed", [1, 4])
def test_placement_hexes_kept_for_the_process_are_those_worked_out_afresh(seed, monkeypatch):
    # reinforcements.entry_candidates keeps the hexes under the placing side's supply answers
    # (Supply.side_key), which a placement of another unit often leaves as they were.
    checked = 0
    for state, side, _ in walk(seed, 1200):
        if state.stack[-1].step != "place_unit":
            continue
        listed = [a.text for a in GAME.legal_actions(state, side)]
        with monkeypatch.context() as patched:
            for table in TABLES:
                patched.setattr(supply, table, OrderedDict())
            patched.setattr(reinforcements, "_PLACEMENTS", OrderedDict())
            again = GAME.legal_actions(State(**msgspec.structs.asdict(state)), side)
        assert [a.text for a in again] == listed
        checked += 1
    assert checked > 20


@pytest.mark.rule("9.11", "9.12", "9.13", "7.35", "13.2")
@pytest.mark.parametrize("seed", range(3))
def test_placement_hexes_kept_as_units_move_one_by_one_are_those_worked_out_afresh(
    seed, monkeypatch
):
    rng = random.Random(seed)
    state = GAME.setup("campaign", seed)
    g = GAME.context(state)
    board = g.static.board
    land = sorted(
        h for h, r in board.hexes.items() if "off_map" not in r.areas and r.terrain != "ocean"
    )
    placed = sorted(u for u, at in g.data["units"].items() if forces.on_map(at))
    bases = [h for h in land if board.port(h) or board.airfield(h)]
    kinds = {}  # one unit of each side, class and nationality to place
    for unit_id in sorted(g.data["units"]):
        unit = forces.record(g, unit_id)
        kinds.setdefault((unit.side, unit.unit_class, unit.nationality), unit)
    for _ in range(60):
        if rng.random() < 0.3:
            g.data["control"][rng.choice(bases)] = rng.choice(SIDES)
        else:  # flyers change the ZOI, ground units the hexes held solely by one side
            g.data["units"][rng.choice(placed)] = rng.choice(land)
        g.cache.clear()
        hqs = [u for u in placed if forces.record(g, u).unit_class == "hq" and rng.random() < 0.7]
        units = rng.sample(sorted(kinds.values(), key=lambda u: u.id), 6)
        kept = [reinforcements.entry_candidates(g, unit, hqs) for unit in units]
        with monkeypatch.context() as patched:
            for table in TABLES:
                patched.setattr(supply, table, OrderedDict())
            patched.setattr(reinforcements, "_PLACEMENTS", OrderedDict())
            fresh = GAME.context(state)
            assert [reinforcements.entry_candidates(fresh, u, hqs) for u in units] == kept


SCENE_SETS = ("enemy_at", "enemy_naval", "enemy_stop", "friendly_at", "friendly_ground")


def scene_answers(found: movement.Scene) -> tuple[object, ...]:
    sets = [sorted(getattr(found, name)) for name in SCENE_SETS]
    return (*sets, sorted(found.declared), sorted(found.battles))


@pytest.mark.rule("7.2", "7.42", "12.77")
@pytest.mark.parametrize("seed", range(3))
def test_scene_kept_for_a_context_is_the_scene_made_afresh(seed):
    # A listing's movers share a side's scene; a move (forces.move_to), a change of control,
    # a battle declared or a garrison lost in the same context must not find the old one.
    rng = random.Random(seed)
    state = GAME.setup("campaign", seed)
    g = GAME.context(state)
    board = g.static.board
    land = sorted(
        h for h, r in board.hexes.items() if "off_map" not in r.areas and board.is_land(h)
    )
    placed = sorted(u for u, at in g.data["units"].items() if forces.on_map(at))
    g.data["offensive"] = {"battles": [], "special": []}
    for _ in range(60):
        roll = rng.random()
        if roll < 0.4:
            forces.move_to(g, rng.choice(placed), rng.choice(land))
        elif roll < 0.6:
            forces.set_control(g, rng.choice(land), rng.choice(SIDES))
        elif roll < 0.8:
            g.data["offensive"]["battles"].append(rng.choice(land))
        else:
            g.data.setdefault("garrisons_lost", []).append(rng.choice(land))
        for side in SIDES:
            kept = movement.scene(g, side)
            assert movement.scene(g, side) is kept
            assert scene_answers(kept) == scene_answers(movement.Scene(g, side))


@pytest.mark.rule("13.1", "9.11")
@pytest.mark.parametrize("seed", range(2))
def test_units_and_control_keys_kept_for_a_context_follow_every_change(seed):
    # The keys of where the units are (the supply signature's and the hex index's) and of who
    # controls the watched hexes are kept for the context; a move (forces.move_to) or a change
    # of control (forces.set_control) must not leave the old one to be found.
    rng = random.Random(seed)
    state = GAME.setup("campaign", seed)
    board = GAME.static.board
    land = sorted(h for h, r in board.hexes.items() if board.is_land(h))
    units = sorted(state.data["units"])
    g = GAME.context(state)
    for _ in range(30):
        first = forces.units_key(g)
        assert forces.units_key(g) is first
        assert first == forces.HashedOnce(
            (tuple(state.data["units"]), tuple(state.data["units"].values()))
        )
        assert hash(first) == hash(
            forces.HashedOnce((tuple(state.data["units"]), tuple(state.data["units"].values())))
        )
        unit_id, hex_id = rng.choice(units), rng.choice(land)
        moved = state.data["units"][unit_id] != hex_id
        forces.move_to(g, unit_id, hex_id)
        found = forces.units_key(g)
        assert found == forces.HashedOnce(
            (tuple(state.data["units"]), tuple(state.data["units"].values()))
        )
        assert (found == first) is not moved
        graph = supply.map_graph(board)
        held = supply.held_key(g, graph)
        hex_id, side = rng.choice(graph.watched), rng.choice(SIDES)
        flipped = state.data["control"].get(hex_id) != side
        forces.set_control(g, hex_id, side)  # 13.1: control of the bases and cities supply reads
        found = supply.held_key(g, graph)
        assert found.items == tuple(map(state.data["control"].get, graph.watched))
        assert (found == held) is not flipped
        assert dict(forces.by_hex(GAME.context(state))) == dict(
            forces._indexed(state.data["units"])
        )
