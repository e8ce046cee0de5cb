"""The rules a game's own data gives the referee: the ``[referee]`` table of ``game.toml``.

Most hex-and-counter games share a handful of mechanisms — a stacking limit, zones of
control, terrain costs, odds on a results table, a supply line of N hexes — and differ in
their numbers and exceptions. A game that states those here is refereed by
:mod:`rules.referee.mechanisms` with no code of its own; every verdict cites the section of the
game's rules the data names for it. The three Stalingrad games need more than this and
keep their own referees. The records of the further mechanisms (conditions, routes,
odds, results, sequence, victory, bombardment) are in :mod:`rules.referee_data`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from rules.referee_data.bombardment import BombardmentRule
from rules.referee_data.conditions import CombatModifier
from rules.referee_data.odds import BelowTable, OddsRule, Rounding
from rules.referee_data.results import ResultEffect, RetreatRule
from rules.referee_data.routes import RouteRule
from rules.referee_data.sequence import ReinforcementRule, SequenceRule
from rules.referee_data.victory import VictoryRule


class Role(StrEnum):
    """Which side of an attack a unit-kind modifier looks at (the short form
    ``arm = "armour", role = "attacker"``)."""

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
    (by mobility class, ``"prohibited"`` to forbid) for entering a hex or crossing a side,
    and ``routes``, the roads and rail that replace them along their hexes."""

    section: str
    routes: tuple[RouteRule, ...] = ()


@dataclass(frozen=True)
class CombatRule:
    """Attacks on the odds table ``table``: strengths as printed, halved (and rounded as
    ``odds.halving`` says) for what ``out_of_supply`` halves; terrain's shifts and die
    modifiers from ``[[terrain]]``, conditioned ones from ``modifiers``; each result
    code's effects in ``results`` and retreats by ``retreat``."""

    section: str
    table: str
    rounding: Rounding
    modifiers: tuple[CombatModifier, ...]
    odds: OddsRule = field(
        default_factory=lambda: OddsRule({}, Rounding.DOWN, BelowTable.LOWEST_COLUMN, None)
    )
    results: Mapping[str, ResultEffect] = field(default_factory=dict)
    retreat: RetreatRule | None = None

    def halving(self, effect: str) -> Rounding:
        """How a halved ``effect`` (attack, defence, movement) is rounded: as
        ``halving`` says, else as ``rounding`` (movement: down)."""
        default = Rounding.DOWN if effect == "movement" else self.rounding
        return self.odds.halving.get(effect, default)


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
    sequence: SequenceRule | None = None
    reinforcements: ReinforcementRule | None = None
    victory: VictoryRule | None = None
    bombardment: BombardmentRule | None = None
