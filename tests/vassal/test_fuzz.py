"""Seeded mutation fuzz: whatever bytes arrive, only SaveError may escape the reader.

Three layers are mutated, so that each part of the reader sees damage it must survive:
whole files (zip structure, entry data), obfuscated payloads given as bare files (hex,
keys), and decoded command text (escapes, delimiters, fields, logs). 100,000+ cases run
in well under a minute; the seed makes every failure reproducible from its case number.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path

import pytest

from builder.vassal.commands import (
    AddPiece,
    AddPlayer,
    BeginSave,
    ChangePiece,
    CommandGroup,
    EndSave,
    Logged,
    MovePiece,
    NullCommand,
    RemovePiece,
    SetGlobalProperty,
    SetTurn,
    SetupStacksPlaced,
    Undo,
    encode_saved_game,
)
from builder.vassal.lines import flatten
from builder.vassal.obfuscation import obfuscate
from builder.vassal.reader import parse_save_bytes
from builder.vassal.traits import BasicPiece, DynamicProperty, Layer, Marker, Mask, UsePrototype, chain_texts
from rules.errors import SaveError
from tests.vassal.vassal_corpus import CORPUS, KASSALA_SAVE, ZXVT_LOG

SEED = 20_240_905
DAMAGE = ["\x1b", "\\\x1b", "\t", "\\\t", "/", "\\/", ";", "\\;", ",", "\\", "'", "|", "@@", "null", "-1", "9" * 12, "é", "\n", ""]


def _small_save_text() -> str:
    """A compact save exercising every command and trait the reader interprets."""
    traits = (
        Layer.build("Step", ("", "b.png"), ("", "+ r")),
        Marker(("Nation", "Type"), ("German", "Inf")),
        Mask(fields=("", "m.png", "Hide", "I", "?", "side:", ""), owner=None, options=""),
        DynamicProperty(name="Steps", fields=("true,0,4,false", "", ""), value="2"),
        UsePrototype("Unit", "a=1"),
        BasicPiece(image="a.png", name="7/12 Rgt", map="Main Map", x=10, y=20, gpid="5", properties=(("UniqueID", "1"),)),
    )
    piece_type, state = chain_texts(traits)
    moved = MovePiece("1", "Main Map", 30, 40, None, "Main Map", 10, 20, None, "pw")
    return encode_saved_game(
        CommandGroup(
            (
                BeginSave(),
                NullCommand(),
                CommandGroup(
                    (
                        NullCommand(),
                        AddPiece("1", piece_type, state),
                        AddPiece("2", piece_type, state.replace("Main Map;10;20", "Main Map;10;20")),
                        AddPiece("3", "stack", "Main Map;10;20;1;2;@@0"),
                        AddPiece("4", "deck;a;b", "Main Map;5;5;true;1,2"),
                    )
                ),
                SetGlobalProperty("VP", "3", "Module"),
                SetTurn("TurnTracker0", "0|1;0;false;-1"),
                AddPlayer("pw", "Al", "Germany"),
                SetupStacksPlaced(),
                EndSave(),
                CommandGroup(
                    (
                        Logged(moved),
                        Logged(MovePiece("2", "Main Map", 30, 40, "1", "Main Map", 10, 20, None, None)),
                        Logged(ChangePiece("2", state.replace("German", "Soviet"), state)),
                        Undo(True),
                        Logged(RemovePiece("3")),
                    )
                ),
            )
        )
    )


def _mutate_bytes(rng: random.Random, data: bytes) -> bytes:
    damaged = bytearray(data)
    kind = rng.randrange(5)
    if kind == 0:
        for _ in range(rng.randint(1, 4)):
            damaged[rng.randrange(len(damaged))] ^= 1 << rng.randrange(8)
    elif kind == 1:
        del damaged[rng.randrange(len(damaged)) :]
    elif kind == 2:
        start = rng.randrange(len(damaged))
        damaged[start : start + rng.randint(1, 8)] = rng.randbytes(rng.randint(0, 8))
    elif kind == 3:
        start, length = rng.randrange(len(damaged)), rng.randint(1, 64)
        damaged[start:start] = damaged[start : start + length]
    else:
        # Zip headers: sizes, offsets and counts live in little-endian fields near "PK".
        at = damaged.rfind(b"PK", 0, rng.randrange(1, len(damaged) + 1))
        offset = max(at, 0) + rng.randint(4, 40)
        damaged[offset : offset + 4] = rng.choice([b"\xff\xff\xff\xff", b"\0\0\0\0", rng.randbytes(4)])
    return bytes(damaged)


def _mutate_text(rng: random.Random, text: str) -> str:
    # Mostly keep "begin_save" intact so that damage reaches the command parser.
    low = 0 if rng.random() < 0.05 else len("begin_save")
    for _ in range(rng.randint(1, 3)):
        position = rng.randint(low, len(text))
        kind = rng.randrange(4)
        if kind == 0:
            text = text[:position] + rng.choice(DAMAGE) + text[position:]
        elif kind == 1:
            text = text[:position] + text[position + rng.randint(1, 12) :]
        elif kind == 2:
            text = text[:position] + text[position : position + rng.randint(1, 40)] + text[position:]
        else:
            text = text[:position] + chr(rng.randrange(0x20, 0x2FF)) + text[position + 1 :]
    return text


def _survives(case: int, kind: str, data: bytes, lines: bool) -> None:
    try:
        parse_save_bytes(data)
        if lines:
            flatten(data.decode("utf-8", errors="replace"))
    except SaveError:
        return
    except Exception as error:  # the point of the fuzz: nothing else may escape
        pytest.fail(f"case {case} ({kind}, seed {SEED}): {type(error).__name__}: {error}\ninput: {data[:300]!r}")


def _run(kind: str, count: int, make: Callable[[random.Random], bytes], lines: bool = False) -> int:
    rng = random.Random(f"{SEED}:{kind}")
    for case in range(count):
        _survives(case, kind, make(rng), lines)
    return count


FILE_SEEDS = [KASSALA_SAVE.read_bytes(), ZXVT_LOG.read_bytes(), (CORPUS / "tld" / "scenario_2.sav").read_bytes()]
SMALL_TEXT = _small_save_text()
PAYLOAD_SEEDS = [obfuscate(SMALL_TEXT, 0x5A), obfuscate(SMALL_TEXT, 0x00).upper(), b"VOBS\x21" + bytes(b ^ 0x21 for b in SMALL_TEXT.encode())]
TEXT_SEEDS = [SMALL_TEXT, (CORPUS / "tld" / "scenario_5.sav").read_text("utf-8")]

CASES = {"files": 30_000, "payloads": 20_000, "texts": 60_000}


def test_fuzz_seed_is_a_valid_save() -> None:
    game = parse_save_bytes(SMALL_TEXT.encode("utf-8"))
    # After the log: piece 1 moved, piece 2 placed on it, the original stack removed.
    assert [(piece.id, piece.x, piece.y) for piece in game.pieces] == [("1", 30, 40), ("2", 30, 40)]
    assert [stack.piece_ids for stack in game.stacks] == [("1", "2")]
    assert game.logged_commands == 4


def test_mutated_saves_raise_only_save_error() -> None:
    done = _run("files", CASES["files"], lambda rng: _mutate_bytes(rng, rng.choice(FILE_SEEDS)))
    done += _run("payloads", CASES["payloads"], lambda rng: _mutate_bytes(rng, rng.choice(PAYLOAD_SEEDS)))
    done += _run(
        "texts", CASES["texts"], lambda rng: _mutate_text(rng, rng.choice(TEXT_SEEDS)).encode("utf-8"), lines=True
    )
    assert done >= 100_000


def test_seed_files_exist() -> None:
    assert all(isinstance(path, Path) and path.exists() for path in (KASSALA_SAVE, ZXVT_LOG))
