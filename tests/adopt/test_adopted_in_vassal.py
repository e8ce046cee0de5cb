"""Issue 41 in the real engine: a module someone else made, unchanged, with the referee
added by ``stavka extension``, played as a player plays it on VASSAL 3.6, 3.7 and 3.8;
the hex names of adopted grids as the engine gives them; and the module Stavka builds of
an adopted game.

The extension goes where the Player finds it: the folder ``Kassala_ext`` beside the
module file, which here is a link to the corpus's own file, so the module is not even
copied. The moves and verdicts are those worked by hand in ``test_adopt_kassala.py``.
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path
from typing import Any

import pytest

from builder.saves.names import DIE_BUTTON
from rules.data.loader import load_game
from rules.hexgrid import HexMap
from tests.adopt.corpus import (
    KASSALA,
    KASSALA_SETUP,
    NEEDS_CORPUS,
    TEMPLATE,
    adopted,
    designed_kassala,
)
from tests.adopt.test_adopt_template import zoned_module
from tests.cli.test_cli import run
from tests.support.answer_waits import ANSWER, FIRST_ANSWER
from tests.support.engine import ENGINES, IN_ENGINE, MAIN_ENGINE, engine_option, run_vcheck
from tests.support.plugin import checked, play, plugin_lines, recording_stavka, served

pytestmark = [*IN_ENGINE, NEEDS_CORPUS]

NUBIAN_IN_0304, NUBIAN_IN_0303 = "1648473853377", "1648473853373"
PORTUGUESE_IN_0406 = "1648473853393"


def _pixel(hex_map: HexMap, label: str) -> dict[str, object]:
    hex_ = hex_map.parse(label)
    assert hex_ is not None
    x, y = hex_map.pixel_centre(hex_)
    return {"map": hex_map.name, "x": x, "y": y}


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The unchanged module beside its extension folder holding the referee, and the
    designed game folder."""
    base = tmp_path_factory.mktemp("table")
    folder = designed_kassala(base)
    (base / "Kassala.vmod").symlink_to(KASSALA)
    extension = base / "Kassala_ext" / "kassala-referee.vmdx"
    extension.parent.mkdir()
    code, output, error = run("extension", str(folder), "--for", str(KASSALA), "-o", str(extension))
    assert code == 0, error
    return base / "Kassala.vmod", folder


def _steps(hex_map: HexMap) -> list[dict[str, object]]:
    return [
        {"side": "Moslem"},
        {"move": {"id": NUBIAN_IN_0304}, "to": _pixel(hex_map, "0305")},
        {"move": {"id": NUBIAN_IN_0303}, "to": _pixel(hex_map, "0404")},
        {"button": "Referee"},
        FIRST_ANSWER,
        {"select": {"id": NUBIAN_IN_0304}},
        {"button": "Odds"},
        {"select": {"id": PORTUGUESE_IN_0406}},
        {"button": "Odds"},
        ANSWER,
        {"button": "Declare"},
        {"save": "played.vsav"},
    ]


@pytest.mark.parametrize("engine", ENGINES)
def test_the_referee_answers_in_the_unchanged_module(
    table: tuple[Path, Path], tmp_path: Path, engine: str
) -> None:
    module, folder = table
    hex_map = load_game(str(folder)).maps[0].hex_map
    assert hex_map is not None
    shots = tmp_path / "shots"
    options = [*engine_option(engine), "--strict", "--timeout", "240"]
    if engine == MAIN_ENGINE:
        options += ["--screenshot", str(shots)]
    bin_folder, record = recording_stavka(tmp_path)
    report: dict[str, Any] = play(
        module, KASSALA_SETUP, _steps(hex_map), tmp_path, *options, stavka_folder=bin_folder
    )
    assert report["ok"], (report.get("errors"), report.get("warnings"), report.get("lint"))
    assert re.search(r"Extension kassala-referee v\S+ loaded", " ".join(report["chat"]))
    # The chat says how many verdicts the Referee panel lists and how many are marked;
    # the panel shows the answers recorded here.
    lines = plugin_lines(report["actions"])
    assert checked(lines) == (3, 1)
    assert "1 attacker noted; now select the defender and press Odds again." in lines
    check, odds = (item["answer"]["answer"] for item in served(record))
    assert check["text"][0] == "Kassala, turn 1 — 3 verdicts (as the Moslem player sees it)"
    (breach,) = [verdict for verdict in check["verdicts"] if verdict["mark"]]
    assert breach["places"] == ["0404"] and breach["violation"]
    assert "  strength 3 : 4" in odds["text"]
    assert any(line.strip().startswith("roll 6: DR") for line in odds["text"]), odds["text"]
    declared = [
        line for action in report["actions"] for line in action["chat"] if "Attack declared" in line
    ]
    assert declared and "(odds 1-2, die +0)" in declared[0]
    saved = tmp_path / "played.vsav"
    with zipfile.ZipFile(saved) as archive:
        assert b"<name>Kassala</name>" in archive.read("moduledata")
    code, output, error = run("check", str(saved), "--module", str(folder), "--as", "Moslem")
    assert code == 0, error
    assert output.splitlines()[0] == "Kassala, turn 1 — 3 verdicts (as the Moslem player sees it)"
    assert "hex 0404: over-stacked — 4 units count toward the limit of 3 [rule stacking]" in output
    assert DIE_BUTTON == "1d6"
    if engine == MAIN_ENGINE:
        assert (shots / "main.png").is_file()


