"""The Referee button as a player waits for it: from the press to the marks drawn.

Run ``.venv/bin/python -m bench.bench_referee_plugin [--repeats N]`` after
``scripts/install`` (it reads ``dist/dos.vmod``). In the real engine (vcheck, VASSAL
3.6), as the Axis player of Drive on Stalingrad's Blue set-up, the button is pressed N
times; the plugin's last line says how long each press took until the maps had repainted
with the marks (the time runs from the press, through the temporary save and ``stavka
check``, to the repaint). Beside it, ``stavka check --as axis`` alone on the same save,
so the ratio shows what the plugin adds to the referee. Medians; timings move with the
machine's load, so compare ratios, never a fixed threshold.
"""

from __future__ import annotations

import argparse
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    repeats = parser.parse_args().repeats
    with tempfile.TemporaryDirectory(prefix="stavka-bench-") as name:
        folder = Path(name)
        save = folder / "blue.vsav"
        with zipfile.ZipFile(DIST / "dos.vmod") as module:
            save.write_bytes(module.read(SETUP))
        steps: list[dict[str, object]] = [{"side": "Axis"}]
        for _ in range(repeats):
            steps += [{"button": "Referee"}, {"wait": 15}]
        report = play(DIST / "dos.vmod", save, steps, folder)
        actions = report["actions"]
        pressed = [actions[index : index + 2] for index in range(1, len(actions), 2)]
        plugin = [answer_time(plugin_lines(pair)) for pair in pressed]
        alone = []
        for _ in range(repeats):
            started = time.perf_counter()
            subprocess.run(
                [str(STAVKA), "check", str(save), "--as", "axis", "--format", "json"],
                check=True,
                stdout=subprocess.DEVNULL,
            )
            alone.append(time.perf_counter() - started)
    press, check = statistics.median(plugin), statistics.median(alone)
    sys.stdout.write(
        f"DoS Blue, Axis, {repeats} presses (VASSAL {report['engine']['vassal_reportable_version']}):\n"
        f"  press to marks drawn: median {press:.2f} s (each: {', '.join(f'{value:.2f}' for value in plugin)})\n"
        f"  stavka check alone:   median {check:.2f} s\n"
        f"  ratio: {press / check:.2f}\n"
    )


if __name__ == "__main__":
    main()
