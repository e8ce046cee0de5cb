"""Drawing the board larger for print: the same picture, sharper, and any window of it."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

from builder.art.board import render_board
from builder.art.fonts import font
from builder.art.scaled_drawing import ScaledDraw, board_canvas
from tests.support.games import shipped_game

INK = (0, 0, 0)


def _ink_box(image: Image.Image) -> tuple[int, int, int, int] | None:
    return ImageChops.difference(image, Image.new("RGB", image.size, (255, 255, 255))).getbbox()


def test_shapes_land_scaled_and_shifted_into_the_window() -> None:
    image = Image.new("RGB", (200, 200), (255, 255, 255))
    draw = ScaledDraw(image, 3.0, (30, 60))
    draw.rectangle((20, 30, 40, 50), fill=INK)
    assert _ink_box(image) == (30, 30, 91, 91)


def test_compound_shapes_are_scaled_once() -> None:
    # Pillow draws circles and rounded rectangles through ellipse() and rectangle() on
    # self: those inner calls must not be scaled a second time.
    image = Image.new("RGB", (300, 300), (255, 255, 255))
    draw = ScaledDraw(image, 2.0)
    draw.circle((50, 50), 10, fill=INK)
    assert _ink_box(image) == (80, 80, 121, 121)
    image = Image.new("RGB", (300, 300), (255, 255, 255))
    draw = ScaledDraw(image, 2.0)
    draw.rounded_rectangle((10, 10, 60, 40), radius=5, fill=INK)
    assert _ink_box(image) == (20, 20, 121, 81)


def test_widths_and_text_grow_with_the_scale_and_measure_as_unscaled() -> None:
    plain = Image.new("RGB", (400, 100), (255, 255, 255))
    ImageDraw.Draw(plain).text((10, 10), "Kalach", font=font(12), fill=INK)
    large = Image.new("RGB", (1600, 400), (255, 255, 255))
    draw = ScaledDraw(large, 4.0)
    draw.text((10, 10), "Kalach", font=font(12), fill=INK)
    plain_box, large_box = _ink_box(plain), _ink_box(large)
    assert plain_box is not None and large_box is not None
    assert (large_box[2] - large_box[0]) == pytest.approx(
        4 * (plain_box[2] - plain_box[0]), rel=0.1
    )
    assert draw.textlength("Kalach", font=font(12)) == ImageDraw.Draw(plain).textlength(
        "Kalach", font=font(12)
    )
    line = Image.new("RGB", (100, 100), (255, 255, 255))
    ScaledDraw(line, 5.0).line((0, 10, 20, 10), fill=INK, width=2)
    box = _ink_box(line)
    assert box is not None and box[3] - box[1] == 10


def test_what_it_cannot_scale_it_refuses() -> None:
    draw = ScaledDraw(Image.new("RGB", (10, 10)), 2.0)
    with pytest.raises(NotImplementedError):
        draw.bitmap((0, 0), Image.new("1", (2, 2)))
    with pytest.raises(ValueError, match="empty window"):
        board_canvas((100, 100), (255, 255, 255), 2.0, (50, 50, 50, 80))


@pytest.mark.parametrize("box", [(0, 0, 900, 500), (2000, 900, 2900, 1400)])
def test_the_print_board_shrunk_is_the_module_board(box: tuple[int, int, int, int]) -> None:
    # The corner holds the title box and legend; the middle rivers, fortified lines, towns.
    tps = shipped_game("tps")
    game_map = tps.maps[0]
    screen = render_board(tps, game_map, 0)
    printed = render_board(
        tps, game_map, 0, scale=3.0, window=(3 * box[0], 3 * box[1], 3 * box[2], 3 * box[3])
    )
    shrunk = printed.resize((box[2] - box[0], box[3] - box[1]), Image.Resampling.BOX)
    difference = ImageStat.Stat(ImageChops.difference(screen.crop(box), shrunk)).mean
    assert max(difference) < 8, difference  # anti-aliasing differs; nothing drawn elsewhere
    assert render_board(tps, game_map, 0, scale=1.0).tobytes() == screen.tobytes()


def test_a_window_is_that_part_of_the_whole_print_board() -> None:
    dos = shipped_game("dos")
    game_map = dos.maps[0]
    window = (2100, 1500, 3300, 2400)
    whole = render_board(dos, game_map, 1, scale=2.5, window=(0, 0, 3600, 2700)).crop(window)
    part = render_board(dos, game_map, 1, scale=2.5, window=window)
    differing = (
        ImageChops.difference(whole, part)
        .convert("L")
        .point(lambda value: 255 if value > 40 else 0)
    )
    share = sum(1 for value in differing.tobytes() if value) / (part.width * part.height)
    assert share < 0.01, share  # wide lines may round a pixel differently at another origin
