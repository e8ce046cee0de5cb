"""How long ``stavka build`` takes per game, and how much of it is PNG encoding.

Run ``.venv/bin/python -m bench.bench_build [--repeats N]``. For each game it reports the
median wall time of the whole build (drawing, encoding, assembling, writing a module to
a temporary folder), the median time spent only encoding the same images to PNG, and
their ratio. Timings vary by machine; compare ratios, never a fixed threshold.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from PIL import Image

from bench.timing import median_seconds
from builder.area_build import is_area_game
from builder.art.area_board import render_area_board
from builder.art.area_pieces import acted_face
from builder.art.cards import card_face, screen_card
from builder.art.board import BOARD_COLOURS, render_board
from builder.art.counters import screen_format, unit_faces
from builder.art.drawing import png_bytes
from builder.build import build_game, buildable
from rules.data.loader import load_game, shipped_games
from rules.model import GameSpec


def drawn_images(spec: GameSpec) -> tuple[list[Image.Image], list[Image.Image]]:
    """The boards and the counter faces (and cards) a build encodes, drawn once."""
    counter = screen_format()
    if is_area_game(spec):
        assert spec.cards is not None
        fronts = [unit_faces(unit, spec, counter).front for unit in spec.units.values()]
        cards = [card_face(card, spec.cards, spec, screen_card()) for card in spec.cards.cards()]
        return [render_area_board(spec, spec.maps[0])], fronts + [acted_face(front) for front in fronts] + cards
    boards = [
        render_board(spec, game_map, index)
        for game_map in spec.maps
        if game_map.hex_map is not None
        for index in range(len(game_map.hex_map.boards))
    ]
    counters = [
        face
        for unit in spec.units.values()
        for face in (unit_faces(unit, spec, counter).front, unit_faces(unit, spec, counter).back)
    ]
    return boards, counters


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="timed runs per game (median reported)")
    arguments = parser.parse_args()
    print("| game | build s (median) | PNG encoding s | build / encoding |")
    print("|---|---:|---:|---:|")
    total_build = 0.0
    for name in shipped_games():
        spec = load_game(name)
        if not buildable(spec):
            continue
        images, counters = drawn_images(spec)

        def encode_all() -> None:
            for image in images:
                png_bytes(image, BOARD_COLOURS)
            for image in counters:
                png_bytes(image)

        with tempfile.TemporaryDirectory() as folder:
            build = median_seconds(lambda: build_game(spec, Path(folder), lambda _step: None), arguments.repeats)
        encoding = median_seconds(encode_all, arguments.repeats)
        total_build += build
        print(f"| {name} | {build:.2f} | {encoding:.2f} | {build / encoding:.2f} |")
    print(f"\nall games: {total_build:.2f} s (median of each game's build, summed)")


if __name__ == "__main__":
    main()
