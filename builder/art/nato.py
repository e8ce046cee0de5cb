"""NATO unit-type symbols and size marks, drawn with Pillow at any size.

Hex-and-counter games of the period print a unit's type as a NATO frame (a box with an
X for infantry, an oval for armour...) and its size as marks above it (XX = division,
2.8 of Drive on Stalingrad). We draw them ourselves from a handful of strokes instead
of using a symbol library: the libraries render SVG, which would need a system
rasteriser, and a counter only needs the dozen classic WWII symbols, crisp at 60 px.

A symbol is a set of :class:`Element` strokes inside one frame, so combinations such as
mechanized infantry (X and oval) or motorized flak (arc and bar) need no extra code.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from enum import Enum
from functools import cache
from io import BytesIO
from pathlib import Path

from PIL import Image, ImageDraw

from rules.data.look import STANDARD_ARMS, normalise_arm
from rules.errors import DataError
from rules.looks import ArmLook

Box = tuple[float, float, float, float]
"""A frame as (left, top, right, bottom) in pixels."""

Colour = str | int | tuple[int, int, int]
"""A Pillow ink: a colour name, a grey level (for "L" images) or RGB."""


class Element(Enum):
    """One stroke group of a unit-type symbol."""

    INFANTRY = "infantry X"
    ARMOUR = "armour oval"
    CAVALRY = "cavalry slash"
    MOUNTAIN = "mountain triangle"
    ARTILLERY = "artillery dot"
    MOTORIZED = "motorized bar"
    ANTI_TANK = "anti-tank chevron"
    AIR_DEFENCE = "air defence arc"
    AMPHIBIOUS = "naval wave"
    FORTIFIED = "fortification battlement"
    ENGINEER = "engineer bridge"
    SUPPLY = "supply bar"
    AIR = "air propeller"
    HEADQUARTERS = "headquarters staff"


_E = Element

ARM_SYMBOLS: dict[str, frozenset[Element]] = {
    arm: frozenset(Element[name.upper()] for name in names) for arm, names in STANDARD_ARMS.items()
}
"""Symbols by the ``arm`` a game's units.toml gives (see :func:`normalise_arm` for spellings)."""

MECHANIZED_MOBILITIES = frozenset({"mechanized", "motorized"})
"""Mobility classes that make a foot symbol motorized (DoS 2.9's mechanized class)."""

_MOTORIZABLE = frozenset({_E.INFANTRY, _E.ARTILLERY, _E.AIR_DEFENCE, _E.ANTI_TANK, _E.ENGINEER})


def unit_symbol(
    arm: str, mobility: str, where: str = "", own: Mapping[str, ArmLook] | None = None
) -> frozenset[Element]:
    """The symbol for a unit's ``arm``, motorized when its ``mobility`` is mechanized.

    The movement class is what the rules act on (DoS 2.9: truck-towed artillery and
    motorized flak are mechanized), so the counter shows it even when the arm does not
    say so. A game's own arms (``own``, from its ``[[arm]]`` tables) come first. An
    unknown arm is a data error: a blank frame would hide a typo.
    """
    key = normalise_arm(arm)
    if own and key in own:
        elements = frozenset(Element[name.upper()] for name in own[key].symbol)
    elif key in ARM_SYMBOLS:
        elements = ARM_SYMBOLS[key]
    else:
        known = ", ".join(sorted(ARM_SYMBOLS))
        raise DataError(where or None, None, f"no NATO symbol for arm {arm!r} (known: {known})")
    motorized = normalise_arm(mobility) in MECHANIZED_MOBILITIES
    if motorized and elements & _MOTORIZABLE and not elements & {_E.ARMOUR, _E.MOTORIZED}:
        return elements | {_E.MOTORIZED}
    return elements


def stroke_width(box: Box) -> int:
    """A line weight that reads at the frame's size (about 1/14 of its height)."""
    return max(1, round((box[3] - box[1]) / 14))


MAX_PICTURE_BYTES = 1024 * 1024
MAX_PICTURE_SIDE = 2048
"""A symbol picture is drawn in a frame of a few hundred pixels at most."""


@cache
def _picture(path: Path, data: bytes | None) -> Image.Image:
    """A game's symbol picture, read once, within limits; unreadable is a data error.
    ``data`` is the file's content when a module carried it, else it is read at ``path``."""
    try:
        if data is None:
            data = path.read_bytes()
        if len(data) > MAX_PICTURE_BYTES:
            raise DataError(path, None, f"symbol picture over {MAX_PICTURE_BYTES} bytes")
        with Image.open(BytesIO(data), formats=["PNG"]) as opened:
            if max(opened.size) > MAX_PICTURE_SIDE:
                raise DataError(path, None, f"symbol picture over {MAX_PICTURE_SIDE} px a side")
            return opened.convert("RGBA")
    except (OSError, Image.DecompressionBombError) as error:
        raise DataError(path, None, f"cannot read the symbol picture ({error})") from error


