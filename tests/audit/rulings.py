"""What an audit entry may rest on: a rule the game's coverage register calls judged.

An entry that approves or condemns an act ("applied as the table allows", "misapplied",
"illegal") on a rule the register leaves open would read as a judgement the referee
does not make; such an entry says "not judged" with the rule instead (issue 38 item 2).
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.audit.ledger import Ledger
from rules.coverage import JUDGED
from rules.data_coverage import game_coverage


def unjudged_rulings(ledger: Ledger, topics: Iterable[str]) -> list[tuple[int, str, str]]:
    """``(step, topic, rule)`` of each entry of ``topics`` that rules on an act (its outcome
    does not say it is not judged) citing a rule the register does not call judged (a
    game refereed from its data: a section of its ``[referee]`` table it does not judge)."""
    coverage = game_coverage(ledger.start.spec)
    assert coverage is not None, f"{ledger.game} has no referee"
    numbers = [row.number for row in coverage.rows]
    found: list[tuple[int, str, str]] = []
    for entry in ledger.entries:
        verdict = entry.verdict
        if verdict.topic not in topics or "not judged" in verdict.outcome:
            continue
        for cited in verdict.rules:
            base = cited.split(" (")[0] if cited[:1].isdigit() else cited
            first, dash, last = base.replace("–", "-").partition("-")
            spanned = (
                numbers[numbers.index(first) : numbers.index(last) + 1]
                if dash and first[:1].isdigit()
                else [base]
            )
            for rule in spanned:
                row = coverage.row(rule)
                if row is None or row.status not in JUDGED:
                    found.append((entry.step, verdict.topic, rule))
    return found
