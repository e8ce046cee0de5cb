"""The duplex calibration sheet: measure how far a printer shifts the backs.

The front carries crosses at five places; the back carries, exactly behind each cross,
two millimetre scales, moved by the offsets the kit was made with (as the counter
backs are). Held against the light, each front cross shows through onto its scales,
and the two numbers under its centre are how far to move the backs. A 100 mm bar on
each side checks that the printer did not scale the page.
"""

from __future__ import annotations

from functools import partial

from reportlab.pdfgen.canvas import Canvas

from builder.pnp.flow import draw_heading, page_frame
from builder.pnp.layout import POINTS_PER_MM, paper_size
from builder.pnp.pages import DuplexOptions, Page, PrintContext, Section
from builder.pnp.pdf import BOLD, GREY, INK, REGULAR, bullet_list, text_block

TARGET_INSET_MM = (38.0, 62.0)
"""How far the corner targets sit inside the page's corners (across, up and down)."""
SCALE_MM = 8
"""Each scale runs from -SCALE_MM to +SCALE_MM: beyond a bleed's worth of drift either way."""
TARGET_NAMES = ("A", "B", "C", "D", "E")


def target_points(size: tuple[float, float]) -> list[tuple[str, float, float]]:
    """Each target's name and centre on the front, in points: four corners, then the middle."""
    width, height = size
    inset_x, inset_y = (value * POINTS_PER_MM for value in TARGET_INSET_MM)
    corners = [
        (inset_x, height - inset_y),
        (width - inset_x, height - inset_y),
        (inset_x, inset_y + 20),
        (width - inset_x, inset_y + 20),
    ]
    points = [*corners, (width / 2, height * 0.33)]
    return [(name, x, y) for name, (x, y) in zip(TARGET_NAMES, points, strict=True)]


def back_point(
    size: tuple[float, float], x: float, y: float, options: DuplexOptions
) -> tuple[float, float]:
    """Where the back's scales for a front point go: mirrored left to right for a
    long-edge flip, then moved by the offsets (as every counter back is)."""
    return (
        size[0] - x + options.back_offset_x_mm * POINTS_PER_MM,
        y + options.back_offset_y_mm * POINTS_PER_MM,
    )


def instructions(options: DuplexOptions) -> list[str]:
    """The steps, in plain words, with the offsets this sheet was printed with."""
    return [
        "Print this page and the next on one sheet, two-sided, flipping on the long edge, exactly as you will print "
        "the counter sheets (same printer, paper and settings). Print at 100 %.",
        'Measure the two 100 mm bars with a ruler. If either is not 100 mm, turn off "fit to page" or "scale" and '
        "print again.",
        "Turn the sheet over and hold it against a window or a lamp, the back towards you. Each cross of the front "
        "shows through onto the two scales printed behind it.",
        "Read where the centre of cross E falls: on the scale across (+ to the right) and on the scale up and down "
        "(+ upwards), in millimetres. The corner crosses A-D tell whether the shift is the same everywhere; if they "
        "disagree, the printer turns the paper and the middle reading is the best compromise.",
        f"This sheet was printed with --back-offset-x {options.back_offset_x_mm:g} --back-offset-y "
        f"{options.back_offset_y_mm:g}. Add your two readings to these numbers and print the counter sheets again "
        "with the sums, e.g. stavka pnp GAME --back-offset-x 0.5 --back-offset-y -1. Backs within the bleed "
        "(1 mm by default) of their fronts need no correction.",
    ]


def calibration_section(context: PrintContext) -> Section:
    """The calibration sheet: a front page and its back."""
    options = context.options
    size = paper_size(options.paper)
    return Section(
        "Duplex calibration",
        (
            Page(
                "duplex calibration, front",
                size,
                partial(_draw_front, size=size, options=options.duplex),
            ),
            Page(
                "duplex calibration, back",
                size,
                partial(_draw_back, size=size, options=options.duplex),
            ),
        ),
        duplex=True,
        how_to_print="two-sided, flip on the long edge",
    )


def _draw_front(canvas: Canvas, size: tuple[float, float], options: DuplexOptions) -> None:
    draw_heading(canvas, size, "Duplex calibration: front (print this sheet two-sided)")
    frame = page_frame(size)
    top = frame.top - (TARGET_INSET_MM[1] + 4) * POINTS_PER_MM
    canvas.setFillColorRGB(*INK)
    bullet_list(
        canvas,
        frame.x + 30 * POINTS_PER_MM,
        top,
        frame.width - 60 * POINTS_PER_MM,
        instructions(options),
        9.5,
    )
    for name, x, y in target_points(size):
        _target(canvas, name, x, y)
    _scale_bars(canvas, size)


