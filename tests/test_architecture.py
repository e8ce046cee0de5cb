"""Standing rules of the code base, checked like any other behaviour."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def imported(path: Path) -> list[str]:
    """The modules ``path`` imports, at module level or inside a function alike."""
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
    return names


def test_rules_never_import_builder() -> None:
    """``rules`` is the model and referee; ``builder`` adapts it, never the other way."""
    offenders = [
        f"{path.relative_to(ROOT)}: {name}"
        for path in sorted((ROOT / "rules").rglob("*.py"))
        for name in imported(path)
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


GAME_IDS = ("tps", "dos", "rks", "ford")
"""The shipped games' ids: the games' own packages may name them, shared code may not."""
GAME_ID_LITERAL = re.compile(r"^(?:" + "|".join(GAME_IDS) + r")(?:[-_./:].*)?$", re.DOTALL)
GAME_PACKAGES = ("rules/referee/tps", "rules/referee/dos", "rules/referee/rks")
SHARED_CODE = ("rules/audit", "rules/referee", "rules/coverage.py", "builder")
"""The audit, the referee's core (its engine, mechanisms, positions and verdicts) and the
builder: code every game shares, which asks a game's referee rather than naming it."""
ALLOWED_GAME_IDS = {
    "rules/referee/games.py": (
        {"tps", "dos", "rks"},
        "the registry of the packages that register a referee of their own, as REFEREES "
        "registers their classes: how a game id finds its code, not a rule of any game",
    ),
    "builder/new_game.py": (
        {"ford"},
        "`stavka new` copies The Ford, the example game, under a new id",
    ),
    "builder/geography/theatre.py": (
        {"dos", "tps"},
        "the traced 1942 geography names the two shipped maps it is projected onto, a "
        "choice of games/theatre's own data files",
    ),
}
"""Game-id literals that are no per-game table, each with why."""


def _docstrings(tree: ast.Module) -> set[int]:
    """The ids of the docstring nodes of a module, its classes and functions: prose may
    name a game, code may not."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def game_id_literals(path: Path) -> set[str]:
    """The string literals of ``path`` (docstrings aside) that are a game id, or start with
    one and a separator ("tps-1", "dos.vmod")."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    prose = _docstrings(tree)
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in prose
        and GAME_ID_LITERAL.match(node.value)
    }


def shared_modules() -> list[Path]:
    """Every module of :data:`SHARED_CODE` outside a game's own package."""
    found = []
    for place in SHARED_CODE:
        root = ROOT / place
        for path in [root] if root.is_file() else sorted(root.rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            if not relative.startswith(GAME_PACKAGES):
                found.append(path)
    return found


def test_the_game_id_finder_finds_game_ids(tmp_path: Path) -> None:
    """The test below can fail: ids and their file names are found, docstrings and other
    words are not."""
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""Names tps in prose."""\nA = {"tps": 1, "dos-blue": 2, "steps": 3}\nB = f"rks:{A}"\n',
        encoding="utf-8",
    )
    assert game_id_literals(sample) == {"tps", "dos-blue", "rks:"}


def test_no_game_id_in_the_audit_the_referee_core_or_the_builder() -> None:
    """The audit, the referee's core and the builder ask the game's referee (its hooks,
    docs/developers/architecture.md); only a game's own package names its id, so no table
    keyed by a game id stands outside it (issue 37). The allowed literals each say why."""
    offenders = []
    for path in shared_modules():
        relative = path.relative_to(ROOT).as_posix()
        allowed = ALLOWED_GAME_IDS.get(relative, (set(), ""))[0]
        offenders += [f"{relative}: {literal!r}" for literal in game_id_literals(path) - allowed]
    assert offenders == []


def test_the_audit_and_the_referee_core_import_no_game_package() -> None:
    """The audit and the referee's core reach a game's code only through its referee: no
    module of theirs imports a game's package (games.py finds them by name, at run time)."""
    offenders = [
        f"{path.relative_to(ROOT)}: {name}"
        for path in shared_modules()
        if not path.relative_to(ROOT).as_posix().startswith("builder")
        for name in imported(path)
        if name.replace(".", "/").startswith(GAME_PACKAGES)
    ]
    assert offenders == []
