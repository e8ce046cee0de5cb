"""Issue 41, item 5: a module Stavka cannot adopt, or one made to do harm, gets one line
and exit status 2, and nothing is written: not the folder, nor anything beside it."""

from __future__ import annotations

import errno
import os
import zipfile
from pathlib import Path

import pytest

from tests.adopt.modules import (
    HEX_GRID,
    MODULE_DATA,
    build_file,
    counters,
    game_map,
    module,
    palette,
    png,
    png_claiming,
    slot,
)
from tests.cli.test_cli import run


def _listing(folder: Path) -> list[str]:
    return sorted(str(path.relative_to(folder)) for path in folder.rglob("*"))


def _refused(tmp_path: Path, path: Path, message: str, *options: str) -> None:
    before = _listing(tmp_path)
    target = tmp_path / "game"
    code, output, error = run("adopt", str(path), str(target), *options)
    assert code == 2, (output, error)
    assert error.count("\n") == 1 and error.startswith("stavka: "), error
    assert message in error, error
    assert _listing(tmp_path) == before


def test_a_valid_small_module_is_adopted(tmp_path: Path) -> None:
    path = module(tmp_path / "test.vmod")
    code, output, error = run("adopt", str(path), str(tmp_path / "game"))
    assert code == 0, error
    assert output.startswith("wrote ")
    code, output, error = run("validate", str(tmp_path / "game"))
    assert code == 0, error


def test_a_module_without_a_grid(tmp_path: Path) -> None:
    path = module(tmp_path / "m.vmod", build_file(game_map(grid="")))
    _refused(tmp_path, path, "no hex map to adopt: no map has a hex grid")


@pytest.mark.parametrize(
    ("grid", "named"),
    [
        (
            '<VASSAL.build.module.map.boardPicker.board.RegionGrid snapto="true">'
            '<VASSAL.build.module.map.boardPicker.board.Region name="Paris" originx="10" originy="10"/>'
            "</VASSAL.build.module.map.boardPicker.board.RegionGrid>",
            "a region grid (named points, an irregular map)",
        ),
        (
            '<VASSAL.build.module.map.boardPicker.board.SquareGrid dx="50" dy="50"/>',
            "a square grid",
        ),
    ],
    ids=["region grid", "square grid"],
)
def test_a_grid_stavka_has_no_referee_for(tmp_path: Path, grid: str, named: str) -> None:
    path = module(tmp_path / "m.vmod", build_file(game_map(grid=grid)))
    _refused(tmp_path, path, f"its maps have {named}, for which Stavka has no referee")


def test_several_hex_maps_need_one_named(tmp_path: Path) -> None:
    path = module(tmp_path / "m.vmod", build_file(game_map("East") + game_map("West")))
    _refused(tmp_path, path, "several maps have hex grids ('East', 'West'): name the one")
    _refused(tmp_path, path, "the module has no map 'North'", "--map", "North")
    code, output, error = run("adopt", str(path), str(tmp_path / "west"), "--map", "West")
    assert code == 0, error
    assert 'map = "West"' in (tmp_path / "west" / "module.toml").read_text(encoding="utf-8")


def test_a_map_of_several_boards(tmp_path: Path) -> None:
    path = module(tmp_path / "m.vmod", build_file(game_map(boards=2)))
    _refused(tmp_path, path, "map 'Main Map' has 2 boards; stavka adopt drafts a map of one board")


def test_thousands_of_pieces(tmp_path: Path) -> None:
    slots = "".join(slot(f"Red_Infantry_{number}_3-2", number) for number in range(5_001))
    path = module(tmp_path / "m.vmod", build_file(pieces=slots))
    _refused(tmp_path, path, "more than 5,000 pieces")


def test_a_missing_board_picture(tmp_path: Path) -> None:
    path = module(tmp_path / "m.vmod", images=counters())
    _refused(tmp_path, path, "its picture 'board.png' is missing from the module")


def test_a_huge_board_picture(tmp_path: Path) -> None:
    path = module(tmp_path / "m.vmod", images={"images/board.png": png_claiming(20_000, 1_000)})
    _refused(tmp_path, path, "a picture of 20,000 × 1,000 pixels; at most 16,000 a side")
    path = module(tmp_path / "m.vmod", images={"images/board.png": png_claiming(100_000, 100_000)})
    _refused(tmp_path, path, "a picture of hundreds of millions of pixels; at most 16,000 a side")


