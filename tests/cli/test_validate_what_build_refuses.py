"""``stavka validate`` refuses everything ``stavka build`` would refuse, and set-ups the
rules forbid, on the line to change (issue 37, item 4).

Each case changes Hill 112 (``tests/kit/hill``) as a designer might by mistake: validate
let these through, then the build failed, or the module set up a unit where the rules
forbid it.
"""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from builder.validation import validate_for_build
from rules.data.loader import load_game
from rules.errors import DataError
from tests.cli.test_cli import run

HILL = Path(__file__).resolve().parents[1] / "kit" / "hill"


def _changed(tmp_path: Path, file: str, old: str, new: str) -> tuple[Path, int]:
    """A copy of Hill 112 with ``old`` replaced by ``new`` in ``file`` once, and the
    line the change is on."""
    folder = tmp_path / "hill"
    shutil.copytree(HILL, folder)
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new), encoding="utf-8")
    return folder, text[: text.index(old)].count("\n") + 1


def _refused_at(arguments: tuple[str, ...], where: str, message: str) -> None:
    code, output, error = run(*arguments)
    assert code == 2 and output in ("", "Building\n"), (output, error)
    assert error.count("\n") == 1 and error.startswith("stavka: "), error
    assert where in error and message in error, error


def test_a_misspelt_mobility_class_is_refused_at_its_line(tmp_path: Path) -> None:
    lancers = 'name = "Vale Lancers"\nside = "vale"\nnationality = "vale"\narm = "armour"\nsize = "III"\nmobility = "mechanized"'
    folder, line = _changed(
        tmp_path, "units.toml", lancers, lancers.replace('"mechanized"', '"mechanised"')
    )
    line += 5
    message = "unknown mobility class 'mechanised' (did you mean 'mechanized'?)"
    _refused_at(("validate", str(folder)), f"units.toml:{line}: ", message)
    # The loader refuses it for every command: it would have moved at the 'all' cost.
    _refused_at(("build", str(folder), "--dist", str(tmp_path / "dist")), "units.toml", message)
    assert not (tmp_path / "dist").exists()


def test_a_unit_set_up_on_terrain_it_may_not_enter_is_refused(tmp_path: Path) -> None:
    # The Vale Lancers (mechanized) set up in the marsh of 0205 (4.3).
    folder, line = _changed(
        tmp_path, "scenarios.toml", '{ unit = "v3", at = "0103" }', '{ unit = "v3", at = "0205" }'
    )
    _refused_at(
        ("validate", str(folder)),
        f"scenarios.toml:{line}: ",
        "scenario 'ford' sets up v3 in 0205, marsh, which mechanized units may not enter [rule 4.3]",
    )


def test_a_unit_set_up_across_a_terrain_no_unit_may_enter_is_refused(tmp_path: Path) -> None:
    folder, _ = _changed(
        tmp_path,
        "game.toml",
        'movement = { foot = 3, mechanized = "prohibited" }',
        'movement = { all = "prohibited" }',
    )
    scenarios = folder / "scenarios.toml"
    scenarios.write_text(
        scenarios.read_text("utf-8").replace('"v2", at = "0204"', '"v2", at = "0206"'), "utf-8"
    )
    _refused_at(
        ("validate", str(folder)),
        "scenarios.toml:",
        "sets up v2 in 0206, marsh, which foot units may not enter",
    )


@pytest.mark.parametrize(
    ("file", "old", "new"),
    [
        ("map.toml", "size = [1080, 640]", "size = [660, 560]"),
        ("game.toml", 'title = "Hill 112"', 'title = "' + "Hill 112 " * 40 + '"'),
    ],
    ids=["board too small", "title too long"],
)
def test_a_board_without_room_for_its_legend_is_refused_at_its_size(
    tmp_path: Path, file: str, old: str, new: str
) -> None:
    folder, _ = _changed(tmp_path, file, old, new)
    size_line = (folder / "map.toml").read_text("utf-8").split("size = [")[0].count("\n") + 1
    message = "no board corner has room for the legend"
    _refused_at(("validate", str(folder)), f"map.toml:{size_line}: ", message)
    _refused_at(("build", str(folder), "--dist", str(tmp_path / "dist")), "map.toml", message)


CJK = "丘"
"""A character no shipped font (DejaVu) has: the build stops at the first text holding it."""


@pytest.mark.parametrize(
    ("file", "old", "command"),
    [
        ("game.toml", 'title = "Hill 112"', "build"),
        ("game.toml", 'name = "Crag"\ncolour', "build"),
        ("game.toml", 'name = "Woods"', "build"),
        ("game.toml", 'description = "2 MP to enter (4.2); attacks', "build"),
        ("map.toml", 'kind = "depot"\nhexes = ["0103"]', "build"),
        ("scenarios.toml", 'name = "The ford"', "build"),
        ("tables.toml", 'NE = "No effect."', "build"),
        ("map.toml", 'name = "The Ford"\ndefault_terrain', "pnp"),
        ("units.toml", 'name = "1st Vale Foot"', "pnp"),
        ("game.toml", 'name = "Crag"\nside', "pnp"),
    ],
    ids=[
        "title",
        "side",
        "terrain",
        "terrain description",
        "supply source kind",
        "scenario",
        "result code",
        "board",
        "unit name",
        "nationality",
    ],
)
def test_a_text_the_fonts_cannot_draw_is_refused_at_its_line(
    tmp_path: Path, file: str, old: str, command: str
) -> None:
    opening = old.index('"') + 1
    folder, line = _changed(tmp_path, file, old, old[:opening] + CJK + old[opening:])
    _refused_at(("validate", str(folder)), f"{file}:{line}: ", "cannot draw: '丘' U+4E18")
    # What validate refuses, the build or the print-and-play sheets refuse too.
    output = ("--dist",) if command == "build" else ("--output-dir",)
    code, _, error = run(command, str(folder), *output, str(tmp_path / "out"))
    assert code == 2 and "U+4E18" in error, error


def test_a_text_only_the_module_shows_may_hold_any_character(tmp_path: Path) -> None:
    folder, _ = _changed(
        tmp_path,
        "game.toml",
        'description = "an original example game',
        'description = "丘の戦い: an original example game',
    )
    code, output, error = run("validate", str(folder))
    assert (code, error) == (0, ""), error
    code, _, error = run("build", str(folder), "--dist", str(tmp_path / "dist"))
    assert (code, error) == (0, ""), error


def test_a_game_with_no_map_to_build_is_refused() -> None:
    """Areas without outlines load (the referee judges them), but no module can be built."""
    hill = load_game(str(HILL))
    unbuildable = replace(
        hill, maps=tuple(replace(game_map, hex_map=None) for game_map in hill.maps)
    )
    with pytest.raises(DataError, match="has no hex map or outlined area map: Stavka cannot build"):
        validate_for_build(unbuildable)
    validate_for_build(hill)
