"""Issue 30, first slice: a game that is not Stalingrad draws in its own look and resolves
attacks on a differential CRT. Driven by Ridge (tests/kit/ridge), a small invented game
with woods, hills, a stream, a custom arm and a differential table."""

from __future__ import annotations

import shutil
from fractions import Fraction
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops, ImageDraw

from builder.art.board import SUPPLY_RADIUS, draw_board
from builder.art.board_view import BoardView
from builder.art.charts import game_charts
from builder.art.legend import legend_entries
from builder.art.look import look_of, look_problems, rgb
from builder.art.nato import Element, unit_symbol
from builder.cli import main
from builder.module.assemble import identity_of
from builder.module.help import help_text
from rules.data.loader import load_game
from rules.data.look import SYMBOL_ELEMENTS
from rules.errors import DataError
from rules.hexes import hexside
from rules.model import GameSpec
from rules.referee.odds import odds_beyond_table
from rules.tables import Difference

RIDGE = Path(__file__).parent / "ridge"
STALINGRAD_WORDING = (
    "rebuilt by Stavka from the rules and real geography",
    "printed maps and counters are not available",
    "Source: unsourced",
    "Stalingrad",
)


@pytest.fixture(scope="module")
def ridge() -> GameSpec:
    return load_game(str(RIDGE))


def _copy_of_ridge(tmp_path: Path) -> Path:
    folder = tmp_path / "ridge"
    shutil.copytree(RIDGE, folder)
    return folder


def _swatch(entry_paint: object) -> Image.Image:
    image = Image.new("RGB", (60, 30), (255, 255, 255))
    entry_paint(ImageDraw.Draw(image), (5.0, 3.0, 51.0, 27.0))  # type: ignore[operator]
    return image


def test_each_terrain_has_its_own_legend_swatch_and_fill(ridge: GameSpec) -> None:
    entries = {entry.key: entry for entry in legend_entries(ridge, ridge.maps[0])}
    swatches = {
        key: _swatch(entries[key].swatch)
        for key in ("terrain clear", "terrain woods", "terrain hill")
    }
    keys = list(swatches)
    for index, first in enumerate(keys):
        for second in keys[index + 1 :]:
            assert ImageChops.difference(swatches[first], swatches[second]).getbbox() is not None, (
                first,
                second,
            )
    image, drawn = draw_board(ridge, ridge.maps[0], 0)
    view = BoardView(ridge.maps[0], 0)
    hex_map = ridge.maps[0].hex_map
    assert hex_map is not None
    woods, hill = hex_map.parse("0705"), hex_map.parse("0807")
    assert woods is not None and hill is not None
    # Just below the hex number, clear of the symbol in the middle: the fill the data names.
    for hex_, fill in ((woods, "#7fae6a"), (hill, "#c8a878")):
        x, y = view.centre(hex_)
        assert image.getpixel(
            (round(x - view.hex_size * 0.3), round(y + view.hex_size * 0.25))
        ) == rgb(fill)
    assert {"terrain woods", "terrain hill", "terrain clear"} <= drawn


def test_a_hexside_feature_is_drawn_in_its_style_and_listed(ridge: GameSpec) -> None:
    game_map = ridge.maps[0]
    image, drawn = draw_board(ridge, game_map, 0)
    assert "line stream" in drawn
    assert "line stream" in {entry.key for entry in legend_entries(ridge, game_map)}
    hex_map = game_map.hex_map
    assert hex_map is not None
    first, second = hex_map.parse("0305"), hex_map.parse("0405")
    assert first is not None and second is not None
    view = BoardView(game_map, 0)
    assert hexside(first, second) in game_map.hexside_features
    (ax, ay), (bx, by) = view.centre(first), view.centre(second)
    middle = (round((ax + bx) / 2), round((ay + by) / 2))
    assert image.getpixel(middle) == rgb("#3a80d0")


def test_a_game_may_colour_its_sides(ridge: GameSpec) -> None:
    game_map = ridge.maps[0]
    image, drawn = draw_board(ridge, game_map, 0)
    assert {"supply blue depot", "supply red depot"} <= drawn
    view = BoardView(game_map, 0)
    for source in game_map.supply_sources:
        x, y = view.centre(source.hexes[0])
        # The ring's right-hand edge, where it crosses the hex's horizontal middle.
        ring = image.getpixel((round(x + view.hex_size * SUPPLY_RADIUS), round(y)))
        assert ring == look_of(ridge).side(source.side)
    assert look_of(ridge).side("blue") == rgb("#2050c0")
    assert look_of(ridge).side("red") == rgb("#c03020")


def test_a_custom_arm_draws_the_symbol_its_game_names(ridge: GameSpec) -> None:
    assert ridge.units["b4"].arm == "paratroops"
    assert unit_symbol("paratroops", "foot", "", ridge.arms) == {Element.INFANTRY, Element.AIR}


def test_the_arm_vocabulary_is_the_symbols_strokes() -> None:
    assert SYMBOL_ELEMENTS == tuple(element.name.lower() for element in Element)


