"""Load and validate a game's data folder into a :class:`rules.model.GameSpec`.

A game folder holds ``game.toml`` (sides, nationalities, terrain types), ``map.toml``
(boards, terrain, hexsides, towns, rails, edges, supply sources, or areas),
``units.toml`` (units and markers), ``scenarios.toml`` and ``tables.toml``. Every name
that refers to something else — a hex number, a terrain, a nationality, a unit — is
checked here, so a typo is reported once, at load, as ``file:line: message``.

Over 500 lines: until it is split by the file each part reads (issue 24).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import replace
from itertools import pairwise
from pathlib import Path
from typing import Any

from rules.areas import AreaMap, Crossing, MapFrame, signed_area
from rules.cards import CardDeck, Event, Hands, Rank, Suit
from rules.data import look, presentation
from rules.data.fields import Provenance, Table, unknown_name_message
from rules.data.loader import GAME_FILES, GENERATED_MAP_FILE
from rules.data.source import TomlSource
from rules.errors import DataError
from rules.hexes import Hex, HexSide, are_adjacent, hexside
from rules.hexgrid import Board, HexGrid, HexGridNumbering, HexMap
from rules.model import (
    Area,
    ArmLook,
    Arrival,
    GameMap,
    GameSpec,
    MapEdge,
    Marker,
    Nationality,
    Placement,
    RailLine,
    Scenario,
    Side,
    SupplySource,
    TerrainType,
    Town,
    Unit,
    UnitStep,
    VictoryHex,
    played_on_areas,
)
from rules.regions import outline, outline_between
from rules.tables import (
    Column,
    Difference,
    Odds,
    OddsTable,
    Tables,
    VictoryLevel,
    VictoryPointAward,
)

REQUIRED_FILES = ("game.toml", "map.toml", "units.toml", "scenarios.toml")
MAX_BOARD_SIDE = 16_000
"""A board's width or height in pixels; the shipped boards are at most 3,705."""
MAX_BOARD_PIXELS = 40_000_000
"""A board's pixels, what the build draws in memory at once (160 MB as RGBA); shipped: 9.1 million."""
MAX_HEX_PIXELS = 1_000
"""A hex grid's dx or dy; the shipped grids use 75 to 88 pixels."""
MAX_BOARD_HEXES = 100_000
"""Hexes on one board (columns × rows); the shipped boards have at most a few thousand."""
"""Without any of these a game has no board, no pieces or nothing to set up; only the
tables and cards (a game may have none) and the generated map are optional."""
GAME_ID = re.compile(r"[a-z][a-z0-9_-]{0,31}")
"""Game ids name output files (``dist/<id>.vmod``) and folders: short plain names only."""
GENERATED_MAP_KEYS = (
    "name",
    "terrain",
    "hexsides",
    "lines",
    "town",
    "rail",
    "supply_source",
    "overrides",
)
TERRAIN_KINDS = ("hex", "hexside", "area")
TOWN_KINDS = ("city", "town", "port", "village")
ODDS = re.compile(r"^(\d+)[-:](\d+)$")
DIFFERENCE = re.compile(r"^([+-]\d+|0)$")


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
    )
    header = game.table("game")
    header.only("id", "title", "publisher", "year", "rules", *look.WORDING_KEYS)
    sides = _sides(game)
    nationalities = _nationalities(game, {side.id for side in sides})
    terrain_types = _terrain_types(game)
    arms = look.arms(game)
    maps = _maps(sources["map.toml"], generated, terrain_types, {side.id for side in sides})
    spec_maps = tuple(maps)
    units, markers = _units(
        sources["units.toml"], sides, nationalities, not played_on_areas(maps), arms
    )
    scenarios = _scenarios(sources["scenarios.toml"], units, spec_maps)
    tables = _tables(sources["tables.toml"])
    cards = _cards(
        sources["cards.toml"],
        {side.id for side in sides},
        {area.id for game_map in maps for area in game_map.areas},
    )
    phases = tuple(game.text_list("phases", required=False))
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
    )


def _read_optional(path: Path) -> TomlSource | None:
    if path.name in REQUIRED_FILES and not (path.exists() or path.is_symlink()):
        raise DataError(path, None, f"missing: every game folder needs a {path.name}")
    return TomlSource.read(path) if path.exists() or path.is_symlink() else None


def _unique(table: Table, key: str, seen: dict[str, str], what: str) -> str:
    """Read ``key`` as an id and refuse one already used (naming where it was first)."""
    value = table.text(key)
    if value in seen:
        raise table.error(f"duplicate {what} {value!r} (first defined at {seen[value]})", key)
    seen[value] = table.where(key)
    return value


def _sides(game: Table) -> list[Side]:
    seen: dict[str, str] = {}
    sides = []
    for table in game.tables("side", required=True):
        table.only("id", "name", "colour")
        sides.append(
            Side(
                _unique(table, "id", seen, "side"),
                table.text("name"),
                look.optional_colour(table, "colour"),
            )
        )
    return sides


def _nationalities(game: Table, sides: set[str]) -> dict[str, Nationality]:
    seen: dict[str, str] = {}
    result = {}
    for table in game.tables("nationality"):
        table.only("id", "name", "side", "background", "text")
        nationality = Nationality(
            id=_unique(table, "id", seen, "nationality"),
            name=table.text("name"),
            side=table.choice("side", sides, "side"),
            background=look.colour(table, "background"),
            text=look.colour(table, "text"),
            provenance=table.provenance(),
        )
        result[nationality.id] = nationality
    return result


