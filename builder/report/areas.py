"""An area map (Rattenkrieg) for the report, drawn as a schematic of its areas.

The game data lists Rattenkrieg's areas north to south with their neighbours, but no
outlines yet: the area map drawn from outline polygons comes with the Rattenkrieg module
(issue 12). Until then the report lays the city areas out as a column of boxes in the
data's north-to-south order, the German rear to the west and the Soviet rear beyond the
Volga to the east, and says so on the map. Built-up areas (rule 2.1) carry red names,
ordinary ones grey. Every place is an area id, as a unit's location in a position is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from xml.etree import ElementTree

from builder.art.board import INK, PAPER, TERRAIN_FILL, WATER
from builder.art.counters import SCREEN_COUNTER_PX
from builder.report.board import CITY_RED, LegendEntry
from builder.report.svg import Point, colour, element, group, number, segments_path
from rules.model import GameMap, GameSpec
from rules.referee.position import UnitState

AREA_WIDTH = 620.0
AREA_HEIGHT = 150.0
REAR_WIDTH = 300.0
VOLGA_WIDTH = 90.0
GAP = 10.0
REAR = "rear"
URBAN = "urban"


@dataclass(frozen=True)
class AreaBoard:
    """Boxes for an area map's areas, keyed by area id."""

    spec: GameSpec
    game_map: GameMap
    boxes: Mapping[str, tuple[float, float, float, float]]

    @property
    def hex_size(self) -> float:
        """The size marks and lines are scaled by (a counter and a little more)."""
        return SCREEN_COUNTER_PX * 1.2

    @property
    def counter_size(self) -> float:
        return float(SCREEN_COUNTER_PX)

    def location_of(self, state: UnitState) -> str | None:
        return state.location if state.location in self.boxes else None

    def point(self, location: str) -> Point:
        left, top, width, height = self.boxes[location]
        return left + width / 2, top + height / 2

    def outline(self, location: str) -> list[Point]:
        left, top, width, height = self.boxes[location]
        return [(left, top), (left + width, top), (left + width, top + height), (left, top + height)]

    def frame(self) -> tuple[float, float, float, float]:
        right = max(left + width for left, _, width, _ in self.boxes.values())
        bottom = max(top + height for _, top, _, height in self.boxes.values())
        return -GAP, -GAP - 40, right + 2 * GAP, bottom + 2 * GAP + 40

    def locations(self) -> dict[str, Point]:
        return {area: self.point(area) for area in self.boxes}

    def draw(self) -> ElementTree.Element:
        """The areas, the Volga between the city and the Soviet rear, and the rears' arrows (3.5)."""
        areas = {area.id: area for area in self.game_map.areas}
        layer = group("board")
        _, top, _, height = self.frame()
        city_right = REAR_WIDTH + GAP + AREA_WIDTH
        layer.append(element("rect", {"x": number(city_right + GAP / 2), "y": number(top + 40),
                                      "width": number(VOLGA_WIDTH - GAP), "height": number(height - 40),
                                      "fill": colour(TERRAIN_FILL["lake"])}))
        river_x, river_y = city_right + VOLGA_WIDTH / 2, top + height / 2
        layer.append(element("text", {"x": number(river_x), "y": number(river_y), "fill": colour(WATER),
                                      "font-size": "28", "text-anchor": "middle",
                                      "transform": f"rotate(90 {number(river_x)} {number(river_y)})"},
                             text="Volga"))
        arrows = []
        for area_id, box in self.boxes.items():
            area = areas[area_id]
            left, top_, width, height_ = box
            fill = TERRAIN_FILL["hills"] if area.kind == URBAN else TERRAIN_FILL["clear"]
            layer.append(element("rect", {"x": number(left), "y": number(top_), "width": number(width),
                                          "height": number(height_), "fill": colour(fill), "stroke": colour(INK),
                                          "stroke-width": "2", "data-area": area_id}))
            layer.append(element("text", {
                "x": number(left + 10), "y": number(top_ + 26), "font-size": "22", "font-weight": "bold",
                "fill": colour(CITY_RED if area.kind == URBAN else (90, 90, 90)),
                "stroke": colour(PAPER), "stroke-width": "3", "paint-order": "stroke",
            }, text=area.name))
            if area.kind == REAR:
                arrows += [(self._edge_towards(area_id, other), self._edge_towards(other, area_id))
                           for other in area.adjacent if other in self.boxes]
        layer.append(element("path", {"d": segments_path(arrows), "stroke": colour(INK), "stroke-width": "3",
                                      "fill": "none", "marker-end": "url(#arrowhead)", "opacity": "0.6"}))
        layer.append(element("text", {"x": "0", "y": number(top + 26), "font-size": "24", "fill": colour(INK)},
                             text="Schematic: areas north to south as the game data lists them; "
                                  "the outlined area map comes with the Rattenkrieg module."))
        return layer

    def _edge_towards(self, area: str, other: str) -> Point:
        """The point of ``area``'s box facing ``other``'s (on its left or right side)."""
        left, top, width, height = self.boxes[area]
        other_x, other_y = self.point(other)
        y = min(max(other_y, top + 20), top + height - 20)
        return (left + width if other_x > left + width else left), y

    def legend(self) -> list[LegendEntry]:
        return [
            LegendEntry("built-up area (2.1)", colour(TERRAIN_FILL["hills"]), "fill"),
            LegendEntry("ordinary area", colour(TERRAIN_FILL["clear"]), "fill"),
            LegendEntry("Volga", colour(TERRAIN_FILL["lake"]), "fill"),
            LegendEntry("from a rear area into the city (3.5)", colour(INK), "line"),
        ]


def area_board(spec: GameSpec, game_map: GameMap) -> AreaBoard:
    """The schematic: city areas in a column, the first rear area listed (the German) west,
    the other beyond the Volga east."""
    city = [area for area in game_map.areas if area.kind != REAR]
    rears = [area for area in game_map.areas if area.kind == REAR]
    boxes: dict[str, tuple[float, float, float, float]] = {}
    for row, area in enumerate(city):
        boxes[area.id] = (REAR_WIDTH + GAP, row * (AREA_HEIGHT + GAP), AREA_WIDTH, AREA_HEIGHT)
    height = len(city) * (AREA_HEIGHT + GAP) - GAP
    east = REAR_WIDTH + GAP + AREA_WIDTH + VOLGA_WIDTH
    for index, area in enumerate(rears):
        boxes[area.id] = (0.0 if index == 0 else east, 0.0, REAR_WIDTH - GAP, height)
    return AreaBoard(spec, game_map, boxes)
