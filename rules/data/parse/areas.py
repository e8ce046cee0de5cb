"""An area map's ``[[map.area]]`` tables: areas, their adjacency and their outlines."""

from __future__ import annotations

from rules.areas import AreaMap, Crossing, MapFrame, signed_area
from rules.data.fields import Provenance, Table, unknown_name_message
from rules.data.parse.shared import only_each, unique
from rules.model import (
    Area,
)


def read_areas(
    table: Table, inherited: Provenance, area_terrain: set[str]
) -> tuple[list[Area], AreaMap | None]:
    """A map's areas; with outlines, adjacency is derived from them (and must match any
    ``adjacent`` list given), without them the ``adjacent`` lists are the graph."""
    seen: dict[str, str] = {}
    area_tables = only_each(table.tables("area"), "id", "name", "kind", "adjacent", "outline")
    ids = [unique(area_table, "id", seen, "area") for area_table in area_tables]
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
    for water in only_each(table.tables("water"), "name", "outline"):
        waters[water.text("name")] = _ring(water, "outline", corners, frame)
    crossings = []
    for crossing in only_each(table.tables("crossing"), "between"):
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
