"""The print-and-play PDF: duplex counter sheets, chart pages and map tiles.

reportlab places images and lines at exact point positions, which a duplex sheet needs
(a back 1 mm off is a ruined counter). All text in the PDF uses the shipped DejaVu files,
embedded, so no page depends on the fonts of the machine that prints it, and the
document is written in reportlab's invariant mode, so the same input gives the same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from builder.art.fonts import FONT_DIRECTORY, FONT_FILES
from builder.pnp.layout import POINTS_PER_INCH, POINTS_PER_MM, CounterSheet, MapTile, Rect, paper_size

PDF_FONT = "StavkaSans"
MARK_GAP_MM = 1.5
MARK_LENGTH_MM = 4.5
REGISTRATION_DISTANCE_MM = 6.0
CHART_GAP_MM = 6.0


@dataclass(frozen=True)
class PrintedCounter:
    """A counter's two faces as print images (bleed included), front and back."""

    front: Image.Image
    back: Image.Image


@dataclass(frozen=True)
class DuplexOptions:
    """How counter sheets are printed: bleed and the measured drift of the backs."""

    bleed_mm: float = 1.0
    back_offset_x_mm: float = 0.0
    back_offset_y_mm: float = 0.0


@dataclass(frozen=True)
class MapImage:
    """A map image to tile, its name for the page labels and its print resolution."""

    name: str
    image: Image.Image
    pixels_per_inch: float


def register_pdf_font() -> str:
    """Register the shipped DejaVu Sans with reportlab (once) and return its PDF name."""
    if PDF_FONT not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(PDF_FONT, str(FONT_DIRECTORY / FONT_FILES["regular"])))
    return PDF_FONT


def new_canvas(buffer: io.BytesIO, paper: str, title: str) -> Canvas:
    """A reportlab canvas in invariant mode (no dates or random ids in the file) whose
    default font is the shipped one, so not even an empty page names Helvetica."""
    font_name = register_pdf_font()
    # types-reportlab declares initialFontName as a float; reportlab takes the font's name.
    canvas = Canvas(
        buffer, pagesize=paper_size(paper), invariant=True, pageCompression=1, initialFontName=font_name  # type: ignore[arg-type]
    )
    canvas.setTitle(title)
    canvas.setCreator("Stavka")
    return canvas


def draw_counter_sheets(
    canvas: Canvas, sheet: CounterSheet, counters: Sequence[PrintedCounter], title: str, options: DuplexOptions
) -> None:
    """Pairs of pages: the fronts, then the backs mirrored left to right for duplex."""
    pages = [counters[start : start + sheet.per_page] for start in range(0, len(counters), sheet.per_page)]
    for number, page in enumerate(pages, start=1):
        for index, counter in enumerate(page):
            _place(canvas, counter.front, _with_bleed(sheet.front_box(index), sheet.bleed))
        _cut_marks(canvas, sheet, 0.0, 0.0)
        _footer(canvas, sheet.page_width, f"{title}: counters {number}/{len(pages)}, fronts")
        canvas.showPage()
        dx, dy = options.back_offset_x_mm * POINTS_PER_MM, options.back_offset_y_mm * POINTS_PER_MM
        for index, counter in enumerate(page):
            box = sheet.back_box(index, options.back_offset_x_mm, options.back_offset_y_mm)
            _place(canvas, counter.back, _with_bleed(box, sheet.bleed))
        _cut_marks(canvas, sheet, dx, dy, mirrored=True)
        _footer(canvas, sheet.page_width, f"{title}: counters {number}/{len(pages)}, backs (duplex, flip on long edge)")
        canvas.showPage()


def _with_bleed(box: Rect, bleed: float) -> Rect:
    return Rect(box.x - bleed, box.y - bleed, box.width + 2 * bleed, box.height + 2 * bleed)


def _place(canvas: Canvas, image: Image.Image, box: Rect) -> None:
    canvas.drawImage(ImageReader(image), box.x, box.y, box.width, box.height)


