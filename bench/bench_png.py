"""What each PNG encoding setting costs and saves, on the images a build really encodes.

Run ``.venv/bin/python -m bench.bench_png [--repeats N]``. It draws every distinct
picture of the three modules once (boards, unit faces, markers, cards, steps boards,
charts), quantizes each as the build does, then encodes them all with each zlib level
and with and without Pillow's ``optimize`` and reports, per setting, the median
processor time to encode them all (processor time, not wall time, so that other jobs on
a shared machine disturb it less), their bytes, and the bytes once packed into a module
(a zip deflated at level 9, as :func:`builder.vassal.archive.zip_archive` packs), boards
apart from the small pictures. Ratios are to the setting the build used before it was
chosen by this measurement (``optimize=True``). Timings vary by machine; compare ratios,
never a fixed threshold.
"""

from __future__ import annotations

import argparse
import io
import time
from collections.abc import Iterator

from PIL import Image

from bench.timing import median_seconds
from builder.art.area_board import render_area_board
from builder.art.area_pieces import acted_face, render_steps_board
from builder.art.board import BOARD_COLOURS, render_board
from builder.art.cards import card_back, card_face, screen_card
from builder.art.charts import SCREEN_PPI, render_table
from builder.art.counters import draw_unit_face, screen_format, unit_designs
from builder.art.drawing import quantized
from builder.art.markers import marker_faces
from builder.build import module_charts
from builder.vassal.archive import zip_archive
from rules.data.loader import load_game, shipped_games
from rules.model import GameSpec

SETTINGS = [(level, False) for level in (1, 3, 6, 9)] + [(9, True)]
"""(zlib level, optimize): Pillow's default is level 6; ``optimize`` means level 9 and
a second pass over the filters."""
BEFORE = (9, True)


def drawn(spec: GameSpec) -> Iterator[tuple[Image.Image, int]]:
    """Every distinct picture of ``spec``'s module with its palette size."""
    counter = screen_format()
    faces = {}
    for unit in spec.units.values():
        front, back, _ = unit_designs(unit, spec)
        for design in (front, back):
            if design not in faces:
                faces[design] = draw_unit_face(unit, spec, design, counter)
    for face in faces.values():
        yield face, 64
    for marker in spec.markers.values():
        yield marker_faces(marker, spec, counter).front, 64
    for chart in module_charts(spec).values():
        yield render_table(chart, SCREEN_PPI), 64
    for game_map in spec.maps:
        if game_map.hex_map is not None:
            for index in range(len(game_map.hex_map.boards)):
                yield render_board(spec, game_map, index), BOARD_COLOURS
    if spec.is_area_game and spec.cards is not None:
        yield render_area_board(spec, spec.maps[0]), BOARD_COLOURS
        fronts = {
            unit.id: draw_unit_face(unit, spec, unit_designs(unit, spec)[0], counter)
            for unit in spec.units.values()
        }
        for picture in fronts.values():
            yield acted_face(picture), 64
        for card in spec.cards.cards():
            yield card_face(card, spec.cards, spec, screen_card()), 64
        yield card_back(screen_card(), spec.title), 64
        for side in spec.sides:
            yield render_steps_board(spec, side.id, fronts, screen_card()), BOARD_COLOURS


def encode_all(images: list[Image.Image], level: int, optimize: bool) -> list[bytes]:
    """Each quantized image as PNG bytes with one setting."""
    encoded = []
    for image in images:
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", compress_level=level, optimize=optimize)
        encoded.append(buffer.getvalue())
    return encoded


def compare(kind: str, images: list[Image.Image], repeats: int) -> None:
    """The table of every setting for ``images``."""
    results = {}
    for level, optimize in SETTINGS:
        seconds = median_seconds(
            lambda: encode_all(images, level, optimize), repeats, time.process_time
        )
        files = encode_all(images, level, optimize)
        packed = len(zip_archive([(f"{index}.png", data) for index, data in enumerate(files)]))
        results[(level, optimize)] = (seconds, sum(len(data) for data in files), packed)
    base_seconds, base_bytes, base_packed = results[BEFORE]
    print(f"\n{kind} ({len(images)}):\n")
    print(
        "| zlib level | optimize | encode CPU s (median) | time / before | PNG bytes | bytes / before "
        "| packed bytes | packed / before |"
    )
    print("|---:|---|---:|---:|---:|---:|---:|---:|")
    for (level, optimize), (seconds, size, packed) in results.items():
        print(
            f"| {level} | {'yes' if optimize else 'no'} | {seconds:.2f} | {seconds / base_seconds:.2f} | {size:,} "
            f"| {size / base_bytes:.3f} | {packed:,} | {packed / base_packed:.3f} |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--repeats", type=int, default=5, help="timed runs per setting (median reported)"
    )
    arguments = parser.parse_args()
    pictures = [picture for name in shipped_games() for picture in drawn(load_game(name))]
    start = time.perf_counter()
    images = [(quantized(image, colours), colours == BOARD_COLOURS) for image, colours in pictures]
    print(
        f"{len(images)} distinct pictures of the three modules; quantizing them took "
        f"{time.perf_counter() - start:.2f} s (the same for every setting)"
    )
    compare(
        "Boards and steps boards", [image for image, board in images if board], arguments.repeats
    )
    compare(
        "Counters, markers, cards and charts",
        [image for image, board in images if not board],
        arguments.repeats,
    )


if __name__ == "__main__":
    main()
