"""Rounding as a game's rules say it: of a halved strength or allowance, and of the odds
between two columns of its table (down in the defender's favour, up, or to the nearest).

Pure functions of numbers and a table; :mod:`~rules.referee.mechanisms.combat` and
:mod:`~rules.referee.mechanisms.movement` apply them.
"""

from __future__ import annotations

from fractions import Fraction
from math import ceil, floor

from rules.referee_data.odds import Rounding
from rules.tables import Column, Difference, Odds, OddsTable


def rounded(value: Fraction, rounding: Rounding, half_up: bool = False) -> Fraction:
    """``value`` rounded as ``rounding`` says; ``nearest`` takes a half down, or up with
    ``half_up``; ``none`` keeps the fraction."""
    if rounding is Rounding.DOWN:
        return Fraction(floor(value))
    if rounding is Rounding.UP:
        return Fraction(ceil(value))
    if rounding is Rounding.NEAREST:
        low = floor(value)
        part = value - low
        return Fraction(
            low + 1 if part > Fraction(1, 2) or half_up and part == Fraction(1, 2) else low
        )
    return value


def halved(value: int, rounding: Rounding) -> Fraction:
    """Half of ``value``, rounded as the game says (a half of a nearest rounding goes down)."""
    return rounded(Fraction(value, 2), rounding)


def rounded_odds(
    attack: Fraction, defence: Fraction, differential: bool, rounding: Rounding
) -> Column | None:
    """The strengths as a column a table may not hold: the difference (attack minus
    defence) for a ``differential`` table, or the odds ``n-1`` or ``1-n`` of a ratio table,
    rounded as the game says — down and nearest's halves in the defender's favour; None
    against no defence at all (the table's last column)."""
    if differential:
        return Difference(int(rounded(attack - defence, rounding)))
    if attack <= 0:
        return Odds(0, 1)
    if defence <= 0:
        return None
    if attack >= defence:
        return Odds(int(rounded(attack / defence, rounding)), 1)
    # Below 1-1 the defender's favour is the larger second number: 3 to 4 is 1-2 rounded down.
    opposite = {Rounding.DOWN: Rounding.UP, Rounding.UP: Rounding.DOWN}.get(rounding, rounding)
    return Odds(1, max(1, int(rounded(defence / attack, opposite, half_up=True))))


def column_for(
    attack: Fraction, defence: Fraction, table: OddsTable, rounding: Rounding
) -> tuple[Column | None, Column]:
    """The rounded odds and the table's column for them: the highest column at or below
    them, the first column below the table, the last above it. Rounding down keeps the
    table's own look-up (a ``3-2`` column holds 5 to 3)."""
    raw = rounded_odds(attack, defence, table.differential, rounding)
    if rounding is Rounding.DOWN or raw is None:
        return raw, table.column_for_strengths(attack, defence)
    return raw, table.column_for(raw.rank)
