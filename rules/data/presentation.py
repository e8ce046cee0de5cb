"""How a game is shown to its players: formation names, legend labels, record tracks and
map marks, read from ``game.toml`` and ``map.toml`` with the loader's checks.

None of this changes a rule; it is what a module or a printed sheet needs to show the
rules' own words instead of data keys (a palette tab reads "6th Army", not "6A").
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from pathlib import Path

from rules.data.fields import Table
from rules.errors import DataError
from rules.hexes import Hex
from rules.model import Formation, MapMark, Marker, Scenario, Track

PROPERTY_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
"""A module property a track keeps: a name VASSAL's expressions can read as it is."""


def formations(game: Table) -> dict[str, Formation]:
    """``[[formation]]``: the names of the groups units name in ``properties.army``."""
    result: dict[str, Formation] = {}
    for table in game.tables("formation"):
        table.only("id", "name")
        formation_id = table.text("id")
        if formation_id in result:
            raise table.error(f"duplicate formation {formation_id!r}", "id")
        result[formation_id] = Formation(formation_id, table.text("name"), table.provenance())
    return result


def labels(game: Table) -> dict[str, str]:
    """``[labels]``: display names of map symbols by their data id."""
    table = game.optional_table("labels")
    return {} if table is None else {key: table.text(key) for key, _ in table.items()}


def check_phases(scenario: Scenario, phases: tuple[str, ...], path: Path) -> None:
    """A scenario's own sequence of play must be game phases in the game's order: the
    module's turn tracker lists the game's phases and switches off the others."""
    positions = []
    for phase in scenario.phases:
        if phase not in phases:
            raise DataError(
                path, f"scenario {scenario.id}", f"phase {phase!r} is not one of game.toml's phases"
            )
        positions.append(phases.index(phase))
    if positions != sorted(positions):
        raise DataError(
            path, f"scenario {scenario.id}", "phases must come in the order game.toml lists them"
        )


def help_sections(game: Table) -> tuple[tuple[str, str], ...]:
    """``[[help]]``: the module's help page, section by section (title, text)."""
    sections = []
    for table in game.tables("help"):
        table.only("title", "text")
        sections.append((table.text("title"), table.text("text")))
    return tuple(sections)


def tracks(
    game: Table, markers: Mapping[str, Marker], scenarios: Mapping[str, object]
) -> tuple[Track, ...]:
    """``[[track]]``: the record tracks of the rules, each with its marker and property.

    Scenarios are checked when the folder has any, as units' arrivals are: a test or
    transcription folder may borrow a game.toml without its scenarios."""
    result: list[Track] = []
    for table in game.tables("track"):
        table.only("id", "name", "property", "marker", "first", "last", "wrap", "scenarios")
        name = table.text("property")
        if not PROPERTY_NAME.fullmatch(name):
            raise table.error(
                f"property {name!r} must be letters, digits and '_', starting with a letter",
                "property",
            )
        first = table.integer("first", minimum=0, maximum=999)
        track_scenarios = tuple(table.text_list("scenarios", required=False))
        for scenario in track_scenarios:
            if scenarios and scenario not in scenarios:
                raise table.error(f"unknown scenario {scenario!r}", "scenarios", scenario)
        result.append(
            Track(
                id=table.text("id"),
                name=table.text("name"),
                property=name,
                marker=table.choice("marker", markers, "marker"),
                first=first,
                last=table.integer("last", minimum=first + 1, maximum=999),
                wrap=table.boolean("wrap", False),
                scenarios=track_scenarios,
                provenance=table.provenance(),
            )
        )
    if len({track.id for track in result}) != len(result):
        raise game.error("[[track]] ids must be unique")
    return tuple(result)


def marks(table: Table, read_hexes: Callable[[Table, str], list[Hex]]) -> tuple[MapMark, ...]:
    """``[[map.mark]]``: symbols printed in hexes the rules refer to."""
    result = []
    for mark in table.tables("mark"):
        mark.only("symbol", "hexes", "description")
        result.append(
            MapMark(
                mark.text("symbol"),
                tuple(read_hexes(mark, "hexes")),
                mark.text("description"),
                mark.provenance(table.provenance()),
            )
        )
    return tuple(result)
