"""The sequence of play (``[referee.sequence]``): whose phase it is, which of its units
act in it and how, and the night turns.

A position names its phase (a position file's ``phase``, a save's turn tracker); one
that names none is judged without the sequence of play.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.referee_data.sequence import Action, SequencePhase, SequenceRule
from rules.model import Unit


@dataclass(frozen=True)
class Refusal:
    """Why the phase does not let a unit do what it did, with the rule."""

    text: str
    rules: tuple[str, ...]


def refusal(
    rule: SequenceRule, phase_name: str | None, unit: Unit, action: Action
) -> Refusal | None:
    """Why ``unit`` may not do ``action`` in the phase called ``phase_name`` (None when it
    may, or the position names no phase of the sequence)."""
    phase = rule.phase(phase_name)
    if phase is None:
        return None
    rules = (phase.section,)
    if phase.side != unit.side:
        return Refusal(f"it is not its side's phase ({phase.name})", rules)
    if phase.action is not action:
        return Refusal(f"{phase.name} is a {phase.action} phase, not a {action} phase", rules)
    if phase.units is not None and not phase.units.matches(unit):
        return Refusal(f"only {phase.units.describe()} units act in {phase.name}", rules)
    return None


def is_night(rule: SequenceRule | None, turn: int) -> bool:
    """Whether ``turn`` is a night turn."""
    return rule is not None and turn in rule.night_turns


def phases_of(rule: SequenceRule, side: str, action: Action) -> tuple[SequencePhase, ...]:
    """The phases in which ``side`` does ``action``."""
    return tuple(phase for phase in rule.phases if phase.side == side and phase.action is action)
