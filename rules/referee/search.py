"""Hex searches: one multi-source breadth-first search answers "how far, and by which
path" for every hex at once.

Supply in both hex games is "a line of at most N hexes from the unit to a source, not
through certain hexes". Searching outward from all of a side's sources together gives
every unit's answer from one search per side instead of one per unit; the parent links
give each unit's traced path for the explanation.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TypeVar

from rules.hexes import Hex, neighbours

StepAllowed = Callable[[Hex, Hex], bool]
"""``allowed(from_hex, to_hex)``: may a line step from one hex into the adjacent one?"""

Kind = TypeVar("Kind")
"""What a caller calls a kind of source (a name, an enum, ``None`` for just one kind)."""


@dataclass(frozen=True)
class Reach:
    """Distances (in hexes) from the nearest source, and the way back to it."""

    distance: Mapping[Hex, int]
    toward_source: Mapping[Hex, Hex]

    def path_to_source(self, hex_: Hex) -> tuple[Hex, ...]:
        """The hexes from ``hex_`` back to its source, both included."""
        if hex_ not in self.distance:
            raise KeyError(f"{hex_} was not reached")
        path = [hex_]
        while path[-1] in self.toward_source:
            path.append(self.toward_source[path[-1]])
        return tuple(path)


def reach(sources: Iterable[Hex], allowed: StepAllowed, limit: int | None = None) -> Reach:
    """Breadth-first search outward from every source at once.

    ``limit`` bounds the distance; distances count the hexes entered, so a source is at
    0 and its neighbours at 1 — the rules' convention of not counting the starting hex
    and counting the far one (DoS 7.12, 8.4, 12.3). The search steps from a reached
    hex ``a`` into ``b`` only when ``allowed(a, b)``; a supply line traced from unit to
    source uses the same hexes in reverse, so callers whose rules are not symmetric
    give ``allowed`` the line's own direction (see :func:`reversed_step`).
    """
    return reach_by_kind({None: sources}, allowed, limit)[None]


def reach_by_kind(
    sources: Mapping[Kind, Iterable[Hex]], allowed: StepAllowed, limit: int | None = None
) -> dict[Kind, Reach]:
    """One breadth-first search from several kinds of source, each kind's distances kept apart.

    Rules that grade a line by what it reaches (TPS: a rail line within 8 hexes, a supply
    unit within 4, the east edge within 4) need the nearest source of every kind, not
    just the nearest source. The kinds spread together from one queue — layer by layer,
    so every kind's distances are breadth-first ones — and ``allowed`` is asked once per
    step whichever kinds take it. The result equals one :func:`reach` per kind.
    """
    distance: dict[Kind, dict[Hex, int]] = {kind: {} for kind in sources}
    toward: dict[Kind, dict[Hex, Hex]] = {kind: {} for kind in sources}
    verdicts: dict[tuple[Hex, Hex], bool] = {}
    queue: deque[tuple[Kind, Hex]] = deque()
    for kind, hexes in sources.items():
        for source in sorted(set(hexes)):
            distance[kind][source] = 0
            queue.append((kind, source))
    while queue:
        kind, current = queue.popleft()
        reached = distance[kind]
        if limit is not None and reached[current] >= limit:
            continue
        for following in neighbours(current):
            if following in reached:
                continue
            step = (current, following)
            if step not in verdicts:
                verdicts[step] = allowed(current, following)
            if not verdicts[step]:
                continue
            reached[following] = reached[current] + 1
            toward[kind][following] = current
            queue.append((kind, following))
    return {kind: Reach(distance[kind], toward[kind]) for kind in sources}


def reversed_step(allowed: StepAllowed) -> StepAllowed:
    """The same rule for a search run from the far end of the line."""
    return lambda first, second: allowed(second, first)
