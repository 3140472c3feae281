"""One path search for movement, supply lines, command range and zones of control.

The board is given as a ``neighbours`` function, so the same search works on hex ids,
area ids or any hashable node. The game supplies what a step costs and which steps
are allowed. Results are deterministic: ties go to the node found first, following
the order ``neighbours`` returns, never to hash order.
"""

from __future__ import annotations

import heapq
import itertools
from collections import deque
from collections.abc import Callable, Hashable, Iterable
from typing import Generic, TypeVar, cast

N = TypeVar("N", bound=Hashable)

Neighbours = Callable[[N], Iterable[N]]
StepCost = Callable[[N, N], float | None]
CanEnter = Callable[[N, N], bool]
CanLeave = Callable[[N], bool]
Heuristic = Callable[[N], float]


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
