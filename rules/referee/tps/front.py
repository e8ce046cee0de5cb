"""The Turning Point: Stalingrad continuous front, measured as a minimum cut.

The front must run from the north or west edge to the east-west hex row through Rostov,
in units or their ZOC; each gap scores VP for the other side at the end of the side's
player turn (Continuous front). Read as a line that cuts the two sides' rears apart on
or north of that row, the gap count is the fewest uncovered hexes that would close
every way through — by Menger's theorem a unit-capacity maximum flow.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
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
    crossing_allowed: Mapping[Hex, frozenset[Hex]],
) -> tuple[Hex, ...]:
    """The fewest hexes of ``region`` outside ``covered`` that, with ``covered``, cut every
    path inside ``region`` from ``first`` to ``second``.

    Menger's theorem: that number equals the most paths from ``first`` to ``second`` that
    share no uncovered hex, so a unit-capacity maximum flow over uncovered hexes (each
    split into an entry and an exit node) finds it, and the hexes whose entry the last
    search still reaches but whose exit it does not are one smallest cut. Covered hexes
    are walls; ``crossing_allowed`` gives the neighbours each hex may be left toward.
    """
    open_hexes = sorted(region - covered)
    index = {hex_: number for number, hex_ in enumerate(open_hexes)}
    source, sink = 2 * len(open_hexes), 2 * len(open_hexes) + 1
    unlimited = len(open_hexes) + 1
    capacity: dict[tuple[int, int], int] = {}
    links: list[list[int]] = [[] for _ in range(2 * len(open_hexes) + 2)]

    def link(start: int, end: int, amount: int) -> None:
        if (start, end) not in capacity:
            links[start].append(end)
            links[end].append(start)
            capacity.setdefault((end, start), 0)
        capacity[(start, end)] = amount

    for hex_, number in index.items():
        link(2 * number, 2 * number + 1, 1)
        for other in crossing_allowed.get(hex_, frozenset()):
            if other in index:
                link(2 * number + 1, 2 * index[other], unlimited)
        if hex_ in first:
            link(source, 2 * number, unlimited)
        if hex_ in second:
            link(2 * number + 1, sink, unlimited)

    def residual_reach() -> dict[int, int]:
        parent = {source: source}
        queue = deque([source])
        while queue and sink not in parent:
            node = queue.popleft()
            for following in links[node]:
                if following not in parent and capacity[(node, following)] > 0:
                    parent[following] = node
                    queue.append(following)
        return parent

    while True:
        parent = residual_reach()
        if sink not in parent:
            break
        node = sink
        while node != source:
            before = parent[node]
            capacity[(before, node)] -= 1
            capacity[(node, before)] += 1
            node = before
    return tuple(hex_ for hex_, number in index.items() if 2 * number in parent and 2 * number + 1 not in parent)


def front_gaps(board: Board, forces: Forces, side: str) -> FrontGaps | None:
    """The gap hexes in ``side``'s continuous front (Continuous front).

    The front runs from the north or west edge to the east-west hex row through
    Rostov, in units or ZOC (here reaching into enemy-occupied hexes too). Read as a
    line that cuts the two sides' rears apart above that row: the gap count is the
    fewest uncovered hexes that, added to the covered ones, cut every path on or north
    of the Rostov row from the Axis rail supply sources (the west edge if the map
    names none) to the east edge and the Soviet sources. Water hexes need no cover.
    A line merely touching the west edge near Rostov cuts nothing off, so it does not
    count, while a front entering from the west edge behind the Axis sources does.
    """
    if board.rostov is None:
        return None
    southmost = board.north_south[board.rostov]
    band = frozenset(hex_ for hex_ in board.passable if board.north_south[hex_] <= southmost)
    covered = frozenset(forces.holders[side]) | frozenset(forces.zoc[side])
    game_map = board.game_map
    axis_rear = frozenset(hex_ for source in game_map.supply_sources if source.side == AXIS for hex_ in source.hexes)
    soviet_rear = frozenset(game_map.edge("east").hexes) | frozenset(
        hex_ for source in game_map.supply_sources if source.side == SOVIET for hex_ in source.hexes
    )
    first = (axis_rear & band) or (frozenset(game_map.edge("west").hexes) & band)
    gaps = fewest_separating_hexes(band, covered, first, soviet_rear & band, board.steps_across)
    return FrontGaps(side, tuple(sorted(gaps, key=board.label)))
