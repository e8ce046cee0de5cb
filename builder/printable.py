"""Text from a file made safe to print on a terminal.

Names in a save are the save author's text: a carriage return, a bell or an ANSI
control sequence (ESC ``[`` or the one-character C1 ``CSI``) printed raw would rewrite
lines or hijack the user's terminal. Every command prints such text through
:func:`printable`.
"""

from __future__ import annotations


def printable(text: str, keep: str = "") -> str:
    """``text`` with every non-printable character (but those in ``keep``) as an escape.

    A newline becomes ``\\n``, a bell ``\\x07``, a C1 control ``\\x9b``: one line in,
    one line out, and nothing the terminal acts on.
    """
    if text.isprintable():
        return text
    return "".join(
        character
        if character.isprintable() or character in keep
        else character.encode("unicode_escape").decode("ascii")
        for character in text
    )
