"""``stavka save dump``: byte-exact command lines, a readable summary, one-line errors."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner

from builder.cli import main
from rules.errors import SaveError
from tests.vassal.vassal_corpus import KASSALA_MODULE, KASSALA_SAVE, ZXVT_LOG, ZXVT_MODULE


def _dump(*arguments: str) -> tuple[int, bytes, str]:
    result = CliRunner().invoke(main, ["save", "dump", *arguments])
    return result.exit_code, result.stdout_bytes, result.stderr


def test_lines_equal_corpus_byte_for_byte(corpus_save: Path) -> None:
    code, output, _ = _dump(str(corpus_save), "--lines")
    assert code == 0
    assert output == corpus_save.with_name(corpus_save.name + ".lines.txt").read_bytes()


def test_summary_shows_position_and_turn() -> None:
    code, output, _ = _dump(str(KASSALA_SAVE), "--module", str(KASSALA_MODULE))
    text = output.decode("utf-8")
    assert code == 0
    assert "Module: Kassala 0.2.0" in text
    assert "Turn TurnTracker0: level 0, states 1;0;false;10" in text
    assert "Pieces: 23 on 1 map(s), 0 off any map" in text
    assert "  (734, 718): Moslem_Cannon_1-0, Moslem_Cannon_1-0, Moslem_Cannon_1-0" in text


def test_summary_of_a_log() -> None:
    code, output, _ = _dump(str(ZXVT_LOG))
    assert code == 0
    assert "Log: 14 logged commands, stepped to the end" in output.decode("utf-8")


def _zip(entries: list[tuple[str, bytes]]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in entries:
            archive.writestr(name, content)
    return buffer.getvalue()


BAD_FILES = {
    "not-a-zip.vsav": b"\x00\x01 this is no save",
    "truncated.vsav": KASSALA_SAVE.read_bytes()[:700],
    "corrupt-payload.vsav": _zip([("savedGame", b"!VCSK3c5e59zz")]),
    "bomb.vsav": _zip([("savedGame", b"\0" * 30_000_000)]),
    "climbing.vsav": _zip([("../../evil", b"x"), ("savedGame", b"begin_save")]),
    "absolute.vsav": _zip([("/etc/evil", b"x"), ("savedGame", b"begin_save")]),
}


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_bad_input_is_one_line_and_exit_2(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    path.write_bytes(BAD_FILES[name])
    for arguments in ([str(path)], [str(path), "--lines"]):
        code, output, error = _dump(*arguments)
        assert code == 2
        assert output == b""
        assert error.count("\n") == 1 and error.startswith(f"stavka: {path}")
    assert sorted(entry.name for entry in tmp_path.iterdir()) == [name]


def test_save_of_another_module_is_refused() -> None:
    code, _, error = _dump(str(ZXVT_LOG), "--module", str(KASSALA_MODULE))
    assert code == 2
    expected = SaveError(
        ZXVT_LOG, "moduledata", "saved with module 'Capture of the territory', not 'Kassala'"
    )
    assert error == f"stavka: {expected.one_line()}\n"
    assert _dump(str(ZXVT_LOG), "--module", str(ZXVT_MODULE))[0] == 0


def test_missing_file_and_module_given_as_save(tmp_path: Path) -> None:
    missing = tmp_path / "nothing.vsav"
    expected = SaveError(missing, None, "cannot read file (No such file or directory)")
    assert _dump(str(missing)) == (2, b"", f"stavka: {expected.one_line()}\n")
    code, _, error = _dump(str(KASSALA_MODULE))
    assert code == 2 and "a VASSAL module, not a saved game" in error
