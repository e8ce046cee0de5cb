"""Hexside chains that follow a course: rivers the rules name, defence lines, fronts.

Two ways, both pure functions of the lattice and a course in map pixels:

* :func:`trace` walks from corner to corner along the hexsides nearest the course
  (a shortest path whose cost grows with the distance from the course), so the result
  is always one connected chain, as a line the rules count hexes across must be.
* :func:`divide` splits the map along the course and returns the hexsides between the
  two sides, after pinning hexes where the rules put them: the way to make rule facts
  such as "N1033 is east of the line, N1034 is not" (DoS 8.6) hold whatever the
  geography says.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Collection, Sequence

import shapely
from shapely.geometry import LineString, Point as ShapelyPoint, Polygon, box
from shapely.ops import split, substring

from rules.hexes import Hex, HexCorner, HexSide
from rules.regions import region_without_crossing

from builder.geography.lattice import Lattice, Point

REACH_HEXES = 40.0
"""How far a course's ends are extended so it cuts right across any map."""


def trace(
    lattice: Lattice,
    course: Sequence[Point],
    start_side: HexSide | None = None,
    end_side: HexSide | None = None,
    end_corner: HexCorner | None = None,
) -> list[list[HexSide]]:
    """Connected chains of playable hexsides following ``course``, one per stretch on the map.

    Without fixed ends a stretch runs from the corner nearest where the course enters the
    play area to the corner nearest where it leaves (edge corners when it crosses an edge).
    """
    line = LineString(course)
    area = lattice.area
    stretches = [half for stretch in _stretches(line.intersection(area)) for half in _open(stretch)]
    if not stretches:
        return []
    if start_side is not None or end_side is not None or end_corner is not None:
        stretches = [LineString(course)]
    chains = []
    for stretch in stretches:
        graph = _graph(lattice, stretch)
        first, last = stretch.coords[0], stretch.coords[-1]
        if start_side is not None:
            sources = set(start_side.corners())
        else:
            sources = {_nearest_corner(lattice, graph, first, area)}
        if end_corner is not None:
            targets = {end_corner}
        elif end_side is not None:
            targets = set(end_side.corners())
        else:
            targets = {_nearest_corner(lattice, graph, last, area)}
        path = _shortest(graph, sources, targets)
        if start_side is not None and (not path or path[0] != start_side):
            path.insert(0, start_side)
        if end_side is not None and path[-1] != end_side:
            path.append(end_side)
        if path:
            chains.append(path)
    return chains


def divide(
    lattice: Lattice,
    course: Sequence[Point],
    far: Collection[Hex],
    near: Collection[Hex],
    within: Collection[Hex] | None = None,
) -> tuple[frozenset[HexSide], tuple[Hex, ...]]:
    """The hexsides between the far side of ``course`` and the rest, and the hexes pinned across.

    The far side is the one holding the first hex of ``far``; ``far`` and ``near`` hexes
    are then pinned to their sides whatever their centres say, and those the pinning
    actually moved are returned so the override can be recorded. Only hexes of
    ``within`` (default: every playable hex) take part.
    """
    members = frozenset(lattice.playable if within is None else within)
    if not far:
        raise ValueError("divide needs at least one hex on the far side")
    far_side = _side_polygon(lattice, course, lattice.centre(next(iter(far))))
    geographic = {hex_ for hex_ in members if far_side.contains(ShapelyPoint(lattice.centre(hex_)))}
    far_hexes = (geographic | (set(far) & members)) - set(near)
    far_hexes = _without_islands(far_hexes, members, far, near)
    moved = tuple(sorted(far_hexes ^ geographic))
    sides = frozenset(
        side
        for side in lattice.sides
        if side.first in members
        and side.second in members
        and (side.first in far_hexes) != (side.second in far_hexes)
    )
    return sides, moved


def _without_islands(
    far_hexes: set[Hex], members: frozenset[Hex], far: Collection[Hex], near: Collection[Hex]
) -> set[Hex]:
    """``far_hexes`` with pockets cut off from either side's main body given to the other side.

    A river's wiggles leave single hexes stranded on the wrong bank; a line the rules
    refer to must split the map in two, so a pocket joins the side that surrounds it.
    Pinned hexes must stay joined to their side, or no single line can honour them.
    """
    seed = next(iter(far))
    main_far = _component(seed, far_hexes)
    result = set(main_far)
    rest = members - result
    pinned_near = [hex_ for hex_ in near if hex_ in rest]
    if pinned_near:
        main_near = _component(pinned_near[0], rest)
    else:
        main_near = max(
            (_component(hex_, rest) for hex_ in sorted(rest)), key=len, default=frozenset()
        )
    result |= rest - main_near
    stranded = [hex_ for hex_ in far if hex_ in members and hex_ not in result]
    stranded += [hex_ for hex_ in near if hex_ in result]
    if stranded:
        raise ValueError(f"pinned hexes {sorted(stranded)} are cut off from their side of the line")
    return result


def _component(start: Hex, pool: Collection[Hex]) -> frozenset[Hex]:
    """The hexes of ``pool`` connected to ``start`` through neighbours in ``pool``."""
    return region_without_crossing([start], pool, ())


