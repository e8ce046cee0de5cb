"""Area maps drawn from their outlines, in the look of the hex boards, with a side panel.

The map part is the game's :class:`rules.areas.AreaMap` drawn through its own frame, so
every outline is exactly the zone the module declares and the polygon the referee reads
(one truth for areas, as :mod:`rules.hexgrid` is for hexes). Built-up areas have red
names and ordinary ones grey (RKS 2.1); the arrows across the Volga are the crossings of
3.5, and the areas they reach are marked as the objectives of 4.0. The panel to the east
holds the boxes the game needs on the table: draw deck and discard pile (3.4), one card
box per side for a duel (8.4-8.7), the turn track (5.0, six turns) and the control
markers (3.6). Box positions come from :func:`panel_boxes`, which the module reads too.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image, ImageDraw
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon
from shapely.geometry import box as shapely_box
from shapely.ops import nearest_points, polylabel

from builder.art.board import INK, PAPER, WATER
from builder.art.drawing import RGB, fitted_font, mix, wrap
from builder.art.fonts import font
from rules.areas import AreaMap, Point, centroid
from rules.model import Area, GameMap, GameSpec

PANEL_WIDTH = 400
PANEL_MARGIN = 16
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
BOX_FILL: RGB = (244, 240, 226)
OBJECTIVE: RGB = (176, 36, 30)
HILL_AREA = "mamayev_kurgan"
"""Drawn with contour rings: Hill 102.0, whose holder's artillery and hand gain (9.2, 10.2)."""


@dataclass(frozen=True)
class Box:
    """A labelled box on the board: a module zone and, for the deck and discard, a pile.

    ``kind`` is ``deck``, ``discard``, ``duel``, ``turn`` or ``control``; ``note`` is
    small print under the label (e.g. the reinforcements of a turn).
    """

    name: str
    kind: str
    left: int
    top: int
    width: int
    height: int
    note: str = ""

    @property
    def centre(self) -> tuple[int, int]:
        """Where pieces go: under the label, above the small print."""
        return self.left + self.width // 2, self.top + 24 + (self.height - 54) // 2

    @property
    def corners(self) -> tuple[tuple[int, int], ...]:
        right, bottom = self.left + self.width, self.top + self.height
        return (self.left, self.top), (right, self.top), (right, bottom), (self.left, bottom)


def board_size(area_map: AreaMap) -> tuple[int, int]:
    """The whole board: the map frame and the panel east of it."""
    width, height = area_map.frame.size
    return width + PANEL_WIDTH, height


def turn_notes(spec: GameSpec) -> dict[int, str]:
    """What happens on each turn beyond the routine: arrivals (6.1, 6.2), the end (4.0)."""
    notes: dict[int, list[str]] = {}
    for unit in spec.units.values():
        for arrival in unit.arrivals:
            notes.setdefault(arrival.turn, []).append(unit.name.replace(" Division", "").replace(" Rifle", ""))
    last = max((scenario.last_turn for scenario in spec.scenarios.values()), default=0)
    result = {turn: "Arrive: " + ", ".join(names) for turn, names in notes.items()}
    if last:
        result[last] = (result.get(last, "") + " " if last in result else "") + "End: victory (4.0)"
    return result


def panel_boxes(spec: GameSpec, area_map: AreaMap) -> tuple[Box, ...]:
    """The boxes of the panel, top to bottom; names are zone names in the module."""
    left = area_map.frame.size[0] + PANEL_MARGIN
    inner = PANEL_WIDTH - 2 * PANEL_MARGIN
    half = (inner - PANEL_MARGIN) // 2
    boxes = [
        Box("Draw deck", "deck", left, 96, half, 164),
        Box("Discard pile", "discard", left + half + PANEL_MARGIN, 96, half, 164),
    ]
    for index, side in enumerate(spec.sides):
        boxes.append(Box(f"{side.name} duel card", "duel", left + index * (half + PANEL_MARGIN), 288, half, 164))
    notes = turn_notes(spec)
    last = max((scenario.last_turn for scenario in spec.scenarios.values()), default=6)
    per_row = 3
    turn_width = (inner - (per_row - 1) * 8) // per_row
    for turn in range(1, last + 1):
        row, column = divmod(turn - 1, per_row)
        boxes.append(
            Box(f"Turn {turn}", "turn", left + column * (turn_width + 8), 500 + row * 148, turn_width, 140,
                notes.get(turn, ""))
        )
    rows = math.ceil(last / per_row)
    boxes.append(Box("Control markers", "control", left, 500 + rows * 148 + 20, inner, 230))
    return tuple(boxes)


