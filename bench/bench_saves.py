"""Reading saves, side by side in one run: the floor, Stavka and pywargame.

Run ``.venv/bin/python -m bench.bench_saves [--repeats N] [--pywargame PYTHON]``.

First, in this process, the reader on each save of the shared corpus: medians of the
whole read (zip, payload, command tree, replay to the final position) and the share of
the payload step. Then, as a user runs them, each in a fresh process, interleaved so
that a busy machine slows all alike: on each corpus save and on a synthetic save of the
Paths of Glory save's size and shape (:mod:`bench.synthetic_save`),

- the floor: Python start-up, zip read, unhex, XOR and UTF-8 decode, nothing else;
- ``stavka save dump --lines``: the command tree, one command per line;
- ``stavka save dump``: pieces with their traits, the position ``check`` judges;
- pywargame 0.8.0's ``SaveIO.readSave``, which splits the commands only. pywargame
  needs Python 3.12, so it lives in its own environment (``bench/install-pywargame``);
  without it that column is left out.

It prints medians, each time as a multiple of the floor, how many times pywargame's
time it is, and the peak memory (maximum resident set) of each process, also as a
multiple of the command text. Timings vary by machine and load; compare ratios.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from bench.synthetic_save import pog_shaped_save
from bench.timing import median_seconds
from builder.vassal.reader import parse_save_bytes
from builder.vassal.savefile import decode_save_bytes

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus"
PYWARGAME = ROOT / "bench" / ".pywargame" / "bin" / "python"

FLOOR = """
import sys, zipfile
data = open(sys.argv[1], "rb").read()
if data[:2] == b"PK":
    import io
    data = zipfile.ZipFile(io.BytesIO(data)).read("savedGame")
if data[:5] == b"!VCSK":
    key = int(data[5:7], 16)
    data = bytes.fromhex(data[7:].decode("ascii")).translate(bytes(b ^ key for b in range(256)))
text = data.decode("utf-8", "replace")
"""

PYWARGAME_READ = """
import sys
from pywargame.vassal.save import SaveIO
key, lines = SaveIO.readSave(sys.argv[1])
"""


@dataclass(frozen=True)
class Run:
    """One way of reading a save, as a command line."""

    name: str
    command: list[str]


@dataclass(frozen=True)
class Measure:
    """Median seconds and peak resident memory of one run over the repeats."""

    seconds: float
    peak_bytes: int
    failed: bool


def _process(command: list[str]) -> tuple[float, int, bool]:
    """Wall time, maximum resident set and failure of one fresh process."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    return elapsed, usage.ru_maxrss * 1024, process.returncode != 0


def _measure(runs: list[Run], repeats: int) -> dict[str, Measure]:
    timings: dict[str, list[float]] = {run.name: [] for run in runs}
    peaks: dict[str, int] = {run.name: 0 for run in runs}
    failed: dict[str, bool] = {run.name: False for run in runs}
    for run in runs:
        _process(run.command)  # warm the file cache and bytecode
    for _ in range(repeats):
        for run in runs:
            seconds, peak, bad = _process(run.command)
            timings[run.name].append(seconds)
            peaks[run.name] = max(peaks[run.name], peak)
            failed[run.name] = failed[run.name] or bad
    return {
        name: Measure(statistics.median(values), peaks[name], failed[name])
        for name, values in timings.items()
    }


def _runs(path: Path, pywargame: Path | None) -> list[Run]:
    stavka = str(Path(sys.executable).with_name("stavka"))
    runs = [
        Run("floor", [sys.executable, "-c", FLOOR, str(path)]),
        Run("lines", [stavka, "save", "dump", "--lines", str(path)]),
        Run("dump", [stavka, "save", "dump", str(path)]),
    ]
    if pywargame is not None:
        runs.append(Run("pywargame", [str(pywargame), "-c", PYWARGAME_READ, str(path)]))
    return runs


def _side_by_side(
    name: str, path: Path, text_bytes: int, pywargame: Path | None, repeats: int
) -> None:
    measures = _measure(_runs(path, pywargame), repeats)
    floor = measures["floor"].seconds
    reference = measures.get("pywargame")
    cells = [name, f"{path.stat().st_size / 1e6:.2f}", f"{text_bytes / 1e6:.2f}", f"{floor:.3f}"]
    for key in ("lines", "dump"):
        measure = measures[key]
        versus = (
            ""
            if reference is None or reference.failed
            else f" / {reference.seconds / measure.seconds:.1f}×"
        )
        cells.append(f"{measure.seconds:.3f} ({measure.seconds / floor:.2f}×{versus})")
    if reference is not None:
        cells.append(
            "fails"
            if reference.failed
            else f"{reference.seconds:.3f} ({reference.seconds / floor:.1f}×)"
        )
    peak = measures["dump"].peak_bytes
    cells.append(f"{peak / 1e6:.0f} ({peak / max(text_bytes, 1):.1f}×)")
    print("| " + " | ".join(cells) + " |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--repeats", type=int, default=5, help="timed runs per measure (median reported)"
    )
    parser.add_argument(
        "--pywargame", type=Path, default=PYWARGAME, help="a Python with pywargame 0.8.0"
    )
    arguments = parser.parse_args()
    pywargame = arguments.pywargame if arguments.pywargame.exists() else None
    saves = sorted(path for path in CORPUS.glob("*/*") if path.suffix in (".vsav", ".vlog", ".sav"))

    print(f"In-process reader, {arguments.repeats * 5} runs per file, medians\n")
    print(
        "| file | size KB | text KB | pieces | read ms | MB/s (text) | pieces/s | payload share |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for path in saves:
        data = path.read_bytes()
        pieces = len(parse_save_bytes(data).pieces)
        text_bytes = len(decode_save_bytes(data).text.encode("utf-8"))
        whole = median_seconds(lambda: parse_save_bytes(data), arguments.repeats * 5)
        payload = median_seconds(lambda: decode_save_bytes(data), arguments.repeats * 5)
        print(
            f"| {path.parent.name}/{path.name} | {len(data) / 1024:.1f} | {text_bytes / 1024:.1f} | {pieces} "
            f"| {whole * 1000:.2f} | {text_bytes / whole / 1e6:.2f} | {pieces / whole:,.0f} | {payload / whole:.0%} |"
        )

    print(
        f"\nWhole process, {arguments.repeats} interleaved runs each, medians; ×: multiple of the floor,"
    )
    print("then how many times faster than pywargame; peak: maximum resident set of `save dump`\n")
    header = ["save", "file MB", "text MB", "floor s", "`--lines` s", "`dump` s"]
    header += ["pywargame s"] if pywargame is not None else []
    header += ["peak MB (× text)"]
    print("| " + " | ".join(header) + " |")
    print("|---" * len(header) + "|")
    for path in saves:
        text_bytes = len(decode_save_bytes(path.read_bytes()).text.encode("utf-8"))
        _side_by_side(
            f"{path.parent.name}/{path.name}", path, text_bytes, pywargame, arguments.repeats
        )
    synthetic = pog_shaped_save()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "pog-shaped.vsav"
        path.write_bytes(synthetic.data)
        _side_by_side(
            f"synthetic PoG ({synthetic.pieces:,} pieces)",
            path,
            synthetic.text_bytes,
            pywargame,
            arguments.repeats,
        )
    if pywargame is None:
        print("\n(pywargame not measured: run bench/install-pywargame, or pass --pywargame PYTHON)")


if __name__ == "__main__":
    main()
