"""Roads and rail as the referee prices them: a route kind's cost per hex by mobility
class, paid in place of the terrain's and the hexsides' costs."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

RAIL = "rail"
"""The route kind of the map's ``[[map.rail]]`` lines; every other kind is a
``[[map.road]]``'s ``kind``."""


@dataclass(frozen=True)
class RouteRule:
    """A unit moving from one hex into the next along a route of ``kind`` pays
    ``costs[its mobility]`` (or ``costs["all"]``) for that hex, in place of the hex's
    terrain and of the hexside's features; a mobility class with no cost does not use
    the route. A route never opens a hex or hexside its unit could not otherwise enter."""

    kind: str
    costs: Mapping[str, Fraction]
    section: str

    def cost(self, mobility: str) -> Fraction | None:
        """What ``mobility`` pays per hex along the route, or None when it may not use it."""
        return self.costs.get(mobility, self.costs.get("all"))
