"""Rattenkrieg's print-and-play pages: counters with their 'acted' backs, a player aid per
side, the set-up sheet and the area map, each page checked as the hex games' are."""

from __future__ import annotations

import io

import pytest
from PIL import ImageChops
from pypdf import PdfReader

from builder.pnp.area_document import area_counters, setup_chart
from builder.pnp.document import PnpOptions, pnp_pdf
from builder.pnp.layout import paper_size
from tests.pnp.test_pdf import fonts_of
from tests.support.games import shipped_game


@pytest.fixture(scope="module")
def letter() -> PdfReader:
    return PdfReader(io.BytesIO(pnp_pdf(shipped_game("rks"), PnpOptions(paper="letter"))))


def _texts(reader: PdfReader) -> list[str]:
    return [page.extract_text() for page in reader.pages]


def test_every_page_is_the_paper_and_uses_the_shipped_font(letter: PdfReader) -> None:
    width, height = paper_size("letter")
    for page in letter.pages:
        assert float(page.mediabox.width) == pytest.approx(width, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(height, abs=0.01)
    assert fonts_of(letter) and all(name.endswith("+DejaVuSans") for name in fonts_of(letter))


def test_a_player_aid_per_side_the_set_up_and_the_map(letter: PdfReader) -> None:
    texts = _texts(letter)
    for side in ("German", "Soviet"):
        assert any(f"{side} player aid" in text for text in texts)
    assert any("Rattenkrieg: Stalingrad: set-up" in text for text in texts)
    tiles = [text for text in texts if "Stalingrad, row" in text]
    assert tiles and "row 1 of" in tiles[0]


def test_the_set_up_sheet_lists_every_placement_and_arrival() -> None:
    rks = shipped_game("rks")
    chart = setup_chart(rks)
    cells = " ".join(" ".join(row) for row in chart.rows)
    for placement in rks.scenarios["city"].setup:
        assert rks.units[placement.unit].name in cells
    assert "16th Panzer Division (4)" in cells and "39th Guards Rifle Division (3)" in cells
    assert any("German 3, Soviet 4" in note for note in chart.notes)


def test_units_print_an_acted_back_and_control_markers_flip() -> None:
    rks = shipped_game("rks")
    counters = area_counters(rks, 0.625, 1.0)
    assert len(counters) == len(rks.units) + sum(marker.count for marker in rks.markers.values())
    two_sided = len(rks.units) + rks.markers["control_soviet"].count
    for counter in counters[:two_sided]:
        assert ImageChops.difference(counter.front.convert("RGB"), counter.back.convert("RGB")).getbbox()
