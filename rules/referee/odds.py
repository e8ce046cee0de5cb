"""An attack's working as every hex game reports it: contributions, modifiers, results.

Plain values a game's combat rules produce and every output format renders, so what a
player reads and what a program reads cannot disagree; and the words every odds table of
a hex game says its ends in (:func:`odds_beyond_table`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from math import prod

from rules.referee.mechanisms.odds import rounded_odds
from rules.referee.verdict import Verdict
from rules.referee_data.odds import Rounding
from rules.tables import Column, Difference, Odds


def _by_id(unit_id: str) -> str:
    return unit_id


def _percent(chance: Fraction) -> str:
    return f"{chance} ({float(chance):.1%})"


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
class LeftOut:
    """A unit of the attacking side beside the attackers that does not attack: the
    player did not select it."""

    unit: str
    hex: str


@dataclass(frozen=True)
class UnrolledStrength:
    """A strength the rules leave to a die roll made when the combat is fought (DoS 2.15's
    "?"), not rolled yet: each value the roll can give is equally likely."""

    unit: str
    strength: str
    """``attack`` or ``defence``."""
    values: tuple[int, ...]
    rules: tuple[str, ...]


def left_out_text(left_out: tuple[LeftOut, ...], namer: Callable[[str], str]) -> list[str]:
    """The line that names the units beside the attackers that do not attack."""
    if not left_out:
        return []
    names = ", ".join(f"{namer(item.unit)} in {item.hex}" for item in left_out)
    return [f"  left out (not selected): {names}"]


@dataclass(frozen=True)
class ResultMeaning:
    """What one result code of the table does to this attack, in words, with its rules
    (a game whose data says what each code does)."""

    code: str
    text: str
    rules: tuple[str, ...]

    def as_text(self) -> str:
        """One line of ``stavka odds``."""
        return f"    {self.code}: {self.text} [rule {', '.join(self.rules)}]"

    def as_json(self) -> dict[str, object]:
        """A plain dict for JSON output."""
        return {"code": self.code, "text": self.text, "rules": list(self.rules)}


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
    left_out: tuple[LeftOut, ...] = ()
    meanings: tuple[ResultMeaning, ...] = ()
    """What each result the rolls give does here, when the game's data says."""
    kind: str = "attack"
    """``attack``, or ``bombardment`` for a ranged attack."""

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
            "left_out": [vars(item) for item in self.left_out],
            # Only where a game says what its results do, and for ranged attacks, so the
            # Stalingrad games' answers read as before.
            **({"meanings": [item.as_json() for item in self.meanings]} if self.meanings else {}),
            **({"kind": self.kind} if self.kind != "attack" else {}),
        }

    def declaration(self, namer: Callable[[str], str] = _by_id) -> str | None:
        """The attack in one line for the log, units named by ``namer``; None when the
        rules forbid it."""
        if not self.allowed:
            return None
        odds = self.automatic or f"odds {self.final_column}, die {self.die_modifier:+d}"
        return (
            f"{', '.join(namer(item.unit) for item in self.attackers)} on "
            f"{', '.join(namer(item.unit) for item in self.defenders)} in {self.defender_hex} ({odds})"
        )

    def as_text(self, namer: Callable[[str], str] = _by_id) -> str:
        """The working as ``stavka odds`` prints it, each modifier with its rule, units
        named by ``namer``."""
        if not self.allowed:
            return "\n".join(
                [f"{self.kind.capitalize()} on {self.defender_hex}: not allowed"]
                + ["  " + verdict.named(namer).as_text() for verdict in self.verdicts]
            )
        lines = [f"{self.kind.capitalize()} on {self.defender_hex}"]
        for title, items in (("attackers", self.attackers), ("defenders", self.defenders)):
            lines.append(f"  {title}:")
            lines += [
                f"    {namer(item.unit)} in {item.hex}: {item.strength}{'  (' + item.note + ')' if item.note else ''}"
                for item in items
            ]
        lines += left_out_text(self.left_out, namer)
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
        if self.meanings:
            lines.append("  results here:")
            lines += [meaning.as_text() for meaning in self.meanings]
        for verdict in self.verdicts:
            lines.append("  " + verdict.named(namer).as_text())
        if self.table_note:
            lines.append(f"  table: {self.table_note}")
        return "\n".join(lines)


@dataclass(frozen=True)
class RollOutcome:
    """The attack as it stands when the strengths left to a roll come out one of some
    ways that give the same columns: the totals, the columns and each die roll's result,
    and how likely it is."""

    rolls: tuple[tuple[int, ...], ...]
    """Each way the rolls come out that gives this outcome, a value per strength rolled."""
    strengths: tuple[tuple[Fraction, Fraction], ...]
    """The attack and defence totals those ways give."""
    chance: Fraction
    base_column: Column | None
    final_column: Column | None
    automatic: str | None
    results: tuple[tuple[int, str], ...]

    def odds(self) -> str:
        """The odds in the words of the declaration: the final column, or the result
        that needs no roll."""
        return self.automatic or str(self.final_column)

    def as_json(self) -> dict[str, object]:
        return {
            "rolls": [list(values) for values in self.rolls],
            "strengths": [
                {"attack": str(attack), "defence": str(defence)}
                for attack, defence in self.strengths
            ],
            "chance": str(self.chance),
            "chance_decimal": round(float(self.chance), 4),
            "base_column": None if self.base_column is None else str(self.base_column),
            "final_column": None if self.final_column is None else str(self.final_column),
            "automatic": self.automatic,
            "results": [{"roll": roll, "result": code} for roll, code in self.results],
        }

    def as_text(self, die_modifier: int) -> str:
        if self.automatic is not None:
            odds = f"result {self.automatic} (no roll)"
        else:
            results = ", ".join(f"{roll} {code}" for roll, code in self.results)
            odds = (
                f"column {self.base_column}, final {self.final_column}, die {die_modifier:+d}: "
                f"roll {results}"
            )
        single = all(len(values) == 1 for values in self.rolls)
        rolled = (
            f"rolled {' or '.join(str(values[0]) for values in self.rolls)}, " if single else ""
        )
        totals = ", ".join(f"{attack} : {defence}" for attack, defence in self.strengths)
        return f"    {rolled}strength {totals} — {_percent(self.chance)} — {odds}"


