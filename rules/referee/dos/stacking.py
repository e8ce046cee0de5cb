"""Drive on Stalingrad stacking (rule 6): eight units a hex, artillery on top, nationalities.

Both sides stack eight units a hex (6.1); Soviet artillery stacks on top of the eight, at
most three (6.4); markers never count (6.5). The eight and the artillery on top are the
game's ``[referee]`` data, which the engine counts; the three guns and the nationalities
are judged here. Axis nationalities do not mix, except
allied panzer divisions of one nation with German mechanized units, and units under air
supply (6.3).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rules.referee.dos.units import AXIS, PANZER_ARM, artillery, german, mechanized, stacking_group
from rules.referee.hexgame import StackingProblem
from rules.referee.position import UnitState

ARTILLERY_LIMIT = 3
STACKING_RULES = ("6.1", "6.3", "6.4")


def stacking_problems(
    states: Sequence[UnitState], under_air_supply: Callable[[], bool]
) -> list[StackingProblem]:
    """Soviet artillery beyond three (6.4); Axis nationalities mixed (6.3), which air supply
    allows; ``under_air_supply`` says whether the hex is, asked only when it matters."""
    guns = sum(1 for state in states if artillery(state))
    if guns > ARTILLERY_LIMIT:
        return [
            StackingProblem(
                "too much artillery",
                f"{guns} artillery units, at most {ARTILLERY_LIMIT} on top of the eight",
                ("6.4",),
            )
        ]
    if states[0].side != AXIS:
        return []
    groups = {stacking_group(state) for state in states}
    if len(groups) == 1:
        return []
    if under_air_supply():
        return []
    allies = [state for state in states if not german(state)]
    allied_nations = {state.unit.nationality for state in allies}
    german_units = [state for state in states if german(state)]
    if (
        len(allied_nations) == 1
        and all(state.unit.arm == PANZER_ARM for state in allies)
        and german_units
        and all(mechanized(state) for state in german_units)
    ):
        return []
    return [
        StackingProblem(
            "nationalities mixed",
            f"{', '.join(sorted(group.capitalize() for group in groups))} units may not stack "
            "together: only allied panzer divisions of "
            "one nation with German mechanized units, or units under air supply",
            ("6.3",),
        )
    ]
