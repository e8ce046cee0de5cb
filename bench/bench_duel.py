"""How long a Rattenkrieg duel's answer takes, against the half-second a player waits.

Run ``.venv/bin/python -m bench.bench_duel [--repeats N]``. On the set-up just after a
seeded deal (every card placed, so a player has not seen about forty), it reports the
median time of ``stavka duel`` as a user runs it (a fresh process: start-up, game data,
the exact chances of every card in hand and steps, the strikes, printing), in the
referee's view (both sides' chances) and as one player, then of the computation alone,
and of ``stavka check`` on the same position, beside a bare Python start for scale. Each
line gives its share of 0.5 s and its ratio to the bare start. Timings vary by machine
and load; compare ratios, never a fixed threshold.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.timing import median_seconds
from rules.data.loader import load_game
from rules.referee.position_file import read_position_file
from rules.referee.rks import RattenkriegReferee
from tests.support.rks_deal import dealt_position_text

BUDGET = 0.5
"""What a player should wait for an answer, in seconds."""
DUEL = ("14pz", "rifle2", "--area", "orlovka")


def _command_seconds(arguments: list[str], repeats: int, cache: Path) -> float:
    """The median wall time of ``stavka ARGUMENTS`` in a fresh interpreter, after a first
    run has compiled the sources into ``cache``, as an installed Stavka's would be (this
    machine's environment may forbid writing bytecode next to the sources)."""
    command = [sys.executable, "-c", "from builder.cli import main; main()", *arguments]
    environment = {
        name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"
    }
    environment["PYTHONPYCACHEPREFIX"] = str(cache)
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=environment)
    timings = []
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=environment)
        timings.append(time.perf_counter() - start)
    return statistics.median(timings)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--repeats", type=int, default=5, help="timed runs per measure (median reported)"
    )
    repeats = parser.parse_args().repeats
    rks = load_game("rks")
    with tempfile.TemporaryDirectory() as folder:
        path, cache = Path(folder) / "dealt.toml", Path(folder) / "bytecode"
        path.write_text(dealt_position_text(rks, 17, moves={"german": 1}), encoding="utf-8")
        position = read_position_file(path)

        def duel(viewer: str | None) -> object:
            return RattenkriegReferee(position).combat.duel(
                *DUEL[:2], area_name=DUEL[3], viewer=viewer
            )

        bare = [sys.executable, "-c", "pass"]
        rows = [
            (
                "a bare Python start, for scale",
                median_seconds(lambda: subprocess.run(bare, check=True), repeats),
            ),
            (
                "`stavka duel`, both sides' chances",
                _command_seconds(["duel", str(path), *DUEL], repeats, cache),
            ),
            (
                "`stavka duel --as soviet`",
                _command_seconds(["duel", str(path), *DUEL, "--as", "soviet"], repeats, cache),
            ),
            ("duel alone, both sides' chances", median_seconds(lambda: duel(None), repeats)),
            ("duel alone, as the Soviet", median_seconds(lambda: duel("soviet"), repeats)),
            ("`stavka check`", _command_seconds(["check", str(path)], repeats, cache)),
            ("check alone", median_seconds(lambda: RattenkriegReferee(position).check(), repeats)),
        ]
    print("| measure | seconds (median) | share of 0.5 s | ratio to a bare Python start |")
    print("|---|---:|---:|---:|")
    for name, seconds in rows:
        print(f"| {name} | {seconds:.3f} | {seconds / BUDGET:.0%} | {seconds / rows[0][1]:.2f} |")


if __name__ == "__main__":
    main()
