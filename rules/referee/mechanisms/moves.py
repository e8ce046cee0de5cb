"""May this unit move from here to there? The cheapest legal path (:func:`rules.audit.paths.cheapest_path`,
the log audit's own search) priced by :mod:`~rules.referee.mechanisms.movement`, judged against
the allowance and the phase: what ``stavka move`` answers and the audit asks of a logged
move.

A log and a player's question name two hexes, never the path between; a unit that could
have got there by some path within its allowance moved legally. With ``path`` given, that
path alone is judged.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from rules.audit.paths import cheapest_path
from rules.hexes import Hex
from rules.referee.mechanisms.movement import Movement
from rules.referee.mechanisms.sequence import Refusal
from rules.referee.position import UnitState
from rules.referee.prose import unit_ref
from rules.referee.verdict import Verdict
from rules.referee.wording import points

SEARCH_MARGIN = 10
"""How many MP beyond the allowance the search looks, to say by how much a move is too long."""


def judge_move(
    movement: Movement,
    state: UnitState,
    goal: Hex,
    refusal: Refusal | None = None,
    path: Sequence[Hex] | None = None,
    start: Hex | None = None,
) -> Verdict:
    """The verdict on ``state`` moving to ``goal`` (along ``path`` when given, else the
    cheapest legal path) from its hex or from ``start`` (a reinforcement's entry hex),
    with the phase's ``refusal`` when the phase does not let it move."""
    assert state.hex is not None
    origin = start or state.hex
    if path is None:
        enemy_zoc = movement.forces.enemy_zoc(state.side)
        stop = movement.rules.zoc is not None and movement.rules.zoc.stop

        def step(first: Hex, second: Hex) -> Fraction | None:
            if stop and first != origin and first in enemy_zoc:
                return None
            found = movement.entering(state, first, second)
            return None if found.problems else found.cost

        allowance = movement.allowance(state)
        found = cheapest_path(
            origin, goal, step, movement.board.playable, allowance + SEARCH_MARGIN
        )
        if found is None:
            verdict = _no_path(movement, state, origin, goal, allowance)
        else:
            verdict = movement.cost(state, found[1], start)[1][0]
            verdict = replace(verdict, explanation="cheapest legal path: " + verdict.explanation)
    else:
        verdict = movement.cost(
            state, (origin, *path[1:]) if path[0] == origin else (origin, *path), start
        )[1][0]
    if refusal is None:
        return verdict
    return replace(
        verdict,
        outcome="not allowed",
        rules=tuple(dict.fromkeys((*refusal.rules, *verdict.rules))),
        explanation=f"{refusal.text}; " + verdict.explanation,
        violation=True,
        state="illegal",
    )


def _no_path(
    movement: Movement, state: UnitState, origin: Hex, goal: Hex, allowance: Fraction
) -> Verdict:
    label = movement.board.label
    return Verdict(
        unit_ref(state.unit.id),
        "movement",
        "not allowed",
        (movement.rules.movement.section,),
        f"no legal path from {label(origin)} to {label(goal)} within "
        f"{points(allowance + SEARCH_MARGIN)} MP (allowance {points(allowance)}): enemy units, "
        "terrain and hexsides it may not cross, or enemy ZOC, block every way",
        path=(label(origin), label(goal)),
        details={"allowance": str(allowance)},
        unit=state.unit.id,
        violation=True,
        state="illegal",
    )
