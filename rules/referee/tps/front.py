"""The Turning Point: Stalingrad continuous front, measured as a minimum cut.

The front must run from the north or west edge to the east-west hex row through Rostov,
in units or their ZOC; each gap scores VP for the other side at the end of the side's
player turn (Continuous front). Read as a line that cuts the two sides' rears apart on
or north of that row, the gap count is the fewest uncovered hexes that would close
every way through — by Menger's theorem a unit-capacity maximum flow.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from rules.hexes import Hex
from rules.referee.tps.board import Board
from rules.referee.tps.forces import Forces
from rules.referee.tps.units import AXIS, SOVIET


@dataclass(frozen=True)
class FrontGaps:
    """A side's continuous front: the fewest gap hexes and which ones (Continuous front)."""

    side: str
    gaps: tuple[Hex, ...]


def fewest_separating_hexes(
    region: frozenset[Hex],
    covered: frozenset[Hex],
    first: frozenset[Hex],
    second: frozenset[Hex],
    crossing_allowed: Mapping[Hex, Collection[Hex]],
) -> tuple[Hex, ...]:
    """The fewest hexes of ``region``, outside ``covered``, ``first`` and ``second``, that
    with ``covered`` cut every path inside ``region`` from ``first`` to ``second``.

    Menger's theorem: that number equals the most paths from ``first`` to ``second`` that
    share no uncovered hex, so a unit-capacity maximum flow over uncovered hexes (each
    split into an entry and an exit) finds it, and the hexes whose entry the last search
    still reaches but whose exit it does not are one smallest cut. Covered hexes are
    walls; the hexes of ``first`` and ``second`` are the two ends, never cut and never
    walls; ``crossing_allowed`` gives the neighbours each hex may be left toward.

    The flow network is never built: each search reads its steps off the hexes and the
    flow so far, so a front with no way through (the usual case) costs one search.
    """
    ends = (first | second) & region
    open_hexes = sorted((region - covered) | ends)
    index = {hex_: number for number, hex_ in enumerate(open_hexes)}
    onward = [
        [index[other] for other in crossing_allowed.get(hex_, ()) if other in index]
        for hex_ in open_hexes
    ]
    # An end is never cut: more paths may pass it than there are hexes.
    capacity = [len(open_hexes) + 1 if hex_ in ends else 1 for hex_ in open_hexes]
    starts = [index[hex_] for hex_ in open_hexes if hex_ in first]
    finishes = {index[hex_] for hex_ in open_hexes if hex_ in second}
    # The flow so far: how many paths pass through each hex, and how many entered it
    # from each neighbour.
    through = [0] * len(open_hexes)
    arrived: list[dict[int, int]] = [{} for _ in open_hexes]

    def search() -> tuple[dict[int, int], int | None]:
        # Nodes: 2n is hex n's entry, 2n + 1 its exit; a start's entry has itself as parent.
        parent = {2 * start: 2 * start for start in starts}
        queue = deque(parent)
        while queue:
            node = queue.popleft()
            number = node >> 1
            if node & 1:
                if number in finishes:
                    return parent, node
                steps = [2 * following for following in onward[number]]
                if through[number]:
                    steps.append(node - 1)
            else:
                steps = [2 * before + 1 for before, paths in arrived[number].items() if paths]
                if through[number] < capacity[number]:
                    steps.append(node + 1)
            for following in steps:
                if following not in parent:
                    parent[following] = node
                    queue.append(following)
        return parent, None

    while True:
        parent, finish = search()
        if finish is None:
            break
        node = finish
        while parent[node] != node:
            before = parent[node]
            if before >> 1 == node >> 1:
                through[node >> 1] += 1 if node & 1 else -1
            elif node & 1:
                arrived[before >> 1][node >> 1] -= 1
            else:
                arrived[node >> 1][before >> 1] = arrived[node >> 1].get(before >> 1, 0) + 1
            node = before
    return tuple(
        hex_
        for hex_, number in index.items()
        if hex_ not in ends and 2 * number in parent and 2 * number + 1 not in parent
    )


def rears(board: Board) -> tuple[frozenset[Hex], frozenset[Hex]]:
    """The Axis and the Soviet rears a front must divide, on or north of Rostov's row.

    Each rear is a stretch of the map's edge: the Axis one from the west end of Rostov's
    row up the west edge and along the north edge to its last rail supply source there,
    the Soviet one from the east end of the row up the east edge and back along the
    north edge to its last source. A side with no source on those edges keeps its own
    edge alone. The edge between the two rears is where a front may start, so a front
    is a line from it down to Rostov's row, as the rule draws it, and never a ring
    around a few source hexes.
    """
    assert board.rostov is not None
    southmost = board.north_south[board.rostov]
    game_map = board.game_map

    def in_band(hexes: tuple[Hex, ...]) -> list[Hex]:
        return [
            hex_
            for hex_ in hexes
            if hex_ in board.passable and board.north_south[hex_] <= southmost
        ]

    north = sorted(in_band(game_map.edge("north").hexes), key=lambda hex_: board.west_east[hex_])
    west = sorted(in_band(game_map.edge("west").hexes), key=lambda hex_: -board.north_south[hex_])
    east = sorted(in_band(game_map.edge("east").hexes), key=lambda hex_: -board.north_south[hex_])

    def rear(side: str, own_edge: list[Hex], along_north: list[Hex]) -> frozenset[Hex]:
        walk = own_edge + [hex_ for hex_ in along_north if hex_ not in own_edge]
        sources = {
            hex_
            for source in game_map.supply_sources
            if source.side == side
            for hex_ in source.hexes
        }
        reached = [index for index, hex_ in enumerate(walk) if hex_ in sources]
        return frozenset(walk[: reached[-1] + 1] if reached else own_edge)

    axis = rear(AXIS, west, north)
    return axis, rear(SOVIET, east, north[::-1]) - axis


def front_gaps(board: Board, forces: Forces, side: str) -> FrontGaps | None:
    """The gap hexes in ``side``'s continuous front (Continuous front).

    The front runs from the north or west edge to the east-west hex row through
    Rostov, in units or ZOC (here reaching into enemy-occupied hexes too). Read as a
    line that cuts the two sides' rears (:func:`rears`) apart on or north of that row:
    the gap count is the fewest uncovered hexes that, added to the covered ones, cut
    every path between them. Water hexes need no cover. With no front at all, that is
    every hex of a line from the north edge down to Rostov's row.
    """
    if board.rostov is None:
        return None
    southmost = board.north_south[board.rostov]
    band = frozenset(hex_ for hex_ in board.passable if board.north_south[hex_] <= southmost)
    covered = frozenset(forces.holders[side]) | frozenset(forces.zoc[side])
    axis_rear, soviet_rear = rears(board)
    gaps = fewest_separating_hexes(band, covered, axis_rear, soviet_rear, board.steps_across)
    return FrontGaps(side, tuple(sorted(gaps, key=board.label)))
