"""How the Drive on Stalingrad referee reads a unit: nationality, arm, mobility (1.5, 2.9, 6.3)."""

from __future__ import annotations

from rules.referee.position import UnitState

AXIS, SOVIET = "axis", "soviet"
GERMAN_NATIONALITIES = frozenset({"german", "german_mechanized", "slovak"})
"""German units in every respect: the Slovak motorized division counts as German (1.5, 11.39)."""
ARTILLERY_ARMS = frozenset({"artillery", "heavy_artillery"})
PANZER_ARM = "panzer"
FLAK_ARM = "motorized_flak"
ASSAULT_ESCORT_ARMS = frozenset({"motorized_infantry", FLAK_ARM})
RESERVE_ARMIES = ("5RA", "6RA", "7RA", "8RA")
"""The four Soviet armies 8.4 holds in reserve in Blue: "four", as the errata of 3 September
2002 corrected the rule's "five" (the translated rule already says four)."""


def german(state: UnitState) -> bool:
    """German in every respect, the Slovak unit included (1.5)."""
    return state.unit.nationality in GERMAN_NATIONALITIES


def mechanized(state: UnitState) -> bool:
    """A mechanized or motorized unit (2.9)."""
    return state.unit.mobility == "mechanized"


def artillery(state: UnitState) -> bool:
    """Soviet artillery or heavy artillery (6.4, 11.26)."""
    return state.unit.arm in ARTILLERY_ARMS


def stacking_group(state: UnitState) -> str:
    """The nationality a unit stacks as (6.3): German (with the Slovak unit) or its own."""
    return "german" if german(state) else state.unit.nationality
