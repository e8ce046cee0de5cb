"""Crafted saves that once cost gigabytes or minutes (issue 15, items 1–5).

Each test builds its input, then reads it while measuring time and peak memory in this
process (tracemalloc: Python's own allocations). The bounds are generous safety bounds
that the old reader broke by one to two orders of magnitude; ``bench/bench_limits.py``
reports the exact figures.
"""

from __future__ import annotations

import io
import os
import random
import struct
import time
import tracemalloc
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bench.synthetic_save import pog_shaped_save
from builder.vassal import limits
from builder.vassal.archive import build_zip
from builder.vassal.commands import (
    AddPiece,
    BeginSave,
    Command,
    CommandGroup,
    EndSave,
    Logged,
    MovePiece,
    encode_saved_game,
)
from builder.vassal.lines import flatten
from builder.vassal.obfuscation import obfuscate
from builder.vassal.reader import parse_save_bytes, read_saved_game
from builder.vassal.savefile import read_bytes
from builder.vassal.sequence import encode
from rules.errors import SaveError

MB = 1_000_000


@dataclass(frozen=True)
class Cost:
    seconds: float
    peak_bytes: int
    error: SaveError | None


def _cost(action: Callable[[], object]) -> Cost:
    tracemalloc.start()
    start = time.perf_counter()
    error = None
    try:
        action()
    except SaveError as refused:
        error = refused
    finally:
        seconds = time.perf_counter() - start
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
    return Cost(seconds, peak, error)


def _piece(piece_id: str, x: int = 10, y: int = 10) -> AddPiece:
    return AddPiece(piece_id, "mark;Game\tpiece;;;a.png;" + piece_id, f"dos\tMap;{x};{y};1;0")


def _save(commands: list[Command]) -> bytes:
    return encode_saved_game(CommandGroup((BeginSave(), *commands, EndSave()))).encode("utf-8")


# Item 1: nesting without a copy per level.


def _nested_groups(payload: str, levels: int) -> str:
    text = payload
    for _ in range(levels - 1):
        text = encode([text, "NOTES\tx"], "\x1b")
    return "begin_save\x1b" + text


def _nested_quotes(payload: str, levels: int) -> str:
    return "begin_save\x1b" + "'" * levels + payload + "'" * levels


@pytest.mark.parametrize("nest", [_nested_groups, _nested_quotes], ids=["escapes", "quotes"])
def test_deep_nesting_of_a_large_save_costs_one_copy_not_one_per_level(nest: Callable[[str, int], str]) -> None:
    text = nest("NOTES\t" + "x" * 4 * MB, limits.MAX_DEPTH - 1).encode("utf-8")
    cost = _cost(lambda: (parse_save_bytes(text), flatten(text.decode("utf-8"))))
    assert cost.error is None
    # The old reader held a copy per level: 99 levels of 4 MB, 400 MB and more.
    assert cost.peak_bytes < 12 * len(text) and cost.seconds < 20


@pytest.mark.parametrize("nest", [_nested_groups, _nested_quotes], ids=["escapes", "quotes"])
def test_nesting_beyond_the_limit_is_refused_cheaply(nest: Callable[[str, int], str]) -> None:
    text = nest("NOTES\t" + "x" * MB, limits.MAX_DEPTH + 5).encode("utf-8")
    cost = _cost(lambda: parse_save_bytes(text))
    assert cost.error is not None and f"nested more than {limits.MAX_DEPTH} levels" in cost.error.message
    assert cost.peak_bytes < 12 * len(text) and cost.seconds < 10


# Item 2: replay linear in commands.


def _moves(count: int, pieces: int) -> Iterator[Command]:
    for index in range(count):
        piece = f"p{index % pieces}"
        under = f"p{(index + 1) % pieces}" if index % 3 == 0 else None
        yield Logged(MovePiece(piece, "Map", 10 + index % 50, 10, under, "Map", 10, 10, None, None))


def _replay_seconds(pieces: int, moves: int) -> float:
    commands: list[Command] = [CommandGroup(tuple(_piece(f"p{index}") for index in range(pieces)))]
    commands.append(AddPiece("s", "stack", encode(["Map", "10", "10", *(f"p{index}" for index in range(pieces))], ";")))
    commands += list(_moves(moves, pieces))
    data = _save(commands)
    start = time.perf_counter()
    game = parse_save_bytes(data)
    seconds = time.perf_counter() - start
    assert len(game.pieces) == pieces and game.logged_commands == moves
    return seconds


def test_ten_thousand_pieces_and_moves_replay_in_linear_time() -> None:
    small = _replay_seconds(2_500, 2_500)
    large = _replay_seconds(10_000, 10_000)
    # The old replay scanned every stack on every move: 5.7 s here, growing 16-fold.
    assert large < 10
    assert large < 12 * max(small, 0.05)


