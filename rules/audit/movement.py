"""Whether a logged move was possible: the cheapest legal path from where the unit
stood when its phase began to where the log leaves it.

The judge is the game's referee (:meth:`HexReferee.judge_move`, searching with its own
step costs and handing the cheapest path to its own cost rule), so a path shown here
costs what ``stavka move`` would say it costs; the ledger words its outcome as legal or
illegal (:func:`judged_move`). Supply, and with it the allowance, and enemy zones of
control are those at the start of the phase, when the move began. A unit moving on in the
phase it came onto the map is judged from where it came on.
"""

from __future__ import annotations

from dataclasses import replace

from rules.hexes import Hex
from rules.referee.games import hex_referee_for
from rules.referee.hexgame import HexReferee
from rules.referee.mechanisms.movement import ALLOWED, NOT_ALLOWED
from rules.referee.position import Position, UnitState
from rules.referee.verdict import Verdict


def judged_move(referee: HexReferee, state: UnitState, goal: Hex) -> Verdict:
    """The referee's verdict on ``state``'s move to ``goal``, worded as the ledger words
    every act: the data mechanisms' "allowed" and "not allowed" are legal and illegal."""
    verdict = referee.judge_move(state, goal)
    if verdict.outcome in (ALLOWED, NOT_ALLOWED) and verdict.state is not None:
        return replace(verdict, outcome=verdict.state)
    return verdict


def moved_on(entered: Position, state: UnitState, goal: Hex) -> Verdict:
    """A move made in the phase the unit came onto the map, judged from the hex it came
    on at, on the position it came on in (whose supply gives its allowance).

    A reinforcement that came on at one of its game's rail entries (TPS: a rail hex with
    the German cross, an Axis unit) may go on along the rail (TPS Movement (K)); a move is
    judged as rail movement when that is legal, else as the unit's normal movement (from
    its map edge), and a rail route is shown only when neither is legal and one exists.
    """
    assert state.hex is not None
    referee = hex_referee_for(entered)
    by_rail = (
        referee.rail_move(state.unit, (state.hex,), goal)
        if state.hex in referee.rail_entries()
        else None
    )
    if by_rail is not None and by_rail.state == "legal":
        verdict = by_rail
    else:
        normal = judged_move(referee, state, goal)
        verdict = by_rail if by_rail is not None and normal.state == "illegal" else normal
    return replace(
        verdict,
        explanation=f"from {state.location}, where it came onto the map this phase: "
        + verdict.explanation,
        unit=state.unit.id,
        violation=verdict.state == "illegal",
    )
