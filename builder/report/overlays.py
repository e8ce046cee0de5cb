"""What the referee knows about the map besides its verdicts, as layers a player toggles.

Zones of control, the TPS front's gap hexes and the DoS supply networks are facts the
referee computes anyway to reach its verdicts; this module reads them through the
referees' public members (``zoc``, ``interdiction``, ``front``, ``supplies``) and turns
them into :class:`Overlay` values — hexes to mark and lines to draw, with what the marks
mean — so the page never re-derives a rule. A game without such a rule (DoS has no
zones of control) simply has no such layer.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from builder.art.look import INK, SIDE_COLOURS
from builder.report.svg import colour
from builder.report.verdicts import BREACH_COLOUR
from rules.hexes import Hex
from rules.referee.dos import DriveOnStalingradReferee
from rules.referee.engine import Referee
from rules.referee.hexgame import HexReferee
from rules.referee.mechanisms import DataReferee
from rules.referee.tps import TurningPointReferee

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
    """The map layers a game's referee gives, in the order the legend lists them."""
    if isinstance(referee, TurningPointReferee):
        return [*_tps_zones_of_control(referee), *_tps_fronts(referee)]
    if isinstance(referee, DriveOnStalingradReferee):
        return _dos_networks(referee)
    if isinstance(referee, DataReferee):
        return _kit_zones_of_control(referee)
    return []


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


def _labels(referee: HexReferee, hexes: Iterable[Hex]) -> tuple[str, ...]:
    return tuple(referee.label(hex_) for hex_ in hexes)


def _tps_zones_of_control(referee: TurningPointReferee) -> list[Overlay]:
    """Each side's ZOC: the six hexes around its ground units, and its interdiction flights'
    hexes and the six around them (ZOC; Air missions (2))."""
    overlays = []
    for side in referee.spec.sides:
        hexes = sorted(set(referee.zoc[side.id]) | set(referee.air.interdiction[side.id]))
        overlays.append(
            Overlay(
                f"zoc-{side.id}",
                f"{side.name} zones of control",
                f"hexes next to a {side.name} ground unit, or in reach of its interdiction flights",
                side_colour(side.id),
                "hatch",
                _labels(referee, hexes),
                ("ZOC", "Air missions (2) interdiction"),
                side=side.id,
            )
        )
    return overlays


def _kit_zones_of_control(referee: DataReferee) -> list[Overlay]:
    """Each side's ZOC in a game refereed from its data: the six hexes around its units
    but those of the arms that exert none (the game's ZOC rule)."""
    rule = referee.rules.zoc
    if rule is None:
        return []
    return [
        Overlay(
            f"zoc-{side.id}",
            f"{side.name} zones of control",
            f"hexes next to a {side.name} unit that exerts a zone of control",
            side_colour(side.id),
            "hatch",
            _labels(referee, sorted(referee.forces.zoc[side.id])),
            (rule.section,),
            side=side.id,
        )
        for side in referee.spec.sides
    ]


def _tps_fronts(referee: TurningPointReferee) -> list[Overlay]:
    """Each side's front gaps: the fewest uncovered hexes that would close it (Continuous front)."""
    overlays = []
    for side in referee.spec.sides:
        front = referee.front(side.id)
        if front is None:
            continue
        overlays.append(
            Overlay(
                f"front-{side.id}",
                f"{side.name} front gaps",
                f"a hex the {side.name} front must cover to run unbroken from the map edge to the Rostov row",
                side_colour(side.id),
                "cross",
                _labels(referee, front.gaps),
                ("Continuous front",),
                side=side.id,
                shown=True,
            )
        )
    return overlays


def _dos_networks(referee: DriveOnStalingradReferee) -> list[Overlay]:
    """Each side's supply network: the sources joined to an ultimate source and the legs of at
    most 7 hexes joining them (7.3, 7.8, 7.12, 7.13)."""
    overlays = []
    for side in referee.spec.sides:
        sources: set[Hex] = set()
        legs: list[tuple[Hex, ...]] = []
        for board in ("North", "South"):
            network = referee.supply_lines.supplies[(side.id, board)].network
            sources |= network.connected
            legs += [network.legs[source] for source in sorted(network.legs)]
        overlays.append(
            Overlay(
                f"network-{side.id}",
                f"{side.name} supply network",
                f"{side.name} sources joined to an ultimate source (circled), and the legs joining them",
                side_colour(side.id),
                "source",
                _labels(referee, sorted(sources)),
                ("7.3", "7.8", "7.12", "7.13"),
                lines=tuple(_labels(referee, leg) for leg in legs),
                side=side.id,
            )
        )
    return overlays
