"""The Drive on Stalingrad map as the rules read it: boards, towns, rivers, coasts, regions.

Everything here depends on the map alone, never on where units stand, so every rule
area shares one :class:`Board` per position.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property

from rules.hexes import Hex, hexside, neighbours
from rules.model import Town
from rules.referee.dos.units import AXIS, SOVIET
from rules.referee.hexboard import HexBoard
from rules.regions import region_without_crossing

NETWORK_TOWN_KINDS = frozenset({"city", "town", "port"})
WATER_HEXES = frozenset({"sea", "lake"})


class Board(HexBoard):
    """The map's facts the DoS rules read, each looked up once."""

    @cached_property
    def board_of(self) -> Mapping[Hex, str]:
        """The board ("North" or "South") each playable hex is printed on (2.3)."""
        hex_map = self.game_map.hex_map
        assert hex_map is not None
        result = {}
        for hex_ in self.playable:
            found = hex_map.to_board(hex_)
            assert found is not None
            result[hex_] = hex_map.boards[found[0]].name
        return result

    def board_hexes(self, board: str) -> frozenset[Hex]:
        """The playable hexes of one board."""
        return frozenset(hex_ for hex_, name in self.board_of.items() if name == board)

    @cached_property
    def land(self) -> frozenset[Hex]:
        """Playable hexes that are not all-water."""
        return frozenset(hex_ for hex_ in self.playable if self.terrain(hex_) not in WATER_HEXES)

    @cached_property
    def towns(self) -> Mapping[Hex, Town]:
        """The towns and cities of the supply networks (7.3, 7.8), by hex."""
        return {town.hex: town for town in self.game_map.towns if town.kind in NETWORK_TOWN_KINDS}

    def town_hex(self, name: str) -> Hex:
        """The hex of a town the rules name."""
        return self.game_map.town(name).hex

    def place_name(self, hex_: Hex) -> str:
        """A hex as a player reads it: the town's name and number, or the number alone."""
        town = self.towns.get(hex_)
        return f"{town.name} {self.label(hex_)}" if town else self.label(hex_)

    def is_city(self, hex_: Hex) -> bool:
        """True for a city hex (11.22); towns have no combat effect of their own (11.21)."""
        town = self.towns.get(hex_)
        return town is not None and town.kind == "city"

    def source_hexes(self, side: str, *kinds: str) -> frozenset[Hex]:
        """Hexes of the map's supply sources of ``side`` of the given kinds."""
        return frozenset(
            hex_
            for source in self.game_map.supply_sources
            if source.side == side and source.kind in kinds
            for hex_ in source.hexes
        )

    @cached_property
    def rostov(self) -> Hex:
        """Rostov N3635, the Axis South map's one way to the North map's sources (7.4, 7.13)."""
        return self.town_hex("Rostov")

    @cached_property
    def volga_bank_towns(self) -> frozenset[Hex]:
        """Cities and towns on either bank of the Volga: a Volga side among their six (7.8)."""
        volga = self.sides_with("volga")
        return frozenset(
            hex_
            for hex_ in self.towns
            if self.board_of[hex_] == "North"
            and any(hexside(hex_, other) in volga for other in neighbours(hex_))
        )

    @cached_property
    def east_of_volga(self) -> frozenset[Hex]:
        """North-map land east of the Volga, where Soviet units are always supplied (7.9).

        The region holds N1311, the east edge's first hex (1.4, 9.17). Rule 7.9 ends the
        Volga at the N4111/N4211/N4212 corner, one row above the North map's edge, so the
        N4211/N4212 side closes it. With no Volga on the map, or one that does not cut the
        map, the region is empty.
        """
        volga = self.sides_with("volga")
        names = ("N1311", "N4211", "N4212")
        found = [self.spec.parse_hex(name) for name in names]
        if not volga or None in found:
            return frozenset()
        seed, astrakhan, beside = (item[1] for item in found if item is not None)
        region = region_without_crossing(
            [seed], self.land & self.board_hexes("North"), volga | {hexside(astrakhan, beside)}
        )
        return frozenset() if region & self.source_hexes(AXIS, "ultimate") else region

    @cached_property
    def coastal(self) -> frozenset[Hex]:
        """Land hexes on the Sea of Azov or the Black Sea (7.5): beside an all-sea hex not
        of the Caspian (the sea by Makhachkala)."""
        sea = frozenset(hex_ for hex_ in self.playable if self.terrain(hex_) == "sea")
        caspian: frozenset[Hex] = frozenset()
        try:
            makhachkala = self.town_hex("Makhachkala")
        except KeyError:
            makhachkala = None
        if makhachkala is not None:
            caspian = region_without_crossing(
                [h for h in neighbours(makhachkala) if h in sea], sea, ()
            )
        open_sea = sea - caspian
        return frozenset(
            hex_ for hex_ in self.land if any(other in open_sea for other in neighbours(hex_))
        )

    @cached_property
    def don_volga_inside(self) -> frozenset[Hex]:
        """The land the Don–Volga line and the Volga close round Stalingrad (11.23).

        The line is printed along hexsides; what it defends is the side holding the city.
        A line that closes nothing (no Stalingrad on the map, or a gap in the line) has
        no inside, and so no effect.
        """
        line = self.sides_with("don_volga_line")
        try:
            stalingrad = self.town_hex("Stalingrad")
        except KeyError:
            return frozenset()
        if not line:
            return frozenset()
        inside = region_without_crossing([stalingrad], self.land, line | self.sides_with("volga"))
        return frozenset() if inside & self.source_hexes(AXIS, "ultimate") else inside

    @cached_property
    def don_volga_line_hexes(self) -> frozenset[Hex]:
        """The hexes of the Don–Volga line (11.23): those just inside it, along its sides.

        A unit there defends on the line; the hexes outside it, across its sides, are
        not the line's, so units standing there neither defend on it nor destroy it.
        """
        inside = self.don_volga_inside
        return frozenset(
            hex_
            for side in self.sides_with("don_volga_line")
            for hex_ in side.hexes
            if hex_ in inside
        )

    @cached_property
    def east_of_don(self) -> frozenset[Hex]:
        """North-map land east of the Voronezh/Don line, on Astrakhan's side (8.6): 4.9's
        "east of the Don" read literally; empty without the line or when it does not cut
        the map."""
        line = self.game_map.lines.get("voronezh_don", frozenset())
        astrakhan = self.source_hexes(SOVIET, "ultimate")
        if not line:
            return frozenset()
        region = region_without_crossing(astrakhan, self.land & self.board_hexes("North"), line)
        return frozenset() if region & self.source_hexes(AXIS, "ultimate") else region

    @cached_property
    def between_don_and_volga(self) -> frozenset[Hex]:
        """The land between the Don and the Volga (4.9 as the referee reads it): east of the
        Voronezh/Don line and west of the Volga, between the two necks where the rivers come
        closest round Stalingrad (the ``don_volga_neck_north`` and ``_south`` lines: the
        Don's great bend at Kachalinskaya to Dubovka, Kalach to Krasnoarmeysk). Empty when
        the map lacks a line or they do not close a region round Stalingrad."""
        lines = self.game_map.lines
        barriers = [
            lines.get(name, frozenset())
            for name in ("voronezh_don", "don_volga_neck_north", "don_volga_neck_south")
        ]
        barriers.append(self.sides_with("volga"))
        try:
            stalingrad = self.town_hex("Stalingrad")
        except KeyError:
            return frozenset()
        if not all(barriers):
            return frozenset()
        region = region_without_crossing(
            [stalingrad], self.land & self.board_hexes("North"), frozenset().union(*barriers)
        )
        beyond = self.source_hexes(AXIS, "ultimate") | self.source_hexes(SOVIET, "ultimate")
        return frozenset() if region & beyond else region
