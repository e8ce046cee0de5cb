"""The Charts window opens big enough to show the widest and the tallest chart whole
(issue 21 item 7): VASSAL sizes it to its first tab only, so that tab is drawn on
paper as large as the largest chart. Checked on the built images and in the engine's
own view of the window (``vcheck --view``, shared with the other module tests)."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Any

import pytest
from lxml import etree
from PIL import Image

from builder.art.charts import window_charts
from tests.module.conftest import MODULE_GAMES
from tests.support.engine import NEEDS_VCHECK

PACKAGE = "VASSAL.build."


def _chart_sizes(module: Path, root: etree._Element) -> dict[str, tuple[int, int]]:
    with zipfile.ZipFile(module) as archive:
        return {
            str(chart.get("chartName")): Image.open(
                io.BytesIO(archive.read(f"images/{chart.get('fileName')}"))
            ).size
            for chart in root.iter(f"{PACKAGE}widget.Chart")
        }


def test_the_first_chart_is_drawn_as_large_as_the_largest() -> None:
    small, wide, tall = (
        Image.new("RGB", (200, 100), "white"),
        Image.new("RGB", (500, 80)),
        Image.new("RGB", (90, 300)),
    )
    first, *rest = window_charts([small, wide, tall])
    assert first.size == (500, 300) and rest == [wide, tall]
    assert first.getpixel((250, 50)) == small.getpixel((0, 0))
    assert window_charts([wide]) == [wide] and window_charts([]) == []


@pytest.mark.parametrize("game", MODULE_GAMES)
def test_each_modules_first_chart_is_as_large_as_its_largest(
    built: dict[str, Path], build_files: dict[str, etree._Element], game: str
) -> None:
    sizes = list(_chart_sizes(built[game], build_files[game]).values())
    assert sizes[0] == (max(width for width, _ in sizes), max(height for _, height in sizes))


@pytest.mark.engine
@NEEDS_VCHECK
@pytest.mark.parametrize("game", MODULE_GAMES)
def test_the_engine_opens_the_charts_window_around_every_chart(
    built: dict[str, Path],
    build_files: dict[str, etree._Element],
    engine_reports: dict[tuple[str, str | None], tuple[int, dict[str, Any]]],
    game: str,
) -> None:
    (window,) = engine_reports[(game, None)][1]["view"]["charts"]
    tabs = next(widget for widget in window["widgets"] if widget["type"] == "TabWidget")
    for name, (width, height) in _chart_sizes(built[game], build_files[game]).items():
        assert tabs["preferred"][0] >= width and tabs["preferred"][1] >= height, (
            name,
            tabs["preferred"],
        )
