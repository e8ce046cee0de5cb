"""Seeded mutation fuzz of everything a user hands to Stavka: saves and position files.

Five kinds of input are damaged, so that each layer sees the damage it must survive:

- ``files``: whole save files of the corpus (zip structure, entry data);
- ``payloads``: obfuscated payloads given as bare files (hex, keys, formats);
- ``texts``: decoded command text (escapes, delimiters, fields, logs), also flattened
  to lines;
- ``positions``: position files (TOML syntax, names, numbers, settings), checked by
  the referee now and then;
- ``stavka-saves``: saves of Stavka's modules read as referee positions (markers,
  turns, stacks), checked by the referee now and then;
- ``chains``: trait chains of every shape (flat TABs, runs of backslashes, quotes),
  whose elements together may never be longer than the chain (reading is linear);
- ``dotted-keys``: position files with dotted keys and headers of any depth;
- ``cache-bytes``: damaged entries of the game data cache, which must give the game
  exactly as loaded or be passed over, never a different game;
- ``turn-strings``: turn tracker states of any text, read for every game's turn and
  phase, which must be refused or be in range.

The only exception allowed out is Stavka's own :class:`StavkaError`. A seed and a case
number reproduce any failure. ``tests/vassal/test_fuzz.py`` runs a CI-sized share;
``python -m bench.fuzz`` runs as many as asked.
"""

from __future__ import annotations

import random
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from builder.saves import reading
from builder.saves.positions import position_from_save
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
from builder.vassal.model import TurnState
from builder.vassal.nesting import split_chain
from builder.vassal.obfuscation import obfuscate
from builder.vassal.reader import parse_save_bytes
from builder.vassal.savefile import decode_save_bytes
from builder.vassal.traits import (
    BasicPiece,
    DynamicProperty,
    Layer,
    Marker,
    Mask,
    UsePrototype,
    chain_texts,
)
from rules.data import cache as data_cache
from rules.data import loader
from rules.errors import StavkaError
from rules.model import GameSpec
from rules.referee import position_file
from rules.referee.games import referee_for
from rules.referee.position import Position
from rules.referee.position_file import read_position_file
from tests.support.games import shipped_game
from tests.support.saves import SavedUnit, stavka_save
from tests.vassal.vassal_corpus import CORPUS, KASSALA_SAVE, ZXVT_LOG

SEED = 20_240_905
POSITIONS = Path(__file__).resolve().parents[1] / "referee" / "positions"
SAVE_DAMAGE = [
    "\x1b",
    "\\\x1b",
    "\t",
    "\\\t",
    "/",
    "\\/",
    ";",
    "\\;",
    ",",
    "\\",
    "'",
    "|",
    "@@",
    "null",
    "-1",
    "9" * 12,
    "é",
    "\n",
    "",
    "²",
    "\x9b",
]
TOML_DAMAGE = [
    "[",
    "]",
    "[[unit]]",
    "{",
    "}",
    "=",
    '"',
    "'",
    "\n",
    "#",
    ",",
    "0",
    "-1",
    "99999999999999999999",
    "²",
    "1e308",
    "nan",
    "inf",
    "true",
    '"../x"',
    '"dos"',
    '"tps"',
    '""',
    "\x07",
    "\0",
    "é",
    "[settings]",
    'at = "N3021"',
    'id = "de-16pd"',
    "steps = 0",
    "turn = 100",
]
CHECK_EVERY = 100
"""Every so many readable positions the referee checks one too (a check takes 0.1–0.3 s)."""


class FuzzFailure(AssertionError):
    """An exception other than Stavka's own escaped: the case that made it."""


@dataclass(frozen=True)
class FuzzResult:
    kind: str
    cases: int
    refused: int
    checked: int
    seconds: float


def small_save_text() -> str:
    """A compact save exercising every command and trait the reader interprets."""
    traits = (
        Layer.marker("Step", ("", "b.png"), ("", "+ r")),
        Marker(("Nation", "Type"), ("German", "Inf")),
        Mask(fields=("", "m.png", "Hide", "I", "?", "side:", ""), owner=None, options=""),
        DynamicProperty(name="Steps", fields=("true,0,4,false", "", ""), value="2"),
        UsePrototype("Unit", "a=1"),
        BasicPiece(
            image="a.png",
            name="7/12 Rgt",
            map="Main Map",
            x=10,
            y=20,
            gpid="5",
            properties=(("UniqueID", "1"),),
        ),
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
                        AddPiece("2", piece_type, state),
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
                        Logged(
                            MovePiece("2", "Main Map", 30, 40, "1", "Main Map", 10, 20, None, None)
                        ),
                        Logged(ChangePiece("2", state.replace("German", "Soviet"), state)),
                        Undo(True),
                        Logged(RemovePiece("3")),
                    )
                ),
            )
        )
    )


