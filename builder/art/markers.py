"""Marker counters: turn, VP, supply, weather, air missions, control and the like.

A game's ``units.toml`` lists its markers by id and name; the rules give their purpose
but not their printed look. Each marker is matched by the words of its id to a design
(a big word or a pictogram, and a short label), in the colours of the side its id
names, or in neutral cream when it names none. Two-sided markers print the other state
on the back: weather flips between FROZEN and CLEAR (DoS 10), control between the two
sides (RKS); every other marker shows the same face on both sides.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageDraw

from builder.art.counters import MINIMUM_LABEL_SHARE, CounterFormat
from builder.art.drawing import RGB, fitted_font, mix, rgb, supersampled
from builder.art.nato import Element, draw_symbol
from builder.art.text import Label, LabelOverflow, UndrawableText, draw_text, fit_row, place
from rules.model import GameSpec, Marker

NEUTRAL_BACKGROUND = rgb("#efe6cf")
NEUTRAL_INK = rgb("#1a1a1a")


@dataclass(frozen=True)
class MarkerDesign:
    """What one face of a marker shows: a big word or a pictogram, and a label."""

    label: str
    big_text: str = ""
    pictogram: frozenset[Element] = frozenset()
    snowflake: bool = False


@dataclass(frozen=True)
class MarkerFaces:
    """The two printed faces of a marker counter."""

    front: Image.Image
    back: Image.Image


_AIR = frozenset({Element.AIR})
_DESIGNS: tuple[tuple[tuple[str, ...], MarkerDesign], ...] = (
    (("manstein",), MarkerDesign("MANSTEIN", pictogram=frozenset({Element.HEADQUARTERS}))),
    (
        ("air", "supply"),
        MarkerDesign("AIR SUPPLY", pictogram=frozenset({Element.AIR, Element.SUPPLY})),
    ),
    (("air", "supplied"), MarkerDesign("AIR SUPPLIED", big_text="AS")),
    (("supply", "network"), MarkerDesign("SUPPLY NET", pictogram=frozenset({Element.SUPPLY}))),
    (("out", "of", "supply"), MarkerDesign("OUT OF SUPPLY", big_text="OOS")),
    (("oos",), MarkerDesign("OUT OF SUPPLY", big_text="OOS")),
    (("isolated",), MarkerDesign("ISOLATED", big_text="ISO")),
    (("gap",), MarkerDesign("FRONT GAP", big_text="GAP")),
    (("untried",), MarkerDesign("UNTRIED", big_text="U")),
    (("interdiction",), MarkerDesign("INTERDICT", pictogram=_AIR)),
    (("close", "support"), MarkerDesign("CLOSE SUPPORT", big_text="+2")),
    (("superiority",), MarkerDesign("AIR SUPERIORITY", pictogram=_AIR)),
    (("interception",), MarkerDesign("INTERCEPT", pictogram=_AIR)),
    (("cap",), MarkerDesign("COMBAT AIR PATROL", pictogram=_AIR)),
    (("air",), MarkerDesign("AIR SUPPORT", pictogram=_AIR)),
    (("inactive",), MarkerDesign("RESERVE INACTIVE", big_text="R")),
    (("reserve",), MarkerDesign("RESERVE INACTIVE", big_text="R")),
    (("turn",), MarkerDesign("GAME TURN", big_text="TURN")),
    (("vp",), MarkerDesign("VICTORY POINTS", big_text="VP")),
    (("done",), MarkerDesign("DONE", big_text="\u2713")),
    (("flipped",), MarkerDesign("DONE", big_text="\u2713")),
    (("used",), MarkerDesign("DONE", big_text="\u2713")),
)
"""Designs by words of a marker id, first match wins (so "air_supply" before "air")."""

FROZEN = MarkerDesign("FROZEN", snowflake=True)
CLEAR = MarkerDesign("CLEAR", big_text="\u2600")
WEATHER_WORDS = frozenset({"weather", "freeze", "frozen"})
CONTROL_WORD = "control"


def id_words(marker_id: str) -> tuple[str, ...]:
    """A marker id's words: ``supply_network-axis`` -> (supply, network, axis)."""
    return tuple(word for word in re.split(r"[^a-z0-9]+", marker_id.lower()) if word)


