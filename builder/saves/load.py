"""The position a referee command judges: a save of our modules or a TOML position file.

Every command that takes a POSITION reads it here, so they all tell a save from a
position file the same way and refuse anything else alike.
"""

from __future__ import annotations

from pathlib import Path

from rules.errors import SaveError
from rules.referee.position import Position
from rules.referee.position_file import read_position_file
from rules.referee.settings import with_settings

SAVE_SUFFIXES = (".vsav", ".vlog", ".sav")
POSITION_SUFFIX = ".toml"


def is_save(path: Path) -> bool:
    """Whether ``path`` is read as a save: by its suffix, or, without a known one, by its
    first bytes. Anything else not named ``.toml`` is refused, not read as TOML."""
    suffix = path.suffix.lower()
    if suffix in SAVE_SUFFIXES:
        return True
    if suffix == POSITION_SUFFIX:
        return False
    # The save reader's package is loaded only for a file that may be a save.
    from builder.vassal.savefile import looks_like_save

    if not looks_like_save(path):
        raise SaveError(
            path, None, "neither a saved game or log (.vsav, .vlog) nor a position file (.toml)"
        )
    return True


def load_position(
    path: Path, module: Path | None = None, settings: tuple[str, ...] = ()
) -> Position:
    """A position from a saved game or log of our modules, judged with ``module``'s data
    when given, or from a TOML position file; ``settings`` (``NAME=VALUE``) replace its own."""
    if is_save(path):
        # The save reader is loaded only for saves: a position file needs none of it.
        from builder.saves.positions import position_from_save

        return with_settings(position_from_save(path, module), settings)
    if module is not None:
        raise SaveError(
            path,
            None,
            "--module judges a saved game or log with its module's data; "
            "a position file names its game itself",
        )
    return with_settings(read_position_file(path), settings)
