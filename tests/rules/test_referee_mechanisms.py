"""The data referee's pure mechanisms on their own: the rounding of odds and halvings a
game's data may choose (down in the defender's favour, up, nearest), and what a result
applied in a log must show. The hand-built positions hold the rest against the rules."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rules.data.loader import load_game
from rules.referee.mechanisms.odds import column_for, halved, rounded_odds
from rules.hexes import Hex
from rules.referee.mechanisms.results import misapplied
from rules.referee.results import Fate
from rules.referee_data.odds import Rounding
from rules.referee_data.results import Blocked, ResultEffect, RetreatRule, RetreatZoc
from rules.tables import Difference, Odds

FORD = load_game("ford").tables.odds_tables["crt"]  # 1-2, 1-1, 2-1, 3-1, 4-1
LANNER = load_game("lanner").tables.odds_tables["crt"]  # -3 … +5


@pytest.mark.parametrize(
    ("attack", "defence", "rounding", "odds", "column"),
    [
        (11, 4, Rounding.DOWN, Odds(2, 1), "2-1"),  # The Ford 7.3's own example
        (11, 4, Rounding.UP, Odds(3, 1), "3-1"),
        (11, 4, Rounding.NEAREST, Odds(3, 1), "3-1"),  # 2.75
        (10, 4, Rounding.NEAREST, Odds(2, 1), "2-1"),  # 2.5: a half in the defender's favour
        (3, 4, Rounding.DOWN, Odds(1, 2), "1-2"),  # The Ford 7.3: 3 to 4 is 1-2
        (3, 4, Rounding.UP, Odds(1, 1), "1-1"),
        (5, 7, Rounding.NEAREST, Odds(1, 1), "1-1"),  # 1 to 1.4
        (4, 6, Rounding.NEAREST, Odds(1, 2), "1-2"),  # 1 to 1.5: the defender's favour
        (1, 7, Rounding.DOWN, Odds(1, 7), "1-2"),  # below the table: its first column
        (30, 4, Rounding.UP, Odds(8, 1), "4-1"),  # above it: its last
    ],
)
def test_odds_are_rounded_as_the_game_says(
    attack: int, defence: int, rounding: Rounding, odds: Odds, column: str
) -> None:
    raw, found = column_for(Fraction(attack), Fraction(defence), FORD, rounding)
    assert (raw, str(found)) == (odds, column)


@pytest.mark.parametrize(
    ("attack", "defence", "rounding", "difference"),
    [
        (Fraction(7, 2), Fraction(2), Rounding.DOWN, -0),
        (Fraction(7, 2), Fraction(2), Rounding.UP, 2),
        (Fraction(7, 2), Fraction(2), Rounding.NEAREST, 1),  # +1½: the half goes down
        (Fraction(15, 4), Fraction(2), Rounding.NEAREST, 2),  # +1¾
    ],
)
def test_a_differential_table_rounds_the_difference(
    attack: Fraction, defence: Fraction, rounding: Rounding, difference: int
) -> None:
    expected = Difference(difference + 1 if rounding is Rounding.DOWN else difference)
    assert rounded_odds(attack, defence, LANNER.differential, rounding) == expected


def test_halvings_round_each_their_own_way() -> None:
    assert [halved(5, rounding) for rounding in Rounding] == [
        Fraction(2),
        Fraction(3),
        Fraction(2),
        Fraction(5, 2),
    ]


DR = ResultEffect("DR", 0, 0, 0, 2, False, False, False, 1, "7.7")
EX = ResultEffect("EX", 0, 1, 0, 0, False, False, True, 0, "7.7")
ELIMINATED = RetreatRule("7.8", Blocked.ELIMINATED, RetreatZoc.STEP, True)
STEP_INSTEAD = RetreatRule("7.8", Blocked.STEP, RetreatZoc.ALLOWED, False)


TARGET = Hex(5, 5)
"""The hex attacked."""


def _fate(unit: str, moved: int = 0, lost: int = 0, gone: bool = False, at: int = 3) -> Fate:
    """A unit that ended ``at`` hexes from the hex attacked (its column, further down)."""
    ended = Hex(5, 5 + at)
    return Fate(unit, None if gone else ended, None if gone else str(ended), moved, lost)


def test_a_retreat_is_held_to_its_length_and_an_advance_to_its_reach() -> None:
    retreated = [_fate("b1", moved=2)]
    assert misapplied(DR, ELIMINATED, retreated, [_fate("a1", moved=1, at=0)], TARGET, True) == []
    assert [
        str(item) for item in misapplied(DR, ELIMINATED, [_fate("b1", moved=1)], [], TARGET, True)
    ] == ["b1 moved 1 hex, not 2"]
    # A defender that stayed: only where a blocked retreat costs a step, and it lost one.
    stayed = [_fate("b1", lost=1)]
    assert [str(item) for item in misapplied(DR, ELIMINATED, stayed, [], TARGET, True)] == [
        "b1 did not retreat"
    ]
    assert misapplied(DR, STEP_INSTEAD, stayed, [], TARGET, True) == []
    # An advance enters the emptied hex first: 1 hex, so ending beyond it is a move.
    far = [_fate("a1", moved=2, at=1)]
    assert [str(item) for item in misapplied(DR, ELIMINATED, retreated, far, TARGET, True)] == [
        "a1 moved 2 hexes"
    ]


def test_an_exchange_costs_the_attackers_what_the_defenders_lost() -> None:
    assert misapplied(EX, None, [_fate("b1", lost=1)], [_fate("a1", lost=1)], TARGET, False) == []
    assert [
        str(item)
        for item in misapplied(EX, None, [_fate("b1", lost=1)], [_fate("a1")], TARGET, False)
    ] == ["the attackers lost 0 steps, not 1"]
    # A bombardment: the guns suffer nothing, whatever the code says of attackers.
    assert (
        misapplied(
            EX, None, [_fate("b1", lost=1)], [_fate("a6")], TARGET, False, attacker_results=False
        )
        == []
    )
