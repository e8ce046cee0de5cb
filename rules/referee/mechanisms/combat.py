"""Combat (the ``combat`` rule): printed strengths, halved out of supply and rounded as
the data says, the column shifts and die modifiers of terrain, of the hexsides attacked
across and of conditioned modifiers (:mod:`~rules.referee.mechanisms.conditions`), and the
limit on shifts."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from fractions import Fraction

from rules.game_rules import CombatRule
from rules.hexes import Hex
from rules.model import TerrainType
from rules.referee.hexboard import HexBoard
from rules.referee.mechanisms.conditions import AttackFacts, holds
from rules.referee.mechanisms.hexsides import attacked_across
from rules.referee.mechanisms.odds import halved
from rules.referee.mechanisms.supply import SupplyLines
from rules.referee.odds import AttackProblem, Contribution, Modifier
from rules.referee.position import UnitState
from rules.referee.prose import unit_ref


class Combat:
    """Strengths and modifiers of attacks."""

    def __init__(
        self,
        board: HexBoard,
        supply: SupplyLines,
        rule: CombatRule,
        supply_section: str,
        terrains: Mapping[str, TerrainType],
    ) -> None:
        self.board = board
        self.supply = supply
        self.rule = rule
        self.supply_section = supply_section
        self.terrains = terrains

    def strength(self, state: UnitState, effect: str) -> Contribution:
        """The unit's ``effect`` ("attack" or "defence") strength, halved out of supply."""
        assert state.hex is not None
        step = state.current_step
        printed = step.attack if effect == "attack" else step.defence
        value = printed or 0
        label = self.board.label(state.hex)
        if self.supply.halves(state, effect):
            rounding = self.rule.halving(effect)
            return Contribution(
                state.unit.id,
                label,
                halved(value, rounding),
                f"{value} halved out of supply (rule {self.supply_section}), rounded {rounding}",
            )
        return Contribution(state.unit.id, label, Fraction(value))

    def crossed(self, defender_hex: Hex, attackers: Sequence[UnitState]) -> list[Collection[str]]:
        """The hexside features each attacker attacks across."""
        return [
            self.board.hexside_features(state.hex, defender_hex)
            for state in attackers
            if state.hex is not None
        ]

    def terrain_modifiers(
        self, defender_hex: Hex, crossed: Sequence[Collection[str]]
    ) -> list[Modifier]:
        """The defender's hex terrain's shift and die modifier, then each hexside feature's
        that the attack counts (every attacker across it, or any for ``combat_across =
        "any"``), each citing its terrain's combat section."""
        modifiers = []
        hex_terrain = self.terrains[self.board.terrain(defender_hex)]
        for effect in (hex_terrain, *attacked_across(crossed, self.terrains)):
            if effect.combat_column_shift or effect.combat_die_modifier:
                modifiers.append(
                    Modifier(
                        effect.name,
                        (effect.section("combat"),),
                        effect.combat_column_shift,
                        effect.combat_die_modifier,
                    )
                )
        return modifiers

    def conditioned_modifiers(self, facts: AttackFacts) -> list[Modifier]:
        """Each ``[[referee.combat.modifier]]`` whose conditions hold, once per attack."""
        return [
            Modifier(
                modifier.name, (modifier.section,), modifier.column_shift, modifier.die_modifier
            )
            for modifier in self.rule.modifiers
            if holds(modifier.conditions, facts)
        ]

    def shift_limited(self, modifiers: Sequence[Modifier]) -> list[Modifier]:
        """``modifiers``, with one more that brings their net shift within the game's
        limit when they pass it."""
        limit = self.rule.odds.shift_limit
        shift = sum(modifier.column_shift for modifier in modifiers)
        if limit is None or abs(shift) <= limit:
            return list(modifiers)
        kept = limit if shift > 0 else -limit
        return [
            *modifiers,
            Modifier(
                f"shift limit ({shift:+d} held to {kept:+d})", (self.rule.section,), kept - shift
            ),
        ]

    def attack_problems(
        self, defender_hex: Hex, attackers: Sequence[UnitState]
    ) -> list[AttackProblem]:
        """Attacks across a hexside whose terrain forbids attacking across it."""
        problems = []
        for state in attackers:
            assert state.hex is not None
            for feature in sorted(self.board.hexside_features(state.hex, defender_hex)):
                terrain = self.terrains[feature]
                if terrain.attack_prohibited:
                    problems.append(
                        AttackProblem(
                            unit_ref(state.unit.id)
                            + f" in {self.board.label(state.hex)} may not attack "
                            f"across the {terrain.name.lower()} hexside",
                            (
                                terrain.sections.get("combat")
                                or terrain.provenance.source
                                or self.rule.section,
                            ),
                        )
                    )
        return problems
