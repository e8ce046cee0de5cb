"""Reinforcements (6.1, 6.2) and the T-34's return (6.3).

Two German units arrive in the German rear on turn 2 and the 39th Guards in the Soviet
rear on turn 3, each dealt its step cards from the deck. The T-34 returns to the Tractor
Factory if the Soviets control it and the T-34 was eliminated in an earlier turn; the
referee reads 6.3 as a check made at the start of every turn (the reinforcement step of
5.0), so an eliminated T-34 comes back at the first turn start that finds the factory
Soviet, not only on turns 2 and 3. The setting ``t34_return = "turns_2_and_3"`` selects
the other reading, that it returns only in the reinforcement steps of turns 2 and 3; every
verdict on its return names the reading it applied. The return is judged from the turn,
not the phase: once play has gone on in a turn whose start it was due at, it is overdue.
"""

from __future__ import annotations

from rules.coverage import reading_applied
from rules.model import Unit
from rules.referee.position import Position
from rules.referee.rks.board import GERMAN, Board
from rules.referee.rks.control import Control
from rules.referee.rks.settings import T34_TURNED_OVER, Settings
from rules.referee.rks.steps import ACTED
from rules.referee.prose import unit_ref
from rules.referee.verdict import Verdict
from rules.referee.wording import count


def _rule(unit: Unit) -> str:
    return "6.1" if unit.side == GERMAN else "6.2"


def reinforcement_turns(position: Position) -> tuple[int, ...]:
    """The turns whose reinforcement step (5.0) brings units, from the arrival data (6.1,
    6.2): turns 2 and 3 in the shipped game."""
    return tuple(
        sorted(
            {
                arrival.turn
                for unit in position.spec.units.values()
                for arrival in unit.arrivals
                if position.scenario is None or arrival.scenario == position.scenario
            }
        )
    )


def arrival_verdicts(position: Position, board: Board) -> list[Verdict]:
    """Reinforcements on the map too early, or due and not yet there."""
    on_map = {state.unit.id for state in position.units}
    eliminated = {unit.id for unit in position.eliminated}
    at_turn_start = position.phase is None or position.phase == position.spec.phases[0]
    verdicts = []
    for unit in position.spec.units.values():
        for arrival in unit.arrivals:
            if position.scenario is not None and arrival.scenario != position.scenario:
                continue
            where = board.name(arrival.where)
            cards = board.step_maximum(unit)
            if unit.id in on_map and position.turn < arrival.turn:
                verdicts.append(
                    Verdict(
                        subject=unit_ref(unit.id),
                        topic="reinforcement",
                        outcome="arrived too early",
                        rules=(_rule(unit),),
                        explanation=f"arrives on turn {arrival.turn}, and this is turn {position.turn}",
                        unit=unit.id,
                        violation=True,
                    )
                )
            elif unit.id not in on_map | eliminated and position.turn >= arrival.turn:
                now = position.turn == arrival.turn and at_turn_start
                dealt = f"with {count(cards, 'step card')} from the deck"
                verdicts.append(
                    Verdict(
                        subject=unit_ref(unit.id),
                        topic="reinforcement",
                        outcome="arrives now" if now else "overdue",
                        rules=(_rule(unit),),
                        explanation=f"arrives in the {where} on turn {arrival.turn} {dealt}"
                        if now
                        else f"was due in the {where} on turn {arrival.turn}, {dealt}, and has "
                        "not arrived",
                        details={"area": arrival.where},
                        unit=unit.id,
                    )
                )
    return verdicts


