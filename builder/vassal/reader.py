"""Reading a ``.vsav``/``.vlog`` file into a :class:`SavedGame`: the entry point.

:mod:`builder.vassal.savefile` turns the file into command text and metadata; here the
commands are decoded and played out to the final position, and every error names the
file.
"""

from __future__ import annotations

from pathlib import Path

from builder.vassal.commands import CommandGroup, decode_saved_game
from builder.vassal.model import LocationHook, SavedGame
from builder.vassal.replay import replay
from builder.vassal.savefile import decode_save_bytes, read_bytes, with_path
from rules.errors import SaveError


def parse_save_bytes(
    data: bytes, expected_module: str | None = None, locate: LocationHook | None = None
) -> SavedGame:
    """Bytes of a save or log to the final position; errors carry no path."""
    save_file = decode_save_bytes(data, expected_module)
    commands: CommandGroup = decode_saved_game(save_file.text)
    return replay(commands, save_file.module, save_file.save, locate)


def read_saved_game(
    path: Path, expected_module: str | None = None, locate: LocationHook | None = None
) -> SavedGame:
    """Read the save or log at ``path`` and play it out to its final position.

    ``expected_module`` refuses saves whose ``moduledata`` names another module;
    ``locate`` names each piece's spot (see :data:`LocationHook`). Any problem with the
    file raises :class:`SaveError` naming the file and the place.
    """
    try:
        return parse_save_bytes(read_bytes(path), expected_module, locate)
    except SaveError as error:
        raise error if error.path is not None else with_path(error, path) from error
