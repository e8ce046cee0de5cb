"""Combat (the ``combat`` rule): printed strengths, halved out of supply and rounded as
the data says, and the column shifts and die modifiers unit kinds bring to an attack."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from math import ceil, floor

from rules.game_rules import CombatRule, Role, Rounding
from rules.hexes import Hex
from rules.model import TerrainType
from rules.referee.hexboard import HexBoard
from rules.referee.mechanisms.supply import SupplyLines
from rules.referee.odds import AttackProblem, Contribution, Modifier
from rules.referee.position import UnitState
from rules.referee.prose import unit_ref


def halved(strength: int, rounding: Rounding) -> Fraction:
    """Half of ``strength``, rounded as the game says."""
    half = Fraction(strength, 2)
    if rounding is Rounding.DOWN:
        return Fraction(floor(half))
    if rounding is Rounding.UP:
        return Fraction(ceil(half))
    return half


class Combat:
    """Strengths and unit-kind modifiers of attacks."""

    def __init__(
        self, board: HexBoard, supply: SupplyLines, rule: CombatRule, supply_section: str
    ) -> None:
        self.board = board
        self.supply = supply
        self.rule = rule
        self.supply_section = supply_section

    def strength(self, state: UnitState, effect: str) -> Contribution:
        """The unit's ``effect`` ("attack" or "defence") strength, halved out of supply."""
        assert state.hex is not None
        step = state.current_step
        printed = step.attack if effect == "attack" else step.defence
        value = printed or 0
        label = self.board.label(state.hex)
        if self.supply.halves(state, effect):
            return Contribution(
                state.unit.id,
                label,
                halved(value, self.rule.rounding),
                f"{value} halved out of supply (rule {self.supply_section}), "
                f"rounded {self.rule.rounding}",
            )
        return Contribution(state.unit.id, label, Fraction(value))

    def kind_modifiers(
        self, defender_hex: Hex, attackers: Sequence[UnitState], defenders: Sequence[UnitState]
    ) -> list[Modifier]:
        """Each unit kind's modifier, once per attack, when a unit of its arm takes part on
        its side and the defender's terrain is one it names."""
        terrain = self.board.terrain(defender_hex)
        modifiers = []
        for modifier in self.rule.modifiers:
            taking_part = attackers if modifier.role is Role.ATTACKER else defenders
            if modifier.terrain and terrain not in modifier.terrain:
                continue
            if any(state.unit.arm == modifier.arm for state in taking_part):
                modifiers.append(
                    Modifier(
                        f"{modifier.arm} {modifier.role}",
                        (modifier.section,),
                        modifier.column_shift,
                        modifier.die_modifier,
                    )
                )
        return modifiers

    def attack_problems(
        self,
        defender_hex: Hex,
        attackers: Sequence[UnitState],
        terrains: Mapping[str, TerrainType],
    ) -> list[AttackProblem]:
        """Attacks across a hexside whose terrain forbids attacking across it."""
        problems = []
        for state in attackers:
            assert state.hex is not None
            for feature in sorted(self.board.hexside_features(state.hex, defender_hex)):
                terrain = terrains[feature]
                if terrain.attack_prohibited:
                    problems.append(
                        AttackProblem(
                            unit_ref(state.unit.id)
                            + f" in {self.board.label(state.hex)} may not attack "
                            f"across the {terrain.name.lower()} hexside",
                            (terrain.provenance.source or self.rule.section,),
                        )
                    )
        return problems
