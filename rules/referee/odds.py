"""An attack's working as every hex game reports it: contributions, modifiers, results.

Plain values a game's combat rules produce and every output format renders, so what a
player reads and what a program reads cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from rules.referee.verdict import Verdict
from rules.tables import Column


@dataclass(frozen=True)
class Modifier:
    """One thing that changes an attack: a column shift and/or a die modifier, with its rule."""

    name: str
    rules: tuple[str, ...]
    column_shift: int = 0
    die_modifier: int = 0
    result_changes: tuple[tuple[str, str], ...] = ()
    """Results the table gives that this modifier turns into others, e.g. DoS 11.22's
    AS and DR becoming AL1 against a supplied city defender."""
    readings: tuple[str, ...] = ()
    """The readings of unclear rules it applied, as a verdict names them ("11.22 (a)")."""

    def as_text(self) -> str:
        """One line of ``stavka odds``: its effects, its rule and any reading it applied."""
        effects = []
        if self.column_shift:
            effects.append(
                f"{self.column_shift:+d} column{'s' if abs(self.column_shift) > 1 else ''}"
            )
        if self.die_modifier:
            effects.append(f"{self.die_modifier:+d} to the die")
        reading = f" [reading {', '.join(self.readings)}]" if self.readings else ""
        return (
            f"  {self.name}: {', '.join(effects) or 'no effect'} [rule {', '.join(self.rules)}]"
            + reading
        )

    def as_json(self) -> dict[str, object]:
        """A plain dict for JSON output; ``readings`` only when a reading decided it, so a
        modifier that rests on none reads as before."""
        fields = vars(self) | {"rules": list(self.rules)}
        readings = fields.pop("readings")
        return fields | ({"readings": list(readings)} if readings else {})


@dataclass(frozen=True)
class Contribution:
    """One unit's strength in a combat, and why it counts as it does."""

    unit: str
    hex: str
    strength: Fraction
    note: str = ""
    halvings: int = 0
    """Times ``strength`` is still to be halved; games that halve a group's sum rather
    than each unit (DoS 1.3) do it in :meth:`HexReferee.total_strength`."""


@dataclass(frozen=True)
class AttackProblem:
    """One reason the rules forbid an attack as stated, with the rules that say so."""

    text: str
    rules: tuple[str, ...]


@dataclass(frozen=True)
class OddsReport:
    """The full working of one attack: strengths, ratio, shifts, column, result per roll.

    ``automatic`` names a result that needs no roll (e.g. DoS 11.10's automatic DE),
    with ``final_column`` then None. An attack the rules forbid is ``allowed = False``
    with one "not allowed" verdict per reason and nothing worked out.
    """

    defender_hex: str
    attackers: tuple[Contribution, ...]
    defenders: tuple[Contribution, ...]
    attack: Fraction
    defence: Fraction
    base_column: Column | None
    modifiers: tuple[Modifier, ...]
    final_column: Column | None
    die_modifier: int
    results: tuple[tuple[int, str], ...]
    automatic: str | None
    verdicts: tuple[Verdict, ...] = field(default=())
    table_note: str = ""
    allowed: bool = True
    column_note: str = ""
    """How the raw odds became the base column when the table cannot hold them (12-1,
    capped at 9-1)."""
    final_note: str = ""
    """How the shifts' column was kept on the table when they would pass its end."""

    def as_json(self) -> dict[str, object]:
        """A plain dict for JSON output."""
        return {
            "defender_hex": self.defender_hex,
            "attackers": [vars(item) | {"strength": str(item.strength)} for item in self.attackers],
            "defenders": [vars(item) | {"strength": str(item.strength)} for item in self.defenders],
            "attack": str(self.attack),
            "defence": str(self.defence),
            "base_column": None if self.base_column is None else str(self.base_column),
            "modifiers": [item.as_json() for item in self.modifiers],
            "final_column": None if self.final_column is None else str(self.final_column),
            "die_modifier": self.die_modifier,
            "results": [{"roll": roll, "result": code} for roll, code in self.results],
            "automatic": self.automatic,
            "verdicts": [verdict.as_json() for verdict in self.verdicts],
            "table_note": self.table_note,
            "allowed": self.allowed,
            "column_note": self.column_note,
            "final_note": self.final_note,
        }

    def declaration(self) -> str | None:
        """The attack in one line for the log; None when the rules forbid it."""
        if not self.allowed:
            return None
        odds = self.automatic or f"odds {self.final_column}, die {self.die_modifier:+d}"
        return (
            f"{', '.join(item.unit for item in self.attackers)} on "
            f"{', '.join(item.unit for item in self.defenders)} in {self.defender_hex} ({odds})"
        )

    def as_text(self) -> str:
        """The working as ``stavka odds`` prints it, each modifier with its rule."""
        if not self.allowed:
            return "\n".join(
                [f"Attack on {self.defender_hex}: not allowed"]
                + ["  " + verdict.as_text() for verdict in self.verdicts]
            )
        lines = [f"Attack on {self.defender_hex}"]
        for title, items in (("attackers", self.attackers), ("defenders", self.defenders)):
            lines.append(f"  {title}:")
            lines += [
                f"    {item.unit} in {item.hex}: {item.strength}{'  (' + item.note + ')' if item.note else ''}"
                for item in items
            ]
        lines.append(f"  strength {self.attack} : {self.defence}")
        if self.base_column is not None:
            note = f" ({self.column_note})" if self.column_note else ""
            lines.append(f"  odds column {self.base_column}{note}")
        lines += [modifier.as_text() for modifier in self.modifiers]
        if self.automatic is not None:
            lines.append(f"  result: {self.automatic} (no roll)")
        else:
            note = f" ({self.final_note})" if self.final_note else ""
            lines.append(
                f"  final column {self.final_column}{note}, die modifier {self.die_modifier:+d}"
            )
            lines += [f"    roll {roll}: {code}" for roll, code in self.results]
        for verdict in self.verdicts:
            lines.append("  " + verdict.as_text())
        if self.table_note:
            lines.append(f"  table: {self.table_note}")
        return "\n".join(lines)
