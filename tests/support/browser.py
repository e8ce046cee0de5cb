"""Debian's headless Chromium as the browser tests drive it: one per test process.

Playwright's sync API runs one driver per thread: a second ``sync_playwright()`` while
another is open fails ("using Playwright Sync API inside the asyncio loop"). The report
tests and the guide's site tests once each opened their own, and failed whenever xdist
gave both files to one worker; the session fixture ``browser`` (tests/conftest.py) is
now the one both use."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import BrowserContext, sync_playwright

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


@contextmanager
def chromium_context(profile: Path) -> Iterator[BrowserContext]:
    """Headless Chromium with a fresh profile in ``profile``, closed afterwards."""
    assert CHROMIUM.exists(), "Chromium is missing: scripts/install installs Debian's chromium"
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(profile),
            executable_path=str(CHROMIUM),
            args=list(CHROMIUM_FLAGS[1:]),
            headless=True,
            viewport={"width": 1400, "height": 900},
        )
        yield context
        context.close()
