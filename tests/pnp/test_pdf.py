"""Every page of the shipped games' PDFs, read back with poppler as a printer would:
sizes, page numbers, fonts and glyphs, the resolution of the map tiles, blank pages,
the page counts the README states, and the CLI's atomic output."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from builder.art.text import UndrawableText
from builder.cli import main
from builder.pnp.document import check_duplex_parity, pnp_pdf
from builder.pnp.layout import POINTS_PER_INCH, paper_size
from builder.pnp.map_pages import PRINT_PPI
from builder.pnp.pages import DuplexOptions, Page, PnpOptions, Section
from builder.pnp.pdf import CONDENSED, new_canvas
from tests.pnp.conftest import BLANK_DPI, HEX_GAMES, PAPERS, PNP_GAMES
from tests.pnp.pdf_pages import (
    blank_share,
    embedded_fonts,
    page_texts,
    placed_images,
    poppler_available,
    undrawable_characters,
)
from tests.support.games import shipped_game


@pytest.fixture(autouse=True)
def _poppler() -> None:
    """These tests read the PDFs with poppler, which scripts/install puts in place."""
    assert poppler_available(), (
        "poppler-utils (pdftoppm, pdftotext, pdfimages, pdffonts) missing: run bash scripts/install"
    )


CASES = [(game, paper) for game in PNP_GAMES for paper in PAPERS]
MOST_BLANK = 0.75
README = Path(__file__).resolve().parents[2] / "README.md"
HEX_CONTENTS = [
    "Cover and contents",
    "Duplex calibration",
    "Counters",
    "Set-up sheets",
    "Reinforcement schedules",
    "Tracks and charts",
    "Map tiles",
]
CONTENTS = {
    **{game: HEX_CONTENTS for game in HEX_GAMES},
    "rks": [
        "Cover and contents",
        "Duplex calibration",
        "Counters",
        "Set-up sheet",
        "Player aids",
        "Map tiles",
    ],
}
"""The sections each game's contents page lists, in order."""


@pytest.mark.pdf
@pytest.mark.parametrize(("game", "paper"), CASES)
def test_every_page_is_numbered_sized_and_says_what_it_is(
    shipped_pdfs: dict[tuple[str, str], Path], game: str, paper: str
) -> None:
    pdf = shipped_pdfs[(game, paper)]
    texts = page_texts(pdf)
    reader = PdfReader(pdf)
    assert len(texts) == len(reader.pages)
    portrait = paper_size(paper)
    for number, (text, page) in enumerate(zip(texts, reader.pages, strict=True), start=1):
        assert f"page {number} of {len(texts)}" in text, number
        assert shipped_game(game).title in text, number
        size = sorted((float(page.mediabox.width), float(page.mediabox.height)))
        assert size == pytest.approx(sorted(portrait), abs=0.01), number
    assert "Reconstructed values" in texts[0] and "Contents" in texts[1]


@pytest.mark.pdf
@pytest.mark.parametrize(("game", "paper"), CASES)
def test_text_uses_only_embedded_shipped_fonts_that_draw_every_character(
    shipped_pdfs: dict[tuple[str, str], Path], game: str, paper: str
) -> None:
    pdf = shipped_pdfs[(game, paper)]
    fonts = embedded_fonts(pdf)
    assert fonts and all(embedded and "+DejaVuSans" in name for name, embedded in fonts), fonts
    missing: dict[str, tuple[int, str]] = {}
    for number, page in enumerate(PdfReader(pdf).pages, start=1):
        text = page.extract_text()
        for character in undrawable_characters(text):
            missing.setdefault(
                character,
                (number, text[max(0, text.index(character) - 40) : text.index(character) + 10]),
            )
    assert not missing, f"characters with no glyph (empty boxes), first page of each: {missing}"


@pytest.mark.pdf
@pytest.mark.parametrize(("game", "paper"), CASES)
def test_map_tiles_are_placed_at_print_resolution(
    shipped_pdfs: dict[tuple[str, str], Path], game: str, paper: str
) -> None:
    pdf = shipped_pdfs[(game, paper)]
    tile_pages = {
        number
        for number, text in enumerate(page_texts(pdf), start=1)
        if re.search(r"map, tile [A-Z]\d", text)
    }
    assert tile_pages
    images = placed_images(pdf)
    on_tiles = [image for image in images if image.page in tile_pages]
    assert {image.page for image in on_tiles} == tile_pages
    assert all(min(image.x_ppi, image.y_ppi) >= PRINT_PPI - 1 for image in on_tiles), on_tiles
    # Issue 11: no tile under a quarter of a page (7 of 15 TPS pages were slivers).
    page_area = paper_size(paper)[0] * paper_size(paper)[1] / POINTS_PER_INCH**2
    assert all(
        image.width / image.x_ppi * image.height / image.y_ppi > page_area / 4 for image in on_tiles
    )
    # Counter art is drawn at 300 ppi for its printed size; smaller pictures of it only sharpen.
    assert all(min(image.x_ppi, image.y_ppi) >= 100 for image in images)