def mutate_bytes(rng: random.Random, data: bytes) -> bytes:
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
        damaged[offset : offset + 4] = rng.choice(
            [b"\xff\xff\xff\xff", b"\0\0\0\0", rng.randbytes(4)]
        )
    return bytes(damaged)


def mutate_text(rng: random.Random, text: str, damage: list[str], keep: int = 0) -> str:
    """``text`` with one to three insertions, cuts, repeats or changed characters.

    The first ``keep`` characters mostly stay (a save's ``begin_save``), so that most
    damage reaches the parsers behind the first check.
    """
    low = 0 if rng.random() < 0.05 else keep
    for _ in range(rng.randint(1, 3)):
        position = rng.randint(low, len(text))
        kind = rng.randrange(4)
        if kind == 0:
            text = text[:position] + rng.choice(damage) + text[position:]
        elif kind == 1:
            text = text[:position] + text[position + rng.randint(1, 12) :]
        elif kind == 2:
            text = (
                text[:position] + text[position : position + rng.randint(1, 40)] + text[position:]
            )
        else:
            text = text[:position] + chr(rng.randrange(0x20, 0x2FF)) + text[position + 1 :]
    return text


@cache
def _save_seeds() -> dict[str, list[bytes]]:
    text = small_save_text()
    tps = shipped_game("tps")
    units = list(tps.units)
    ours = stavka_save(
        tps,
        [SavedUnit(units[0], "2412"), SavedUnit(units[1], "2413"), SavedUnit(units[2], "0701")],
        turn="3",
        scenario="1",
    )
    return {
        "files": [
            KASSALA_SAVE.read_bytes(),
            ZXVT_LOG.read_bytes(),
            (CORPUS / "tld" / "scenario_2.sav").read_bytes(),
        ],
        "payloads": [
            obfuscate(text, 0x5A),
            obfuscate(text, 0x00).upper(),
            b"VOBS\x21" + bytes(b ^ 0x21 for b in text.encode()),
        ],
        "texts": [text.encode("utf-8"), (CORPUS / "tld" / "scenario_5.sav").read_bytes()],
        "stavka-saves": [ours],
    }


@cache
def _position_seeds() -> list[tuple[str, str]]:
    """The referee tests' position files, their own game folders named by absolute path."""
    seeds = []
    for path in sorted(POSITIONS.glob("*/*.toml")):
        if path.name == "units.toml":
            continue
        text = path.read_text(encoding="utf-8")
        for folder in path.parent.iterdir():
            if (folder / "game.toml").is_file():
                text = text.replace(f'game = "./{folder.name}"', f'game = "{folder}"')
        seeds.append((path.parent.name, text))
    return seeds


@contextmanager
def _games_loaded_once() -> Iterator[None]:
    """Within a fuzz run each game is loaded once, not once per case."""
    original = loader.load_game

    @cache
    def load_once(name: str) -> GameSpec:
        return original(name)

    # setattr, not assignment: mypy would hold the cached wrapper to load_game's own type.
    for module in (position_file, reading):
        setattr(module, "load_game", load_once)  # noqa: B010
    try:
        yield
    finally:
        for module in (position_file, reading):
            setattr(module, "load_game", original)  # noqa: B010


def _now_and_then(rng: random.Random, position: Position) -> bool:
    """Check one readable position in :data:`CHECK_EVERY` with the referee; True if so."""
    if rng.randrange(CHECK_EVERY):
        return False
    referee_for(position).check()
    return True


def _reader(kind: str) -> Callable[[random.Random, Path], bool]:
    """A function that makes and reads one damaged input of ``kind``: True if checked."""
    if kind in _PLAIN_KINDS:
        return _PLAIN_KINDS[kind]
    if kind == "positions":
        seeds = _position_seeds()

        def position(rng: random.Random, folder: Path) -> bool:
            game_folder, text = rng.choice(seeds)
            path = folder / game_folder / "case.toml"
            path.parent.mkdir(exist_ok=True)
            path.write_bytes(
                mutate_text(rng, text, TOML_DAMAGE).encode("utf-8", errors="surrogatepass")
            )
            return _now_and_then(rng, read_position_file(path))

        return position
    save_seeds = _save_seeds()[kind]
    if kind == "stavka-saves":

        def save(rng: random.Random, folder: Path) -> bool:
            path = folder / "case.vsav"
            text = parse_text(rng.choice(save_seeds))
            path.write_bytes(mutate_text(rng, text, SAVE_DAMAGE, len("begin_save")).encode("utf-8"))
            return _now_and_then(rng, position_from_save(path))

        return save

    def reader(rng: random.Random, _folder: Path) -> bool:
        seed = rng.choice(save_seeds)
        if kind == "texts":
            data = mutate_text(rng, seed.decode("utf-8"), SAVE_DAMAGE, len("begin_save")).encode(
                "utf-8"
            )
        else:
            data = mutate_bytes(rng, seed)
        parse_save_bytes(data)
        if kind == "texts":
            flatten(data.decode("utf-8", errors="replace"))
        return False

    return reader


