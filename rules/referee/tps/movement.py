"""Turning Point: Stalingrad movement: terrain costs, ZOC costs, the one-hex move, rail moves.

Each hex costs its terrain (Movement), +2 if it is an enemy fortified hex, +3 to enter an
enemy ZOC and +2 to leave one; these add up. Out of supply or isolated, the allowance is
halved and rounded down (Supply (C)). Axis reinforcements may move 30 hexes by rail on
their turn of arrival, never through an enemy ZOC (Movement (K)).
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Sequence
from itertools import pairwise
from math import floor

from rules.hexes import Hex, are_adjacent
from rules.model import Unit
from rules.referee.engine import RefereeError
from rules.referee.paths import SEARCH_MARGIN, cheapest_path, no_path
from rules.referee.position import Position, UnitState
from rules.referee.tps.board import FORTIFIED_TERRAIN, Board
from rules.referee.tps.forces import Forces
from rules.referee.tps.sections import RULES
from rules.referee.tps.supply import SupplyLines, supply_effects
from rules.referee.tps.units import AXIS, is_flight
from rules.referee.prose import unit_ref
from rules.referee.verdict import State, Verdict
from rules.referee.wording import hexes

REINFORCEMENT_RAIL_HEXES = 30


@dataclass(frozen=True, eq=False)
class Movement:
    """What moves cost and whether the rules allow them, in one position."""

    position: Position
    board: Board
    forces: Forces
    supply: SupplyLines

    def allowance(self, state: UnitState) -> int:
        """The printed allowance, halved and rounded down out of supply or isolated (Supply (C))."""
        printed = state.current_step.movement or 0
        return floor(printed * supply_effects(self.supply.by_unit[state.unit.id].state).movement)

    def cost(self, state: UnitState, path: Sequence[Hex]) -> tuple[int | None, list[Verdict]]:
        """MP for ``state`` to move along ``path`` (its own hex first), and whether it may.

        Each hex costs its terrain (Movement), +2 if it is an enemy fortified hex, +3 to
        enter an enemy ZOC and +2 to leave one (+5 from one into another); these add up.
        A unit may always move one hex, however short of MP, except straight from one
        enemy ZOC hex into another. ``cost`` is None when a step is prohibited.
        """
        label = self.board.label
        if state.hex is None or not path or path[0] != state.hex:
            raise RefereeError(
                self.position.source, state.unit.id, "a path starts in the unit's own hex"
            )
        if len(path) < 2:
            raise RefereeError(
                self.position.source, state.unit.id, "a path needs at least one hex to enter"
            )
        for first, second in pairwise(path):
            if not are_adjacent(first, second):
                raise RefereeError(
                    self.position.source,
                    state.unit.id,
                    f"{label(first)} and {label(second)} are not adjacent",
                )
        subject = unit_ref(state.unit.id)
        rules = (RULES["movement"], RULES["terrain"], RULES["zoc"])
        if is_flight(state.unit):
            return None, [
                Verdict(
                    subject,
                    "movement",
                    "illegal",
                    (RULES["air_units"],),
                    "a flight flies missions; only its ground echelon moves",
                    state="illegal",
                )
            ]
        enemy_zoc = self.forces.enemy_zoc_for_movement(state.side)
        total = 0
        items = []
        for first, second in pairwise(path):
            cost, note = self.step_cost(state, first, second, enemy_zoc)
            if cost is None:
                return None, [
                    Verdict(
                        subject,
                        "movement",
                        "illegal",
                        rules,
                        note,
                        path=self.board.labels(path),
                        state="illegal",
                    )
                ]
            total += cost
            items.append(f"{label(second)} {cost} ({note})")
        allowance = self.allowance(state)
        zoc_to_zoc = path[0] in enemy_zoc and path[1] in enemy_zoc
        found: State = "illegal"
        outcome = "illegal"
        if total <= allowance:
            found, outcome = "legal", "legal"
        elif len(path) == 2 and not zoc_to_zoc:
            found, outcome = "legal", "legal: the one-hex move a unit may always make"
        explanation = f"{total} MP against an allowance of {allowance}: " + "; ".join(items)
        if found == "illegal" and len(path) == 2:
            explanation += "; the one-hex minimum does not cover a move straight from one enemy ZOC into another"
        return total, [
            Verdict(
                subject,
                "movement",
                outcome,
                rules,
                explanation,
                path=self.board.labels(path),
                details={"cost": str(total), "allowance": str(allowance)},
                state=found,
            )
        ]

    def cheapest(self, state: UnitState, goal: Hex) -> Verdict:
        """Whether ``state``'s unit could have moved to ``goal``: the verdict on the
        cheapest legal path there (a log shows where a move ended, not its path), or on
        the direct step when the goal is adjacent and no path is legal (the one-hex move
        a unit may always make), or why no path exists."""
        assert state.hex is not None
        rules = (RULES["movement"], RULES["terrain"], RULES["zoc"])
        allowance = self.allowance(state)
        enemy_zoc = self.forces.enemy_zoc_for_movement(state.side)
        found = cheapest_path(
            state.hex,
            goal,
            lambda first, second: self.step_cost(state, first, second, enemy_zoc)[0],
            self.board.terrain_of_hex,
            allowance + SEARCH_MARGIN,
        )
        verdict = None if found is None else self.cost(state, found[1])[1][0]
        if are_adjacent(state.hex, goal) and (verdict is None or verdict.state == "illegal"):
            direct = self.cost(state, (state.hex, goal))[1][0]
            verdict = direct if verdict is None or direct.state != "illegal" else verdict
        if verdict is None:
            return no_path(
                state, goal, self.position, allowance, rules, "enemy units, sea and lake"
            )
        return Verdict(
            verdict.subject,
            verdict.topic,
            verdict.outcome,
            verdict.rules,
            "cheapest legal path: " + verdict.explanation,
            verdict.path,
            verdict.details,
            state.unit.id,
            state=verdict.state,
        )

    def step_cost(
        self, state: UnitState, first: Hex, second: Hex, enemy_zoc: frozenset[Hex]
    ) -> tuple[int | None, str]:
        """MP for ``state`` to step from ``first`` into the adjacent ``second``, with what
        the cost is made of; None with the reason when the step is prohibited.

        ``enemy_zoc`` is :meth:`Forces.enemy_zoc_for_movement` for the unit's side, passed
        in so that a search over many steps computes it once.
        """
        label = self.board.label
        name = label(second)
        enemy = self.position.other_side(state.side)
        types = self.position.spec.terrain_types
        mobility = state.unit.mobility
        terrain = types[self.board.terrain_of_hex[second]]
        entry = terrain.movement_cost(mobility)
        crossing = [
            types[feature].movement_cost(mobility)
            for feature in self.board.hexside_features(first, second)
        ]
        if entry is None or None in crossing:
            return None, f"{name} cannot be entered from {label(first)} (sea or lake)"
        if second in self.forces.holders[enemy]:
            return None, f"{name} holds enemy units"
        cost = entry + sum(value for value in crossing if value is not None)
        parts = [f"terrain {cost}"]
        if self.board.terrain_of_hex[second] == FORTIFIED_TERRAIN[enemy]:
            cost += terrain.enemy_entry_cost
            parts.append(f"+{terrain.enemy_entry_cost} enemy fortified hex")
        if first in enemy_zoc:
            cost += self.forces.exit_cost
            parts.append(f"+{self.forces.exit_cost} leaving enemy ZOC")
        if second in enemy_zoc:
            cost += self.forces.entry_cost
            parts.append(f"+{self.forces.entry_cost} entering enemy ZOC")
        return cost, ", ".join(parts)

    def reinforcement_rail_move(self, unit: Unit, path: Sequence[Hex]) -> tuple[int, list[Verdict]]:
        """An Axis reinforcement's rail move on its turn of arrival (Movement (K)).

        It enters on a rail hex and follows rail lines for up to 30 hexes, the entry hex
        counted as the first; it may neither enter nor pass through an enemy ZOC (nor an
        enemy unit's hex). Soviet units never move by rail. Returns the hexes counted.
        """
        rules = (RULES["rail_movement"],)
        label = self.board.label
        problems = []
        if unit.side != AXIS:
            problems.append("only Axis reinforcements move by rail")
        if not path or path[0] not in self.board.rail_hexes:
            problems.append("the move starts on a rail hex")
        for first, second in pairwise(path):
            if (first, second) not in self.board.rail_links:
                problems.append(f"{label(first)} to {label(second)} is not along a rail line")
        if len(path) > REINFORCEMENT_RAIL_HEXES:
            problems.append(f"{hexes(len(path))}, more than {REINFORCEMENT_RAIL_HEXES}")
        enemy = self.position.other_side(unit.side)
        enemy_zoc = self.forces.enemy_zoc_for_movement(unit.side)
        for hex_ in path:
            if hex_ in enemy_zoc:
                problems.append(f"{label(hex_)} is in an enemy ZOC")
            if hex_ in self.forces.holders[enemy]:
                problems.append(f"{label(hex_)} holds enemy units")
        outcome: State = "illegal" if problems else "legal"
        explanation = (
            "; ".join(problems)
            if problems
            else f"{hexes(len(path), 'rail')} of {REINFORCEMENT_RAIL_HEXES}, no enemy ZOC"
        )
        return len(path), [
            Verdict(
                unit_ref(unit.id),
                "rail movement",
                outcome,
                rules,
                explanation,
                path=self.board.labels(path),
                details={"hexes": str(len(path))},
                state=outcome,
            )
        ]
