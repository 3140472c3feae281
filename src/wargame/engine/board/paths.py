"""One path search for movement, supply lines, command range and zones of control.

The board is given as a ``neighbours`` function, so the same search works on hex ids,
area ids or any hashable node. The game supplies what a step costs and which steps
are allowed. Results are deterministic: ties go to the node found first, following
the order ``neighbours`` returns, never to hash order.

For searches that need only *which* nodes are reached, not by which path, :class:`ShiftSteps`
and :func:`flood` spread over whole sets of nodes at once: a set of nodes is a Python ``int``
used as a bit set (node ``n`` is bit ``n``), and one step of the whole set is a few shifts and
masks on that ``int``. Give the nodes of a grid positions such that the neighbour in each
direction is a constant offset away (a hex map: ``column * height + row``) and a breadth-first
level of a thousand hexes costs a few dozen operations on big integers instead of thousands of
dict and list operations: supply lines of a whole map are traced in well under a millisecond
this way. :func:`avoiding` and :func:`only_into` serve the searches that need paths: they take
the test of the node entered out of the search loop.
"""

from __future__ import annotations

import heapq
import itertools
from collections import deque
from collections.abc import Callable, Container, Hashable, Iterable
from typing import Generic, TypeVar, cast

N = TypeVar("N", bound=Hashable)

Neighbours = Callable[[N], Iterable[N]]
StepCost = Callable[[N, N], float | None]
CanEnter = Callable[[N, N], bool]
CanLeave = Callable[[N], bool]
Heuristic = Callable[[N], float]


class ShiftSteps:
    """One kind of step on a graph whose nodes are bit positions, applied to a set of nodes.

    ``edges`` are ``(a, b)`` pairs: a step may go from ``a`` to ``b``. They are grouped by the
    offset ``b - a``; for each offset a mask keeps the nodes that have such an edge, so a step of
    a whole set ``nodes`` is ``OR over offsets of (nodes & mask) shifted by offset``.
    """

    __slots__ = ("_left", "_right", "step")

    def __init__(self, edges: Iterable[tuple[int, int]]) -> None:
        masks: dict[int, int] = {}
        for a, b in edges:
            if a < 0 or b < 0:
                raise ValueError(f"a node is a bit position, not {min(a, b)}")
            masks[b - a] = masks.get(b - a, 0) | 1 << a
        self._left = tuple((d, mask) for d, mask in sorted(masks.items()) if d > 0)
        self._right = tuple((-d, mask) for d, mask in sorted(masks.items()) if d < 0)
        self.step = _written_out(self._left, self._right)
        """The same function as calling this object, a quarter quicker: for the callers that
        take thousands of steps (supply traces whole maps for every position)."""

    def __call__(self, nodes: int) -> int:
        """Every node one step away from a node of ``nodes`` (a bit set)."""
        found = 0
        for shift, mask in self._left:
            found |= (nodes & mask) << shift
        for shift, mask in self._right:
            found |= (nodes & mask) >> shift
        return found


def _written_out(
    left: tuple[tuple[int, int], ...], right: tuple[tuple[int, int], ...]
) -> Callable[[int], int]:
    """``OR over offsets of (nodes & mask) << shift`` (``>>`` to the right) as one expression,
    the masks as default arguments: no loop, no tuple unpacking, the fastest lookups. Compiled
    from the integers of a :class:`ShiftSteps` alone, never from outside input."""
    masks = {f"m{n}": mask for n, (_, mask) in enumerate((*left, *right))}
    terms = [f"(nodes & m{n}) << {shift}" for n, (shift, _) in enumerate(left)]
    terms += [f"(nodes & m{len(left) + n}) >> {shift}" for n, (shift, _) in enumerate(right)]
    params = "".join(f", {name}={name}" for name in masks)
    source = f"lambda nodes{params}: {' | '.join(terms) or '0'}"
    return cast(Callable[[int], int], eval(source, masks))


