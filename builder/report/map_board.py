"""What the report page needs of a map, hex or area: one protocol that the hex board
(:mod:`builder.report.board`) and the area map (:mod:`builder.report.areas`) both meet."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol
from xml.etree import ElementTree

from builder.report.board import LegendEntry
from builder.report.svg import Point
from rules.referee.position import UnitState


class MapBoard(Protocol):
    """What the page needs of a map, hex or area: where places are and how to draw it."""

    @property
    def hex_size(self) -> float: ...

    @property
    def counter_size(self) -> float: ...

    def location_of(self, state: UnitState) -> str | None: ...

    def point(self, location: str) -> Point: ...

    def stacks_at(
        self, location: str, states: Sequence[UnitState]
    ) -> list[tuple[Point, tuple[UnitState, ...]]]: ...

    def outline(self, location: str) -> list[Point]: ...

    def frame(self) -> tuple[float, float, float, float]: ...

    def locations(self) -> dict[str, Point]: ...

    def draw(self) -> ElementTree.Element: ...

    def legend(self) -> list[LegendEntry]: ...
