"""Where an acting unit may go (7.1-7.3, 3.5, 3.6, 8.10), and what it pays on the way.

A unit moves any distance through areas its side controls (7.2). Into an adjacent area
the enemy controls it moves by piling one card (a hand card or one of its steps) when no
enemy unit stands there (7.3); standing there alone it then controls that area (3.6),
so it may go on from it, paying again for the next enemy area, as long as its cards
last (7.1). Entering an enemy area where enemy units stand starts a combat (7.3, 8.1),
so such an area ends a move. No unit enters the enemy rear (3.5), and an isolated unit
does not move at all (8.10).

The breadth-first search of :mod:`rules.referee.search` counts areas entered, not cards
paid, so the cheapest way is found here by a search ordered by cards, then areas.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from rules.referee.position import UnitState
from rules.referee.rks.board import Board
from rules.referee.rks.control import Control


@dataclass(frozen=True)
class Route:
    """A way into an area: ``areas`` from where the unit stands to the area entered, and
    ``paid``, the empty enemy areas on the way for each of which one card is piled (7.3)."""

    areas: tuple[str, ...]
    paid: tuple[str, ...]


class Movement:
    """The ways one side's units may go in one position."""

    def __init__(self, board: Board, control: Control) -> None:
        self.board = board
        self.control = control

    def _enemy_units_in(self, side: str, area: str) -> bool:
        return any(state.side != side for state in self.control.units_in(area))

    def route(self, state: UnitState, area: str, isolated: bool) -> Route | None:
        """The way ``state`` enters ``area`` paying the fewest cards (the fewest areas
        among those, then the first in the data's order), or None when no way leads
        there: the enemy rear, an isolated unit, or every way blocked by areas where
        enemy units stand. ``area`` itself may hold enemy units: entering it is the combat."""
        side = state.side
        if area == state.location:
            return Route((area,), ())
        owner = self.board.rear_owner(area)
        if isolated or (owner is not None and owner != side):
            return None
        order = {place: index for index, place in enumerate(self.board.areas)}
        best: dict[str, tuple[int, int]] = {state.location: (0, 0)}
        queue: list[tuple[int, int, tuple[int, ...], tuple[str, ...]]] = [
            (0, 0, (order[state.location],), (state.location,))
        ]
        while queue:
            paid, length, _, path = heapq.heappop(queue)
            here = path[-1]
            if here == area:
                return Route(
                    path, tuple(place for place in path[1:-1] if self.control.of(place) != side)
                )
            if best.get(here, (paid, length)) < (paid, length):
                continue
            for following in self.board.neighbours(here):
                rear = self.board.rear_owner(following)
                if rear is not None and rear != side:
                    continue
                enemy_area = self.control.of(following) != side
                if following != area and enemy_area and self._enemy_units_in(side, following):
                    continue
                cost = paid + (following != area and enemy_area)
                key = (cost, length + 1)
                if following not in best or key <= best[following]:
                    best[following] = key
                    way = (*path, following)
                    heapq.heappush(
                        queue, (cost, length + 1, tuple(order[place] for place in way), way)
                    )
        return None
