"""Issue 15, items 6–20: crafted input gets one line and exit 2, or the right verdict.

Every input is built here. ``run`` goes through the real command line, so each test
also checks the one-line promise: the error is a single line starting ``stavka:``.
"""

from __future__ import annotations

import errno
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from builder import output
from builder.build import buildable
from builder.cli import build_commands
from builder.output import write_new_file, write_output, write_outputs
from builder.vassal.archive import zip_archive
from builder.vassal.commands import (
    AddPiece,
    BeginSave,
    CommandGroup,
    EndSave,
    Logged,
    MovePiece,
    encode_saved_game,
)
from builder.vassal.metadata import Metadata, render_module_data, render_save_data
from builder.vassal.obfuscation import obfuscate
from builder.vassal.reader import parse_save_bytes
from builder.vassal.sequence import encode
from rules.data.loader import games_directory
from rules.errors import OutputError
from tests.cli.test_cli import run
from tests.support.games import shipped_game
from tests.support.saves import SavedUnit, stavka_save

POSITIONS = Path(__file__).resolve().parents[1] / "referee" / "positions"


def _refused(arguments: tuple[str, ...], message: str) -> str:
    code, output_text, error = run(*arguments)
    assert code == 2, (output_text, error)
    assert error.count("\n") == 1 and error.startswith("stavka: "), error
    assert message in error, error
    return error


def _tps_units(count: int) -> list[str]:
    return list(shipped_game("tps").units)[:count]


def _save_file(tmp_path: Path, data: bytes, name: str = "game.vsav") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


# Item 6: crashes on odd saves.


def test_stale_stack_parents_replay_cleanly() -> None:
    piece_type = "mark;Game\tpiece;;;a.png;A"
    commands = CommandGroup(
        (
            BeginSave(),
            AddPiece("1", piece_type, "dos\tMap;5;5;1;0"),
            AddPiece("2", piece_type, "dos\tMap;5;5;1;0"),
            AddPiece("S", "stack", "Map;5;5;1;2"),
            AddPiece(
                "S", "stack", "Map;9;9;2"
            ),  # the same id again: piece 1 is left without a stack
            Logged(MovePiece("1", "Map", 9, 9, "2", "Map", 5, 5, None, None)),
            Logged(AddPiece("T", "stack", "Map;1;1;1;2;1")),  # a piece listed twice
            Logged(MovePiece("2", "Map", 1, 1, "1", "Map", 9, 9, None, None)),
            Logged(MovePiece("1", "Map", 7, 7, "gone", "Map", 1, 1, None, None)),
            EndSave(),
        )
    )
    game = parse_save_bytes(encode_saved_game(commands).encode("utf-8"))
    assert sorted((stack.x, stack.piece_ids) for stack in game.stacks) == [(1, ("2",)), (7, ("1",))]


@pytest.mark.parametrize("turn", ["--5", "²", "9" * 5_000, "-1", "100", "٣"])
def test_turn_tracker_values_that_are_not_plain_turns(tmp_path: Path, turn: str) -> None:
    save = _save_file(
        tmp_path, stavka_save(shipped_game("tps"), [SavedUnit(_tps_units(1)[0], "2412")], turn=turn)
    )
    _refused(("check", str(save)), "TurnTracker0: turn")


def test_date_saved_out_of_any_calendar_is_shown_as_written(tmp_path: Path) -> None:
    metadata = Metadata("Kassala", "1", "3.7.10", "999999999999999", "")
    text = encode_saved_game(CommandGroup((BeginSave(), EndSave())))
    data = zip_archive(
        [
            ("savedGame", obfuscate(text, 1)),
            ("savedata", render_save_data(metadata)),
            ("moduledata", render_module_data(metadata)),
        ]
    )
    code, output_text, _ = run("save", "dump", str(_save_file(tmp_path, data)))
    assert code == 0 and "on 999999999999999" in output_text


