"""A hex board as SVG, drawn from the same data and colours as the module's board image.

Hex centres and corners come from :meth:`rules.hexgrid.HexMap.centre` and
:meth:`~rules.hexgrid.HexMap.corners`, the arithmetic VASSAL snaps pieces with, so a
counter the report draws in N3635 stands where the module puts it; colours and line
styles are :mod:`builder.art.board`'s, so the page looks like the board players know.
A hexside's ends are the corners where three hexes meet, each the mean of those three
centres, so a river on the seam of the DoS North and South boards is drawn like any other.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from xml.etree import ElementTree

from builder.art.board import TOWN_LABEL_GAP, town_label_font, towns_named_above
from builder.art.counters import SCREEN_COUNTER_PX
from builder.art.look import INK, WATER, look_of
from builder.art.map_symbols import GRID, PAPER, ROAD_CASING, ROAD_FILL, town_symbol_size
from builder.report.svg import Point, colour, element, group, number, polygon_path, segments_path
from rules.hexes import Hex, HexCorner, HexSide
from rules.hexgrid import HexMap
from rules.model import GameMap, GameSpec
from rules.referee.position import UnitState

CITY_RED = (190, 40, 36)


@dataclass(frozen=True)
class LegendEntry:
    """One line of the map's legend: a swatch (``fill``, ``line`` or ``star``) and what it means."""

    name: str
    colour: str
    kind: str
    dashed: bool = False
    ink: str | None = None
    """A fill swatch's lettering colour, when the key is about names (red built-up areas)."""


@dataclass(frozen=True)
class HexBoard:
    """The playable hexes of a game's hex map and where each is drawn, in map pixels."""

    spec: GameSpec
    game_map: GameMap
    hex_map: HexMap
    hexes: tuple[Hex, ...]
    by_label: Mapping[str, Hex]

    @property
    def hex_size(self) -> float:
        """The distance between hex centres across a hexside (the grid's ``dy``)."""
        return self.hex_map.boards[0].grid.dy

    @property
    def counter_size(self) -> float:
        """A counter's side in map pixels: the module's piece on the module's board."""
        return float(SCREEN_COUNTER_PX)

    def location_of(self, state: UnitState) -> str | None:
        """The printed number of the hex a unit stands in, or None off the map."""
        return None if state.hex is None else self.game_map.label(state.hex)

    def point(self, location: str) -> Point:
        """The centre of the hex with printed number ``location``."""
        return self.centre(self.by_label[location])

    def stacks_at(
        self, location: str, states: Sequence[UnitState]
    ) -> list[tuple[Point, tuple[UnitState, ...]]]:
        """A hex's units: one stack at its centre, where VASSAL snaps them."""
        return [(self.point(location), tuple(states))]

    def outline(self, location: str) -> list[Point]:
        """The corners of the hex with printed number ``location``."""
        return self.hex_map.corners(self.by_label[location])

    def draw(self) -> ElementTree.Element:
        return draw_board(self)

    def legend(self) -> list[LegendEntry]:
        return legend(self)

    def locations(self) -> dict[str, Point]:
        """Every hex's printed number and centre, rounded as drawn, for the page's script."""
        return {
            label: (float(number(x)), float(number(y)))
            for label, hex_ in self.by_label.items()
            for x, y in (self.centre(hex_),)
        }

    def centre(self, hex_: Hex) -> Point:
        return self.hex_map.centre(hex_)

    def corner(self, corner: HexCorner) -> Point:
        """Where three hexes meet: the mean of their centres."""
        points = [self.centre(hex_) for hex_ in corner.hexes]
        return sum(x for x, _ in points) / 3, sum(y for _, y in points) / 3

    def side_segment(self, side: HexSide) -> tuple[Point, Point]:
        first, second = side.corners()
        return self.corner(first), self.corner(second)

    def frame(self) -> tuple[float, float, float, float]:
        """The view box (x, y, width, height): every playable hex and half a hex around."""
        points = [point for hex_ in self.hexes for point in self.hex_map.corners(hex_)]
        margin = self.hex_size / 2
        left, top = min(x for x, _ in points) - margin, min(y for _, y in points) - margin
        right, bottom = max(x for x, _ in points) + margin, max(y for _, y in points) + margin
        return left, top, right - left, bottom - top


def hex_board(spec: GameSpec, game_map: GameMap) -> HexBoard:
    """The board of a hex map, its hexes in the order the map lists them."""
    assert game_map.hex_map is not None
    hexes = tuple(dict.fromkeys(game_map.hex_map.hexes()))
    return HexBoard(
        spec, game_map, game_map.hex_map, hexes, {game_map.label(hex_): hex_ for hex_ in hexes}
    )


