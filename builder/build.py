"""``stavka build``: from a game's data to ``dist/<game>.vmod``.

The pipeline draws the boards, counters, markers and charts, assembles the module and
writes it atomically. Each step reports to a progress callback so the command line can
show a bar without the pipeline knowing about terminals.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from builder.area_build import BUILD_STEPS as AREA_BUILD_STEPS
from builder.area_build import assemble_area_module, draw_area_art, is_area_game
from builder.art.board import BOARD_COLOURS, render_board
from builder.art.charts import SCREEN_PPI, game_charts, render_table
from builder.art.counters import screen_format, unit_faces
from builder.art.drawing import png_bytes, rgba_png_bytes
from builder.art.markers import VERDICT_OVERLAYS, verdict_overlay
from builder.art.pool import render_pile_board
from builder.art.tracks import render_tracks, track_layout
from builder.marker_images import marker_images
from builder.module.assemble import assemble_module
from builder.module.buildfile import ModuleArt
from builder.module.pieces import MarkerImages, UnitImages, overlay_image
from builder.module.pool import PILE_AT, PILE_SIZE, POOL_IMAGE, POOL_PILE, POOL_SIZE, pool_caption, untried_pools
from builder.module.tracks import TRACKS_IMAGE
from builder.output import write_output
from rules.model import GameSpec

Progress = Callable[[str], None]


@dataclass(frozen=True)
class BuildResult:
    """What a build wrote and how big it is."""

    path: Path
    size: int
    units: int
    setups: int


def build_steps(spec: GameSpec) -> int:
    """How many progress reports :func:`build_game` makes for ``spec``."""
    if is_area_game(spec):
        return AREA_BUILD_STEPS + 2
    boards = sum(len(game_map.hex_map.boards) for game_map in spec.maps if game_map.hex_map is not None)
    return boards + 4


def buildable(spec: GameSpec) -> bool:
    """True for games with a hex map or an outlined area map (the modules Stavka builds)."""
    return is_area_game(spec) or any(game_map.hex_map is not None for game_map in spec.maps)


def _board_images(spec: GameSpec, images: dict[str, bytes], progress: Progress) -> dict[str, str]:
    boards: dict[str, str] = {}
    for game_map in spec.maps:
        if game_map.hex_map is None:
            continue
        for index, board in enumerate(game_map.hex_map.boards):
            name = f"board-{board.name.lower().replace(' ', '-')}.png"
            images[name] = png_bytes(render_board(spec, game_map, index), BOARD_COLOURS)
            boards[board.name] = name
            progress(f"board {board.name}")
    return boards


def _counter_images(spec: GameSpec, images: dict[str, bytes]) -> tuple[dict[str, UnitImages], dict[str, MarkerImages]]:
    counter = screen_format()
    units: dict[str, UnitImages] = {}
    for unit in spec.units.values():
        faces = unit_faces(unit, spec, counter)
        front, back = f"units/{unit.id}.png", f"units/{unit.id}-back.png"
        images[front] = png_bytes(faces.front)
        if faces.back_kind != "blank":
            images[back] = png_bytes(faces.back)
        units[unit.id] = UnitImages(
            front=front,
            back=back if faces.back_kind == "reduced" else None,
            untried=back if faces.back_kind == "untried" else None,
        )
    for overlay in VERDICT_OVERLAYS:
        images[overlay_image(overlay.kind)] = rgba_png_bytes(verdict_overlay(overlay, counter))
    return units, marker_images(spec, images)


def draw_art(spec: GameSpec, progress: Progress) -> ModuleArt:
    """Every image of the module, by file name."""
    images: dict[str, bytes] = {}
    boards = _board_images(spec, images, progress)
    units, markers = _counter_images(spec, images)
    progress(f"{len(units)} counters, {len(markers)} markers")
    charts: list[tuple[str, str]] = []
    for chart_id, chart in game_charts(spec).items():
        name = f"charts/{chart_id}.png"
        images[name] = png_bytes(render_table(chart, SCREEN_PPI))
        charts.append((chart.tab, name))
    progress(f"{len(charts)} charts")
    tracks = track_layout(spec) if spec.tracks else None
    if tracks is not None:
        images[TRACKS_IMAGE] = png_bytes(render_tracks(tracks))
    if untried_pools(spec):
        pile = (PILE_AT[0] - PILE_SIZE[0] // 2, PILE_AT[1] - PILE_SIZE[1] // 2,
                PILE_AT[0] + PILE_SIZE[0] // 2, PILE_AT[1] + PILE_SIZE[1] // 2)
        images[POOL_IMAGE] = png_bytes(render_pile_board(POOL_SIZE, pile, POOL_PILE, pool_caption(spec)))
    return ModuleArt(images=images, boards=boards, units=units, markers=markers, charts=tuple(charts), tracks=tracks)


def build_game(spec: GameSpec, dist: Path, progress: Progress) -> BuildResult:
    """Build ``spec``'s module into ``dist`` and say what was written."""
    if is_area_game(spec):
        built = assemble_area_module(spec, draw_area_art(spec, progress))
    else:
        built = assemble_module(spec, draw_art(spec, progress))
    progress("module assembled")
    path = dist / f"{spec.id}.vmod"
    write_output(path, built.data)
    progress(f"wrote {path}")
    return BuildResult(path=path, size=len(built.data), units=len(spec.units), setups=len(built.setups))
