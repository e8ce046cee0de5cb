"""Area maps drawn from their outlines, in the look of the hex boards, with a side panel.

The map part is the game's :class:`rules.areas.AreaMap` drawn through its own frame, so
every outline is exactly the zone the module declares and the polygon the referee reads
(one truth for areas, as :mod:`rules.hexgrid` is for hexes). Built-up areas have red
names and ordinary ones grey (RKS 2.1); the arrows across the Volga are the crossings of
3.5, and the areas they reach are marked as the objectives of 4.0. The panel to the east
holds the boxes the game needs on the table: draw deck and discard pile (3.4), one card
box per side for a duel (8.4-8.7), the turn track (5.0, six turns) and the control
markers (3.6). Where each thing goes is :mod:`builder.art.area_layout`'s, which the module reads too.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from builder.art.area_layout import (
    HILL_AREA,
    PANEL_MARGIN,
    PANEL_WIDTH,
    Box,
    arrow_shape,
    board_size,
    building_blocks,
    hill_centre,
    is_objective,
    name_layout,
    panel_boxes,
    star_points,
    water_name_points,
)
from builder.art.cards import screen_card
from builder.art.drawing import RGB, fitted_font, mix, wrap
from builder.art.fonts import font
from builder.art.look import INK, WATER
from builder.art.map_symbols import PAPER
from builder.art.scaled_drawing import Window, board_canvas
from builder.art.text import draw_text
from rules.areas import AreaMap
from rules.model import Area, GameMap, GameSpec

AREA_FILL: dict[str, RGB] = {
    "ordinary": (233, 226, 196),
    "urban": (226, 210, 196),
    "rear": (214, 214, 200),
}
REAR_FILL: dict[str, RGB] = {"german": (208, 208, 196), "soviet": (222, 208, 196)}
NAME_COLOUR: dict[str, RGB] = {"ordinary": (110, 110, 110), "urban": (190, 30, 30), "rear": INK}
BORDER: RGB = (70, 60, 50)
BUILDING: RGB = (196, 176, 160)
VOLGA: RGB = (150, 186, 220)
ARROW: RGB = (176, 36, 30)
ARROW_WIDTH = 7
BOX_FILL: RGB = (244, 240, 226)
OBJECTIVE: RGB = (176, 36, 30)
OBJECTIVE_STAR = 11
"""The radius of an objective's star (4.0)."""
WATER_NAME_SIZE = 22
WATER_NAME_TURN = 80
"""Degrees the river's name is turned anticlockwise, to run along the Volga."""
HILL_RINGS = (34, 24, 14)
"""The contour rings' half heights over 0.8; each ring is 1.4 times as wide as high is tall."""
HILL_HEIGHT = "102.0"
HILL_INK: RGB = (150, 110, 70)
HILL_TEXT: RGB = (120, 84, 50)


def render_area_board(
    spec: GameSpec, game_map: GameMap, scale: float = 1.0, window: Window | None = None
) -> Image.Image:
    """The whole board image: areas, river, arrows, names, panel.

    ``scale`` draws the same board that many times larger (print wants 300 ppi at the
    counters' scale) and ``window`` (left, top, right, bottom in pixels of the scaled
    board) only that part of it, as the hex boards do
    (:func:`builder.art.scaled_drawing.board_canvas`): one drawing for screen and paper,
    and a print tile never needs the whole board in memory. At scale 1 with no window
    the module's board comes out unchanged.
    """
    area_map = game_map.area_map
    assert area_map is not None
    image, draw = board_canvas(board_size(area_map), PAPER, scale, window)
    for area in game_map.areas:
        polygon = area_map.polygon(area.id)
        draw.polygon(polygon, fill=area_fill(spec, area))
        if area.kind == "urban":
            for left, top, width, height in building_blocks(polygon):
                draw.rectangle((left, top, left + width, top + height), fill=BUILDING)
    for water in area_map.waters:
        draw.polygon(area_map.polygon(water), fill=VOLGA)
        draw.line([*area_map.polygon(water), area_map.polygon(water)[0]], fill=WATER, width=2)
    for area in game_map.areas:
        polygon = area_map.polygon(area.id)
        draw.line([*polygon, polygon[0]], fill=BORDER, width=3 if area.kind == "rear" else 2)
    if any(area.id == HILL_AREA for area in game_map.areas):
        _hill(draw, area_map, HILL_AREA)
    for area in game_map.areas:
        _area_name(draw, area_map, area, is_objective(area_map, area))
    for crossing in area_map.crossings:
        _arrow(draw, area_map, crossing.first, crossing.second)
    origin = (0, 0) if window is None else (window[0], window[1])
    for water in area_map.waters:
        _water_name(image, area_map, water, scale, origin)
    _frame_furniture(draw, area_map)
    _panel(draw, spec, area_map)
    return image


