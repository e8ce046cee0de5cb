"""Save files as containers: reading any of the shapes in the wild safely, writing one.

In the wild a save is a zip with ``savedGame`` and usually ``moduledata``/``savedata``,
a zip with only ``savedGame`` (VASSAL 2.x), or no zip at all but the bare payload. The
reader takes all three, and treats the file as hostile: entry names that climb out of a
directory, encrypted or duplicated entries and zip bombs are refused with
:class:`SaveError` before they cost more than the limits in :mod:`builder.vassal.limits`.
The writer makes byte-identical zips for identical input.
"""

from __future__ import annotations

import io
import struct
import zipfile
import zlib
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import BinaryIO

from builder.vassal import limits
from rules.errors import SaveError

SAVED_GAME = "savedGame"
MODULE_DATA = "moduledata"
SAVE_DATA = "savedata"
BUILD_FILES = ("buildFile.xml", "buildFile")

FIXED_TIMESTAMP = (1980, 1, 1, 0, 0, 0)
"""The earliest time a zip can hold, so that identical input gives identical bytes."""

ZIP_MAGIC = b"PK\x03\x04"
"""How a zip starts: its first local file header."""
_EMPTY_ZIP_MAGIC = b"PK\x05\x06"
_END_RECORD = struct.Struct("<4s4H2LH")
_ZIP64_LOCATOR = b"PK\x06\x07"
_END_SEARCH = _END_RECORD.size + 0xFFFF
"""The end record sits in the last 22 bytes plus at most a 64 KB comment."""
_CHUNK = 1 << 20
_ZIP_ERRORS = (
    zipfile.BadZipFile,
    zlib.error,
    EOFError,
    OSError,
    ValueError,
    NotImplementedError,
    RuntimeError,
)


@dataclass(frozen=True)
class SaveContainer:
    """The raw parts of a save: the payload (read on demand) and the metadata entries.

    The payload of a zipped save stays compressed until :meth:`payload` streams it, so
    its hex text is never held whole.
    """

    data: bytes
    saved_game: zipfile.ZipInfo | None
    module_data: bytes | None
    save_data: bytes | None

    @property
    def zipped(self) -> bool:
        return self.saved_game is not None

    def payload(self) -> Iterator[bytes]:
        """The ``savedGame`` bytes in chunks, stopped at the limits as they unpack."""
        if self.saved_game is None:
            for start in range(0, len(self.data), _CHUNK):
                yield self.data[start : start + _CHUNK]
            return
        with _open_zip(io.BytesIO(self.data)) as archive:
            yield from _entry_chunks(
                archive, self.saved_game, len(self.data), limits.MAX_PAYLOAD_BYTES
            )


def check_directory(tail: bytes, max_entries: int, max_bytes: int) -> None:
    """Refuse a zip whose central directory would cost more than the limits to parse.

    ``tail`` is the end of the file, where the end record is. ``zipfile`` reads the
    whole directory into objects before anything else can be checked, so its size and
    entry count are read from the end record first. ZIP64 and multi-disk archives,
    which VASSAL never writes, are refused rather than trusted.
    """
    at = tail.rfind(_EMPTY_ZIP_MAGIC)
    if at < 0 or len(tail) - at < _END_RECORD.size:
        raise SaveError(None, "zip", "not a readable zip archive (no end of central directory)")
    _, disk, directory_disk, entries_here, entries, size, _, _ = _END_RECORD.unpack_from(tail, at)
    if (
        disk
        or directory_disk
        or tail[max(at - 20, 0) : at].startswith(_ZIP64_LOCATOR)
        or 0xFFFF in (entries, entries_here)
    ):
        raise SaveError(None, "zip", "ZIP64 or multi-disk archive; VASSAL never writes one")
    if max(entries, entries_here) > max_entries:
        raise SaveError(
            None,
            "zip",
            f"archive lists {max(entries, entries_here)} entries (limit {max_entries:,})",
        )
    if size > max_bytes:
        raise SaveError(
            None, "zip", f"archive directory takes {size:,} bytes (limit {max_bytes:,})"
        )


def _check_entry_name(name: str) -> None:
    """Refuse names a careless extractor would write outside its directory."""
    posix = name.replace("\\", "/")
    path = PurePosixPath(posix)
    if posix.startswith("/") or (len(posix) > 1 and posix[1] == ":") or ".." in path.parts:
        raise SaveError(None, f"entry {name!r}", "entry name leaves the archive (absolute or '..')")


def _entry_chunks(
    archive: zipfile.ZipFile, info: zipfile.ZipInfo, archive_size: int, limit: int
) -> Iterator[bytes]:
    """Stream one entry, counting the bytes really produced against the limits.

    The header's sizes are only claims: the count here is what the decompressor emits,
    and the packed size is capped by the archive's real size.
    """
    place = f"entry {info.filename!r}"
    if info.flag_bits & 0x1:
        raise SaveError(None, place, "entry is encrypted")
    packed = min(info.compress_size, archive_size)
    produced = 0
    try:
        with archive.open(info) as stream:
            while part := stream.read(_CHUNK):
                produced += len(part)
                limits.check_unpacked(produced, packed, limit, place)
                yield part
    except SaveError:
        raise
    except _ZIP_ERRORS as error:
        raise SaveError(None, place, f"entry is corrupt ({error})") from error


