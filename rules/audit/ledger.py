"""The ledger: turn by turn and phase by phase, what each side did, each act judged.

Walks a :class:`Trail` step by step. A unit whose hex changed moved; it is judged from
the hex it held when the phase began, so a move made in several drags is judged as one.
When a movement phase ends, stacking is judged on the position it left. A declared
attack is judged when its die is rolled (:mod:`rules.audit.combat`), and its result once
the next attack is declared or the phase ends (:mod:`rules.audit.applied`); a unit entering the map against its
arrival (:mod:`rules.audit.arrivals`); each turn's end by the referee
(:mod:`rules.audit.turn_end`). What the audit does not judge (VP awards) is listed as
recorded, never guessed.

Over 500 lines: one job, the walk through a hex game's log, whose parts (moves, attacks,
arrivals, turn ends) share the walk's state from step to step.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Protocol, cast

from rules.audit.arrivals import judge_arrival
from rules.audit.applied import PENDING, applied
from rules.audit.combat import Attack, carried, declared, rolled, unclaimed
from rules.audit.continuity import Digests, chain_breaks, digests_of, skipped
from rules.audit.declarations import Declaration, read_declaration
from rules.audit.movement import judged_move, moved_on
from rules.referee.sequence import PhaseRule
from rules.audit.trail import Roll, Said, Snapshot, Trail
from rules.audit.turn_end import turn_end
from rules.model import GameSpec
from rules.referee.games import hex_referee_for, referee_class
from rules.referee.hexgame import HexReferee
from rules.referee.hidden import (
    UNTRIED_FLAG,
    UNTRIED_RULE,
    PlayerView,
    hides_information,
    kept_back,
    player_view,
)
from rules.referee.position import Position, UnitState
from rules.referee.prose import unit_ref, unit_refs
from rules.referee.verdict import Place, Verdict

NOT_JUDGED = "recorded, not judged"
"""The outcome of an act the audit lists but does not rule on yet."""
WITHHELD_TOPICS = ("declaration", "attack", "combat result")
"""Entries whose figures rest on the strengths of the units they name (``details["units"]``)."""


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

    ``revealed`` holds the step at which each untried unit was first shown (DoS 2.14),
    so a player's view hides it only before then; ``entered_untried`` the untried units
    that came onto the map after the start (reinforcements drawn untried, 8.3), in the
    order they came, whose aliases follow the start's. ``views`` holds the entries as
    each side's player may read them when the audit wrote them for each reader (the
    cards of Rattenkrieg, :mod:`rules.referee.rks.audit`).
    """

    game: str
    source: str
    steps: int
    digests: Digests
    entries: tuple[Entry, ...]
    turn: int
    phase: str | None
    properties: tuple[tuple[str, str], ...]
    start: Position
    revealed: tuple[tuple[str, int], ...] = ()
    entered_untried: tuple[str, ...] = ()
    views: tuple[tuple[str, tuple[Entry, ...]], ...] = ()
    pending: Attack | None = None
    """An attack rolled whose result the file ends before applying, which the next file
    of the chain applies and its audit judges."""
    side_digests: tuple[tuple[str, Digests], ...] = ()
    """Each side's digests of the same positions, of what that side sees (the referee's
    name hidden units and cards no player may work back to)."""

    @property
    def hidden_information(self) -> bool:
        """Whether the file holds what a player may not see: cards (Rattenkrieg's hands
        and steps) or untried units (DoS 2.14)."""
        return hides_information(self.start, self.start.cards is not None) or bool(
            self.entered_untried
        )

    def view_note(self, side: str | None) -> str:
        """Whose view the ledger is, as ``stavka check`` says it: a player's, or in a game
        with hidden information the referee's, which shows what no player may see."""
        if side is not None:
            name = next((item.name for item in self.start.spec.sides if item.id == side), side)
            return f" (as the {name} player sees it)"
        if not self.hidden_information:
            return ""
        shown = "both sides' cards" if self.start.cards is not None else "untried units by name"
        return f" (the referee's view: {shown}; --as SIDE shows one player's)"

    def digests_for(self, side: str | None) -> Digests:
        """The digests ``side``'s player may read (None: the referee's)."""
        return self.digests if side is None else dict(self.side_digests)[side]

    def seen_by(self, side: str | None) -> tuple[Entry, ...]:
        """The entries as ``side``'s player may read them (None: the referee's view):
        an untried unit goes by its alias until the step that revealed it."""
        if side is None:
            return self.entries
        if self.views:
            return dict(self.views)[side]
        aliases = self.aliases(side)
        shown = []
        for entry in self.entries:
            hidden = self.hidden_at(aliases, entry.step)
            verdict = entry.verdict
            if verdict.topic in WITHHELD_TOPICS and hidden.keys() & set(
                verdict.details.get("units", "").split(",")
            ):
                verdict = replace(
                    verdict,
                    explanation="untried units take part, whose strengths are revealed only "
                    "when the combat is fought",
                    rules=(UNTRIED_RULE,),
                    details={"units": verdict.details["units"]},
                )
            shown.append(replace(entry, verdict=PlayerView(side, hidden).verdict(verdict)))
        return tuple(shown)

    def aliases(self, side: str) -> dict[str, str]:
        """The alias ``side``'s player knows each untried unit by (2.14): the start's,
        then those that came onto the map untried, in the order they came."""
        aliases = dict(player_view(self.start, side).aliases)
        for unit in self.entered_untried:
            aliases[unit] = f"untried-{len(aliases) + 1}"
        return aliases

    def hidden_at(self, aliases: Mapping[str, str], step: int) -> dict[str, str]:
        """Of ``aliases``, those of units still unrevealed after log step ``step``: the
        ledger's entries and the timeline's map hide the same units at each step."""
        revealed = dict(self.revealed)
        return {
            unit: alias
            for unit, alias in aliases.items()
            if revealed.get(unit, self.steps + 1) > step
        }

    def as_json(self, side: str | None = None) -> dict[str, object]:
        """A plain dict for JSON output, as ``side``'s player may read it; ``hidden`` says
        it shows what some player may not see (the referee's view of a game with cards or
        untried units), ``hides`` what it keeps back from ``side``'s player."""
        return {
            "game": self.game,
            "source": self.source,
            "steps": self.steps,
            **({"as": side} if side else {}),
            **({"shows": "both sides"} if side is None and self.hidden_information else {}),
            "digests": dict(self.digests_for(side)),
            "end": {"turn": self.turn, "phase": self.phase, "properties": dict(self.properties)},
            "entries": [entry.as_json() for entry in self.seen_by(side)],
            "hidden": side is None and self.hidden_information,
            "hides": list(kept_back(self.start, self.start.cards is not None, side)),
        }


