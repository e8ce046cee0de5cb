"""May this unit move from here to there? The cheapest legal path
(:func:`rules.referee.paths.cheapest_path`) priced by :mod:`~rules.referee.mechanisms.movement`,
judged against the allowance and the phase: what ``stavka move`` answers and the log audit
asks of a logged move, the default of :meth:`rules.referee.hexgame.HexReferee.judge_move`.

A log and a player's question name two hexes, never the path between; a unit that could
have got there by some path within its allowance moved legally. With ``path`` given, that
path alone is judged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from rules.hexes import Hex, are_adjacent
from rules.referee.mechanisms.movement import NOT_ALLOWED, Movement
from rules.referee.paths import SEARCH_MARGIN, cheapest_path, no_path
from rules.referee.position import Position, UnitState
from rules.referee.sequence import Refusal
from rules.referee.verdict import Verdict

BLOCKED_BY = "enemy units, terrain and hexsides it may not cross, or enemy ZOC,"
"""What closes every way when no legal path reaches a hex."""


def judge_move(
    movement: Movement,
    position: Position,
    state: UnitState,
    goal: Hex,
    refusal: Refusal | None = None,
    path: Sequence[Hex] | None = None,
) -> Verdict:
    """The verdict on ``state`` moving to ``goal`` (along ``path`` when given, else the
    cheapest legal path), with the phase's ``refusal`` when the phase does not let it
    move."""
    assert state.hex is not None
    if path is None:
        verdict = _cheapest(movement, position, state, goal)
    else:
        verdict = movement.cost(
            state, (state.hex, *path[1:]) if path[0] == state.hex else (state.hex, *path)
        )[1][0]
    if refusal is None:
        return verdict
    return replace(
        verdict,
        outcome=NOT_ALLOWED,
        rules=tuple(dict.fromkeys((*refusal.rules, *verdict.rules))),
        explanation=f"{refusal.text}; " + verdict.explanation,
        violation=True,
        state="illegal",
    )


def _cheapest(movement: Movement, position: Position, state: UnitState, goal: Hex) -> Verdict:
    """The verdict on the cheapest legal path to ``goal`` — no step a rule forbids, none
    on after entering an enemy zone of control that stops movement — or why none exists
    within its reach: the one step to an adjacent hex with each reason it is forbidden."""
    assert state.hex is not None
    origin = state.hex
    enemy_zoc = movement.forces.enemy_zoc(state.side)
    stop = movement.rules.zoc is not None and movement.rules.zoc.stop

    def step(first: Hex, second: Hex) -> Fraction | None:
        if stop and first != origin and first in enemy_zoc:
            return None
        found = movement.entering(state, first, second)
        return None if found.problems else found.cost

    allowance = movement.allowance(state)
    found = cheapest_path(origin, goal, step, movement.board.playable, allowance + SEARCH_MARGIN)
    if found is None and are_adjacent(origin, goal):
        direct = movement.cost(state, (origin, goal))[1][0]
        return replace(direct, explanation="no legal path: " + direct.explanation)
    if found is None:
        return replace(
            no_path(
                state,
                goal,
                position,
                allowance,
                (movement.rules.movement.section,),
                BLOCKED_BY,
            ),
            outcome=NOT_ALLOWED,
        )
    verdict = movement.cost(state, found[1])[1][0]
    return replace(verdict, explanation="cheapest legal path: " + verdict.explanation)
