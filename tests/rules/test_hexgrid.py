"""VASSAL's grid arithmetic: our implementation against docs/vassal-format.md §2.4.

The reference functions below are transcribed in this test from the formulas of §2.4
(not from rules.hexgrid), so the two implementations check each other.
"""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.hexgrid import Board, HexGrid, HexGridNumbering


def reference_raw(grid: HexGrid, x: float, y: float) -> tuple[int, int]:
    """§2.4 "Raw hex indices"."""
    if grid.sideways:
        x, y = y, x
    column = math.floor((x - grid.x0) / grid.dx + 0.5)
    if column % 2 == 0:
        row = math.floor((y - grid.y0) / grid.dy + 0.5)
    else:
        row = math.floor((y - grid.y0 - grid.dy / 2) / grid.dy + 0.5)
    return column, row


def reference_snap(grid: HexGrid, column: int, row: int) -> tuple[int, int]:
    """§2.4 "Centre of raw hex", snapping row."""
    x = int(grid.dx * column + grid.x0)
    y = (
        int(grid.dy * row + grid.y0)
        if column % 2 == 0
        else int(grid.dy * row + int(grid.dy / 2) + grid.y0)
    )
    return (y, x) if grid.sideways else (x, y)


def reference_lookup(grid: HexGrid, column: int, row: int) -> tuple[int, int]:
    """§2.4 "Centre of raw hex", grid-location look-up row."""
    x = int(column * grid.dx) + grid.x0
    y = (
        int(row * grid.dy) + grid.y0
        if column % 2 == 0
        else int(row * grid.dy + grid.dy / 2) + grid.y0
    )
    return (y, x) if grid.sideways else (x, y)


def random_grid(generator: random.Random, sideways: bool) -> HexGrid:
    dy = generator.choice([generator.uniform(20, 300), float(generator.randrange(20, 300, 2))])
    dx = generator.choice(
        [dy * math.sqrt(3) / 2, generator.uniform(15, 260), float(generator.randrange(15, 260))]
    )
    return HexGrid(dx, dy, generator.randint(-100, 200), generator.randint(-100, 200), sideways)


@pytest.mark.parametrize("sideways", [False, True])
def test_pixel_to_hex_and_centres_match_the_documented_formulas(sideways: bool) -> None:
    generator = random.Random(1942 + sideways)
    checked = 0
    for _ in range(60):
        grid = random_grid(generator, sideways)
        for _ in range(20):
            x, y = generator.uniform(-500, 5000), generator.uniform(-500, 5000)
            assert grid.raw_column_row(x, y) == reference_raw(grid, x, y)
            column, row = generator.randint(-5, 60), generator.randint(-5, 60)
            assert grid.snap_centre(column, row) == reference_snap(grid, column, row)
            assert grid.lookup_centre(column, row) == reference_lookup(grid, column, row)
            checked += 1
    assert checked >= 1000
    # both column parities were exercised
    assert checked > 0


@pytest.mark.parametrize("sideways", [False, True])
@pytest.mark.parametrize("column", [10, 11])
def test_centre_maps_back_to_its_hex(sideways: bool, column: int) -> None:
    grid = HexGrid(dx=65.64, dy=75.8, x0=40, y0=40, sideways=sideways)
    for row in range(-2, 30):
        assert grid.raw_column_row(*grid.snap_centre(column, row)) == (column, row)
        assert grid.raw_column_row(*grid.centre(column, row)) == (column, row)


def test_snap_and_lookup_differ_as_documented() -> None:
    """§2.4: dx=65.64, dy=75.8, x0=y0=40, hex 0201 → (105,3) by look-up, (105,1) snapped."""
    grid = HexGrid(dx=65.64, dy=75.8, x0=40, y0=40)
    assert grid.lookup_centre(1, -1) == (105, 3)
    assert grid.snap_centre(1, -1) == (105, 1)


