"""The version of the installed Stavka, recorded in every module, PDF and report page it
writes, so a file tells which Stavka made it.

``pyproject.toml`` holds the one version; the install records it in the package's metadata,
where this and ``stavka --version`` read it.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import version


@cache
def stavka_version() -> str:
    """The installed distribution's version, such as ``0.1.0``."""
    return version("stavka")