def test_a_game_with_no_referee_is_refused_in_one_line(tmp_path: Path) -> None:
    # Every shipped game has a referee now; a game folder the user names may not: a copy
    # of TPS under its own id, without the [referee] table TPS states its stacking in.
    game = tmp_path / "my-game"
    shutil.copytree(games_directory() / "tps", game)
    data = game / "game.toml"
    text = data.read_text(encoding="utf-8").replace('id = "tps"', 'id = "my-game"', 1)
    data.write_text(text[: text.index("[referee.stacking]")], encoding="utf-8")
    position = tmp_path / "p.toml"
    position.write_text('game = "./my-game"\nturn = 1\n', encoding="utf-8")
    _refused(("check", str(position)), "no referee for game 'my-game'")


# Item 7: position files and game data.


@pytest.mark.parametrize("value", ["²", "9" * 5_000, "-3", "1e3"])
def test_numeric_settings_that_are_not_plain_numbers(tmp_path: Path, value: str) -> None:
    path = tmp_path / "p.toml"
    path.write_text(
        f'game = "dos"\nturn = 3\n\n[settings]\ngerman_vp = "{value}"\n', encoding="utf-8"
    )
    _refused(("check", str(path)), "p.toml:5: german_vp:")
    path.write_text(
        f'game = "tps"\nturn = 3\n[settings]\ngap_vp_axis = "{value}"\n', encoding="utf-8"
    )
    _refused(("check", str(path)), "p.toml:4: gap_vp_axis:")


def test_toml_nested_thousands_deep(tmp_path: Path) -> None:
    path = tmp_path / "deep.toml"
    path.write_text(
        'game = "dos"\nturn = 1\n[settings]\nx = ' + "[" * 3_000 + "]" * 3_000 + "\n",
        encoding="utf-8",
    )
    _refused(("check", str(path)), "deep.toml:4: arrays and tables nested too deeply")
    folder = _game_copy(tmp_path, "tps")
    (folder / "units.toml").write_text(
        "a = " + "{b = " * 3_000 + "1" + "}" * 3_000 + "\n", encoding="utf-8"
    )
    _refused(("validate", str(folder)), "units.toml:1: arrays and tables nested too deeply")


# Item 8: output errors.


def test_every_writer_refuses_an_unwritable_place_in_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("a file where a folder should be")
    with pytest.raises(OutputError, match="a-file/dist/x.vmod: cannot write"):
        write_output(blocker / "dist" / "x.vmod", b"data")
    _refused(("build", "tps", "--dist", str(blocker / "dist")), "cannot write")
    _refused(("pnp", "tps", "--output-dir", str(blocker / "dist")), "cannot write")
    _refused(("map", "project", "tps", "--into", str(blocker / "terrain")), "cannot write")


