"""Invariants of the hex lattice, checked on generated hexes."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st

from rules.hexes import (
    Hex,
    are_adjacent,
    distance,
    from_cube,
    hexcorner,
    hexcorners,
    hexside,
    hexsides,
    line,
    neighbour,
    neighbours,
    ring,
    to_cube,
    within,
)

coordinates = st.integers(min_value=-60, max_value=60)
hexes = st.builds(Hex, coordinates, coordinates)


@given(hexes)
def test_cube_round_trip(hex_: Hex) -> None:
    cube = to_cube(hex_)
    assert cube.q + cube.r + cube.s == 0
    assert from_cube(cube) == hex_


@given(hexes, hexes)
def test_distance_is_symmetric_and_zero_only_on_itself(a: Hex, b: Hex) -> None:
    assert distance(a, b) == distance(b, a)
    assert (distance(a, b) == 0) == (a == b)


@given(hexes, hexes, hexes)
def test_triangle_inequality(a: Hex, b: Hex, c: Hex) -> None:
    assert distance(a, c) <= distance(a, b) + distance(b, c)


@given(hexes)
def test_six_distinct_neighbours_at_distance_one(hex_: Hex) -> None:
    around = neighbours(hex_)
    assert len(set(around)) == 6
    assert all(distance(hex_, other) == 1 and are_adjacent(other, hex_) for other in around)
    assert all(hex_ in neighbours(other) for other in around)


@given(hexes)
def test_neighbours_are_the_six_directions_in_order(hex_: Hex) -> None:
    # neighbours steps by table, neighbour through cube coordinates: the two must agree.
    assert neighbours(hex_) == tuple(neighbour(hex_, direction) for direction in range(6))


def test_odd_columns_sit_toward_larger_rows() -> None:
    """VASSAL's raw lattice: an odd column's neighbours in the even columns are rows r and r+1."""
    assert set(neighbours(Hex(1, 5))) == {
        Hex(1, 4),
        Hex(1, 6),
        Hex(0, 5),
        Hex(0, 6),
        Hex(2, 5),
        Hex(2, 6),
    }
    assert set(neighbours(Hex(2, 5))) == {
        Hex(2, 4),
        Hex(2, 6),
        Hex(1, 4),
        Hex(1, 5),
        Hex(3, 4),
        Hex(3, 5),
    }


@given(hexes)
def test_each_hexside_is_shared_by_exactly_two_hexes(hex_: Hex) -> None:
    region = within(hex_, 2)
    counts = Counter(side for member in region for side in hexsides(member))
    inner = within(hex_, 1)
    for member in inner:
        for side in hexsides(member):
            assert counts[side] == 2
            assert member in side.hexes and side.other(member) in neighbours(member)
    assert len(set(hexsides(hex_))) == 6


@given(hexes)
def test_hexside_is_the_same_value_from_both_sides(hex_: Hex) -> None:
    for other in neighbours(hex_):
        assert hexside(hex_, other) == hexside(other, hex_)
        assert hexside(hex_, other) in hexsides(other)


@given(hexes)
def test_corners_are_shared_by_three_hexes(hex_: Hex) -> None:
    corners = hexcorners(hex_)
    assert len(set(corners)) == 6
    for corner in corners:
        assert all(corner in hexcorners(member) for member in corner.hexes)
        assert all(corner in side.corners() for side in corner.sides())
    assert hexcorner(*reversed(corners[0].hexes)) == corners[0]


@given(hexes, st.integers(min_value=0, max_value=8))
def test_ring_and_range_sizes(hex_: Hex, radius: int) -> None:
    assert len(ring(hex_, radius)) == (6 * radius if radius else 1)
    assert all(distance(hex_, member) == radius for member in ring(hex_, radius))
    assert len(set(within(hex_, radius))) == 3 * radius * (radius + 1) + 1


@given(hexes, hexes)
def test_line_is_a_chain_of_adjacent_hexes(a: Hex, b: Hex) -> None:
    path = line(a, b)
    assert path[0] == a and path[-1] == b
    assert len(path) == distance(a, b) + 1
    assert all(are_adjacent(first, second) for first, second in pairwise(path))
