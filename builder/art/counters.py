"""Unit counters: the two printed faces of each unit, drawn from its data.

A counter is laid out as the hex-and-counter games of the period print them: the
nationality's colours (DoS 2.6), the army or entry turn top left, the designation top
right, the size mark over a NATO symbol, and the values along the bottom — attack,
defence and movement, or one combat strength and movement when attack equals defence
(DoS 2.10, TPS "3-4"), "?" for a value the rules leave to a die roll (DoS 2.15).

Every counter has two faces: the front (full strength, or the revealed side of an
untried unit) and a back, which is the reduced step of a two-step unit (DoS 2.12), the
"U" side of an untried Soviet unit (DoS 2.14), or a blank in the unit's colours. Area
games (Rattenkrieg) print no movement; their units show their step-card count instead.

The same functions draw a VASSAL piece (:func:`screen_format`, a thin outline so
adjacent pieces stay apart) and a print counter (:func:`print_format`, bleed instead
of outline so a drifting duplex back or a wobbly cut shows no white edge).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from PIL import Image, ImageDraw

from builder.art.drawing import RGB, fitted_font, mix, rgb, supersampled
from builder.art.nato import Element, draw_size_mark, draw_symbol, paste_picture, unit_symbol
from builder.art.text import Label, LabelOverflow, UndrawableText, draw_text, fit_row
from rules.data.look import normalise_arm
from rules.model import GameSpec, Unit, UnitStep

SCREEN_COUNTER_PX = 72
"""VASSAL piece size at 100 % zoom: large enough for values readable without zooming."""

MINIMUM_LABEL_SHARE = 0.125
"""The smallest text on a counter, as a share of its side: 9 px on the 72 px VASSAL piece
at 100 % zoom, 5.6 pt on a 5/8-inch printed counter. Labels that would need less must be
shortened in the data (``properties.designation``)."""

PRINT_DPI = 300
MILLIMETRES_PER_INCH = 25.4

BackKind = Literal["reduced", "untried", "blank"]


@dataclass(frozen=True)
class CounterFormat:
    """The pixel size of a counter's face and how its edge is finished.

    ``bleed_px`` extends the background beyond the cut line on every side (the image is
    ``size_px + 2 * bleed_px`` square); ``outline`` draws a thin darker edge instead.
    ``supersampling``: how many times larger the face is painted, then shrunk (2 for a page
    of many faces on screen; None: as :func:`~builder.art.drawing.supersampling` decides)."""

    size_px: int
    bleed_px: int = 0
    outline: bool = True
    supersampling: int | None = None

    @property
    def image_px(self) -> int:
        """The side of the whole image, bleed included."""
        return self.size_px + 2 * self.bleed_px


def screen_format(size_px: int = SCREEN_COUNTER_PX) -> CounterFormat:
    """A VASSAL piece: outlined, no bleed."""
    return CounterFormat(size_px=size_px)


def print_format(
    counter_inches: float, bleed_mm: float = 1.0, dpi: int = PRINT_DPI
) -> CounterFormat:
    """A printed counter ``counter_inches`` wide at ``dpi``, with ``bleed_mm`` of bleed."""
    return CounterFormat(
        size_px=round(counter_inches * dpi),
        bleed_px=round(bleed_mm / MILLIMETRES_PER_INCH * dpi),
        outline=False,
    )


@dataclass(frozen=True)
class UnitFaces:
    """The two printed faces of one unit's counter and what its back is."""

    front: Image.Image
    back: Image.Image
    back_kind: BackKind


@dataclass(frozen=True)
class FaceText:
    """What one face of a counter says, before it is drawn."""

    corner: str
    designation: str
    size: str
    symbol: frozenset[Element]
    values: str
    step_cards: str
    reduced: bool
    area_game: bool
    image: Path | None = None
    """A game's own picture for the arm, drawn in the symbol's frame (``[[arm]] image``)."""
    image_data: bytes | None = None
    """That picture's bytes when a module carried the data (no folder to read it from)."""


_ORDINAL = re.compile(r"^(\d+)(st|nd|rd|th)$", re.IGNORECASE)
_DROPPED_WORDS = frozenset(
    "division corps army brigade regiment battalion group infantry rifle panzer tank armoured armored "
    "motorised motorized mechanised mechanized cavalry artillery heavy mountain field the of naval marine "
    "fortified area garrison destroyer flak engineer pioneer supply unit air headquarters hq "
    "german soviet romanian hungarian italian slovak".split()
)
_SHORT_WORDS = {
    "guards": "Gds",
    "shock": "Sh",
    "south-map": "South",
    "jäger": "Jg",
    "jager": "Jg",
    "luftwaffe": "LW",
    "kampfgruppe": "KG",
    "ss": "SS",
}


