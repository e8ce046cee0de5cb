"""``stavka new``: a game folder to start from, made from the example game (games/ford).

The example is small, valid and playable, refereed from its data, so a copy of it under
the new game's id is a folder that validates, builds and is checked at once; its files'
comments and RULES.md show what to change. The copy is written whole or not at all: into
a folder of an unguessable name beside it, made exclusively, which is renamed when
complete and removed on failure; nothing else is ever removed.
"""

from __future__ import annotations

import os
import secrets
import shutil
from pathlib import Path

from rules.data.layout import GAME_FILES
from rules.data.loader import games_directory
from rules.data.parse import GAME_ID
from rules.errors import OutputError, StavkaError

EXAMPLE_GAME = "ford"
RULES_TEXT = "RULES.md"


class NewGameError(StavkaError):
    """A name a game id cannot be."""


def title_of(game_id: str) -> str:
    """A first title for the game: its id in words (``my-game`` is "My Game")."""
    return " ".join(word.capitalize() for word in game_id.replace("_", "-").split("-") if word)


def new_game_files(game_id: str) -> dict[str, bytes]:
    """The example game's files under ``game_id``: its ``[game]`` id and title changed,
    everything else as the example has it."""
    if not GAME_ID.fullmatch(game_id):
        raise NewGameError(
            None,
            None,
            f"{game_id!r} cannot be a game id: 1 to 32 lower-case letters, digits, '-' or "
            "'_', starting with a letter",
        )
    example = games_directory() / EXAMPLE_GAME
    files = {
        name: (example / name).read_bytes()
        for name in (*GAME_FILES, RULES_TEXT)
        if (example / name).is_file()
    }
    header = files["game.toml"].decode("utf-8")
    for old, new in (
        (f'id = "{EXAMPLE_GAME}"', f'id = "{game_id}"'),
        ('title = "The Ford"', f'title = "{title_of(game_id)}"'),
    ):
        assert old in header, old
        header = header.replace(old, new, 1)
    files["game.toml"] = (
        f"# {title_of(game_id)}: made by `stavka new {game_id}` from Stavka's example game, The\n"
        "# Ford. Change anything; `stavka validate` says what it cannot read.\n" + header
    ).encode("utf-8")
    return files


def write_new_game(folder: Path) -> Path:
    """Write a new game folder at ``folder`` (which must not exist), named after it."""
    files = new_game_files(folder.name)
    if folder.exists() or folder.is_symlink():
        raise OutputError(folder, None, "already exists; refusing to overwrite it")
    if not folder.parent.is_dir():
        raise OutputError(folder, None, "its parent folder does not exist")
    # An unguessable name, made exclusively: only a folder this run made is ever removed.
    staging = folder.parent / f".{folder.name}.{secrets.token_hex(8)}.part"
    made = False
    try:
        staging.mkdir()
        made = True
        for name, data in files.items():
            (staging / name).write_bytes(data)
        os.rename(staging, folder)
    except OSError as error:
        raise OutputError(folder, None, f"cannot write ({error.strerror or error})") from error
    finally:
        if made and staging.is_dir():
            shutil.rmtree(staging)
    return folder
