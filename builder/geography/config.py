"""A game's ``geography.toml``: how its map sits on the theatre and what the rules insist on.

The file is hand-edited, so it is read with the checked readers of
:mod:`rules.data.fields`: every hex number is parsed against the game's own map and a
typo is reported as ``file:line: message``. Only the block under ``[calibration.fitted]``
is written by a program (``stavka map project``), so the fitted coefficients stay in the
data beside the anchors they come from.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rules.data.fields import Provenance, Table
from rules.data.source import TomlSource
from rules.hexes import Hex, HexCorner, HexSide, are_adjacent, hexcorner, hexside
from rules.hexgrid import HexMap

from builder.geography.projection import Affine, LambertConformalConic
from builder.geography.theatre import LonLat, Theatre

GEOGRAPHY_FILE = "geography.toml"
FITTED_MARKER = "# ---- fitted by `stavka map project`; do not edit below this line ----"


@dataclass(frozen=True)
class Anchor:
    """A place the rules put in given hexes: the fit pulls its real position onto their centroid."""

    name: str
    hexes: tuple[Hex, ...]
    lonlat: LonLat
    provenance: Provenance


@dataclass(frozen=True)
class Framing:
    """A map the rules do not anchor: a scale, a rotation and one hex pinned to a real place."""

    km_per_hex: float
    rotation_degrees: float
    hex: Hex
    lonlat: LonLat
    provenance: Provenance


@dataclass(frozen=True)
class Area:
    """A drawn polygon giving a hex terrain the theatre does not trace (steppe, swamp)."""

    terrain: str
    polygon: tuple[LonLat, ...]
    provenance: Provenance


@dataclass(frozen=True)
class Chain:
    """A feature made of hexsides or hexes that follows a course across the map.

    ``target`` says what it becomes: a hexside feature, a named line of ``[map.lines]``,
    or a hex terrain for the hexes it passes. ``method`` ``trace`` follows the course
    corner to corner; ``divide`` splits the map along it and takes the boundary between
    the two sides, after pinning ``far``/``near`` hexes where the rules put them.
    """

    id: str
    target: str
    method: str
    course: tuple[LonLat, ...]
    start_side: HexSide | None
    end_side: HexSide | None
    end_corner: HexCorner | None
    far: tuple[Hex, ...]
    near: tuple[Hex, ...]
    also_hexside: str | None
    provenance: Provenance


@dataclass(frozen=True)
class SupplyRule:
    """How supply sources come from the classified map (towns on a feature, rail exits)."""

    side: str
    kind: str
    method: str
    feature: str | None
    edges: tuple[str, ...]
    side_of_line: str | None
    seed: Hex | None
    count: int | None
    exclude: tuple[Hex, ...]
    description: str
    provenance: Provenance


@dataclass(frozen=True)
class Geography:
    """Everything a game's geography.toml says."""

    path: Path
    map_name: str
    conic: LambertConformalConic
    anchors: tuple[Anchor, ...]
    framing: Framing | None
    max_rms_hexes: float | None
    fitted: Affine | None
    water_terrain: dict[str, str]
    relief_terrain: dict[str, str]
    water_side: dict[str, str]
    river_side: str | None
    river_classes: tuple[str, ...]
    city_terrain: str | None
    town_min_population: int
    rails: bool
    land: tuple[Hex, ...]
    land_provenance: Provenance
    areas: tuple[Area, ...]
    chains: tuple[Chain, ...]
    supply: tuple[SupplyRule, ...]


class _Hexes:
    """Hex numbers of a geography file read against the game's map, errors placed."""

    def __init__(self, hex_map: HexMap) -> None:
        self.hex_map = hex_map

    def one(self, table: Table, key: str, name: str) -> Hex:
        found = self.hex_map.parse(name)
        if found is None:
            raise table.error(
                f"unknown hex {name!r} (not a playable hex of map {self.hex_map.name!r})", key, name
            )
        return found

    def many(self, table: Table, key: str) -> tuple[Hex, ...]:
        return tuple(self.one(table, key, name) for name in table.text_list(key, required=False))

    def side(self, table: Table, key: str) -> HexSide | None:
        if not table.has(key):
            return None
        text = table.text(key)
        parts = text.split("/")
        hexes = [self.one(table, key, part) for part in parts]
        if len(hexes) != 2 or not are_adjacent(*hexes):
            raise table.error(f"{text!r} is no hexside (two adjacent hexes 'HEX/HEX')", key)
        return hexside(hexes[0], hexes[1])

    def corner(self, table: Table, key: str) -> HexCorner | None:
        if not table.has(key):
            return None
        text = table.text(key)
        hexes = [self.one(table, key, part) for part in text.split("/")]
        if len(hexes) != 3:
            raise table.error(f"{text!r} is no corner (three hexes 'HEX/HEX/HEX')", key)
        try:
            return hexcorner(*hexes)
        except ValueError as error:
            raise table.error(f"{text!r} is no corner: {error}", key) from error


