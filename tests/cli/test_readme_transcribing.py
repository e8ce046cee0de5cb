"""The README's "Transcribing your copy" runs as written (issue 24): each command of its
block, in order, in a fresh folder whose home is the test's own (so ``~/my-tps`` is a
temporary copy) and whose ``games`` is the checkout's. After the copy the test does what
step 2 asks of a transcriber, changing one printed strength, and the odds the section
shows must then use it."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
TIMEOUT = 900
UNIT = "de-76id"
"""76th Infantry Division, 4-4-5 in the shipped data, set up in 2911."""

pytestmark = pytest.mark.slow


def section_commands() -> list[str]:
    """The commands of the section's block, without their comments."""
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    start = lines.index("### Transcribing your copy")
    end = next(index for index in range(start + 1, len(lines)) if lines[index].startswith("#"))
    return [
        re.sub(r"\s+#.*$", "", line.strip())
        for line in lines[start:end]
        if line.startswith("    ") and line.strip()
    ]


def _as_printed(units: Path) -> None:
    """Step 2: the 76th Infantry Division's full strength is 1-1-3 on this printed copy."""
    text = units.read_text(encoding="utf-8")
    printed = "[[unit.steps]]\nattack = 4\ndefence = 4\nmovement = 5\n"
    at = text.index(printed, text.index(f'id = "{UNIT}"'))
    changed = "[[unit.steps]]\nattack = 1\ndefence = 1\nmovement = 3\n"
    units.write_text(text[:at] + changed + text[at + len(printed) :], encoding="utf-8")


def test_the_section_runs_as_written_and_uses_the_changed_value(tmp_path: Path) -> None:
    commands = section_commands()
    assert [command.split()[:2] for command in commands] == [
        ["cp", "-r"],
        ["stavka", "validate"],
        ["stavka", "transcribe"],
        ["stavka", "build"],
        ["stavka", "pnp"],
        ["stavka", "odds"],
        ["stavka", "check"],
    ]
    work = tmp_path / "work"
    work.mkdir()
    (work / "games").symlink_to(ROOT / "games")
    environment = {
        **os.environ,
        "HOME": str(tmp_path),
        "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}",
    }
    outputs = []
    for command in commands:
        done = subprocess.run(
            ["bash", "-c", command],
            cwd=work,
            env=environment,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
        )
        assert done.returncode == 0, f"{command}: {done.stderr}"
        outputs.append(done.stdout)
        if command.startswith("cp "):
            _as_printed(tmp_path / "my-tps" / "units.toml")
    assert " — ok: " in outputs[1]
    assert (work / "my-tps-check.html").is_file()
    assert (work / "dist" / "my-tps.vmod").is_file()
    assert (work / "dist" / "my-tps-pnp-a4.pdf").is_file()
    assert f"    {UNIT} in 2911: 1" in outputs[5]
