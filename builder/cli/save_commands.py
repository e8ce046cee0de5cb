"""``stavka save …``: look inside VASSAL saves and logs.

Bad files (not a save, corrupt, a zip bomb, another module's save) raise
:class:`rules.errors.SaveError`, which the top-level group prints as one line with exit
status 2.
"""

from __future__ import annotations

from pathlib import Path

import click

from builder.cli import main
from builder.vassal.savefile import read_command_lines, read_module_name


@main.group("save")
def save_group() -> None:
    """Read VASSAL saved games (.vsav) and logs (.vlog)."""


@save_group.command("dump")
@click.argument("file", type=click.Path(path_type=Path, dir_okay=False))
@click.option(
    "--lines",
    is_flag=True,
    help="Print every command, one per line, as the corpus .lines.txt files.",
)
@click.option(
    "--module",
    "module_path",
    type=click.Path(path_type=Path, dir_okay=False),
    help="Refuse the save unless it was made with this .vmod.",
)
def dump(file: Path, lines: bool, module_path: Path | None) -> None:
    """Show what FILE holds: a summary of the position, or its commands with --lines."""
    expected = None if module_path is None else read_module_name(module_path)
    if lines:
        # Written as UTF-8 bytes so the output matches .lines.txt exactly on any console.
        click.echo(read_command_lines(file, expected).encode("utf-8"), nl=False)
    else:
        # Only the summary plays the commands out; --lines needs no more than the text.
        from builder.vassal.reader import read_saved_game
        from builder.vassal.summary import summarise

        click.echo(summarise(read_saved_game(file, expected)), nl=False)