def read_geography(
    folder: Path,
    hex_maps: dict[str, HexMap],
    theatre: Theatre,
    hex_terrain: set[str],
    side_terrain: set[str],
    sides: set[str],
) -> Geography:
    """Read and check ``folder/geography.toml`` against the game's maps, terrain and the theatre."""
    path = folder / GEOGRAPHY_FILE
    root = Table.root(TomlSource.read(path))
    root.only("projection", "calibration", "classify", "area", "chain", "supply")
    classify = root.table("classify")
    classify.only(
        "map",
        "water",
        "relief",
        "water_side",
        "river_side",
        "river_classes",
        "city_terrain",
        "town_min_population",
        "rails",
        "land",
    )
    map_name = classify.choice("map", hex_maps, "map")
    hexes = _Hexes(hex_maps[map_name])
    projection = root.table("projection")
    projection.only("first_parallel", "second_parallel", "origin_latitude", "origin_longitude")
    conic = LambertConformalConic(
        projection.number("first_parallel"),
        projection.number("second_parallel"),
        projection.number("origin_latitude"),
        projection.number("origin_longitude"),
    )
    calibration = root.table("calibration")
    calibration.only("method", "max_rms_hexes", "anchor", "excluded", "framing", "fitted")
    method = calibration.choice("method", ("anchors", "framing"), "calibration method")
    anchors: list[Anchor] = []
    framing = None
    if method == "anchors":
        for table in calibration.tables("anchor", required=True):
            table.only("name", "hexes", "town", "lon", "lat")
            anchors.append(
                Anchor(
                    table.text("name"),
                    hexes.many(table, "hexes") or _missing(table, "hexes"),
                    _place(table, theatre),
                    table.provenance(),
                )
            )
        for table in calibration.tables("excluded"):
            table.only("name")
            table.provenance()
    else:
        table = calibration.table("framing")
        table.only("km_per_hex", "rotation_degrees", "hex", "town", "lon", "lat")
        framing = Framing(
            table.number("km_per_hex", minimum=0.1),
            table.number("rotation_degrees", 0.0),
            hexes.one(table, "hex", table.text("hex")),
            _place(table, theatre),
            table.provenance(),
        )
    fitted = None
    fitted_table = calibration.optional_table("fitted")
    if fitted_table is not None:
        fitted_table.only("a", "b", "c", "d", "e", "f", "rms_hexes")
        fitted = Affine(*(fitted_table.number(key) for key in "abcdef"))
    water = _mapping(classify, "water", hex_terrain, "hex terrain")
    relief = _mapping(classify, "relief", hex_terrain, "hex terrain")
    water_side = _mapping(classify, "water_side", side_terrain, "hexside terrain")
    river_side = (
        classify.choice("river_side", side_terrain, "hexside terrain")
        if classify.has("river_side")
        else None
    )
    city_terrain = (
        classify.choice("city_terrain", hex_terrain, "hex terrain")
        if classify.has("city_terrain")
        else None
    )
    areas = []
    for table in root.tables("area"):
        table.only("terrain", "polygon")
        areas.append(
            Area(
                table.choice("terrain", hex_terrain, "hex terrain"),
                _lonlats(table, "polygon"),
                table.provenance(),
            )
        )
    line_names = {line.name for line in theatre.lines}
    chains = []
    for table in root.tables("chain"):
        table.only(
            "id",
            "target",
            "method",
            "course",
            "theatre_line",
            "start_side",
            "end_side",
            "end_corner",
            "far",
            "near",
            "also_hexside",
        )
        target = table.choice("target", ("hexside", "line", "terrain"), "chain target")
        chain_id = table.text("id")
        if target == "hexside" and chain_id not in side_terrain:
            raise table.error(
                f"hexside feature {chain_id!r} is no hexside terrain of the game", "id"
            )
        if target == "terrain" and chain_id not in hex_terrain:
            raise table.error(f"terrain {chain_id!r} is no hex terrain of the game", "id")
        if table.has("theatre_line"):
            course = theatre.line(table.choice("theatre_line", line_names, "theatre line")).points
        else:
            course = _lonlats(table, "course")
        chains.append(
            Chain(
                id=chain_id,
                target=target,
                method=table.choice("method", ("trace", "divide"), "chain method", "trace"),
                course=course,
                start_side=hexes.side(table, "start_side"),
                end_side=hexes.side(table, "end_side"),
                end_corner=hexes.corner(table, "end_corner"),
                far=hexes.many(table, "far"),
                near=hexes.many(table, "near"),
                also_hexside=(
                    table.choice("also_hexside", side_terrain, "hexside terrain")
                    if table.has("also_hexside")
                    else None
                ),
                provenance=table.provenance(),
            )
        )
    supply = []
    for table in root.tables("supply"):
        table.only(
            "side",
            "kind",
            "method",
            "feature",
            "edges",
            "side_of_line",
            "seed",
            "count",
            "exclude",
            "description",
        )
        supply.append(
            SupplyRule(
                side=table.choice("side", sides, "side"),
                kind=table.text("kind"),
                method=table.choice("method", ("towns_on_hexside", "rail_exits"), "supply method"),
                feature=table.optional_text("feature"),
                edges=tuple(table.text_list("edges", required=False)),
                side_of_line=table.optional_text("side_of_line"),
                seed=hexes.one(table, "seed", table.text("seed")) if table.has("seed") else None,
                count=table.integer("count", minimum=0) if table.has("count") else None,
                exclude=hexes.many(table, "exclude"),
                description=table.text("description", ""),
                provenance=table.provenance(),
            )
        )
    return Geography(
        path=path,
        map_name=map_name,
        conic=conic,
        anchors=tuple(anchors),
        framing=framing,
        max_rms_hexes=calibration.number("max_rms_hexes")
        if calibration.has("max_rms_hexes")
        else None,
        fitted=fitted,
        water_terrain=water,
        relief_terrain=relief,
        water_side=water_side,
        river_side=river_side,
        river_classes=tuple(classify.text_list("river_classes", required=False)),
        city_terrain=city_terrain,
        town_min_population=classify.integer("town_min_population", 0, minimum=0),
        rails=classify.boolean("rails", False),
        land=hexes.many(classify, "land"),
        land_provenance=classify.provenance(),
        areas=tuple(areas),
        chains=tuple(chains),
        supply=tuple(supply),
    )


