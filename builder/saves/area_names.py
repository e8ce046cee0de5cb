"""The names an area game's module gives its maps, piles and layers.

One place for the module that writes them (:mod:`builder.module.cards`) and the
reader that reads a save back into a position (:mod:`builder.saves.area_positions`), free of
drawing and XML libraries so that reading a save stays light.
"""

from __future__ import annotations

DRAW_DECK = "Draw deck"
DISCARD_PILE = "Discard pile"
CARDS_DEALT = "CardsDealt"
ACTED_LAYER = "Acted"
"""The Layer a unit shows once it has acted (7.4): level 2 is turned over."""
ISOLATED_LAYER = "Isolated"
"""The Layer a unit shows while isolated (8.10): level 2 is isolated."""


def steps_map_name(side_name: str) -> str:
    """The private map that holds a side's step cards."""
    return f"{side_name} steps"


def hand_map_name(side_name: str) -> str:
    """A side's private hand."""
    return f"{side_name} hand"


def duel_pile_name(side_name: str) -> str:
    """The pile a side plays its duel cards into, face down (8.4), in the box of that name."""
    return f"{side_name} duel card"
