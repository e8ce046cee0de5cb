"""Supply networks: sources chained to an ultimate source by lines of limited length.

Drive on Stalingrad traces supply "at most 7 hexes from the unit to an intermediate
source, then source to source, each leg at most 7, to an ultimate source" (rules 7.3,
7.8, 7.12). Whether a source is connected does not depend on any unit, so a side's
network is found once — a search over sources: leg-length searches outward from the
ultimate sources, then from each newly joined source — and every unit's answer is one
more multi-source search from all connected sources. The legs are kept, so a unit's
explanation can name every hex of its line back to the ultimate source.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rules.hexes import Hex
from rules.referee.search import Reach, StepAllowed, reach


@dataclass(frozen=True)
class Network:
    """A side's connected sources and, for each intermediate one, its leg toward an ultimate.

    ``legs[source]`` runs from ``source`` to the source it joined through, both included;
    ultimate sources have no leg.
    """

    ultimates: frozenset[Hex]
    connected: frozenset[Hex]
    legs: Mapping[Hex, tuple[Hex, ...]]

    def route(self, source: Hex) -> tuple[Hex, ...]:
        """Every hex from a connected ``source`` to its ultimate source, both included."""
        path = [source]
        while path[-1] in self.legs:
            path.extend(self.legs[path[-1]][1:])
        return tuple(path)

    def sources_on_route(self, source: Hex) -> tuple[Hex, ...]:
        """The sources a line passes from ``source`` to its ultimate source, both included."""
        chain = [source]
        while chain[-1] in self.legs:
            chain.append(self.legs[chain[-1]][-1])
        return tuple(chain)


def connect(
    ultimates: Iterable[Hex], intermediates: Iterable[Hex], allowed: StepAllowed, leg: int
) -> Network:
    """The intermediates that chain to an ultimate source by legs of at most ``leg`` hexes.

    Each round searches ``leg`` hexes out from the sources joined in the round before, so
    a source joins by the fewest legs and each search covers only new ground.
    """
    connected = set(ultimates)
    waiting = set(intermediates) - connected
    legs: dict[Hex, tuple[Hex, ...]] = {}
    frontier = sorted(connected)
    while frontier and waiting:
        found = reach(frontier, allowed, leg)
        joined = sorted(source for source in waiting if source in found.distance)
        for source in joined:
            legs[source] = found.path_to_source(source)
        waiting.difference_update(joined)
        connected.update(joined)
        frontier = joined
    return Network(frozenset(ultimates), frozenset(connected), legs)


@dataclass(frozen=True)
class Supply:
    """A network and the units' side of it: how far every hex is from a connected source.

    ``near`` is limited to the leg length (the hexes a line reaches); ``far`` is not, so an
    unsupplied unit can be told how far the nearest connected source really is.
    """

    network: Network
    near: Reach[Hex]
    far: Reach[Hex]

    def line(self, hex_: Hex) -> tuple[Hex, ...] | None:
        """The supply line from ``hex_`` to an ultimate source, or None when there is none."""
        if hex_ not in self.near.distance:
            return None
        to_source = self.near.path_to_source(hex_)
        return to_source + self.network.route(to_source[-1])[1:]

    def first_source(self, hex_: Hex) -> Hex | None:
        """The connected source a line from ``hex_`` reaches first, or None."""
        if hex_ not in self.near.distance:
            return None
        return self.near.path_to_source(hex_)[-1]


def supply(network: Network, allowed: StepAllowed, leg: int) -> Supply:
    """One search out from all connected sources: every hex's line at once."""
    far = reach(network.connected, allowed)
    return Supply(network, far.within(leg), far)
