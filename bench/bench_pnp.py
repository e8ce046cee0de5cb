"""How long ``stavka pnp`` takes per game and paper, how big the PDF is, and where the time goes.

Run ``.venv/bin/python -m bench.bench_pnp [--repeats N] [GAME...]``. For each shipped
game with a map (or each GAME named) and each paper it reports the pages, the file size, the median wall time of the
whole PDF (planning, drawing, compressing; written to memory), the median processor
time (steadier than wall time on a shared machine) and the median share of the wall
time spent on the map pages (300 ppi tiles, drawn tile by tile, and their index).
Timings vary by machine; compare ratios, never a fixed threshold.
"""

from __future__ import annotations

import argparse
import statistics
import time

from builder.build import buildable
from builder.pnp.document import pnp_pdf
from builder.pnp.pages import PnpOptions
from rules.data.loader import load_game, shipped_games

PAPERS = ("a4", "letter")


def timed_pdf(name: str, paper: str) -> tuple[int, int, float, float, float]:
    """The PDF's pages and bytes, its wall and processor time, and the wall seconds spent
    drawing its map pages."""
    spec = load_game(name)
    last = time.perf_counter()
    map_seconds = 0.0
    pages = 0

    def progress(_done: int, total: int, label: str) -> None:
        nonlocal last, map_seconds, pages
        now = time.perf_counter()
        if " map, " in label:
            map_seconds += now - last
        last, pages = now, total

    start, processor = time.perf_counter(), time.process_time()
    data = pnp_pdf(spec, PnpOptions(paper=paper), progress)
    return (
        pages,
        len(data),
        time.perf_counter() - start,
        time.process_time() - processor,
        map_seconds,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--repeats", type=int, default=3, help="timed runs per PDF (median reported)"
    )
    parser.add_argument(
        "games", nargs="*", help="the games to measure (default: every shipped game with a map)"
    )
    arguments = parser.parse_args()
    print(
        "| game | paper | pages | size MB | s (median) | CPU s (median) | CPU s per page | map pages' share |"
    )
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for name in arguments.games or shipped_games():
        if not buildable(load_game(name)):
            continue
        for paper in PAPERS:
            runs = [timed_pdf(name, paper) for _ in range(arguments.repeats)]
            pages, size = runs[0][:2]
            seconds = statistics.median(run[2] for run in runs)
            processor = statistics.median(run[3] for run in runs)
            share = statistics.median(run[4] / run[2] for run in runs)
            print(
                f"| {name} | {paper} | {pages} | {size / 1_000_000:.1f} | {seconds:.1f} | {processor:.1f} | "
                f"{processor / pages:.2f} | {share:.0%} |"
            )


if __name__ == "__main__":
    main()