def flood(
    step: Callable[[int], int], start: int, *, max_cost: int | None = None, goal: int = 0
) -> int:
    """The nodes (a bit set) reached from ``start`` (a bit set) by repeated ``step``, starts
    included: a breadth-first search by whole levels. ``max_cost``: at most that many steps;
    ``goal``: a set of nodes after which the search may stop once it has reached all of them
    (the result then holds them but maybe not every node it would otherwise reach)."""
    seen = frontier = start
    steps = 0
    while frontier and (max_cost is None or steps < max_cost):
        if goal and not goal & ~seen:
            break
        frontier = step(frontier) & ~seen
        seen |= frontier
        steps += 1
    return seen


def bit_positions(nodes: int) -> list[int]:
    """The nodes of a bit set, in increasing order."""
    if nodes < 0:
        raise ValueError("a bit set of nodes cannot be negative")
    digits = bin(nodes)[:1:-1]  # bit 0 first
    found = []
    at = digits.find("1")
    while at >= 0:
        found.append(at)
        at = digits.find("1", at + 1)
    return found


class SearchResult(Generic[N]):
    """Cheapest costs (``reached``, in the order nodes were settled) and paths.

    ``found`` is the goal node the search stopped at, or None.
    """

    __slots__ = ("_parents", "found", "reached")

    def __init__(self, reached: dict[N, float], parents: dict[N, N], found: N | None) -> None:
        self.reached = reached
        self.found = found
        self._parents = parents

    def __contains__(self, node: object) -> bool:
        return node in self.reached

    def __repr__(self) -> str:
        return f"SearchResult({len(self.reached)} reached, found={self.found!r})"

    def cost(self, node: N) -> float | None:
        return self.reached.get(node)

    def any_on_paths(self, nodes: Iterable[N], test: Callable[[N], bool]) -> bool:
        """Whether ``test`` accepts a node of the path to one of ``nodes`` (each node of the
        search's tree is tested once, however many of the paths pass it)."""
        tested: set[N] = set()
        parents = self._parents
        for end in nodes:
            node = end
            while node not in tested:
                if test(node):
                    return True
                tested.add(node)
                if node not in parents:
                    break
                node = parents[node]
        return False

    def path(self, node: N) -> list[N]:
        """Nodes from a start to ``node``, both included; empty if ``node`` was not reached."""
        if node not in self.reached:
            return []
        path = [node]
        while node in self._parents:
            node = self._parents[node]
            path.append(node)
        path.reverse()
        return path


def search(
    start: N | Iterable[N],
    neighbours: Neighbours[N],
    *,
    cost: StepCost[N] | None = None,
    can_enter: CanEnter[N] | None = None,
    can_leave: CanLeave[N] | None = None,
    max_cost: float | None = None,
    goal: N | Callable[[N], bool] | None = None,
    heuristic: Heuristic[N] | None = None,
) -> SearchResult[N]:
    """Cheapest paths from ``start`` (a node, or an iterable of nodes all at cost 0).

    A ``str``, ``bytes`` or ``tuple`` start is one node; any other iterable is many.

    * ``cost(a, b)``: cost of stepping from ``a`` to ``b`` (default 1); ``None`` forbids it.
    * ``can_enter(a, b)``: whether the step from ``a`` into ``b`` is allowed.
    * ``can_leave(n)``: whether a node, once entered, may be left (an enemy zone of
      control, say); start nodes may always be left.
    * ``max_cost``: nodes costing more are not reached (the bound is inclusive).
    * ``goal``: a node or a predicate; the search stops once one is reached, so
      ``reached`` may then hold only part of the board.
    * ``heuristic``: A* estimate of the cost left to a single ``goal`` node; it must
      never overestimate and must be consistent. Ignored without a single goal node.
    """
    starts: list[N] = _start_nodes(start)
    is_goal = _goal_test(goal)
    if goal is None or callable(goal):
        heuristic = None
    if cost is None and heuristic is None:
        return _breadth_first(
            starts,
            neighbours=neighbours,
            can_enter=can_enter,
            can_leave=can_leave,
            max_cost=max_cost,
            is_goal=is_goal,
        )
    step_cost: StepCost[N] = cost if cost is not None else _unit_cost
    return _cheapest_first(
        starts,
        neighbours=neighbours,
        step_cost=step_cost,
        can_enter=can_enter,
        can_leave=can_leave,
        max_cost=max_cost,
        is_goal=is_goal,
        heuristic=heuristic,
    )


