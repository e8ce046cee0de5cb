"""Who stands where, and the zones of control units exert (the ``zoc`` rule)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property

from rules.game_rules import ZocRule
from rules.hexes import Hex, neighbours
from rules.referee.hexboard import HexBoard
from rules.referee.position import Position, UnitState
from rules.referee.prose import Prose, unit_ref, unit_refs
from rules.referee.verdict import Place, Verdict


class Forces:
    """The units of each side by hex, and the hexes each side's zone of control covers."""

    def __init__(self, position: Position, board: HexBoard, rule: ZocRule | None) -> None:
        self.position = position
        self.board = board
        self.rule = rule

    @cached_property
    def occupied(self) -> Mapping[str, Mapping[Hex, list[UnitState]]]:
        """Per side, the hexes its units stand in."""
        return {side.id: self.position.occupied(side.id) for side in self.position.spec.sides}

    @cached_property
    def zoc(self) -> Mapping[str, Mapping[Hex, list[UnitState]]]:
        """Per side, each hex its zone of control covers, with the units exerting it: the
        six hexes around every unit but those of the ``not_exerted_by`` arms."""
        zones: dict[str, dict[Hex, list[UnitState]]] = {}
        for side in self.position.spec.sides:
            zone: dict[Hex, list[UnitState]] = {}
            if self.rule is not None:
                for state in self.position.units_of(side.id):
                    if state.unit.arm in self.rule.not_exerted_by:
                        continue
                    assert state.hex is not None
                    for around in neighbours(state.hex):
                        if around in self.board.playable:
                            zone.setdefault(around, []).append(state)
            zones[side.id] = zone
        return zones

    def enemy_units(self, side: str) -> Mapping[Hex, list[UnitState]]:
        """The hexes ``side``'s enemies stand in."""
        return self.occupied[self.position.other_side(side)]

    def enemy_zoc(self, side: str) -> Mapping[Hex, list[UnitState]]:
        """The hexes in ``side``'s enemies' zone of control."""
        return self.zoc[self.position.other_side(side)]

    def verdicts(self) -> list[Verdict]:
        """One verdict per hex whose units stand in enemy ZOC: a state, not a breach."""
        if self.rule is None:
            return []
        verdicts = []
        for side in self.position.spec.sides:
            enemy_zoc = self.enemy_zoc(side.id)
            for hex_, states in sorted(self.occupied[side.id].items()):
                exerting = enemy_zoc.get(hex_)
                if not exerting:
                    continue
                verdicts.append(
                    Verdict(
                        subject=f"hex {self.board.label(hex_)}",
                        topic="zone of control",
                        outcome="in enemy ZOC",
                        rules=(self.rule.section,),
                        explanation="exerted by "
                        + Prose(", ").join(
                            (
                                unit_ref(state.unit.id) + f" in {self.board.label(state.hex)}"
                                for state in exerting
                                if state.hex is not None
                            ),
                        ),
                        details={"units": unit_refs(state.unit.id for state in states)},
                        place=Place("hex", self.board.label(hex_)),
                    )
                )
        return verdicts