def designation(unit: Unit) -> str:
    """The short ID printed on the counter: ``properties.designation`` when the data
    gives one, else the name without words the symbol and colours already say
    ("13th Guards Rifle Division" -> "13 Gds") and without the words the corner mark
    already prints ("1st Guards Army rifle corps 2" under "1 Gds" -> "2"), cut to two
    words, else the unit's id. An untried unit without a designation has none here: the
    turn record and set-up sheets list it as a slot of a random draw (DoS 3.2); its
    revealed side prints :func:`printed_designation`."""
    if unit.traits.designation is not None:
        return unit.traits.designation
    if unit.untried:
        return ""
    return name_designation(unit)


def printed_designation(unit: Unit) -> str:
    """What a counter's front prints top right: its :func:`designation`, and on an
    untried unit's revealed side (DoS 2.14) the one its name gives, as every other
    counter prints, so a revealed unit says which it is (issue 21)."""
    return designation(unit) or name_designation(unit)


def name_designation(unit: Unit) -> str:
    """The designation a unit's name gives (see :func:`designation`)."""
    name = re.sub(r"\([^)]*\)", "", unit.name)
    words = []
    for word in name.split():
        ordinal = _ORDINAL.match(word)
        lowered = word.lower()
        if ordinal:
            words.append(ordinal.group(1))
        elif lowered in _SHORT_WORDS:
            words.append(_SHORT_WORDS[lowered])
        elif lowered not in _DROPPED_WORDS:
            words.append(word)
    corner = corner_text(unit).split()
    if corner and words[: len(corner)] == corner and len(words) > len(corner):
        words = words[len(corner) :]
    return " ".join(words[:2]) or unit.id


def corner_text(unit: Unit) -> str:
    """Top-left text: the printed mark (``properties.counter``, e.g. DoS "Ur3", rule
    2.13), else the Blue set-up army (``properties.army``, e.g. "6A"), else the entry
    turn (the earliest and "+" when scenario options differ). Untried units show none:
    they are drawn at random (DoS 3.2), so the army of the slot they fill is not printed
    on them."""
    if unit.untried:
        return ""
    for mark in (unit.traits.counter, unit.traits.army):
        if mark is not None:
            return mark
    turns = sorted({arrival.turn for arrival in unit.arrivals})
    if len(turns) > 1:
        # Entry turns that differ by scenario option: the earliest, "+" sends the
        # reader to the scenario's turn record chart.
        return f"{turns[0]}+"
    return str(turns[0]) if turns else ""


def values_text(step: UnitStep, with_movement: bool, template: str | None = None) -> str:
    """The bottom line as the game's data says (``template``, :attr:`GameSpec.counter_values`),
    or by default ``C-M`` where attack equals defence, else ``A-D-M`` (an area game's
    counters print no movement); "?" for None."""

    def shown(value: int | None) -> str:
        return "?" if value is None else str(value)

    if step.attack is not None and step.attack == step.defence:
        combat = shown(step.attack)
    else:
        combat = f"{shown(step.attack)}-{shown(step.defence)}"
    if template is None:
        template = "{combat}-{movement}" if with_movement else "{combat}"
    return template.format_map(
        {
            "attack": shown(step.attack),
            "defence": shown(step.defence),
            "movement": shown(step.movement),
            "combat": combat,
        }
    )


def is_flight(unit: Unit) -> bool:
    """A TPS air unit's flight counter (``arm = "air_flight"``, as the referee reads it)."""
    return unit.arm == "air_flight"


def face_text(unit: Unit, game: GameSpec, step_index: int) -> FaceText:
    """What the face showing step ``step_index`` (0 = full strength) says."""
    where = str(Path(game.folder) / "units.toml")
    symbol = unit_symbol(unit.arm, unit.mobility, where, game.arms)
    air_half = unit.traits.air_unit
    if air_half and not is_flight(unit) and Element.AIR in symbol:
        symbol = symbol | {Element.SUPPLY}
    if is_flight(unit) and unit.traits.flight_range is not None:
        # A flight's one value is its air superiority attack; range replaces movement.
        attack = unit.steps[step_index].attack
        values = f"{'?' if attack is None else attack} R{unit.traits.flight_range}"
    else:
        values = values_text(unit.steps[step_index], not game.is_area_game, game.counter_values)
    return FaceText(
        corner=corner_text(unit),
        designation=printed_designation(unit),
        size=unit.size,
        symbol=symbol,
        values=values,
        step_cards=_step_card_count(unit),
        reduced=step_index > 0,
        area_game=game.is_area_game,
        image=_arm_image(unit, game),
        image_data=_arm_image_data(unit, game),
    )


