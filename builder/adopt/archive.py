"""A module someone else made, opened as hostile input: its entries listed and read one
by one within limits, with the save reader's defences (:mod:`builder.vassal.archive`).

Nothing is ever extracted to disk: entries are read into memory by name, so an entry
named ``../x`` or ``/etc/x`` is refused before anything is read and could not be written
anywhere anyway.
"""

from __future__ import annotations

import os
import stat
import zipfile
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import BinaryIO

from builder.adopt import limits
from builder.vassal import limits as save_limits
from builder.vassal.archive import (
    MODULE_DATA,
    SAVED_GAME,
    open_checked_archive,
    read_archive_entry,
)
from builder.vassal.metadata import Metadata, parse_metadata
from rules.errors import SaveError
from rules.files import megabytes

BUILD_FILE = "buildFile.xml"
OLD_BUILD_FILE = "buildFile"
IMAGE_FOLDER = "images/"
"""Where a module keeps its pictures; a piece or board names a file in it."""


@dataclass(frozen=True)
class ModuleFile:
    """What every adopting step needs of the module: its name and the build file."""

    metadata: Metadata
    build_file: bytes


class ModuleArchive:
    """An open ``.vmod``: :meth:`read` an entry by name, within a limit."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        except OSError as error:
            raise SaveError(path, None, f"cannot read file ({error.strerror or error})") from error
        self._stream: BinaryIO = os.fdopen(handle, "rb")
        try:
            status = os.fstat(self._stream.fileno())
            if not stat.S_ISREG(status.st_mode):
                raise SaveError(path, None, "not a regular file")
            if status.st_size > limits.MAX_MODULE_BYTES:
                raise SaveError(
                    path, None, f"file is larger than {megabytes(limits.MAX_MODULE_BYTES)}"
                )
            self._size = status.st_size
            self._zip, infos = open_checked_archive(
                self._stream,
                self._size,
                save_limits.MAX_MODULE_ENTRIES,
                save_limits.MAX_MODULE_DIRECTORY_BYTES,
            )
        except SaveError as error:
            self._stream.close()
            raise SaveError(path, error.place, error.message) from error
        except BaseException:
            self._stream.close()
            raise
        self._infos: dict[str, zipfile.ZipInfo] = {}
        for info in infos:
            if info.filename in self._infos:
                self.close()
                raise SaveError(path, f"entry {info.filename!r}", "entry appears twice")
            self._infos[info.filename] = info

    def __enter__(self) -> ModuleArchive:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()

    def close(self) -> None:
        self._zip.close()
        self._stream.close()

    def has(self, name: str) -> bool:
        return name in self._infos

    def names(self) -> list[str]:
        """Every entry's name, in the order the archive holds them."""
        return list(self._infos)

    def read(self, name: str, limit: int) -> bytes:
        """The bytes of entry ``name``; a missing, oversized or corrupt one is refused
        naming the module and the entry."""
        info = self._infos.get(name)
        if info is None:
            raise SaveError(self.path, f"entry {name!r}", "the module has no such file")
        try:
            return read_archive_entry(self._zip, info, self._size, limit)
        except SaveError as error:
            raise SaveError(self.path, error.place, error.message) from error

    def image_entry(self, image: str) -> str | None:
        """The entry of a picture a piece or board names (``images/NAME``), if present."""
        name = IMAGE_FOLDER + image
        return name if name in self._infos else None

    def module_file(self) -> ModuleFile:
        """The module's ``moduledata`` and build file, both required."""
        if not self.has(MODULE_DATA):
            raise SaveError(self.path, MODULE_DATA, "not a VASSAL module: it has no moduledata")
        try:
            metadata = parse_metadata(
                self.read(MODULE_DATA, save_limits.MAX_METADATA_BYTES), MODULE_DATA
            )
        except SaveError as error:
            raise SaveError(self.path, error.place, error.message) from error
        for name in (BUILD_FILE, OLD_BUILD_FILE):
            if self.has(name):
                return ModuleFile(metadata, self.read(name, limits.MAX_BUILD_FILE_BYTES))
        if self.has(SAVED_GAME):
            raise SaveError(self.path, None, "this is a saved game or log, not a VASSAL module")
        raise SaveError(self.path, BUILD_FILE, "not a VASSAL module: it has no build file")