def spliced(
    lattice: Lattice, course: Sequence[Point], start: HexSide, end: HexCorner
) -> list[Point]:
    """``course`` cut to run along the hexside ``start`` (from its map-edge end) to ``end``.

    When the rules fix where a feature begins and ends (the Volga of DoS 9.17) and the
    geography begins a hex or two away, the course is bent onto the rule's ends rather
    than pinning hex after hex.
    """
    line = LineString(course)
    corners = sorted(start.corners(), key=lambda corner: not lattice.on_edge(corner))
    outer, inner = (lattice.corner_point(corner) for corner in corners)
    finish = lattice.corner_point(end)
    middle = substring(line, line.project(ShapelyPoint(inner)), line.project(ShapelyPoint(finish)))
    between = [(x, y) for x, y, *_ in middle.coords][1:-1] if isinstance(middle, LineString) else []
    return [outer, inner, *between, finish]


def walk(sides: Collection[HexSide], start: HexSide, end: HexCorner) -> list[HexSide] | None:
    """The run of ``sides`` from ``start`` to the corner ``end``, or None when they do not join."""
    members = set(sides)
    for entry in start.corners():
        chain, corner, current = [start], _other_corner(start, entry), start
        seen = {start}
        while corner != end:
            following = sorted(
                side for side in corner.sides() if side in members and side not in seen
            )
            if not following:
                break
            current = following[0]
            seen.add(current)
            chain.append(current)
            corner = _other_corner(current, corner)
        else:
            return chain
    return None


def _other_corner(side: HexSide, corner: HexCorner) -> HexCorner:
    first, second = side.corners()
    return second if corner == first else first


def _open(stretch: LineString) -> list[LineString]:
    """A closed ring (a pocket's perimeter) as two halves, since a path needs two ends."""
    points = list(stretch.coords)
    if len(points) < 4 or points[0] != points[-1]:
        return [stretch]
    middle = len(points) // 2
    return [LineString(points[: middle + 1]), LineString(points[middle:])]


def _stretches(geometry: object) -> list[LineString]:
    if isinstance(geometry, LineString):
        return [geometry] if not geometry.is_empty else []
    parts = getattr(geometry, "geoms", ())
    return [part for part in parts if isinstance(part, LineString) and part.length > 0]


Graph = dict[HexCorner, list[tuple[float, HexCorner, HexSide]]]


def _graph(lattice: Lattice, line: LineString) -> Graph:
    """Corners joined by playable hexsides, each weighted by its length and distance from ``line``."""
    graph: Graph = {}
    pitch = lattice.pitch
    sides = lattice.side_geometry
    # Every side's three points measured against the line in one call (GEOS's distance,
    # as for each point alone).
    measured = shapely.distance(
        line, shapely.points([point for each in sides for point in each.points])
    )
    distances: list[float] = measured.tolist()
    for index, geometry in enumerate(sides):
        distance = max(distances[3 * index : 3 * index + 3]) / pitch
        cost = geometry.length / pitch * (0.05 + distance * distance)
        side, a, b = geometry.side, geometry.first, geometry.second
        graph.setdefault(a, []).append((cost, b, side))
        graph.setdefault(b, []).append((cost, a, side))
    return graph


def _shortest(graph: Graph, sources: set[HexCorner], targets: set[HexCorner]) -> list[HexSide]:
    """The cheapest run of hexsides from any source corner to any target corner (Dijkstra)."""
    best: dict[HexCorner, float] = {}
    back: dict[HexCorner, tuple[HexCorner, HexSide]] = {}
    queue: list[tuple[float, HexCorner]] = [(0.0, source) for source in sorted(sources)]
    for source in sources:
        best[source] = 0.0
    heapq.heapify(queue)
    while queue:
        cost, corner = heapq.heappop(queue)
        if cost > best.get(corner, math.inf):
            continue
        if corner in targets:
            path: list[HexSide] = []
            while corner in back:
                corner, side = back[corner]
                path.append(side)
            return path[::-1]
        for step, other, side in graph.get(corner, ()):
            total = cost + step
            if total < best.get(other, math.inf):
                best[other] = total
                back[other] = (corner, side)
                heapq.heappush(queue, (total, other))
    raise ValueError("no run of hexsides joins the chain's ends")


def _nearest_corner(
    lattice: Lattice, graph: Graph, point: tuple[float, ...], area: Polygon
) -> HexCorner:
    """The corner of the graph nearest ``point``; an edge corner when the point lies on the map's edge."""
    on_edge = area.exterior.distance(ShapelyPoint(point)) < lattice.pitch / 2
    pool = [corner for corner in graph if lattice.on_edge(corner)] if on_edge else list(graph)
    return min(
        pool, key=lambda corner: (math.dist(lattice.corner_point(corner), point[:2]), corner)
    )


def _side_polygon(lattice: Lattice, course: Sequence[Point], seed: Point) -> Polygon:
    """The part of a box round the map on ``seed``'s side of ``course`` extended at both ends."""
    reach = REACH_HEXES * lattice.pitch
    points = list(course)
    points.insert(0, _beyond(points[1], points[0], reach))
    points.append(_beyond(points[-2], points[-1], reach))
    minx, miny, maxx, maxy = lattice.area.bounds
    frame = box(minx - reach / 2, miny - reach / 2, maxx + reach / 2, maxy + reach / 2)
    for piece in split(frame, LineString(points)).geoms:
        if isinstance(piece, Polygon) and piece.contains(ShapelyPoint(seed)):
            return piece
    raise ValueError("the course does not divide the map around the seed hex")


def _beyond(before: Point, end: Point, reach: float) -> Point:
    """A point ``reach`` past ``end`` along the direction from ``before``."""
    dx, dy = end[0] - before[0], end[1] - before[1]
    length = math.hypot(dx, dy) or 1.0
    return end[0] + dx / length * reach, end[1] + dy / length * reach
