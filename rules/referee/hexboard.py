"""A hex map as a referee reads it: playable hexes, terrain, hexside features, numbers.

Everything here depends on the map alone, never on where units stand, so a position's
rule areas share one board; each hex game's board adds what its rules read (rail and
fortified lines in TPS, boards, towns and regions in DoS).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import cached_property

from rules.hexes import Hex, HexSide
from rules.model import GameMap, GameSpec


class HexBoard:
    """The map's facts a hex game's rules read, each looked up once."""

    def __init__(self, spec: GameSpec, game_map: GameMap) -> None:
        self.spec = spec
        self.game_map = game_map
        self._labels: dict[Hex, str] = {}
        self._terrains: dict[Hex, str] = {}

    def label(self, hex_: Hex) -> str:
        """The printed number of a hex (worked out once: verdicts print thousands)."""
        found = self._labels.get(hex_)
        if found is None:
            found = self._labels[hex_] = self.game_map.label(hex_)
        return found

    def labels(self, hexes: Sequence[Hex]) -> tuple[str, ...]:
        """Printed numbers of a path."""
        return tuple(self.label(hex_) for hex_ in hexes)

    @cached_property
    def playable(self) -> frozenset[Hex]:
        """Every playable hex of the map."""
        assert self.game_map.hex_map is not None
        return frozenset(self.game_map.hex_map.hexes())

    def terrain(self, hex_: Hex) -> str:
        """The terrain id of a playable hex (looked up once: searches ask again and again)."""
        found = self._terrains.get(hex_)
        if found is None:
            found = self._terrains[hex_] = self.game_map.terrain_of(hex_)
        return found

    @cached_property
    def _features_by_pair(self) -> dict[tuple[Hex, Hex], frozenset[str]]:
        """Hexside features by the side's two hexes, lower first: a search asks for every
        side it crosses, and a pair is cheaper to look up than a checked :class:`HexSide`."""
        return {
            (side.first, side.second): features
            for side, features in self.game_map.hexside_features.items()
        }

    def hexside_features(self, first: Hex, second: Hex) -> frozenset[str]:
        """The features on the side between two adjacent hexes."""
        pair = (first, second) if first < second else (second, first)
        return self._features_by_pair.get(pair, frozenset())

    def crossings_with(self, features: Collection[str]) -> frozenset[tuple[Hex, Hex]]:
        """Every step, as (from, to) in both directions, across a hexside carrying any of
        ``features``: a search that must not cross them tests one pair per step."""
        return frozenset(
            pair
            for (first, second), found in self._features_by_pair.items()
            if not found.isdisjoint(features)
            for pair in ((first, second), (second, first))
        )

    def sides_with(self, feature: str) -> frozenset[HexSide]:
        """Every hexside carrying ``feature``."""
        return frozenset(
            side for side, features in self.game_map.hexside_features.items() if feature in features
        )
