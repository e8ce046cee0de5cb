"""A ``.vsav``/``.vlog`` file to its command text and metadata: the first half of reading.

Everything below this module works on bytes and text and raises :class:`SaveError`
without a file name; here the file is read once and every error is re-raised with its
path, so a user sees ``file: place: message`` whatever layer found the problem. The file
is checked before it is read: it must be a regular file (not a FIFO that never ends or a
device that never stops) no larger than :data:`limits.MAX_FILE_BYTES`. ``save dump
--lines`` needs no more than this module; :mod:`builder.vassal.reader` plays the
commands out.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from builder.vassal import limits
from builder.vassal.archive import (
    MODULE_DATA,
    SAVE_DATA,
    SAVED_GAME,
    ZIP_MAGIC,
    read_container,
    read_module_entries,
)
from builder.vassal.lines import flatten
from builder.vassal.metadata import Metadata, parse_metadata
from builder.vassal.nesting import BEGIN_SAVE
from builder.vassal.obfuscation import (
    HEX_HEADER,
    RAW_HEADER,
    XZ_HEADER,
    XZ_MAGIC,
    deobfuscate_chunks,
)
from rules.errors import SaveError
from rules.files import read_regular_file

SAVE_MAGIC = (ZIP_MAGIC, HEX_HEADER, RAW_HEADER, XZ_HEADER, XZ_MAGIC, BEGIN_SAVE.encode())
"""How a save starts: a zip, one of the payload formats, or plain command text."""


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


def read_bytes(path: Path, limit: int = limits.MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file at ``path``, refused unread if larger than ``limit``."""
    return read_regular_file(path, limit, SaveError)


def looks_like_save(path: Path) -> bool:
    """Whether the file at ``path`` starts as a save does (:data:`SAVE_MAGIC`); an
    unreadable file does not."""
    try:
        with path.open("rb") as stream:
            return stream.read(max(map(len, SAVE_MAGIC))).startswith(SAVE_MAGIC)
    except OSError:
        return False


def with_path(error: SaveError, path: Path) -> SaveError:
    """``error`` as raised by a layer that did not know the file, now naming it."""
    return SaveError(path, error.place, error.message)


def decode_save_bytes(data: bytes, expected_module: str | None = None) -> SaveFile:
    """The text and metadata of a save given as bytes; errors carry no path.

    ``expected_module`` is the module name the save must belong to, when known: a save
    without ``moduledata`` cannot show that it is one, and is refused then.
    """
    container = read_container(data)
    module = (
        None
        if container.module_data is None
        else parse_metadata(container.module_data, MODULE_DATA)
    )
    save = None if container.save_data is None else parse_metadata(container.save_data, SAVE_DATA)
    if expected_module is not None:
        if module is None:
            raise SaveError(
                None,
                MODULE_DATA,
                f"save has no moduledata, so it cannot be checked against {expected_module!r}",
            )
        if module.name != expected_module:
            raise SaveError(
                None, MODULE_DATA, f"saved with module {module.name!r}, not {expected_module!r}"
            )
    text = deobfuscate_chunks(container.payload())
    if not text.startswith(BEGIN_SAVE) or text[len(BEGIN_SAVE) : len(BEGIN_SAVE) + 1] not in (
        "",
        "\x1b",
    ):
        raise SaveError(
            None, SAVED_GAME, "not a VASSAL saved game or log (it does not start with begin_save)"
        )
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
        return decode_save_bytes(read_bytes(path), expected_module)
    except SaveError as error:
        raise error if error.path is not None else with_path(error, path) from error


def read_module_name(path: Path) -> str:
    """The name a ``.vmod`` declares in its ``moduledata``, to check saves against."""
    return read_module_entries_at(path, ())[0].name


def read_module_entries_at(path: Path, names: Collection[str]) -> tuple[Metadata, dict[str, bytes]]:
    """A ``.vmod``'s ``moduledata`` and the entries of ``names`` it holds (by entry
    name), read as safely as a save: a module given on the command line is input too."""
    try:
        with os.fdopen(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb") as stream:
            status = os.fstat(stream.fileno())
            if not stat.S_ISREG(status.st_mode):
                raise SaveError(path, None, "not a regular file")
            module_data, entries = read_module_entries(stream, status.st_size, names)
    except OSError as error:
        raise SaveError(path, None, f"cannot read file ({error.strerror or error})") from error
    except SaveError as error:
        raise error if error.path is not None else with_path(error, path) from error
    if module_data is None:
        raise SaveError(path, MODULE_DATA, "module has no moduledata entry")
    try:
        return parse_metadata(module_data, MODULE_DATA), entries
    except SaveError as error:
        raise with_path(error, path) from error


def read_command_lines(path: Path, expected_module: str | None = None) -> str:
    """The save's command tree as ``.lines.txt`` text (one command per line)."""
    save_file = read_save_file(path, expected_module)
    try:
        return flatten(save_file.text)
    except SaveError as error:
        raise with_path(error, path) from error
