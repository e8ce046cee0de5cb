"""The cheapest path between two hexes, step costs given by the rules.

A log shows where a unit started and ended, never the hexes between; whether it could
have got there is a question of the cheapest legal path (Dijkstra's search, ties broken
by hex order so that the path shown is always the same one). Each game's move judge
(:meth:`rules.referee.hexgame.HexReferee.judge_move`) searches with its own step costs
and hands the path found to its own cost rule.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Container
from fractions import Fraction

from rules.hexes import Hex, neighbours
from rules.referee.position import Position, UnitState
from rules.referee.prose import unit_ref
from rules.referee.verdict import Verdict
from rules.referee.wording import points

SEARCH_MARGIN = 10
"""How many MP beyond the allowance a search looks, to say by how much a move is too long."""

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


def no_path(
    state: UnitState,
    goal: Hex,
    position: Position,
    allowance: Points,
    rules: tuple[str, ...],
    blocked_by: str,
) -> Verdict:
    """The verdict on a move to ``goal`` no legal path reaches within the search's reach,
    saying what (``blocked_by``) closes every way."""
    start = position.label(state.hex) if state.hex is not None else state.location
    return Verdict(
        unit_ref(state.unit.id),
        "movement",
        "illegal",
        rules,
        f"no legal path from {start} to {position.label(goal)} within "
        f"{points(allowance + SEARCH_MARGIN)} MP (allowance {points(allowance)}): {blocked_by} "
        "block every way",
        details={"allowance": str(allowance)},
        unit=state.unit.id,
        state="illegal",
    )


def cheapest_only(title: str) -> str:
    """Why a game whose referee judges a move only by its cheapest legal path refuses to
    judge a path given."""
    return (
        f"a path given is judged in games refereed from their data; {title} answers with "
        "the cheapest legal path"
    )
