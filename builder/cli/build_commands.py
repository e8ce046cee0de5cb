"""``stavka build``: the VASSAL modules into dist/."""

from __future__ import annotations

from pathlib import Path

import click

from builder.build import build_game, build_steps, buildable, module_file_name
from builder.cli import main
from builder.output import named_like_shipped
from rules.data.loader import load_game, shipped_games
from rules.errors import DataError


@main.command("build")
@click.argument("game", default="all")
@click.option(
    "--dist",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("dist"),
    show_default=True,
    help="Where to write the modules.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="FILE.vmod",
    help="Where to write one game's module (default: DIST/GAME.vmod; for your own folder DIST/FOLDER.vmod).",
)
def build(game: str, dist: Path, output: Path | None) -> None:
    """Build GAME's VASSAL module (dist/GAME.vmod), or every game's with 'all'. GAME may
    be the folder of your own copy of a game: its module is named after the folder."""
    if game == "all" and output is not None:
        raise DataError(output, None, "-o names one module; build one game with it, not 'all'")
    specs = [load_game(name) for name in (shipped_games() if game == "all" else [game])]
    if game != "all" and not buildable(specs[0]):
        raise DataError(
            specs[0].folder,
            None,
            f"{specs[0].id} has no hex map or outlined area map: Stavka cannot build its module",
        )
    specs = [spec for spec in specs if buildable(spec)]
    targets = [
        (dist, module_file_name(spec)) if output is None else (output.parent, output.name)
        for spec in specs
    ]
    for spec, (folder, name) in zip(specs, targets, strict=True):
        if output is None and named_like_shipped(spec):
            raise DataError(
                spec.folder,
                None,
                f"your copy would be built as {folder / name}, over the shipped "
                "module: name its module with -o FILE.vmod (or rename the folder)",
            )
    with click.progressbar(
        length=sum(build_steps(spec) for spec in specs), label="Building", show_pos=True
    ) as bar:
        results = []
        for spec, (folder, name) in zip(specs, targets, strict=True):
            results.append(build_game(spec, folder, lambda _step: bar.update(1), name))
    for result in results:
        click.echo(
            f"{result.path}: {result.size / 1_000_000:.2f} MB, {result.units} units, {result.setups} set-ups"
        )
