"""Words the verdicts share, so a player reads "1 hex" and "2 hexes", never "1 hexes"."""

from __future__ import annotations


def count(number: int, singular: str, plural: str | None = None) -> str:
    """``number`` and the noun in the form that number takes: ``1 hex``, ``0 hexes``."""
    return f"{number} {singular if number == 1 else (plural or singular + 's')}"


def hexes(number: int, kind: str = "") -> str:
    """``1 hex``, ``3 hexes``, ``1 rail hex``, ``2 gap hexes``."""
    noun = f"{kind} hex" if kind else "hex"
    return count(number, noun, noun + "es")