def _arm_image(unit: Unit, game: GameSpec) -> Path | None:
    """The picture a game's own arm is drawn with, if it has one."""
    look = game.arms.get(normalise_arm(unit.arm))
    return None if look is None or look.image is None else Path(game.folder) / look.image


def _arm_image_data(unit: Unit, game: GameSpec) -> bytes | None:
    """The picture's bytes, when the game's data came from a module that carries them."""
    look = game.arms.get(normalise_arm(unit.arm))
    return None if look is None else look.image_data


def _step_card_count(unit: Unit) -> str:
    """The step cards dealt to an area-game unit (RKS 3.3); none shown for a unit with 0."""
    return str(unit.traits.step_cards) if unit.traits.step_cards else ""


def untried_text(unit: Unit, game: GameSpec) -> FaceText:
    """The untried side: symbol, size, movement and a capital U, nothing else (DoS 2.14)."""
    front = face_text(unit, game, 0)
    movement = unit.steps[0].movement
    values = "U" if game.is_area_game else f"U-{'?' if movement is None else movement}"
    return FaceText(
        "", "", front.size, front.symbol, values, "", reduced=False, area_game=front.area_game
    )


def face_texts(unit: Unit, game: GameSpec) -> tuple[FaceText, FaceText | None, BackKind]:
    """What the front and back of ``unit``'s counter say (no back text when it is blank)."""
    front = face_text(unit, game, 0)
    if unit.untried:
        return front, untried_text(unit, game), "untried"
    if len(unit.steps) > 1:
        return front, face_text(unit, game, 1), "reduced"
    return front, None, "blank"


@dataclass(frozen=True)
class FaceDesign:
    """Everything a drawn face depends on: what it says (None: a blank back) and its
    colours. Units whose faces have equal designs have identical pictures, so a
    module draws and stores each design once."""

    text: FaceText | None
    background: RGB
    ink: RGB


def unit_designs(unit: Unit, game: GameSpec) -> tuple[FaceDesign, FaceDesign, BackKind]:
    """The designs of ``unit``'s front and back, and what its back is."""
    nationality = game.nationalities[unit.nationality]
    background, ink = rgb(nationality.background), rgb(nationality.text)
    front_text, back_text, back_kind = face_texts(unit, game)
    return (
        FaceDesign(front_text, background, ink),
        FaceDesign(back_text, background, ink),
        back_kind,
    )


def draw_unit_face(
    unit: Unit, game: GameSpec, design: FaceDesign, counter: CounterFormat
) -> Image.Image:
    """One face of ``unit``'s counter in ``counter``'s format.

    A label that cannot be drawn or does not fit is reported against the unit in
    ``units.toml``, where a shorter ``properties.designation`` mends it.
    """
    try:
        if design.text is None:
            return blank_face(design.background, design.ink, counter)
        return draw_face(design.text, design.background, design.ink, counter)
    except UndrawableText as error:
        raise UndrawableText(
            Path(game.folder) / "units.toml", f"unit {unit.id}", error.message
        ) from error
    except LabelOverflow as error:
        minimum = (
            f"{MINIMUM_LABEL_SHARE * SCREEN_COUNTER_PX:.0f} px on a {SCREEN_COUNTER_PX} px counter"
        )
        raise LabelOverflow(
            Path(game.folder) / "units.toml",
            f"unit {unit.id}",
            f"counter labels {error.message} ({minimum}); give a shorter properties.designation",
        ) from error


def unit_faces(unit: Unit, game: GameSpec, counter: CounterFormat) -> UnitFaces:
    """Both faces of ``unit``'s counter in ``counter``'s format."""
    front, back, back_kind = unit_designs(unit, game)
    return UnitFaces(
        draw_unit_face(unit, game, front, counter),
        draw_unit_face(unit, game, back, counter),
        back_kind,
    )


def blank_face(background: RGB, ink: RGB, counter: CounterFormat) -> Image.Image:
    """A face in the counter's colours with nothing on it (the back of a one-step unit)."""

    def paint(draw: ImageDraw.ImageDraw, factor: int) -> None:
        if counter.outline:
            _outline(draw, counter, factor, background, ink)

    return supersampled(
        counter.image_px, counter.image_px, background, paint, counter.supersampling
    )


