"""Every command the README and the guide show runs as written (issues 21 and 40).

A command is a ``$ stavka …`` line of a fenced block marked ``console`` in README.md or a
page under ``docs/``; the lines after it without ``$`` are what it prints. Each page's
commands run in order, as a reader types them, in a fresh folder of the page's own
holding the checkout's ``tests`` (the referee's positions) and a copy of the ``dist`` that
``stavka build all`` wrote, with a home of its own (so ``~/…`` stays in the folder):
outputs such as ``checked.vsav`` never land in the checkout, and one page's outputs never
meet another's. ``stavka build all`` and the ``stavka pnp GAME`` commands are the ones the
test run makes its modules and PDFs with, once (:mod:`tests.support.artefacts`): where a
page shows one, that run is judged as the page shows it, not made again.

What a command shows must be what it prints: a command that exits 2 (bad input) must
print exactly its shown line on standard error and nothing else; one that exits 0 must
print exactly the shown lines, unless the shown lines leave some out with a line ``…``
(then the others must appear in that order) or a line holds ``…`` (then it stands for
any text there). Any other exit status fails. No command may change the game data in the
checkout: ``stavka map project dos`` rewrites ``games/dos/terrain.toml``, and must write
the same bytes back. A ``$`` line that is not a ``stavka`` command fails, so that no
command a page shows escapes this test.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import pytest

from tests.support.artefacts import BUILD_ALL, PAPERS, PNP_GAMES, Made, pnp_command

ROOT = Path(__file__).resolve().parents[2]
STAVKA = Path(sys.executable).parent / "stavka"
BUILD = BUILD_ALL
PRINTED = {pnp_command(game, paper) for game in PNP_GAMES for paper in PAPERS}
"""The ``stavka pnp`` commands the test run makes its PDFs with (``pnp_build``)."""
TIMEOUT = 900
ELISION = "…"
FENCE = re.compile(r"^(\s*)```(\S*)\s*$")
COMMENT = re.compile(r"\s+#.*$")


class Ran(Protocol):
    """How a command ended and what it printed: a run of this test's or the test run's."""

    @property
    def returncode(self) -> int: ...
    @property
    def stdout(self) -> str: ...
    @property
    def stderr(self) -> str: ...


@dataclass(frozen=True)
class Shown:
    """A command as a page shows it, and what the page says it prints."""

    command: str
    output: tuple[str, ...]
    line: int


def pages() -> list[Path]:
    """README.md and every page of the guide."""
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def shown_commands(page: Path) -> list[Shown]:
    """The ``$`` lines of ``page``'s console blocks, each with the lines shown after it."""
    shown: list[Shown] = []
    language: str | None = None
    indent = ""
    for number, line in enumerate(page.read_text(encoding="utf-8").splitlines(), start=1):
        fence = FENCE.match(line)
        if fence:
            if language is None:
                indent, language = fence.group(1), fence.group(2)
            else:
                language = None
            continue
        if language != "console":
            continue
        text = line[len(indent) :] if line.startswith(indent) else line.strip()
        if text.startswith("$ "):
            shown.append(Shown(COMMENT.sub("", text[2:]).strip(), (), number))
        elif shown:
            last = shown[-1]
            shown[-1] = Shown(last.command, (*last.output, text.rstrip()), last.line)
    return shown


def run(command: str, folder: Path) -> subprocess.CompletedProcess[str]:
    """``command`` as a reader types it in ``folder``, ``stavka`` being the installed one."""
    arguments = shlex.split(command)
    return subprocess.run(
        [str(STAVKA), *arguments[1:]],
        cwd=folder,
        env={**os.environ, "HOME": str(folder / "home")},
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )


def pattern(line: str) -> re.Pattern[str]:
    """A shown line as a pattern: ``…`` within it stands for any text."""
    return re.compile(".*".join(re.escape(part) for part in line.split(ELISION)) + r"\Z")


def matches(shown: tuple[str, ...], printed: list[str]) -> bool:
    """Whether ``printed`` is what ``shown`` says (see the module's docstring)."""
    if not any(line.strip() == ELISION for line in shown):
        return len(shown) == len(printed) and all(
            pattern(line).match(text) for line, text in zip(shown, printed, strict=True)
        )
    remaining = iter(printed)
    return all(
        any(pattern(line).match(text) for text in remaining)
        for line in shown
        if line.strip() != ELISION
    )


