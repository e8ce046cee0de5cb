"""NATO symbols: each element is drawn, combinations come from arm and mobility, size
marks parse, and the same call gives the same pixels."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from builder.art.nato import (
    ARM_SYMBOLS,
    Element,
    draw_size_mark,
    draw_symbol,
    parse_size,
    size_mark_width,
    unit_symbol,
)
from rules.errors import DataError

FRAME = (10.0, 10.0, 110.0, 76.0)


def symbol_pixels(elements: frozenset[Element]) -> bytes:
    image = Image.new("L", (120, 120), 255)
    draw_symbol(ImageDraw.Draw(image), FRAME, elements, 0)
    return image.tobytes()


def test_every_element_draws_something_inside_the_frame() -> None:
    empty = symbol_pixels(frozenset())
    drawn = {element: symbol_pixels(frozenset({element})) for element in Element}
    for element, pixels in drawn.items():
        assert pixels != empty, element
    assert len(set(drawn.values())) == len(Element)


@pytest.mark.parametrize(
    "elements", [frozenset({Element.INFANTRY, Element.ARMOUR}), frozenset({Element.AIR})]
)
def test_symbols_are_deterministic(elements: frozenset[Element]) -> None:
    assert symbol_pixels(elements) == symbol_pixels(elements)


def test_arm_spellings_and_mobility() -> None:
    assert unit_symbol("Motorised infantry", "foot") == {Element.INFANTRY, Element.MOTORIZED}
    assert unit_symbol("panzer", "mechanized") == {Element.ARMOUR}
    assert unit_symbol("artillery", "mechanised") == {Element.ARTILLERY, Element.MOTORIZED}
    assert unit_symbol("infantry", "non_mechanized") == {Element.INFANTRY}
    assert unit_symbol("supply", "motorised") == {Element.SUPPLY}
    assert unit_symbol("mechanized cavalry", "mechanized") == {Element.CAVALRY, Element.ARMOUR}
    assert {
        "infantry",
        "panzer",
        "cavalry",
        "mountain",
        "artillery",
        "flak",
        "supply",
        "air",
    } <= set(ARM_SYMBOLS)


def test_unknown_arm_is_a_data_error() -> None:
    with pytest.raises(DataError, match="no NATO symbol for arm 'hovercraft'"):
        unit_symbol("hovercraft", "foot", "games/x/units.toml")


def test_size_marks() -> None:
    assert parse_size("XX") == ("XX", False)
    assert parse_size("(XXX)") == ("XXX", True)
    assert parse_size("III") == ("III", False)
    assert size_mark_width("(XX)", 10) > size_mark_width("XX", 10) > size_mark_width("X", 10)
    with pytest.raises(DataError):
        parse_size("Div")
    image = Image.new("L", (100, 40), 255)
    draw_size_mark(ImageDraw.Draw(image), "(XX)", 50, 30, 20, 0)
    box = Image.eval(image, lambda value: 255 - value).getbbox()
    assert box is not None and box[2] - box[0] == pytest.approx(size_mark_width("(XX)", 20), abs=3)
