"""The sequence of play: each phase with the side and the units that act in it, and
the night turns."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.referee_data.conditions import UnitFilter


class Action(StrEnum):
    """What the acting units do in a phase."""

    MOVEMENT = "movement"
    COMBAT = "combat"
    BOMBARDMENT = "bombardment"


@dataclass(frozen=True)
class SequencePhase:
    """A phase: ``side``'s units matching ``units`` (all, when None) do ``action``."""

    name: str
    side: str
    action: Action
    units: UnitFilter | None
    section: str


@dataclass(frozen=True)
class SequenceRule:
    """The phases of every turn in order, and the turns that are night turns."""

    section: str
    phases: tuple[SequencePhase, ...]
    night_turns: frozenset[int]
    night_section: str

    def phase(self, name: str | None) -> SequencePhase | None:
        """The phase called ``name``, or None (a position that names none)."""
        return next((phase for phase in self.phases if phase.name == name), None)

    def is_night(self, turn: int) -> bool:
        """Whether ``turn`` is a night turn."""
        return turn in self.night_turns


@dataclass(frozen=True)
class ReinforcementRule:
    """Reinforcements enter on their turn or later, in one of their entry hexes (each
    unit's ``[[unit.arrival]]`` ``hexes``), never before."""

    section: str
