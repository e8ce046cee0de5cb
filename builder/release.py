"""The version of Stavka, recorded in every module, PDF and report page it writes, so a
file tells which Stavka made it.

The one source of the version is git: ``setuptools-scm`` makes it from the last tag and
the commits since (``0.1.dev512+g1a2b3c4``), so every commit builds a newer version and
``pipx install --force``/``pipx upgrade`` of a newer wheel replaces the files. An sdist
records it in its ``PKG-INFO`` and a wheel in its metadata, where an installed Stavka
reads it. A checkout asks git directly: its editable install's metadata holds the
version of the commit it was installed at, and a module built after later commits must
say so.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib.metadata import version

from rules.resources import checkout

DISTRIBUTION = "stavka"


def _checkout_version() -> str | None:
    """The version git gives this checkout now, or None outside a checkout (or without
    ``setuptools-scm``, a development dependency)."""
    root = checkout()
    if root is None:
        return None
    try:
        from setuptools_scm import get_version
    except ImportError:
        return None
    try:
        return get_version(root=str(root))
    except LookupError:
        return None


@cache
def stavka_version() -> str:
    """This Stavka's version, such as ``0.1.dev512+g1a2b3c4``."""
    return _checkout_version() or version(DISTRIBUTION)


@dataclass(frozen=True)
class InstallLine:
    """How a player on one system installs this version of Stavka: ``pipx``, got once, if
    the system lacks it, then the one line that installs the wheel (or replaces an older
    install: ``--force``)."""

    system: str
    pipx: str
    install: str


def wheel_name(version: str) -> str:
    """The file name of this version's wheel, as the build names it."""
    return f"{DISTRIBUTION}-{version}-py3-none-any.whl"


def install_lines(version: str) -> tuple[InstallLine, ...]:
    """The install line for Windows, macOS and Linux (pipx's own advice for getting it)."""
    wheel = wheel_name(version)
    return (
        InstallLine(
            "Windows", "py -m pip install --user pipx", f"py -m pipx install --force {wheel}"
        ),
        InstallLine("macOS", "brew install pipx", f"pipx install --force {wheel}"),
        InstallLine(
            "Linux",
            "sudo apt install pipx (or your distribution's pipx package)",
            f"pipx install --force {wheel}",
        ),
    )