def reachable(
    start: N | Iterable[N],
    neighbours: Neighbours[N],
    *,
    cost: StepCost[N] | None = None,
    can_enter: CanEnter[N] | None = None,
    can_leave: CanLeave[N] | None = None,
    max_cost: float | None = None,
) -> set[N]:
    """Nodes reachable within ``max_cost``, starts included (``search`` gives them in order)."""
    result = search(
        start, neighbours, cost=cost, can_enter=can_enter, can_leave=can_leave, max_cost=max_cost
    )
    return set(result.reached)


def shortest_path(
    start: N | Iterable[N],
    goal: N | Callable[[N], bool],
    neighbours: Neighbours[N],
    *,
    cost: StepCost[N] | None = None,
    can_enter: CanEnter[N] | None = None,
    can_leave: CanLeave[N] | None = None,
    max_cost: float | None = None,
    heuristic: Heuristic[N] | None = None,
) -> list[N]:
    """A cheapest path from a start to the goal, both included; empty if there is none."""
    result = search(
        start,
        neighbours,
        cost=cost,
        can_enter=can_enter,
        can_leave=can_leave,
        max_cost=max_cost,
        goal=goal,
        heuristic=heuristic,
    )
    return [] if result.found is None else result.path(result.found)


def _start_nodes(start: N | Iterable[N]) -> list[N]:
    if isinstance(start, str | bytes | tuple) or not isinstance(start, Iterable):
        return [cast(N, start)]
    return list(dict.fromkeys(start))


def _goal_test(goal: object) -> Callable[[N], bool] | None:
    if goal is None:
        return None
    if callable(goal):
        return cast(Callable[[N], bool], goal)
    return lambda node: node == goal


def _unit_cost(_a: N, _b: N) -> float:
    return 1


def _breadth_first(
    starts: list[N],
    *,
    neighbours: Neighbours[N],
    can_enter: CanEnter[N] | None,
    can_leave: CanLeave[N] | None,
    max_cost: float | None,
    is_goal: Callable[[N], bool] | None,
) -> SearchResult[N]:
    if can_enter is None and can_leave is None and is_goal is None:
        return _plain_breadth_first(starts, neighbours, max_cost)
    reached: dict[N, float] = dict.fromkeys(starts, 0)
    parents: dict[N, N] = {}
    queue = deque(starts)
    while queue:
        node = queue.popleft()
        if is_goal is not None and is_goal(node):
            return SearchResult(reached, parents, node)
        if can_leave is not None and node in parents and not can_leave(node):
            continue  # only start nodes have no parent
        step_total = reached[node] + 1
        if max_cost is not None and step_total > max_cost:
            continue
        for other in neighbours(node):
            if other in reached or (can_enter is not None and not can_enter(node, other)):
                continue
            reached[other] = step_total
            parents[other] = node
            queue.append(other)
    return SearchResult(reached, parents, None)


def _plain_breadth_first(
    starts: list[N], neighbours: Neighbours[N], max_cost: float | None
) -> SearchResult[N]:
    """:func:`_breadth_first` with nothing but neighbours and a bound, by whole levels: the
    same nodes in the same order with the same parents, without a per-node cost lookup or
    per-step tests (movement's searches, whose neighbours :func:`avoiding` has filtered, spend
    most of their time here)."""
    reached: dict[N, float] = dict.fromkeys(starts, 0)
    parents: dict[N, N] = {}
    frontier = starts
    level = 0
    while frontier and (max_cost is None or level + 1 <= max_cost):
        level += 1
        following: list[N] = []
        found = following.append
        for node in frontier:
            for other in neighbours(node):
                if other not in reached:
                    reached[other] = level
                    parents[other] = node
                    found(other)
        frontier = following
    return SearchResult(reached, parents, None)


