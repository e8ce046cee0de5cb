"""Issue 35, items 19, 20, 21 and 23: a results table's column that divides by zero, a
position file's path to its game, outputs that remove only what they made, and engine
runs that leave nothing in the checkout.

Each input is built here and goes through the real command line, so each test also
checks the one-line promise: bad input is one line starting ``stavka:`` and exit 2.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import stat
from pathlib import Path

import pytest

from builder.output import write_new_file, write_output, write_own_output
from rules.data.loader import games_directory
from tests.cli.test_cli import run


def _refused(arguments: tuple[str, ...], message: str) -> str:
    code, output_text, error = run(*arguments)
    assert code == 2, (output_text, error)
    assert error.count("\n") == 1 and error.startswith("stavka: "), error
    assert message in error, error
    return error


def _copy_of_ford(tmp_path: Path, name: str = "own-ford") -> Path:
    folder = tmp_path / name
    shutil.copytree(games_directory() / "ford", folder)
    return folder


# Item 19: an odds column that divides by zero.


@pytest.mark.parametrize(
    ("columns", "bad"),
    [
        (["1-2", "1-1", "1-0"], "'1-0'"),
        (["0-0", "1-1", "2-1"], "'0-0'"),
        (["0-1", "1-1", "2-1"], "'0-1'"),
        (["1-1", "2-1", "\u0663-1"], "'\u0663-1'"),
        (["1-1", "9" * 5000 + "-1"], "'9999"),
    ],
    ids=["1-0", "0-0", "0-1", "arabic-indic digit", "5000 digits"],
)
def test_an_odds_column_without_a_ratio_is_refused_at_its_line(
    tmp_path: Path, columns: list[str], bad: str
) -> None:
    folder = _copy_of_ford(tmp_path)
    tables = folder / "tables.toml"
    text = tables.read_text(encoding="utf-8")
    head, _ = text.split("columns = ", 1)
    row = "[" + ", ".join(['"NE"'] * len(columns)) + "]"
    tables.write_text(
        head
        + f"columns = {json.dumps(columns)}\n"
        + "rolls = [0, 1, 2, 3, 4, 5, 6, 7]\n"
        + "results = [\n"
        + "".join(f"  {row},\n" for _ in range(8))
        + ']\n\n[odds_table.codes]\nNE = "No effect."\n',
        encoding="utf-8",
    )
    line = head.count("\n") + 1
    position = tmp_path / "position.toml"
    position.write_text('game = "./own-ford"\nturn = 1\n', encoding="utf-8")
    for command in (
        ("validate", str(folder)),
        ("check", str(position)),
        ("odds", str(position), "--attack", "0101", "--from", "0102"),
    ):
        error = _refused(command, f"tables.toml:{line}: column {bad}")
        assert len(error) < 300, error


# Item 20: a position file's path to its game is relative to the file.

POSITIONS = Path(__file__).resolve().parents[1] / "referee" / "positions" / "tps"


def test_a_game_path_in_a_position_file_is_relative_to_the_file_in_its_own_folder(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The README's own form, ``game = "./railway"``, run from the file's folder."""
    assert 'game = "./railway"' in (POSITIONS / "army_organisation.toml").read_text("utf-8")
    monkeypatch.chdir(POSITIONS)
    code, output_text, error = run("check", "army_organisation.toml")
    assert (code, error) == (0, ""), error
    assert output_text.startswith("Turning Point: Stalingrad, turn 3")


def test_a_game_path_in_a_position_file_never_means_a_folder_of_the_working_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder named like the file's game in the working folder is not the game: the
    file's own neighbour is, and a path up (``../``) counts from the file too."""
    decoy = tmp_path / "railway"
    decoy.mkdir()
    (decoy / "game.toml").write_text("not = 'a game'\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, _, error = run("check", str(POSITIONS / "army_organisation.toml"))
    assert (code, error) == (0, ""), error
    nested = tmp_path / "deeper" / "positions"
    nested.mkdir(parents=True)
    ford = _copy_of_ford(tmp_path / "deeper", "my-ford")
    position = nested / "start.toml"
    position.write_text('game = "../my-ford"\nturn = 1\n', encoding="utf-8")
    code, output_text, error = run("check", str(position.relative_to(tmp_path)))
    assert (code, error) == (0, ""), error
    assert output_text.startswith("The Ford, turn 1"), output_text
    assert ford.is_dir()
    position.write_text('game = "./my-ford"\nturn = 1\n', encoding="utf-8")
    _refused(("check", str(position)), "positions/my-ford: no such game folder")


# Item 21: a writer removes only what this process made.


def test_stavka_new_keeps_a_users_folder_named_like_its_staging_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``.NAME.part-PID`` was the staging folder's fixed name: a user's folder of that
    name was removed, whatever it held."""
    monkeypatch.chdir(tmp_path)
    for name in (f".my-game.part-{os.getpid()}", ".my-game.part", ".my-game.part-1"):
        kept = tmp_path / name
        kept.mkdir()
        (kept / "notes.txt").write_text("mine", encoding="utf-8")
    code, _, error = run("new", "my-game")
    assert (code, error) == (0, "")
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(
        [".my-game.part", ".my-game.part-1", f".my-game.part-{os.getpid()}", "my-game"]
    )
    for name in (f".my-game.part-{os.getpid()}", ".my-game.part", ".my-game.part-1"):
        assert (tmp_path / name / "notes.txt").read_text(encoding="utf-8") == "mine"


def test_stavka_new_that_fails_removes_only_its_own_staging_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    real_write = Path.write_bytes

    def full_disk(path: Path, data: bytes) -> int:
        if path.name == "units.toml":
            raise OSError(errno.ENOSPC, "No space left on device")
        return real_write(path, data)

    monkeypatch.setattr(Path, "write_bytes", full_disk)
    _refused(("new", "my-game"), "my-game: cannot write (No space left on device)")
    assert list(tmp_path.iterdir()) == []


def test_stavka_new_gives_the_folder_the_users_usual_permissions(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    previous = os.umask(0o022)
    try:
        code, _, error = run("new", "my-game")
    finally:
        os.umask(previous)
    assert (code, error) == (0, "")
    assert stat.S_IMODE((tmp_path / "my-game").stat().st_mode) == 0o755
    assert stat.S_IMODE((tmp_path / "my-game" / "game.toml").stat().st_mode) == 0o644


@pytest.mark.parametrize("writer", ["replace", "new", "own"])
def test_an_output_writer_never_removes_a_users_file_named_like_its_temporaries(
    tmp_path: Path, writer: str
) -> None:
    """Files named like a killed run's temporaries (``.X.<digits>….part``) were removed
    by the next write of X when no process of that number ran: they may be the user's."""
    dead = 2**22 + 12_345  # above the kernel's default pid_max: no such process
    target = tmp_path / "out.html"
    users = [
        tmp_path / f".out.html.{dead}.0a1b2c.part",
        tmp_path / f".out.html.{dead}.part",
        tmp_path / ".out.html.1.notes.part",
    ]
    for path in users:
        path.write_bytes(b"the user's")
    if writer == "replace":
        write_output(target, b"whole")
    elif writer == "new":
        write_new_file(target, b"whole")
    else:
        write_own_output(target, b"<!-- stavka -->", lambda head: head.startswith(b"<!--"), 4)
        write_own_output(target, b"<!-- stavka -->", lambda head: head.startswith(b"<!--"), 4)
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(
        ["out.html", *(path.name for path in users)]
    )
    assert all(path.read_bytes() == b"the user's" for path in users)
