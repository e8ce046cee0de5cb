"""Where the files Stavka ships are found: the games' data, the fonts, the templates and
the in-Player plugin.

This is the one place that knows. Each kind is a folder under the ``rules/shipped``
resources, found through :mod:`importlib.resources`, so a checkout and an installed wheel
answer alike: in a checkout ``rules/shipped`` holds links to the top-level ``games/``,
``art/fonts/`` and ``templates/`` folders (the places to edit) and to ``plugin/``, which
holds the plugin's committed jar, and the wheel carries copies of them there. It lives in
``rules`` because the referee needs the games and never imports ``builder``.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path
from typing import Literal

Shipped = Literal["games", "fonts", "templates", "plugin"]
"""``plugin`` is the folder of the in-Player plugin's jar (``plugin/`` in a checkout, where
the jar is committed beside the sources it is compiled from)."""


def shipped(kind: Shipped) -> Path:
    """The folder of one kind of shipped file.

    A folder on disk, not merely a resource: the game folders are written to (``stavka map
    project``) and the fonts and templates are opened by file name. pip always installs a
    wheel as files, so only a zipped install fails here, and plainly.
    """
    folder = files("rules") / "shipped" / kind
    if not isinstance(folder, Path):
        raise RuntimeError(
            f"Stavka's {kind} are not files on disk ({folder}); install Stavka unzipped"
        )
    return folder


def checkout() -> Path | None:
    """The root of the git checkout this Stavka runs from (an editable install), or None
    for an installed wheel, whose packages sit in site-packages."""
    package = files("rules")
    if not isinstance(package, Path):
        return None
    root = package.parent
    return root if (root / ".git").exists() and (root / "pyproject.toml").is_file() else None
