"""A hex game's page loads no area-map geometry: shapely, which only an area board needs,
cost a quarter of a second of every report and timeline page (issue 38, item 10)."""

from __future__ import annotations

import subprocess
import sys


def test_the_report_and_timeline_pages_load_shapely_only_for_an_area_game() -> None:
    probe = (
        "import sys\n"
        "import builder.report.timeline, builder.report.page\n"
        "assert 'shapely' not in sys.modules, 'loaded with the pages'\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