def paste_picture(image: Image.Image, frame: Box, path: Path, data: bytes | None = None) -> None:
    """Fit the picture at ``path`` (or ``data``, its carried content) inside ``frame`` of
    ``image`` (keeping its proportions, centred, within the frame's line), for an arm a
    game draws with a picture of its own."""
    left, top, right, bottom = frame
    inset = stroke_width(frame) + 1
    room_w, room_h = right - left - 2 * inset, bottom - top - 2 * inset
    picture = _picture(path, data)
    scale = min(room_w / picture.width, room_h / picture.height)
    size = (max(1, round(picture.width * scale)), max(1, round(picture.height * scale)))
    fitted = picture.resize(size, Image.Resampling.LANCZOS)
    x = round(left + (right - left - size[0]) / 2)
    y = round(top + (bottom - top - size[1]) / 2)
    image.paste(fitted, (x, y), fitted)


def draw_symbol(
    draw: ImageDraw.ImageDraw, box: Box, elements: Iterable[Element], colour: Colour
) -> None:
    """Draw the frame ``box`` and the symbol's strokes inside it in ``colour``."""
    left, top, right, bottom = box
    width = stroke_width(box)
    chosen = set(elements)
    for element in Element:
        if element in chosen:
            _STROKES[element](draw, box, colour, width)
    draw.rectangle((left, top, right, bottom), outline=colour, width=width)


def _infantry(draw: ImageDraw.ImageDraw, box: Box, colour: Colour, width: int) -> None:
    left, top, right, bottom = box
    draw.line((left, top, right, bottom), fill=colour, width=width)
    draw.line((left, bottom, right, top), fill=colour, width=width)


def _armour(draw: ImageDraw.ImageDraw, box: Box, colour: Colour, width: int) -> None:
    left, top, right, bottom = box
    w, h = right - left, bottom - top
    oval = (left + w * 0.17, top + h * 0.24, right - w * 0.17, bottom - h * 0.24)
    draw.rounded_rectangle(oval, radius=(oval[3] - oval[1]) / 2, outline=colour, width=width)


def _cavalry(draw: ImageDraw.ImageDraw, box: Box, colour: Colour, width: int) -> None:
    left, top, right, bottom = box
    draw.line((left, bottom, right, top), fill=colour, width=width)


def _mountain(draw: ImageDraw.ImageDraw, box: Box, colour: Colour, width: int) -> None:
    left, top, right, bottom = box
    w, h = right - left, bottom - top
    centre = (left + right) / 2
    draw.polygon(
        [(centre - w * 0.16, bottom), (centre, bottom - h * 0.36), (centre + w * 0.16, bottom)],
        fill=colour,
    )


def _artillery(draw: ImageDraw.ImageDraw, box: Box, colour: Colour, width: int) -> None:
    left, top, right, bottom = box
    radius = (bottom - top) * 0.16
    cx, cy = (left + right) / 2, (top + bottom) / 2
    draw.ellipse((cx - radius, cy - radius, cx + radius, cy + radius), fill=colour)


def _motorized(draw: ImageDraw.ImageDraw, box: Box, colour: Colour, width: int) -> None:
    left, top, right, bottom = box
    centre = (left + right) / 2
    draw.line((centre, top, centre, bottom), fill=colour, width=width)


def _anti_tank(draw: ImageDraw.ImageDraw, box: Box, colour: Colour, width: int) -> None:
    left, top, right, bottom = box
    draw.line(
        [(left, bottom), ((left + right) / 2, top), (right, bottom)],
        fill=colour,
        width=width,
        joint="curve",
    )


def _air_defence(draw: ImageDraw.ImageDraw, box: Box, colour: Colour, width: int) -> None:
    left, top, right, bottom = box
    w, h = right - left, bottom - top
    draw.arc(
        (left + w * 0.08, bottom - h * 0.7, right - w * 0.08, bottom + h * 0.7),
        180,
        360,
        fill=colour,
        width=width,
    )


def _amphibious(draw: ImageDraw.ImageDraw, box: Box, colour: Colour, width: int) -> None:
    left, top, right, bottom = box
    w, h = right - left, bottom - top
    baseline, amplitude = bottom - h * 0.2, h * 0.07
    points = [
        (left + w * (0.1 + 0.8 * i / 32), baseline + amplitude * math.sin(i / 32 * 4 * math.pi))
        for i in range(33)
    ]
    draw.line(points, fill=colour, width=width, joint="curve")


def _fortified(draw: ImageDraw.ImageDraw, box: Box, colour: Colour, width: int) -> None:
    left, top, right, bottom = box
    w, h = right - left, bottom - top
    low, high = top + h * 0.68, top + h * 0.38
    xs = [left + w * (0.12 + 0.76 * i / 5) for i in range(6)]
    points: list[tuple[float, float]] = [(left, low)]
    for index in range(5):
        level = high if index % 2 == 0 else low
        points += [
            (xs[index], low if index % 2 == 0 else high),
            (xs[index], level),
            (xs[index + 1], level),
        ]
    points += [(xs[5], low), (right, low)]
    draw.line(points, fill=colour, width=width)