def marker_design(marker: Marker) -> MarkerDesign:
    """The design whose words all appear in the marker's id, else its name as a label."""
    words = id_words(marker.id)
    if WEATHER_WORDS & set(words):
        return FROZEN
    for keywords, design in _DESIGNS:
        if all(keyword in words for keyword in keywords):
            return design
    return MarkerDesign(marker.name.upper())


def marker_side(marker: Marker, game: GameSpec) -> str | None:
    """The side whose marker this is: a side or nationality id among its id's words."""
    words = set(id_words(marker.id))
    for side in game.sides:
        if side.id in words:
            return side.id
    for nationality in game.nationalities.values():
        if nationality.id in words:
            return nationality.side
    return None


def side_colours(game: GameSpec, side: str | None) -> tuple[RGB, RGB]:
    """Background and ink of a side's first nationality, or neutral cream for none."""
    if side is not None:
        for nationality in game.nationalities.values():
            if nationality.side == side:
                return rgb(nationality.background), rgb(nationality.text)
    return NEUTRAL_BACKGROUND, NEUTRAL_INK


def is_two_sided(marker: Marker) -> bool:
    """A marker whose back says something else: control (one side or the other) and
    weather (frozen or clear); any other marker prints its front on both sides."""
    return CONTROL_WORD in id_words(marker.id) or marker_design(marker) is FROZEN


def marker_faces(marker: Marker, game: GameSpec, counter: CounterFormat) -> MarkerFaces:
    """Both faces of ``marker``'s counter in ``counter``'s format; a label that cannot
    be drawn or fitted is reported against the marker in ``units.toml``."""
    try:
        return _marker_faces(marker, game, counter)
    except (LabelOverflow, UndrawableText) as error:
        raise type(error)(
            Path(game.folder) / "units.toml", f"marker {marker.id}", error.message
        ) from error


def _marker_faces(marker: Marker, game: GameSpec, counter: CounterFormat) -> MarkerFaces:
    words = id_words(marker.id)
    if CONTROL_WORD in words:
        return _control_faces(marker, game, counter)
    design = marker_design(marker)
    colours = side_colours(game, marker_side(marker, game))
    front = draw_marker_face(design, *colours, counter)
    back = draw_marker_face(CLEAR, *colours, counter) if design is FROZEN else front
    return MarkerFaces(front, back)


def _control_faces(marker: Marker, game: GameSpec, counter: CounterFormat) -> MarkerFaces:
    """Control changes hands by flipping: the named (or first) side in front, the other behind."""
    named = marker_side(marker, game)
    sides = list(game.sides)
    first = next((side for side in sides if side.id == named), sides[0])
    second = next(side for side in sides if side != first) if len(sides) > 1 else first
    faces = [
        draw_marker_face(
            MarkerDesign("CONTROL", big_text=side.name.upper()),
            *side_colours(game, side.id),
            counter,
        )
        for side in (first, second)
    ]
    return MarkerFaces(faces[0], faces[1])


def draw_marker_face(
    design: MarkerDesign, background: RGB, ink: RGB, counter: CounterFormat
) -> Image.Image:
    """One marker face: the big word or pictogram above the label."""

    def paint(draw: ImageDraw.ImageDraw, factor: int) -> None:
        s = counter.size_px * factor
        o = counter.bleed_px * factor
        if design.snowflake:
            _snowflake(draw, o + s * 0.5, o + s * 0.4, s * 0.26, ink)
        elif design.pictogram:
            draw_symbol(
                draw, (o + s * 0.24, o + s * 0.2, o + s * 0.76, o + s * 0.54), design.pictogram, ink
            )
        elif design.big_text:
            draw_text(
                draw,
                (o + s * 0.5, o + s * 0.6),
                design.big_text,
                fitted_font(design.big_text, "condensed-bold", s * 0.84, s * 0.42),
                ink,
                anchor="ms",
            )
        for label in marker_labels(design.label, o, s):
            label.draw(draw, ink)
        if counter.outline:
            full = counter.image_px * factor
            edge = mix(background, (0, 0, 0), 0.55)
            draw.rectangle((0, 0, full - 1, full - 1), outline=edge, width=factor)

    return supersampled(
        counter.image_px, counter.image_px, background, paint, counter.supersampling
    )


