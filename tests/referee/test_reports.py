"""What every check tells a player, whatever the game: clear words and honest lines.

Issue 13's "clear to a player" items hold over every hand-built position of both games:
a printed line never runs back over a hex it has passed, numbers agree with their nouns,
and the table's ends are named when odds reach them.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from rules.referee.games import referee_for
from rules.referee.position_file import read_position_file
from rules.referee.verdict import Verdict
from tests.referee.test_tps import SUPPLY, board, referee, rifles
from tests.support.games import hex_of

POSITIONS = Path(__file__).parent / "positions"
ALL_POSITIONS = sorted(path for path in POSITIONS.glob("*/*.toml") if path.name != "units.toml")


@cache
def verdicts(path: Path) -> tuple[Verdict, ...]:
    return tuple(referee_for(read_position_file(path)).check())


@pytest.mark.parametrize("path", ALL_POSITIONS, ids=lambda path: f"{path.parent.name}-{path.stem}")
def test_a_printed_path_never_runs_back_over_a_hex(path: Path) -> None:
    for verdict in verdicts(path):
        assert len(set(verdict.path)) == len(verdict.path), verdict.as_text()


@pytest.mark.parametrize("path", ALL_POSITIONS, ids=lambda path: f"{path.parent.name}-{path.stem}")
def test_one_is_never_plural(path: Path) -> None:
    for verdict in verdicts(path):
        assert not re.search(r"\b1 (\w+ )?hexes\b", verdict.as_text()), verdict.as_text()


def test_a_distance_of_one_is_one_hex() -> None:
    """DoS 7.12 counts the far hex: one hex from a town, the line is '1 hex' long."""
    found = [
        verdict.explanation
        for verdict in verdicts(POSITIONS / "dos" / "east_of_don_interfluve.toml")
        if verdict.subject == "de-376id in N3021"
    ]
    assert found and found[0].startswith("1 hex to Gumrak N2921")


def test_shifts_past_the_table_end_are_named() -> None:
    """TPS CRT note and first-turn surprise: eight rifle corps (3 each) against a lone
    Romanian division (3) are 8-1; two columns right for surprise would be 10-1, which the
    table holds as 9-1, and the report says so."""
    spec = board("open")
    ref = referee(
        spec, SUPPLY | rifles(4, "2709") | rifles(4, "2609", 5) | {"rom_inf_1": "2710"}, turn=1
    )
    report = ref.odds(hex_of(spec, "2710"), [hex_of(spec, "2709"), hex_of(spec, "2609")])
    assert str(report.base_column) == "8-1" and str(report.final_column) == "9-1"
    assert report.final_note == "+2 from 8-1 would pass the table's end: 9-1"
