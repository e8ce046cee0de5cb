"""Verdicts read aloud (issue 38 item 14): each says what it means to a player, in the
game's own words, with nothing a player misreads: a limit the state does not rest on, a
word said twice, a side by its id, a count whose noun does not agree."""

from __future__ import annotations

from pathlib import Path

from rules.referee.games import referee_for
from rules.referee.position_file import read_position_file
from tests.cli.test_cli import run

POSITIONS = Path(__file__).parent / "positions"


def _verdict(path: Path, subject: str, topic: str) -> str:
    verdicts = referee_for(read_position_file(path)).check_as(None)
    return next(v.explanation for v in verdicts if (v.subject, v.topic) == (subject, topic))


def test_an_isolated_unit_is_told_the_distance_it_is_isolated_beyond() -> None:
    """sov_rifle_4 is 9 hexes from the supply unit: supplied within 4 and out of supply
    within 8 (Supply (B)(2)), isolated only beyond 8; "(limit 4)" read as if 5 hexes
    already isolated it. The east edge isolates beyond 4 (Supply (B)(3))."""
    text = _verdict(POSITIONS / "tps" / "soviet_supply_unit_4_5_8_9.toml", "sov_rifle_4", "supply")
    assert "supply unit 9 hexes away (isolated beyond 8)" in text
    assert "east edge 16 hexes away (isolated beyond 4)" in text
    assert "(limit" not in text


def test_the_summary_names_the_victory_once() -> None:
    """Rattenkrieg's victory verdict is about the game, as TPS's is: "victory (victory)"
    said the word twice."""
    code, output, _ = run("check", str(POSITIONS / "rks" / "victory_all_three.toml"))
    assert code == 0
    assert "  victory: German victory — end of turn 6" in output
    assert "victory (victory)" not in output


def test_one_step_card_is_one_card() -> None:
    text = _verdict(POSITIONS / "rks" / "t34_with_steps.toml", "t34", "steps")
    assert "holds 1 step card:" in text


def test_an_overdue_reinforcement_says_it_was_due() -> None:
    text = _verdict(POSITIONS / "rks" / "control_alone.toml", "16pz", "reinforcement")
    assert text.startswith("was due in the German rear on turn 2") and "has not arrived" in text


def test_nationalities_that_may_not_stack_are_named_as_players_name_them() -> None:
    code, output, _ = run("check", str(POSITIONS / "dos" / "stacking_nationalities.toml"))
    assert code == 0
    assert "German, Romanian units may not stack together" in output
    assert "german, romanian" not in output