def test_a_huge_counter_picture(tmp_path: Path) -> None:
    images = {
        "images/board.png": png((300, 240)),
        **counters(),
        "images/Red_Infantry_3-2.png": png_claiming(3_000, 3_000),
    }
    path = module(tmp_path / "m.vmod", images=images)
    _refused(tmp_path, path, "at most 16,000 a side and 4,000,000 in all")


def test_a_zip_bomb(tmp_path: Path) -> None:
    padded = build_file().replace(
        "<VASSAL.build.GameModule", " " * 8_000_000 + "<VASSAL.build.GameModule", 1
    )
    path = module(tmp_path / "m.vmod", padded)
    _refused(tmp_path, path, "unpacks more than 100 times its packed size")


def test_an_entry_that_climbs_out_of_the_archive(tmp_path: Path) -> None:
    path = module(tmp_path / "m.vmod", extra=[("../../escaped.png", png((10, 10)))])
    _refused(tmp_path, path, "entry name leaves the archive")
    assert not (tmp_path.parent / "escaped.png").exists()


def test_xml_entities(tmp_path: Path) -> None:
    laughs = (
        '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
        '<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>'
    )
    xml = build_file(head=laughs).replace("A test", "&lol2;")
    path = module(tmp_path / "m.vmod", xml.replace('name="Test Module"', 'name="&lol2;"', 1))
    _refused(tmp_path, path, "declares a DTD or uses XML entities, which VASSAL never writes")


def test_a_duplicated_entry(tmp_path: Path) -> None:
    path = module(tmp_path / "m.vmod", extra=[("buildFile.xml", build_file().encode())])
    _refused(tmp_path, path, "entry appears twice")


def test_a_saved_game_or_no_zip_is_not_a_module(tmp_path: Path) -> None:
    junk = tmp_path / "junk.vmod"
    junk.write_bytes(b"not a zip at all")
    _refused(tmp_path, junk, "not a readable zip archive")
    save = tmp_path / "game.vsav"
    with zipfile.ZipFile(save, "w") as archive:
        archive.writestr("savedGame", b"begin_save")
        archive.writestr("moduledata", MODULE_DATA.encode())
    _refused(tmp_path, save, "this is a saved game or log, not a VASSAL module")


def test_a_folder_that_is_not_empty_is_never_written_into(tmp_path: Path) -> None:
    path = module(tmp_path / "m.vmod")
    target = tmp_path / "game"
    target.mkdir()
    (target / "mine.txt").write_text("keep", encoding="utf-8")
    code, _, error = run("adopt", str(path), str(target))
    assert code == 2 and "the folder is not empty" in error
    assert _listing(target) == ["mine.txt"]


def test_a_folder_name_that_cannot_be_a_game_id(tmp_path: Path) -> None:
    path = module(tmp_path / "m.vmod")
    code, _, error = run("adopt", str(path), str(tmp_path / "My Game"))
    assert code == 2 and "'My Game' cannot be a game id" in error
    assert not (tmp_path / "My Game").exists()


def test_nothing_is_left_when_the_disk_fills_part_way(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = module(tmp_path / "m.vmod")
    flushed: list[int] = []

    def full_disk(descriptor: int) -> None:
        flushed.append(descriptor)
        if len(flushed) == 3:
            raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    before = _listing(tmp_path)
    code, _, error = run("adopt", str(path), str(tmp_path / "game"))
    assert code == 2 and "cannot write (No space left on device)" in error, error
    assert len(flushed) == 3
    assert _listing(tmp_path) == before


def test_a_palette_without_sides_keeps_its_markers_out(tmp_path: Path) -> None:
    xml = build_file(pieces=slot("Turn_marker", 3) + slot("Red_Infantry_3-2", 1))
    path = module(
        tmp_path / "m.vmod", xml, images={"images/board.png": png((300, 240)), **counters()}
    )
    code, output, error = run("adopt", str(path), str(tmp_path / "game"))
    assert code == 0, error
    notes = (tmp_path / "game" / "ADOPTED.md").read_text(encoding="utf-8")
    assert (
        "Piece 'Turn_marker' is not drafted as a unit: it has neither a side nor factors." in notes
    )
    assert palette("") and HEX_GRID
