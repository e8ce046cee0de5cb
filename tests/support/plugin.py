"""Driving the referee plugin in the real engine, and reading what it showed.

vcheck plays the steps as a player (``--actions``) with the worktree's ``stavka`` first on
the PATH (or without it), from a folder of the test's own, so the saves the steps write
land there. The plugin's lines are the chat lines it adds with ``GameModule.warn``; the
last one names every mark it drew.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from builder.vassal.savefile import read_save_file
from tests.support.engine import VCHECK
from tests.support.engine_slots import start_engine

STAVKA = Path(sys.executable).with_name("stavka")
PREFIX = "Referee: "
MARKED = "marked "
NOTHING = "nothing to mark"
VCHECK_DEFAULT = "3.6"
"""The engine vcheck runs without ``--engine``: the modules' own, VASSAL 3.6."""
TIMED = re.compile(r" \((\d+) ms from the press\)\.$")


def play(
    module: Path,
    save: Path,
    steps: Sequence[Mapping[str, object]],
    folder: Path,
    *options: str,
    with_stavka: bool = True,
    stavka_folder: Path = STAVKA.parent,
) -> dict[str, Any]:
    """vcheck's report of ``steps`` played on ``save`` in ``module``; ``with_stavka`` puts
    ``stavka_folder`` (the worktree's program) first on the PATH, else the PATH holds only
    the system's folders."""
    actions = folder / "steps.json"
    actions.write_text(json.dumps(list(steps)), encoding="utf-8")
    system = "/usr/local/bin:/usr/bin:/bin"
    path = f"{stavka_folder}:{system}" if with_stavka else system
    engine = options[options.index("--engine") + 1] if "--engine" in options else VCHECK_DEFAULT
    completed = start_engine(
        [
            str(VCHECK),
            str(module),
            str(save),
            "--compact",
            "--no-state",
            "--actions",
            str(actions),
            *options,
        ],
        engine,
        1,
        timeout=900,
        check=False,
        cwd=folder,
        env={**os.environ, "PATH": path},
    )
    try:
        report: dict[str, Any] = json.loads(completed.stdout)
    except json.JSONDecodeError as error:
        raise AssertionError(
            f"vcheck printed no JSON (exit {completed.returncode}): {completed.stderr[-2000:]}"
        ) from error
    return report


def plugin_lines(actions: Sequence[Mapping[str, Any]]) -> list[str]:
    """The plugin's chat lines over ``actions``, without the chat's decoration."""
    lines = [line.lstrip("- ") for action in actions for line in action["chat"]]
    return [line[len(PREFIX) :] for line in lines if line.startswith(PREFIX)]


def drawn_marks(lines: Sequence[str]) -> set[str]:
    """The marks the plugin says it drew: ``meaning subject`` (a unit) or ``meaning place``."""
    marked = [TIMED.sub("", line) for line in lines if line.startswith((MARKED, NOTHING))]
    assert len(marked) == 1, lines
    return set(marked[0][len(MARKED) :].split("; ")) if marked[0].startswith(MARKED) else set()


def answer_time(lines: Sequence[str]) -> float:
    """Seconds from the press to the marks drawn, as the plugin's last line says."""
    found = [TIMED.search(line) for line in lines]
    times = [float(match.group(1)) / 1000 for match in found if match]
    assert len(times) == 1, lines
    return times[0]


def referee(*arguments: str) -> dict[str, Any]:
    """``stavka ARGUMENTS --format json`` of the worktree, parsed."""
    completed = subprocess.run(
        [str(STAVKA), *arguments, "--format", "json"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    answer: dict[str, Any] = json.loads(completed.stdout)
    return answer


def expected_marks(check: Mapping[str, Any], unit_ids: set[str]) -> set[str]:
    """What the overlay must mark for a ``stavka check`` answer: each marked verdict's unit
    where the unit's piece is known to the player, else each of its places."""
    expected = set()
    for verdict in check["verdicts"]:
        mark = verdict["mark"]
        if mark is None:
            continue
        if verdict["unit"] in unit_ids:
            expected.add(f"{mark['meaning']} {verdict['subject']}")
        else:
            expected |= {f"{mark['meaning']} {place}" for place in verdict["places"]}
    return expected


def saved_game(path: Path) -> str:
    """The command text of a save: what restores the game, without the file's metadata."""
    return read_save_file(path).text
