"""The referee plugin on the engines besides the one the scenes are played on, on a module
built from one's own copy of a game's data, without a stavka to run, and with a referee
service that ends (issues 26, 35, 37). Apart from test_referee_plugin.py, so that the two
run side by side under pytest-xdist; the plays of :func:`plays` run side by side too, as
many as the run's engine slots allow."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from builder.build import build_game
from rules.data.loader import load_game
from tests.support.engine import IN_ENGINE, at_once
from tests.support.games import shipped_game
from tests.support.plugin import (
    NOTICE,
    STAVKA,
    answer_time,
    checked,
    expected_marks,
    play,
    plugin_lines,
    recording_stavka,
    referee,
    served,
)
from tests.support.answer_waits import ANSWER, FIRST_ANSWER
from tests.support.plugin_scenes import SCENES, move_step

pytestmark = IN_ENGINE

GAMES = Path(__file__).resolve().parents[2] / "games"


OTHER_ENGINES = [("3.6", "rks"), ("3.8", "rks")]
"""One press on each engine besides 3.7, on the smallest module: the engine tests are at
CI's time budget."""
WITHOUT_STAVKA: list[dict[str, object]] = [
    {"button": "Referee"},
    FIRST_ANSWER,
    move_step("ro-14id", "2107"),
]
TWO_PRESSES: list[dict[str, object]] = [{"button": "Referee"}, FIRST_ANSWER] * 2


def _on_other_engine(game: str) -> list[dict[str, object]]:
    scene = SCENES[game]
    return [
        {"side": scene.side},
        *scene.position,
        {"save": "before.vsav"},
        {"button": "Referee"},
        FIRST_ANSWER,
        {"side": scene.other},
        {"button": "Declare attack"},
    ]


def _service_that_ends(folder: Path) -> Path:
    """A folder holding a ``stavka`` that answers one request and ends, as one that
    crashed would."""
    folder.mkdir()
    wrapper = folder / "stavka"
    wrapper.write_text(f'#!/bin/sh\nhead -n 1 | "{STAVKA}" "$@"\n', encoding="utf-8")
    wrapper.chmod(0o755)
    return folder


@pytest.fixture(scope="module")
def plays(
    built: dict[str, Path],
    setup_saves: dict[tuple[str, str], Path],
    tmp_path_factory: pytest.TempPathFactory,
) -> dict[str, tuple[dict[str, Any], Path]]:
    """The plays of the tests below, side by side as the run's engine slots allow:
    vcheck's report and the folder it played in, by test."""
    calls: dict[str, Callable[[], dict[str, Any]]] = {}
    folders: dict[str, Path] = {}
    for engine, game in OTHER_ENGINES:
        name = f"{engine}-{game}"
        folders[name] = tmp_path_factory.mktemp(f"engine-{name}")
        calls[name] = partial(
            play,
            built[game],
            setup_saves[(game, SCENES[game].setup)],
            _on_other_engine(game),
            folders[name],
            "--engine",
            engine,
            "--timeout",
            "400",
        )
    tps_1 = (built["tps"], setup_saves[("tps", "1")])
    folders["without stavka"] = tmp_path_factory.mktemp("without-stavka")
    calls["without stavka"] = partial(
        play, *tps_1, WITHOUT_STAVKA, folders["without stavka"], with_stavka=False
    )
    folders["service ends"] = tmp_path_factory.mktemp("service-ends")
    calls["service ends"] = partial(
        play,
        *tps_1,
        TWO_PRESSES,
        folders["service ends"],
        stavka_folder=_service_that_ends(folders["service ends"] / "bin"),
    )
    reports = at_once(list(calls.values()))
    return {name: (report, folders[name]) for name, report in zip(calls, reports, strict=True)}


@pytest.mark.parametrize(("engine", "game"), OTHER_ENGINES)
def test_referee_on_other_vassal_versions(
    plays: dict[str, tuple[dict[str, Any], Path]], engine: str, game: str
) -> None:
    report, folder = plays[f"{engine}-{game}"]
    scene = SCENES[game]
    actions = report["actions"]
    assert all(action["errors"] == [] for action in actions)
    check = referee("check", str(folder / "before.vsav"), "--as", scene.side)
    assert checked(plugin_lines(actions)) == (
        len(check["verdicts"]),
        expected_marks(check, set(shipped_game(game).units)),
    )
    assert plugin_lines(actions[-1:]) == ["ask for the odds of an attack first, then declare it."]


