"""Reading a ``.vsav``/``.vlog`` file into a :class:`SavedGame`: the entry point.

Everything below this module works on bytes and text and raises :class:`SaveError`
without a file name; here the file is read once and every error is re-raised with its
path, so a user sees ``file: place: message`` whatever layer found the problem.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from builder.vassal.archive import MODULE_DATA, SAVE_DATA, SAVED_GAME, read_container, read_module_data
from builder.vassal.commands import BEGIN_SAVE, COMMAND_SEPARATOR, CommandGroup, decode_saved_game
from builder.vassal.lines import flatten
from builder.vassal.metadata import Metadata, parse_metadata
from builder.vassal.model import LocationHook, SavedGame
from builder.vassal.obfuscation import deobfuscate
from builder.vassal.replay import replay
from rules.errors import SaveError


@dataclass(frozen=True)
class SaveFile:
    """A save's decoded text and metadata, before its commands are interpreted.

    ``module_data``/``save_data`` keep the raw entries so that a rewritten save can
    carry them byte for byte, as VASSAL expects.
    """

    text: str
    module: Metadata | None
    save: Metadata | None
    module_data: bytes | None
    save_data: bytes | None


def _read_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError as error:
        raise SaveError(path, None, f"cannot read file ({error.strerror or error})") from error


def _with_path(error: SaveError, path: Path) -> SaveError:
    return SaveError(path, error.place, error.message)


def decode_save_bytes(data: bytes, expected_module: str | None = None) -> SaveFile:
    """The text and metadata of a save given as bytes; errors carry no path.

    ``expected_module`` is the module name the save must belong to, when known.
    """
    container = read_container(data)
    module = None if container.module_data is None else parse_metadata(container.module_data, MODULE_DATA)
    save = None if container.save_data is None else parse_metadata(container.save_data, SAVE_DATA)
    if expected_module is not None and module is not None and module.name != expected_module:
        raise SaveError(None, MODULE_DATA, f"saved with module {module.name!r}, not {expected_module!r}")
    text = deobfuscate(container.saved_game)
    if text.split(COMMAND_SEPARATOR, 1)[0] != BEGIN_SAVE:
        raise SaveError(None, SAVED_GAME, "not a VASSAL saved game or log (it does not start with begin_save)")
    return SaveFile(
        text=text,
        module=module,
        save=save,
        module_data=container.module_data,
        save_data=container.save_data,
    )


def read_save_file(path: Path, expected_module: str | None = None) -> SaveFile:
    """The decoded text and metadata of the save or log at ``path``."""
    try:
        return decode_save_bytes(_read_bytes(path), expected_module)
    except SaveError as error:
        raise _with_path(error, path) from error


def parse_save_bytes(data: bytes, expected_module: str | None = None, locate: LocationHook | None = None) -> SavedGame:
    """Bytes of a save or log to the final position; errors carry no path."""
    save_file = decode_save_bytes(data, expected_module)
    commands: CommandGroup = decode_saved_game(save_file.text)
    return replay(commands, save_file.module, save_file.save, locate)


def read_saved_game(path: Path, expected_module: str | None = None, locate: LocationHook | None = None) -> SavedGame:
    """Read the save or log at ``path`` and play it out to its final position.

    ``expected_module`` refuses saves whose ``moduledata`` names another module;
    ``locate`` names each piece's spot (see :data:`LocationHook`). Any problem with the
    file raises :class:`SaveError` naming the file and the place.
    """
    try:
        return parse_save_bytes(_read_bytes(path), expected_module, locate)
    except SaveError as error:
        raise _with_path(error, path) from error


def read_module_name(path: Path) -> str:
    """The name a ``.vmod`` declares in its ``moduledata``, to check saves against."""
    try:
        module_data = read_module_data(_read_bytes(path))
        if module_data is None:
            raise SaveError(None, MODULE_DATA, "module has no moduledata entry")
        return parse_metadata(module_data, MODULE_DATA).name
    except SaveError as error:
        raise _with_path(error, path) from error


def read_command_lines(path: Path, expected_module: str | None = None) -> str:
    """The save's command tree as ``.lines.txt`` text (one command per line)."""
    save_file = read_save_file(path, expected_module)
    try:
        return flatten(save_file.text)
    except SaveError as error:
        raise _with_path(error, path) from error
