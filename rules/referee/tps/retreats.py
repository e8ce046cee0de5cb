"""Retreats after combat in Turning Point: Stalingrad (Retreat (Q)).

A retreating unit goes one hex, moved by the other player. It is eliminated when it
retreats into an enemy ZOC with no friendly unit there, or over-stacks the hex it
retreats into. So a unit a result retreats must end one hex away, and not in such a hex;
a unit eliminated instead must have had such a hex next to it (the other player may
choose it), or none at all to go to. What moved the unit is the log's and not judged.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rules.hexes import Hex, neighbours
from rules.referee.position import Position, UnitState
from rules.referee.prose import Prose, unit_ref
from rules.referee.results import Retreat
from rules.referee.tps.forces import Forces
from rules.referee.tps.movement import Movement
from rules.referee.wording import hexes


@dataclass(frozen=True, eq=False)
class Retreats:
    """The retreats that start in one position (the one the die was rolled in)."""

    position: Position
    forces: Forces
    movement: Movement
    weight: Callable[[UnitState], int]
    limit: Callable[[Hex, str], int]

    def problems(self, after: Position, retreats: Sequence[Retreat]) -> list[Prose]:
        """What (Q) does not allow in ``retreats``, the units' ends in ``after``."""
        found: list[Prose] = []
        group = {retreat.unit for retreat in retreats}
        for retreat in retreats:
            state = next(s for s in self.position.units if s.unit.id == retreat.unit)
            if retreat.end is None:
                found += self._eliminated(state, group)
            elif retreat.end != retreat.start:
                found += self._survived(state, retreat.end, after, group)
        return found

    def _friendly_there(self, state: UnitState, hex_: Hex, group: set[str]) -> bool:
        """A unit of ``state``'s side already in ``hex_`` when the retreat begins."""
        return any(
            other.hex == hex_ and other.side == state.side and other.unit.id not in group
            for other in self.position.units
        )

    def _stacked(self, side: str, hex_: Hex, position: Position) -> int:
        return sum(
            self.weight(other)
            for other in position.units
            if other.hex == hex_ and other.side == side
        )

    def _fatal(self, state: UnitState, hex_: Hex, group: set[str]) -> str:
        """Why (Q) eliminates ``state`` retreating into ``hex_`` now, or ""."""
        if hex_ in self.forces.enemy_zoc_for_movement(state.side) and not self._friendly_there(
            state, hex_, group
        ):
            return "an enemy ZOC with no friendly unit"
        limit = self.limit(hex_, state.side)
        if self._stacked(state.side, hex_, self.position) + self.weight(state) > limit:
            return f"a hex its side already fills to the limit of {limit}"
        return ""

    def _survived(
        self, state: UnitState, end: Hex, after: Position, group: set[str]
    ) -> list[Prose]:
        label = self.position.label(end)
        assert state.hex is not None
        cost, why = self.movement.step_cost(state, state.hex, end, frozenset())
        if cost is None:
            return [unit_ref(state.unit.id) + f" retreated into {label}: {why}"]
        if end in self.forces.enemy_zoc_for_movement(state.side) and not self._friendly_there(
            state, end, group
        ):
            return [
                unit_ref(state.unit.id) + f" retreated into {label}, an enemy ZOC with no "
                "friendly unit, and survived: (Q) eliminates it"
            ]
        stacked, limit = self._stacked(state.side, end, after), self.limit(end, state.side)
        if stacked > limit:
            return [
                unit_ref(state.unit.id) + f" retreated into {label}, over-stacking it "
                f"({stacked} units, at most {limit}), and survived: (Q) eliminates it"
            ]
        return []

    def _eliminated(self, state: UnitState, group: set[str]) -> list[Prose]:
        """An elimination in place of a retreat: (Q)'s, when some hex next to it would
        eliminate it or none is open; else it could have retreated and lived."""
        assert state.hex is not None
        open_hexes = [
            hex_
            for hex_ in neighbours(state.hex)
            if hex_ in self.forces.board.playable
            and self.movement.step_cost(state, state.hex, hex_, frozenset())[0] is not None
        ]
        if not open_hexes or any(self._fatal(state, hex_, group) for hex_ in open_hexes):
            return []
        safe = " ".join(self.position.label(hex_) for hex_ in open_hexes)
        return [
            unit_ref(state.unit.id) + " was eliminated, but it could retreat into "
            f"{hexes(len(open_hexes))} ({safe}) where (Q) would not eliminate it"
        ]
