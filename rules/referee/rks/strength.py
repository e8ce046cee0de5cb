"""Strengths in a duel: the counter's strength and every change the rules make to it.

8.8 changes only a defender in a built-up area: infantry of either side +2, a German
panzer division -2, motorised infantry never (and the T-34, named by neither, is read as
unmodified). The acting unit's events add to the attacker: assault guns +2 unless it is
a panzer division (9.4), a Molotov cocktail +2 (9.7), and combat engineers cancel the
built-up area for its next combat (9.5). The T-34 adds its own strength to another
Soviet unit fighting in its area (8.12); the built-up modifier belongs to the unit that
fights, not to the tank beside it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rules.model import Unit
from rules.referee.card_places import EventInForce
from rules.referee.position import Position
from rules.referee.prose import Prose, unit_ref
from rules.referee.rks.board import Board
from rules.referee.rks.events import ASSAULT_GUNS, ENGINEERS, MOLOTOV, STRENGTH_BONUS, event_problem


@dataclass(frozen=True)
class Term:
    """One addend of a strength, with the rules it comes from."""

    what: str
    amount: int
    rules: tuple[str, ...]


@dataclass(frozen=True)
class Strength:
    """A fighting unit's strength in one duel, term by term."""

    unit: str
    side: str
    terms: tuple[Term, ...]

    @property
    def total(self) -> int:
        return sum(term.amount for term in self.terms)

    @property
    def rules(self) -> tuple[str, ...]:
        """Every rule a term rests on, once, in order."""
        return tuple(dict.fromkeys(rule for term in self.terms for rule in term.rules))

    def describe(self) -> str:
        """``7: 5 (71 strength) +2 (assault guns)``."""
        return f"{self.total}: " + describe_terms(self.terms)


def describe_terms(terms: tuple[Term, ...]) -> str:
    """``5 (71 strength) +2 (assault guns)``: the first term plain, the rest signed."""
    return Prose(" ").join(
        (f"{term.amount:+d} (" if index else f"{term.amount} (") + term.what + ")"
        for index, term in enumerate(terms)
    )


def events_of(
    position: Position, board: Board, unit: Unit, extra: Iterable[EventInForce] = ()
) -> tuple[list[EventInForce], list[Term]]:
    """The events in force for ``unit`` (the position's and ``extra``): those that work,
    and those that cannot, each as a term of no effect saying why."""
    assert position.cards is not None
    working, idle = [], []
    for event in (*position.cards.events, *extra):
        if event.unit != unit.id:
            continue
        problem = event_problem(event, position, board)
        if problem is None:
            working.append(event)
        else:
            idle.append(
                Term(
                    f"{event.event.name} for " + unit_ref(unit.id) + f": {problem}",
                    0,
                    (event.event.rule,),
                )
            )
    return working, idle


def duel_strengths(
    position: Position,
    board: Board,
    attacker: Unit,
    defender: Unit,
    area: str,
    events: Iterable[EventInForce] = (),
    t34: Unit | None = None,
) -> tuple[Strength, Strength, list[Term]]:
    """The attacker's and defender's strengths in a duel in ``area``, and the events
    in force that change nothing (the defender's serve only an acting unit).

    ``t34`` is the T-34 when it joins a Soviet unit (8.12)."""
    extra = list(events)
    working, idle = events_of(position, board, attacker, extra)
    rules_of = {event.event.rule for event in working}
    defenders, defender_idle = events_of(position, board, defender, extra)
    idle += defender_idle + [
        Term(
            f"{event.event.name} for " + unit_ref(defender.id) + ": it serves only the acting unit",
            0,
            (event.event.rule,),
        )
        for event in defenders
    ]
    attacking = [Term(unit_ref(attacker.id) + " strength", board.strength(attacker), ("2.3",))]
    if ASSAULT_GUNS in rules_of:
        attacking.append(Term("assault guns", STRENGTH_BONUS, ("9.4",)))
    if MOLOTOV in rules_of:
        attacking.append(Term("Molotov cocktail", STRENGTH_BONUS, ("9.7",)))
    defending = [Term(unit_ref(defender.id) + " strength", board.strength(defender), ("2.3",))]
    if board.built_up(area):
        modifier = board.terrain_modifier(defender, area)
        if ENGINEERS in rules_of:
            defending.append(Term("built-up area cancelled by combat engineers", 0, ("9.5", "8.8")))
        elif modifier:
            defending.append(
                Term(f"{defender.arm} defending in a built-up area", modifier, ("8.8",))
            )
        else:
            defending.append(Term(f"{defender.arm} unmodified in a built-up area", 0, ("8.8",)))
    if t34 is not None:
        joined = attacking if attacker.side == t34.side else defending
        joined.append(Term("T-34 fighting beside it", board.strength(t34), ("8.12",)))
    return (
        Strength(attacker.id, attacker.side, tuple(attacking)),
        Strength(defender.id, defender.side, tuple(defending)),
        idle,
    )
