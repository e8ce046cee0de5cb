"""What a Stavka module and the referee agree on, kept apart from the module builder.

The referee reads saves of our modules: it must know the module's name, the global
property that names the scenario and the maps that hold each side's eliminated units.
The builder writes them. Both import these names from here, so ``stavka check`` starts
without loading the module builder and its drawing and templating libraries.
"""

from __future__ import annotations

from rules.model import GameSpec, UnitStep

SCENARIO_PROPERTY = "Scenario"
"""The module's global property each predefined set-up sets to its scenario id."""
STEP_LAYER = "Step"
"""A unit's Layer whose second level shows its reduced face: a lost step."""
UNTRIED_LAYER = "Untried"
"""A DoS unit's Layer whose first level shows its untried face (2.14)."""
SUPPLY_PROPERTY = "Supply"
SUPPLY_RULES_PROPERTY = "SupplyRules"
"""The Marker properties an annotated copy gives each judged unit: its supply verdict
and the rules it rests on (:mod:`builder.saves.annotate`)."""
SIDE_LAYER = "Side"
"""A two-sided marker's Layer whose second level shows its back (a control marker: the other side's)."""


OPTION_OFF, OPTION_ON = "0", "1"
"""The values of an optional rule's global property (named as its setting): out of play,
in play. Numeric, so one toolbar click turns it over without a dialog."""


def module_name(spec: GameSpec) -> str:
    """The name of a game's module, which its saves carry in their ``moduledata``."""
    return f"{spec.title} (Stavka)"


def dead_pile_name(side_name: str) -> str:
    """The map where a side's eliminated units go (the referee reads losses there)."""
    return f"{side_name} eliminated"


DIE_BUTTON = "1d6"
"""The module's die button, whose name opens each roll it reports in the chat."""
DIE_REPORT = "** $name$ = $result$ *** <$PlayerName$>"
"""How the die button words a roll; VASSAL puts one more "*" before it, and the log
audit reads the rolls back from these lines."""

DATA_ENTRY_FOLDER = "stavka-data/"
"""The folder inside a module that holds the game data files it was built from."""


def data_entry(file_name: str) -> str:
    """The module entry holding the data file ``file_name``."""
    return DATA_ENTRY_FOLDER + file_name


def unit_printed_values(steps: tuple[UnitStep, ...]) -> list[tuple[str, str]]:
    """A unit's step count and printed values as its piece's Marker properties name
    them; the referee compares a save's pieces with the data it judges them by."""
    values = [("Steps", str(len(steps)))]
    for number, step in enumerate(steps, start=1):
        for label, printed in (
            ("Attack", step.attack),
            ("Defence", step.defence),
            ("Movement", step.movement),
        ):
            values.append((f"{label}{number}", "?" if printed is None else str(printed)))
    return values


def overlay_image(kind: str) -> str:
    """The module image of a verdict overlay (``builder.art.markers.VERDICT_OVERLAYS``),
    which every module ships and an annotated copy shows."""
    return f"overlays/{kind}.png"
