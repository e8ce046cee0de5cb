"""The shape of the code base: no import cycles, no private names taken across modules,
no module too long to read at one sitting (issue 23)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("rules", "builder")
MAX_LINES = 500
LONG_MODULE_MARKER = "Over 500 lines:"
"""How a module's docstring says why it is longer than :data:`MAX_LINES`: a line that
starts with this, followed by the reason."""


@dataclass(frozen=True)
class Import:
    """One name a module imports: the module it comes from and, for ``from`` imports,
    the name taken."""

    importer: str
    line: int
    module: str
    name: str | None


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    """Every module of the two packages by its dotted name."""
    return {
        module_name(path): path
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
    }


@cache
def parsed(path: Path) -> tuple[str, ast.Module]:
    """A module's text and syntax tree, read once for all the tests here."""
    text = path.read_text(encoding="utf-8")
    return text, ast.parse(text)


def _resolved(importer: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = importer.split(".")
    base = base if is_package else base[:-1]
    base = base[: len(base) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def imports(known: dict[str, Path]) -> Iterator[Import]:
    """Every import in the two packages, at module level or inside a function alike:
    an import put off until a function runs is still a dependency."""
    for name, path in known.items():
        for node in ast.walk(parsed(path)[1]):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    yield Import(name, node.lineno, alias.name, None)
            elif isinstance(node, ast.ImportFrom):
                source = _resolved(name, path.name == "__init__.py", node)
                for alias in node.names:
                    yield Import(name, node.lineno, source, alias.name)


def import_graph(known: dict[str, Path]) -> dict[str, set[str]]:
    """Which of the packages' modules each module imports; ``from package import module``
    is an edge to the module, ``from module import name`` one to the module."""
    graph: dict[str, set[str]] = {name: set() for name in known}
    for found in imports(known):
        target = found.module
        if found.name is not None and f"{target}.{found.name}" in known:
            target = f"{target}.{found.name}"
        if target in known and target != found.importer:
            graph[found.importer].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    """The test below can fail: a two-module cycle and a longer one are both found."""
    graph = {"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"e"}, "e": {"c"}, "f": {"a"}}
    assert cycles(graph) == [["a", "b"], ["c", "d", "e"]]


def test_no_import_cycle() -> None:
    """Modules depend one way: a cycle means two modules that are really one, or a
    helper that belongs to neither."""
    found = cycles(import_graph(modules()))
    assert found == []


def test_no_private_name_imported_across_modules() -> None:
    """A ``_name`` is its module's own; a module that needs it needs it made public, or
    moved where both can share it."""
    known = modules()
    offenders = [
        f"{found.importer}:{found.line} takes {found.name} from {found.module}"
        for found in imports(known)
        if found.name is not None
        and found.name.startswith("_")
        and not found.name.startswith("__")
        and f"{found.module}.{found.name}" not in known
    ]
    assert offenders == []


def long_modules_without_reason() -> list[str]:
    """Modules over :data:`MAX_LINES` lines whose docstring does not say why."""
    offenders = []
    for name, path in modules().items():
        text, tree = parsed(path)
        lines = len(text.splitlines())
        if lines <= MAX_LINES:
            continue
        docstring = ast.get_docstring(tree) or ""
        if not any(line.startswith(LONG_MODULE_MARKER) for line in docstring.splitlines()):
            offenders.append(f"{name}: {lines} lines")
    return offenders


def test_no_long_module_without_a_reason() -> None:
    """A module over 500 lines mixes jobs more often than not: split it, or say in its
    docstring (a line starting "Over 500 lines:") why it is one job."""
    assert long_modules_without_reason() == []


def test_commands_import_no_command() -> None:
    """A command module (``builder/cli/*_commands.py``) is a leaf: what two commands share
    lives in a library (:mod:`builder.cli.options`, :mod:`builder.saves.load`), so that
    running one command never loads another."""
    graph = import_graph(modules())
    offenders = sorted(
        f"{importer} imports {target}"
        for importer, targets in graph.items()
        for target in targets
        if target.startswith("builder.cli.") and target.endswith("_commands")
    )
    assert offenders == []
