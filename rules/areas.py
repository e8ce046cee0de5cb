"""Area maps: areas as outlines on real geography, and the adjacency they imply.

An area game (Rattenkrieg) is played on a graph, but people see and touch a drawn map,
and VASSAL names a piece's place by the zone its pixel falls in. So the one truth is a
*planar partition*: named corners in longitude and latitude, and each area a ring of
corner names. Two areas that share an edge (the same two corners, in opposite order)
border each other; that is the whole adjacency test, exact and free of tolerances,
because a shared border is written once, as corner names, never as two copies of
numbers. The arrows of a rule (RKS 3.5: the Soviet rear joined to three areas across
the Volga) are kept as explicit crossings.

The same rings give the board's drawing, the module's zones and the referee's
pixel-to-area look-up, through one :class:`MapFrame` from degrees to board pixels.
Everything here is pure Python: the referee needs no geometry library.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

Point = tuple[float, float]
Edge = tuple[str, str]

EARTH_KM_PER_DEGREE = 111.32
"""Kilometres per degree of latitude (and of longitude at the equator)."""


@dataclass(frozen=True)
class MapFrame:
    """How longitude and latitude become board pixels: a local equirectangular projection.

    The board shows ``west``..``east`` degrees of longitude by ``south``..``north`` of
    latitude, north up, at ``pixels_per_km`` measured at the frame's middle latitude. Over
    a city the error of this projection is far below the width of a drawn line.
    """

    west: float
    east: float
    south: float
    north: float
    pixels_per_km: float

    def kilometres(self, lon: float, lat: float) -> Point:
        """Kilometres east and north of the frame's south-west corner."""
        middle_latitude = math.radians((self.south + self.north) / 2)
        east = (lon - self.west) * EARTH_KM_PER_DEGREE * math.cos(middle_latitude)
        north = (lat - self.south) * EARTH_KM_PER_DEGREE
        return east, north

    def pixel(self, lon: float, lat: float) -> Point:
        """Board pixel (x right, y down) of a place."""
        east, north = self.kilometres(lon, lat)
        height = self.kilometres(self.west, self.north)[1]
        return east * self.pixels_per_km, (height - north) * self.pixels_per_km

    @property
    def size(self) -> tuple[int, int]:
        """The board's width and height in pixels."""
        width, height = self.kilometres(self.east, self.north)
        return round(width * self.pixels_per_km), round(height * self.pixels_per_km)

    def contains(self, lon: float, lat: float) -> bool:
        """True when a place lies inside the frame or on its edge."""
        return self.west <= lon <= self.east and self.south <= lat <= self.north

    def on_edge(self, first: Point, second: Point) -> bool:
        """True when the segment between two places runs along one edge of the frame."""
        (lon1, lat1), (lon2, lat2) = first, second
        return (
            lon1 == lon2
            and lon1 in (self.west, self.east)
            or lat1 == lat2
            and lat1 in (self.south, self.north)
        )


@dataclass(frozen=True)
class Crossing:
    """A link between two areas that share no border, drawn as an arrow (RKS 3.5)."""

    first: str
    second: str


