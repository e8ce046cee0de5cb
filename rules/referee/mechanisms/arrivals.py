"""Reinforcements (``[referee.reinforcements]``): a unit enters on its arrival turn or
later, in one of its entry hexes (``[[unit.arrival]]`` ``hexes``), never before.

A position shows a reinforcement on the map too early (a breach) or due and not yet on
it (for information); the log audit asks of each unit that comes onto the map whether
it came on its turn and at its place.
"""

from __future__ import annotations

from rules.hexes import Hex
from rules.referee_data.sequence import ReinforcementRule
from rules.model import Arrival, Unit
from rules.referee.hexboard import HexBoard
from rules.referee.position import Position
from rules.referee.prose import unit_ref
from rules.referee.verdict import Place, Verdict


def arrival_of(position: Position, unit: Unit) -> Arrival | None:
    """The unit's arrival in the position's scenario (any, when it names none)."""
    return next(
        (
            arrival
            for arrival in unit.arrivals
            if position.scenario is None or arrival.scenario == position.scenario
        ),
        None,
    )


def _where(board: HexBoard, arrival: Arrival) -> str:
    return ", ".join(board.labels(arrival.hexes))


def reinforcement_verdicts(
    position: Position, board: HexBoard, rule: ReinforcementRule
) -> list[Verdict]:
    """A breach for each reinforcement on the map before its turn; a note for each due
    (its turn come) and not yet on the map nor eliminated."""
    verdicts = []
    on_map = {state.unit.id: state for state in position.units if state.hex is not None}
    eliminated = {unit.id for unit in position.eliminated}
    for unit in position.spec.units.values():
        arrival = arrival_of(position, unit)
        if arrival is None:
            continue
        state = on_map.get(unit.id)
        if state is not None and position.turn < arrival.turn:
            verdicts.append(
                Verdict(
                    unit_ref(unit.id),
                    "reinforcement",
                    "on the map too early",
                    (rule.section,),
                    f"on the map on turn {position.turn}; it arrives on turn {arrival.turn} "
                    f"at {_where(board, arrival)}",
                    unit=unit.id,
                    violation=True,
                    state="illegal",
                    place=Place("hex", state.location),
                )
            )
        elif state is None and unit.id not in eliminated and position.turn >= arrival.turn:
            verdicts.append(
                Verdict(
                    unit_ref(unit.id),
                    "reinforcement",
                    "due",
                    (rule.section,),
                    f"arrives on turn {arrival.turn} (or later) at {_where(board, arrival)}",
                    unit=unit.id,
                )
            )
    return verdicts


def judge_arrival(
    position: Position, board: HexBoard, rule: ReinforcementRule, unit: Unit, hex_: Hex
) -> Verdict:
    """Whether ``unit`` may come onto the map in ``hex_`` in ``position``'s turn."""
    arrival = arrival_of(position, unit)
    label = board.label(hex_)
    problems = []
    if arrival is None:
        problems.append("it is no reinforcement of this scenario")
    else:
        if position.turn < arrival.turn:
            problems.append(f"it arrives on turn {arrival.turn}, not {position.turn}")
        if hex_ not in arrival.hexes:
            problems.append(f"it enters at {_where(board, arrival)}, not {label}")
    return Verdict(
        unit_ref(unit.id),
        "arrival",
        "illegal" if problems else "legal",
        (rule.section,),
        "; ".join(problems) if problems else f"enters at {label} on turn {position.turn}",
        unit=unit.id,
        violation=bool(problems),
        state="illegal" if problems else "legal",
        place=Place("hex", label),
    )
