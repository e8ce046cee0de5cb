"""Writing outputs: all at once or not at all, and never over a file that must stay.

Every file Stavka writes goes through here. The bytes go to a temporary file beside the
target, are flushed to disk, and only then take the target's name, so a crash, a kill
or a full disk leaves either the old file or the new one, never half of either. A build
output under ``dist/`` is Stavka's own and is replaced (keeping its permissions); a new
file, such as an annotated copy of a player's save, is created exclusively: if anything
appears at that name meanwhile, it is kept and the write is refused. A page the user
names (``report -o``) is created, or replaces only a file Stavka wrote, decided when
the page is complete (:func:`write_own_output`). A temporary file has an unguessable
name, is created exclusively and is removed when the write fails; it is the only file a
writer ever removes. One left by a run killed outright (SIGKILL, a power cut) stays, a
hidden ``.NAME.PID.RANDOM.part`` beside the target: nothing a later run finds proves it
was ours, and a file is never removed by its name's pattern, since it may be the user's.
Any failure is an :class:`OutputError` naming the path.
"""

from __future__ import annotations

import errno
import os
import secrets
import stat
from collections.abc import Callable, Mapping
from pathlib import Path

from rules.data.loader import is_shipped_folder, shipped_games
from rules.errors import OutputError
from rules.model import GameSpec

_PART_SUFFIX = ".part"
_NO_HARD_LINKS = {
    errno.EPERM,
    errno.EXDEV,
    errno.ENOTSUP,
    errno.EOPNOTSUPP,
    errno.ENOSYS,
    errno.EMLINK,
}


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
                raise OutputError(
                    path, None, "output file already exists; refusing to overwrite it"
                )
            elif not path.parent.is_dir():
                raise OutputError(path, None, "output folder does not exist")
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
                raise OutputError(
                    path, None, "output file already exists; refusing to overwrite it"
                ) from error
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


def check_replaceable(path: Path, is_own: Callable[[bytes], bool], head: int) -> None:
    """Refuse ``path`` unless it is absent or a regular file whose first ``head`` bytes
    ``is_own`` recognises as this tool's; a FIFO or device is refused unread."""
    try:
        status = os.lstat(path)
    except FileNotFoundError:
        return
    except OSError as error:
        raise _error(path, error) from error
    if not stat.S_ISREG(status.st_mode):
        raise OutputError(path, None, "exists and is not a regular file; refusing to overwrite it")
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(handle, "rb") as stream:
            own = stat.S_ISREG(os.fstat(stream.fileno()).st_mode) and is_own(stream.read(head))
    except OSError as error:
        raise _error(path, error) from error
    if not own:
        raise OutputError(
            path, None, "exists and was not written by Stavka; refusing to overwrite it"
        )


def write_own_output(path: Path, data: bytes, is_own: Callable[[bytes], bool], head: int) -> None:
    """Create ``path``, or replace it only if it holds a file Stavka wrote (``is_own``).

    Decided when the new file is complete, not before the work: it is created exclusively
    if nothing is there; otherwise whatever is there is first moved aside by one atomic
    rename, checked, and only then dropped, so a file that appeared meanwhile is never
    replaced (it is put back, or kept beside the target if its name was taken again).
    """
    prepare_folder(path)
    check_replaceable(path, is_own, head)
    try:
        temporary = _temporary(path, data)
    except OSError as error:
        raise _error(path, error) from error
    try:
        try:
            _create_exclusively(temporary, path, data)
            return
        except FileExistsError:
            pass
        aside = path.parent / f".{path.name}.{os.getpid()}.{secrets.token_hex(6)}.kept"
        os.rename(path, aside)
        try:
            check_replaceable(aside, is_own, head)
        except OutputError:
            _put_back(aside, path)
            raise OutputError(
                path, None, "exists and was not written by Stavka; refusing to overwrite it"
            ) from None
        try:
            _create_exclusively(temporary, path, data)
        except FileExistsError:
            raise OutputError(
                path, None, "a file appeared at this name while writing; refusing to overwrite it"
            ) from None
        finally:
            aside.unlink(missing_ok=True)
    except OSError as error:
        raise _error(path, error) from error
    finally:
        temporary.unlink(missing_ok=True)


def _put_back(aside: Path, path: Path) -> None:
    """Return a file moved aside to its name, unless its name was taken meanwhile."""
    try:
        os.link(aside, path)
    except FileExistsError:
        raise OutputError(
            path,
            None,
            f"a file appeared at this name while writing; the one that was there is kept as {aside}",
        ) from None
    except OSError:
        os.rename(aside, path)
        return
    aside.unlink()


def output_stem(spec: GameSpec) -> str:
    """What a game's outputs are named after: its id for a shipped game; for a user's
    copy its folder's name, so that a copy of ``games/tps`` called ``my-tps`` builds
    ``my-tps.vmod`` and ``my-tps-pnp-a4.pdf``, not the shipped game's files."""
    folder = Path(spec.folder)
    return spec.id if is_shipped_folder(folder) else folder.resolve().name


def named_like_shipped(spec: GameSpec) -> bool:
    """Whether ``spec`` is a user's copy whose outputs would take a shipped game's names
    (a copied folder called ``tps``): written by default, they would replace the shipped
    module or PDF, so build and pnp ask for another name first."""
    return not is_shipped_folder(Path(spec.folder)) and output_stem(spec) in shipped_games()
