"""Print-and-play pages of a card-driven area game (Rattenkrieg).

The players bring a standard 52-card deck (RKS 2.4), so no cards are printed. The PDF
holds: the counters, fronts and 'acted' backs on facing pages for duplex printing (7.4);
a player aid per side with the sequence of play, the duel and that side's events (5.0,
8, 9.1) and the hand sizes (3.4, 10.1, 10.2); the set-up sheet (3.1-3.4, 6); and the
area map tiled over pages at the counters' scale, so the printed areas hold the
printed counters as the module's areas hold its pieces.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from builder.art.area_board import render_area_board
from builder.art.area_charts import duel_chart, events_chart, sequence_chart
from builder.art.area_pieces import acted_face
from builder.art.charts import PRINT_PPI, ChartTable, Column, render_table
from builder.art.counters import SCREEN_COUNTER_PX, print_format, unit_faces
from builder.art.markers import marker_faces
from builder.pnp.layout import counter_sheet, map_tiles
from builder.pnp.pdf import (
    MapImage,
    PrintedCounter,
    draw_chart_pages,
    draw_counter_sheets,
    draw_map_tiles,
    new_canvas,
)
from builder.steps_layout import step_cards
from rules.model import GameSpec

if TYPE_CHECKING:
    from builder.pnp.document import PnpOptions


def area_counters(game: GameSpec, counter_inches: float, bleed_mm: float) -> list[PrintedCounter]:
    """Units with their 'acted' back (7.4), then each marker as many times as the game has it."""
    counter = print_format(counter_inches, bleed_mm)
    counters = []
    for side in game.sides:
        for unit in game.units.values():
            if unit.side == side.id:
                front = unit_faces(unit, game, counter).front
                counters.append(PrintedCounter(front, acted_face(front)))
    for marker in game.markers.values():
        faces = marker_faces(marker, game, counter)
        counters += [PrintedCounter(faces.front, faces.back)] * marker.count
    return counters


def setup_chart(game: GameSpec) -> ChartTable:
    """Where every unit starts or arrives, with its step cards (3.1-3.3, 6.1, 6.2)."""
    game_map = game.maps[0]
    rows = []
    for scenario in game.scenarios.values():
        by_area: dict[str, list[str]] = {}
        for placement in scenario.setup:
            unit = game.units[placement.unit]
            by_area.setdefault(placement.location, []).append(f"{unit.name} ({step_cards(unit)})")
        for area in game_map.areas:
            if area.id in by_area:
                rows.append((f"{area.name}", "start", "; ".join(by_area[area.id])))
        for unit in game.units.values():
            for arrival in unit.arrivals:
                if arrival.scenario == scenario.id:
                    where = game_map.area(arrival.where).name if arrival.where else ""
                    rows.append((where, f"turn {arrival.turn}", f"{unit.name} ({step_cards(unit)})"))
    deck = game.cards
    notes = ["In brackets: the step cards dealt face down to the unit from the shuffled deck (3.3)."]
    if deck is not None:
        hands = ", ".join(f"{side.name} {deck.hands.start[side.id]}" for side in game.sides
                          if side.id in deck.hands.start)
        notes.append(f"Then deal the hands: {hands} cards (3.4). The rest is the draw deck. "
                     "All twelve city areas start under Soviet control (3.6): put a Soviet control marker in each.")
    return ChartTable(
        title="Set-up (rules 3.1-3.4, 6.1, 6.2)",
        columns=(Column("Area", 120), Column("When", 60, centred=True), Column("Units (step cards)", 290)),
        rows=tuple(rows),
        notes=tuple(notes),
    )


def area_pnp_pdf(game: GameSpec, options: PnpOptions) -> bytes:
    """The print-and-play PDF of an area game as bytes."""
    deck = game.cards
    game_map = game.maps[0]
    assert deck is not None and game_map.area_map is not None
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, options.paper, f"{game.title}: print and play")
    sheet = counter_sheet(options.paper, options.counter_inches, options.duplex.bleed_mm)
    draw_counter_sheets(canvas, sheet, area_counters(game, options.counter_inches, options.duplex.bleed_mm),
                        game.title, options.duplex)
    for side in game.sides:
        aid = (sequence_chart(game, deck), duel_chart(), events_chart(game, deck, side.id))
        draw_chart_pages(canvas, options.paper, [render_table(chart, PRINT_PPI) for chart in aid], PRINT_PPI,
                         f"{game.title}: {side.name} player aid")
    draw_chart_pages(canvas, options.paper, [render_table(setup_chart(game), PRINT_PPI)], PRINT_PPI,
                     f"{game.title}: set-up")
    board = render_area_board(game, game_map)
    pixels_per_inch = SCREEN_COUNTER_PX / options.counter_inches
    map_image = MapImage(game_map.name, board, pixels_per_inch)
    draw_map_tiles(canvas, options.paper, map_image, map_tiles(board.width, board.height, pixels_per_inch,
                                                                options.paper), game.title)
    canvas.save()
    return buffer.getvalue()
