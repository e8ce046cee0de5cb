"""``stavka adopt``, ``stavka extension`` and ``stavka attach``: the referee for a game
whose VASSAL module someone else made.

``adopt`` drafts a game folder from the module; the designer completes it; ``extension``
writes a module extension that adds the referee to the unchanged module, carrying that
folder's data (``attach``, a copy of the module with the referee added, for what an
extension cannot do). The module is read as hostile input; bad input is one line and
exit status 2, and ``adopt`` then writes nothing.
"""

from __future__ import annotations

import re
from pathlib import Path

import click

from builder.cli import main
from rules.data.parse import GAME_ID
from rules.errors import OutputError

MODULE_FILE = click.Path(exists=True, dir_okay=False, path_type=Path)


def folder_for(module: Path, folder: Path | None, module_name: str) -> tuple[Path, str]:
    """The folder to write and the game's id, which is the folder's name: by default a
    folder named after the module in the current folder."""
    if folder is None:
        stem = re.sub(r"[^a-z0-9]+", "-", module_name.lower()).strip("-")[:32] or "adopted"
        if not stem[0].isalpha():
            stem = ("game-" + stem)[:32]
        folder = Path(stem)
    if not GAME_ID.fullmatch(folder.name):
        raise OutputError(
            folder,
            None,
            f"{folder.name!r} cannot be a game id, which the folder's name is: 1 to 32 "
            "lower-case letters, digits, '-' or '_', starting with a letter",
        )
    return folder, folder.name


@main.command("adopt")
@click.argument("module", type=MODULE_FILE, metavar="MODULE.vmod")
@click.argument("folder", type=click.Path(path_type=Path), required=False)
@click.option(
    "--map",
    "map_name",
    metavar="NAME",
    help="The module's map the game is played on, when several have hex grids.",
)
def adopt(module: Path, folder: Path | None, map_name: str | None) -> None:
    """Draft a game folder from MODULE.vmod, a VASSAL module someone else made: its board
    pictures and hex grid, its pieces as units, its set-ups as scenarios, a terrain draft
    from the board's colours and a [referee] skeleton. Every value the module does not
    give is marked reconstructed (stavka transcribe lists them). FOLDER (new or empty;
    default: named after the module) is the game's id."""
    from builder.adopt.adoption import adopt_module
    from builder.adopt.archive import ModuleArchive
    from builder.adopt.draft import draft_files
    from builder.adopt.folder import write_game_folder

    with ModuleArchive(module) as archive:
        name = archive.module_file().metadata.name
    target, game_id = folder_for(module, folder, name)
    adoption = adopt_module(module, game_id, map_name)
    files = draft_files(adoption)
    write_game_folder(target, files)
    named = str(target) if "/" in str(target) else f"./{target}"
    terrain = adoption.terrain
    click.echo(
        f"wrote {named}: {len(adoption.units)} units of {len(adoption.unit_pieces)} pieces, "
        f"{len(adoption.setups)} scenario{'s' if len(adoption.setups) != 1 else ''}, "
        f"{len(adoption.board.in_play)} hexes ({len(terrain.hex_classes)} hex and "
        f"{len(terrain.side_classes)} hexside colours drafted), {len(adoption.pictures)} pictures"
    )
    click.echo(
        f"next: stavka transcribe {named} (what the module does not give), then write the "
        f"[referee] table (ADOPTED.md and docs/designers/adopting-a-module.md)"
    )


@main.command("extension")
@click.argument("game")
@click.option(
    "--for",
    "module",
    required=True,
    type=MODULE_FILE,
    metavar="MODULE.vmod",
    help="The module the game was adopted from, which stays unchanged.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="FILE.vmdx",
    help="Where to write the extension (default: dist/GAME-referee.vmdx).",
)
def extension(game: str, module: Path, output: Path | None) -> None:
    """Write a VASSAL module extension that adds the Stavka referee (its buttons and map
    marks) to MODULE.vmod, unchanged, carrying the data of GAME, the folder stavka adopt
    drafted from that module. Put it in the module's extension folder (MODULE_ext/ beside
    the module file, or the Module Library's Add Extension)."""
    from builder.adopt.extension import (
        extension_bytes,
        extension_name,
        is_stavka_extension,
        target_module,
    )
    from builder.output import write_output
    from rules.data.loader import load_game

    spec = load_game(game)
    target = target_module(spec, module)
    path = output or Path("dist") / extension_name(spec)
    if output is not None and output.exists() and not is_stavka_extension(output):
        raise OutputError(
            output, None, "exists and is not an extension Stavka wrote; refusing to replace it"
        )
    write_output(path, extension_bytes(spec, target))
    assert spec.adopted is not None
    if target.metadata.version != spec.adopted.version:
        click.echo(
            f"warning: {module} is version {target.metadata.version!r}, {spec.id} was adopted "
            f"from {spec.adopted.version!r}: check that its pieces and map are the same",
            err=True,
        )
    if spec.referee is None:
        click.echo(
            f"warning: {spec.id} has no [referee] table yet: the Referee button will say so",
            err=True,
        )
    click.echo(
        f"wrote {path}: the referee for {target.metadata.name!r}; put it in "
        f"{module.with_suffix('').name}_ext/ beside the module"
    )


@main.command("attach")
@click.argument("module", type=MODULE_FILE, metavar="MODULE.vmod")
@click.option(
    "--game",
    "game",
    required=True,
    metavar="FOLDER",
    help="The game folder stavka adopt drafted from MODULE.vmod.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="FILE.vmod",
    help="Where to write the copy (default: dist/MODULE-referee.vmod).",
)
def attach(module: Path, game: str, output: Path | None) -> None:
    """Write a copy of MODULE.vmod with the Stavka referee attached: what an extension
    adds, and on each unit's piece the menu item "Referee: verdicts", which an extension
    cannot add. Every other file of the module is copied as it is; the copy keeps the
    module's name, so its saves and the original's are alike. A new file, never MODULE."""
    from builder.adopt.attach import attached_bytes
    from builder.output import write_new_file
    from rules.data.loader import load_game

    spec = load_game(game)
    path = output or Path("dist") / f"{module.stem}-referee.vmod"
    if path.resolve() == module.resolve():
        raise OutputError(path, None, "would replace the module itself; name another file with -o")
    data, changed = attached_bytes(spec, module)
    path.parent.mkdir(parents=True, exist_ok=True)
    write_new_file(path, data)
    click.echo(
        f"wrote {path}: {module.name} with the referee attached and the unit menu item on "
        f"{changed} piece slot{'s' if changed != 1 else ''}"
    )
