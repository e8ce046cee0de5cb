"""``module.toml``: the VASSAL module a game was adopted from (:mod:`rules.adopted`).

Every name it uses is checked against the rest of the data: the map and its boards, the
units each piece stands for (a unit stands for at most one piece name), and a step
trait's values against the steps of those units. Picture files are paths inside the
game folder; whether they can be read is the build's to check, since a module's carried
copy of the data holds no pictures.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import PurePosixPath

from rules.adopted import AdoptedModule, ModulePiece, StepReading
from rules.data.fields import Table, unknown_name_message
from rules.data.parse.shared import only_each
from rules.data.source import TomlSource
from rules.model import GameMap, Unit

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".gif")
"""The pictures VASSAL shows, and so the ones an adopted module's pieces and boards use."""


def read_adopted(
    source: TomlSource | None, maps: tuple[GameMap, ...], units: Mapping[str, Unit]
) -> AdoptedModule | None:
    """The ``[module]`` table of ``module.toml``, or None for a game not adopted."""
    if source is None:
        return None
    root = Table.root(source)
    root.only("module")
    table = root.table("module")
    table.only("name", "version", "vassal_version", "file", "map", "dead_piles", "boards", "piece")
    hex_maps = {game_map.name: game_map for game_map in maps if game_map.hex_map is not None}
    map_name = table.choice("map", hex_maps, "hex map of map.toml")
    hex_map = hex_maps[map_name].hex_map
    assert hex_map is not None
    board_names = {board.name for board in hex_map.boards}
    boards: dict[str, str] = {}
    board_table = table.optional_table("boards")
    if board_table is not None:
        for board, _ in board_table.items():
            if board not in board_names:
                raise board_table.error(unknown_name_message("board", board, board_names), board)
            boards[board] = _picture(board_table, board)
    pieces: dict[str, ModulePiece] = {}
    owner: dict[str, str] = {}
    for item in only_each(table.tables("piece"), "name", "units", "image", "steps"):
        name = item.text("name")
        if name in pieces:
            raise item.error(f"piece {name!r} is listed twice", "name")
        unit_ids = tuple(item.text_list("units"))
        for unit_id in unit_ids:
            if unit_id not in units:
                raise item.error(unknown_name_message("unit", unit_id, units), "units", unit_id)
            if unit_id in owner:
                raise item.error(
                    f"unit {unit_id!r} already stands for the pieces {owner[unit_id]!r}",
                    "units",
                    unit_id,
                )
            owner[unit_id] = name
        steps_table = item.optional_table("steps")
        steps = None if steps_table is None else _steps(steps_table, unit_ids, units)
        pieces[name] = ModulePiece(
            name=name,
            units=unit_ids,
            image=_picture(item, "image") if item.has("image") else None,
            steps=steps,
        )
    return AdoptedModule(
        name=table.text("name"),
        version=table.text("version", ""),
        vassal_version=table.text("vassal_version", ""),
        file=table.text("file", ""),
        map=map_name,
        dead_piles=tuple(table.text_list("dead_piles", required=False)),
        boards=boards,
        pieces=pieces,
    )


def _picture(table: Table, key: str) -> str:
    """A picture's path inside the game folder: relative, going nowhere above it."""
    value = table.text(key)
    path = PurePosixPath(value)
    if (
        not value
        or "\\" in value
        or path.is_absolute()
        or ".." in path.parts
        or path.suffix.lower() not in IMAGE_SUFFIXES
    ):
        raise table.error(
            f"{value!r} is not a picture inside the game folder (a relative path ending "
            f"{', '.join(IMAGE_SUFFIXES)})",
            key,
        )
    return value


def _steps(table: Table, unit_ids: tuple[str, ...], units: Mapping[str, Unit]) -> StepReading:
    """A piece's step trait: a Layer's levels or a property's values, one per step."""
    table.only("layer", "property", "values")
    layer, prop = table.optional_text("layer"), table.optional_text("property")
    if (layer is None) == (prop is None):
        raise table.error("a piece's steps are read from one 'layer' or one 'property'")
    values = tuple(table.text_list("values"))
    if len(set(values)) != len(values) or not values:
        raise table.error("'values' lists each value once, full strength first", "values")
    for unit_id in unit_ids:
        if len(units[unit_id].steps) != len(values):
            raise table.error(
                f"unit {unit_id!r} has {len(units[unit_id].steps)} steps, but 'values' "
                f"names {len(values)}",
                "values",
            )
    return StepReading(layer=layer, property=prop, values=values)
