"""What a Stavka module and the referee agree on, kept apart from the module builder.

The referee reads saves of our modules: it must know the module's name, the global
property that names the scenario and the maps that hold each side's eliminated units.
The builder writes them. Both import these names from here, so ``stavka check`` starts
without loading the module builder and its drawing and templating libraries.
"""

from __future__ import annotations

from rules.model import GameSpec

SCENARIO_PROPERTY = "Scenario"
"""The module's global property each predefined set-up sets to its scenario id."""


def module_name(spec: GameSpec) -> str:
    """The name of a game's module, which its saves carry in their ``moduledata``."""
    return f"{spec.title} (Stavka)"


def dead_pile_name(side_name: str) -> str:
    """The map where a side's eliminated units go (the referee reads losses there)."""
    return f"{side_name} eliminated"