def _terrain_types(game: Table) -> dict[str, TerrainType]:
    seen: dict[str, str] = {}
    result = {}
    for table in game.tables("terrain", required=True):
        table.only(
            "id",
            "name",
            "kind",
            "movement",
            "enemy_entry_cost",
            "combat_die_modifier",
            "combat_column_shift",
            "combat_condition",
            "attack_prohibited",
            "defence_strength_modifiers",
            "description",
            "fill",
            "symbol",
            "line",
        )
        movement: dict[str, int | None] = {}
        movement_table = table.optional_table("movement")
        if movement_table is not None:
            for movement_class, cost in movement_table.items():
                if cost == "prohibited":
                    movement[movement_class] = None
                else:
                    movement[movement_class] = movement_table.integer(
                        movement_class, minimum=0, maximum=99
                    )
        terrain = TerrainType(
            id=_unique(table, "id", seen, "terrain"),
            name=table.text("name"),
            kind=table.choice("kind", TERRAIN_KINDS, "terrain kind"),
            movement=movement,
            enemy_entry_cost=table.integer("enemy_entry_cost", default=0, minimum=0, maximum=99),
            combat_die_modifier=table.integer(
                "combat_die_modifier", default=0, minimum=-6, maximum=6
            ),
            combat_column_shift=table.integer(
                "combat_column_shift", default=0, minimum=-6, maximum=6
            ),
            combat_condition=table.optional_text("combat_condition"),
            attack_prohibited=table.boolean("attack_prohibited", default=False),
            defence_strength_modifiers=_integer_mapping(
                table.optional_table("defence_strength_modifiers")
            ),
            description=table.text("description", default=""),
            provenance=table.provenance(),
            fill=look.optional_colour(table, "fill"),
            symbol=look.terrain_symbol(table),
            line=look.line_style(table),
            defined_at=table.where(),
        )
        if terrain.kind != "hex" and (terrain.fill or terrain.symbol):
            raise table.error(
                f"only a hex terrain has a fill or symbol; a {terrain.kind} terrain has not",
                "fill" if terrain.fill else "symbol",
            )
        if terrain.kind != "hexside" and terrain.line:
            raise table.error(
                f"only a hexside terrain has a line; a {terrain.kind} terrain has not", "line"
            )
        result[terrain.id] = terrain
    return result


def _integer_mapping(table: Table | None) -> dict[str, int]:
    """A table of small whole numbers keyed by name (e.g. strength modifiers by arm)."""
    if table is None:
        return {}
    return {key: table.integer(key, minimum=-20, maximum=20) for key, _ in table.items()}


def _maps(
    source: TomlSource | None,
    generated: TomlSource | None,
    terrain: dict[str, TerrainType],
    sides: set[str],
) -> list[GameMap]:
    if source is None:
        return []
    root = Table.root(source)
    root.only("map")
    tables = root.tables("map", required=True)
    generated_by_name: dict[str, Table] = {}
    if generated is not None:
        generated_root = Table.root(generated)
        generated_root.only("map")
        names = {table.text("name") for table in tables}
        for generated_table in generated_root.tables("map"):
            generated_table.only(*GENERATED_MAP_KEYS)
            generated_by_name[generated_table.choice("name", names, "map of map.toml")] = (
                generated_table
            )
    return [
        _map(table, terrain, sides, generated_by_name.get(table.text("name"))) for table in tables
    ]


def _map(
    table: Table, terrain: dict[str, TerrainType], sides: set[str], generated: Table | None = None
) -> GameMap:
    table.only(
        "name",
        "unprefixed_board",
        "board",
        "aliases",
        "terrain",
        "hexsides",
        "lines",
        "town",
        "rail",
        "edge",
        "supply_source",
        "area",
        "frame",
        "corners",
        "water",
        "crossing",
        "mark",
        "victory_hex",
    )
    name = table.text("name")
    provenance = table.provenance()
    areas, area_map = _areas(
        table, provenance, {key for key, value in terrain.items() if value.kind == "area"}
    )
    board_tables = table.tables("board")
    if not board_tables:
        if not areas:
            raise table.error("a map needs [[map.board]] boards or [[map.area]] areas")
        return GameMap(
            name, None, {}, {}, {}, (), (), (), (), tuple(areas), provenance, area_map=area_map
        )
    boards = [_board(board_table) for board_table in board_tables]
    defaults = {}
    hex_terrain = {key: value for key, value in terrain.items() if value.kind == "hex"}
    for board, board_table in zip(boards, board_tables, strict=True):
        defaults[board.name] = board_table.choice("default_terrain", hex_terrain, "hex terrain")
    aliases: dict[str, str] = {}
    alias_table = table.optional_table("aliases")
    if alias_table is not None:
        for alias, _ in alias_table.items():
            aliases[alias] = alias_table.text(alias)
    unprefixed = table.optional_text("unprefixed_board")
    if unprefixed is not None and unprefixed not in {board.name for board in boards}:
        raise table.error(f"unknown board {unprefixed!r}", "unprefixed_board")
    try:
        hex_map = HexMap(name, tuple(boards), aliases, unprefixed_board=unprefixed)
    except ValueError as error:
        raise table.error(str(error), "board") from error
    for alias, target in aliases.items():
        if hex_map.parse(target) is None:
            raise table.error(
                f"alias {alias!r} names {target!r}, which is on no board", "aliases", alias
            )
    hexes = _HexReader(hex_map)
    terrain_by_hex = _terrain_by_hex(table, hexes, hex_terrain)
    features = _hexside_features(table, hexes, terrain)
    lines = _lines(table, hexes)
    towns = tuple(
        Town(
            name=town.text("name"),
            hex=hexes.read(town, "hex"),
            kind=town.choice("kind", TOWN_KINDS, "town kind"),
            provenance=town.provenance(provenance),
        )
        for town in _only_each(table.tables("town"), "name", "hex", "kind")
    )
    rails = tuple(
        _rail(rail, hexes, provenance) for rail in _only_each(table.tables("rail"), "name", "hexes")
    )
    edges = _edges(table, hexes, hex_map, provenance)
    edge_names = {edge.name: edge for edge in edges}
    sources = tuple(
        _supply_source(item, hexes, edge_names, sides, provenance)
        for item in table.tables("supply_source")
    )
    game_map = GameMap(
        name,
        hex_map,
        defaults,
        terrain_by_hex,
        features,
        towns,
        rails,
        edges,
        sources,
        tuple(areas),
        provenance,
        lines,
        marks=presentation.marks(table, hexes.read_list),
        victory_hexes=_victory_hexes(table, hexes, provenance),
    )
    if generated is None:
        return game_map
    return _under_hand_data(
        game_map, _map_layer(generated, hexes, terrain, hex_terrain, edge_names, sides, provenance)
    )


