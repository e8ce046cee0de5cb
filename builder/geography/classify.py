"""Classify every playable hex and hexside of a game's map from the projected theatre.

The result is plain data — terrain by hex, features by hexside, named lines, towns,
rails, supply sources — and the list of places where a rule fact overrode geography,
each with its reason. Rule facts always win: a port the rules name stays land even when
the sea covers most of its hex, a town the rules put in a hex stays there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise

from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union
from shapely.strtree import STRtree

from rules.errors import DataError
from rules.hexes import Hex, HexSide, are_adjacent, hexsides, line as hex_line
from rules.model import GameMap, MapEdge
from rules.regions import region_without_crossing

from builder.geography.calibration import Calibration
from builder.geography.chains import divide, spliced, trace, walk
from builder.geography.config import Chain, Geography, SupplyRule
from builder.geography.lattice import Lattice, Point
from builder.geography.projection import MapProjection
from builder.geography.theatre import LonLat, Polygon as TheatrePolygon, Theatre

MAJORITY = 0.5
"""A hex takes a cover (sea, lake, relief, drawn area) when it covers more than half of it."""


@dataclass(frozen=True)
class PlacedTown:
    """A town on the map, with the note that says why it is where it is."""

    name: str
    hex: Hex
    kind: str
    note: str


@dataclass(frozen=True)
class RailChain:
    """A railway's stretch on the map and which of its ends leave the map."""

    name: str
    hexes: tuple[Hex, ...]
    exits: tuple[Hex, ...]


@dataclass(frozen=True)
class PlacedSupply:
    """Supply source hexes found from the classified map."""

    rule: SupplyRule
    hexes: tuple[Hex, ...]


@dataclass
class MapData:
    """What the classification found: the content of a generated terrain.toml."""

    lattice: Lattice
    calibration: Calibration
    default_terrain: str
    terrain: dict[Hex, str] = field(default_factory=dict)
    hexsides: dict[HexSide, set[str]] = field(default_factory=dict)
    lines: dict[str, list[HexSide]] = field(default_factory=dict)
    towns: list[PlacedTown] = field(default_factory=list)
    rails: list[RailChain] = field(default_factory=list)
    supply: list[PlacedSupply] = field(default_factory=list)
    overrides: list[str] = field(default_factory=list)

    def terrain_of(self, hex_: Hex) -> str:
        """A hex's classified terrain."""
        return self.terrain.get(hex_, self.default_terrain)


def classify(
    game_map: GameMap,
    geography: Geography,
    theatre: Theatre,
    lattice: Lattice,
    calibration: Calibration,
) -> MapData:
    """Classify ``game_map``'s hexes and hexsides; ``game_map`` carries only the rule facts."""
    assert game_map.hex_map is not None
    projection = calibration.projection
    default = next(iter(game_map.default_terrain.values()))
    data = MapData(lattice, calibration, default)
    label = lattice.hex_map.label
    water_terrain = set(geography.water_terrain.values())
    covers = _covers(geography, theatre, projection)
    rule_land = _rule_land(game_map, geography)
    for hex_ in sorted(lattice.playable):
        polygon = lattice.polygon(hex_)
        shares = {terrain: _share(polygon, cover) for terrain, cover in covers}
        land = next(
            (
                terrain
                for terrain, share in shares.items()
                if terrain not in water_terrain and share > MAJORITY
            ),
            default,
        )
        water = max(
            ((share, terrain) for terrain, share in shares.items() if terrain in water_terrain),
            default=(0.0, default),
        )
        terrain = water[1] if water[0] > MAJORITY else land
        if terrain in water_terrain and hex_ in rule_land:
            data.overrides.append(
                f"{label(hex_)}: {water[0]:.0%} {terrain} in geography; land ({land}) because "
                f"{rule_land[hex_]}"
            )
            terrain = land
        if terrain != default:
            data.terrain[hex_] = terrain
    _water_sides(data, geography, water_terrain)
    for chain in geography.chains:
        _chain(data, chain, projection)
    _rivers(data, geography, theatre, projection, water_terrain)
    _towns(data, game_map, geography, theatre, projection, water_terrain)
    if geography.city_terrain is not None:
        _cities_on(data, game_map, geography.city_terrain)
    if geography.rails:
        _rails(data, theatre, projection)
    for rule in geography.supply:
        data.supply.append(_supply(data, rule, game_map, geography))
    return data


