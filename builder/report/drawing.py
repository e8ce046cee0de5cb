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
from xml.etree import ElementTree

from builder.report.area_layers import ControlMarker, StepCount
from builder.report.counters import SHOWN_BELOW, STACK_OFFSET, FaceSheet
from builder.report.map_board import MapBoard
from builder.report.overlay_layers import frame_stack, overlay_layer
from builder.report.overlays import Overlay
from builder.report.svg import (
    Point,
    element,
    group,
    number,
    title,
)
from builder.report.verdicts import SUPPLY_CLASSES, supply_class
from rules.hexes import Hex
from rules.referee.hidden import PlayerView, WithheldOdds
from rules.referee.odds import OddsReport
from rules.referee.position import Position, UnitState
from rules.referee.verdict import Verdict

WORST_FIRST = ("isolated", "out", "limited", "other", "supplied")


@dataclass(frozen=True)
class Attack:
    """An attack a player asks the odds of: the defender's hex and the attackers' hexes."""

    defender: Hex
    attackers: tuple[Hex, ...]


@dataclass(frozen=True)
class Stack:
    """Units drawn as one stack, bottom to top, under the names this player sees: all of a
    hex's, or one side's in an area (``point`` is where the stack stands)."""

    location: str
    point: Point
    units: tuple[UnitState, ...]
    names: tuple[str, ...]


def draw_map(
    board: MapBoard,
    stacks: Sequence[Stack],
    supply: Mapping[str, Verdict],
    overlays: Sequence[Overlay],
    odds: Sequence[OddsReport | WithheldOdds],
    attacks: Sequence[Attack],
    position: Position,
    view: PlayerView,
    faces: FaceSheet,
    steps: Mapping[str, StepCount] | None = None,
    markers: Sequence[ControlMarker] = (),
) -> ElementTree.Element:
    """The whole map: the board, the referee's layers, the counters (with their step counts
    in a card game), control markers, supply, the attacks, and empty layers the script
    draws the selection in."""
    left, top, width, height = board.frame()
    svg = element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "id": "map",
            "viewBox": " ".join(number(v) for v in (left, top, width, height)),
            "role": "img",
            "aria-label": f"{position.spec.title} map",
        },
    )
    defs = element("defs")
    svg.append(defs)
    defs.append(
        element(
            "marker",
            {
                "id": "arrowhead",
                "viewBox": "0 0 10 10",
                "refX": "8",
                "refY": "5",
                "markerWidth": "5",
                "markerHeight": "5",
                "orient": "auto-start-reverse",
            },
            element("path", {"d": "M0 0L10 5L0 10Z", "fill": "context-stroke"}),
        )
    )
    svg.append(board.draw())
    sides = [side.id for side in position.spec.sides]
    at = {
        state.unit.id: (stack.point, name)
        for stack in stacks
        for state, name in zip(stack.units, stack.names, strict=True)
    }
    for overlay in overlays:
        svg.append(overlay_layer(board, overlay, defs, sides, at))
    if markers:
        svg.append(_markers(board, markers, faces, position))
    svg.append(_units(board, stacks, view, faces, steps or {}))
    svg.append(_supply_marks(board, stacks, supply))
    svg.append(_odds_arrows(board, odds, attacks, position))
    svg.append(group("layer-line", "layer"))
    svg.append(group("highlight"))
    for identifier, data in faces.images.items():
        defs.append(
            element(
                "image",
                {
                    "id": identifier,
                    "href": data,
                    "width": number(board.counter_size),
                    "height": number(board.counter_size),
                },
            )
        )
    return svg


def _markers(
    board: MapBoard, markers: Sequence[ControlMarker], sheet: FaceSheet, position: Position
) -> ElementTree.Element:
    """Control markers as the position records them (3.6), each showing the side on its
    face; one the referee rules must be turned over is ringed."""
    layer = group("layer-markers", "layer")
    size = board.counter_size
    names = {side.id: side.name for side in position.spec.sides}
    for marker in markers:
        x, y = marker.point
        words = f"control marker: {names[marker.shows]}"
        if marker.turn_over:
            words += f"; the referee rules {names[marker.controller]} control: turn it over (3.6)"
        piece = element(
            "g",
            {
                "class": "control-marker" + (" turn-over" if marker.turn_over else ""),
                "data-area": marker.area,
                "data-shows": marker.shows,
                "transform": f"translate({number(x)} {number(y)})",
            },
            title(words),
        )
        piece.append(
            element(
                "use",
                {
                    "href": f"#{sheet.control_face(marker.shows)}",
                    "x": number(-size / 2),
                    "y": number(-size / 2),
                },
            )
        )
        if marker.turn_over:
            piece.append(
                element(
                    "rect",
                    {
                        "x": number(-size / 2 - 4),
                        "y": number(-size / 2 - 4),
                        "width": number(size + 8),
                        "height": number(size + 8),
                        "fill": "none",
                        "stroke": "#ff6a00",
                        "stroke-width": number(size * 0.08),
                        "stroke-dasharray": f"{number(size * 0.16)} {number(size * 0.08)}",
                    },
                )
            )
        layer.append(piece)
    return layer


