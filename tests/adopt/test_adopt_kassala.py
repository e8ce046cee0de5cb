"""Issue 41 on a real module made by other people: Kassala (``../shared/corpus/kassala``,
VASSAL 3.6.6, a hex grid with no numbering, its default set-up as a save inside it).

The expected values are worked out by hand from the module's own build file and set-up,
before the draft was read: the grid is ``dx=227.90000000000052 dy=265.8999999999995
x0=51 y0=55`` with no numbering, so the numbers are Stavka's (first H, offsets 1,
stagger). A piece at map (734, 718) is in raw column floor((734-51)/227.9+0.5) = 3
(odd), row round((718-55-132.95)/265.9) = 2; stagger adds one to an odd column's row, so
it is "0404"; (734, 1250) gives column 3, row round(3.994) = 4, so "0406"; (506, 586)
column 2 (even), row round(1.997) = 2, so "0303".
"""

from __future__ import annotations

import json
import shutil
import tomllib
import zipfile
from pathlib import Path
from typing import Any

import pytest

from builder.saves.positions import position_from_save
from builder.saves.reading import piece_properties
from builder.vassal.reader import read_saved_game
from builder.vassal.commands import (
    Command,
    CommandGroup,
    Logged,
    MovePiece,
    decode_saved_game,
    encode_saved_game,
)
from builder.vassal.savefile import decode_save_bytes
from rules.data.loader import load_game
from tests.adopt.corpus import KASSALA, KASSALA_SETUP, NEEDS_CORPUS, adopted, designed_kassala
from tests.cli.test_cli import run

pytestmark = NEEDS_CORPUS


