"""The ledger: turn by turn and phase by phase, what each side did, each act judged.

Walks a :class:`Trail` step by step. A unit whose hex changed moved; it is judged from
the hex it held when the phase began, so a move made in several drags is judged as one.
When a movement phase ends, stacking is judged on the position it left. What the audit
does not judge yet (attacks, arrivals, VP awards) is listed as recorded, never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Protocol

from rules.audit.continuity import chain_breaks, digest
from rules.audit.movement import MOVES
from rules.audit.phases import VP_RULES, PhaseRule, phase_rule
from rules.audit.trail import Snapshot, Trail
from rules.hexes import Hex
from rules.referee.games import referee_for
from rules.referee.hexgame import HexReferee
from rules.referee.hidden import UNTRIED_FLAG, UNTRIED_RULE, PlayerView, player_view
from rules.referee.position import Position, UnitState
from rules.referee.verdict import Verdict

NOT_JUDGED = "recorded, not judged"
"""The outcome of an act the audit lists but does not rule on yet."""


class MoveJudge(Protocol):
    """Judges moves made from one position (the start of a phase)."""

    def judge(self, state: UnitState, goal: Hex) -> Verdict: ...


@dataclass(frozen=True)
class Entry:
    """One line of the ledger: the act of ``side`` at log step ``step``, in ``turn`` and
    ``phase``, and its verdict."""

    step: int
    turn: int
    phase: str | None
    side: str | None
    verdict: Verdict

    def as_json(self) -> dict[str, object]:
        """A plain dict for JSON output."""
        return {
            "step": self.step,
            "turn": self.turn,
            "phase": self.phase,
            "side": self.side,
            **self.verdict.as_json(),
        }


@dataclass(frozen=True)
class Ledger:
    """The audit of one file: the position digests, every entry, and the bookkeeping
    (turn, phase and the module's properties) as the file leaves them.

    ``revealed`` holds the step at which each untried unit of the start was first shown
    (DoS 2.14), so a player's view hides it only before then.
    """

    game: str
    source: str
    steps: int
    digests: tuple[tuple[str, str], ...]
    entries: tuple[Entry, ...]
    turn: int
    phase: str | None
    properties: tuple[tuple[str, str], ...]
    start: Position
    revealed: tuple[tuple[str, int], ...] = ()

    def seen_by(self, side: str | None) -> tuple[Entry, ...]:
        """The entries as ``side``'s player may read them (None: the referee's view):
        an untried unit goes by its alias until the step that revealed it."""
        if side is None:
            return self.entries
        view = player_view(self.start, side)
        revealed = dict(self.revealed)
        shown = []
        for entry in self.entries:
            hidden = {
                unit: alias
                for unit, alias in view.aliases.items()
                if revealed.get(unit, self.steps + 1) > entry.step
            }
            shown.append(replace(entry, verdict=PlayerView(side, hidden).verdict(entry.verdict)))
        return tuple(shown)

    def as_json(self, side: str | None = None) -> dict[str, object]:
        """A plain dict for JSON output, as ``side``'s player may read it."""
        return {
            "game": self.game,
            "source": self.source,
            "steps": self.steps,
            **({"as": side} if side else {}),
            "digests": dict(self.digests),
            "end": {"turn": self.turn, "phase": self.phase, "properties": dict(self.properties)},
            "entries": [entry.as_json() for entry in self.seen_by(side)],
        }


def _state_of(position: Position) -> dict[str, UnitState]:
    return {state.unit.id: state for state in position.units}


@dataclass
class _Walk:
    """The audit's state while it walks a trail: the entries so far, the position the
    current phase began with, and the move judge built on it (once per phase)."""

    entries: list[Entry]
    phase_start: Position
    judge: MoveJudge | None = None

    @property
    def rule(self) -> PhaseRule:
        return phase_rule(self.phase_start.spec, self.phase_start.phase or "")

    def add(self, step: int, position: Position, side: str | None, verdict: Verdict) -> None:
        self.entries.append(Entry(step, position.turn, position.phase, side, verdict))

    def end_phase(self, step: int, position: Position, note: str = "") -> None:
        """Stacking on the position a movement phase left (each game's stacking rule)."""
        if self.phase_start.phase is None or not self.rule.moves:
            return
        referee = referee_for(position)
        assert isinstance(referee, HexReferee)
        problems = referee.stacking()
        for verdict in problems:
            self.add(step, position, self.rule.side, verdict)
        if not problems:
            self.add(
                step,
                position,
                self.rule.side,
                Verdict(
                    "stacking",
                    "stacking",
                    "legal",
                    referee.stacking_rules,
                    f"no hex over-stacked at the end of {position.phase}{note}",
                    state="legal",
                ),
            )

    def moved(self, step: int, position: Position, before: UnitState, after: UnitState) -> None:
        """Judge a unit's move from where it stood when the phase began."""
        origin = _state_of(self.phase_start).get(after.unit.id, before)
        rule = self.rule
        if origin.hex is None:
            self.add(
                step,
                position,
                after.side,
                Verdict(
                    after.unit.id,
                    "arrival",
                    NOT_JUDGED,
                    rule.rules,
                    f"entered the map at {after.location}; arrivals are not audited yet",
                    unit=after.unit.id,
                ),
            )
            return
        forbidden = (
            rule.forbids(after.unit)
            if self.phase_start.phase is not None
            else "the log shows no phase"
        )
        if forbidden is not None:
            self.add(
                step,
                position,
                after.side,
                Verdict(
                    after.unit.id,
                    "movement",
                    "illegal",
                    rule.rules,
                    f"moved {origin.location} → {after.location}, but {forbidden}",
                    unit=after.unit.id,
                    violation=True,
                    state="illegal",
                ),
            )
            return
        if after.hex == origin.hex:
            self.add(
                step,
                position,
                after.side,
                Verdict(
                    after.unit.id,
                    "movement",
                    "legal",
                    rule.rules,
                    f"back in {after.location}, where it began the phase",
                    unit=after.unit.id,
                    state="legal",
                ),
            )
            return
        if self.judge is None:
            self.judge = MOVES[position.spec.id](self.phase_start)
        assert after.hex is not None
        verdict = self.judge.judge(origin, after.hex)
        if rule.chosen:
            verdict = replace(
                verdict,
                rules=verdict.rules + rule.rules,
                explanation=verdict.explanation
                + "; this phase is movement only if the player chose "
                "to move in it, which the log does not record",
            )
        self.add(
            step, position, after.side, replace(verdict, violation=verdict.state == "illegal")
        )


