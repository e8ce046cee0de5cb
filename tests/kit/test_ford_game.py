"""The Ford (games/ford), the example game shipped with Stavka, through every command a
module maker uses: validate, build, pnp, check, odds and report — refereed by the
``[referee]`` table of its data alone — and a user's copy of it judged with its module."""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import pytest
from pypdf import PdfReader

from rules.data.loader import games_directory
from tests.cli.test_cli import run

POSITIONS = Path(__file__).parents[1] / "referee" / "positions" / "ford"


def _copy(tmp_path: Path, name: str = "myford") -> Path:
    folder = tmp_path / name
    shutil.copytree(games_directory() / "ford", folder)
    return folder


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _setup_save(module: Path, target: Path) -> Path:
    with zipfile.ZipFile(module) as archive:
        target.write_bytes(archive.read("setups/ford-ford.vsav"))
    return target


def test_the_ford_is_built_printed_and_refereed(tmp_path: Path) -> None:
    code, output, error = run("build", "ford", "--dist", str(tmp_path))
    assert code == 0, error
    save = _setup_save(tmp_path / "ford.vmod", tmp_path / "ford.vsav")
    code, output, error = run("check", str(save))
    assert code == 0, error
    lines = output.splitlines()
    assert lines[0] == "The Ford, turn 1 — 11 verdicts"
    assert "  supply: vale 5 in supply; crag 5 in supply" in lines
    assert "  victory: Draw if the game ended now — Vale 0 VP - Crag 0 VP = 0" in lines
    assert "  violations: none" in lines
    assert "v2: in supply — 2 hexes to the depot in 0103 (limit 4) [rule 8]" in lines

    code, output, error = run(
        "odds", str(POSITIONS / "24-odds-artillery.toml"), "--attack", "0203", "--from", "0103,0202"
    )
    assert code == 0, error
    assert "artillery attacker: +1 to the die [rule 7.5]" in output
    assert "final column 1-1, die modifier +1" in output

    page = tmp_path / "report.html"
    position = POSITIONS / "02-stack-three.toml"
    code, _, error = run("report", str(position), "-o", str(page))
    assert code == 0, error
    html = page.read_text(encoding="utf-8")
    assert "over-stacked" in html and "no referee for this game" not in html
    assert "Vale zones of control" in html and "Crag zones of control" in html

    code, _, error = run("pnp", "ford", "--paper", "a4", "--output-dir", str(tmp_path))
    assert code == 0, error
    pdf = PdfReader(tmp_path / "ford-pnp-a4.pdf")
    text = " ".join(page.extract_text() for page in pdf.pages)
    assert "The Ford" in text and "Stalingrad" not in text


def test_a_copy_of_the_ford_is_judged_with_its_own_module(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    _edit(folder / "game.toml", 'id = "ford"', 'id = "myford"')
    # The copy's stacking limit is 1: its own set-up then stacks two units too many.
    _edit(folder / "game.toml", "limit = 2", "limit = 1")
    _edit(folder / "scenarios.toml", '{ unit = "v5", at = "0103" }', '{ unit = "v5", at = "0104" }')
    _edit(folder / "scenarios.toml", '{ unit = "c5", at = "0804" }', '{ unit = "c5", at = "0805" }')
    module = tmp_path / "myford.vmod"
    code, _, error = run("build", str(folder), "-o", str(module))
    assert code == 0, error
    with zipfile.ZipFile(module) as archive:
        save = tmp_path / "game.vsav"
        save.write_bytes(archive.read("setups/myford-ford.vsav"))
    code, output, error = run("check", str(save), "--module", str(module))
    assert code == 0, error
    assert "  violations: none" in output.splitlines()
    code, _, error = run("check", str(save))
    assert code == 2 and "not a game shipped with Stavka" in error


def test_a_set_up_the_data_referee_finds_over_stacked_is_refused(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    # 0103 then holds the Lancers, the Guns and the headquarters: two count (5.2), allowed.
    _edit(folder / "scenarios.toml", '{ unit = "v4", at = "0102" }', '{ unit = "v4", at = "0103" }')
    code, _, error = run("validate", str(folder))
    assert code == 0, error
    # With the 1st Foot there too, three count: over the limit of two (5.1).
    _edit(folder / "scenarios.toml", '{ unit = "v1", at = "0202" }', '{ unit = "v1", at = "0103" }')
    code, _, error = run("validate", str(folder))
    assert code == 2 and error.count("\n") == 1
    assert "scenarios.toml:" in error and "over-stacked" in error and "5" in error


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('not_counted = ["headquarters"]', 'not_counted = ["hq_unit"]', "unknown arm 'hq_unit'"),
        ("entry_cost = 1", "entry_kost = 1", "unknown key 'entry_kost'"),
        ('table = "crt"', 'table = "odds"', "unknown odds table 'odds'"),
        ('source_kind = "depot"', 'source_kind = "dump"', "unknown supply source kind 'dump'"),
        ("die_modifier = 1\n", "", "a modifier needs a column_shift or a die_modifier"),
    ],
)
def test_referee_data_mistakes_are_refused_at_their_line(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    folder = _copy(tmp_path)
    _edit(folder / "game.toml", old, new)
    code, _, error = run("validate", str(folder))
    assert code == 2 and error.count("\n") == 1, error
    assert "game.toml:" in error and message in error, error


def test_a_referee_table_in_an_area_game_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "my-rks"
    shutil.copytree(games_directory() / "rks", folder)
    game = folder / "game.toml"
    game.write_text(
        game.read_text(encoding="utf-8")
        + '\n[referee.stacking]\nsection = "1"\nlimit = 2\n\n[referee.movement]\nsection = "2"\n'
        + '\n[referee.combat]\nsection = "3"\n',
        encoding="utf-8",
    )
    code, _, error = run("validate", str(folder))
    assert code == 2 and error.count("\n") == 1, error
    assert "game.toml:" in error and "played on areas" in error
