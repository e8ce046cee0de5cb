"""The real modules of ``../shared/corpus`` the adopting tests read (never copied into the
project), and the folders ``stavka adopt`` drafts from them, made once per test run."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.adopt.kassala_minimum import complete
from tests.cli.test_cli import run
from tests.support.engine import SHARED

CORPUS = SHARED / "corpus"
KASSALA = CORPUS / "kassala" / "Kassala.vmod"
KASSALA_SETUP = CORPUS / "kassala" / "Default Setup.vsav"
TEMPLATE = CORPUS / "jzhex" / "jzhex-n-counters-template-v12-379.vmod"
SQUARES = CORPUS / "zxvt" / "zxvt.vmod"

NEEDS_CORPUS = pytest.mark.skipif(
    not KASSALA.is_file(), reason="../shared/corpus (modules made by other people) is not here"
)


def adopted(module: Path, folder: Path) -> Path:
    """``folder`` drafted from ``module`` by the command line, as a designer runs it."""
    code, output, error = run("adopt", str(module), str(folder))
    assert code == 0, (output, error)
    return folder


def designed_kassala(base: Path) -> Path:
    """Kassala drafted, then completed with the designer's minimum
    (:mod:`tests.adopt.kassala_minimum`)."""
    folder = adopted(KASSALA, base / "kassala")
    complete(folder)
    return folder


def copy_folder(folder: Path, target: Path) -> Path:
    shutil.copytree(folder, target)
    return target