def _units(
    board: MapBoard,
    stacks: Sequence[Stack],
    view: PlayerView,
    sheet: FaceSheet,
    steps: Mapping[str, StepCount],
) -> ElementTree.Element:
    """Each stack: the counters below the top one peeking out, the top face, the size badge,
    and in a card game the top unit's step count (3.3) as the module's badge shows it."""
    layer = group("layer-units", "layer")
    size = board.counter_size
    for stack in stacks:
        x, y = stack.point
        names = ", ".join(stack.names)
        stack_group = element(
            "g",
            {
                "class": "stack",
                "data-location": stack.location,
                "data-units": " ".join(stack.names),
                "transform": f"translate({number(x)} {number(y)})",
                "tabindex": "0",
            },
            title(f"{stack.location}: {names}"),
        )
        shown = [*stack.units[:-1][-SHOWN_BELOW:], stack.units[-1]]
        for level, state in enumerate(shown):
            offset = (len(shown) - 1 - level) * STACK_OFFSET
            face = sheet.face_of(state, view.hides(state.unit.id))
            stack_group.append(
                element(
                    "use",
                    {
                        "href": f"#{face}",
                        "x": number(-size / 2 + offset),
                        "y": number(-size / 2 - offset),
                        "data-unit": view.shown(state.unit.id),
                    },
                )
            )
        if stack.names[-1] in steps:
            stack_group.append(_step_badge(steps[stack.names[-1]], size))
        if len(stack.units) > 1:
            corner = (
                size / 2 + (len(shown) - 1) * STACK_OFFSET,
                -size / 2 - (len(shown) - 1) * STACK_OFFSET,
            )
            stack_group.append(
                element(
                    "circle",
                    {
                        "cx": number(corner[0]),
                        "cy": number(corner[1]),
                        "r": number(size * 0.2),
                        "class": "stack-count",
                    },
                )
            )
            stack_group.append(
                element(
                    "text",
                    {
                        "x": number(corner[0]),
                        "y": number(corner[1]),
                        "class": "stack-count-text",
                        "font-size": number(size * 0.26),
                    },
                    text=str(len(stack.units)),
                )
            )
        layer.append(stack_group)
    return layer


def _step_badge(count: StepCount, size: float) -> ElementTree.Element:
    """A disc in the counter's top-right corner with the step cards it holds: white when
    full, red once it has lost any (:func:`builder.art.area_pieces.step_badge`'s look)."""
    radius = size * 0.17
    cx, cy = size / 2 - radius - 1, -size / 2 + radius + 1
    full = count.held >= count.maximum
    return element(
        "g",
        {"class": "step-badge", "data-steps": f"{count.held} {count.maximum}"},
        element(
            "circle",
            {
                "cx": number(cx),
                "cy": number(cy),
                "r": number(radius),
                "fill": "#ffffff" if full else "#c41e1e",
                "stroke": "#000000",
            },
        ),
        element(
            "text",
            {
                "x": number(cx),
                "y": number(cy),
                "font-size": number(radius * 1.4),
                "class": "step-count",
                "fill": "#000000" if full else "#ffffff",
            },
            text=str(count.held),
        ),
    )


def _supply_marks(
    board: MapBoard, stacks: Sequence[Stack], supply: Mapping[str, Verdict]
) -> ElementTree.Element:
    """Around each stack, the colour of its worst supply state: a thin edge when all are in
    supply, a thick one and a marker otherwise, so problems stand out at a glance."""
    layer = group("layer-supply", "layer")
    size = board.counter_size
    for stack in stacks:
        classes = {supply_class(supply[name]) for name in stack.names if name in supply}
        if not classes:
            continue
        worst = next(css for css in WORST_FIRST if css in classes)
        stroke, marker, _ = SUPPLY_CLASSES[worst]
        x, y = stack.point
        half = size / 2 + 2
        mark = element(
            "g", {"class": f"supply-mark supply-{worst}", "data-location": stack.location}
        )
        frame_stack(
            mark,
            (x, y),
            half,
            size,
            stroke,
            size * (0.04 if worst == "supplied" else 0.09),
            marker,
        )
        layer.append(mark)
    return layer


def _odds_arrows(
    board: MapBoard,
    odds: Sequence[OddsReport | WithheldOdds],
    attacks: Sequence[Attack],
    position: Position,
) -> ElementTree.Element:
    """An arrow from each attacking hex to the defender, and the attack's column at its head."""
    layer = group("layer-odds", "layer")
    size = board.hex_size
    for report, attack in zip(odds, attacks, strict=True):
        target = position.label(attack.defender)
        tx, ty = board.point(target)
        for hex_ in attack.attackers:
            sx, sy = board.point(position.label(hex_))
            length = ((tx - sx) ** 2 + (ty - sy) ** 2) ** 0.5 or 1.0
            ux, uy = (tx - sx) / length, (ty - sy) / length
            layer.append(
                element(
                    "line",
                    {
                        "x1": number(sx + ux * size * 0.2),
                        "y1": number(sy + uy * size * 0.2),
                        "x2": number(tx - ux * size * 0.42),
                        "y2": number(ty - uy * size * 0.42),
                        "stroke": "#ff6a00",
                        "stroke-width": number(size * 0.1),
                        "marker-end": "url(#arrowhead)",
                        "class": "odds-arrow",
                    },
                )
            )
        label = (
            "?"
            if isinstance(report, WithheldOdds)
            else (report.automatic if report.automatic is not None else str(report.final_column))
        )
        layer.append(
            element(
                "g",
                {"class": "odds-label", "data-defender": target},
                element(
                    "rect",
                    {
                        "x": number(tx - size * 0.42),
                        "y": number(ty - size * 0.78),
                        "width": number(size * 0.84),
                        "height": number(size * 0.36),
                        "rx": number(size * 0.08),
                    },
                ),
                element(
                    "text",
                    {
                        "x": number(tx),
                        "y": number(ty - size * 0.6),
                        "font-size": number(size * 0.26),
                    },
                    text=label,
                ),
                title(f"attack on {target}: {label}"),
            )
        )
    return layer
