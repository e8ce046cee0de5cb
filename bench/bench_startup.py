"""``stavka check`` as a player waits for it: start-up, game data, the check, each timed.

Run ``.venv/bin/python -m bench.bench_startup [--repeats N] [--instructions]``. It takes
every shipped set-up in both forms a player meets it: each hex-game scenario written as
a position file, and each predefined set-up saved in the built modules (``dist/*.vmod``,
``setups/*.vsav``; run ``scripts/install`` first). For each, in fresh processes:

- the whole ``stavka check FILE`` as a user runs it, the first time (game data cache
  empty) and again (the cache filled by the first run): medians of wall time;
- the same steps inside one fresh process, each timed: importing the command (click,
  the referee, the loader), reading the position and its game data, checking, and
  printing the verdicts;
- with ``--instructions``, the processor instructions of a second run, counted by
  valgrind: unlike time, the count does not move with the machine's load, so it is the
  figure to compare two versions by.

Timings vary by machine and load; compare ratios and shares, never a fixed threshold.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

from bench.bench_referee import position_file
from rules.data.loader import load_game, shipped_games
from rules.referee.position import setup_position

DIST = Path(__file__).resolve().parents[1] / "dist"

_STEPS = """
import json, sys, time
from pathlib import Path
start = time.perf_counter()
from builder.program import start as start_program
start_program("check")
from builder.cli import check_commands
from rules.referee.games import referee_for
imported = time.perf_counter()
position = check_commands.load_position(Path(sys.argv[1]))
loaded = time.perf_counter()
verdicts = referee_for(position).check()
checked = time.perf_counter()
text = "\\n".join(verdict.as_text() for verdict in verdicts)
printed = time.perf_counter()
print(json.dumps([imported - start, loaded - imported, checked - loaded, printed - checked, len(position.units)]))
"""
"""The steps of ``builder.program.run`` and ``stavka check``, each timed. The modules a
command loads lazily (the save reader, the game's referee) count as loading and checking."""

_PROGRAM = "from builder.program import run; run()"


def _environment(cache: Path) -> dict[str, str]:
    return {**os.environ, "XDG_CACHE_HOME": str(cache), "PYTHONHASHSEED": "0"}


def _stavka(path: Path, cache: Path) -> float:
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-c", _PROGRAM, "check", str(path)],
        check=True,
        stdout=subprocess.DEVNULL,
        env=_environment(cache),
    )
    return time.perf_counter() - start


def _steps(path: Path, cache: Path) -> list[float]:
    output = subprocess.run(
        [sys.executable, "-c", _STEPS, str(path)],
        check=True,
        capture_output=True,
        text=True,
        env=_environment(cache),
    ).stdout
    steps: list[float] = json.loads(output)
    return steps


def _instructions(path: Path, cache: Path) -> float:
    """Millions of instructions of one ``stavka check`` (valgrind's count, interpreter included)."""
    result = subprocess.run(
        [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
            sys.executable,
            "-c",
            _PROGRAM,
            "check",
            str(path),
        ],
        check=True,
        capture_output=True,
        text=True,
        env=_environment(cache),
    )
    found = re.search(r"I\s+refs:\s+([\d,]+)", result.stderr)
    assert found is not None, result.stderr[-500:]
    return int(found.group(1).replace(",", "")) / 1e6


def _inputs(folder: Path) -> list[tuple[str, str, Path]]:
    """(set-up, form, file) for every shipped set-up: position files, then module saves."""
    inputs = []
    for game in shipped_games():
        spec = load_game(game)
        if spec.cards is not None:
            continue  # an area game's position file has its own form; its set-up save is below
        for scenario in spec.scenarios:
            inputs.append(
                (
                    f"{game} {scenario}",
                    "position file",
                    position_file(setup_position(spec, scenario), folder),
                )
            )
    for module in sorted(DIST.glob("*.vmod")):
        with zipfile.ZipFile(module) as archive:
            for name in sorted(
                entry for entry in archive.namelist() if re.fullmatch(r"setups/[^/]+\.vsav", entry)
            ):
                target = folder / "saves" / Path(name).name
                target.parent.mkdir(exist_ok=True)
                target.write_bytes(archive.read(name))
                inputs.append((target.stem.replace("-", " ", 1), "module save", target))
    return inputs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--repeats", type=int, default=7, help="timed runs per measure (median reported)"
    )
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="also count a second run's instructions (valgrind)",
    )
    arguments = parser.parse_args()
    if arguments.instructions and shutil.which("valgrind") is None:
        sys.exit("--instructions needs valgrind (apt-get install valgrind)")
    if not any(DIST.glob("*.vmod")):
        print(
            f"No modules in {DIST}: the set-up saves are left out (scripts/install builds them).\n"
        )
    print(
        f"Fresh processes, medians of {arguments.repeats}; first run: empty game data cache; second: filled\n"
    )
    print(
        "| set-up | form | units | first run s | second run s | import s | load s | check s | print s |"
        + (" instructions M |" if arguments.instructions else "")
    )
    print(
        "|---|---|---:|---:|---:|---:|---:|---:|---:|" + ("---:|" if arguments.instructions else "")
    )
    with tempfile.TemporaryDirectory() as folder:
        for setup, form, path in _inputs(Path(folder)):
            first = [
                _stavka(path, Path(folder) / f"empty-{form}-{path.stem}-{index}")
                for index in range(arguments.repeats)
            ]
            warm = Path(folder) / "warm"  # shared: each game's entry is filled by its first input
            _stavka(path, warm)
            second = [_stavka(path, warm) for _ in range(arguments.repeats)]
            steps = [_steps(path, warm) for _ in range(arguments.repeats)]
            split = [statistics.median(step[index] for step in steps) for index in range(4)]
            row = (
                f"| {setup} | {form} | {int(steps[0][4])} | {statistics.median(first):.3f} | {statistics.median(second):.3f} | "
                + " | ".join(f"{value:.3f}" for value in split)
                + " |"
            )
            if arguments.instructions:
                row += f" {_instructions(path, warm):.0f} |"
            print(row, flush=True)


if __name__ == "__main__":
    main()
