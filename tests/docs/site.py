"""The guide built and served as a reader opens it, for its browser test and screenshots.

The site is built with ``mkdocs build --strict`` (any warning fails) into a folder of the
caller's, and served over HTTP on the loopback address only: Material's search runs in a
web worker, which a browser does not start from ``file://`` pages.
"""

from __future__ import annotations

import functools
import http.server
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MKDOCS = Path(sys.executable).parent / "mkdocs"
TIMEOUT = 900


def build_site(folder: Path, strict: bool = True) -> subprocess.CompletedProcess[str]:
    """``mkdocs build --strict`` of the checkout's guide into ``folder`` (without
    ``--strict`` only to take the pictures the guide itself shows, before they exist)."""
    return subprocess.run(
        [str(MKDOCS), "build", *(["--strict"] if strict else []), "--site-dir", str(folder)],
        cwd=ROOT,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        """Requests are not logged: the browser's own events are what a test reads."""


@contextmanager
def served(folder: Path) -> Iterator[str]:
    """``folder`` served at ``http://127.0.0.1:PORT/`` (a free port) while in the block."""
    handler = functools.partial(_QuietHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()
