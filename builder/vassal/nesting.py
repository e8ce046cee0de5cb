"""Nested SequenceEncoder levels decoded in one pass, without a copy per level.

A save nests lists inside lists: command groups inside groups (ESC), trait chains inside
chains (TAB). Each level escapes its own delimiter once more, so a delimiter that ends
an element ``k`` levels down is preceded by ``k`` backslashes. Decoding level by level,
as the engine does, copies the whole remaining text at every level: a chain of thirty
traits is copied thirty times, and a hostile file nested a hundred deep costs a hundred
copies of itself.

Here the text is split once on the delimiter, and each delimiter's run of backslashes
is counted once. A token is then a span of those parts, and decoding one level only
moves span ends: a delimiter whose run equals the number of levels already decoded is
a split point, every other one loses a backslash per level, and a token wrapped in
quotes loses one pair. Only the text a caller asks for is built, once. The results are
those of :func:`builder.vassal.sequence.decode` applied level by level, quirks included.
"""

from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field

from builder.vassal.limits import MAX_COMMANDS, MAX_DEPTH
from builder.vassal.sequence import ESCAPE, QUOTE
from rules.errors import SaveError

BEGIN_SAVE = "begin_save"
"""The first command of every save's text, which the file reader checks and the command
tree starts with."""

CommandNode = str | tuple["CommandNode", ...]
"""A command tree: a leaf is one command's text, a tuple a group of commands."""

_Span = tuple[int, int, int, int]
"""``(first part, start in it, last part, end in it)``: ``parts[first][start:]`` through
``parts[last][:end]`` with the delimiters between them."""


@dataclass
class _Parts:
    """A text split on one delimiter, with the backslashes that end each part."""

    parts: list[str]
    runs: list[int]
    delimiter: str
    by_run: dict[int, list[int]] = field(default_factory=dict)

    @classmethod
    def of(cls, text: str, delimiter: str) -> _Parts:
        return cls.of_split(text.split(delimiter), delimiter)

    @classmethod
    def of_split(cls, parts: list[str], delimiter: str) -> _Parts:
        """``parts`` of a text already split on ``delimiter``."""
        return cls(parts, [len(part) - len(part.rstrip(ESCAPE)) for part in parts], delimiter)

    def whole(self) -> _Span:
        last = len(self.parts) - 1
        return 0, 0, last, len(self.parts[last])

    def unquoted(self, span: _Span) -> _Span:
        """The span without its enclosing quotes, if the decoder would remove them.

        The characters a level removes are backslashes before delimiters, never a span's
        first or last character, so the test reads the original text.
        """
        first, start, last, end = span
        if first == last:
            quoted = (
                end - start > 1
                and self.parts[first][start] == QUOTE
                and self.parts[first][end - 1] == QUOTE
            )
        else:
            quoted = (
                start < len(self.parts[first])
                and self.parts[first][start] == QUOTE
                and end > 0
                and self.parts[last][end - 1] == QUOTE
            )
        return (first, start + 1, last, end - 1) if quoted else span

    def text(self, span: _Span, removed: int) -> str:
        """The span's text with ``removed`` backslashes taken from before each delimiter."""
        first, start, last, end = span
        if first == last:
            return self.parts[first][start:end]
        pieces = [self.parts[first][start : len(self.parts[first]) - removed]]
        pieces += [part[: len(part) - removed] for part in self.parts[first + 1 : last]]
        pieces.append(self.parts[last][:end])
        return self.delimiter.join(pieces)

    def split_points(self, span: _Span, level: int) -> list[int]:
        """The delimiters inside ``span`` that split it at ``level`` (0 = the whole text).

        Inside a span every run is at least ``level``; those equal to it are the real
        delimiters of this level. Indexing the runs once makes each lookup a bisection,
        so even a hostile text nested thousands of levels deep is read in n log n.
        """
        if not self.by_run:
            for index, run in enumerate(self.runs[:-1]):
                self.by_run.setdefault(run, []).append(index)
        candidates = self.by_run.get(level, [])
        first, _, last, _ = span
        position = bisect_left(candidates, first)
        points = []
        while position < len(candidates) and candidates[position] < last:
            points.append(candidates[position])
            position += 1
        return points

    def tokens(self, span: _Span, level: int) -> list[_Span]:
        """The spans one decoding level splits ``span`` into, quotes removed."""
        first, start, last, end = span
        spans = []
        for point in self.split_points(span, level):
            spans.append(self.unquoted((first, start, point, len(self.parts[point]) - level)))
            first, start = point + 1, 0
        spans.append(self.unquoted((first, start, last, end)))
        return spans


