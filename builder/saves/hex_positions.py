"""Positions from saves of Stavka's hex-map modules, for the referee.

Pieces on a hex map are placed in the hex under them by our own geometry, a "Step"
Layer at its second level means a lost step, an "Untried" Layer still showing means
untried, and pieces on a side's dead-pile map are eliminated
(:mod:`builder.saves.names` names them, once for the module and its saves).
"""

from __future__ import annotations

from pathlib import Path

from builder.saves.names import STEP_LAYER, UNTRIED_LAYER, dead_pile_name
from builder.saves.reading import (
    carries_digest,
    optional_rule_settings,
    piece_layer,
    scenario_of,
    turn_and_phase,
    unit_of,
    unit_rank,
)
from builder.vassal.model import Piece, SavedGame
from rules.errors import SaveError
from rules.model import GameMap, GameSpec, Unit
from rules.referee.position import Position, UnitState

PieceReading = tuple[Piece, Unit | None, UnitState | None]
"""A piece as :func:`hex_position` read it: the unit it stands for (None: no unit of the
game) and its state on the map (None: eliminated or off the map)."""


def hex_position(
    path: Path, saved: SavedGame, spec: GameSpec, readings: dict[str, PieceReading] | None = None
) -> Position:
    """The position of a hex game's save as it stands (a log: at its end).

    ``readings`` keeps each piece as read, for the next call: a log's next step reads
    again only the pieces that are new objects, those that changed
    (:func:`builder.vassal.replay.replay_steps` keeps the others).
    """
    game_map = next((game_map for game_map in spec.maps if game_map.hex_map is not None), None)
    if game_map is None or game_map.hex_map is None:
        raise SaveError(
            path, "Game", f"Stavka cannot referee saves of {spec.id!r} yet: the game has no hex map"
        )
    dead_piles = {dead_pile_name(side.name) for side in spec.sides}
    rank = unit_rank(spec)
    printed = not carries_digest(saved)
    units: list[UnitState] = []
    eliminated: list[Unit] = []
    seen: dict[str, str] = {}
    for piece in saved.pieces:
        known = None if readings is None else readings.get(piece.id)
        if known is not None and known[0] is piece:
            _, unit, state = known
        else:
            unit, state = _read_piece(path, spec, game_map, dead_piles, piece, printed)
            if readings is not None:
                readings[piece.id] = (piece, unit, state)
        if unit is None:
            continue
        if unit.id in seen:
            raise SaveError(
                path,
                f"piece {piece.id}",
                f"unit {unit.id!r} appears twice (also piece {seen[unit.id]})",
            )
        seen[unit.id] = piece.id
        if state is not None:
            units.append(state)
        elif piece.map in dead_piles:
            eliminated.append(unit)
    turn, phase = turn_and_phase(path, spec, saved.turns)
    return Position(
        spec=spec,
        scenario=scenario_of(path, spec, saved.global_properties),
        turn=turn,
        # A game whose data states its sequence of play judges it and the last phase
        # from the tracker's phase; the Stalingrad games' referees read none from a save.
        phase=phase if spec.referee is not None and spec.referee.sequence is not None else None,
        weather=None,
        units=tuple(sorted(units, key=lambda state: rank[state.unit.id])),
        eliminated=tuple(sorted(eliminated, key=lambda unit: rank[unit.id])),
        settings=optional_rule_settings(path, spec, saved.global_properties),
        source=str(path),
    )


def _read_piece(
    path: Path,
    spec: GameSpec,
    game_map: GameMap,
    dead_piles: set[str],
    piece: Piece,
    printed: bool,
) -> tuple[Unit | None, UnitState | None]:
    """The unit a piece stands for, and its state if it stands on the hex map; its
    printed values are checked against the data when ``printed`` (:func:`unit_of`)."""
    unit = unit_of(path, spec, piece, printed)
    if unit is None or piece.map in dead_piles or piece.map != game_map.name:
        return unit, None
    assert game_map.hex_map is not None
    hex_ = game_map.hex_map.hex_at_pixel(piece.x, piece.y)
    if hex_ is None:
        raise SaveError(
            path,
            f"piece {piece.id}",
            f"{unit.name} stands off the playable map at ({piece.x},{piece.y})",
        )
    step_layer = piece_layer(piece, STEP_LAYER)
    steps = len(unit.steps) - (1 if step_layer is not None and step_layer.level == 2 else 0)
    untried_layer = piece_layer(piece, UNTRIED_LAYER)
    flags = (
        frozenset({"untried"})
        if untried_layer is not None and untried_layer.level == 1
        else frozenset()
    )
    return unit, UnitState(unit, game_map.label(hex_), hex_, steps, flags)
