"""Verdicts: the facts a referee states, each resting on numbered rules.

Every output format (text, JSON) renders the same :class:`Verdict` values, so what a
player reads and what a program reads cannot disagree.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Verdict:
    """One ruling about one subject.

    ``rules`` are the rule numbers the ruling rests on (never empty); ``path`` is the
    traced hex path (printed numbers, from the subject outward) when the ruling is about
    a line such as supply; ``details`` hold figures such as distances or strengths;
    ``readings`` name the readings of unclear rules the ruling depends on, as the coverage
    register letters them ("4.9 (a)"), so a player sees which choice of Stavka's decided it;
    ``unit`` is the id of the unit the ruling is about, if it is about one, so a verdict
    can be put back on the unit's piece in a save. ``violation`` marks a breach of the
    rules standing in the position (an illegal stack, placement or mission), which a
    player must put right, as against a state the rules describe (out of supply).
    """

    subject: str
    topic: str
    outcome: str
    rules: tuple[str, ...]
    explanation: str
    path: tuple[str, ...] = ()
    details: Mapping[str, str] = field(default_factory=dict)
    unit: str | None = None
    violation: bool = False
    readings: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.rules:
            raise ValueError(f"verdict on {self.subject} ({self.topic}) names no rule")

    def as_json(self) -> dict[str, object]:
        """A plain dict for JSON output."""
        return {
            "subject": self.subject,
            "topic": self.topic,
            "outcome": self.outcome,
            "rules": list(self.rules),
            "explanation": self.explanation,
            "path": list(self.path),
            "details": dict(self.details),
            "unit": self.unit,
            "violation": self.violation,
            # Only when a reading decided it, so verdicts that rest on none read as before.
            **({"readings": list(self.readings)} if self.readings else {}),
        }

    def as_text(self) -> str:
        """One line (two with a path) for people."""
        line = f"{self.subject}: {self.outcome} — {self.explanation} [rule {', '.join(self.rules)}]"
        if self.readings:
            line += f" [reading {', '.join(self.readings)}]"
        if self.path:
            line += "\n    path: " + " ".join(self.path)
        return line
