"""``stavka transcribe``: every value still marked reconstructed, on the line that
marks it (issue 24). A value leaves the list only when the transcriber clears its mark."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from rules.data.loader import games_directory
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
