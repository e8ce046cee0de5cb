"""Hex lattice geometry: positions, distance, neighbours, ranges, lines, hexsides, corners.

One lattice per VASSAL map. A :class:`Hex` is given in VASSAL's raw offset coordinates
of that lattice: ``column`` and ``row`` as VASSAL's ``HexGrid`` counts them, with odd
columns half a hex toward larger rows ("odd-q" in Red Blob Games' terms). Keeping VASSAL's
own raw indices as the canonical form means the art, the module's grid and the referee
can never disagree about which hex is which; printed numbers (``N3635``) are only labels
on top (see :mod:`rules.hexgrid`).

Whether the grid is drawn ``sideways`` (pointy-topped rows) or not changes only where a
hex is drawn, never which hexes touch, so nothing here knows about pixels.

Everything is a pure function of its arguments; hexes and hexsides are small frozen values
usable as dict keys and sortable, so iteration order is always reproducible.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple


class Hex(NamedTuple):
    """A hex of one map's lattice, in VASSAL raw offset coordinates (odd columns lower).

    A named tuple rather than a dataclass: searches hash and compare hexes hundreds of
    thousands of times a check, and a tuple does both in C, a dataclass in Python.
    """

    column: int
    row: int

    def __str__(self) -> str:
        return f"({self.column},{self.row})"


class Cube(NamedTuple):
    """Cube coordinates (q + r + s == 0), where distance and lines are simple arithmetic."""

    q: int
    r: int
    s: int


# The six neighbour steps in cube coordinates, clockwise, starting with the step toward
# the smaller row in the same column ("up" on a non-sideways board).
CUBE_DIRECTIONS: tuple[Cube, ...] = (
    Cube(0, -1, 1),
    Cube(1, -1, 0),
    Cube(1, 0, -1),
    Cube(0, 1, -1),
    Cube(-1, 1, 0),
    Cube(-1, 0, 1),
)


def to_cube(hex_: Hex) -> Cube:
    """Cube coordinates of an odd-q offset hex."""
    q = hex_.column
    r = hex_.row - (hex_.column - (hex_.column & 1)) // 2
    return Cube(q, r, -q - r)


def from_cube(cube: Cube) -> Hex:
    """The odd-q offset hex at cube coordinates ``cube``."""
    if cube.q + cube.r + cube.s != 0:
        raise ValueError(f"not a cube coordinate: {cube}")
    return Hex(cube.q, cube.r + (cube.q - (cube.q & 1)) // 2)


def distance(a: Hex, b: Hex) -> int:
    """Hexes stepped over to go from ``a`` to ``b``: ``a`` not counted, ``b`` counted.

    That is the convention the rules use when they say "4018 is 4 hexes from 3720
    (3720 itself not counted)".
    """
    ca, cb = to_cube(a), to_cube(b)
    return max(abs(ca.q - cb.q), abs(ca.r - cb.r), abs(ca.s - cb.s))


def neighbour(hex_: Hex, direction: int) -> Hex:
    """The hex one step from ``hex_`` in ``direction`` (0–5, see :data:`CUBE_DIRECTIONS`)."""
    cube, step = to_cube(hex_), CUBE_DIRECTIONS[direction % 6]
    return from_cube(Cube(cube.q + step.q, cube.r + step.r, cube.s + step.s))


def _neighbour_steps(column: int) -> tuple[tuple[int, int], ...]:
    """The six (column, row) steps to a hex's neighbours, which depend only on whether
    its column is odd."""
    origin = Hex(column, 0)
    return tuple(
        (found.column - column, found.row)
        for found in (neighbour(origin, direction) for direction in range(6))
    )


_NEIGHBOUR_STEPS = (_neighbour_steps(0), _neighbour_steps(1))
"""Steps for even and odd columns, worked out once from :func:`neighbour`."""

_new_hex = tuple.__new__
"""Makes a :class:`Hex` of a (column, row) pair of whole numbers as the named tuple's own
``_make`` does, without its argument handling: twice as fast where a search steps into
thousands of hexes."""


@lru_cache(maxsize=1 << 16)
def neighbours(hex_: Hex) -> tuple[Hex, ...]:
    """The six adjacent hexes, clockwise from the one toward the smaller row.

    Cached, and stepped by offsets rather than through cube coordinates: supply searches
    ask for the same few thousand map hexes many times over, in every run.
    """
    column, row = hex_
    return tuple(
        [
            _new_hex(Hex, (column + step_column, row + step_row))
            for step_column, step_row in _NEIGHBOUR_STEPS[column & 1]
        ]
    )


def direction_between(a: Hex, b: Hex) -> int:
    """The direction (0–5) of the step from ``a`` to its neighbour ``b``."""
    for direction in range(6):
        if neighbour(a, direction) == b:
            return direction
    raise ValueError(f"{a} and {b} are not adjacent")


def are_adjacent(a: Hex, b: Hex) -> bool:
    """True when ``a`` and ``b`` share a hexside."""
    return distance(a, b) == 1


def ring(center: Hex, radius: int) -> list[Hex]:
    """The hexes exactly ``radius`` steps from ``center``, in clockwise order."""
    if radius < 0:
        raise ValueError("radius must not be negative")
    if radius == 0:
        return [center]
    cube = to_cube(center)
    start = CUBE_DIRECTIONS[4]
    walker = from_cube(
        Cube(cube.q + start.q * radius, cube.r + start.r * radius, cube.s + start.s * radius)
    )
    result: list[Hex] = []
    for direction in range(6):
        for _ in range(radius):
            result.append(walker)
            walker = neighbour(walker, direction)
    return result


def within(center: Hex, radius: int) -> list[Hex]:
    """Every hex at most ``radius`` steps from ``center`` (center included), ring by ring."""
    return [hex_ for step in range(radius + 1) for hex_ in ring(center, step)]


def line(a: Hex, b: Hex) -> list[Hex]:
    """The hexes a straight line from ``a``'s centre to ``b``'s centre passes, both ends included.

    Centres are nudged by a tiny constant so a line running exactly along a hexside picks
    the same side every time, which keeps the result reproducible.
    """
    steps = distance(a, b)
    ca, cb = to_cube(a), to_cube(b)
    nudge = (1e-6, 2e-6, -3e-6)
    result: list[Hex] = []
    for step in range(steps + 1):
        t = step / steps if steps else 0.0
        q = ca.q + nudge[0] + (cb.q - ca.q) * t
        r = ca.r + nudge[1] + (cb.r - ca.r) * t
        s = ca.s + nudge[2] + (cb.s - ca.s) * t
        result.append(from_cube(_round_cube(q, r, s)))
    return result


def _round_cube(q: float, r: float, s: float) -> Cube:
    """The cube hex containing a fractional cube point."""
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    else:
        rs = -rq - rr
    return Cube(rq, rr, rs)


@dataclass(frozen=True, order=True, slots=True)
class HexSide:
    """The edge between two adjacent hexes: one value however it is named.

    Rivers, fortified lines and the Volga lie on hexsides, so a hexside is a value of its
    own; ``first < second`` always, so the side between A and B equals the one between
    B and A.
    """

    first: Hex
    second: Hex

    def __post_init__(self) -> None:
        if not self.first < self.second:
            raise ValueError("HexSide needs first < second; use hexside(a, b)")
        if not are_adjacent(self.first, self.second):
            raise ValueError(f"{self.first} and {self.second} are not adjacent")

    @property
    def hexes(self) -> tuple[Hex, Hex]:
        """The two hexes that share this side."""
        return (self.first, self.second)

    def other(self, hex_: Hex) -> Hex:
        """The hex across this side from ``hex_``."""
        if hex_ == self.first:
            return self.second
        if hex_ == self.second:
            return self.first
        raise ValueError(f"{hex_} is not on this hexside")

    def corners(self) -> tuple[HexCorner, HexCorner]:
        """The two corners at the ends of this side."""
        direction = direction_between(self.first, self.second)
        return (
            hexcorner(self.first, self.second, neighbour(self.first, direction - 1)),
            hexcorner(self.first, self.second, neighbour(self.first, direction + 1)),
        )


def hexside(a: Hex, b: Hex) -> HexSide:
    """The side shared by adjacent hexes ``a`` and ``b``, in either order."""
    return HexSide(a, b) if a < b else HexSide(b, a)


def hexsides(hex_: Hex) -> tuple[HexSide, ...]:
    """The six sides of ``hex_``, clockwise from the one toward the smaller row."""
    return tuple(hexside(hex_, other) for other in neighbours(hex_))


@dataclass(frozen=True, order=True, slots=True)
class HexCorner:
    """A point where three hexes meet, named by those hexes in sorted order.

    Rules describe where hexside features end by their corners ("the N4111/N4211/N4212
    corner"), and chains of hexsides meet at corners.
    """

    first: Hex
    second: Hex
    third: Hex

    def __post_init__(self) -> None:
        if not self.first < self.second < self.third:
            raise ValueError("HexCorner needs sorted hexes; use hexcorner(a, b, c)")
        if not (
            are_adjacent(self.first, self.second)
            and are_adjacent(self.second, self.third)
            and are_adjacent(self.first, self.third)
        ):
            raise ValueError("the three hexes of a corner must touch each other")

    @property
    def hexes(self) -> tuple[Hex, Hex, Hex]:
        """The three hexes meeting at this corner."""
        return (self.first, self.second, self.third)

    def sides(self) -> tuple[HexSide, HexSide, HexSide]:
        """The three hexsides that meet at this corner."""
        return (
            hexside(self.first, self.second),
            hexside(self.second, self.third),
            hexside(self.first, self.third),
        )


def hexcorner(a: Hex, b: Hex, c: Hex) -> HexCorner:
    """The corner where the mutually adjacent hexes ``a``, ``b`` and ``c`` meet."""
    first, second, third = sorted((a, b, c))
    return HexCorner(first, second, third)


def hexcorners(hex_: Hex) -> tuple[HexCorner, ...]:
    """The six corners of ``hex_``, clockwise."""
    around = neighbours(hex_)
    return tuple(hexcorner(hex_, around[i], around[(i + 1) % 6]) for i in range(6))


def iter_rectangle(columns: range, rows: range) -> Iterator[Hex]:
    """Every hex of a rectangular block of the lattice, column by column."""
    for column in columns:
        for row in rows:
            yield Hex(column, row)
