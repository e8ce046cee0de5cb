"""Drive on Stalingrad movement (rule 9): costs by movement class, rivers, the freeze.

Each hex costs its terrain by the unit's movement class, plus each hexside crossed
(9.10–9.21); one hex is always allowed for the whole allowance (9.3); no unit enters a
hex with enemy units (9.4) except as a mechanized assault's target, which costs double
(9.24); a Blue reserve army's units stay put until it is released (8.4). Out of supply, or under coastal or air supply, and on Uranus turn 1
the allowance is halved (3.3, 7.5, 7.6, 7.15).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from rules.hexes import Hex, are_adjacent
from rules.referee.dos.board import Board
from rules.referee.dos.control import Control
from rules.referee.dos.reserves import RESERVE_RULE, Reserves
from rules.referee.dos.settings import URANUS, Settings
from rules.referee.dos.strength import halve
from rules.referee.dos.supply import SupplyLines
from rules.referee.paths import SEARCH_MARGIN, cheapest_path, no_path
from rules.referee.position import Position, UnitState
from rules.referee.prose import unit_ref
from rules.referee.verdict import State, Verdict


MINIMUM_MOVE_RULE = "9.3"
"""A unit may always move one hex in its movement phase by spending its whole allowance."""


@dataclass(frozen=True)
class PathCost:
    """What a move along a path costs one unit (rule 9): ``points`` is None when the move
    is not allowed, and ``problem`` then says why."""

    points: int | None
    entries: tuple[int, ...]
    rules: tuple[str, ...]
    problem: str = ""


@dataclass(frozen=True, eq=False)
class Movement:
    """What moves cost and whether the rules allow them, in one position."""

    position: Position
    board: Board
    control: Control
    supply: SupplyLines
    reserves: Reserves
    settings: Settings

    def allowance(self, state: UnitState) -> int:
        """Printed movement, halved out of supply or under coastal or air supply (7.5, 7.6,
        7.15) and on Uranus turn 1 (3.3), each halving rounding down but never below 1."""
        printed = state.current_step.movement or 0
        times = (0 if self.supply.supply_of(state).state.full_attack else 1) + (
            1 if self.settings.scenario == URANUS and self.position.turn == 1 else 0
        )
        return halve(printed, times)

    def entry_cost(self, state: UnitState, first: Hex, second: Hex) -> tuple[int | None, str]:
        """MP for ``state`` to step from ``first`` into ``second``: the hex's cost by movement
        class plus each hexside's (9.10–9.21); None with the rule when prohibited."""
        label = self.board.label
        frozen = self.settings.frozen
        if not are_adjacent(first, second) or second not in self.board.playable:
            return (
                None,
                f"{label(first)} to {label(second)} is not a step onto an adjacent map hex (9.1, 9.22)",
            )
        terrain_id = self.board.terrain(second)
        if frozen and terrain_id == "swamp":
            terrain_id = "clear"
        movement_class = state.unit.mobility
        types = self.position.spec.terrain_types
        cost = types[terrain_id].movement_cost(movement_class)
        if cost is None:
            return (
                None,
                f"{label(second)} is {terrain_id}, prohibited to {movement_class} units (9.13, 9.14, 9.19)",
            )
        for feature in sorted(self.board.hexside_features(first, second)):
            terrain = types[feature]
            if state.side in terrain.movement and terrain.movement[state.side] is None:
                return None, f"no {state.side} unit crosses the {terrain.name} (9.16)"
            if frozen and feature == "river":
                continue
            extra = terrain.movement_cost(movement_class)
            if extra is None:
                return (
                    None,
                    f"the {terrain.name} between {label(first)} and {label(second)} cannot be crossed (9.13, 9.19)",
                )
            cost += extra
        return cost, ""

    def minimum_move(self, state: UnitState, path: Sequence[Hex], assault: bool = False) -> bool:
        """Whether moving ``state`` along ``path`` is the one hex 9.3 lets a unit move for
        its whole allowance, whatever the hex costs: one step the rules allow at all (never
        into terrain or across a hexside it may not enter, never into enemy units), and
        never a mechanized assault, which 9.25 excludes."""
        return len(path) == 2 and not assault and self.cost(state, path).points is not None

    def cost(self, state: UnitState, path: Sequence[Hex], assault: bool = False) -> PathCost:
        """What moving ``state`` along ``path`` (its own hex first) costs (9.1–9.21).

        With ``assault`` the last hex is a mechanized assault's target and costs double
        (9.24); otherwise no hex may hold enemy units (9.4).
        """
        rules = ("9.1", "9.10-9.21") + (("9.24",) if assault else ())
        if not path or path[0] != state.hex:
            return PathCost(None, (), rules, "a path starts in the unit's own hex")
        hold = self.reserves.hold(state)
        if hold is not None and hold.held and len(path) > 1:
            return PathCost(
                None, (), rules + (RESERVE_RULE,), f"{hold.army} is held in reserve: {hold.reason}"
            )
        enemy = self.control.occupied_by[self.position.other_side(state.side)]
        entries: list[int] = []
        for index, (first, second) in enumerate(pairwise(path)):
            target = assault and index == len(path) - 2
            if second in enemy and not target:
                return PathCost(
                    None,
                    tuple(entries),
                    rules + ("9.4",),
                    f"{self.board.label(second)} holds enemy units (9.4)",
                )
            cost, problem = self.entry_cost(state, first, second)
            if cost is None:
                return PathCost(None, tuple(entries), rules, problem)
            entries.append(2 * cost if target else cost)
        return PathCost(sum(entries), tuple(entries), rules)

    def cheapest(self, state: UnitState, goal: Hex) -> Verdict:
        """Whether ``state``'s unit could have moved to ``goal``: the verdict on the
        cheapest legal path there (a log shows where a move ended, not its path); a move
        into enemy units is a mechanized assault on them, its target at double cost (9.24);
        one hex beyond the allowance is the move 9.3 always allows."""
        assert state.hex is not None
        allowance = self.allowance(state)
        enemy = self.control.occupied_by[self.position.other_side(state.side)]
        assault = goal in enemy

        def step_cost(first: Hex, second: Hex) -> int | None:
            if second in enemy and second != goal:
                return None
            cost = self.entry_cost(state, first, second)[0]
            return None if cost is None else (2 * cost if second == goal and assault else cost)

        found = cheapest_path(
            state.hex, goal, step_cost, self.board.playable, allowance + SEARCH_MARGIN
        )
        path = found[1] if found is not None else (state.hex, goal)
        paid = self.cost(state, path, assault=assault)
        direct = (state.hex, goal)
        minimum = (paid.points is None or paid.points > allowance) and self.minimum_move(
            state, direct, assault
        )
        if minimum:
            path, paid = direct, self.cost(state, direct)
        labels = self.board.labels(path)
        if paid.points is None:
            if found is None and not are_adjacent(state.hex, goal):
                return no_path(
                    state, goal, self.position, allowance, paid.rules, "enemy units, sea and lake"
                )
            return Verdict(
                unit_ref(state.unit.id),
                "movement",
                "illegal",
                paid.rules,
                paid.problem,
                labels,
                unit=state.unit.id,
                state="illegal",
            )
        outcome: State = "legal" if paid.points <= allowance or minimum else "illegal"
        steps = "; ".join(
            f"{label} {cost}" for label, cost in zip(labels[1:], paid.entries, strict=True)
        )
        kind = "mechanized assault, the target hex at double cost; " if assault else ""
        return Verdict(
            unit_ref(state.unit.id),
            "movement",
            "legal: the one-hex move a unit may always make" if minimum else outcome,
            paid.rules + ((MINIMUM_MOVE_RULE,) if minimum else ()),
            f"cheapest legal path: {kind}{paid.points} MP against an allowance of {allowance}: {steps}"
            + ("; one hex for the whole allowance" if minimum else ""),
            labels,
            {"cost": str(paid.points), "allowance": str(allowance)},
            state.unit.id,
            state=outcome,
        )