@dataclass(frozen=True)
class AreaMap:
    """A partition of a frame into areas (and waters that are no area), by named corners.

    ``corners`` maps a corner name to (lon, lat); ``outlines`` maps an area id to its
    ring of corner names (first corner not repeated); ``waters`` are rings of the same
    kind for what no piece may enter (a river), drawn but never a zone.
    """

    frame: MapFrame
    corners: Mapping[str, Point]
    outlines: Mapping[str, tuple[str, ...]]
    waters: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    crossings: tuple[Crossing, ...] = ()

    def rings(self) -> Iterator[tuple[str, tuple[str, ...]]]:
        """Every ring, areas first, then waters."""
        yield from self.outlines.items()
        yield from self.waters.items()

    def kilometres(self, corner: str) -> Point:
        """A corner in kilometres east and north of the frame's origin."""
        return self.frame.kilometres(*self.corners[corner])

    def pixel(self, corner: str) -> Point:
        """A corner in board pixels."""
        return self.frame.pixel(*self.corners[corner])

    def polygon(self, area: str) -> tuple[Point, ...]:
        """The outline of an area or water in board pixels, in ring order."""
        ring = self.outlines[area] if area in self.outlines else self.waters[area]
        return tuple(self.pixel(corner) for corner in ring)

    def border(self, first: str, second: str) -> tuple[Edge, ...]:
        """The edges two areas share (as corner pairs of ``first``'s ring)."""
        theirs = set(ring_edges(self.outlines[second]))
        return tuple(
            edge for edge in ring_edges(self.outlines[first]) if (edge[1], edge[0]) in theirs
        )

    def neighbours(self) -> dict[str, frozenset[str]]:
        """Each area's neighbours: areas it shares an edge with, and its crossings."""
        owners: dict[frozenset[str], list[str]] = {}
        for area, ring in self.outlines.items():
            for start, end in ring_edges(ring):
                owners.setdefault(frozenset((start, end)), []).append(area)
        found: dict[str, set[str]] = {area: set() for area in self.outlines}
        for areas in owners.values():
            for area in areas:
                found[area].update(other for other in areas if other != area)
        for crossing in self.crossings:
            found[crossing.first].add(crossing.second)
            found[crossing.second].add(crossing.first)
        return {area: frozenset(others) for area, others in found.items()}

    def area_at(self, x: float, y: float) -> str | None:
        """The area whose outline holds board pixel (x, y), or None (water, off the map)."""
        for area in self.outlines:
            if contains(self.polygon(area), (x, y)):
                return area
        return None

    def square_kilometres(self, area: str) -> float:
        """An area's size on the ground."""
        ring = self.outlines[area] if area in self.outlines else self.waters[area]
        return abs(signed_area([self.kilometres(corner) for corner in ring]))

    def problems(self) -> list[str]:
        """What keeps the rings from being a partition of the frame, one sentence each.

        Every edge must be shared by exactly two rings running opposite ways, or lie on
        the frame's edge; all rings must turn the same way, and their areas must add up to
        the frame's. Together this rules out gaps, overlaps and loose corners.
        """
        messages: list[str] = []
        used = {corner for _, ring in self.rings() for corner in ring}
        for name, ring in self.rings():
            missing = [corner for corner in ring if corner not in self.corners]
            if missing:
                messages.append(f"{name}: unknown corner {missing[0]!r}")
            elif len(ring) < 3 or len(set(ring)) != len(ring):
                messages.append(f"{name}: an outline needs three or more different corners")
        for corner in sorted(set(self.corners) - used):
            messages.append(f"corner {corner!r} is in no outline")
        for corner, (lon, lat) in sorted(self.corners.items()):
            if not self.frame.contains(lon, lat):
                messages.append(f"corner {corner!r} lies outside the map frame")
        if messages:
            return messages
        edges: dict[Edge, str] = {}
        for name, ring in self.rings():
            if signed_area([self.kilometres(corner) for corner in ring]) > 0:
                messages.append(f"{name}: its corners must run clockwise (as seen with north up)")
            for edge in ring_edges(ring):
                if edge in edges:
                    messages.append(
                        f"{name} and {edges[edge]} both run along {edge[0]}-{edge[1]} the same way"
                    )
                edges[edge] = name
        for (start, end), name in sorted(edges.items()):
            if (end, start) not in edges and not self.frame.on_edge(
                self.corners[start], self.corners[end]
            ):
                messages.append(
                    f"{name}: edge {start}-{end} borders nothing (a gap, or a corner missing next door)"
                )
        total = sum(self.square_kilometres(name) for name, _ in self.rings())
        width, height = self.frame.kilometres(self.frame.east, self.frame.north)
        expected = width * height
        if not messages and abs(total - expected) > 1e-6 * expected:
            messages.append(
                f"the outlines cover {total:.3f} km² of the frame's {expected:.3f} km² (they overlap)"
            )
        return messages


def ring_edges(ring: tuple[str, ...]) -> Iterator[Edge]:
    """A ring's edges as (corner, next corner), closing back to the first."""
    for index, corner in enumerate(ring):
        yield corner, ring[(index + 1) % len(ring)]


def signed_area(points: list[Point]) -> float:
    """Shoelace area: positive when the points turn counter-clockwise in x-right, y-up."""
    total = 0.0
    for index, (x1, y1) in enumerate(points):
        x2, y2 = points[(index + 1) % len(points)]
        total += x1 * y2 - x2 * y1
    return total / 2


def contains(polygon: tuple[Point, ...], point: Point) -> bool:
    """Ray casting: True when ``point`` lies inside ``polygon``. The crossing test is
    half-open, so a point exactly on a border between two areas belongs to one of them,
    never to both."""
    x, y = point
    inside = False
    for index, (x1, y1) in enumerate(polygon):
        x2, y2 = polygon[(index + 1) % len(polygon)]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def centroid(polygon: tuple[Point, ...]) -> Point:
    """The centre of mass of a simple polygon."""
    twice_area = 0.0
    cx = cy = 0.0
    for index, (x1, y1) in enumerate(polygon):
        x2, y2 = polygon[(index + 1) % len(polygon)]
        cross = x1 * y2 - x2 * y1
        twice_area += cross
        cx += (x1 + x2) * cross
        cy += (y1 + y2) * cross
    return cx / (3 * twice_area), cy / (3 * twice_area)
