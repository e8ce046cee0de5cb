"""A terrain draft read from a board's picture: the colour under each hex and along each
hexside, grouped into classes for a designer to name and give effects.

Nothing here knows what terrain is. Each hex's colour is the commonest colour of a disc
around its centre, leaving out the dark ink of lines, numbers and symbols; hexes whose
colours lie close together form a class, named after the nearest plain colour name. A
hexside has a feature when much of a band along its middle is neither hex's colour (a
river drawn blue, a ridge drawn brown, a wall drawn in ink); features of close colours
form a class too. Every class says the colour it came from, and every value is a draft.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from PIL import Image

from rules.hexes import Hex, HexSide, hexside, neighbours
from rules.hexgrid import Board

Colour = tuple[int, int, int]

CLOSE = 48.0
"""RGB distance within which two colours are one class (of 441 from black to white)."""
INK = 70
"""A pixel whose brightest channel is below this is ink (lines, text), not terrain."""
COLOUR_SHARE = 0.25
"""The share of a hexside's band in a colour of its own (neither hex's, not ink) that
makes a feature: a river or a ridge line."""
INK_SHARE = 0.6
"""The share of a hexside's band that is not either hex's colour, ink included, that
makes a feature drawn in ink (a wall, a dashed border); the hex outline drawn along every
hexside takes a fifth of the band."""
SAMPLES = 15
"""Sample points across a hex's disc (squared) or along a hexside band, whatever the hex's size."""

NAMED_COLOURS: dict[str, Colour] = {
    "white": (250, 250, 250),
    "light grey": (200, 200, 200),
    "grey": (128, 128, 128),
    "black": (20, 20, 20),
    "red": (200, 40, 40),
    "dark red": (120, 20, 20),
    "orange": (230, 130, 40),
    "brown": (130, 85, 45),
    "light brown": (175, 135, 95),
    "tan": (210, 180, 130),
    "sand": (235, 215, 160),
    "yellow": (240, 220, 60),
    "olive": (130, 130, 50),
    "light green": (150, 210, 120),
    "green": (60, 150, 60),
    "dark green": (30, 90, 40),
    "cyan": (80, 200, 210),
    "light blue": (130, 190, 240),
    "blue": (40, 100, 210),
    "navy": (25, 40, 110),
    "purple": (120, 60, 150),
    "pink": (235, 150, 180),
}
"""Plain names to call a class by; a designer renames it as the game's terrain."""


@dataclass(frozen=True)
class ColourClass:
    """Hexes (or hexsides) of close colours: ``colour`` is their mean, ``members`` how many."""

    id: str
    plain_name: str
    colour: Colour
    members: int

    @property
    def hex_code(self) -> str:
        return hex_code(self.colour)


@dataclass(frozen=True)
class TerrainDraft:
    """Each hex's class and sampled colour; each hexside feature's class and colour."""

    hex_classes: tuple[ColourClass, ...]
    hexes: dict[Hex, tuple[str, Colour]]
    side_classes: tuple[ColourClass, ...]
    sides: dict[HexSide, tuple[str, Colour]]


def hex_code(colour: Colour) -> str:
    return "#{:02x}{:02x}{:02x}".format(*colour)


def _distance(a: Colour, b: Colour) -> float:
    return math.dist(a, b)


def _is_ink(colour: Colour) -> bool:
    return max(colour) < INK


def _commonest(pixels: Iterable[Colour]) -> Colour | None:
    """The mean of the commonest coarse colour among ``pixels`` that are not ink."""
    bins: dict[tuple[int, int, int], list[Colour]] = {}
    for pixel in pixels:
        if not _is_ink(pixel):
            bins.setdefault((pixel[0] >> 5, pixel[1] >> 5, pixel[2] >> 5), []).append(pixel)
    if not bins:
        return None
    members = max(bins.values(), key=len)
    return (
        round(sum(pixel[0] for pixel in members) / len(members)),
        round(sum(pixel[1] for pixel in members) / len(members)),
        round(sum(pixel[2] for pixel in members) / len(members)),
    )


class _Picture:
    """A picture's pixels read directly (``Image.load``), which ``getpixel`` would look
    up one call at a time."""

    def __init__(self, image: Image.Image) -> None:
        self.width, self.height = image.size
        access = image.load()
        assert access is not None
        self._access = access

    def pixel(self, x: float, y: float) -> Colour | None:
        ix, iy = int(x), int(y)
        if 0 <= ix < self.width and 0 <= iy < self.height:
            value = self._access[ix, iy]
            assert isinstance(value, tuple)
            return (int(value[0]), int(value[1]), int(value[2]))
        return None


def _disc(image: _Picture, centre: tuple[float, float], radius: float) -> list[Colour]:
    step = 2 * radius / (SAMPLES - 1)
    found = []
    for i in range(SAMPLES):
        for j in range(SAMPLES):
            dx, dy = -radius + i * step, -radius + j * step
            if dx * dx + dy * dy <= radius * radius:
                pixel = image.pixel(centre[0] + dx, centre[1] + dy)
                if pixel is not None:
                    found.append(pixel)
    return found


