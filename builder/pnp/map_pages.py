"""Map tiles at print resolution, with an assembly index.

A map to print is a :class:`MapArtwork`: its printed size and a function that draws
any window of it at any resolution. Hex boards draw through the module's own board
renderer (:func:`builder.art.board.render_board`) scaled to 300 ppi, one tile at a
time; an area map adds its own artwork function to :data:`ARTWORK_SOURCES`.

Each map is cut into equal tiles that overlap by 10 mm (:func:`plan_map_tiles`).
Tiles to the right and below lie on top: each is cut along its left and top edges and
laid on its neighbours' overlap strips, where dashed lines show where its edges go and
crosses printed at the same places of the map on both tiles show that it sits right.
The index page shows the whole map with every tile's outline and name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from PIL import Image
from reportlab.pdfgen.canvas import Canvas

from builder.art.area_board import render_area_board
from builder.art.area_layout import board_size
from builder.art.board import render_board
from builder.art.counters import SCREEN_COUNTER_PX
from builder.pnp.flow import draw_heading, page_frame
from builder.pnp.layout import (
    POINTS_PER_INCH,
    POINTS_PER_MM,
    MapTile,
    Rect,
    TilePlan,
    plan_map_tiles,
)
from builder.pnp.pages import Page, PrintContext, Section
from builder.pnp.pdf import BOLD, GREY, INK, REGULAR, place_image, text_block, text_height
from rules.hexgrid import Board, HexMap
from rules.model import GameMap, GameSpec

PRINT_PPI = 300
"""Map tiles are drawn at this resolution for their printed size."""
INDEX_PPI = 120
"""The index page's picture of the whole map: enough to find every tile."""
HEX_TO_COUNTER = 1.3
"""Printed distance between hex centres over counter size: room for a counter and its hex number."""
OVERLAP_MM = 10.0
CROSS_MM = 2.2
ALIGNMENT = (0.92, 0.0, 0.55)
"""Alignment crosses in magenta, which no map colour uses."""


@dataclass(frozen=True)
class MapArtwork:
    """A map to print: its name, printed size in points, and how to draw a window of it.

    ``render(window, ppi)`` returns the pixels ``window`` (left, top, right, bottom)
    of the map drawn at ``ppi`` pixels per printed inch. ``origin`` is where the map's
    top left lies, in printed points, among the other boards of ``table`` (the map
    they make up together on the table, e.g. DoS's North and South boards).
    """

    name: str
    width: float
    height: float
    render: Callable[[tuple[int, int, int, int], float], Image.Image]
    scale_note: str = ""
    table: str = ""
    origin: tuple[float, float] = (0.0, 0.0)
    joins: str = ""
    """How this map meets the other boards of its table (:func:`board_joins`)."""

    def pixels(self, ppi: float) -> tuple[int, int]:
        """The whole map's size in pixels at ``ppi``."""
        return round(self.width / POINTS_PER_INCH * ppi), round(self.height / POINTS_PER_INCH * ppi)

    def picture(self, ppi: float) -> Image.Image:
        """The whole map small (an index, a cover): drawn at twice ``ppi`` and shrunk, so
        its thin lines are smoothed rather than broken."""
        large = self.render((0, 0, *self.pixels(2 * ppi)), 2 * ppi)
        return large.resize(self.pixels(ppi), Image.Resampling.LANCZOS)


