"""What each result of the Drive on Stalingrad Combat Results Table does (11.31-11.38)."""

from __future__ import annotations

from collections.abc import Mapping

from rules.referee.results import MATCH_STEPS, ONE_STEP, RETREAT, STAY, STEP_EACH, Effect

EFFECTS: Mapping[str, Effect] = {
    "AS": Effect(STAY, STAY, False, ("11.31",)),
    "AL1": Effect(STAY, ONE_STEP, False, ("11.32",)),
    "DR": Effect(RETREAT, STAY, True, ("11.33", "11.34", "11.38"), step_instead=True),
    "DE": Effect(STEP_EACH, STAY, True, ("11.36", "11.38")),
    "EX": Effect(STEP_EACH, MATCH_STEPS, True, ("11.37", "11.38")),
}
