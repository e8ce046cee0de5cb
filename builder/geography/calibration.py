"""The affine step of a game's projection: fitted to rule anchors, or framed by hand.

Drive on Stalingrad names a dozen towns by hex, so its map is fitted to them by least
squares and the residuals say how well real geography and the printed hexes agree.
Turning Point: Stalingrad names none, so its board is framed: a scale from the hex size,
no rotation, and one hex pinned to a real place.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from builder.geography.config import Anchor, Framing, Geography
from builder.geography.lattice import Lattice, Point
from builder.geography.projection import Affine, MapProjection, fit_affine


@dataclass(frozen=True)
class Residual:
    """How far an anchor's real place lands from the centroid of its rule hexes."""

    anchor: Anchor
    target: Point
    projected: Point
    hexes: float


@dataclass(frozen=True)
class Calibration:
    """The projection a game uses and, for a fitted map, the residuals of its anchors."""

    projection: MapProjection
    residuals: tuple[Residual, ...]

    @property
    def rms_hexes(self) -> float:
        """Root mean square of the anchor residuals in hexes (0 for a framed map)."""
        if not self.residuals:
            return 0.0
        return math.sqrt(sum(r.hexes**2 for r in self.residuals) / len(self.residuals))


def anchor_target(lattice: Lattice, anchor: Anchor) -> Point:
    """The centroid of an anchor's hex centres, in map pixels."""
    centres = [lattice.centre(hex_) for hex_ in anchor.hexes]
    return sum(c[0] for c in centres) / len(centres), sum(c[1] for c in centres) / len(centres)


def calibrate(geography: Geography, lattice: Lattice) -> Calibration:
    """Fit (anchors) or frame (framing) the affine step and report residuals."""
    if geography.framing is not None:
        return Calibration(
            MapProjection(geography.conic, framed(geography.framing, geography, lattice)), ()
        )
    points = [geography.conic.project(*anchor.lonlat) for anchor in geography.anchors]
    targets = [anchor_target(lattice, anchor) for anchor in geography.anchors]
    affine = fit_affine(points, targets)
    residuals = []
    for anchor, point, target in zip(geography.anchors, points, targets, strict=True):
        projected = affine.apply(*point)
        distance = math.hypot(projected[0] - target[0], projected[1] - target[1])
        residuals.append(Residual(anchor, target, projected, distance / lattice.pitch))
    return Calibration(MapProjection(geography.conic, affine), tuple(residuals))


def framed(framing: Framing, geography: Geography, lattice: Lattice) -> Affine:
    """The affine of a framed map: hexes of ``km_per_hex`` across flats, ``hex`` on its place.

    Hexes are ``km_per_hex`` apart across flats and rows (or columns) √3/2 of that, each
    axis scaled to its own pixel spacing, so a grid whose dx/dy is not exactly √3/2 still
    keeps every hex at its real size.
    """
    grid = lattice.hex_map.boards[0].grid
    across_flats = framing.km_per_hex
    between_rows = framing.km_per_hex * math.sqrt(3) / 2
    if grid.sideways:
        scale = (grid.dy / across_flats, grid.dx / between_rows)
    else:
        scale = (grid.dx / between_rows, grid.dy / across_flats)
    return Affine.framing(
        scale,
        framing.rotation_degrees,
        geography.conic.project(*framing.lonlat),
        lattice.centre(framing.hex),
    )
