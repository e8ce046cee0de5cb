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
    plan_map_tiles,
    paper_size,
)
from builder.pnp.map_pages import OVERLAP_MM, alignment_points, assembly_text, map_artworks
from tests.support.games import shipped_game


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
    assert all(
        grid.x < box.x and box.right < grid.right and grid.y < box.y and box.top < grid.top
        for box in boxes
    )
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
        assert back.x + back.width / 2 == pytest.approx(
            sheet.page_width - (front.x + front.width / 2)
        )
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


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize(
    "size_inches", [(30.1, 21.7), (28.1, 23.9), (28.1, 13.0), (9.0, 5.0), (40.0, 7.0)]
)
def test_map_tiles_are_equal_cover_the_map_and_overlap_exactly(
    paper: str, size_inches: tuple[float, float]
) -> None:
    width, height = (side * POINTS_PER_INCH for side in size_inches)
    plan = plan_map_tiles(width, height, paper, overlap_mm=10)
    overlap = 10 * POINTS_PER_MM
    assert len(plan.tiles) == plan.rows * plan.columns
    assert (
        len({(round(tile.placed.width, 6), round(tile.placed.height, 6)) for tile in plan.tiles})
        == 1
    )
    for tile in plan.tiles:
        left, top, right, bottom = tile.source
        assert tile.placed.width == pytest.approx(
            right - left
        ) and tile.placed.height == pytest.approx(bottom - top)
        assert (
            tile.placed.x >= MARGIN_MM * POINTS_PER_MM - 1e-6
            and tile.placed.right <= plan.page_width - MARGIN_MM * POINTS_PER_MM + 1e-6
        )
        assert tile.placed.y >= MARGIN_MM * POINTS_PER_MM - 1e-6
        assert tile.placed.top <= plan.page_height - MARGIN_MM * POINTS_PER_MM + 1e-6
        right_neighbour = plan.tile(tile.row, tile.column + 1)
        if right_neighbour is not None:
            assert right - right_neighbour.source[0] == pytest.approx(overlap)
        lower = plan.tile(tile.row + 1, tile.column)
        if lower is not None:
            assert bottom - lower.source[1] == pytest.approx(overlap)
    assert plan.tiles[0].source[:2] == (0, 0)
    assert plan.tiles[-1].source[2] == pytest.approx(width) and plan.tiles[-1].source[
        3
    ] == pytest.approx(height)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_map_tiling_takes_the_orientation_with_fewer_pages_and_fills_them(paper: str) -> None:
    # Issue 11: "7 of 15 TPS map pages are slivers". The TPS board prints 30.1 x 21.7 in.
    plan = plan_map_tiles(30.1 * POINTS_PER_INCH, 21.7 * POINTS_PER_INCH, paper)
    assert len(plan.tiles) == 12 and plan.landscape
    assert plan.fill() > 0.7
    small = plan_map_tiles(5 * POINTS_PER_INCH, 4 * POINTS_PER_INCH, paper)
    assert (small.rows, small.columns) == (1, 1)
    names = [tile.name for tile in plan.tiles]
    assert names[: plan.columns + 1] == [f"A{column}" for column in range(1, plan.columns + 1)] + [
        "B1"
    ]


def test_a_map_tile_overlap_must_leave_room() -> None:
    with pytest.raises(LayoutError, match="overlap of 120 mm"):
        plan_map_tiles(2000, 2000, "a4", overlap_mm=120)


def test_alignment_crosses_fall_on_the_same_map_points_of_both_neighbours() -> None:
    plan = plan_map_tiles(28.1 * POINTS_PER_INCH, 23.9 * POINTS_PER_INCH, "a4")
    for tile in plan.tiles:
        points = alignment_points(plan, tile)
        left, top, right, bottom = tile.source
        assert all(left < x < right and top < y < bottom for x, y in points)
        for row, column in ((tile.row, tile.column + 1), (tile.row + 1, tile.column)):
            neighbour = plan.tile(row, column)
            if neighbour is None:
                continue
            shared = set(points) & set(alignment_points(plan, neighbour))
            assert len(shared) == 3, (tile.name, neighbour.name)
            strip = (
                max(left, neighbour.source[0]),
                max(top, neighbour.source[1]),
                min(right, neighbour.source[2]),
                min(bottom, neighbour.source[3]),
            )
            assert all(strip[0] <= x <= strip[2] and strip[1] <= y <= strip[3] for x, y in shared)


def test_both_dos_assembly_pages_say_how_north_and_south_join() -> None:
    # Issue 21 item 9, read off the boards' placement and the map's aliases: the South
    # board starts where the North ends, and its first row (S10) is the North's last.
    game = shipped_game("dos")
    artworks = {artwork.name: artwork for artwork in map_artworks(game, 0.5)}
    for name, edge, other in (("North map", "bottom", "South"), ("South map", "top", "North")):
        artwork = artworks[name]
        plan = plan_map_tiles(artwork.width, artwork.height, "a4", OVERLAP_MM)
        text = assembly_text(artwork, plan)
        assert (
            f"The {other} map joins this map's {edge} edge, edge to edge: nothing overlaps" in text
        )
        assert (
            "The South map's hexes S1011-S1044 are the North map's N4211-N4244, printed only on the North map."
            in text
        )
    assert all(not artwork.joins for artwork in map_artworks(shipped_game("tps"), 0.5))
