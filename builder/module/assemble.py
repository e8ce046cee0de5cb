"""A whole module from a game and its art: build file, set-up saves, help, packing.

Set-up saves are written with the save writer from the catalogue's trait chains (the
palette's own, prototypes expanded as VASSAL keeps pieces in games): a unit in a hex
stands at the hex's snap centre, a unit in an area at the area's stack place, so every
predefined scenario opens with each unit where the rules put it, its track markers on
their first boxes and, in DoS, its own untried pool in the draw pile. A card game's
deck is the module's own at-start pile, dealt when the game starts.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from builder.art.area_layout import UNITS_SPOT
from builder.art.tracks import scenario_title
from builder.module.areas import area_location, area_setup_extras
from builder.module.artwork import ModuleArt
from builder.module.buildfile import VASSAL_VERSION, ModuleIdentity, build_file
from builder.module.cards import card_maps, steps_labels
from builder.module.catalogue import Catalogue, catalogue, expand_prototypes
from builder.module.help import HELP_FILE, help_text, referee_help_text
from builder.module.package import module_metadata, pack_module
from builder.module.plugin import REFEREE_HELP_FILE, plugin_classes
from builder.module.pool import PILE_AT, POOL_MAP, pool_deck_type, untried_pools
from builder.module.tracks import TRACKS_MAP, follows_turn_tracker
from builder.module.turns import LAST_TURN_PROPERTY, TURN_TRACKER_ID, turn_tracker_state
from builder.release import stavka_version
from builder.saves.names import SCENARIO_PROPERTY, dead_pile_name, module_name
from builder.vassal.commands import BoardPlacement
from builder.vassal.metadata import Metadata
from builder.vassal.model import MODULE_CONTAINER, GlobalPropertyValue, MapBoards
from builder.vassal.writer import SetupDeck, SetupPiece, TurnPosition, setup_save_bytes
from rules.data.loader import data_digest, data_origin, files_named_by, game_data_files
from rules.model import GameSpec, Scenario


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
        version=stavka_version(),
        description=f"{spec.title} ({spec.publisher}, {spec.year}), "
        + (spec.wording.description or "rebuilt by Stavka from the rules and real geography"),
    )


def board_layouts(spec: GameSpec, art: ModuleArt) -> list[MapBoards]:
    """Every map's boards as a save restores them: the hex boards where they lie, every
    other map its one board."""
    layouts = []
    for game_map in spec.maps:
        if game_map.hex_map is None:
            continue
        columns = sorted({board.origin[0] for board in game_map.hex_map.boards})
        rows = sorted({board.origin[1] for board in game_map.hex_map.boards})
        placements = tuple(
            BoardPlacement(
                board=board.name,
                reversed=False,
                column=columns.index(board.origin[0]),
                row=rows.index(board.origin[1]),
            )
            for board in game_map.hex_map.boards
        )
        layouts.append(MapBoards(map=game_map.name, boards=placements))
    single = [spec.maps[0].name] if art.area is not None else []
    single += [dead_pile_name(side.name) for side in spec.sides]
    if art.cards is not None:
        single += card_maps(spec)
    if art.tracks is not None:
        single.append(TRACKS_MAP)
    if untried_pools(spec):
        single.append(POOL_MAP)
    for name in single:
        layouts.append(
            MapBoards(
                map=name, boards=(BoardPlacement(board=name, reversed=False, column=0, row=0),)
            )
        )
    return layouts


def _placed(spec: GameSpec, art: ModuleArt, location: str) -> tuple[str, int, int] | None:
    """Map and pixel of a scenario's location: a hex's snap centre, or an area's place
    for units."""
    found = spec.parse_hex(location)
    if found is not None:
        game_map, hex_ = found
        assert game_map.hex_map is not None
        x, y = game_map.hex_map.pixel_centre(hex_)
        return game_map.name, x, y
    if art.area is not None:
        return area_location(spec, art.area, location, UNITS_SPOT)
    return None


def setup_pieces(
    spec: GameSpec, scenario: Scenario, art: ModuleArt, pieces: Catalogue
) -> list[SetupPiece]:
    """Every placement of ``scenario`` where it stands, an area game's reinforcements
    and markers on its board, and the scenario's track markers on their first boxes."""
    units = {unit_id: expand_prototypes(chain, spec) for unit_id, chain in pieces.units.items()}
    placed = []
    for placement in scenario.setup:
        found = _placed(spec, art, placement.location)
        if found is None:
            kind = "an area" if art.area is not None else "a hex"
            raise ValueError(f"scenario {scenario.id}: {placement.location} is not {kind}")
        map_name, x, y = found
        placed.append(SetupPiece(traits=units[placement.unit], map=map_name, x=x, y=y))
    if art.area is not None:
        placed += area_setup_extras(spec, scenario, art.area, units, dict(pieces.markers))
    if art.cards is not None:
        placed += steps_labels(spec, art.cards)
    if art.tracks is not None:
        for track in spec.tracks:
            if track.scenarios and scenario.id not in track.scenarios:
                continue
            start = scenario.first_turn if follows_turn_tracker(track) else track.first
            x, y = art.tracks.box(track.id, start).centre
            placed.append(SetupPiece(traits=pieces.markers[track.marker], map=TRACKS_MAP, x=x, y=y))
    return placed


