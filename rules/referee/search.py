"""Searches over a map's places: one multi-source breadth-first search answers "how far,
and by which path" for every place at once.

Supply in both hex games is "a line of at most N hexes from the unit to a source, not
through certain hexes". Searching outward from all of a side's sources together gives
every unit's answer from one search per side instead of one per unit; the parent links
give each unit's traced path for the explanation. The places are hexes unless the caller
says otherwise: an area game passes its areas' adjacency as ``adjacent`` and walks its
area graph with the same search.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar, cast

from rules.hexes import Hex, neighbours


class Place(Protocol):
    """What a search walks: hashable and sortable, so every result is reproducible."""

    def __hash__(self) -> int: ...

    def __lt__(self, other: Any, /) -> bool: ...


Node = TypeVar("Node", bound=Place)
"""A place of the map searched: a :class:`Hex`, or an area's id."""

StepAllowed = Callable[[Hex, Hex], bool]
"""``allowed(from_hex, to_hex)``: may a line step from one hex into the adjacent one?"""

Kind = TypeVar("Kind")
"""What a caller calls a kind of source (a name, an enum, ``None`` for just one kind)."""


@dataclass(frozen=True)
class Reach(Generic[Node]):
    """Distances (in steps) from the nearest source, and the way back to it."""

    distance: Mapping[Node, int]
    toward_source: Mapping[Node, Node]

    def path_to_source(self, place: Node) -> tuple[Node, ...]:
        """The places from ``place`` back to its source, both included."""
        if place not in self.distance:
            raise KeyError(f"{place} was not reached")
        path = [place]
        while path[-1] in self.toward_source:
            path.append(self.toward_source[path[-1]])
        return tuple(path)

    def within(self, limit: int) -> Reach[Node]:
        """What the same search bounded by ``limit`` finds: a breadth-first search reaches
        each place within the limit by the same step with or without it, so one full
        search answers both "how far" and "within reach"."""
        return Reach(
            {place: steps for place, steps in self.distance.items() if steps <= limit},
            {
                place: toward
                for place, toward in self.toward_source.items()
                if self.distance[place] <= limit
            },
        )


def reach(
    sources: Iterable[Node],
    allowed: Callable[[Node, Node], bool],
    limit: int | None = None,
    adjacent: Callable[[Node], Iterable[Node]] | None = None,
) -> Reach[Node]:
    """Breadth-first search outward from every source at once.

    ``limit`` bounds the distance; distances count the places entered, so a source is at
    0 and its neighbours at 1 — the rules' convention of not counting the starting hex
    and counting the far one (DoS 7.12, 8.4, 12.3). The search steps from a reached
    place ``a`` into ``b`` only when ``allowed(a, b)``; a supply line traced from unit to
    source uses the same places in reverse, so callers whose rules are not symmetric
    give ``allowed`` the line's own direction, from the far end. ``adjacent`` gives each
    place's neighbours: the six around a hex unless the caller says otherwise.
    """
    return reach_by_kind({None: sources}, allowed, limit, adjacent)[None]


def reach_by_kind(
    sources: Mapping[Kind, Iterable[Node]],
    allowed: Callable[[Node, Node], bool],
    limit: int | None = None,
    adjacent: Callable[[Node], Iterable[Node]] | None = None,
) -> dict[Kind, Reach[Node]]:
    """One breadth-first search from several kinds of source, each kind's distances kept apart.

    Rules that grade a line by what it reaches (TPS: a rail line within 8 hexes, a supply
    unit within 4, the east edge within 4) need the nearest source of every kind, not
    just the nearest source. The kinds spread together from one queue — layer by layer,
    so every kind's distances are breadth-first ones — and ``allowed`` is asked once per
    step whichever kinds take it. The result equals one :func:`reach` per kind.
    """
    around = (
        adjacent if adjacent is not None else cast(Callable[[Node], Iterable[Node]], neighbours)
    )
    distance: dict[Kind, dict[Node, int]] = {kind: {} for kind in sources}
    toward: dict[Kind, dict[Node, Node]] = {kind: {} for kind in sources}
    verdicts: dict[tuple[Node, Node], bool] = {}
    several_kinds = len(sources) > 1
    queue: deque[tuple[Kind, Node]] = deque()
    for kind, places in sources.items():
        for source in sorted(set(places)):
            distance[kind][source] = 0
            queue.append((kind, source))
    while queue:
        kind, current = queue.popleft()
        reached = distance[kind]
        further = reached[current] + 1
        if limit is not None and further > limit:
            continue
        back = toward[kind]
        for following in around(current):
            if following in reached:
                continue
            if several_kinds:
                # Another kind may already have asked about this step.
                step = (current, following)
                verdict = verdicts.get(step)
                if verdict is None:
                    verdict = verdicts[step] = allowed(current, following)
            else:
                verdict = allowed(current, following)
            if verdict:
                reached[following] = further
                back[following] = current
                queue.append((kind, following))
    return {kind: Reach(distance[kind], toward[kind]) for kind in sources}


def without_loops(path: Sequence[Node]) -> tuple[Node, ...]:
    """``path`` with every stretch that comes back to a place it passed cut out.

    A line joined from legs (a unit's line to its nearest source, then that source's leg
    onward) can double back over its own hexes; the line a player traces never does, and
    cutting the loop leaves a line no longer than any of its legs.
    """
    kept: list[Node] = []
    where: dict[Node, int] = {}
    for place in path:
        if place in where:
            del kept[where[place] + 1 :]
            where = {step: index for index, step in enumerate(kept)}
        else:
            where[place] = len(kept)
            kept.append(place)
    return tuple(kept)
