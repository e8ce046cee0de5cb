"""``stavka build``: from a game's data to ``dist/<game>.vmod``.

The pipeline draws the boards (hex boards, or an area board from its outlines; a game
adopted from a module keeps that module's pictures of its boards and pieces), the
counters, markers, charts and, for a card game, the cards and steps boards; assembles
the module and writes it atomically. Each picture is drawn and stored once however many
pieces show it (:class:`builder.module.images.ModuleImages`). Each step reports to a
progress callback so the command line can show a bar without the pipeline knowing about
terminals.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from PIL import Image

from builder.adopt.artwork import AdoptedArt, adopted_art
from builder.art.area_board import render_area_board
from builder.art.area_charts import area_charts
from builder.art.area_layout import board_size, panel_boxes, piece_spots
from builder.art.area_pieces import acted_face, render_steps_board, step_badge, steps_label
from builder.art.board import BOARD_COLOURS, render_board
from builder.art.cards import card_back, card_face, screen_card
from builder.art.charts import SCREEN_PPI, ChartTable, game_charts, render_table, window_charts
from builder.art.counters import FaceDesign, draw_unit_face, screen_format, unit_designs
from builder.art.drawing import png_bytes, rgba_png_bytes
from builder.art.markers import VERDICT_OVERLAYS, verdict_overlay
from builder.art.pool import render_pile_board
from builder.art.tracks import render_tracks, track_layout
from builder.marker_images import marker_images
from builder.module.areas import AreaBoardArt
from builder.module.artwork import ModuleArt
from builder.module.assemble import assemble_module
from builder.module.cards import CardArt, deck_of
from builder.module.images import ModuleImages
from builder.module.pieces import UnitImages
from builder.module.pool import (
    PILE_AT,
    PILE_SIZE,
    POOL_IMAGE,
    POOL_PILE,
    POOL_SIZE,
    pool_caption,
    untried_pools,
)
from builder.module.tracks import TRACKS_IMAGE
from builder.output import output_stem, write_outputs
from builder.saves.names import overlay_image
from builder.saves.steps_layout import step_cards, steps_board_size, steps_boxes
from rules.model import GameSpec, Unit

Progress = Callable[[str], None]
PALETTE_COUNTER_PX = 100
"""The largest a counter picture of an adopted game is shown in the palette."""


@dataclass(frozen=True)
class BuildResult:
    """What a build wrote and how big it is."""

    path: Path
    size: int
    units: int
    setups: int


def _boards(spec: GameSpec) -> int:
    """How many boards a build draws: every hex board, or the one area board."""
    if spec.is_area_game:
        return 1
    return sum(
        len(game_map.hex_map.boards) for game_map in spec.maps if game_map.hex_map is not None
    )


def build_steps(spec: GameSpec) -> int:
    """How many progress reports :func:`build_game` makes for ``spec``."""
    return _boards(spec) + 4 + (1 if spec.cards is not None else 0)


def buildable(spec: GameSpec) -> bool:
    """True for games with a hex map or an outlined area map (the modules Stavka builds)."""
    return any(
        game_map.hex_map is not None or game_map.area_map is not None for game_map in spec.maps
    )


def _hex_boards(
    spec: GameSpec, images: ModuleImages, progress: Progress, art: AdoptedArt
) -> dict[str, str]:
    """Each hex board's picture: drawn from the data, or, for a game adopted from a
    module, that module's own picture as it is."""
    boards: dict[str, str] = {}
    for game_map in spec.maps:
        if game_map.hex_map is None:
            continue
        for index, board in enumerate(game_map.hex_map.boards):
            stem = f"board-{board.name.lower().replace(' ', '-')}"
            own = art.boards.get(board.name)
            boards[board.name] = (
                images.add(stem + own.suffix, own.data)
                if own is not None
                else images.add(
                    f"{stem}.png", png_bytes(render_board(spec, game_map, index), BOARD_COLOURS)
                )
            )
            progress(f"board {board.name}")
    return boards


