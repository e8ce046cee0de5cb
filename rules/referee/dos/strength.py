"""Drive on Stalingrad combat strengths (1.3, 2.15, 7.5–7.16, 11.12, 11.19, 11.22, 11.26, 11.27).

A strength is printed (or, for "?", rolled, 2.15) and halved for supply, rivers and
panzers against cities; units halved alike are added first and the sum halved, rounding
down but never below 1 (1.3). Artillery counts no more than its hex's other units
(11.26); the 9th Flak alone counts 1 (11.27).
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Sequence
from fractions import Fraction

from rules.hexes import Hex
from rules.referee.dos.board import Board
from rules.referee.dos.settings import PREPARED, Settings
from rules.referee.dos.supply import SupplyLines
from rules.referee.dos.units import AXIS, FLAK_ARM, PANZER_ARM, SOVIET, artillery
from rules.referee.engine import RefereeError
from rules.referee.odds import Contribution
from rules.referee.position import Position, UnitState


def halve(strength: int, times: int = 1) -> int:
    """``strength`` halved ``times`` times, rounding down but never below 1 (1.3, 11.12).

    Rule 1.3's "half of 1 is 0" is arithmetic that never applies to a unit: halving a
    strength of 1 leaves 1. Callers halve a group's sum, not each unit (1.3).
    """
    for _ in range(times):
        strength = max(1, strength // 2) if strength > 0 else 0
    return strength


def total_strength(contributions: Sequence[Contribution]) -> Fraction:
    """Units halved alike are added first, then halved, rounding down (1.3, 11.12)."""
    groups: dict[int, Fraction] = {}
    for item in contributions:
        groups[item.halvings] = groups.get(item.halvings, Fraction(0)) + item.strength
    return sum((Fraction(halve(int(total), times)) for times, total in groups.items()), Fraction(0))


@dataclass(frozen=True, eq=False)
class Strengths:
    """Each unit's strength in the attacks of one position."""

    position: Position
    board: Board
    supply: SupplyLines
    settings: Settings

    def unrolled(self, state: UnitState, attacking: bool) -> bool:
        """Whether the strength is a "?" no roll has been stated for yet (2.15)."""
        step = state.current_step
        value = step.attack if attacking else step.defence
        return value is None and state.unit.id not in self.settings.question_rolls

    def printed(self, state: UnitState, attacking: bool) -> tuple[int, list[str]]:
        """The printed attack or defence, or the die roll a "?" stands for (2.14, 2.15)."""
        step = state.current_step
        value = step.attack if attacking else step.defence
        notes = ["untried, revealed (2.14)"] if "untried" in state.flags else []
        if value is None:
            roll = self.settings.question_rolls.get(state.unit.id)
            if roll is None:
                raise RefereeError(
                    self.position.source,
                    "settings",
                    f"rule 2.15: {state.unit.id}'s '?' {'attack' if attacking else 'defence'} is a die roll; "
                    f'state it as question_rolls = "{state.unit.id}=N"',
                )
            value = roll
            notes.append(f"'?' rolled {roll} (2.15)")
        return value, notes

    def attack_strength(self, state: UnitState) -> Contribution:
        """Printed (or rolled) attack, halved unless in full supply (7.5, 7.6, 7.15)."""
        value, notes = self.printed(state, attacking=True)
        finding = self.supply.supply_of(state)
        halvings = 0 if finding.state.full_attack else 1
        if halvings:
            notes.append(f"{finding.state}: halved with the others halved alike (1.3, 7.15)")
        assert state.hex is not None
        return Contribution(
            state.unit.id, self.board.label(state.hex), Fraction(value), "; ".join(notes), halvings
        )

    def defence_strength(self, state: UnitState) -> Contribution:
        """Printed (or rolled) defence, halved only out of supply (7.16)."""
        value, notes = self.printed(state, attacking=False)
        finding = self.supply.supply_of(state)
        halvings = 0 if finding.state.full_defence else 1
        if halvings:
            notes.append("out of supply: halved with the others halved alike (1.3, 7.16)")
        assert state.hex is not None
        return Contribution(
            state.unit.id, self.board.label(state.hex), Fraction(value), "; ".join(notes), halvings
        )

    def in_combat(
        self, defender_hex: Hex, attackers: Sequence[UnitState], defenders: Sequence[UnitState]
    ) -> tuple[tuple[Contribution, ...], tuple[Contribution, ...]]:
        """Strengths in this combat: the 9th Flak's 1 (11.27), artillery capped by its
        hex's other units (11.26), halvings for rivers (11.19) and panzers against cities
        (11.22) on top of supply."""
        prepared = self.settings.attack == PREPARED
        frozen = self.settings.frozen
        attack_items = []
        for state in attackers:
            assert state.hex is not None
            item = self.attack_strength(state)
            notes = [item.note] if item.note else []
            value, halvings = item.strength, item.halvings
            comrades = [
                other for other in attackers if other.hex == state.hex and other is not state
            ]
            if state.unit.arm == FLAK_ARM and not comrades:
                value = Fraction(1)
                notes.append("9th Flak with no other unit of its hex attacking: 1 (11.27)")
            features = self.board.hexside_features(state.hex, defender_hex)
            if (
                prepared
                and not artillery(state)
                and ("volga" in features or ("river" in features and not frozen))
            ):
                halvings += 1
                notes.append("across a river: halved (11.19)")
            if (
                prepared
                and state.side == AXIS
                and state.unit.arm == PANZER_ARM
                and self.board.is_city(defender_hex)
            ):
                halvings += 1
                notes.append("panzer division against a city: halved (11.22)")
            attack_items.append(
                Contribution(item.unit, item.hex, value, "; ".join(notes), halvings)
            )
        attack_items = cap_artillery(attackers, attack_items, bombardment=True)
        defence_items = []
        for state in defenders:
            item = self.defence_strength(state)
            if (
                state.unit.arm == FLAK_ARM
                and len(defenders) == 1
                and self.position.other_side(state.side) == SOVIET
            ):
                item = Contribution(
                    item.unit,
                    item.hex,
                    Fraction(1),
                    "; ".join(
                        filter(None, [item.note, "9th Flak alone attacked by Soviets: 1 (11.27)"])
                    ),
                    item.halvings,
                )
            defence_items.append(item)
        return tuple(attack_items), tuple(
            cap_artillery(defenders, defence_items, bombardment=False)
        )


