"""What a log is to the audit: a start position and the position after each logged step.

A VASSAL log records where pieces went, not how: a move is its start and end hex, and
the path between is for the audit to find. Positions are the referee's own
(:class:`Position`), so every rule the referee knows judges them unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from rules.referee.position import Position


@dataclass(frozen=True)
class Snapshot:
    """The position after log step ``step`` (0: before any), with the module's global
    properties (the VP totals) as the step left them."""

    step: int
    position: Position
    properties: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Trail:
    """A file's play: its start and every step that changed the position, in order.

    ``source`` names the file; ``steps`` counts every logged step, also those (chat,
    dice) that changed no piece and so have no snapshot.
    """

    source: str
    start: Snapshot
    snapshots: tuple[Snapshot, ...]
    steps: int

    @property
    def end(self) -> Snapshot:
        """Where the file leaves the game."""
        return self.snapshots[-1] if self.snapshots else self.start
