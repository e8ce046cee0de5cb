"""The games refereed from their data alone, held to their own rules texts: every
hand-built position of The Lanner Bridges and the ones of The Ford that state their
verdicts in ``# expect`` lines (``tests/referee/positions/<game>``), each worked out from
the game's RULES.md before the referee ran on it.

Besides ``check`` and ``odds``, a data game's positions ask for moves (the cheapest legal
path, or a given path, in the position's phase) and arrivals.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.hexes import Hex
from rules.referee.games import referee_for
from rules.referee.hexgame import HexReferee
from rules.referee.position_file import read_position_file
from tests.referee.expectations import (
    assert_odds,
    assert_outcome,
    assert_verdicts,
    expectations,
    move_expectations,
    odds_expectations,
)

POSITIONS = Path(__file__).parent / "positions"
GAMES = ("lanner", "ford")
POSITION_FILES = sorted(
    path
    for game in GAMES
    for path in (POSITIONS / game).glob("*.toml")
    if "# expect" in path.read_text(encoding="utf-8")
)


def _referee(path: Path) -> HexReferee:
    referee = referee_for(read_position_file(path))
    assert isinstance(referee, HexReferee)
    return referee


def _hex(referee: HexReferee, label: str) -> Hex:
    found = referee.spec.parse_hex(label)
    assert found is not None, label
    return found[1]


@pytest.mark.parametrize("game", GAMES)
def test_each_game_has_thirty_hand_built_positions(game: str) -> None:
    assert len(list((POSITIONS / game).glob("*.toml"))) >= 30


@pytest.mark.parametrize("path", POSITION_FILES, ids=lambda path: f"{path.parent.name}-{path.stem}")
def test_hand_built_position(path: Path) -> None:
    assert path.read_text(encoding="utf-8").startswith("# "), "the reasoning comes first"
    referee = _referee(path)
    verdicts = referee.check()
    assert_verdicts(path, verdicts)
    assert_odds(path, referee)
    for asked, fields in move_expectations(path, "move"):
        unit, _, rest = asked.partition(" ")
        state = next(state for state in referee.position.units if state.unit.id == unit)
        if rest.startswith("->"):
            verdict = referee.judge_move(state, _hex(referee, rest[2:].strip()))
        else:
            hexes = [_hex(referee, label) for label in rest.removeprefix("via").split()]
            verdict = referee.judge_move(state, hexes[-1], hexes)
        assert_outcome(verdict, fields, asked)
    for asked, fields in move_expectations(path, "arrival"):
        unit, label = asked.split()
        arrival = referee.judge_arrival(referee.spec.units[unit], _hex(referee, label))
        assert arrival is not None
        assert_outcome(arrival, fields, asked)
    assert expectations(path) or odds_expectations(path) or move_expectations(path, "move")


@pytest.mark.parametrize("path", POSITION_FILES, ids=lambda path: f"{path.parent.name}-{path.stem}")
def test_every_verdict_cites_a_section_of_the_rules_text(path: Path) -> None:
    referee = _referee(path)
    text = (Path(referee.spec.folder) / referee.spec.rules_text).read_text(encoding="utf-8")
    for verdict in referee.check():
        for rule in verdict.rules:
            assert f"{rule} " in text or f"## {rule}." in text, verdict.as_text()


def test_a_wrong_expectation_fails(tmp_path: Path) -> None:
    """The expect lines can fail: a move's cost and a meaning's words changed."""
    source = POSITIONS / "lanner" / "02-road-wheeled.toml"
    changed = tmp_path / source.name
    changed.write_text(
        source.read_text(encoding="utf-8").replace("cost=7/2", "cost=4"), encoding="utf-8"
    )
    with pytest.raises(AssertionError, match="cost=4"):
        test_hand_built_position(changed)