def _pool_deck(spec: GameSpec, scenario: Scenario, pieces: Catalogue) -> SetupDeck | None:
    """The untried pool filled with ``scenario``'s untried reinforcements (DoS 8.3)."""
    units = untried_pools(spec).get(scenario.id, [])
    if not units:
        return None
    cards = tuple(
        SetupPiece(expand_prototypes(pieces.units[unit.id], spec), POOL_MAP, *PILE_AT)
        for unit in units
    )
    return SetupDeck(
        type=pool_deck_type(),
        map=POOL_MAP,
        x=PILE_AT[0],
        y=PILE_AT[1],
        face_down=False,
        cards=cards,
    )


def setup_save(
    spec: GameSpec,
    scenario: Scenario,
    art: ModuleArt,
    pieces: Catalogue,
    metadata: Metadata,
    seed: int,
) -> bytes:
    """The predefined set-up of ``scenario``. In a module with an untried pool the save
    holds the pool's deck and says so ("at-start stacks placed"); a card game's deck is
    the module's own at-start pile, placed when the game starts, so its saves do not."""
    deck = _pool_deck(spec, scenario, pieces)
    return setup_save_bytes(
        setup_pieces(spec, scenario, art, pieces),
        metadata,
        seed,
        boards=board_layouts(spec, art),
        global_properties=(
            GlobalPropertyValue(SCENARIO_PROPERTY, scenario.id, MODULE_CONTAINER),
            GlobalPropertyValue(LAST_TURN_PROPERTY, str(scenario.last_turn), MODULE_CONTAINER),
        ),
        turns=(
            TurnPosition(TURN_TRACKER_ID, turn_tracker_state(spec, scenario.first_turn, scenario)),
        ),
        description=scenario_title(scenario),
        at_start_stacks=bool(untried_pools(spec)),
        decks=() if deck is None else (deck,),
    )


def metadata_of(spec: GameSpec, game_data: Mapping[str, bytes]) -> Metadata:
    """The module's ``moduledata``, naming the digest and origin of ``game_data``."""
    identity = identity_of(spec)
    return module_metadata(
        identity.name,
        identity.version,
        VASSAL_VERSION,
        identity.description,
        data_digest(game_data),
        data_origin(spec.folder),
    )


def assemble_module(spec: GameSpec, art: ModuleArt, seed: int = 1942) -> BuiltModule:
    """The module's bytes with a predefined set-up for every scenario that has one, and
    the data files it was built from."""
    identity = identity_of(spec)
    game_data = game_data_files(Path(spec.folder), files_named_by(spec))
    metadata = metadata_of(spec, game_data)
    pieces = catalogue(spec, art)
    setups: dict[str, bytes] = {}
    menu: list[tuple[str, str]] = []
    for scenario in spec.scenarios.values():
        if not scenario.setup:
            continue
        entry = f"setups/{spec.id}-{scenario.id}.vsav"
        setups[entry] = setup_save(spec, scenario, art, pieces, metadata, seed)
        menu.append((scenario_title(scenario), entry))
    xml = build_file(spec, identity, art, menu, HELP_FILE, pieces, metadata)
    other = {
        HELP_FILE: help_text(spec).encode("utf-8"),
        REFEREE_HELP_FILE: referee_help_text(spec, identity.version).encode("utf-8"),
        **setups,
        **dict(plugin_classes()),
    }
    return BuiltModule(pack_module(xml, metadata, art.images, other, game_data), setups, metadata)