def _victory_hexes(
    table: Table, hexes: _HexReader, inherited: Provenance
) -> tuple[VictoryHex, ...]:
    """``[[map.victory_hex]]``: hexes worth VP to the side controlling them, each named once."""
    found: dict[Hex, VictoryHex] = {}
    for item in _only_each(table.tables("victory_hex"), "hex", "name", "points", "scenarios"):
        hex_ = hexes.read(item, "hex")
        if hex_ in found:
            raise item.error(f"victory hex {item.text('hex')!r} is listed twice", "hex")
        found[hex_] = VictoryHex(
            hex_,
            item.text("name"),
            item.integer("points", 1, minimum=1),
            tuple(item.text_list("scenarios", required=False)),
            item.provenance(inherited),
        )
    return tuple(found.values())


def _map_layer(
    table: Table,
    hexes: _HexReader,
    terrain: dict[str, TerrainType],
    hex_terrain: dict[str, TerrainType],
    edges: dict[str, MapEdge],
    sides: set[str],
    inherited: Provenance,
) -> GameMap:
    """The generated terrain.toml of a map, read with the same checks as map.toml."""
    assert hexes.hex_map is not None
    towns = tuple(
        Town(
            town.text("name"),
            hexes.read(town, "hex"),
            town.choice("kind", TOWN_KINDS, "town kind"),
            town.provenance(inherited),
        )
        for town in _only_each(table.tables("town"), "name", "hex", "kind")
    )
    return GameMap(
        name=table.text("name"),
        hex_map=hexes.hex_map,
        default_terrain={},
        terrain=_terrain_by_hex(table, hexes, hex_terrain),
        hexside_features=_hexside_features(table, hexes, terrain),
        towns=towns,
        rails=tuple(
            _rail(rail, hexes, inherited)
            for rail in _only_each(table.tables("rail"), "name", "hexes")
        ),
        edges=(),
        supply_sources=tuple(
            _supply_source(item, hexes, edges, sides, inherited)
            for item in table.tables("supply_source")
        ),
        areas=(),
        provenance=table.provenance(inherited),
        lines=_lines(table, hexes),
        overrides=tuple(table.text_list("overrides", required=False)),
    )


def _under_hand_data(hand: GameMap, generated: GameMap) -> GameMap:
    """``generated`` overlaid by ``hand`` (map.toml): hand data wins, and every override is recorded.

    Hex terrain, a hexside's features and a named line are replaced as a whole; a generated
    town gives way to a hand town of the same name or hex; supply sources of both stand.
    """
    label = hand.label
    notes = list(generated.overrides)
    for hex_, value in sorted(hand.terrain.items()):
        if hex_ in generated.terrain and generated.terrain[hex_] != value:
            notes.append(
                f"map.toml: {label(hex_)} is {value}, not the generated {generated.terrain[hex_]}"
            )
    for side, features in sorted(hand.hexside_features.items()):
        if side in generated.hexside_features and generated.hexside_features[side] != features:
            notes.append(
                f"map.toml: {label(side.first)}/{label(side.second)} has {', '.join(sorted(features))}, "
                f"not the generated {', '.join(sorted(generated.hexside_features[side]))}"
            )
    for name in sorted(set(hand.lines) & set(generated.lines)):
        notes.append(f"map.toml: line {name!r} replaces the generated one")
    hand_names, hand_hexes = {town.name for town in hand.towns}, {town.hex for town in hand.towns}
    kept_towns = []
    for town in generated.towns:
        if town.name in hand_names or town.hex in hand_hexes:
            notes.append(
                f"map.toml: the generated town {town.name} at {label(town.hex)} gives way to a hand-placed town"
            )
        else:
            kept_towns.append(town)
    hand_rails = {rail.name for rail in hand.rails}
    return replace(
        hand,
        terrain={**generated.terrain, **hand.terrain},
        hexside_features={**generated.hexside_features, **hand.hexside_features},
        lines={**generated.lines, **hand.lines},
        towns=hand.towns + tuple(kept_towns),
        rails=hand.rails + tuple(rail for rail in generated.rails if rail.name not in hand_rails),
        supply_sources=hand.supply_sources + generated.supply_sources,
        overrides=tuple(notes),
    )


def _only_each(tables: Iterable[Table], *allowed: str) -> list[Table]:
    result = list(tables)
    for table in result:
        table.only(*allowed)
    return result


