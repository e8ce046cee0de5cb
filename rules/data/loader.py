"""Where a game's data lives and how it is loaded: from the cache when its files are
unchanged, else read and checked by :mod:`rules.data.parse`.

Kept apart from the parsing so that a command answered from the cache (a second
``stavka check``) loads none of the parsers and the libraries they use.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterable, Mapping
from pathlib import Path

from rules.data.cache import cached_data, cached_game
from rules.data.layout import GAME_FILES, GENERATED_MAP_FILE
from rules.errors import DataError
from rules.model import GameSpec
from rules.resources import shipped


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


def names_a_folder(name_or_path: str) -> bool:
    """Whether a game is named as a folder's path (``./my-dos``, ``~/my-dos``, ``..``),
    not as a shipped game: decided on the text as the user wrote it, since ``pathlib``
    makes ``./my-dos`` into the bare ``my-dos``."""
    return "/" in name_or_path or os.sep in name_or_path or name_or_path in (".", "..")


def resolve_game(name_or_path: str) -> Path:
    """A game folder from a shipped game's name or the path of a user's own folder.

    A bare name (no ``/``) is only ever a shipped game, never a folder of that name in
    the current directory: a save or position file that names ``dos`` gets the shipped
    game even when a ``dos/`` folder was sent along with it. A user's own folder is
    given as a path (``./my-dos``, ``~/my-dos``) on the command line.
    """
    if not names_a_folder(name_or_path):
        shipped = games_directory() / name_or_path
        if name_or_path and (shipped / "game.toml").is_file():
            return shipped
        known = ", ".join(shipped_games()) or "none"
        raise DataError(
            name_or_path,
            None,
            f"not a shipped game (shipped games: {known}; give your own folder as a path, such as ./{name_or_path})",
        )
    candidate = Path(name_or_path).expanduser()
    if not candidate.is_dir():
        raise DataError(candidate, None, "no such game folder")
    if not (candidate / "game.toml").is_file():
        raise DataError(
            candidate / "game.toml", None, "missing: every game folder needs a game.toml"
        )
    return candidate


def load_game(name_or_path: str, with_generated: bool = True) -> GameSpec:
    """Read, check and assemble a game; the first problem raises :class:`DataError`.

    ``with_generated=False`` leaves out ``terrain.toml``, so the generator that writes it
    sees only the hand-written rule facts of ``map.toml``. A game loaded before from
    unchanged files comes from the cache (:mod:`rules.data.cache`).
    """
    folder = resolve_game(name_or_path)
    files = [
        folder / name for name in (*GAME_FILES, *((GENERATED_MAP_FILE,) if with_generated else ()))
    ]
    variant = "with generated map" if with_generated else "hand-written map only"
    return cached_game(folder, files, variant, lambda: _parse(folder, with_generated))


def game_data_files(folder: Path, named: Iterable[str] = ()) -> dict[str, bytes]:
    """The bytes of every data file the game in ``folder`` is loaded from, and of the
    files its data names (``named``: :func:`files_named_by`), by name inside the folder:
    what a module carries, so the referee can judge its saves, and draw its counters, with
    the same data."""
    named = tuple(named)
    files: dict[str, bytes] = {}
    for name in (*GAME_FILES, GENERATED_MAP_FILE, *named):
        try:
            files[name] = (folder / name).read_bytes()
        except FileNotFoundError:
            if name in named:
                raise DataError(folder / name, None, "missing: the game's data names it") from None
            continue
        except OSError as error:
            raise DataError(
                folder / name, None, f"cannot read ({error.strerror or error})"
            ) from error
    return files


def files_named_by(spec: GameSpec) -> tuple[str, ...]:
    """The files besides its TOML files that a game's data names, by path inside its
    folder: the pictures its own arms are drawn with (``[[arm]] image``)."""
    return tuple(sorted({look.image for look in spec.arms.values() if look.image is not None}))


def data_digest(files: Mapping[str, bytes]) -> str:
    """A content digest of a game's data files: equal digests, equal data. Each file's
    name and length are hashed before its bytes, so no two sets of files share one."""
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(f"{name}\0{len(files[name])}\0".encode())
        digest.update(files[name])
    return f"sha256:{digest.hexdigest()}"


def digest_of(spec: GameSpec) -> str:
    """The digest of the data ``spec`` was loaded from, as it is now in its folder (a
    shipped game's: what a save of the shipped module must carry)."""
    folder = Path(spec.folder)
    return data_digest(game_data_files(folder, files_named_by(spec)))


def data_origin(folder: str) -> str:
    """The folder a game's data came from, as a module's help and a PDF's cover name it:
    ``games/<id>`` for a shipped game, else the folder's own name (never a full path,
    which would tell a module's readers where its maker keeps files)."""
    path = Path(folder).resolve()
    return f"games/{path.name}" if is_shipped_folder(path) else path.name


def is_shipped_folder(folder: Path) -> bool:
    """Whether ``folder`` is one of the shipped games' folders (not a user's copy)."""
    resolved = folder.resolve()
    return resolved.parent == games_directory().resolve() and (resolved / "game.toml").is_file()


def load_game_data(label: Path, files: Mapping[str, bytes]) -> GameSpec:
    """Read and check a game held in memory (a module's copy of its data); ``label``
    names the files in errors. Parsed once for the same files under the same label,
    then read from the cache (:func:`rules.data.cache.cached_data`)."""

    def parse() -> GameSpec:
        from rules.data import parse

        return parse.parse_game_files(label, files)

    return cached_data(str(label), data_digest(files), parse)


def _parse(folder: Path, with_generated: bool) -> GameSpec:
    # Imported on a cache miss only: the parsers are most of the data code.
    from rules.data import parse

    return parse.parse_game_folder(folder, with_generated)
