"""Hill 112's module in the real engine (issue 37, item 4): a module that carries a
picture its data names (stavka-data/pioneers.png) loads without a warning, its set-up
with it, and the counters the Player shows print the data's 2-2-7."""

from __future__ import annotations

import zipfile
from pathlib import Path

from PIL import Image

from builder.art.board_view import BoardView
from builder.build import build_game
from rules.data.loader import load_game
from tests.support.engine import IN_ENGINE, run_vcheck

pytestmark = IN_ENGINE

HILL = Path(__file__).parent / "hill"
PICTURE_PINK = (230, 0, 200)


def test_hill_112_loads_strictly_and_shows_its_own_symbol(tmp_path: Path) -> None:
    spec = load_game(str(HILL))
    module = build_game(spec, tmp_path, lambda _step: None).path
    save = tmp_path / "hill.vsav"
    with zipfile.ZipFile(module) as archive:
        assert "stavka-data/pioneers.png" in archive.namelist()
        save.write_bytes(archive.read("setups/hill-ford.vsav"))
    shots = tmp_path / "shots"
    status, report = run_vcheck(module, save, "--strict", "--view", "--screenshot", str(shots))
    assert status == 0, (report.get("errors"), report.get("warnings"), report.get("lint"))
    saved = report["saved_game"]
    assert isinstance(saved, dict) and saved["piece_count"] == 10
    # The sappers stand in 0402: the picture of their arm is drawn on the counter there.
    picture = Image.open(shots / "map-The_Ford.png").convert("RGB")
    game_map = spec.maps[0]
    assert game_map.hex_map is not None
    sappers = game_map.hex_map.parse("0402")
    assert sappers is not None
    x, y = BoardView(game_map, 0).centre(sappers)
    around = picture.crop((round(x) - 30, round(y) - 30, round(x) + 30, round(y) + 30))
    colours = [colour for _, colour in around.getcolors(1 << 16) or [] if isinstance(colour, tuple)]
    assert any(
        max(abs(a - b) for a, b in zip(colour, PICTURE_PINK, strict=True)) < 24
        for colour in colours
    ), "no pink of the sappers' picture around 0402"
