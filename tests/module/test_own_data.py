"""Your own copy, honoured everywhere (issue 24): a module carries the data it was built
from, and the referee judges its saves with that data.

The journey of the issue, step by step: copy ``games/tps``, change a unit's printed
values (4-4-5 to 1-1-3), a hex's terrain (fortified to clear), a CRT cell, a town's
name and a VP value; build the copy; take the module's set-up save. ``odds``, ``check`` and ``report``
with ``--module`` use the new values; without it the save is refused in one line that
names the module; a save of the shipped module needs no option.
"""

from __future__ import annotations

import json
import re
import shutil
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from builder.art.counters import face_text
from builder.pnp.cover_pages import reconstruction_notice
from builder.report.counters import face_sheet
from builder.saves.names import data_entry
from rules.data.layout import GAME_FILES
from rules.data.loader import data_digest, games_directory, load_game
from rules.model import GameSpec
from rules.referee.position import UnitState
from tests.cli.test_cli import run
from tests.support.engine import run_vcheck, vcheck_available
from tests.support.games import shipped_game

UNIT = "de-76id"
"""76th Infantry Division, 4-4-5, set up in 2911 next to a Soviet rifle corps in 2910."""
OLD_TOWN, NEW_TOWN = "Voroshilovsk (Donbas)", "Voroshilovgrad of my map"


def _replace_once(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} is not once in {path}"
    path.write_text(text.replace(old, new), encoding="utf-8")


