"""The referee's layers on the report's map, each a ``<g>`` the page toggles: hatched
places, crosses, outlines, circled sources and their lines, tinted or edged areas, and
marked stacks (:mod:`builder.report.overlays` says what each layer holds)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from xml.etree import ElementTree

from builder.art.look import INK
from builder.report.map_board import MapBoard
from builder.report.overlays import Overlay
from builder.report.svg import (
    Point,
    colour,
    element,
    group,
    number,
    polygon_path,
    polyline_points,
    title,
)


def overlay_layer(
    board: MapBoard,
    overlay: Overlay,
    defs: ElementTree.Element,
    sides: Sequence[str],
    at: Mapping[str, tuple[Point, str]],
) -> ElementTree.Element:
    """One layer's marks: hatched places (the two sides' hatching crossed), crosses, outlines,
    circled sources with the lines joining them, areas tinted or edged by their colour, or
    marked stacks (``at``: each unit id's stack and shown name)."""
    layer = group(f"layer-{overlay.id}", "layer" + ("" if overlay.shown else " hidden"))
    layer.set("data-count", str(len(overlay.places)))
    size = board.hex_size
    if overlay.style == "tint":
        _tints(board, overlay, layer)
    elif overlay.style == "edge":
        _edges(board, overlay, layer, defs)
    elif overlay.style == "unit":
        _unit_marks(board, overlay, layer, at)
    elif overlay.style == "hatch":
        pattern = f"hatch-{overlay.id}"
        angle = "-45" if sides and overlay.side == sides[-1] else "45"
        defs.append(
            element(
                "pattern",
                {
                    "id": pattern,
                    "patternUnits": "userSpaceOnUse",
                    "width": number(size / 6),
                    "height": number(size / 6),
                    "patternTransform": f"rotate({angle})",
                },
                element(
                    "rect",
                    {
                        "width": number(size / 6),
                        "height": number(size / 6),
                        "fill": overlay.colour,
                        "fill-opacity": "0.12",
                    },
                ),
                element(
                    "line",
                    {
                        "x1": "0",
                        "y1": "0",
                        "x2": "0",
                        "y2": number(size / 6),
                        "stroke": overlay.colour,
                        "stroke-width": number(size / 30),
                        "stroke-opacity": "0.7",
                    },
                ),
            )
        )
        layer.append(
            element(
                "path",
                {
                    "d": polygon_path(board.outline(place) for place in overlay.places),
                    "fill": f"url(#{pattern})",
                },
            )
        )
    elif overlay.style == "cross":
        for place in overlay.places:
            x, y = board.point(place)
            arm = size * 0.28
            layer.append(
                element(
                    "path",
                    {
                        "d": f"M{number(x - arm)} {number(y - arm)}L{number(x + arm)} {number(y + arm)}"
                        f"M{number(x - arm)} {number(y + arm)}L{number(x + arm)} {number(y - arm)}",
                        "stroke": overlay.colour,
                        "stroke-width": number(size * 0.09),
                        "stroke-linecap": "round",
                    },
                    title(f"{overlay.name}: {place}"),
                )
            )
    elif overlay.style == "outline":
        layer.append(
            element(
                "path",
                {
                    "d": polygon_path(board.outline(place) for place in overlay.places),
                    "fill": overlay.colour,
                    "fill-opacity": "0.15",
                    "stroke": overlay.colour,
                    "stroke-width": number(size * 0.1),
                },
            )
        )
    else:
        for line in overlay.lines:
            layer.append(
                element(
                    "polyline",
                    {
                        "points": polyline_points(board.point(place) for place in line),
                        "fill": "none",
                        "stroke": overlay.colour,
                        "stroke-width": number(size * 0.06),
                        "stroke-dasharray": f"{number(size * 0.15)} {number(size * 0.1)}",
                        "stroke-linejoin": "round",
                    },
                )
            )
        for place in overlay.places:
            x, y = board.point(place)
            layer.append(
                element(
                    "circle",
                    {
                        "cx": number(x),
                        "cy": number(y),
                        "r": number(size * 0.45),
                        "fill": overlay.colour,
                        "fill-opacity": "0.2",
                        "stroke": overlay.colour,
                        "stroke-width": number(size * 0.07),
                    },
                    title(f"{overlay.name}: {place}"),
                )
            )
    return layer


def _tints(board: MapBoard, overlay: Overlay, layer: ElementTree.Element) -> None:
    """Each place filled lightly in its colour, the dashed ones edged in ink too."""
    by_colour: dict[str, list[str]] = {}
    for place in overlay.places:
        by_colour.setdefault(overlay.colours.get(place, overlay.colour), []).append(place)
    for fill, places in by_colour.items():
        layer.append(
            element(
                "path",
                {
                    "d": polygon_path(board.outline(place) for place in places),
                    "fill": fill,
                    "fill-opacity": "0.3",
                    "data-places": " ".join(places),
                },
            )
        )
    if overlay.dashed:
        width = board.hex_size * 0.05
        layer.append(
            element(
                "path",
                {
                    "d": polygon_path(board.outline(place) for place in overlay.dashed),
                    "fill": "none",
                    "stroke": colour(INK),
                    "stroke-width": number(width),
                    "class": "dashed-places",
                    "stroke-dasharray": f"{number(width * 3)} {number(width * 2)}",
                    "data-places": " ".join(overlay.dashed),
                },
            )
        )


def _edges(
    board: MapBoard, overlay: Overlay, layer: ElementTree.Element, defs: ElementTree.Element
) -> None:
    """A thick band along the inside of each place's outline, in its colour: the stroke is
    clipped to the place, so the band never spills into a neighbour."""
    width = board.hex_size * 0.14
    for place in overlay.places:
        clip = f"clip-{overlay.id}-{len(defs)}"
        outline = polygon_path([board.outline(place)])
        defs.append(element("clipPath", {"id": clip}, element("path", {"d": outline})))
        layer.append(
            element(
                "path",
                {
                    "d": outline,
                    "fill": "none",
                    "stroke": overlay.colours.get(place, overlay.colour),
                    "stroke-width": number(width),
                    "clip-path": f"url(#{clip})",
                    "data-place": place,
                    "stroke-opacity": "0.85",
                },
            )
        )


def _unit_marks(
    board: MapBoard,
    overlay: Overlay,
    layer: ElementTree.Element,
    at: Mapping[str, tuple[Point, str]],
) -> None:
    """A frame in the layer's colour round each stack holding one of its units, and its glyph."""
    marked: dict[Point, list[str]] = {}
    for unit in overlay.places:
        if unit in at:
            point, name = at[unit]
            marked.setdefault(point, []).append(name)
    size = board.counter_size
    half = size / 2 + 3
    for (x, y), names in marked.items():
        mark = element(
            "g",
            {"class": "unit-mark", "data-units": " ".join(names)},
            title(f"{overlay.name}: {', '.join(names)}"),
        )
        frame_stack(mark, (x, y), half, size, overlay.colour, size * 0.09, overlay.glyph)
        layer.append(mark)


def frame_stack(
    mark: ElementTree.Element,
    centre: Point,
    half: float,
    size: float,
    colour: str,
    stroke_width: float,
    glyph: str,
) -> None:
    """Into ``mark``, a frame of ``colour`` round a stack at ``centre`` and, when there is
    one, ``glyph`` in a disc at its lower left corner: how the page marks a unit, the same
    for the supply states and the referee's layers."""
    x, y = centre
    mark.append(
        element(
            "rect",
            {
                "x": number(x - half),
                "y": number(y - half),
                "width": number(2 * half),
                "height": number(2 * half),
                "fill": "none",
                "stroke": colour,
                "stroke-width": number(stroke_width),
                "rx": number(size * 0.06),
            },
        )
    )
    if not glyph:
        return
    mark.append(
        element(
            "circle",
            {
                "cx": number(x - half),
                "cy": number(y + half),
                "r": number(size * 0.2),
                "fill": colour,
                "stroke": "#ffffff",
                "stroke-width": number(size * 0.03),
            },
        )
    )
    mark.append(
        element(
            "text",
            {
                "x": number(x - half),
                "y": number(y + half),
                "class": "supply-glyph",
                "font-size": number(size * 0.28),
            },
            text=glyph,
        )
    )
