"""The turn tracker: turns and phases, each scenario's own sequence of play.

VASSAL's turn tracker has one list of phases; a set-up save switches off the phases its
scenario does not use (DoS Blue has no Soviet first player turn and no weather roll,
Uranus has both), so the tracker names the side of every phase. Its format shows the
scenario's last turn, which each set-up sets in the ``LastTurn`` property.
"""

from __future__ import annotations

from lxml import etree

from builder.module import keys
from builder.module.elements import element
from builder.vassal.sequence import encode
from rules.model import GameSpec, Scenario

TURN_TRACKER_ID = "TurnTracker0"
LAST_TURN_PROPERTY = "LastTurn"


def last_turn(spec: GameSpec) -> int:
    """The last turn any scenario of ``spec`` plays."""
    return max((scenario.last_turn for scenario in spec.scenarios.values()), default=1)


def active_phases(spec: GameSpec, scenario: Scenario | None) -> list[bool]:
    """Which of the game's phases ``scenario`` plays (all, when it names none; the
    loader has checked that a scenario's phases are the game's)."""
    if scenario is None or not scenario.phases:
        return [True] * len(spec.phases)
    return [phase in scenario.phases for phase in spec.phases]


def turn_tracker(root: etree._Element, spec: GameSpec) -> etree._Element:
    """The tracker: a turn counter with the game's phases under it, reported in the chat."""
    tracker = element(
        root,
        "module.turn.TurnTracker",
        name="Turn",
        buttonText="Turn",
        icon="",
        hotkey=keys.TURN_WINDOW.encoded(),
        nexthotkey=keys.NEXT_TURN.encoded(),
        prevhotkey=keys.PREVIOUS_TURN.encoded(),
        turnFormat=f"Turn $level1$ of ${LAST_TURN_PROPERTY}$: $level2$",
        reportFormat="<$PlayerId$> $newTurn$",
        tooltip=f"Turn and phase (next {keys.NEXT_TURN.text}, back {keys.PREVIOUS_TURN.text})",
        lengthStyle="Maximum",
        length="-1",
        plusButtonSize="22",
        turnButtonHeight="22",
    )
    turn = element(
        tracker,
        "module.turn.CounterTurnLevel",
        name="Turn",
        property="Turn",
        turnFormat="$value$",
        start="1",
        incr="1",
        loop="false",
        loopLimit=str(last_turn(spec)),
    )
    if spec.phases:
        element(
            turn,
            "module.turn.ListTurnLevel",
            name="Phase",
            property="Phase",
            turnFormat="$value$",
            list=encode(list(spec.phases), ","),
            configList="false",
            configFirst="false",
            prompt="",
        )
    return tracker


def turn_tracker_state(spec: GameSpec, turn: int, scenario: Scenario | None = None) -> str:
    """The state of the module's turn tracker showing ``turn`` and the first phase
    ``scenario`` plays, with the phases it does not play switched off.

    Encoded as VASSAL's TurnTracker, CounterTurnLevel and ListTurnLevel write it (tracker:
    ``level|levelState``; counter: ``current;sublevel;loop;loopLimit;child``; list:
    ``current;sublevel;first;active flags``), so a set-up save opens on its scenario's turn.
    """
    children = []
    if spec.phases:
        active = active_phases(spec, scenario)
        first = active.index(True)
        children.append(
            encode(
                [str(first), "0", str(first), ",".join("true" if on else "false" for on in active)],
                ";",
            )
        )
    counter = encode([str(turn), "0", "false", str(last_turn(spec)), *children], ";")
    return encode(["0", counter], "|")
