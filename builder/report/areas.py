"""An area map (Rattenkrieg) for the report, drawn from the outlines the board is drawn from.

Every outline is :meth:`rules.areas.AreaMap.polygon` — the projection of the named corners
that the board image, the module's zones and the referee's pixel look-up all use — and
everything on it is placed by :mod:`builder.art.area_board`'s own geometry, so the page
looks like the board players know: grounds by kind and each rear in its side's tint, the
blocks of built-up areas, names where the board sets them (red built-up, grey ordinary,
2.1), the contours of Hill 102.0, the Volga and its name, the arrows of 3.5 and the stars
of the German objectives of 4.0.

Counters stand on the board's piece spots (:func:`builder.art.area_board.piece_spots`),
clear of the names: a side's units at the spot where the module sets units up, the
control marker at the next, as in the module; in a contested area the other side's units
stand at the spot after, so both stacks show. Every place is an area id, as a unit's
location in a position is.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from xml.etree import ElementTree

from builder.art.area_board import (
    AREA_FILL,
    ARROW,
    ARROW_WIDTH,
    BORDER,
    BUILDING,
    HILL_HEIGHT,
    HILL_INK,
    HILL_RINGS,
    HILL_TEXT,
    NAME_COLOUR,
    OBJECTIVE,
    OBJECTIVE_STAR,
    REAR_FILL,
    VOLGA,
    WATER_NAME_SIZE,
    WATER_NAME_TURN,
    area_fill,
)
from builder.art.area_layout import (
    HILL_AREA,
    MARKER_SPOT,
    OTHER_SIDE_SPOT,
    UNITS_SPOT,
    NameLayout,
    arrow_shape,
    building_blocks,
    hill_centre,
    is_objective,
    name_layout,
    piece_spots,
    star_points,
    water_name_points,
)
from builder.art.counters import SCREEN_COUNTER_PX
from builder.art.look import INK, WATER
from builder.art.map_symbols import PAPER
from builder.report.board import LegendEntry
from builder.report.svg import Point, colour, element, group, number, polygon_path, segments_path
from rules.areas import AreaMap
from rules.model import Area, GameMap, GameSpec
from rules.referee.position import UnitState

FONT = "DejaVu Sans, Verdana, sans-serif"
"""The board's own typeface first (DejaVu, shipped in ``art/fonts``), so names take the
room the board's layout gave them."""
SERIF = "DejaVu Serif, Georgia, serif"


