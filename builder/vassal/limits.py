"""How much a save may hold, checked before the work it would cost is done.

A save is a few hundred kilobytes of text, the largest known in the wild 13.9 MB; a
hostile file can claim anything in its headers. Sizes are checked on the file before it
is read and on the bytes each decompressor really emits, entry counts on the zip's own
directory before it is parsed, and nesting and command counts on the text before it is
split, so that no input costs more than a small multiple of these limits. ``bench/``
measures what each limit costs at its edge.
"""

from __future__ import annotations

from rules.errors import SaveError
from rules.files import MEBIBYTE as MEBIBYTE, megabytes as megabytes

MAX_FILE_BYTES = 32 * MEBIBYTE
"""A save or log file on disk; the largest known is 1.9 MB."""

MAX_PAYLOAD_BYTES = 64 * MEBIBYTE
"""The ``savedGame`` entry unpacked; ``!VCSK`` hex is twice the text (27.8 MB for 13.9)."""

MAX_TEXT_BYTES = 32 * MEBIBYTE
"""The command text, UTF-8; 2.3 times the largest known save."""

MAX_METADATA_BYTES = MEBIBYTE
"""``moduledata`` or ``savedata``: a few hundred bytes of XML in every real file."""

MAX_ENTRIES = 1_000
"""Entries in a save's zip directory; VASSAL writes three."""

MAX_DIRECTORY_BYTES = MEBIBYTE
"""A save's zip central directory; three entries take about 200 bytes."""

MAX_MODULE_ENTRIES = 200_000
"""Entries in a ``.vmod`` (images, sounds, set-ups) read only for its ``moduledata``."""

MAX_MODULE_DIRECTORY_BYTES = 32 * MEBIBYTE
"""A ``.vmod``'s central directory."""

MAX_MODULE_DATA_FILE_BYTES = 8 * MEBIBYTE
"""One game data file a module carries, unpacked; the largest shipped is 0.2 MB."""

MAX_DEPTH = 100
"""Deepest command nesting accepted; real saves nest three or four levels."""

MAX_COMMANDS = 250_000
"""Commands in one save or log; a long log of a big game has tens of thousands. Each
costs a few microseconds and a couple of hundred bytes, so this bounds a crafted file
of tiny commands to seconds."""

MAX_RATIO = 100
"""Unpacked bytes per packed byte; real saves (hex text, deflated) stay near 15."""

RATIO_FLOOR = 64 * 1024
"""Below this many unpacked bytes a high ratio means a tiny repetitive entry, not a bomb."""


def check_unpacked(unpacked: int, packed: int, limit: int, place: str) -> None:
    """Raise :class:`SaveError` once ``unpacked`` bytes from ``packed`` pass ``limit``
    or look like a bomb."""
    if unpacked > limit:
        raise SaveError(None, place, f"unpacks to more than {megabytes(limit)}")
    if unpacked > RATIO_FLOOR and unpacked > MAX_RATIO * max(packed, 1):
        raise SaveError(None, place, f"unpacks more than {MAX_RATIO} times its packed size")
