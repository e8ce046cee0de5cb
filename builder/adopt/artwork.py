"""An adopted game's own pictures, as a module Stavka builds of it shows them.

A board keeps the picture of the module it was adopted from, byte for byte (never
redrawn, so the grid read from that module still fits it), and a unit shows its piece's
picture. ``validate`` and ``build`` read them alike: each file must be a regular one in
the game folder, a picture within the adopting limits, and a board's picture exactly the
size ``map.toml`` gives the board, since the hex grid is placed on it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from builder.adopt import limits
from builder.adopt.pictures import Picture, read_picture
from rules.errors import DataError
from rules.files import read_regular_file
from rules.model import GameSpec


@dataclass(frozen=True)
class AdoptedArt:
    """The pictures by board name and by unit id."""

    boards: dict[str, Picture]
    units: dict[str, Picture]


def _picture(folder: Path, name: str, max_pixels: int) -> Picture:
    path = folder / name
    data = read_regular_file(path, limits.MAX_IMAGE_BYTES, DataError)
    return read_picture(data, path, None, limits.MAX_IMAGE_SIDE, max_pixels, DataError)


def adopted_art(spec: GameSpec) -> AdoptedArt:
    """The pictures ``module.toml`` names (none for a game not adopted)."""
    module = spec.adopted
    if module is None:
        return AdoptedArt({}, {})
    folder = Path(spec.folder)
    sizes = {
        board.name: board.size
        for game_map in spec.maps
        if game_map.hex_map is not None
        for board in game_map.hex_map.boards
    }
    boards: dict[str, Picture] = {}
    for board, name in module.boards.items():
        picture = _picture(folder, name, limits.MAX_IMAGE_PIXELS)
        if picture.size != sizes[board]:
            raise DataError(
                folder / "module.toml",
                None,
                f"board {board!r}: its picture {name} is {picture.size[0]} × {picture.size[1]} "
                f"pixels, but map.toml gives the board {sizes[board][0]} × {sizes[board][1]}",
            )
        boards[board] = picture
    units: dict[str, Picture] = {}
    for piece in module.pieces.values():
        if piece.image is None:
            continue
        picture = _picture(folder, piece.image, limits.MAX_PIECE_IMAGE_PIXELS)
        for unit_id in piece.units:
            units[unit_id] = picture
    return AdoptedArt(boards, units)
