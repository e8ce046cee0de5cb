"""A designer's own game judged everywhere with its module (issue 37, item 4).

Hill 112 (``tests/kit/hill``, made with ``stavka new`` as the issue's tester made it,
reduced to what matters here: an arm drawn with a picture of its own and a 2-2-7 unit)
is built as a designer builds it. Every referee command and the service take
``--module``; without it each says in one line to add it; a save of an earlier build is
judged with the module given and a note that the data differ, unless its pieces cannot be
matched; the module carries the picture its data names, so the report draws it.
"""

from __future__ import annotations

import base64
import io
import json
import shutil
import zipfile
from pathlib import Path

import pytest
from PIL import Image

from builder.carried_data import read_module_game
from builder.cli.machine_commands import serve
from builder.report.counters import face_sheet
from builder.saves.names import data_entry
from rules.referee.position import UnitState
from tests.cli.test_cli import run

HILL = Path(__file__).resolve().parents[1] / "kit" / "hill"
MODULE_NAME = "'Hill 112 (Stavka)'"
PICTURE_PINK = (230, 0, 200)
SAPPERS = "v4"
"""Vale Sappers, 2-2-7, drawn with the game's own picture (pioneers.png), set up in 0402
across the river from c1 on the hill (0502)."""
COMMANDS: dict[str, tuple[str, ...]] = {
    "check": ("check", "{save}"),
    "odds": ("odds", "{save}", "--attack", "0502", "--from", "0402"),
    "duel": ("duel", "{save}", "v1", "c1"),
    "air": ("air", "{save}"),
    "audit": ("audit", "{save}"),
    "report": ("report", "{save}", "-o", "{page}"),
}


def _build(folder: Path, dist: Path) -> tuple[Path, Path]:
    """``folder`` built into ``dist`` as a designer builds it; its module and set-up."""
    code, output, error = run("build", str(folder), "--dist", str(dist))
    assert (code, error) == (0, ""), output
    module = dist / f"{folder.name}.vmod"
    save = dist / f"{folder.name}-start.vsav"
    with zipfile.ZipFile(module) as archive:
        save.write_bytes(archive.read("setups/hill-ford.vsav"))
    return module, save