def _area_board(spec: GameSpec, images: ModuleImages, progress: Progress) -> AreaBoardArt:
    game_map = spec.maps[0]
    assert game_map.area_map is not None
    image = images.add("board.png", png_bytes(render_area_board(spec, game_map), BOARD_COLOURS))
    progress(f"board {game_map.name}")
    return AreaBoardArt(
        image,
        board_size(game_map.area_map),
        panel_boxes(spec, game_map.area_map),
        piece_spots(game_map),
    )


class _Faces:
    """Unit faces drawn once per design, for the files and for the pictures made from
    them (an area game's 'acted' sides and steps boards)."""

    def __init__(self, spec: GameSpec) -> None:
        self._spec = spec
        self._counter = screen_format()
        self._drawn: dict[FaceDesign, Image.Image] = {}

    def face(self, unit: Unit, design: FaceDesign) -> Image.Image:
        if design not in self._drawn:
            self._drawn[design] = draw_unit_face(unit, self._spec, design, self._counter)
        return self._drawn[design]

    def encoded(self, unit: Unit, design: FaceDesign) -> bytes:
        return png_bytes(self.face(unit, design))

    def acted(self, unit: Unit, design: FaceDesign) -> bytes:
        return png_bytes(acted_face(self.face(unit, design)))


def _unit_images(
    spec: GameSpec, images: ModuleImages, faces: _Faces, art: AdoptedArt
) -> dict[str, UnitImages]:
    """Each unit's front and back; in an area game, whose printed backs are not known,
    the back shows that the unit has acted (RKS 7.4). A unit of a game adopted from a
    module shows its piece's own picture in front."""
    acted = spec.is_area_game
    units: dict[str, UnitImages] = {}
    for unit in spec.units.values():
        front, back, back_kind = unit_designs(unit, spec)
        own = art.units.get(unit.id)
        front_name = (
            images.add(f"units/{unit.id}{own.suffix}", own.data)
            if own is not None
            else images.picture(front, f"units/{unit.id}.png", partial(faces.encoded, unit, front))
        )
        back_name = None
        if back_kind != "blank":
            back_name = images.picture(
                back, f"units/{unit.id}-back.png", partial(faces.encoded, unit, back)
            )
        acted_name = None
        if acted:
            acted_name = images.picture(
                ("acted", front), f"units/{unit.id}-acted.png", partial(faces.acted, unit, front)
            )
        units[unit.id] = UnitImages(
            front=front_name,
            back=back_name if back_kind == "reduced" else None,
            untried=back_name if back_kind == "untried" else None,
            acted=acted_name,
        )
    return units


def _badge(held: int, full: int, size: int) -> bytes:
    return rgba_png_bytes(step_badge(held, full, size))


def _steps_label(held: int, full: int) -> bytes:
    return png_bytes(steps_label(held, full))


def _card_images(spec: GameSpec, images: ModuleImages, faces: _Faces) -> CardArt:
    """The cards' faces and back, each side's steps board and the step-count badges."""
    deck = deck_of(spec)
    card = screen_card()
    counter = screen_format()
    card_faces = {
        item.id: images.add(f"cards/{item.id}.png", png_bytes(card_face(item, deck, spec, card)))
        for item in deck.cards()
    }
    back = images.add(
        "cards/back.png", png_bytes(card_back(card, spec.title.split(":")[0].upper()))
    )
    badges: dict[str, tuple[str, ...]] = {}
    labels: dict[str, tuple[str, ...]] = {}
    for unit in spec.units.values():
        full = step_cards(unit)
        if full:
            badges[unit.id] = tuple(
                images.picture(
                    ("badge", held, full),
                    f"steps/{held}-of-{full}.png",
                    partial(_badge, held, full, counter.image_px),
                )
                for held in range(full + 1)
            )
            labels[unit.id] = tuple(
                images.picture(
                    ("steps label", held, full),
                    f"steps/label-{held}-of-{full}.png",
                    partial(_steps_label, held, full),
                )
                for held in range(full + 1)
            )
    fronts = {
        unit.id: faces.face(unit, unit_designs(unit, spec)[0]) for unit in spec.units.values()
    }
    boards = {
        side.id: images.add(
            f"steps-{side.id}.png",
            png_bytes(render_steps_board(spec, side.id, fronts, card), BOARD_COLOURS),
        )
        for side in spec.sides
    }
    return CardArt(
        faces=card_faces,
        back=back,
        steps_boards=boards,
        steps_boxes={side.id: steps_boxes(spec, side.id) for side in spec.sides},
        steps_sizes={side.id: steps_board_size(spec, side.id) for side in spec.sides},
        badges=badges,
        labels=labels,
    )


