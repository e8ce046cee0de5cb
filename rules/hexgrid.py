"""VASSAL's hex grid and hex numbering, reproduced exactly, and boards that use them.

The art draws hex centres with :meth:`HexGrid.centre`, the module writes the same
:class:`HexGrid` and :class:`HexGridNumbering` values into ``buildFile.xml``, and the
referee names the hex of a piece in a saved game with :meth:`Board.label_at_pixel`.
Because all three read these same values through the same arithmetic as VASSAL's
``HexGrid`` and ``HexGridNumbering`` (VASSAL 3.6; see docs/vassal-format.md §2.4), a
centre we draw is the one VASSAL snaps to and names.

VASSAL's quirks are kept on purpose (the board-size divisions in descending numbering,
the integer truncation of centres, the column parity used when undoing stagger): a
"fixed" formula would disagree with the engine players actually run.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Literal

from rules.hexes import Hex

Point = tuple[int, int]

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _java_round(value: float) -> int:
    """Java's ``Math.round``: halves go up (toward positive infinity)."""
    return math.floor(value + 0.5)


def _java_int(value: float) -> int:
    """Java's ``(int)`` cast: truncation toward zero."""
    return int(value)


@dataclass(frozen=True)
class HexGrid:
    """The attributes of VASSAL's ``HexGrid`` that place hexes on a board, in board pixels.

    ``dy`` is the distance between centres in one column, ``dx`` between columns; with
    ``sideways`` every formula runs on swapped (x, y), which turns flat-topped columns into
    pointy-topped rows. ``x0``/``y0`` are integers because VASSAL parses them with
    ``Integer.valueOf``.
    """

    dx: float
    dy: float
    x0: int
    y0: int
    sideways: bool = False

    def _rotate(self, x: float, y: float) -> tuple[float, float]:
        return (y, x) if self.sideways else (x, y)

    def raw_column_row(self, x: float, y: float) -> tuple[int, int]:
        """The raw (column, row) of the hex holding board point (x, y).

        VASSAL 3.6's rectangular approximation: exact at and around centres, which is
        where pieces sit; only points near corners may differ from a polygon test.
        """
        rx, ry = self._rotate(x, y)
        column = math.floor((rx - self.x0) / self.dx + 0.5)
        if column % 2 == 0:
            row = _java_round((ry - self.y0) / self.dy)
        else:
            row = _java_round((ry - self.y0 - self.dy / 2) / self.dy)
        return column, row

    def snap_centre(self, column: int, row: int) -> Point:
        """The board pixel VASSAL snaps a piece to in raw hex (column, row)."""
        x = _java_int(self.dx * column + self.x0)
        if column % 2 == 0:
            y = _java_int(self.dy * row + self.y0)
        else:
            y = _java_int(self.dy * row + _java_int(self.dy / 2) + self.y0)
        rx, ry = self._rotate(x, y)
        return int(rx), int(ry)

    def lookup_centre(self, column: int, row: int) -> Point:
        """The board pixel VASSAL gives a named grid location (SetupStack, send-to-location)."""
        x = _java_int(column * self.dx) + self.x0
        if column % 2 == 0:
            y = _java_int(row * self.dy) + self.y0
        else:
            y = _java_int(row * self.dy + self.dy / 2) + self.y0
        rx, ry = self._rotate(x, y)
        return int(rx), int(ry)

    def centre(self, column: int, row: int) -> tuple[float, float]:
        """The exact geometric centre, for drawing; equals the snap centre on integral grids."""
        x = self.dx * column + self.x0
        y = self.dy * row + self.y0 + (self.dy / 2 if column % 2 else 0.0)
        return self._rotate(x, y)

    def corners(self, column: int, row: int) -> list[tuple[float, float]]:
        """The six corners of a hex in board pixels, for drawing outlines and hexsides.

        Corner i lies between hexside i and i+1 in :data:`rules.hexes.CUBE_DIRECTIONS`
        order. Hexes are stretched to the grid's ``dx``/``dy`` (a regular hex has
        ``dx = dy·√3/2``), so the tiles meet without gaps whatever the ratio.
        """
        cx, cy = self.dx * column + self.x0, self.dy * row + self.y0
        if column % 2:
            cy += self.dy / 2
        half_width = self.dx * 2 / 3
        offsets = (
            (half_width / 2, -self.dy / 2),
            (half_width, 0.0),
            (half_width / 2, self.dy / 2),
            (-half_width / 2, self.dy / 2),
            (-half_width, 0.0),
            (-half_width / 2, -self.dy / 2),
        )
        return [self._rotate(cx + ox, cy + oy) for ox, oy in offsets]

    @property
    def is_integral(self) -> bool:
        """True when every centre is a whole pixel, so drawing, snapping and look-up agree."""
        return float(self.dx).is_integer() and float(self.dy).is_integer() and self.dy % 2 == 0