class _HexReader:
    """Turns printed hex numbers in the data into lattice hexes, or a placed error."""

    def __init__(self, hex_map: HexMap) -> None:
        self.hex_map = hex_map

    def parse(self, table: Table, key: str | int, name: str) -> Hex:
        found = self.hex_map.parse(name)
        if found is None:
            raise table.error(
                f"unknown hex {name!r} (not a playable hex of map {self.hex_map.name!r})", key, name
            )
        return found

    def read(self, table: Table, key: str) -> Hex:
        return self.parse(table, key, table.text(key))

    def read_list(self, table: Table, key: str) -> list[Hex]:
        return [self.parse(table, key, name) for name in table.text_list(key)]

    def read_side(self, table: Table, key: str, name: str) -> HexSide:
        parts = name.split("/")
        if len(parts) != 2:
            raise table.error(f"a hexside is written 'HEX/HEX', not {name!r}", key, name)
        first, second = (self.parse(table, key, part) for part in parts)
        if not are_adjacent(first, second):
            raise table.error(
                f"{parts[0]} and {parts[1]} are not adjacent, so {name!r} is no hexside", key, name
            )
        return hexside(first, second)


def _board(table: Table) -> Board:
    table.only(
        "name",
        "default_terrain",
        "size",
        "origin",
        "first_hex",
        "last_hex",
        "off_map",
        "grid",
        "numbering",
    )
    grid_table = table.table("grid")
    grid_table.only("dx", "dy", "x0", "y0", "sideways")
    grid = HexGrid(
        dx=grid_table.number("dx", minimum=1, maximum=MAX_HEX_PIXELS),
        dy=grid_table.number("dy", minimum=1, maximum=MAX_HEX_PIXELS),
        x0=grid_table.integer("x0"),
        y0=grid_table.integer("y0"),
        sideways=grid_table.boolean("sideways", default=False),
    )
    numbering_table = table.table("numbering")
    numbering_table.only(
        "first",
        "sep",
        "h_type",
        "v_type",
        "h_leading",
        "v_leading",
        "h_off",
        "v_off",
        "h_descend",
        "v_descend",
        "stagger",
        "location_format",
    )
    defaults = HexGridNumbering()
    numbering = HexGridNumbering(
        first="V"
        if numbering_table.choice("first", ("H", "V"), "numbering order", "H") == "V"
        else "H",
        sep=numbering_table.text("sep", ""),
        h_type="A"
        if numbering_table.choice("h_type", ("N", "A"), "numbering type", "N") == "A"
        else "N",
        v_type="A"
        if numbering_table.choice("v_type", ("N", "A"), "numbering type", "N") == "A"
        else "N",
        h_leading=numbering_table.integer("h_leading", defaults.h_leading, 0, 5),
        v_leading=numbering_table.integer("v_leading", defaults.v_leading, 0, 5),
        h_off=numbering_table.integer("h_off", defaults.h_off),
        v_off=numbering_table.integer("v_off", defaults.v_off),
        h_descend=numbering_table.boolean("h_descend", False),
        v_descend=numbering_table.boolean("v_descend", False),
        stagger=numbering_table.boolean("stagger", True),
        location_format=numbering_table.text("location_format", defaults.location_format),
    )
    size = table.integer_list("size", minimum=1, maximum=MAX_BOARD_SIDE)
    origin = table.integer_list("origin", minimum=0, maximum=100000)
    if len(size) != 2 or len(origin) != 2:
        raise table.error("'size' and 'origin' are [x, y] pairs of pixels", "size")
    if size[0] * size[1] > MAX_BOARD_PIXELS:
        raise table.error(
            f"a board of {size[0]}×{size[1]} pixels is more than the {MAX_BOARD_PIXELS:,} the build can draw",
            "size",
        )
    provisional = Board(
        table.text("name"),
        grid,
        numbering,
        (size[0], size[1]),
        (origin[0], origin[1]),
        range(0),
        range(0),
    )
    corners = []
    for key in ("first_hex", "last_hex"):
        raw = provisional.parse(table.text(key))
        if raw is None:
            raise table.error(
                f"{table.text(key)!r} is not a hex number of this board's numbering", key
            )
        corners.append(raw)
    columns = range(min(c[0] for c in corners), max(c[0] for c in corners) + 1)
    rows = range(min(c[1] for c in corners), max(c[1] for c in corners) + 1)
    if len(columns) * len(rows) > MAX_BOARD_HEXES:
        raise table.error(
            f"{len(columns)}×{len(rows)} hexes on one board; at most {MAX_BOARD_HEXES:,}",
            "last_hex",
        )
    board = replace(provisional, columns=columns, rows=rows)
    off_map = set()
    for name in table.text_list("off_map", required=False):
        raw = board.parse(name)
        if raw is None or not board.in_play(raw):
            raise table.error(f"off-map hex {name!r} is not a hex of this board", "off_map", name)
        off_map.add(raw)
    board = replace(board, off_map=frozenset(off_map))
    for column in columns:
        for row in rows:
            label = board.label((column, row))
            if board.parse(label) != (column, row):
                raise table.error(
                    f"numbering does not round-trip at raw hex ({column},{row}) named {label!r}; "
                    "VASSAL would look that name up elsewhere",
                    "numbering",
                )
    return board


def _terrain_by_hex(
    table: Table, hexes: _HexReader, hex_terrain: dict[str, TerrainType]
) -> dict[Hex, str]:
    result: dict[Hex, str] = {}
    terrain_table = table.optional_table("terrain")
    if terrain_table is None:
        return result
    for terrain_id, _ in terrain_table.items():
        if terrain_id not in hex_terrain:
            raise terrain_table.error(
                unknown_name_message("hex terrain", terrain_id, hex_terrain), terrain_id
            )
        for name in terrain_table.text_list(terrain_id):
            hex_ = hexes.parse(terrain_table, terrain_id, name)
            if hex_ in result:
                raise terrain_table.error(
                    f"hex {name} is listed twice (also {result[hex_]})", terrain_id, name
                )
            result[hex_] = terrain_id
    return result