@cache
def parse_text(data: bytes) -> str:
    """The command text of a seed save, damaged as text by the ``stavka-saves`` kind."""
    return decode_save_bytes(data).text


KINDS = (
    "files",
    "payloads",
    "texts",
    "positions",
    "stavka-saves",
    "chains",
    "dotted-keys",
    "cache-bytes",
    "turn-strings",
)
CHAIN_PIECES = ["\t", "\\", "\\\t", '"', "mark;Game", "piece;;;a.png;A", ";", "\\" * 7 + "\t"]
TURN_PIECES = [
    "0",
    "1",
    "3",
    "9",
    "99",
    "100",
    "-",
    "+",
    "²",
    "٣",
    "١",
    "9" * 40,
    ";",
    "\\;",
    "",
    " ",
    "e",
    "\0",
]


def _chain(rng: random.Random, _folder: Path) -> bool:
    text = "".join(rng.choice(CHAIN_PIECES) for _ in range(rng.randint(1, 400)))
    if sum(map(len, split_chain(text))) > len(text):
        raise FuzzFailure(f"a chain of {len(text)} characters gave longer elements: {text[:80]!r}")
    return False


def _dotted_keys(rng: random.Random, folder: Path) -> bool:
    depth = rng.choice([1, 2, 3, 15, 16, 17, 100, rng.randint(1, 3_000)])
    parts = [rng.choice(["a", '"b.c"', "'d'", "1", "_-", '""']) for _ in range(depth)]
    key = rng.choice([".", " . ", ".\t"]).join(parts)
    line = rng.choice([f"{key} = 1", f"[{key}]", f"[[{key}]]", f"x = {{ {key} = 1 }}", f"{key}"])
    path = folder / "dotted.toml"
    path.write_text(
        mutate_text(rng, f'game = "dos"\nturn = 1\n{line}\n', TOML_DAMAGE),
        encoding="utf-8",
        errors="surrogatepass",
    )
    read_position_file(path)
    return False


@cache
def _cache_entry() -> tuple[GameSpec, bytes, Path, bytes]:
    """The shipped TPS game as loaded, and the bytes of its cache entry (in a folder of
    the fuzz's own, so the user's cache is never touched)."""
    folder = Path(tempfile.mkdtemp(prefix="stavka-fuzz-cache-"))
    spec = loader.load_game("tps")
    key = b"fuzz"
    entry = folder / "entry.pickle"
    data_cache._write(entry, key, spec)
    return spec, key, entry, entry.read_bytes()


def _cache_bytes(rng: random.Random, _folder: Path) -> bool:
    spec, key, entry, data = _cache_entry()
    entry.write_bytes(mutate_bytes(rng, data))
    found = data_cache._read(entry, key)
    if found is not None and found != spec:
        raise FuzzFailure("a damaged cache entry was read as a different game")
    return False


def _turn_strings(rng: random.Random, _folder: Path) -> bool:
    game = shipped_game(rng.choice(["dos", "tps", "rks"]))
    fields = ["".join(rng.choice(TURN_PIECES) for _ in range(rng.randint(0, 3))) for _ in range(5)]
    tracker = TurnState("TurnTracker0", 0, (";".join(fields[: rng.randint(1, 5)]),))
    turn, phase = reading.turn_and_phase(Path("fuzz.vsav"), game, (tracker,))
    if not 0 <= turn <= position_file.MAX_TURN or (phase is not None and phase not in game.phases):
        raise FuzzFailure(
            f"turn {turn} and phase {phase!r} read from {tracker.level_states[0][:80]!r}"
        )
    return False


_PLAIN_KINDS: dict[str, Callable[[random.Random, Path], bool]] = {
    "chains": _chain,
    "dotted-keys": _dotted_keys,
    "cache-bytes": _cache_bytes,
    "turn-strings": _turn_strings,
}


def fuzz(kind: str, cases: int, seed: int = SEED) -> FuzzResult:
    """Run ``cases`` damaged inputs of ``kind``; raise :class:`FuzzFailure` on the first
    exception that is not a :class:`StavkaError`."""
    rng = random.Random(f"{seed}:{kind}")
    read = _reader(kind)
    refused = checked = 0
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder, _games_loaded_once():
        for case in range(cases):
            try:
                checked += read(rng, Path(folder))
            except StavkaError:
                refused += 1
            except Exception as error:  # the point of the fuzz: nothing else may escape
                raise FuzzFailure(
                    f"case {case} ({kind}, seed {seed}): {type(error).__name__}: {error}"
                ) from error
    return FuzzResult(kind, cases, refused, checked, time.perf_counter() - start)
