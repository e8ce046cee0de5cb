"""The map legend (issue 10 items 3, 5, 9, 14): off the playable hexes, an entry for
every symbol drawn, the fortified lines told apart, supply rings clear of hex numbers,
town names clear of each other."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageDraw

from builder.art.board import (
    SUPPLY_RADIUS,
    TOWN_LABEL_GAP,
    draw_board,
    town_label_font,
    towns_named_above,
)
from builder.art.board_view import BoardView
from builder.art.fonts import font
from builder.art.legend import legend_entries, place_legend
from builder.art.map_symbols import town_symbol_size
from builder.art.text import overlapping
from tests.support.games import shipped_game


def _hex_box(view: BoardView, hex_: object) -> tuple[float, float, float, float]:
    xs, ys = zip(*view.corners(hex_), strict=True)  # type: ignore[arg-type]
    return min(xs), min(ys), max(xs), max(ys)


@pytest.mark.parametrize("game", ["dos", "tps"])
def test_legend_covers_no_playable_hex_and_no_unit_of_any_setup(game: str) -> None:
    spec = shipped_game(game)
    game_map = spec.maps[0]
    legend = place_legend(spec, game_map)
    view = BoardView(game_map, legend.board_index)
    left, top, right, bottom = legend.box
    covered = set()
    for hex_ in view.visible_hexes():
        box = _hex_box(view, hex_)
        if box[0] < right and left < box[2] and box[1] < bottom and top < box[3]:
            covered.add(hex_)
    assert {game_map.terrain_of(hex_) for hex_ in covered} <= {"sea", "lake"}
    for scenario in spec.scenarios.values():
        for placement in scenario.setup:
            found = spec.parse_hex(placement.location)
            assert found is not None and found[1] not in covered, (scenario.id, placement.unit)


@pytest.mark.parametrize("game", ["dos", "tps"])
def test_every_symbol_drawn_on_the_boards_has_a_legend_entry(game: str) -> None:
    spec = shipped_game(game)
    game_map = spec.maps[0]
    assert game_map.hex_map is not None
    drawn: set[str] = set()
    for index in range(len(game_map.hex_map.boards)):
        drawn |= draw_board(spec, game_map, index)[1]
    keys = {entry.key for entry in legend_entries(spec, game_map)}
    assert drawn <= keys, drawn - keys
    labels = [entry.label for entry in legend_entries(spec, game_map)]
    assert len(labels) == len(set(labels))
    expected = {
        "tps": {
            "rail",
            "town city",
            "town town",
            "supply axis rail",
            "supply soviet rail",
            "mark german_cross",
            "terrain fortified_axis",
            "terrain fortified_soviet",
            "line start_19nov",
        },
        "dos": {
            "line blue_start",
            "line uranus_start",
            "line stalingrad_ring",
            "line impassable_mountain",
            "line don_volga_line",
            "town city",
            "supply soviet ultimate_uranus",
        },
    }[game]
    assert expected <= drawn


def test_fortified_lines_of_the_two_sides_look_different() -> None:
    spec = shipped_game("tps")
    swatches = {entry.key: entry for entry in legend_entries(spec, spec.maps[0])}
    images = []
    for key in ("terrain fortified_axis", "terrain fortified_soviet"):
        image = Image.new("RGB", (60, 30), (255, 255, 255))
        swatches[key].swatch(ImageDraw.Draw(image), (5, 3, 51, 27))
        images.append(image)
    assert ImageChops.difference(*images).getbbox() is not None


@pytest.mark.parametrize("game", ["dos", "tps"])
def test_supply_rings_stay_inside_the_hex_number(game: str) -> None:
    # Issue 10 item 14: rings printed over hex numbers (N1143 Kursk).
    spec = shipped_game(game)
    game_map = spec.maps[0]
    assert game_map.hex_map is not None
    size = game_map.hex_map.boards[0].grid.dy
    number_font = font(max(7, round(size / 9)), "condensed")
    number_bottom = -size * 0.40 + number_font.getbbox("N4444", anchor="mt")[3]
    ring_top = -size * SUPPLY_RADIUS - max(1, round(size * 3 / 100))
    assert ring_top > number_bottom


@pytest.mark.parametrize("game", ["dos", "tps"])
def test_no_town_name_runs_into_another(game: str) -> None:
    # Uryupinsk and Novonikolayevsky, in neighbouring hexes of one row, printed as one
    # word when both were named under their dots.
    spec = shipped_game(game)
    for game_map in spec.maps:
        if game_map.hex_map is None:
            continue
        view = BoardView(game_map, 0)
        typeface = town_label_font(view.hex_size)
        above = towns_named_above(game_map, view.centre, view.hex_size)
        boxes = []
        for town in game_map.towns:
            x, y = view.centre(town.hex)
            half, size = (
                typeface.getlength(town.name) / 2,
                town_symbol_size(view.hex_size, town.kind),
            )
            top = (
                y - size - TOWN_LABEL_GAP - typeface.size
                if town.name in above
                else y + size + TOWN_LABEL_GAP
            )
            boxes.append((town.name, (x - half, top, x + half, top + typeface.size)))
        for index, (name, box) in enumerate(boxes):
            for other, other_box in boxes[index + 1 :]:
                assert not overlapping(box, other_box), (name, other)
        if game == "dos":
            assert "Uryupinsk" in above or "Novonikolayevsky" in above
