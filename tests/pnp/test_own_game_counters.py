"""A counter prints its values as the game's data says (``[game] counter_values``), in
the module, the print-and-play PDF and the report alike, and a counter sheet has no
blank filler rows (issue 37, item 4).

Hill 112 (``tests/kit/hill``) prints attack, defence and movement: its 2-2-7 sappers
printed "2-7" before, and its ten counters were topped up with seven rows of blank
squares in each nationality's colours.
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from pypdf import PdfReader

from builder.art.counters import face_text, screen_format, unit_faces
from builder.art.drawing import png_bytes
from builder.carried_data import read_module_game
from builder.pnp.counter_art import CounterArt
from builder.pnp.document import write_pnp
from builder.pnp.pages import PnpOptions
from builder.report.counters import face_sheet
from rules.data.loader import load_game
from rules.model import GameSpec
from rules.referee.position import UnitState
from tests.cli.test_cli import run
from tests.pnp.pdf_pages import render_pages
from tests.support.games import shipped_game

HILL = Path(__file__).resolve().parents[1] / "kit" / "hill"
SAPPERS = "v4"
COUNTER_FRONTS_PAGE = 5


def _same(first: Image.Image, second: Image.Image) -> bool:
    return (
        first.size == second.size
        and ImageChops.difference(first.convert("RGB"), second.convert("RGB")).getbbox() is None
    )


def _as_module_image(face: Image.Image) -> Image.Image:
    """A face as the build stores it in the module (a palette PNG), read back."""
    return Image.open(io.BytesIO(png_bytes(face)))


@pytest.fixture(scope="module")
def hill() -> GameSpec:
    return load_game(str(HILL))


@pytest.fixture(scope="module")
def pdf(hill: GameSpec, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_pnp(hill, PnpOptions(paper="a4"), tmp_path_factory.mktemp("hill-pnp"))


def test_the_values_line_follows_the_games_data(hill: GameSpec) -> None:
    assert hill.counter_values == "{attack}-{defence}-{movement}"
    assert face_text(hill.units[SAPPERS], hill, 0).values == "2-2-7"
    assert face_text(hill.units["v1"], hill, 0).values == "4-4-4"
    ford = load_game("ford")
    assert face_text(ford.units["v1"], ford, 0).values == "4-4-4"
    # A game that names no template keeps the combined print: Turning Point's 4-5.
    tps = shipped_game("tps")
    assert tps.counter_values is None
    assert face_text(tps.units["de-76id"], tps, 0).values == "4-5"
    ours = replace(hill, counter_values="{combat}/{movement}")
    assert face_text(hill.units[SAPPERS], ours, 0).values == "2/7"


@pytest.mark.parametrize(
    ("template", "message"),
    [
        ("{attack}-{strength}", "'{strength}' is not one of {attack}, {defence}"),
        ("{attack:>3}-{movement}", "'{attack:>3}' is not one of"),
        ("{attack!r}", "'{attack!r}' is not one of"),
        ("{0}-{1}", "'{0}' is not one of"),
        ("{attack.real}", "'{attack.real}' is not one of"),
        ("{attack-{movement}", "counter_values '{attack-{movement}':"),
        ("attack", "names no value"),
        ("{attack}" * 6, "longer than 40 characters"),
    ],
)
def test_a_template_that_names_anything_else_is_refused_at_its_line(
    tmp_path: Path, template: str, message: str
) -> None:
    folder = tmp_path / "hill"
    folder.mkdir()
    for source in HILL.iterdir():
        (folder / source.name).write_bytes(source.read_bytes())
    game = folder / "game.toml"
    text = game.read_text(encoding="utf-8")
    old = 'counter_values = "{attack}-{defence}-{movement}"'
    line = text[: text.index(old)].count("\n") + 1
    game.write_text(text.replace(old, f"counter_values = {template!r}"), encoding="utf-8")
    code, _, error = run("validate", str(folder))
    assert code == 2 and error.count("\n") == 1, error
    assert f"game.toml:{line}: " in error and message in error, error


def test_the_module_pdf_and_report_print_the_datas_values(
    hill: GameSpec, pdf: Path, tmp_path: Path
) -> None:
    sappers = hill.units[SAPPERS]
    default = replace(hill, counter_values=None)
    # The module's picture of the counter: drawn with 2-2-7, not the default's 2-7.
    code, _, error = run("build", str(HILL), "--dist", str(tmp_path))
    assert (code, error) == (0, ""), error
    counter = screen_format()
    with zipfile.ZipFile(tmp_path / "hill.vmod") as module:
        with module.open(f"images/units/{SAPPERS}.png") as stream:
            in_module = Image.open(stream).convert("RGB")
    assert _same(in_module, _as_module_image(unit_faces(sappers, hill, counter).front))
    assert not _same(in_module, _as_module_image(unit_faces(sappers, default, counter).front))
    # The PDF's counter sheet holds the print art drawn from the data.
    options = PnpOptions()
    ours = CounterArt(hill, options.counter_inches, options.duplex.bleed_mm).unit(sappers)[0]
    theirs = CounterArt(default, options.counter_inches, options.duplex.bleed_mm).unit(sappers)[0]
    printed = [
        image.image
        for image in PdfReader(pdf).pages[COUNTER_FRONTS_PAGE - 1].images
        if image.image is not None
    ]
    assert any(_same(image, ours) for image in printed)
    assert not any(_same(image, theirs) for image in printed)
    # The report, judging the module's set-up with the module's data, draws it too.
    _, carried = read_module_game(tmp_path / "hill.vmod")
    sheet = face_sheet(carried)
    state = UnitState(carried.units[SAPPERS], "0402", None, 1)
    default_sheet = face_sheet(replace(carried, counter_values=None))
    assert (
        sheet.images[sheet.face_of(state, False)]
        != default_sheet.images[default_sheet.face_of(state, False)]
    )


@pytest.mark.pdf
def test_a_counter_sheet_has_no_blank_filler_rows(
    hill: GameSpec, pdf: Path, tmp_path: Path
) -> None:
    reader = PdfReader(pdf)
    fronts, backs = reader.pages[COUNTER_FRONTS_PAGE - 1], reader.pages[COUNTER_FRONTS_PAGE]
    assert "counter sheet 1 of 1, fronts" in (fronts.extract_text() or "")
    assert "counter sheet 1 of 1, backs" in (backs.extract_text() or "")
    # Ten counters, ten pictures on each page: no blank counter tops the sheet up.
    assert len(fronts.images) == len(hill.units) == 10
    assert len(backs.images) <= 10
    # The ten fill one row of the 14-column sheet; nothing is printed below its marks.
    page = Image.open(render_pages(pdf, tmp_path, 50)[COUNTER_FRONTS_PAGE - 1]).convert("L")
    footer = round(page.height * 0.95)
    ink = page.crop((0, 0, page.width, footer)).point(lambda value: 255 if value < 128 else 0)
    box = ink.getbbox()
    assert box is not None and box[3] < page.height * 0.2, box
