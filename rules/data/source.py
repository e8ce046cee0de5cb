"""A parsed TOML file that can say on which line any of its values stands.

``tomllib`` parses without positions, but a user transcribing a map wants "games/dos/
map.toml:412: unknown terrain 'forrest'", not a key path. This module indexes the
lines of the text once — table headers, array-of-table headers with their counts, and
``key =`` lines — so a key path maps to the line that wrote it; a value inside a long
array is then found by searching that array's lines for its literal text.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.errors import DataError
from rules.files import MAX_DATA_FILE_BYTES, read_regular_file

KeyPath = tuple[str | int, ...]

MAX_KEY_DEPTH = 16
"""Parts of a dotted key (``a.b.c`` has three); shipped files use at most three. ``tomllib``
spends time and memory on the square of a key's parts (a 40 KB key took 1.6 GB)."""
_KEY_PART = r"""(?:[A-Za-z0-9_\-]++|"[^"\n]*+"|'[^'\n]*+')"""
_DOTTED = re.compile(rf"{_KEY_PART}(?:[ \t]*+\.[ \t]*+{_KEY_PART})*+")
_PART = re.compile(_KEY_PART)
_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(
    r"""^\s*((?:"[^"]*"|'[^']*'|[A-Za-z0-9_\-]+)(?:\s*\.\s*(?:"[^"]*"|'[^']*'|[A-Za-z0-9_\-]+))*)\s*="""
)


def _split_dotted(text: str) -> list[str]:
    """``a."b.c".d`` → ``["a", "b.c", "d"]``."""
    parts: list[str] = []
    for match in re.finditer(r'"([^"]*)"|\'([^\']*)\'|([A-Za-z0-9_\-]+)', text):
        parts.append(next(group for group in match.groups() if group is not None))
    return parts


@dataclass
class TomlSource:
    """One TOML file: its path, its parsed data, and where each key path was written."""

    path: Path
    data: dict[str, Any]
    text_lines: list[str]
    _lines: dict[KeyPath, int] = field(default_factory=dict)

    @classmethod
    def read(cls, path: Path, limit: int = MAX_DATA_FILE_BYTES) -> TomlSource:
        """Parse ``path``; any problem becomes a :class:`DataError` with its line.

        The file must be a regular one of at most ``limit`` bytes, checked before it is
        read (see :meth:`parse` for what is checked before ``tomllib`` runs).
        """
        return cls.parse(path, read_regular_file(path, limit, DataError))

    @classmethod
    def parse(cls, path: Path, data: bytes) -> TomlSource:
        """Parse ``data`` read from ``path`` (a file, or an entry of a module); every
        reader of game data goes through here, so a module's copy is checked as a file is.

        No key may be dotted deeper than :data:`MAX_KEY_DEPTH`, checked before ``tomllib``
        runs: its cost grows with the square of a key's depth.
        """
        text = _text_of(path, data)
        deep = _deep_key_line(text)
        if deep is not None:
            raise DataError(path, deep, f"a key dotted more than {MAX_KEY_DEPTH} levels deep")
        try:
            parsed = tomllib.loads(text)
        except tomllib.TOMLDecodeError as error:
            line = _line_of_decode_error(str(error))
            message = re.sub(r"\s*\(at line \d+, column \d+\)", "", str(error))
            raise DataError(path, line, f"TOML syntax: {message}") from error
        except RecursionError as error:
            # tomllib parses nesting by recursion: thousands of levels exhaust the stack.
            raise DataError(
                path, _deep_line(text), "arrays and tables nested too deeply to read"
            ) from error
        source = cls(path, parsed, text.splitlines())
        source._index()
        return source

    def _index(self) -> None:
        table: KeyPath = ()
        counts: dict[KeyPath, int] = {}
        in_multiline = 0
        for number, line in enumerate(self.text_lines, start=1):
            if in_multiline:
                in_multiline = max(0, in_multiline + _bracket_balance(line))
                continue
            header = _HEADER.match(line)
            if header and not _KEY.match(line):
                names = tuple(_split_dotted(header.group(2)))
                if header.group(1) == "[[":
                    index = counts.get(names, 0)
                    counts[names] = index + 1
                    # A new element starts its own nested arrays: its first [[a.b]] is b's index 0.
                    for nested in [
                        key
                        for key in counts
                        if len(key) > len(names) and key[: len(names)] == names
                    ]:
                        del counts[nested]
                    table = _with_array_indices(names, counts)
                else:
                    table = _with_array_indices(names, counts, last_is_array=False)
                self._lines.setdefault(table, number)
                continue
            key = _KEY.match(line)
            if key:
                path = table + tuple(_split_dotted(key.group(1)))
                self._lines.setdefault(path, number)
                rest = line[key.end() :]
                in_multiline = max(0, _bracket_balance(rest))

    def line_of(self, path: KeyPath, literal: str | None = None) -> int | None:
        """The line that wrote ``path`` (or its nearest written ancestor).

        With ``literal``, the first line at or after that one, within the value, that
        contains ``literal`` — how an entry of a long array is found.
        """
        for length in range(len(path), -1, -1):
            line = self._lines.get(path[:length])
            if line is not None:
                break
        else:
            return None
        entry = path[length] if length < len(path) else None
        if isinstance(entry, int):
            # An entry of an array written inline (a set-up's placements): its own line.
            line = self.item_line(path[:length], entry) or line
        if literal is None:
            return line
        following = sorted(number for number in self._lines.values() if number > line)
        end = following[0] if following else len(self.text_lines) + 1
        for number in range(line, end):
            if literal in self.text_lines[number - 1]:
                return number
        return line

    def item_line(self, path: KeyPath, index: int) -> int | None:
        """The line where entry ``index`` of the array written at ``path`` starts (a CRT
        row, say), or the array's own line when it cannot be told."""
        if path + (index,) in self._lines:
            return self._lines[path + (index,)]
        start = self._lines.get(path)
        if start is None:
            return self.line_of(path)
        depth, quote, count, comment, expecting = 0, "", -1, False, True
        text = "\n".join(self.text_lines[start - 1 :])
        for position in range(text.find("=") + 1, len(text)):
            character = text[position]
            if character == "\n":
                comment = False
            if comment or character.isspace():
                continue
            if quote:
                quote = "" if character == quote else quote
                continue
            if character == "#":
                comment = True
                continue
            if depth == 1 and character == ",":
                expecting = True
            elif depth == 1 and expecting and character != "]":
                count, expecting = count + 1, False
                if count == index:
                    return start + text.count("\n", 0, position)
            if character in "\"'":
                quote = character
            elif character in "[{":
                depth += 1
            elif character in "]}":
                depth -= 1
                if depth == 0:
                    break
        return start

    def error(self, path: KeyPath, message: str, literal: str | None = None) -> DataError:
        """A :class:`DataError` for ``path`` in this file, placed on its line."""
        return DataError(self.path, self.line_of(path, literal), message)


