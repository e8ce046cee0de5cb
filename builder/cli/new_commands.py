"""``stavka new``: start a game of your own from the example game."""

from __future__ import annotations

from pathlib import Path

import click

from builder.cli import main


@main.command("new")
@click.argument("folder", type=click.Path(path_type=Path))
def new(folder: Path) -> None:
    """Write FOLDER, a new game named after it: a copy of the example game The Ford
    (games/ford), small, valid and refereed from its data, to change into your own.
    Never overwrites: FOLDER must not exist. Then: stavka validate FOLDER, stavka build
    FOLDER."""
    from builder.new_game import write_new_game

    written = write_new_game(folder)
    # A bare name is a shipped game's to the other commands; a folder is named as a path.
    named = str(written) if "/" in str(folder) else f"./{written}"
    click.echo(f"wrote {named}: now stavka validate {named}, then stavka build {named}")
