"""``stavka pnp``: a game's print-and-play PDF (counters, charts, map tiles) in dist/."""

from __future__ import annotations

import math
from pathlib import Path

import click

from builder.cli import main
from builder.pnp.document import PnpOptions, write_pnp
from builder.pnp.layout import COUNTER_SIZES_INCHES, PAPER_SIZES
from builder.pnp.pdf import DuplexOptions
from rules.data.loader import load_game


MAX_BACK_OFFSET_MM = 20.0
"""Printers drift a millimetre or two; an offset beyond this would push backs off the sheet."""


def _offset(_context: click.Context, parameter: click.Parameter, value: float) -> float:
    # click.FloatRange lets nan through (it compares false to every bound).
    if not math.isfinite(value) or abs(value) > MAX_BACK_OFFSET_MM:
        raise click.BadParameter(f"{value} is not a number of millimetres from -{MAX_BACK_OFFSET_MM:g} to {MAX_BACK_OFFSET_MM:g}",
                                 param=parameter)
    return value


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
@click.option("--back-offset-x", type=float, default=0.0, show_default=True, callback=_offset,
              help="Move backs right by MM (printer drift).")
@click.option("--back-offset-y", type=float, default=0.0, show_default=True, callback=_offset,
              help="Move backs up by MM (printer drift).")
@click.option("--bleed", type=click.FloatRange(0.0, 3.0), default=1.0, show_default=True, help="Bleed around each counter in MM.")
@click.option("--output-dir", type=click.Path(file_okay=False, path_type=Path), default=Path("dist"), show_default=True)
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

    Counter sheets come in pairs of pages, fronts then backs mirrored for duplex
    printing (flip on the long edge); measure how far your printer shifts the backs and
    pass it as --back-offset-x/-y. GAME is a shipped game's name or a game folder.
    """
    spec = load_game(game)
    options = PnpOptions(paper, float(counter_size), DuplexOptions(bleed, back_offset_x, back_offset_y))
    click.echo(write_pnp(spec, options, output_dir))
