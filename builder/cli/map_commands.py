"""``stavka map project`` and ``stavka map-report``: a game's map from the 1942 theatre.

``project`` writes ``games/<game>/terrain.toml`` (and the fitted coefficients into
geography.toml) and prints the calibration residuals; ``map-report`` draws the classified
boards into PNGs with a town list, for a person to check by eye.
"""

from __future__ import annotations

from pathlib import Path

import click

from builder.cli import main
from builder.geography.generate import TERRAIN_FILE, project_game, record_fit
from builder.geography.report import write_report
from builder.geography.terrain_file import render
from builder.output import write_output
from rules.data.loader import resolve_game


@main.group("map")
def map_group() -> None:
    """A game's hex map projected from the 1942 theatre (games/theatre)."""


@map_group.command("project")
@click.argument("game")
@click.option(
    "--into",
    "into",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Write terrain.toml into this folder instead of the game's (the fit is then not recorded).",
)
def map_project(game: str, into: Path | None) -> None:
    """Classify GAME's map from the theatre and write its terrain.toml."""
    projected = project_game(game)
    data = projected.data
    for residual in data.calibration.residuals:
        click.echo(f"{residual.anchor.name:<20} {residual.hexes:5.2f} hex")
    if data.calibration.residuals:
        click.echo(f"{'RMS':<20} {data.calibration.rms_hexes:5.2f} hex")
    folder = into if into is not None else resolve_game(game)
    text = render(data, projected.spec.id, projected.spec.title, projected.game_map.name)
    write_output(folder / TERRAIN_FILE, text.encode("utf-8"))
    if into is None and record_fit(projected.geography, data.calibration):
        click.echo(f"recorded the new fit in {projected.geography.path}")
    click.echo(
        f"wrote {folder / TERRAIN_FILE} ({len(data.terrain)} hexes not {data.default_terrain}, "
        f"{len(data.hexsides)} hexsides, {len(data.towns)} towns, {len(data.overrides)} overrides)"
    )


@main.command("map-report")
@click.argument("game")
@click.option(
    "--output",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("dist/map-report"),
    show_default=True,
    help="Folder that receives <game>/<board>.png and towns.txt.",
)
def map_report(game: str, output: Path) -> None:
    """Draw GAME's classified boards with towns, rails, anchors and residuals."""
    for path in write_report(game, output):
        click.echo(f"wrote {path}")