def marker_labels(label: str, origin: float, s: float) -> list[Label]:
    """The label on one line, or on two when one line would shrink it below the
    counters' legible minimum (:data:`MINIMUM_LABEL_SHARE` of the side)."""
    minimum = s * MINIMUM_LABEL_SHARE
    left, right = origin + s * 0.06, origin + s * 0.94
    try:
        return fit_row(
            [(label, "centre")],
            left,
            right,
            origin + s * 0.86,
            s * 0.2,
            minimum,
            "condensed-bold",
            0,
        )
    except LabelOverflow:
        words = label.split()
        if len(words) < 2:
            raise
    half = (len(words) + 1) // 2
    lines = [
        fit_row(
            [(line, "centre")],
            left,
            right,
            origin + s * baseline,
            s * 0.17,
            minimum,
            "condensed-bold",
            0,
        )[0]
        for line, baseline in ((" ".join(words[:half]), 0.76), (" ".join(words[half:]), 0.92))
    ]
    size = min(line.size for line in lines)
    return [
        place(line.text, "condensed-bold", size, (left + right) / 2, line.y, "ms") for line in lines
    ]


def _snowflake(draw: ImageDraw.ImageDraw, cx: float, cy: float, radius: float, ink: RGB) -> None:
    """Six arms with side ticks: the freeze of DoS 10."""
    width = max(1, round(radius / 7))
    for arm in range(6):
        angle = math.pi / 2 + arm * math.pi / 3
        dx, dy = math.cos(angle), -math.sin(angle)
        draw.line((cx, cy, cx + dx * radius, cy + dy * radius), fill=ink, width=width)
        for along, length in ((0.55, 0.3), (0.8, 0.2)):
            bx, by = cx + dx * radius * along, cy + dy * radius * along
            for turn in (math.pi / 4, -math.pi / 4):
                tx = math.cos(angle + turn)
                ty = -math.sin(angle + turn)
                draw.line(
                    (bx, by, bx + tx * radius * length, by + ty * radius * length),
                    fill=ink,
                    width=width,
                )


@dataclass(frozen=True)
class VerdictOverlay:
    """How a referee verdict shows on a counter in an annotated save: a frame and a tag
    in the verdict's colour, drawn over the unit (transparent elsewhere)."""

    kind: str
    label: str
    colour: RGB


VERDICT_OVERLAYS = (
    VerdictOverlay("out-of-supply", "NO SUPPLY", rgb("#d4461a")),
    VerdictOverlay("isolated", "ISOLATED", rgb("#7a2a8c")),
)
"""The supply verdicts a player must see at a glance (issue 10): TPS isolated, and out of
supply in both games."""


def verdict_overlay(overlay: VerdictOverlay, counter: CounterFormat) -> Image.Image:
    """An RGBA image the size of a counter: a thick frame and a tag across the top."""
    factor = 4
    s = counter.size_px * factor
    canvas = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(canvas)
    edge = round(s * 0.07)
    draw.rectangle((0, 0, s - 1, s - 1), outline=(*overlay.colour, 255), width=edge)
    tag = round(s * 0.24)
    draw.rectangle((0, 0, s - 1, tag), fill=(*overlay.colour, 255))
    label = fit_row(
        [(overlay.label, "centre")],
        s * 0.05,
        s * 0.95,
        tag - s * 0.06,
        s * 0.17,
        s * MINIMUM_LABEL_SHARE,
        "condensed-bold",
        0,
    )[0]
    label.draw(draw, (255, 255, 255))
    return canvas.resize((counter.size_px, counter.size_px), Image.Resampling.LANCZOS)
