"""Notes: one line a user should read beside a command's answer, which is no error.

A note goes to standard error as ``stavka: note: PLACE: message`` the moment it is
found, and the command goes on to its answer and exit status 0: a save judged with a
rebuilt module's data, for one, is judged, and the user told that its data differ. The
service (``stavka machine --serve``) hands each note of a request back in its answer's
``notes``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from builder.printable import printable

NOTE_PREFIX = "stavka: note: "


def note(place: Path | str, message: str) -> None:
    """Tell the user ``message`` about ``place`` in one line on standard error."""
    sys.stderr.write(f"{NOTE_PREFIX}{printable(f'{place}: {message}')}\n")
    sys.stderr.flush()
