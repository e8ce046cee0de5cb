"""Writing outputs: all at once or not at all, and never over a file that must stay.

Every file Stavka writes goes through here. The bytes go to a temporary file beside the
target, are flushed to disk, and only then take the target's name, so a crash, a kill
or a full disk leaves either the old file or the new one, never half of either. A build
output under ``dist/`` is Stavka's own and is replaced (keeping its permissions); a new
file, such as an annotated copy of a player's save, is created exclusively: if anything
appears at that name meanwhile, it is kept and the write is refused. Temporary files
carry the writer's process id, so one left by a killed run is removed by the next write
into that folder. Any failure is an :class:`OutputError` naming the path.
"""

from __future__ import annotations

import errno
import os
import secrets
from collections.abc import Mapping
from pathlib import Path

from rules.data.loader import is_shipped_folder
from rules.errors import OutputError
from rules.model import GameSpec

_PART_SUFFIX = ".part"
_NO_HARD_LINKS = {errno.EPERM, errno.EXDEV, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS, errno.EMLINK}


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return True
    return True


def _remove_stale_parts(directory: Path, name: str) -> None:
    """Delete temporary files of ``name`` whose writing process no longer runs."""
    prefix = f".{name}."
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return
    for entry in entries:
        if not (entry.name.startswith(prefix) and entry.name.endswith(_PART_SUFFIX)):
            continue
        pid = entry.name[len(prefix) : -len(_PART_SUFFIX)].split(".")[0]
        if pid.isascii() and pid.isdigit() and len(pid) < 10 and not _alive(int(pid)):
            Path(entry.path).unlink(missing_ok=True)


def _write_new(path: Path, data: bytes) -> None:
    """Create ``path`` exclusively, with the user's usual permissions (mkstemp would make
    it owner-only), and flush ``data`` to disk; on any failure remove it again."""
    try:
        with path.open("xb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
    except FileExistsError:
        raise
    except BaseException:
        path.unlink(missing_ok=True)
        raise


def _temporary(path: Path, data: bytes) -> Path:
    """``data`` in a new temporary file beside ``path``, flushed to disk."""
    temporary = path.parent / f".{path.name}.{os.getpid()}.{secrets.token_hex(6)}{_PART_SUFFIX}"
    _write_new(temporary, data)
    return temporary


def _create_exclusively(temporary: Path, path: Path, data: bytes) -> None:
    """Give ``temporary``'s content the new name ``path``, failing if ``path`` exists.

    A hard link is atomic and exclusive; where the file system has none, the target is
    created exclusively and written directly.
    """
    try:
        os.link(temporary, path)
    except FileExistsError:
        raise
    except OSError as error:
        if error.errno not in _NO_HARD_LINKS:
            raise
        _write_new(path, data)


def _error(path: Path, error: OSError) -> OutputError:
    reason = error.strerror or str(error)
    return OutputError(path, None, f"cannot write ({reason})")


def write_outputs(files: Mapping[Path, bytes], replace: bool = True) -> None:
    """Write several files as one: every one is complete on disk before any is renamed.

    With ``replace=False`` none of the targets may exist; they are created exclusively
    and their folders must exist already. Otherwise folders are created and old files
    replaced.
    """
    temporaries: dict[Path, Path] = {}
    try:
        for path, data in files.items():
            if replace:
                prepare_folder(path)
            elif path.exists() or path.is_symlink():
                raise OutputError(path, None, "output file already exists; refusing to overwrite it")
            elif not path.parent.is_dir():
                raise OutputError(path, None, "output folder does not exist")
            _remove_stale_parts(path.parent, path.name)
            try:
                temporaries[path] = _temporary(path, data)
            except OSError as error:
                raise _error(path, error) from error
        for path, temporary in temporaries.items():
            try:
                if replace:
                    if path.exists():
                        os.chmod(temporary, path.stat().st_mode & 0o7777)
                    os.replace(temporary, path)
                else:
                    _create_exclusively(temporary, path, files[path])
            except FileExistsError as error:
                raise OutputError(path, None, "output file already exists; refusing to overwrite it") from error
            except OSError as error:
                raise _error(path, error) from error
    finally:
        for temporary in temporaries.values():
            temporary.unlink(missing_ok=True)


def prepare_folder(path: Path) -> None:
    """Create the folder ``path`` will be written in, so a command that draws for a while
    before writing fails at once, not after the drawing, when the place is unwritable."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise _error(path, error) from error


def write_output(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically, creating its folder if needed."""
    write_outputs({path: data})


def write_new_file(path: Path, data: bytes) -> None:
    """Write ``data`` to a path that must not exist, all at once or not at all."""
    write_outputs({path: data}, replace=False)


def output_stem(spec: GameSpec) -> str:
    """What a game's outputs are named after: its id for a shipped game; for a user's
    copy its folder's name, so that a copy of ``games/tps`` called ``my-tps`` builds
    ``my-tps.vmod`` and ``my-tps-pnp-a4.pdf``, not the shipped game's files."""
    folder = Path(spec.folder)
    return spec.id if is_shipped_folder(folder) else folder.resolve().name
