"""Verdicts: the facts a referee states, each resting on numbered rules.

Every output format (text, JSON) renders the same :class:`Verdict` values, so what a
player reads and what a program reads cannot disagree. Programs (the report page, the
module's plugin, the log audit) read the typed fields — :data:`Topic`, :data:`State`,
:class:`Place`, the unit, the violation flag — never the English, which is worded for
people and differs from game to game ("in supply", "supplied").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Literal, get_args

from rules.referee.prose import Prose, named

Topic = Literal[
    "acted",
    "air mission",
    "air superiority",
    "arrival",
    "attack",
    "bookkeeping",
    "cards",
    "cards paid",
    "combat result",
    "continuity",
    "continuous front",
    "control",
    "declaration",
    "draw",
    "duel",
    "elimination",
    "end of turn",
    "event",
    "hand",
    "hold orders",
    "interception",
    "isolation",
    "Kampfgruppe",
    "loss",
    "movement",
    "placement",
    "rail movement",
    "rear",
    "reinforcement",
    "removal",
    "replenishment",
    "reserves",
    "retreat",
    "reveal",
    "roll",
    "stacking",
    "step loss",
    "steps",
    "supply",
    "t34",
    "units",
    "victory",
    "victory points",
    "zone of control",
]
"""What a verdict is about: one vocabulary for the three referees and the log audit."""

TOPICS: frozenset[str] = frozenset(get_args(Topic))

State = Literal["supplied", "limited", "out of supply", "isolated", "legal", "illegal"]
"""The state a verdict finds, in one vocabulary whatever words a game's rules use:
``supplied`` (TPS "supplied", DoS "in supply" and 7.9's automatic supply), ``limited``
(supplied for defence only: DoS air and coastal supply, 7.6, 7.15), ``out of supply``,
``isolated`` (TPS Soviet units, Supply (C); Rattenkrieg 8.10), and a move, stack or
marker ``legal`` or ``illegal``."""

STATES: frozenset[str] = frozenset(get_args(State))

PlaceKind = Literal["hex", "area"]


@dataclass(frozen=True)
class Place:
    """Where a verdict is: a hex by its printed number, or an area by its id."""

    kind: PlaceKind
    name: str

    def as_json(self) -> dict[str, str]:
        return {"kind": self.kind, "name": self.name}


@dataclass(frozen=True)
class Verdict:
    """One ruling about one subject.

    ``rules`` are the rule numbers the ruling rests on (never empty); ``path`` is the
    traced hex path (printed numbers, from the subject outward) when the ruling is about
    a line such as supply; ``details`` hold figures such as distances or strengths;
    ``readings`` name the readings of unclear rules the ruling depends on, as the coverage
    register letters them ("4.9 (a)"), so a player sees which choice of Stavka's decided it;
    ``unit`` is the id of the unit the ruling is about, if it is about one, so a verdict
    can be put back on the unit's piece in a save; ``place`` is the hex or area it is
    about when it is about a place rather than a unit; ``force`` the id of the side
    whose whole force it is about (a front, its points) rather than a unit; ``state`` is
    what it finds, in the shared vocabulary. ``violation`` marks a breach of the rules
    standing in the position (an illegal stack, placement or mission), which a player
    must put right, as against a state the rules describe (out of supply).

    A unit the ``subject``, ``explanation`` or ``details`` name is a value in them (each
    may be a :class:`~rules.referee.prose.Prose`), so :meth:`named` can rename it for a
    reader who knows it by another name; their ``str`` is the referee's wording.
    """

    subject: str
    topic: Topic
    outcome: str
    rules: tuple[str, ...]
    explanation: str
    path: tuple[str, ...] = ()
    details: Mapping[str, str] = field(default_factory=dict)
    unit: str | None = None
    violation: bool = False
    state: State | None = None
    place: Place | None = None
    force: str | None = None
    readings: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.rules:
            raise ValueError(f"verdict on {self.subject} ({self.topic}) names no rule")
        if self.topic not in TOPICS:
            raise ValueError(f"verdict on {self.subject}: topic {self.topic!r} is not in Topic")
        if self.state is not None and self.state not in STATES:
            raise ValueError(f"verdict on {self.subject}: state {self.state!r} is not in State")

    def named(self, namer: Callable[[str], str]) -> Verdict:
        """The verdict as a reader whose names for units are ``namer``'s reads it: each
        unit its prose names (a :class:`~rules.referee.prose.Prose` reference) and its
        ``unit`` renamed, the rest as it was."""
        return replace(
            self,
            subject=named(self.subject, namer),
            explanation=named(self.explanation, namer),
            details={key: named(value, namer) for key, value in self.details.items()},
            unit=None if self.unit is None else namer(self.unit),
        )

    def names(self, unit_id: str) -> bool:
        """Whether the verdict is about the unit or names it (a stack, an area's units)."""
        if self.unit == unit_id:
            return True
        texts = (self.subject, self.explanation, *self.details.values())
        return any(isinstance(text, Prose) and unit_id in text.units for text in texts)

    def as_json(self) -> dict[str, object]:
        """A plain dict for JSON output: the fields of version 1, then ``state``,
        ``place`` and ``force`` (added in version 2)."""
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
            "state": self.state,
            "place": None if self.place is None else self.place.as_json(),
            "force": self.force,
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