def _changes(walk: _Walk, snapshot: Snapshot, previous: Position) -> list[str]:
    """Judge what changed from ``previous`` to ``snapshot``; the ids of units revealed."""
    position = snapshot.position
    before, after = _state_of(previous), _state_of(position)
    eliminated_before = {unit.id for unit in previous.eliminated}
    revealed = []
    for unit_id, state in after.items():
        old = before.get(unit_id)
        if old is None or old.hex != state.hex:
            walk.moved(
                snapshot.step,
                position,
                old or UnitState(state.unit, "off the map", None, state.steps),
                state,
            )
        if old is not None and old.steps != state.steps:
            walk.add(
                snapshot.step,
                position,
                state.side,
                Verdict(
                    unit_id,
                    "step loss",
                    NOT_JUDGED,
                    walk.rule.rules,
                    f"{old.steps} → {state.steps} steps; combat results are not audited yet",
                    unit=unit_id,
                ),
            )
        if old is not None and UNTRIED_FLAG in old.flags and UNTRIED_FLAG not in state.flags:
            revealed.append(unit_id)
            walk.add(
                snapshot.step,
                position,
                state.side,
                Verdict(
                    unit_id,
                    "reveal",
                    NOT_JUDGED,
                    (UNTRIED_RULE,),
                    "revealed (untried no more)",
                    unit=unit_id,
                ),
            )
    eliminated_now = {unit.id for unit in position.eliminated}
    for unit in position.eliminated:
        if unit.id not in eliminated_before:
            walk.add(
                snapshot.step,
                position,
                unit.side,
                Verdict(
                    unit.id,
                    "elimination",
                    NOT_JUDGED,
                    walk.rule.rules,
                    "eliminated; combat results are not audited yet",
                    unit=unit.id,
                ),
            )
    for unit_id, state in before.items():
        if unit_id not in after and unit_id not in eliminated_now:
            walk.add(
                snapshot.step,
                position,
                state.side,
                Verdict(
                    unit_id,
                    "removal",
                    NOT_JUDGED,
                    walk.rule.rules,
                    f"taken off the map from {state.location}, not to a dead pile",
                    unit=unit_id,
                ),
            )
    return revealed


def audit(trail: Trail, previous: Snapshot | None = None) -> Ledger:
    """The ledger of ``trail``; with ``previous`` (the end of the file sent before), the
    continuity of the two first."""
    start = trail.start.position
    sequence = phase_rule(start.spec, start.phase or "").rules
    vp_rules = VP_RULES.get(start.spec.id, sequence)
    walk = _Walk([], start)
    digests = []
    if previous is not None:
        digests.append(("previous", digest(previous.position)))
        breaks = chain_breaks(previous.position, start, sequence)
        for verdict in breaks or [
            Verdict(
                "chain",
                "continuity",
                "continuous",
                sequence,
                "this file starts exactly where the previous one ends",
            )
        ]:
            walk.add(0, start, None, verdict)
    digests.append(("start", digest(start)))
    revealed: dict[str, int] = {}
    last = trail.start
    for snapshot in trail.snapshots:
        position = snapshot.position
        if (position.turn, position.phase) != (last.position.turn, last.position.phase):
            walk.end_phase(snapshot.step, last.position)
            walk.phase_start, walk.judge = (
                replace(last.position, turn=position.turn, phase=position.phase),
                None,
            )
        for unit_id in _changes(walk, snapshot, last.position):
            revealed.setdefault(unit_id, snapshot.step)
        for name, value in sorted(snapshot.properties.items()):
            old = last.properties.get(name)
            if old is not None and old != value:
                walk.add(
                    snapshot.step,
                    position,
                    None,
                    Verdict(
                        name,
                        "bookkeeping",
                        NOT_JUDGED,
                        vp_rules,
                        f"{old} → {value}; the award is not checked against the rules yet",
                    ),
                )
        last = snapshot
    if trail.snapshots:
        walk.end_phase(trail.steps, last.position, " (the file ends in this phase)")
    end = trail.end
    digests.append(("end", digest(end.position)))
    return Ledger(
        game=start.spec.id,
        source=trail.source,
        steps=trail.steps,
        digests=tuple(digests),
        entries=tuple(walk.entries),
        turn=end.position.turn,
        phase=end.position.phase,
        properties=tuple(sorted(end.properties.items())),
        start=start,
        revealed=tuple(sorted(revealed.items())),
    )