def _covers(
    geography: Geography, theatre: Theatre, projection: MapProjection
) -> list[tuple[str, BaseGeometry]]:
    """Terrain covers in the order they win: water, then relief, then drawn areas."""
    covers: list[tuple[str, BaseGeometry]] = []
    for kind, terrain in geography.water_terrain.items():
        polygons = [
            _pixel_polygon(polygon, projection)
            for water in theatre.water
            if water.kind == kind
            for polygon in water.polygons
        ]
        covers.append((terrain, unary_union(polygons)))
    for klass in ("mountain", "hills"):
        if klass in geography.relief_terrain:
            polygons = [
                _pixel_polygon(polygon, projection)
                for relief in theatre.relief
                if relief.klass == klass
                for polygon in relief.polygons
            ]
            covers.append((geography.relief_terrain[klass], unary_union(polygons)))
    for area in geography.areas:
        covers.append((area.terrain, _pixel_polygon((area.polygon,), projection)))
    return covers


def _pixel_polygon(polygon: TheatrePolygon, projection: MapProjection) -> BaseGeometry:
    exterior, *holes = ([projection.pixel(*point) for point in ring] for ring in polygon)
    shape = Polygon(exterior, holes)
    return shape if shape.is_valid else shape.buffer(0)


def _share(polygon: Polygon, cover: BaseGeometry) -> float:
    if not polygon.intersects(cover):
        return 0.0
    return float(polygon.intersection(cover).area / polygon.area)


def _rule_land(game_map: GameMap, geography: Geography) -> dict[Hex, str]:
    """Hexes the rules need on land, with the reason: towns, supply sources, set-up hexes."""
    reasons: dict[Hex, str] = {}
    for town in game_map.towns:
        reasons.setdefault(town.hex, f"{town.name} stands here ({town.provenance.describe()})")
    for source in game_map.supply_sources:
        for hex_ in source.hexes:
            reasons.setdefault(hex_, f"it is a supply source ({source.provenance.describe()})")
    for hex_ in geography.land:
        reasons.setdefault(hex_, f"units set up here ({geography.land_provenance.describe()})")
    return reasons


def _water_sides(data: MapData, geography: Geography, water_terrain: set[str]) -> None:
    """Hexsides between a land hex and a sea or lake hex."""
    side_of = {
        geography.water_terrain[kind]: feature for kind, feature in geography.water_side.items()
    }
    for side in data.lattice.sides:
        first, second = (data.terrain_of(hex_) for hex_ in side.hexes)
        if (first in water_terrain) != (second in water_terrain):
            water = first if first in water_terrain else second
            if water in side_of:
                data.hexsides.setdefault(side, set()).add(side_of[water])


def _rivers(
    data: MapData,
    geography: Geography,
    theatre: Theatre,
    projection: MapProjection,
    water_terrain: set[str],
) -> None:
    """A river hexside wherever a river crosses the segment between the two hex centres."""
    if geography.river_side is None:
        return
    taken = {side for side, features in data.hexsides.items() if features - {geography.river_side}}
    lines = [
        LineString([projection.pixel(*point) for point in piece])
        for river in theatre.rivers
        if river.klass in geography.river_classes and river.name not in _chain_rivers(geography)
        for piece in river.lines
        if len(piece) >= 2
    ]
    tree = STRtree(lines)
    for side in sorted(data.lattice.sides):
        if side in taken or any(data.terrain_of(hex_) in water_terrain for hex_ in side.hexes):
            continue
        segment = LineString([data.lattice.centre(side.first), data.lattice.centre(side.second)])
        if any(lines[index].intersects(segment) for index in tree.query(segment)):
            data.hexsides.setdefault(side, set()).add(geography.river_side)


def _chain_rivers(geography: Geography) -> set[str]:
    """Rivers drawn as rule chains instead (the Volga of DoS 9.17) are not classified again."""
    return {"Volga"} if any(chain.id == "volga" for chain in geography.chains) else set()


