"""Turning Point: Stalingrad combat: strengths, terrain, close support, surprise, Kampfgruppen.

The odds are rounded for the defender onto the CRT's columns from 1-3 to 9-1 (CRT note).
Out of supply halves attack strength without rounding and isolation makes it zero
(Supply (C)); supply and air units cannot attack and defend at 1 (Supply and air units
(K)). Terrain gives die modifiers that do not add up (never below -2); close support
adds +2 and cancels them (Air missions (1)); first-turn surprise shifts columns.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from rules.hexes import Hex, are_adjacent
from rules.model import Unit
from rules.referee.odds import AttackProblem, Contribution, Modifier
from rules.referee.position import Position, UnitState
from rules.referee.prose import Prose, unit_ref
from rules.referee.tps.air import AirMissions
from rules.referee.tps.board import FORTIFIED_TERRAIN, Board
from rules.referee.tps.sections import RULES
from rules.referee.tps.supply import SupplyLines, SupplyState, supply_effects
from rules.referee.tps.units import (
    AXIS,
    is_air_unit,
    is_flight,
    is_ground_echelon,
    is_kampfgruppe,
    is_motorised,
    is_supply_unit,
    printed_strength,
)
from rules.referee.verdict import Verdict

CLOSE_SUPPORT_DIE_MODIFIER = 2
LOWEST_DIE_MODIFIER = -2
KAMPFGRUPPE_LARGE_FROM = 6
KAMPFGRUPPE_LARGE = 2
KAMPFGRUPPE_SMALL = 1
SUPPLY_AND_AIR_DEFENCE = 1


@dataclass(frozen=True)
class KampfgruppeReplacement:
    """What eliminating a unit leaves behind (Kampfgruppen (G, R, S)).

    ``strength`` is the Kampfgruppe's strength (0 when none replaces the unit);
    ``exchange_loss`` what an Ex or 1/2Ex result makes the Soviet attacker remove: the
    unit's original printed strength (halved for 1/2Ex, without rounding), never the
    original less the Kampfgruppe.
    """

    unit: str
    strength: int
    exchange_loss: Fraction | None
    verdict: Verdict


def kampfgruppe_for(unit: Unit, result: str | None = None) -> KampfgruppeReplacement:
    """The Kampfgruppe that replaces an eliminated German motorised unit, if any.

    A German motorised unit (not itself a Kampfgruppe) becomes a 2-8 Kampfgruppe when its
    printed strength is 6 or more, else a 1-8. ``result`` (``Ex`` or ``1/2Ex``) adds what
    the Soviet attacker must remove, counted from the original strength.
    """
    rules = (RULES["kampfgruppe"],)
    strength = printed_strength(unit)
    eligible = unit.nationality == "german" and is_motorised(unit) and not is_kampfgruppe(unit)
    eligible = eligible and not is_air_unit(unit)
    if not eligible:
        reason = (
            "it is a Kampfgruppe"
            if is_kampfgruppe(unit)
            else "only German motorised units form Kampfgruppen"
        )
        verdict = Verdict(
            unit.id, "Kampfgruppe", "no Kampfgruppe", rules, f"no replacement: {reason}"
        )
        return KampfgruppeReplacement(unit.id, 0, None, verdict)
    kampfgruppe = KAMPFGRUPPE_LARGE if strength >= KAMPFGRUPPE_LARGE_FROM else KAMPFGRUPPE_SMALL
    loss: Fraction | None = None
    explanation = (
        f"printed strength {strength} is {'at least' if kampfgruppe == KAMPFGRUPPE_LARGE else 'below'} "
        f"{KAMPFGRUPPE_LARGE_FROM}: replaced by a {kampfgruppe}-8 Kampfgruppe, which does not retreat"
    )
    if result in ("Ex", "1/2Ex"):
        loss = Fraction(strength) if result == "Ex" else Fraction(strength, 2)
        explanation += f"; {result}: the attacker removes at least {loss} strength points, from the original {strength}"
    verdict = Verdict(
        unit_ref(unit.id),
        "Kampfgruppe",
        f"{kampfgruppe}-8 Kampfgruppe",
        rules,
        explanation,
        details={"strength": str(strength), "kampfgruppe": str(kampfgruppe)},
    )
    return KampfgruppeReplacement(unit.id, kampfgruppe, loss, verdict)


@dataclass(frozen=True, eq=False)
class Combat:
    """The strengths and modifiers of attacks in one position."""

    position: Position
    board: Board
    supply: SupplyLines
    air: AirMissions

    def cannot_attack(self, state: UnitState) -> str | None:
        """Why a unit may not attack, if it may not (Supply and air units (K), Supply (C))."""
        if is_air_unit(state.unit) or is_supply_unit(state.unit):
            return "supply and air units cannot attack"
        if self.supply.by_unit[state.unit.id].state == SupplyState.ISOLATED:
            return "isolated: attack strength zero, no attack"
        return None

    def attack_strength(self, state: UnitState) -> Contribution:
        """Printed attack, halved without rounding out of supply, zero isolated (Supply (C))."""
        assert state.hex is not None
        reason = self.cannot_attack(state)
        if reason is not None:
            return Contribution(state.unit.id, self.board.label(state.hex), Fraction(0), reason)
        supply = self.supply.by_unit[state.unit.id].state
        strength = Fraction(state.current_step.attack or 0) * supply_effects(supply).attack
        note = "" if supply == SupplyState.SUPPLIED else f"{supply}: attack halved, not rounded"
        return Contribution(state.unit.id, self.board.label(state.hex), strength, note)

    def defence_strength(self, state: UnitState) -> Contribution:
        """Printed defence, whatever the supply; supply and air units defend at 1 (K)."""
        assert state.hex is not None
        label = self.board.label(state.hex)
        if is_flight(state.unit):
            return Contribution(
                state.unit.id, label, Fraction(0), "defends with its ground echelon as one air unit"
            )
        if is_ground_echelon(state.unit) or is_supply_unit(state.unit):
            return Contribution(
                state.unit.id,
                label,
                Fraction(SUPPLY_AND_AIR_DEFENCE),
                "supply and air units defend at 1",
            )
        return Contribution(state.unit.id, label, Fraction(state.current_step.defence or 0))

    def attack_problems(
        self, defender_hex: Hex, attackers: Sequence[UnitState]
    ) -> list[AttackProblem]:
        """Units that cannot attack, sea and lake hexsides (Terrain effects table)."""
        problems = []
        able = [state for state in attackers if self.cannot_attack(state) is None]
        if not able:
            problems.append(
                AttackProblem(
                    "no unit in the attack can attack ("
                    + Prose("; ").join(
                        (
                            unit_ref(state.unit.id) + f": {self.cannot_attack(state)}"
                            for state in attackers
                        ),
                    )
                    + ")",
                    (RULES["supply_and_air_units"], RULES["supply_effects"]),
                )
            )
        types = self.position.spec.terrain_types
        for state in able:
            assert state.hex is not None
            if are_adjacent(state.hex, defender_hex) and any(
                types[feature].attack_prohibited
                for feature in self.board.hexside_features(state.hex, defender_hex)
            ):
                problems.append(
                    AttackProblem(
                        unit_ref(state.unit.id)
                        + f" in {self.board.label(state.hex)} would attack across a "
                        "sea or lake hexside",
                        (RULES["terrain"],),
                    )
                )
        return problems

    def modifiers(
        self, defender_hex: Hex, attackers: Sequence[UnitState], defenders: Sequence[UnitState]
    ) -> list[Modifier]:
        """Terrain (river if every attacker crosses one, the defender's own fortified hex),
        close support, first-turn surprise."""
        side = attackers[0].side
        defending = defenders[0].side
        able = [
            state
            for state in attackers
            if self.cannot_attack(state) is None and state.hex is not None
        ]
        types = self.position.spec.terrain_types
        terrain: list[tuple[str, int]] = []
        for feature, kind in sorted(types.items()):
            if (
                kind.kind == "hexside"
                and kind.combat_die_modifier
                and able
                and all(
                    feature in self.board.hexside_features(state.hex, defender_hex)
                    for state in able
                    if state.hex is not None
                )
            ):
                terrain.append(
                    (
                        f"every attacker attacks across a {kind.name.lower()}",
                        kind.combat_die_modifier,
                    )
                )
        hex_terrain = self.board.terrain_of_hex[defender_hex]
        if hex_terrain == FORTIFIED_TERRAIN[defending] and types[hex_terrain].combat_die_modifier:
            terrain.append(
                (
                    f"defender in its own fortified hex {self.board.label(defender_hex)}",
                    types[hex_terrain].combat_die_modifier,
                )
            )
        support = [
            state
            for state in self.air.flights_on(side, "close_support")
            if state.hex == defender_hex
        ]
        modifiers = []
        if support:
            modifiers.append(
                Modifier(
                    "close support by " + unit_ref(support[0].unit.id),
                    (RULES["close_support"],),
                    die_modifier=CLOSE_SUPPORT_DIE_MODIFIER,
                )
            )
        applied = min(terrain, key=lambda item: item[1]) if terrain and not support else None
        for name, value in terrain:
            if support:
                modifiers.append(
                    Modifier(f"{name}: cancelled by close support", (RULES["terrain"],))
                )
            elif (name, value) == applied:
                modifiers.append(Modifier(name, (RULES["terrain"],), die_modifier=value))
            else:
                modifiers.append(
                    Modifier(
                        f"{name}: not added, terrain effects do not add up ({applied[0]} applies)"
                        if applied
                        else name,
                        (RULES["terrain"],),
                    )
                )
        surprise = self._surprise(defending, defenders)
        if surprise is not None:
            modifiers.append(surprise)
        return modifiers

    def _surprise(self, defending: str, defenders: Sequence[UnitState]) -> Modifier | None:
        """Turn 1: two columns right if every defender is an Axis ally, one if a German defends."""
        if self.position.turn != 1 or defending != AXIS:
            return None
        if any(state.unit.nationality == "german" for state in defenders):
            return Modifier(
                "first-turn surprise: a German unit defends", (RULES["surprise"],), column_shift=1
            )
        return Modifier(
            "first-turn surprise: every defender an Axis ally", (RULES["surprise"],), column_shift=2
        )


def combined_die_modifier(modifiers: Sequence[Modifier]) -> int:
    """Terrain effects do not add up: the die modifier is never below -2 (Terrain effects table)."""
    return max(LOWEST_DIE_MODIFIER, sum(modifier.die_modifier for modifier in modifiers))
