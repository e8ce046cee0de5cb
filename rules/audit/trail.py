"""What a log is to the audit: a start position and the position after each logged step.

A VASSAL log records where pieces went, not how: a move is its start and end hex, and
the path between is for the audit to find. Positions are the referee's own
(:class:`Position`), so every rule the referee knows judges them unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from rules.referee.position import Position


@dataclass(frozen=True)
class Snapshot:
    """The position after log step ``step`` (0: before any), with the module's global
    properties (the VP totals) as the step left them, and the markers on the hex map:
    each marker piece's id with the marker it is (an id of the game's markers) and the
    hex it lies in."""

    step: int
    position: Position
    properties: Mapping[str, str] = field(default_factory=dict)
    markers: Mapping[str, tuple[str, str]] = field(default_factory=dict)


@dataclass(frozen=True)
class Said:
    """A chat line logged at ``step``: a declared attack, a player's words."""

    step: int
    text: str


@dataclass(frozen=True)
class Roll:
    """The module's die button at ``step``: the value it reported, and the line as shown."""

    step: int
    value: int
    text: str


@dataclass(frozen=True)
class Trail:
    """A file's play: its start and every step that changed the position, in order.

    ``source`` names the file; ``steps`` counts every logged step, also those (chat,
    dice) that changed no piece and so have no snapshot; ``said`` and ``rolls`` are
    those steps' chat lines and die rolls.
    """

    source: str
    start: Snapshot
    snapshots: tuple[Snapshot, ...]
    steps: int
    said: tuple[Said, ...] = ()
    rolls: tuple[Roll, ...] = ()
    paired: bool = False
    """Two saves judged as one step (:func:`pair`), not a log."""

    @property
    def end(self) -> Snapshot:
        """Where the file leaves the game."""
        return self.snapshots[-1] if self.snapshots else self.start


def pair(before: Trail, after: Trail) -> Trail:
    """Two saves of one game as a trail: the units as the second save has them, in the
    turn and phase of the first (step 1), then the turn tracker as the second has it
    (step 2, when it moved on).

    Two saves do not show in which phase between them a unit moved; it is judged in the
    phase the first save shows, the one play resumed in, and the ledger's heading says
    so, rather than in a later phase the tracker was merely advanced to.
    """
    start, end = before.end, after.end
    moved = Snapshot(
        1,
        replace(end.position, turn=start.position.turn, phase=start.position.phase),
        end.properties,
    )
    source = f"{before.source} → {after.source}"
    if (start.position.turn, start.position.phase) == (end.position.turn, end.position.phase):
        return Trail(source, start, (moved,), 1, paired=True)
    return Trail(source, start, (moved, replace(end, step=2)), 2, paired=True)