def area_fill(spec: GameSpec, area: Area) -> RGB:
    """An area's ground: by kind, and a rear in its side's tint (the side whose id its id
    starts with)."""
    if area.kind != "rear":
        return AREA_FILL[area.kind]
    for side in spec.sides:
        if area.id.startswith(side.id):
            return REAR_FILL.get(side.id, AREA_FILL["rear"])
    return AREA_FILL["rear"]


def _hill(draw: ImageDraw.ImageDraw, area_map: AreaMap, area_id: str) -> None:
    """Contour rings for Mamayev Kurgan (Hill 102.0) below its name."""
    x, y = hill_centre(area_map, area_id)
    for radius in HILL_RINGS:
        draw.ellipse(
            (x - radius * 1.4, y - radius * 0.8, x + radius * 1.4, y + radius * 0.8),
            outline=HILL_INK,
            width=2,
        )
    draw_text(draw, (x, y), HILL_HEIGHT, font(11, "bold"), HILL_TEXT, anchor="mm")


def _area_name(draw: ImageDraw.ImageDraw, area_map: AreaMap, area: Area, objective: bool) -> None:
    layout = name_layout(area_map, area)
    typeface = font(layout.size, "bold")
    for index, line in enumerate(layout.lines):
        baseline = layout.baseline(index)
        draw_text(
            draw,
            (layout.x, baseline),
            line,
            typeface,
            (255, 255, 255),
            anchor="ms",
            stroke_width=3,
            stroke_fill=(255, 255, 255),
        )
        draw_text(draw, (layout.x, baseline), line, typeface, NAME_COLOUR[area.kind], anchor="ms")
    if objective:
        draw.polygon(star_points(layout.x, layout.star_y, OBJECTIVE_STAR), fill=OBJECTIVE)


def _arrow(draw: ImageDraw.ImageDraw, area_map: AreaMap, first: str, second: str) -> None:
    shape = arrow_shape(area_map, first, second)
    draw.line(shape.shaft, fill=ARROW, width=ARROW_WIDTH)
    for head in shape.heads:
        draw.polygon(list(head), fill=ARROW)


def _water_name(
    image: Image.Image, area_map: AreaMap, water: str, scale: float, origin: tuple[int, int]
) -> None:
    """The river's name, set along its course at a few places.

    Turned text cannot be drawn through a scaling context, so it is set ``scale`` times
    larger on a picture of its own, turned, and pasted at its scaled place less the
    window's ``origin`` (the window's top left in scaled pixels)."""
    typeface = font(WATER_NAME_SIZE, "serif-italic")
    if scale != 1.0:
        typeface = typeface.font_variant(size=WATER_NAME_SIZE * scale)
    label = Image.new(
        "RGBA", (int(typeface.getlength(water) + 8 * scale), round(30 * scale)), (0, 0, 0, 0)
    )
    draw_text(
        ImageDraw.Draw(label), (4 * scale, 24 * scale), water, typeface, (*WATER, 255), anchor="ls"
    )
    turned = label.rotate(WATER_NAME_TURN, expand=True)
    for x, y in water_name_points(area_map, water):
        corner = (
            int(x * scale - turned.width / 2) - origin[0],
            int(y * scale - turned.height / 2) - origin[1],
        )
        image.paste(turned, corner, turned)


def _frame_furniture(draw: ImageDraw.ImageDraw, area_map: AreaMap) -> None:
    """Frame line, north arrow and a kilometre scale in the German rear's corner."""
    width, height = area_map.frame.size
    draw.rectangle((0, 0, width - 1, height - 1), outline=INK, width=3)
    scale = area_map.frame.pixels_per_km
    x0, y0 = 24, height - 36
    for kilometre in range(5):
        fill = INK if kilometre % 2 == 0 else PAPER
        draw.rectangle(
            (x0 + kilometre * scale, y0, x0 + (kilometre + 1) * scale, y0 + 8),
            fill=fill,
            outline=INK,
        )
    draw_text(draw, (x0, y0 - 6), "0", font(12), INK, anchor="ms")
    draw_text(draw, (x0 + 5 * scale, y0 - 6), "5 km", font(12), INK, anchor="ms")
    nx, ny = 40, 40
    draw.polygon([(nx, ny - 22), (nx - 10, ny + 8), (nx, ny + 2), (nx + 10, ny + 8)], fill=INK)
    draw_text(draw, (nx, ny + 26), "N", font(16, "bold"), INK, anchor="ms")