class Chain:
    """The elements of a TAB-nested trait chain, outermost first, built only when read.

    Like VASSAL's ``createPiece``/``Decorator.setState``, each level reads its own token
    and hands the second token, whole, to the inner level (a third token is ignored).
    A well-formed chain, where the TAB after element ``k`` has exactly ``k`` backslashes
    and nothing is quoted across levels, is split once and checked with C-level maps;
    an element is then a slice, made when asked for, so finding a piece's BasicPiece
    costs one split. Any other shape takes the general span walk.
    """

    def __init__(self, text: str) -> None:
        parts = text.split("\t")
        count = len(parts)
        self._parts: list[str] | None = None
        self._elements: list[str] | None = None
        if count == 1:
            self._elements = [_unquote(text)]
            return
        chain = _Parts.of_split(parts, "\t")
        # Part k must end in exactly k backslashes; each run was counted once, so the
        # test costs one pass over the text whatever the chain's shape.
        if not text.endswith(QUOTE) and all(map(int.__eq__, chain.runs[:-1], range(count - 1))):
            self._parts = parts
            return
        self._elements = _walk_chain(chain)

    def __len__(self) -> int:
        return len(self._parts) if self._parts is not None else len(self._elements or ())

    def __getitem__(self, index: int) -> str:
        if self._parts is None:
            assert self._elements is not None
            return self._elements[index]
        index = index % len(self._parts)
        part = self._parts[index]
        if index == len(self._parts) - 1:
            return part
        return _unquote(part[: len(part) - index] if index else part)

    def elements(self) -> list[str]:
        return [self[index] for index in range(len(self))]


def _walk_chain(chain: _Parts) -> list[str]:
    elements = []
    span = chain.whole()
    level = 0
    while True:
        tokens = chain.tokens(span, level)
        elements.append(chain.text(tokens[0], level + 1))
        if len(tokens) < 2:
            return elements
        span = tokens[1]
        level += 1


def split_chain(text: str) -> list[str]:
    """The elements of a TAB-nested trait chain, outermost first (see :class:`Chain`)."""
    return Chain(text).elements()


def _unquote(token: str) -> str:
    if len(token) > 1 and token[0] == QUOTE and token[-1] == QUOTE:
        return token[1:-1]
    return token


class _CommandTree:
    """Walks the ESC levels of one text, keeping the index path for error messages."""

    def __init__(self, text: str, place: str) -> None:
        if text.count("\x1b") >= MAX_COMMANDS:
            raise SaveError(None, place, f"more than {MAX_COMMANDS:,} commands")
        self.commands = _Parts.of(text, "\x1b")
        self.place = place
        self.path: list[int] = []

    def node(self, span: _Span, level: int) -> CommandNode:
        if level > MAX_DEPTH:
            where = "/".join([self.place, *map(str, self.path)])
            raise SaveError(None, where, f"commands are nested more than {MAX_DEPTH} levels deep")
        first, start, last, end = span
        if first == last:
            inner = self.commands.unquoted(span)
            if inner == span:
                return self.commands.parts[first][start:end]
            return self.group([inner], level)
        return self.group(self.commands.tokens(span, level), level)

    def group(self, spans: list[_Span], level: int) -> tuple[CommandNode, ...]:
        children = []
        for index, span in enumerate(spans):
            self.path.append(index)
            children.append(self.node(span, level + 1))
            self.path.pop()
        return tuple(children)


def command_tree(text: str, place: str = "command") -> tuple[CommandNode, ...]:
    """The command groups of a ``savedGame`` text, split on ESC level by level.

    A token that one more level of decoding leaves unchanged is a command; any other
    token is a group of the tokens that level gives (a quoted command is a group of
    one), as ``GameModule.decode`` recurses. The whole text is always a group. Nesting
    deeper than :data:`MAX_DEPTH` raises :class:`SaveError` at ``place/i/j/…``, and so
    does a text of more than :data:`MAX_COMMANDS` commands, before it is split.
    """
    tree = _CommandTree(text, place)
    return tree.group(tree.commands.tokens(tree.commands.whole(), 0), 0)


def command_node(text: str, place: str, depth: int) -> CommandNode:
    """One token ``depth`` levels down (1 = top) as a command or a group."""
    tree = _CommandTree(text, place)
    return tree.node(tree.commands.whole(), depth)
