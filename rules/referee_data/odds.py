"""How strengths become a column: rounding of each halving and of the odds, and the
limits a game puts on columns and shifts."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum


class Rounding(StrEnum):
    """How a halved strength, or odds between two columns, are rounded."""

    DOWN = "down"
    UP = "up"
    NEAREST = "nearest"
    """To the nearest whole number (a half in the defender's favour)."""
    NONE = "none"
    """Kept as a fraction (TPS-style: 5 halved is 2½); for halvings only."""


HALVED_EFFECTS = ("attack", "defence", "movement")
"""What being out of supply may halve, each rounded as the game says."""


class BelowTable(StrEnum):
    """What odds below a table's first column do."""

    LOWEST_COLUMN = "lowest column"
    """Attacked on the first column."""
    NOT_ALLOWED = "not allowed"
    """The attack may not be made."""


@dataclass(frozen=True)
class OddsRule:
    """Rounding and limits: ``halving`` by effect (attack, defence, movement),
    ``odds`` for the odds or difference between two columns (``down`` is the
    defender's favour), ``below_table``, and ``shift_limit`` (the net column shift is
    held to that many columns either way; None: no limit)."""

    halving: Mapping[str, Rounding]
    odds: Rounding
    below_table: BelowTable
    shift_limit: int | None
