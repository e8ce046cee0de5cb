"""A whole module from a game and its art: build file, set-up saves, help, packing.

Set-up saves are written with the save writer from the same trait chains as the palette
(prototypes expanded, as VASSAL keeps pieces in games), at the hexes' snap centres, so
every predefined scenario opens with each unit where the rules put it, its track
markers on their first boxes and, in DoS, its own untried pool in the draw pile.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import jinja2

from builder.conventions import SCENARIO_PROPERTY, dead_pile_name, module_name
from builder.art.tracks import scenario_label
from builder.module import keys
from builder.module.buildfile import VASSAL_VERSION, ModuleArt, ModuleIdentity, build_file
from builder.module.package import module_metadata, pack_module
from builder.module.pieces import side_prototype_name, side_prototype_traits, unit_traits
from builder.module.pool import PILE_AT, POOL_MAP, pool_deck_type, untried_pools
from builder.module.tracks import TRACKS_MAP, follows_turn_tracker, track_marker_traits
from builder.module.turns import LAST_TURN_PROPERTY, TURN_TRACKER_ID, turn_tracker_state
from builder.vassal.commands import BoardPlacement
from builder.vassal.metadata import Metadata
from builder.vassal.model import MODULE_CONTAINER, GlobalPropertyValue, MapBoards
from builder.vassal.traits import Trait, UsePrototype
from builder.vassal.writer import SetupDeck, SetupPiece, TurnPosition, build_setup_save
from rules.model import GameSpec, Scenario

HELP_FILE = "help/help.html"
TEMPLATE_DIRECTORY = Path(__file__).resolve().parents[2] / "templates"
_TEMPLATES = jinja2.Environment(
    loader=jinja2.FileSystemLoader(TEMPLATE_DIRECTORY), autoescape=jinja2.select_autoescape(["html"]),
    keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined,
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


def _board_layouts(spec: GameSpec, art: ModuleArt) -> list[MapBoards]:
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
    if art.tracks is not None:
        extra_maps.append(TRACKS_MAP)
    if untried_pools(spec):
        extra_maps.append(POOL_MAP)
    for name in extra_maps:
        layouts.append(MapBoards(map=name, boards=(BoardPlacement(board=name, reversed=False, column=0, row=0),)))
    return layouts


def setup_pieces(spec: GameSpec, scenario: Scenario, art: ModuleArt, gpids: Mapping[str, str]) -> list[SetupPiece]:
    """Every placement of ``scenario`` as a piece at its hex's snap centre, and the
    scenario's track markers on their first boxes."""
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
    if art.tracks is not None:
        for track in spec.tracks:
            if track.scenarios and scenario.id not in track.scenarios:
                continue
            start = scenario.first_turn if follows_turn_tracker(track) else track.first
            x, y = art.tracks.box(track.id, start).centre
            traits = track_marker_traits(spec, track, art.markers[track.marker], gpids[track.marker])
            pieces.append(SetupPiece(traits=traits, map=TRACKS_MAP, x=x, y=y))
    return pieces


def _pool_deck(spec: GameSpec, scenario: Scenario, art: ModuleArt, gpids: Mapping[str, str]) -> SetupDeck | None:
    """The untried pool filled with ``scenario``'s untried reinforcements (DoS 8.3)."""
    units = untried_pools(spec).get(scenario.id, [])
    if not units:
        return None
    cards = tuple(
        SetupPiece(expand_prototypes(unit_traits(spec, unit, art.units[unit.id], gpids[unit.id]), spec), POOL_MAP, *PILE_AT)
        for unit in units
    )
    return SetupDeck(type=pool_deck_type(), map=POOL_MAP, x=PILE_AT[0], y=PILE_AT[1], face_down=False, cards=cards)


def _paragraphs(text: str) -> list[str]:
    return [" ".join(paragraph.split()) for paragraph in text.strip().split("\n\n") if paragraph.strip()]


