"""Where an acting unit may go (7.2, 7.3), walked with the shared graph search.

A unit moves any distance through areas its side controls (7.2), and from one of them
into an adjacent area the enemy controls (7.3), where enemy units mean a combat (8.1).
No unit enters the enemy rear (3.5), and an isolated unit does not move at all (8.10).
"""

from __future__ import annotations

from rules.referee.position import UnitState
from rules.referee.rks.board import Board
from rules.referee.rks.control import Control
from rules.referee.search import Reach, reach


class Movement:
    """The areas one side's units may reach in one position."""

    def __init__(self, board: Board, control: Control) -> None:
        self.board = board
        self.control = control

    def _enterable(self, side: str, area: str) -> bool:
        owner = self.board.rear_owner(area)
        return owner is None or owner == side

    def friendly_reach(self, state: UnitState) -> Reach[str]:
        """The areas ``state`` reaches through its side's areas (7.2), with the way back."""
        side = state.side

        def allowed(_from: str, to: str) -> bool:
            return self._enterable(side, to) and self.control.of(to) == side

        return reach([state.location], allowed, adjacent=self.board.neighbours)

    def route(self, state: UnitState, area: str, isolated: bool) -> tuple[str, ...] | None:
        """The areas ``state`` passes to enter ``area``, from where it stands to ``area``
        (just its own area when it is there already), or None when it cannot get there."""
        if area == state.location:
            return (area,)
        if isolated or not self._enterable(state.side, area):
            return None
        friendly = self.friendly_reach(state)
        if area in friendly.distance:
            return tuple(reversed(friendly.path_to_source(area)))
        starts = [place for place in self.board.neighbours(area) if place in friendly.distance]
        if not starts:
            return None
        start = min(starts, key=lambda place: (friendly.distance[place], place))
        return (*reversed(friendly.path_to_source(start)), area)
