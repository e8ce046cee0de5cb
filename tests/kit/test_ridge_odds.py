"""The hex engine's odds on a differential CRT, with terrain's column shifts and die
modifiers read from the data (Ridge: woods shift left, hill and stream -1 to the die):
Ridge's ``[referee]`` table alone configures the engine, no code of its own."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from rules.data.loader import load_game
from rules.hexes import Hex
from rules.model import GameSpec
from rules.referee.hexgame import HexReferee
from rules.referee.position import Position, UnitState, setup_position
from rules.tables import Difference

RIDGE = Path(__file__).parent / "ridge"


@pytest.fixture(scope="module")
def ridge() -> GameSpec:
    return load_game(str(RIDGE))


def _referee(spec: GameSpec, placements: dict[str, str]) -> HexReferee:
    base = setup_position(spec, "ridge")
    game_map = base.game_map
    assert game_map.hex_map is not None
    units = []
    for unit_id, label in placements.items():
        hex_ = game_map.hex_map.parse(label)
        assert hex_ is not None
        units.append(UnitState(spec.units[unit_id], label, hex_, 1))
    return HexReferee(Position(spec, "ridge", 1, None, None, tuple(units)))


def _hex(referee: HexReferee, label: str) -> Hex:
    assert referee.position.game_map.hex_map is not None
    found = referee.position.game_map.hex_map.parse(label)
    assert found is not None
    return found


def test_odds_in_the_open_are_the_strength_difference(ridge: GameSpec) -> None:
    referee = _referee(ridge, {"b3": "0605", "b1": "0707", "r2": "0606"})
    report = referee.odds(_hex(referee, "0606"), [_hex(referee, "0605"), _hex(referee, "0707")])
    assert (report.attack, report.defence) == (Fraction(10), Fraction(4))
    assert report.modifiers == ()
    assert report.base_column == Difference(4) and report.final_column == Difference(4)
    assert report.column_note == "+6, capped at +4"
    assert dict(report.results)[1] == "DE"


def test_woods_shift_one_column_left_citing_their_source(ridge: GameSpec) -> None:
    referee = _referee(ridge, {"b1": "0204", "r1": "0304"})
    report = referee.odds(_hex(referee, "0304"), [_hex(referee, "0204")])
    assert report.base_column == Difference(0)
    assert report.final_column == Difference(-1)
    assert [(item.name, item.rules, item.column_shift) for item in report.modifiers] == [
        ("Woods", ("Ridge terrain effects: woods",), -1)
    ]


def test_a_stream_every_attacker_crosses_and_a_hill_add_die_modifiers(ridge: GameSpec) -> None:
    referee = _referee(ridge, {"b1": "0305", "r1": "0405"})
    across = referee.odds(_hex(referee, "0405"), [_hex(referee, "0305")])
    assert [(item.name, item.die_modifier) for item in across.modifiers] == [("Stream", -1)]
    assert across.die_modifier == -1
    # 4 against 4 is the 0 column; a roll of 1 is read on the row for 0.
    assert across.final_column == Difference(0) and dict(across.results)[1] == "AR"
    hill = _referee(ridge, {"b1": "0402", "r4": "0502"})
    report = hill.odds(_hex(hill, "0502"), [_hex(hill, "0402")])
    assert [(item.name, item.rules, item.die_modifier) for item in report.modifiers] == [
        ("Hill", ("Ridge terrain effects: hill",), -1)
    ]


def test_a_stream_not_every_attacker_crosses_adds_nothing(ridge: GameSpec) -> None:
    referee = _referee(ridge, {"b1": "0305", "b2": "0404", "r1": "0405"})
    report = referee.odds(_hex(referee, "0405"), [_hex(referee, "0305"), _hex(referee, "0404")])
    assert report.modifiers == ()
