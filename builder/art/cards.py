"""Playing cards drawn from the deck data, in the look of the counters.

A card shows its rank and suit symbol in two corners and a large symbol in the middle;
a face card shows instead, for each side, the event it is when that side plays it (RKS
9.1), so a player reads the event off the card as the printed player aids would tell.
The back is one design for all cards, so a face-down card says nothing. The suit
symbols come from the shipped DejaVu fonts, through the one checked text path
(:mod:`builder.art.text`).
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from builder.art.drawing import RGB, fitted_font, mix, rgb, supersampled
from builder.art.fonts import font
from builder.art.text import draw_text
from rules.cards import Card, CardDeck
from rules.model import GameSpec

CARD_ASPECT = 1.4
"""Height over width of a poker card (63 x 88 mm)."""
SCREEN_CARD_WIDTH = 74
PAPER: RGB = (250, 248, 240)
INKS: dict[str, RGB] = {"black": (24, 24, 24), "red": (184, 30, 36)}
BACK: RGB = rgb("#4a5a48")
BACK_INK: RGB = rgb("#d8d2b8")


@dataclass(frozen=True)
class CardFormat:
    """A card's size in pixels; ``bleed_px`` is added round it for print."""

    width_px: int
    bleed_px: int = 0
    outline: bool = True

    @property
    def height_px(self) -> int:
        return round(self.width_px * CARD_ASPECT)

    @property
    def image_size(self) -> tuple[int, int]:
        """The whole image, bleed included."""
        return self.width_px + 2 * self.bleed_px, self.height_px + 2 * self.bleed_px


def screen_card() -> CardFormat:
    """A card as a VASSAL piece: about one counter wide."""
    return CardFormat(width_px=SCREEN_CARD_WIDTH)


def card_face(card: Card, deck: CardDeck, game: GameSpec, card_format: CardFormat) -> Image.Image:
    """The face of ``card``: corners, centre symbol or the two sides' events."""
    ink = INKS[card.suit.colour]
    width, height = card_format.image_size

    def paint(draw: ImageDraw.ImageDraw, factor: int) -> None:
        o = card_format.bleed_px * factor
        w, h = card_format.width_px * factor, card_format.height_px * factor
        corner = font(round(w * 0.2), "condensed-bold")
        symbol = font(round(w * 0.17), "bold")
        for x, y, anchor in (
            (o + w * 0.06, o + h * 0.03, "la"),
            (o + w * 0.94, o + h * 0.97, "rd"),
        ):
            if anchor == "la":
                draw_text(draw, (x, y), card.rank.id, corner, ink, anchor="la")
                draw_text(
                    draw, (x + w * 0.01, y + w * 0.22), card.suit.symbol, symbol, ink, anchor="la"
                )
            else:
                draw_text(draw, (x, y), card.rank.id, corner, ink, anchor="rd")
                draw_text(
                    draw, (x - w * 0.01, y - w * 0.22), card.suit.symbol, symbol, ink, anchor="rd"
                )
        if card.rank.face:
            _events(draw, card, deck, game, o, w, h, ink)
        else:
            big = font(round(w * 0.5), "bold")
            draw_text(draw, (o + w / 2, o + h / 2), card.suit.symbol, big, ink, anchor="mm")
        _edge(draw, card_format, factor, mix(PAPER, (0, 0, 0), 0.5))

    return supersampled(width, height, PAPER, paint)


def _events(
    draw: ImageDraw.ImageDraw,
    card: Card,
    deck: CardDeck,
    game: GameSpec,
    o: float,
    w: float,
    h: float,
    ink: RGB,
) -> None:
    """Each side's event for a face card, one block per side, side colour as a bar."""
    big = font(round(w * 0.3), "serif-bold")
    draw_text(
        draw, (o + w * 0.56, o + h * 0.3), card.rank.id + card.suit.symbol, big, ink, anchor="mm"
    )
    top = o + h * 0.5
    block = h * 0.19
    text_width = w * 0.62
    for index, side in enumerate(game.sides):
        event = deck.event(card, side.id)
        name = event.name if event else "-"
        colour = next(
            (
                rgb(nationality.background)
                for nationality in game.nationalities.values()
                if nationality.side == side.id
            ),
            (128, 128, 128),
        )
        y = top + index * block
        draw.rectangle((o + w * 0.08, y, o + w * 0.13, y + block * 0.86), fill=colour)
        label = fitted_font(side.name.upper(), "condensed-bold", text_width, w * 0.1)
        draw_text(
            draw,
            (o + w * 0.17, y + block * 0.02),
            side.name.upper(),
            label,
            (90, 90, 90),
            anchor="la",
        )
        text_font = fitted_font(name, "condensed-bold", text_width, w * 0.115)
        draw_text(
            draw, (o + w * 0.17, y + block * 0.42), name, text_font, (20, 20, 20), anchor="la"
        )


def card_back(card_format: CardFormat, title: str) -> Image.Image:
    """The one back every card shares: a lattice and the game's name."""
    width, height = card_format.image_size

    def paint(draw: ImageDraw.ImageDraw, factor: int) -> None:
        o = card_format.bleed_px * factor
        w, h = card_format.width_px * factor, card_format.height_px * factor
        inset = w * 0.08
        draw.rounded_rectangle(
            (o + inset, o + inset, o + w - inset, o + h - inset),
            radius=w * 0.05,
            outline=BACK_INK,
            width=factor * 2,
        )
        step = w / 7
        x: float = -h
        while x < w + h:
            draw.line(
                (o + x, o + inset, o + x + h, o + h - inset),
                fill=mix(BACK, BACK_INK, 0.3),
                width=factor,
            )
            draw.line(
                (o + x + h, o + inset, o + x, o + h - inset),
                fill=mix(BACK, BACK_INK, 0.3),
                width=factor,
            )
            x += step
        draw.rectangle((o, o, o + inset - 1, o + h), fill=BACK)
        draw.rectangle((o + w - inset + 1, o, o + w + o, o + h), fill=BACK)
        label = fitted_font(title, "condensed-bold", w * 0.7, w * 0.13)
        box = draw.textbbox((o + w / 2, o + h / 2), title, font=label, anchor="mm")
        pad = w * 0.04
        draw.rectangle((box[0] - pad, box[1] - pad, box[2] + pad, box[3] + pad), fill=BACK)
        draw_text(draw, (o + w / 2, o + h / 2), title, label, BACK_INK, anchor="mm")
        _edge(draw, card_format, factor, mix(BACK, (0, 0, 0), 0.5))

    return supersampled(width, height, BACK, paint)


def _edge(draw: ImageDraw.ImageDraw, card_format: CardFormat, factor: int, colour: RGB) -> None:
    if card_format.outline:
        width, height = card_format.image_size
        draw.rectangle(
            (0, 0, width * factor - 1, height * factor - 1), outline=colour, width=factor
        )
