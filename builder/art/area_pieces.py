"""The extra faces an area game's pieces need: the 'acted' side, step badges, steps boards.

Rattenkrieg flips a unit once it has acted (RKS 7.4) and flips it back in the
replenishment phase (10.3); its printed back is not known, so the back is the front
greyed with an ACTED band. A unit's steps are cards kept on a side's private steps board
(3.3), one box per unit; the counter on the map shows how many it holds with a badge,
so the opponent sees the count and never the cards.
"""

from __future__ import annotations

from PIL import Image, ImageDraw, ImageEnhance

from builder.art.cards import CardFormat
from builder.art.drawing import fitted_font, supersampled
from builder.art.fonts import font
from builder.art.look import INK
from builder.art.map_symbols import PAPER
from builder.art.text import draw_text
from builder.saves.steps_layout import (
    STEPS_BOX_HEIGHT,
    STEPS_BOX_WIDTH,
    STEPS_LABEL_SIZE,
    STEPS_MARGIN,
    step_cards_text,
    steps_board_size,
    steps_boxes,
)
from rules.model import GameSpec

BOX_PAPER = (246, 242, 230)
LOST_INK = (196, 30, 30)


def render_steps_board(
    spec: GameSpec, side: str, fronts: dict[str, Image.Image], card: CardFormat
) -> Image.Image:
    """A side's steps board: a box per unit with its counter, name and slot. The count
    under the counter is a piece of the module (:func:`steps_label`), so it follows the
    cards in the box."""
    width, height = steps_board_size(spec, side)
    image = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(image)
    side_name = next(item.name for item in spec.sides if item.id == side)
    title = f"{side_name} steps: the step cards of each unit (rule 3.3)"
    draw_text(
        draw,
        (STEPS_MARGIN, 36),
        title,
        fitted_font(title, "bold", width - 2 * STEPS_MARGIN, 22),
        INK,
        anchor="ls",
    )
    for box in steps_boxes(spec, side):
        unit = spec.units[box.unit]
        right, bottom = box.left + STEPS_BOX_WIDTH, box.top + STEPS_BOX_HEIGHT
        draw.rectangle((box.left, box.top, right, bottom), fill=BOX_PAPER, outline=INK, width=2)
        counter = fronts[unit.id]
        image.paste(counter, (box.left + 12, box.top + 40))
        label = fitted_font(unit.name, "condensed-bold", STEPS_BOX_WIDTH - 20, 16)
        draw_text(draw, (box.left + 10, box.top + 20), unit.name, label, INK, anchor="ls")
        (slot_left, slot_top), _, (slot_right, slot_bottom), _ = box.slot
        draw.rectangle(
            (slot_left, slot_top, slot_right, slot_bottom), outline=(170, 160, 140), width=1
        )
        cx, cy = (slot_left + slot_right) // 2, (slot_top + slot_bottom) // 2
        draw.rectangle(
            (
                cx - card.width_px // 2,
                cy - card.height_px // 2,
                cx + card.width_px // 2,
                cy + card.height_px // 2,
            ),
            outline=(190, 180, 160),
            width=1,
        )
    note = "Only you see this window. The counter on the map shows how many cards each unit holds."
    draw_text(draw, (STEPS_MARGIN, height - 16), note, font(13, "regular"), INK, anchor="ls")
    return image


def acted_face(front: Image.Image) -> Image.Image:
    """The back of a unit that has acted: its front greyed, with an ACTED band."""
    grey = ImageEnhance.Color(front.convert("RGB")).enhance(0.15)
    grey = ImageEnhance.Brightness(grey).enhance(0.8)
    draw = ImageDraw.Draw(grey)
    width, height = grey.size
    band = (0, round(height * 0.4), width, round(height * 0.62))
    draw.rectangle(band, fill=(250, 250, 250))
    typeface = fitted_font("ACTED", "condensed-bold", width * 0.8, height * 0.2)
    draw_text(
        draw, (width / 2, (band[1] + band[3]) / 2), "ACTED", typeface, (20, 20, 20), anchor="mm"
    )
    return grey


def steps_label(held: int, full: int) -> Image.Image:
    """The label under a unit's counter in its steps box: how many of its step cards the
    box holds ("1 of 2 step cards"), on the box's own paper, red once it holds fewer."""
    image = Image.new("RGB", STEPS_LABEL_SIZE, BOX_PAPER)
    ink = INK if held >= full else LOST_INK
    draw_text(
        ImageDraw.Draw(image),
        (4, STEPS_LABEL_SIZE[1] - 5),
        f"{held} of {step_cards_text(full)}",
        font(13),
        ink,
        anchor="ls",
    )
    return image


def step_badge(count: int, full: int, size: int) -> Image.Image:
    """A transparent overlay for a counter: a disc in its top-right corner showing the
    step cards the unit holds, red once it has lost any."""
    radius = size * 0.17

    def paint(draw: ImageDraw.ImageDraw, factor: int) -> None:
        cx, cy = (size - radius - 1) * factor, (radius + 1) * factor
        r = radius * factor
        fill = (255, 255, 255) if count >= full else LOST_INK
        ink = (0, 0, 0) if count >= full else (255, 255, 255)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=(0, 0, 0), width=factor)
        draw_text(draw, (cx, cy), str(count), font(round(r * 1.4), "bold"), ink, anchor="mm")

    opaque = supersampled(size, size, (1, 2, 3), paint)
    mask = Image.new("L", (size, size), 0)
    ImageDraw.Draw(mask).ellipse((size - 2 * radius - 2, 0, size, 2 * radius + 2), fill=255)
    badge = opaque.convert("RGBA")
    badge.putalpha(mask)
    return badge
