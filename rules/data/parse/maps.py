"""``map.toml`` (and the generated ``terrain.toml`` under it): a game's maps, hex or area."""

from __future__ import annotations

from dataclasses import replace

from rules.data import presentation
from rules.data.fields import Provenance, Table
from rules.data.parse.areas import read_areas
from rules.data.parse.boards import read_board
from rules.data.parse.hexes import (
    HexReader,
    hexside_features,
    map_edges,
    named_lines,
    rail_line,
    read_hex_terrain,
    road,
    supply_source,
)
from rules.data.parse.shared import only_each
from rules.data.source import TomlSource
from rules.hexes import Hex
from rules.hexgrid import HexMap
from rules.model import (
    GameMap,
    MapEdge,
    TerrainType,
    Town,
    VictoryHex,
)

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
TOWN_KINDS = ("city", "town", "port", "village")


def read_maps(
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
        "road",
    )
    name = table.text("name")
    provenance = table.provenance()
    areas, area_map = read_areas(
        table, provenance, {key for key, value in terrain.items() if value.kind == "area"}
    )
    board_tables = table.tables("board")
    if not board_tables:
        if not areas:
            raise table.error("a map needs [[map.board]] boards or [[map.area]] areas")
        return GameMap(
            name, None, {}, {}, {}, (), (), (), (), tuple(areas), provenance, area_map=area_map
        )
    boards = [read_board(board_table) for board_table in board_tables]
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
    hexes = HexReader(hex_map)
    terrain_by_hex = read_hex_terrain(table, hexes, hex_terrain)
    features = hexside_features(table, hexes, terrain)
    lines = named_lines(table, hexes)
    towns = tuple(
        Town(
            name=town.text("name"),
            hex=hexes.read(town, "hex"),
            kind=town.choice("kind", TOWN_KINDS, "town kind"),
            provenance=town.provenance(provenance),
        )
        for town in only_each(table.tables("town"), "name", "hex", "kind")
    )
    rails = tuple(
        rail_line(rail, hexes, provenance)
        for rail in only_each(table.tables("rail"), "name", "hexes")
    )
    edges = map_edges(table, hexes, hex_map, provenance)
    edge_names = {edge.name: edge for edge in edges}
    sources = tuple(
        supply_source(item, hexes, edge_names, sides, provenance)
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
        roads=tuple(road(item, hexes, provenance) for item in table.tables("road")),
    )
    if generated is None:
        return game_map
    return _under_hand_data(
        game_map, _map_layer(generated, hexes, terrain, hex_terrain, edge_names, sides, provenance)
    )


def _victory_hexes(table: Table, hexes: HexReader, inherited: Provenance) -> tuple[VictoryHex, ...]:
    """``[[map.victory_hex]]``: hexes worth VP to the side controlling them, each named once."""
    found: dict[Hex, VictoryHex] = {}
    for item in only_each(table.tables("victory_hex"), "hex", "name", "points", "scenarios"):
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
    hexes: HexReader,
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
        for town in only_each(table.tables("town"), "name", "hex", "kind")
    )
    return GameMap(
        name=table.text("name"),
        hex_map=hexes.hex_map,
        default_terrain={},
        terrain=read_hex_terrain(table, hexes, hex_terrain),
        hexside_features=hexside_features(table, hexes, terrain),
        towns=towns,
        rails=tuple(
            rail_line(rail, hexes, inherited)
            for rail in only_each(table.tables("rail"), "name", "hexes")
        ),
        edges=(),
        supply_sources=tuple(
            supply_source(item, hexes, edges, sides, inherited)
            for item in table.tables("supply_source")
        ),
        areas=(),
        provenance=table.provenance(inherited),
        lines=named_lines(table, hexes),
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
