"""What the README and the guide promise of themselves (issue 40): a README a newcomer
reads in two minutes, benchmark tables only as the benchmarks printed them, every picture
named with what takes it."""

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


README_LINES = 200
RECORDED = (
    "<!-- written by python -m bench.record: run it again, never edit -->",
    "<!-- carried over by hand from the README at commit ca74b04",
)


def test_the_readme_is_short() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_LINES


def test_benchmark_tables_are_what_the_benchmarks_printed() -> None:
    """The benchmarks page types no table: each is a bench/results file bench.record wrote
    (or one carried over from the README, which says so), included as it is."""
    pages = [ROOT / "docs" / "developers" / name for name in ("benchmarks.md", "plugin.md")]
    pages.append(ROOT / "docs" / "reference" / "limits.md")
    pages.append(ROOT / "docs" / "designers" / "adopting-a-module.md")
    included = []
    for page in pages:
        text = page.read_text(encoding="utf-8")
        if page.name == "benchmarks.md":
            assert not [line for line in text.splitlines() if line.startswith("|")]
        included += re.findall(r'^--8<-- "(bench/results/[a-z_]+\.md)"$', text, re.MULTILINE)
    assert len(included) >= 12
    for name in included:
        assert (ROOT / name).read_text(encoding="utf-8").startswith(RECORDED), name
