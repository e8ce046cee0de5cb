"""Continuity: does a file start exactly where the previous file of the game left off?

A player who moves a piece between sending two files (a "ghost move"), or plays a turn
again until the dice please, breaks the chain; comparing the end of the previous file
with the start of the next names every piece that differs. The digest lets two players
confirm they hold the same position by reading out sixteen characters.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable

from rules.cards import Card
from rules.model import GameSpec
from rules.referee.card_places import CardPlaces
from rules.referee.hidden import PlayerView, player_view
from rules.referee.position import Position, UnitState
from rules.referee.prose import unit_ref
from rules.referee.verdict import Verdict

DIGEST_LENGTH = 16
LISTED_PHASES = 12
"""How many phases a gap names one by one; a longer one is said by its ends and count."""

PhaseRank = Callable[[GameSpec, str], int | None]
"""Where a phase stands in its turn: phases of one rank (Rattenkrieg's operations phases,
which alternate, 5.0) may follow each other either way; None for a phase not known."""


def played_phases(position: Position) -> tuple[str, ...]:
    """The phases the position's scenario plays, in order."""
    scenario = position.spec.scenarios.get(position.scenario or "")
    return scenario.phases if scenario is not None and scenario.phases else position.spec.phases


def moment(position: Position, rank: PhaseRank) -> tuple[int, int] | None:
    """When in the game ``position`` stands: its turn and its phase's rank; None when the
    turn record shows no phase the game knows."""
    found = rank(position.spec, position.phase or "")
    return None if found is None else (position.turn, found)


def when(position: Position) -> str:
    """``turn 1, Soviet combat``, as the files' turn record reads."""
    return f"turn {position.turn}, {position.phase or 'no phase shown'}"


def runs_backwards(earlier: Position, later: Position, rank: PhaseRank) -> bool:
    """Whether the turn record puts ``later`` before ``earlier``."""
    first, second = moment(earlier, rank), moment(later, rank)
    return first is not None and second is not None and second < first


def phases_between(earlier: Position, later: Position, rank: PhaseRank) -> list[str]:
    """The phases played after ``earlier``'s and before ``later``'s, as ``turn N, PHASE``;
    phases of ``earlier``'s or ``later``'s own rank are not counted between them."""
    first, second = moment(earlier, rank), moment(later, rank)
    if first is None or second is None or second <= first:
        return []
    sequence = played_phases(later)
    found = []
    for turn in range(first[0], second[0] + 1):
        for phase in sequence:
            place = rank(later.spec, phase)
            if place is not None and first < (turn, place) < second:
                found.append(f"turn {turn}, {phase}")
    return found


def gap_text(phases: list[str]) -> str:
    """The phases of a gap as a player reads them: each named, or a long gap by its ends."""
    count = f"{len(phases)} phase{'s' if len(phases) != 1 else ''}"
    if len(phases) <= LISTED_PHASES:
        return f"{count}: " + "; ".join(phases)
    return f"{count}, from {phases[0]} to {phases[-1]}"


def _where(state: UnitState) -> str:
    """A unit's place and steps as the chain compares them."""
    flags = f" [{', '.join(sorted(state.flags))}]" if state.flags else ""
    return f"{state.location} with {state.steps} step{'s' if state.steps != 1 else ''}{flags}"


def _places(position: Position) -> dict[str, str]:
    places = {state.unit.id: _where(state) for state in position.units}
    places.update({unit.id: "eliminated" for unit in position.eliminated})
    return places


def _named(cards: Iterable[Card], seen: frozenset[Card] | None, ordered: bool = False) -> str:
    """A group of cards as a reader sees it: each named when ``seen`` holds it (None: the
    referee, who sees all), the others only counted; sorted unless their order counts."""
    listed = list(cards)
    shown = [card.id for card in listed if seen is None or card in seen]
    hidden = len(listed) - len(shown)
    return " ".join(
        (shown if ordered else sorted(shown)) + ([f"+{hidden} unseen"] if hidden else [])
    )


def _card_lines(cards: CardPlaces, seen: frozenset[Card] | None) -> list[str]:
    """Where every card lies, as a reader sees it: the deck and the duel cards in their
    order, every other place as a set."""
    lines = [f"steps {unit} {_named(held, seen)}" for unit, held in sorted(cards.steps.items())]
    lines += [f"hand {side} {_named(held, seen)}" for side, held in sorted(cards.hands.items())]
    lines += [
        f"played {side} {_named(held, seen, ordered=True)}"
        for side, held in sorted(cards.played.items())
    ]
    lines.append(f"deck {_named(cards.deck, seen, ordered=True)}")
    lines.append(f"discard {_named(cards.discard, seen)}")
    lines.append(f"face up {_named(cards.face_up, seen)}")
    return lines