@dataclass(frozen=True)
class AreaBoard:
    """An area map's areas, where their names and counters go, keyed by area id."""

    spec: GameSpec
    game_map: GameMap
    area_map: AreaMap
    names: Mapping[str, NameLayout]
    spots: Mapping[str, tuple[Point, ...]]

    @property
    def hex_size(self) -> float:
        """The size marks and lines are scaled by: a counter and a little more."""
        return SCREEN_COUNTER_PX * 1.2

    @property
    def counter_size(self) -> float:
        """A counter's side in map pixels: the module's piece on the module's board."""
        return float(SCREEN_COUNTER_PX)

    def area(self, area_id: str) -> Area:
        return self.game_map.area(area_id)

    def location_of(self, state: UnitState) -> str | None:
        """The area a unit stands in, or None off the map."""
        return state.location if state.location in self.spots else None

    def point(self, location: str) -> Point:
        """The middle of an area's name, where the page centres the view on the area."""
        layout = self.names[location]
        left, top, right, bottom = layout.box
        return (left + right) / 2, (top + bottom) / 2

    def stacks_at(
        self, location: str, states: Sequence[UnitState]
    ) -> list[tuple[Point, tuple[UnitState, ...]]]:
        """Each side's units in an area as one stack: at the area's units spot the side
        whose rear it is, or else the side listed first, and the other beside it."""
        by_side: dict[str, list[UnitState]] = {}
        for state in sorted(states, key=lambda state: not self._is_rear_of(location, state.side)):
            by_side.setdefault(state.side, []).append(state)
        spots = (self.spots[location][UNITS_SPOT], self.spots[location][OTHER_SIDE_SPOT])
        return [(spot, tuple(units)) for spot, units in zip(spots, by_side.values(), strict=False)]

    def _is_rear_of(self, location: str, side: str) -> bool:
        """True when ``location`` is ``side``'s rear: a rear area whose id starts with the side's."""
        return self.area(location).kind == "rear" and location.startswith(side)

    def marker_point(self, location: str) -> Point:
        """Where an area's control marker stands, as in the module's set-up."""
        return self.spots[location][MARKER_SPOT]

    def outline(self, location: str) -> list[Point]:
        return list(self.area_map.polygon(location))

    def frame(self) -> tuple[float, float, float, float]:
        """The view box: the map's frame."""
        width, height = self.area_map.frame.size
        return 0.0, 0.0, float(width), float(height)

    def locations(self) -> dict[str, Point]:
        """Every area's centre as drawn, for the page's script."""
        return {
            area: (float(number(x)), float(number(y)))
            for area in self.spots
            for x, y in (self.point(area),)
        }

    def draw(self) -> ElementTree.Element:
        """The board: grounds, blocks, the Volga, borders, the hill, names, stars, arrows,
        the river's name and the frame with its scale."""
        return group(
            "board",
            children=[
                self._grounds(),
                self._river(),
                self._borders(),
                self._hill(),
                self._names(),
                self._arrows(),
                self._frame_furniture(),
            ],
        )

    def _grounds(self) -> ElementTree.Element:
        layer = group("areas")
        for area in self.game_map.areas:
            polygon = self.area_map.polygon(area.id)
            layer.append(
                element(
                    "path",
                    {
                        "d": polygon_path([polygon]),
                        "fill": colour(area_fill(self.spec, area)),
                        "data-area": area.id,
                        "class": "area",
                    },
                    element("title", text=area.name),
                )
            )
        blocks = [
            [(left, top), (left + width, top), (left + width, top + height), (left, top + height)]
            for area in self.game_map.areas
            if area.kind == "urban"
            for left, top, width, height in building_blocks(self.area_map.polygon(area.id))
        ]
        layer.append(
            element(
                "path", {"d": polygon_path(blocks), "fill": colour(BUILDING), "class": "blocks"}
            )
        )
        return layer

    def _river(self) -> ElementTree.Element:
        return group(
            "waters",
            children=[
                element(
                    "path",
                    {
                        "d": polygon_path([self.area_map.polygon(water)]),
                        "fill": colour(VOLGA),
                        "stroke": colour(WATER),
                        "stroke-width": "2",
                        "data-water": water,
                    },
                )
                for water in self.area_map.waters
            ],
        )

    def _borders(self) -> ElementTree.Element:
        layer = group("borders")
        for area in self.game_map.areas:
            layer.append(
                element(
                    "path",
                    {
                        "d": polygon_path([self.area_map.polygon(area.id)]),
                        "fill": "none",
                        "stroke": colour(BORDER),
                        "stroke-width": "3" if area.kind == "rear" else "2",
                        "stroke-linejoin": "round",
                    },
                )
            )
        return layer

    def _hill(self) -> ElementTree.Element:
        layer = group("hill")
        if HILL_AREA not in self.spots:
            return layer
        x, y = hill_centre(self.area_map, HILL_AREA)
        for radius in HILL_RINGS:
            layer.append(
                element(
                    "ellipse",
                    {
                        "cx": number(x),
                        "cy": number(y),
                        "rx": number(radius * 1.4),
                        "ry": number(radius * 0.8),
                        "fill": "none",
                        "stroke": colour(HILL_INK),
                        "stroke-width": "2",
                    },
                )
            )
        layer.append(
            element(
                "text",
                {
                    "x": number(x),
                    "y": number(y),
                    "fill": colour(HILL_TEXT),
                    "font-size": "11",
                    "font-weight": "bold",
                    "font-family": FONT,
                    "text-anchor": "middle",
                    "dominant-baseline": "central",
                },
                text=HILL_HEIGHT,
            )
        )
        return layer

    def _names(self) -> ElementTree.Element:
        """Each area's name in its kind's colour on a white halo, and the star of an objective."""
        layer = group("area-names")
        stars = []
        for area in self.game_map.areas:
            layout = self.names[area.id]
            for index, line in enumerate(layout.lines):
                layer.append(
                    element(
                        "text",
                        {
                            "x": number(layout.x),
                            "y": number(layout.baseline(index)),
                            "font-size": str(layout.size),
                            "font-weight": "bold",
                            "font-family": FONT,
                            "text-anchor": "middle",
                            "fill": colour(NAME_COLOUR[area.kind]),
                            "stroke": colour((255, 255, 255)),
                            "stroke-width": "6",
                            "stroke-linejoin": "round",
                            "paint-order": "stroke",
                            "data-name-of": area.id,
                        },
                        text=line,
                    )
                )
            if is_objective(self.area_map, area):
                stars.append(star_points(layout.x, layout.star_y, OBJECTIVE_STAR))
        layer.append(
            element(
                "path",
                {"d": polygon_path(stars), "fill": colour(OBJECTIVE), "class": "objective-stars"},
            )
        )
        return layer

    def _arrows(self) -> ElementTree.Element:
        """The double-headed arrows of 3.5 across the Volga."""
        shapes = [
            arrow_shape(self.area_map, crossing.first, crossing.second)
            for crossing in self.area_map.crossings
        ]
        return group(
            "crossings",
            children=[
                element(
                    "path",
                    {
                        "d": segments_path(shape.shaft for shape in shapes),
                        "stroke": colour(ARROW),
                        "stroke-width": str(ARROW_WIDTH),
                        "fill": "none",
                    },
                ),
                element(
                    "path",
                    {
                        "d": polygon_path(head for shape in shapes for head in shape.heads),
                        "fill": colour(ARROW),
                    },
                ),
            ],
        )

    def _frame_furniture(self) -> ElementTree.Element:
        """The river's name along its course, the frame line and a five-kilometre scale."""
        layer = group("furniture")
        for water in self.area_map.waters:
            for x, y in water_name_points(self.area_map, water):
                layer.append(
                    element(
                        "text",
                        {
                            "x": number(x),
                            "y": number(y),
                            "fill": colour(WATER),
                            "font-size": str(WATER_NAME_SIZE),
                            "font-style": "italic",
                            "font-family": SERIF,
                            "text-anchor": "middle",
                            "dominant-baseline": "central",
                            "transform": f"rotate({-WATER_NAME_TURN} {number(x)} {number(y)})",
                        },
                        text=water,
                    )
                )
        width, height = self.area_map.frame.size
        layer.append(
            element(
                "rect",
                {
                    "x": "1.5",
                    "y": "1.5",
                    "width": number(width - 3),
                    "height": number(height - 3),
                    "fill": "none",
                    "stroke": colour(INK),
                    "stroke-width": "3",
                },
            )
        )
        scale = self.area_map.frame.pixels_per_km
        x0, y0 = 24.0, height - 36.0
        for kilometre in range(5):
            layer.append(
                element(
                    "rect",
                    {
                        "x": number(x0 + kilometre * scale),
                        "y": number(y0),
                        "width": number(scale),
                        "height": "8",
                        "fill": colour(INK if kilometre % 2 == 0 else PAPER),
                        "stroke": colour(INK),
                    },
                )
            )
        for x, label in ((x0, "0"), (x0 + 5 * scale, "5 km")):
            layer.append(
                element(
                    "text",
                    {
                        "x": number(x),
                        "y": number(y0 - 6),
                        "font-size": "12",
                        "font-family": FONT,
                        "text-anchor": "middle",
                        "fill": colour(INK),
                    },
                    text=label,
                )
            )
        return layer

    def legend(self) -> list[LegendEntry]:
        """The board's key, as the board's own legend words it, and the two rears."""
        entries = [
            LegendEntry(
                "ordinary area: grey name (2.1)",
                colour(AREA_FILL["ordinary"]),
                "fill",
                ink=colour(NAME_COLOUR["ordinary"]),
            ),
            LegendEntry(
                "built-up area: red name (2.1, 8.8)",
                colour(AREA_FILL["urban"]),
                "fill",
                ink=colour(NAME_COLOUR["urban"]),
            ),
        ]
        for side in self.spec.sides:
            if side.id in REAR_FILL:
                entries.append(
                    LegendEntry(
                        f"{side.name} rear: no enemy unit enters it (3.5)",
                        colour(REAR_FILL[side.id]),
                        "fill",
                    )
                )
        entries += [
            LegendEntry(
                "arrow: the Soviet rear joined to a city area (3.5)", colour(ARROW), "line"
            ),
            LegendEntry("German objective at the end of turn 6 (4.0)", colour(OBJECTIVE), "star"),
            LegendEntry("Volga: no unit enters it", colour(VOLGA), "fill"),
        ]
        return entries


def area_board(spec: GameSpec, game_map: GameMap) -> AreaBoard:
    """The board of an area map: each area's name layout and three piece spots."""
    area_map = game_map.area_map
    assert area_map is not None, f"{game_map.name} has no area outlines"
    names = {area.id: name_layout(area_map, area) for area in game_map.areas}
    spots = {
        area: tuple((float(x), float(y)) for x, y in placed)
        for area, placed in piece_spots(game_map).items()
    }
    return AreaBoard(spec, game_map, area_map, names, spots)