def hex_board_artworks(game: GameSpec, counter_inches: float) -> list[MapArtwork]:
    """Every board of every hex map, printed so hexes lie :data:`HEX_TO_COUNTER` counters apart."""
    artworks = []
    for game_map in game.maps:
        if game_map.hex_map is None:
            continue
        boards = game_map.hex_map.boards
        for index, board in enumerate(boards):
            board_ppi = board.grid.dy / (counter_inches * HEX_TO_COUNTER)
            width, height = (side / board_ppi * POINTS_PER_INCH for side in board.size)

            render = partial(
                _render_board, game=game, game_map=game_map, index=index, board_ppi=board_ppi
            )
            hex_mm = counter_inches * HEX_TO_COUNTER * 25.4
            name = f"{board.name} map" if board.name else "Map"
            origin = (
                board.origin[0] / board_ppi * POINTS_PER_INCH,
                board.origin[1] / board_ppi * POINTS_PER_INCH,
            )
            artworks.append(
                MapArtwork(
                    name,
                    width,
                    height,
                    render,
                    f"Hexes print {hex_mm:.1f} mm from centre to centre.",
                    game_map.name,
                    origin,
                    board_joins(game_map.hex_map, index, board_ppi),
                )
            )
    return artworks


def board_joins(hex_map: HexMap, index: int, board_ppi: float) -> str:
    """How board ``index`` meets each other board of its map, read off the data: which
    edge meets which and by how much the printed boards overlap (their pixel origins and
    sizes), and which printed hexes of one repeat hexes of the other (the map's aliases),
    so the player knows where the numbers he finds twice are printed."""
    board = hex_map.boards[index]
    sentences = []
    for other in hex_map.boards:
        if other is board:
            continue
        placed = _edge_meeting(board, other)
        if placed is None:
            continue
        side, overlap_px = placed
        overlap_mm = overlap_px / board_ppi * 25.4
        how = (
            f"overlapping it by {overlap_mm:.1f} mm"
            if overlap_mm >= 0.05
            else "edge to edge: nothing overlaps and neither lies on top; tape the join from behind"
        )
        sentences.append(f"The {other.name} map joins this map's {side} edge, {how}.")
        for printed_on, owner in ((other, board), (board, other)):
            repeats = sorted(
                (printed, owned)
                for printed, owned in hex_map.aliases.items()
                if printed_on.parse(printed) is not None
                and owner.parse(owned) is not None
                and owner.in_play(owner.parse(owned) or (-1, -1))
            )
            if repeats:
                shown = (printed_on.parse(printed) for printed, _ in repeats)
                where = (
                    "printed only on the " + owner.name + " map"
                    if not any(_drawn_on(printed_on, raw) for raw in shown)
                    else f"printed on both; the {owner.name} map lies on top"
                )
                sentences.append(
                    f"The {printed_on.name} map's hexes {repeats[0][0]}-{repeats[-1][0]} are the "
                    f"{owner.name} map's {repeats[0][1]}-{repeats[-1][1]}, {where}."
                )
    return " ".join(sentences)


def _edge_meeting(board: Board, other: Board) -> tuple[str, int] | None:
    """Which edge of ``board`` ``other`` lies against (``top``, ``bottom``, ``left``,
    ``right``) and by how many pixels the two overlap there; None if they do not meet."""
    (left, top), (width, height) = board.origin, board.size
    (other_left, other_top), (other_width, other_height) = other.origin, other.size
    across_x = min(left + width, other_left + other_width) > max(left, other_left)
    across_y = min(top + height, other_top + other_height) > max(top, other_top)
    if across_x and other_top > top:
        return "bottom", top + height - other_top
    if across_x and other_top < top:
        return "top", other_top + other_height - top
    if across_y and other_left > left:
        return "right", left + width - other_left
    if across_y and other_left < left:
        return "left", other_left + other_width - left
    return None


def _drawn_on(board: Board, raw: tuple[int, int] | None) -> bool:
    """True when the centre of ``board``'s raw hex ``raw`` lies on its image."""
    if raw is None:
        return False
    x, y = board.grid.centre(*raw)
    return 0 <= x < board.size[0] and 0 <= y < board.size[1]


def _render_board(
    window: tuple[int, int, int, int],
    ppi: float,
    game: GameSpec,
    game_map: GameMap,
    index: int,
    board_ppi: float,
) -> Image.Image:
    return render_board(game, game_map, index, ppi / board_ppi, window)


