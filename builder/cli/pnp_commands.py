"""``stavka pnp``: a game's print-and-play PDF in dist/, with a page count on standard error."""

from __future__ import annotations

import math
import sys
from pathlib import Path

import click

from builder.cli import main
from builder.output import named_like_shipped
from builder.pnp.document import pnp_path, write_pnp
from builder.pnp.layout import COUNTER_SIZES_INCHES, PAPER_SIZES
from builder.pnp.pages import DuplexOptions, PnpOptions
from rules.data.loader import load_game
from rules.errors import DataError

DEFAULT_OUTPUT = Path("dist")

MAX_BACK_OFFSET_MM = 20.0
"""Printers drift a millimetre or two; an offset beyond this would push backs off the sheet."""


def _offset(_context: click.Context, parameter: click.Parameter, value: float) -> float:
    # click.FloatRange lets nan through (it compares false to every bound).
    if not math.isfinite(value) or abs(value) > MAX_BACK_OFFSET_MM:
        raise click.BadParameter(
            f"{value} is not a number of millimetres from -{MAX_BACK_OFFSET_MM:g} to {MAX_BACK_OFFSET_MM:g}",
            param=parameter,
        )
    return value


class _PageCount:
    """``Drawing pages k/N`` on standard error, rewritten in place, on a terminal only.

    A failure clears the line, so what stays on screen (or in a log) is the one error
    line and nothing before it.
    """

    def __init__(self) -> None:
        self._shown = sys.stderr.isatty()
        self._drawn = False

    def __call__(self, done: int, total: int, _label: str) -> None:
        if self._shown:
            sys.stderr.write(f"\rDrawing pages  {done}/{total}")
            sys.stderr.flush()
            self._drawn = True

    def close(self, failed: bool) -> None:
        if self._drawn:
            sys.stderr.write("\r\x1b[K" if failed else "\n")
            sys.stderr.flush()


@main.command("pnp")
@click.argument("game")
@click.option("--paper", type=click.Choice(sorted(PAPER_SIZES)), default="a4", show_default=True)
@click.option(
    "--counter-size",
    type=click.Choice([str(size) for size in COUNTER_SIZES_INCHES]),
    default="0.625",
    show_default=True,
    help="Counter side in inches.",
)
@click.option(
    "--back-offset-x",
    type=float,
    default=0.0,
    show_default=True,
    callback=_offset,
    help="Move backs right by MM (printer drift).",
)
@click.option(
    "--back-offset-y",
    type=float,
    default=0.0,
    show_default=True,
    callback=_offset,
    help="Move backs up by MM (printer drift).",
)
@click.option(
    "--bleed",
    type=click.FloatRange(0.0, 3.0),
    default=1.0,
    show_default=True,
    help="Bleed around each counter in MM.",
)
@click.option(
    "--output-dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=DEFAULT_OUTPUT,
    show_default=True,
)
def pnp(
    game: str,
    paper: str,
    counter_size: str,
    back_offset_x: float,
    back_offset_y: float,
    bleed: float,
    output_dir: Path,
) -> None:
    """Write GAME's print-and-play PDF to OUTPUT_DIR/GAME-pnp-PAPER.pdf.

    A cover and contents, a duplex calibration sheet, counter sheets (fronts then backs
    mirrored for printing two-sided, flipping on the long edge), set-up sheets,
    reinforcement schedules, tracks and charts, and the map in tiles at 300 ppi with an
    assembly index. Measure your printer's drift with the calibration sheet and pass it
    as --back-offset-x/-y. GAME is a shipped game's name or a game folder.
    """
    spec = load_game(game)
    if named_like_shipped(spec) and output_dir.resolve() == DEFAULT_OUTPUT.resolve():
        raise DataError(
            spec.folder,
            None,
            f"your copy would be written as {pnp_path(output_dir, spec, paper)}, over the "
            "shipped game's PDF: write it elsewhere with --output-dir DIR (or rename the folder)",
        )
    options = PnpOptions(
        paper, float(counter_size), DuplexOptions(bleed, back_offset_x, back_offset_y)
    )
    count = _PageCount()
    try:
        path = write_pnp(spec, options, output_dir, count)
    except BaseException:
        count.close(failed=True)
        raise
    count.close(failed=False)
    click.echo(path)
