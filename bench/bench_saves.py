"""Decoding throughput of the save reader on the shared corpus: medians, not verdicts.

Run ``.venv/bin/python -m bench.bench_saves [--repeats N]``. For every save and log it
times the whole reader (zip, payload, command tree, replay to the final position) and
the payload-to-text step alone, takes the median over repeated runs, and prints a
Markdown table of MB/s of save file, MB/s of decoded text and pieces/s. Timings vary
by machine; compare ratios between rows or runs, never against a fixed threshold.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from bench.timing import median_seconds
from builder.vassal.archive import read_container
from builder.vassal.obfuscation import deobfuscate
from builder.vassal.reader import parse_save_bytes

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=25, help="timed runs per file (median reported)")
    arguments = parser.parse_args()
    saves = sorted(path for path in CORPUS.glob("*/*") if path.suffix in (".vsav", ".vlog", ".sav"))
    print(f"{arguments.repeats} runs per file, medians\n")
    print("| file | size KB | text KB | pieces | read ms | MB/s (file) | MB/s (text) | pieces/s | payload share |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for path in saves:
        data = path.read_bytes()
        game = parse_save_bytes(data)
        text_bytes = len(deobfuscate(read_container(data).saved_game).encode("utf-8"))
        whole = median_seconds(lambda: parse_save_bytes(data), arguments.repeats)
        payload = median_seconds(lambda: deobfuscate(read_container(data).saved_game), arguments.repeats)
        pieces = len(game.pieces)
        print(
            f"| {path.parent.name}/{path.name} | {len(data) / 1024:.1f} | {text_bytes / 1024:.1f} | {pieces} "
            f"| {whole * 1000:.2f} | {len(data) / whole / 1e6:.2f} | {text_bytes / whole / 1e6:.2f} "
            f"| {pieces / whole:,.0f} | {payload / whole:.0%} |"
        )


if __name__ == "__main__":
    main()