def area_board_artworks(game: GameSpec, counter_inches: float) -> list[MapArtwork]:
    """Every area board, printed at the counters' scale: the module's board over the
    module's counter size, so printed areas hold printed counters as the module's areas
    hold its pieces. The board's panel (deck, discards, duel cards, turn track, control
    markers) is printed with it."""
    artworks = []
    for game_map in game.maps:
        if game_map.area_map is None:
            continue
        board_ppi = SCREEN_COUNTER_PX / counter_inches
        width, height = (
            side / board_ppi * POINTS_PER_INCH for side in board_size(game_map.area_map)
        )
        render = partial(_render_area_board, game=game, game_map=game_map, board_ppi=board_ppi)
        note = f"Printed at the counters' scale: {counter_inches:g} in counters fit its areas as the module's pieces do."
        artworks.append(
            MapArtwork(f"{game_map.name} map", width, height, render, note, game_map.name)
        )
    return artworks


def _render_area_board(
    window: tuple[int, int, int, int],
    ppi: float,
    game: GameSpec,
    game_map: GameMap,
    board_ppi: float,
) -> Image.Image:
    return render_area_board(game, game_map, ppi / board_ppi, window)


ArtworkSource = Callable[[GameSpec, float], list[MapArtwork]]
ARTWORK_SOURCES: list[ArtworkSource] = [hex_board_artworks, area_board_artworks]
"""Where the maps to print come from: hex boards and area boards."""


def map_artworks(game: GameSpec, counter_inches: float) -> list[MapArtwork]:
    """Every map of the game to print, from every artwork source."""
    return [artwork for source in ARTWORK_SOURCES for artwork in source(game, counter_inches)]


def pixel_box(tile: MapTile, ppi: float) -> tuple[int, int, int, int]:
    """The tile's window in pixels of the map drawn at ``ppi``."""
    to_px = ppi / POINTS_PER_INCH
    left, top, right, bottom = tile.source
    return round(left * to_px), round(top * to_px), round(right * to_px), round(bottom * to_px)


def placed_box(tile: MapTile, ppi: float) -> Rect:
    """Where the tile's pixels go: exactly their size at ``ppi``, from the planned top left."""
    left, top, right, bottom = pixel_box(tile, ppi)
    width = (right - left) / ppi * POINTS_PER_INCH
    height = (bottom - top) / ppi * POINTS_PER_INCH
    return Rect(tile.placed.x, tile.placed.top - height, width, height)


def map_section(context: PrintContext) -> Section | None:
    """For each map: its assembly index, then its tiles row by row."""
    options = context.options
    pages: list[Page] = []
    for artwork in map_artworks(context.game, options.counter_inches):
        plan = plan_map_tiles(artwork.width, artwork.height, options.paper, OVERLAP_MM)
        size = (plan.page_width, plan.page_height)
        pages.append(
            Page(
                f"{artwork.name}, assembly index",
                size,
                partial(_draw_index, artwork=artwork, plan=plan),
            )
        )
        for tile in plan.tiles:
            pages.append(
                Page(
                    f"{artwork.name}, tile {tile.name}",
                    size,
                    partial(_draw_tile, artwork=artwork, plan=plan, tile=tile),
                )
            )
    return Section("Map tiles", tuple(pages)) if pages else None


def assembly_text(artwork: MapArtwork, plan: TilePlan) -> str:
    """How the tiles go together, in plain words."""
    overlap = f"{OVERLAP_MM:g} mm"
    if len(plan.tiles) == 1:
        return f"The map fits one page. {artwork.scale_note}{' ' + artwork.joins if artwork.joins else ''}"
    return (
        f"{len(plan.tiles)} tiles in {plan.rows} rows (A, B...) of {plan.columns}, overlapping by {overlap}. "
        "Tiles to the right and below lie on top: cut each tile along its left and top edges (not the first "
        "column's left or the first row's top), lay it on its neighbours so its edges meet their dashed lines and "
        'the magenta crosses meet, and tape the joins from behind. Print at 100 % (no "fit to page"). '
        f"{artwork.scale_note}{' ' + artwork.joins if artwork.joins else ''}"
    )


