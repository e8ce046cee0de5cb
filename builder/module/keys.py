"""Keystrokes as VASSAL writes them, and the keys every Stavka module uses.

VASSAL stores a keystroke as ``keyCode,modifiers`` with Java's old and new modifier bits
both set (Ctrl is ``2 | 128 = 130``). Piece commands use Ctrl+letter, as VASSAL's own
defaults do; toolbar buttons use Ctrl+Shift+letter, so the two never collide; keys only
the module itself sends (a marker following a track) use Ctrl+Alt+Shift+F-keys, which
no player types by accident.
"""

from __future__ import annotations

from dataclasses import dataclass

SHIFT = 1 | 64
CONTROL = 2 | 128
ALT = 8 | 512


@dataclass(frozen=True)
class Key:
    """A keystroke: Java key code, modifier bits and the name a person reads."""

    code: int
    modifiers: int
    text: str

    def encoded(self) -> str:
        """``keyCode,modifiers``, as in build files and trait types."""
        return f"{self.code},{self.modifiers}"


def control(letter: str) -> Key:
    """Ctrl+``letter`` (a piece command)."""
    return Key(ord(letter.upper()), CONTROL, f"Ctrl+{letter.upper()}")


def toolbar(letter: str) -> Key:
    """Ctrl+Shift+``letter`` (a toolbar button)."""
    return Key(ord(letter.upper()), CONTROL | SHIFT, f"Ctrl+Shift+{letter.upper()}")


def internal(number: int) -> Key:
    """Ctrl+Alt+Shift+F``number``: a key the module sends itself."""
    return Key(0x6F + number, CONTROL | ALT | SHIFT, f"Ctrl+Alt+Shift+F{number}")


def arrow(direction: str, modifiers: int = CONTROL) -> Key:
    """Ctrl+arrow (``up``, ``down``, ``left``, ``right``)."""
    code = {"left": 37, "up": 38, "right": 39, "down": 40}[direction]
    return Key(code, modifiers, f"Ctrl+{direction.capitalize()}")


# Piece commands
LOSE_STEP = control("L")
RESTORE_STEP = control("R")
FLIP = control("F")
REVEAL = control("U")
ELIMINATE = control("E")
DELETE = control("D")
MARK_MOVED = control("M")

# Toolbar buttons
COUNTERS = toolbar("C")
CHARTS = toolbar("H")
TRACKS = toolbar("T")
OVERVIEW = toolbar("O")
NOTES = toolbar("N")
INVENTORY = toolbar("I")
DIE = toolbar("D")
TURN_WINDOW = toolbar("W")
NEXT_TURN = Key(39, CONTROL | SHIFT, "Ctrl+Shift+Right")
PREVIOUS_TURN = Key(37, CONTROL | SHIFT, "Ctrl+Shift+Left")
UNTRIED_POOL = toolbar("U")
ELIMINATED = (toolbar("A"), toolbar("S"))
"""The dead piles' windows, in side order."""

# Keys the module sends itself
FOLLOW_TRACK = internal(1)
"""Sent to a track marker: move to the box its property's value names."""
TURN_CHANGED = internal(2)
"""Fired by the turn tracker on every turn change; a global key command turns it into
:data:`FOLLOW_TRACK` for the turn marker."""
