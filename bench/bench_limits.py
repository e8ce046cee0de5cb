"""What each limit on saves costs at its edge: ``python -m bench.bench_limits``.

For every limit in :mod:`builder.vassal.limits` (and the slow shapes of issues 15 and
22: trait chains, position and data files, dotted keys, the data cache, boards), it
builds the input with :mod:`tests.support.hostile`, reads it in this process, and
prints the outcome, the wall time and the peak of Python's own allocations (measured by
tracemalloc in a second read). Figures vary by machine and load; the point is the order
of magnitude and that nothing grows past the limit.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import tempfile
import time
import tracemalloc
import zipfile
from collections.abc import Callable
from pathlib import Path

from bench.synthetic_save import pog_shaped_save
from builder.vassal import limits
from builder.vassal.archive import zip_archive
from builder.vassal.obfuscation import obfuscate
from builder.vassal.reader import parse_save_bytes
from builder.vassal.savefile import read_bytes
from rules.data import cache
from rules.data.loader import games_directory, load_game
from rules.data.parse import boards
from rules.data.source import MAX_KEY_DEPTH, TomlSource
from rules.errors import StavkaError
from rules.files import MAX_DATA_FILE_BYTES, megabytes
from rules.referee.position_file import MAX_POSITION_FILE_BYTES
from tests.support.hostile import (
    bare_pieces,
    claiming_directory,
    escaped_escs,
    flat_chain_save,
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
    except StavkaError as error:
        outcome = f"refused: {error.message}"
    seconds = time.perf_counter() - start
    tracemalloc.start()
    try:
        action()
    except StavkaError:
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
        _row(
            f"file {limits.megabytes(limits.MAX_FILE_BYTES)}",
            "1 GB file (sparse)",
            1_000_000_000,
            lambda: read_bytes(huge),
        )
        fifo = Path(folder) / "pipe.vsav"
        os.mkfifo(fifo)
        _row("regular files only", "a FIFO with no writer", 0, lambda: read_bytes(fifo))
    entries = many_entries(60_000)
    _row(
        f"{limits.MAX_ENTRIES:,} zip entries",
        "60,001 entries",
        len(entries),
        lambda: parse_save_bytes(entries),
    )
    claimed = claiming_directory(many_entries(1), 200 * MB)
    _row(
        f"zip directory {limits.megabytes(limits.MAX_DIRECTORY_BYTES)}",
        "claims 200 MB",
        len(claimed),
        lambda: parse_save_bytes(claimed),
    )
    zip64 = with_zip64_locator(many_entries(1))
    _row("no ZIP64", "ZIP64 locator", len(zip64), lambda: parse_save_bytes(zip64))
    bomb = zip_archive([("savedGame", b"\0" * 50 * MB)])
    _row(
        f"ratio {limits.MAX_RATIO}:1",
        "50 MB of zeros zipped",
        len(bomb),
        lambda: parse_save_bytes(bomb),
    )
    letters = random_letters(limits.MAX_PAYLOAD_BYTES // 2 + MB)
    hexed = _fast_zip(obfuscate("begin_save\x1bNOTES\t" + letters, 3))
    _row(
        f"payload {limits.megabytes(limits.MAX_PAYLOAD_BYTES)}",
        "67 MB of hex",
        len(hexed),
        lambda: parse_save_bytes(hexed),
    )
    plain = _fast_zip(("begin_save\x1bNOTES\t" + letters).encode("ascii"))
    _row(
        f"text {limits.megabytes(limits.MAX_TEXT_BYTES)}",
        "34 MB of plain text",
        len(plain),
        lambda: parse_save_bytes(plain),
    )
    for name, nest in (("escapes", nested_groups), ("quotes", nested_quotes)):
        deep = nest("NOTES\t" + "x" * 4 * MB, limits.MAX_DEPTH - 1)
        _row(
            f"nesting {limits.MAX_DEPTH}",
            f"4 MB in {limits.MAX_DEPTH - 1} levels of {name}",
            len(deep),
            lambda: parse_save_bytes(deep),
        )
        deeper = nest("NOTES\t" + "x" * 4 * MB, limits.MAX_DEPTH + 1)
        _row(
            f"nesting {limits.MAX_DEPTH}",
            f"4 MB in {limits.MAX_DEPTH + 1} levels of {name}",
            len(deeper),
            lambda: parse_save_bytes(deeper),
        )
    most = escaped_escs(limits.MAX_COMMANDS - 10)
    _row(
        f"{limits.MAX_COMMANDS:,} commands",
        f"{limits.MAX_COMMANDS - 10:,} escaped ESCs",
        len(most),
        lambda: parse_save_bytes(most),
    )
    many = escaped_escs(2_500_000)
    _row(
        f"{limits.MAX_COMMANDS:,} commands",
        "5 MB of escaped ESCs",
        len(many),
        lambda: parse_save_bytes(many),
    )
    moves = stacked_moves(10_000, 10_000)
    _row(
        "replay linear",
        "10,000 stacked pieces, 10,000 moves",
        len(moves),
        lambda: parse_save_bytes(moves),
    )
    log = zip_archive([("savedGame", obfuscate(long_log(200, 20_000), 7))])
    _row("replay linear", "zipped log of 20,000 moves", len(log), lambda: parse_save_bytes(log))
    pieces = bare_pieces(300_000)
    _row("pieces", "300,000 bare pieces", len(pieces), lambda: parse_save_bytes(pieces))
    round_two_rows()
    service_rows()
    pog = pog_shaped_save()
    _row(
        "peak ≤ 10× text",
        f"PoG-shaped, {pog.text_bytes / MB:.1f} MB of text",
        len(pog.data),
        lambda: parse_save_bytes(pog.data),
    )


def _toml_rows(folder: Path) -> None:
    position = Path(folder) / "p.toml"
    padding = "# padding\n" * (MAX_POSITION_FILE_BYTES // 10)
    position.write_text(
        padding[: MAX_POSITION_FILE_BYTES - 100] + 'game = "dos"\n', encoding="utf-8"
    )
    _row(
        f"position file {megabytes(MAX_POSITION_FILE_BYTES)}",
        "just under it",
        MAX_POSITION_FILE_BYTES,
        lambda: TomlSource.read(position, MAX_POSITION_FILE_BYTES),
    )
    position.write_text(padding + 'game = "dos"\n', encoding="utf-8")
    _row(
        f"position file {megabytes(MAX_POSITION_FILE_BYTES)}",
        "just over it",
        MAX_POSITION_FILE_BYTES + 13,
        lambda: TomlSource.read(position, MAX_POSITION_FILE_BYTES),
    )
    for depth in (MAX_KEY_DEPTH, MAX_KEY_DEPTH + 1):
        keys = "".join(
            f"k{index}." + "a." * (depth - 2) + "a = 1\n"
            for index in range(MAX_POSITION_FILE_BYTES // (2 * depth + 12))
        )
        position.write_text(keys, encoding="utf-8")
        _row(
            f"key depth {MAX_KEY_DEPTH}",
            f"{len(keys) // 1000} KB of keys {depth} deep",
            len(keys),
            lambda: TomlSource.read(position, MAX_POSITION_FILE_BYTES),
        )
    position.write_text("a." * 30_000 + "a = 1\n", encoding="utf-8")
    _row(
        f"key depth {MAX_KEY_DEPTH}",
        "one key 30,001 deep (once 1.6 GB)",
        60_006,
        lambda: TomlSource.read(position, MAX_POSITION_FILE_BYTES),
    )
    data = Path(folder) / "units.toml"
    with data.open("wb") as stream:
        stream.truncate(1_000_000_000)
    _row(
        f"data file {megabytes(MAX_DATA_FILE_BYTES)}",
        "1 GB data file (sparse)",
        1_000_000_000,
        lambda: TomlSource.read(data),
    )
    with data.open("w", encoding="utf-8") as stream:
        stream.write("".join(f"k{index} = {index}\n" for index in range(MAX_DATA_FILE_BYTES // 18)))
    _row(
        f"data file {megabytes(MAX_DATA_FILE_BYTES)}",
        f"{data.stat().st_size // 1000} KB of plain keys",
        data.stat().st_size,
        lambda: TomlSource.read(data),
    )


def _board_rows(folder: Path) -> None:
    game = Path(folder) / "my-tps"
    shutil.copytree(games_directory() / "tps", game)
    original = (game / "map.toml").read_text(encoding="utf-8")
    side = int(boards.MAX_BOARD_PIXELS**0.5)
    for size in (side, boards.MAX_BOARD_SIDE):
        (game / "map.toml").write_text(
            original.replace("size = [3705, 2465]", f"size = [{size}, {size}]"), encoding="utf-8"
        )
        _row(
            f"board {boards.MAX_BOARD_PIXELS:,} px",
            f"{size}×{size} board, loaded",
            0,
            lambda: load_game(str(game)),
        )


def service_rows() -> None:
    """The plugin service's request limits of issue 35 (items 15-17), each at its edge:
    one request line each, answered as ``stavka machine --serve`` answers it."""
    from builder.cli.machine_commands import MAX_ARGUMENTS, MAX_REQUEST_BYTES

    position = str(
        Path(__file__).resolve().parents[1] / "tests/referee/positions/tps/stacking.toml"
    )
    head = ["check", position, "--format", "json"]
    lines = {
        f"{MAX_ARGUMENTS} arguments, at the limit": head
        + ["--as=Axis"] * (MAX_ARGUMENTS - len(head)),
        f"{MAX_ARGUMENTS + 1} arguments": head + ["--as=Axis"] * (MAX_ARGUMENTS + 1 - len(head)),
        "1,000,000 arguments (once 7.2 s of CPU at 320,000, none in 300 s at 1M)": ["x"]
        * 1_000_000,
    }
    for shape, arguments in lines.items():
        _service_row(shape, json.dumps({"args": arguments}).encode())
    for shape, line in (
        (
            f"{MAX_REQUEST_BYTES:,} bytes, at the limit",
            b'{"args": ["check", "' + b"x" * (MAX_REQUEST_BYTES - 43) + b'", "--format", "json"]}',
        ),
        ("nesting 30,000 deep", b'{"args": ' + b"[" * 30_000 + b"]" * 30_000 + b"}"),
    ):
        _service_row(shape, line)


def _service_row(shape: str, line: bytes) -> None:
    from builder.cli.machine_commands import serve

    answers = io.StringIO()
    start = time.perf_counter()
    serve(io.BytesIO(line + b"\n"), answers)
    seconds = time.perf_counter() - start
    reply = json.loads(answers.getvalue())
    outcome = (
        "answered"
        if reply["exit"] == 0
        else f"refused: {str(reply['error'])[len('stavka: ') :][:80]}"
    )
    print(f"| service request | {shape} | {len(line) / MB:.1f} | {outcome} | {seconds:.2f} | — |")


def round_two_rows() -> None:
    """The limits of issue 22, each at its edge."""
    for traits in (50_000, 200_000):
        chain = flat_chain_save(traits)
        _row(
            "chains linear",
            f"{traits:,} traits on plain TABs (once 1.3 GB at 50,000)",
            len(chain),
            lambda: parse_save_bytes(chain),
        )
    with tempfile.TemporaryDirectory() as folder:
        os.environ["XDG_CACHE_HOME"] = folder
        _toml_rows(Path(folder))
        entry = Path(folder) / "entry.pickle"
        with entry.open("wb") as stream:
            stream.truncate(1_000_000_000)
        _row(
            f"cache entry {megabytes(cache.MAX_CACHE_BYTES)}",
            "1 GB entry (sparse): passed over",
            1_000_000_000,
            lambda: cache._read(entry, b"key"),
        )
        _board_rows(Path(folder))


if __name__ == "__main__":
    main()
