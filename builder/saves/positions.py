"""A save or log of a Stavka module as the position the referee judges, hex or area game."""

from __future__ import annotations

from pathlib import Path

from builder.saves.adopted_positions import adopted_position
from builder.saves.area_positions import area_position_from_save
from builder.saves.hex_positions import hex_position
from builder.saves.reading import adopted_save, spec_of_save
from builder.vassal.model import SavedGame
from builder.vassal.reader import read_saved_game
from rules.model import GameSpec
from rules.referee.position import Position


def position_from_save(path: Path, module: Path | None = None) -> Position:
    """The position at the end of a save or log made with one of Stavka's modules.

    ``module`` is the ``.vmod`` the user named, whose data judges the save; without it,
    the shipped game the save's pieces name, when the save's data digest is its own. A
    save of a module someone else made is read through the game adopted from it
    (``module`` its extension or game folder).
    """
    return position_from_saved(path, read_saved_game(path), module)


def position_from_saved(path: Path, saved: SavedGame, module: Path | None = None) -> Position:
    """The position of a save already read from ``path`` (see :func:`position_from_save`)."""

    def read(spec: GameSpec) -> Position:
        if adopted_save(spec, saved.module, saved.pieces):
            return adopted_position(path, saved, spec)
        if spec.cards is not None:
            return area_position_from_save(path, saved, spec)
        return hex_position(path, saved, spec)

    return spec_of_save(path, saved, module).read(read)
