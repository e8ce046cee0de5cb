"""The Referee button as a player waits for it: from the press to the marks drawn.

Run ``.venv/bin/python -m bench.bench_referee_plugin [--repeats N] [--old MODULE]`` after
``scripts/install`` (it reads ``dist/dos.vmod``). In the real engine (vcheck, VASSAL
3.6), as the Axis player of Drive on Stalingrad's Blue set-up, the button is pressed
1 + N times; the plugin's last line says how long each press took until the maps had
repainted with the marks (from the press, through the temporary save and the referee's
answer, to the repaint). The first press starts the referee service (``stavka machine
--serve``) and is reported alone; the median is of the N presses after it. ``--old``
names a module built with an earlier plugin (one ``stavka check`` process per press, e.g.
main's ``dist/dos.vmod``), pressed the same way, for the ratio. Beside them, ``stavka
check --as axis`` alone on the same save, and the machine's load (1-minute average)
before and after. Medians; timings move with the load, so compare ratios, never a fixed
threshold.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

from tests.support.plugin import STAVKA, answer_time, play, plugin_lines

DIST = Path(__file__).resolve().parents[1] / "dist"
SETUP = "setups/dos-blue.vsav"
ANSWER_WAIT = 15


def press_times(module: Path, save: Path, presses: int, folder: Path) -> tuple[list[float], str]:
    """Seconds from each press to the marks drawn, and the engine's version."""
    steps: list[dict[str, object]] = [{"side": "Axis"}]
    for _ in range(presses):
        steps += [{"button": "Referee"}, {"wait": ANSWER_WAIT}]
    report = play(module, save, steps, folder)
    actions = report["actions"]
    pairs = [actions[index : index + 2] for index in range(1, len(actions), 2)]
    return [answer_time(plugin_lines(pair)) for pair in pairs], str(
        report["engine"]["vassal_reportable_version"]
    )


def check_alone(save: Path, repeats: int) -> list[float]:
    """Seconds of ``stavka check`` as its own process, as the old plugin ran it."""
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        subprocess.run(
            [str(STAVKA), "check", str(save), "--as", "axis", "--format", "json"],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        times.append(time.perf_counter() - started)
    return times


def _each(values: list[float]) -> str:
    return ", ".join(f"{value:.2f}" for value in values)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--old", type=Path, help="a module with the earlier, one-shot plugin")
    options = parser.parse_args()
    repeats: int = options.repeats
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory(prefix="stavka-bench-") as name:
        folder = Path(name)
        save = folder / "blue.vsav"
        with zipfile.ZipFile(DIST / "dos.vmod") as module:
            save.write_bytes(module.read(SETUP))
        served, engine = press_times(DIST / "dos.vmod", save, 1 + repeats, folder)
        old = press_times(options.old, save, repeats, folder)[0] if options.old else []
        alone = check_alone(save, repeats)
    load_after = os.getloadavg()[0]
    press = statistics.median(served[1:])
    lines = [
        f"DoS Blue, Axis, VASSAL {engine}, load {load_before:.1f} -> {load_after:.1f} on {os.cpu_count()} cores:",
        f"  first press (starts the service): {served[0]:.2f} s",
        f"  press to marks drawn, served: median {press:.2f} s of {repeats} (each: {_each(served[1:])})",
    ]
    if old:
        lines.append(
            f"  press to marks drawn, one process per press: median {statistics.median(old):.2f} s "
            f"(each: {_each(old)}); ratio served/old {press / statistics.median(old):.2f}"
        )
    lines.append(f"  stavka check alone: median {statistics.median(alone):.2f} s")
    sys.stdout.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