@pytest.fixture(scope="module")
def designer(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The designer's game folder: a copy of the fixture, to change and build again."""
    folder = tmp_path_factory.mktemp("designer") / "hill"
    shutil.copytree(HILL, folder)
    return folder


@pytest.fixture(scope="module")
def first_build(designer: Path) -> tuple[Path, Path]:
    return _build(designer, designer.parent / "first")


@pytest.fixture(scope="module")
def rebuilt(designer: Path, first_build: tuple[Path, Path]) -> Path:
    """The module built again after the designer gave the sappers a stronger attack."""
    units = designer / "units.toml"
    text = units.read_text(encoding="utf-8")
    old = "steps = [{ attack = 2, defence = 2, movement = 7 }]"
    assert text.count(old) == 1
    units.write_text(text.replace(old, old.replace("attack = 2", "attack = 6")), "utf-8")
    try:
        return _build(designer, designer.parent / "second")[0]
    finally:
        units.write_text(text, encoding="utf-8")


def _arguments(command: str, save: Path) -> list[str]:
    page = save.with_name(f"{save.stem}-{command}.html")
    return [part.format(save=save, page=page) for part in COMMANDS[command]]


@pytest.mark.parametrize("command", COMMANDS)
def test_without_the_module_each_command_says_in_one_line_to_give_it(
    first_build: tuple[Path, Path], command: str
) -> None:
    _, save = first_build
    code, output, error = run(*_arguments(command, save))
    assert (code, output) == (2, ""), error
    assert error.count("\n") == 1 and error.startswith("stavka: "), error
    assert "'hill', which is not a game shipped with Stavka" in error
    assert MODULE_NAME in error and "--module MODULE.vmod" in error


@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_judges_the_save_with_the_module(
    first_build: tuple[Path, Path], command: str
) -> None:
    module, save = first_build
    code, output, error = run(*_arguments(command, save), "--module", str(module))
    if command in ("duel", "air"):
        # The module's data loaded, the game itself has no duels or air missions.
        assert code == 2 and error.count("\n") == 1, error
        assert "Hill 112" in error and "no such option" not in error.lower(), error
        return
    assert (code, error) == (0, ""), error
    assert {
        "check": "Hill 112, turn 1",
        "odds": f"    {SAPPERS} in 0402: 2",
        "audit": "Audit of ",
        "report": "wrote ",
    }[command] in output


def test_the_service_takes_the_module(first_build: tuple[Path, Path]) -> None:
    module, save = first_build
    answers = io.StringIO()
    requests = [
        ["check", str(save), "--module", str(module), "--as", "vale", "--format", "json"],
        ["odds", str(save), "--attack", "0502", "--from", "0402", "--module", str(module)]
        + ["--format", "json"],
        ["check", str(save), "--format", "json"],
    ]
    serve(
        io.BytesIO("".join(json.dumps({"args": args}) + "\n" for args in requests).encode()),
        answers,
    )
    checked, odds, without = (json.loads(line) for line in answers.getvalue().splitlines())
    assert checked["exit"] == 0 and checked["answer"]["game"] == "hill"
    assert "notes" not in checked
    assert odds["exit"] == 0 and odds["answer"]["text"]
    assert without["exit"] == 2 and "--module MODULE.vmod" in without["error"]


def test_a_save_of_an_earlier_build_is_judged_with_the_rebuilt_module_and_a_note(
    first_build: tuple[Path, Path], rebuilt: Path
) -> None:
    _, old_save = first_build
    code, output, error = run(
        "odds", str(old_save), "--attack", "0502", "--from", "0402", "--module", str(rebuilt)
    )
    assert code == 0, error
    # Judged with the new data: the sappers attack with 6, not the 2 their piece shows.
    assert f"    {SAPPERS} in 0402: 6" in output, output
    assert error.count("\n") == 1 and error.startswith("stavka: note: "), error
    assert f"{old_save}:moduledata: made with the data of hill (digest " in error
    assert f"that {rebuilt} carries: the data differ" in error
    for command in ("check", "audit", "report"):
        code, _, error = run(*_arguments(command, old_save), "--module", str(rebuilt))
        assert code == 0 and error.startswith("stavka: note: ") and error.count("\n") == 1
    answers = io.StringIO()
    request = ["check", str(old_save), "--module", str(rebuilt), "--format", "json"]
    serve(io.BytesIO((json.dumps({"args": request}) + "\n").encode()), answers)
    answer = json.loads(answers.getvalue())
    assert answer["exit"] == 0
    assert len(answer["notes"]) == 1 and "the data differ" in answer["notes"][0]


def test_a_save_of_an_earlier_build_whose_pieces_cannot_be_matched_is_refused(
    designer: Path, first_build: tuple[Path, Path], tmp_path: Path
) -> None:
    folder = tmp_path / "hill"
    shutil.copytree(designer, folder)
    for name in ("units.toml", "scenarios.toml"):
        path = folder / name
        path.write_text(path.read_text("utf-8").replace('"c1"', '"c9"'), "utf-8")
    renamed = _build(folder, tmp_path / "dist")[0]
    _, old_save = first_build
    code, output, error = run("check", str(old_save), "--module", str(renamed))
    assert (code, output) == (2, ""), error
    assert error.count("\n") == 1 and "stavka: note" not in error
    assert "unknown hill unit 'c1'; made with the data of hill (digest" in error
    assert f"that {renamed} carries" in error


def test_the_module_carries_the_picture_its_data_names_and_the_report_draws_it(
    first_build: tuple[Path, Path],
) -> None:
    module, save = first_build
    with zipfile.ZipFile(module) as archive:
        assert archive.read(data_entry("pioneers.png")) == (HILL / "pioneers.png").read_bytes()
    _, spec = read_module_game(module)
    assert spec.arms["pioneers"].image_data == (HILL / "pioneers.png").read_bytes()
    page = save.with_name("picture.html")
    code, _, error = run("report", str(save), "-o", str(page), "--module", str(module))
    assert (code, error) == (0, ""), error
    sheet = face_sheet(spec)
    face = sheet.images[sheet.face_of(UnitState(spec.units[SAPPERS], "0402", None, 1), False)]
    assert face in page.read_text(encoding="utf-8")
    picture = Image.open(io.BytesIO(base64.b64decode(face.split(",", 1)[1]))).convert("RGB")
    assert PICTURE_PINK in {colour for _, colour in picture.getcolors(1 << 16) or []}
