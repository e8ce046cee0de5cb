"""The optional Axis hold orders: on the first game turn, Axis units that start on their own
fortified line neither move nor attack (選択ルール: 枢軸軍の死守命令).

The option is used only with the historical set-ups (Axis order of battle A or C), whose
hexes the scenario data gives; a unit "starts on the line" when its set-up hex is an Axis
fortified hex. "Game turn 1" is read as the scenario's first turn (the 16 December
scenarios begin on turn 15). A position of that turn shows a held unit off its set-up
hex as a breach, and ``odds`` refuses an attack one of them takes part in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property

from rules.hexes import Hex
from rules.referee.position import Position, UnitState
from rules.referee.tps.board import FORTIFIED_TERRAIN, Board
from rules.referee.tps.sections import RULES
from rules.referee.tps.units import AXIS
from rules.referee.prose import unit_ref
from rules.referee.verdict import Verdict

HISTORICAL_ORDERS_OF_BATTLE = ("A", "C")
"""The Axis order-of-battle options whose set-up is history's, the only ones the option
is used with."""


@dataclass(frozen=True, eq=False)
class HoldOrders:
    """Which Axis units the hold orders keep in place in one position, if the option is on."""

    position: Position
    board: Board
    chosen: bool

    @cached_property
    def held(self) -> Mapping[str, Hex]:
        """Each held unit's set-up hex: none unless the option is chosen and this is the
        scenario's first turn (the settings refuse the option without a historical set-up)."""
        scenario = self.position.spec.scenarios.get(self.position.scenario or "")
        if not self.chosen or scenario is None or self.position.turn != scenario.first_turn:
            return {}
        fortified = FORTIFIED_TERRAIN[AXIS]
        held = {}
        for placement in scenario.setup:
            found = self.position.spec.parse_hex(placement.location)
            unit = self.position.spec.units.get(placement.unit)
            if unit is None or found is None or unit.side != AXIS:
                continue
            if self.board.terrain_of_hex.get(found[1]) == fortified:
                held[placement.unit] = found[1]
        return held

    def verdicts(self) -> list[Verdict]:
        """Each held unit on the map: in its set-up hex, or moved against its orders."""
        verdicts = []
        label = self.board.label
        for state in self.position.units:
            start = self.held.get(state.unit.id)
            if start is None or state.hex is None:
                continue
            moved = state.hex != start
            verdicts.append(
                Verdict(
                    subject=unit_ref(state.unit.id),
                    topic="hold orders",
                    outcome="moved under hold orders" if moved else "held",
                    rules=(RULES["hold_orders"],),
                    explanation=(
                        f"set up on the Axis fortified line in {label(start)}, it may neither move "
                        f"nor attack on turn {self.position.turn}"
                        + (f", yet stands in {label(state.hex)}" if moved else "")
                    ),
                    details={"hex": label(state.hex), "set-up hex": label(start)},
                    unit=state.unit.id,
                    violation=moved,
                    state="illegal" if moved else "legal",
                )
            )
        return verdicts

    def held_attackers(self, attackers: Sequence[UnitState]) -> list[str]:
        """The attackers the hold orders forbid to attack."""
        return [state.unit.id for state in attackers if state.unit.id in self.held]
