"""Issue 22: each attack of the second hardening round, rebuilt here and refused.

Attacks on memory or time run the real command in a child process under
``RLIMIT_AS``/``RLIMIT_CPU`` (:func:`run_limited`): the old code died there with a
``MemoryError`` traceback or was killed, the fixed code answers within the limits.
"""

from __future__ import annotations

import os
import pickle
import resource
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from builder import output
from builder.saves.names import module_name
from builder.saves.reading import turn_and_phase
from builder.vassal.limits import MAX_FILE_BYTES
from builder.vassal.metadata import Metadata
from builder.vassal.model import TurnState
from builder.vassal.nesting import Chain
from builder.vassal.traits import BasicPiece, Marker
from builder.vassal.writer import SetupPiece, TurnPosition, setup_save_bytes
from rules.data import cache
from rules.data.loader import games_directory, resolve_game
from rules.errors import DataError, OutputError, SaveError
from tests.cli.test_cli import run
from tests.cli.test_hardening import _refused, _save_file, _tps_units
from tests.support.games import hex_of, shipped_game
from tests.support.hostile import flat_chain_save
from tests.support.saves import SavedUnit, stavka_save

MEMORY = 600 * 1024 * 1024
"""Address space for a child run: the interpreter and Stavka's imports need about 300 MB."""
CPU_SECONDS = 60
POSITIONS = Path(__file__).resolve().parents[1] / "referee" / "positions"


def run_limited(
    *arguments: str, cwd: Path | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``stavka ARGUMENTS`` in a child process held to :data:`MEMORY` and :data:`CPU_SECONDS`."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
        resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))

    code = "import sys; from builder.program import run; sys.argv[0] = 'stavka'; run()"
    root = Path(__file__).resolve().parents[2]
    environment = {**os.environ, "PYTHONPATH": str(root), **(env or {})}
    return subprocess.run(
        [sys.executable, "-c", code, *arguments],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=environment,
        preexec_fn=limit,
        timeout=10 * CPU_SECONDS,
        check=False,
    )


def _one_line(result: subprocess.CompletedProcess[str], message: str) -> None:
    assert result.returncode == 2, result.stderr[-2000:]
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("stavka: "), result.stderr[
        -2000:
    ]
    assert message in result.stderr


# Item 1: a flat trait chain is read in linear memory.


def test_a_flat_chain_of_fifty_thousand_traits_is_read_within_the_limits(tmp_path: Path) -> None:
    save = _save_file(tmp_path, flat_chain_save(50_000), "flat.vsav")
    result = run_limited("save", "dump", str(save))
    assert result.returncode == 0, result.stderr[-2000:]


def test_a_flat_chain_splits_as_the_engine_does() -> None:
    assert Chain("mark;A\tmark;B\tpiece;;;a.png;A").elements() == ["mark;A", "mark;B"]
    assert Chain("mark;A\tmark;B\\\tpiece;;;a.png;A").elements() == [
        "mark;A",
        "mark;B",
        "piece;;;a.png;A",
    ]


# Item 2: a bare game name is a shipped game only.


def test_a_folder_in_the_current_directory_never_replaces_a_shipped_game(tmp_path: Path) -> None:
    decoy = tmp_path / "dos"
    shutil.copytree(games_directory() / "dos", decoy)
    (decoy / "units.toml").unlink()
    (decoy / "units.toml").symlink_to("/dev/zero")
    save = _save_file(
        tmp_path, stavka_save(shipped_game("tps"), [SavedUnit(_tps_units(1)[0], "2412")], turn="3")
    )
    position = tmp_path / "p.toml"
    position.write_text('game = "dos"\nturn = 1\n', encoding="utf-8")
    assert run_limited("check", str(save), cwd=tmp_path).returncode == 0
    assert run_limited("check", str(position), cwd=tmp_path).returncode == 0
    old_directory = Path.cwd()
    os.chdir(tmp_path)
    try:
        assert resolve_game("dos") == games_directory() / "dos"
        with pytest.raises(DataError, match="not a regular file"):
            from rules.data.loader import load_game

            load_game("./dos")
    finally:
        os.chdir(old_directory)


def test_an_unknown_bare_name_says_how_to_name_a_folder() -> None:
    with pytest.raises(DataError, match=r"not a shipped game .*\./my-dos"):
        resolve_game("my-dos")


# Item 3: the cache is verified before it is trusted.


@pytest.fixture
def own_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "stavka" / "games"


def _entry(folder: Path) -> Path:
    (entry,) = folder.glob("*.pickle")
    return entry


def test_a_changed_byte_in_the_cache_is_caught_and_the_entry_rebuilt(own_cache: Path) -> None:
    from rules.data.loader import load_game

    first = load_game("dos")
    entry = _entry(own_cache)
    data = bytearray(entry.read_bytes())
    header_end = data.index(b"\n", len(b"stavka game data cache 2\n")) + 1 + 65
    pickled = pickle.dumps(first, protocol=pickle.HIGHEST_PROTOCOL)
    # A one-step change to a small integer, as in the attack: K (BININT1) operands.
    at = header_end + pickled.index(b"K\x08")
    data[at + 1] += 1
    entry.write_bytes(bytes(data))
    assert load_game("dos") == first
    assert entry.read_bytes() != bytes(data)


