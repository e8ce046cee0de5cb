"""Roads and rail (``[[referee.movement.route]]``): the cheapest route a unit may follow
from one hex into the next, and what it pays there in place of the terrain.

A route runs from a hex into the next where it crosses their hexside: a road's
``crossings`` (``[[map.road]]``), a rail line's consecutive hexes (``[[map.rail]]``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cached_property

from rules.hexes import Hex, HexSide, hexside
from rules.referee_data.routes import RAIL, RouteRule
from rules.model import GameMap


class Routes:
    """Which route kinds run across each hexside, and what each costs a unit."""

    def __init__(self, game_map: GameMap, rules: Sequence[RouteRule]) -> None:
        self.game_map = game_map
        self.rules = {rule.kind: rule for rule in rules}

    @cached_property
    def kinds_by_side(self) -> Mapping[HexSide, frozenset[str]]:
        """The route kinds crossing each hexside."""
        found: dict[HexSide, set[str]] = {}
        for road in self.game_map.roads:
            for side in road.crossings:
                found.setdefault(side, set()).add(road.kind)
        for rail in self.game_map.rails:
            for first, second in zip(rail.hexes, rail.hexes[1:], strict=False):
                found.setdefault(hexside(first, second), set()).add(RAIL)
        return {side: frozenset(kinds) for side, kinds in found.items()}

    def along(self, mobility: str, first: Hex, second: Hex) -> tuple[Fraction, RouteRule] | None:
        """The cheapest route from ``first`` into ``second`` a unit of ``mobility`` may
        follow, with its cost; None where none runs or none lets it."""
        if not self.rules:
            return None
        best: tuple[Fraction, RouteRule] | None = None
        for kind in sorted(self.kinds_by_side.get(hexside(first, second), ())):
            rule = self.rules.get(kind)
            cost = None if rule is None else rule.cost(mobility)
            if rule is not None and cost is not None and (best is None or cost < best[0]):
                best = (cost, rule)
        return best