@dataclass(frozen=True)
class RolledOdds:
    """An attack whose strengths the rules leave in part to a die roll made when it is
    fought, not rolled yet: each outcome of the rolls with its chance, its columns and
    the results, rather than one column."""

    defender_hex: str
    attackers: tuple[Contribution, ...]
    defenders: tuple[Contribution, ...]
    unrolled: tuple[UnrolledStrength, ...]
    modifiers: tuple[Modifier, ...]
    die_modifier: int
    outcomes: tuple[RollOutcome, ...]
    table_note: str = ""
    left_out: tuple[LeftOut, ...] = ()
    allowed: bool = True

    def _rolled(self, unit: str) -> bool:
        return any(item.unit == unit for item in self.unrolled)

    def as_json(self) -> dict[str, object]:
        """A plain dict for JSON output: the fixed strengths (``"?"`` where a roll decides),
        then every outcome of the rolls."""
        return {
            "defender_hex": self.defender_hex,
            "attackers": [self._item_json(item) for item in self.attackers],
            "defenders": [self._item_json(item) for item in self.defenders],
            "unrolled": [
                vars(item) | {"values": list(item.values), "rules": list(item.rules)}
                for item in self.unrolled
            ],
            "modifiers": [vars(item) | {"rules": list(item.rules)} for item in self.modifiers],
            "die_modifier": self.die_modifier,
            "by_rolls": [outcome.as_json() for outcome in self.outcomes],
            "verdicts": [],
            "table_note": self.table_note,
            "allowed": self.allowed,
            "left_out": [vars(item) for item in self.left_out],
        }

    def _item_json(self, item: Contribution) -> dict[str, object]:
        rolled = self._rolled(item.unit)
        return vars(item) | {
            "strength": "?" if rolled else str(item.strength),
            "note": "" if rolled else item.note,
        }

    def declaration(self, namer: Callable[[str], str] = _by_id) -> str:
        """The attack in one line for the log: the odds each outcome of the rolls gives."""
        chances: dict[str, Fraction] = {}
        for outcome in self.outcomes:
            chances[outcome.odds()] = chances.get(outcome.odds(), Fraction(0)) + outcome.chance
        odds = ", ".join(f"{odds} {chance}" for odds, chance in chances.items())
        return (
            f"{', '.join(namer(item.unit) for item in self.attackers)} on "
            f"{', '.join(namer(item.unit) for item in self.defenders)} in {self.defender_hex} "
            f"(odds by the rolls still to make: {odds})"
        )

    def as_text(self, namer: Callable[[str], str] = _by_id) -> str:
        """Who attacks with what, which strengths a roll decides, and each outcome."""
        lines = [f"Attack on {self.defender_hex}"]
        for title, items in (("attackers", self.attackers), ("defenders", self.defenders)):
            lines.append(f"  {title}:")
            for item in items:
                if self._rolled(item.unit):
                    lines.append(
                        f"    {namer(item.unit)} in {item.hex}: ? (a die roll when the combat is fought)"
                    )
                else:
                    note = f"  ({item.note})" if item.note else ""
                    lines.append(f"    {namer(item.unit)} in {item.hex}: {item.strength}{note}")
        lines += left_out_text(self.left_out, namer)
        lines += [modifier.as_text() for modifier in self.modifiers]
        rules = sorted({rule for item in self.unrolled for rule in item.rules})
        rolled = ", ".join(f"{namer(item.unit)}'s {item.strength}" for item in self.unrolled)
        count = prod(len(strength.values) for strength in self.unrolled)
        lines.append(
            f"  not rolled yet: {rolled}, rolled when the combat is fought ({count} rolls alike) "
            f"[rule {', '.join(rules)}]; the odds for each outcome:"
        )
        lines += [outcome.as_text(self.die_modifier) for outcome in self.outcomes]
        if self.table_note:
            lines.append(f"  table: {self.table_note}")
        return "\n".join(lines)


def beyond_table(raw: Column | None, column: Column) -> str:
    """What a table's ends did to odds ``raw`` (rounded as the game rounds them; None
    against no defence) that fall in ``column``: ``"1-3, counted as 1-2"`` below its first
    column, ``"12-1, capped at 9-1"`` above its last, ``"+9, capped at +6"`` of a
    differential table, and "" within it. Every odds table of a hex game (combat, TPS air
    superiority) says it in these words."""
    if raw is None or raw == column or raw.rank == column.rank:
        return ""
    if isinstance(raw, Odds) and raw.attacker == 0:
        return f"no attack strength, counted as {column}"
    return f"{raw}, {'capped at' if raw.rank > column.rank else 'counted as'} {column}"


def odds_beyond_table(attack: Fraction, defence: Fraction, column: Column) -> str:
    """:func:`beyond_table` for strengths whose odds are rounded down."""
    return beyond_table(
        rounded_odds(attack, defence, isinstance(column, Difference), Rounding.DOWN), column
    )
