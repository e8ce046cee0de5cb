"""What a check comes to, above its verdicts: the headline ``stavka check`` and ``stavka
report`` share, and the summary a player reads first: each side's units by supply state,
the breaches of the rules standing in the position, and the victory state.

Both are built from the verdicts alone, so they can never say what the verdicts do not,
and the page and the text output give the same headline.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rules.referee.engine import Referee
from rules.referee.hidden import PlayerView
from rules.referee.position import Position
from rules.referee.verdict import Verdict

SUPPLY_TOPIC = "supply"
VICTORY_TOPIC = "victory"


@dataclass(frozen=True)
class CheckSummary:
    """Units by side and supply state (the worst state first; empty in a game without
    supply, such as Rattenkrieg's areas), violations, victory."""

    supply: Mapping[str, Mapping[str, int]]
    violations: tuple[Verdict, ...]
    victory: tuple[Verdict, ...]

    def as_json(self) -> dict[str, object]:
        """A plain dict for JSON output."""
        return {
            "supply": {side: dict(states) for side, states in self.supply.items()},
            "violations": len(self.violations),
            "victory": [
                {"subject": verdict.subject, "outcome": verdict.outcome} for verdict in self.victory
            ],
        }

    def as_text(self, view: PlayerView) -> str:
        """Supply by side, violations and the victory state, before any unit's verdict,
        each as ``view``'s player may read it."""
        sides = "; ".join(
            f"{side} " + ", ".join(f"{count} {state}" for state, count in states.items())
            if states
            else f"{side} none"
            for side, states in self.supply.items()
        )
        lines = ["Summary"] + ([f"  supply: {sides}"] if self.supply else [])
        if self.violations:
            lines.append(
                f"  violations: {len(self.violations)} — "
                + "; ".join(
                    f"{shown.subject} {shown.outcome}" for shown in view.verdicts(self.violations)
                )
            )
        else:
            lines.append("  violations: none")
        # A verdict about the whole game ("game", or "victory" itself) is named once.
        lines += [
            f"  victory{'' if verdict.subject in ('game', VICTORY_TOPIC) else f' ({verdict.subject})'}: "
            f"{verdict.outcome} — {verdict.explanation}"
            for verdict in view.verdicts(self.victory)
        ]
        return "\n".join(lines)


def state_rank(referee: Referee, outcome: str) -> int:
    """Where a supply state stands in the game's order, the worst first; unknown ones last."""
    order = referee.supply_order
    return order.index(outcome) if outcome in order else len(order)


def summarize(referee: Referee, verdicts: Sequence[Verdict]) -> CheckSummary:
    """The summary of ``verdicts`` about ``referee``'s position."""
    units = referee.spec.units
    # A game without supply states (an area game) has no supply to sum up: "none" per
    # side would read as units without supply.
    sides = referee.spec.sides if referee.supply_order else ()
    by_side: dict[str, dict[str, int]] = {side.id: {} for side in sides}
    for verdict in sorted(
        unit_supply(verdicts), key=lambda verdict: state_rank(referee, verdict.outcome)
    ):
        assert verdict.unit is not None
        states = by_side.setdefault(units[verdict.unit].side, {})
        states[verdict.outcome] = states.get(verdict.outcome, 0) + 1
    return CheckSummary(
        supply=by_side,
        violations=tuple(verdict for verdict in verdicts if verdict.violation),
        victory=tuple(verdict for verdict in verdicts if verdict.topic == VICTORY_TOPIC),
    )


def unit_supply(verdicts: Sequence[Verdict]) -> list[Verdict]:
    """The verdicts on units' supply states."""
    return [
        verdict
        for verdict in verdicts
        if verdict.topic == SUPPLY_TOPIC and verdict.unit is not None
    ]


def grouped(referee: Referee, verdicts: Sequence[Verdict]) -> list[tuple[str, list[Verdict]]]:
    """The verdicts in sections a player reads down: units' supply by state, the worst
    state first, then every other topic in the order the check gave it."""
    sections: dict[str, list[Verdict]] = {}
    supply = unit_supply(verdicts)
    for verdict in sorted(supply, key=lambda verdict: state_rank(referee, verdict.outcome)):
        sections.setdefault(f"supply: {verdict.outcome}", []).append(verdict)
    placed = {id(verdict) for verdict in supply}
    for verdict in verdicts:
        if id(verdict) not in placed:
            sections.setdefault(verdict.topic, []).append(verdict)
    return list(sections.items())


def headline(
    position: Position,
    verdicts: Sequence[Verdict],
    seen_by: str | None = None,
    hidden_information: bool = False,
) -> str:
    """``Title, turn N — K verdicts``, with whose view it is: a player's (``seen_by``), or,
    in a game whose positions hold what a player may not see, the referee's."""
    note = _view_note(position, seen_by, hidden_information)
    return f"{position.spec.title}, turn {position.turn} — {len(verdicts)} verdicts{note}"


def _view_note(position: Position, seen_by: str | None, hidden_information: bool) -> str:
    if seen_by is not None:
        name = next((side.name for side in position.spec.sides if side.id == seen_by), seen_by)
        cards = ": own cards, the other side's counts" if hidden_information else ""
        return f" (as the {name} player sees it{cards})"
    if hidden_information:
        return " (the referee's view: both sides' cards; --as SIDE shows one player's)"
    return ""
