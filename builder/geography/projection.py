"""Lon/lat to a game's map pixels: a Lambert conformal conic, then an affine fit.

A game's hex map is a flat picture of a curved theatre. The conic keeps shapes true
(conformal) across southern Russia's 12 degrees of latitude; the affine step then absorbs
what the printed map did on its own — its scale, its rotation, the stretch between hex
rows and columns — and is fitted to the hexes the rules name, so the map lands where the
rules say it does. Everything here is a pure function of numbers; no file is read.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

WGS84_A_KM = 6378.137
WGS84_E = 0.0818191908426215
"""WGS84 semi-major axis and first eccentricity; the theatre's coordinates are WGS84."""


@dataclass(frozen=True)
class LambertConformalConic:
    """An ellipsoidal Lambert conformal conic (Snyder, *Map Projections*, 1987, §15).

    Two standard parallels bracketing the theatre keep the scale error below half a
    percent, well under a hex, so the affine fit only has to place the map, not bend it.
    """

    first_parallel: float
    second_parallel: float
    origin_latitude: float
    origin_longitude: float

    def _m(self, latitude: float) -> float:
        phi = math.radians(latitude)
        return math.cos(phi) / math.sqrt(1 - (WGS84_E * math.sin(phi)) ** 2)

    def _t(self, latitude: float) -> float:
        phi = math.radians(latitude)
        e_sin = WGS84_E * math.sin(phi)
        flattening: float = ((1 - e_sin) / (1 + e_sin)) ** (WGS84_E / 2)
        return math.tan(math.pi / 4 - phi / 2) / flattening

    @property
    def _cone(self) -> tuple[float, float, float]:
        """(n, a·F, ρ0): the cone constant, the scaled F and the origin's radius."""
        m1, m2 = self._m(self.first_parallel), self._m(self.second_parallel)
        t1, t2 = self._t(self.first_parallel), self._t(self.second_parallel)
        n = (math.log(m1) - math.log(m2)) / (math.log(t1) - math.log(t2))
        big_f = WGS84_A_KM * m1 / (n * t1**n)
        return n, big_f, big_f * self._t(self.origin_latitude) ** n

    def project(self, longitude: float, latitude: float) -> tuple[float, float]:
        """(x, y) in km from the origin, x east and y north."""
        n, big_f, rho0 = self._cone
        rho = big_f * self._t(latitude) ** n
        theta = n * math.radians(longitude - self.origin_longitude)
        return rho * math.sin(theta), rho0 - rho * math.cos(theta)


@dataclass(frozen=True)
class Affine:
    """``(x, y) ↦ (a·x + b·y + c, d·x + e·y + f)``: km of the conic to map pixels."""

    a: float
    b: float
    c: float
    d: float
    e: float
    f: float

    def apply(self, x: float, y: float) -> tuple[float, float]:
        """The map pixel of conic point (x, y)."""
        return self.a * x + self.b * y + self.c, self.d * x + self.e * y + self.f

    @classmethod
    def framing(
        cls,
        pixels_per_km: tuple[float, float],
        rotation_degrees: float,
        anchor_km: tuple[float, float],
        anchor_pixel: tuple[float, float],
    ) -> Affine:
        """A map framed by hand: scale, rotation, and one conic point pinned to one pixel.

        Pixel y grows downward while conic y grows north, hence the sign flip; a positive
        rotation turns the map's north clockwise.
        """
        sx, sy = pixels_per_km
        turn = math.radians(rotation_degrees)
        cos_t, sin_t = math.cos(turn), math.sin(turn)
        a, b = sx * cos_t, sx * sin_t
        d, e = sy * sin_t, -sy * cos_t
        c = anchor_pixel[0] - (a * anchor_km[0] + b * anchor_km[1])
        f = anchor_pixel[1] - (d * anchor_km[0] + e * anchor_km[1])
        return cls(a, b, c, d, e, f)


def fit_affine(
    points: Sequence[tuple[float, float]], targets: Sequence[tuple[float, float]]
) -> Affine:
    """The least-squares affine map sending ``points`` to ``targets``.

    Each output coordinate is an independent three-parameter linear regression, solved
    from its normal equations; a dozen anchors need no numerical library.
    """
    if len(points) != len(targets) or len(points) < 3:
        raise ValueError("an affine fit needs at least three point pairs")
    design = [(x, y, 1.0) for x, y in points]
    normal = [[sum(row[i] * row[j] for row in design) for j in range(3)] for i in range(3)]
    solutions = []
    for axis in range(2):
        right = [
            sum(row[i] * target[axis] for row, target in zip(design, targets, strict=True))
            for i in range(3)
        ]
        solutions.append(_solve3(normal, right))
    (a, b, c), (d, e, f) = solutions
    return Affine(a, b, c, d, e, f)


def _solve3(matrix: list[list[float]], right: list[float]) -> tuple[float, float, float]:
    """Solve a 3×3 linear system by Gaussian elimination with partial pivoting."""
    rows = [list(matrix[i]) + [right[i]] for i in range(3)]
    for column in range(3):
        pivot = max(range(column, 3), key=lambda row: abs(rows[row][column]))
        if abs(rows[pivot][column]) < 1e-12:
            raise ValueError("the anchor points are collinear; the fit is undetermined")
        rows[column], rows[pivot] = rows[pivot], rows[column]
        for row in range(3):
            if row != column:
                factor = rows[row][column] / rows[column][column]
                rows[row] = [
                    value - factor * pivot_value
                    for value, pivot_value in zip(rows[row], rows[column], strict=True)
                ]
    return (rows[0][3] / rows[0][0], rows[1][3] / rows[1][1], rows[2][3] / rows[2][2])


@dataclass(frozen=True)
class MapProjection:
    """The whole chain from theatre lon/lat to a game's map pixels."""

    conic: LambertConformalConic
    affine: Affine

    def pixel(self, longitude: float, latitude: float) -> tuple[float, float]:
        """The map pixel of a theatre point."""
        return self.affine.apply(*self.conic.project(longitude, latitude))
