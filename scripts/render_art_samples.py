"""Render the sample images under docs/images: a counter sheet per game that has units
(one counter of each kind, fronts over backs, then the markers), a few charts, and map
crops around a river bend, a city and a rail junction.

Run by hand after changing the art (``.venv/bin/python scripts/render_art_samples.py``);
the images document the look, the build never reads them.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from builder.area_build import is_area_game
from builder.art.area_pieces import acted_face
from builder.art.board import BOARD_COLOURS, BoardView, render_board
from builder.art.charts import SCREEN_PPI, game_charts, render_table
from builder.art.counters import screen_format, unit_faces
from builder.art.drawing import png_bytes
from builder.art.markers import marker_faces
from builder.output import write_output
from rules.data.loader import load_game
from rules.model import GameSpec, Unit

OUTPUT = Path(__file__).resolve().parents[1] / "docs" / "images"
COLUMNS = 12
GAP = 3


def one_of_each_kind(game: GameSpec) -> list[Unit]:
    """The first unit of each look: nationality, arm, steps, untried, Uranus-only."""
    seen: set[tuple[str, ...]] = set()
    chosen = []
    for unit in game.units.values():
        kind = (unit.nationality, unit.arm, str(len(unit.steps)), unit.properties.get("untried", ""),
                unit.properties.get("counter", "")[:2])
        if kind not in seen:
            seen.add(kind)
            chosen.append(unit)
    return chosen


def counter_sheet(game: GameSpec) -> Image.Image:
    """Fronts with their backs underneath (an area game's units: their acted side), row by row."""
    counter = screen_format()
    faces = [(f.front, f.back) for f in (unit_faces(unit, game, counter) for unit in one_of_each_kind(game))]
    if is_area_game(game):
        faces = [(front, acted_face(front)) for front, _ in faces]
    faces += [(f.front, f.back) for f in (marker_faces(marker, game, counter) for marker in game.markers.values())]
    size = counter.image_px
    columns = min(COLUMNS, len(faces))
    rows = (len(faces) + columns - 1) // columns
    sheet = Image.new("RGB", (columns * (size + GAP) + GAP, rows * (2 * size + 3 * GAP) + GAP), (255, 255, 255))
    for index, (front, back) in enumerate(faces):
        row, column = divmod(index, columns)
        x, y = GAP + column * (size + GAP), GAP + row * (2 * size + 3 * GAP)
        sheet.paste(front, (x, y))
        sheet.paste(back, (x, y + size + GAP))
    return sheet


MAP_CROPS = (
    # game, hex at the crop's centre, half-size in hexes, what it shows
    ("tps", "3212", 5, "Stalingrad: the Volga bend, the city and its rail junction"),
    ("dos", "N3635", 5, "Rostov: the Don mouth, the city and the Azov coast"),
)


def map_crop(game: GameSpec, centre: str, half_size: int) -> Image.Image:
    """A square of the board around hex ``centre``, ``half_size`` hexes each way."""
    found = game.parse_hex(centre)
    assert found is not None, centre
    game_map, hex_ = found
    assert game_map.hex_map is not None
    located = game_map.hex_map.to_board(hex_)
    assert located is not None
    board_index = located[0]
    view = BoardView(game_map, board_index)
    x, y = view.centre(hex_)
    reach = half_size * view.hex_size
    board = render_board(game, game_map, board_index)
    return board.crop((round(x - reach), round(y - reach), round(x + reach), round(y + reach)))


def main() -> None:
    for game_id in ("dos", "tps", "rks"):
        game = load_game(game_id)
        if game.units:
            write_output(OUTPUT / f"{game_id}-counters.png", png_bytes(counter_sheet(game)))
    for game_id, centre, half_size, _ in MAP_CROPS:
        crop = map_crop(load_game(game_id), centre, half_size)
        write_output(OUTPUT / f"{game_id}-map-{centre.lower()}.png", png_bytes(crop, BOARD_COLOURS))
    charts = game_charts(load_game("tps"))
    write_output(OUTPUT / "tps-crt.png", png_bytes(render_table(charts["crt"], SCREEN_PPI)))
    write_output(OUTPUT / "dos-terrain.png", png_bytes(render_table(game_charts(load_game("dos"))["terrain"], SCREEN_PPI)))


if __name__ == "__main__":
    main()
