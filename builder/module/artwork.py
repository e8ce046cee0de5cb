"""What the drawing step hands the module builder: image bytes by file name, and which
image is what (boards, counter faces, markers, charts, tracks, and for area and card
games the area board and the cards)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from builder.art.tracks import TrackLayout
from builder.module.areas import AreaBoardArt
from builder.module.cards import CardArt
from builder.module.pieces import MarkerImages, UnitImages


@dataclass(frozen=True)
class ModuleArt:
    """Everything drawn for a module.

    ``boards`` name each hex board's image; ``charts`` are (tab name, image) pairs;
    ``tracks`` is the layout the tracks board was drawn from, or None for a game without
    tracks; ``area`` is an area game's board, ``cards`` a card game's cards, steps boards
    and badges.
    """

    images: Mapping[str, bytes]
    boards: Mapping[str, str]
    units: Mapping[str, UnitImages]
    markers: Mapping[str, MarkerImages]
    charts: Sequence[tuple[str, str]]
    tracks: TrackLayout | None = None
    area: AreaBoardArt | None = None
    cards: CardArt | None = None
    palette_scale: float = 1.0
    """How the palette shows the counters: below 1 for a game adopted from a module
    whose counter pictures are larger than Stavka's own, so a row of ten fits a screen."""