def render_area_board(spec: GameSpec, game_map: GameMap) -> Image.Image:
    """The whole board image: areas, river, arrows, names, panel."""
    area_map = game_map.area_map
    assert area_map is not None
    image = Image.new("RGB", board_size(area_map), PAPER)
    draw = ImageDraw.Draw(image)
    for area in game_map.areas:
        polygon = area_map.polygon(area.id)
        fill = _rear_fill(spec, area.id) if area.kind == "rear" else AREA_FILL[area.kind]
        draw.polygon(polygon, fill=fill)
        if area.kind == "urban":
            _buildings(draw, polygon)
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
    for water in area_map.waters:
        _water_name(image, area_map, water)
    _frame_furniture(draw, area_map)
    _panel(draw, spec, area_map)
    return image


def _rear_fill(spec: GameSpec, area_id: str) -> RGB:
    """A rear area in its side's tint: the side whose id its id starts with."""
    for side in spec.sides:
        if area_id.startswith(side.id):
            return REAR_FILL.get(side.id, AREA_FILL["rear"])
    return AREA_FILL["rear"]


def _label_point(polygon: tuple[Point, ...]) -> Point:
    """The point inside a polygon farthest from its edges (where a name fits best)."""
    point = polylabel(Polygon(polygon), tolerance=1.0)
    return point.x, point.y


def _buildings(draw: ImageDraw.ImageDraw, polygon: tuple[Point, ...]) -> None:
    """A city-block pattern inside a built-up area."""
    shape = Polygon(polygon).buffer(-10)
    if shape.is_empty:
        return
    left, top, right, bottom = shape.bounds
    step = 26
    y = top
    row = 0
    while y < bottom:
        x = left + (row % 2) * step / 2
        while x < right:
            block = Polygon([(x, y), (x + 14, y), (x + 14, y + 10), (x, y + 10)])
            if shape.contains(block):
                draw.rectangle((x, y, x + 14, y + 10), fill=BUILDING)
            x += step
        y += step * 0.7
        row += 1


def _hill(draw: ImageDraw.ImageDraw, area_map: AreaMap, area_id: str) -> None:
    """Contour rings for Mamayev Kurgan (Hill 102.0) below its name."""
    x, y = _label_point(area_map.polygon(area_id))
    for radius in (34, 24, 14):
        draw.ellipse((x - radius * 1.4, y + 22 - radius * 0.8, x + radius * 1.4, y + 22 + radius * 0.8),
                     outline=(150, 110, 70), width=2)
    draw.text((x, y + 22), "102.0", fill=(120, 84, 50), font=font(11, "bold"), anchor="mm")


def is_objective(area_map: AreaMap, area: Area) -> bool:
    """A city area an arrow reaches: joined to a rear, it is an objective of RKS 4.0."""
    return area.kind != "rear" and any(area.id in (crossing.first, crossing.second) for crossing in area_map.crossings)


@dataclass(frozen=True)
class NameLayout:
    """Where an area's name is set: its lines, size, centre x, first baseline and the
    box it covers (with the objective star and the hill), which pieces keep clear of."""

    lines: tuple[str, ...]
    size: int
    x: float
    top: float
    box: tuple[float, float, float, float]


