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

import shapely
from PIL import Image, ImageDraw
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon
from shapely.geometry import box as shapely_box
from shapely.ops import nearest_points, polylabel, unary_union

from builder.art.cards import screen_card
from builder.art.drawing import RGB, fitted_font, mix, wrap
from builder.art.fonts import font
from builder.art.look import INK, WATER
from builder.art.map_symbols import PAPER
from builder.art.scaled_drawing import Window, board_canvas
from builder.art.text import draw_text
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
ARROW_WIDTH = 7
BOX_FILL: RGB = (244, 240, 226)
OBJECTIVE: RGB = (176, 36, 30)
PILE_DEPTH = 12
"""How many cards of a pile VASSAL draws, each :data:`PILE_STEP` px up and right of the
one under it."""
PILE_STEP = 2
LABEL_HEIGHT = 26
OBJECTIVE_STAR = 11
"""The radius of an objective's star (4.0)."""
UNITS_SPOT, MARKER_SPOT, OTHER_SIDE_SPOT = 0, 1, 2
"""What each of an area's places for stacks holds: its units (where the module sets them
up and sends arrivals), its control marker, and the other side's units while both stand
there (a combat under way, 8.1)."""
SPOTS_PER_AREA = 3
SPOT_SEARCH_STEP = 8
"""Board pixels between the places tried for a stack in an area too small for it."""
COUNTER_SHARE = 0.85
"""A counter's half width as a share of a stack's spacing (36 of 44 pixels, and a little)."""
COVER_WEIGHTS = (1000, 3, 1)
"""How much worse a counter covering a name's lines, another stack's room, or the room
kept round a name (its star, the hill) is than one lying over the next area or the
river: a hidden name cannot be read at all; a stack partly covered still shows its
counters' edges, as stacks side by side do on a table."""
WATER_NAME_SIZE = 22
WATER_NAME_TURN = 80
"""Degrees the river's name is turned anticlockwise, to run along the Volga."""
Box2D = tuple[float, float, float, float]
"""A box on the board: left, top, right, bottom."""
HILL_AREA = "mamayev_kurgan"
"""Drawn with contour rings: Hill 102.0, whose holder's artillery and hand gain (9.2, 10.2)."""
HILL_RINGS = (34, 24, 14)
"""The contour rings' half heights over 0.8; each ring is 1.4 times as wide as high is tall."""
HILL_HEIGHT = "102.0"
HILL_INK: RGB = (150, 110, 70)
HILL_TEXT: RGB = (120, 84, 50)


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
    def pile_centre(self) -> tuple[int, int]:
        """Where a pile of cards lies (the deck, the discards): low enough that, drawn
        :data:`PILE_DEPTH` cards high, it clears the label, and centred across."""
        rise = PILE_STEP * (PILE_DEPTH - 1)
        return self.left + (
            self.width - rise
        ) // 2, self.top + LABEL_HEIGHT + rise + screen_card().height_px // 2

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
            notes.setdefault(arrival.turn, []).append(
                unit.name.replace(" Division", "").replace(" Rifle", "")
            )
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
        boxes.append(
            Box(
                f"{side.name} duel card",
                "duel",
                left + index * (half + PANEL_MARGIN),
                288,
                half,
                164,
            )
        )
    notes = turn_notes(spec)
    last = max((scenario.last_turn for scenario in spec.scenarios.values()), default=6)
    per_row = 3
    turn_width = (inner - (per_row - 1) * 8) // per_row
    for turn in range(1, last + 1):
        row, column = divmod(turn - 1, per_row)
        boxes.append(
            Box(
                f"Turn {turn}",
                "turn",
                left + column * (turn_width + 8),
                500 + row * 148,
                turn_width,
                140,
                notes.get(turn, ""),
            )
        )
    rows = math.ceil(last / per_row)
    boxes.append(Box("Control markers", "control", left, 500 + rows * 148 + 20, inner, 230))
    return tuple(boxes)


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


def label_point(polygon: tuple[Point, ...]) -> Point:
    """The point inside a polygon farthest from its edges (where a name fits best)."""
    point = polylabel(Polygon(polygon), tolerance=1.0)
    return point.x, point.y


def building_blocks(polygon: tuple[Point, ...]) -> list[tuple[float, float, float, float]]:
    """The city-block pattern of a built-up area: (left, top, width, height) of each block
    lying wholly inside the outline, 10 pixels in."""
    shape = Polygon(polygon).buffer(-10)
    if shape.is_empty:
        return []
    left, top, right, bottom = shape.bounds
    step = 26
    blocks = []
    y = top
    row = 0
    while y < bottom:
        x = left + (row % 2) * step / 2
        while x < right:
            if shape.contains(Polygon([(x, y), (x + 14, y), (x + 14, y + 10), (x, y + 10)])):
                blocks.append((x, y, 14.0, 10.0))
            x += step
        y += step * 0.7
        row += 1
    return blocks


def hill_centre(area_map: AreaMap, area_id: str) -> Point:
    """Where the contour rings of Hill 102.0 and its height are centred: below the name."""
    x, y = label_point(area_map.polygon(area_id))
    return x, y + 22


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