def _chain(data: MapData, chain: Chain, projection: MapProjection) -> None:
    course = [projection.pixel(*point) for point in chain.course]
    lattice = data.lattice
    label = lattice.hex_map.label
    if chain.method == "divide":
        within = _board_of(lattice, chain)
        if chain.start_side is not None and chain.end_corner is not None:
            course = spliced(lattice, course, chain.start_side, chain.end_corner)
        boundary, moved = divide(lattice, course, chain.far, chain.near, within)
        sides: list[HexSide]
        if chain.start_side is not None and chain.end_corner is not None:
            found = walk(boundary, chain.start_side, chain.end_corner)
            if found is None:
                raise DataError(
                    chain.provenance.source or chain.id,
                    None,
                    f"chain {chain.id!r} does not run from {_side_label(lattice, chain.start_side)} "
                    f"to the corner {'/'.join(label(h) for h in chain.end_corner.hexes)}",
                )
            sides = found
        else:
            sides = sorted(boundary)
        if moved:
            data.overrides.append(
                f"{chain.id}: {', '.join(label(hex_) for hex_ in moved)} moved across the line "
                f"as {chain.provenance.describe()} says, against the geography"
            )
        chains = [sides]
    else:
        chains = trace(lattice, course, chain.start_side, chain.end_side, chain.end_corner)
    if chain.target == "terrain":
        _chain_terrain(data, chain, course)
        return
    everything = [side for run in chains for side in run]
    if chain.target == "line":
        data.lines[chain.id] = everything
    else:
        for side in everything:
            data.hexsides.setdefault(side, set()).add(chain.id)
    if chain.also_hexside is not None:
        for side in everything:
            data.hexsides.setdefault(side, set()).add(chain.also_hexside)


def _board_of(lattice: Lattice, chain: Chain) -> frozenset[Hex] | None:
    """For a chain with fixed ends, the hexes of the board its ends are on (DoS's Volga is North-map only)."""
    if chain.start_side is None:
        return None
    found = lattice.hex_map.to_board(chain.start_side.first)
    assert found is not None
    return frozenset(
        hex_
        for hex_ in lattice.playable
        if (placed := lattice.hex_map.to_board(hex_)) is not None and placed[0] == found[0]
    )


def _side_label(lattice: Lattice, side: HexSide) -> str:
    return f"{lattice.hex_map.label(side.first)}/{lattice.hex_map.label(side.second)}"


def _chain_terrain(data: MapData, chain: Chain, course: Sequence[Point]) -> None:
    """Hexes a drawn line passes through take the chain's terrain (TPS fortified lines)."""
    line = LineString(course)
    for hex_ in sorted(data.lattice.playable):
        if (
            data.lattice.polygon(hex_).intersects(line)
            and data.terrain_of(hex_) == data.default_terrain
        ):
            data.terrain[hex_] = chain.id


def _towns(
    data: MapData,
    game_map: GameMap,
    geography: Geography,
    theatre: Theatre,
    projection: MapProjection,
    water_terrain: set[str],
) -> None:
    """Theatre towns on their hexes, one a hex, the rules' towns left where the rules put them."""
    lattice = data.lattice
    label = lattice.hex_map.label
    rule_towns = {town.name: town for town in game_map.towns}
    taken = {town.hex: town.name for town in game_map.towns}
    candidates: dict[Hex, list[tuple[int, int, str, str]]] = {}
    for town in theatre.towns:
        if town.kind == "station" or town.population < geography.town_min_population:
            continue
        hex_ = _land_hex(lattice, data, projection.pixel(town.lon, town.lat), water_terrain)
        if town.name in rule_towns:
            rule_hex = rule_towns[town.name].hex
            if hex_ != rule_hex:
                where = f"in {label(hex_)}" if hex_ is not None else "off the map"
                data.overrides.append(
                    f"{town.name}: geography puts it {where}; the rule hex "
                    f"{label(rule_hex)} is kept ({rule_towns[town.name].provenance.describe()})"
                )
            continue
        if hex_ is None or hex_ in taken:
            continue
        rank = (0 if town.kind == "city" else 1, -town.population, town.name, town.kind)
        candidates.setdefault(hex_, []).append(rank)
    for hex_, ranked in sorted(candidates.items()):
        _, _, name, kind = min(ranked)
        others = sorted(entry[2] for entry in ranked if entry[2] != name)
        note = f"theatre town at {label(hex_)}" + (
            f"; shares the hex with {', '.join(others)}" if others else ""
        )
        data.towns.append(PlacedTown(name, hex_, kind, note))


def _land_hex(lattice: Lattice, data: MapData, point: Point, water_terrain: set[str]) -> Hex | None:
    """The playable hex under ``point``, or its nearest land neighbour when that hex is water."""
    hex_ = lattice.hex_at(point)
    if hex_ is None or data.terrain_of(hex_) not in water_terrain:
        return hex_
    land = [
        side.other(hex_)
        for side in hexsides(hex_)
        if side.other(hex_) in lattice.playable
        and data.terrain_of(side.other(hex_)) not in water_terrain
    ]
    return lattice.nearest_hex(point, land) if land else None


