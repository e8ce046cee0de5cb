"""What a user's copy of a game writes never replaces the shipped game's files or their
own hand edits unasked (issue 24): ``pnp`` of a copy named like a shipped game, and
``map project`` over a hand-edited ``terrain.toml``."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rules.data.loader import games_directory
from tests.cli.test_cli import run


def test_pnp_of_a_copy_named_like_a_shipped_game_does_not_replace_its_pdf(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    copy = tmp_path / "copies" / "rks"
    shutil.copytree(games_directory() / "rks", copy)
    monkeypatch.chdir(tmp_path)
    code, output, error = run("pnp", str(copy), "--paper", "a4")
    assert (code, output) == (2, "") and error.count("\n") == 1
    assert "dist/rks-pnp-a4.pdf, over the shipped game's PDF" in error
    assert "--output-dir" in error and not (tmp_path / "dist").exists()


def _edited_copy(tmp_path: Path) -> tuple[Path, str, int]:
    """A copy of DoS whose terrain.toml has one hand edit: the text and the edited line."""
    copy = tmp_path / "my-dos"
    shutil.copytree(games_directory() / "dos", copy)
    terrain = copy / "terrain.toml"
    text = terrain.read_text(encoding="utf-8")
    original = 'note = "Classified from the 1942 theatre'
    edited = text.replace(original, 'note = "Checked against my map; classified', 1)
    terrain.write_text(edited, encoding="utf-8")
    return copy, edited, text[: text.index(original)].count("\n") + 1


def test_map_project_keeps_a_hand_edit_and_says_where_corrections_belong(tmp_path: Path) -> None:
    copy, edited, line = _edited_copy(tmp_path)
    code, output, error = run("map", "project", str(copy))
    assert (code, output) == (2, "") and error.count("\n") == 1
    assert error.startswith(f"stavka: {copy / 'terrain.toml'}:{line}: differs from the projection")
    assert "map.toml" in error and "--replace" in error
    assert (copy / "terrain.toml").read_text(encoding="utf-8") == edited


def test_map_project_replaces_a_hand_edit_when_asked(tmp_path: Path) -> None:
    copy, _, _ = _edited_copy(tmp_path)
    code, _, error = run("map", "project", str(copy), "--replace")
    assert code == 0, error
    shipped = (games_directory() / "dos" / "terrain.toml").read_bytes()
    assert (copy / "terrain.toml").read_bytes() == shipped
