"""A hex map as a referee reads it: playable hexes, terrain, hexside features, numbers.

Everything here depends on the map alone, never on where units stand, so a position's
rule areas share one board; each hex game's board adds what its rules read (rail and
fortified lines in TPS, boards, towns and regions in DoS).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property

from rules.hexes import Hex, HexSide, hexside
from rules.model import GameMap, GameSpec


class HexBoard:
    """The map's facts a hex game's rules read, each looked up once."""

    def __init__(self, spec: GameSpec, game_map: GameMap) -> None:
        self.spec = spec
        self.game_map = game_map

    def label(self, hex_: Hex) -> str:
        """The printed number of a hex."""
        return self.game_map.label(hex_)

    def labels(self, hexes: Sequence[Hex]) -> tuple[str, ...]:
        """Printed numbers of a path."""
        return tuple(self.label(hex_) for hex_ in hexes)

    @cached_property
    def playable(self) -> frozenset[Hex]:
        """Every playable hex of the map."""
        assert self.game_map.hex_map is not None
        return frozenset(self.game_map.hex_map.hexes())

    def terrain(self, hex_: Hex) -> str:
        """The terrain id of a playable hex."""
        return self.game_map.terrain_of(hex_)

    def hexside_features(self, first: Hex, second: Hex) -> frozenset[str]:
        """The features on the side between two adjacent hexes."""
        return self.game_map.hexside_features.get(hexside(first, second), frozenset())

    def sides_with(self, feature: str) -> frozenset[HexSide]:
        """Every hexside carrying ``feature``."""
        return frozenset(side for side, features in self.game_map.hexside_features.items() if feature in features)