def _cities_on(data: MapData, game_map: GameMap, city_terrain: str) -> None:
    """Every city hex is of ``city_terrain`` (DoS 9.10: all cities stand on clear terrain)."""
    label = data.lattice.hex_map.label
    cities = [(town.name, town.hex) for town in game_map.towns if town.kind == "city"]
    cities += [(town.name, town.hex) for town in data.towns if town.kind == "city"]
    for name, hex_ in cities:
        natural = data.terrain_of(hex_)
        if natural != city_terrain:
            data.overrides.append(
                f"{label(hex_)} ({name}): {natural} in geography; {city_terrain} because "
                "every city stands on clear terrain (rule 9.10)"
            )
            if city_terrain == data.default_terrain:
                data.terrain.pop(hex_, None)
            else:
                data.terrain[hex_] = city_terrain


def _rails(data: MapData, theatre: Theatre, projection: MapProjection) -> None:
    """Each railway as chains of adjacent playable hexes, with the hexes where it leaves the map."""
    lattice = data.lattice
    for railway in theatre.railways:
        points = [projection.pixel(*_lonlat(theatre, station)) for station in railway.stations]
        samples = _samples(points, lattice.pitch / 4)
        runs: list[list[Hex]] = []
        exits: list[list[Hex]] = []
        current: list[Hex] = []
        for index, point in enumerate(samples):
            hex_ = lattice.hex_at(point)
            if hex_ is None:
                if current:
                    exits[-1].append(current[-1])
                    runs.append(current)
                    current = []
                continue
            if not current:
                exits.append([hex_] if index > 0 else [])
                current = [hex_]
            elif hex_ != current[-1]:
                current.extend(_bridge(current[-1], hex_, lattice))
        if current:
            runs.append(current)
        for number, (run, ends) in enumerate(zip(runs, exits, strict=True), start=1):
            if len(run) < 2:
                continue
            name = railway.name if len(runs) == 1 else f"{railway.name} ({number})"
            data.rails.append(RailChain(name, tuple(run), tuple(dict.fromkeys(ends))))


def _lonlat(theatre: Theatre, station: str) -> LonLat:
    town = theatre.town(station)
    return town.lon, town.lat


def _samples(points: Sequence[Point], step: float) -> list[Point]:
    """Points every ``step`` pixels along a polyline."""
    result: list[Point] = [points[0]]
    for (x0, y0), (x1, y1) in pairwise(points):
        length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
        count = max(1, int(length / step))
        result.extend(
            (x0 + (x1 - x0) * i / count, y0 + (y1 - y0) * i / count) for i in range(1, count + 1)
        )
    return result


def _bridge(previous: Hex, current: Hex, lattice: Lattice) -> list[Hex]:
    """The hexes after ``previous`` up to ``current``, filled in so each touches the last."""
    if are_adjacent(previous, current):
        return [current]
    return [hex_ for hex_ in hex_line(previous, current)[1:] if hex_ in lattice.playable] or [
        current
    ]


def _supply(
    data: MapData, rule: SupplyRule, game_map: GameMap, geography: Geography
) -> PlacedSupply:
    label = data.lattice.hex_map.label
    if rule.method == "towns_on_hexside":
        on_feature = {
            hex_
            for side, features in data.hexsides.items()
            if rule.feature in features
            for hex_ in side.hexes
        }
        towns = [town.hex for town in game_map.towns] + [town.hex for town in data.towns]
        return PlacedSupply(rule, tuple(sorted(set(towns) & on_feature, key=label)))
    edges = {edge.name: edge for edge in game_map.edges}
    on_edges = {hex_ for name in rule.edges for hex_ in _edge(edges, name, geography).hexes}
    exits = {hex_ for rail in data.rails for hex_ in rail.exits if hex_ in on_edges} - set(
        rule.exclude
    )
    if rule.side_of_line is not None and rule.seed is not None:
        barrier = set(data.lines.get(rule.side_of_line, ()))
        exits &= region_without_crossing([rule.seed], data.lattice.playable, barrier)
    found = tuple(sorted(exits, key=label))
    if rule.count is not None and len(found) != rule.count:
        raise DataError(
            geography.path,
            None,
            f"{rule.side} {rule.kind}: {len(found)} rail exits on the {'/'.join(rule.edges)} edges "
            f"({', '.join(label(h) for h in found) or 'none'}), the rules want {rule.count}; "
            "reframe the map",
        )
    return PlacedSupply(rule, found)


def _edge(edges: Mapping[str, MapEdge], name: str, geography: Geography) -> MapEdge:
    if name not in edges:
        raise DataError(
            geography.path, None, f"supply names map edge {name!r}, which map.toml does not define"
        )
    return edges[name]