@pytest.mark.parametrize("kind", ["fifo", "zero", "huge"])
def test_a_cache_that_is_no_file_or_too_big_is_passed_over(own_cache: Path, kind: str) -> None:
    from rules.data.loader import load_game

    load_game("tps")
    entry = _entry(own_cache)
    entry.unlink()
    if kind == "fifo":
        os.mkfifo(entry)
    elif kind == "zero":
        entry.symlink_to("/dev/zero")
    else:
        with entry.open("wb") as stream:
            stream.truncate(cache.MAX_CACHE_BYTES + 1)
    result = run_limited(
        "check",
        str(POSITIONS / "tps" / "air_superiority_damaged.toml"),
        env={"XDG_CACHE_HOME": str(own_cache.parents[1])},
    )
    assert result.returncode == 0, result.stderr[-2000:]


# Item 4: one turn and phase parser, for every game.


@pytest.mark.parametrize("turn", ["²", "٣", "9" * 5_000, "99999999999", "100", "-1", ""])
@pytest.mark.parametrize("game", ["rks", "tps"])
def test_turns_that_are_not_plain_whole_numbers_are_refused(game: str, turn: str) -> None:
    tracker = TurnState("TurnTracker0", 0, (f"{turn};0;false;6;0",))
    with pytest.raises(SaveError, match="TurnTracker0: turn .* is not a whole number from 0 to 99"):
        turn_and_phase(Path("g.vsav"), shipped_game(game), (tracker,))


@pytest.mark.parametrize("phase", ["²", "٣", "9" * 5_000, "99", "-1"])
def test_phases_that_are_not_an_index_of_the_games_phases_are_refused(phase: str) -> None:
    tracker = TurnState("TurnTracker0", 0, (f"2;0;false;6;{phase}",))
    with pytest.raises(SaveError, match="TurnTracker0: phase"):
        turn_and_phase(Path("g.vsav"), shipped_game("rks"), (tracker,))


def test_a_plain_turn_and_phase_are_read() -> None:
    rks = shipped_game("rks")
    tracker = TurnState("TurnTracker0", 0, ("3;0;false;6;1",))
    assert turn_and_phase(Path("g.vsav"), rks, (tracker,)) == (3, rks.phases[1])


# Item 5: report never replaces a file it did not write.


def test_a_file_appearing_at_the_reports_name_while_it_is_built_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "page.html"
    original = output._create_exclusively

    def meanwhile(temporary: Path, path: Path, data: bytes) -> None:
        if not target.exists():
            target.write_text("the user's notes", encoding="utf-8")
        original(temporary, path, data)

    monkeypatch.setattr(output, "_create_exclusively", meanwhile)
    _refused(
        ("report", str(POSITIONS / "tps" / "air_superiority_damaged.toml"), "-o", str(target)),
        "not written by Stavka",
    )
    assert target.read_text(encoding="utf-8") == "the user's notes"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["page.html"]


def test_report_replaces_its_own_page(tmp_path: Path) -> None:
    target = tmp_path / "page.html"
    position = str(POSITIONS / "tps" / "air_superiority_damaged.toml")
    for _ in range(2):
        assert run("report", position, "-o", str(target))[0] == 0
    assert sorted(path.name for path in tmp_path.iterdir()) == ["page.html"]


def test_a_file_moved_aside_that_is_not_ours_goes_back(tmp_path: Path) -> None:
    target = tmp_path / "page.html"
    target.write_text("<html>not ours</html>", encoding="utf-8")
    with pytest.raises(OutputError, match="not written by Stavka"):
        output.write_own_output(target, b"new", lambda head: b"Stavka" in head, 64)
    assert target.read_text(encoding="utf-8") == "<html>not ours</html>"


# Item 6: position files are bounded before tomllib parses them.


def test_a_deeply_dotted_key_is_refused_before_parsing(tmp_path: Path) -> None:
    path = tmp_path / "p.toml"
    path.write_text('game = "dos"\nturn = 1\n' + "a." * 30_000 + "a = 1\n", encoding="utf-8")
    result = run_limited("check", str(path))
    _one_line(result, "p.toml:3: a key dotted more than 16 levels deep")


def test_a_large_position_file_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "p.toml"
    path.write_text('game = "dos"\nturn = 1\n' + "# padding\n" * 30_000, encoding="utf-8")
    _refused(("check", str(path)), "file is larger than 256 KB")


# Item 7: validate refuses what later commands would crash or hang on.


