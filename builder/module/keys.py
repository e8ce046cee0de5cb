"""Keystrokes as VASSAL writes them, and the one key map every Stavka module uses.

VASSAL stores a keystroke as ``keyCode,modifiers`` with Java's old and new modifier bits
both set (Ctrl is ``2 | 128 = 130``). Each key below has one meaning in every game, so a
player who learns one module knows the others:

- piece commands use Ctrl+letter (or Ctrl+arrow on a record marker), as VASSAL's own
  defaults do;
- toolbar buttons use Ctrl+Shift+letter or digit, so they never collide with a piece
  command;
- keys only the module itself sends are named keystrokes (VASSAL routes them by name,
  so no player can type one), or Ctrl+Alt+Shift+F-keys for the record tracks.

``tests/module/test_keys.py`` checks the key map (no key with two meanings, every piece
command a Ctrl key, every toolbar key a Ctrl+Shift one) and every built module against
it (no two commands of a piece, and no two toolbar buttons, share a key).
"""

from __future__ import annotations

from dataclasses import dataclass

SHIFT = 1 | 64
CONTROL = 2 | 128
ALT = 8 | 512


@dataclass(frozen=True)
class Key:
    """A keystroke: Java key code, modifier bits and the name a person reads; or a
    named keystroke (``name``) that only the module fires."""

    code: int
    modifiers: int
    text: str
    name: str = ""

    def encoded(self) -> str:
        """``keyCode,modifiers`` (``0,0,name`` for a named keystroke), as in build files
        and trait types."""
        return f"0,0,{self.name}" if self.name else f"{self.code},{self.modifiers}"


def control(letter: str) -> Key:
    """Ctrl+``letter`` (a piece command)."""
    return Key(ord(letter.upper()), CONTROL, f"Ctrl+{letter.upper()}")


def toolbar(character: str) -> Key:
    """Ctrl+Shift+``character``, a letter or digit (a toolbar button)."""
    return Key(ord(character.upper()), CONTROL | SHIFT, f"Ctrl+Shift+{character.upper()}")


def internal(number: int) -> Key:
    """Ctrl+Alt+Shift+F``number``: a key the module sends itself."""
    return Key(0x6F + number, CONTROL | ALT | SHIFT, f"Ctrl+Alt+Shift+F{number}")


def named(name: str) -> Key:
    """A named keystroke: fired by the module's own traits and commands, never typed."""
    return Key(0, 0, name, name)


def arrow(direction: str, modifiers: int = CONTROL) -> Key:
    """Ctrl+arrow (``up``, ``down``, ``left``, ``right``)."""
    code = {"left": 37, "up": 38, "right": 39, "down": 40}[direction]
    return Key(code, modifiers, f"Ctrl+{direction.capitalize()}")


# Piece commands
LOSE_STEP = control("L")
RESTORE_STEP = control("R")
FLIP = control("F")
"""Turn a piece over: a two-sided marker, a unit that has acted (RKS 7.4), a card."""
REVEAL = control("U")
"""Show what is hidden: an untried unit (DoS 2.14), a card played face down (RKS 8.7)."""
ELIMINATE = control("E")
DELETE = control("D")
MARK_MOVED = control("M")
ARRIVE = control("A")
"""A reinforcement enters its area from the turn track (RKS 6.1, 6.2)."""
RETURN = control("T")
"""An eliminated unit returns where the rules rebuild it (the RKS T-34, 6.3)."""
DRAW_STEP = control("S")
"""A unit draws one step card from the deck (RKS 7.5)."""
DRAW_ALL_STEPS = control("G")
"""A unit draws all its step cards (RKS 3.3, 6.1, 6.2)."""
ISOLATE = control("I")
"""A unit is marked isolated, or freed (RKS 8.10)."""
PLAY_FACE_DOWN = control("P")
"""A card goes face down to its side's duel box (RKS 8.4-8.6)."""
DISCARD = control("X")
"""A card goes to the discard pile."""
PLUS_ONE = arrow("up")
MINUS_ONE = arrow("down")
PLUS_FIVE = arrow("right")
MINUS_FIVE = arrow("left")
"""A record marker's value changes by one or five (a VP track)."""

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
FACE_UP = toolbar("F")
"""Every unit that has acted turns face up (RKS 10.3)."""
ELIMINATED = (toolbar("A"), toolbar("S"))
"""The dead piles' windows, in side order."""
HANDS = (toolbar("1"), toolbar("2"))
"""The hands' windows, in side order (each only its side can open)."""
STEPS = (toolbar("3"), toolbar("4"))
"""The steps windows, in side order (each only its side can open)."""
REFEREE = toolbar("R")
"""Ask the Stavka referee about the game (the plugin, :mod:`builder.module.plugin`)."""
CLEAR_REFEREE = toolbar("K")
"""Remove the referee's marks from the map."""
ODDS = toolbar("B")
"""The odds of the selected attack (a Rattenkrieg duel's chances)."""
DECLARE = toolbar("L")
"""Put the attack last asked about in the log."""
UNIT_VERDICTS = toolbar("V")
"""The referee's verdicts on the selected units (also each unit's menu item)."""
LAYERS = toolbar("Z")
"""Show or hide the referee's zones of control and front gaps on the map."""
AIR_MISSIONS = toolbar("M")
"""The referee on the air missions (Turning Point)."""
OPTIONAL_RULES = (toolbar("5"), toolbar("6"), toolbar("7"), toolbar("8"))
"""Put a game's optional rules in play or out, in the order of its rules text."""

