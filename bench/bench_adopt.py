"""What ``stavka adopt`` costs at its limits: ``python -m bench.bench_adopt``.

Adopts modules made in memory (:mod:`tests.adopt.modules`) at and past each limit of
:mod:`builder.adopt.limits` that grows with the input (pieces, the board picture), and
the real Kassala module when ``../shared/corpus`` is here; prints the outcome, the wall
time and the peak of Python's own allocations (tracemalloc, in a second run). Figures
vary by machine and load; the point is the order of magnitude and that nothing grows
past the limit.
"""

from __future__ import annotations

import io
import os
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from functools import partial
from pathlib import Path

from PIL import Image

from builder.adopt import limits
from builder.adopt.adoption import adopt_module
from rules.errors import StavkaError
from tests.adopt.corpus import KASSALA
from tests.adopt.modules import build_file, counters, module, png_claiming, slot


def _row(limit: str, shape: str, action: Callable[[], object]) -> None:
    start = time.perf_counter()
    try:
        action()
        outcome = "adopted"
    except StavkaError as error:
        outcome = f"refused: {error.message}"[:90]
    seconds = time.perf_counter() - start
    tracemalloc.start()
    try:
        action()
    except StavkaError:
        pass
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    print(f"| {limit} | {shape} | {outcome} | {seconds:.2f} | {peak / 1e6:.0f} |")


def _scan(side: int) -> bytes:
    """A board picture as a scan is: noisy, so it packs as a real one does."""
    buffer = io.BytesIO()
    Image.effect_noise((side, side), 40).convert("RGB").save(buffer, "JPEG", quality=85)
    return buffer.getvalue()


def main() -> None:
    print(f"load average {os.getloadavg()[0]:.1f}")
    print("| limit | input | outcome | s | peak MB |")
    print("|---|---|---|---:|---:|")
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        for count in (limits.MAX_PIECES - 1, limits.MAX_PIECES + 1):
            pieces = "".join(slot(f"Red_Infantry_{number}_3-2", number) for number in range(count))
            path = module(base / f"pieces-{count}.vmod", build_file(pieces=pieces))
            _row(
                f"pieces {limits.MAX_PIECES:,}",
                f"{count:,} piece slots",
                partial(adopt_module, path, "game"),
            )
        side = int(limits.MAX_IMAGE_PIXELS**0.5)
        scan = _scan(side)
        board = module(
            base / "board.vmod",
            build_file().replace('image="board.png"', 'image="board.jpg"'),
            images={"images/board.jpg": scan, **counters()},
        )
        _row(
            f"board picture {limits.MAX_IMAGE_PIXELS:,} px",
            f"{side}×{side} JPEG ({len(scan) / 1e6:.0f} MB), {side * side // 2_900:,} hexes",
            lambda: adopt_module(board, "game"),
        )
        claimed = module(
            base / "claimed.vmod",
            images={"images/board.png": png_claiming(limits.MAX_IMAGE_SIDE + 1, 10), **counters()},
        )
        _row(
            f"board side {limits.MAX_IMAGE_SIDE:,} px",
            f"header claiming {limits.MAX_IMAGE_SIDE + 1:,}×10",
            lambda: adopt_module(claimed, "game"),
        )
        if KASSALA.is_file():
            _row(
                "—",
                "Kassala (2,048×2,593 board, 90 hexes, 36 slots)",
                lambda: adopt_module(KASSALA, "kassala"),
            )


if __name__ == "__main__":
    main()
