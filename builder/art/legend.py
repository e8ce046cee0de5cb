"""The map's title and legend: an entry for every kind of symbol the boards draw, and a
board corner to put them in where they cover no playable hex."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import ImageDraw

from builder.art.board_view import BoardView, Box
from builder.art.fonts import font
from builder.art.look import INK, Colour, look_of
from builder.art.map_symbols import (
    GRID,
    MARK_SYMBOLS,
    TOWN_KINDS,
    draw_line,
    line_features,
    rail_segment,
    road_segment,
    star,
    supply_ring,
    supply_style,
    terrain_symbol,
    town_symbol,
)
from builder.art.text import draw_text, overlapping
from rules.errors import StavkaError
from rules.model import GameMap, GameSpec

LEGEND_MARGIN = 12
LEGEND_ROW = 30
LEGEND_SWATCH = (46, 24)
LEGEND_LABEL_PX = 16


@dataclass(frozen=True)
class LegendEntry:
    """One line of the legend: the symbol it explains (``key``), its words, and how to
    draw its swatch into a box ``(draw, box)``."""

    key: str
    label: str
    swatch: Callable[[ImageDraw.ImageDraw, Box], None]


@dataclass(frozen=True)
class Legend:
    """The map's title and legend: on which board, where, and what it lists."""

    board_index: int
    box: Box
    columns: int
    entries: tuple[LegendEntry, ...]


class LegendPlacementError(StavkaError):
    """No corner of the map has room for its legend off the playable hexes."""


