"""The command line as a user meets it: answers on stdout, one-line errors and exit 2."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from builder.cli import main
from rules.data.loader import games_directory


def run(*arguments: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(arguments))
    return result.exit_code, result.stdout, result.stderr


def test_distance_of_rule_12_3() -> None:
    assert run("hex", "dos", "distance", "4018", "3720") == (0, "4\n", "")


def test_neighbours_name_their_terrain() -> None:
    code, output, _ = run("hex", "dos", "neighbours", "N3635")
    assert code == 0
    assert sorted(line.split()[0] for line in output.splitlines()) == sorted(
        ["N3636", "N3735", "N3734", "N3634", "N3534", "N3535"]
    )


@pytest.mark.parametrize("game", ["tps", "dos", "rks", "ford", "lanner"])
def test_validate_shipped_games(game: str) -> None:
    code, output, _ = run("validate", game)
    assert code == 0 and output.startswith(f"{game}: ") and "ok" in output


@pytest.mark.parametrize("command", [[], ["save"]], ids=["stavka", "stavka save"])
def test_a_command_group_alone_shows_its_help(command: list[str]) -> None:
    code, output, error = run(*command)
    assert code == 0 and error == ""
    assert output.startswith("Usage: ") and output.splitlines()[0].endswith(
        " ".join([*command, "[OPTIONS] COMMAND [ARGS]..."])
    )
    assert "\\n" not in output and "Commands:" in output


def test_games_lists_the_three_and_the_examples() -> None:
    code, output, _ = run("games")
    assert code == 0 and [line.split()[0] for line in output.splitlines()] == [
        "dos",
        "ford",
        "lanner",
        "rks",
        "tps",
    ]


def test_typo_in_terrain_exits_2_with_one_line(tmp_path: Path) -> None:
    folder = tmp_path / "mygame"
    shutil.copytree(games_directory() / "tps", folder)
    map_file = folder / "map.toml"
    text = map_file.read_text(encoding="utf-8")
    line = text[: text.index('default_terrain = "clear"')].count("\n") + 1
    map_file.write_text(
        text.replace('default_terrain = "clear"', 'default_terrain = "forrest"'), encoding="utf-8"
    )
    code, output, error = run("validate", str(folder))
    assert code == 2 and output == ""
    assert error.count("\n") == 1
    assert error.startswith(f"stavka: {map_file}:{line}: unknown hex terrain 'forrest'")


def test_unknown_hex_exits_2() -> None:
    code, _, error = run("hex", "dos", "distance", "N9999", "3720")
    assert code == 2 and "unknown hex 'N9999'" in error and error.count("\n") == 1


def test_hex_on_another_map_is_refused() -> None:
    code, _, error = run("hex", "rks", "distance", "0101", "0102")
    assert code == 2 and "unknown hex" in error
