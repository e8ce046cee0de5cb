"""The data files reference is read off the loader, and says what the loader does (issue 40)."""

from __future__ import annotations

import importlib

import pytest

hooks = importlib.import_module("scripts.mkdocs_hooks")
data_keys = importlib.import_module("scripts.data_keys")


@pytest.fixture(scope="module")
def reference() -> str:
    """The generated reference, as the guide's build makes it (from its cache if fresh)."""
    return str(hooks.data_keys())


def section(reference: str, file_name: str, table: str) -> str:
    """The rows of ``table``'s section in ``file_name``'s part of the reference."""
    part = reference.split(f"## {file_name}\n", 1)[1].split("\n## ", 1)[0]
    return part.split(f"### `{table}`\n", 1)[1].split("\n### ", 1)[0]


def test_each_file_and_its_tables_are_there(reference: str) -> None:
    for file_name in ("game.toml", "map.toml", "units.toml", "scenarios.toml", "tables.toml"):
        assert f"## {file_name}\n" in reference
    steps = section(reference, "units.toml", "[[unit.steps]]")
    assert "| `attack` | whole number 0..99 | required |" in steps
    assert "'attack' = 100 is out of range 0..99" in steps


def test_a_name_from_the_game_gets_the_loaders_own_error(reference: str) -> None:
    nationality = section(reference, "game.toml", "[[nationality]]")
    assert "`side = \"nonsense\"`: unknown side 'nonsense' (known:" in nationality


def test_every_bad_value_shown_is_refused(reference: str) -> None:
    """A key whose bad value the loader let through would read "accepted": none does."""
    assert "| accepted |" not in reference


def test_keys_the_game_names_are_shown_once_as_name() -> None:
    free = {("terrain", "[]", "movement")}
    assert data_keys.display_path(("terrain", 3, "movement", "all"), free) == (
        "terrain",
        "[]",
        "movement",
        data_keys.NAME,
    )
    assert data_keys.table_name(("unit", "[]", "steps", "[]")) == "[[unit.steps]]"
    assert data_keys.table_name(("terrain", "[]", "movement")) == "[[terrain]].movement"
    assert data_keys.table_name(("game",)) == "[game]"