def breadth_first_avoiding(
    start: N | Iterable[N],
    neighbours: Neighbours[N],
    closed: Iterable[N],
    max_cost: float | None = None,
    stops: Container[N] = frozenset(),
) -> SearchResult[N]:
    """``search(start, avoiding(neighbours, closed), max_cost=max_cost)``: the same nodes in the
    same order with the same parents, the closed nodes taken as seen from the start instead of
    left out of a list of neighbours built for each node (a search whose closed nodes are new,
    as a position's zones of control often are, spent most of its time building those lists).
    A start node may be closed: it is reached all the same. ``stops``: nodes that may be
    entered but not left, start nodes excepted (``can_leave=lambda n: n not in stops``)."""
    starts: list[N] = _start_nodes(start)
    reached: dict[N, float] = dict.fromkeys(starts, 0)
    parents: dict[N, N] = {}
    seen = set(closed)
    seen.update(starts)
    mark = seen.add
    frontier = starts
    level = 0
    while frontier and (max_cost is None or level + 1 <= max_cost):
        level += 1
        following: list[N] = []
        found = following.append
        for node in frontier:
            for other in neighbours(node):
                if other not in seen:
                    mark(other)
                    reached[other] = level
                    parents[other] = node
                    if other not in stops:
                        found(other)
        frontier = following
    return SearchResult(reached, parents, None)


def avoiding(neighbours: Neighbours[N], closed: Container[N]) -> Callable[[N], list[N]]:
    """``neighbours`` without the nodes in ``closed``: the same search as with
    ``can_enter=lambda a, b: b not in closed``, but each node's list is built once, by a
    comprehension, so the search runs no Python function per step (movement's searches spent
    most of their time in such tests)."""
    kept: dict[N, list[N]] = {}

    def steps(node: N) -> list[N]:
        found = kept.get(node)
        if found is None:
            found = kept[node] = [other for other in neighbours(node) if other not in closed]
        return found

    return steps


def only_into(neighbours: Neighbours[N], allowed: Callable[[N], bool]) -> Callable[[N], list[N]]:
    """``neighbours`` without the nodes ``allowed`` rejects: the same search as with
    ``can_enter=lambda a, b: allowed(b)``, but ``allowed`` is asked once per node and each
    node's list is built once, so the search itself runs no Python test per step."""
    verdicts: dict[N, bool] = {}
    kept: dict[N, list[N]] = {}

    def steps(node: N) -> list[N]:
        found = kept.get(node)
        if found is None:
            found = kept[node] = []
            for other in neighbours(node):
                verdict = verdicts.get(other)
                if verdict is None:
                    verdict = verdicts[other] = allowed(other)
                if verdict:
                    found.append(other)
        return found

    return steps


def _cheapest_first(
    starts: list[N],
    *,
    neighbours: Neighbours[N],
    step_cost: StepCost[N],
    can_enter: CanEnter[N] | None,
    can_leave: CanLeave[N] | None,
    max_cost: float | None,
    is_goal: Callable[[N], bool] | None,
    heuristic: Heuristic[N] | None,
) -> SearchResult[N]:
    best: dict[N, float] = dict.fromkeys(starts, 0)
    parents: dict[N, N] = {}
    settled: dict[N, float] = {}
    order = itertools.count()
    estimate = heuristic if heuristic is not None else _no_estimate
    heap = [(estimate(node), next(order), node) for node in starts]
    heapq.heapify(heap)
    while heap:
        _, _, node = heapq.heappop(heap)
        if node in settled:
            continue
        so_far = settled[node] = best[node]
        if is_goal is not None and is_goal(node):
            return SearchResult(settled, parents, node)
        if can_leave is not None and node in parents and not can_leave(node):
            continue
        for other in neighbours(node):
            if other in settled or (can_enter is not None and not can_enter(node, other)):
                continue
            step = step_cost(node, other)
            if step is None:
                continue
            if step < 0:
                raise ValueError(f"negative step cost {step} from {node!r} to {other!r}")
            total = so_far + step
            if max_cost is not None and total > max_cost:
                continue
            known = best.get(other)
            if known is not None and total >= known:
                continue
            best[other] = total
            parents[other] = node
            heapq.heappush(heap, (total + estimate(other), next(order), other))
    return SearchResult(settled, parents, None)


def _no_estimate(_node: N) -> float:
    return 0