def test_a_module_built_from_ones_own_copy_is_judged_by_that_copy(tmp_path: Path) -> None:
    """Issue 37 item 4: the plugin passes the module the Player opened, so a copy of The
    Ford with its own title is judged with the copy's data, not the shipped game's."""
    copy = tmp_path / "my-ford"
    shutil.copytree(GAMES / "ford", copy)
    game_toml = copy / "game.toml"
    game_toml.write_text(
        game_toml.read_text(encoding="utf-8").replace(
            'title = "The Ford"', 'title = "The Ford, my copy"'
        ),
        encoding="utf-8",
    )
    module = build_game(load_game(str(copy)), tmp_path / "dist", lambda _step: None).path
    save = tmp_path / "ford.vsav"
    with zipfile.ZipFile(module) as archive:
        setup = next(name for name in archive.namelist() if name.startswith("setups/"))
        save.write_bytes(archive.read(setup))
    bin_folder, record = recording_stavka(tmp_path)
    steps: list[dict[str, object]] = [
        {"side": "Vale"},
        {"button": "Referee"},
        FIRST_ANSWER,
        {"button": "ZOC & front"},
        ANSWER,
    ]
    report = play(
        module,
        save,
        steps,
        tmp_path,
        "--engine",
        "3.7",
        "--timeout",
        "400",
        stavka_folder=bin_folder,
    )
    assert all(action["errors"] == [] for action in report["actions"])
    records = served(record)
    assert [item["answer"]["exit"] for item in records] == [0, 0]
    assert all(f"--module={module}" in item["request"]["args"] for item in records)
    headline = records[0]["answer"]["answer"]["text"][0]
    assert headline.startswith("The Ford, my copy, turn 1")
    assert checked(plugin_lines(report["actions"][1:3]))
    # Without the module, Stavka does not judge the copy's save with the shipped data.
    refused = subprocess.run(
        [str(STAVKA), "check", str(save)], capture_output=True, text=True, check=False
    )
    assert refused.returncode == 2 and "--module" in refused.stderr


def test_without_stavka_one_line_and_the_player_keeps_working(
    plays: dict[str, tuple[dict[str, Any], Path]],
) -> None:
    actions = plays["without stavka"][0]["actions"]
    assert all(action["errors"] == [] for action in actions)
    lines = plugin_lines(actions)
    assert len(lines) == 1 and "not installed (not on the PATH" in lines[0]
    assert any("moves" in line for line in actions[2]["chat"])
    assert actions[2]["changed"]


def test_a_referee_service_that_ended_is_started_again(
    plays: dict[str, tuple[dict[str, Any], Path]],
) -> None:
    actions = plays["service ends"][0]["actions"]
    assert all(action["errors"] == [] for action in actions)
    for press in (actions[0:2], actions[2:4]):
        assert answer_time(plugin_lines(press)) > 0


BAD_ANSWERS = [
    "not json",
    "[" * 100_000 + "]" * 100_000,
    '{"exit": 0, "answer": {"version": 3}}',
    '{"exit": 0, "answer": {"version": 3, "hidden": false, "text": "a line", "verdicts": []}}',
    '{"exit": 0, "answer": {"version": 3, "hidden": false, "text": [], "verdicts": [{"line": 5}]}}',
    '{"exit": 0, "answer": {"version": 3, "hidden": false, "text": [], "verdicts": [{"line": "x",'
    ' "unit": null, "places": [], "violation": false, "mark": {"colour": "red", "symbol": "!"}}]}}',
    '{"exit": 0, "answer": {"version": 3, "hidden": "no", "text": []}}',
    '{"exit": 0, "answer": {"version": 3, "hidden": true, "text": ["the hand: A\\u2660 K\\u2665"]}}',
    '{"exit": 0, "answer": {"version": 2, "hidden": false, "text": []}}',
    '{"exit": 2, "error": null}',
    '{"exit": "0"}',
    '{"exit": 0, "answer": {"version": 3, "hidden": false, "text": ["\\ud800"], "verdicts": []}}',
]
"""Answers no stavka gives: each must be one chat line, and never VASSAL's error dialog."""


def test_every_bad_answer_is_one_line_and_no_error_dialog(
    built: dict[str, Path], setup_saves: dict[tuple[str, str], Path], tmp_path: Path
) -> None:
    """Issue 35 item 14: every answer path of the plugin is total."""
    folder = tmp_path / "bin"
    folder.mkdir()
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(BAD_ANSWERS) + "\n", encoding="utf-8")
    fake = folder / "stavka"
    fake.write_text(
        f"#!{sys.executable}\nimport sys\n"
        f"answers = open({str(answers)!r}, encoding='utf-8').read().splitlines()\n"
        "for line, answer in zip(sys.stdin, answers):\n"
        "    print(answer, flush=True)\n",
        encoding="utf-8",
    )
    fake.chmod(0o755)
    steps: list[dict[str, object]] = [{"side": "Axis"}]
    for number, _ in enumerate(BAD_ANSWERS):
        steps += [{"button": "Referee"}, ANSWER if number else FIRST_ANSWER]
    report = play(
        built["tps"],
        setup_saves[("tps", "1")],
        steps,
        tmp_path,
        "--engine",
        "3.7",
        "--timeout",
        "400",
        stavka_folder=folder,
    )
    actions = report["actions"]
    assert [action["errors"] for action in actions if action["errors"]] == []
    assert all(action["dialogs"] == [] for action in actions)
    # The first answer the plugin reads also says once which Stavka gave it (issue 39).
    notices = [line for line in plugin_lines(actions) if line.startswith(NOTICE)]
    assert len(notices) == 1
    for number in range(len(BAD_ANSWERS)):
        lines = plugin_lines(actions[1 + 2 * number : 3 + 2 * number])
        lines = [line for line in lines if line not in notices]
        assert len(lines) == 1, (BAD_ANSWERS[number][:80], lines)
        assert "♠" not in lines[0] and "♥" not in lines[0]
