"""``stavka build``: the VASSAL modules into dist/."""

from __future__ import annotations

from pathlib import Path

import click

from builder.build import build_game, build_steps, buildable
from builder.cli import main
from rules.data.loader import load_game, shipped_games
from rules.errors import DataError


@main.command("build")
@click.argument("game", default="all")
@click.option("--dist", type=click.Path(file_okay=False, path_type=Path), default=Path("dist"), show_default=True,
              help="Where to write the modules.")
def build(game: str, dist: Path) -> None:
    """Build GAME's VASSAL module (dist/GAME.vmod), or every game's with 'all'."""
    specs = [load_game(name) for name in (shipped_games() if game == "all" else [game])]
    if game != "all" and not buildable(specs[0]):
        raise DataError(specs[0].folder, None, f"{specs[0].id} has no hex map or outlined area map: Stavka cannot build its module")
    specs = [spec for spec in specs if buildable(spec)]
    with click.progressbar(length=sum(build_steps(spec) for spec in specs), label="Building", show_pos=True) as bar:
        results = []
        for spec in specs:
            results.append(build_game(spec, dist, lambda _step: bar.update(1)))
    for result in results:
        click.echo(f"{result.path}: {result.size / 1_000_000:.2f} MB, {result.units} units, {result.setups} set-ups")