@dataclass(frozen=True)
class HexGridNumbering:
    """The attributes of VASSAL's ``HexGridNumbering``, with VASSAL's naming arithmetic.

    ``width``/``height`` are the board's pixel size, which VASSAL uses for descending
    numbering (dividing the width by ``dy`` and the height by ``dx``, as it does).
    """

    first: Literal["H", "V"] = "H"
    sep: str = ""
    h_type: Literal["N", "A"] = "N"
    v_type: Literal["N", "A"] = "N"
    h_leading: int = 1
    v_leading: int = 1
    h_off: int = 1
    v_off: int = 1
    h_descend: bool = False
    v_descend: bool = False
    stagger: bool = True
    location_format: str = "$gridLocation$"

    def _max_rows(self, grid: HexGrid, height: int) -> int:
        return math.floor(height / grid.dx + 0.5)

    def _max_columns(self, grid: HexGrid, width: int) -> int:
        return math.floor(width / grid.dy + 0.5)

    def column_row(
        self, grid: HexGrid, size: tuple[int, int], raw: tuple[int, int]
    ) -> tuple[int, int]:
        """VASSAL's displayed (column, row) indices, before offsets, of a raw hex."""
        width, height = size
        raw_column, raw_row = raw
        column, row = raw_column, raw_row
        if grid.sideways:
            if self.v_descend:
                column = self._max_rows(grid, height) - column
            if self.h_descend:
                row = self._max_columns(grid, width) - row
            descending_for_stagger = self.h_descend
        else:
            if self.h_descend:
                column = self._max_columns(grid, width) - column
            if self.v_descend:
                row = self._max_rows(grid, height) - row
            descending_for_stagger = self.v_descend
        if self.stagger and raw_column % 2 != 0:
            row += -1 if descending_for_stagger else 1
        return column, row

    def raw_of_column_row(
        self, grid: HexGrid, size: tuple[int, int], column: int, row: int
    ) -> tuple[int, int]:
        """The raw hex VASSAL's ``getCenterPoint`` puts displayed (column, row) in."""
        width, height = size
        if self.stagger and column % 2 != 0:
            descending_for_stagger = self.h_descend if grid.sideways else self.v_descend
            row += 1 if descending_for_stagger else -1
        if grid.sideways:
            if self.v_descend:
                column = self._max_rows(grid, height) - column
            if self.h_descend:
                row = self._max_columns(grid, width) - row
        else:
            if self.h_descend:
                column = self._max_columns(grid, width) - column
            if self.v_descend:
                row = self._max_rows(grid, height) - row
        return column, row

    @staticmethod
    def format_part(value: int, kind: str, leading: int) -> str:
        """One part of a grid location as VASSAL writes it (zero padding, A…Z, AA, BB…)."""
        text = "-" if value < 0 else ""
        value = abs(value)
        if kind == "A":
            while True:
                text += ALPHABET[value % 26]
                value -= 26
                if value < 0:
                    return text
        while leading > 0 and value < 10**leading:
            text += "0"
            leading -= 1
        return text + str(value)

    @staticmethod
    def parse_part(text: str, kind: str) -> int:
        """Inverse of :meth:`format_part`, as VASSAL parses it."""
        if kind == "A":
            negative = text.startswith("-")
            letters = text[1:] if negative else text
            value = 26 * (len(letters) - 1) + ALPHABET.index(letters[-1])
            return -value if negative else value
        return int(text)

    def grid_location(self, column: int, row: int) -> str:
        """VASSAL's ``$gridLocation$`` for displayed (column, row)."""
        column_name = self.format_part(column + self.h_off, self.h_type, self.h_leading)
        row_name = self.format_part(row + self.v_off, self.v_type, self.v_leading)
        if self.first == "H":
            return column_name + self.sep + row_name
        return row_name + self.sep + column_name

    def location_name(self, column: int, row: int) -> str:
        """The location name VASSAL reports, ``location_format`` filled in."""
        values = {
            "gridLocation": self.grid_location(column, row),
            "row": self.format_part(row + self.v_off, self.v_type, self.v_leading),
            "column": self.format_part(column + self.h_off, self.h_type, self.h_leading),
        }
        return re.sub(
            r"\$([A-Za-z0-9_]+)\$",
            lambda match: values.get(match.group(1), match.group(0)),
            self.location_format,
        )

    def _part_pattern(self, kind: str, leading: int) -> str:
        if kind == "A":
            return "-?(?:" + "|".join(f"{letter}+" for letter in ALPHABET) + ")"
        return f"-?[0-9]{{{leading + 1},}}"

    def _location_pattern(self) -> tuple[re.Pattern[str], int, int]:
        """The regular expression VASSAL builds from ``location_format`` to parse a name."""
        tokens = self.location_format.split("$")
        pattern, groups, column_group, row_group = "", 0, 0, 0
        for index, token in enumerate(tokens):
            is_property = index % 2 == 1 and index < len(tokens) - 1
            if not token:
                continue
            if not is_property:
                pattern += re.escape(token)
            elif token == "gridLocation":
                column_part = "(" + self._part_pattern(self.h_type, self.h_leading) + ")"
                row_part = "(" + self._part_pattern(self.v_type, self.v_leading) + ")"
                if self.first == "H":
                    pattern += column_part + re.escape(self.sep) + row_part
                    column_group, row_group = groups + 1, groups + 2
                else:
                    pattern += row_part + re.escape(self.sep) + column_part
                    row_group, column_group = groups + 1, groups + 2
                groups += 2
            elif token == "row":
                pattern += "(" + self._part_pattern(self.v_type, self.v_leading) + ")"
                groups += 1
                row_group = groups
            elif token == "column":
                pattern += "(" + self._part_pattern(self.h_type, self.h_leading) + ")"
                groups += 1
                column_group = groups
        return re.compile(pattern), column_group, row_group

    def parse_location(self, name: str) -> tuple[int, int] | None:
        """Displayed (column, row) of a location name, or None when it does not match."""
        pattern, column_group, row_group = self._location_pattern()
        if not column_group or not row_group:
            return None
        match = pattern.fullmatch(name)
        if match is None:
            return None
        column = self.parse_part(match.group(column_group), self.h_type) - self.h_off
        row = self.parse_part(match.group(row_group), self.v_type) - self.v_off
        return column, row


