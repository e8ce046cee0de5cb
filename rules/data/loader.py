"""Where a game's data lives and how it is loaded: from the cache when its files are
unchanged, else read and checked by :mod:`rules.data.parse`.

Kept apart from the parsing so that a command answered from the cache (a second
``stavka check``) loads none of the parsers and the libraries they use.
"""

from __future__ import annotations

import os
from pathlib import Path

from rules.data.cache import cached_game
from rules.errors import DataError
from rules.model import GameSpec
from rules.resources import shipped

GAME_FILES = ("game.toml", "map.toml", "units.toml", "scenarios.toml", "tables.toml", "cards.toml")
GENERATED_MAP_FILE = "terrain.toml"
"""Map data generated from the theatre (``stavka map project``); ``map.toml`` wins over it."""


def games_directory() -> Path:
    """Where the shipped games live: ``$STAVKA_GAMES`` or the installed ``games/``."""
    configured = os.environ.get("STAVKA_GAMES")
    return Path(configured) if configured else shipped("games")


def shipped_games() -> list[str]:
    """Names of the game folders under :func:`games_directory` (those with a game.toml)."""
    directory = games_directory()
    if not directory.is_dir():
        return []
    return sorted(child.name for child in directory.iterdir() if (child / "game.toml").is_file())


def resolve_game(name_or_path: str) -> Path:
    """A game folder from a shipped game's name or the path of a user's own folder.

    A bare name (no ``/``) is only ever a shipped game, never a folder of that name in
    the current directory: a save or position file that names ``dos`` gets the shipped
    game even when a ``dos/`` folder was sent along with it. A user's own folder is
    given as a path (``./my-dos``, ``~/my-dos``) on the command line.
    """
    if "/" not in name_or_path and os.sep not in name_or_path and name_or_path not in (".", ".."):
        shipped = games_directory() / name_or_path
        if name_or_path and (shipped / "game.toml").is_file():
            return shipped
        known = ", ".join(shipped_games()) or "none"
        raise DataError(name_or_path, None, f"not a shipped game (shipped games: {known}; give your own folder as a path, such as ./{name_or_path})")
    candidate = Path(name_or_path).expanduser()
    if not candidate.is_dir():
        raise DataError(candidate, None, "no such game folder")
    if not (candidate / "game.toml").is_file():
        raise DataError(candidate / "game.toml", None, "missing: every game folder needs a game.toml")
    return candidate


def load_game(name_or_path: str, with_generated: bool = True) -> GameSpec:
    """Read, check and assemble a game; the first problem raises :class:`DataError`.

    ``with_generated=False`` leaves out ``terrain.toml``, so the generator that writes it
    sees only the hand-written rule facts of ``map.toml``. A game loaded before from
    unchanged files comes from the cache (:mod:`rules.data.cache`).
    """
    folder = resolve_game(name_or_path)
    files = [folder / name for name in (*GAME_FILES, *((GENERATED_MAP_FILE,) if with_generated else ()))]
    variant = "with generated map" if with_generated else "hand-written map only"
    return cached_game(folder, files, variant, lambda: _parse(folder, with_generated))


def _parse(folder: Path, with_generated: bool) -> GameSpec:
    # Imported on a cache miss only: the parsers are most of the data code.
    from rules.data import parse

    return parse.parse_game_folder(folder, with_generated)
