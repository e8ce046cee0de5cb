"""Unit ids a verdict writes into its English instead of naming them as values.

A verdict names a unit as a :class:`~rules.referee.prose.UnitName` so that a player's
view can rename it (DoS 2.14); an id written as a plain word cannot be renamed and
would show a hidden unit. The referee's and the audit's tests share this check.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from rules.referee.prose import Prose
from rules.referee.verdict import Verdict


def unnamed_ids(verdict: Verdict, ids: Collection[str]) -> list[str]:
    """Unit ids written into a verdict's prose as plain words rather than as unit values:
    each prose field is rendered with every unit it names as a value blanked out, and
    what is left is searched for ids."""
    texts = [verdict.subject, verdict.outcome, verdict.explanation, *verdict.details.values()]
    left = " ".join(
        text.rendered(lambda _: "") if isinstance(text, Prose) else text for text in texts
    )
    words = set(re.findall(r"[\w.-]+", left))
    return sorted(unit_id for unit_id in ids if unit_id in words)