def _classes(colours: Sequence[Colour], prefix: str) -> tuple[tuple[ColourClass, ...], list[int]]:
    """Greedy classes of close colours, the commonest first; each colour's class index."""
    counted = Counter(colours)
    centres: list[list[Colour]] = []
    index_of: dict[Colour, int] = {}
    for colour, _ in counted.most_common():
        best = min(
            range(len(centres)),
            key=lambda index: _distance(_mean(centres[index]), colour),
            default=None,
        )
        if best is not None and _distance(_mean(centres[best]), colour) <= CLOSE:
            centres[best].append(colour)
            index_of[colour] = best
        else:
            index_of[colour] = len(centres)
            centres.append([colour])
    members = [0] * len(centres)
    means = []
    for index in range(len(centres)):
        weighted = [colour for colour in colours if index_of[colour] == index]
        members[index] = len(weighted)
        means.append(_mean(weighted))
    order = sorted(range(len(centres)), key=lambda index: (-members[index], means[index]))
    used: Counter[str] = Counter()
    classes: list[ColourClass] = []
    renumber = {}
    for new_index, old in enumerate(order):
        plain = plain_name(means[old])
        used[plain] += 1
        suffix = "" if used[plain] == 1 else f"_{used[plain]}"
        classes.append(
            ColourClass(
                id=f"{prefix}{plain.replace(' ', '_')}{suffix}",
                plain_name=plain,
                colour=means[old],
                members=members[old],
            )
        )
        renumber[old] = new_index
    return tuple(classes), [renumber[index_of[colour]] for colour in colours]


def _mean(colours: Sequence[Colour]) -> Colour:
    return (
        round(sum(colour[0] for colour in colours) / len(colours)),
        round(sum(colour[1] for colour in colours) / len(colours)),
        round(sum(colour[2] for colour in colours) / len(colours)),
    )


def plain_name(colour: Colour) -> str:
    """The nearest of :data:`NAMED_COLOURS`."""
    return min(NAMED_COLOURS, key=lambda name: _distance(NAMED_COLOURS[name], colour))


def _side_band(
    image: _Picture,
    a: tuple[float, float],
    b: tuple[float, float],
    half_length: float,
    width: float,
) -> list[Colour]:
    """Pixels of a band along the middle of the hexside between centres ``a`` and ``b``."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    length = math.dist(a, b) or 1.0
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    vx, vy = -uy, ux
    found = []
    for i in range(SAMPLES):
        along = (-0.6 + 1.2 * i / (SAMPLES - 1)) * half_length
        for j in range(5):
            across = (-1 + j / 2) * width
            pixel = image.pixel(mx + vx * along + ux * across, my + vy * along + uy * across)
            if pixel is not None:
                found.append(pixel)
    return found


def draft_terrain(
    image: Image.Image, board: Board, in_play: Iterable[tuple[int, int]]
) -> TerrainDraft:
    """The colour classes of ``board``'s hexes in play and of its hexside features, read
    from ``image`` (the board's own picture, RGB)."""
    grid = board.grid
    picture = _Picture(image)
    radius = 0.3 * min(grid.dx, grid.dy)
    hexes = sorted(Hex(column, row) for column, row in in_play)
    sampled: dict[Hex, Colour] = {}
    for hex_ in hexes:
        colour = _commonest(_disc(picture, grid.centre(hex_.column, hex_.row), radius))
        sampled[hex_] = colour if colour is not None else (0, 0, 0)
    hex_classes, indices = _classes([sampled[hex_] for hex_ in hexes], "")
    classified = {
        hex_: (hex_classes[index].id, sampled[hex_])
        for hex_, index in zip(hexes, indices, strict=True)
    }
    playing = set(hexes)
    features: dict[HexSide, Colour] = {}
    half_length = min(grid.dx, grid.dy) / 2 / math.sqrt(3) * 1.0
    width = max(1.0, 0.06 * min(grid.dx, grid.dy))
    for hex_ in hexes:
        for other in neighbours(hex_):
            if other not in playing or other < hex_:
                continue
            band = _side_band(
                picture,
                grid.centre(hex_.column, hex_.row),
                grid.centre(other.column, other.row),
                half_length,
                width,
            )
            fills = (sampled[hex_], sampled[other])
            own = [pixel for pixel in band if all(_distance(pixel, fill) > CLOSE for fill in fills)]
            coloured = [pixel for pixel in own if not _is_ink(pixel)]
            if band and (
                len(coloured) >= COLOUR_SHARE * len(band) or len(own) >= INK_SHARE * len(band)
            ):
                colour = _commonest(coloured) if len(coloured) >= 0.1 * len(band) else None
                features[hexside(hex_, other)] = colour if colour is not None else _mean(own)
    sides = sorted(features)
    side_classes, side_indices = _classes([features[side] for side in sides], "hexside_")
    return TerrainDraft(
        hex_classes=hex_classes,
        hexes=classified,
        side_classes=side_classes,
        sides={
            side: (side_classes[index].id, features[side])
            for side, index in zip(sides, side_indices, strict=True)
        },
    )
