"""Isolation (8.10) and where a beaten unit may retreat (8.9).

When the defending unit that fought is eliminated or retreats, each other defending unit
in the area either retreats to an adjacent area its side controls, turning over, or
stays isolated there; with no such area it is isolated without a choice. An isolated
unit cannot move, fights with its own steps only, cannot retreat after combat and does
not count for control (3.6); it is freed the moment its side controls the area again.

A position says which units are isolated (a flag); the referee rules whether each still
is, and, for the defenders in a contested area, what 8.10 will let them do.
"""

from __future__ import annotations

from rules.referee.position import Position, UnitState
from rules.referee.rks.board import SOVIET, Board
from rules.referee.rks.control import ISOLATED, Control
from rules.referee.prose import unit_ref
from rules.referee.verdict import Verdict


class Isolation:
    """Isolation and retreats in one position; ``defending`` is the side not in its
    operations phase (None when the phase does not say)."""

    def __init__(
        self, position: Position, board: Board, control: Control, defending: str | None
    ) -> None:
        self.position = position
        self.board = board
        self.control = control
        self.defending = defending

    def retreats(self, state: UnitState) -> tuple[str, ...]:
        """The adjacent areas ``state`` may retreat into: its side controls them (8.9 (1),
        8.10 (1)), never the enemy rear (3.5), and for a Soviet unit never its own rear
        (8.9 (4))."""
        allowed = []
        for area in self.board.neighbours(state.location):
            owner = self.board.rear_owner(area)
            if owner is not None and (owner != state.side or state.side == SOVIET):
                continue
            if self.control.of(area) == state.side:
                allowed.append(area)
        return tuple(allowed)

    def isolated(self, state: UnitState) -> bool:
        """True when ``state`` is isolated now: flagged, and its side does not control its area."""
        return ISOLATED in state.flags and self.control.of(state.location) != state.side

    def _names(self, areas: tuple[str, ...]) -> str:
        return ", ".join(self.board.name(area) for area in areas)

    def verdicts(self) -> list[Verdict]:
        """A verdict for every unit flagged isolated, and for every defender in a
        contested area that 8.10 may isolate."""
        verdicts = [
            self._flagged(state) for state in self.position.units if ISOLATED in state.flags
        ]
        for contested in self.control.contested():
            for side in sorted({state.side for state in contested.counted}):
                if self.defending is not None and side != self.defending:
                    continue
                defenders = [state for state in contested.counted if state.side == side]
                if len(defenders) > 1:
                    verdicts += [self._choice(state) for state in defenders]
        return verdicts

    def _flagged(self, state: UnitState) -> Verdict:
        area = self.board.name(state.location)
        side = self.board.side_name(state.side)
        if not self.isolated(state):
            return Verdict(
                subject=unit_ref(state.unit.id),
                topic="isolation",
                outcome="no longer isolated",
                rules=("8.10",),
                explanation=f"the {side} side controls {area} again, which ends isolation at once",
                details={"area": state.location, "isolated": "no"},
                unit=state.unit.id,
            )
        retreats = self.retreats(state)
        if retreats:
            how = f"friendly areas next to it now: {self._names(retreats)}, so isolation was a choice (8.10 (1))"
        else:
            how = "no friendly area next to it, so isolation was automatic (8.10 (2))"
        return Verdict(
            subject=unit_ref(state.unit.id),
            topic="isolation",
            outcome="isolated",
            rules=("8.10", "3.6"),
            explanation=(
                f"isolated in {area}: cannot move, fights with its own steps only, cannot retreat after "
                f"combat and does not count for control; {how}"
            ),
            details={"area": state.location, "isolated": "yes", "retreats": " ".join(retreats)},
            unit=state.unit.id,
            state="isolated",
        )

    def _choice(self, state: UnitState) -> Verdict:
        area = self.board.name(state.location)
        retreats = self.retreats(state)
        if retreats:
            outcome = "may retreat or be isolated"
            what = f"retreats to {self._names(retreats)} (turned over) or stays isolated in {area} (8.10 (1), (2))"
        else:
            outcome = "would be isolated"
            what = f"stays isolated in {area}: no area next to it is under its side's control (8.10 (2))"
        return Verdict(
            subject=unit_ref(state.unit.id),
            topic="isolation",
            outcome=outcome,
            rules=("8.10", "8.2"),
            explanation="if the defending unit that fights is eliminated or retreats, "
            + unit_ref(state.unit.id)
            + f" {what}",
            details={"area": state.location, "isolated": "no", "retreats": " ".join(retreats)},
            unit=state.unit.id,
        )
