"""A position: where every unit is, with how many steps, at which turn and phase.

Positions come from a TOML position file (:mod:`rules.referee.position_file`) or from a
saved game of our modules (``builder.saves``); the referee sees only this.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from rules.hexes import Hex
from rules.model import GameMap, GameSpec, Unit, UnitStep

if TYPE_CHECKING:
    # Only Rattenkrieg's positions hold cards; a hex game never loads them.
    from rules.referee.card_places import CardPlaces


@dataclass(frozen=True)
class UnitState:
    """One unit on the map: its hex (or area) and the steps it has left.

    ``flags`` hold per-unit states the rules track, e.g. ``untried`` (DoS 2.14) or
    ``flying`` for an air unit's flight on a mission (TPS).
    """

    unit: Unit
    location: str
    hex: Hex | None
    steps: int
    flags: frozenset[str] = frozenset()

    @property
    def side(self) -> str:
        return self.unit.side

    @property
    def reduced(self) -> bool:
        """True when the unit has lost at least one step."""
        return self.steps < len(self.unit.steps)

    @property
    def current_step(self) -> UnitStep:
        """The values printed on the side the unit shows with the steps it has left (its
        printed steps run from full strength down)."""
        return self.unit.steps[len(self.unit.steps) - self.steps]


@dataclass(frozen=True)
class Position:
    """Everything the referee judges: units, eliminated units, markers, turn, switches.

    ``settings`` carry the game-specific switches a position must state (e.g. whether
    Taman is active, DoS 7.4); each game's referee documents the ones it reads.
    ``setting_lines`` says on which line of ``source`` each was written, so that an
    error in one names its line.
    An area game adds ``control``, the side each area was last seen controlled by
    (control markers, or the position file), which empty areas keep (RKS 3.6), and a
    card game ``cards``, where every card lies.
    """

    spec: GameSpec
    scenario: str | None
    turn: int
    phase: str | None
    weather: str | None
    units: tuple[UnitState, ...]
    eliminated: tuple[Unit, ...] = ()
    markers: Mapping[str, tuple[Hex, ...]] = field(default_factory=dict)
    settings: Mapping[str, str] = field(default_factory=dict)
    source: str = ""
    setting_lines: Mapping[str, int] = field(default_factory=dict)
    control: Mapping[str, str] = field(default_factory=dict)
    cards: CardPlaces | None = None
    pieces: Mapping[str, str] = field(default_factory=dict)
    """Each unit's piece id in the save it was read from, for a save of a module Stavka
    did not build (an adopted game), whose pieces carry no unit ids: the plugin points
    at the module's own pieces by these."""

    @property
    def game_map(self) -> GameMap:
        """The hex map the units stand on."""
        for game_map in self.spec.maps:
            if game_map.hex_map is not None:
                return game_map
        raise ValueError(f"{self.spec.id} has no hex map")

    def units_of(self, side: str) -> list[UnitState]:
        """The units of ``side`` on the map."""
        return [state for state in self.units if state.side == side and state.hex is not None]

    def occupied(self, side: str) -> dict[Hex, list[UnitState]]:
        """Hexes holding ``side``'s units, with the units in each."""
        result: dict[Hex, list[UnitState]] = {}
        for state in self.units_of(side):
            assert state.hex is not None
            result.setdefault(state.hex, []).append(state)
        return result

    def setting(self, name: str, default: str = "") -> str:
        """A game switch's value (see the game's referee for the names it reads)."""
        return self.settings.get(name, default)

    def setting_place(self, name: str) -> str | int:
        """Where a setting was written: its line, or the ``settings`` table."""
        return self.setting_lines.get(name, "settings")

    def label(self, hex_: Hex) -> str:
        """The printed number of ``hex_``."""
        return self.game_map.label(hex_)

    def other_side(self, side: str) -> str:
        """The opponent of ``side``."""
        return next(other.id for other in self.spec.sides if other.id != side)


def setup_position(spec: GameSpec, scenario_id: str) -> Position:
    """The position a scenario's set-up gives on its first turn, before anyone moves.

    Used to check that each scenario starts the way the rules expect (every unit in
    supply) without building a module.
    """
    scenario = spec.scenarios[scenario_id]
    units = []
    for placement in scenario.setup:
        found = spec.parse_hex(placement.location)
        steps = (
            placement.steps
            if placement.steps is not None
            else len(spec.units[placement.unit].steps)
        )
        units.append(
            UnitState(
                spec.units[placement.unit],
                placement.location,
                None if found is None else found[1],
                steps,
            )
        )
    return Position(
        spec=spec,
        scenario=scenario_id,
        turn=scenario.first_turn,
        phase=None,
        weather=None,
        units=tuple(units),
        source=f"{spec.id} scenario {scenario_id} set-up",
    )