def _hexside_features(
    table: Table, hexes: _HexReader, terrain: dict[str, TerrainType]
) -> dict[HexSide, frozenset[str]]:
    sides: dict[HexSide, set[str]] = {}
    side_table = table.optional_table("hexsides")
    if side_table is None:
        return {}
    side_terrain = {key: value for key, value in terrain.items() if value.kind == "hexside"}
    for feature, _ in side_table.items():
        if feature not in side_terrain:
            raise side_table.error(
                unknown_name_message("hexside terrain", feature, side_terrain), feature
            )
        for name in side_table.text_list(feature):
            sides.setdefault(hexes.read_side(side_table, feature, name), set()).add(feature)
    return {side: frozenset(features) for side, features in sides.items()}


def _lines(table: Table, hexes: _HexReader) -> dict[str, frozenset[HexSide]]:
    """Named chains of hexsides the rules refer to, e.g. the Voronezh/Don line of DoS 8.6."""
    line_table = table.optional_table("lines")
    if line_table is None:
        return {}
    return {
        name: frozenset(
            hexes.read_side(line_table, name, side) for side in line_table.text_list(name)
        )
        for name, _ in line_table.items()
    }


def _rail(table: Table, hexes: _HexReader, inherited: Provenance) -> RailLine:
    path = hexes.read_list(table, "hexes")
    for previous, current in pairwise(path):
        if not are_adjacent(previous, current):
            raise table.error(
                f"rail {table.text('name')!r} jumps from {hexes.hex_map.label(previous)} "
                f"to {hexes.hex_map.label(current)}, which are not adjacent",
                "hexes",
                hexes.hex_map.label(current),
            )
    return RailLine(table.text("name"), tuple(path), table.provenance(inherited))


def _edges(
    table: Table, hexes: _HexReader, hex_map: HexMap, inherited: Provenance
) -> tuple[MapEdge, ...]:
    ring_of_hexes = outline(list(hex_map.hexes()))
    boundary = set(ring_of_hexes)
    edges = []
    for edge_table in _only_each(table.tables("edge"), "name", "from", "to"):
        start, end = hexes.read(edge_table, "from"), hexes.read(edge_table, "to")
        for key, hex_ in (("from", start), ("to", end)):
            if hex_ not in boundary:
                raise edge_table.error(f"{edge_table.text(key)} is not on the edge of the map", key)
        path = outline_between(ring_of_hexes, start, end)
        edges.append(
            MapEdge(edge_table.text("name"), start, end, path, edge_table.provenance(inherited))
        )
    return tuple(edges)


def _supply_source(
    table: Table,
    hexes: _HexReader,
    edges: dict[str, MapEdge],
    sides: set[str],
    inherited: Provenance,
) -> SupplySource:
    table.only("side", "kind", "hexes", "edge", "description")
    if table.has("edge"):
        edge_name = table.choice("edge", edges, "map edge")
        edge = edges[edge_name]
        selected = list(edge.hexes)
        if table.has("hexes"):
            wanted = set(hexes.read_list(table, "hexes"))
            selected = [hex_ for hex_ in selected if hex_ in wanted]
            for hex_ in wanted - set(selected):
                raise table.error(
                    f"{hexes.hex_map.label(hex_)} is not on the {edge_name} edge", "hexes"
                )
    else:
        selected = hexes.read_list(table, "hexes")
    return SupplySource(
        side=table.choice("side", sides, "side"),
        kind=table.text("kind"),
        hexes=tuple(selected),
        description=table.text("description", ""),
        provenance=table.provenance(inherited),
    )


def _areas(
    table: Table, inherited: Provenance, area_terrain: set[str]
) -> tuple[list[Area], AreaMap | None]:
    """A map's areas; with outlines, adjacency is derived from them (and must match any
    ``adjacent`` list given), without them the ``adjacent`` lists are the graph."""
    seen: dict[str, str] = {}
    area_tables = _only_each(table.tables("area"), "id", "name", "kind", "adjacent", "outline")
    ids = [_unique(area_table, "id", seen, "area") for area_table in area_tables]
    outlined = [area_table.has("outline") for area_table in area_tables]
    area_map = None
    if any(outlined):
        if not all(outlined):
            raise area_tables[outlined.index(False)].error(
                "every area needs an outline once one has", "id"
            )
        area_map = _area_map(table, area_tables, ids)
    derived = area_map.neighbours() if area_map is not None else {}
    areas = []
    for area_id, area_table in zip(ids, area_tables, strict=True):
        listed = area_table.text_list("adjacent", required=area_map is None)
        adjacent = tuple(listed) if area_map is None else tuple(sorted(derived[area_id]))
        if area_map is not None and area_table.has("adjacent") and set(listed) != set(adjacent):
            raise area_table.error(
                f"'adjacent' disagrees with the outlines, which give: {', '.join(adjacent)}",
                "adjacent",
            )
        areas.append(
            Area(
                id=area_id,
                name=area_table.text("name"),
                kind=area_table.choice("kind", area_terrain | {"rear"}, "area terrain"),
                adjacent=adjacent,
                provenance=area_table.provenance(inherited),
            )
        )
    by_id = {area.id: area for area in areas}
    for area, area_table in zip(areas, area_tables, strict=True):
        for other in area.adjacent:
            if other not in by_id:
                raise area_table.error(
                    unknown_name_message("area", other, by_id), "adjacent", other
                )
            if area.id not in by_id[other].adjacent:
                raise area_table.error(
                    f"area {area.id!r} lists {other!r} as adjacent but {other!r} does not list {area.id!r}",
                    "adjacent",
                    other,
                )
    return areas, area_map


