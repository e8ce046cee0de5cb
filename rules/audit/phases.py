"""Which side plays a phase, and whether its units may move in it.

The phase names are the games' own sequences of play (``phases`` in each game.toml,
the turn tracker's list), so a phase's side and kind are read from its name: it opens
with a side's name, or with a nationality's (DoS "German: …"), and says "movement".
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.model import GameSpec, Unit
from rules.referee_data.conditions import UnitFilter
from rules.referee_data.sequence import Action
from rules.referee.tps.sections import RULES as TPS_RULES
from rules.referee.tps.units import is_motorised

SEQUENCE_RULES = {"tps": (TPS_RULES["sequence_of_play"],), "dos": ("5.1", "5.4")}
"""The rule of each game's sequence of play, which says who does what in each phase."""

VP_RULES = {"tps": (TPS_RULES["vp_schedule"],), "dos": ("4.0",)}
"""The rules the VP tracks follow, cited when a VP total changes."""

EITHER_PHASE = "the other phase"
"""A DoS player turn's second phase: movement or prepared attacks, whichever came second (5.4)."""


@dataclass(frozen=True)
class PhaseRule:
    """What a phase allows: ``side`` moves in it when ``moves``; in a TPS motorised
    movement phase only motorised units do; ``chosen`` says the player picked, in play,
    whether this phase was movement (DoS 5.4), which a log does not record."""

    name: str
    side: str | None
    moves: bool
    motorised_only: bool
    chosen: bool
    rules: tuple[str, ...]
    units: UnitFilter | None = None
    """The units that act in the phase, when a game's data names them."""

    def forbids(self, unit: Unit) -> str | None:
        """Why ``unit`` may not move in this phase, or None when it may."""
        if unit.side != self.side:
            return f"it is not its side's phase ({self.name})"
        if not self.moves:
            return f"{self.name} is not a movement phase"
        if self.motorised_only and not is_motorised(unit):
            return f"only motorised units move in the {self.name} phase"
        if self.units is not None and not self.units.matches(unit):
            return f"only {self.units.describe()} units act in {self.name}"
        return None


def phase_side(spec: GameSpec, phase: str) -> str | None:
    """The side whose phase ``phase`` is, by the side or nationality name it opens with."""
    opening = phase.split(":")[0].split()[0] if phase.strip() else ""
    for side in spec.sides:
        if side.name == opening:
            return side.id
    for nationality in spec.nationalities.values():
        if nationality.name.split()[0] == opening:
            return nationality.side
    return None


def phase_rule(spec: GameSpec, phase: str) -> PhaseRule:
    """What ``phase`` of ``spec``'s sequence of play allows: as its ``[referee.sequence]``
    data says, or read from the phase's name."""
    sequence = spec.referee.sequence if spec.referee is not None else None
    if sequence is not None:
        found = sequence.phase(phase)
        return PhaseRule(
            name=phase,
            side=None if found is None else found.side,
            moves=found is not None and found.action is Action.MOVEMENT,
            motorised_only=False,
            chosen=False,
            rules=(sequence.section,) if found is None else (found.section,),
            units=None if found is None else found.units,
        )
    lowered = phase.lower()
    chosen = ", or " in lowered or EITHER_PHASE in lowered
    return PhaseRule(
        name=phase,
        side=phase_side(spec, phase),
        moves="movement" in lowered or chosen,
        motorised_only="motorised" in lowered,
        chosen=chosen,
        rules=SEQUENCE_RULES.get(spec.id, ("sequence of play",)),
    )
