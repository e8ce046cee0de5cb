"""A whole module from a game and its art: build file, set-up saves, help, packing.

Set-up saves are written with the save writer from the same trait chains as the palette
(prototypes expanded, as VASSAL keeps pieces in games), at the hexes' snap centres, so
every predefined scenario opens with each unit where the rules put it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import jinja2

from builder.conventions import SCENARIO_PROPERTY, dead_pile_name, module_name
from builder.module.buildfile import (
    POOL_MAP,
    TURN_TRACKER_ID,
    VASSAL_VERSION,
    ModuleArt,
    ModuleIdentity,
    build_file,
    turn_tracker_state,
    untried_pools,
)
from builder.module.package import module_metadata, pack_module
from builder.module.pieces import side_prototype_name, side_prototype_traits, unit_traits
from builder.vassal.commands import BoardPlacement
from builder.vassal.model import MODULE_CONTAINER, GlobalPropertyValue, MapBoards
from builder.vassal.metadata import Metadata
from builder.vassal.traits import Trait, UsePrototype
from builder.vassal.writer import SetupPiece, TurnPosition, build_setup_save
from rules.model import GameSpec, Scenario

HELP_FILE = "help/about.txt"
TEMPLATE_DIRECTORY = Path(__file__).resolve().parents[2] / "templates"
_TEMPLATES = jinja2.Environment(
    loader=jinja2.FileSystemLoader(TEMPLATE_DIRECTORY), autoescape=False, keep_trailing_newline=True,
    trim_blocks=True, lstrip_blocks=True,
    undefined=jinja2.StrictUndefined,
)


@dataclass(frozen=True)
class BuiltModule:
    """A module's bytes and the set-up saves inside it (entry name → save bytes)."""

    data: bytes
    setups: Mapping[str, bytes]
    metadata: Metadata


def identity_of(spec: GameSpec) -> ModuleIdentity:
    """The module's name, version and description."""
    return ModuleIdentity(
        name=module_name(spec),
        version="0.1.0",
        description=f"{spec.title} ({spec.publisher}, {spec.year}), rebuilt by Stavka from the rules and real geography",
    )


def expand_prototypes(traits: tuple[Trait, ...], spec: GameSpec) -> tuple[Trait, ...]:
    """Replace each side prototype by its traits, as VASSAL does when a piece enters play."""
    expanded: list[Trait] = []
    for trait in traits:
        if isinstance(trait, UsePrototype):
            side = next(side for side in spec.sides if side_prototype_name(side.id) == trait.name)
            expanded.extend(side_prototype_traits(side.id, dead_pile_name(side.name))[:-1])
        else:
            expanded.append(trait)
    return tuple(expanded)


def _board_layouts(spec: GameSpec) -> list[MapBoards]:
    layouts = []
    for game_map in spec.maps:
        if game_map.hex_map is None:
            continue
        columns = sorted({board.origin[0] for board in game_map.hex_map.boards})
        rows = sorted({board.origin[1] for board in game_map.hex_map.boards})
        placements = tuple(
            BoardPlacement(board=board.name, reversed=False, column=columns.index(board.origin[0]), row=rows.index(board.origin[1]))
            for board in game_map.hex_map.boards
        )
        layouts.append(MapBoards(map=game_map.name, boards=placements))
    extra_maps = [dead_pile_name(side.name) for side in spec.sides]
    if untried_pools(spec):
        extra_maps.append(POOL_MAP)
    for name in extra_maps:
        layouts.append(MapBoards(map=name, boards=(BoardPlacement(board=name, reversed=False, column=0, row=0),)))
    return layouts


def setup_pieces(spec: GameSpec, scenario: Scenario, art: ModuleArt, gpids: Mapping[str, str]) -> list[SetupPiece]:
    """Every placement of ``scenario`` as a piece at its hex's snap centre."""
    pieces = []
    for placement in scenario.setup:
        found = spec.parse_hex(placement.location)
        if found is None:
            raise ValueError(f"scenario {scenario.id}: {placement.location} is not a hex")
        game_map, hex_ = found
        assert game_map.hex_map is not None
        unit = spec.units[placement.unit]
        traits = expand_prototypes(unit_traits(spec, unit, art.units[unit.id], gpids[unit.id]), spec)
        x, y = game_map.hex_map.pixel_centre(hex_)
        pieces.append(SetupPiece(traits=traits, map=game_map.name, x=x, y=y))
    return pieces


def help_text(spec: GameSpec) -> str:
    """A plain-text About page: what the module is, its scenarios, which values are reconstructed."""
    template = _TEMPLATES.get_template("module-about.txt.j2")
    return template.render(
        spec=spec,
        scenarios=[scenario for scenario in spec.scenarios.values() if scenario.setup],
        reconstructed=sorted(unit.name for unit in spec.units.values() if unit.provenance.reconstructed),
    )


def palette_gpids(spec: GameSpec) -> dict[str, str]:
    """The gpid each unit's palette slot gets: units of each side in data order, from 1."""
    gpids: dict[str, str] = {}
    for side in spec.sides:
        for unit in spec.units.values():
            if unit.side == side.id:
                gpids[unit.id] = str(len(gpids) + 1)
    return gpids


def assemble_module(spec: GameSpec, art: ModuleArt, seed: int = 1942) -> BuiltModule:
    """The module's bytes with a predefined set-up for every scenario that has one."""
    identity = identity_of(spec)
    metadata = module_metadata(identity.name, identity.version, VASSAL_VERSION, identity.description)
    gpids = palette_gpids(spec)
    setups: dict[str, bytes] = {}
    menu: list[tuple[str, str]] = []
    layouts = _board_layouts(spec)
    for scenario in spec.scenarios.values():
        if not scenario.setup:
            continue
        entry = f"setups/{spec.id}-{scenario.id}.vsav"
        pieces = setup_pieces(spec, scenario, art, gpids)
        setups[entry] = build_setup_save(
            pieces,
            metadata,
            seed,
            boards=layouts,
            global_properties=(GlobalPropertyValue(SCENARIO_PROPERTY, scenario.id, MODULE_CONTAINER),),
            turns=(TurnPosition(TURN_TRACKER_ID, turn_tracker_state(spec, scenario.first_turn)),),
            description=scenario.name,
            at_start_stacks=False,
        )
        menu.append((scenario.name, entry))
    xml = build_file(spec, identity, art, menu, HELP_FILE, gpids)
    other = {HELP_FILE: help_text(spec).encode("utf-8"), **setups}
    return BuiltModule(pack_module(xml, metadata, art.images, other), setups, metadata)
