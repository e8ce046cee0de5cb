"""The referee plugin on the engines besides the one the scenes are played on, without a
stavka to run, and with a referee service that ends (issue 26). Apart from
test_referee_plugin.py, so that the two run side by side under pytest-xdist."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support.engine import IN_ENGINE
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


@pytest.mark.parametrize(
    ("engine", "game"),
    # 3.8 on the smallest module only: the engine tests are at CI's time budget.
    [("3.7", game) for game in sorted(SCENES)] + [("3.8", "rks")],
)
def test_referee_on_newer_vassal(
    built: dict[str, Path],
    setup_saves: dict[tuple[str, str], Path],
    tmp_path: Path,
    engine: str,
    game: str,
) -> None:
    scene = SCENES[game]
    steps: list[dict[str, object]] = [
        {"side": scene.side},
        *scene.position,
        {"save": "before.vsav"},
        {"button": "Referee"},
        ANSWER_WAIT,
    ]
    report = play(
        built[game], setup_saves[(game, scene.setup)], steps, tmp_path, "--engine", engine
    )
    assert all(action["errors"] == [] for action in report["actions"])
    check = referee("check", str(tmp_path / "before.vsav"), "--as", scene.side)
    assert drawn_marks(plugin_lines(report["actions"])) == expected_marks(
        check, set(shipped_game(game).units)
    )


def test_without_stavka_one_line_and_the_player_keeps_working(
    built: dict[str, Path], setup_saves: dict[tuple[str, str], Path], tmp_path: Path
) -> None:
    steps: list[dict[str, object]] = [
        {"button": "Referee"},
        {"wait": 3},
        move_step("ro-14id", "2107"),
    ]
    report = play(built["tps"], setup_saves[("tps", "1")], steps, tmp_path, with_stavka=False)
    actions = report["actions"]
    assert all(action["errors"] == [] for action in actions)
    lines = plugin_lines(actions)
    assert len(lines) == 1 and "not installed (not on the PATH" in lines[0]
    assert any("moves" in line for line in actions[2]["chat"])
    assert actions[2]["changed"]


def test_a_referee_service_that_ended_is_started_again(
    built: dict[str, Path], setup_saves: dict[tuple[str, str], Path], tmp_path: Path
) -> None:
    folder = tmp_path / "bin"
    folder.mkdir()
    # A service that answers one request and ends, as one that crashed would.
    wrapper = folder / "stavka"
    wrapper.write_text(f'#!/bin/sh\nhead -n 1 | "{STAVKA}" "$@"\n', encoding="utf-8")
    wrapper.chmod(0o755)
    steps: list[dict[str, object]] = [{"button": "Referee"}, ANSWER_WAIT] * 2
    report = play(built["tps"], setup_saves[("tps", "1")], steps, tmp_path, stavka_folder=folder)
    actions = report["actions"]
    assert all(action["errors"] == [] for action in actions)
    for press in (actions[0:2], actions[2:4]):
        assert answer_time(plugin_lines(press)) > 0
