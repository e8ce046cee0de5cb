"""Writing an adopted game folder: all of it or none of it, and nothing outside it.

Every byte is ready before the folder is made (adopting reads and checks the whole
module first), so bad input writes nothing at all. The folder must be new or empty, and
each file is created exclusively inside it; if writing fails part-way (a full disk),
the files written so far are removed again, and the folder too when this run made it.
No temporary file is put beside the folder.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path, PurePosixPath

from rules.errors import OutputError


def _inside(folder: Path, name: str) -> Path:
    relative = PurePosixPath(name)
    if relative.is_absolute() or ".." in relative.parts or not relative.parts:
        raise OutputError(folder, name, "a file of the game folder would lie outside it")
    return folder.joinpath(*relative.parts)


def write_game_folder(folder: Path, files: Mapping[str, bytes]) -> None:
    """Write ``files`` (path in the folder → bytes) into the new or empty ``folder``."""
    if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
        raise OutputError(folder, None, "exists and is not a folder; refusing to write over it")
    made = False
    if folder.exists():
        if any(folder.iterdir()):
            raise OutputError(folder, None, "the folder is not empty; give a new or empty one")
    else:
        if not folder.parent.is_dir():
            raise OutputError(folder, None, "its parent folder does not exist")
        try:
            folder.mkdir()
        except OSError as error:
            raise OutputError(folder, None, f"cannot write ({error.strerror or error})") from error
        made = True
    written: list[Path] = []
    folders: list[Path] = []
    try:
        for name, data in files.items():
            path = _inside(folder, name)
            for parent in reversed(path.relative_to(folder).parents[:-1]):
                sub = folder / parent
                if not sub.is_dir():
                    sub.mkdir()
                    folders.append(sub)
            with path.open("xb") as stream:
                written.append(path)
                stream.write(data)
                stream.flush()
                os.fsync(stream.fileno())
    except OSError as error:
        for path in written:
            path.unlink(missing_ok=True)
        for sub in reversed(folders):
            sub.rmdir()
        if made:
            folder.rmdir()
        raise OutputError(folder, None, f"cannot write ({error.strerror or error})") from error