def test_a_small_zipped_log_of_twenty_thousand_moves_is_quick(tmp_path: Path) -> None:
    commands: list[Command] = [CommandGroup(tuple(_piece(f"p{index}", index, 0) for index in range(200)))]
    commands += list(_moves(20_000, 200))
    path = tmp_path / "long.vlog"
    path.write_bytes(build_zip([("savedGame", obfuscate(_save(commands).decode("utf-8"), 7))]))
    cost = _cost(lambda: read_saved_game(path))
    assert cost.error is None and cost.seconds < 15


# Item 3: size first, regular files only, bounded memory.


def test_a_huge_file_is_refused_before_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "huge.vsav"
    with path.open("wb") as stream:
        stream.truncate(1_000_000_000)  # sparse: a gigabyte that costs no disk
    cost = _cost(lambda: read_bytes(path))
    assert cost.error is not None and "larger than" in cost.error.message
    assert cost.peak_bytes < 5 * MB and cost.seconds < 1


@pytest.mark.parametrize("special", ["/dev/zero", "fifo"])
def test_devices_and_fifos_are_refused_without_reading(tmp_path: Path, special: str) -> None:
    path = Path(special)
    if special == "fifo":
        path = tmp_path / "pipe.vsav"
        os.mkfifo(path)  # no writer: a reader that opened it normally would wait forever
    cost = _cost(lambda: read_bytes(path))
    assert cost.error is not None and cost.error.message == "not a regular file"
    assert cost.seconds < 1


def test_peak_memory_of_a_pog_shaped_save_is_under_ten_times_its_text() -> None:
    save = pog_shaped_save()
    cost = _cost(lambda: parse_save_bytes(save.data))
    assert cost.error is None
    assert cost.peak_bytes < 10 * save.text_bytes, f"{cost.peak_bytes / save.text_bytes:.1f}× the text"


def test_payload_within_every_limit_still_costs_a_bounded_multiple(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(limits, "MAX_TEXT_BYTES", 4 * limits.MEBIBYTE)
    # Letters at random: under the ratio limit, so only the text limit stops it.
    letters = random.Random(5).randbytes(5 * MB).translate(bytes(b"abcdefgh"[value % 8] for value in range(256)))
    text = "begin_save\x1b" + "NOTES\t" + letters.decode("ascii")
    data = build_zip([("savedGame", obfuscate(text, 3))])
    cost = _cost(lambda: parse_save_bytes(data))
    assert cost.error is not None and "larger than 4 MB" in cost.error.message
    assert cost.peak_bytes < 15 * MB


# Item 4: zip directories.


def _many_entries(count: int) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        archive.writestr("savedGame", b"begin_save")
        for index in range(count):
            archive.writestr(zipfile.ZipInfo(f"{index}"), b"")
    return buffer.getvalue()


def _claiming(data: bytes, size: int) -> bytes:
    """``data`` whose end record claims a central directory of ``size`` bytes."""
    at = data.rfind(b"PK\x05\x06")
    return data[: at + 12] + struct.pack("<L", size) + data[at + 16 :]


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: _many_entries(60_000), "lists 60001 entries"),
        (lambda: _claiming(_many_entries(1), 200 * MB), "directory takes"),
        (lambda: _many_entries(1)[:-22] + b"PK\x06\x07" + bytes(16) + _many_entries(1)[-22:], "ZIP64"),
    ],
    ids=["sixty-thousand-entries", "huge-directory", "zip64"],
)
def test_zip_directories_are_bounded_before_parsing(make: Callable[[], bytes], message: str) -> None:
    data = make()
    cost = _cost(lambda: parse_save_bytes(data))
    assert cost.error is not None and message in cost.error.message
    assert cost.peak_bytes < 2 * len(data) + 5 * MB and cost.seconds < 2


# Item 5: other slow shapes.


def test_megabytes_of_escaped_esc_are_refused_by_the_command_limit() -> None:
    text = ("begin_save\x1b" + "\\\x1b" * 2_500_000).encode("utf-8")
    cost = _cost(lambda: parse_save_bytes(text))
    assert cost.error is not None and "more than 1,000,000 commands" in cost.error.message
    assert cost.seconds < 2 and cost.peak_bytes < 2 * len(text) + MB


def test_a_million_short_commands_are_read_in_seconds() -> None:
    text = ("begin_save\x1b" + "\\\x1b" * (limits.MAX_COMMANDS - 10)).encode("utf-8")
    cost = _cost(lambda: parse_save_bytes(text))
    assert cost.error is None and cost.seconds < 60 and cost.peak_bytes < 150 * MB


def test_a_hundred_thousand_bare_pieces() -> None:
    pieces = "\x1b".join(f"+/{index}/piece;;;;u{index}/Map;{index % 900};{index // 900}" for index in range(100_000))
    data = ("begin_save\x1b" + pieces + "\x1bend_save").encode("utf-8")
    cost = _cost(lambda: parse_save_bytes(data))
    # The old reader took 9–10 s and 380 MB for three times as many.
    assert cost.error is None and cost.seconds < 30 and cost.peak_bytes < 100 * MB
