"""Fixtures for the VASSAL tests: each corpus save in turn."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.vassal.vassal_corpus import SAVES


@pytest.fixture(params=SAVES, ids=[f"{path.parent.name}/{path.name}" for path in SAVES])
def corpus_save(request: pytest.FixtureRequest) -> Path:
    """Each save and log of the shared corpus (six files, VASSAL 2.9 to 3.7)."""
    path: Path = request.param
    return path