def name_layout(area_map: AreaMap, area: Area) -> NameLayout:
    """The name of ``area`` at the point of its outline farthest from the edges."""
    x, y = _label_point(area_map.polygon(area.id))
    size = 26 if area.kind == "rear" else 17
    typeface = font(size, "bold")
    words = area.name.split(" ")
    lines = (area.name,) if typeface.getlength(area.name) < 150 or len(words) == 1 else (
        " ".join(words[: (len(words) + 1) // 2]), " ".join(words[(len(words) + 1) // 2:])
    )
    top = y - 40 if area.id == HILL_AREA else y - len(lines) * size * 0.6
    half_width = max(typeface.getlength(line) for line in lines) / 2 + 4
    bottom = top + len(lines) * size * 1.15 + 6
    if is_objective(area_map, area):
        bottom += 30
    if area.id == HILL_AREA:
        bottom, half_width = y + 52, max(half_width, 52)
    return NameLayout(lines, size, x, top, (x - half_width, top, x + half_width, bottom))


def piece_spots(area_map: AreaMap, area: Area, count: int, half_size: int = 44) -> list[tuple[int, int]]:
    """``count`` places for stacks in an area, clear of its name and of each other, each
    as close under the name as the outline allows."""
    layout = name_layout(area_map, area)
    free = Polygon(area_map.polygon(area.id)).difference(shapely_box(*layout.box))
    left, _, right, bottom = layout.box
    wanted = ShapelyPoint((left + right) / 2, bottom + half_size + 12)
    spots: list[tuple[int, int]] = []
    for _ in range(count):
        region = next(
            (shrunk for margin in (half_size, half_size * 0.8, half_size * 0.6, 0)
             if not (shrunk := free.buffer(-margin)).is_empty),
            free,
        )
        point = wanted if region.contains(wanted) else nearest_points(region, wanted)[0]
        spots.append((round(point.x), round(point.y)))
        free = free.difference(shapely_box(point.x - half_size, point.y - half_size, point.x + half_size,
                                           point.y + half_size))
        wanted = ShapelyPoint(point.x + 2 * half_size, point.y)
    return spots


def _area_name(draw: ImageDraw.ImageDraw, area_map: AreaMap, area: Area, objective: bool) -> None:
    layout = name_layout(area_map, area)
    typeface = font(layout.size, "bold")
    for index, line in enumerate(layout.lines):
        baseline = layout.top + (index + 1) * layout.size * 1.15
        draw.text((layout.x, baseline), line, fill=(255, 255, 255), font=typeface, anchor="ms", stroke_width=3,
                  stroke_fill=(255, 255, 255))
        draw.text((layout.x, baseline), line, fill=NAME_COLOUR[area.kind], font=typeface, anchor="ms")
    if objective:
        star_y = layout.top + len(layout.lines) * layout.size * 1.15 + 18
        _star(draw, layout.x, star_y, 11, OBJECTIVE)


def _star(draw: ImageDraw.ImageDraw, x: float, y: float, radius: float, colour: RGB) -> None:
    points = []
    for index in range(10):
        angle = -math.pi / 2 + index * math.pi / 5
        length = radius if index % 2 == 0 else radius * 0.45
        points.append((x + length * math.cos(angle), y + length * math.sin(angle)))
    draw.polygon(points, fill=colour)


def _arrow(draw: ImageDraw.ImageDraw, area_map: AreaMap, first: str, second: str) -> None:
    """A double-headed arrow across the river from one area's bank to the other's."""
    start, end = _facing_points(area_map, first, second)
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    tail = (start[0] + ux * 6, start[1] + uy * 6)
    head = (end[0] - ux * 6, end[1] - uy * 6)
    draw.line((tail, head), fill=ARROW, width=7)
    for tip, direction in ((head, 1), (tail, -1)):
        back = (tip[0] - direction * ux * 20, tip[1] - direction * uy * 20)
        side = (-uy * 11, ux * 11)
        draw.polygon([tip, (back[0] + side[0], back[1] + side[1]), (back[0] - side[0], back[1] - side[1])], fill=ARROW)


def _facing_points(area_map: AreaMap, first: str, second: str) -> tuple[Point, Point]:
    """Where an arrow between two areas across water starts and ends: the middle of the
    second area's edge that faces the water, and the nearest point of the first area."""
    first_shape = Polygon(area_map.polygon(first))
    second_shape = Polygon(area_map.polygon(second))
    water_edges = [edge for water in area_map.waters for edge in _ring_segments(area_map.polygon(water))]
    own = [
        segment for segment in _ring_segments(area_map.polygon(second))
        if any(_same_segment(segment, edge) for edge in water_edges)
    ]
    if own:
        (x1, y1), (x2, y2) = max(own, key=lambda segment: math.dist(*segment))
        end = ((x1 + x2) / 2, (y1 + y2) / 2)
    else:
        end = centroid(area_map.polygon(second))
    nearest = first_shape.exterior.interpolate(first_shape.exterior.project(_point(end)))
    start = (nearest.x, nearest.y)
    if second_shape.contains(_point(start)):
        start = centroid(area_map.polygon(first))
    return start, end


def _point(xy: Point) -> ShapelyPoint:
    return ShapelyPoint(xy)


def _ring_segments(polygon: tuple[Point, ...]) -> list[tuple[Point, Point]]:
    return [(polygon[index], polygon[(index + 1) % len(polygon)]) for index in range(len(polygon))]


def _same_segment(first: tuple[Point, Point], second: tuple[Point, Point]) -> bool:
    return {first[0], first[1]} == {second[0], second[1]}


def _water_name(image: Image.Image, area_map: AreaMap, water: str) -> None:
    """The river's name, set along its course at a few places."""
    polygon = area_map.polygon(water)
    shape = Polygon(polygon)
    typeface = font(22, "serif-italic")
    label = Image.new("RGBA", (int(typeface.getlength(water)) + 8, 30), (0, 0, 0, 0))
    ImageDraw.Draw(label).text((4, 24), water, fill=(*WATER, 255), font=typeface, anchor="ls")
    height = area_map.frame.size[1]
    for fraction in (0.56, 0.86):
        y = height * fraction
        inside = [x for x in range(0, area_map.frame.size[0], 2) if shape.contains(_point((x, y)))]
        if not inside:
            continue
        x = (inside[0] + inside[-1]) / 2
        turned = label.rotate(80, expand=True)
        image.paste(turned, (int(x - turned.width / 2), int(y - turned.height / 2)), turned)


def _frame_furniture(draw: ImageDraw.ImageDraw, area_map: AreaMap) -> None:
    """Frame line, north arrow and a kilometre scale in the German rear's corner."""
    width, height = area_map.frame.size
    draw.rectangle((0, 0, width - 1, height - 1), outline=INK, width=3)
    scale = area_map.frame.pixels_per_km
    x0, y0 = 24, height - 36
    for kilometre in range(5):
        fill = INK if kilometre % 2 == 0 else PAPER
        draw.rectangle((x0 + kilometre * scale, y0, x0 + (kilometre + 1) * scale, y0 + 8), fill=fill, outline=INK)
    draw.text((x0, y0 - 6), "0", fill=INK, font=font(12), anchor="ms")
    draw.text((x0 + 5 * scale, y0 - 6), "5 km", fill=INK, font=font(12), anchor="ms")
    nx, ny = 40, 40
    draw.polygon([(nx, ny - 22), (nx - 10, ny + 8), (nx, ny + 2), (nx + 10, ny + 8)], fill=INK)
    draw.text((nx, ny + 26), "N", fill=INK, font=font(16, "bold"), anchor="ms")


def _panel(draw: ImageDraw.ImageDraw, spec: GameSpec, area_map: AreaMap) -> None:
    width, height = area_map.frame.size
    left = width + PANEL_MARGIN
    inner = PANEL_WIDTH - 2 * PANEL_MARGIN
    title = spec.title.upper()
    draw.text((left + inner / 2, 44), title, fill=INK, font=fitted_font(title, "serif-bold", inner, 30), anchor="ms")
    draw.text((left + inner / 2, 72), "Stalingrad, September-November 1942", fill=INK,
              font=font(14, "serif-italic"), anchor="ms")
    for box in panel_boxes(spec, area_map):
        _box(draw, spec, box)
    boxes = panel_boxes(spec, area_map)
    _legend(draw, left, boxes[-1].top + boxes[-1].height + 28)


def _box(draw: ImageDraw.ImageDraw, spec: GameSpec, box: Box) -> None:
    right, bottom = box.left + box.width, box.top + box.height
    side_colour = next(
        (mix((255, 255, 255), _side_rgb(spec, side.id), 0.25) for side in spec.sides if box.name.startswith(side.name)),
        BOX_FILL,
    )
    draw.rectangle((box.left, box.top, right, bottom), fill=side_colour, outline=INK, width=2)
    typeface = fitted_font(box.name.upper(), "condensed-bold", box.width - 12, 16)
    draw.text((box.left + box.width / 2, box.top + 20), box.name.upper(), fill=INK, font=typeface, anchor="ms")
    if box.note:
        small = font(12, "condensed")
        lines = wrap(box.note, small, box.width - 10)
        for index, line in enumerate(reversed(lines)):
            draw.text((box.left + box.width / 2, bottom - 6 - index * 14), line, fill=INK, font=small, anchor="ms")
    if box.kind in ("deck", "discard", "duel"):
        cx, cy = box.centre
        draw.rectangle((cx - 37, cy - 52, cx + 37, cy + 52), outline=mix(side_colour, INK, 0.3), width=1)


def _side_rgb(spec: GameSpec, side: str) -> RGB:
    for nationality in spec.nationalities.values():
        if nationality.side == side:
            value = nationality.background.lstrip("#")
            return int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16)
    return INK


def _legend(draw: ImageDraw.ImageDraw, left: int, top: int) -> None:
    """What the colours and marks of the map mean, with their rules."""
    rows = (
        ("swatch", AREA_FILL["ordinary"], NAME_COLOUR["ordinary"], "Ordinary area: grey name (2.1)"),
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
            draw.text((left + 17, y + 15), "Aa", fill=ink, font=font(12, "bold"), anchor="ms")
        elif kind == "arrow":
            draw.line((left, y + 10, left + 30, y + 10), fill=fill, width=6)
            draw.polygon([(left + 34, y + 10), (left + 24, y + 3), (left + 24, y + 17)], fill=fill)
        else:
            _star(draw, left + 17, y + 10, 10, fill)
        draw.text((left + 44, y + 15), label, fill=INK, font=text, anchor="ls")
        y += 30

