"""What the referee knows about the map besides its verdicts, as layers a player toggles.

Zones of control, the TPS front's gap hexes and the DoS supply networks are facts the
referee computes anyway to reach its verdicts; each hex game's referee gives them as
map layers (:mod:`rules.referee.layers`), which this module turns into :class:`Overlay`
values — hexes to mark and lines to draw in its sides' colours, with what the marks mean
— so the page never re-derives a rule. A game without such a rule (DoS has no zones of
control) simply has no such layer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from builder.art.look import INK, SIDE_COLOURS
from builder.report.svg import colour
from builder.report.verdicts import BREACH_COLOUR
from rules.referee.engine import Referee
from rules.referee.hexgame import HexReferee

MarkStyle = Literal["hatch", "cross", "outline", "source", "tint", "edge", "unit"]
"""How a layer marks its places: hex games hatch, cross, outline or circle hexes; an area
game tints areas, edges them on the inside, or frames the stacks of units (``unit``:
the places are unit ids)."""
KeySwatch = Literal["fill", "dashed", "edge", "unit"]


@dataclass(frozen=True)
class Key:
    """One line of a layer's legend when its marks come in several colours or kinds."""

    colour: str
    meaning: str
    swatch: KeySwatch


@dataclass(frozen=True)
class Overlay:
    """One toggled layer: places (printed hex numbers, area ids, or unit ids for ``unit``
    marks) marked in one style, and lines through their centres.

    ``id`` names the layer in the page; ``rules`` are the rules its marks come from.
    ``colours`` gives a place its own colour (an area in its controller's), ``dashed``
    the places edged with a dashed line too (contested areas), ``glyph`` the sign beside
    a marked stack, and ``keys`` the legend's lines when one meaning is not enough.
    """

    id: str
    name: str
    meaning: str
    colour: str
    style: MarkStyle
    places: tuple[str, ...]
    rules: tuple[str, ...]
    lines: tuple[tuple[str, ...], ...] = ()
    side: str | None = None
    shown: bool = False
    colours: Mapping[str, str] = field(default_factory=dict)
    dashed: tuple[str, ...] = ()
    glyph: str = ""
    keys: tuple[Key, ...] = ()


def side_colour(side: str) -> str:
    """A side's colour on the board (grey Axis, red Soviet)."""
    return colour(SIDE_COLOURS.get(side, INK))


def referee_overlays(referee: Referee) -> list[Overlay]:
    """The map layers a hex game's referee gives (:meth:`HexReferee.map_layers`), drawn
    in its sides' colours, in the order the legend lists them."""
    if not isinstance(referee, HexReferee):
        return []
    return [
        Overlay(
            layer.id,
            layer.name,
            layer.meaning,
            side_colour(layer.side) if layer.side is not None else colour(INK),
            layer.style,
            layer.places,
            layer.rules,
            lines=layer.lines,
            side=layer.side,
            shown=layer.shown,
        )
        for layer in referee.map_layers()
    ]


TOGGLED_STYLES = ("hatch", "cross")
"""The layers that mark hexes one by one, which a player toggles in the Player: zones of
control (hatched) and front gaps (crossed). Supply networks, drawn as lines, stay on the page."""


def toggled_layers(referee: Referee) -> list[Overlay]:
    """The layers of :data:`TOGGLED_STYLES` the game's referee gives (none: the game has
    no zones of control or front gaps)."""
    return [overlay for overlay in referee_overlays(referee) if overlay.style in TOGGLED_STYLES]


def stacking_overlay(places: Sequence[str], rules: tuple[str, ...]) -> Overlay:
    """Hexes over the stacking limit, from the stacking verdicts."""
    return Overlay(
        "stacking",
        "Stacking breaches",
        "a hex over the stacking limit or mixing units the rules keep apart",
        BREACH_COLOUR,
        "outline",
        tuple(places),
        rules,
        shown=True,
    )
