"""Where everything on an area map goes: the panel's boxes, each area's name and its
places for stacks, the crossing arrows, the river's name; geometry only.

The drawing (:mod:`builder.art.area_board`), the module's zones and set-up spots
(:mod:`builder.module.areas`, :mod:`builder.module.cards`), the print-and-play pages and
the report all place things by these, so a piece the module sets up lands where the
board leaves room for it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import shapely
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon
from shapely.geometry import box as shapely_box
from shapely.ops import nearest_points, polylabel, unary_union

from builder.art.cards import screen_card
from builder.art.fonts import font
from builder.saves.area_names import duel_pile_name
from rules.areas import AreaMap, Point, centroid
from rules.model import Area, GameMap, GameSpec

PANEL_WIDTH = 400
PANEL_MARGIN = 16
PILE_DEPTH = 12
"""How many cards of a pile VASSAL draws, each :data:`PILE_STEP` px up and right of the
one under it."""
PILE_STEP = 2
LABEL_HEIGHT = 26
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
Box2D = tuple[float, float, float, float]
"""A box on the board: left, top, right, bottom."""
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
                duel_pile_name(side.name),
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
    """Where the river's name is set along its course, turned by :data:`builder.art.area_board.WATER_NAME_TURN`
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
