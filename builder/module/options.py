"""The optional rules of a game's text as switches the players set in the module.

Each optional rule whose coverage row names a setting (TPS army organisation and hold
orders, Rattenkrieg's Soviet-only replenishment) becomes a numeric global property of
that name, 0 (not in play, as the rules text leaves it) or 1, with a toolbar button that
turns it over and says so in the chat. The property is saved with the game, and the
referee reads it from the save as the setting of the same name (1: "yes").
"""

from __future__ import annotations

from lxml import etree

from builder.conventions import OPTION_OFF, OPTION_ON
from builder.module.elements import element
from rules.coverage import optional_rules
from rules.model import GameSpec


def optional_rule_properties(properties: etree._Element, spec: GameSpec) -> None:
    """A global property and a toggle button for every optional rule of ``spec``'s text."""
    for row in optional_rules(spec.id):
        title = row.number.removeprefix("Optional: ")
        prop = element(
            properties,
            "module.properties.GlobalProperty",
            name=row.setting,
            initialValue=OPTION_OFF,
            description=f"Optional rule {row.number}: {OPTION_ON} when in play",
            isNumeric="true",
            min=OPTION_OFF,
            max=OPTION_ON,
            wrap="true",
        )
        element(
            prop,
            "module.properties.ChangePropertyButton",
            text=f"Option: {title}",
            tooltip=f"{row.title} (rule {row.number}). Click to put it in play or out of it",
            icon="",
            hotkey="",
            # Incremented by 1 with wrap from 1 back to 0: one click turns it over, no dialog.
            propChanger=f"I,{OPTION_ON}",
            reportFormat=f"Optional rule {title}: $newValue$ ({OPTION_ON} in play, {OPTION_OFF} not)",
        )