def module_charts(spec: GameSpec) -> Mapping[str, ChartTable]:
    """The charts of the module: a card game's player aids, or the tables of the rules."""
    return area_charts(spec) if spec.cards is not None else game_charts(spec)


def draw_art(spec: GameSpec, progress: Progress) -> ModuleArt:
    """Every image of the module, by file name, and which is what."""
    images = ModuleImages()
    art = adopted_art(spec)
    boards = _hex_boards(spec, images, progress, art)
    area = _area_board(spec, images, progress) if spec.is_area_game else None
    faces = _Faces(spec)
    units = _unit_images(spec, images, faces, art)
    for overlay in VERDICT_OVERLAYS:
        images.add(
            overlay_image(overlay.kind), rgba_png_bytes(verdict_overlay(overlay, screen_format()))
        )
    markers = marker_images(spec, images)
    progress(f"{len(units)} counters, {len(markers)} markers")
    cards = None
    if spec.cards is not None:
        cards = _card_images(spec, images, faces)
        progress(f"{len(cards.faces)} cards, {len(cards.steps_boards)} steps boards")
    tables = module_charts(spec)
    pictures = window_charts([render_table(chart, SCREEN_PPI) for chart in tables.values()])
    charts = [
        (chart.tab or chart.title, images.add(f"charts/{chart_id}.png", png_bytes(picture)))
        for (chart_id, chart), picture in zip(tables.items(), pictures, strict=True)
    ]
    progress(f"{len(charts)} charts")
    tracks = track_layout(spec) if spec.tracks else None
    if tracks is not None:
        images.add_named(TRACKS_IMAGE, png_bytes(render_tracks(tracks)))
    if untried_pools(spec):
        pile = (
            PILE_AT[0] - PILE_SIZE[0] // 2,
            PILE_AT[1] - PILE_SIZE[1] // 2,
            PILE_AT[0] + PILE_SIZE[0] // 2,
            PILE_AT[1] + PILE_SIZE[1] // 2,
        )
        images.add_named(
            POOL_IMAGE, png_bytes(render_pile_board(POOL_SIZE, pile, POOL_PILE, pool_caption(spec)))
        )
    largest = max((max(picture.size) for picture in art.units.values()), default=0)
    return ModuleArt(
        palette_scale=min(1.0, PALETTE_COUNTER_PX / largest) if largest else 1.0,
        images=images.files,
        boards=boards,
        units=units,
        markers=markers,
        charts=tuple(charts),
        tracks=tracks,
        area=area,
        cards=cards,
    )


def module_file_name(spec: GameSpec) -> str:
    """The module's file name: :func:`output_stem` ``.vmod``."""
    return f"{output_stem(spec)}.vmod"


def build_game(
    spec: GameSpec, dist: Path, progress: Progress, file_name: str | None = None
) -> BuildResult:
    """Build ``spec``'s module into ``dist`` (as ``file_name``, by default
    :func:`module_file_name`) and say what was written. Its set-ups are also written
    beside it as saves (``dist/setups/NAME-SCENARIO.vsav``, NAME the module's file name
    without ``.vmod``), the same bytes as inside the module, so they can be checked or
    opened without unpacking it."""
    built = assemble_module(spec, draw_art(spec, progress))
    progress("module assembled")
    path = dist / (file_name or module_file_name(spec))
    setups = {
        dist / "setups" / f"{path.stem}-{entry.removeprefix(f'setups/{spec.id}-')}": data
        for entry, data in built.setups.items()
    }
    write_outputs({path: built.data, **setups})
    progress(f"wrote {path}")
    return BuildResult(
        path=path, size=len(built.data), units=len(spec.units), setups=len(built.setups)
    )
