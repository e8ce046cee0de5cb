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
from tests.support.answer_waits import played_in_time
from tests.support.engine import VCHECK, vcheck_report
from tests.support.engine_slots import start_engine

STAVKA = Path(sys.executable).with_name("stavka")
PREFIX = "Referee: "
VCHECK_DEFAULT = "3.6"
"""The engine vcheck runs without ``--engine``: the modules' own, VASSAL 3.6."""
TIMED = re.compile(r" \((\d+) ms from the press\)\.$")


def play(
    module: Path,
    save: Path | None,
    steps: Sequence[Mapping[str, object]],
    folder: Path,
    *options: str,
    with_stavka: bool = True,
    stavka_folder: Path = STAVKA.parent,
    environment: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """vcheck's report of ``steps`` played on ``save`` in ``module`` (None: on a new
    game, its at-start stacks placed); ``with_stavka`` puts
    ``stavka_folder`` (the worktree's program) first on the PATH, else the PATH holds only
    the system's folders; ``environment`` adds to the Player's environment. Answer
    waits are brief, and the steps are played again patiently when an answer came late
    (:func:`tests.support.answer_waits.played_in_time`), a recording stavka's record
    of the first run forgotten."""
    system = "/usr/local/bin:/usr/bin:/bin"
    path = f"{stavka_folder}:{system}" if with_stavka else system
    engine = options[options.index("--engine") + 1] if "--engine" in options else VCHECK_DEFAULT

    def played(paced: list[dict[str, object]]) -> dict[str, Any]:
        actions = folder / "steps.json"
        actions.write_text(json.dumps(paced), encoding="utf-8")
        completed = start_engine(
            [
                str(VCHECK),
                str(module),
                *([] if save is None else [str(save)]),
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
            env={**os.environ, "PATH": path, **(environment or {})},
        )
        report = vcheck_report(completed)
        return report

    return played_in_time(
        played,
        steps,
        engine,
        before_again=lambda: _forget_record(stavka_folder),
    )


RECORDER = """\
#!{python}
import json, os, stat, subprocess, sys
service = subprocess.Popen([{stavka!r}, *sys.argv[1:]], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
with open({record!r}, "a", encoding="utf-8") as record:
    for line in sys.stdin.buffer:
        try:
            request = json.loads(line)
            save = request["args"][1]
            modes = [oct(stat.S_IMODE(os.stat(path).st_mode)) for path in (save, os.path.dirname(save))]
        except (ValueError, LookupError, TypeError, OSError) as error:
            request, modes = line.decode("utf-8", "replace"), [repr(error)]
        service.stdin.write(line)
        service.stdin.flush()
        answer = service.stdout.readline()
        sys.stdout.buffer.write(answer)
        sys.stdout.flush()
        record.write(json.dumps({{"request": request, "modes": modes, "answer": json.loads(answer)}}) + "\\n")
        record.flush()
"""
"""A ``stavka`` that passes every request line to the worktree's service and keeps, for
each, the request, the file modes of its save and of the save's folder, and the answer."""


RECORD = "served.jsonl"
"""The file a recording stavka keeps its records in, beside it."""
RECORDING_BIN = "recording-bin"
"""The folder a recording stavka is made in."""


def _forget_record(stavka_folder: Path) -> None:
    """Remove what a recording stavka in ``stavka_folder`` recorded, if it is one: the
    first run's records before its steps are played again; any other folder is left be."""
    if stavka_folder.name == RECORDING_BIN:
        (stavka_folder / RECORD).unlink(missing_ok=True)


def recording_stavka(folder: Path) -> tuple[Path, Path]:
    """A folder holding a ``stavka`` that records what the plugin asks and is answered
    (:data:`RECORDER`), and the file the records go to, one JSON line each."""
    bin_folder = folder / RECORDING_BIN
    bin_folder.mkdir()
    record = bin_folder / RECORD
    wrapper = bin_folder / "stavka"
    wrapper.write_text(
        RECORDER.format(python=sys.executable, stavka=str(STAVKA), record=str(record)),
        encoding="utf-8",
    )
    wrapper.chmod(0o755)
    return bin_folder, record


def served(record: Path) -> list[dict[str, Any]]:
    """What a :func:`recording_stavka` recorded: each request, its save's modes, its answer."""
    if not record.exists():
        return []
    return [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]


def plugin_lines(actions: Sequence[Mapping[str, Any]]) -> list[str]:
    """The plugin's chat lines over ``actions``, without the chat's decoration."""
    lines = [line.lstrip("- ") for action in actions for line in action["chat"]]
    return [line[len(PREFIX) :] for line in lines if line.startswith(PREFIX)]


NOTICE = "asking Stavka "
"""How the plugin's once-only line naming the program it asks begins (issue 39)."""


def answer_lines(actions: Sequence[Mapping[str, Any]]) -> list[str]:
    """The plugin's chat lines over ``actions`` but the notice naming the program asked."""
    return [line for line in plugin_lines(actions) if not line.startswith(NOTICE)]


CHECKED = re.compile(r"^(\d+) verdicts in the Referee panel, (?:.*, )?(\d+) marked on the map ")


def checked(lines: Sequence[str]) -> tuple[int, int]:
    """The verdicts shown in the panel and the marks drawn, as the check's one chat line says."""
    found = [match for line in lines if (match := CHECKED.match(line))]
    assert len(found) == 1, lines
    return int(found[0].group(1)), int(found[0].group(2))


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


def expected_marks(check: Mapping[str, Any], unit_ids: set[str]) -> int:
    """How many marks the overlay draws for a ``stavka check`` answer: one on each marked
    verdict's unit where the unit's piece is known to the player, else one on each of its
    places."""
    count = 0
    for verdict in check["verdicts"]:
        if verdict["mark"] is not None:
            count += 1 if verdict["unit"] in unit_ids else len(verdict["places"])
    return count


def saved_game(path: Path) -> str:
    """The command text of a save: what restores the game, without the file's metadata."""
    return read_save_file(path).text
