"""The optional rules of a game's text as switches the players set in the module.

Each optional rule whose coverage row names a setting (TPS army organisation and hold
orders, Rattenkrieg's Soviet-only replenishment) becomes a numeric global property of
that name, 0 (not in play, as the rules text leaves it) or 1, with a toolbar button that
turns it over and says so in the chat. The property is saved with the game, and the
referee reads it from the save as the setting of the same name (1: "yes").
"""

from __future__ import annotations

from dataclasses import dataclass

from lxml import etree

from builder.saves.names import OPTION_OFF, OPTION_ON
from builder.module import keys
from builder.module.elements import element
from builder.module.keys import Key
from rules.coverage import RuleRow, optional_rules
from rules.model import GameSpec


@dataclass(frozen=True)
class OptionButton:
    """The toolbar button of one optional rule."""

    rule: RuleRow
    text: str
    key: Key


def option_buttons(spec: GameSpec) -> tuple[OptionButton, ...]:
    """A button for every optional rule of ``spec``'s text, each with its own key."""
    rows = optional_rules(spec.id)
    if len(rows) > len(keys.OPTIONAL_RULES):
        raise ValueError(f"{spec.id} has more optional rules than keys.OPTIONAL_RULES")
    return tuple(
        OptionButton(row, f"Option: {row.setting.replace('_', ' ').capitalize()}", key)
        for row, key in zip(rows, keys.OPTIONAL_RULES, strict=False)
    )


def optional_rule_properties(properties: etree._Element, spec: GameSpec) -> None:
    """A global property and a toggle button for every optional rule of ``spec``'s text."""
    for button in option_buttons(spec):
        row = button.rule
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
            text=button.text,
            tooltip=f"{row.title} (rule {row.number}). Click to put it in play or out of it",
            icon="",
            hotkey=button.key.encoded(),
            # Incremented by 1 with wrap from 1 back to 0: one click turns it over, no dialog.
            propChanger=f"I,{OPTION_ON}",
            reportFormat=f"{button.text}: $newValue$ ({OPTION_ON} in play, {OPTION_OFF} not)",
        )
