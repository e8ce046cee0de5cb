"""The game data a module carries, read back for the referee.

A module holds the data files it was built from under ``stavka-data/``, with the files
that data names (its own arms' pictures), and their digest in its ``moduledata``, which
every save copies. A user's own copy of a game is judged with that data (``--module``),
never with a folder a save could name. The module is input like any save: its zip is
read within the save reader's limits, and its data is parsed and checked as a game
folder's files are. A module extension (``.vmdx``) that ``stavka extension`` wrote for a
module someone else made carries the data the same way, with the digest in its
``extensiondata``.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from builder.saves.names import DATA_ENTRY_FOLDER, data_entry
from builder.vassal.metadata import Metadata, parse_metadata
from builder.vassal.savefile import read_module_entries_at, with_path
from rules.data.layout import GAME_FILES, GENERATED_MAP_FILE
from rules.data.loader import data_digest, files_named_by, load_game_data
from rules.errors import SaveError
from rules.model import GameSpec


EXTENSION_DATA = "extensiondata"
"""A module extension's own metadata entry (its ``moduledata`` is its module's)."""


def read_module_game(module: Path) -> tuple[Metadata, GameSpec]:
    """``module``'s metadata (an extension's own) and the game its data holds, checked
    against its digest, with the pictures its arms are drawn with."""
    names = {data_entry(name): name for name in (*GAME_FILES, GENERATED_MAP_FILE)}
    metadata, entries = read_module_entries_at(module, (*names, EXTENSION_DATA))
    extension = entries.pop(EXTENSION_DATA, None)
    if extension is not None:
        try:
            metadata = parse_metadata(extension, EXTENSION_DATA)
        except SaveError as error:
            raise with_path(error, module) from error
    if not entries:
        raise SaveError(
            module,
            None,
            "the module carries no game data (built by an older Stavka, or not by "
            "Stavka): rebuild it with stavka build, or for a module someone else made give "
            "the extension `stavka extension` wrote for it (or its adopted game folder)",
        )
    files = {names[entry]: content for entry, content in entries.items()}
    spec = load_game_data(module / DATA_ENTRY_FOLDER.rstrip("/"), files)
    # The pictures are named by the data, so they are read once it is parsed. A module
    # built before modules carried them has none, and its digest covers none.
    named = {data_entry(name): name for name in files_named_by(spec)}
    if named:
        pictures = read_module_entries_at(module, named)[1]
        files |= {named[entry]: content for entry, content in pictures.items()}
    if data_digest(files) != metadata.extra1:
        raise SaveError(
            module,
            "moduledata",
            "its game data does not match the digest in its moduledata "
            "(changed after the build): rebuild the module",
        )
    arms = {
        arm_id: replace(look, image_data=files.get(look.image)) if look.image is not None else look
        for arm_id, look in spec.arms.items()
    }
    return metadata, replace(spec, arms=arms)
