"""What a hex map's tables say of its hexes: terrain, hexsides, lines, rails, edges, supply."""

from __future__ import annotations

from itertools import pairwise

from rules.data.fields import Provenance, Table, unknown_name_message
from rules.data.parse.shared import only_each
from rules.hexes import Hex, HexSide, are_adjacent, hexside
from rules.hexgrid import HexMap
from rules.model import (
    MapEdge,
    RailLine,
    Road,
    SupplySource,
    TerrainType,
)
from rules.regions import outline, outline_between


class HexReader:
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


def read_hex_terrain(
    table: Table, hexes: HexReader, hex_terrain: dict[str, TerrainType]
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


def hexside_features(
    table: Table, hexes: HexReader, terrain: dict[str, TerrainType]
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


def named_lines(table: Table, hexes: HexReader) -> dict[str, frozenset[HexSide]]:
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


def rail_line(table: Table, hexes: HexReader, inherited: Provenance) -> RailLine:
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


def road(table: Table, hexes: HexReader, inherited: Provenance) -> Road:
    """``[[map.road]]``: a road of a ``kind`` (default ``road``), as a chain of adjacent
    hexes (``hexes``) or as the hexsides it crosses (``hexsides``), one or the other."""
    table.only("name", "kind", "hexes", "hexsides")
    name = table.text("name")
    if table.has("hexes") == table.has("hexsides"):
        raise table.error(
            f"road {name!r} needs 'hexes' (a chain) or 'hexsides', not both or neither"
        )
    if table.has("hexes"):
        path = hexes.read_list(table, "hexes")
        if len(path) < 2:
            raise table.error(f"road {name!r} needs two hexes or more", "hexes")
        for previous, current in pairwise(path):
            if not are_adjacent(previous, current):
                raise table.error(
                    f"road {name!r} jumps from {hexes.hex_map.label(previous)} "
                    f"to {hexes.hex_map.label(current)}, which are not adjacent",
                    "hexes",
                    hexes.hex_map.label(current),
                )
        crossings = tuple(hexside(first, second) for first, second in pairwise(path))
    else:
        crossings = tuple(
            hexes.read_side(table, "hexsides", side) for side in table.text_list("hexsides")
        )
    return Road(name, table.text("kind", "road"), crossings, table.provenance(inherited))


def map_edges(
    table: Table, hexes: HexReader, hex_map: HexMap, inherited: Provenance
) -> tuple[MapEdge, ...]:
    ring_of_hexes = outline(list(hex_map.hexes()))
    boundary = set(ring_of_hexes)
    edges = []
    for edge_table in only_each(table.tables("edge"), "name", "from", "to"):
        start, end = hexes.read(edge_table, "from"), hexes.read(edge_table, "to")
        for key, hex_ in (("from", start), ("to", end)):
            if hex_ not in boundary:
                raise edge_table.error(f"{edge_table.text(key)} is not on the edge of the map", key)
        path = outline_between(ring_of_hexes, start, end)
        edges.append(
            MapEdge(edge_table.text("name"), start, end, path, edge_table.provenance(inherited))
        )
    return tuple(edges)


def supply_source(
    table: Table,
    hexes: HexReader,
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
