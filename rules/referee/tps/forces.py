"""Who stands where in Turning Point: Stalingrad, and the zones of control they exert.

Every unit but air units (both pieces) and Soviet supply units has a ZOC on the six hexes
around it (ZOC): the engine's zones (:mod:`rules.referee.mechanisms.forces`), the arms
that exert none and the +3 to enter and +2 to leave being the game's ``[referee.zoc]``
data. What TPS adds: interdiction flights' zones (:mod:`rules.referee.tps.air`), flights
in the air that stand in no hex, and its own report. Units in an enemy ZOC are reported
for information: the ZOC costs movement and closes supply lines where no friendly unit
stands.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property

from rules.game_rules import ZocRule
from rules.hexes import Hex
from rules.referee.mechanisms.forces import Forces as Zones
from rules.referee.position import Position, UnitState
from rules.referee.tps.air import AirMissions
from rules.referee.tps.board import Board
from rules.referee.tps.sections import RULES
from rules.referee.tps.units import AXIS, SOVIET, stands_in_hex
from rules.referee.prose import Prose, unit_ref, unit_refs
from rules.referee.verdict import Place, Verdict


class Forces(Zones):
    """The pieces standing in hexes and the zones of control of each side."""

    def __init__(
        self, position: Position, board: Board, rule: ZocRule | None, air: AirMissions
    ) -> None:
        super().__init__(position, board, rule)
        self.board: Board = board
        self.air = air

    @property
    def entry_cost(self) -> int:
        """MP to enter an enemy ZOC (ZOC: +3)."""
        return self.rule.entry_cost if self.rule is not None else 0

    @property
    def exit_cost(self) -> int:
        """MP to leave an enemy ZOC (ZOC: +2)."""
        return self.rule.exit_cost if self.rule is not None else 0

    @cached_property
    def holders(self) -> Mapping[str, Mapping[Hex, list[UnitState]]]:
        """Per side, the hexes its pieces stand in (flights in the air excluded)."""
        result: dict[str, dict[Hex, list[UnitState]]] = {
            side.id: {} for side in self.position.spec.sides
        }
        for state in self.position.units:
            if state.hex is not None and stands_in_hex(state):
                result[state.side].setdefault(state.hex, []).append(state)
        return result

    def enemy_zoc_for_movement(self, side: str) -> frozenset[Hex]:
        """Hexes where ``side``'s units pay ZOC costs: enemy ground and interdiction ZOC."""
        enemy = self.position.other_side(side)
        return frozenset(self.zoc[enemy]) | frozenset(self.air.interdiction[enemy])

    def zones_of_control(self) -> list[Verdict]:
        """Hexes whose units stand in enemy ZOC (ground or interdiction), for information."""
        verdicts = []
        label = self.board.label
        for side in (AXIS, SOVIET):
            enemy = self.position.other_side(side)
            for hex_, states in sorted(self.holders[side].items()):
                ground = self.zoc[enemy].get(hex_, [])
                flights = self.air.interdiction[enemy].get(hex_, [])
                if not ground and not flights:
                    continue
                exerting = [
                    unit_ref(other.unit.id) + f" ({label(other.hex)})"
                    for other in ground
                    if other.hex is not None
                ]
                exerting += [
                    "flight " + unit_ref(other.unit.id) + " on interdiction" for other in flights
                ]
                rules = (RULES["zoc"], RULES["interdiction"]) if flights else (RULES["zoc"],)
                verdicts.append(
                    Verdict(
                        subject=f"hex {label(hex_)}",
                        topic="zone of control",
                        outcome="in enemy ZOC",
                        rules=rules,
                        explanation=unit_refs(state.unit.id for state in states)
                        + " in the ZOC of "
                        + Prose(", ").join(exerting)
                        + f": +{self.exit_cost} MP to leave, supply lines pass only "
                        "while a friendly unit stands here",
                        details={"units": unit_refs(state.unit.id for state in states)},
                        place=Place("hex", label(hex_)),
                    )
                )
        return verdicts

    def placement_problems(self) -> list[Verdict]:
        """Pieces standing in hexes no unit may enter (all-sea, all-lake)."""
        verdicts = []
        types = self.position.spec.terrain_types
        for state in self.position.units:
            if state.hex is None or not stands_in_hex(state):
                continue
            terrain = self.board.terrain_of_hex[state.hex]
            if types[terrain].movement_cost("all") is None:
                verdicts.append(
                    Verdict(
                        unit_ref(state.unit.id),
                        "placement",
                        "illegal",
                        (RULES["terrain"],),
                        f"stands in {self.board.label(state.hex)}, a {terrain} hex no unit may enter",
                        unit=state.unit.id,
                        violation=True,
                    )
                )
        return verdicts
