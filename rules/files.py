"""Reading an input file only when it is what it claims to be: a regular file of bounded size.

A path a user (or a save) hands over can name a FIFO that never ends, a device that never
stops (``/dev/zero``) or a file of gigabytes. Every reader of data, position files, saves
and caches goes through :func:`read_regular_file`, which opens without blocking, checks
the open file's type and size, and reads at most one byte past the limit, so no input can
cost more than its limit before it is refused.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from rules.errors import StavkaError

MEBIBYTE = 1024 * 1024
MAX_DATA_FILE_BYTES = 4 * MEBIBYTE
"""A game data file; the largest shipped (``units.toml`` of Drive on Stalingrad) is 215 KB."""


def megabytes(limit: int) -> str:
    """A limit as people read it: ``32 MB``."""
    return f"{limit // MEBIBYTE} MB" if limit >= MEBIBYTE else f"{limit // 1024} KB"


def read_regular_file(path: Path, limit: int, error: type[StavkaError]) -> bytes:
    """The bytes of the regular file at ``path``; anything else raises ``error``.

    Opened with ``O_NONBLOCK`` so a FIFO is refused rather than waited on; the size is
    checked on the open file (a symbolic link is judged by what it points to) and again
    on what was read, in case the file grew meanwhile.
    """
    try:
        handle = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as failure:
        raise error(path, None, f"cannot read file ({failure.strerror or failure})") from failure
    with os.fdopen(handle, "rb") as stream:
        try:
            status = os.fstat(stream.fileno())
            if not stat.S_ISREG(status.st_mode):
                raise error(path, None, "not a regular file")
            if status.st_size > limit:
                raise error(path, None, f"file is larger than {megabytes(limit)}")
            data = stream.read(limit + 1)
        except OSError as failure:
            raise error(
                path, None, f"cannot read file ({failure.strerror or failure})"
            ) from failure
    if len(data) > limit:
        raise error(path, None, f"file is larger than {megabytes(limit)}")
    return data
