"""The referee plugin on the engines besides the one the scenes are played on, without a
stavka to run, and with a referee service that ends (issue 26). Apart from
test_referee_plugin.py, so that the two run side by side under pytest-xdist; this file's
plays run side by side too, as many as the run's engine slots allow."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from tests.support.engine import IN_ENGINE, at_once
from tests.support.games import shipped_game
from tests.support.plugin import (
    STAVKA,
    answer_time,
    drawn_marks,
    expected_marks,
    play,
    plugin_lines,
    referee,
)
from tests.support.plugin_scenes import ANSWER_WAIT, SCENES, move_step

pytestmark = IN_ENGINE

NEWER = [("3.7", game) for game in sorted(SCENES)] + [("3.8", "rks")]
"""3.8 on the smallest module only: the engine tests are at CI's time budget."""


def _on_newer(scene_game: str) -> list[dict[str, object]]:
    scene = SCENES[scene_game]
    return [
        {"side": scene.side},
        *scene.position,
        {"save": "before.vsav"},
        {"button": "Referee"},
        ANSWER_WAIT,
    ]


WITHOUT_STAVKA: list[dict[str, object]] = [
    {"button": "Referee"},
    {"wait": 3},
    move_step("ro-14id", "2107"),
]
TWO_PRESSES: list[dict[str, object]] = [{"button": "Referee"}, ANSWER_WAIT] * 2


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
    """Every play of this file's tests, side by side as the run's engine slots allow:
    vcheck's report and the folder it played in, by test."""
    calls: dict[str, Callable[[], dict[str, Any]]] = {}
    folders: dict[str, Path] = {}
    for engine, game in NEWER:
        name = f"{engine}-{game}"
        folders[name] = tmp_path_factory.mktemp(f"newer-{name}")
        calls[name] = partial(
            play,
            built[game],
            setup_saves[(game, SCENES[game].setup)],
            _on_newer(game),
            folders[name],
            "--engine",
            engine,
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


@pytest.mark.parametrize(("engine", "game"), NEWER)
def test_referee_on_newer_vassal(
    plays: dict[str, tuple[dict[str, Any], Path]], engine: str, game: str
) -> None:
    report, folder = plays[f"{engine}-{game}"]
    scene = SCENES[game]
    assert all(action["errors"] == [] for action in report["actions"])
    check = referee("check", str(folder / "before.vsav"), "--as", scene.side)
    assert drawn_marks(plugin_lines(report["actions"])) == expected_marks(
        check, set(shipped_game(game).units)
    )


def test_without_stavka_one_line_and_the_player_keeps_working(
    plays: dict[str, tuple[dict[str, Any], Path]],
) -> None:
    actions = plays["without stavka"][0]["actions"]
    assert all(action["errors"] == [] for action in actions)
    lines = plugin_lines(actions)
    assert len(lines) == 1 and lines[0].startswith("cannot run 'stavka'") and "PATH" in lines[0]
    assert any("moves" in line for line in actions[2]["chat"])
    assert actions[2]["changed"]


def test_a_referee_service_that_ended_is_started_again(
    plays: dict[str, tuple[dict[str, Any], Path]],
) -> None:
    actions = plays["service ends"][0]["actions"]
    assert all(action["errors"] == [] for action in actions)
    for press in (actions[0:2], actions[2:4]):
        assert answer_time(plugin_lines(press)) > 0
