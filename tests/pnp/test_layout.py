"""Sheet geometry: counters fit inside the margins, backs mirror fronts for duplex, map
tiles cover the image with the overlap asked for."""

from __future__ import annotations

import pytest

from builder.pnp.layout import (
    MARGIN_MM,
    POINTS_PER_INCH,
    POINTS_PER_MM,
    LayoutError,
    counter_sheet,
    map_tiles,
    paper_size,
)


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("inches", [0.5, 0.625, 0.75])
def test_grid_fits_inside_the_margins(paper: str, inches: float) -> None:
    sheet = counter_sheet(paper, inches)
    width, height = paper_size(paper)
    grid = sheet.grid()
    margin = MARGIN_MM * POINTS_PER_MM
    assert grid.x >= margin - 1e-9 and grid.right <= width - margin + 1e-9
    assert grid.y >= margin - 1e-9 and grid.top <= height - margin + 1e-9
    assert sheet.front_box(0).width == pytest.approx(inches * POINTS_PER_INCH)
    boxes = [sheet.front_box(index) for index in range(sheet.per_page)]
    assert all(grid.x < box.x and box.right < grid.right and grid.y < box.y and box.top < grid.top for box in boxes)
    assert sheet.front_box(1).x - sheet.front_box(0).right == pytest.approx(2 * sheet.bleed)


def test_a4_counts() -> None:
    assert (counter_sheet("a4", 0.5).columns, counter_sheet("a4", 0.5).rows) == (12, 18)
    assert counter_sheet("letter", 0.75).per_page == 9 * 12


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_backs_mirror_fronts(paper: str) -> None:
    sheet = counter_sheet(paper, 0.625)
    for index in range(sheet.per_page):
        front, back = sheet.front_box(index), sheet.back_box(index)
        assert back.y == front.y
        assert back.x + back.width / 2 == pytest.approx(sheet.page_width - (front.x + front.width / 2))
    first_row = [sheet.back_box(column) for column in range(sheet.columns)]
    assert [box.x for box in first_row] == sorted((box.x for box in first_row), reverse=True)
    assert sheet.back_box(0).right == pytest.approx(sheet.front_box(sheet.columns - 1).right)


def test_back_offset_moves_every_back() -> None:
    sheet = counter_sheet("a4", 0.5)
    moved = sheet.back_box(5, offset_x_mm=1.0, offset_y_mm=-0.5)
    plain = sheet.back_box(5)
    assert moved.x - plain.x == pytest.approx(POINTS_PER_MM)
    assert moved.y - plain.y == pytest.approx(-0.5 * POINTS_PER_MM)


def test_cut_lines_are_every_counter_edge() -> None:
    sheet = counter_sheet("letter", 0.75)
    assert len(sheet.cut_lines_x()) == 2 * sheet.columns
    assert len(sheet.cut_lines_y()) == 2 * sheet.rows


def test_bad_options() -> None:
    with pytest.raises(LayoutError, match="unknown paper 'a3'"):
        counter_sheet("a3", 0.5)
    with pytest.raises(LayoutError, match="does not fit"):
        counter_sheet("a4", 12.0)


def test_map_tiles_cover_the_image_with_overlap() -> None:
    tiles = map_tiles(5000, 4000, 150, "a4", overlap_mm=10)
    overlap = round(10 * POINTS_PER_MM * 150 / POINTS_PER_INCH)
    for tile in tiles:
        left, top, right, bottom = tile.source
        assert tile.placed.width == pytest.approx((right - left) / 150 * POINTS_PER_INCH)
        assert tile.placed.height == pytest.approx((bottom - top) / 150 * POINTS_PER_INCH)
    assert {tile.source[0] for tile in tiles if tile.column == 0} == {0}
    assert {tile.source[1] for tile in tiles if tile.row == 0} == {0}
    first_row = sorted((tile for tile in tiles if tile.row == 0), key=lambda tile: tile.column)
    for left_tile, right_tile in zip(first_row, first_row[1:]):
        assert left_tile.source[2] - right_tile.source[0] == overlap
    first_column = sorted((tile for tile in tiles if tile.column == 0), key=lambda tile: tile.row)
    for upper, lower in zip(first_column, first_column[1:]):
        assert upper.source[3] - lower.source[1] == overlap
    assert max(tile.source[2] for tile in tiles) == 5000 and max(tile.source[3] for tile in tiles) == 4000
