"""Victory (4.0): at the end of turn 6 the German wins if he holds, at once, all three
areas joined to the Soviet rear; otherwise the Soviet wins.

Before then the referee says who would win if the game ended now. The end of turn 6 is
its replenishment phase (5.0, step 4), in which no area changes hands.
"""

from __future__ import annotations

from rules.referee.ending import game_over, last_turn
from rules.referee.position import Position
from rules.referee.rks.board import GERMAN, SOVIET, Board
from rules.referee.rks.control import Control
from rules.referee.verdict import Verdict


def victory_verdict(position: Position, board: Board, control: Control) -> Verdict:
    """The victory state, final at the end of the last turn."""
    last = last_turn(position)
    assert last is not None, "Rattenkrieg has its scenario (4.0: six turns)"
    final = game_over(position)
    held = [area for area in board.objectives if control.of(area) == GERMAN]
    missing = [area for area in board.objectives if area not in held]
    winner = GERMAN if not missing else SOVIET
    names = ", ".join(board.name(area) for area in board.objectives)
    holding = f"the German holds {len(held)} of the areas joined to the Soviet rear ({names})"
    if held and missing:
        holding += f"; not {', '.join(board.name(area) for area in missing)}"
    outcome = (
        f"{board.side_name(winner)} victory"
        if final
        else f"{board.side_name(winner)} victory if it ended now"
    )
    when = f"end of turn {last}" if final else f"turn {position.turn} of {last}"
    return Verdict(
        subject="victory",
        topic="victory",
        outcome=outcome,
        rules=("4.0", "3.6"),
        explanation=f"{when}: {holding}",
        details={
            "german_holds": " ".join(held),
            "objectives": " ".join(board.objectives),
            "final": "yes" if final else "no",
            "winner": winner,
        },
    )