def _state_of(position: Position) -> dict[str, UnitState]:
    return {state.unit.id: state for state in position.units}


@dataclass
class _Walk:
    """The audit's state while it walks a trail: the entries so far, the position the
    current phase began with, and the referee built on it (once per phase), which judges
    the phase's moves."""

    entries: list[Entry]
    phase_start: Position
    referee: HexReferee | None = None
    attack: Attack | None = None
    fought: frozenset[str] = frozenset()
    """The units of every attack declared in this phase, whose reveal is due (DoS 2.14)."""
    pending: Attack | None = None
    """The attack whose result the file ends before any of it is applied."""
    arrived: dict[str, tuple[Position, UnitState]] = field(default_factory=dict)
    """Each unit that came onto the map in this phase: the position it came on in and its
    state there, which its further moves in the phase are judged from."""

    @property
    def phase_referee(self) -> HexReferee:
        """The referee of the position the phase began with."""
        if self.referee is None:
            self.referee = hex_referee_for(self.phase_start)
        return self.referee

    @property
    def rule(self) -> PhaseRule:
        """What the phase allows, as the game's sequence of play says."""
        return self.phase_referee.phase_rule(self.phase_start.phase)

    def add(self, step: int, position: Position, side: str | None, verdict: Verdict) -> None:
        self.entries.append(Entry(step, position.turn, position.phase, side, verdict))

    def close_attack(self, step: int, position: Position, file_ends: bool = False) -> None:
        """Judge the result applied of the attack followed so far, if it was rolled; when
        the file ends before any of it is applied, keep it as pending."""
        attack, self.attack = self.attack, None
        if attack is None:
            return
        if attack.at_roll is None:
            # Never rolled: judged as declared, which is all an automatic result needs.
            verdict = rolled(attack, None, attack.declared_in)
            self.add(step, position, attack.side, verdict)
        verdict_applied = applied(attack, position, file_ends)
        if verdict_applied is not None:
            self.add(step, position, attack.side, verdict_applied)
            if verdict_applied.outcome == PENDING:
                self.pending = attack

    def declare(self, declaration: Declaration, position: Position) -> None:
        self.close_attack(declaration.step, position)
        attack, verdict = declared(declaration, position)
        self.add(declaration.step, position, attack.side if attack else None, verdict)
        self.attack = attack
        if attack is None:
            return
        self.fought |= set(attack.units)
        odds = rolled(attack, None, position)
        if attack.result is not None:
            # An automatic result (DoS 11.10) needs no roll: the attack is resolved now.
            self.add(declaration.step, position, attack.side, odds)
        else:
            attack.at_roll = attack.report = None

    def roll(self, roll: Roll, position: Position) -> None:
        if self.attack is None or self.attack.at_roll is not None:
            self.add(roll.step, position, None, unclaimed(roll, position))
            return
        self.add(roll.step, position, self.attack.side, rolled(self.attack, roll, position))

    def end_phase(self, step: int, position: Position, note: str = "") -> None:
        """The last attack's result, then stacking on the position a movement phase
        left (each game's stacking rule)."""
        self.close_attack(step, position)
        self.fought = frozenset()
        if not self.rule.moves:
            return
        referee = hex_referee_for(position)
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
                    f"no hex over-stacked at {self.rule.ending(position.turn)}{note}",
                    state="legal",
                ),
            )

    def moved(self, step: int, position: Position, before: UnitState, after: UnitState) -> None:
        """Judge a unit's move from where it stood when the phase began, or, when it came
        onto the map in this phase, from where it came on."""
        entered = self.arrived.get(after.unit.id)
        if entered is not None and after.hex is not None:
            self.add(step, position, after.side, moved_on(*entered, after.hex))
            return
        origin = _state_of(self.phase_start).get(after.unit.id, before)
        rule = self.rule
        if origin.hex is None:
            self.add(step, position, after.side, judge_arrival(position, after))
            if after.hex is not None:
                self.arrived[after.unit.id] = (position, after)
            return
        own_rule = (
            None if after.hex is None else hex_referee_for(position).logged_move(after, after.hex)
        )
        if own_rule is not None:
            self.add(step, position, after.side, own_rule)
            return
        forbidden = rule.forbids(after.unit)
        if forbidden is not None:
            self.add(
                step,
                position,
                after.side,
                Verdict(
                    unit_ref(after.unit.id),
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
                    unit_ref(after.unit.id),
                    "movement",
                    "legal",
                    rule.rules,
                    f"back in {after.location}, where it began the phase",
                    unit=after.unit.id,
                    state="legal",
                ),
            )
            return
        assert after.hex is not None
        verdict = judged_move(self.phase_referee, origin, after.hex)
        if rule.chosen:
            verdict = replace(
                verdict,
                rules=verdict.rules + rule.rules,
                explanation=verdict.explanation
                + "; this phase is movement only if the player chose "
                "to move in it, which the log does not record",
            )
        self.add(step, position, after.side, replace(verdict, violation=verdict.state == "illegal"))