def _draw_index(canvas: Canvas, artwork: MapArtwork, plan: TilePlan) -> None:
    size = (plan.page_width, plan.page_height)
    draw_heading(canvas, size, f"{artwork.name}: assembly index")
    frame = page_frame(size)
    text = assembly_text(artwork, plan)
    text_h = text_height(text, frame.width, 9)
    available_h = frame.height - text_h - 10
    scale = min(frame.width / artwork.width, available_h / artwork.height)
    picture_w, picture_h = artwork.width * scale, artwork.height * scale
    left = frame.x + (frame.width - picture_w) / 2
    top = frame.top
    picture = artwork.picture(INDEX_PPI * scale)
    place_image(canvas, picture, Rect(left, top - picture_h, picture_w, picture_h))
    canvas.setStrokeColorRGB(*INK)
    canvas.setLineWidth(1.2)
    canvas.rect(left, top - picture_h, picture_w, picture_h, stroke=1, fill=0)
    for tile in plan.tiles:
        x0, y0, x1, y1 = (value * scale for value in tile.source)
        canvas.setStrokeColorRGB(*ALIGNMENT)
        canvas.setLineWidth(1.0)
        canvas.rect(left + x0, top - y1, x1 - x0, y1 - y0, stroke=1, fill=0)
        centre_x, centre_y = left + (x0 + x1) / 2, top - (y0 + y1) / 2
        label_size = min(28.0, (x1 - x0) / 4)
        canvas.setFillColorRGB(1, 1, 1)
        canvas.roundRect(
            centre_x - label_size * 1.1,
            centre_y - label_size * 0.55,
            label_size * 2.2,
            label_size * 1.2,
            4,
            stroke=0,
            fill=1,
        )
        canvas.setFillColorRGB(*INK)
        canvas.setFont(BOLD, label_size)
        canvas.drawCentredString(centre_x, centre_y - label_size * 0.35, tile.name)
    text_block(canvas, frame.x, top - picture_h - 10, frame.width, text, 9)


def _draw_tile(canvas: Canvas, artwork: MapArtwork, plan: TilePlan, tile: MapTile) -> None:
    box = placed_box(tile, PRINT_PPI)
    place_image(canvas, artwork.render(pixel_box(tile, PRINT_PPI), PRINT_PPI), box)
    right = plan.tile(tile.row, tile.column + 1)
    below = plan.tile(tile.row + 1, tile.column)
    canvas.setStrokeColorRGB(*ALIGNMENT)
    canvas.setLineWidth(0.8)
    canvas.setDash(4, 3)
    if right is not None:
        x = box.x + (right.source[0] - tile.source[0])
        canvas.line(x, box.y, x, box.top)
    if below is not None:
        y = box.top - (below.source[1] - tile.source[1])
        canvas.line(box.x, y, box.right, y)
    canvas.setDash()
    for cross_x, cross_y in alignment_points(plan, tile):
        _cross(canvas, box.x + cross_x - tile.source[0], box.top - (cross_y - tile.source[1]))
    _crop_marks(canvas, box)
    _tile_header(canvas, artwork, plan, tile, box)


