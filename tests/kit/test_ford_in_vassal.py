"""The Ford's module in the real engine: it loads without a warning with its set-up, and
the map a player sees shows the game's own look (woods fill, the river's line)."""

from __future__ import annotations

import zipfile
from pathlib import Path

from PIL import Image

from builder.art.board_view import BoardView
from builder.art.look import rgb
from rules.data.loader import load_game
from rules.hexes import hexside
from tests.support.engine import IN_ENGINE, run_vcheck

pytestmark = IN_ENGINE


def test_the_ford_loads_strictly_and_shows_its_map(dist: Path, tmp_path: Path) -> None:
    spec = load_game("ford")
    module = dist / "ford.vmod"
    save = tmp_path / "ford.vsav"
    with zipfile.ZipFile(module) as archive:
        save.write_bytes(archive.read("setups/ford-ford.vsav"))
    shots = tmp_path / "shots"
    status, report = run_vcheck(module, save, "--strict", "--view", "--screenshot", str(shots))
    assert status == 0, (report.get("errors"), report.get("warnings"), report.get("lint"))
    saved = report["saved_game"]
    assert isinstance(saved, dict) and saved["piece_count"] == 10
    picture = Image.open(shots / "map-The_Ford.png").convert("RGB")
    game_map = spec.maps[0]
    view = BoardView(game_map, 0)
    assert game_map.hex_map is not None
    woods, west, east = (game_map.hex_map.parse(label) for label in ("0605", "0403", "0503"))
    assert woods is not None and west is not None and east is not None
    # No unit stands in 0605: below its number and beside its trees, the woods' fill.
    x, y = view.centre(woods)
    assert picture.getpixel(
        (round(x - view.hex_size * 0.3), round(y + view.hex_size * 0.25))
    ) == rgb("#6f9f5a")
    # Midway between 0403 and 0503 runs the river, in its own blue.
    assert hexside(west, east) in game_map.hexside_features
    (x1, y1), (x2, y2) = view.centre(west), view.centre(east)
    assert picture.getpixel((round((x1 + x2) / 2), round((y1 + y2) / 2))) == rgb("#2a70c8")