def legend_entries(spec: GameSpec, game_map: GameMap) -> tuple[LegendEntry, ...]:
    """An entry for every kind of symbol the map's boards draw, in reading order:
    terrain, lines, railways, towns, supply sources, marks, victory point hexes."""
    assert game_map.hex_map is not None
    size = game_map.hex_map.boards[0].grid.dy
    symbol = LEGEND_SWATCH[1] * 1.7  # the hex size a swatch's symbol is drawn for: it fits its row
    look = look_of(spec)
    entries: list[LegendEntry] = []
    used = [
        terrain
        for terrain in spec.terrain_types
        if spec.terrain_types[terrain].kind == "hex" and terrain in _terrains_on(game_map)
    ]

    def terrain_swatch(terrain: str) -> Callable[[ImageDraw.ImageDraw, Box], None]:
        def paint(draw: ImageDraw.ImageDraw, box: Box) -> None:
            x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
            half = (box[3] - box[1]) / 2
            corners = [
                (
                    x + half * 1.6 * math.cos(math.pi / 3 * k),
                    y + half * 1.1 * math.sin(math.pi / 3 * k),
                )
                for k in range(6)
            ]
            draw.polygon(corners, fill=look.fill(terrain), outline=GRID)
            terrain_symbol(draw, x, y, half * 2.2, look, terrain, 3, corners)

        return paint

    for terrain in used:
        entries.append(
            LegendEntry(
                f"terrain {terrain}", spec.terrain_types[terrain].name, terrain_swatch(terrain)
            )
        )

    def line_swatch(
        colour: Colour, width: int, dashed: bool
    ) -> Callable[[ImageDraw.ImageDraw, Box], None]:
        def paint(draw: ImageDraw.ImageDraw, box: Box) -> None:
            middle = (box[1] + box[3]) / 2
            draw_line(
                draw,
                (box[0], middle),
                (box[2], middle),
                colour,
                max(2, round(size * width / 100)),
                dashed,
            )

        return paint

    def centred(
        paint_at: Callable[[ImageDraw.ImageDraw, float, float], None],
    ) -> Callable[[ImageDraw.ImageDraw, Box], None]:
        def paint(draw: ImageDraw.ImageDraw, box: Box) -> None:
            paint_at(draw, (box[0] + box[2]) / 2, (box[1] + box[3]) / 2)

        return paint

    def rail_swatch(draw: ImageDraw.ImageDraw, box: Box) -> None:
        middle = (box[1] + box[3]) / 2
        rail_segment(
            draw, (box[0], middle), (box[2], middle), max(2, round(size * 0.03)), size / 12
        )

    def road_swatch(kind: str) -> Callable[[ImageDraw.ImageDraw, Box], None]:
        def paint(draw: ImageDraw.ImageDraw, box: Box) -> None:
            middle = (box[1] + box[3]) / 2
            road_segment(draw, (box[0], middle), (box[2], middle), max(2, round(size * 0.06)), kind)

        return paint

    def town(kind: str) -> Callable[[ImageDraw.ImageDraw, float, float], None]:
        def paint(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
            town_symbol(draw, x, y, symbol, kind)

        return paint

    def ring(colour: Colour, style: str) -> Callable[[ImageDraw.ImageDraw, float, float], None]:
        return lambda draw, x, y: supply_ring(
            draw, x, y, symbol * 0.4, colour, max(2, round(size * 0.03)), style
        )

    def mark(kind: str) -> Callable[[ImageDraw.ImageDraw, float, float], None]:
        return lambda draw, x, y: MARK_SYMBOLS[kind](draw, x, y, symbol * 0.5)

    for feature in line_features(game_map, look):
        name = spec.labels.get(feature) or (
            spec.terrain_types[feature].name
            if feature in spec.terrain_types
            else feature.replace("_", " ").capitalize()
        )
        entries.append(LegendEntry(f"line {feature}", name, line_swatch(*look.lines[feature])))
    for kind in sorted({road.kind for road in game_map.roads}):
        entries.append(
            LegendEntry(f"road {kind}", spec.labels.get(kind, kind.capitalize()), road_swatch(kind))
        )
    if game_map.rails:
        entries.append(LegendEntry("rail", spec.labels.get("rail", "Railway"), rail_swatch))
    for kind in TOWN_KINDS:
        if any(town_.kind == kind for town_ in game_map.towns):
            entries.append(
                LegendEntry(
                    f"town {kind}",
                    spec.labels.get(f"town {kind}", TOWN_KINDS[kind]),
                    centred(town(kind)),
                )
            )
    for source in game_map.supply_sources:
        key = f"supply {source.side} {source.kind}"
        if any(entry.key == key for entry in entries):
            continue
        side_name = next((side.name for side in spec.sides if side.id == source.side), source.side)
        label = spec.labels.get(key, f"{side_name} {source.kind.replace('_', ' ')} supply source")
        style = supply_style(game_map, source.side, source.kind)
        entries.append(LegendEntry(key, label, centred(ring(look.side(source.side), style))))
    for map_mark in game_map.marks:
        key = f"mark {map_mark.symbol}"
        if not any(entry.key == key for entry in entries):
            label = spec.labels.get(map_mark.symbol, map_mark.symbol.replace("_", " ").capitalize())
            entries.append(LegendEntry(key, label, centred(mark(map_mark.symbol))))
    if game_map.victory_hexes:
        scenarios = [
            spec.scenarios[name].name if name in spec.scenarios else name
            for name in sorted({name for item in game_map.victory_hexes for name in item.scenarios})
        ]
        label = "Victory point hex" + (f" ({', '.join(scenarios)})" if scenarios else "")
        entries.append(
            LegendEntry(
                "victory hex",
                spec.labels.get("victory hex", label),
                centred(lambda draw, x, y: star(draw, x, y, symbol * 0.35)),
            )
        )
    return tuple(entries)


def _terrains_on(game_map: GameMap) -> set[str]:
    assert game_map.hex_map is not None
    return {game_map.terrain_of(hex_) for hex_ in game_map.hex_map.hexes()}


def _legend_column(entries: Sequence[LegendEntry]) -> int:
    """The width of a legend column: a swatch and the longest label."""
    label_font = font(LEGEND_LABEL_PX, "condensed")
    return (
        LEGEND_SWATCH[0]
        + 10
        + round(max(label_font.getlength(entry.label) for entry in entries))
        + 24
    )


def _legend_size(spec: GameSpec, entries: Sequence[LegendEntry], columns: int) -> tuple[int, int]:
    rows = (len(entries) + columns - 1) // columns
    header = 84
    width = max(
        columns * _legend_column(entries) + 16,
        round(font(30, "serif-bold").getlength(spec.title)) + 40,
        round(font(14, "condensed").getlength(look_of(spec).subtitle)) + 32,
    )
    return width, header + rows * LEGEND_ROW + 16


def _playable(spec: GameSpec, terrain: str) -> bool:
    """A hex a unit can be in: not all-sea or all-lake (movement prohibited to all)."""
    movement = spec.terrain_types[terrain].movement
    return not movement or any(cost is not None for cost in movement.values())


def place_legend(spec: GameSpec, game_map: GameMap) -> Legend:
    """Where the map's title and legend go: a board corner where they cover no playable
    hex, with the fewest columns that fit. :class:`LegendPlacementError` if none has room
    (a board's ``size`` in map.toml can give it a margin)."""
    assert game_map.hex_map is not None
    entries = legend_entries(spec, game_map)
    playable_boxes: list[list[Box]] = []
    for index in range(len(game_map.hex_map.boards)):
        view = BoardView(game_map, index)
        boxes = []
        for hex_ in view.visible_hexes():
            if _playable(spec, game_map.terrain_of(hex_)):
                xs, ys = zip(*view.corners(hex_), strict=True)
                boxes.append((min(xs), min(ys), max(xs), max(ys)))
        playable_boxes.append(boxes)
    for columns in (1, 2, 3):
        width, height = _legend_size(spec, entries, columns)
        for index, board in enumerate(game_map.hex_map.boards):
            board_width, board_height = board.size
            for left in (LEGEND_MARGIN, board_width - width - LEGEND_MARGIN):
                for top in (LEGEND_MARGIN, board_height - height - LEGEND_MARGIN):
                    box = (left, top, left + width, top + height)
                    if (
                        left >= 0
                        and top >= 0
                        and not any(overlapping(box, hex_box) for hex_box in playable_boxes[index])
                    ):
                        return Legend(index, box, columns, entries)
    width, height = _legend_size(spec, entries, 1)
    raise LegendPlacementError(
        f"{spec.folder}/map.toml",
        f"map {game_map.name}",
        f"no board corner has room for the legend ({width} x {height} px in one column) off the playable hexes; "
        "widen a board's size",
    )


def draw_legend(draw: ImageDraw.ImageDraw, spec: GameSpec, legend: Legend, subtitle: str) -> None:
    """The title, a line on what the map is, and every legend entry with its swatch."""
    left, top = legend.box[0], legend.box[1]
    draw.rectangle(legend.box, fill=(248, 245, 234), outline=INK, width=3)
    draw_text(draw, (left + 16, top + 40), spec.title, font(30, "serif-bold"), INK, anchor="ls")
    draw_text(draw, (left + 16, top + 66), subtitle, font(14, "condensed"), INK, anchor="ls")
    label_font = font(LEGEND_LABEL_PX, "condensed")
    rows = (len(legend.entries) + legend.columns - 1) // legend.columns
    for number, entry in enumerate(legend.entries):
        column, row = divmod(number, rows)
        x = left + 16 + column * _legend_column(legend.entries)
        y = top + 84 + row * LEGEND_ROW
        swatch = (x, y + 2, x + LEGEND_SWATCH[0], y + 2 + LEGEND_SWATCH[1])
        entry.swatch(draw, swatch)
        draw_text(
            draw,
            (x + LEGEND_SWATCH[0] + 10, y + 2 + LEGEND_SWATCH[1] / 2),
            entry.label,
            label_font,
            INK,
            anchor="lm",
        )