def _with_array_indices(
    names: tuple[str, ...], counts: dict[KeyPath, int], last_is_array: bool = True
) -> KeyPath:
    """Insert the current index of every enclosing array of tables into a header path."""
    result: list[str | int] = []
    for depth in range(1, len(names) + 1):
        prefix = names[:depth]
        result.append(prefix[-1])
        if prefix in counts and (depth < len(names) or last_is_array):
            result.append(counts[prefix] - 1)
    return tuple(result)


def _bracket_balance(text: str) -> int:
    """Open brackets minus closed ones outside strings and comments: >0 means the value goes on."""
    balance, quote = 0, ""
    for character in text:
        if quote:
            if character == quote:
                quote = ""
        elif character in "\"'":
            quote = character
        elif character == "#":
            break
        elif character in "[{":
            balance += 1
        elif character in "]}":
            balance -= 1
    return balance


def _text_of(path: Path, data: bytes) -> str:
    """The file as text, or an error on the line of the first byte that is not text."""
    binary = data.find(b"\0")
    if binary >= 0:
        raise DataError(path, data.count(b"\n", 0, binary) + 1, "binary data, not a TOML text file")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise DataError(path, line, f"not UTF-8 text (byte 0x{data[error.start]:02x})") from error
    if not text.strip():
        raise DataError(path, 1, "the file is empty")
    return text


def _deep_key_line(text: str) -> int | None:
    """The first line holding more than :data:`MAX_KEY_DEPTH` dotted parts in a row.

    Only a line with that many dots is searched, and the search is possessive, so the
    whole test is linear in the text. A run of decimals (``1.5``) counts too, harmlessly:
    each is two parts.
    """
    for number, line in enumerate(text.split("\n"), start=1):
        if line.count(".") < MAX_KEY_DEPTH:
            continue
        for run in _DOTTED.finditer(line):
            if (
                run.group().count(".") >= MAX_KEY_DEPTH
                and len(_PART.findall(run.group())) > MAX_KEY_DEPTH
            ):
                return number
    return None


def _deep_line(text: str, deep: int = 100) -> int | None:
    """The first line where brackets outside strings and comments nest ``deep`` levels."""
    depth, quote = 0, ""
    number = 1
    comment = False
    for character in text:
        if character == "\n":
            number, comment = number + 1, False
        elif comment:
            continue
        elif quote:
            if character == quote:
                quote = ""
        elif character in "\"'":
            quote = character
        elif character == "#":
            comment = True
        elif character in "[{":
            depth += 1
            if depth >= deep:
                return number
        elif character in "]}":
            depth = max(0, depth - 1)
    return None


def _line_of_decode_error(message: str) -> int | None:
    match = re.search(r"at line (\d+)", message)
    return int(match.group(1)) if match else None
