"""The Turning Point: Stalingrad map as the rules read it: terrain, water, rail, compass.

Everything here depends on the map alone, never on where units stand, so every rule
area shares one :class:`Board` per position.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from itertools import pairwise

from rules.hexes import Hex, neighbours
from rules.referee.hexboard import HexBoard
from rules.referee.tps.units import AXIS, SOVIET

FORTIFIED_TERRAIN: Mapping[str, str] = {AXIS: "fortified_axis", SOVIET: "fortified_soviet"}
"""Each side's own fortified-hex terrain (terrain effects table: 要塞 Hx)."""


class Board(HexBoard):
    """The map's facts the TPS rules read, each looked up once."""

    @cached_property
    def terrain_of_hex(self) -> Mapping[Hex, str]:
        """Every playable hex's terrain."""
        return {hex_: self.terrain(hex_) for hex_ in self.playable}

    @cached_property
    def passable(self) -> frozenset[Hex]:
        """Hexes units and supply lines may enter (not all-sea or all-lake hexes)."""
        types = self.spec.terrain_types
        return frozenset(
            hex_
            for hex_, terrain in self.terrain_of_hex.items()
            if types[terrain].movement_cost("all") is not None
        )

    @cached_property
    def steps_across(self) -> Mapping[Hex, tuple[Hex, ...]]:
        """For each passable hex, the passable neighbours not behind a sea or lake hexside,
        in :func:`neighbours`' clockwise order (searches break ties by it)."""
        closed = self.crossings_with(
            {
                name
                for name, terrain in self.spec.terrain_types.items()
                if terrain.movement_cost("all") is None
            }
        )
        behind_water: dict[Hex, set[Hex]] = {}
        for first, second in closed:
            behind_water.setdefault(first, set()).add(second)
        passable = self.passable
        steps = {}
        for hex_ in passable:
            blocked = behind_water.get(hex_, ())
            steps[hex_] = tuple(
                [other for other in neighbours(hex_) if other in passable and other not in blocked]
            )
        return steps

    def may_step(self, first: Hex, second: Hex) -> bool:
        """Whether a line or a unit may pass from ``first`` into the adjacent ``second``."""
        return second in self.steps_across.get(first, ())

    # ----- rail -------------------------------------------------------------------------

    @cached_property
    def rail_links(self) -> frozenset[tuple[Hex, Hex]]:
        """Adjacent hex pairs joined by a ``[[map.rail]]`` chain, in both directions."""
        pairs: set[tuple[Hex, Hex]] = set()
        for rail in self.game_map.rails:
            for first, second in pairwise(rail.hexes):
                pairs.update({(first, second), (second, first)})
        return frozenset(pairs)

    @cached_property
    def along_rail(self) -> Mapping[Hex, tuple[Hex, ...]]:
        """For each rail hex, the hexes a rail line joins it to, in clockwise order."""
        links = self.rail_links
        return {
            hex_: tuple(other for other in neighbours(hex_) if (hex_, other) in links)
            for hex_ in self.rail_hexes
        }

    @cached_property
    def rail_hexes(self) -> frozenset[Hex]:
        """Every hex on a rail line."""
        return frozenset(hex_ for rail in self.game_map.rails for hex_ in rail.hexes)

    def usable_rail(self, side: str) -> frozenset[Hex]:
        """Rail hexes ``side`` may trace supply along (Supply (H)).

        Axis units use rail only west of their own fortified line, that line included;
        Soviets only east of theirs. West and east are read row by row: in each hex row,
        rail up to the line's easternmost Axis fortified hex (from its westernmost Soviet
        one). Rows beyond the ends of a line take the nearest row it crosses, so a line
        that stops short of the map edge (at lakes, say) still divides the map. A side
        with no fortified hexes on the map may use every rail hex.
        """
        return self._usable_rail[side]

    @cached_property
    def _usable_rail(self) -> Mapping[str, frozenset[Hex]]:
        usable = {}
        for side, terrain in FORTIFIED_TERRAIN.items():
            line: dict[int, list[int]] = {}
            for hex_, kind in self.terrain_of_hex.items():
                if kind == terrain:
                    line.setdefault(self.north_south[hex_], []).append(self.west_east[hex_])
            if not line:
                usable[side] = self.rail_hexes
                continue
            bound = {
                row: max(columns) if side == AXIS else min(columns) for row, columns in line.items()
            }
            usable[side] = frozenset(
                hex_ for hex_ in self.rail_hexes if self._behind(hex_, side, bound)
            )
        return usable

    def _behind(self, hex_: Hex, side: str, bound: Mapping[int, int]) -> bool:
        """Whether ``hex_`` lies on ``side``'s side of its line, given the line's bound per row."""
        row = self.north_south[hex_]
        edge = bound[min(bound, key=lambda crossed: (abs(crossed - row), crossed))]
        return self.west_east[hex_] <= edge if side == AXIS else self.west_east[hex_] >= edge

    # ----- the compass and the map's places ---------------------------------------------

    @cached_property
    def _sideways(self) -> bool:
        assert self.game_map.hex_map is not None
        return self.game_map.hex_map.boards[0].grid.sideways

    @cached_property
    def north_south(self) -> Mapping[Hex, int]:
        """How far south each hex lies, in hex rows (a sideways grid's rows are its columns)."""
        return {hex_: hex_.column if self._sideways else hex_.row for hex_ in self.playable}

    @cached_property
    def west_east(self) -> Mapping[Hex, int]:
        """How far east each hex lies, in hex columns."""
        return {hex_: hex_.row if self._sideways else hex_.column for hex_ in self.playable}

    @cached_property
    def rostov(self) -> Hex | None:
        """Rostov's hex, from the map's towns."""
        for town in self.game_map.towns:
            if town.name.casefold().startswith("rostov"):
                return town.hex
        return None

    def sources(self, side: str, rail: bool) -> list[Hex]:
        """The side's rail supply sources (``rail``), or its other map sources.

        Every Axis source is a rail source (Supply (A)); a Soviet source is one when its
        kind names rail, and counts as the east edge otherwise (Supply (B)(1), (3)).
        """
        return [
            hex_
            for source in self.game_map.supply_sources
            if source.side == side and (side == AXIS or "rail" in source.kind) == rail
            for hex_ in source.hexes
        ]