@dataclass(frozen=True)
class Board:
    """One board image of a map, with its grid, its printed numbering and its place.

    ``origin`` is the board's top-left corner in map pixels (VASSAL adds the map's edge
    margins and the sizes of the boards before it). ``columns``/``rows`` are the raw hex
    indices of the board that carry printed numbers and are in play, less ``off_map``
    (corners cut off the printed map); other hexes drawn on the image are margin.
    """

    name: str
    grid: HexGrid
    numbering: HexGridNumbering
    size: tuple[int, int]
    origin: tuple[int, int]
    columns: range
    rows: range
    off_map: frozenset[tuple[int, int]] = frozenset()

    def label(self, raw: tuple[int, int]) -> str:
        """The printed name VASSAL gives raw hex ``raw`` of this board."""
        column, row = self.numbering.column_row(self.grid, self.size, raw)
        return self.numbering.location_name(column, row)

    def parse(self, name: str) -> tuple[int, int] | None:
        """The raw hex of this board that VASSAL looks up for ``name``, or None."""
        displayed = self.numbering.parse_location(name)
        if displayed is None:
            return None
        return self.numbering.raw_of_column_row(self.grid, self.size, *displayed)

    def contains_pixel(self, x: int, y: int) -> bool:
        """True when map pixel (x, y) lies on this board's image."""
        left, top = self.origin
        width, height = self.size
        return left <= x < left + width and top <= y < top + height

    def raw_at_pixel(self, x: float, y: float) -> tuple[int, int]:
        """The raw hex of this board holding map pixel (x, y)."""
        return self.grid.raw_column_row(x - self.origin[0], y - self.origin[1])

    def in_play(self, raw: tuple[int, int]) -> bool:
        """True when ``raw`` is one of the board's numbered, playable hexes."""
        return raw[0] in self.columns and raw[1] in self.rows and raw not in self.off_map


