"""A test that starts the VASSAL engine, Chromium, ``pdftoppm`` or a wheel build without
the mark that says so fails, so the fast loop (``-m "not engine and not browser and not
pdf and not slow"``) never starts one (:mod:`tests.support.marks`).

A small suite of its own runs in a pytest of its own with the plugin: each program is
started once by a test without its mark and once by a test with it (the cheapest way:
``--help``, ``--version``, ``-v``), and a shared fixture of the table is asked for with
and without its mark.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.engine import VCHECK
from tests.support.marks import needed_mark

ROOT = Path(__file__).resolve().parents[1]
SUITE = f'''
import subprocess
import sys

import pytest

STARTS = {{
    "engine": ["{VCHECK}", "--help"],
    "browser": ["chromium", "--version"],
    "pdf": ["pdftoppm", "-v"],
    "slow": [sys.executable, "-m", "pip", "--version"],
}}


@pytest.fixture(scope="session")
def engine_reports():
    return {{}}


@pytest.mark.parametrize("mark", sorted(STARTS))
def test_unmarked(mark):
    subprocess.run(STARTS[mark], capture_output=True, check=False)


@pytest.mark.engine
def test_marked_engine():
    assert subprocess.run(STARTS["engine"], capture_output=True).returncode == 0


@pytest.mark.browser
def test_marked_browser():
    assert subprocess.run(STARTS["browser"], capture_output=True).returncode == 0


@pytest.mark.pdf
def test_marked_pdf():
    assert subprocess.run(STARTS["pdf"], capture_output=True).returncode == 0


@pytest.mark.slow
def test_marked_slow():
    assert subprocess.run(STARTS["slow"], capture_output=True).returncode == 0


def test_caught():
    try:
        subprocess.run(STARTS["pdf"], capture_output=True)
    except Exception:
        pass


def test_unmarked_fixture(engine_reports):
    pass


@pytest.mark.engine
def test_marked_fixture(engine_reports):
    pass


def test_other_programs_need_no_mark():
    assert subprocess.run([sys.executable, "-c", "pass"]).returncode == 0
'''


def test_a_test_without_the_mark_of_what_it_starts_fails(tmp_path: Path) -> None:
    (tmp_path / "test_suite.py").write_text(SUITE, encoding="utf-8")
    (tmp_path / "pytest.ini").write_text("[pytest]\n", encoding="utf-8")
    completed = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "tests.support.marks", "-p", "no:cacheprovider"]
        + ["-q", "-rA", "test_suite.py"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    outcomes = {
        name: outcome
        for outcome, name in re.findall(
            r"^(PASSED|FAILED|ERROR) test_suite\.py::(\S+)", completed.stdout, re.MULTILINE
        )
    }
    assert outcomes == {
        "test_unmarked[browser]": "FAILED",
        "test_unmarked[engine]": "FAILED",
        "test_unmarked[pdf]": "FAILED",
        "test_unmarked[slow]": "FAILED",
        "test_marked_engine": "PASSED",
        "test_marked_browser": "PASSED",
        "test_marked_pdf": "PASSED",
        "test_marked_slow": "PASSED",
        "test_caught": "FAILED",
        "test_unmarked_fixture": "ERROR",
        "test_marked_fixture": "PASSED",
        "test_other_programs_need_no_mark": "PASSED",
    }, completed.stdout[-3000:]
    for mark in ("engine", "browser", "pdf", "slow"):
        assert f"test_unmarked[{mark}] needs the '{mark}' mark" in completed.stdout


@pytest.mark.parametrize(
    ("arguments", "mark"),
    [
        ([str(VCHECK), "--engine", "3.7", "m.vmod"], "engine"),
        (["/home/x/.cache/vcheck/venv/bin/python", "logger.py", str(VCHECK.parent)], "engine"),
        (["/tmp/stub/vcheck", "m.vmod"], None),
        (["/usr/bin/chromium", "--headless", "--dump-dom", "file:///p.html"], "browser"),
        (
            [
                "/venv/playwright/driver/node",
                "/venv/playwright/driver/package/cli.js",
                "run-driver",
            ],
            "browser",
        ),
        (["pdftoppm", "-r", "50", "-png", "a.pdf", "page"], "pdf"),
        (["pdftotext", "-layout", "a.pdf", "-"], None),
        ([sys.executable, "-m", "build", "--outdir", "w", "."], "slow"),
        (["/tmp/w/venv/bin/python", "-m", "pip", "install", "x.whl"], "slow"),
        ([sys.executable, "-m", "pytest", "-q"], None),
        (["stavka", "check", "x.vsav"], None),
        ([], None),
    ],
)
def test_each_program_needs_its_mark(arguments: list[str], mark: str | None) -> None:
    assert needed_mark(arguments) == mark
