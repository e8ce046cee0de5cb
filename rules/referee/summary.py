"""The one-line summary above a check's verdicts, shared by ``stavka check`` and ``stavka report``.

Both say the same thing about the same position, so a player comparing the page with the
text output finds the same headline.
"""

from __future__ import annotations

from collections.abc import Sequence

from rules.referee.position import Position
from rules.referee.verdict import Verdict


def headline(position: Position, verdicts: Sequence[Verdict], seen_by: str | None = None) -> str:
    """``Title, turn N — K verdicts``, with whose view it is when not the referee's."""
    seen = "" if seen_by is None else f" (as the {seen_by} player sees it)"
    return f"{position.spec.title}, turn {position.turn} — {len(verdicts)} verdicts{seen}"
