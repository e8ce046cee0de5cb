"""Writing build outputs: all at once or not at all.

Outputs under ``dist/`` are Stavka's own and are replaced on every build, but never
left half-written: bytes go to a temporary file beside the target and are renamed over
it only when complete.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_output(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` atomically, creating its directory if needed."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
