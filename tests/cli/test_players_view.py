"""What the referee answers a player, as the module's plugin asks it (issue 35, items 1
and 6-10): every answer says what it hides and what it keeps back; the defender's duel;
the odds against a "?" strength still to be rolled; a player's own untried units; an
attack by the units selected; units named as their counters are.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from tests.cli.test_cli import run

POSITIONS = Path(__file__).resolve().parents[1] / "referee" / "positions"
CONTESTED = POSITIONS / "rks" / "control_contested.toml"
"""German operations; 14pz and rifle1 in Rynok-Spartakovka, which the Soviet holds."""

ROLLED = """\
# A Romanian division (attack 1, defence "?": 2.15) alone in N3024, out of supply (no Axis
# source in reach), attacked by two tried Soviet rifle divisions in supply: b37a-rd1
# (attack 4) from N2924 and b37a-rd2 (attack 2) from N3025, clear terrain, no shift.
# Worked by hand: the German rolls the defence, then halves it out of supply (2.15, 1.3,
# 7.16), rounding down but never below 1: rolls 1-3 give 1, 4-5 give 2, 6 gives 3.
# 6 : 1 is 6-1 (1/2), 6 : 2 is 3-1 (1/3), 6 : 3 is 2-1 (1/6).
game = "dos"
scenario = "blue"
turn = 5

[[unit]]
id = "ro-1id"
at = "N3024"

[[unit]]
id = "b37a-rd1"
at = "N2924"

