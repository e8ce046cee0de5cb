"""The cheapest path between two hexes, step costs given by the rules.

A log shows where a unit started and ended, never the hexes between; whether it could
have got there is a question of the cheapest legal path (Dijkstra's search, ties broken
by hex order so that the path shown is always the same one).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Container
from fractions import Fraction

from rules.hexes import Hex, neighbours

Points = int | Fraction
"""Movement points: whole in the Stalingrad games, fractions along a data game's roads."""

StepCost = Callable[[Hex, Hex], Points | None]
"""MP to step from a hex into an adjacent one; None when the rules forbid the step."""


def cheapest_path(
    start: Hex, goal: Hex, step_cost: StepCost, places: Container[Hex], limit: Points
) -> tuple[Points, tuple[Hex, ...]] | None:
    """The cost and hexes (``start`` first) of the cheapest path from ``start`` to
    ``goal`` over ``places`` costing at most ``limit`` MP, or None if there is none."""
    best: dict[Hex, Points] = {start: 0}
    came_from: dict[Hex, Hex] = {}
    frontier: list[tuple[Points, Hex]] = [(0, start)]
    while frontier:
        cost, here = heapq.heappop(frontier)
        if cost > best.get(here, cost):
            continue
        if here == goal:
            path = [goal]
            while path[-1] != start:
                path.append(came_from[path[-1]])
            return cost, tuple(reversed(path))
        for there in neighbours(here):
            if there not in places:
                continue
            step = step_cost(here, there)
            if step is None:
                continue
            total = cost + step
            if total <= limit and total < best.get(there, limit + 1):
                best[there] = total
                came_from[there] = here
                heapq.heappush(frontier, (total, there))
    return None