# Keys the module sends itself
FOLLOW_TRACK = internal(1)
"""Sent to a track marker: move to the box its property's value names."""
TURN_CHANGED = internal(2)
"""Fired by the turn tracker on every turn change; a global key command turns it into
:data:`FOLLOW_TRACK` for the turn marker."""
SHOW_FRONT = named("show-front")
"""Sent to every unit by :data:`FACE_UP`: its 'acted' layer shows the front again."""
DEAL_AT_START = named("deal-at-start")
"""Sent once per game to every unit on the map: draw your step cards (RKS 3.3)."""
DRAW_QUIETLY = named("draw-quietly")
"""A unit draws one step card without a report of its own (its command reports)."""
SET_DEAL_TARGET = named("set-deal-target")
"""A unit names its steps box as where the next dealt card goes."""
DEAL_ONE = named("deal-one")
"""A unit asks the draw deck for one card."""
DEAL = named("deal")
"""Sent to a card of the draw deck: go to the box the deal target names."""
MOVE_TO_ARRIVAL = named("move-to-arrival")
"""A reinforcement moves to its area (the first step of :data:`ARRIVE`)."""
MARK_DEALT = named("mark-dealt")
"""Set once the start-up deal is done, so loading a saved game never deals again."""
MASK = named("mask")
"""A card's Mask trait: face down for the other side, or face up again."""
MASK_IF_SHOWN = named("mask-if-shown")
TO_DUEL = named("to-duel")
DUEL_FACE_DOWN = named("duel-face-down")
"""Sent before a card goes into its side's duel pile: that pile turns face down."""
REVEALED = named("revealed")
"""Sent once a card is revealed: the duel pile it lies in turns face up."""
REPORT_REMOVED = named("report-removed")
REMOVE = named("remove")
"""Delete fires these in turn: the report while the piece is still where it was, then
the removal (VASSAL runs a Report Action after the traits inside it, when a deleted
piece is nowhere)."""
ASK_VERDICTS = named("ask-verdicts")
"""A unit's menu item asks for its verdicts: it fires :data:`UNIT_VERDICTS`."""
REPORT_DISCARD = named("report-discard")
REPORT_PLAIN_DISCARD = named("report-plain-discard")
REPORT_STEP_LOST = named("report-step-lost")
TO_DISCARDS = named("to-discards")
"""Discard fires :data:`REPORT_DISCARD`, then :data:`TO_DISCARDS`; the report is a plain
discard's, or a step card's leaving its unit's box (RKS 8.9), which names the unit."""
RESHUFFLE = named("reshuffle-discards")
"""Fired by the empty draw deck; the discard pile shuffles itself into it (RKS 3.4)."""


def duel_face_up(side_name: str) -> Key:
    """Turns ``side_name``'s duel pile face up: its cards are revealed (8.7)."""
    return named(f"{side_name.lower()}-duel-face-up")


def duel_face_down(side_name: str) -> Key:
    """Turns ``side_name``'s duel pile face down, for the card played next (8.4)."""
    return named(f"{side_name.lower()}-duel-face-down")


def to_hand(side_name: str) -> Key:
    """Sent to a card of the draw deck at the start: go to ``side_name``'s hand."""
    return named(f"to-{side_name.lower()}-hand")
