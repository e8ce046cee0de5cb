"""Results tables: the combat results table and its kin, by odds ratio or by strength
difference, and the victory tables a scenario is scored by.

In Stavka's words a "table" is one of these and nothing else; the game's ``tables.toml``
holds them (:mod:`rules.data.parse` reads it) and the referee looks results up in them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from rules.data.fields import Provenance


@dataclass(frozen=True)
class Odds:
    """An odds column such as ``3-1`` or ``1-2`` (attacker to defender)."""

    attacker: int
    defender: int

    @property
    def ratio(self) -> Fraction:
        """Attacker over defender as an exact fraction."""
        return Fraction(self.attacker, self.defender)

    @property
    def rank(self) -> Fraction:
        """Where the column stands among its table's columns: its ratio."""
        return self.ratio

    def __str__(self) -> str:
        return f"{self.attacker}-{self.defender}"


@dataclass(frozen=True)
class Difference:
    """A differential column such as ``+3``, ``0`` or ``-2`` (attack minus defence strength)."""

    difference: int

    @property
    def rank(self) -> Fraction:
        """Where the column stands among its table's columns."""
        return Fraction(self.difference)

    def __str__(self) -> str:
        return f"{self.difference:+d}" if self.difference else "0"


Column = Odds | Difference
"""A results table's column: odds (``3-1``) or a strength difference (``+3``)."""


@dataclass(frozen=True)
class OddsTable:
    """A results table indexed by column and (modified) die roll.

    Used for the TPS combat results and air superiority tables and the reconstructed DoS
    CRT. Its columns are all odds (a ratio table) or all strength differences (a
    differential table, ``differential``). Rolls beyond the first or last row and odds
    beyond the first or last column are clamped to them, as the TPS table's footnote
    says of its columns.
    """

    name: str
    columns: tuple[Column, ...]
    rolls: tuple[int, ...]
    results: Mapping[tuple[int, Column], str]
    codes: Mapping[str, str]
    provenance: Provenance
    notes: tuple[str, ...] = ()
    """What the printed table says under it (odds or rolls beyond its edges)."""

    @property
    def differential(self) -> bool:
        """Whether the columns are attack minus defence rather than attack over defence."""
        return isinstance(self.columns[0], Difference)

    def odds_columns(self) -> tuple[Odds, ...]:
        """The columns of a ratio table; the rules that count odds by index need them."""
        odds = tuple(column for column in self.columns if isinstance(column, Odds))
        if len(odds) != len(self.columns):
            raise ValueError(f"{self.name} is a differential table, not an odds table")
        return odds

    def column_for(self, attack: Fraction) -> Column:
        """The column an exact attack/defence ratio (or, for a differential table, the
        attack minus the defence) falls in: rounded down, then clamped."""
        eligible = [column for column in self.columns if column.rank <= attack]
        return max(eligible, key=lambda column: column.rank) if eligible else self.columns[0]

    def column_for_strengths(self, attack: Fraction, defence: Fraction) -> Column:
        """The column for these strengths: their difference or their ratio, by the table's kind."""
        if self.differential:
            return self.column_for(attack - defence)
        return self.column_for(attack / defence if defence else Fraction(10**6))

    def shifted(self, column: Column, shift: int) -> Column:
        """The column ``shift`` places right (positive) or left, clamped to the table."""
        index = self.columns.index(column) + shift
        return self.columns[min(max(index, 0), len(self.columns) - 1)]

    def result(self, column: Column, roll: int) -> str:
        """The result code for a column and a roll, the roll clamped to the printed rows."""
        clamped = min(max(roll, self.rolls[0]), self.rolls[-1])
        return self.results[(clamped, column)]


@dataclass(frozen=True)
class VictoryPointAward:
    """One line of a victory point schedule."""

    id: str
    points: int
    per: str
    beneficiary: str
    description: str
    provenance: Provenance


@dataclass(frozen=True)
class VictoryLevel:
    """A band of the VP difference and the result it gives (``None`` = unbounded)."""

    minimum: int | None
    maximum: int | None
    result: str


@dataclass(frozen=True)
class Tables:
    """A game's charts and tables."""

    odds_tables: Mapping[str, OddsTable]
    victory_points: tuple[VictoryPointAward, ...]
    victory_levels: tuple[VictoryLevel, ...]
    victory_provenance: Provenance