def _area_map(table: Table, area_tables: list[Table], ids: list[str]) -> AreaMap:
    """The outlines of an area map, checked to be a partition of the frame."""
    frame_table = table.table("frame")
    frame_table.only("west", "east", "south", "north", "pixels_per_km")
    frame = MapFrame(
        west=frame_table.number("west", minimum=-180),
        east=frame_table.number("east", minimum=-180),
        south=frame_table.number("south", minimum=-90),
        north=frame_table.number("north", minimum=-90),
        pixels_per_km=frame_table.number("pixels_per_km", minimum=1),
    )
    if frame.east <= frame.west or frame.north <= frame.south:
        raise frame_table.error("the frame needs west < east and south < north")
    corner_table = table.table("corners")
    corners: dict[str, tuple[float, float]] = {}
    for corner, value in corner_table.items():
        if (
            not isinstance(value, list)
            or len(value) != 2
            or not all(
                isinstance(number, (int, float)) and not isinstance(number, bool)
                for number in value
            )
        ):
            raise corner_table.error(f"corner {corner!r} must be [longitude, latitude]", corner)
        corners[corner] = (float(value[0]), float(value[1]))
    outlines: dict[str, tuple[str, ...]] = {}
    for area_id, area_table in zip(ids, area_tables, strict=True):
        outlines[area_id] = _ring(area_table, "outline", corners, frame)
    waters: dict[str, tuple[str, ...]] = {}
    for water in _only_each(table.tables("water"), "name", "outline"):
        waters[water.text("name")] = _ring(water, "outline", corners, frame)
    crossings = []
    for crossing in _only_each(table.tables("crossing"), "between"):
        pair = crossing.text_list("between")
        if len(pair) != 2 or pair[0] == pair[1]:
            raise crossing.error("'between' names two different areas", "between")
        for area_id in pair:
            if area_id not in outlines:
                raise crossing.error(
                    unknown_name_message("area", area_id, outlines), "between", area_id
                )
        crossings.append(Crossing(pair[0], pair[1]))
    area_map = AreaMap(frame, corners, outlines, waters, tuple(crossings))
    problems = area_map.problems()
    if problems:
        by_area = dict(zip(ids, area_tables, strict=True))
        owner = problems[0].split(":")[0]
        place = by_area.get(owner, table)
        raise place.error(f"outlines: {problems[0]}", "outline" if owner in by_area else None)
    return area_map


def _ring(
    table: Table, key: str, corners: dict[str, tuple[float, float]], frame: MapFrame
) -> tuple[str, ...]:
    """A ring of corner names, turned clockwise (north up) whichever way it was written."""
    ring = table.text_list(key)
    for corner in ring:
        if corner not in corners:
            raise table.error(unknown_name_message("corner", corner, corners), key, corner)
    points = [frame.kilometres(*corners[corner]) for corner in ring]
    return tuple(ring) if signed_area(points) <= 0 else tuple(reversed(ring))


YES_NO_PROPERTIES = ("untried",)
"""Unit properties that are a yes or a no, read once at load into the unit's typed field."""
WHOLE_NUMBER_PROPERTIES = ("step_cards", "range")
"""Unit properties that count something (a Rattenkrieg unit's step cards, a TPS flight's
range in hexes): written as text like every property, but only whole numbers."""


def _units(
    source: TomlSource | None,
    sides: list[Side],
    nationalities: dict[str, Nationality],
    moves_by_hex: bool,
    arms: dict[str, ArmLook],
) -> tuple[dict[str, Unit], dict[str, Marker]]:
    if source is None:
        return {}, {}
    root = Table.root(source)
    root.only("unit", "marker")
    seen: dict[str, str] = {}
    units: dict[str, Unit] = {}
    side_ids = {side.id for side in sides}
    for table in root.tables("unit"):
        table.only(
            "id",
            "name",
            "side",
            "nationality",
            "arm",
            "size",
            "mobility",
            "steps",
            "arrival",
            "properties",
        )
        unit_id = _unique(table, "id", seen, "unit id")
        side = table.choice("side", side_ids, "side")
        nationality = table.choice("nationality", nationalities, "nationality")
        if nationalities[nationality].side != side:
            raise table.error(
                f"nationality {nationality!r} belongs to side {nationalities[nationality].side!r}",
                "nationality",
            )
        steps = tuple(_step(step, moves_by_hex) for step in table.tables("steps", required=True))
        arrivals = tuple(
            Arrival(
                arrival.text("scenario"),
                arrival.integer("turn", minimum=0, maximum=99),
                arrival.text("where", ""),
            )
            for arrival in _only_each(table.tables("arrival"), "scenario", "turn", "where")
        )
        properties: dict[str, str] = {}
        property_table = table.optional_table("properties")
        if property_table is not None:
            for key, _ in property_table.items():
                properties[key] = property_table.text(key)
                if key in WHOLE_NUMBER_PROPERTIES and not (
                    properties[key].isascii() and properties[key].isdigit()
                ):
                    raise property_table.error(
                        f'properties.{key} must be a whole number (written "3"), '
                        f"not {properties[key]!r}",
                        key,
                    )
                if key in YES_NO_PROPERTIES and properties[key] not in ("yes", "no"):
                    raise property_table.error(
                        f'properties.{key} must be "yes" or "no", not {properties[key]!r}', key
                    )
        units[unit_id] = Unit(
            id=unit_id,
            name=table.text("name", unit_id),
            side=side,
            nationality=nationality,
            arm=table.text("arm"),
            size=table.text("size", ""),
            mobility=table.text("mobility"),
            steps=steps,
            arrivals=arrivals,
            properties=properties,
            provenance=table.provenance(),
            untried=properties.get("untried") == "yes",
        )
        look.check_unit_arm(table, units[unit_id], arms)
    markers: dict[str, Marker] = {}
    for table in _only_each(root.tables("marker"), "id", "name", "count", "description"):
        marker_id = _unique(table, "id", seen, "marker id")
        markers[marker_id] = Marker(
            marker_id,
            table.text("name"),
            table.integer("count", 1, minimum=1, maximum=500),
            table.text("description", ""),
            table.provenance(),
        )
    return units, markers


