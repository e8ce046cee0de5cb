"""The board under a draw pile: the pile's outline and what it holds, in words."""

from __future__ import annotations

from PIL import Image, ImageDraw

from builder.art.drawing import wrap
from builder.art.fonts import font
from builder.art.text import draw_text

PAPER = (235, 232, 222)
INK = (30, 28, 24)


def render_pile_board(
    size: tuple[int, int], pile: tuple[int, int, int, int], title: str, caption: str
) -> Image.Image:
    """A plain board with a dashed frame where the pile lies and its title and caption beside it."""
    image = Image.new("RGB", size, PAPER)
    draw = ImageDraw.Draw(image)
    left, top, right, bottom = pile
    for index in range(left, right, 12):
        draw.line([(index, top - 6), (min(index + 6, right), top - 6)], fill=INK, width=2)
        draw.line([(index, bottom + 6), (min(index + 6, right), bottom + 6)], fill=INK, width=2)
    for index in range(top, bottom, 12):
        draw.line([(left - 6, index), (left - 6, min(index + 6, bottom))], fill=INK, width=2)
        draw.line([(right + 6, index), (right + 6, min(index + 6, bottom))], fill=INK, width=2)
    text_left = right + 40
    draw_text(draw, (text_left, top), title, font(22, "bold"), INK, anchor="la")
    caption_font = font(16, "condensed")
    for number, line in enumerate(wrap(caption, caption_font, size[0] - text_left - 20)):
        draw_text(draw, (text_left, top + 38 + number * 22), line, caption_font, INK, anchor="la")
    return image
