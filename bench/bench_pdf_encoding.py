"""What reportlab's ASCII85 text encoding of streams costs a print-and-play PDF.

Run ``.venv/bin/python -m bench.bench_pdf_encoding [--repeats N] [--game GAME]``. It
makes the same PDF (A4, default counters) with streams written as ASCII85 text,
reportlab's default, whose encoder is pure Python when its C accelerator is absent (as
it is in a plain ``pip install``), and as binary, the setting
:mod:`builder.pnp.pdf` chose by this measurement; alternating the two, it reports the
median processor time (steadier than wall time on a shared machine), the wall time and
the size, and the ratios of binary to ASCII85. Timings vary by machine; compare ratios,
never a fixed threshold.
"""

from __future__ import annotations

import argparse
import statistics
import time

from reportlab import rl_config

from builder.pnp.document import pnp_pdf
from builder.pnp.pages import PnpOptions
from rules.data.loader import load_game

ENCODINGS = (("ASCII85 text", 1), ("binary", 0))
"""Each encoding's name and reportlab's ``useA85`` for it."""


def timed(game: str, use_a85: int) -> tuple[float, float, int]:
    """Processor and wall seconds of one PDF of ``game``, and its bytes."""
    saved = rl_config.useA85
    rl_config.useA85 = use_a85
    try:
        spec = load_game(game)
        start, processor = time.perf_counter(), time.process_time()
        data = pnp_pdf(spec, PnpOptions(paper="a4"))
        return time.process_time() - processor, time.perf_counter() - start, len(data)
    finally:
        rl_config.useA85 = saved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--repeats", type=int, default=3, help="timed PDFs per encoding (median reported)"
    )
    parser.add_argument("--game", default="tps", help="the game whose PDF is made")
    arguments = parser.parse_args()
    runs: dict[str, list[tuple[float, float, int]]] = {name: [] for name, _ in ENCODINGS}
    for _ in range(arguments.repeats):
        for name, use_a85 in ENCODINGS:
            runs[name].append(timed(arguments.game, use_a85))
    medians = {
        name: (
            statistics.median(run[0] for run in found),
            statistics.median(run[1] for run in found),
            found[0][2],
        )
        for name, found in runs.items()
    }
    text = medians["ASCII85 text"]
    print(f"{arguments.game} print-and-play PDF, A4, {arguments.repeats} of each, medians")
    print()
    print("| streams | CPU s | wall s | size MB | CPU / ASCII85 | size / ASCII85 |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, (processor, wall, size) in medians.items():
        print(
            f"| {name} | {processor:.1f} | {wall:.1f} | {size / 1_000_000:.1f} | {processor / text[0]:.2f} | "
            f"{size / text[2]:.2f} |"
        )


if __name__ == "__main__":
    main()
