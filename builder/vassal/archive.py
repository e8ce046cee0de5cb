"""Save files as containers: reading any of the shapes in the wild safely, writing one.

In the wild a save is a zip with ``savedGame`` and usually ``moduledata``/``savedata``,
a zip with only ``savedGame`` (VASSAL 2.x), or no zip at all but the bare payload. The
reader takes all three, and treats the file as hostile: entry names that climb out of a
directory, encrypted or duplicated entries and zip bombs are refused with
:class:`SaveError` before they cost more than the limits in :mod:`builder.vassal.limits`.
The writer makes byte-identical zips for identical input and never leaves half a file.
"""

from __future__ import annotations

import io
import os
import secrets
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from builder.vassal import limits
from rules.errors import SaveError

SAVED_GAME = "savedGame"
MODULE_DATA = "moduledata"
SAVE_DATA = "savedata"
BUILD_FILES = ("buildFile.xml", "buildFile")

FIXED_TIMESTAMP = (1980, 1, 1, 0, 0, 0)
"""The earliest time a zip can hold, so that identical input gives identical bytes."""

_ZIP_MAGIC = b"PK\x03\x04"
_EMPTY_ZIP_MAGIC = b"PK\x05\x06"
_CHUNK = 1 << 16


@dataclass(frozen=True)
class SaveContainer:
    """The raw parts of a save: the payload and the metadata entries if present."""

    saved_game: bytes
    module_data: bytes | None
    save_data: bytes | None
    zipped: bool


def _check_entry_name(name: str) -> None:
    """Refuse names a careless extractor would write outside its directory."""
    posix = name.replace("\\", "/")
    path = PurePosixPath(posix)
    if posix.startswith("/") or (len(posix) > 1 and posix[1] == ":") or ".." in path.parts:
        raise SaveError(None, f"entry {name!r}", "entry name leaves the archive (absolute or '..')")


def _read_entry(archive: zipfile.ZipFile, info: zipfile.ZipInfo, archive_size: int, budget: int) -> bytes:
    """Stream one entry, counting the bytes really produced against the limits.

    The header's sizes are only claims: the count here is what the decompressor emits,
    and the packed size is capped by the archive's real size.
    """
    place = f"entry {info.filename!r}"
    if info.flag_bits & 0x1:
        raise SaveError(None, place, "entry is encrypted")
    packed = min(info.compress_size, archive_size)
    parts: list[bytes] = []
    produced = 0
    try:
        with archive.open(info) as stream:
            while True:
                part = stream.read(_CHUNK)
                if not part:
                    break
                produced += len(part)
                limits.check_unpacked(produced, packed, place)
                if produced > budget:
                    raise SaveError(None, place, f"archive unpacks to more than {limits.MAX_UNPACKED_BYTES // (1024 * 1024)} MB")
                parts.append(part)
    except SaveError:
        raise
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError, NotImplementedError, RuntimeError) as error:
        raise SaveError(None, place, f"entry is corrupt ({error})") from error
    return b"".join(parts)


def _open_zip(data: bytes) -> zipfile.ZipFile:
    try:
        return zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, zlib.error, EOFError, OSError, ValueError, NotImplementedError) as error:
        raise SaveError(None, "zip", f"not a readable zip archive ({error})") from error


def read_container(data: bytes) -> SaveContainer:
    """Split the bytes of a save or log file into payload and metadata.

    A file that is not a zip is taken as a bare payload (VASSAL 2.x wrote such files);
    whether it really is a save is decided when its commands are read.
    """
    if len(data) > limits.MAX_UNPACKED_BYTES:
        raise SaveError(None, None, f"file is larger than {limits.MAX_UNPACKED_BYTES // (1024 * 1024)} MB")
    if not data.startswith((_ZIP_MAGIC, _EMPTY_ZIP_MAGIC)):
        return SaveContainer(saved_game=data, module_data=None, save_data=None, zipped=False)
    with _open_zip(data) as archive:
        try:
            infos = archive.infolist()
        except (zipfile.BadZipFile, ValueError) as error:
            raise SaveError(None, "zip", f"not a readable zip archive ({error})") from error
        wanted: dict[str, zipfile.ZipInfo] = {}
        for info in infos:
            _check_entry_name(info.filename)
            if info.filename in (SAVED_GAME, MODULE_DATA, SAVE_DATA, *BUILD_FILES):
                if info.filename in wanted:
                    raise SaveError(None, f"entry {info.filename!r}", "entry appears twice")
                wanted[info.filename] = info
        if SAVED_GAME not in wanted:
            if any(name in wanted for name in BUILD_FILES):
                raise SaveError(None, "zip", "this is a VASSAL module, not a saved game or log")
            raise SaveError(None, "zip", "no savedGame entry; not a VASSAL saved game or log")
        budget = limits.MAX_UNPACKED_BYTES
        contents: dict[str, bytes] = {}
        for name in (SAVED_GAME, MODULE_DATA, SAVE_DATA):
            if name in wanted:
                contents[name] = _read_entry(archive, wanted[name], len(data), budget)
                budget -= len(contents[name])
    return SaveContainer(
        saved_game=contents[SAVED_GAME],
        module_data=contents.get(MODULE_DATA),
        save_data=contents.get(SAVE_DATA),
        zipped=True,
    )


def read_module_data(data: bytes) -> bytes | None:
    """The ``moduledata`` entry of a ``.vmod``, read with the same safety as a save."""
    with _open_zip(data) as archive:
        try:
            infos = archive.infolist()
        except (zipfile.BadZipFile, ValueError) as error:
            raise SaveError(None, "zip", f"not a readable zip archive ({error})") from error
        for info in infos:
            _check_entry_name(info.filename)
        matches = [info for info in infos if info.filename == MODULE_DATA]
        if len(matches) > 1:
            raise SaveError(None, f"entry {MODULE_DATA!r}", "entry appears twice")
        if not matches:
            return None
        return _read_entry(archive, matches[0], len(data), limits.MAX_UNPACKED_BYTES)


def build_zip(entries: list[tuple[str, bytes]]) -> bytes:
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


def write_new_file(path: Path, data: bytes) -> None:
    """Write ``data`` to a path that must not exist yet, all at once or not at all.

    The bytes go to a temporary file in the same directory, are flushed to disk and
    only then renamed over ``path``, so a crash or a full disk leaves no partial save.
    """
    if path.exists():
        raise SaveError(path, None, "output file already exists; refusing to overwrite it")
    directory = path.parent if str(path.parent) else Path(".")
    if not directory.is_dir():
        raise SaveError(path, None, "output directory does not exist")
    # A fresh random name opened exclusively, rather than mkstemp, so the file gets the
    # user's usual permissions instead of owner-only ones.
    temporary_path = directory / f".{path.name}.{secrets.token_hex(8)}.part"
    try:
        with temporary_path.open("xb") as temporary:
            temporary.write(data)
            temporary.flush()
            os.fsync(temporary.fileno())
        os.replace(temporary_path, path)
    except BaseException:
        temporary_path.unlink(missing_ok=True)
        raise
