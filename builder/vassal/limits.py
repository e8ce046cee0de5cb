"""How much a save may unpack to, checked on the bytes actually produced.

A save is a few hundred kilobytes of text; a hostile file can claim anything in its
headers. Every decompressor in this package counts what it really emits and stops as
soon as a limit is passed, so a zip or XZ bomb costs at most the limit in memory.
"""

from __future__ import annotations

from rules.errors import SaveError

MAX_UNPACKED_BYTES = 200 * 1024 * 1024
"""Total bytes a save may unpack to; the largest real saves are a few megabytes."""

MAX_DEPTH = 100
"""Deepest command nesting accepted; real saves nest three or four levels."""

MAX_RATIO = 100
"""Unpacked bytes per packed byte; real saves (hex text, deflated) stay near 5."""

RATIO_FLOOR = 64 * 1024
"""Below this many unpacked bytes a high ratio means a tiny repetitive entry, not a bomb."""


def check_unpacked(unpacked: int, packed: int, place: str) -> None:
    """Raise :class:`SaveError` once ``unpacked`` bytes from ``packed`` look like a bomb."""
    if unpacked > MAX_UNPACKED_BYTES:
        raise SaveError(None, place, f"unpacks to more than {MAX_UNPACKED_BYTES // (1024 * 1024)} MB")
    if unpacked > RATIO_FLOOR and unpacked > MAX_RATIO * max(packed, 1):
        raise SaveError(None, place, f"unpacks more than {MAX_RATIO} times its packed size")
