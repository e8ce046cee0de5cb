"""The one-line summary above a check's verdicts, shared by ``stavka check`` and ``stavka report``.

Both say the same thing about the same position, so a player comparing the page with the
text output finds the same headline.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.referee.position import Position
from rules.referee.verdict import Verdict


def headline(position: Position, verdicts: Sequence[Verdict], seen_by: str | None = None,
             hidden_information: bool = False) -> str:
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
