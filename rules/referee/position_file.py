"""Reading a position from a TOML file, with ``file:line`` errors.

A card-driven area game's file (Rattenkrieg) has its own keys, read by
:mod:`rules.referee.area_position_file`; this module reads the hex games'.

The format, documented in the README::

    game = "dos"                 # a shipped game, or a game folder's path from this file ("./my-dos")
    scenario = "blue"
    turn = 3
    phase = "German movement"
    weather = "clear"
    eliminated = ["14pz"]

    [settings]                   # game switches the referee reads
    taman_active = "yes"

    [[unit]]
    id = "24pz"
    at = "N3021"
    steps = 1                    # steps left; full strength when omitted
    flags = ["untried"]

    [[marker]]
    id = "air_supply"
    at = ["N3022"]
"""

from __future__ import annotations

import os
from pathlib import Path

from rules.data.fields import Table
from rules.data.loader import load_game, names_a_folder
from rules.data.source import TomlSource
from rules.hexes import Hex
from rules.model import Unit
from rules.referee.position import Position, UnitState
from rules.referee.position_fields import placed_unit, unit_flags

KNOWN_FLAGS = ("untried", "flying", "isolated", "frozen_lake_axis")
MAX_POSITION_FILE_BYTES = 256 * 1024
"""A position file; the referee's test positions are at most 10 KB."""
MAX_TURN = 99
"""The last turn a position may be on; a save's turn tracker is held to it too."""


def game_named_in(path: Path, name: str) -> str:
    """The game a position file at ``path`` names: a bare name is a shipped game; a
    path (``./railway``, ``../my-dos``) is a folder relative to the file's own folder,
    wherever the command runs (``~`` and absolute paths are taken as they are)."""
    if not names_a_folder(name):
        return name
    expanded = os.path.expanduser(name)
    if os.path.isabs(expanded) or path.parent == Path("."):
        return expanded
    return os.path.join(path.parent, expanded)


def read_position_file(path: Path) -> Position:
    """The position written in ``path``; the first problem raises :class:`DataError`."""
    source = TomlSource.read(path, MAX_POSITION_FILE_BYTES)
    root = Table.root(source)
    spec = load_game(game_named_in(path, root.text("game")))
    if spec.cards is not None:
        # The card game's reader (and its cards) loads only for a card game's file.
        from rules.referee.area_position_file import read_area_position

        return read_area_position(path, root, spec)
    root.only(
        "game", "scenario", "turn", "phase", "weather", "eliminated", "settings", "unit", "marker"
    )
    scenario = root.optional_text("scenario")
    if scenario is not None and spec.scenarios:
        scenario = root.choice("scenario", spec.scenarios, "scenario")
    units: list[UnitState] = []
    placed: dict[str, str] = {}
    for table in root.tables("unit"):
        table.only("id", "at", "steps", "flags")
        unit = placed_unit(table, spec, placed)
        location = table.text("at")
        found = spec.parse_hex(location)
        areas = {area.id for game_map in spec.maps for area in game_map.areas}
        if found is None and location not in areas:
            raise table.error(f"unknown hex or area {location!r}", "at", location)
        steps = table.integer("steps", len(unit.steps), 1, len(unit.steps))
        flags = unit_flags(table, KNOWN_FLAGS)
        units.append(UnitState(unit, location, None if found is None else found[1], steps, flags))
    eliminated: list[Unit] = []
    for unit_id in root.text_list("eliminated", required=False):
        if unit_id not in spec.units:
            raise root.error(f"unknown unit {unit_id!r}", "eliminated", unit_id)
        if unit_id in placed:
            raise root.error(
                f"unit {unit_id!r} is both on the map and eliminated", "eliminated", unit_id
            )
        if spec.units[unit_id] in eliminated:
            raise root.error(f"unit {unit_id!r} is eliminated twice", "eliminated", unit_id)
        eliminated.append(spec.units[unit_id])
    markers: dict[str, tuple[Hex, ...]] = {}
    for table in root.tables("marker"):
        table.only("id", "at")
        marker_id = table.choice("id", spec.markers, "marker")
        hexes = []
        for name in table.text_list("at"):
            found = spec.parse_hex(name)
            if found is None:
                raise table.error(f"unknown hex {name!r}", "at", name)
            hexes.append(found[1])
        markers[marker_id] = markers.get(marker_id, ()) + tuple(hexes)
    settings_table = root.optional_table("settings")
    settings = (
        {key: settings_table.text(key) for key, _ in settings_table.items()}
        if settings_table
        else {}
    )
    setting_lines = {
        key: line
        for key in settings
        if settings_table is not None
        and (line := source.line_of((*settings_table.path, key))) is not None
    }
    return Position(
        spec=spec,
        scenario=scenario,
        turn=root.integer("turn", minimum=0, maximum=MAX_TURN),
        phase=root.optional_text("phase"),
        weather=root.optional_text("weather"),
        units=tuple(units),
        eliminated=tuple(eliminated),
        markers=markers,
        settings=settings,
        source=str(path),
        setting_lines=setting_lines,
    )
