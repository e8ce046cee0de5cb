"""When a combat modifier applies, and which units a phase lets act.

A condition names what a player sees in an attack: the kinds of units on each side
(``arm``, ``mobility``, ``nationality``, ``size``), present among them or all of them; the
defender's terrain; the hexside features the attackers attack across; who is out of
supply; a night turn. Every condition given must hold.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol


class Kind(Protocol):
    """What a filter reads of a unit (:class:`rules.model.Unit` has it): the records of
    the referee's data come before the model that holds them."""

    @property
    def arm(self) -> str: ...

    @property
    def mobility(self) -> str: ...

    @property
    def nationality(self) -> str: ...

    @property
    def size(self) -> str: ...


class Which(StrEnum):
    """Whether a condition on a group of units needs any of them, or all."""

    ANY = "any"
    ALL = "all"


@dataclass(frozen=True)
class UnitFilter:
    """Units of the kinds named: for each key given, the unit's value is one of those
    listed (``arm = ["armour"]``, ``mobility = ["tracked", "wheeled"]``)."""

    arms: frozenset[str] = frozenset()
    mobility: frozenset[str] = frozenset()
    nationalities: frozenset[str] = frozenset()
    sizes: frozenset[str] = frozenset()

    def matches(self, unit: Kind) -> bool:
        """Whether ``unit`` is of the kinds named."""
        return (
            (not self.arms or unit.arm in self.arms)
            and (not self.mobility or unit.mobility in self.mobility)
            and (not self.nationalities or unit.nationality in self.nationalities)
            and (not self.sizes or unit.size in self.sizes)
        )

    def describe(self) -> str:
        """The kinds in a few words: ``armour``, ``tracked``, ``infantry or armour``."""
        words = [
            " or ".join(sorted(values))
            for values in (self.nationalities, self.sizes, self.mobility, self.arms)
            if values
        ]
        return " ".join(words) or "any"


@dataclass(frozen=True)
class Conditions:
    """What must hold of an attack for a modifier to apply (nothing: always).

    ``attackers_include``: for each filter, at least one attacker matches it (so two
    filters ask for both kinds); ``attackers_all``: every attacker matches; the same for
    defenders. ``terrain``: the defender's hex is of one of these. ``across``: the
    attackers attack across a hexside with one of these features — every attacker, or
    with ``across_by = any`` at least one. ``attackers_out_of_supply`` and
    ``defenders_out_of_supply``: any or all of them out of supply. ``night``: only on a
    night turn (True) or only by day (False).
    """

    attackers_include: tuple[UnitFilter, ...] = ()
    attackers_all: UnitFilter | None = None
    defenders_include: tuple[UnitFilter, ...] = ()
    defenders_all: UnitFilter | None = None
    terrain: frozenset[str] = frozenset()
    across: frozenset[str] = frozenset()
    across_by: Which = Which.ALL
    attackers_out_of_supply: Which | None = None
    defenders_out_of_supply: Which | None = None
    night: bool | None = None


@dataclass(frozen=True)
class CombatModifier:
    """A column shift and/or die modifier an attack gets, once, when its conditions hold."""

    name: str
    conditions: Conditions
    column_shift: int
    die_modifier: int
    section: str