def face_labels(text: FaceText, counter: CounterFormat, factor: int = 1) -> list[Label]:
    """Where each label of a face goes, on a canvas ``factor`` times the counter's size.

    The top row (corner mark left, designation right) and the values share their rows
    at the largest size that fits without touching; nothing is set below
    :data:`MINIMUM_LABEL_SHARE` of the counter's side (:class:`LabelOverflow` instead).
    """
    s = counter.size_px * factor
    ox = oy = counter.bleed_px * factor
    minimum = s * MINIMUM_LABEL_SHARE
    gap = s * 0.05
    top_size = s * 0.17
    top_baseline = oy + s * 0.06 + top_size * 0.8
    bottom_baseline = oy + s * 0.935
    left, right = ox + s * 0.07, ox + s * 0.93
    if not text.area_game:
        labels = fit_row(
            [(text.corner, "left"), (text.designation, "right")],
            left,
            right,
            top_baseline,
            top_size,
            minimum,
            "condensed-bold",
            gap,
        )
        return labels + fit_row(
            [(text.values, "centre")],
            ox + s * 0.06,
            ox + s * 0.94,
            bottom_baseline,
            s * 0.3,
            minimum,
            "condensed-bold",
            gap,
        )
    card_room = s * 0.2 * 0.72 + gap if text.step_cards else 0.0
    labels = fit_row(
        [(text.designation, "left")],
        left,
        right - card_room,
        top_baseline,
        top_size,
        minimum,
        "condensed-bold",
        gap,
    )
    corner = fit_row(
        [(text.corner, "left")],
        left,
        ox + s * 0.4,
        bottom_baseline,
        top_size,
        minimum,
        "condensed-bold",
        gap,
    )
    margin = (corner[0].box[2] - left + gap) if corner else 0.0
    values = fit_row(
        [(text.values, "centre")],
        left + margin,
        right - margin,
        bottom_baseline,
        s * 0.3,
        minimum,
        "condensed-bold",
        gap,
    )
    return labels + corner + values


def draw_face(text: FaceText, background: RGB, ink: RGB, counter: CounterFormat) -> Image.Image:
    """One counter face from its text, in the nationality's colours."""

    def paint(draw: ImageDraw.ImageDraw, factor: int) -> None:
        s = counter.size_px * factor
        ox = oy = counter.bleed_px * factor
        if text.reduced:
            _reduced_band(draw, ox, oy, s, background, ink)
        frame = (ox + s * 0.27, oy + s * 0.38, ox + s * 0.73, oy + s * 0.64)
        if text.area_game and text.step_cards:
            _step_cards(
                draw, ox + s * 0.93, oy + s * 0.05, s * 0.2, text.step_cards, background, ink
            )
        for label in face_labels(text, counter, factor):
            label.draw(draw, ink)
        if text.size:
            draw_size_mark(draw, text.size, ox + s * 0.5, frame[1] - s * 0.03, s * 0.09, ink)
        draw_symbol(draw, frame, text.symbol, ink)
        if counter.outline:
            _outline(draw, counter, factor, background, ink)

    face = supersampled(
        counter.image_px, counter.image_px, background, paint, counter.supersampling
    )
    if text.image is not None:
        s, origin = counter.size_px, counter.bleed_px
        frame = (origin + s * 0.27, origin + s * 0.38, origin + s * 0.73, origin + s * 0.64)
        paste_picture(face, frame, text.image, text.image_data)
    return face


def _reduced_band(
    draw: ImageDraw.ImageDraw, ox: float, oy: float, s: float, background: RGB, ink: RGB
) -> None:
    """A pale band behind the values: the classic mark of a reduced side."""
    band = mix(background, ink, 0.3)
    draw.rectangle((ox, oy + s * 0.69, ox + s, oy + s * 0.97), fill=band)


def _step_cards(
    draw: ImageDraw.ImageDraw,
    right: float,
    top: float,
    height: float,
    count: str,
    background: RGB,
    ink: RGB,
) -> None:
    """A small playing card with the number of step cards the unit is dealt (RKS 3.3)."""
    width = height * 0.72
    card = (right - width, top, right, top + height)
    draw.rounded_rectangle(
        card,
        radius=height * 0.12,
        fill=(255, 255, 255),
        outline=ink,
        width=max(1, round(height / 14)),
    )
    draw_text(
        draw,
        ((card[0] + card[2]) / 2, top + height * 0.8),
        count,
        fitted_font(count, "condensed-bold", width * 0.9, height * 0.8),
        (0, 0, 0),
        anchor="ms",
    )


def _outline(
    draw: ImageDraw.ImageDraw, counter: CounterFormat, factor: int, background: RGB, ink: RGB
) -> None:
    """A one-pixel edge, darker than the background, so adjacent pieces read as two."""
    edge = mix(background, (0, 0, 0), 0.55)
    full = counter.image_px * factor
    draw.rectangle((0, 0, full - 1, full - 1), outline=edge, width=factor)