@pytest.fixture(scope="module")
def draft(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return adopted(KASSALA, tmp_path_factory.mktemp("adopt") / "kassala")


@pytest.fixture(scope="module")
def designed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return designed_kassala(tmp_path_factory.mktemp("designed"))


def _toml(folder: Path, name: str) -> Any:
    return tomllib.loads((folder / name).read_text(encoding="utf-8"))


def test_the_grid_is_the_modules_own_and_the_numbers_say_they_are_stavkas(draft: Path) -> None:
    board = _toml(draft, "map.toml")["map"][0]["board"][0]
    assert board["grid"] == {
        "dx": 227.90000000000052,
        "dy": 265.8999999999995,
        "x0": 51,
        "y0": 55,
        "sideways": False,
    }
    assert board["size"] == [2048, 2593] and board["origin"] == [0, 0]
    assert board["reconstructed"] is True and "numbers no hexes" in board["note"]
    assert board["numbering"]["stagger"] is True and board["numbering"]["h_off"] == 1


def test_the_board_is_the_modules_own_picture_byte_for_byte(draft: Path) -> None:
    with zipfile.ZipFile(KASSALA) as module:
        own = module.read("images/Mapboard.png")
    assert (draft / "images" / "Mapboard.png").read_bytes() == own
    assert _toml(draft, "module.toml")["module"]["boards"] == {"Kassala": "images/Mapboard.png"}


def test_each_piece_of_the_set_up_is_a_unit_with_its_side_and_factors_read(draft: Path) -> None:
    units = {unit["id"]: unit for unit in _toml(draft, "units.toml")["unit"]}
    assert len(units) == 23
    nubians = [unit for unit in units.values() if unit["name"].startswith("Moslem Infantry 3-2")]
    assert len(nubians) == 3
    nubian = nubians[0]
    assert nubian["side"] == "moslem" and nubian["arm"] == "infantry"
    assert nubian["steps"] == [{"attack": 3, "defence": 3, "movement": 2}]
    assert nubian["reconstructed"] is True
    assert "palette folder 'Moslem Units'" in nubian["note"]
    assert "combat-movement" in nubian["note"] and "its name" in nubian["note"]
    cannon = units["christian_cannon_1_0_1"]
    assert cannon["arm"] == "artillery" and cannon["side"] == "christian"
    pieces = _toml(draft, "module.toml")["module"]["piece"]
    by_name = {piece["name"]: piece for piece in pieces}
    assert by_name["Moslem_Cannon_1-0"]["units"] == [
        "moslem_cannon_1_0_1",
        "moslem_cannon_1_0_2",
        "moslem_cannon_1_0_3",
    ]
    assert by_name["Moslem_Cannon_1-0"]["image"] == "images/Moslem_Cannon_1-0.png"


def test_the_default_set_up_is_a_scenario_piece_by_piece(draft: Path) -> None:
    (scenario,) = _toml(draft, "scenarios.toml")["scenario"]
    assert scenario["name"] == "Default Setup" and len(scenario["setup"]) == 23
    at = {item["unit"]: item["at"] for item in scenario["setup"]}
    assert [at[f"moslem_cannon_1_0_{number}"] for number in (1, 2, 3)] == ["0404"] * 3
    assert at["christian_infantry_4_2_portuguese_1"] == "0406"
    assert at["moslem_infantry_3_2_nubian_1"] == "0303"
    assert scenario["reconstructed"] is True and "last_turn" in scenario["note"]


def test_the_terrain_draft_follows_the_pictures_colours(draft: Path) -> None:
    terrain = _toml(draft, "terrain.toml")["map"][0]["terrain"]
    assert terrain["reconstructed"] is True
    # Seen in the picture: the three darker fortified hexes (Udaka's "P" and Kassala's
    # two), the sea along the bottom, paper beyond the printed hexes, open tan ground.
    assert {"0406", "0905", "0906"} <= set(terrain["light_brown"])
    assert {"0211", "0510", "0910"} <= set(terrain["cyan"])
    assert {"0101", "0501"} <= set(terrain["white"])
    assert {"0303", "0505"} <= set(terrain["tan"])
    text = (draft / "terrain.toml").read_text(encoding="utf-8")
    assert '"0406",  # #b78b51' in text
    sides = _toml(draft, "terrain.toml")["map"][0]["hexsides"]
    assert {"0302/0403", "0304/0404"} <= set(sides["hexside_light_brown"])
    types = {item["id"]: item for item in _toml(draft, "game.toml")["terrain"]}
    assert types["light_brown"]["fill"] == "#b78b51" and types["light_brown"]["reconstructed"]
    assert "#b78b51" in types["light_brown"]["note"]


def test_the_referee_skeleton_names_what_the_designer_must_state(draft: Path) -> None:
    text = (draft / "game.toml").read_text(encoding="utf-8")
    for table in ("stacking", "zoc", "movement", "combat", "supply"):
        assert f"# [referee.{table}]" in text
    assert "stacks 3 units in one hex (0404 of 'Default Setup')" in text
    assert "docs/designers/adopting-a-module.md" in text
    assert "[referee" not in text.replace("# [referee", "")


def test_the_draft_validates_builds_and_transcribe_lists_what_remains(
    draft: Path, tmp_path: Path
) -> None:
    code, output, error = run("validate", str(draft))
    assert code == 0, error
    assert "23 units (23 reconstructed)" in output
    code, output, error = run("transcribe", str(draft))
    assert code == 0, error
    lines = output.splitlines()
    assert lines[-1] == f"{len(lines) - 1} values still reconstructed"
    assert any("map.toml" in line and "numbers no hexes" in line for line in lines)
    assert any(
        "terrain.toml" in line and "generated: correct it in map.toml" in line for line in lines
    )
    code, output, error = run("build", str(draft), "--dist", str(tmp_path))
    assert code == 0, error
    with zipfile.ZipFile(tmp_path / "kassala.vmod") as built, zipfile.ZipFile(KASSALA) as own:
        assert built.read("images/board-kassala.png") == own.read("images/Mapboard.png")
        assert built.read("images/units/moslem_cannon_1_0_1.png") == own.read(
            "images/Moslem_Cannon_1-0.png"
        )


def test_the_module_s_own_set_up_is_judged_after_the_designers_minimum(designed: Path) -> None:
    code, output, error = run("validate", str(designed))
    assert code == 0, error
    position = position_from_save(KASSALA_SETUP, designed)
    assert len(position.units) == 23
    placed = {state.unit.id: state.location for state in position.units}
    assert placed["moslem_cannon_1_0_2"] == "0404"
    assert placed["christian_infantry_4_2_portuguese_1"] == "0406"
    assert position.pieces["moslem_cannon_1_0_1"] == "1648473853369"
    code, output, error = run("check", str(KASSALA_SETUP), "--module", str(designed))
    assert code == 0, error
    # Three cannons in 0404 are within the limit of 3; no two enemies are adjacent.
    assert output.splitlines()[:4] == [
        "Kassala, turn 1 — 0 verdicts",
        "Summary",
        "  supply: moslem none; christian none",
        "  violations: none",
    ]


NUBIAN_IN_0304, NUBIAN_IN_0303 = "1648473853377", "1648473853373"


def _moved_save(
    tmp_path: Path,
    moves: dict[str, tuple[int, int]],
    name: str = "moved.vsav",
    logged: bool = False,
) -> Path:
    """The module's own set-up with pieces moved after it (piece id to map pixel), as
    VASSAL's move commands, each a logged step in a log: plain command text, as VASSAL 2
    wrote files."""
    tree = decode_saved_game(decode_save_bytes(KASSALA_SETUP.read_bytes()).text)
    *start, end = tree.commands
    added: list[Command] = [
        MovePiece(piece_id, "Main Map", x, y, None, "Main Map", 0, 0, None, None)
        for piece_id, (x, y) in moves.items()
    ]
    if logged:
        added = [Logged(command) for command in added]
    path = tmp_path / name
    path.write_text(encode_saved_game(CommandGroup((*start, *added, end))), encoding="utf-8")
    return path


def test_a_move_of_the_modules_pieces_is_judged_by_hand(designed: Path, tmp_path: Path) -> None:
    # The third Nubian (3-2, piece 1648473853377, in 0304) moves to 0305 at (506, 1118),
    # next to the Portuguese 4-2 in fortified 0406. Worked by hand from the designer's
    # data: each stands in the other's zone (neither is a gun); odds 3 : 4 round down to
    # the 1-2 column, and the fortified hex's shift left would pass the table's end, so
    # the column stays 1-2: rolls 1-6 give AE AE AR AR NE DR.
    save = _moved_save(tmp_path, {"1648473853377": (506, 1118)})
    code, output, error = run("check", str(save), "--module", str(designed))
    assert code == 0, error
    assert (
        "hex 0305: in enemy ZOC — exerted by christian_infantry_4_2_portuguese_1 in 0406 "
        "[rule zones of control]"
    ) in output
    assert "hex 0406: in enemy ZOC — exerted by moslem_infantry_3_2_nubian_3 in 0305" in output
    code, output, error = run(
        "odds", str(save), "--module", str(designed), "--attack", "0406", "--from", "0305"
    )
    assert code == 0, error
    assert "strength 3 : 4" in output and "Fortified: -1 column" in output
    rolls = [
        line.split(": ")[1] for line in output.splitlines() if line.strip().startswith("roll ")
    ]
    assert rolls == ["AE", "AE", "AR", "AR", "NE", "DR"]
    code, by_piece, error = run(
        "odds",
        str(save),
        "--module",
        str(designed),
        "--attack",
        "piece:1648473853393",
        "--from",
        "piece:1648473853377",
    )
    assert code == 0 and by_piece == output, error
    page = tmp_path / "moved.html"
    code, output, error = run("report", str(save), "--module", str(designed), "-o", str(page))
    assert code == 0, error
    assert "moslem_infantry_3_2_nubian_3" in page.read_text(encoding="utf-8")
    code, output, error = run("audit", str(KASSALA_SETUP), str(save), "--module", str(designed))
    assert code == 0, error
    assert "moslem_infantry_3_2_nubian_3: legal — cheapest legal path: costs 2 MP" in output
    assert "path: 0304 0305" in output


def test_a_save_of_the_module_needs_its_adopted_game(designed: Path) -> None:
    code, _, error = run("check", str(KASSALA_SETUP))
    assert code == 2
    assert "a save of a module Stavka adopted is judged with --module" in error
    code, _, error = run("check", str(KASSALA_SETUP), "--module", str(KASSALA))
    assert code == 2 and "give the extension `stavka extension` wrote for it" in error


def test_an_over_stacked_hex_of_the_module_is_a_breach_with_its_place_on_the_map(
    designed: Path, tmp_path: Path
) -> None:
    # The first Nubian (piece 1648473853373) joins the three cannons in 0404 at (734, 718):
    # four Moslem units where the designer's limit is three.
    save = _moved_save(tmp_path, {"1648473853373": (734, 718)})
    code, output, error = run(
        "check", str(save), "--module", str(designed), "--format", "json", "--as", "Moslem"
    )
    assert code == 0, error
    answer = json.loads(output)
    (breach,) = [verdict for verdict in answer["verdicts"] if verdict["violation"]]
    assert breach["places"] == ["0404"] and breach["rules"] == ["stacking"]
    assert breach["points"] == [{"map": "Main Map", "x": 734, "y": 718}]
    assert breach["mark"]["meaning"] == "breach"


def test_judged_with_the_folder_or_its_extension_alike(designed: Path, tmp_path: Path) -> None:
    extension = tmp_path / "kassala-referee.vmdx"
    code, output, error = run(
        "extension", str(designed), "--for", str(KASSALA), "-o", str(extension)
    )
    assert code == 0, error
    with_folder = run("check", str(KASSALA_SETUP), "--module", str(designed), "--format", "json")
    with_extension = run(
        "check", str(KASSALA_SETUP), "--module", str(extension), "--format", "json"
    )
    assert with_folder == with_extension and with_folder[0] == 0
    assert load_game(str(designed)).adopted is not None


def test_an_annotated_copy_marks_the_modules_own_pieces(designed: Path, tmp_path: Path) -> None:
    # A supply rule added to a copy of the designer's folder (a line of at most 6 hexes to
    # a base of each side): whatever each unit's state, the copy carries it on the very
    # piece the unit was read from, for each of the 23.
    folder = tmp_path / "kassala"
    shutil.copytree(designed, folder)
    with (folder / "map.toml").open("a", encoding="utf-8") as stream:
        stream.write(
            '\n[[map.supply_source]]\nside = "moslem"\nkind = "base"\nhexes = ["0302"]\n'
            '\n[[map.supply_source]]\nside = "christian"\nkind = "base"\nhexes = ["0909"]\n'
        )
    with (folder / "game.toml").open("a", encoding="utf-8") as stream:
        stream.write('\n[referee.supply]\nsection = "supply"\nlength = 6\nsource_kind = "base"\n')
    copy = tmp_path / "checked.vsav"
    code, output, error = run(
        "check", str(KASSALA_SETUP), "--module", str(folder), "--annotate", str(copy)
    )
    assert code == 0, error
    assert f"{copy}: supply state on 23 pieces" in output + error
    read = position_from_save(copy, folder)
    assert len(read.units) == 23
    saved = read_saved_game(copy)
    marked = [piece for piece in saved.pieces if "Supply" in piece_properties(piece)]
    assert len(marked) == 23
    assert {piece.id for piece in marked} == set(read.pieces.values())


def test_a_log_of_the_module_is_audited_step_by_step(designed: Path, tmp_path: Path) -> None:
    # Two logged moves: the third Nubian to 0305 (next to the Portuguese in 0406), then the
    # first Nubian onto the cannons in 0404 (four units where three are allowed).
    log = _moved_save(
        tmp_path,
        {NUBIAN_IN_0304: (506, 1118), NUBIAN_IN_0303: (734, 718)},
        "game.vlog",
        logged=True,
    )
    code, output, error = run("audit", str(log), "--module", str(designed))
    assert code == 0, error
    lines = output.splitlines()
    assert lines[0].endswith("Kassala, 2 logged steps")
    # Each logged move is an entry of the ledger, the unit read through module.toml and
    # the move judged legal by the designer's data (as recorded when the audit came to
    # judge moves of a data game by its own rules); four units in 0404 breach its limit
    # of three, worked by hand.
    text = "\n".join(lines)
    assert (
        "  [1] moslem movement: moslem_infantry_3_2_nubian_3: legal — cheapest legal path: "
        "costs 2 MP of its allowance of 2 [rule movement, zones of control]\n"
        "        path: 0304 0305"
    ) in text
    assert (
        "  [2] moslem movement: moslem_infantry_3_2_nubian_1: legal — cheapest legal path: "
        "costs 1 MP of its allowance of 2 [rule movement]\n"
        "        path: 0303 0404"
    ) in text
    assert (
        "  [2] stacking: hex 0404: over-stacked — 4 units count toward the limit of 3 "
        "[rule stacking]"
    ) in text
    code, output, error = run("check", str(log), "--module", str(designed))
    assert code == 0, error
    assert "hex 0404: over-stacked — 4 units count toward the limit of 3 [rule stacking]" in output