def draw_board(board: HexBoard) -> ElementTree.Element:
    """The board: terrain, fortified outlines, hexsides, rails, sources, towns and the layer
    of hex numbers."""
    return group(
        "board",
        children=[
            _terrain(board),
            _hexsides(board),
            # Only a map with roads gets their layer: the other boards' pages stay as they were.
            *([_roads(board)] if board.game_map.roads else []),
            _rails(board),
            _supply_sources(board),
            _towns(board),
            _hex_numbers(board),
        ],
    )


def _terrain(board: HexBoard) -> ElementTree.Element:
    """One path per terrain type, outlined in the grid colour; fortified hexes edged in
    their side's colour as on the board image."""
    by_terrain: dict[str, list[Hex]] = {}
    for hex_ in board.hexes:
        by_terrain.setdefault(board.game_map.terrain_of(hex_), []).append(hex_)
    stroke_width = number(board.hex_size / 60)
    layer = group("terrain")
    look = look_of(board.spec)
    for terrain, hexes in sorted(by_terrain.items()):
        fill = colour(look.fill(terrain))
        layer.append(
            element(
                "path",
                {
                    "d": polygon_path(board.hex_map.corners(hex_) for hex_ in hexes),
                    "fill": fill,
                    "stroke": colour(GRID),
                    "stroke-width": stroke_width,
                    "data-terrain": terrain,
                },
            )
        )
        if terrain.startswith("fortified_"):
            side_colour = look.side(terrain.split("_", 1)[1])
            layer.append(
                element(
                    "path",
                    {
                        "d": polygon_path(_inset(board, hex_) for hex_ in hexes),
                        "fill": "none",
                        "stroke": colour(side_colour),
                        "stroke-width": number(board.hex_size * 0.06),
                    },
                )
            )
    return layer


def _inset(board: HexBoard, hex_: Hex) -> list[Point]:
    """A hex's corners pulled a little toward its centre, so a thick edge stays inside."""
    cx, cy = board.centre(hex_)
    return [(cx + (x - cx) * 0.94, cy + (y - cy) * 0.94) for x, y in board.hex_map.corners(hex_)]


def _sides_of(board: HexBoard, feature: str) -> list[HexSide]:
    if feature in board.spec.drawn_lines and feature in board.game_map.lines:
        return sorted(board.game_map.lines[feature])
    return sorted(
        side for side, features in board.game_map.hexside_features.items() if feature in features
    )


def _hexsides(board: HexBoard) -> ElementTree.Element:
    """Rivers, the Volga, mountains and named lines, in the board image's styles."""
    playable = set(board.hexes)
    layer = group("hexsides")
    for feature, (line_colour, width, dashed) in look_of(board.spec).lines.items():
        sides = [side for side in _sides_of(board, feature) if playable & set(side.hexes)]
        if not sides:
            continue
        stroke_width = board.hex_size * width / 100
        attributes = {
            "d": segments_path(board.side_segment(side) for side in sides),
            "fill": "none",
            "stroke": colour(line_colour),
            "stroke-width": number(stroke_width),
            "stroke-linecap": "round",
            "data-feature": feature,
        }
        if dashed:
            attributes["stroke-dasharray"] = (
                f"{number(stroke_width * 3)} {number(stroke_width * 3)}"
            )
            attributes["stroke-linecap"] = "butt"
        layer.append(element("path", attributes))
    return layer


def _roads(board: HexBoard) -> ElementTree.Element:
    """Roads from hex centre to hex centre, as on the module's board: a ``road`` a light
    band edged in brown, any other kind a dashed brown line."""
    layer = group("roads")
    width = board.hex_size * 0.06
    for kind in sorted({road.kind for road in board.game_map.roads}):
        path = segments_path(
            (board.centre(side.first), board.centre(side.second))
            for road in board.game_map.roads
            if road.kind == kind
            for side in road.crossings
        )
        strokes = (
            [(ROAD_CASING, width + 2, ""), (ROAD_FILL, width - 1, "")]
            if kind == "road"
            else [(ROAD_CASING, width / 2 + 1, f"{number(width)} {number(width)}")]
        )
        for stroke, stroke_width, dashes in strokes:
            attributes = {
                "d": path,
                "stroke": colour(stroke),
                "stroke-width": number(stroke_width),
                "fill": "none",
            }
            if dashes:
                attributes["stroke-dasharray"] = dashes
            layer.append(element("path", attributes))
    return layer


def _rails(board: HexBoard) -> ElementTree.Element:
    """Rails through hex centres, with ties drawn as a wide dashed stroke across them."""
    segments = [
        (board.centre(first), board.centre(second))
        for rail in board.game_map.rails
        for first, second in pairwise(rail.hexes)
    ]
    layer = group("rails")
    if segments:
        path = segments_path(segments)
        width = board.hex_size * 0.03
        layer.append(
            element(
                "path",
                {"d": path, "stroke": colour(INK), "stroke-width": number(width), "fill": "none"},
            )
        )
        layer.append(
            element(
                "path",
                {
                    "d": path,
                    "stroke": colour(INK),
                    "stroke-width": number(board.hex_size / 6),
                    "fill": "none",
                    "stroke-dasharray": f"{number(width)} {number(board.hex_size / 3)}",
                },
            )
        )
    return layer


