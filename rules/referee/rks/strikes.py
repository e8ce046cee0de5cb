"""Artillery (9.2) and air support (9.3): may the strike be made, and the chance it hits.

The acting unit names an enemy unit in its own area or next to it, never in the enemy's
rear, and draws a card: a number at least the target's modified strength hits. For
artillery the target keeps its built-up modifier (8.8), face cards hit if the striking
side holds Mamayev Kurgan and miss otherwise, and the German may not shell the T-34. Air
support (the German's black jacks) strikes the same way but ignores terrain, its face
cards always miss, and it may strike the T-34.

The draw is uniform over the cards the striking player cannot tell apart: to a player,
the cards it has not seen; to the referee, the deck itself. With the deck empty, the
discard pile becomes the deck (3.4).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from rules.cards import Card
from rules.referee.position import UnitState
from rules.referee.prose import unit_ref
from rules.referee.rks.board import GERMAN, Board
from rules.referee.rks.control import Control
from rules.referee.rks.strength import Term

ARTILLERY, AIR = "artillery", "air"
RULES = {ARTILLERY: "9.2", AIR: "9.3"}


@dataclass(frozen=True)
class Strike:
    """One strike judged: whether it may be made, the target's strength and the chance."""

    kind: str
    striker: str
    target: str
    terms: tuple[Term, ...]
    problems: tuple[tuple[str, str], ...]
    face_cards_hit: bool
    pool: str
    drawn_from: int
    hitting: int

    @property
    def rule(self) -> str:
        return RULES[self.kind]

    @property
    def strength(self) -> int:
        return sum(term.amount for term in self.terms)

    @property
    def chance(self) -> Fraction:
        """The chance the drawn card hits (0 when the strike may not be made)."""
        if self.problems or not self.drawn_from:
            return Fraction(0)
        return Fraction(self.hitting, self.drawn_from)


def hits(card: Card, strength: int, face_cards_hit: bool) -> bool:
    """Whether a drawn card hits a target of ``strength`` (9.2, 9.3)."""
    return face_cards_hit if card.rank.face else card.rank.value >= strength


def judge_strike(
    board: Board,
    control: Control,
    kind: str,
    striker: UnitState,
    target: UnitState,
    pool: Sequence[Card],
    pool_name: str,
) -> Strike:
    """The strike of ``striker`` on ``target``, drawing from ``pool``."""
    rule = RULES[kind]
    problems = []
    if striker.side == target.side:
        problems.append(("a strike is made on an enemy unit", rule))
    if target.location != striker.location and target.location not in board.neighbours(
        striker.location
    ):
        problems.append(
            (
                unit_ref(target.unit.id)
                + f" is neither in {board.name(striker.location)} nor next to it",
                "9.2",
            )
        )
    if board.rear_owner(target.location) == target.side:
        problems.append(("no strike may be made on the enemy rear", "9.2"))
    events = board.deck.events_by_side().get(striker.side, ())
    if not any(event.rule == rule for event in events):
        problems.append((f"the {board.side_name(striker.side)} side has no {kind} event", "9.1"))
    if kind == ARTILLERY and striker.side == GERMAN and target.unit == board.t34:
        problems.append(("the German may not shell the T-34", "9.2"))
    terms = [Term(unit_ref(target.unit.id) + " strength", board.strength(target.unit), ("2.3",))]
    modifier = (
        board.terrain_modifier(target.unit, target.location)
        if board.built_up(target.location)
        else 0
    )
    if kind == ARTILLERY and modifier:
        terms.append(Term(f"{target.unit.arm} in a built-up area", modifier, ("8.8", "9.2")))
    elif kind == AIR and modifier:
        terms.append(Term("terrain ignored by air support", 0, ("9.3",)))
    face_cards_hit = kind == ARTILLERY and control.of(board.mamayev_kurgan) == striker.side
    strength = sum(term.amount for term in terms)
    return Strike(
        kind=kind,
        striker=striker.unit.id,
        target=target.unit.id,
        terms=tuple(terms),
        problems=tuple(problems),
        face_cards_hit=face_cards_hit,
        pool=pool_name,
        drawn_from=len(pool),
        hitting=sum(hits(card, strength, face_cards_hit) for card in pool),
    )
