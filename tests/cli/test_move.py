"""``stavka move``: may this unit move there now — the referee's answer, as a player asks
it on the command line (the hand-built positions hold the verdicts themselves)."""

from __future__ import annotations

import json
from pathlib import Path

from builder.cli.machine import INTERFACE_VERSION
from tests.cli.test_cli import run

POSITIONS = Path(__file__).parents[1] / "referee" / "positions"
ROAD = POSITIONS / "lanner" / "02-road-wheeled.toml"


def test_the_cheapest_path_with_each_hex_and_its_rules() -> None:
    code, output, error = run("move", str(ROAD), "a5", "0804")
    assert (code, error) == (0, "")
    assert output.splitlines() == [
        "a5: allowed — cheapest legal path: costs 3½ MP of its allowance of 10: 0204 ½ (road); "
        "0304 ½ (road); 0404 ½ (road); 0504 ½ (road); 0604 ½ (road); 0704 ½ (road); "
        "0804 ½ (road) [rule 4, 4.4]",
        "    path: 0104 0204 0304 0404 0504 0604 0704 0804",
    ]


def test_a_given_path_and_a_move_over_the_allowance() -> None:
    code, output, _ = run("move", str(ROAD), "a1", "0604", "--path", "0204,0304,0404,0504")
    assert code == 0
    assert output.startswith("a1: not allowed — costs 5 MP, over its allowance of 4 [rule 4, 4.4]")
    assert output.splitlines()[1] == "    path: 0104 0204 0304 0404 0504 0604"


def test_json_for_programs_and_the_phase_it_was_judged_in() -> None:
    code, output, _ = run(
        "move",
        str(POSITIONS / "lanner" / "27-phases-combat.toml"),
        "a1",
        "0404",
        "--format",
        "json",
    )
    assert code == 0
    answer = json.loads(output)
    assert answer["phase"] == "Aster combat" and answer["version"] == INTERFACE_VERSION
    assert answer["verdict"]["state"] == "illegal" and answer["verdict"]["rules"][0] == "3.1"
    assert answer["text"][0].startswith("a1: not allowed — Aster combat is a combat phase")


def test_a_unit_named_by_its_hex() -> None:
    code, output, _ = run(
        "move", str(POSITIONS / "lanner" / "04-bridge-and-river.toml"), "0404", "0605"
    )
    assert code == 0 and output.startswith("a4: allowed — cheapest legal path: costs 2 MP")


def test_bad_input_is_one_line_and_exit_2() -> None:
    for arguments, message in (
        (("0104", "0804"), "0104 holds 2 units (a1, a5): name one by its id"),
        (("zz9", "0804"), "no unit 'zz9' on the map, nor a hex of that number"),
        (("a5", "9999"), "unknown hex '9999'"),
    ):
        code, output, error = run("move", str(ROAD), *arguments)
        assert (code, output) == (2, "") and error.count("\n") == 1, error
        assert error.startswith(f"stavka: {ROAD}: {message}"), error


def test_turning_point_answers_with_its_own_move_judge() -> None:
    position = POSITIONS / "tps" / "zoc_cut_unoccupied.toml"
    code, output, _ = run("move", str(position), "ger_inf_1", "1907")
    assert code == 0
    assert output.startswith(
        "ger_inf_1: legal — cheapest legal path: 1 MP against an allowance of 2"
    )
    code, _, error = run("move", str(position), "ger_inf_1", "1907", "--path", "1907")
    assert code == 2 and "a path given is judged in games refereed from their data" in error


def test_rattenkrieg_moves_on_areas() -> None:
    position = POSITIONS / "rks" / "control_alone.toml"
    text = position.read_text(encoding="utf-8")
    unit = text.split('id = "', 1)[1].split('"', 1)[0]
    code, _, error = run("move", str(position), unit, "0101")
    assert code == 2 and error.count("\n") == 1
