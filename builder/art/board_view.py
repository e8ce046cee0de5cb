"""One board of a hex map as the art draws it: which hexes show on its image and where.

Shared by the board, its legend (which must keep off the playable hexes) and the
print-and-play terrain key.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.hexes import Hex
from rules.hexgrid import Board
from rules.model import GameMap

Point = tuple[float, float]
Box = tuple[float, float, float, float]


@dataclass(frozen=True)
class BoardView:
    """One board of a map and the lattice hexes it draws (its own playable hexes)."""

    game_map: GameMap
    board_index: int

    @property
    def board(self) -> Board:
        assert self.game_map.hex_map is not None
        return self.game_map.hex_map.boards[self.board_index]

    def hexes(self) -> list[Hex]:
        hex_map = self.game_map.hex_map
        assert hex_map is not None
        return [
            hex_
            for hex_ in hex_map.hexes()
            if (found := hex_map.to_board(hex_)) and found[0] == self.board_index
        ]

    def visible_hexes(self) -> list[Hex]:
        """The map's hexes that show on this board's image, its own and the edges of the
        boards beside it (so where two boards meet the hexes run on without a seam)."""
        hex_map = self.game_map.hex_map
        assert hex_map is not None
        width, height = self.board.size
        visible = []
        for hex_ in hex_map.hexes():
            xs, ys = zip(*self.corners(hex_), strict=True)
            if max(xs) > 0 and min(xs) < width and max(ys) > 0 and min(ys) < height:
                visible.append(hex_)
        return visible

    def raw(self, hex_: Hex) -> tuple[int, int]:
        hex_map = self.game_map.hex_map
        assert hex_map is not None
        offset = hex_map.lattice_offsets[self.board_index]
        return hex_.column - offset[0], hex_.row - offset[1]

    def centre(self, hex_: Hex) -> Point:
        return self.board.grid.centre(*self.raw(hex_))

    def corners(self, hex_: Hex) -> list[Point]:
        return self.board.grid.corners(*self.raw(hex_))

    @property
    def hex_size(self) -> float:
        return self.board.grid.dy
