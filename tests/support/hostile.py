"""Builders of hostile saves, shared by the tests (issue 15, items 1–5) and ``bench/``.

Every input is made in memory from a few parameters, so no large file is committed and
the benchmark measures each limit at its edge with the same shapes the tests bound.
"""

from __future__ import annotations

import io
import random
import struct
import zipfile
from collections.abc import Iterator

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
from builder.vassal.sequence import encode


def nested_groups(payload: str, levels: int) -> bytes:
    """``payload`` as the first command of groups nested ``levels`` deep (the payload at
    depth ``levels``): every level's ESCs carry one more backslash."""
    text = payload
    for _ in range(levels - 1):
        text = encode([text, "NOTES\tx"], "\x1b")
    return encode(["begin_save", text], "\x1b").encode("utf-8")


def nested_quotes(payload: str, levels: int) -> bytes:
    """``payload`` wrapped in ``levels`` pairs of quotes: a group of one per pair."""
    return ("begin_save\x1b" + "'" * levels + payload + "'" * levels).encode("utf-8")


def _piece(piece_id: str, x: int = 10, y: int = 10) -> AddPiece:
    return AddPiece(piece_id, "mark;Game\tpiece;;;a.png;" + piece_id, f"dos\tMap;{x};{y};1;0")


def _moves(count: int, pieces: int) -> Iterator[Command]:
    for index in range(count):
        piece = f"p{index % pieces}"
        under = f"p{(index + 1) % pieces}" if index % 3 == 0 else None
        yield Logged(MovePiece(piece, "Map", 10 + index % 50, 10, under, "Map", 10, 10, None, None))


def stacked_moves(pieces: int, moves: int) -> bytes:
    """``pieces`` pieces in one stack, then ``moves`` logged moves among fifty spots."""
    commands: list[Command] = [CommandGroup(tuple(_piece(f"p{index}") for index in range(pieces)))]
    commands.append(
        AddPiece(
            "s",
            "stack",
            encode(["Map", "10", "10", *(f"p{index}" for index in range(pieces))], ";"),
        )
    )
    commands += list(_moves(moves, pieces))
    return encode_saved_game(CommandGroup((BeginSave(), *commands, EndSave()))).encode("utf-8")


def long_log(pieces: int, moves: int) -> str:
    """A log's command text: ``pieces`` pieces in a row and ``moves`` moves among them."""
    commands: list[Command] = [
        CommandGroup(tuple(_piece(f"p{index}", index, 0) for index in range(pieces)))
    ]
    commands += list(_moves(moves, pieces))
    return encode_saved_game(CommandGroup((BeginSave(), *commands, EndSave())))


def many_entries(count: int) -> bytes:
    """A zip with a ``savedGame`` and ``count`` empty entries."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        archive.writestr("savedGame", b"begin_save")
        for index in range(count):
            archive.writestr(zipfile.ZipInfo(f"{index}"), b"")
    return buffer.getvalue()


def claiming_directory(data: bytes, size: int) -> bytes:
    """``data`` whose end record claims a central directory of ``size`` bytes."""
    at = data.rfind(b"PK\x05\x06")
    return data[: at + 12] + struct.pack("<L", size) + data[at + 16 :]


def with_zip64_locator(data: bytes) -> bytes:
    """``data`` with a ZIP64 locator before its end record, which zipfile would trust."""
    return data[:-22] + b"PK\x06\x07" + bytes(16) + data[-22:]


def escaped_escs(count: int) -> bytes:
    """``count`` escaped ESCs after ``begin_save``: one group of ``count`` empty commands."""
    return ("begin_save\x1b" + "\\\x1b" * count).encode("utf-8")


def bare_pieces(count: int) -> bytes:
    """``count`` pieces of a BasicPiece each, not stacked."""
    pieces = "\x1b".join(
        f"+/{index}/piece;;;;u{index}/Map;{index % 900};{index // 900}" for index in range(count)
    )
    return ("begin_save\x1b" + pieces + "\x1bend_save").encode("utf-8")


def random_letters(count: int, seed: int = 5) -> str:
    """Letters at random: text that deflates only about 2:1, under any ratio limit."""
    return (
        random.Random(seed)
        .randbytes(count)
        .translate(bytes(b"abcdefgh"[value % 8] for value in range(256)))
        .decode("ascii")
    )


def flat_chain_save(traits: int) -> bytes:
    """A bare save of one piece whose type is ``traits`` Markers separated by plain TABs:
    a chain the engine reads as two traits, which once cost memory in its square."""
    piece_type = "mark;Game\t" * traits + "piece;;;a.png;A"
    state = "x\t" * traits + "Map;5;5;;0"
    return encode_saved_game(
        CommandGroup((BeginSave(), AddPiece("1", piece_type, state), EndSave()))
    ).encode("utf-8")