@pytest.mark.pdf
@pytest.mark.parametrize(("game", "paper"), CASES)
def test_no_page_is_mostly_blank(
    shipped_pdfs: dict[tuple[str, str], Path],
    pdf_pages: dict[tuple[str, str], list[Path]],
    game: str,
    paper: str,
) -> None:
    pages = pdf_pages[(game, paper)]
    shares = {number: blank_share(png, BLANK_DPI) for number, png in enumerate(pages, start=1)}
    assert len(pages) == len(page_texts(shipped_pdfs[(game, paper)]))
    assert max(shares.values()) <= MOST_BLANK, {
        number: round(share, 2) for number, share in shares.items() if share > MOST_BLANK
    }


@pytest.mark.pdf
def test_readme_states_each_pdfs_page_count(shipped_pdfs: dict[tuple[str, str], Path]) -> None:
    readme = README.read_text(encoding="utf-8")
    for (game, paper), pdf in shipped_pdfs.items():
        row = re.search(rf"^\| {game} \| {paper} \| (\d+) \|", readme, re.MULTILINE)
        assert row is not None, f"README has no print-and-play row for {game} {paper}"
        assert int(row.group(1)) == len(PdfReader(pdf).pages), (game, paper)


@pytest.mark.pdf
@pytest.mark.parametrize(("game", "paper"), CASES)
def test_the_contents_name_each_section_its_pages_and_how_to_print_it(
    shipped_pdfs: dict[tuple[str, str], Path], game: str, paper: str
) -> None:
    texts = page_texts(shipped_pdfs[(game, paper)])
    rows = re.findall(
        r"^\s*(\S.*?)\s{2,}(\d+)(?:-(\d+))?\s{2,}(one-sided|two-sided, flip on the long edge)$",
        texts[1],
        re.MULTILINE,
    )
    assert [row[0] for row in rows] == CONTENTS[game]
    expected_first = 1
    for title, first, last, how in rows:
        assert int(first) == expected_first, title
        end = int(last or first)
        if how.startswith("two-sided"):
            assert int(first) % 2 == 1 and (end - int(first)) % 2 == 1, (
                title
            )  # fronts on odd pages, whole sheets
        expected_first = end + 1
    assert expected_first - 1 == len(texts)


def test_a_two_sided_section_that_would_start_on_a_back_is_refused() -> None:
    def page() -> Page:
        return Page("a page", (100.0, 100.0), lambda canvas: None)

    with pytest.raises(ValueError, match="starts on page 2"):
        check_duplex_parity(
            [Section("one", (page(),)), Section("pair", (page(), page()), duplex=True)]
        )
    with pytest.raises(ValueError, match="with 3 pages"):
        check_duplex_parity([Section("odd", (page(), page(), page()), duplex=True)])
    check_duplex_parity([Section("pair", (page(), page()), duplex=True), Section("one", (page(),))])


def test_text_the_fonts_cannot_draw_stops_the_pdf() -> None:
    canvas = new_canvas(io.BytesIO(), "a4", "test")
    canvas.setFont(CONDENSED, 8)
    canvas.drawString(0, 0, "east edge")
    with pytest.raises(UndrawableText, match="east edge \\(\u6771\u7aef\\)"):
        canvas.drawString(0, 0, "east edge (\u6771\u7aef)")
    with pytest.raises(UndrawableText):
        canvas.drawCentredString(0, 0, "\u6771")


def test_pdf_is_deterministic() -> None:
    game = shipped_game("rks")
    assert pnp_pdf(game, PnpOptions()) == pnp_pdf(game, PnpOptions())


def test_pdf_of_an_area_game_has_its_counters_and_set_up() -> None:
    game = shipped_game("rks")
    reader = PdfReader(io.BytesIO(pnp_pdf(game, PnpOptions(paper="letter", counter_inches=0.75))))
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert "counter sheet 1 of 1, backs" in text
    for placement in game.scenarios["city"].setup:
        assert f"id {placement.unit}" in text


def test_cli_writes_the_pdf_atomically_and_counts_pages_only_on_a_terminal(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main, ["pnp", "rks", "--paper", "letter", "--output-dir", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    path = tmp_path / "rks-pnp-letter.pdf"
    assert result.stdout.strip() == str(path)
    assert result.stderr == ""
    assert PdfReader(path).pages
    assert [child.name for child in tmp_path.iterdir()] == ["rks-pnp-letter.pdf"]


def test_cli_bad_game_is_one_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        main, ["pnp", str(tmp_path / "nowhere"), "--output-dir", str(tmp_path)]
    )
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and result.output.startswith("stavka: ")
    assert list(tmp_path.iterdir()) == []


def test_the_kit_says_the_offsets_it_was_printed_with() -> None:
    options = PnpOptions(paper="letter", duplex=DuplexOptions(1.0, 0.5, -1.0))
    reader = PdfReader(io.BytesIO(pnp_pdf(shipped_game("rks"), options)))
    contents, front, back = (
        " ".join(reader.pages[index].extract_text().split()) for index in (1, 2, 3)
    )
    assert (
        "stavka pnp rks --paper letter --counter-size 0.625 --back-offset-x 0.5 --back-offset-y -1."
        in contents
    )
    assert "This sheet was printed with --back-offset-x 0.5 --back-offset-y -1." in front
    assert "offsets this sheet was printed with: x 0.5, y -1" in back