def _game_copy(tmp_path: Path, game: str) -> Path:
    folder = tmp_path / f"my-{game}"
    shutil.copytree(games_directory() / game, folder)
    return folder


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("size = [3705, 2465]", "size = [20000, 20000]", "out of range 1..16000"),
        (
            "size = [3705, 2465]",
            "size = [16000, 16000]",
            "more than the 40,000,000 the build can draw",
        ),
        ("dx = 75", "dx = 1e308", "'dx' = 1e+308 is not a usable number"),
        ("dx = 75", "dx = 1e9", "must be at most 1000"),
        ("dx = 75", "dx = nan", "is not a usable number"),
    ],
)
def test_validate_refuses_boards_the_build_cannot_draw(
    tmp_path: Path, old: str, new: str, message: str
) -> None:
    folder = _game_copy(tmp_path, "tps")
    _edit(folder / "map.toml", old, new)
    result = run_limited("validate", str(folder))
    _one_line(result, message)
    assert "map.toml:" in result.stderr


def test_validate_and_check_refuse_a_renamed_edge(tmp_path: Path) -> None:
    folder = _game_copy(tmp_path, "tps")
    _edit(folder / "map.toml", 'name = "east"', 'name = "eastern"')
    _refused(("validate", str(folder)), "map.toml: no map edge named 'east'")
    position = tmp_path / "p.toml"
    position.write_text(f'game = "{folder}"\nturn = 1\n', encoding="utf-8")
    _refused(("check", str(position)), "no map edge named 'east'")


def test_validate_refuses_a_hex_game_without_its_odds_table(tmp_path: Path) -> None:
    folder = _game_copy(tmp_path, "dos")
    (folder / "tables.toml").unlink()
    _refused(("validate", str(folder)), "tables.toml: no odds table 'crt'")


# Item 8: FIFOs and devices are refused unread, in and out.


def test_fifos_and_devices_are_refused_as_position_and_data_files(tmp_path: Path) -> None:
    fifo = tmp_path / "p.toml"
    os.mkfifo(fifo)
    _refused(("check", str(fifo)), "p.toml: not a regular file")
    folder = _game_copy(tmp_path, "tps")
    (folder / "units.toml").unlink()
    os.mkfifo(folder / "units.toml")
    _refused(("validate", str(folder)), "units.toml: not a regular file")
    (folder / "units.toml").unlink()
    (folder / "units.toml").symlink_to("/dev/zero")
    _refused(("validate", str(folder)), "units.toml: not a regular file")


def test_a_fifo_as_the_reports_target_is_refused_unread(tmp_path: Path) -> None:
    fifo = tmp_path / "page.html"
    os.mkfifo(fifo)
    finished = threading.Event()

    def answer() -> None:
        _refused(
            ("report", str(POSITIONS / "tps" / "air_superiority_damaged.toml"), "-o", str(fifo)),
            "not a regular file",
        )
        finished.set()

    worker = threading.Thread(target=answer, daemon=True)
    worker.start()
    worker.join(120)
    if not finished.is_set():
        os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)  # release a reader stuck on the FIFO
        pytest.fail("report waited on a FIFO")


# Item 9: --annotate marks the real piece, never a decoy of another game.


def test_annotate_matches_game_and_unit_id(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from builder.vassal import savefile
    from builder.vassal.reader import read_saved_game

    tps = shipped_game("tps")
    unit = _tps_units(1)[0]
    game_map = tps.maps[0]
    assert game_map.hex_map is not None
    real, decoy = (game_map.hex_map.pixel_centre(hex_of(tps, at)) for at in ("2412", "2413"))
    # The decoy names no game and comes after the real piece: a match on UnitId alone picks it.
    pieces = [
        SetupPiece(
            (Marker(keys, values), BasicPiece(image="", name=unit)), game_map.name, int(x), int(y)
        )
        for keys, values, (x, y) in (
            (("Game", "UnitId"), ("tps", unit), real),
            (("UnitId",), (unit,), decoy),
        )
    ]
    data = setup_save_bytes(
        pieces,
        Metadata(module_name(tps), "0.1.0", "3.7.10", "1700000000000", ""),
        seed=1,
        turns=(TurnPosition("TurnTracker0", "0|3;0;false;-1"),),
    )
    save = _save_file(tmp_path, data)
    annotated = tmp_path / "annotated.vsav"
    reads: list[Path] = []
    real_read = savefile.read_bytes

    def counted(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
        reads.append(path)
        return real_read(path, limit)

    monkeypatch.setattr(savefile, "read_bytes", counted)
    code, _, error = run("check", str(save), "--annotate", str(annotated))
    assert code == 0, error
    assert reads == [save]
    marked = [
        piece
        for piece in read_saved_game(annotated).pieces
        if any(
            isinstance(trait, Marker) and trait.keys[:1] == ("Supply",) for trait in piece.traits
        )
    ]
    assert [(piece.x, piece.y) for piece in marked] == [(int(real[0]), int(real[1]))]


# Item 10: a pnp failure is one line, with no progress before it.


def test_a_pnp_failure_prints_only_its_error_line(tmp_path: Path) -> None:
    # A folder where the PDF goes: every page is drawn, then the write fails.
    (tmp_path / "rks-pnp-a4.pdf").mkdir()
    _refused(("pnp", "rks", "--output-dir", str(tmp_path)), "rks-pnp-a4.pdf: cannot write")
