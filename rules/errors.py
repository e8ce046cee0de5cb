"""Errors for bad input, each able to say in one line where the problem is.

Every reader in Stavka raises a subclass of :class:`StavkaError` for input it cannot
accept; the command line turns it into ``place: message`` and exit status 2, so a user
sees one line naming the file and place instead of a traceback.
"""

from __future__ import annotations

from pathlib import Path


class StavkaError(ValueError):
    """Bad input that a user can fix; ``str()`` is the one-line report."""

    def __init__(self, path: Path | str | None, place: str | int | None, message: str) -> None:
        self.path = None if path is None else Path(path)
        self.place = place
        self.message = message
        super().__init__(self.one_line())

    def one_line(self) -> str:
        """``file:place: message``, with the parts that are known."""
        where = "" if self.path is None else str(self.path)
        if self.place is not None and self.place != "":
            where = f"{where}:{self.place}" if where else str(self.place)
        return f"{where}: {self.message}" if where else self.message


class DataError(StavkaError):
    """A game data file (TOML) is broken or names something that does not exist.

    ``place`` is the 1-based line number when it is known.
    """


class HexError(StavkaError):
    """A hex number that does not parse or is not on any board of the game."""


class SaveError(StavkaError):
    """A VASSAL save, log or module that cannot be read safely or is not ours.

    ``place`` names the entry, byte offset or command where reading stopped.
    """


class OutputError(StavkaError):
    """An output that cannot be written: a read-only folder, a full disk, or a file that
    exists and must not be replaced."""
