"""The log audit on a synthetic log, whole process, as a user runs it.

Run ``.venv/bin/python -m bench.bench_audit [--actions N] [--repeats N]`` after
``stavka build tps``. The log starts from Turning Point scenario 1's set-up and drags
Soviet units one hex out and back again, each drag a logged step, so that every step is
a move the audit judges (a cheapest-path search each). It prints the median wall time
of ``stavka audit``, the time per logged action, and the ratio to ``stavka save dump``
of the same log, which reads it but judges nothing. Timings vary by machine and load;
compare the ratio.
"""

from __future__ import annotations

import argparse
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
    return log.write(folder / "synthetic.vlog")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=1000)
    parser.add_argument("--repeats", type=int, default=5)
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        log = synthetic_log(Path(folder), arguments.actions)
        audit = stavka_seconds(["audit", str(log)], arguments.repeats)
        dump = stavka_seconds(["save", "dump", str(log)], arguments.repeats)
    print(
        f"stavka audit of {arguments.actions} logged moves: median {audit:.2f} s, "
        f"{1000 * audit / arguments.actions:.2f} ms per action; "
        f"{audit / dump:.1f}x stavka save dump of the same log (median {dump:.2f} s)"
    )


if __name__ == "__main__":
    main()
