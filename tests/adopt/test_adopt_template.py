"""Issue 41 on the hex-and-counter template module (``../shared/corpus/jzhex``, VASSAL
3.7.9, CC0): four maps (a turn track on a ZonedGrid of squares, the hex map, a dead pile
and a deck), units whose factors are a dynamic property with a step-loss command, and
cards in a deck. And a hex grid inside a zone, and a sideways one, made here.

From its build file by hand: the main map's HexGrid is ``dx=80.88337155288302
dy=93.90000000000086 x0=22 y0=-4`` numbered from 0 (``hOff=0 vOff=0``), staggered, two
digits a part; its 750 × 750 picture holds raw columns 0-9 (x0 + 9·dx = 750 is past the
edge, so column 9's centre at 749.95 is just on it) and rows 0-9, and raw row 0 of an even
column has its centre at y = -4, off the picture: so 0000, 0200 … 0800 are off the map,
and the odd columns' last row (their centre at 9·dy + dy/2 - 4 = 887) too.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from rules.data.loader import load_game
from tests.adopt.corpus import NEEDS_CORPUS, TEMPLATE, adopted
from tests.adopt.modules import build_file, module, png
from tests.cli.test_cli import run


@pytest.fixture(scope="module")
def template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return adopted(TEMPLATE, tmp_path_factory.mktemp("adopt") / "template")


def _toml(folder: Path, name: str) -> Any:
    return tomllib.loads((folder / name).read_text(encoding="utf-8"))


@NEEDS_CORPUS
def test_the_hex_map_is_chosen_and_numbered_as_the_module_numbers_it(template: Path) -> None:
    board = _toml(template, "map.toml")["map"][0]["board"][0]
    assert board["grid"] == {
        "dx": 80.88337155288302,
        "dy": 93.90000000000086,
        "x0": 22,
        "y0": -4,
        "sideways": False,
    }
    numbering = board["numbering"]
    assert (numbering["h_off"], numbering["v_off"], numbering["stagger"]) == (0, 0, True)
    assert "reconstructed" not in board
    assert board["first_hex"] == "0000" and board["last_hex"] == "0909"
    assert set(board["off_map"]) == {"0000", "0200", "0400", "0600", "0800"} | {
        "0109",
        "0309",
        "0509",
        "0709",
        "0909",
    }
    notes = (template / "ADOPTED.md").read_text(encoding="utf-8")
    assert "The module's map 'TurnTrack' (ZonedGrid) is not the game's hex map" in notes
    assert _toml(template, "module.toml")["module"]["dead_piles"] == ["DeadPile"]


@NEEDS_CORPUS
def test_steps_come_from_the_property_and_its_step_loss_command(template: Path) -> None:
    units = {unit["id"]: unit for unit in _toml(template, "units.toml")["unit"]}
    infantry = units["inf_liii_3_4_6_987_21"]
    assert infantry["side"] == "side1" and infantry["size"] == "III"
    assert infantry["steps"] == [
        {"attack": 3, "defence": 4, "movement": 6},
        {"attack": 1, "defence": 2, "movement": 6},
    ]
    assert "values 3-4-6 / 1-2-6 from its property stats = '3-4-6'" in infantry["note"]
    assert "'U-6', which Stavka does not read" in infantry["note"]
    pieces = {piece["name"]: piece for piece in _toml(template, "module.toml")["module"]["piece"]}
    assert pieces["INF-lIII-3-4-6_987_21"]["steps"] == {
        "property": "stats",
        "values": ["3-4-6", "1-2-6"],
    }
    # The deck's cards are units too, each its own piece.
    assert {"inf_liii_1", "inf_liii_2", "inf_liii_3"} <= set(units)
    # Of the two slots named MEC-XX-8-8-12_789_999, the one whose picture the module holds.
    assert pieces["MEC-XX-8-8-12_789_999"]["image"] == "images/counter-black-75x75x5.png"


@NEEDS_CORPUS
def test_the_template_validates_and_builds(template: Path, tmp_path: Path) -> None:
    code, output, error = run("validate", str(template))
    assert code == 0, error
    code, output, error = run("build", str(template), "--dist", str(tmp_path))
    assert code == 0, error
    assert (tmp_path / "template.vmod").is_file()


ZONED = (
    "<VASSAL.build.module.map.boardPicker.board.ZonedGrid>"
    '<VASSAL.build.module.map.boardPicker.board.mapgrid.Zone name="Battle" '
    'path="100,0;400,0;400,300;100,300" locationFormat="$name$ $gridLocation$" useParentGrid="false">'
    '<VASSAL.build.module.map.boardPicker.board.HexGrid dx="50" dy="58" x0="130" y0="30">'
    '<VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering first="V" sep="." '
    'hType="A" vType="N" hLeading="0" vLeading="0" hOff="0" vOff="1" stagger="false"/>'
    "</VASSAL.build.module.map.boardPicker.board.HexGrid>"
    "</VASSAL.build.module.map.boardPicker.board.mapgrid.Zone>"
    '<VASSAL.build.module.map.boardPicker.board.SquareGrid dx="100" dy="100"/>'
    "</VASSAL.build.module.map.boardPicker.board.ZonedGrid>"
)
"""A square background grid, and a zone of hexes lettered by column, rows first."""


def zoned_module(path: Path) -> Path:
    from tests.adopt.modules import counters, game_map

    return module(
        path,
        build_file(game_map(grid=ZONED)),
        images={"images/board.png": png((500, 300)), **counters()},
    )


def test_a_hex_grid_in_a_zone_is_read_with_the_zones_outline_and_names(tmp_path: Path) -> None:
    path = zoned_module(tmp_path / "zoned.vmod")
    code, output, error = run("adopt", str(path), str(tmp_path / "zoned"))
    assert code == 0, error
    board = _toml(tmp_path / "zoned", "map.toml")["map"][0]["board"][0]
    assert board["numbering"]["location_format"] == "Battle $gridLocation$"
    spec = load_game(str(tmp_path / "zoned"))
    hex_map = spec.maps[0].hex_map
    assert hex_map is not None

    def named(x: int, y: int) -> str | None:
        found = hex_map.hex_at_pixel(x, y)
        return None if found is None else hex_map.label(found)

    # Raw (0, 0) is at (130, 30): column A, row 1, rows first with a dot: "Battle 1.A".
    assert named(130, 30) == "Battle 1.A"
    # Only centres inside the zone (x 100-400) are in play: 130 + 6 * 50 = 430 is not.
    assert named(430, 30) is None
    assert named(380, 30) == "Battle 1.F"