def digest(position: Position, side: str | None = None) -> str:
    """A short fingerprint of where every unit stands, its steps and flags, which are
    eliminated, the turn and phase, and where every card lies: equal positions, equal
    digests. With ``side``, of what that side's player sees: an untried unit by its alias
    (DoS 2.14), a card it has not seen only counted, so no player can work back from a
    digest to what is hidden from it."""
    lines = [f"turn {position.turn}", f"phase {position.phase or ''}"]
    view = PlayerView(None) if side is None else player_view(position, side)
    places = {view.shown(unit): place for unit, place in _places(position).items()}
    lines += [f"{unit} {place}" for unit, place in sorted(places.items())]
    if position.cards is not None:
        own = frozenset(unit.id for unit in position.spec.units.values() if unit.side == side)
        seen = None if side is None else position.cards.seen_by(side, own)
        lines += _card_lines(position.cards, seen)
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:DIGEST_LENGTH]


Digests = tuple[tuple[str, str], ...]
"""Named digests (``previous``, ``start``, ``end``), as a ledger heads with them."""


def digests_of(positions: Iterable[tuple[str, Position]], side: str | None = None) -> Digests:
    """The digest of each named position, the referee's or as ``side`` sees it."""
    return tuple((name, digest(position, side)) for name, position in positions)


def chain_breaks(
    previous: Position, start: Position, rules: tuple[str, ...], rank: PhaseRank
) -> list[Verdict]:
    """One verdict per unit that stands differently at ``start`` than at the end of
    ``previous`` (off the map in one, or elsewhere, or with other steps), and one for a
    different turn or phase, naming the phases no file holds; an empty list when the
    chain holds."""
    before, after = _places(previous), _places(start)
    verdicts = []
    for unit in sorted(before.keys() | after.keys()):
        was, now = before.get(unit, "off the map"), after.get(unit, "off the map")
        if was != now:
            verdicts.append(
                Verdict(
                    unit_ref(unit),
                    "continuity",
                    "ghost move",
                    rules,
                    f"{was} when the previous file ends; {now} when this one starts",
                    unit=unit,
                    violation=True,
                )
            )
    if (previous.turn, previous.phase) != (start.turn, start.phase):
        between = phases_between(previous, start, rank)
        verdicts.append(
            Verdict(
                "turn",
                "continuity",
                "differs",
                rules,
                f"turn {previous.turn}, {previous.phase or 'no phase'} when the previous file ends; "
                f"turn {start.turn}, {start.phase or 'no phase'} when this one starts"
                + (f"; in neither file: {gap_text(between)}" if between else ""),
                violation=True,
            )
        )
    return verdicts


def skipped(
    before: Position, after: Position, rules: tuple[str, ...], rank: PhaseRank
) -> Verdict | None:
    """For two saves judged as one step: the phases between them, which neither file holds
    and whose moves the pair cannot tell apart; None when none lie between."""
    between = phases_between(before, after, rank)
    if not between:
        return None
    return Verdict(
        "turn",
        "continuity",
        "phases in neither file",
        rules,
        f"the first save is {when(before)}, the second {when(after)}: {gap_text(between)} "
        "lie between them, whose moves a pair of saves cannot tell apart; every move is "
        "judged in the first save's phase",
    )


def order_problem(
    previous_start: Position,
    previous_end: Position,
    start: Position,
    end: Position,
    rank: PhaseRank,
) -> str | None:
    """Why a file whose start and end are ``start`` and ``end`` cannot follow the one
    running from ``previous_start`` to ``previous_end``: the turn record puts it first,
    or, within one phase, it ends exactly where that one begins. None when the order may
    hold."""
    if runs_backwards(previous_end, start, rank):
        return (
            f"starts on {when(start)}, before the file given first ends ({when(previous_end)}): "
            "the files run backwards; give them in the order they were played"
        )
    if digest(end) == digest(previous_start) != digest(start) and digest(end) != digest(start):
        return (
            "ends exactly where the file given first begins: the files run backwards; give "
            "them in the order they were played"
        )
    return None
