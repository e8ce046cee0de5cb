"""Position files for the report's tests, written from a scenario's set-up with changes.

The report is tested on full set-ups, the largest positions each game has, with a few
units moved so that every layer has something to show: units out of supply, a stack over
the limit, front gaps. Each position is a plain TOML position file, so ``stavka check``
and ``stavka report`` read exactly the same thing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rules.referee.position import setup_position
from tests.support.games import shipped_game


@dataclass(frozen=True)
class Changes:
    """What differs from the set-up: units moved, removed, flagged, and position settings."""

    turn: int
    moved: Mapping[str, str] = field(default_factory=dict)
    removed: Sequence[str] = ()
    flagged: Mapping[str, Sequence[str]] = field(default_factory=dict)
    untried: bool = False
    markers: Mapping[str, Sequence[str]] = field(default_factory=dict)
    phase: str | None = None
    settings: Mapping[str, str] = field(default_factory=dict)


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def write_position(path: Path, game: str, scenario: str, changes: Changes) -> Path:
    """A position file at ``path``: ``scenario``'s set-up of ``game`` with ``changes``."""
    position = setup_position(shipped_game(game), scenario)
    lines = [f"game = {_quoted(game)}", f"scenario = {_quoted(scenario)}", f"turn = {changes.turn}"]
    if changes.phase is not None:
        lines.append(f"phase = {_quoted(changes.phase)}")
    if changes.settings:
        lines.append("\n[settings]")
        lines += [f"{key} = {_quoted(value)}" for key, value in changes.settings.items()]
    for state in position.units:
        if state.unit.id in changes.removed:
            continue
        flags = list(changes.flagged.get(state.unit.id, ()))
        if changes.untried and state.unit.properties.get("untried") == "yes":
            flags.append("untried")
        lines += ["", "[[unit]]", f"id = {_quoted(state.unit.id)}",
                  f"at = {_quoted(changes.moved.get(state.unit.id, state.location))}"]
        if flags:
            lines.append("flags = [" + ", ".join(_quoted(flag) for flag in flags) + "]")
    for marker, hexes in changes.markers.items():
        lines += ["", "[[marker]]", f"id = {_quoted(marker)}", "at = [" + ", ".join(map(_quoted, hexes)) + "]"]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


DOS_BLUE_TURN_3 = Changes(
    turn=3,
    moved={"de-24pd": "N1430", "de-gd": "N1431", "de-11pd": "N1728", "b13a-rd1": "N1244",
           "de-44id": "N2142", "de-62id": "N2142", "de-71id": "N2142", "de-297id": "N2142", "de-384id": "N2142",
           "de-100jd": "N2142"},
    untried=True,
    markers={"german-air-supply": ["N1431"]},
)
"""Three German mechanized divisions far beyond their legs, two of them under the air supply
marker (7.6), a Soviet division behind the German line, nine units in N2142 (the limit is
eight, 6.1), Soviet rifle divisions still untried."""

TPS_SCENARIO_7 = Changes(
    turn=7, phase="Soviet combat",
    removed=("su-5tka-rc2", "su-5tka-rc3", "su-26tc"),
    moved={"de-16pd": "2912"},
)
"""Scenario 7 with Soviet units taken out of the line, opening gaps in the Soviet front, and
a fourth German unit in 2912 (three a hex, Stacking)."""

RKS_CITY = Changes(turn=2)
"""Rattenkrieg's set-up: no referee yet, so the page shows the position only."""
