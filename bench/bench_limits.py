"""What each limit on saves costs at its edge: ``python -m bench.bench_limits``.

For every limit in :mod:`builder.vassal.limits` (and the slow shapes of issue 15), it
builds the input with :mod:`tests.support.hostile`, reads it in this process, and
prints the outcome, the wall time and the peak of Python's own allocations (measured by
tracemalloc in a second read). Figures vary by machine and load; the point is the order
of magnitude and that nothing grows past the limit.
"""

from __future__ import annotations

import io
import os
import tempfile
import time
import tracemalloc
import zipfile
from collections.abc import Callable
from pathlib import Path

from bench.synthetic_save import pog_shaped_save
from builder.vassal import limits
from builder.vassal.archive import build_zip
from builder.vassal.obfuscation import obfuscate
from builder.vassal.reader import parse_save_bytes
from builder.vassal.savefile import read_bytes
from rules.errors import SaveError
from tests.support.hostile import (
    bare_pieces,
    claiming_directory,
    escaped_escs,
    long_log,
    many_entries,
    nested_groups,
    nested_quotes,
    random_letters,
    stacked_moves,
    with_zip64_locator,
)

MB = 1_000_000


def _row(limit: str, shape: str, size: int, action: Callable[[], object]) -> None:
    """Time one read plainly, then measure its peak under tracemalloc in a second read
    (tracemalloc slows allocation-heavy reads several times)."""
    start = time.perf_counter()
    try:
        action()
        outcome = "read"
    except SaveError as error:
        outcome = f"refused: {error.message}"
    seconds = time.perf_counter() - start
    tracemalloc.start()
    try:
        action()
    except SaveError:
        pass
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"| {limit} | {shape} | {size / MB:.1f} | {outcome} | {seconds:.2f} | {peak / MB:.0f} |")


def _fast_zip(payload: bytes) -> bytes:
    """A save holding ``payload``, deflated fast: the writer's level 9 takes minutes here."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as archive:
        archive.writestr("savedGame", payload)
    return buffer.getvalue()


def main() -> None:
    print("| limit | input | input MB | outcome | s | peak MB |")
    print("|---|---|---:|---|---:|---:|")
    with tempfile.TemporaryDirectory() as folder:
        huge = Path(folder) / "huge.vsav"
        with huge.open("wb") as stream:
            stream.truncate(1_000_000_000)
        _row(f"file {limits.megabytes(limits.MAX_FILE_BYTES)}", "1 GB file (sparse)", 1_000_000_000, lambda: read_bytes(huge))
        fifo = Path(folder) / "pipe.vsav"
        os.mkfifo(fifo)
        _row("regular files only", "a FIFO with no writer", 0, lambda: read_bytes(fifo))
    entries = many_entries(60_000)
    _row(f"{limits.MAX_ENTRIES:,} zip entries", "60,001 entries", len(entries), lambda: parse_save_bytes(entries))
    claimed = claiming_directory(many_entries(1), 200 * MB)
    _row(f"zip directory {limits.megabytes(limits.MAX_DIRECTORY_BYTES)}", "claims 200 MB", len(claimed),
         lambda: parse_save_bytes(claimed))
    zip64 = with_zip64_locator(many_entries(1))
    _row("no ZIP64", "ZIP64 locator", len(zip64), lambda: parse_save_bytes(zip64))
    bomb = build_zip([("savedGame", b"\0" * 50 * MB)])
    _row(f"ratio {limits.MAX_RATIO}:1", "50 MB of zeros zipped", len(bomb), lambda: parse_save_bytes(bomb))
    letters = random_letters(limits.MAX_PAYLOAD_BYTES // 2 + MB)
    hexed = _fast_zip(obfuscate("begin_save\x1bNOTES\t" + letters, 3))
    _row(f"payload {limits.megabytes(limits.MAX_PAYLOAD_BYTES)}", "67 MB of hex", len(hexed),
         lambda: parse_save_bytes(hexed))
    plain = _fast_zip(("begin_save\x1bNOTES\t" + letters).encode("ascii"))
    _row(f"text {limits.megabytes(limits.MAX_TEXT_BYTES)}", "34 MB of plain text", len(plain),
         lambda: parse_save_bytes(plain))
    for name, nest in (("escapes", nested_groups), ("quotes", nested_quotes)):
        deep = nest("NOTES\t" + "x" * 4 * MB, limits.MAX_DEPTH - 1)
        _row(f"nesting {limits.MAX_DEPTH}", f"4 MB in {limits.MAX_DEPTH - 1} levels of {name}", len(deep),
             lambda: parse_save_bytes(deep))
        deeper = nest("NOTES\t" + "x" * 4 * MB, limits.MAX_DEPTH + 1)
        _row(f"nesting {limits.MAX_DEPTH}", f"4 MB in {limits.MAX_DEPTH + 1} levels of {name}", len(deeper),
             lambda: parse_save_bytes(deeper))
    most = escaped_escs(limits.MAX_COMMANDS - 10)
    _row(f"{limits.MAX_COMMANDS:,} commands", f"{limits.MAX_COMMANDS - 10:,} escaped ESCs", len(most),
         lambda: parse_save_bytes(most))
    many = escaped_escs(2_500_000)
    _row(f"{limits.MAX_COMMANDS:,} commands", "5 MB of escaped ESCs", len(many), lambda: parse_save_bytes(many))
    moves = stacked_moves(10_000, 10_000)
    _row("replay linear", "10,000 stacked pieces, 10,000 moves", len(moves), lambda: parse_save_bytes(moves))
    log = build_zip([("savedGame", obfuscate(long_log(200, 20_000), 7))])
    _row("replay linear", "zipped log of 20,000 moves", len(log), lambda: parse_save_bytes(log))
    pieces = bare_pieces(300_000)
    _row("pieces", "300,000 bare pieces", len(pieces), lambda: parse_save_bytes(pieces))
    pog = pog_shaped_save()
    _row("peak ≤ 10× text", f"PoG-shaped, {pog.text_bytes / MB:.1f} MB of text", len(pog.data),
         lambda: parse_save_bytes(pog.data))


if __name__ == "__main__":
    main()