def help_text(spec: GameSpec) -> str:
    """The module's help page (HTML): scenarios, sequence of play, record tracks, the
    game's own help sections (supply, combat, what differs from a printed copy), keys
    and the units with reconstructed values."""
    scenarios = [scenario for scenario in spec.scenarios.values() if scenario.setup]
    sequences: dict[tuple[str, ...], list[str]] = {}
    for scenario in scenarios:
        sequences.setdefault(scenario.phases or spec.phases, []).append(scenario.name)
    toolbar = [("Counters", keys.COUNTERS), ("Charts", keys.CHARTS), ("Overview", keys.OVERVIEW),
               ("Inventory", keys.INVENTORY), ("Notes", keys.NOTES), ("1d6", keys.DIE), ("Turn", keys.TURN_WINDOW)]
    if spec.tracks:
        toolbar.append(("Tracks", keys.TRACKS))
    if untried_pools(spec):
        toolbar.append(("Untried pool", keys.UNTRIED_POOL))
    toolbar += [(dead_pile_name(side.name), key) for side, key in zip(spec.sides, keys.ELIMINATED, strict=False)]
    piece_keys = [("Eliminate (to the side's eliminated window)", keys.ELIMINATE.text),
                  ("Flip a two-sided marker", keys.FLIP.text), ("Delete", keys.DELETE.text),
                  ("Mark as moved or not moved", keys.MARK_MOVED.text)]
    if any(unit.properties.get("untried") == "yes" for unit in spec.units.values()):
        piece_keys.insert(0, ("Reveal an untried unit", keys.REVEAL.text))
    if any(len(unit.steps) > 1 for unit in spec.units.values()):
        piece_keys.insert(0, ("Lose a step, restore it", f"{keys.LOSE_STEP.text}, {keys.RESTORE_STEP.text}"))
    return _TEMPLATES.get_template("module-help.html.j2").render(
        spec=spec,
        scenarios=scenarios,
        sequences=[("; ".join(names), phases) for phases, names in sequences.items() if phases],
        next_turn=keys.NEXT_TURN.text,
        previous_turn=keys.PREVIOUS_TURN.text,
        tracks=[(track, ", ".join(scenario_label(spec.scenarios[scenario]) for scenario in track.scenarios
                                  if scenario in spec.scenarios)) for track in spec.tracks],
        sections=[(title, _paragraphs(text)) for title, text in spec.help],
        toolbar=[(name, key.text) for name, key in toolbar],
        piece_keys=piece_keys,
        reconstructed=sorted(unit.name for unit in spec.units.values() if unit.provenance.reconstructed),
    )


def palette_gpids(spec: GameSpec) -> dict[str, str]:
    """The gpid each palette slot gets: units of each side in data order from 1, then
    the markers in id order (the palette's own order)."""
    gpids: dict[str, str] = {}
    for side in spec.sides:
        for unit in spec.units.values():
            if unit.side == side.id:
                gpids[unit.id] = str(len(gpids) + 1)
    for marker_id in sorted(spec.markers):
        gpids[marker_id] = str(len(gpids) + 1)
    return gpids


def assemble_module(spec: GameSpec, art: ModuleArt, seed: int = 1942) -> BuiltModule:
    """The module's bytes with a predefined set-up for every scenario that has one."""
    identity = identity_of(spec)
    metadata = module_metadata(identity.name, identity.version, VASSAL_VERSION, identity.description)
    gpids = palette_gpids(spec)
    setups: dict[str, bytes] = {}
    menu: list[tuple[str, str]] = []
    layouts = _board_layouts(spec, art)
    for scenario in spec.scenarios.values():
        if not scenario.setup:
            continue
        entry = f"setups/{spec.id}-{scenario.id}.vsav"
        deck = _pool_deck(spec, scenario, art, gpids)
        setups[entry] = build_setup_save(
            setup_pieces(spec, scenario, art, gpids),
            metadata,
            seed,
            boards=layouts,
            global_properties=(
                GlobalPropertyValue(SCENARIO_PROPERTY, scenario.id, MODULE_CONTAINER),
                GlobalPropertyValue(LAST_TURN_PROPERTY, str(scenario.last_turn), MODULE_CONTAINER),
            ),
            turns=(TurnPosition(TURN_TRACKER_ID, turn_tracker_state(spec, scenario.first_turn, scenario)),),
            description=scenario.name,
            at_start_stacks=bool(untried_pools(spec)),
            decks=() if deck is None else (deck,),
        )
        menu.append((scenario.name, entry))
    xml = build_file(spec, identity, art, menu, HELP_FILE, gpids)
    other = {HELP_FILE: help_text(spec).encode("utf-8"), **setups}
    return BuiltModule(pack_module(xml, metadata, art.images, other), setups, metadata)