def game_data() -> dict[Path, bytes]:
    return {
        path: path.read_bytes() for path in sorted((ROOT / "games").rglob("*")) if path.is_file()
    }


def problem(shown: Shown, done: Ran, folder: Path) -> str | None:
    """What is wrong with ``done`` as the page shows it, or None."""
    if "Traceback" in done.stderr:
        return f"a traceback: {done.stderr[-2000:]}"
    if done.returncode == 2:
        if shown.output and (done.stdout, done.stderr) == ("", "\n".join(shown.output) + "\n"):
            return None
        return f"exit 2: {done.stderr.strip()}"
    if done.returncode != 0:
        return f"exit {done.returncode}: {done.stderr[-2000:]}"
    if not shown.output:
        return None
    printed = done.stdout.replace(f"{folder}/", "").rstrip("\n").split("\n")
    if matches(shown.output, [line.rstrip() for line in printed]):
        return None
    return "prints otherwise:\n" + "\n".join(printed[:40])


def reader_folder(dist: Path, folder: Path) -> Path:
    """A fresh folder as a reader has it: the positions, the built ``dist``, a home."""
    (folder / "tests").symlink_to(ROOT / "tests", target_is_directory=True)
    # Hard links: every output is written whole to a new file and renamed, never in place,
    # so the test run's own dist is never written through them.
    shutil.copytree(dist, folder / "dist", copy_function=os.link)
    (folder / "home").mkdir()
    return folder


def made_once(request: pytest.FixtureRequest, command: str) -> tuple[Ran, Path] | None:
    """The test run's own run of ``command`` and its folder, if the run makes it once."""
    if command == BUILD:
        made: Made = request.getfixturevalue("dist_build")
    elif command in PRINTED:
        made = request.getfixturevalue("pnp_build")
    else:
        return None
    return made.runs[command], made.folder


def shows_printed(page: Path) -> bool:
    """Whether ``page`` shows a command whose run is one of the test run's PDFs."""
    return any(shown.command in PRINTED for shown in shown_commands(page))


def test_the_pages_show_commands() -> None:
    readme = [shown.command for shown in shown_commands(ROOT / "README.md")]
    assert BUILD in readme and len(readme) >= 5
    everywhere = [shown for page in pages() for shown in shown_commands(page)]
    assert len(everywhere) >= 40
    assert any(shown.output for shown in everywhere)


@pytest.mark.slow
@pytest.mark.parametrize(
    "page",
    [
        pytest.param(page, marks=pytest.mark.pdf) if shows_printed(page) else page
        for page in pages()
        if shown_commands(page)
    ],
    ids=lambda page: str(page.relative_to(ROOT)),
)
def test_each_command_runs_as_written(
    dist: Path, request: pytest.FixtureRequest, page: Path, tmp_path: Path
) -> None:
    folder = reader_folder(dist, tmp_path)
    failures = []
    for shown in shown_commands(page):
        where = f"{page.relative_to(ROOT)}:{shown.line}: {shown.command}"
        if not shown.command.startswith("stavka "):
            failures.append(f"{where}: not a stavka command, which this test cannot run")
            continue
        once = made_once(request, shown.command)
        if once is not None:
            ran, made_in = once
            found = problem(shown, ran, made_in)
            if found:
                failures.append(f"{where}: {found}")
            continue
        before = game_data()
        try:
            done = run(shown.command, folder)
        finally:
            after = game_data()
            changed = [
                path for path in before.keys() | after.keys() if before.get(path) != after.get(path)
            ]
            for path in changed:
                if path in before:
                    path.write_bytes(before[path])
                else:
                    path.unlink()
        if changed:
            failures.append(f"{where}: changed the checkout's game data: {sorted(changed)}")
        found = problem(shown, done, folder)
        if found:
            failures.append(f"{where}: {found}")
    assert not failures, "\n\n".join(failures)


def test_a_shown_output_must_be_what_is_printed() -> None:
    printed = ["Summary", "  supply: axis 1 out of supply", "Supply: isolated", "x: isolated — far"]
    assert matches(tuple(printed), printed)
    assert not matches(tuple(printed[:2]), printed)
    assert matches(("Summary", ELISION, "x: isolated — …"), printed)
    assert not matches(("Supply: isolated", ELISION, "Summary"), printed)
    assert not matches(("x: isolated — near",), printed)
