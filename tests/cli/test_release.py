"""Every file Stavka writes records its version (issues 25 and 39): a module, a PDF or a
report page found later tells which Stavka made it. The version is git's, in a checkout as
in a build from it, so it moves with every commit."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import pytest
from pypdf import PdfReader
from setuptools_scm import get_version

from builder import release
from builder.module.assemble import identity_of
from builder.pnp.pdf import new_canvas
from rules.resources import checkout
from tests.cli.test_cli import run
from tests.support.games import shipped_game

POSITION = Path(__file__).resolve().parents[1] / "referee" / "positions" / "tps" / "front_gaps.toml"
OLD_PAGE = (
    b'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta name="generator" content="Stavka report">\n'
)
"""The head of a page written before the version was recorded."""


@pytest.fixture
def installed_as_7_7_7(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Stavka as if installed, not in a checkout, with its install's version 7.7.7."""
    monkeypatch.setattr(release, "checkout", lambda: None)
    monkeypatch.setattr(release, "version", lambda _distribution: "7.7.7")
    release.stavka_version.cache_clear()
    yield
    release.stavka_version.cache_clear()


@pytest.mark.usefixtures("installed_as_7_7_7")
def test_the_module_pdf_and_report_record_the_installed_version(tmp_path: Path) -> None:
    assert identity_of(shipped_game("rks")).version == "7.7.7"
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, "a4", "a page")
    canvas.showPage()
    canvas.save()
    metadata = PdfReader(buffer).metadata
    assert metadata is not None and metadata.creator == "Stavka 7.7.7"
    page = tmp_path / "front.html"
    assert run("report", str(POSITION), "-o", str(page))[0] == 0
    assert '<meta name="generator" content="Stavka report 7.7.7">' in page.read_text(
        encoding="utf-8"
    )


def test_a_page_written_before_the_version_was_recorded_is_still_replaced(tmp_path: Path) -> None:
    page = tmp_path / "front.html"
    page.write_bytes(OLD_PAGE)
    code, _, error = run("report", str(POSITION), "-o", str(page))
    assert code == 0, error
    assert page.read_bytes() != OLD_PAGE


def test_stavka_version_is_the_projects() -> None:
    code, output, _ = run("--version")
    assert (code, output) == (0, f"stavka, version {release.stavka_version()}\n")


def test_a_checkouts_version_is_gits_as_a_build_from_it_would_record() -> None:
    root = checkout()
    assert root is not None
    assert release.stavka_version() == get_version(root=str(root))


def test_each_system_installs_this_versions_wheel_in_one_line() -> None:
    lines = release.install_lines("1.2.3")
    assert [line.system for line in lines] == ["Windows", "macOS", "Linux"]
    assert all(
        line.install.endswith(" install --force stavka-1.2.3-py3-none-any.whl") for line in lines
    )
