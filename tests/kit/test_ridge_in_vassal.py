"""Ridge's module in the real engine: it loads without a warning with its set-up, and the
map a player sees shows the game's own look (woods fill, the stream)."""

from __future__ import annotations

import zipfile
from pathlib import Path

from PIL import Image

from builder.art.board_view import BoardView
from builder.art.look import rgb
from builder.build import build_game
from rules.data.loader import load_game
from tests.support.engine import IN_ENGINE, run_vcheck

pytestmark = IN_ENGINE

RIDGE = Path(__file__).parent / "ridge"


def test_ridge_loads_strictly_and_shows_its_look(tmp_path: Path) -> None:
    spec = load_game(str(RIDGE))
    module = build_game(spec, tmp_path, lambda _step: None).path
    save = tmp_path / "ridge.vsav"
    with zipfile.ZipFile(module) as archive:
        save.write_bytes(archive.read("setups/ridge-ridge.vsav"))
    shots = tmp_path / "shots"
    status, report = run_vcheck(module, save, "--strict", "--view", "--screenshot", str(shots))
    assert status == 0, (report.get("errors"), report.get("warnings"), report.get("lint"))
    saved = report["saved_game"]
    assert isinstance(saved, dict) and saved["piece_count"] == 12
    picture = Image.open(shots / "map-Ridge.png").convert("RGB")
    game_map = spec.maps[0]
    view = BoardView(game_map, 0)
    assert game_map.hex_map is not None
    woods = game_map.hex_map.parse("0705")
    assert woods is not None
    x, y = view.centre(woods)
    # No unit stands in 0705: below its number and beside its trees, the fill the data names.
    assert picture.getpixel(
        (round(x - view.hex_size * 0.3), round(y + view.hex_size * 0.25))
    ) == rgb("#7fae6a")
