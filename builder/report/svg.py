"""Small helpers for building SVG as an element tree.

Every picture of the report is an :class:`xml.etree.ElementTree.Element` tree, never
concatenated text, so names from a save or a game folder are escaped by the serializer
and cannot break out of an attribute or a ``<text>``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from xml.etree import ElementTree

Point = tuple[float, float]
Colour = tuple[int, int, int]


def number(value: float) -> str:
    """A coordinate with at most one decimal and no trailing zero: small files, no visible loss."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def colour(value: Colour) -> str:
    """An RGB triple as ``#rrggbb``."""
    return "#{:02x}{:02x}{:02x}".format(*value)


def element(
    tag: str,
    attributes: dict[str, str] | None = None,
    *children: ElementTree.Element,
    text: str | None = None,
) -> ElementTree.Element:
    """An element with attributes, children and text."""
    made = ElementTree.Element(tag, attributes or {})
    made.extend(children)
    if text is not None:
        made.text = text
    return made


def group(
    identifier: str | None = None,
    css_class: str | None = None,
    children: Iterable[ElementTree.Element] = (),
) -> ElementTree.Element:
    """A ``<g>`` with an optional id and class."""
    attributes = {}
    if identifier:
        attributes["id"] = identifier
    if css_class:
        attributes["class"] = css_class
    made = element("g", attributes)
    made.extend(children)
    return made


def polygon_path(polygons: Iterable[Sequence[Point]]) -> str:
    """One path's ``d`` for many closed polygons (one element draws a whole terrain type)."""
    return "".join(
        "M" + "L".join(f"{number(x)} {number(y)}" for x, y in polygon) + "Z" for polygon in polygons
    )


def segments_path(segments: Iterable[tuple[Point, Point]]) -> str:
    """One path's ``d`` for many separate line segments."""
    return "".join(
        f"M{number(start[0])} {number(start[1])}L{number(end[0])} {number(end[1])}"
        for start, end in segments
    )


def polyline_points(points: Iterable[Point]) -> str:
    """A ``points`` attribute."""
    return " ".join(f"{number(x)},{number(y)}" for x, y in points)


def title(text: str) -> ElementTree.Element:
    """A ``<title>``: the tooltip a browser shows on hover."""
    return element("title", text=text)


def serialize(root: ElementTree.Element) -> str:
    """The tree as markup for inline use in HTML (no XML declaration)."""
    return ElementTree.tostring(root, encoding="unicode", short_empty_elements=True)
