"""The rules a game's own data gives the referee: the ``[referee]`` table of ``game.toml``.

Most hex-and-counter games share a handful of mechanisms — a stacking limit, zones of
control, terrain costs, odds on a results table, a supply line of N hexes — and differ in
their numbers and exceptions. A game that states those here is refereed by
:mod:`rules.referee.mechanisms` with no code of its own; every verdict cites the section of the
game's rules the data names for it. The three Stalingrad games need more than this and
keep their own referees.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Rounding(StrEnum):
    """How a halved strength is rounded."""

    DOWN = "down"
    UP = "up"
    NONE = "none"
    """Kept as a fraction (TPS-style: 5 halved is 2½)."""


class Role(StrEnum):
    """Which side of an attack a unit-kind modifier looks at."""

    ATTACKER = "attacker"
    DEFENDER = "defender"


OUT_OF_SUPPLY_EFFECTS = ("attack", "defence", "movement")
"""What being out of supply may halve."""


@dataclass(frozen=True)
class StackingRule:
    """At most ``limit`` units of a side in a hex; units of the ``not_counted`` arms are free."""

    section: str
    limit: int
    not_counted: frozenset[str]


@dataclass(frozen=True)
class ZocRule:
    """Every unit exerts a zone of control into the six hexes around it, except the
    ``not_exerted_by`` arms. Entering an enemy zone costs ``entry_cost`` more MP and
    leaving one ``exit_cost`` more (both, from one into another), and with ``stop`` a
    unit that enters one moves no further that turn."""

    section: str
    not_exerted_by: frozenset[str]
    entry_cost: int
    stop: bool
    exit_cost: int = 0


@dataclass(frozen=True)
class MovementRule:
    """Movement as the terrain data prices it: each ``[[terrain]]``'s ``movement`` costs
    (by mobility class, ``"prohibited"`` to forbid) for entering a hex or crossing a side."""

    section: str


@dataclass(frozen=True)
class KindModifier:
    """A column shift and/or die modifier an arm brings to an attack it takes part in:
    once per attack, when any unit of ``arm`` attacks (or defends), and the defender's
    hex is one of ``terrain`` (any terrain when empty)."""

    arm: str
    role: Role
    column_shift: int
    die_modifier: int
    terrain: frozenset[str]
    section: str


@dataclass(frozen=True)
class CombatRule:
    """Attacks on the odds table ``table``: strengths as printed, halved (and rounded as
    ``rounding`` says) for what ``out_of_supply`` halves; terrain's shifts and die
    modifiers from ``[[terrain]]``, unit kinds' from ``modifiers``."""

    section: str
    table: str
    rounding: Rounding
    modifiers: tuple[KindModifier, ...]


@dataclass(frozen=True)
class SupplyRule:
    """A unit is in supply when a line of at most ``length`` hexes runs to a source of
    its side of ``source_kind``, entering no hex with an enemy unit and — when
    ``blocked_by_zoc`` — no hex in enemy ZOC that no friendly unit stands in. Out of
    supply halves what ``out_of_supply`` names."""

    section: str
    length: int
    source_kind: str
    blocked_by_zoc: bool
    out_of_supply: frozenset[str]


@dataclass(frozen=True)
class GameRules:
    """The ``[referee]`` table: each mechanism the game uses, with the section it cites."""

    stacking: StackingRule
    zoc: ZocRule | None
    movement: MovementRule
    combat: CombatRule
    supply: SupplyRule | None
