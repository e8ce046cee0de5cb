"""Terrain chart swatches are cut from the map as the board draws it."""

from __future__ import annotations

from PIL import Image

from builder.art.charts import PRINT_PPI, render_table, terrain_chart
from builder.art.look import TERRAIN_FILL, WATER
from builder.pnp.terrain_key import terrain_swatch, terrain_swatches
from tests.support.games import shipped_game

SIZE = 80


def _share_near(image: Image.Image, colour: tuple[int, int, int], tolerance: int = 12) -> float:
    pixels = list(zip(*(iter(image.convert("RGB").tobytes()),) * 3, strict=True))
    close = sum(
        1
        for pixel in pixels
        if all(abs(a - b) <= tolerance for a, b in zip(pixel, colour, strict=True))
    )
    return close / len(pixels)


def test_every_terrain_the_boards_show_has_a_swatch() -> None:
    dos = shipped_game("dos")
    swatches = terrain_swatches(dos, SIZE)
    shown = {terrain for game_map in dos.maps for terrain in game_map.terrain.values()}
    shown |= {
        feature
        for game_map in dos.maps
        for features in game_map.hexside_features.values()
        for feature in features
    }
    shown |= {"clear"}
    assert shown <= set(swatches)
    assert "lake" not in swatches  # DoS has lake hexsides but no all-lake hex on its boards
    assert all(swatch.size == (SIZE, SIZE) for swatch in swatches.values())


def test_a_hex_swatch_is_a_hex_of_that_terrain_on_white() -> None:
    dos = shipped_game("dos")
    sea = terrain_swatch(dos, "sea", SIZE)
    assert sea is not None
    assert _share_near(sea, TERRAIN_FILL["sea"]) > 0.5
    assert sea.getpixel((0, 0)) == (255, 255, 255) and sea.getpixel((SIZE // 2, SIZE // 2)) != (
        255,
        255,
        255,
    )
    forest = terrain_swatch(dos, "forest", SIZE)
    assert forest is not None and _share_near(forest, TERRAIN_FILL["forest"]) > 0.3


def test_a_hexside_swatch_shows_the_feature_between_two_hexes() -> None:
    tps = shipped_game("tps")
    river = terrain_swatch(tps, "river", SIZE)
    assert river is not None and _share_near(river, WATER, 30) > 0.02


def test_the_terrain_chart_rows_carry_their_swatches() -> None:
    tps = shipped_game("tps")
    plain = render_table(terrain_chart(tps), PRINT_PPI)
    swatches = terrain_swatches(tps, SIZE)
    with_swatches = terrain_chart(tps, swatches)
    assert len(with_swatches.swatches) == len(tps.terrain_types)
    assert [picture is not None for picture in with_swatches.swatches] == [
        t in swatches for t in tps.terrain_types
    ]
    drawn = render_table(with_swatches, PRINT_PPI)
    assert drawn.width == plain.width and drawn.height >= plain.height