def alignment_points(plan: TilePlan, tile: MapTile) -> list[tuple[float, float]]:
    """Map points (from the map's top left) of the crosses on ``tile``: three down the
    middle of each vertical overlap strip it shares, three along each horizontal one."""
    points = []
    for row, column in ((tile.row, tile.column - 1), (tile.row, tile.column + 1)):
        neighbour = plan.tile(row, column)
        if neighbour is not None:
            left = max(tile.source[0], neighbour.source[0])
            right = min(tile.source[2], neighbour.source[2])
            top, bottom = tile.source[1], tile.source[3]
            points += [
                ((left + right) / 2, top + (bottom - top) * share) for share in (0.2, 0.5, 0.8)
            ]
    for row, column in ((tile.row - 1, tile.column), (tile.row + 1, tile.column)):
        neighbour = plan.tile(row, column)
        if neighbour is not None:
            top = max(tile.source[1], neighbour.source[1])
            bottom = min(tile.source[3], neighbour.source[3])
            left, right = tile.source[0], tile.source[2]
            points += [
                (left + (right - left) * share, (top + bottom) / 2) for share in (0.2, 0.5, 0.8)
            ]
    return points


def _cross(canvas: Canvas, x: float, y: float) -> None:
    """A thin magenta cross on a white halo, so it reads on any map colour."""
    arm = CROSS_MM * POINTS_PER_MM
    for colour, width in (((1.0, 1.0, 1.0), 2.2), (ALIGNMENT, 0.6)):
        canvas.setStrokeColorRGB(*colour)
        canvas.setLineWidth(width)
        canvas.line(x - arm, y, x + arm, y)
        canvas.line(x, y - arm, x, y + arm)
        canvas.circle(x, y, arm * 0.55, stroke=1, fill=0)


def _crop_marks(canvas: Canvas, box: Rect) -> None:
    """Short lines in the margin continuing each edge of the tile, for cutting."""
    gap, length = 1.5 * POINTS_PER_MM, 4.0 * POINTS_PER_MM
    canvas.setStrokeColorRGB(*INK)
    canvas.setLineWidth(0.3)
    for x in (box.x, box.right):
        canvas.line(x, box.top + gap, x, box.top + gap + length)
        canvas.line(x, box.y - gap, x, box.y - gap - length)
    for y in (box.y, box.top):
        canvas.line(box.x - gap, y, box.x - gap - length, y)
        canvas.line(box.right + gap, y, box.right + gap + length, y)


def _tile_header(
    canvas: Canvas, artwork: MapArtwork, plan: TilePlan, tile: MapTile, box: Rect
) -> None:
    """Above the tile: its name and place, and what to do with its edges."""
    neighbours = []
    edges = [
        edge for edge, present in (("left", tile.column > 0), ("top", tile.row > 0)) if present
    ]
    if edges:
        under = [other.name for other in _under(plan, tile)]
        neighbours.append(
            f"cut the {' and '.join(edges)} edge{'s' if len(edges) > 1 else ''}, lay on {', '.join(under)}"
        )
    above = [
        other
        for other in (plan.tile(tile.row, tile.column + 1), plan.tile(tile.row + 1, tile.column))
        if other
    ]
    if above:
        verb = "goes" if len(above) == 1 else "go"
        neighbours.append(
            f"{' and '.join(other.name for other in above)} {verb} on top at the dashed lines"
        )
    x, y = box.x + 3 * POINTS_PER_MM, box.top + 3 * POINTS_PER_MM
    canvas.setFillColorRGB(*INK)
    canvas.setFont(BOLD, 10)
    title = f"{artwork.name}, tile {tile.name}"
    canvas.drawString(x, y, title)
    canvas.setFont(REGULAR, 7.5)
    canvas.setFillColorRGB(*GREY)
    detail = f"row {tile.row + 1} of {plan.rows}, column {tile.column + 1} of {plan.columns}"
    if neighbours:
        detail += ": " + "; ".join(neighbours)
    canvas.drawString(x + 8 + canvas.stringWidth(title, BOLD, 10), y, detail)


def _under(plan: TilePlan, tile: MapTile) -> list[MapTile]:
    """The tiles this one lies on: left, above, and above-left."""
    places = (
        (tile.row, tile.column - 1),
        (tile.row - 1, tile.column),
        (tile.row - 1, tile.column - 1),
    )
    return [
        other for other in (plan.tile(row, column) for row, column in places) if other is not None
    ]
