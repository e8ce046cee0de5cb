"""A hex map's ``[[map.board]]``: picture size, hex grid and numbering (checked to round-trip)."""

from __future__ import annotations

from dataclasses import replace

from rules.data.fields import Table
from rules.hexgrid import Board, HexGrid, HexGridNumbering

MAX_BOARD_SIDE = 16_000
"""A board's width or height in pixels; the shipped boards are at most 3,705."""
MAX_BOARD_PIXELS = 40_000_000
"""A board's pixels, what the build draws in memory at once (160 MB as RGBA); shipped: 9.1 million."""
MAX_HEX_PIXELS = 1_000
"""A hex grid's dx or dy; the shipped grids use 75 to 88 pixels."""
MAX_BOARD_HEXES = 100_000
"""Hexes on one board (columns × rows); the shipped boards have at most a few thousand."""


def read_board(table: Table) -> Board:
    table.only(
        "name",
        "default_terrain",
        "size",
        "origin",
        "first_hex",
        "last_hex",
        "off_map",
        "grid",
        "numbering",
    )
    grid_table = table.table("grid")
    grid_table.only("dx", "dy", "x0", "y0", "sideways")
    grid = HexGrid(
        dx=grid_table.number("dx", minimum=1, maximum=MAX_HEX_PIXELS),
        dy=grid_table.number("dy", minimum=1, maximum=MAX_HEX_PIXELS),
        x0=grid_table.integer("x0"),
        y0=grid_table.integer("y0"),
        sideways=grid_table.boolean("sideways", default=False),
    )
    numbering_table = table.table("numbering")
    numbering_table.only(
        "first",
        "sep",
        "h_type",
        "v_type",
        "h_leading",
        "v_leading",
        "h_off",
        "v_off",
        "h_descend",
        "v_descend",
        "stagger",
        "location_format",
    )
    defaults = HexGridNumbering()
    numbering = HexGridNumbering(
        first="V"
        if numbering_table.choice("first", ("H", "V"), "numbering order", "H") == "V"
        else "H",
        sep=numbering_table.text("sep", ""),
        h_type="A"
        if numbering_table.choice("h_type", ("N", "A"), "numbering type", "N") == "A"
        else "N",
        v_type="A"
        if numbering_table.choice("v_type", ("N", "A"), "numbering type", "N") == "A"
        else "N",
        h_leading=numbering_table.integer("h_leading", defaults.h_leading, 0, 5),
        v_leading=numbering_table.integer("v_leading", defaults.v_leading, 0, 5),
        h_off=numbering_table.integer("h_off", defaults.h_off),
        v_off=numbering_table.integer("v_off", defaults.v_off),
        h_descend=numbering_table.boolean("h_descend", False),
        v_descend=numbering_table.boolean("v_descend", False),
        stagger=numbering_table.boolean("stagger", True),
        location_format=numbering_table.text("location_format", defaults.location_format),
    )
    size = table.integer_list("size", minimum=1, maximum=MAX_BOARD_SIDE)
    origin = table.integer_list("origin", minimum=0, maximum=100000)
    if len(size) != 2 or len(origin) != 2:
        raise table.error("'size' and 'origin' are [x, y] pairs of pixels", "size")
    if size[0] * size[1] > MAX_BOARD_PIXELS:
        raise table.error(
            f"a board of {size[0]}×{size[1]} pixels is more than the {MAX_BOARD_PIXELS:,} the build can draw",
            "size",
        )
    provisional = Board(
        table.text("name"),
        grid,
        numbering,
        (size[0], size[1]),
        (origin[0], origin[1]),
        range(0),
        range(0),
    )
    corners = []
    for key in ("first_hex", "last_hex"):
        raw = provisional.parse(table.text(key))
        if raw is None:
            raise table.error(
                f"{table.text(key)!r} is not a hex number of this board's numbering", key
            )
        corners.append(raw)
    columns = range(min(c[0] for c in corners), max(c[0] for c in corners) + 1)
    rows = range(min(c[1] for c in corners), max(c[1] for c in corners) + 1)
    if len(columns) * len(rows) > MAX_BOARD_HEXES:
        raise table.error(
            f"{len(columns)}×{len(rows)} hexes on one board; at most {MAX_BOARD_HEXES:,}",
            "last_hex",
        )
    board = replace(provisional, columns=columns, rows=rows)
    off_map = set()
    for name in table.text_list("off_map", required=False):
        raw = board.parse(name)
        if raw is None or not board.in_play(raw):
            raise table.error(f"off-map hex {name!r} is not a hex of this board", "off_map", name)
        off_map.add(raw)
    board = replace(board, off_map=frozenset(off_map))
    for column in columns:
        for row in rows:
            label = board.label((column, row))
            if board.parse(label) != (column, row):
                raise table.error(
                    f"numbering does not round-trip at raw hex ({column},{row}) named {label!r}; "
                    "VASSAL would look that name up elsewhere",
                    "numbering",
                )
    return board
