"""A save or log of a Stavka module as the position the referee judges, hex or area game."""

from __future__ import annotations

from pathlib import Path

from builder.saves.area_positions import area_position_from_save
from builder.saves.hex_positions import hex_position
from builder.saves.reading import spec_of_save
from builder.vassal.model import SavedGame
from builder.vassal.reader import read_saved_game
from rules.referee.position import Position


def position_from_save(path: Path, module: Path | None = None) -> Position:
    """The position at the end of a save or log made with one of Stavka's modules.

    ``module`` is the ``.vmod`` the user named, whose data judges the save; without it,
    the shipped game the save's pieces name, when the save's data digest is its own.
    """
    return position_from_saved(path, read_saved_game(path), module)


def position_from_saved(path: Path, saved: SavedGame, module: Path | None = None) -> Position:
    """The position of a save already read from ``path`` (see :func:`position_from_save`)."""
    return spec_of_save(path, saved, module).read(
        lambda spec: (
            area_position_from_save(path, saved, spec)
            if spec.cards is not None
            else hex_position(path, saved, spec)
        )
    )
