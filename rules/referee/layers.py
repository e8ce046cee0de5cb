"""What a referee knows about the map besides its verdicts, as layers a player toggles:
hexes to mark and lines to draw, with what the marks mean and the rules they come from.

A game's referee gives them (:meth:`rules.referee.hexgame.HexReferee.map_layers`) from
the facts it computes anyway to reach its verdicts (zones of control, a front's gaps,
supply networks), so the report page and the Player's overlay never re-derive a rule. How
a layer is drawn — colours, hatching — is the builder's; a layer names its side, if any,
and a mark style.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

HexMark = Literal["hatch", "cross", "outline", "source"]
"""How a hex layer marks its hexes: hatched, crossed, outlined, or circled as sources."""


@dataclass(frozen=True)
class MapLayer:
    """One toggled layer of a hex map: ``places`` (printed hex numbers) marked as ``style``
    says, and ``lines`` through hex centres; ``side`` the side whose layer it is (None:
    no side's), ``shown`` whether it is on when the page opens."""

    id: str
    name: str
    meaning: str
    style: HexMark
    places: tuple[str, ...]
    rules: tuple[str, ...]
    side: str | None = None
    lines: tuple[tuple[str, ...], ...] = ()
    shown: bool = False