def _draw_back(canvas: Canvas, size: tuple[float, float], options: DuplexOptions) -> None:
    draw_heading(
        canvas, size, "Duplex calibration: back (read the front's crosses through the paper)"
    )
    frame = page_frame(size)
    for name, x, y in target_points(size):
        back_x, back_y = back_point(size, x, y, options)
        _scales(canvas, name, back_x, back_y)
    top = frame.top - (TARGET_INSET_MM[1] + 4) * POINTS_PER_MM
    text_block(
        canvas,
        frame.x + 30 * POINTS_PER_MM,
        top,
        frame.width - 60 * POINTS_PER_MM,
        (
            "Hold this side towards you against the light. Under the centre of each cross of the front, read the scale "
            "across and the scale up and down. Write the readings here; cross E's go on the command line (added to the "
            f"offsets this sheet was printed with: x {options.back_offset_x_mm:g}, y {options.back_offset_y_mm:g})."
        ),
        9.5,
    )
    _readings_table(canvas, frame.x + 30 * POINTS_PER_MM, top - 62)
    _scale_bars(canvas, size)


def _target(canvas: Canvas, name: str, x: float, y: float) -> None:
    arm = 12 * POINTS_PER_MM
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(0.35)
    canvas.line(x - arm, y, x + arm, y)
    canvas.line(x, y - arm, x, y + arm)
    for radius_mm in (3, 6, 9):
        canvas.circle(x, y, radius_mm * POINTS_PER_MM, stroke=1, fill=0)
    canvas.setFillColorRGB(*INK)
    canvas.setFont(BOLD, 14)
    canvas.drawString(x + arm * 0.55, y + arm * 0.55, name)


def _scales(canvas: Canvas, name: str, x: float, y: float) -> None:
    """A millimetre grid centred on (x, y), numbered across (+ right) under it and up
    and down (+ up) beside it, with the zero lines drawn heavier."""
    mm = POINTS_PER_MM
    extent = SCALE_MM * mm
    for step in range(-SCALE_MM, SCALE_MM + 1):
        canvas.setStrokeColorRGB(*(INK if step % 5 == 0 else GREY))
        canvas.setLineWidth(0.3 if step % 5 == 0 else 0.15)
        canvas.line(x + step * mm, y - extent, x + step * mm, y + extent)
        canvas.line(x - extent, y + step * mm, x + extent, y + step * mm)
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(0.5)
    canvas.line(x, y - extent, x, y + extent)
    canvas.line(x - extent, y, x + extent, y)
    canvas.rect(x - extent, y - extent, 2 * extent, 2 * extent, stroke=1, fill=0)
    canvas.setFillColorRGB(*INK)
    canvas.setFont(REGULAR, 6)
    for value in (-5, 0, 5):
        canvas.drawCentredString(
            x + value * mm, y - extent - 2.8 * mm, f"{value:+d}" if value else "0"
        )
        canvas.drawRightString(
            x - extent - 1.0 * mm, y + value * mm - 2.0, f"{value:+d}" if value else "0"
        )
    canvas.drawCentredString(x, y - extent - 5.4 * mm, "across (mm)")
    canvas.drawString(x + extent + 1.0 * mm, y - 2.0, "up (mm)")
    canvas.setFont(BOLD, 14)
    canvas.drawString(x - extent - 9 * mm, y + extent - 2 * mm, name)


def _readings_table(canvas: Canvas, x: float, top: float) -> None:
    canvas.setFont(BOLD, 9)
    canvas.setFillColorRGB(*INK)
    headings = ("Cross", "across (mm)", "up (mm)")
    widths = (40.0, 80.0, 80.0)
    row_height = 18.0
    canvas.setStrokeColorRGB(*GREY)
    canvas.setLineWidth(0.5)
    for row, name in enumerate(("", *TARGET_NAMES)):
        y = top - row * row_height
        left = x
        for column, width in enumerate(widths):
            canvas.rect(left, y - row_height, width, row_height, stroke=1, fill=0)
            text = headings[column] if row == 0 else (name if column == 0 else "")
            canvas.setFont(BOLD if row == 0 or column == 0 else REGULAR, 9)
            canvas.drawString(left + 5, y - 12.5, text)
            left += width


def _hundred_millimetres(canvas: Canvas, x: float, y: float, upright: bool = False) -> None:
    """A bar 100 mm long with centimetre ticks, from (x, y) across or up: measure both
    bars to check the printer scaled neither way."""
    mm = POINTS_PER_MM
    canvas.saveState()
    canvas.translate(x, y)
    if upright:
        canvas.rotate(90)
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(0.6)
    canvas.line(0, 0, 100 * mm, 0)
    for cm in range(11):
        length = 3 * mm if cm % 5 == 0 else 1.8 * mm
        canvas.line(cm * 10 * mm, 0, cm * 10 * mm, length)
    canvas.setFont(REGULAR, 7.5)
    canvas.setFillColorRGB(*INK)
    canvas.drawCentredString(50 * mm, 4.5 * mm, "100 mm at 100 % scale")
    canvas.restoreState()


def _scale_bars(canvas: Canvas, size: tuple[float, float]) -> None:
    """One bar across the foot of the page and one up its right side."""
    frame = page_frame(size)
    _hundred_millimetres(canvas, frame.x + (frame.width - 100 * POINTS_PER_MM) / 2, frame.y + 8)
    _hundred_millimetres(
        canvas, frame.right - 2 * POINTS_PER_MM, size[1] / 2 - 50 * POINTS_PER_MM, upright=True
    )