def _cut_marks(canvas: Canvas, sheet: CounterSheet, dx: float, dy: float, mirrored: bool = False) -> None:
    """Cut lines outside the printed grid and a registration mark beyond each corner."""
    grid = sheet.grid()
    gap, length = MARK_GAP_MM * POINTS_PER_MM, MARK_LENGTH_MM * POINTS_PER_MM
    canvas.setLineWidth(0.3)
    canvas.setStrokeColorRGB(0, 0, 0)
    xs = [sheet.page_width - x if mirrored else x for x in sheet.cut_lines_x()]
    for x in xs:
        canvas.line(x + dx, grid.top + gap + dy, x + dx, grid.top + gap + length + dy)
        canvas.line(x + dx, grid.y - gap + dy, x + dx, grid.y - gap - length + dy)
    for y in sheet.cut_lines_y():
        canvas.line(grid.x - gap + dx, y + dy, grid.x - gap - length + dx, y + dy)
        canvas.line(grid.right + gap + dx, y + dy, grid.right + gap + length + dx, y + dy)
    distance = REGISTRATION_DISTANCE_MM * POINTS_PER_MM
    for x in (grid.x - distance, grid.right + distance):
        for y in (grid.y - distance, grid.top + distance):
            _registration_mark(canvas, x + dx, y + dy)


def _registration_mark(canvas: Canvas, x: float, y: float) -> None:
    radius = 1.6 * POINTS_PER_MM
    canvas.circle(x, y, radius, stroke=1, fill=0)
    canvas.line(x - 1.6 * radius, y, x + 1.6 * radius, y)
    canvas.line(x, y - 1.6 * radius, x, y + 1.6 * radius)


def _footer(canvas: Canvas, page_width: float, text: str) -> None:
    canvas.setFont(register_pdf_font(), 7)
    canvas.setFillColorRGB(0.25, 0.25, 0.25)
    canvas.drawCentredString(page_width / 2, 5 * POINTS_PER_MM, text)


def draw_chart_pages(canvas: Canvas, paper: str, charts: Sequence[Image.Image], ppi: int, title: str) -> None:
    """Charts at their drawn size (shrunk to the page width if wider), stacked down pages."""
    width, height = paper_size(paper)
    margin = 12 * POINTS_PER_MM
    usable = width - 2 * margin
    y = height - margin
    placed_any = False
    for chart in charts:
        chart_w = chart.width / ppi * POINTS_PER_INCH
        chart_h = chart.height / ppi * POINTS_PER_INCH
        scale = min(1.0, usable / chart_w, (height - 2 * margin) / chart_h)
        chart_w, chart_h = chart_w * scale, chart_h * scale
        if placed_any and y - chart_h < margin:
            _footer(canvas, width, f"{title}: charts")
            canvas.showPage()
            y = height - margin
        _place(canvas, chart, Rect((width - chart_w) / 2, y - chart_h, chart_w, chart_h))
        y -= chart_h + CHART_GAP_MM * POINTS_PER_MM
        placed_any = True
    if placed_any:
        _footer(canvas, width, f"{title}: charts")
        canvas.showPage()


def draw_map_tiles(canvas: Canvas, paper: str, map_image: MapImage, tiles: Sequence[MapTile], title: str) -> None:
    """One page per tile with trim lines where the next tile takes over and corner marks."""
    width, _ = paper_size(paper)
    rows = max(tile.row for tile in tiles) + 1
    columns = max(tile.column for tile in tiles) + 1
    to_points = POINTS_PER_INCH / map_image.pixels_per_inch
    for tile in tiles:
        _place(canvas, map_image.image.crop(tile.source), tile.placed)
        canvas.setLineWidth(0.4)
        canvas.setStrokeColorRGB(0.1, 0.1, 0.1)
        canvas.setDash(3, 2)
        right_neighbour = [t for t in tiles if t.row == tile.row and t.column == tile.column + 1]
        if right_neighbour:
            x = tile.placed.x + (right_neighbour[0].source[0] - tile.source[0]) * to_points
            canvas.line(x, tile.placed.y, x, tile.placed.top)
        lower_neighbour = [t for t in tiles if t.column == tile.column and t.row == tile.row + 1]
        if lower_neighbour:
            y = tile.placed.top - (lower_neighbour[0].source[1] - tile.source[1]) * to_points
            canvas.line(tile.placed.x, y, tile.placed.right, y)
        canvas.setDash()
        for x in (tile.placed.x, tile.placed.right):
            for y in (tile.placed.y, tile.placed.top):
                _registration_mark(canvas, x, y)
        _footer(
            canvas, width,
            f"{title}: {map_image.name}, row {tile.row + 1} of {rows}, column {tile.column + 1} of {columns}; "
            "trim at the dashed line and lay the next tile over the overlap",
        )
        canvas.showPage()