def _step(table: Table, moves_by_hex: bool) -> UnitStep:
    """A step's printed values; "?" for one the counter does not print. On a hex map
    each must be written, so a forgotten value is an error, not a "?" on the counter."""
    table.only("attack", "defence", "movement")

    def value(key: str) -> int | None:
        raw = table.values.get(key)
        if raw is None and (moves_by_hex or key != "movement"):
            raise table.error(
                f'this step has no {key}: write its value, or "?" if the counter prints none'
            )
        if raw is None or raw == "?":
            return None
        return table.integer(key, minimum=0, maximum=99)

    return UnitStep(value("attack"), value("defence"), value("movement"))


def _scenarios(
    source: TomlSource | None, units: dict[str, Unit], maps: tuple[GameMap, ...]
) -> dict[str, Scenario]:
    if source is None:
        return {}
    root = Table.root(source)
    root.only("scenario")
    seen: dict[str, str] = {}
    scenarios: dict[str, Scenario] = {}
    areas = {area.id for game_map in maps for area in game_map.areas}
    for table in root.tables("scenario"):
        table.only(
            "id",
            "name",
            "first_turn",
            "last_turn",
            "options",
            "setup",
            "setup_from",
            "description",
            "phases",
        )
        scenario_id = _unique(table, "id", seen, "scenario")
        first = table.integer("first_turn", minimum=0, maximum=99)
        last = table.integer("last_turn", minimum=first, maximum=99)
        options: dict[str, str] = {}
        option_table = table.optional_table("options")
        if option_table is not None:
            for key, _ in option_table.items():
                options[key] = option_table.text(key)
        placements = []
        placed: dict[str, str] = {}
        for setup in _only_each(table.tables("setup"), "unit", "at", "steps"):
            unit_id = setup.choice("unit", units, "unit")
            if unit_id in placed:
                raise setup.error(
                    f"unit {unit_id!r} is placed twice (first at {placed[unit_id]})", "unit"
                )
            placed[unit_id] = setup.where("unit")
            location = setup.text("at")
            if location not in areas and not any(
                game_map.hex_map is not None and game_map.hex_map.parse(location) is not None
                for game_map in maps
            ):
                raise setup.error(f"unknown hex or area {location!r}", "at", location)
            steps = setup.integer("steps", len(units[unit_id].steps), 1, len(units[unit_id].steps))
            placements.append(Placement(unit_id, location, steps, setup.provenance()))
        shared_from = table.optional_text("setup_from")
        if shared_from is not None:
            # A scenario whose rules say "set up as scenario N" shares N's placements
            # instead of repeating them, so a transcription is edited in one place.
            if placements:
                raise table.error("give either setup or setup_from, not both", "setup_from")
            if shared_from not in scenarios or not scenarios[shared_from].setup:
                raise table.error(
                    f"setup_from {shared_from!r} names no earlier scenario with a set-up",
                    "setup_from",
                    shared_from,
                )
            placements = list(scenarios[shared_from].setup)
        scenarios[scenario_id] = Scenario(
            id=scenario_id,
            name=table.text("name"),
            first_turn=first,
            last_turn=last,
            options=options,
            setup=tuple(placements),
            description=table.text("description", ""),
            provenance=table.provenance(),
            phases=tuple(table.text_list("phases", required=False)),
        )
    return scenarios


def _cards(source: TomlSource | None, sides: set[str], areas: set[str]) -> CardDeck | None:
    """The deck of ``cards.toml``: suits, ranks with their duel values, events by side."""
    if source is None:
        return None
    root = Table.root(source)
    root.only("deck", "event")
    deck = root.table("deck")
    deck.only("suit", "rank", "hands")
    hands_table = deck.table("hands")
    hands_table.only("start", "refill", "bonus_area", "bonus_refill")
    start_table = hands_table.table("start")
    start = {
        side: start_table.integer(side, minimum=0, maximum=52) for side, _ in start_table.items()
    }
    for side in start:
        if side not in sides:
            raise start_table.error(unknown_name_message("side", side, sides), side)
    bonus_area = hands_table.optional_text("bonus_area")
    if bonus_area is not None and bonus_area not in areas:
        raise hands_table.error(unknown_name_message("area", bonus_area, areas), "bonus_area")
    hands = Hands(
        start=start,
        refill=hands_table.integer("refill", minimum=0, maximum=52),
        bonus_area=bonus_area,
        bonus_refill=hands_table.integer("bonus_refill", default=0, minimum=0, maximum=52),
    )
    seen: dict[str, str] = {}
    suits = tuple(
        Suit(
            id=_unique(table, "id", seen, "suit"),
            name=table.text("name"),
            symbol=table.text("symbol"),
            colour=table.choice("colour", ("black", "red"), "suit colour"),
        )
        for table in _only_each(
            deck.tables("suit", required=True), "id", "name", "symbol", "colour"
        )
    )
    ranks = tuple(
        Rank(
            id=_unique(table, "id", seen, "rank"),
            name=table.text("name"),
            value=table.integer("value", minimum=0, maximum=99),
            face=table.boolean("face", default=False),
            provenance=table.provenance(),
        )
        for table in _only_each(deck.tables("rank", required=True), "id", "name", "value", "face")
    )
    events = []
    for table in _only_each(
        root.tables("event"), "side", "suits", "ranks", "name", "rule", "effect"
    ):
        event_suits = table.text_list("suits")
        event_ranks = table.text_list("ranks")
        for suit in event_suits:
            if suit not in {known.id for known in suits}:
                raise table.error(
                    unknown_name_message("suit", suit, [known.id for known in suits]), "suits", suit
                )
        for rank in event_ranks:
            if rank not in {known.id for known in ranks if known.face}:
                raise table.error(
                    f"{rank!r} is not a face card (events are face cards, rule 9.1)", "ranks", rank
                )
        events.append(
            Event(
                side=table.choice("side", sides, "side"),
                suits=tuple(event_suits),
                ranks=tuple(event_ranks),
                name=table.text("name"),
                rule=table.text("rule"),
                effect=table.text("effect"),
                provenance=table.provenance(),
            )
        )
    result = CardDeck(suits, ranks, tuple(events), hands, deck.provenance())
    for side in sorted(sides):
        for card in result.cards():
            matches = [
                event
                for event in events
                if event.side == side
                and card.suit.id in event.suits
                and card.rank.id in event.ranks
            ]
            if len(matches) > 1:
                raise root.error(
                    f"{card.name} has two {side} events: {matches[0].name} and {matches[1].name}"
                )
    return result


