"""Where units may stand: never in the enemy rear (3.5); every unit on the map, eliminated
or waiting for its turn (3.1, 3.2, 6); all face up once the replenishment phase has
turned them (10.3).
"""

from __future__ import annotations

from rules.referee.position import Position
from rules.referee.rks.board import Board
from rules.referee.rks.steps import ACTED
from rules.referee.prose import unit_ref, unit_refs
from rules.referee.verdict import Verdict


def placement_verdicts(position: Position, board: Board) -> list[Verdict]:
    """Units in the enemy rear, units turned over when none may be, units nowhere."""
    verdicts = []
    for state in position.units:
        owner = board.rear_owner(state.location)
        if owner is not None and owner != state.side:
            verdicts.append(
                Verdict(
                    subject=unit_ref(state.unit.id),
                    topic="rear",
                    outcome="in the enemy rear",
                    rules=("3.5",),
                    explanation=f"stands in the {board.name(state.location)}, which no {board.side_name(state.side)} "
                    "unit may enter",
                    details={"area": state.location},
                    unit=state.unit.id,
                    violation=True,
                )
            )
    if position.phase == position.spec.phases[0] and position.turn > 1:
        for state in position.units:
            if ACTED in state.flags:
                verdicts.append(
                    Verdict(
                        subject=unit_ref(state.unit.id),
                        topic="acted",
                        outcome="should be face up",
                        rules=("10.3", "7.4"),
                        explanation="every unit was turned face up in the last replenishment phase, and none has acted "
                        "since",
                        details={"area": state.location},
                        unit=state.unit.id,
                        violation=True,
                    )
                )
    present = {state.unit.id for state in position.units} | {
        unit.id for unit in position.eliminated
    }
    nowhere = [
        unit.id
        for unit in position.spec.units.values()
        if unit.id not in present and not unit.arrivals
    ]
    if nowhere:
        verdicts.append(
            Verdict(
                subject="units",
                topic="units",
                outcome=f"{len(nowhere)} not in play",
                rules=("3.1", "3.2"),
                explanation="neither on the map nor eliminated: " + unit_refs(nowhere, " "),
                details={"units": unit_refs(nowhere, " ")},
            )
        )
    return verdicts