def t34_verdict(position: Position, board: Board, control: Control, settings: Settings) -> Verdict:
    """Where the T-34 is, or whether it returns (6.3)."""
    t34 = board.t34
    factory = board.name(board.tractor_factory)
    for state in position.units:
        if state.unit == t34:
            turned_over = ACTED in state.flags
            adds = settings.t34_turned_over == T34_TURNED_OVER[0]
            return Verdict(
                subject=unit_ref(t34.id),
                topic="t34",
                outcome="in play",
                rules=("8.12",),
                explanation=f"in {board.name(state.location)}"
                + (
                    (
                        ", turned over: it still adds its strength to a Soviet unit defending "
                        "there, though it may not act with one that attacks"
                        if adds
                        else ", turned over: it adds nothing to a combat until it is face up again"
                    )
                    if turned_over
                    else ""
                ),
                details={"area": state.location},
                unit=t34.id,
                readings=(reading_applied("rks", "8.12", settings.t34_turned_over),)
                if turned_over
                else (),
            )
    if t34 not in position.eliminated:
        return Verdict(
            subject=unit_ref(t34.id),
            topic="t34",
            outcome="not in play",
            rules=("3.1", "6.3"),
            explanation="neither on the map nor eliminated",
            unit=t34.id,
        )
    holder = control.of(board.tractor_factory)
    details = {"area": board.tractor_factory, "control": holder}
    if holder != t34.side:
        return Verdict(
            subject=unit_ref(t34.id),
            topic="t34",
            outcome="cannot return",
            rules=("6.3",),
            explanation=f"eliminated, and the {board.side_name(holder)} side controls the {factory}",
            details=details,
            unit=t34.id,
        )
    eliminated_now = (
        settings.t34_eliminated_turn is not None and settings.t34_eliminated_turn >= position.turn
    )
    at_turn_start = position.phase == position.spec.phases[0]
    reading = (reading_applied("rks", "6.3", settings.t34_return),)
    only_some_turns = settings.t34_return == "turns_2_and_3"
    turns = reinforcement_turns(position)

    def may_return(turn: int) -> bool:
        return not only_some_turns or turn in turns

    if not eliminated_now and may_return(position.turn):
        # Judged from the turn: its return was due at this turn's start, whatever the phase.
        if at_turn_start:
            return Verdict(
                subject=unit_ref(t34.id),
                topic="t34",
                outcome="returns now",
                rules=("6.3",),
                explanation=f"eliminated in an earlier turn, and the Soviets control the {factory}: it returns "
                "there at the start of this turn",
                details=details,
                unit=t34.id,
                readings=reading,
            )
        return Verdict(
            subject=unit_ref(t34.id),
            topic="t34",
            outcome="overdue",
            rules=("6.3",),
            explanation=f"eliminated in an earlier turn, and the Soviets control the {factory}: it was "
            f"due back there at the start of this turn (turn {position.turn}), if they held it then, "
            "and has not returned",
            details=details | {"due_turn": str(position.turn)},
            unit=t34.id,
            readings=reading,
        )
    later = [turn for turn in turns if turn > position.turn]
    if only_some_turns and not later:
        eliminated_in = settings.t34_eliminated_turn
        missed = [
            turn
            for turn in turns
            if turn < position.turn and (eliminated_in is None or turn > eliminated_in)
        ]
        steps = " and ".join(map(str, turns))
        return Verdict(
            subject=unit_ref(t34.id),
            topic="t34",
            outcome="cannot return",
            rules=("6.3",),
            explanation=(
                f"eliminated; it was due back at the start of turn {missed[-1]}, if the Soviets "
                f"held the {factory} then, and did not return; the reinforcement steps (5.0) of "
                f"turns {steps}, when alone it may return, are past"
                if missed
                else f"eliminated, and the reinforcement steps (5.0) of turns {steps}, when "
                "alone it may return, are past"
            ),
            details=details | ({"missed_turn": str(missed[-1])} if missed else {}),
            unit=t34.id,
            readings=reading,
        )
    chance = later[0] if only_some_turns else position.turn + 1
    return Verdict(
        subject=unit_ref(t34.id),
        topic="t34",
        outcome=f"returns on turn {chance}",
        rules=("6.3",),
        explanation=f"eliminated; it returns to the {factory} at the start of turn {chance} if "
        "the Soviets control it then, as they do now",
        details=details,
        unit=t34.id,
        readings=reading,
    )