def _in_attack(walk: _Walk, unit_id: str) -> Attack | None:
    """The rolled attack whose result ``unit_id``'s change may be, if any."""
    attack = walk.attack
    if attack is not None and attack.at_roll is not None and unit_id in attack.units:
        return attack
    return None


def _result_part(
    walk: _Walk, step: int, position: Position, side: str, unit_id: str, attack: Attack, what: str
) -> None:
    """A change to a unit of a rolled attack: part of its result, judged as a whole."""
    resolved = attack.roll.step if attack.roll is not None else attack.declaration.step
    walk.add(
        step,
        position,
        side,
        Verdict(
            unit_ref(unit_id),
            "combat result",
            "part of a result",
            walk.phase_referee.combat_rules,
            f"{what}, after the attack was resolved at step {resolved}; "
            "judged with the attack's result",
            unit=unit_id,
            details={"units": unit_refs(attack.units, ",")},
            place=Place("hex", position.label(attack.declaration.defender_hex)),
        ),
    )


def _changes(walk: _Walk, snapshot: Snapshot, previous: Position) -> list[str]:
    """Judge what changed from ``previous`` to ``snapshot``; the ids of units revealed."""
    position = snapshot.position
    before, after = _state_of(previous), _state_of(position)
    eliminated_before = {unit.id for unit in previous.eliminated}
    revealed = []
    for unit_id, state in after.items():
        old = before.get(unit_id)
        if old is state:
            continue  # a piece no step touched is the same reading
        attack = _in_attack(walk, unit_id)
        if old is not None and old.hex != state.hex and attack is not None:
            _result_part(
                walk,
                snapshot.step,
                position,
                state.side,
                unit_id,
                attack,
                f"moved {old.location} → {state.location}",
            )
        elif old is None or old.hex != state.hex:
            walk.moved(
                snapshot.step,
                position,
                old or UnitState(state.unit, "off the map", None, state.steps),
                state,
            )
        if old is not None and old.steps != state.steps:
            if attack is not None:
                _result_part(
                    walk,
                    snapshot.step,
                    position,
                    state.side,
                    unit_id,
                    attack,
                    f"{old.steps} → {state.steps} steps",
                )
            else:
                walk.add(
                    snapshot.step,
                    position,
                    state.side,
                    Verdict(
                        unit_ref(unit_id),
                        "step loss",
                        NOT_JUDGED,
                        walk.rule.rules,
                        f"{old.steps} → {state.steps} steps, with no attack rolled to claim it",
                        unit=unit_id,
                    ),
                )
        if old is not None and UNTRIED_FLAG in old.flags and UNTRIED_FLAG not in state.flags:
            revealed.append(unit_id)
            fought = unit_id in walk.fought
            walk.add(
                snapshot.step,
                position,
                state.side,
                Verdict(
                    unit_ref(unit_id),
                    "reveal",
                    "legal" if fought else "illegal",
                    (UNTRIED_RULE,),
                    "revealed at its first combat"
                    if fought
                    else "revealed, but it takes part in no attack declared in this phase; "
                    "an untried unit is revealed only when it first fights",
                    unit=unit_id,
                    violation=not fought,
                ),
            )
    eliminated_now = {unit.id for unit in position.eliminated}
    for unit in position.eliminated:
        if unit.id not in eliminated_before:
            attack = _in_attack(walk, unit.id)
            if attack is not None:
                _result_part(
                    walk, snapshot.step, position, unit.side, unit.id, attack, "eliminated"
                )
                continue
            walk.add(
                snapshot.step,
                position,
                unit.side,
                Verdict(
                    unit_ref(unit.id),
                    "elimination",
                    NOT_JUDGED,
                    walk.rule.rules,
                    "eliminated, with no attack rolled to claim it",
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
                    unit_ref(unit_id),
                    "removal",
                    NOT_JUDGED,
                    walk.rule.rules,
                    f"taken off the map from {state.location}, not to a dead pile",
                    unit=unit_id,
                ),
            )
    return revealed