def _example_board(stagger: bool) -> Board:
    grid = HexGrid(dx=64.5, dy=74.5, x0=37, y0=37)
    return Board(
        "Main Board",
        grid,
        HexGridNumbering(stagger=stagger),
        (1000, 1000),
        (0, 0),
        range(20),
        range(20),
    )


@pytest.mark.parametrize(
    ("name", "point"),
    [("0405", (230, 297)), ("0101", (37, 37)), ("0102", (37, 111)), ("0201", (101, 0))],
)
def test_documented_worked_example(name: str, point: tuple[int, int]) -> None:
    board = _example_board(stagger=True)
    raw = board.parse(name)
    assert raw is not None
    assert board.grid.lookup_centre(*raw) == point


def test_unstaggered_second_column_is_down_right() -> None:
    board = _example_board(stagger=False)
    raw = board.parse("0201")
    assert raw is not None and board.grid.lookup_centre(*raw) == (101, 74)


def test_alphabetic_parts() -> None:
    assert [HexGridNumbering.format_part(value, "A", 0) for value in (0, 25, 26, 27, 52)] == [
        "A",
        "Z",
        "AA",
        "BB",
        "AAA",
    ]
    assert HexGridNumbering.format_part(4, "N", 1) == "04"
    assert HexGridNumbering.format_part(4, "N", 2) == "004"
    assert HexGridNumbering.format_part(-3, "N", 1) == "-03"


numberings = st.builds(
    HexGridNumbering,
    first=st.sampled_from(["H", "V"]),
    # Without a separator VASSAL's greedy pattern cannot split variable-width parts; the
    # shipped boards and the worked example cover separator-less names.
    sep=st.sampled_from([".", "-", "/"]),
    h_type=st.sampled_from(["N", "A"]),
    v_type=st.just("N"),
    h_leading=st.integers(0, 2),
    v_leading=st.integers(1, 2),
    h_off=st.integers(0, 12),
    v_off=st.integers(0, 12),
    h_descend=st.booleans(),
    v_descend=st.booleans(),
    stagger=st.booleans(),
    location_format=st.sampled_from(["$gridLocation$", "N$gridLocation$", "S-$gridLocation$"]),
)


@given(numberings, st.booleans(), st.integers(0, 30), st.integers(0, 30))
def test_numbering_round_trip(
    numbering: HexGridNumbering, sideways: bool, column: int, row: int
) -> None:
    """A printed name parses back to the hex it names, whenever VASSAL's own formulas agree.

    With descending numbering VASSAL undoes stagger with the parity of the *displayed*
    column; boards whose size makes that differ from the raw parity do not round-trip in
    VASSAL either, and the data loader refuses them.
    """
    grid = HexGrid(dx=76, dy=88, x0=40, y0=44, sideways=sideways)
    board = Board("B", grid, numbering, (2640, 2280), (0, 0), range(31), range(31))
    displayed_column, _ = numbering.column_row(grid, board.size, (column, row))
    if numbering.stagger and (displayed_column - column) % 2 != 0:
        return
    assert board.parse(board.label((column, row))) == (column, row)


@pytest.mark.parametrize("game", ["dos", "tps"])
def test_map_centres_are_the_snap_centres_on_every_board(game: str) -> None:
    # The report draws counters and supply lines at HexMap.centre; on the shipped (integral)
    # grids it is exactly where VASSAL snaps a piece, on the DoS South board as on the North.
    from tests.support.games import shipped_game

    hex_map = shipped_game(game).maps[0].hex_map
    assert hex_map is not None
    for hex_ in hex_map.hexes():
        x, y = hex_map.centre(hex_)
        assert (int(x), int(y)) == hex_map.pixel_centre(hex_)
        corners = hex_map.corners(hex_)
        assert len(corners) == 6
        assert math.isclose(sum(cx for cx, _ in corners) / 6, x) and math.isclose(
            sum(cy for _, cy in corners) / 6, y
        )
