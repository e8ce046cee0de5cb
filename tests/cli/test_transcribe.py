"""``stavka transcribe``: every value still marked reconstructed, on the line that
marks it (issue 24). A value leaves the list only when the transcriber clears its mark."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from rules.data.loader import games_directory, load_game
from tests.cli.test_cli import run

LINE = re.compile(
    r"^(?P<file>[^:]+):(?P<line>\d+): (?P<label>.+?)( \(generated: correct it in map\.toml\))? — "
)


def test_each_listed_value_points_at_its_reconstructed_mark(tmp_path: Path) -> None:
    folder = tmp_path / "my-tps"
    shutil.copytree(games_directory() / "tps", folder)
    code, output, error = run("transcribe", str(folder))
    assert (code, error) == (0, "")
    lines = output.splitlines()
    assert lines[-1] == f"{len(lines) - 1} values still reconstructed"
    for line in lines[:-1]:
        match = LINE.match(line)
        assert match, line
        written = (
            Path(match["file"]).read_text(encoding="utf-8").splitlines()[int(match["line"]) - 1]
        )
        assert "reconstructed = true" in written, line
    assert any(line.split(": ", 2)[1].startswith("de-76id — ") for line in lines)


def test_a_value_leaves_the_list_when_its_mark_is_cleared(tmp_path: Path) -> None:
    folder = tmp_path / "my-tps"
    shutil.copytree(games_directory() / "tps", folder)
    _, before, _ = run("transcribe", str(folder))
    units = folder / "units.toml"
    text = units.read_text(encoding="utf-8")
    start = text.index('id = "de-76id"')
    mark = text.index("reconstructed = true\nnote = ", start)
    end = text.index("\n", text.index("note = ", mark))
    units.write_text(text[:mark] + text[end + 1 :], encoding="utf-8")
    code, after, _ = run("transcribe", str(folder))
    assert code == 0
    assert len(after.splitlines()) == len(before.splitlines()) - 1

    def unit_marks(output: str) -> list[str]:
        return [
            line for line in output.splitlines() if "units.toml:" in line and ": de-76id — " in line
        ]

    assert len(unit_marks(before)) == 1 and unit_marks(after) == []


def test_a_changed_value_keeps_its_mark_until_it_is_cleared(tmp_path: Path) -> None:
    folder = tmp_path / "my-tps"
    shutil.copytree(games_directory() / "tps", folder)
    units = folder / "units.toml"
    text = units.read_text(encoding="utf-8")
    at = text.index("attack = 4", text.index('id = "de-76id"'))
    units.write_text(text[:at] + "attack = 1" + text[at + len("attack = 4") :], encoding="utf-8")
    code, output, _ = run("transcribe", str(folder))
    assert code == 0 and any(": de-76id — " in line for line in output.splitlines())
    assert load_game(str(folder)).units["de-76id"].provenance.reconstructed


def test_the_sheet_shows_each_listed_units_counter_beside_its_line(tmp_path: Path) -> None:
    folder = tmp_path / "my-rks"
    shutil.copytree(games_directory() / "rks", folder)
    sheet = tmp_path / "sheet.html"
    code, output, error = run("transcribe", str(folder), "--sheet", str(sheet))
    assert (code, error) == (0, "") and output.splitlines()[-1] == f"wrote {sheet}"
    listed = output.splitlines()[:-2]
    units = load_game(str(folder)).units
    page = sheet.read_text(encoding="utf-8")
    rows = page.split("<tr>")[2:]
    assert len(rows) == len(listed)
    for line, row in zip(listed, rows, strict=True):
        match = LINE.match(line)
        assert match, line
        where, label = f"{match['file']}:{match['line']}", match["label"]
        assert f'<td class="where">{where}</td>' in row and f"<td>{label}</td>" in row
        # A unit's row carries its front (RKS counters have blank backs); others none.
        is_unit = "/units.toml:" in where and label in units
        assert row.count("<img ") == (1 if is_unit else 0), line
        if is_unit:
            assert f'alt="{label} front" src="data:image/png;base64,' in row


def test_the_sheet_never_replaces_a_file(tmp_path: Path) -> None:
    sheet = tmp_path / "notes.html"
    sheet.write_text("my notes", encoding="utf-8")
    code, output, error = run("transcribe", "rks", "--sheet", str(sheet))
    assert (code, output) == (2, "") and "refusing to overwrite" in error
    assert sheet.read_text(encoding="utf-8") == "my notes"
