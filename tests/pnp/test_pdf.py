"""The print-and-play PDF opens, has the pages and page size expected, embeds only the
shipped font, and is written atomically by ``stavka pnp``."""

from __future__ import annotations

import io
import math
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image
from pypdf import PdfReader

from builder.cli import main
from builder.pnp.document import PnpOptions, pnp_pdf, printed_counters
from builder.pnp.layout import counter_sheet, map_tiles, paper_size
from builder.pnp.pdf import MapImage, draw_map_tiles, new_canvas
from rules.data.loader import load_game


def fonts_of(reader: PdfReader) -> set[str]:
    names = set()
    for page in reader.pages:
        resources = page.get("/Resources")
        if resources is None or "/Font" not in resources:
            continue
        for font in resources["/Font"].values():
            names.add(str(font.get_object()["/BaseFont"]))
    return names


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_rks_pdf_pages_and_size(paper: str) -> None:
    game = load_game("rks")
    data = pnp_pdf(game, PnpOptions(paper=paper, counter_inches=0.75))
    reader = PdfReader(io.BytesIO(data))
    counters = len(printed_counters(game, 0.75, 1.0))
    sheets = math.ceil(counters / counter_sheet(paper, 0.75).per_page)
    assert counters == len(game.units) + sum(marker.count for marker in game.markers.values())
    assert len(reader.pages) >= 2 * sheets + 1
    width, height = paper_size(paper)
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(width, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(height, abs=0.01)
    assert "backs" in reader.pages[1].extract_text()
    # Embedded subsets of the shipped DejaVu Sans only: no base-14 font the printer must supply.
    assert fonts_of(reader) and all(name.endswith("+DejaVuSans") for name in fonts_of(reader))


def test_pdf_is_deterministic() -> None:
    game = load_game("rks")
    assert pnp_pdf(game, PnpOptions()) == pnp_pdf(game, PnpOptions())


def test_map_tiles_pages_from_any_image() -> None:
    image = Image.new("RGB", (2400, 1800), (200, 220, 180))
    tiles = map_tiles(image.width, image.height, 150, "a4")
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, "a4", "test")
    draw_map_tiles(canvas, "a4", MapImage("synthetic", image, 150), tiles, "Test")
    canvas.save()
    reader = PdfReader(io.BytesIO(buffer.getvalue()))
    assert len(reader.pages) == len(tiles) == 6
    assert "row 2 of 2, column 3 of 3" in reader.pages[5].extract_text()


def test_cli_writes_the_pdf_atomically(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["pnp", "rks", "--paper", "letter", "--output-dir", str(tmp_path)])
    assert result.exit_code == 0, result.output
    path = tmp_path / "rks-pnp-letter.pdf"
    assert result.output.strip() == str(path)
    assert PdfReader(path).pages
    assert [child.name for child in tmp_path.iterdir()] == ["rks-pnp-letter.pdf"]


def test_cli_bad_game_is_one_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["pnp", str(tmp_path / "nowhere"), "--output-dir", str(tmp_path)])
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and result.output.startswith("stavka: ")
