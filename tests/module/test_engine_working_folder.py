"""An engine run leaves nothing where it was started (issue 35, item 23).

VASSAL writes an empty error log, ``CONF_DIR_IS_UNDEFINED/errorLog-VERSION``, into the
working folder of a run that saves a game; run from the checkout, that folder was once
committed. Every engine run of the tests (:func:`tests.support.engine_slots.engine_process`)
now has a working folder of its own, removed after it."""

from __future__ import annotations

import json
import os
import subprocess
import zipfile
from pathlib import Path

import pytest

from builder.build import build_game
from rules.data.loader import load_game
from tests.support.engine import IN_ENGINE, run_vcheck
from tests.support.engine_log import engine_log

pytestmark = IN_ENGINE

CHECKOUT = Path(__file__).resolve().parents[2]


def _listing(folder: Path) -> set[str]:
    return set(os.listdir(folder))


def test_an_engine_run_that_saves_leaves_nothing_in_the_checkout_or_where_it_ran(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = build_game(load_game("ford"), tmp_path / "dist", lambda _step: None).path
    save = tmp_path / "ford.vsav"
    with zipfile.ZipFile(module) as archive:
        save.write_bytes(archive.read("setups/ford-ford.vsav"))
    started_in = tmp_path / "started-in"
    started_in.mkdir()
    monkeypatch.chdir(started_in)
    checkout_before = _listing(CHECKOUT)
    steps = tmp_path / "steps.json"
    steps.write_text(json.dumps([{"save": str(tmp_path / "saved.vsav")}]), encoding="utf-8")
    status, report = run_vcheck(module, save, "--actions", str(steps))
    assert status == 0, (report.get("errors"), report.get("warnings"))
    assert (tmp_path / "saved.vsav").stat().st_size > 0
    code, report = engine_log(
        module, save, [{"save": str(tmp_path / "logged.vsav")}], tmp_path / "game.vlog"
    )
    assert code == 0, report.get("errors")
    assert (tmp_path / "logged.vsav").stat().st_size > 0
    assert _listing(started_in) == set()
    assert _listing(CHECKOUT) - checkout_before == set()
    assert not (CHECKOUT / "CONF_DIR_IS_UNDEFINED").exists()


def test_the_engines_error_log_folder_is_neither_committed_nor_committable() -> None:
    git = ["git", "-C", str(CHECKOUT)]
    try:
        tracked = subprocess.run(
            [*git, "ls-files", "CONF_DIR_IS_UNDEFINED"], capture_output=True, text=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    assert tracked == ""
    ignored = subprocess.run(
        [*git, "check-ignore", "-q", "CONF_DIR_IS_UNDEFINED/errorLog-3.7.26"], check=False
    )
    assert ignored.returncode == 0
