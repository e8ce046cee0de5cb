"""The command tree of a save flattened to one line per command, for people and diffs.

The format is the one the shared corpus's ``.lines.txt`` files use (corpus/README.md):
a string whose ESC-split is exactly itself is a command and is written as ``depth
command``; anything else is a group whose tokens are one level deeper. Newline, carriage
return and ESC inside a command are written as ``\\n``, ``\\r`` and ``\\e`` so that one
command is always one line.
"""

from __future__ import annotations

from collections.abc import Iterator

from builder.vassal.commands import COMMAND_SEPARATOR, MAX_DEPTH
from builder.vassal.sequence import decode
from rules.errors import SaveError

_VISIBLE = str.maketrans({"\n": "\\n", "\r": "\\r", COMMAND_SEPARATOR: "\\e"})


def _leaves(text: str, depth: int) -> Iterator[tuple[int, str]]:
    if depth > MAX_DEPTH:
        raise SaveError(None, "savedGame", f"commands are nested more than {MAX_DEPTH} levels deep")
    tokens = decode(text, COMMAND_SEPARATOR)
    if len(tokens) == 1 and tokens[0] == text:
        yield depth, text
        return
    for token in tokens:
        yield from _leaves(token, depth + 1)


def command_lines(text: str) -> Iterator[tuple[int, str]]:
    """Every command of a decoded ``savedGame`` text with its nesting depth (top = 1)."""
    for token in decode(text, COMMAND_SEPARATOR):
        yield from _leaves(token, 1)


def flatten(text: str) -> str:
    """The ``.lines.txt`` rendering of a decoded ``savedGame`` text."""
    return "".join(f"{depth} {command.translate(_VISIBLE)}\n" for depth, command in command_lines(text))