@pytest.fixture(scope="module")
def own_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``games/tps`` copied to ``my-tps`` and changed as a transcriber would."""
    folder = tmp_path_factory.mktemp("own") / "my-tps"
    shutil.copytree(games_directory() / "tps", folder)
    units = (folder / "units.toml").read_text(encoding="utf-8")
    printed = "[[unit.steps]]\nattack = 4\ndefence = 4\nmovement = 5\n"
    steps = units.index(printed, units.index(f'id = "{UNIT}"'))
    (folder / "units.toml").write_text(
        units[:steps] + printed.replace("4", "1").replace("5", "3") + units[steps + len(printed) :],
        encoding="utf-8",
    )
    # Hand corrections go in map.toml, over the generated terrain.toml (README, "Transcribing
    # your copy"): 2910 leaves the Soviet fortified line, and the town in 0114 is renamed.
    with (folder / "map.toml").open("a", encoding="utf-8") as hand:
        hand.write(
            f'\n[map.terrain]\nclear = ["2910"]\n\n[[map.town]]\nname = "{NEW_TOWN}"\nhex = "0114"\nkind = "town"\n'
        )
    # The CRT's 1-3 column, roll 1: Ae becomes De.
    _replace_once(
        folder / "tables.toml",
        '["Ae", "Ae", "Ae", "Ae", "Ar", "Ar", "Br", "Br", "Ex", "Ex", "1/2Ex"],  ',
        '["De", "Ae", "Ae", "Ae", "Ar", "Ar", "Br", "Br", "Ex", "Ex", "1/2Ex"],  ',
    )
    # And the VP schedule: 2 VP, not 1, for each hex from Rostov to the nearest Soviet unit.
    _replace_once(
        folder / "tables.toml",
        'id = "rostov_distance"\npoints = 1\n',
        'id = "rostov_distance"\npoints = 2\n',
    )
    return folder


@pytest.fixture(scope="module")
def own_module(own_copy: Path) -> Path:
    """The copy built as a user builds it, into an output folder of its own."""
    dist = own_copy.parent / "dist"
    code, output, error = run("build", str(own_copy), "--dist", str(dist))
    assert (code, error) == (0, ""), output
    return dist / "my-tps.vmod"


@pytest.fixture(scope="module")
def own_save(own_module: Path) -> Path:
    """Scenario 1's set-up, taken out of the copy's module."""
    save = own_module.parent / "mine-1.vsav"
    with zipfile.ZipFile(own_module) as archive:
        save.write_bytes(archive.read("setups/tps-1.vsav"))
    return save


def test_the_module_carries_the_data_it_was_built_from(own_copy: Path, own_module: Path) -> None:
    with zipfile.ZipFile(own_module) as archive:
        carried = {
            name: archive.read(data_entry(name))
            for name in (*GAME_FILES, "terrain.toml")
            if data_entry(name) in archive.namelist()
        }
        moduledata = archive.read("moduledata").decode()
    assert carried["units.toml"] == (own_copy / "units.toml").read_bytes()
    assert set(carried) == {
        "game.toml",
        "map.toml",
        "units.toml",
        "scenarios.toml",
        "tables.toml",
        "terrain.toml",
    }
    assert f"<extra1>{data_digest(carried)}</extra1>" in moduledata
    assert "<extra2>my-tps</extra2>" in moduledata


def test_odds_with_the_module_use_its_strength_terrain_and_table(
    own_module: Path, own_save: Path
) -> None:
    code, output, error = run(
        "odds", str(own_save), "--attack", "2910", "--from", "2911", "--module", str(own_module)
    )
    assert (code, error) == (0, "")
    assert f"    {UNIT} in 2911: 1" in output
    assert "  strength 1 : 3" in output
    assert "fortified" not in output
    assert "  final column 1-3, die modifier +0" in output
    assert "    roll 1: De" in output


def test_the_shipped_data_would_have_judged_the_same_attack_otherwise(
    built: dict[str, Path], tmp_path: Path
) -> None:
    # The same attack in the shipped module's set-up: 4 : 3, 1-1, -2 for the fortified hex.
    save = tmp_path / "tps-1.vsav"
    with zipfile.ZipFile(built["tps"]) as archive:
        save.write_bytes(archive.read("setups/tps-1.vsav"))
    code, output, error = run("odds", str(save), "--attack", "2910", "--from", "2911")
    assert (code, error) == (0, "")
    assert f"    {UNIT} in 2911: 4" in output
    assert "  final column 1-1, die modifier -2" in output


def test_check_with_the_module_judges_with_its_data(own_module: Path, own_save: Path) -> None:
    # Set up 22 hexes from Rostov, the Soviets give the Axis 2 VP a hex in this copy (1 shipped).
    code, output, error = run("check", str(own_save), "--module", str(own_module))
    assert (code, error) == (0, "")
    assert (
        "  victory: Axis decisive victory if the game ended now — Soviet 0 VP - Axis 44 VP = -44"
        in output.splitlines()
    )
    assert "Rostov: 44 VP to the Axis" in output
    code, output, error = run(
        "check", str(own_save), "--format", "json", "--module", str(own_module)
    )
    assert (code, error) == (0, "")
    assert json.loads(output)["game"] == "tps"


def test_report_with_the_module_draws_the_new_values(
    own_copy: Path, own_module: Path, own_save: Path, tmp_path: Path
) -> None:
    page = tmp_path / "mine.html"
    code, _, error = run(
        "report",
        str(own_save),
        "-o",
        str(page),
        "--module",
        str(own_module),
        "--attack",
        "2910",
        "--from",
        "2911",
    )
    assert (code, error) == (0, "")
    html = page.read_text(encoding="utf-8")
    assert NEW_TOWN in html and OLD_TOWN not in html
    # The counter is drawn from the module's data: 1-3 on its face, not the shipped 4-5.
    own, shipped = load_game(str(own_copy)), shipped_game("tps")
    assert face_text(own.units[UNIT], own, 0).values == "1-3"
    own_face, shipped_face = (_face(spec) for spec in (own, shipped))
    assert own_face != shipped_face
    assert own_face in html and shipped_face not in html


def _face(spec: GameSpec) -> str:
    """The page's picture of the unit's counter at full strength, drawn from ``spec``."""
    sheet = face_sheet(spec)
    return sheet.images[sheet.face_of(UnitState(spec.units[UNIT], "2911", None, 1), False)]


def test_without_the_module_the_save_is_refused_naming_it(own_save: Path) -> None:
    for command in (
        ("check", str(own_save)),
        ("odds", str(own_save), "--attack", "2910", "--from", "2911"),
        ("report", str(own_save), "-o", str(own_save.with_suffix(".html"))),
    ):
        code, output, error = run(*command)
        assert (code, output) == (2, "")
        assert error.count("\n") == 1
        assert (
            "'Turning Point: Stalingrad (Stavka)'" in error
            and "my-tps" in error
            and "--module" in error
        )
    assert not own_save.with_suffix(".html").exists()


def test_a_save_of_the_shipped_module_needs_no_option(
    built: dict[str, Path], tmp_path: Path
) -> None:
    save = tmp_path / "tps-1.vsav"
    with zipfile.ZipFile(built["tps"]) as archive:
        save.write_bytes(archive.read("setups/tps-1.vsav"))
    code, output, error = run("check", str(save))
    assert (code, error) == (0, "")
    assert output.startswith("Turning Point: Stalingrad, turn 1")


def test_a_save_with_the_same_modules_other_data_is_judged_with_a_note(
    built: dict[str, Path], own_save: Path
) -> None:
    """Issue 37, item 4: the module given judges a save of the same module made from
    other data (here the shipped data judge a save of the copy), saying so in one note."""
    code, output, error = run("check", str(own_save), "--module", str(built["tps"]))
    assert code == 0, error
    assert output.startswith("Turning Point: Stalingrad, turn 1")
    assert error.count("\n") == 1 and error.startswith("stavka: note: "), error
    assert "my-tps" in error and "games/tps" in error and "the data differ" in error


def test_a_save_is_refused_with_another_games_module(
    built: dict[str, Path], own_save: Path
) -> None:
    code, _, error = run("check", str(own_save), "--module", str(built["dos"]))
    assert code == 2 and error.count("\n") == 1
    assert "'Turning Point: Stalingrad (Stavka)', not of" in error


def test_a_module_whose_data_was_changed_after_the_build_is_refused(
    own_module: Path, own_save: Path, tmp_path: Path
) -> None:
    tampered = tmp_path / "tampered.vmod"
    with zipfile.ZipFile(own_module) as source, zipfile.ZipFile(tampered, "w") as target:
        for info in source.infolist():
            content = source.read(info)
            if info.filename == data_entry("units.toml"):
                content = content.replace(b"attack = 1\n", b"attack = 9\n", 1)
            target.writestr(info, content)
    code, _, error = run("check", str(own_save), "--module", str(tampered))
    assert code == 2 and "does not match the digest" in error


def test_a_copy_named_like_a_shipped_game_does_not_replace_its_module(
    own_copy: Path, tmp_path: Path
) -> None:
    copy = tmp_path / "tps"
    shutil.copytree(own_copy, copy)
    dist = tmp_path / "dist"
    code, _, error = run("build", str(copy), "--dist", str(dist))
    assert code == 2 and "-o FILE.vmod" in error
    assert not dist.exists()


@pytest.mark.engine
def test_a_game_saved_in_vassal_keeps_the_modules_data_digest(
    own_module: Path, own_save: Path, tmp_path: Path
) -> None:
    # A player moves the changed unit and saves: VASSAL copies moduledata, digest and all,
    # so the referee still knows which data judges the game.
    if not vcheck_available():
        pytest.skip("../shared/tools/vassal-engine/vcheck is not here")
    played = tmp_path / "played.vsav"
    steps = tmp_path / "steps.json"
    steps.write_text(
        json.dumps([{"move": {"property": {"UnitId": UNIT}}, "to": "2912"}, {"save": str(played)}])
    )
    code, report = run_vcheck(
        own_module, own_save, "--compact", "--no-state", "--actions", str(steps)
    )
    assert code == 0, report
    code, output, error = run("check", str(played), "--module", str(own_module))
    assert (code, error) == (0, "")
    assert "Rostov: 44 VP to the Axis" in output
    code, _, error = run("check", str(played))
    assert code == 2 and "my-tps" in error and "--module" in error


def test_the_help_and_the_cover_name_the_folder_the_data_came_from(
    own_copy: Path, own_module: Path, built: dict[str, Path]
) -> None:
    with zipfile.ZipFile(own_module) as archive:
        assert "files (my-tps)," in archive.read("help/help.html").decode()
    with zipfile.ZipFile(built["tps"]) as archive:
        assert "files (games/tps)," in archive.read("help/help.html").decode()
    assert reconstruction_notice(load_game(str(own_copy))).endswith(
        "(my-tps/*.toml): edit it to transcribe your own copy, then print again."
    )


def _rezipped(source: Path, target: Path, change: Callable[[str, bytes], bytes | None]) -> Path:
    """``source`` copied entry by entry to ``target``, each entry through ``change``
    (None drops it)."""
    with (
        zipfile.ZipFile(source) as reading,
        zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as writing,
    ):
        for info in reading.infolist():
            content = change(info.filename, reading.read(info))
            if content is not None:
                writing.writestr(info.filename, content)
    return target


def test_a_save_without_a_digest_is_refused_when_its_pieces_contradict_the_data(
    own_save: Path, tmp_path: Path
) -> None:
    # No moduledata (as VASSAL 2 wrote saves): the pieces' printed values still tell.
    bare = _rezipped(
        own_save,
        tmp_path / "bare.vsav",
        lambda name, content: None if name != "savedGame" else content,
    )
    code, _, error = run("check", str(bare))
    assert code == 2 and error.count("\n") == 1
    assert (
        "76th Infantry Division's Attack1 is 1 on its piece but 4 in the data of games/tps" in error
    )


def test_broken_data_in_a_module_is_one_line_naming_the_entry_and_line(
    own_module: Path, own_save: Path, tmp_path: Path
) -> None:
    broken = b'[[unit]\nid = "x"\n'
    with zipfile.ZipFile(own_module) as archive:
        files = {
            name: archive.read(data_entry(name))
            for name in (*GAME_FILES, "terrain.toml")
            if data_entry(name) in archive.namelist()
        }
    digest = data_digest({**files, "units.toml": broken})

    def change(name: str, content: bytes) -> bytes:
        if name == data_entry("units.toml"):
            return broken
        if name == "moduledata":
            return re.sub(
                rb"<extra1>[^<]*</extra1>", f"<extra1>{digest}</extra1>".encode(), content
            )
        return content

    module = _rezipped(own_module, tmp_path / "broken.vmod", change)
    code, _, error = run("check", str(own_save), "--module", str(module))
    assert code == 2 and error.count("\n") == 1 and "Traceback" not in error
    assert error.startswith(f"stavka: {module}/stavka-data/units.toml:1: TOML syntax")
