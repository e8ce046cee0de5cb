"""Where a map's hexes, hexsides and corners are, in the map's pixel frame.

The geometry is read from the first board's grid, which the lattice extends across all
boards (:class:`rules.hexgrid.HexMap` guarantees the other boards sit on it), so hexes
off the play area — the neighbours beyond an edge — have places too.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from shapely.geometry import Polygon
from shapely.ops import unary_union

from rules.hexes import Hex, HexCorner, HexSide, hexcorners, hexside, neighbours
from rules.hexgrid import HexMap

Point = tuple[float, float]


@dataclass(frozen=True)
class SideGeometry:
    """A hexside between two playable hexes, in map pixels."""

    side: HexSide
    first: HexCorner
    second: HexCorner
    points: tuple[Point, Point, Point]
    """Its two ends and its middle."""
    length: float


@dataclass(frozen=True)
class Lattice:
    """The pixel geometry of one hex map's playable hexes."""

    hex_map: HexMap

    @cached_property
    def playable(self) -> frozenset[Hex]:
        """Every playable hex of the map."""
        return frozenset(self.hex_map.hexes())

    @property
    def pitch(self) -> float:
        """Pixels between neighbouring centres along a row or column: one hex, for residuals."""
        return self.hex_map.boards[0].grid.dy

    def centre(self, hex_: Hex) -> Point:
        """The geometric centre of a lattice hex in map pixels, playable or not."""
        board = self.hex_map.boards[0]
        x, y = board.grid.centre(hex_.column, hex_.row)
        return x + board.origin[0], y + board.origin[1]

    def polygon(self, hex_: Hex) -> Polygon:
        """The hex's outline in map pixels."""
        board = self.hex_map.boards[0]
        return Polygon(
            [
                (x + board.origin[0], y + board.origin[1])
                for x, y in board.grid.corners(hex_.column, hex_.row)
            ]
        )

    def corner_point(self, corner: HexCorner) -> Point:
        """A corner's place: the centroid of its three hex centres."""
        points = [self.centre(hex_) for hex_ in corner.hexes]
        return sum(p[0] for p in points) / 3, sum(p[1] for p in points) / 3

    def side_points(self, side: HexSide) -> tuple[Point, Point]:
        """The two ends of a hexside."""
        first, second = side.corners()
        return self.corner_point(first), self.corner_point(second)

    @cached_property
    def sides(self) -> frozenset[HexSide]:
        """Every hexside between two playable hexes."""
        return frozenset(
            hexside(hex_, other)
            for hex_ in self.playable
            for other in neighbours(hex_)
            if other in self.playable
        )

    @cached_property
    def side_geometry(self) -> tuple[SideGeometry, ...]:
        """Every hexside of :attr:`sides`, in its order, with its ends, its middle and its
        length: what every chain traced across the map weighs its sides by, worked out
        once."""
        found = []
        for side in self.sides:
            a, b = side.corners()
            pa, pb = self.corner_point(a), self.corner_point(b)
            middle = ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2)
            found.append(SideGeometry(side, a, b, (pa, pb, middle), math.dist(pa, pb)))
        return tuple(found)

    @cached_property
    def corners(self) -> frozenset[HexCorner]:
        """Every corner of a playable hex."""
        return frozenset(corner for hex_ in self.playable for corner in hexcorners(hex_))

    def on_edge(self, corner: HexCorner) -> bool:
        """True when the corner touches a hex outside the play area."""
        return any(hex_ not in self.playable for hex_ in corner.hexes)

    @cached_property
    def area(self) -> Polygon:
        """The play area as one polygon."""
        merged = unary_union([self.polygon(hex_) for hex_ in self.playable])
        assert isinstance(merged, Polygon)
        return merged

    def nearest_hex(self, point: Point, candidates: Iterable[Hex] | None = None) -> Hex:
        """The hex whose centre is nearest ``point`` (among ``candidates``, default all playable)."""
        pool = self.playable if candidates is None else candidates
        return min(pool, key=lambda hex_: (_squared(self.centre(hex_), point), hex_))

    def hex_at(self, point: Point) -> Hex | None:
        """The playable hex containing ``point`` by the nearest-centre rule, or None off the map."""
        board = self.hex_map.boards[0]
        raw = board.grid.raw_column_row(point[0] - board.origin[0], point[1] - board.origin[1])
        guess = Hex(*raw)
        around = (guess, *neighbours(guess))
        best = min(around, key=lambda hex_: (_squared(self.centre(hex_), point), hex_))
        return best if best in self.playable else None


def _squared(a: Point, b: Point) -> float:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2
