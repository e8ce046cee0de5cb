"""Movement (the ``movement`` and ``zoc`` rules): what a move along a path costs, and what
forbids it — terrain and hexsides priced ``prohibited`` for the unit's mobility, enemy
units, going on after entering an enemy zone of control, an allowance overspent."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from math import floor

from rules.game_rules import GameRules
from rules.hexes import Hex, are_adjacent
from rules.model import TerrainType
from rules.referee.hexboard import HexBoard
from rules.referee.mechanisms.forces import Forces
from rules.referee.mechanisms.supply import SupplyLines
from rules.referee.paths import SEARCH_MARGIN, cheapest_path, no_path
from rules.referee.position import Position, UnitState
from rules.referee.prose import Prose, unit_ref
from rules.referee.verdict import Verdict


@dataclass(frozen=True)
class StepProblem:
    """Why one step of a move is forbidden, with the rule that says so."""

    text: str
    rules: tuple[str, ...]


class Movement:
    """Movement costs and allowances."""

    def __init__(
        self,
        board: HexBoard,
        forces: Forces,
        supply: SupplyLines,
        rules: GameRules,
        terrains: Mapping[str, TerrainType],
    ) -> None:
        self.board = board
        self.forces = forces
        self.supply = supply
        self.rules = rules
        self.terrains = terrains

    def allowance(self, state: UnitState) -> int:
        """The printed movement allowance, halved (rounded down) out of supply when the
        game's supply rule says so."""
        printed = state.current_step.movement or 0
        return floor(printed / 2) if self.supply.halves(state, "movement") else printed

    def step_cost(
        self, state: UnitState, from_hex: Hex, to_hex: Hex
    ) -> tuple[int, list[StepProblem]]:
        """The MP to step from one hex into the next, and what forbids the step."""
        label = self.board.label(to_hex)
        movement = self.rules.movement.section
        if not are_adjacent(from_hex, to_hex):
            return 0, [
                StepProblem(f"{label} is not adjacent to {self.board.label(from_hex)}", (movement,))
            ]
        if to_hex not in self.board.playable:
            return 0, [StepProblem(f"{label} is off the map", (movement,))]
        problems = []
        if to_hex in self.forces.enemy_units(state.side):
            problems.append(StepProblem(f"an enemy unit stands in {label}", (movement,)))
        mobility = state.unit.mobility
        cost = 0
        for feature in sorted(self.board.hexside_features(from_hex, to_hex)):
            terrain = self.terrains[feature]
            extra = terrain.movement_cost(mobility)
            if extra is None:
                problems.append(
                    StepProblem(
                        f"{mobility} units may not cross the {terrain.name.lower()} hexside "
                        f"into {label}",
                        (movement,),
                    )
                )
            else:
                cost += extra
        terrain = self.terrains[self.board.terrain(to_hex)]
        entry = terrain.movement_cost(mobility)
        if entry is None:
            problems.append(
                StepProblem(
                    f"{mobility} units may not enter {terrain.name.lower()} ({label})",
                    (movement,),
                )
            )
        else:
            cost += entry
        zoc = self.rules.zoc
        if zoc is not None:
            enemy_zoc = self.forces.enemy_zoc(state.side)
            cost += (zoc.exit_cost if from_hex in enemy_zoc else 0) + (
                zoc.entry_cost if to_hex in enemy_zoc else 0
            )
        return cost, problems

    def cost(self, state: UnitState, path: Sequence[Hex]) -> tuple[int | None, list[Verdict]]:
        """MP for ``state`` to move along ``path`` (its own hex first), and one verdict:
        the move's cost within its allowance, or each reason it is not allowed (None)."""
        assert state.hex is not None and path and path[0] == state.hex
        problems: list[StepProblem] = []
        total = 0
        zoc = self.rules.zoc
        enemy_zoc = self.forces.enemy_zoc(state.side)
        for index, (from_hex, to_hex) in enumerate(zip(path, path[1:], strict=False)):
            if zoc is not None and zoc.stop and index > 0 and from_hex in enemy_zoc:
                problems.append(
                    StepProblem(
                        f"entered enemy ZOC in {self.board.label(from_hex)} and must stop there",
                        (zoc.section,),
                    )
                )
            cost, found = self.step_cost(state, from_hex, to_hex)
            total += cost
            problems += found
        allowance = self.allowance(state)
        rules = [self.rules.movement.section]
        halved_by = ""
        if self.supply.halves(state, "movement") and self.rules.supply is not None:
            rules.append(self.rules.supply.section)
            halved_by = " (halved out of supply)"
        if total > allowance:
            problems.append(
                StepProblem(
                    f"costs {total} MP, over its allowance of {allowance}{halved_by}", tuple(rules)
                )
            )
        labels = self.board.labels(path)
        details = {"cost": str(total), "allowance": str(allowance)}
        subject = unit_ref(state.unit.id)
        if problems:
            return None, [
                Verdict(
                    subject,
                    "movement",
                    "not allowed",
                    tuple(dict.fromkeys(rule for problem in problems for rule in problem.rules)),
                    Prose("; ").join(problem.text for problem in problems),
                    path=labels,
                    details=details,
                    unit=state.unit.id,
                    violation=True,
                    state="illegal",
                )
            ]
        if zoc is not None and any(hex_ in enemy_zoc for hex_ in path[1:]):
            rules.append(zoc.section)
        return total, [
            Verdict(
                subject,
                "movement",
                "allowed",
                tuple(rules),
                f"costs {total} MP of its allowance of {allowance}{halved_by}",
                path=labels,
                details=details,
                unit=state.unit.id,
                state="legal",
            )
        ]

    def cheapest(self, state: UnitState, goal: Hex, position: Position) -> Verdict:
        """Whether ``state``'s unit could have moved to ``goal`` in ``position``: the
        verdict on the cheapest legal path there (a log shows where a move ended, not its
        path) — no step a rule forbids, none on after entering an enemy zone of control
        that stops movement — or why no path exists within its reach."""
        assert state.hex is not None
        start = state.hex
        allowance = self.allowance(state)
        zoc = self.rules.zoc
        enemy_zoc = self.forces.enemy_zoc(state.side)

        def step_cost(first: Hex, second: Hex) -> int | None:
            if zoc is not None and zoc.stop and first != start and first in enemy_zoc:
                return None
            cost, problems = self.step_cost(state, first, second)
            return None if problems else cost

        found = cheapest_path(
            start, goal, step_cost, self.board.playable, allowance + SEARCH_MARGIN
        )
        if found is None and are_adjacent(start, goal):
            # The one step there, with each reason the rules forbid it.
            _, (direct,) = self.cost(state, (start, goal))
            return replace(
                direct,
                outcome=direct.state or direct.outcome,
                explanation="no legal path: " + direct.explanation,
            )
        if found is None:
            return no_path(
                state,
                goal,
                position,
                allowance,
                (self.rules.movement.section,),
                "enemy units, prohibited terrain and hexsides, zones of control",
            )
        _, (verdict,) = self.cost(state, found[1])
        return replace(
            verdict,
            outcome=verdict.state or verdict.outcome,
            explanation="cheapest legal path: " + verdict.explanation,
        )
