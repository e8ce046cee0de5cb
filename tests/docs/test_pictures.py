"""Every picture of the guide is named in its pictures page, with what takes it (issue 40)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_pictures_are_all_named_in_the_pictures_page_and_shown() -> None:
    """docs/developers/pictures.md names every picture of docs/images, each shown somewhere."""
    table = (ROOT / "docs" / "developers" / "pictures.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`([a-z0-9*-]+\.png)`", table))
    pages = [ROOT / "README.md", *(ROOT / "docs").rglob("*.md")]
    shown = "\n".join(path.read_text(encoding="utf-8") for path in pages)
    for picture in sorted((ROOT / "docs" / "images").glob("*.png")):
        assert any(Path(picture.name).match(name) for name in named), picture.name
        assert f"images/{picture.name}" in shown, picture.name
