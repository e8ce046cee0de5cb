"""Load and validate a game's data folder into a :class:`rules.model.GameSpec`.

Each module of this package reads one file (or one part of ``map.toml``); this one reads
``game.toml``'s header and puts the parts together. A game folder holds ``game.toml``
(sides, nationalities, terrain types), ``map.toml`` (boards, terrain, hexsides, towns,
rails, edges, supply sources, or areas), ``units.toml`` (units and markers),
``scenarios.toml``, ``tables.toml`` and, for a game adopted from a module someone else
made, ``module.toml``. Every name that refers to something else — a hex
number, a terrain, a nationality, a unit — is checked here, so a typo is reported once,
at load, as ``file:line: message``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path

from rules.data import look, presentation
from rules.data.fields import Table
from rules.data.game_rules import game_rules
from rules.data.layout import GAME_FILES, GENERATED_MAP_FILE, REQUIRED_FILES
from rules.data.parse.adopted import read_adopted
from rules.data.parse.cards import read_cards
from rules.data.parse.game import (
    mobility_classes,
    read_nationalities,
    read_sides,
    read_terrain_types,
)
from rules.data.parse.hexes import HexReader
from rules.data.parse.maps import read_maps
from rules.data.parse.referee import Known
from rules.data.parse.scenarios import read_scenarios
from rules.data.parse.tables import read_tables
from rules.data.parse.units import read_units
from rules.data.source import TomlSource
from rules.errors import DataError
from rules.game_rules import GameRules
from rules.model import GameSpec, played_on_areas

GAME_ID = re.compile(r"[a-z][a-z0-9_-]{0,31}")
"""Game ids name output files (``dist/<id>.vmod``) and folders: short plain names only."""


def parse_game_folder(folder: Path, with_generated: bool) -> GameSpec:
    """The game in ``folder`` read from its files and checked; the first problem raises
    :class:`DataError`. ``with_generated`` as for :func:`rules.data.loader.load_game`."""
    sources = {name: _read_optional(folder / name) for name in GAME_FILES}
    generated = _read_optional(folder / GENERATED_MAP_FILE) if with_generated else None
    return _parse_sources(folder, sources, generated)


def parse_game_files(folder: Path, files: Mapping[str, bytes]) -> GameSpec:
    """The game held in memory as ``files`` (file name → bytes, as a module carries its
    data), checked exactly as a folder is; ``folder`` names the files in errors."""
    for name in REQUIRED_FILES:
        if name not in files:
            raise DataError(folder / name, None, f"missing: every game folder needs a {name}")

    def source(name: str) -> TomlSource | None:
        return TomlSource.parse(folder / name, files[name]) if name in files else None

    return _parse_sources(
        folder, {name: source(name) for name in GAME_FILES}, source(GENERATED_MAP_FILE)
    )


def _parse_sources(
    folder: Path, sources: dict[str, TomlSource | None], generated: TomlSource | None
) -> GameSpec:
    game_source = sources["game.toml"]
    assert game_source is not None
    game = Table.root(game_source)
    game.only(
        "game",
        "side",
        "nationality",
        "terrain",
        "notes",
        "phases",
        "formation",
        "labels",
        "drawn_lines",
        "track",
        "help",
        "arm",
        "referee",
    )
    header = game.table("game")
    header.only("id", "title", "publisher", "year", "rules", "counter_values", *look.WORDING_KEYS)
    sides = read_sides(game)
    nationalities = read_nationalities(game, {side.id for side in sides})
    terrain_types = read_terrain_types(game)
    arms = look.arms(game)
    maps = read_maps(sources["map.toml"], generated, terrain_types, {side.id for side in sides})
    spec_maps = tuple(maps)
    hex_map = next((item.hex_map for item in spec_maps if item.hex_map is not None), None)
    hexes = None if hex_map is None else HexReader(hex_map)
    units, markers = read_units(
        sources["units.toml"],
        sides,
        nationalities,
        not played_on_areas(maps),
        arms,
        {area.id for game_map in maps for area in game_map.areas},
        mobility_classes(terrain_types, {side.id for side in sides}),
        hexes,
    )
    scenarios = read_scenarios(sources["scenarios.toml"], units, spec_maps)
    tables = read_tables(sources["tables.toml"])
    cards = read_cards(
        sources["cards.toml"],
        {side.id for side in sides},
        {area.id for game_map in maps for area in game_map.areas},
    )
    referee = game_rules(
        game,
        Known(
            arms={unit.arm for unit in units.values()},
            mobilities={unit.mobility for unit in units.values()}
            | mobility_classes(terrain_types, {side.id for side in sides}),
            nationalities=nationalities,
            sizes={unit.size for unit in units.values() if unit.size},
            sides={side.id for side in sides},
            terrains=terrain_types,
            source_kinds={
                source.kind for game_map in spec_maps for source in game_map.supply_sources
            },
            odds_tables=tables.odds_tables,
            road_kinds={road.kind for game_map in spec_maps for road in game_map.roads},
            has_rail=any(game_map.rails for game_map in spec_maps),
            hexes=hexes,
        ),
        units,
        not played_on_areas(maps),
    )
    phases = _phases(game, referee)
    for scenario in scenarios.values():
        presentation.check_phases(scenario, phases, folder / "scenarios.toml")
    for unit in units.values():
        for arrival in unit.arrivals:
            if scenarios and arrival.scenario not in scenarios:
                raise DataError(
                    folder / "units.toml",
                    None,
                    f"unit {unit.id!r} arrives in unknown scenario {arrival.scenario!r}",
                )
    for game_map in spec_maps:
        for victory_hex in game_map.victory_hexes:
            for scenario_id in victory_hex.scenarios:
                if scenarios and scenario_id not in scenarios:
                    raise DataError(
                        folder / "map.toml",
                        None,
                        f"victory hex {victory_hex.name!r} names unknown scenario {scenario_id!r}",
                    )
    game_id = header.text("id")
    if not GAME_ID.fullmatch(game_id):
        raise header.error(
            f"game id {game_id!r} must be 1 to 32 lower-case letters, digits, '-' or '_', starting with a letter",
            "id",
        )
    return GameSpec(
        id=game_id,
        title=header.text("title"),
        publisher=header.text("publisher"),
        year=header.integer("year", minimum=1900, maximum=2100),
        rules_text=header.text("rules"),
        sides=tuple(sides),
        nationalities=nationalities,
        terrain_types=terrain_types,
        maps=spec_maps,
        units=units,
        markers=markers,
        scenarios=scenarios,
        tables=tables,
        folder=str(folder),
        notes=tuple(game.text_list("notes", required=False)),
        phases=phases,
        cards=cards,
        formations=presentation.formations(game),
        labels=presentation.labels(game),
        drawn_lines=look.drawn_lines(game),
        tracks=presentation.tracks(game, markers, scenarios),
        help=presentation.help_sections(game),
        arms=arms,
        wording=look.wording(header),
        counter_values=look.counter_values(header),
        referee=referee,
        adopted=read_adopted(sources["module.toml"], spec_maps, units),
    )


def _phases(game: Table, referee: GameRules | None) -> tuple[str, ...]:
    """The game's phases, the turn tracker's list: ``phases``, or the phases of
    ``[referee.sequence]``, which ``phases`` must then repeat in order (one truth)."""
    listed = tuple(game.text_list("phases", required=False))
    sequence = None if referee is None else referee.sequence
    if sequence is None:
        return listed
    named = tuple(phase.name for phase in sequence.phases)
    if listed and listed != named:
        raise game.error(
            "'phases' must be the [referee.sequence] phases in their order: "
            + ", ".join(named)
            + " (or leave 'phases' out)",
            "phases",
        )
    return named


def _read_optional(path: Path) -> TomlSource | None:
    if path.name in REQUIRED_FILES and not (path.exists() or path.is_symlink()):
        raise DataError(path, None, f"missing: every game folder needs a {path.name}")
    return TomlSource.read(path) if path.exists() or path.is_symlink() else None