def cap_artillery(
    states: Sequence[UnitState], items: list[Contribution], bombardment: bool
) -> list[Contribution]:
    """Artillery counts no more than the other units of its hex in the combat (11.26);
    alone in a hex it defends with 1, and bombarding across water (11.20) it is capped
    by the non-artillery attackers wherever they stand."""
    others_by_hex: dict[Hex | None, Fraction] = {}
    for state, item in zip(states, items, strict=True):
        if not artillery(state):
            others_by_hex[state.hex] = others_by_hex.get(state.hex, Fraction(0)) + item.strength
    everyone = sum(others_by_hex.values(), Fraction(0))
    left = dict(others_by_hex)
    capped = []
    for state, item in zip(states, items, strict=True):
        if not artillery(state):
            capped.append(item)
            continue
        if state.hex in left:
            cap = left[state.hex]
        else:
            cap = everyone if bombardment else Fraction(1)
            left[state.hex] = cap
        value = min(item.strength, max(cap, Fraction(0 if bombardment else 1)))
        left[state.hex] = max(Fraction(0), left[state.hex] - value)
        note = (
            item.note
            if value == item.strength
            else "; ".join(
                filter(None, [item.note, f"artillery capped at {value} by the other units (11.26)"])
            )
        )
        capped.append(Contribution(item.unit, item.hex, value, note, item.halvings))
    return capped
