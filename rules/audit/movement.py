"""Whether a logged move was possible: the cheapest legal path from where the unit
stood when its phase began to where the log leaves it.

The costs are the referees' own (TPS ``Movement.step_cost`` and ``cost``, DoS
``Movement.entry_cost`` and ``cost``); this module only searches the paths between and
hands the cheapest one back to the referee for its verdict, so a path shown here costs
what ``stavka check`` would say it costs. Supply, and with it the allowance, and enemy
zones of control are those at the start of the phase, when the move began.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cached_property
from typing import TYPE_CHECKING, cast

from rules.hexes import Hex, are_adjacent
from rules.referee.games import referee_for
from rules.referee.position import Position, UnitState
from rules.referee.prose import unit_ref
from rules.referee.verdict import State, Verdict
from rules.audit.arrivals import cross_hexes
from rules.audit.paths import cheapest_path
from rules.audit.rail import rail_move

if TYPE_CHECKING:
    from rules.referee.dos.referee import DriveOnStalingradReferee
    from rules.referee.tps.movement import Movement as TurningPointMovement

SEARCH_MARGIN = 10
"""How many MP beyond the allowance the search looks, to say by how much a move is too long."""


def _no_path(
    state: UnitState, goal: Hex, position: Position, allowance: int, rules: tuple[str, ...]
) -> Verdict:
    start = position.label(state.hex) if state.hex is not None else state.location
    return Verdict(
        unit_ref(state.unit.id),
        "movement",
        "illegal",
        rules,
        f"no legal path from {start} to {position.label(goal)} within {allowance + SEARCH_MARGIN} MP "
        f"(allowance {allowance}): enemy units, sea and lake block every way",
        details={"allowance": str(allowance)},
        unit=state.unit.id,
        state="illegal",
    )


@dataclass(frozen=True, eq=False)
class TurningPointMoves:
    """TPS moves (Movement, Terrain effects table, ZOC)."""

    position: Position

    @cached_property
    def movement(self) -> TurningPointMovement:
        """The referee's movement rules for the position the phase began with."""
        from rules.referee.tps.referee import TurningPointReferee

        return cast(TurningPointReferee, referee_for(self.position)).movement

    def judge(self, state: UnitState, goal: Hex) -> Verdict:
        from rules.referee.tps.sections import RULES

        assert state.hex is not None
        movement = self.movement
        rules = (RULES["movement"], RULES["terrain"], RULES["zoc"])
        allowance = movement.allowance(state)
        enemy_zoc = movement.forces.enemy_zoc_for_movement(state.side)
        found = cheapest_path(
            state.hex,
            goal,
            lambda first, second: movement.step_cost(state, first, second, enemy_zoc)[0],
            movement.board.terrain_of_hex,
            allowance + SEARCH_MARGIN,
        )
        verdict = None if found is None else movement.cost(state, found[1])[1][0]
        if are_adjacent(state.hex, goal) and (verdict is None or verdict.state == "illegal"):
            # The one-hex move a unit may always make is judged on the direct step.
            direct = movement.cost(state, (state.hex, goal))[1][0]
            verdict = direct if verdict is None or direct.state != "illegal" else verdict
        if verdict is None:
            return _no_path(state, goal, self.position, allowance, rules)
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


@dataclass(frozen=True, eq=False)
class DriveOnStalingradMoves:
    """DoS moves (9.1–9.21, 9.4; one hex for the whole allowance 9.3; a mechanized assault
    into enemy units 9.24; reserves 8.4)."""

    position: Position

    @cached_property
    def referee(self) -> DriveOnStalingradReferee:
        """The referee of the position the phase began with."""
        return cast("DriveOnStalingradReferee", referee_for(self.position))

    def judge(self, state: UnitState, goal: Hex) -> Verdict:
        from rules.referee.dos.movement import MINIMUM_MOVE_RULE

        assert state.hex is not None
        referee = self.referee
        movement = referee.movement
        allowance = referee.movement_allowance(state)
        enemy = movement.control.occupied_by[self.position.other_side(state.side)]
        assault = goal in enemy

        def step_cost(first: Hex, second: Hex) -> int | None:
            if second in enemy and second != goal:
                return None
            cost = movement.entry_cost(state, first, second)[0]
            return None if cost is None else (2 * cost if second == goal and assault else cost)

        found = cheapest_path(
            state.hex, goal, step_cost, referee.board.playable, allowance + SEARCH_MARGIN
        )
        path = found[1] if found is not None else (state.hex, goal)
        paid = movement.cost(state, path, assault=assault)
        direct = (state.hex, goal)
        minimum = (paid.points is None or paid.points > allowance) and movement.minimum_move(
            state, direct, assault
        )
        if minimum:
            path, paid = direct, movement.cost(state, direct)
        labels = referee.board.labels(path)
        if paid.points is None:
            if found is None and not are_adjacent(state.hex, goal):
                return _no_path(state, goal, self.position, allowance, paid.rules)
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


MOVES: dict[str, Callable[[Position], TurningPointMoves | DriveOnStalingradMoves]] = {
    "tps": TurningPointMoves,
    "dos": DriveOnStalingradMoves,
}
"""The move judge of each hex game, built on the position its phase began with."""


def moved_on(entered: Position, state: UnitState, goal: Hex) -> Verdict:
    """A move made in the phase the unit came onto the map, judged from the hex it came
    on at, on the position it came on in (whose supply gives its allowance).

    A TPS Axis reinforcement that came on at a rail hex with the German cross may go on
    along the rail (Movement (K)); a move is judged as rail movement when that is legal,
    else as the unit's normal movement (from its map edge), and a rail route is shown
    only when neither is legal and one exists.
    """
    assert state.hex is not None
    by_rail = (
        rail_move(entered, state.unit, (state.hex,), goal)
        if state.hex in cross_hexes(entered.game_map)
        else None
    )
    if by_rail is not None and by_rail.state == "legal":
        verdict = by_rail
    else:
        normal = MOVES[entered.spec.id](entered).judge(state, goal)
        verdict = by_rail if by_rail is not None and normal.state == "illegal" else normal
    return replace(
        verdict,
        explanation=f"from {state.location}, where it came onto the map this phase: "
        + verdict.explanation,
        unit=state.unit.id,
        violation=verdict.state == "illegal",
    )
