"""The map of the report page as one SVG tree, drawn layer by layer.

The board comes from the game's map (:mod:`builder.report.board` or
:mod:`builder.report.areas`); on it go the referee's layers (:mod:`builder.report.overlays`),
each stack of counters where the module puts it, the colour of each stack's supply, the
attacks asked for, and two empty layers the page's script fills: the supply line of the
unit selected and the rings around what a verdict is about. Each layer is a ``<g>`` with
an id, so the page toggles it as a whole.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol
from xml.etree import ElementTree

from builder.report.board import LegendEntry
from builder.report.counters import FaceSheet
from builder.report.overlays import Overlay
from builder.report.svg import Point, element, group, number, polygon_path, polyline_points, title
from builder.report.verdicts import SUPPLY_CLASSES, supply_class
from rules.hexes import Hex
from rules.referee.odds import OddsReport
from rules.referee.hidden import PlayerView, WithheldOdds
from rules.referee.position import Position, UnitState
from rules.referee.verdict import Verdict

STACK_OFFSET = 4.0
"""Map pixels each counter below the top one shows, up and to the right, as VASSAL stacks."""
SHOWN_BELOW = 3
"""Counters drawn below the top one; a taller stack says its size in a badge."""
WORST_FIRST = ("isolated", "out", "limited", "other", "supplied")


class MapBoard(Protocol):
    """What the page needs of a map, hex or area: where places are and how to draw it."""

    @property
    def hex_size(self) -> float: ...

    @property
    def counter_size(self) -> float: ...

    def location_of(self, state: UnitState) -> str | None: ...

    def point(self, location: str) -> Point: ...

    def outline(self, location: str) -> list[Point]: ...

    def frame(self) -> tuple[float, float, float, float]: ...

    def locations(self) -> dict[str, Point]: ...

    def draw(self) -> ElementTree.Element: ...

    def legend(self) -> list[LegendEntry]: ...


@dataclass(frozen=True)
class Attack:
    """An attack a player asks the odds of: the defender's hex and the attackers' hexes."""

    defender: Hex
    attackers: tuple[Hex, ...]


@dataclass(frozen=True)
class Stack:
    """The units in one place, bottom to top, under the names this player sees."""

    location: str
    units: tuple[UnitState, ...]
    names: tuple[str, ...]


def draw_map(
    board: MapBoard, stacks: Sequence[Stack], supply: Mapping[str, Verdict], overlays: Sequence[Overlay],
    odds: Sequence[OddsReport | WithheldOdds], attacks: Sequence[Attack], position: Position, view: PlayerView,
    faces: FaceSheet,
) -> ElementTree.Element:
    """The whole map: the board, the referee's layers, the counters, their supply, the
    attacks, and empty layers the script draws the selection in."""
    left, top, width, height = board.frame()
    svg = element("svg", {
        "xmlns": "http://www.w3.org/2000/svg", "id": "map", "viewBox": " ".join(number(v) for v in (left, top, width, height)),
        "role": "img", "aria-label": f"{position.spec.title} map",
    })
    defs = element("defs")
    svg.append(defs)
    defs.append(element("marker", {
        "id": "arrowhead", "viewBox": "0 0 10 10", "refX": "8", "refY": "5", "markerWidth": "5", "markerHeight": "5",
        "orient": "auto-start-reverse",
    }, element("path", {"d": "M0 0L10 5L0 10Z", "fill": "context-stroke"})))
    svg.append(board.draw())
    sides = [side.id for side in position.spec.sides]
    for overlay in overlays:
        svg.append(_overlay(board, overlay, defs, sides))
    svg.append(_units(board, stacks, view, faces))
    svg.append(_supply_marks(board, stacks, supply))
    svg.append(_odds_arrows(board, odds, attacks, position))
    svg.append(group("layer-line", "layer"))
    svg.append(group("highlight"))
    for identifier, data in faces.images.items():
        defs.append(element("image", {"id": identifier, "href": data, "width": number(board.counter_size),
                                      "height": number(board.counter_size)}))
    return svg


def _overlay(board: MapBoard, overlay: Overlay, defs: ElementTree.Element, sides: Sequence[str]) -> ElementTree.Element:
    """One layer's marks: hatched places (the two sides' hatching crossed), crosses, outlines,
    or circled sources with the lines joining them."""
    layer = group(f"layer-{overlay.id}", "layer" + ("" if overlay.shown else " hidden"))
    layer.set("data-count", str(len(overlay.places)))
    size = board.hex_size
    if overlay.style == "hatch":
        pattern = f"hatch-{overlay.id}"
        angle = "-45" if sides and overlay.side == sides[-1] else "45"
        defs.append(element("pattern", {
            "id": pattern, "patternUnits": "userSpaceOnUse", "width": number(size / 6), "height": number(size / 6),
            "patternTransform": f"rotate({angle})",
        }, element("rect", {"width": number(size / 6), "height": number(size / 6), "fill": overlay.colour,
                            "fill-opacity": "0.12"}),
            element("line", {"x1": "0", "y1": "0", "x2": "0", "y2": number(size / 6), "stroke": overlay.colour,
                             "stroke-width": number(size / 30), "stroke-opacity": "0.7"})))
        layer.append(element("path", {"d": polygon_path(board.outline(place) for place in overlay.places),
                                      "fill": f"url(#{pattern})"}))
    elif overlay.style == "cross":
        for place in overlay.places:
            x, y = board.point(place)
            arm = size * 0.28
            layer.append(element("path", {
                "d": f"M{number(x - arm)} {number(y - arm)}L{number(x + arm)} {number(y + arm)}"
                     f"M{number(x - arm)} {number(y + arm)}L{number(x + arm)} {number(y - arm)}",
                "stroke": overlay.colour, "stroke-width": number(size * 0.09), "stroke-linecap": "round",
            }, title(f"{overlay.name}: {place}")))
    elif overlay.style == "outline":
        layer.append(element("path", {"d": polygon_path(board.outline(place) for place in overlay.places),
                                      "fill": overlay.colour, "fill-opacity": "0.15", "stroke": overlay.colour,
                                      "stroke-width": number(size * 0.1)}))
    else:
        for line in overlay.lines:
            layer.append(element("polyline", {
                "points": polyline_points(board.point(place) for place in line), "fill": "none",
                "stroke": overlay.colour, "stroke-width": number(size * 0.06), "stroke-dasharray":
                f"{number(size * 0.15)} {number(size * 0.1)}", "stroke-linejoin": "round",
            }))
        for place in overlay.places:
            x, y = board.point(place)
            layer.append(element("circle", {
                "cx": number(x), "cy": number(y), "r": number(size * 0.45), "fill": overlay.colour,
                "fill-opacity": "0.2", "stroke": overlay.colour, "stroke-width": number(size * 0.07),
            }, title(f"{overlay.name}: {place}")))
    return layer


def _units(board: MapBoard, stacks: Sequence[Stack], view: PlayerView, sheet: FaceSheet) -> ElementTree.Element:
    """Each stack: the counters below the top one peeking out, the top face, and the size badge."""
    layer = group("layer-units", "layer")
    size = board.counter_size
    for stack in stacks:
        x, y = board.point(stack.location)
        names = ", ".join(stack.names)
        stack_group = element("g", {
            "class": "stack", "data-location": stack.location, "data-units": " ".join(stack.names),
            "transform": f"translate({number(x)} {number(y)})", "tabindex": "0",
        }, title(f"{stack.location}: {names}"))
        shown = [*stack.units[:-1][-SHOWN_BELOW:], stack.units[-1]]
        for level, state in enumerate(shown):
            offset = (len(shown) - 1 - level) * STACK_OFFSET
            face = sheet.face_of(state, view.hides(state.unit.id))
            stack_group.append(element("use", {
                "href": f"#{face}", "x": number(-size / 2 + offset), "y": number(-size / 2 - offset),
                "data-unit": view.shown(state.unit.id),
            }))
        if len(stack.units) > 1:
            corner = (size / 2 + (len(shown) - 1) * STACK_OFFSET, -size / 2 - (len(shown) - 1) * STACK_OFFSET)
            stack_group.append(element("circle", {"cx": number(corner[0]), "cy": number(corner[1]), "r": number(size * 0.2),
                                                  "class": "stack-count"}))
            stack_group.append(element("text", {"x": number(corner[0]), "y": number(corner[1]),
                                                "class": "stack-count-text", "font-size": number(size * 0.26)},
                                       text=str(len(stack.units))))
        layer.append(stack_group)
    return layer


def _supply_marks(board: MapBoard, stacks: Sequence[Stack], supply: Mapping[str, Verdict]) -> ElementTree.Element:
    """Around each stack, the colour of its worst supply state: a thin edge when all are in
    supply, a thick one and a marker otherwise, so problems stand out at a glance."""
    layer = group("layer-supply", "layer")
    size = board.counter_size
    for stack in stacks:
        classes = {supply_class(supply[name].outcome) for name in stack.names if name in supply}
        if not classes:
            continue
        worst = next(css for css in WORST_FIRST if css in classes)
        stroke, marker, _ = SUPPLY_CLASSES[worst]
        x, y = board.point(stack.location)
        half = size / 2 + 2
        mark = element("g", {"class": f"supply-mark supply-{worst}", "data-location": stack.location})
        mark.append(element("rect", {"x": number(x - half), "y": number(y - half), "width": number(2 * half),
                                     "height": number(2 * half), "fill": "none", "stroke": stroke,
                                     "stroke-width": number(size * (0.04 if worst == "supplied" else 0.09)),
                                     "rx": number(size * 0.06)}))
        if marker:
            mark.append(element("circle", {"cx": number(x - half), "cy": number(y + half), "r": number(size * 0.2),
                                           "fill": stroke, "stroke": "#ffffff", "stroke-width": number(size * 0.03)}))
            mark.append(element("text", {"x": number(x - half), "y": number(y + half), "class": "supply-glyph",
                                         "font-size": number(size * 0.28)}, text=marker))
        layer.append(mark)
    return layer


def _odds_arrows(board: MapBoard, odds: Sequence[OddsReport | WithheldOdds], attacks: Sequence[Attack],
                 position: Position) -> ElementTree.Element:
    """An arrow from each attacking hex to the defender, and the attack's column at its head."""
    layer = group("layer-odds", "layer")
    size = board.hex_size
    for report, attack in zip(odds, attacks):
        target = position.label(attack.defender)
        tx, ty = board.point(target)
        for hex_ in attack.attackers:
            sx, sy = board.point(position.label(hex_))
            length = ((tx - sx) ** 2 + (ty - sy) ** 2) ** 0.5 or 1.0
            ux, uy = (tx - sx) / length, (ty - sy) / length
            layer.append(element("line", {
                "x1": number(sx + ux * size * 0.2), "y1": number(sy + uy * size * 0.2),
                "x2": number(tx - ux * size * 0.42), "y2": number(ty - uy * size * 0.42),
                "stroke": "#ff6a00", "stroke-width": number(size * 0.1), "marker-end": "url(#arrowhead)",
                "class": "odds-arrow",
            }))
        label = "?" if isinstance(report, WithheldOdds) else (
            report.automatic if report.automatic is not None else str(report.final_column))
        layer.append(element("g", {"class": "odds-label", "data-defender": target},
                             element("rect", {"x": number(tx - size * 0.42), "y": number(ty - size * 0.78),
                                              "width": number(size * 0.84), "height": number(size * 0.36),
                                              "rx": number(size * 0.08)}),
                             element("text", {"x": number(tx), "y": number(ty - size * 0.6),
                                              "font-size": number(size * 0.26)}, text=label),
                             title(f"attack on {target}: {label}")))
    return layer
