"""Retreats after combat in Drive on Stalingrad (11.33, 11.34).

A DR retreats the defender one hex into a hex without enemy units; an Axis unit never
into a standing Don–Volga line hex. Of the hexes it may go to, the defending player must
take one toward the nearest supply source (11.33); the retreat keeps the movement
restrictions (no all-sea hexside) and the stacking limit, and when its only way would
over-stack the defender takes DE instead (11.34). "Toward the nearest supply source" is
read as the hex from which a supply line (7.12's paths: no enemy unit, no Volga for the
Axis...) runs the fewest hexes to a source of its side's network; several such hexes
are the player's free choice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rules.hexes import Hex, neighbours
from rules.referee.dos.control import Control
from rules.referee.dos.movement import Movement
from rules.referee.dos.supply import SupplyLines
from rules.referee.dos.units import AXIS
from rules.referee.position import Position, UnitState
from rules.referee.prose import Prose, unit_ref
from rules.referee.results import Retreat
from rules.referee.wording import hexes

RETREAT_RULES = ("11.33", "11.34")


@dataclass(frozen=True, eq=False)
class Retreats:
    """The retreats that start in one position (the one the die was rolled in)."""

    position: Position
    control: Control
    supply: SupplyLines
    movement: Movement
    weight: Callable[[UnitState], int]
    limit: Callable[[Hex, str], int]

    def options(self, state: UnitState) -> dict[Hex, str]:
        """Each hex next to ``state`` with why it may not retreat there ("" when it may)."""
        assert state.hex is not None
        enemy = self.control.occupied_by[self.position.other_side(state.side)]
        found = {}
        for hex_ in neighbours(state.hex):
            if hex_ not in self.movement.board.playable:
                continue
            cost, problem = self.movement.entry_cost(state, state.hex, hex_)
            if hex_ in enemy:
                problem = "enemy units stand there"
            elif state.side == AXIS and hex_ in self.control.intact_line_hexes:
                problem = "an Axis unit never retreats into a standing Don–Volga line hex"
            elif cost is not None and self._stacked(state, hex_) + self.weight(state) > self.limit(
                hex_, state.side
            ):
                problem = "it would over-stack the hex (11.34)"
            found[hex_] = problem if cost is None or problem else ""
        return found

    def _stacked(self, state: UnitState, hex_: Hex) -> int:
        return sum(
            self.weight(other)
            for other in self.position.units
            if other.hex == hex_ and other.side == state.side
        )

    def to_source(self, side: str, hex_: Hex) -> int | None:
        """How many hexes a supply line from ``hex_`` runs to the nearest source of
        ``side``'s network; None when none can be traced."""
        board = self.movement.board.board_of[hex_]
        return self.supply.supplies[(side, board)].far.distance.get(hex_)

    def problems(self, retreats: Sequence[Retreat]) -> list[Prose]:
        """What 11.33 and 11.34 do not allow in ``retreats``."""
        found: list[Prose] = []
        for retreat in retreats:
            state = next(s for s in self.position.units if s.unit.id == retreat.unit)
            options = self.options(state)
            open_hexes = [hex_ for hex_, problem in options.items() if not problem]
            label = self.position.label
            if retreat.end is None:
                if open_hexes:
                    found.append(
                        unit_ref(state.unit.id)
                        + " was eliminated, but it could retreat into "
                        + " or ".join(label(hex_) for hex_ in open_hexes)
                        + " (11.33; DE instead only when the one way over-stacks, 11.34)"
                    )
                continue
            if retreat.end == retreat.start:
                continue
            why = options.get(retreat.end, "")
            if why:
                found.append(
                    unit_ref(state.unit.id)
                    + f" retreated into {label(retreat.end)}, where it may not: {why}"
                )
                continue
            found += self._toward_source(state, retreat.end, open_hexes)
        return found

    def _toward_source(self, state: UnitState, end: Hex, open_hexes: list[Hex]) -> list[Prose]:
        """A retreat toward the nearest supply source (11.33), or why it is not."""
        distances = {hex_: self.to_source(state.side, hex_) for hex_ in open_hexes}
        reached = [value for value in distances.values() if value is not None]
        if not reached:
            return []
        best = min(reached)
        taken = distances[end]
        if taken == best:
            return []
        nearer = " or ".join(
            self.position.label(hex_) for hex_, value in distances.items() if value == best
        )
        how_far = "no supply line can be traced" if taken is None else hexes(taken)
        return [
            unit_ref(state.unit.id)
            + f" retreated into {self.position.label(end)}, from which the nearest supply "
            f"source is {how_far} away, but {nearer} is {hexes(best)} from one: a retreat "
            "goes toward the nearest supply source"
        ]
