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
from builder.geography.terrain_file import first_difference, render
from builder.output import write_output
from rules.data.loader import resolve_game
from rules.errors import DataError
from rules.files import MAX_DATA_FILE_BYTES, read_regular_file


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
@click.option(
    "--replace",
    is_flag=True,
    help="Replace a terrain.toml that differs from the projection, dropping its hand edits.",
)
def map_project(game: str, into: Path | None, replace: bool) -> None:
    """Classify GAME's map from the theatre and write its terrain.toml.

    A terrain.toml that differs from what the projection writes (a hand edit) is kept and
    the command refuses, naming the first line that differs: hand corrections belong in
    map.toml, which the loader reads over terrain.toml. --replace drops them."""
    projected = project_game(game)
    data = projected.data
    folder = into if into is not None else resolve_game(game)
    text = render(data, projected.spec.id, projected.spec.title, projected.game_map.name)
    if not replace:
        _keep_hand_edits(folder / TERRAIN_FILE, text)
    for residual in data.calibration.residuals:
        click.echo(f"{residual.anchor.name:<20} {residual.hexes:5.2f} hex")
    if data.calibration.residuals:
        click.echo(f"{'RMS':<20} {data.calibration.rms_hexes:5.2f} hex")
    write_output(folder / TERRAIN_FILE, text.encode("utf-8"))
    if into is None and record_fit(projected.geography, data.calibration):
        click.echo(f"recorded the new fit in {projected.geography.path}")
    click.echo(
        f"wrote {folder / TERRAIN_FILE} ({len(data.terrain)} hexes not {data.default_terrain}, "
        f"{len(data.hexsides)} hexsides, {len(data.towns)} towns, {len(data.overrides)} overrides)"
    )


def _keep_hand_edits(path: Path, projected: str) -> None:
    """Refuse to overwrite ``path`` when it says other than ``projected``."""
    if not (path.exists() or path.is_symlink()):
        return
    written = read_regular_file(path, MAX_DATA_FILE_BYTES, DataError).decode("utf-8", "replace")
    line = first_difference(written, projected)
    if line is not None:
        raise DataError(
            path,
            line,
            "differs from the projection here (a hand edit, or a theatre change since): "
            "move hand corrections to map.toml, which wins over this file, "
            "or rerun with --replace to drop them",
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
