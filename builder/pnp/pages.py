"""What a print-and-play PDF is made of: sections of planned pages.

Every page kind (cover, counters, set-up sheets, tracks, charts, map tiles...) is a
function from a :class:`PrintContext` (the game, the options, the shared counter art)
to a :class:`Section`: its pages laid out but not yet drawn. Planning everything first
gives the document its page count before the first page is drawn, so every page can
say "page 7 of 52" and the contents can name the page each section starts on; drawing
lazily keeps one 300 ppi map tile in memory at a time.

A game plugs in new page kinds by adding functions of this shape to the document's
list (see :mod:`builder.pnp.document`); nothing here knows about hexes or areas.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from builder.pnp.counter_art import CounterArt
from rules.model import GameSpec


@dataclass(frozen=True)
class DuplexOptions:
    """How counter sheets are printed: bleed and the measured drift of the backs."""

    bleed_mm: float = 1.0
    back_offset_x_mm: float = 0.0
    back_offset_y_mm: float = 0.0


@dataclass(frozen=True)
class PnpOptions:
    """The choices of ``stavka pnp``."""

    paper: str = "a4"
    counter_inches: float = 0.625
    duplex: DuplexOptions = DuplexOptions()


@dataclass(frozen=True)
class Page:
    """One planned page: the words its footer says, its size, and how to draw it."""

    label: str
    size: tuple[float, float]
    draw: Callable[[Canvas], None]


@dataclass(frozen=True)
class Section:
    """A run of pages under one line of the contents.

    ``duplex`` sections are printed on both sides of each sheet: they must start on a
    front (an odd page) and have an even number of pages, so every back lands behind
    its front whatever comes before or after.
    """

    title: str
    pages: tuple[Page, ...]
    duplex: bool = False
    how_to_print: str = "one-sided"


@dataclass(frozen=True)
class PrintContext:
    """What every page kind is given: the game, the options, and the counter art the
    whole PDF shares."""

    game: GameSpec
    options: PnpOptions
    art: CounterArt


PageKind = Callable[[PrintContext], Section | None]
"""A page kind: the section it makes, or None when the game has nothing for it."""
