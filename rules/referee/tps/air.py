"""Air units in Turning Point: Stalingrad: flights on missions, where they may be based.

An air unit is two pieces, its ground echelon and its flight. A flight in the air
(``flying``) stands in the hex it flies to and does what the ``air_missions`` setting
says: interdiction exerts a ZOC on its hex and the six around it, close support helps
an attack on its hex, combat air patrol closes its hex to enemy missions (Air missions
(1)-(3)). A flight on the ground is based on its own ground echelon (Air units).
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Mapping
from functools import cached_property

from rules.hexes import Hex, neighbours
from rules.referee.position import Position, UnitState
from rules.referee.tps.board import Board
from rules.referee.tps.sections import RULES
from rules.referee.tps.settings import Settings
from rules.referee.tps.units import AXIS, SOVIET, is_flight, is_ground_echelon
from rules.referee.verdict import Verdict


@dataclass(frozen=True, eq=False)
class AirMissions:
    """The flights in the air of a position and what their missions do."""

    position: Position
    board: Board
    settings: Settings

    def flights_on(self, side: str, mission: str) -> list[UnitState]:
        """``side``'s flights flying ``mission``."""
        return [
            state for state in self.position.units_of(side)
            if "flying" in state.flags and self.settings.missions.get(state.unit.id) == mission
        ]

    @cached_property
    def interdiction(self) -> Mapping[str, Mapping[Hex, list[UnitState]]]:
        """Per side, the hexes its interdiction flights hold in a ZOC: their own and the six around."""
        result: dict[str, dict[Hex, list[UnitState]]] = {side.id: {} for side in self.position.spec.sides}
        for side in result:
            for state in self.flights_on(side, "interdiction"):
                assert state.hex is not None
                for other in (state.hex, *neighbours(state.hex)):
                    if other in self.board.playable:
                        result[side].setdefault(other, []).append(state)
        return result

    def problems(self) -> list[Verdict]:
        """Flights based where the rules forbid, and missions the rules forbid."""
        verdicts = []
        label = self.board.label
        for state in self.position.units:
            if state.hex is None:
                continue
            if is_flight(state.unit) and "flying" not in state.flags:
                air_unit = state.unit.properties.get("air_unit", "")
                if not any(
                    is_ground_echelon(other.unit) and other.unit.properties.get("air_unit", "") == air_unit
                    and other.hex == state.hex
                    for other in self.position.units
                ):
                    verdicts.append(Verdict(state.unit.id, "placement", "illegal", (RULES["air_units"],),
                                            f"a flight is based only on its own ground echelon (air unit "
                                            f"{air_unit}), which is not in {label(state.hex)}"))
            if "flying" in state.flags and state.unit.id not in self.settings.missions:
                verdicts.append(Verdict(state.unit.id, "air mission", "mission not stated", (RULES["air_units"],),
                                        "a flying flight needs its mission in the air_missions setting; "
                                        "it is given no effect"))
        for side in (AXIS, SOVIET):
            enemy = self.position.other_side(side)
            patrolled = {state.hex for state in self.flights_on(enemy, "combat_air_patrol")}
            support: dict[Hex, list[str]] = {}
            for state in self.flights_on(side, "close_support"):
                assert state.hex is not None
                support.setdefault(state.hex, []).append(state.unit.id)
            for hex_, flights in sorted(support.items()):
                if len(flights) > 1:
                    verdicts.append(Verdict(f"hex {label(hex_)}", "air mission", "illegal",
                                            (RULES["close_support"],),
                                            f"{len(flights)} close-support flights ({', '.join(flights)}); "
                                            "one a hex at most"))
            for mission in ("close_support", "interdiction"):
                for state in self.flights_on(side, mission):
                    if state.hex in patrolled:
                        assert state.hex is not None
                        verdicts.append(Verdict(state.unit.id, "air mission", "illegal",
                                                (RULES["combat_air_patrol"],),
                                                f"{mission.replace('_', ' ')} into {label(state.hex)}, "
                                                "a hex under enemy combat air patrol"))
        return verdicts
