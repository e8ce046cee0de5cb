"""A game's look on the map: terrain fills and symbols, hexside lines, side colours, wording.

The mappings here are the look of the Stalingrad games, keyed by their data ids; a game
names its own look in ``game.toml`` (read by :mod:`rules.data.look`) and that wins. Board
images, the legend, the reports' SVG boards and :func:`look_problems` (``validate``) all
read the one :class:`BoardLook`, so what the legend shows is what the map draws.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from rules.model import GameSpec

Colour = tuple[int, int, int]

INK: Colour = (30, 28, 24)
WATER: Colour = (46, 104, 178)
TERRAIN_FILL: dict[str, Colour] = {
    "clear": (233, 226, 196),
    "forest": (160, 190, 130),
    "hills": (214, 190, 140),
    "mountain": (176, 140, 104),
    "swamp": (176, 206, 190),
    "desert_steppe": (236, 214, 160),
    "sea": (140, 180, 214),
    "lake": (166, 202, 228),
    "fortified_axis": (214, 212, 200),
    "fortified_soviet": (234, 208, 196),
}
TERRAIN_SYMBOL: dict[str, str] = {
    "forest": "trees",
    "hills": "hachures",
    "mountain": "peaks",
    "swamp": "reeds",
    "desert_steppe": "dots",
}
"""Our games' terrain symbols by terrain id (a fortified hex is edged in its side's colour)."""
SIDE_COLOURS: dict[str, Colour] = {
    "axis": (70, 70, 70),
    "soviet": (176, 36, 30),
    "german": (70, 70, 70),
}
LINE_STYLES: dict[str, tuple[Colour, int, bool]] = {
    # hexside feature or named line: colour, width (fraction of 100 of the hex size), dashed
    "river": (WATER, 5, False),
    "volga": (WATER, 11, False),
    "lake_side": ((84, 140, 206), 12, False),
    "impassable_mountain": ((92, 58, 30), 7, False),
    "don_volga_line": ((196, 40, 40), 6, True),
    "stalingrad_ring": ((120, 20, 90), 9, False),
}
UNDRAWN_HEXSIDES = frozenset({"sea_side"})
"""Hexside features our maps show by the fill beside them, not by a line of their own."""
LEGEND_SUBTITLE = "Rebuilt by Stavka from the rules and real geography"


def rgb(hex_colour: str) -> Colour:
    """``#rrggbb`` as an RGB triple."""
    return int(hex_colour[1:3], 16), int(hex_colour[3:5], 16), int(hex_colour[5:7], 16)


@dataclass(frozen=True)
class BoardLook:
    """How one game's map is drawn: fills and symbols by terrain, line styles by hexside
    feature or named line (in drawing order), colours by side, the legend's subtitle,
    which named lines are drawn."""

    fills: Mapping[str, Colour]
    symbols: Mapping[str, str]
    lines: Mapping[str, tuple[Colour, int, bool]]
    sides: Mapping[str, Colour]
    subtitle: str
    named_lines: frozenset[str] = frozenset()
    """The map's named lines drawn as lines (the game's ``[drawn_lines]``)."""

    def fill(self, terrain: str) -> Colour:
        """A terrain's fill; a terrain no one coloured draws as clear (``validate`` warns)."""
        return self.fills.get(terrain, TERRAIN_FILL["clear"])

    def symbol(self, terrain: str) -> str:
        """A terrain's map symbol from :data:`rules.data.look.TERRAIN_SYMBOLS`, ``none`` for its fill alone."""
        return self.symbols.get(terrain, "none")

    def side(self, side: str) -> Colour:
        """A side's (or a fortified hex's owner's) colour on the map."""
        return self.sides.get(side, INK)


def look_of(spec: GameSpec) -> BoardLook:
    """The game's look: its own data over our mappings' defaults."""
    fills = dict(TERRAIN_FILL)
    symbols = dict(TERRAIN_SYMBOL)
    lines = dict(LINE_STYLES)
    for name, style in spec.drawn_lines.items():
        lines[name] = (rgb(style.colour), style.width, style.dashed)
    for terrain in spec.terrain_types.values():
        if terrain.fill is not None:
            fills[terrain.id] = rgb(terrain.fill)
        if terrain.symbol is not None:
            symbols[terrain.id] = terrain.symbol
        if terrain.line is not None:
            lines[terrain.id] = (rgb(terrain.line.colour), terrain.line.width, terrain.line.dashed)
    sides = dict(SIDE_COLOURS)
    sides.update({side.id: rgb(side.colour) for side in spec.sides if side.colour is not None})
    return BoardLook(
        fills,
        symbols,
        lines,
        sides,
        spec.wording.legend_subtitle or LEGEND_SUBTITLE,
        frozenset(spec.drawn_lines),
    )


@dataclass(frozen=True)
class LookProblem:
    """Something a game's map would draw as nothing or like something else: where, and what."""

    where: str
    message: str


def look_problems(spec: GameSpec) -> list[LookProblem]:
    """Warnings for ``validate``: hex terrains that look the same (fill and symbol) and
    hexside features with no line (they would not show on the map or in its legend)."""
    look = look_of(spec)
    problems = []
    seen: dict[tuple[Colour, str], str] = {}
    for terrain in spec.terrain_types.values():
        where = terrain.defined_at or f"{spec.folder}/game.toml"
        if terrain.kind == "hex" and not terrain.id.startswith("fortified_"):
            key = (look.fill(terrain.id), look.symbol(terrain.id))
            if key in seen:
                problems.append(
                    LookProblem(
                        where,
                        f"terrain {terrain.id!r} looks like {seen[key]!r} on the map: "
                        "give it its own 'fill' or 'symbol'",
                    )
                )
            else:
                seen[key] = terrain.id
        if (
            terrain.kind == "hexside"
            and terrain.id not in look.lines
            and terrain.id not in UNDRAWN_HEXSIDES
        ):
            problems.append(
                LookProblem(
                    where,
                    f"hexside terrain {terrain.id!r} has no line style and is not drawn: "
                    "give it a 'line = { colour, width, dashed }'",
                )
            )
    return problems
