"""When a game is over: victory is judged at the end of the scenario's last turn.

Every game's victory verdict on an earlier position says what the result would be "if
the game ended now"; both TPS and Rattenkrieg read the end from the same place, the
scenario's last turn and the turn record's last phase.
"""

from __future__ import annotations

from rules.referee.position import Position

IF_IT_ENDED_NOW = "if the game ended now"


def last_turn(position: Position) -> int | None:
    """The last turn of the position's scenario, or of the longest one when the position
    names none; None for a game without scenarios, whose end nothing says."""
    scenario = position.spec.scenarios.get(position.scenario or "")
    if scenario is not None:
        return scenario.last_turn
    return max((item.last_turn for item in position.spec.scenarios.values()), default=None)


def game_over(position: Position) -> bool:
    """True after the last turn, or in its last phase, when the victory is final. A
    position that names no phase in the last turn is not yet over."""
    last = last_turn(position)
    if last is None:
        return False
    return position.turn > last or (
        position.turn == last
        and bool(position.spec.phases)
        and position.phase == position.spec.phases[-1]
    )