def _read_entry(
    archive: zipfile.ZipFile, info: zipfile.ZipInfo, archive_size: int, limit: int
) -> bytes:
    return b"".join(_entry_chunks(archive, info, archive_size, limit))


def _open_zip(source: BinaryIO) -> zipfile.ZipFile:
    try:
        return zipfile.ZipFile(source)
    except _ZIP_ERRORS as error:
        raise SaveError(None, "zip", f"not a readable zip archive ({error})") from error


def _entries(archive: zipfile.ZipFile) -> list[zipfile.ZipInfo]:
    infos = archive.infolist()
    for info in infos:
        _check_entry_name(info.filename)
    return infos


def read_container(data: bytes) -> SaveContainer:
    """Split the bytes of a save or log file into payload and metadata.

    A file that is not a zip is taken as a bare payload (VASSAL 2.x wrote such files);
    whether it really is a save is decided when its commands are read.
    """
    if len(data) > limits.MAX_FILE_BYTES:
        raise SaveError(
            None, None, f"file is larger than {limits.megabytes(limits.MAX_FILE_BYTES)}"
        )
    if not data.startswith((ZIP_MAGIC, _EMPTY_ZIP_MAGIC)):
        return SaveContainer(data=data, saved_game=None, module_data=None, save_data=None)
    check_directory(data[-_END_SEARCH:], limits.MAX_ENTRIES, limits.MAX_DIRECTORY_BYTES)
    with _open_zip(io.BytesIO(data)) as archive:
        wanted: dict[str, zipfile.ZipInfo] = {}
        for info in _entries(archive):
            if info.filename in (SAVED_GAME, MODULE_DATA, SAVE_DATA, *BUILD_FILES):
                if info.filename in wanted:
                    raise SaveError(None, f"entry {info.filename!r}", "entry appears twice")
                wanted[info.filename] = info
        if SAVED_GAME not in wanted:
            if any(name in wanted for name in BUILD_FILES):
                raise SaveError(None, "zip", "this is a VASSAL module, not a saved game or log")
            raise SaveError(None, "zip", "no savedGame entry; not a VASSAL saved game or log")
        metadata = {
            name: _read_entry(archive, wanted[name], len(data), limits.MAX_METADATA_BYTES)
            for name in (MODULE_DATA, SAVE_DATA)
            if name in wanted
        }
    return SaveContainer(
        data=data,
        saved_game=wanted[SAVED_GAME],
        module_data=metadata.get(MODULE_DATA),
        save_data=metadata.get(SAVE_DATA),
    )


def read_module_entries(
    stream: BinaryIO, size: int, names: Collection[str]
) -> tuple[bytes | None, dict[str, bytes]]:
    """The ``moduledata`` entry of a ``.vmod`` and those of ``names`` it holds, read with
    the same safety as a save; each of ``names`` at most
    :data:`~builder.vassal.limits.MAX_MODULE_DATA_FILE_BYTES` unpacked."""
    stream.seek(max(size - _END_SEARCH, 0))
    check_directory(stream.read(), limits.MAX_MODULE_ENTRIES, limits.MAX_MODULE_DIRECTORY_BYTES)
    stream.seek(0)
    with _open_zip(stream) as archive:
        wanted: dict[str, zipfile.ZipInfo] = {}
        for info in _entries(archive):
            if info.filename == MODULE_DATA or info.filename in names:
                if info.filename in wanted:
                    raise SaveError(None, f"entry {info.filename!r}", "entry appears twice")
                wanted[info.filename] = info
        module_data = wanted.pop(MODULE_DATA, None)
        metadata = (
            None
            if module_data is None
            else _read_entry(archive, module_data, size, limits.MAX_METADATA_BYTES)
        )
        return metadata, {
            name: _read_entry(archive, info, size, limits.MAX_MODULE_DATA_FILE_BYTES)
            for name, info in wanted.items()
        }


def open_checked_archive(
    stream: BinaryIO, size: int, max_entries: int, max_directory: int
) -> tuple[zipfile.ZipFile, list[zipfile.ZipInfo]]:
    """A zip (a module someone else made) opened to be read entry by entry, with the
    same defences as a save: its directory's size and entry count checked before it is
    parsed, every entry name checked before any is read. The caller closes it."""
    stream.seek(max(size - _END_SEARCH, 0))
    check_directory(stream.read(), max_entries, max_directory)
    stream.seek(0)
    archive = _open_zip(stream)
    try:
        return archive, _entries(archive)
    except BaseException:
        archive.close()
        raise


def read_archive_entry(
    archive: zipfile.ZipFile, info: zipfile.ZipInfo, archive_size: int, limit: int
) -> bytes:
    """One entry of an archive from :func:`open_checked_archive`, refused once it
    unpacks past ``limit`` or more than :data:`~builder.vassal.limits.MAX_RATIO` times
    its packed size (a zip bomb)."""
    return _read_entry(archive, info, archive_size, limit)


def zip_archive(entries: list[tuple[str, bytes]]) -> bytes:
    """A deflated zip of ``entries`` in the given order, with fixed timestamps.

    Written to memory (seekable), so no entry has a data descriptor: VASSAL finds
    ``savedGame`` by scanning the zip stream and needs sizes in the local headers.
    """
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, content in entries:
            info = zipfile.ZipInfo(name, date_time=FIXED_TIMESTAMP)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 0
            info.external_attr = 0o644 << 16
            archive.writestr(info, content, compresslevel=9)
    return buffer.getvalue()
