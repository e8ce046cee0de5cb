"""Rattenkrieg's print-and-play pages: 'acted' backs and flipping control markers, a player
aid per side, the set-up sheet with the deal of 3.3 and 3.4, and the area map printed at
the counters' scale. (The page checks every game shares are in test_pdf.py.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat
from pypdf import PdfReader

from builder.art.area_layout import board_size, piece_spots
from builder.art.area_pieces import acted_face
from builder.art.counters import SCREEN_COUNTER_PX
from builder.pnp.area_aid_pages import area_aid_section
from builder.pnp.area_setups import area_setups
from builder.pnp.counter_art import CounterArt
from builder.pnp.counter_pages import printed_counters
from builder.pnp.layout import POINTS_PER_INCH
from builder.pnp.map_pages import area_board_artworks
from builder.pnp.pages import PnpOptions, PrintContext
from tests.support.games import shipped_game


def _colourfulness(image: Image.Image) -> float:
    return ImageStat.Stat(image.convert("HSV")).mean[1]


def _pages(pdf: Path, label: str) -> list[str]:
    """The text, in drawing order (a column's rows one after another), of every page
    whose footer says ``label`` before its page number."""
    footer = re.compile(rf"{re.escape(label)}(, \d+ of \d+)?\s+page \d+ of \d+")
    return [
        page.extract_text() for page in PdfReader(pdf).pages if footer.search(page.extract_text())
    ]


def test_units_print_their_acted_face_behind_and_control_markers_flip() -> None:
    rks = shipped_game("rks")
    art = CounterArt(rks, 0.625, 1.0)
    for unit in rks.units.values():
        front, back = art.unit(unit)
        assert ImageChops.difference(back, acted_face(front)).getbbox() is None, (
            unit.id
        )  # the module's 7.4 face
        assert _colourfulness(back) < _colourfulness(front) / 2, unit.id  # greyed: it has acted
    counters = printed_counters(rks, art)
    assert len(counters) == len(rks.units) + sum(marker.count for marker in rks.markers.values())
    front, back = art.marker(rks.markers["control_soviet"])
    assert ImageChops.difference(front.convert("RGB"), back.convert("RGB")).getbbox()


def test_the_deal_counts_what_the_rules_deal() -> None:
    (setup,) = area_setups(shipped_game("rks"))
    # 3.3: panzer divisions 4, motorised 3, infantry 2, Guards 3, rifle divisions 1 (the
    # 16th Panzer and the 100th arrive later, 6.1; the 39th Guards too, 6.2).
    assert setup.dealt_steps == 4 + 4 + 3 + 2 + 2 + 2 + 3 + 7 * 1
    assert setup.hands == (("German", 3), ("Soviet", 4))
    assert setup.deck_cards == 52 and setup.deck_after_deal == 52 - 27 - 7  # 2.4: no jokers
    assert [(arrival.unit.id, arrival.turn, arrival.area.id) for arrival in setup.arrivals] == [
        ("100j", 2, "german_rear"),
        ("16pz", 2, "german_rear"),
        ("39gds", 3, "soviet_rear"),
    ]
    assert setup.controller == "Soviet" and len(setup.controlled) == 12  # 3.6


@pytest.mark.pdf
def test_the_set_up_sheet_prints_every_unit_under_its_area_with_its_step_cards(
    shipped_pdfs: dict[tuple[str, str], Path],
) -> None:
    rks = shipped_game("rks")
    (setup,) = area_setups(rks)
    (text,) = _pages(shipped_pdfs[("rks", "a4")], "set-up sheet")
    lines = [line.strip() for line in text.splitlines()]
    for area, placements in setup.by_area():
        heading = next(
            index
            for index, line in enumerate(lines)
            if line.startswith(f"{area.name} ({len(placements)})")
        )
        below = " ".join(lines[heading : heading + 3 * len(placements) + 2])
        for placement in placements:
            assert placement.unit.name in below and f"id {placement.unit.id} ·" in below, (
                placement.unit.id
            )
            if placement.step_cards:
                assert f"{placement.step_cards} step card" in below, placement.unit.id
    for arrival in setup.arrivals:
        row = (
            f"{arrival.unit.name}\nid {arrival.unit.id} · enters {arrival.area.name} · draws "
            f"{arrival.step_cards} step card"
        )
        assert re.search(rf"{re.escape(row)}s?\nturn {arrival.turn}\n", text), arrival.unit.id
    assert "id t34 · no step cards; comes back in the Tractor Factory (6.3)" in text
    flat = " ".join(text.split())
    assert "German 3, Soviet 4 (3.4). The other 18 cards are the draw deck" in flat
    assert "no cards are printed" in flat and "each of the 12 city areas" in flat


@pytest.mark.pdf
def test_each_side_has_its_own_aid_with_its_own_events(
    shipped_pdfs: dict[tuple[str, str], Path],
) -> None:
    rks = shipped_game("rks")
    options = PnpOptions()
    section = area_aid_section(
        PrintContext(rks, options, CounterArt(rks, options.counter_inches, 1.0))
    )
    assert section is not None
    labels = [page.label for page in section.pages]
    for side in rks.sides:
        assert any(label.startswith(f"{side.name} player aid") for label in labels)
        assert _pages(shipped_pdfs[("rks", "letter")], f"{side.name} player aid")
    assert labels == sorted(
        labels, key=lambda label: not label.startswith("German")
    )  # one side's pages, then the other's


def test_the_map_prints_at_the_counters_scale_so_its_areas_hold_the_counters() -> None:
    rks = shipped_game("rks")
    game_map = rks.maps[0]
    assert game_map.area_map is not None
    (artwork,) = area_board_artworks(rks, 0.625)
    board_width, board_height = board_size(game_map.area_map)
    assert artwork.width == pytest.approx(board_width / SCREEN_COUNTER_PX * 0.625 * POINTS_PER_INCH)
    assert artwork.height == pytest.approx(
        board_height / SCREEN_COUNTER_PX * 0.625 * POINTS_PER_INCH
    )
    # The module's stacks stand 88 board pixels apart: printed, more than a counter.
    spots = piece_spots(game_map)
    first, second = spots["orlovka"][0], spots["orlovka"][1]
    apart = max(abs(first[0] - second[0]), abs(first[1] - second[1])) / SCREEN_COUNTER_PX * 0.625
    assert apart >= 0.625
    tile = artwork.render((0, 0, 300, 300), 300)
    assert tile.size == (300, 300)
