"""A game adopted from a VASSAL module Stavka did not build: how that module's saves name
the game's maps, boards and units (``module.toml``).

A module made by someone else carries none of the properties Stavka's own pieces carry
(game, unit id, printed values). Its saves still say all the referee needs, in the
module's own words: which map a piece stands on and where, the piece's own name, and a
trait that shows its steps. ``stavka adopt`` writes these words down once, and the save
reader (``builder.saves.adopted_positions``) reads the module's saves through them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True)
class StepReading:
    """Which trait of a piece shows how many steps its unit has left.

    Either a Layer (``layer``: its name, ``values``: the level numbers it shows, as
    text) or a dynamic property (``property``: its name, ``values``: the values it
    takes). ``values[0]`` is full strength, each next value one step less.
    """

    layer: str | None
    property: str | None
    values: tuple[str, ...]

    def steps_lost(self, value: str) -> int | None:
        """Steps lost when the trait shows ``value``; None for a value it never takes."""
        try:
            return self.values.index(value)
        except ValueError:
            return None


@dataclass(frozen=True)
class ModulePiece:
    """The pieces of one name in the module, and the units they stand for.

    Pieces of one name are alike (the three "Moslem_Cannon_1-0" of Kassala): a save's
    pieces of that name are given to ``units`` in the order they were created (their
    piece ids), so the same piece is the same unit in every save of one game.
    """

    name: str
    units: tuple[str, ...]
    image: str | None
    """The piece's picture in the game folder, which a module Stavka builds shows."""
    steps: StepReading | None


@dataclass(frozen=True)
class AdoptedModule:
    """The module a game was adopted from: its identity as its saves carry it, the map
    the game's hex map is, and its pieces by name."""

    name: str
    """The module's name in its ``moduledata``, which every save of it copies."""
    version: str
    vassal_version: str
    file: str
    """The file adopted, for people reading the data; never opened from here."""
    map: str
    """The module's map that is the game's hex map (the ``[[map]]`` of the same name)."""
    dead_piles: tuple[str, ...]
    """Maps whose pieces are eliminated units."""
    boards: Mapping[str, str]
    """Each board's own picture in the game folder, by board name: its art as it is."""
    pieces: Mapping[str, ModulePiece]
    """The module's pieces that are units, by their own names."""

    def piece_of_unit(self, unit_id: str) -> ModulePiece | None:
        """The pieces that stand for ``unit_id``, if any do."""
        for piece in self.pieces.values():
            if unit_id in piece.units:
                return piece
        return None
