"""The log audit on a synthetic log, whole process, as a user runs it: the ledger, and the
ledger as a page (the timeline).

Run ``.venv/bin/python -m bench.bench_audit [--actions N ...] [--repeats N]`` after
``stavka build tps``. The log starts from Turning Point scenario 1's set-up and drags
Soviet units one hex out and back again, each drag a logged step, so that every step is
a move the audit judges (a cheapest-path search each). For each size it prints the
median wall time of ``stavka audit`` (the text ledger), of ``stavka audit --format
html`` (the page) and their ratio, the page's bytes, and the ratio of the ledger to
``stavka save dump`` of the same log, which reads it but judges nothing; given two sizes
or more, how much the page grows per 1,000 actions and how much of it does not grow
(the map and the counters' faces); then the machine's load average. Timings vary by machine and load: compare the ratios.
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

from bench.timing import stavka_seconds
from tests.audit.logs import LogWriter

ROOT = Path(__file__).resolve().parents[1]
MOVES = (
    ("su-1gdsa-rc1", "1602", "1502"),
    ("su-1tc", "1804", "1703"),
    ("su-5tka-rc2", "2006", "2005"),
    ("su-21a-rc2", "2308", "2307"),
)
"""Units that may step one hex and back in the Soviet first movement of turn 1, and those hexes."""


def synthetic_log(folder: Path, actions: int) -> Path:
    """A log of ``actions`` logged drags on the TPS scenario 1 set-up."""
    log = LogWriter.on(ROOT / "dist", "tps-1")
    for number in range(actions):
        unit, home, away = MOVES[number % len(MOVES)]
        log.move(unit, away if (number // len(MOVES)) % 2 == 0 else home)
    return log.write(folder / f"synthetic-{actions}.vlog")


def measure(folder: Path, actions: int, repeats: int) -> tuple[str, int]:
    """One size's line (the ledger's and the page's medians, their ratio, the page's
    size) and the page's bytes."""
    log = synthetic_log(folder, actions)
    page = folder / f"synthetic-{actions}.html"
    ledger = stavka_seconds(["audit", str(log)], repeats)
    timeline = stavka_seconds(["audit", str(log), "--format", "html", "-o", str(page)], repeats)
    dump = stavka_seconds(["save", "dump", str(log)], repeats)
    size = page.stat().st_size
    return (
        f"{actions} logged moves: ledger median {ledger:.2f} s "
        f"({1000 * ledger / actions:.2f} ms per action, {ledger / dump:.1f}x stavka save dump, "
        f"median {dump:.2f} s); page median {timeline:.2f} s, {timeline / ledger:.2f}x the ledger, "
        f"{size:,} bytes"
    ), size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, nargs="+", default=[1000])
    parser.add_argument("--repeats", type=int, default=5)
    arguments = parser.parse_args()
    sizes = {}
    with tempfile.TemporaryDirectory() as folder:
        for actions in arguments.actions:
            line, sizes[actions] = measure(Path(folder), actions, arguments.repeats)
            print(line, flush=True)
    if len(sizes) > 1:
        fewest, most = min(sizes), max(sizes)
        slope = (sizes[most] - sizes[fewest]) / (most - fewest)
        print(
            f"the page grows {slope * 1000 / 1e6:.3f} MB per 1,000 actions ({fewest} to {most}); "
            f"the rest, the map and the counters' faces, is {(sizes[fewest] - slope * fewest) / 1e6:.3f} MB"
        )
    print("load average (1, 5, 15 min): " + ", ".join(f"{load:.2f}" for load in os.getloadavg()))


if __name__ == "__main__":
    main()
