"""The JSON the module's referee plugin reads (issue 26): versioned, with the lines a
player reads, each verdict's places and mark, and the old fields as they were."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from builder.cli.machine import INTERFACE_VERSION
from builder.cli.machine_commands import serve
from builder.release import stavka_version
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


def test_each_verdict_carries_its_line_with_its_rule() -> None:
    answer = _json("check", str(POSITIONS / "tps" / "zoc_cut_unoccupied.toml"), "--as", "Axis")
    _, text, _ = run("check", str(POSITIONS / "tps" / "zoc_cut_unoccupied.toml"), "--as", "Axis")
    for verdict in answer["verdicts"]:
        assert "[rule " in verdict["line"] and verdict["line"] in text


def test_layers_give_zoc_and_front_gaps_and_say_when_a_game_has_none() -> None:
    answer = _json("check", str(POSITIONS / "tps" / "front_three_gaps_real_map.toml"), "--layers")
    layers = {layer["name"]: layer for layer in answer["layers"]}
    assert set(layers) == {
        "Axis zones of control",
        "Soviet zones of control",
        "Axis front gaps",
        "Soviet front gaps",
    }
    # The position's comment counts the gaps: the Axis front three, the Soviets' (no unit) 22.
    assert layers["Axis front gaps"]["places"] == ["1510", "1511", "1512"]
    assert layers["Axis front gaps"]["style"] == "cross"
    assert len(layers["Soviet front gaps"]["places"]) == 22
    assert answer["layers_text"][0].startswith("Axis zones of control: ")
    assert "layers" not in _json("check", str(POSITIONS / "tps" / "front_three_gaps_real_map.toml"))
    dos = _json("check", str(next((POSITIONS / "dos").glob("*.toml"))), "--layers")
    assert dos["layers"] == []
    assert dos["layers_text"] == [
        "Drive on Stalingrad has no zones of control or front gaps to draw."
    ]


def test_air_gives_the_lines_a_player_reads() -> None:
    position = str(POSITIONS / "tps" / "air_superiority_damaged.toml")
    _, text, _ = run("air", position)
    answer = _json("air", position)
    assert answer["version"] == INTERFACE_VERSION and answer["text"] == text.splitlines()


def _served(*requests: str) -> list[dict[str, Any]]:
    answers = io.StringIO()
    serve(io.BytesIO("".join(line + "\n" for line in requests).encode()), answers)
    return [json.loads(line) for line in answers.getvalue().splitlines()]


def test_the_service_answers_what_the_command_answers_one_line_each() -> None:
    position = str(POSITIONS / "tps" / "odds_capped.toml")
    attack = ["odds", position, "--attack", "0505", "--from", "0504,0604,0605", "--format", "json"]
    check = ["check", position, "--as", "Axis", "--format", "json"]
    served = _served(json.dumps({"args": attack}), json.dumps({"args": check}))
    assert served == [
        {"exit": 0, "answer": _json(*attack[:-2]), "stavka": stavka_version()},
        {"exit": 0, "answer": _json(*check[:-2]), "stavka": stavka_version()},
    ]


def test_the_service_refuses_in_one_line_and_serves_on() -> None:
    position = str(POSITIONS / "tps" / "odds_capped.toml")
    served = _served(
        "not json",
        json.dumps({"args": ["build", "all", "--format", "json"]}),
        json.dumps({"args": ["check", position, "--annotate", "new.vsav", "--format", "json"]}),
        json.dumps({"args": ["check", position]}),
        json.dumps({"args": ["check", "missing.vsav", "--format", "json"]}),
        json.dumps({"args": ["check", position, "--format", "json"]}),
    )
    assert [answer["exit"] for answer in served] == [2, 2, 2, 2, 2, 0]
    assert all(
        answer["error"].startswith("stavka: ") and "\n" not in answer["error"]
        for answer in served[:-1]
    )
    assert "missing.vsav" in served[4]["error"]
    assert {answer["stavka"] for answer in served} == {stavka_version()}


def test_the_service_ends_with_its_input_and_needs_serve() -> None:
    assert _served() == []
    code, _, error = run("machine")
    assert code == 2 and "--serve" in error
