"""The guide's generated parts, made at every ``mkdocs build`` from the code itself.

MkDocs loads this file as a hook (``mkdocs.yml``'s ``hooks``). A page asks for a
generated part with a line of its own, ``<!-- generated: NAME -->``:

- ``data-keys``: the data files' keys and the error each bad value gets, read off the
  loader (:mod:`scripts.data_keys`); it loads every game hundreds of times, so the
  Markdown is kept in ``.cache/docs/`` under a digest of the code and data it comes from
  and made again only when one of them changes;
- ``module-docstrings``: an mkdocstrings block for every module of ``rules`` and
  ``builder``, so the developers' pages link the docstrings rather than copy them.

The command reference needs no hook: mkdocs-click reads the click commands, once
:func:`on_config` has loaded every command module (the ``stavka`` group loads them lazily,
and mkdocs-click lists only the commands a group has loaded when it has loaded any).
"""

from __future__ import annotations

import hashlib
import importlib
import os
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CACHE = ROOT / ".cache" / "docs"
MARKER = re.compile(r"^<!-- generated: ([a-z-]+) -->$", re.MULTILINE)
PACKAGES = ("rules", "builder")
DATA_KEYS_INPUTS = ("rules/**/*.py", "scripts/data_keys.py", "games/**/*.toml", "tests/kit/**/*")


def on_config(config: Any) -> Any:
    """Load every ``stavka`` command module before mkdocs-click reads the group."""
    from builder.cli import COMMAND_MODULES, load_command_module

    for name in COMMAND_MODULES:
        load_command_module(name)
    return config


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Put each generated part where its page's marker stands."""
    return MARKER.sub(lambda match: generated(match.group(1)), markdown)


def generated(name: str) -> str:
    """The Markdown of the generated part ``name``."""
    if name == "data-keys":
        return data_keys()
    if name == "module-docstrings":
        return module_docstrings()
    raise ValueError(f"no generated part {name!r}")


def data_keys() -> str:
    """:func:`scripts.data_keys.page`, from the cache when nothing it reads has changed."""
    digest = hashlib.sha256()
    for pattern in DATA_KEYS_INPUTS:
        for path in sorted(ROOT.glob(pattern)):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(ROOT)).encode() + b"\0")
                digest.update(path.read_bytes())
    cached = CACHE / f"data-keys-{digest.hexdigest()[:16]}.md"
    if cached.is_file():
        return cached.read_text(encoding="utf-8")
    # By its module name, as a package path: mypy checks scripts/ as loose files.
    text = str(importlib.import_module("scripts.data_keys").page())
    CACHE.mkdir(parents=True, exist_ok=True)
    for old in CACHE.glob("data-keys-*.md"):
        old.unlink(missing_ok=True)
    partial = cached.with_suffix(f".{os.getpid()}.part")
    partial.write_text(text, encoding="utf-8")
    partial.replace(cached)
    return text


def module_names() -> list[str]:
    """Every module and package of :data:`PACKAGES`, in the order of their paths."""
    names = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if parts[-1] == "__init__":
                parts = parts[:-1]
            names.append(".".join(parts))
    return names


def module_docstrings() -> str:
    """An mkdocstrings block (the module's docstring alone) for every module, listed in the
    page's contents by its full name (``rules.referee.tps.board``, not ``board``)."""
    return (
        "\n\n".join(f"::: {name}\n    options:\n      toc_label: {name}" for name in module_names())
        + "\n"
    )


SPHINX_ROLE = re.compile(r":(?:class|mod|meth|func|data|attr|exc|obj):(?=<code>)")
"""A Sphinx role before a name in code (``:class:`Hex```), which the docstrings use for
the code's readers and Markdown leaves as text."""


def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    """Drop the Sphinx roles the module docstrings show, keeping the names they mark."""
    return SPHINX_ROLE.sub("", html)
