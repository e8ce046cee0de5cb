"""VASSAL's ``SequenceEncoder``: every list in a save is one string with one delimiter.

Saves nest these lists (ESC for commands, ``/`` for AddPiece, TAB for trait chains, ``;``
for fields, ``,`` for sub-lists), and each level escapes only its own delimiter. Reading
has to copy the engine's decoder quirk for quirk — a backslash before a delimiter is
always an escape, a token wrapped in single quotes loses one pair — or a real save
decodes to different pieces than VASSAL sees (docs/vassal-format.md §3.1).
"""

from __future__ import annotations

from collections.abc import Iterable

ESCAPE = "\\"
QUOTE = "'"


def _needs_quotes(item: str) -> bool:
    """Whether an element must be wrapped in quotes to survive decoding.

    VASSAL ≥ 3.4 quotes an element that starts with a backslash or is already quoted;
    VASSAL ≤ 3.3 quoted one that ends with a backslash. Quoting in all three cases is
    read back correctly by every version, and an unquoted trailing backslash would make
    the following delimiter look escaped.
    """
    if not item:
        return False
    return (
        item[0] == ESCAPE
        or item[-1] == ESCAPE
        or (len(item) > 1 and item[0] == QUOTE and item[-1] == QUOTE)
    )


def encode(items: Iterable[str], delimiter: str) -> str:
    """Join ``items`` with ``delimiter`` so that :func:`decode` gives them back."""
    encoded = []
    for item in items:
        escaped = item.replace(delimiter, ESCAPE + delimiter)
        encoded.append(QUOTE + escaped + QUOTE if _needs_quotes(item) else escaped)
    return delimiter.join(encoded)


def _unquote(token: str) -> str:
    if len(token) > 1 and token[0] == QUOTE and token[-1] == QUOTE:
        return token[1:-1]
    return token


def decode(text: str, delimiter: str) -> list[str]:
    """Split ``text`` into the tokens VASSAL's ``SequenceEncoder.Decoder`` returns.

    The empty string is one empty token, and a trailing delimiter gives a final empty
    token, because the engine's decoder behaves that way and field positions depend on
    it. A delimiter right after a backslash is data: the token keeps it and loses that
    one backslash. The text is split once by ``str.split``; only the parts around an
    escaped delimiter are joined again.
    """
    if delimiter not in text:
        return [_unquote(text)]
    parts = text.split(delimiter)
    if ESCAPE + delimiter not in text:
        # Most lists hold no quote at all, and then no token can lose a pair.
        return [_unquote(token) for token in parts] if QUOTE in text else parts
    tokens = []
    pending: list[str] = []
    for part in parts[:-1]:
        if part.endswith(ESCAPE):
            pending += (part[:-1], delimiter)
        elif pending:
            pending.append(part)
            tokens.append(_unquote("".join(pending)))
            pending = []
        else:
            tokens.append(_unquote(part))
    pending.append(parts[-1])
    tokens.append(_unquote("".join(pending)))
    return tokens


def field(tokens: list[str], index: int, default: str = "") -> str:
    """The ``index``-th token, or ``default`` when an older writer left it out.

    VASSAL appends new fields at the end of a trait and reads missing ones as
    defaults, so every reader of positional fields needs this.
    """
    return tokens[index] if index < len(tokens) else default


def parse_int(text: str) -> int | None:
    """``text`` as Java's ``Integer.parseInt`` reads it, or ``None`` where Java throws.

    VASSAL reads every coordinate and count this way; matching it (ASCII digits,
    optional sign, 32-bit range) keeps hostile input from costing more than Java would.
    """
    if len(text) < 10 and text.isdigit() and text.isascii():
        return int(text)  # up to nine digits: always in range, the common case
    body = text[1:] if text[:1] in ("+", "-") else text
    if not body or len(body) > 10 or not body.isascii() or not body.isdigit():
        return None
    value = int(text)
    return value if -(2**31) <= value < 2**31 else None