[[unit]]
id = "b37a-rd2"
at = "N3025"
"""


def _json(*arguments: str) -> dict[str, Any]:
    code, output, error = run(*arguments, "--format", "json")
    assert (code, error) == (0, ""), error
    answer: dict[str, Any] = json.loads(output)
    return answer


@pytest.fixture
def rolled(tmp_path: Path) -> str:
    path = tmp_path / "rolled.toml"
    path.write_text(ROLLED, encoding="utf-8")
    return str(path)


# ----- item 1: every answer says what it hides ---------------------------------------


def test_every_answer_says_whether_it_shows_hidden_things_and_what_it_keeps_back(
    rolled: str,
) -> None:
    tps = str(POSITIONS / "tps" / "odds_capped.toml")
    attack = ("--attack", "0505", "--from", "0504,0604,0605")
    for answer in (
        _json("check", tps),
        _json("odds", tps, *attack),
        _json("air", str(POSITIONS / "tps" / "air_superiority_damaged.toml")),
        _json("odds", rolled, "--attack", "N3024", "--from", "N2924,N3025"),
    ):
        assert (answer["hidden"], answer["hides"]) == (False, [])
    referee = _json("duel", str(CONTESTED), "14pz", "rifle1")
    assert referee["hidden"] is True and referee["hides"] == []
    for side, other in (("german", "Soviet"), ("soviet", "German")):
        for answer in (
            _json("check", str(CONTESTED), "--as", side),
            _json("duel", str(CONTESTED), "14pz", "rifle1", "--as", side),
        ):
            assert answer["hidden"] is False
            assert answer["hides"] == [
                f"the {other} player's hand, step cards and cards played face down, "
                "and the draw deck's order"
            ]


def test_untried_units_make_the_referees_odds_hidden_and_withheld_from_a_player(
    tmp_path: Path,
) -> None:
    path = tmp_path / "untried.toml"
    path.write_text(ROLLED.replace('at = "N2924"', 'at = "N2924"\nflags = ["untried"]'))
    referee = _json("odds", str(path), "--attack", "N3024", "--from", "N2924,N3025")
    assert referee["hidden"] is True
    for side in ("axis", "soviet"):
        player = _json(
            "odds", str(path), "--attack", "N3024", "--from", "N2924,N3025", "--as", side
        )
        assert player["hidden"] is False and "by_rolls" not in player
        assert player["hides"] == [
            "which unit each untried counter is, and its strength, until it first fights (rule 2.14)"
        ]
        assert "b37a-rd1" not in json.dumps(player)


# ----- item 6: the defender's duel ---------------------------------------------------


@pytest.mark.parametrize(
    ("selected", "side"), [("rifle1", "soviet"), ("14pz,rifle1", "soviet"), ("14pz", "german")]
)
def test_the_duel_of_the_units_selected_makes_the_phasing_unit_the_attacker(
    selected: str, side: str
) -> None:
    answer = _json("duel", str(CONTESTED), "--units", selected, "--as", side)
    assert (answer["attacker"], answer["defender"]) == ("14pz", "rifle1")
    (chances,) = answer["chances"]
    assert chances["side"] == side
    assert chances["role"] == ("defender" if side == "soviet" else "attacker")
    assert answer["declare"] == "14pz attacks rifle1 in Rynok-Spartakovka"


def test_without_a_phase_the_unit_that_moved_in_attacks(tmp_path: Path) -> None:
    """Rynok-Spartakovka is the Soviets' (3.6: all twelve areas start Soviet): the German
    unit there is the one that entered it (8.1)."""
    path = tmp_path / "no-phase.toml"
    path.write_text(
        CONTESTED.read_text(encoding="utf-8").replace('phase = "German operations"', ""),
        encoding="utf-8",
    )
    answer = _json("duel", str(path), "--units", "rifle1", "--as", "soviet")
    assert (answer["attacker"], answer["defender"]) == ("14pz", "rifle1")


def test_the_units_of_no_combat_are_refused_in_one_line() -> None:
    code, _, error = run("duel", str(CONTESTED), "--units", "14pz,rifle2", "--as", "soviet")
    assert code == 2 and error.count("\n") == 1
    position = POSITIONS / "rks" / "control_alone.toml"
    code, _, error = run("duel", str(position), "--units", "14pz", "--as", "german")
    assert code == 2 and "no combat in" in error and error.count("\n") == 1


# ----- item 7: the odds against a "?" still to be rolled ----------------------------


def test_odds_against_an_unrolled_question_mark_give_each_roll_its_chance_and_column(
    rolled: str,
) -> None:
    answer = _json("odds", rolled, "--attack", "N3024", "--from", "N2924,N3025")
    assert answer["unrolled"] == [
        {"unit": "ro-1id", "strength": "defence", "values": [1, 2, 3, 4, 5, 6], "rules": ["2.15"]}
    ]
    outcomes = [
        (outcome["rolls"], outcome["chance"], outcome["final_column"])
        for outcome in answer["by_rolls"]
    ]
    assert outcomes == [
        ([[1], [2], [3]], "1/2", "6-1"),
        ([[4], [5]], "1/3", "3-1"),
        ([[6]], "1/6", "2-1"),
    ]
    assert sum(Fraction(outcome["chance"]) for outcome in answer["by_rolls"]) == 1
    assert answer["declare"].endswith(
        "(odds by the rolls still to make: 6-1 1/2, 3-1 1/3, 2-1 1/6)"
    )
    # Each outcome is the odds the referee gives once that roll is stated.
    for outcome in answer["by_rolls"]:
        for (value,) in outcome["rolls"]:
            stated = _json(
                "odds",
                rolled,
                "--attack",
                "N3024",
                "--from",
                "N2924,N3025",
                "--setting",
                f"question_rolls=ro-1id={value}",
            )
            assert stated["final_column"] == outcome["final_column"]
            assert stated["results"] == outcome["results"]


# ----- item 8: a player's own untried units ------------------------------------------


def test_a_player_sees_the_verdicts_on_his_own_untried_unit_by_its_alias(tmp_path: Path) -> None:
    path = tmp_path / "untried.toml"
    path.write_text(ROLLED.replace('at = "N2924"', 'at = "N2924"\nflags = ["untried"]'))
    answer = _json("check", str(path), "--as", "soviet", "--units", "b37a-rd1,ro-1id,nobody")
    own, enemy, nobody = answer["selected"]
    assert own and enemy and nobody == []
    lines = [answer["verdicts"][index]["line"] for index in own]
    assert any(line.startswith("untried-1 in N2924: in supply") for line in lines), lines
    assert "b37a-rd1" not in json.dumps(answer)
    assert all(
        answer["verdicts"][index]["unit"] == "ro-1id"
        for index in enemy
        if answer["verdicts"][index]["topic"] == "supply"
    )


# ----- item 9: the attack by the units selected --------------------------------------


def test_only_the_selected_units_attack_and_the_others_are_named_as_left_out(
    tmp_path: Path,
) -> None:
    path = tmp_path / "three.toml"
    path.write_text(ROLLED + '\n[[unit]]\nid = "b37a-rd3"\nat = "N2924"\n', encoding="utf-8")
    answer = _json(
        "odds",
        str(path),
        "--attack",
        "N3024",
        "--units",
        "b37a-rd2",
        "--setting",
        "question_rolls=ro-1id=4",
    )
    assert [item["unit"] for item in answer["attackers"]] == ["b37a-rd2"]
    assert answer["left_out"] == []
    both = _json(
        "odds",
        str(path),
        "--attack",
        "N3024",
        "--units",
        "b37a-rd1,b37a-rd2",
        "--setting",
        "question_rolls=ro-1id=4",
    )
    assert [item["unit"] for item in both["attackers"]] == ["b37a-rd1", "b37a-rd2"]
    assert both["left_out"] == [{"unit": "b37a-rd3", "hex": "N2924"}]
    assert "  left out (not selected): b37a-rd3 in N2924" in both["text"]


# ----- item 10: units named as their counters are -------------------------------------


def test_the_lines_for_people_name_counters_and_the_fields_keep_ids(rolled: str) -> None:
    answer = _json(
        "odds", rolled, "--attack", "N3024", "--from", "N2924,N3025", "--names", "counter"
    )
    assert [item["unit"] for item in answer["defenders"]] == ["ro-1id"]
    assert (
        "    1st Romanian Infantry Division in N3024: ? (a die roll when the combat is fought)"
        in answer["text"]
    )
    assert answer["declare"].startswith(
        "37th Army rifle division 1, 37th Army rifle division 2 on 1st Romanian Infantry Division in N3024"
    )
    assert "ro-1id" not in "\n".join(answer["text"])
    check = _json("check", rolled, "--names", "counter")
    supply = next(verdict for verdict in check["verdicts"] if verdict["unit"] == "ro-1id")
    assert supply["line"].startswith("1st Romanian Infantry Division in N3024: out of supply")
    duel = _json(
        "duel", str(CONTESTED), "--units", "rifle1", "--as", "soviet", "--names", "counter"
    )
    assert duel["declare"] == "14th Panzer Division attacks Rifle division 1 in Rynok-Spartakovka"
    assert duel["attacker"] == "14pz"


def test_an_attack_the_rules_forbid_names_an_untried_attacker_by_its_alias(
    tmp_path: Path,
) -> None:
    path = tmp_path / "far.toml"
    path.write_text(
        ROLLED.replace('at = "N2924"', 'at = "N2824"\nflags = ["untried"]'), encoding="utf-8"
    )
    answer = _json("odds", str(path), "--attack", "N3024", "--from", "N2824", "--as", "soviet")
    assert answer["allowed"] is False
    assert "b37a-rd1" not in json.dumps(answer)
    assert "untried-1 in N2824 is not adjacent to the defender" in answer["text"][1]


def test_an_isolated_defender_does_not_make_the_attacker_the_one_who_moved_in(
    tmp_path: Path,
) -> None:
    """rifle1 is isolated (8.10): it counts for no control, so 14pz stands there alone
    and would hold the area now; the attacker is still the unit that moved into an area
    its side did not hold (found in the engine: the duel had turned round)."""
    path = tmp_path / "isolated.toml"
    text = CONTESTED.read_text(encoding="utf-8").replace('phase = "German operations"', "")
    path.write_text(
        text.replace('id = "rifle1"', 'id = "rifle1"\nflags = ["isolated"]'), encoding="utf-8"
    )
    answer = _json("duel", str(path), "--units", "rifle1", "--as", "soviet")
    assert (answer["attacker"], answer["defender"]) == ("14pz", "rifle1")
