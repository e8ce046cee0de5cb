"""Regions of a hex map cut off by lines of hexsides.

Several rules ask which side of a line a hex is on — east of the Voronezh/Don line (DoS
8.6), east of the Volga (DoS 7.9), behind a fortified line (TPS rail capture). A region
is everything reachable from a seed hex without crossing the line, so the answer needs
no geometry beyond adjacency.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Iterable

from rules.hexes import Hex, HexCorner, HexSide, hexside, neighbours


def region_without_crossing(
    seeds: Iterable[Hex], playable: Collection[Hex], barrier: Collection[HexSide]
) -> frozenset[Hex]:
    """Every playable hex reachable from ``seeds`` by steps that cross no ``barrier`` hexside."""
    reached = {seed for seed in seeds if seed in playable}
    queue = deque(sorted(reached))
    while queue:
        current = queue.popleft()
        for other in neighbours(current):
            if (
                other in playable
                and other not in reached
                and hexside(current, other) not in barrier
            ):
                reached.add(other)
                queue.append(other)
    return frozenset(reached)


def outline(playable: Collection[Hex]) -> list[Hex]:
    """The playable hexes along the outer edge of a region, in order round it.

    Walks the hexsides between the region and the outside from corner to corner, so
    every hex touching the outside appears, corners included, in the order a finger
    tracing the map's edge would meet them. For a region with holes only the outline
    that contains the lowest hex is traced.
    """
    members = set(playable)
    outer = {
        hexside(member, other): member
        for member in members
        for other in neighbours(member)
        if other not in members
    }
    if not outer:
        return []
    by_corner: dict[HexCorner, list[HexSide]] = {}
    for side in outer:
        for corner in side.corners():
            by_corner.setdefault(corner, []).append(side)
    start_side = min(outer, key=lambda side: outer[side])
    previous_corner, current = start_side.corners()[0], start_side
    ordered: list[Hex] = []
    while True:
        inner = outer[current]
        if not ordered or ordered[-1] != inner:
            ordered.append(inner)
        next_corner = next(corner for corner in current.corners() if corner != previous_corner)
        candidates = [side for side in by_corner[next_corner] if side != current]
        following = min(candidates, key=lambda side: (outer[side] != inner, side))
        previous_corner, current = next_corner, following
        if current == start_side:
            break
    if len(ordered) > 1 and ordered[0] == ordered[-1]:
        ordered.pop()
    return ordered


def outline_between(ring_of_hexes: list[Hex], start: Hex, end: Hex) -> tuple[Hex, ...]:
    """The shorter run of an :func:`outline` from ``start`` to ``end``, both included."""
    size = len(ring_of_hexes)
    best: tuple[Hex, ...] | None = None
    for first in (index for index, hex_ in enumerate(ring_of_hexes) if hex_ == start):
        for step in (1, -1):
            run = [start]
            index = first
            while run[-1] != end and len(run) <= size:
                index = (index + step) % size
                run.append(ring_of_hexes[index])
            if run[-1] == end and (best is None or len(run) < len(best)):
                best = tuple(run)
    if best is None:
        raise ValueError("start or end is not on the outline")
    return best
