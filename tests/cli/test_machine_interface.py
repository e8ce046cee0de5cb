"""The JSON the module's referee plugin reads (issue 26): versioned, with the lines a
player reads, each verdict's places and mark, and the old fields as they were."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from builder.cli.machine import INTERFACE_VERSION
from rules.referee.verdict import Verdict
from tests.cli.test_cli import run

POSITIONS = Path(__file__).resolve().parents[1] / "referee" / "positions"
VERDICT_FIELDS = list(Verdict("s", "supply", "o", ("1",), "e").as_json())


def _json(*arguments: str) -> dict[str, Any]:
    code, output, error = run(*arguments, "--format", "json")
    assert (code, error) == (0, "")
    answer: dict[str, Any] = json.loads(output)
    return answer


def test_check_marks_units_and_stacks_in_the_report_page_colours_and_says_its_version() -> None:
    answer = _json("check", str(POSITIONS / "tps" / "zoc_cut_unoccupied.toml"), "--as", "Axis")
    assert answer["version"] == INTERFACE_VERSION
    assert answer["hidden"] is False
    text = answer["text"]
    assert isinstance(text, list) and text[1:3] == [
        "Summary",
        "  supply: axis 1 out of supply; soviet 1 isolated",
    ]
    verdicts = answer["verdicts"]
    assert isinstance(verdicts, list)
    # The old fields first, in their order; the new ones after them.
    assert all(list(verdict)[: len(VERDICT_FIELDS)] == VERDICT_FIELDS for verdict in verdicts)
    marks = {
        verdict["unit"]: (verdict["mark"], verdict["places"])
        for verdict in verdicts
        if verdict["mark"]
    }
    assert marks == {
        "ger_inf_1": ({"colour": "#d0302a", "symbol": "!", "meaning": "out of supply"}, ["1908"]),
        "sov_rifle_1": (
            {"colour": "#7b2d9b", "symbol": "×", "meaning": "isolated"},
            [marks["sov_rifle_1"][1][0]],
        ),
    }


def test_an_illegal_stack_is_marked_at_its_hex() -> None:
    answer = _json("check", str(POSITIONS / "tps" / "stacking.toml"))
    stacks = [verdict for verdict in answer["verdicts"] if verdict["topic"] == "stacking"]
    assert {tuple(verdict["places"]) for verdict in stacks} == {("1005",), ("1015",)}
    assert all(verdict["mark"]["meaning"] == "breach" for verdict in stacks)


def test_a_unit_in_the_enemy_rear_is_a_breach_marked_on_it() -> None:
    # enemy_rear.toml: a unit stands in the other side's rear area, which 3.5 forbids.
    answer = _json("check", str(POSITIONS / "rks" / "enemy_rear.toml"), "--as", "german")
    rear = [verdict for verdict in answer["verdicts"] if verdict["topic"] == "rear"]
    assert rear and all(
        verdict["violation"] and verdict["mark"]["meaning"] == "breach" for verdict in rear
    )
    assert all(
        place in ("German rear", "Soviet rear") for verdict in rear for place in verdict["places"]
    )


def test_the_referee_view_of_a_game_with_cards_says_it_is_hidden() -> None:
    assert _json("check", str(POSITIONS / "rks" / "enemy_rear.toml"))["hidden"] is True


def test_odds_give_the_lines_a_player_reads_and_the_line_that_declares_the_attack() -> None:
    position = str(POSITIONS / "tps" / "odds_capped.toml")
    attack = ("--attack", "0505", "--from", "0504,0604,0605")
    code, text, _ = run("odds", position, *attack)
    answer = _json("odds", position, *attack)
    assert code == 0 and answer["version"] == INTERFACE_VERSION
    assert answer["text"] == text.splitlines()
    assert (
        answer["declare"]
        == "ger_inf_1, ger_inf_2, ger_inf_3 on sov_supply_1 in 0505 (odds 9-1, die +0)"
    )