def _missing(table: Table, key: str) -> tuple[Hex, ...]:
    raise table.error(f"{key!r} must name at least one hex", key)


def _place(table: Table, theatre: Theatre) -> LonLat:
    """A place given as a theatre town's name or as lon/lat."""
    if table.has("town"):
        name = table.text("town")
        try:
            town = theatre.town(name)
        except KeyError:
            raise table.error(f"no town {name!r} in the theatre", "town") from None
        return town.lon, town.lat
    return table.number("lon"), table.number("lat")


def _mapping(table: Table, key: str, allowed: set[str], what: str) -> dict[str, str]:
    sub = table.optional_table(key)
    if sub is None:
        return {}
    return {name: sub.choice(name, allowed, what) for name, _ in sub.items()}


def _lonlats(table: Table, key: str) -> tuple[LonLat, ...]:
    value = table.values.get(key)
    if not isinstance(value, list) or len(value) < 2:
        raise table.error(f"{key!r} must be an array of at least two [lon, lat] pairs", key)
    points = []
    for pair in value:
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in pair)
        ):
            raise table.error(f"{key!r} must hold [lon, lat] pairs of numbers", key)
        points.append((float(pair[0]), float(pair[1])))
    return tuple(points)


def fitted_block(affine: Affine, rms_hexes: float) -> str:
    """The generated tail of geography.toml holding the fitted coefficients."""
    lines = [FITTED_MARKER, "[calibration.fitted]"]
    for key in "abcdef":
        lines.append(f"{key} = {getattr(affine, key):.9g}")
    lines.append(f"rms_hexes = {rms_hexes:.4f}")
    return "\n".join(lines) + "\n"


def with_fitted_block(text: str, affine: Affine, rms_hexes: float) -> str:
    """``text`` of a geography.toml with its fitted block replaced (or appended)."""
    head = text.split(FITTED_MARKER)[0].rstrip("\n")
    return head + "\n\n" + fitted_block(affine, rms_hexes)
