"""A module's set-ups as scenarios, piece by piece: each predefined set-up that is a save
inside the module (File > Scenarios), and the at-start stacks a new game places.

Each set-up is read as the referee reads a save (the same reader and limits), every
piece in the hex its own map position lies in on the adopted grid. Pieces of one name
are handed to their units in the order the game created them, as the save reader does
(:func:`builder.saves.adopted_positions.assign_units`), so a scenario's units are the
ones a save of that scenario is read with.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from builder.adopt import limits
from builder.adopt.archive import ModuleArchive
from builder.adopt.buildfile import MapElement, PredefinedSetup
from builder.printable import printable
from builder.saves.adopted_positions import creation_order
from builder.vassal.reader import parse_save_bytes
from builder.vassal.traits import DynamicProperty, Layer, Trait
from rules.errors import SaveError
from rules.hexgrid import HexMap


@dataclass(frozen=True)
class PlacedPiece:
    """A piece of a set-up in a hex: its name, the hex's label and the value its step
    trait shows (None when it has none)."""

    name: str
    hex: str
    step_value: str | None


@dataclass(frozen=True)
class SetupDraft:
    """One set-up: its name, where it comes from, its turn, and its pieces in the order
    the game created them; ``left_out`` says which pieces are not in a hex of the map."""

    name: str
    source: str
    turn: int | None
    pieces: tuple[PlacedPiece, ...]
    left_out: tuple[str, ...]

    def counts(self) -> Counter[str]:
        return Counter(piece.name for piece in self.pieces)


def _step_value(
    traits: tuple[Trait, ...], trait_kind: str | None, trait_name: str | None
) -> str | None:
    """The value a piece's step trait shows: a Layer's level or a property's value."""
    if trait_kind is None:
        return None
    for trait in traits:
        if trait_kind == "layer" and isinstance(trait, Layer) and trait.name == trait_name:
            return str(abs(trait.level))
        if (
            trait_kind == "property"
            and isinstance(trait, DynamicProperty)
            and trait.name == trait_name
        ):
            return trait.value
    return None


def predefined_setup(
    path: Path,
    archive: ModuleArchive,
    setup: PredefinedSetup,
    map_name: str,
    hex_map: HexMap,
    step_traits: Mapping[str, tuple[str, str]],
) -> SetupDraft:
    """A predefined set-up saved inside the module, read as a save."""
    data = archive.read(setup.file, limits.MAX_SETUP_BYTES)
    try:
        saved = parse_save_bytes(data)
    except SaveError as error:
        raise SaveError(path, f"set-up {setup.file!r}", error.one_line()) from error
    if len(saved.pieces) > limits.MAX_PIECES:
        raise SaveError(
            path,
            f"set-up {setup.file!r}",
            f"{len(saved.pieces):,} pieces, more than the {limits.MAX_PIECES:,} stavka adopt reads",
        )
    placed: list[PlacedPiece] = []
    left_out: list[str] = []
    for piece in sorted(saved.pieces, key=lambda item: creation_order(item.id)):
        where = _hex_label(hex_map, piece.map, map_name, piece.x, piece.y)
        if where is None:
            left_out.append(
                f"{printable(piece.name)} ({'on map ' + repr(piece.map) if piece.map != map_name else f'at ({piece.x},{piece.y}), in no hex'})"
            )
            continue
        kind, name = step_traits.get(piece.name, (None, None))
        placed.append(PlacedPiece(piece.name, where, _step_value(piece.traits, kind, name)))
    turn = None
    for tracker in saved.turns:
        if tracker.level_states:
            first = tracker.level_states[0].split(";")[0]
            turn = int(first) if first.isascii() and first.isdigit() and int(first) < 100 else None
            break
    return SetupDraft(
        name=setup.name,
        source=f"the module's predefined set-up {setup.name!r} ({setup.file})",
        turn=turn,
        pieces=tuple(placed),
        left_out=tuple(left_out),
    )


def _hex_label(hex_map: HexMap, piece_map: str | None, map_name: str, x: int, y: int) -> str | None:
    if piece_map != map_name:
        return None
    found = hex_map.hex_at_pixel(x, y)
    return None if found is None else hex_map.label(found)


def at_start_setup(
    map_element: MapElement, hex_map: HexMap, names: Mapping[tuple[str, str], str]
) -> SetupDraft | None:
    """The pieces the map's at-start stacks place when a new game starts (None when it
    has none); ``names`` gives each slot's piece name by (entry name, text)."""
    if not map_element.setup_stacks:
        return None
    board = hex_map.boards[0]
    placed: list[PlacedPiece] = []
    left_out: list[str] = []
    for stack in map_element.setup_stacks:
        if stack.location is not None:
            raw = board.parse(stack.location)
            label = None if raw is None or not board.in_play(raw) else board.label(raw)
        else:
            found = hex_map.hex_at_pixel(stack.x + board.origin[0], stack.y + board.origin[1])
            label = None if found is None else hex_map.label(found)
        for slot in stack.slots:
            name = names.get((slot.entry_name, slot.text))
            if name is None:
                continue
            if label is None:
                left_out.append(f"{printable(name)} (stack {stack.name!r}, in no hex)")
                continue
            placed.append(PlacedPiece(name, label, None))
    return SetupDraft(
        name="At-start stacks",
        source=f"the at-start stacks of the module's map {map_element.name!r} (a new game)",
        turn=None,
        pieces=tuple(placed),
        left_out=tuple(left_out),
    )