def _markers_moved(walk: _Walk, snapshot: Snapshot, last: Snapshot) -> None:
    """Each marker put on the hex map, moved on it or taken off: recorded, not judged
    (a marker's place is judged in a position, by ``stavka check``)."""
    position = snapshot.position
    for piece in sorted(snapshot.markers.keys() | last.markers.keys()):
        was, now = last.markers.get(piece), snapshot.markers.get(piece)
        if was == now:
            continue
        if was is None:
            assert now is not None
            marker, what = now[0], f"put on {now[1]}"
        elif now is None:
            marker, what = was[0], f"taken off {was[1]}"
        else:
            marker, what = now[0], f"{was[1]} → {now[1]}"
        walk.add(
            snapshot.step,
            position,
            None,
            Verdict(
                position.spec.markers[marker].name,
                "placement",
                NOT_JUDGED,
                walk.rule.rules,
                f"{what}; a marker's place is not judged in a log",
                place=Place("hex", now[1]) if now is not None else None,
            ),
        )


def audit(trail: Trail, previous: Snapshot | None = None, pending: Attack | None = None) -> Ledger:
    """The ledger of ``trail``; with ``previous`` (the end of the file sent before), the
    continuity of the two first, and with ``pending`` the attack whose result that file
    left to this one, judged here as if its roll were this file's."""
    start = trail.start.position
    walk = _Walk([], start)
    sequence = walk.phase_referee.sequence_rules
    vp_rules = walk.phase_referee.victory_point_rules
    positions: list[tuple[str, Position]] = []
    if previous is not None:
        positions.append(("previous", previous.position))
        breaks = chain_breaks(previous.position, start, sequence, walk.phase_referee.phase_rank)
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
    if trail.paired:
        gap = skipped(start, trail.end.position, sequence, walk.phase_referee.phase_rank)
        if gap is not None:
            walk.add(0, start, None, gap)
    if pending is not None and pending.result is not None:
        walk.attack = pending
        walk.add(0, start, pending.side, carried(pending, start))
    positions.append(("start", start))
    revealed: dict[str, int] = {}
    untried = {state.unit.id for state in start.units if UNTRIED_FLAG in state.flags}
    entered_untried: dict[str, None] = {}
    last = trail.start
    events: list[tuple[int, int, Snapshot | Said | Roll]] = sorted(
        [(item.step, 0, item) for item in trail.snapshots]
        + [(item.step, 1, item) for item in trail.said]
        + [(item.step, 2, item) for item in trail.rolls],
        key=lambda event: event[:2],
    )
    for _, _, event in events:
        if isinstance(event, Said):
            declaration = read_declaration(event.step, event.text, last.position)
            if isinstance(declaration, Declaration):
                walk.declare(declaration, last.position)
            elif declaration is not None:
                walk.add(
                    event.step,
                    last.position,
                    None,
                    Verdict(
                        "declaration",
                        "declaration",
                        "not understood",
                        walk.phase_referee.combat_rules,
                        f"“{declaration.text}”: {declaration.reason}",
                    ),
                )
            continue
        if isinstance(event, Roll):
            walk.roll(event, last.position)
            continue
        snapshot = event
        position = snapshot.position
        if (position.turn, position.phase) != (last.position.turn, last.position.phase):
            walk.end_phase(snapshot.step, last.position)
            if position.turn != last.position.turn:
                walk.add(
                    snapshot.step,
                    last.position,
                    None,
                    turn_end(last.position, last.properties, vp_rules),
                )
            walk.phase_start, walk.referee = (
                replace(last.position, turn=position.turn, phase=position.phase),
                None,
            )
            walk.arrived = {}
        for state in position.units:
            if UNTRIED_FLAG in state.flags and state.unit.id not in untried:
                entered_untried.setdefault(state.unit.id)
        for unit_id in _changes(walk, snapshot, last.position):
            revealed.setdefault(unit_id, snapshot.step)
        _markers_moved(walk, snapshot, last)
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
    walk.close_attack(trail.steps, last.position, file_ends=True)
    if trail.snapshots:
        walk.end_phase(trail.steps, last.position, f" (the file ends in this {walk.rule.period})")
    end = trail.end
    positions.append(("end", end.position))
    return Ledger(
        game=start.spec.id,
        source=trail.source,
        steps=trail.steps,
        digests=digests_of(positions),
        entries=tuple(walk.entries),
        turn=end.position.turn,
        phase=end.position.phase,
        properties=tuple(sorted(end.properties.items())),
        start=start,
        revealed=tuple(sorted(revealed.items())),
        entered_untried=tuple(entered_untried),
        pending=walk.pending,
        side_digests=tuple((side.id, digests_of(positions, side.id)) for side in start.spec.sides),
    )


class LogAudit(Protocol):
    """A walk that audits a game's log: the ledger of ``trail``, with ``previous`` (the
    end of the file sent before) checked for continuity first."""

    def __call__(self, trail: Trail, previous: Snapshot | None = None) -> Ledger: ...


def log_audit(spec: GameSpec) -> LogAudit:
    """The walk that audits ``spec``'s logs: the one its referee names (Rattenkrieg's
    actions and cards), else this ledger's."""
    named = referee_class(spec).log_walk
    if not named:
        return audit
    module, function = named.split(":")
    return cast(LogAudit, getattr(importlib.import_module(module), function))
