"""Which side plays a phase, and whether its units may move in it: the sequence of play.

The phase names are the games' own sequences of play (``phases`` in each game.toml,
the turn tracker's list), so a phase's side and kind are read from its name: it opens
with a side's name, or with a nationality's (DoS "German: …"), and says "movement". A
phase named "A, or B" is one whose kind the player chose in play, which a log does not
record. A game whose ``[referee.sequence]`` data states its phases is read from that
instead: each phase's side, what its units do (move, attack, bombard) and which units act
(:func:`data_phase_rule`). This is the engine's default
(:meth:`rules.referee.hexgame.HexReferee.phase_rule`); a game's referee narrows it where
its rules do (TPS: only motorised units move in the motorised movement phase).
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.model import GameSpec, Unit
from rules.referee_data.conditions import UnitFilter
from rules.referee_data.sequence import Action, SequenceRule

NO_PHASE = "the log shows no phase"
"""Why no unit may be judged to move when a game that has phases shows none."""


@dataclass(frozen=True)
class Refusal:
    """Why the phase does not let a unit do what it did, with the rules."""

    text: str
    rules: tuple[str, ...]


@dataclass(frozen=True)
class PhaseRule:
    """What a phase allows: ``side`` moves in it when ``moves`` (None: either side, in a
    game whose turns have no phases); when ``only`` names mobility classes, only units of
    those (``only_name`` says them) move; ``chosen`` says the player picked, in play,
    whether this phase was movement (DoS 5.4), which a log does not record; ``unknown``
    that the game has phases but the log shows none. A phase the game's data states
    says its ``action`` and, with ``units``, which units act in it."""

    name: str | None
    side: str | None
    moves: bool
    chosen: bool
    rules: tuple[str, ...]
    only: frozenset[str] | None = None
    only_name: str = ""
    unknown: bool = False
    action: Action | None = None
    units: UnitFilter | None = None

    def forbids(self, unit: Unit, action: Action = Action.MOVEMENT) -> str | None:
        """Why ``unit`` may not do ``action`` (move, unless said) in this phase, or None
        when it may."""
        if self.unknown:
            return NO_PHASE
        if self.name is not None and unit.side != self.side:
            return f"it is not its side's phase ({self.name})"
        if self.action is not None:
            if self.action is not action:
                return f"{self.name} is a {self.action} phase, not a {action} phase"
            if self.units is not None and not self.units.matches(unit):
                return f"only {self.units.describe()} units act in {self.name}"
            return None
        if not self.moves:
            return f"{self.name} is not a movement phase"
        if self.only is not None and unit.mobility.lower() not in self.only:
            return f"only {self.only_name} units move in the {self.name} phase"
        return None

    def refusal(self, unit: Unit, action: Action = Action.MOVEMENT) -> Refusal | None:
        """:meth:`forbids` with the rules that say so."""
        forbidden = self.forbids(unit, action)
        return None if forbidden is None else Refusal(forbidden, self.rules)

    @property
    def period(self) -> str:
        """What the rule governs: a phase, or a whole turn in a game without phases."""
        return "phase" if self.name is not None or self.unknown else "turn"

    def ending(self, turn: int) -> str:
        """The end of this phase in words: "the end of Soviet first movement"."""
        return f"the end of {self.name}" if self.name is not None else f"the end of turn {turn}"


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


def has_phases(spec: GameSpec) -> bool:
    """Whether the game's turns are divided into phases (its own, or a scenario's)."""
    return bool(spec.phases) or any(scenario.phases for scenario in spec.scenarios.values())


def phase_rule(spec: GameSpec, phase: str | None, rules: tuple[str, ...]) -> PhaseRule:
    """What ``phase`` of ``spec``'s sequence of play allows, citing ``rules``."""
    if phase is None:
        phased = has_phases(spec)
        return PhaseRule(None, None, not phased, False, rules, unknown=phased)
    lowered = phase.lower()
    chosen = ", or " in lowered
    return PhaseRule(
        name=phase,
        side=phase_side(spec, phase),
        moves="movement" in lowered or chosen,
        chosen=chosen,
        rules=rules,
    )


def data_phase_rule(sequence: SequenceRule, phase: str | None) -> PhaseRule:
    """What ``phase`` allows as the game's ``[referee.sequence]`` states it, citing the
    phase's own section; a phase the sequence does not name lets no unit act, and a
    position that names no phase is held to none (it is a game with phases)."""
    if phase is None:
        return PhaseRule(None, None, False, False, (sequence.section,), unknown=True)
    found = sequence.phase(phase)
    if found is None:
        return PhaseRule(phase, None, False, False, (sequence.section,))
    return PhaseRule(
        name=phase,
        side=found.side,
        moves=found.action is Action.MOVEMENT,
        chosen=False,
        rules=(found.section,),
        action=found.action,
        units=found.units,
    )
