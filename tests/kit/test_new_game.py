"""``stavka new``: a new game folder validates, builds, and its set-up save is checked by
the referee its data configures; it never overwrites and refuses a name no game may have."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.new_game import new_game_files, title_of
from tests.cli.test_cli import run


def test_new_validate_build_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    code, output, error = run("new", "my-game")
    assert code == 0, error
    assert output == "wrote ./my-game: now stavka validate ./my-game, then stavka build ./my-game\n"
    code, output, error = run("validate", "./my-game")
    assert code == 0 and output.startswith("my-game: My Game — ok"), error
    code, _, error = run("build", "./my-game", "--dist", "out")
    assert code == 0, error
    module = tmp_path / "out" / "my-game.vmod"
    code, output, error = run(
        "check", str(tmp_path / "out" / "setups" / "my-game-ford.vsav"), "--module", str(module)
    )
    assert code == 0, error
    assert output.splitlines()[:5] == [
        "My Game, turn 1 — 11 verdicts",
        "Summary",
        "  supply: vale 5 in supply; crag 5 in supply",
        "  violations: none",
        "  victory: Draw if the game ended now — Vale 0 VP - Crag 0 VP = 0",
    ]


def test_new_never_overwrites(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    folder.mkdir()
    code, _, error = run("new", str(folder))
    assert code == 2 and error == f"stavka: {folder}: already exists; refusing to overwrite it\n"
    assert list(folder.iterdir()) == []


@pytest.mark.parametrize("name", ["My-Game", "1game", "x" * 33])
def test_new_refuses_a_name_no_game_may_have(tmp_path: Path, name: str) -> None:
    code, _, error = run("new", str(tmp_path / name))
    assert code == 2 and "cannot be a game id" in error and error.count("\n") == 1
    assert not (tmp_path / name).exists()


def test_the_new_game_is_the_example_under_its_own_name() -> None:
    files = new_game_files("hill-64")
    assert title_of("hill-64") == "Hill 64"
    header = files["game.toml"].decode("utf-8")
    assert 'id = "hill-64"' in header and 'title = "Hill 64"' in header
    assert 'id = "ford"' not in header and "[referee.supply]" in header
    assert set(files) == {
        "game.toml",
        "map.toml",
        "units.toml",
        "scenarios.toml",
        "tables.toml",
        "RULES.md",
    }