def test_an_arm_with_no_symbol_is_refused_at_its_line(tmp_path: Path) -> None:
    folder = _copy_of_ridge(tmp_path)
    units = folder / "units.toml"
    units.write_text(units.read_text().replace('arm = "engineer"', 'arm = "sappers"'))
    with pytest.raises(DataError, match="sappers"):
        load_game(str(folder))
    result = CliRunner().invoke(main, ["validate", str(folder)])
    assert result.exit_code == 2
    line = next(
        number for number, text in enumerate(units.read_text().splitlines(), 1) if "sappers" in text
    )
    assert f"units.toml:{line}:" in result.output
    assert "Traceback" not in result.output


def test_validate_warns_of_terrain_that_looks_alike_and_hexsides_not_drawn(tmp_path: Path) -> None:
    folder = _copy_of_ridge(tmp_path)
    game = folder / "game.toml"
    text = game.read_text().replace(
        'fill = "#c8a878"\nsymbol = "hachures"\n', 'fill = "#7fae6a"\nsymbol = "trees"\n'
    )
    game.write_text(text.replace('line = { colour = "#3a80d0", width = 4, dashed = false }\n', ""))
    warnings = [problem.message for problem in look_problems(load_game(str(folder)))]
    assert any("'hill' looks like 'woods'" in message for message in warnings)
    assert any("'stream' has no line style" in message for message in warnings)
    result = CliRunner().invoke(main, ["validate", str(folder)])
    assert result.exit_code == 0
    assert "game.toml:" in result.output and "warning:" in result.output


def test_ridge_validates_without_warnings(ridge: GameSpec) -> None:
    assert look_problems(ridge) == []


@pytest.mark.parametrize("game", ["tps", "dos", "rks"])
def test_our_games_validate_without_look_warnings(game: str) -> None:
    assert look_problems(load_game(game)) == []


def test_a_differential_crt_is_read_and_resolved(ridge: GameSpec) -> None:
    table = ridge.tables.odds_tables["crt"]
    assert table.differential
    assert [str(column) for column in table.columns] == ["-2", "-1", "0", "+1", "+2", "+3", "+4"]
    assert table.column_for_strengths(Fraction(7), Fraction(4)) == Difference(3)
    assert table.column_for_strengths(Fraction(4), Fraction(4)) == Difference(0)
    assert table.column_for_strengths(Fraction(1), Fraction(8)) == Difference(-2)
    assert table.column_for_strengths(Fraction(15), Fraction(2)) == Difference(4)
    assert table.column_for_strengths(Fraction(9, 2), Fraction(4)) == Difference(0)
    assert table.shifted(Difference(3), -1) == Difference(2)
    assert table.result(Difference(3), 2) == "DE"
    assert odds_beyond_table(Fraction(15), Fraction(2), Difference(4)) == "+13, capped at +4"
    assert odds_beyond_table(Fraction(1), Fraction(8), Difference(-2)) == "-7, counted as -2"
    assert odds_beyond_table(Fraction(5), Fraction(4), Difference(1)) == ""
    with pytest.raises(ValueError, match="differential"):
        table.odds_columns()


def test_a_crt_mixing_odds_and_differences_is_refused_at_its_line(tmp_path: Path) -> None:
    folder = _copy_of_ridge(tmp_path)
    tables = folder / "tables.toml"
    tables.write_text(tables.read_text().replace('"+1", "+2"', '"+1", "2-1"'))
    with pytest.raises(DataError, match="column '2-1' must be a difference"):
        load_game(str(folder))


def test_the_crt_chart_shows_differences_and_the_games_source(ridge: GameSpec) -> None:
    chart = game_charts(ridge)["crt"]
    assert [column.heading for column in chart.columns] == [
        "Die",
        "-2",
        "-1",
        "0",
        "+1",
        "+2",
        "+3",
        "+4",
    ]
    assert "Columns: attack strength minus defence strength." in chart.notes
    assert "Source: the Ridge rules (tests/kit/ridge)" in chart.notes


def test_a_game_that_is_not_stalingrad_says_nothing_of_stalingrad(ridge: GameSpec) -> None:
    texts = [identity_of(ridge).description, help_text(ridge), look_of(ridge).subtitle]
    texts += [note for chart in game_charts(ridge).values() for note in chart.notes]
    for text in texts:
        for wording in STALINGRAD_WORDING:
            assert wording not in text
    assert (
        identity_of(ridge).description
        == "Ridge (Stavka test kit, 2026), an invented game that tests Stavka's module kit"
    )
    assert "Ridge is an invented game" in help_text(ridge)
    assert look_of(ridge).subtitle == "An invented test map"


def test_our_games_keep_their_wording() -> None:
    spec = load_game("tps")
    assert identity_of(spec).description.endswith(
        "rebuilt by Stavka from the rules and real geography"
    )
    assert "The printed maps and counters are not available" in help_text(spec)
    assert look_of(spec).subtitle == "Rebuilt by Stavka from the rules and real geography"
