"""The command tree of a save flattened to one line per command, for people and diffs.

The format is the one the shared corpus's ``.lines.txt`` files use (corpus/README.md):
a string whose ESC-split is exactly itself is a command and is written as ``depth
command``; anything else is a group whose tokens are one level deeper. Newline, carriage
return and ESC inside a command are written as ``\\n``, ``\\r`` and ``\\e`` so that one
command is always one line.
"""

from __future__ import annotations

from collections.abc import Iterator

from builder.printable import printable
from builder.vassal.nesting import CommandNode, command_tree


def _leaves(nodes: tuple[CommandNode, ...], depth: int) -> Iterator[tuple[int, str]]:
    for node in nodes:
        if isinstance(node, str):
            yield depth, node
        else:
            yield from _leaves(node, depth + 1)


def command_lines(text: str) -> Iterator[tuple[int, str]]:
    """Every command of a decoded ``savedGame`` text with its nesting depth (top = 1)."""
    return _leaves(command_tree(text), 1)


def _visible(command: str) -> str:
    # A command never holds an ESC (one would make it a group). Newline and carriage
    # return are written as the corpus writes them; any other control character but TAB
    # as an escape, so that nothing in a save can act on the terminal.
    if command.isprintable() or all(map(str.isprintable, command.split("\t"))):
        return command
    return printable(command.replace("\n", "\\n").replace("\r", "\\r"), keep="\t")


def flatten(text: str) -> str:
    """The ``.lines.txt`` rendering of a decoded ``savedGame`` text."""
    return "".join([f"{depth} {_visible(command)}\n" for depth, command in command_lines(text)])
