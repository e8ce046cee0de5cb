"""Crafted saves that once cost gigabytes or minutes (issue 15, items 1–5).

Each test builds its input, then reads it while measuring time and peak memory in this
process (tracemalloc: Python's own allocations). The bounds are generous safety bounds
that the old reader broke by one to two orders of magnitude; ``bench/bench_limits.py``
reports the exact figures.
"""

from __future__ import annotations

import io
import os
import time
import tracemalloc
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from bench.synthetic_save import pog_shaped_save
from builder.vassal import limits
from builder.vassal.archive import zip_archive
from builder.vassal.lines import flatten
from builder.vassal.obfuscation import obfuscate
from builder.vassal.reader import parse_save_bytes, read_saved_game
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


# Item 1: nesting without a copy per level.


@pytest.mark.parametrize("nest", [nested_groups, nested_quotes], ids=["escapes", "quotes"])
def test_deep_nesting_of_a_large_save_costs_one_copy_not_one_per_level(
    nest: Callable[[str, int], bytes],
) -> None:
    text = nest("NOTES\t" + "x" * 4 * MB, limits.MAX_DEPTH - 1)
    cost = _cost(lambda: (parse_save_bytes(text), flatten(text.decode("utf-8"))))
    assert cost.error is None
    # The old reader held a copy per level: 99 levels of 4 MB, 400 MB and more.
    assert cost.peak_bytes < 12 * len(text) and cost.seconds < 20


@pytest.mark.parametrize("nest", [nested_groups, nested_quotes], ids=["escapes", "quotes"])
def test_nesting_beyond_the_limit_is_refused_cheaply(nest: Callable[[str, int], bytes]) -> None:
    text = nest("NOTES\t" + "x" * MB, limits.MAX_DEPTH + 5)
    cost = _cost(lambda: parse_save_bytes(text))
    assert (
        cost.error is not None
        and f"nested more than {limits.MAX_DEPTH} levels" in cost.error.message
    )
    assert cost.peak_bytes < 12 * len(text) and cost.seconds < 10


# Item 2: replay linear in commands.


def _replay_seconds(pieces: int, moves: int) -> float:
    data = stacked_moves(pieces, moves)
    start = time.perf_counter()
    game = parse_save_bytes(data)
    seconds = time.perf_counter() - start
    assert len(game.pieces) == pieces and game.logged_commands == moves
    return seconds


def test_ten_thousand_pieces_and_moves_replay_in_linear_time() -> None:
    small = _replay_seconds(2_500, 2_500)
    large = _replay_seconds(10_000, 10_000)
    # The old replay scanned every stack on every move: 5.7 s here, growing 16-fold for
    # four times the input. The bound on time is for a busy machine; the ratio is the test.
    assert large < 30
    assert large < 12 * max(small, 0.05)


def test_a_small_zipped_log_of_twenty_thousand_moves_is_quick(tmp_path: Path) -> None:
    path = tmp_path / "long.vlog"
    path.write_bytes(zip_archive([("savedGame", obfuscate(long_log(200, 20_000), 7))]))
    cost = _cost(lambda: read_saved_game(path))
    # The old reader: 30 s unloaded, without tracemalloc's slowing of every allocation.
    assert cost.error is None and cost.seconds < 60


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
    assert cost.peak_bytes < 10 * save.text_bytes, (
        f"{cost.peak_bytes / save.text_bytes:.1f}× the text"
    )


def test_payload_within_every_limit_still_costs_a_bounded_multiple(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(limits, "MAX_TEXT_BYTES", 4 * limits.MEBIBYTE)
    # Letters at random: under the ratio limit, so only the text limit stops it.
    text = "begin_save\x1b" + "NOTES\t" + random_letters(5 * MB)
    # Deflated at zlib's default level, as VASSAL's own saves are: the builder's level 9
    # spends 8 s on these 10 MB of hex, for a zip 0.4 % smaller that reads the same.
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("savedGame", obfuscate(text, 3))
    data = buffer.getvalue()
    cost = _cost(lambda: parse_save_bytes(data))
    assert cost.error is not None and "larger than 4 MB" in cost.error.message
    assert cost.peak_bytes < 15 * MB


# Item 4: zip directories.


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: many_entries(60_000), "lists 60001 entries"),
        (lambda: claiming_directory(many_entries(1), 200 * MB), "directory takes"),
        (lambda: with_zip64_locator(many_entries(1)), "ZIP64"),
    ],
    ids=["sixty-thousand-entries", "huge-directory", "zip64"],
)
def test_zip_directories_are_bounded_before_parsing(
    make: Callable[[], bytes], message: str
) -> None:
    data = make()
    cost = _cost(lambda: parse_save_bytes(data))
    assert cost.error is not None and message in cost.error.message
    assert cost.peak_bytes < 2 * len(data) + 5 * MB and cost.seconds < 2


# Item 5: other slow shapes.


def test_megabytes_of_escaped_esc_are_refused_by_the_command_limit() -> None:
    text = escaped_escs(2_500_000)
    cost = _cost(lambda: parse_save_bytes(text))
    assert (
        cost.error is not None
        and f"more than {limits.MAX_COMMANDS:,} commands" in cost.error.message
    )
    assert cost.seconds < 2 and cost.peak_bytes < 2 * len(text) + MB


def test_as_many_short_commands_as_the_limit_allows_are_read_in_seconds() -> None:
    text = escaped_escs(limits.MAX_COMMANDS - 10)
    cost = _cost(lambda: parse_save_bytes(text))
    assert cost.error is None and cost.seconds < 60 and cost.peak_bytes < 100 * MB


def test_a_hundred_thousand_bare_pieces() -> None:
    data = bare_pieces(100_000)
    cost = _cost(lambda: parse_save_bytes(data))
    # The old reader took 9–10 s and 380 MB for three times as many (bench/bench_limits.py
    # measures that size); tracemalloc slows this allocation-heavy read several times.
    assert cost.error is None and cost.seconds < 90 and cost.peak_bytes < 150 * MB