def _engineer(draw: ImageDraw.ImageDraw, box: Box, colour: Colour, width: int) -> None:
    left, top, right, bottom = box
    w, h = right - left, bottom - top
    beam, foot = top + h * 0.36, top + h * 0.66
    x0, x1 = left + w * 0.25, right - w * 0.25
    draw.line((x0, beam, x1, beam), fill=colour, width=width)
    for x in (x0, (x0 + x1) / 2, x1):
        draw.line((x, beam, x, foot), fill=colour, width=width)


def _supply(draw: ImageDraw.ImageDraw, box: Box, colour: Colour, width: int) -> None:
    left, top, right, bottom = box
    y = bottom - (bottom - top) * 0.3
    draw.line((left, y, right, y), fill=colour, width=width)


def _air(draw: ImageDraw.ImageDraw, box: Box, colour: Colour, width: int) -> None:
    left, top, right, bottom = box
    w, h = right - left, bottom - top
    cx, cy = (left + right) / 2, top + h * 0.42
    lobe_w, lobe_h = w * 0.2, h * 0.2
    draw.ellipse((cx - 2 * lobe_w, cy - lobe_h, cx, cy + lobe_h), outline=colour, width=width)
    draw.ellipse((cx, cy - lobe_h, cx + 2 * lobe_w, cy + lobe_h), outline=colour, width=width)


def _headquarters(draw: ImageDraw.ImageDraw, box: Box, colour: Colour, width: int) -> None:
    left, top, right, bottom = box
    draw.line((left, bottom, left, bottom + (bottom - top) * 0.6), fill=colour, width=width)


_STROKES = {
    _E.INFANTRY: _infantry,
    _E.ARMOUR: _armour,
    _E.CAVALRY: _cavalry,
    _E.MOUNTAIN: _mountain,
    _E.ARTILLERY: _artillery,
    _E.MOTORIZED: _motorized,
    _E.ANTI_TANK: _anti_tank,
    _E.AIR_DEFENCE: _air_defence,
    _E.AMPHIBIOUS: _amphibious,
    _E.FORTIFIED: _fortified,
    _E.ENGINEER: _engineer,
    _E.SUPPLY: _supply,
    _E.AIR: _air,
    _E.HEADQUARTERS: _headquarters,
}


def parse_size(size: str, where: str = "") -> tuple[str, bool]:
    """The marks of a size such as ``XX`` or ``(XXX)`` and whether they are parenthesised.

    Parentheses mean the unit was not formally that size but equivalent to it (DoS 2.8).
    """
    text = size.strip()
    bracketed = text.startswith("(") and text.endswith(")")
    marks = text[1:-1] if bracketed else text
    if (marks and set(marks) - {"X", "I"}) or (bracketed and not marks):
        raise DataError(
            where or None,
            None,
            f"unit size {size!r} is not made of X and I marks, e.g. XX or (XXX)",
        )
    return marks, bracketed


def size_mark_width(size: str, height: float) -> float:
    """How wide :func:`draw_size_mark` draws ``size`` at ``height`` pixels."""
    marks, bracketed = parse_size(size)
    cells = [_X_WIDTH if mark == "X" else _I_WIDTH for mark in marks]
    gaps = _GAP * max(len(cells) - 1, 0) + (2 * (_PAREN_WIDTH + _GAP) if bracketed else 0)
    return height * (sum(cells) + gaps)


_X_WIDTH, _I_WIDTH, _GAP, _PAREN_WIDTH = 0.72, 0.12, 0.2, 0.28


def draw_size_mark(
    draw: ImageDraw.ImageDraw,
    size: str,
    centre_x: float,
    bottom: float,
    height: float,
    colour: Colour,
) -> None:
    """Draw the size ``size`` centred on ``centre_x`` standing on ``bottom``.

    Marks are strokes, not letters, so they stay crisp and evenly spaced at 60 px.
    """
    marks, bracketed = parse_size(size)
    width = max(1, round(height / 5))
    x = centre_x - size_mark_width(size, height) / 2
    top = bottom - height
    if bracketed:
        draw.arc(
            (x, top - height * 0.1, x + 2 * _PAREN_WIDTH * height, bottom + height * 0.1),
            120,
            240,
            fill=colour,
            width=width,
        )
        x += (_PAREN_WIDTH + _GAP) * height
    for index, mark in enumerate(marks):
        if index:
            x += _GAP * height
        if mark == "X":
            cell = _X_WIDTH * height
            draw.line((x, top, x + cell, bottom), fill=colour, width=width)
            draw.line((x, bottom, x + cell, top), fill=colour, width=width)
        else:
            cell = _I_WIDTH * height
            draw.line((x + cell / 2, top, x + cell / 2, bottom), fill=colour, width=width)
        x += cell
    if bracketed:
        x += _GAP * height
        draw.arc(
            (
                x - _PAREN_WIDTH * height,
                top - height * 0.1,
                x + _PAREN_WIDTH * height,
                bottom + height * 0.1,
            ),
            -60,
            60,
            fill=colour,
            width=width,
        )
