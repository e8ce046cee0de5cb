"""A module's image files, one per distinct picture.

Many pieces look the same: of Drive on Stalingrad's 686 unit faces only 229 differ
(every untried Soviet unit shares one back, blank backs repeat in each colour, and
units with the same designation and values print alike). Each picture is drawn and
encoded once, keyed by what it depends on (a face's design), and each file is stored
once, keyed by its bytes; pieces with the same face share the file. The first piece
to ask names the file, and pieces are asked for in data order, so the same data
always gives the same names and bytes.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Hashable


class ModuleImages:
    """Image files by name, without two files of the same bytes."""

    def __init__(self) -> None:
        self._files: dict[str, bytes] = {}
        self._by_content: dict[bytes, str] = {}
        self._by_design: dict[Hashable, str] = {}

    def add(self, name: str, data: bytes) -> str:
        """Store ``data`` as ``name``; the name under which it is stored, which is an
        earlier file's when that file has the same bytes."""
        digest = hashlib.sha256(data).digest()
        existing = self._by_content.get(digest)
        if existing is not None:
            return existing
        if name in self._files:
            raise ValueError(f"two different images named {name}")
        self._files[name] = data
        self._by_content[digest] = name
        return name

    def add_named(self, name: str, data: bytes) -> None:
        """Store ``data`` under ``name`` whatever else is stored: for a picture the build
        file names by a fixed name (the tracks board, the pool's board)."""
        if name in self._files:
            raise ValueError(f"two different images named {name}")
        self._files[name] = data
        self._by_content.setdefault(hashlib.sha256(data).digest(), name)

    def picture(self, design: Hashable, name: str, encode: Callable[[], bytes]) -> str:
        """The file of ``design``, drawn and encoded by ``encode`` only the first time
        it is asked for; stored as ``name`` unless an identical file is there already."""
        found = self._by_design.get(design)
        if found is None:
            found = self._by_design[design] = self.add(name, encode())
        return found

    @property
    def files(self) -> dict[str, bytes]:
        """Every file by name."""
        return dict(self._files)
