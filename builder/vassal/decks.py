"""A DrawPile's deck as a save holds it: the ``deck;`` type VASSAL 3.6 reads back.

A save restores a deck with ``+/id/deck;TYPE/STATE``. The type carries the pile's
settings in ``Deck.getType``'s order; when a game is loaded VASSAL finds the DrawPile by
the name in it and hands it the restored deck. The settings come from the DrawPile's
attributes in the build file, each converted as ``DrawPile.setAttribute`` converts it;
a setting the pile leaves unset is written as VASSAL reads a missing one
(``Deck.myRefreshType``), so the deck behaves as the module's own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from builder.vassal.sequence import encode

DECK_ID = "deck;"

TYPE_FIELDS: tuple[tuple[str, str], ...] = (
    ("draw", "true"),
    ("color", "0,0,0"),
    ("width", "40"),
    ("height", "40"),
    ("faceDown", "Always"),
    ("shuffle", "Always"),
    ("allowMultiple", "true"),
    ("allowSelect", "true"),
    ("reversible", "true"),
    ("reshuffleCommand", ""),
    ("reshuffleTarget", ""),
    ("reshuffleMessage", ""),
    ("name", "deck"),
    ("shuffleFormat", ""),
    ("reverseFormat", ""),
    ("faceDownFormat", ""),
    ("drawFaceUp", "false"),
    ("canSave", "false"),
    ("shuffleHotkey", ""),
    ("reshuffleHotkey", ""),
    ("maxStack", "10"),
    ("countExpressions", ""),
    ("expressionCounting", "false"),
    ("", ""),
    ("hotkeyOnEmpty", "false"),
    ("emptyHotkey", ""),
    ("selectDisplayProperty", "$BasicName$"),
    ("selectSortProperty", ""),
    ("restrictOption", "false"),
    ("restrictExpression", ""),
    ("shuffleCommand", "Shuffle"),
    ("reverseCommand", "Reverse"),
    ("reverseHotkey", ""),
    ("drawMultipleMessage", "Draw multiple cards"),
)
"""Each field of ``Deck.getType`` (VASSAL 3.6): the DrawPile attribute it comes from and
the value ``myRefreshType`` reads when it is missing. The pile's deck key commands
(the unnamed field) are child elements, which Stavka's modules do not use; the fields
after the last one here keep VASSAL's defaults by being left out."""

RESHUFFLE_FIELDS = ("reshuffleCommand", "reshuffleTarget", "reshuffleMessage", "reshuffleHotkey")
"""Cleared when the pile is not ``reshufflable``, as ``DrawPile.setAttribute`` does."""


def deck_type(attributes: Mapping[str, str]) -> str:
    """The ``deck;`` type of the DrawPile with these build-file attributes."""
    clear = attributes.get("reshufflable") == "false"
    values = [
        ""
        if clear and attribute in RESHUFFLE_FIELDS
        else attributes.get(attribute, default)
        if attribute
        else default
        for attribute, default in TYPE_FIELDS
    ]
    return DECK_ID + encode(values, ";")


def deck_state(map_name: str, x: int, y: int, face_down: bool, piece_ids: Sequence[str]) -> str:
    """A deck's state as ``Deck.getState`` writes it: where it lies, face down or not,
    and its cards bottom first."""
    fields = [map_name, str(x), str(y), "true" if face_down else "false"]
    if piece_ids:
        fields.append(encode(list(piece_ids), ","))
    return encode(fields, ";")
