"""Rattenkrieg's art read back as pixels: built-up names red and ordinary ones grey (2.1),
the Volga blue, the arrows of 3.5 drawn, the board drawn larger for print the same,
suit symbols present in the shipped font, cards inked in their suit's colour, step
badges transparent but for the disc."""

from __future__ import annotations

from functools import cache

import pytest
from PIL import Image, ImageChops, ImageStat
from shapely.geometry import Polygon

from builder.art.area_board import ARROW, NAME_COLOUR, VOLGA, render_area_board
from builder.art.area_layout import board_size, name_layout
from builder.art.area_pieces import step_badge
from builder.art.cards import INKS, card_face, screen_card
from builder.art.fonts import font
from builder.art.text import missing_characters
from rules.areas import AreaMap
from tests.support.games import shipped_game


@cache
def board() -> Image.Image:
    rks = shipped_game("rks")
    return render_area_board(rks, rks.maps[0])


def _area_map() -> AreaMap:
    area_map = shipped_game("rks").maps[0].area_map
    assert area_map is not None
    return area_map


def _pixels(image: Image.Image) -> list[tuple[int, ...]]:
    data = image.convert("RGB").tobytes()
    return [tuple(data[index : index + 3]) for index in range(0, len(data), 3)]


def _share_near(
    image: Image.Image, box: tuple[float, float, float, float], colour: tuple[int, int, int]
) -> float:
    """The share of pixels in ``box`` within a small distance of ``colour``."""
    left, top, right, bottom = box
    pixels = _pixels(image.crop((round(left), round(top), round(right), round(bottom))))
    close = sum(
        1 for pixel in pixels if sum(abs(a - b) for a, b in zip(pixel, colour, strict=True)) < 40
    )
    return close / len(pixels)


def test_the_board_is_the_frame_and_the_panel() -> None:
    assert board().size == board_size(_area_map())


def test_built_up_names_are_red_and_ordinary_names_grey() -> None:
    for area in shipped_game("rks").maps[0].areas:
        if area.kind == "rear":
            continue
        box = name_layout(_area_map(), area).box
        own = _share_near(board(), box, NAME_COLOUR[area.kind])
        other = _share_near(
            board(), box, NAME_COLOUR["urban" if area.kind == "ordinary" else "ordinary"]
        )
        assert own > 0.02 and own > 3 * other, (area.id, own, other)


def test_the_volga_is_water_and_the_arrows_cross_it() -> None:
    area_map = _area_map()
    inside = Polygon(area_map.polygon("Volga")).representative_point()
    pixel = board().convert("RGB").getpixel((round(inside.x), round(inside.y)))
    assert pixel == VOLGA
    pixels = _pixels(board())
    assert sum(1 for pixel in pixels if pixel == ARROW) > 500


PRINT_SCALE = 2.6
"""About 300 ppi for the board printed at the counters' scale (5/8 in counters)."""


@pytest.mark.parametrize("box", [(0, 0, 800, 600), (500, 700, 1100, 1300), (1183, 0, 1583, 900)])
def test_the_print_board_shrunk_is_the_module_board(box: tuple[int, int, int, int]) -> None:
    # The north-west corner holds the north arrow; the middle the Volga's turned name,
    # the arrows and the hill; the last box is the panel's card and turn boxes.
    rks = shipped_game("rks")
    window = (
        round(PRINT_SCALE * box[0]),
        round(PRINT_SCALE * box[1]),
        round(PRINT_SCALE * box[2]),
        round(PRINT_SCALE * box[3]),
    )
    printed = render_area_board(rks, rks.maps[0], scale=PRINT_SCALE, window=window)
    assert printed.size == (window[2] - window[0], window[3] - window[1])
    shrunk = printed.resize((box[2] - box[0], box[3] - box[1]), Image.Resampling.BOX)
    difference = ImageStat.Stat(
        ImageChops.difference(board().crop(box).convert("RGB"), shrunk)
    ).mean
    assert max(difference) < 8, difference  # anti-aliasing differs; nothing drawn elsewhere


def test_a_window_is_that_part_of_the_whole_print_board() -> None:
    rks = shipped_game("rks")
    window = (1300, 1500, 2900, 3100)  # the Volga's name, pasted as a turned picture, and an arrow
    whole = render_area_board(rks, rks.maps[0], scale=PRINT_SCALE, window=(0, 0, 3200, 3200)).crop(
        window
    )
    part = render_area_board(rks, rks.maps[0], scale=PRINT_SCALE, window=window)
    differing = (
        ImageChops.difference(whole, part)
        .convert("L")
        .point(lambda value: 255 if value > 40 else 0)
    )
    share = sum(1 for value in differing.tobytes() if value) / (part.width * part.height)
    assert share < 0.01, share  # wide lines may round a pixel differently at another origin


def test_suit_symbols_are_in_the_shipped_fonts() -> None:
    suits = "".join(suit.symbol for suit in shipped_game("rks").cards.suits)  # type: ignore[union-attr]
    for style in ("bold", "serif-bold"):
        assert missing_characters(suits, font(40, style)) == ""
    assert missing_characters("\u4e00", font(40, "bold")) == "\u4e00"


def test_cards_are_inked_in_their_suit_colour() -> None:
    rks = shipped_game("rks")
    assert rks.cards is not None
    for card in rks.cards.cards()[::5]:
        face = card_face(card, rks.cards, rks, screen_card())
        ink = INKS[card.suit.colour]
        centre = (face.width * 0.25, face.height * 0.25, face.width * 0.75, face.height * 0.75)
        assert _share_near(face, centre, ink) > 0.03, card.name


def test_a_step_badge_covers_only_its_corner() -> None:
    badge = step_badge(2, 4, 72)
    assert badge.mode == "RGBA"
    alpha = badge.getchannel("A")
    assert alpha.getpixel((5, 60)) == 0 and alpha.getpixel((60, 12)) == 255