def _tables(source: TomlSource | None) -> Tables:
    if source is None:
        return Tables({}, (), (), Provenance())
    root = Table.root(source)
    root.only("odds_table", "victory_point", "victory_level", "victory")
    odds_tables = {}
    seen: dict[str, str] = {}
    for table in root.tables("odds_table"):
        odds_table = _odds_table(table)
        _unique(table, "id", seen, "table")
        odds_tables[table.text("id")] = odds_table
    awards = []
    for table in _only_each(
        root.tables("victory_point"), "id", "points", "per", "beneficiary", "description"
    ):
        awards.append(
            VictoryPointAward(
                id=_unique(table, "id", seen, "victory point award"),
                points=table.integer("points", minimum=0, maximum=1000),
                per=table.text("per"),
                beneficiary=table.text("beneficiary"),
                description=table.text("description"),
                provenance=table.provenance(),
            )
        )
    levels = []
    for table in _only_each(root.tables("victory_level"), "minimum", "maximum", "result"):
        levels.append(
            VictoryLevel(
                table.integer("minimum") if table.has("minimum") else None,
                table.integer("maximum") if table.has("maximum") else None,
                table.text("result"),
            )
        )
    _check_levels(root, levels)
    victory = root.optional_table("victory")
    provenance = victory.provenance() if victory is not None else Provenance()
    return Tables(odds_tables, tuple(awards), tuple(levels), provenance)


def _check_levels(root: Table, levels: list[VictoryLevel]) -> None:
    """Victory bands must run from unbounded to unbounded without gaps or overlaps."""
    if not levels:
        return
    tables = root.tables("victory_level")
    if levels[0].minimum is not None or levels[-1].maximum is not None:
        raise tables[0].error(
            "victory levels must start and end unbounded (omit the first minimum and last maximum)"
        )
    for index, (lower, upper) in enumerate(pairwise(levels)):
        if lower.maximum is None or upper.minimum != lower.maximum + 1:
            raise tables[index + 1].error(
                f"victory level {upper.result!r} must start at {None if lower.maximum is None else lower.maximum + 1}",
                "minimum",
            )


def _columns(table: Table) -> list[Column]:
    """A results table's columns: all odds (``3-1``) or all differences (``-2``, ``0``, ``+3``)."""
    names = table.text_list("columns")
    if not names:
        raise table.error("a results table needs at least one column", "columns")
    columns: list[Column] = []
    differential = DIFFERENCE.match(names[0]) is not None
    for name in names:
        odds, difference = ODDS.match(name), DIFFERENCE.match(name)
        if differential and difference is not None:
            columns.append(Difference(int(difference.group(1))))
        elif not differential and odds is not None:
            columns.append(Odds(int(odds.group(1)), int(odds.group(2))))
        else:
            shape = "a difference like '-2', '0' or '+3'" if differential else "odds like '3-1'"
            raise table.error(
                f"column {name!r} must be {shape}, like the table's first column", "columns", name
            )
    ranks = [column.rank for column in columns]
    if sorted(ranks) != ranks or len(set(ranks)) != len(ranks):
        raise table.error(
            "columns must be distinct and run from the lowest to the highest", "columns"
        )
    return columns


def _odds_table(table: Table) -> OddsTable:
    table.only("id", "name", "columns", "rolls", "results", "codes", "notes")
    columns = _columns(table)
    rolls = table.integer_list("rolls", minimum=-20, maximum=40)
    if rolls != sorted(rolls) or len(set(rolls)) != len(rolls):
        raise table.error("rolls must be distinct and increasing", "rolls")
    rows: Any = table.values.get("results")
    if not isinstance(rows, list) or len(rows) != len(rolls):
        raise table.error(f"'results' needs one row per roll ({len(rolls)} rows)", "results")
    codes_table = table.table("codes")
    codes = {key: codes_table.text(key) for key, _ in codes_table.items()}
    results: dict[tuple[int, Column], str] = {}
    for index, (roll, row) in enumerate(zip(rolls, rows, strict=True)):
        if not isinstance(row, list) or len(row) != len(columns):
            raise table.item_error(
                f"the row for roll {roll} needs {len(columns)} results", "results", index
            )
        for column, code in zip(columns, row, strict=True):
            if code not in codes:
                raise table.item_error(
                    unknown_name_message("result code", str(code), codes), "results", index
                )
            results[(roll, column)] = code
    return OddsTable(
        name=table.text("name"),
        columns=tuple(columns),
        rolls=tuple(rolls),
        results=results,
        codes=codes,
        provenance=table.provenance(),
        notes=tuple(table.text_list("notes", required=False)),
    )
