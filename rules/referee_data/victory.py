"""Victory: victory points for hexes held or controlled and for enemy losses, the
levels their difference gives at the game's end, and sudden death at any time."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rules.hexes import Hex


class Hold(StrEnum):
    """What a side must do with a hex to score it."""

    OCCUPIED = "occupied"
    """Its units stand in it."""
    CONTROLLED = "controlled"
    """It occupies it, or it is empty and the side controls it (the game's control rule)."""


class Per(StrEnum):
    """What an elimination award counts."""

    STEP = "step"
    UNIT = "unit"


@dataclass(frozen=True)
class VictoryHexes:
    """``points`` to ``side`` for each of ``hexes`` it holds as ``hold`` says, at the
    end; ``owner`` controls them when empty and the ZOCs do not decide."""

    name: str
    hexes: tuple[Hex, ...]
    side: str
    points: int
    hold: Hold
    owner: str | None
    section: str


@dataclass(frozen=True)
class EliminationAward:
    """``points`` to ``side`` for each enemy step (or unit) eliminated."""

    side: str
    per: Per
    points: int
    section: str


@dataclass(frozen=True)
class VictoryLevel:
    """A band of the VP difference (None: unbounded) and the result it gives."""

    minimum: int | None
    maximum: int | None
    result: str
    section: str


@dataclass(frozen=True)
class SuddenDeath:
    """``side`` wins at once when it holds every one of ``hexes``."""

    side: str
    hexes: tuple[Hex, ...]
    hold: Hold
    section: str


@dataclass(frozen=True)
class VictoryRule:
    """The game's victory: VP awards, the levels of ``difference`` (the first side's VP
    minus the second's) at the end, sudden death at any time; ``control_section`` is
    the control rule's (a side controls the hexes its units occupy, and an empty hex
    its zone of control alone covers)."""

    section: str
    difference: tuple[str, str]
    control_section: str
    hexes: tuple[VictoryHexes, ...]
    eliminations: tuple[EliminationAward, ...]
    levels: tuple[VictoryLevel, ...]
    sudden_deaths: tuple[SuddenDeath, ...]