def _supply_sources(board: HexBoard) -> ElementTree.Element:
    """Supply source hexes ringed in their side's colour with a small "S", as on the board."""
    layer = group("sources")
    radius = board.hex_size * 0.36
    look = look_of(board.spec)
    for source in board.game_map.supply_sources:
        side_colour = colour(look.side(source.side))
        for hex_ in source.hexes:
            x, y = board.centre(hex_)
            layer.append(
                element(
                    "circle",
                    {
                        "cx": number(x),
                        "cy": number(y),
                        "r": number(radius),
                        "fill": "none",
                        "stroke": side_colour,
                        "stroke-width": number(board.hex_size * 0.03),
                    },
                )
            )
            layer.append(
                element(
                    "text",
                    {
                        "x": number(x + radius * 0.7),
                        "y": number(y - radius * 0.95),
                        "fill": side_colour,
                        "font-size": number(board.hex_size / 8),
                        "font-weight": "bold",
                        "text-anchor": "middle",
                        "dominant-baseline": "central",
                    },
                    text="S",
                )
            )
    return layer


def _towns(board: HexBoard) -> ElementTree.Element:
    """Cities as red squares, towns as black and ports as blue dots, each named below, or
    above where the module's board names it above (:func:`towns_named_above`)."""
    layer = group("towns")
    size_of_name = number(town_label_font(board.hex_size).size)
    above = towns_named_above(board.game_map, board.centre, board.hex_size)
    for town in sorted(board.game_map.towns, key=lambda town: town.name):
        x, y = board.centre(town.hex)
        size = town_symbol_size(board.hex_size, town.kind)
        if town.kind == "city":
            layer.append(
                element(
                    "rect",
                    {
                        "x": number(x - size),
                        "y": number(y - size),
                        "width": number(2 * size),
                        "height": number(2 * size),
                        "fill": colour(CITY_RED),
                        "stroke": colour(INK),
                        "stroke-width": "1",
                    },
                )
            )
        else:
            layer.append(
                element(
                    "circle",
                    {
                        "cx": number(x),
                        "cy": number(y),
                        "r": number(size),
                        "fill": colour(WATER if town.kind == "port" else INK),
                    },
                )
            )
        if town.name in above:
            name_y, baseline = y - size - TOWN_LABEL_GAP, "text-after-edge"
        else:
            name_y, baseline = y + size + TOWN_LABEL_GAP, "hanging"
        layer.append(
            element(
                "text",
                {
                    "x": number(x),
                    "y": number(name_y),
                    "class": "town-name",
                    "font-size": size_of_name,
                    "text-anchor": "middle",
                    "dominant-baseline": baseline,
                    "fill": colour(INK),
                    "stroke": colour(PAPER),
                    "stroke-width": "3",
                    "paint-order": "stroke",
                },
                text=town.name,
            )
        )
    return layer


def _hex_numbers(board: HexBoard) -> ElementTree.Element:
    """The layer of printed hex numbers, styled here and filled by the page's script from its
    list of hex centres the first time the player zooms in far enough to read them:
    thousands of numbers nobody sees at first would cost a third of the page's opening."""
    return element(
        "g",
        {
            "id": "hex-numbers",
            "font-size": number(board.hex_size / 9),
            "fill": colour(GRID),
            "text-anchor": "middle",
            "data-offset": number(board.hex_size * 0.3),
        },
    )


def legend(board: HexBoard) -> list[LegendEntry]:
    """The terrain and hexside features this board shows, named as the game names them."""
    types = board.spec.terrain_types
    used = {board.game_map.terrain_of(hex_) for hex_ in board.hexes}
    look = look_of(board.spec)
    entries = [
        LegendEntry(types[terrain_id].name, colour(look.fill(terrain_id)), "fill")
        for terrain_id in types
        if terrain_id in used
    ]
    for feature, (line_colour, _, dashed) in look.lines.items():
        if _sides_of(board, feature):
            name = types[feature].name if feature in types else feature.replace("_", " ")
            entries.append(LegendEntry(name, colour(line_colour), "line", dashed))
    for kind in sorted({road.kind for road in board.game_map.roads}):
        name = board.spec.labels.get(kind, kind.capitalize())
        entries.append(LegendEntry(name, colour(ROAD_CASING), "line", kind != "road"))
    if board.game_map.rails:
        entries.append(LegendEntry("rail line", colour(INK), "line"))
    return entries
