"""Standing rules of the code base, checked like any other behaviour."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_rules_never_import_builder() -> None:
    """``rules`` is the model and referee; ``builder`` adapts it, never the other way."""
    offenders = []
    for path in sorted((ROOT / "rules").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
            if isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            offenders += [
                f"{path.relative_to(ROOT)}: {name}"
                for name in names
                if name.split(".")[0] == "builder"
            ]
    assert not offenders


def test_rules_load_without_the_drawing_stack() -> None:
    """The referee is a small library: importing it pulls in no Pillow, lxml, shapely or click."""
    probe = (
        "import sys, rules.data.loader, rules.regions, rules.hexgrid;"
        "heavy = [m for m in ('PIL', 'lxml', 'shapely', 'click', 'builder') if m in sys.modules];"
        "print(','.join(heavy))"
    )
    completed = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert completed.stdout.strip() == ""


def test_shipped_files_are_found_in_one_place() -> None:
    """Games, fonts and templates are found only by ``rules/resources.py``, through the
    package's resources, so an installed wheel finds them as a checkout does (issue 25):
    no other module works out a folder from its own file's place, save the game data
    cache, which hashes the code beside it."""
    placed = sorted(
        str(path.relative_to(ROOT))
        for package in ("rules", "builder")
        for path in (ROOT / package).rglob("*.py")
        if "__file__" in path.read_text(encoding="utf-8")
    )
    assert placed == ["rules/data/cache.py"]