def test_a_full_disk_leaves_nothing_behind(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def full(_handle: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    files = {tmp_path / "report" / f"{index}.png": b"x" * 100 for index in range(3)}
    with pytest.raises(OutputError, match="No space left on device"):
        write_outputs(files)
    assert not any((tmp_path / "report").iterdir())  # no partial report, no temporary file
    save = _save_file(
        tmp_path, stavka_save(shipped_game("tps"), [SavedUnit(_tps_units(1)[0], "2412")], turn="2")
    )
    _refused(
        ("check", str(save), "--annotate", str(tmp_path / "copy.vsav")), "No space left on device"
    )
    assert sorted(path.name for path in tmp_path.iterdir()) == ["game.vsav", "report"]


# Item 9: options and games without a module.


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e308"])
def test_printer_offsets_must_be_finite_millimetres(value: str) -> None:
    _refused(("pnp", "tps", "--back-offset-x", value), "--back-offset-x")
    _refused(("pnp", "tps", "--back-offset-y", value), "--back-offset-y")


def test_building_a_game_without_a_map_to_draw_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every shipped game has a map Stavka draws now; the guard stands for the next one.
    assert all(buildable(shipped_game(game)) for game in ("dos", "tps", "rks"))
    monkeypatch.setattr(build_commands, "buildable", lambda spec: False)
    _refused(
        ("build", "tps", "--dist", str(tmp_path / "dist")),
        "tps has no hex map or outlined area map",
    )
    assert not (tmp_path / "dist").exists()


# Item 10: one line, whatever reports the problem.


def test_libxml2_and_usage_errors_are_one_line(tmp_path: Path) -> None:
    broken = b'<?xml version="1.0"?>\n<data>\n<name>x</nam>\n<b></c>\n'
    text = encode_saved_game(CommandGroup((BeginSave(), EndSave())))
    save = _save_file(
        tmp_path, zip_archive([("savedGame", obfuscate(text, 1)), ("moduledata", broken)])
    )
    _refused(("save", "dump", str(save)), "moduledata: metadata is not well-formed XML")
    _refused(("check", "--bogus"), "No such option '--bogus'")
    _refused(("check",), "Missing argument 'POSITION'")
    _refused(("no-such-command",), "No such command")


# Item 11: a save chooses no folder.


def test_a_save_may_only_name_a_shipped_game(tmp_path: Path) -> None:
    folder = _game_copy(tmp_path, "tps")
    unit = _tps_units(1)[0]
    for game in (str(folder), "../tps", "/etc"):
        save = _save_file(
            tmp_path, stavka_save(shipped_game("tps"), [SavedUnit(unit, "2412", game=game)])
        )
        error = _refused(("check", str(save)), "which is not a game shipped with Stavka")
        assert "game.toml" not in error


# Item 12: control characters.


def test_control_characters_from_a_save_never_reach_the_terminal(tmp_path: Path) -> None:
    # No ESC: a save cannot hold one inside a command (it would split it); C1 CSI it can.
    hostile = "Evil\r\x07\x9b2J\x9b31m\nname"
    piece = AddPiece("1", "piece;;;a.png;" + encode([hostile], ";"), "Map;1;1;1;0")
    player = encode(["PLAYER", "pw", hostile, "Side"], "\t")
    text = encode_saved_game(CommandGroup((BeginSave(), piece, EndSave()))).replace(
        "end_save", player + "\x1bend_save"
    )
    # XML cannot hold most C0 characters; a character reference to CR and a raw C1 it can.
    module_data = '<?xml version="1.0"?><data><name>Evil&#13;\x9b[31mModule</name></data>'.encode()
    data = zip_archive([("savedGame", obfuscate(text, 2)), ("moduledata", module_data)])
    save = _save_file(tmp_path, data)
    for arguments in (("save", "dump", str(save)), ("save", "dump", "--lines", str(save))):
        code, output_text, _ = run(*arguments)
        assert code == 0
        assert not any(character in output_text for character in "\r\x07\x1b\x9b"), output_text
        assert "\\x07" in output_text
    error = _refused(("check", str(save)), "not a saved game of a Stavka module")
    assert not any(character in error for character in "\r\x07\x1b\x9b")


# Item 13: game ids.


@pytest.mark.parametrize("game_id", ["../../x", "", "Dos", "a b", "x" * 40])
def test_game_ids_are_checked_names(tmp_path: Path, game_id: str) -> None:
    folder = _game_copy(tmp_path, "tps")
    game_toml = folder / "game.toml"
    game_toml.write_text(
        game_toml.read_text(encoding="utf-8").replace('id = "tps"', f'id = "{game_id}"'),
        encoding="utf-8",
    )
    _refused(("validate", str(folder)), "game.toml:")
    _refused(
        ("build", str(folder), "--dist", str(tmp_path / "dist")),
        "must be 1 to 32 lower-case letters",
    )
    assert not (tmp_path / "dist").exists()


# Item 14 and 15: the new-file writer.


def test_a_file_created_meanwhile_is_never_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "copy.vsav"
    real: Callable[[Path, bytes], Path] = output._temporary

    def racing(path: Path, data: bytes) -> Path:
        temporary = real(path, data)
        target.write_bytes(b"the user's file, made between the check and the rename")
        return temporary

    monkeypatch.setattr(output, "_temporary", racing)
    with pytest.raises(OutputError, match="already exists"):
        write_new_file(target, b"ours")
    assert target.read_bytes().startswith(b"the user's file")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["copy.vsav"]


# Item 16: duplicates.


def test_duplicates_are_refused_with_their_place(tmp_path: Path) -> None:
    unit = _tps_units(1)[0]
    path = tmp_path / "p.toml"
    path.write_text(
        f'game = "tps"\nturn = 3\neliminated = ["{unit}", "{unit}"]\n', encoding="utf-8"
    )
    _refused(("check", str(path)), f"p.toml:3: unit {unit!r} is eliminated twice")
    save = _save_file(
        tmp_path,
        stavka_save(shipped_game("tps"), [SavedUnit(unit, "2412"), SavedUnit(unit, "2413")]),
    )
    _refused(("check", str(save)), f"unit {unit!r} appears twice")
    folder = _game_copy(tmp_path, "tps")
    scenarios = folder / "scenarios.toml"
    text = scenarios.read_text(encoding="utf-8")
    first = '  { unit = "it-cosseria", at = "0701"'
    scenarios.write_text(
        text.replace(first, first.replace("0701", "0702") + " },\n" + first, 1), encoding="utf-8"
    )
    _refused(("validate", str(folder)), "is placed twice")


# Item 17: required files.


@pytest.mark.parametrize("name", ["units.toml", "scenarios.toml", "map.toml", "game.toml"])
def test_required_data_files_are_required(tmp_path: Path, name: str) -> None:
    folder = _game_copy(tmp_path, "tps")
    (folder / name).unlink()
    _refused(("validate", str(folder)), f"{name}: missing")
    _refused(("build", str(folder), "--dist", str(tmp_path / "dist")), f"{name}: missing")
    assert not (tmp_path / "dist").exists()


# Item 18: saves checked as position files are.


def test_saves_are_checked_like_position_files(tmp_path: Path) -> None:
    save = _save_file(
        tmp_path, stavka_save(shipped_game("tps"), [SavedUnit("no-such-unit", "2412")])
    )
    _refused(("check", str(save)), "unknown tps unit 'no-such-unit'")
    save = _save_file(
        tmp_path,
        stavka_save(shipped_game("tps"), [SavedUnit(_tps_units(1)[0], "2412")], turn="4000"),
    )
    _refused(("check", str(save)), "not a whole number from 0 to 99")


# Item 19: --module means a save that says which module made it.


def test_dump_with_module_refuses_a_save_without_moduledata(tmp_path: Path) -> None:
    text = encode_saved_game(CommandGroup((BeginSave(), EndSave())))
    save = _save_file(tmp_path, zip_archive([("savedGame", obfuscate(text, 1))]))
    module = tmp_path / "game.vmod"
    module.write_bytes(
        zip_archive([("moduledata", render_module_data(Metadata("Game", "1", "3.7", "0", "")))])
    )
    _refused(("save", "dump", "--module", str(module), str(save)), "save has no moduledata")


# Item 20: every error names its line, and a file is read as what it is.


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "p.toml:1: the file is empty"),
        (b"\n  \n", "p.toml:1: the file is empty"),
        (b'game = "dos"\nturn = 1\n\x89PNG', "p.toml:3: not UTF-8 text"),
        (b'game = "dos"\n\0\0', "p.toml:2: binary data"),
        (
            b'game = "dos"\nturn = 3\n[settings]\ntaman_active = "maybe"\n',
            "p.toml:4: taman_active:",
        ),
    ],
    ids=["empty", "blank", "binary", "nul", "setting"],
)
def test_position_file_errors_name_their_line(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "p.toml"
    path.write_bytes(content)
    _refused(("check", str(path)), message)


def test_a_folder_without_game_toml_names_the_missing_file(tmp_path: Path) -> None:
    (tmp_path / "mine").mkdir()
    _refused(("validate", str(tmp_path / "mine")), "mine/game.toml: missing")


@pytest.mark.parametrize("name", ["game.log", "game", "notes.txt"])
def test_check_reads_a_file_by_what_it_is(tmp_path: Path, name: str) -> None:
    text_file = tmp_path / name
    text_file.write_text('game = "tps"\nturn = 3\n', encoding="utf-8")
    _refused(("check", str(text_file)), "neither a saved game or log")
    text_file.write_bytes(
        stavka_save(shipped_game("tps"), [SavedUnit(_tps_units(1)[0], "2412")], turn="2")
    )
    code, output_text, _ = run("check", str(text_file))
    assert code == 0 and output_text.startswith("Turning Point: Stalingrad, turn 2")


def _game_copy(tmp_path: Path, game: str) -> Path:
    folder = tmp_path / f"own-{game}"
    if not folder.exists():
        shutil.copytree(games_directory() / game, folder)
    return folder