@dataclass(frozen=True)
class HexMap:
    """The boards of one VASSAL map sharing one hex lattice, and the printed names on it.

    Lattice hexes (:class:`rules.hexes.Hex`) are raw hexes of the first board extended
    across the others; ``lattice_offsets[i]`` is what board *i*'s raw (column, row) adds
    to become a lattice hex. The offsets are derived from the boards' pixel placement,
    so the art and the module cannot drift from the referee's lattice.

    ``aliases`` map a printed name to the name of the hex that owns it (e.g. the row the
    South map repeats from the North map, DoS 2.3); ``unprefixed_board`` is the board
    whose numbers the rules also write without their prefix ("4018" for N4018).
    """

    name: str
    boards: tuple[Board, ...]
    aliases: Mapping[str, str] = field(default_factory=dict)
    unprefixed_board: str | None = None
    lattice_offsets: tuple[tuple[int, int], ...] = field(init=False)

    def __post_init__(self) -> None:
        if not self.boards:
            raise ValueError(f"map {self.name!r} has no boards")
        object.__setattr__(self, "lattice_offsets", tuple(self._offset(b) for b in self.boards))

    def _offset(self, board: Board) -> tuple[int, int]:
        """Lattice offset of ``board``: where its raw (0, 0) centre lies on the first board's lattice."""
        base = self.boards[0]
        if (board.grid.dx, board.grid.dy, board.grid.sideways) != (
            base.grid.dx,
            base.grid.dy,
            base.grid.sideways,
        ):
            raise ValueError(f"board {board.name!r} has another hex size than {base.name!r}")
        centre_x, centre_y = board.grid.centre(0, 0)
        map_x, map_y = centre_x + board.origin[0], centre_y + board.origin[1]
        along_columns, along_rows = (map_y, map_x) if base.grid.sideways else (map_x, map_y)
        base_columns, base_rows = (
            (base.origin[1], base.origin[0]) if base.grid.sideways else base.origin
        )
        column_offset = (along_columns - base_columns - base.grid.x0) / base.grid.dx
        row_offset = (along_rows - base_rows - base.grid.y0) / base.grid.dy
        if not (
            abs(column_offset - round(column_offset)) < 1e-6
            and abs(row_offset - round(row_offset)) < 1e-6
            and round(column_offset) % 2 == 0
        ):
            raise ValueError(
                f"board {board.name!r} is not placed on the lattice of {base.name!r}: "
                f"its hex (0,0) falls at column {column_offset:.3f}, row {row_offset:.3f} "
                "(needs an even whole column and a whole row)"
            )
        return round(column_offset), round(row_offset)

    def board_named(self, name: str) -> Board:
        """The board called ``name``."""
        for board in self.boards:
            if board.name == name:
                return board
        raise KeyError(name)

    def to_lattice(self, board_index: int, raw: tuple[int, int]) -> Hex:
        """The lattice hex of raw hex ``raw`` of board ``board_index``."""
        column_offset, row_offset = self.lattice_offsets[board_index]
        return Hex(raw[0] + column_offset, raw[1] + row_offset)

    def to_board(self, hex_: Hex) -> tuple[int, tuple[int, int]] | None:
        """(board index, raw hex) of the board whose play area holds ``hex_``, or None."""
        for index, board in enumerate(self.boards):
            column_offset, row_offset = self.lattice_offsets[index]
            raw = (hex_.column - column_offset, hex_.row - row_offset)
            if board.in_play(raw):
                return index, raw
        return None

    def label(self, hex_: Hex) -> str:
        """The printed number of a playable lattice hex."""
        found = self.to_board(hex_)
        if found is None:
            raise KeyError(f"hex {hex_} is on no board of map {self.name!r}")
        index, raw = found
        return self.boards[index].label(raw)

    def parse(self, name: str) -> Hex | None:
        """The playable lattice hex a printed number names, or None.

        Aliases (a name printed on one board for a hex another board owns) resolve first;
        then each board that recognises the name and has it in play answers.
        """
        name = self.aliases.get(name, name)
        for index, board in enumerate(self.boards):
            raw = board.parse(name)
            if raw is not None and board.in_play(raw):
                return self.to_lattice(index, raw)
        if self.unprefixed_board is not None:
            board = self.board_named(self.unprefixed_board)
            bare = replace(board.numbering, location_format="$gridLocation$")
            displayed = bare.parse_location(name)
            if displayed is not None:
                raw = bare.raw_of_column_row(board.grid, board.size, *displayed)
                if board.in_play(raw):
                    return self.to_lattice(self.boards.index(board), raw)
        return None

    def hex_at_pixel(self, x: float, y: float) -> Hex | None:
        """The playable lattice hex under map pixel (x, y), or None off the play area."""
        for index, board in enumerate(self.boards):
            if board.contains_pixel(int(x), int(y)):
                raw = board.raw_at_pixel(x, y)
                return self.to_lattice(index, raw) if board.in_play(raw) else None
        return None

    def pixel_centre(self, hex_: Hex) -> Point:
        """The map pixel VASSAL snaps a piece in ``hex_`` to."""
        found = self.to_board(hex_)
        if found is None:
            raise KeyError(f"hex {hex_} is on no board of map {self.name!r}")
        index, raw = found
        board = self.boards[index]
        x, y = board.grid.snap_centre(*raw)
        return x + board.origin[0], y + board.origin[1]

    def centre(self, hex_: Hex) -> tuple[float, float]:
        """The exact map-pixel centre of any lattice hex, on the play area or off it.

        Lattice hexes are the first board's raw hexes extended, so its grid places every
        one; drawings that span boards (a supply line from the South map to the North)
        need no board look-up.
        """
        base = self.boards[0]
        x, y = base.grid.centre(hex_.column, hex_.row)
        return x + base.origin[0], y + base.origin[1]

    def corners(self, hex_: Hex) -> list[tuple[float, float]]:
        """The six map-pixel corners of any lattice hex, in :meth:`HexGrid.corners` order."""
        base = self.boards[0]
        return [
            (x + base.origin[0], y + base.origin[1])
            for x, y in base.grid.corners(hex_.column, hex_.row)
        ]

    def hexes(self) -> Iterator[Hex]:
        """Every playable lattice hex, board by board, in raw column-then-row order."""
        for index, board in enumerate(self.boards):
            for column in board.columns:
                for row in board.rows:
                    if board.in_play((column, row)):
                        yield self.to_lattice(index, (column, row))
