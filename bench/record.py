"""Run a benchmark and record what it printed for the guide, with where and how it ran.

    .venv/bin/python -m bench.record bench_referee --repeats 5

runs ``python -m bench.bench_referee --repeats 5`` as it is, shows its output, and writes
that output unchanged to ``bench/results/bench_referee.md`` under a line saying how it
was measured: the command, the commit, the cores, the load average before and after
(the machine is shared; a benchmark reports ratios and medians with the load it ran
under, never pass/fail times) and the date. The guide's benchmarks page includes these
files as they are, so its tables are what a benchmark printed, never typed; run the
benchmark again through this to replace them. A benchmark that fails records nothing.
"""

from __future__ import annotations

import datetime
import os
import subprocess
import sys
from pathlib import Path

from builder.output import write_output

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "bench" / "results"
HEADER = "<!-- written by python -m bench.record: run it again, never edit -->"


def commit() -> str:
    """The checkout's commit, with ``+changes`` when its tree (``bench/results`` aside)
    differs from it."""
    head = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True
    ).stdout.strip()
    # The recorded results themselves are not changes to what was measured.
    dirty = (
        subprocess.run(
            ["git", "diff", "--quiet", "HEAD", "--", ".", ":!bench/results"], cwd=ROOT
        ).returncode
        != 0
    )
    return f"{head}{'+changes' if dirty else ''}" or "unknown"


def load() -> str:
    """The 1-minute load average, as the shell's ``uptime`` gives it."""
    return f"{os.getloadavg()[0]:.1f}"


def record(benchmark: str, arguments: list[str]) -> Path:
    """Run ``bench.<benchmark>`` with ``arguments`` and write its output with its header."""
    command = [sys.executable, "-m", f"bench.{benchmark}", *arguments]
    before = load()
    started = datetime.datetime.now(datetime.UTC)
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    after = load()
    sys.stdout.write(done.stdout)
    sys.stderr.write(done.stderr)
    if done.returncode != 0:
        sys.exit(f"bench.{benchmark} failed (exit {done.returncode}); nothing recorded")
    shown = " ".join(["python -m", f"bench.{benchmark}", *arguments])
    lines = [
        HEADER,
        f"*Measured by `{shown}` at commit {commit()} on {started:%Y-%m-%d}, "
        f"{os.cpu_count()} cores, load average {before} before and {after} after "
        f"({(datetime.datetime.now(datetime.UTC) - started).total_seconds():.0f} s).*",
        "",
        done.stdout.rstrip("\n"),
        "",
    ]
    path = RESULTS / f"{benchmark}.md"
    RESULTS.mkdir(parents=True, exist_ok=True)
    write_output(path, "\n".join(lines).encode())
    return path


def main() -> None:
    if len(sys.argv) < 2 or not (ROOT / "bench" / f"{sys.argv[1]}.py").is_file():
        sys.exit(__doc__)
    print(record(sys.argv[1], sys.argv[2:]), file=sys.stderr)


if __name__ == "__main__":
    main()
