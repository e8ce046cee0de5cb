"""Who controls each Drive on Stalingrad hex, and which lines still stand (3.4, 7.14, 7.18,
11.23, 11.24).

A hex with units is controlled by their side; otherwise by the side a setting names
(towns taken and not retaken), otherwise by the side of the scenario's start line it
lies on. A source works unless the enemy occupies or controls it.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Mapping
from functools import cached_property

from rules.hexes import Hex
from rules.regions import region_without_crossing
from rules.referee.dos.board import Board
from rules.referee.dos.settings import BLUE, URANUS, Settings
from rules.referee.dos.units import AXIS, SOVIET, german
from rules.referee.engine import RefereeError
from rules.referee.position import Position


@dataclass(frozen=True, eq=False)
class Control:
    """Occupation, control and the state of the fortified lines in one position."""

    position: Position
    board: Board
    settings: Settings

    def __post_init__(self) -> None:
        """Settings the map contradicts are refused, each with its rule."""
        taman = self.taman_hexes
        if self.settings.taman_active and taman:
            where = ", ".join(self.board.label(hex_) for hex_ in sorted(taman))
            if self.settings.scenario == URANUS:
                raise self._refuse(
                    "taman_active",
                    f"Taman {where} is on the South map, which Uranus does not use (3.3)",
                )
            if taman & self.settings.control[SOVIET]:
                raise self._refuse(
                    "taman_active",
                    f"says an Axis unit entered Taman {where} and the Soviets have not "
                    "retaken it, but soviet_control lists it (3.4, 7.4)",
                )
        stray = sorted(self.settings.don_volga_destroyed - self.board.don_volga_line_hexes)
        if stray:
            raise self._refuse(
                "don_volga_destroyed",
                ", ".join(self.board.label(hex_) for hex_ in stray)
                + " is not a hex of the Don–Volga line (11.23)",
            )

    def _refuse(self, setting: str, message: str) -> RefereeError:
        return RefereeError(self.position.source, "settings", f"{setting}: {message}")

    @cached_property
    def taman_hexes(self) -> frozenset[Hex]:
        """Taman S1343, the Axis ultimate source once active (7.4)."""
        return self.board.source_hexes(AXIS, "ultimate_when_active")

    @cached_property
    def occupied_by(self) -> Mapping[str, frozenset[Hex]]:
        """Hexes holding each side's units."""
        return {
            side.id: frozenset(self.position.occupied(side.id)) for side in self.position.spec.sides
        }

    @cached_property
    def start_regions(self) -> Mapping[str, frozenset[Hex]]:
        """Each side's land on its side of the scenario's start line (3.4, 7.18), or nothing
        when the map has no start line or the line does not cut the map in two.

        The Axis side is what the Axis ultimate sources reach without crossing the line;
        Uranus is played on the North map alone (3.3), so its line need cut only that.
        """
        board = self.board
        scenario = self.settings.scenario
        line = board.game_map.lines.get(f"{scenario}_start", frozenset())
        if not line:
            return {}
        land = board.land if scenario == BLUE else board.land & board.board_hexes("North")
        axis_side = region_without_crossing(
            board.source_hexes(AXIS, "ultimate"), land, line | board.sides_with("lake_side")
        )
        if axis_side & board.source_hexes(SOVIET, "ultimate"):
            return {}
        return {AXIS: axis_side, SOVIET: land - axis_side}

    def control(self, hex_: Hex) -> str | None:
        """Who controls ``hex_`` (3.4): the side with units in it, else the one a setting
        names, else the side of the start line it lies on; None when nothing says.

        ``taman_active`` says an Axis unit has entered Taman and the Soviets have not
        retaken it: entering a hex takes control of it (3.4), so Taman is the Axis's.
        """
        for side, hexes in self.occupied_by.items():
            if hex_ in hexes:
                return side
        if self.settings.taman_active and hex_ in self.taman_hexes:
            return AXIS
        for side, hexes in self.settings.control.items():
            if hex_ in hexes:
                return side
        for side, region in self.start_regions.items():
            if hex_ in region:
                return side
        return None

    def functioning(self, side: str, hex_: Hex) -> bool:
        """A source works unless the enemy occupies or controls it (7.14, 7.18)."""
        enemy = self.position.other_side(side)
        return hex_ not in self.occupied_by[enemy] and self.control(hex_) != enemy

    @cached_property
    def destroyed_line_hexes(self) -> frozenset[Hex]:
        """Don–Volga line hexes a German unit has occupied, in an earlier turn (the
        setting) or now (11.23). Allied units do not destroy the line: the rule says German
        (1.5), and units beside the line, outside it, occupy none of its hexes."""
        german_units = frozenset(
            state.hex
            for state in self.position.units_of(AXIS)
            if state.hex is not None and german(state)
        )
        return self.settings.don_volga_destroyed | (german_units & self.board.don_volga_line_hexes)

    @cached_property
    def intact_line_hexes(self) -> frozenset[Hex]:
        """The Don–Volga line hexes that still stand (11.23)."""
        return self.board.don_volga_line_hexes - self.destroyed_line_hexes

    def on_intact_line(self, hex_: Hex) -> bool:
        """A unit in ``hex_`` defends on the standing Don–Volga line (11.23)."""
        return hex_ in self.intact_line_hexes

    def ring_intact(self) -> bool:
        """The Stalingrad ring works in Blue until an Axis unit has been inside it (11.24)."""
        return self.settings.scenario == BLUE and not self.settings.stalingrad_ring_broken
