"""Positions from saves of a module Stavka did not build, read through its adopted data.

The module's pieces carry no unit ids: a piece is known by its own name, which
``module.toml`` gives the units of (:mod:`rules.adopted`). Pieces of one name are
alike, so they are handed to that name's units in the order the game created them (by
piece id, which every later save of the same game keeps), and each piece's own state
says the rest: the hex it stands in (by the module's own grid, which the game's map
reproduces), the steps it has left (the trait ``module.toml`` names), or that it is
eliminated (on a dead-pile map). A save with more pieces of a name than the data has
units of it is refused, naming the piece, rather than judged with a unit missing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TypeVar

from builder.printable import printable
from builder.saves.reading import scenario_of, turn_and_phase, unit_rank
from builder.vassal.model import Piece, SavedGame
from builder.vassal.traits import DynamicProperty, Layer
from rules.adopted import AdoptedModule, ModulePiece
from rules.errors import SaveError
from rules.model import GameSpec, Unit
from rules.referee.position import Position, UnitState

Item = TypeVar("Item")


def creation_order(piece_id: str) -> tuple[int, int, str]:
    """A piece id's place in the order pieces were created: VASSAL's ids are creation
    times (digits) in every version; any other id sorts after them, as text."""
    return (0, int(piece_id), "") if piece_id.isascii() and piece_id.isdigit() else (1, 0, piece_id)


def assign_units(
    module: AdoptedModule, pieces: Iterable[tuple[str, Item]], where: str | Path
) -> list[tuple[str, Item]]:
    """Each ``(piece name, item)`` given its unit, in the order given (sorted by
    :func:`creation_order` by the caller); pieces of names that stand for no unit are
    left out. More pieces of a name than it has units is bad input."""
    handed: dict[str, int] = {}
    result: list[tuple[str, Item]] = []
    for name, item in pieces:
        piece = module.pieces.get(name)
        if piece is None:
            continue
        index = handed.get(name, 0)
        if index >= len(piece.units):
            raise SaveError(
                where,
                f"piece {printable(name)!r}",
                f"more pieces named {printable(name)!r} than the {len(piece.units)} units "
                "module.toml gives them: add units to that piece's 'units'",
            )
        handed[name] = index + 1
        result.append((piece.units[index], item))
    return result


def steps_left(path: Path, unit: Unit, piece: ModulePiece, save_piece: Piece) -> int:
    """The steps a unit has left, as its piece's step trait shows them; full strength
    when the piece has no such trait."""
    reading = piece.steps
    if reading is None:
        return len(unit.steps)
    for trait in save_piece.traits:
        if reading.layer is not None and isinstance(trait, Layer) and trait.name == reading.layer:
            value = str(abs(trait.level))
        elif (
            reading.property is not None
            and isinstance(trait, DynamicProperty)
            and trait.name == reading.property
        ):
            value = trait.value
        else:
            continue
        lost = reading.steps_lost(value)
        if lost is None:
            raise SaveError(
                path,
                f"piece {save_piece.id}",
                f"{unit.name}'s {reading.layer or reading.property} shows {printable(value)!r}, "
                f"none of the values module.toml gives it ({', '.join(reading.values)})",
            )
        return len(unit.steps) - lost
    return len(unit.steps)


def adopted_position(path: Path, saved: SavedGame, spec: GameSpec) -> Position:
    """The position of a save of the adopted module as it stands (a log: at its end),
    with each unit's piece id in the save."""
    module = spec.adopted
    assert module is not None
    game_map = next(item for item in spec.maps if item.name == module.map)
    hex_map = game_map.hex_map
    assert hex_map is not None
    pieces = sorted(
        (piece for piece in saved.pieces if piece.name in module.pieces),
        key=lambda piece: creation_order(piece.id),
    )
    rank = unit_rank(spec)
    units: list[UnitState] = []
    eliminated: list[Unit] = []
    piece_ids: dict[str, str] = {}
    for unit_id, piece in assign_units(module, ((piece.name, piece) for piece in pieces), path):
        unit = spec.units[unit_id]
        piece_ids[unit_id] = piece.id
        if piece.map in module.dead_piles:
            eliminated.append(unit)
            continue
        if piece.map != module.map:
            continue
        hex_ = hex_map.hex_at_pixel(piece.x, piece.y)
        if hex_ is None:
            continue
        steps = steps_left(path, unit, module.pieces[piece.name], piece)
        units.append(UnitState(unit, game_map.label(hex_), hex_, steps))
    return Position(
        spec=spec,
        scenario=scenario_of(path, spec, saved.global_properties),
        turn=turn_and_phase(path, spec, saved.turns)[0],
        phase=None,
        weather=None,
        units=tuple(sorted(units, key=lambda state: rank[state.unit.id])),
        eliminated=tuple(sorted(eliminated, key=lambda unit: rank[unit.id])),
        source=str(path),
        pieces=piece_ids,
    )


def in_creation_order(items: Sequence[tuple[str, str, Item]]) -> list[tuple[str, Item]]:
    """``(piece id, piece name, item)`` triples as ``(name, item)`` in creation order."""
    return [
        (name, item) for _, name, item in sorted(items, key=lambda entry: creation_order(entry[0]))
    ]
