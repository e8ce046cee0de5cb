"""``stavka build`` for an area game: art, build file, set-up save, packing.

The hex games' pipeline (:mod:`builder.build`) hands a game whose map is an area map
here; the steps mirror it, with the area board, the steps boards, the cards and the
player aids in place of hex boards and tables.
"""

from __future__ import annotations

from collections.abc import Callable

import jinja2

from builder.art.area_board import board_size, panel_boxes, render_area_board
from builder.art.area_charts import area_charts
from builder.art.area_pieces import acted_face, render_steps_board, rgba_png, step_badge
from builder.art.board import BOARD_COLOURS
from builder.art.cards import card_back, card_face, screen_card
from builder.art.charts import SCREEN_PPI, render_table
from builder.art.counters import screen_format, unit_faces
from builder.art.drawing import png_bytes
from builder.marker_images import marker_images
from builder.steps_layout import step_cards, steps_board_size, steps_boxes
from builder.module.area_module import AreaArt, area_build_file, area_setup_save, piece_ids
from builder.module.assemble import HELP_FILE, TEMPLATE_DIRECTORY, BuiltModule, help_text, identity_of
from builder.module.buildfile import VASSAL_VERSION
from builder.module.package import module_metadata, pack_module
from builder.module.pieces import UnitImages
from rules.model import GameSpec

Progress = Callable[[str], None]
BUILD_STEPS = 3
CARDS_HELP_FILE = "help/cards.txt"


def cards_help_text(spec: GameSpec) -> str:
    """How to play the cards with the module's windows and commands."""
    assert spec.cards is not None
    scenario = next(scenario for scenario in spec.scenarios.values() if scenario.setup)
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATE_DIRECTORY), autoescape=False, keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )
    return environment.get_template("module-cards-help.txt.j2").render(
        spec=spec, scenario=scenario, hands=spec.cards.hands
    )


def is_area_game(spec: GameSpec) -> bool:
    """A game played on an area map with outlines (Rattenkrieg)."""
    return bool(spec.maps) and spec.maps[0].area_map is not None and spec.cards is not None


def draw_area_art(spec: GameSpec, progress: Progress) -> AreaArt:
    """Every image of an area game's module."""
    game_map = spec.maps[0]
    area_map = game_map.area_map
    assert area_map is not None and spec.cards is not None
    images: dict[str, bytes] = {"board.png": png_bytes(render_area_board(spec, game_map), BOARD_COLOURS)}
    progress(f"board {game_map.name}")
    counter = screen_format()
    units: dict[str, UnitImages] = {}
    acted: dict[str, str] = {}
    badges: dict[str, tuple[str, ...]] = {}
    fronts = {}
    for unit in spec.units.values():
        front = unit_faces(unit, spec, counter).front
        fronts[unit.id] = front
        units[unit.id] = UnitImages(front=f"units/{unit.id}.png", back=None, untried=None)
        images[units[unit.id].front] = png_bytes(front)
        acted[unit.id] = f"units/{unit.id}-acted.png"
        images[acted[unit.id]] = png_bytes(acted_face(front))
        full = step_cards(unit)
        names = []
        for held in range(full + 1):
            name = f"steps/{held}-of-{full}.png"
            images.setdefault(name, rgba_png(step_badge(held, full, counter.image_px)))
            names.append(name)
        badges[unit.id] = tuple(names)
    markers = marker_images(spec, images)
    steps_boards: dict[str, str] = {}
    for side in spec.sides:
        name = f"steps-{side.id}.png"
        images[name] = png_bytes(render_steps_board(spec, side.id, fronts, screen_card()), BOARD_COLOURS)
        steps_boards[side.id] = name
    progress(f"{len(units)} counters, {len(markers)} markers, steps boards")
    cards: dict[str, str] = {}
    for card in spec.cards.cards():
        cards[card.id] = f"cards/{card.id}.png"
        images[cards[card.id]] = png_bytes(card_face(card, spec.cards, spec, screen_card()))
    images["cards/back.png"] = png_bytes(card_back(screen_card(), spec.title.split(":")[0].upper()))
    charts = []
    for chart_id, chart in area_charts(spec).items():
        name = f"charts/{chart_id}.png"
        images[name] = png_bytes(render_table(chart, SCREEN_PPI))
        charts.append((chart.title, name))
    progress(f"{len(cards)} cards, {len(charts)} charts")
    return AreaArt(
        images=images,
        board="board.png",
        boxes=panel_boxes(spec, area_map),
        steps_boards=steps_boards,
        steps_boxes={side.id: steps_boxes(spec, side.id) for side in spec.sides},
        units=units,
        acted=acted,
        badges=badges,
        markers=markers,
        cards=cards,
        card_back="cards/back.png",
        charts=tuple(charts),
        size=board_size(area_map),
        steps_sizes={side.id: steps_board_size(spec, side.id) for side in spec.sides},
    )


def assemble_area_module(spec: GameSpec, art: AreaArt, seed: int = 1942) -> BuiltModule:
    """The module's bytes with a predefined set-up for every scenario that has one."""
    identity = identity_of(spec)
    metadata = module_metadata(identity.name, identity.version, VASSAL_VERSION, identity.description)
    gpids = piece_ids(spec)
    setups: dict[str, bytes] = {}
    menu: list[tuple[str, str]] = []
    for scenario in spec.scenarios.values():
        if scenario.setup:
            entry = f"setups/{spec.id}-{scenario.id}.vsav"
            setups[entry] = area_setup_save(spec, scenario, art, gpids, metadata, seed)
            menu.append((scenario.name, entry))
    xml = area_build_file(spec, identity, art, menu, (HELP_FILE, CARDS_HELP_FILE), gpids)
    other = {HELP_FILE: help_text(spec).encode("utf-8"), CARDS_HELP_FILE: cards_help_text(spec).encode("utf-8"),
             **setups}
    return BuiltModule(pack_module(xml, metadata, art.images, other), setups, metadata)