def is_objective(area_map: AreaMap, area: Area) -> bool:
    """A city area an arrow reaches: joined to a rear, it is an objective of RKS 4.0."""
    return area.kind != "rear" and any(
        area.id in (crossing.first, crossing.second) for crossing in area_map.crossings
    )


@dataclass(frozen=True)
class NameLayout:
    """Where an area's name is set: its lines, size, centre x, first baseline, the box it
    covers with the objective star and the hill, which pieces keep clear of, and the box
    of its lines alone, which no piece may ever cover."""

    lines: tuple[str, ...]
    size: int
    x: float
    top: float
    box: Box2D
    text: Box2D

    def baseline(self, index: int) -> float:
        """The baseline of line ``index`` (from 0)."""
        return self.top + (index + 1) * self.size * 1.15

    @property
    def star_y(self) -> float:
        """The centre of an objective's star, under the last line."""
        return self.baseline(len(self.lines) - 1) + 18


def name_layout(area_map: AreaMap, area: Area) -> NameLayout:
    """The name of ``area`` at the point of its outline farthest from the edges."""
    x, y = label_point(area_map.polygon(area.id))
    size = 26 if area.kind == "rear" else 17
    typeface = font(size, "bold")
    words = area.name.split(" ")
    lines = (
        (area.name,)
        if typeface.getlength(area.name) < 150 or len(words) == 1
        else (" ".join(words[: (len(words) + 1) // 2]), " ".join(words[(len(words) + 1) // 2 :]))
    )
    top = y - 40 if area.id == HILL_AREA else y - len(lines) * size * 0.6
    half_width = max(typeface.getlength(line) for line in lines) / 2 + 4
    bottom = top + len(lines) * size * 1.15 + 6
    text = (x - half_width, top, x + half_width, bottom)
    if is_objective(area_map, area):
        bottom += 30
    if area.id == HILL_AREA:
        bottom, half_width = y + 52, max(half_width, 52)
    return NameLayout(lines, size, x, top, (x - half_width, top, x + half_width, bottom), text)


Spot = tuple[int, int]


def piece_spots(game_map: GameMap, half_size: int = 44) -> dict[str, tuple[Spot, ...]]:
    """Every area's ``SPOTS_PER_AREA`` places for stacks, each as close under the area's
    name as the outline allows and clear of every name and of every other place.

    First every place where a stack fits wholly inside its area, which is all of them in
    a roomy area; then the places of areas too small for that, the first places of every
    area before any area's second: the centre inside (a piece's zone is the area its
    centre lies in), clear of every name and every place already given, and as little
    outside the outline as can be. Computed for the whole map at once, so a stack spilling
    out of a small area never lands on a neighbour's units or marker."""
    area_map = game_map.area_map
    assert area_map is not None
    names = {area.id: name_layout(area_map, area) for area in game_map.areas}
    outlines = {area.id: Polygon(area_map.polygon(area.id)) for area in game_map.areas}
    spots: dict[str, list[Spot]] = {area.id: [] for area in game_map.areas}
    for area_id, placed in spots.items():
        while len(placed) < SPOTS_PER_AREA:
            spot = _roomy(
                outlines[area_id],
                [names[area_id].box, *(_square(own, half_size) for own in placed)],
                _wanted(names[area_id].box, placed, half_size),
                half_size,
            )
            if spot is None:
                break
            placed.append(spot)
    for index in range(SPOTS_PER_AREA):
        for area_id, placed in spots.items():
            if len(placed) > index:
                continue
            stacks = [_square(spot, half_size) for other in spots.values() for spot in other]
            wanted = _wanted(names[area_id].box, placed, half_size)
            spot = _roomy(outlines[area_id], [names[area_id].box, *stacks], wanted, half_size)
            placed.append(
                spot
                or _least_outside(
                    outlines[area_id], list(names.values()), stacks, wanted, half_size
                )
            )
    return {area_id: tuple(placed) for area_id, placed in spots.items()}


def _wanted(name: Box2D, placed: list[Spot], half_size: int) -> Point:
    """Where an area's next stack would best stand: under the name, then beside the last."""
    if placed:
        x, y = placed[-1]
        return x + 2 * half_size, y
    left, _, right, bottom = name
    return (left + right) / 2, bottom + half_size + 12


def _roomy(outline: Polygon, taken: list[Box2D], wanted: Point, half_size: int) -> Spot | None:
    """The place nearest ``wanted`` where a stack fits wholly inside ``outline`` clear of
    what is ``taken``, or None when there is no such place."""
    room = outline.difference(unary_union([shapely_box(*box) for box in taken])).buffer(-half_size)
    if room.is_empty:
        return None
    target = _point(wanted)
    point = target if room.contains(target) else nearest_points(room, target)[0]
    return round(point.x), round(point.y)


def _least_outside(
    outline: Polygon, names: list[NameLayout], stacks: list[Box2D], wanted: Point, half_size: int
) -> Spot:
    """The place for a stack with its centre in ``outline`` whose counter covers least of
    the names' lines, then of the other stacks' room, the room kept round the names and
    the land outside the outline, as weighed by ``COVER_WEIGHTS``, nearest ``wanted``
    among equals (areas compared to the hundred square pixels)."""
    left, top, right, bottom = (int(value) for value in outline.bounds)
    grid = [
        (x, y)
        for y in range(top, bottom + 1, SPOT_SEARCH_STEP)
        for x in range(left, right + 1, SPOT_SEARCH_STEP)
    ]
    inside = shapely.contains_xy(outline, [x for x, _ in grid], [y for _, y in grid])
    places = [place for place, keep in zip(grid, inside, strict=True) if keep]
    if not places:
        point = nearest_points(outline, _point(wanted))[0]
        return round(point.x), round(point.y)
    counter = half_size * COUNTER_SHARE
    reach = (left - counter, top - counter, right + counter, bottom + counter)
    text, room = [name.text for name in names], [name.box for name in names]
    near = [
        (box, weight)
        for boxes, weight in zip((text, stacks, room), COVER_WEIGHTS, strict=True)
        for box in boxes
        if _overlap(box, reach) > 0
    ]
    covered = [
        sum(weight * _overlap(_square(place, counter), box) for box, weight in near)
        for place in places
    ]
    lefts, tops, rights, bottoms = (
        list(edge) for edge in zip(*(_square(place, counter) for place in places), strict=True)
    )
    squares = shapely.box(lefts, tops, rights, bottoms)
    outside = [float(area) for area in shapely.area(shapely.difference(squares, outline))]
    best = min(
        range(len(places)),
        key=lambda index: (
            round((covered[index] + outside[index]) / 100),
            math.dist(places[index], wanted),
        ),
    )
    return places[best]


def _square(centre: tuple[float, float], half_size: float) -> Box2D:
    """The box (left, top, right, bottom) a stack of ``half_size`` at ``centre`` covers."""
    x, y = centre
    return x - half_size, y - half_size, x + half_size, y + half_size


def _overlap(first: Box2D, second: Box2D) -> float:
    """The area two boxes share."""
    width = min(first[2], second[2]) - max(first[0], second[0])
    height = min(first[3], second[3]) - max(first[1], second[1])
    return max(width, 0.0) * max(height, 0.0)


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


def star_points(x: float, y: float, radius: float) -> list[Point]:
    """A five-pointed star's outline, point up."""
    points = []
    for index in range(10):
        angle = -math.pi / 2 + index * math.pi / 5
        length = radius if index % 2 == 0 else radius * 0.45
        points.append((x + length * math.cos(angle), y + length * math.sin(angle)))
    return points


@dataclass(frozen=True)
class ArrowShape:
    """A double-headed arrow of 3.5: its shaft (drawn ``ARROW_WIDTH`` wide) and two heads."""

    shaft: tuple[Point, Point]
    heads: tuple[tuple[Point, Point, Point], tuple[Point, Point, Point]]


def arrow_shape(area_map: AreaMap, first: str, second: str) -> ArrowShape:
    """The arrow across the river from one area's bank to the other's."""
    start, end = _facing_points(area_map, first, second)
    dx, dy = end[0] - start[0], end[1] - start[1]
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    tail = (start[0] + ux * 6, start[1] + uy * 6)
    head = (end[0] - ux * 6, end[1] - uy * 6)
    heads = []
    for tip, direction in ((head, 1), (tail, -1)):
        back = (tip[0] - direction * ux * 20, tip[1] - direction * uy * 20)
        side = (-uy * 11, ux * 11)
        heads.append(
            (tip, (back[0] + side[0], back[1] + side[1]), (back[0] - side[0], back[1] - side[1]))
        )
    return ArrowShape((tail, head), (heads[0], heads[1]))


def _arrow(draw: ImageDraw.ImageDraw, area_map: AreaMap, first: str, second: str) -> None:
    shape = arrow_shape(area_map, first, second)
    draw.line(shape.shaft, fill=ARROW, width=ARROW_WIDTH)
    for head in shape.heads:
        draw.polygon(list(head), fill=ARROW)


def _facing_points(area_map: AreaMap, first: str, second: str) -> tuple[Point, Point]:
    """Where an arrow between two areas across water starts and ends: the middle of the
    second area's edge that faces the water, and the nearest point of the first area."""
    first_shape = Polygon(area_map.polygon(first))
    second_shape = Polygon(area_map.polygon(second))
    water_edges = [
        edge for water in area_map.waters for edge in _ring_segments(area_map.polygon(water))
    ]
    own = [
        segment
        for segment in _ring_segments(area_map.polygon(second))
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


def water_name_points(area_map: AreaMap, water: str) -> list[Point]:
    """Where the river's name is set along its course, turned by ``WATER_NAME_TURN``
    degrees: mid-stream at a few heights of the map."""
    shape = Polygon(area_map.polygon(water))
    height = area_map.frame.size[1]
    points = []
    for fraction in (0.56, 0.86):
        y = height * fraction
        inside = [x for x in range(0, area_map.frame.size[0], 2) if shape.contains(_point((x, y)))]
        if inside:
            points.append(((inside[0] + inside[-1]) / 2, y))
    return points


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
