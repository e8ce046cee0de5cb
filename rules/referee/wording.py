"""Words the verdicts share, so a player reads "1 hex" and "2 hexes", never "1 hexes"."""

from __future__ import annotations

from fractions import Fraction

VULGAR = {
    Fraction(1, 2): "½",
    Fraction(1, 3): "⅓",
    Fraction(2, 3): "⅔",
    Fraction(1, 4): "¼",
    Fraction(3, 4): "¾",
}


def count(number: int, singular: str, plural: str | None = None) -> str:
    """``number`` and the noun in the form that number takes: ``1 hex``, ``0 hexes``."""
    return f"{number} {singular if number == 1 else (plural or singular + 's')}"


def with_article(noun: str) -> str:
    """``a depot``, ``an edge``."""
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def hexes(number: int, kind: str = "") -> str:
    """``1 hex``, ``3 hexes``, ``1 rail hex``, ``2 gap hexes``."""
    noun = f"{kind} hex" if kind else "hex"
    return count(number, noun, noun + "es")


def points(value: Fraction | int) -> str:
    """Movement points as a player writes them: ``3``, ``2½``, ``⅓``, ``1 2/5``."""
    value = Fraction(value)
    whole, part = divmod(value, 1)
    if not part:
        return str(whole)
    fraction = VULGAR.get(part, f"{part.numerator}/{part.denominator}")
    if not whole:
        return fraction
    return f"{whole}{fraction}" if part in VULGAR else f"{whole} {fraction}"
