"""What a transcriber still has to check: every value of a game folder marked
``reconstructed = true``, with the line to change it on.

A value changed to match a printed copy keeps its mark until the transcriber clears
``reconstructed`` (and its note): only they know the value is now the printed one.
Values in the generated ``terrain.toml`` are corrected in ``map.toml``, whose hand data
wins over it; ``stavka map project`` rewrites ``terrain.toml`` (and refuses to while
it holds a hand edit).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.data.layout import GAME_FILES, GENERATED_MAP_FILE
from rules.data.source import KeyPath, TomlSource

LABEL_KEYS = ("id", "name", "unit", "hex")
"""What a reconstructed record is called by, in order of preference."""


@dataclass(frozen=True)
class ReconstructedValue:
    """A record marked reconstructed: where it is written, what it is, and why."""

    path: Path
    line: int | None
    label: str
    note: str
    generated: bool

    def as_text(self) -> str:
        """``file:line: label — note``, saying where a generated value is corrected."""
        where = f"{self.path}:{self.line}" if self.line else str(self.path)
        fix = " (generated: correct it in map.toml)" if self.generated else ""
        return f"{where}: {self.label}{fix} — {self.note}"


def reconstructed_values(folder: Path) -> list[ReconstructedValue]:
    """Every record of the game in ``folder`` still marked reconstructed, file by file."""
    found: list[ReconstructedValue] = []
    for name in (*GAME_FILES, GENERATED_MAP_FILE):
        if not (folder / name).is_file():
            continue
        source = TomlSource.read(folder / name)
        for path, record in _records(source.data, ()):
            if record.get("reconstructed") is True:
                label = next(
                    (record[key] for key in LABEL_KEYS if isinstance(record.get(key), str)),
                    ".".join(str(part) for part in path) or "the file",
                )
                found.append(
                    ReconstructedValue(
                        source.path,
                        source.line_of(path + ("reconstructed",)),
                        label,
                        str(record.get("note", "")),
                        name == GENERATED_MAP_FILE,
                    )
                )
    return found


def _records(value: Any, path: KeyPath) -> Iterator[tuple[KeyPath, dict[str, Any]]]:
    """Every table in ``value`` with its key path, outermost first."""
    if isinstance(value, dict):
        yield path, value
        for key, item in value.items():
            yield from _records(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from _records(item, path + (index,))
