"""Saves of Stavka's modules built in a test, as small or as odd as the test needs.

Each unit piece carries the Marker properties our modules give it (``Game``, ``UnitId``)
on a BasicPiece at its hex's snap centre, so the referee reads it as it reads a save of
the real module; no art or module build is needed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from builder.saves.names import SCENARIO_PROPERTY, module_name
from builder.vassal.metadata import Metadata
from builder.vassal.model import MODULE_CONTAINER, GlobalPropertyValue
from builder.vassal.traits import BasicPiece, Marker
from builder.vassal.writer import SetupPiece, TurnPosition, setup_save_bytes
from rules.model import GameSpec
from tests.support.games import hex_of


@dataclass(frozen=True)
class SavedUnit:
    """A unit piece: its id as the piece names it, and where it stands."""

    unit: str
    at: str
    game: str | None = None
    map: str | None = None


def stavka_save(
    spec: GameSpec,
    units: Sequence[SavedUnit],
    turn: str | None = None,
    scenario: str | None = None,
    module: str | None = None,
) -> bytes:
    """The bytes of a save of ``spec``'s module with ``units`` placed.

    ``turn`` is the turn tracker's counter text (``None``: no tracker), ``scenario`` the
    Scenario property, ``module`` the name in ``moduledata`` (default: the real one).
    """
    game_map = next(game_map for game_map in spec.maps if game_map.hex_map is not None)
    assert game_map.hex_map is not None
    pieces = []
    for placed in units:
        if placed.map is None:
            x, y = game_map.hex_map.pixel_centre(hex_of(spec, placed.at))
            map_name = game_map.name
        else:
            x, y, map_name = 100, 100, placed.map
        marker = Marker(("Game", "UnitId"), (placed.game or spec.id, placed.unit))
        pieces.append(
            SetupPiece((marker, BasicPiece(image="", name=placed.unit)), map_name, int(x), int(y))
        )
    metadata = Metadata(module or module_name(spec), "0.1.0", "3.7.10", "1700000000000", "")
    properties = (
        ()
        if scenario is None
        else (GlobalPropertyValue(SCENARIO_PROPERTY, scenario, MODULE_CONTAINER),)
    )
    turns = () if turn is None else (TurnPosition("TurnTracker0", f"0|{turn};0;false;-1"),)
    return setup_save_bytes(pieces, metadata, seed=1, global_properties=properties, turns=turns)