def _probe_save(path: Path, module: Path, map_name: str, board: str, hex_map: HexMap) -> None:
    """A save of ``module`` with one piece at the centre of each hex of ``hex_map``, named
    as Stavka names the hex."""
    with zipfile.ZipFile(module) as archive:
        module_data = archive.read("moduledata")
    adds = [""]
    for number, hex_ in enumerate(hex_map.hexes()):
        x, y = hex_map.pixel_centre(hex_)
        position = f"{map_name};{x};{y}"
        adds.append(f"+/p{number}/piece;;;;{hex_map.label(hex_)}/{position};0;0")
        adds.append(f"+/s{number}/stack/{position};p{number};@@0")
    text = "\x1b".join(
        [
            "begin_save",
            "",
            ("\\" + "\x1b").join(adds),
            f"{map_name}BoardPicker\t{board}\t0\t0",
            "end_save",
        ]
    )
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("savedGame", text.encode())
        archive.writestr("moduledata", module_data)


@pytest.mark.parametrize("kind", ["template", "zoned"])
def test_the_engine_names_every_hex_as_the_adopted_data_does(tmp_path: Path, kind: str) -> None:
    module = TEMPLATE if kind == "template" else zoned_module(tmp_path / "zoned.vmod")
    folder = adopted(module, tmp_path / kind)
    hex_map = load_game(str(folder)).maps[0].hex_map
    assert hex_map is not None
    save = tmp_path / "probe.vsav"
    _probe_save(save, module, hex_map.name, hex_map.boards[0].name, hex_map)
    code, report = run_vcheck(module, save, "--timeout", "240")
    assert code in (0, 1), report
    saved = report["saved_game"]
    assert isinstance(saved, dict)
    engine_names = {
        piece["name"]: piece["location"]
        for piece in saved["pieces"]
        if piece["map"] == hex_map.name
    }
    assert len(engine_names) == len(list(hex_map.hexes())) > 20
    assert {name: where for name, where in engine_names.items() if name != where} == {}


def test_the_module_stavka_builds_of_an_adopted_game_loads_clean(
    table: tuple[Path, Path], tmp_path: Path
) -> None:
    _, folder = table
    code, output, error = run("build", str(folder), "--dist", str(tmp_path))
    assert code == 0, error
    setup = tmp_path / "setups" / "kassala-default_setup.vsav"
    code, report = run_vcheck(
        tmp_path / "kassala.vmod", setup, "--view", "--strict", "--timeout", "240"
    )
    assert code == 0, (report.get("errors"), report.get("warnings"), report.get("lint"))
    shown = {item["name"]: item["showing"] for item in report["view"]["maps"]}
    assert shown["Main Map"] is True
    pieces = report["saved_game"]["pieces"]
    cannons = [piece for piece in pieces if piece["name"].startswith("Moslem Cannon 1-0")]
    assert len(cannons) == 3 and {piece["location"] for piece in cannons} == {"0404"}


def test_the_attached_copy_has_the_unit_menu_an_extension_cannot_add(
    table: tuple[Path, Path], tmp_path: Path
) -> None:
    _, folder = table
    attached = tmp_path / "Kassala-referee.vmod"
    code, output, error = run("attach", str(KASSALA), "--game", str(folder), "-o", str(attached))
    assert code == 0, error
    hex_map = load_game(str(folder)).maps[0].hex_map
    assert hex_map is not None
    nubian = {"name": "Moslem_Infantry_3-2_Nubian", "limit": 1}
    steps: list[dict[str, object]] = [
        {"side": "Moslem"},
        {"move": nubian, "to": _pixel(hex_map, "0404")},
        {"button": "Referee"},
        FIRST_ANSWER,
        {"menu": "Referee: verdicts", "select": nubian},
    ]
    # No save: File > New Game, whose at-start stacks place the copy's own pieces.
    bin_folder, record = recording_stavka(tmp_path)
    report: dict[str, Any] = play(
        attached,
        None,
        steps,
        tmp_path,
        *engine_option(MAIN_ENGINE),
        "--strict",
        "--view",
        stavka_folder=bin_folder,
    )
    assert report["ok"], (report.get("errors"), report.get("warnings"), report.get("lint"))
    menu = report["actions"][4]
    assert menu["errors"] == [] and "Referee: verdicts" in menu["menu"]
    check = served(record)[0]["answer"]["answer"]
    assert "  violations: 1 — hex 0404 over-stacked" in check["text"]
    assert plugin_lines(report["actions"])[-1] == "the verdicts on 1 unit is in the Referee panel."
