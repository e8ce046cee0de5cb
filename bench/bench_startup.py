"""``stavka check`` as a player waits for it: start-up, game data, the check, each timed.

Run ``.venv/bin/python -m bench.bench_startup [--repeats N]``. For every shipped set-up
it writes the set-up as a position file, then, in fresh processes:

- the whole ``stavka check FILE`` as a user runs it, the first time (game data cache
  empty) and again (the cache filled by the first run): medians of wall time;
- the same steps inside one fresh process, each timed: importing the command (click,
  the referee, the loader), reading the position and its game data, checking, and
  printing the verdicts.

Timings vary by machine and load; compare ratios and shares, never a fixed threshold.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.bench_referee import SETUPS, position_file
from rules.data.loader import load_game
from rules.referee.position import setup_position

_STEPS = """
import json, sys, time
start = time.perf_counter()
import click
from builder.cli import check_commands
from rules.referee.games import referee_for
imported = time.perf_counter()
position = check_commands.load_position(__import__("pathlib").Path(sys.argv[1]))
loaded = time.perf_counter()
verdicts = referee_for(position).check()
checked = time.perf_counter()
text = "\\n".join(verdict.as_text() for verdict in verdicts)
printed = time.perf_counter()
print(json.dumps([imported - start, loaded - imported, checked - loaded, printed - checked]))
"""


def _stavka(path: Path, cache: Path) -> float:
    environment = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    start = time.perf_counter()
    subprocess.run([str(Path(sys.executable).with_name("stavka")), "check", str(path)], check=True,
                   stdout=subprocess.DEVNULL, env=environment)
    return time.perf_counter() - start


def _steps(path: Path, cache: Path) -> list[float]:
    environment = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    output = subprocess.run([sys.executable, "-c", _STEPS, str(path)], check=True, capture_output=True, text=True,
                            env=environment).stdout
    steps: list[float] = json.loads(output)
    return steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7, help="timed runs per measure (median reported)")
    arguments = parser.parse_args()
    print(f"Fresh processes, medians of {arguments.repeats}; first run: empty game data cache; second: filled\n")
    print("| set-up | units | first run s | second run s | import s | load s | check s | print s |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as folder:
        for game, scenario in SETUPS:
            position = setup_position(load_game(game), scenario)
            path = position_file(position, Path(folder))
            first = []
            for index in range(arguments.repeats):
                first.append(_stavka(path, Path(folder) / f"empty-{game}-{scenario}-{index}"))
            warm = Path(folder) / "warm"
            _stavka(path, warm)
            second = [_stavka(path, warm) for _ in range(arguments.repeats)]
            steps = [_steps(path, warm) for _ in range(arguments.repeats)]
            split = [statistics.median(step[index] for step in steps) for index in range(4)]
            print(
                f"| {game} {scenario} | {len(position.units)} | {statistics.median(first):.3f} "
                f"| {statistics.median(second):.3f} | " + " | ".join(f"{value:.3f}" for value in split) + " |"
            )


if __name__ == "__main__":
    main()