def _panel(draw: ImageDraw.ImageDraw, spec: GameSpec, area_map: AreaMap) -> None:
    width, height = area_map.frame.size
    left = width + PANEL_MARGIN
    inner = PANEL_WIDTH - 2 * PANEL_MARGIN
    title = spec.title.upper()
    draw_text(
        draw,
        (left + inner / 2, 44),
        title,
        fitted_font(title, "serif-bold", inner, 30),
        INK,
        anchor="ms",
    )
    draw_text(
        draw,
        (left + inner / 2, 72),
        "Stalingrad, September-November 1942",
        font(14, "serif-italic"),
        INK,
        anchor="ms",
    )
    for box in panel_boxes(spec, area_map):
        _box(draw, spec, box)
    boxes = panel_boxes(spec, area_map)
    _legend(draw, left, boxes[-1].top + boxes[-1].height + 28)


def _box(draw: ImageDraw.ImageDraw, spec: GameSpec, box: Box) -> None:
    right, bottom = box.left + box.width, box.top + box.height
    side_colour = next(
        (
            mix((255, 255, 255), _side_rgb(spec, side.id), 0.25)
            for side in spec.sides
            if box.name.startswith(side.name)
        ),
        BOX_FILL,
    )
    draw.rectangle((box.left, box.top, right, bottom), fill=side_colour, outline=INK, width=2)
    typeface = fitted_font(box.name.upper(), "condensed-bold", box.width - 12, 16)
    draw_text(
        draw, (box.left + box.width / 2, box.top + 20), box.name.upper(), typeface, INK, anchor="ms"
    )
    if box.note:
        small = font(12, "condensed")
        lines = wrap(box.note, small, box.width - 10)
        for index, line in enumerate(reversed(lines)):
            draw_text(
                draw,
                (box.left + box.width / 2, bottom - 6 - index * 14),
                line,
                small,
                INK,
                anchor="ms",
            )
    if box.kind in ("deck", "discard", "duel"):
        cx, cy = box.centre if box.kind == "duel" else box.pile_centre
        half_width, half_height = screen_card().width_px // 2, screen_card().height_px // 2
        draw.rectangle(
            (cx - half_width, cy - half_height, cx + half_width, cy + half_height),
            outline=mix(side_colour, INK, 0.3),
            width=1,
        )


def _side_rgb(spec: GameSpec, side: str) -> RGB:
    for nationality in spec.nationalities.values():
        if nationality.side == side:
            value = nationality.background.lstrip("#")
            return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)
    return INK


def _legend(draw: ImageDraw.ImageDraw, left: int, top: int) -> None:
    """What the colours and marks of the map mean, with their rules."""
    rows = (
        (
            "swatch",
            AREA_FILL["ordinary"],
            NAME_COLOUR["ordinary"],
            "Ordinary area: grey name (2.1)",
        ),
        ("swatch", AREA_FILL["urban"], NAME_COLOUR["urban"], "Built-up area: red name (2.1, 8.8)"),
        ("arrow", ARROW, ARROW, "Arrow: Soviet rear to a city area (3.5)"),
        ("star", OBJECTIVE, OBJECTIVE, "German objective at the end of turn 6 (4.0)"),
        ("swatch", VOLGA, WATER, "Volga: no unit enters it"),
    )
    text = font(14)
    y = top
    for kind, fill, ink, label in rows:
        if kind == "swatch":
            draw.rectangle((left, y, left + 34, y + 20), fill=fill, outline=BORDER)
            draw_text(draw, (left + 17, y + 15), "Aa", font(12, "bold"), ink, anchor="ms")
        elif kind == "arrow":
            draw.line((left, y + 10, left + 30, y + 10), fill=fill, width=6)
            draw.polygon([(left + 34, y + 10), (left + 24, y + 3), (left + 24, y + 17)], fill=fill)
        else:
            draw.polygon(star_points(left + 17, y + 10, 10), fill=fill)
        draw_text(draw, (left + 44, y + 15), label, text, INK, anchor="ls")
        y += 30
