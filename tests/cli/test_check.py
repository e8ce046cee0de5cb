"""``stavka check`` and ``stavka odds`` as a player runs them (issue 6, deliverable 5).

Exit 0 whenever the position was checked, whatever the verdicts; bad input is one line
on standard error and exit 2. The positions are the hand-built ones of the referee tests,
whose expected verdicts are worked out in their comments.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from builder.cli import COMMAND_MODULES, main
from tests.cli.test_cli import run
from tests.vassal.vassal_corpus import CORPUS

POSITIONS = Path(__file__).resolve().parents[1] / "referee" / "positions"


def test_check_gives_each_unit_its_supply_path_and_rule() -> None:
    # zoc_cut_unoccupied.toml: the Axis unit's line runs 13 hexes to the railway (limit 12).
    code, output, error = run("check", str(POSITIONS / "tps" / "zoc_cut_unoccupied.toml"))
    assert (code, error) == (0, "")
    lines = output.splitlines()
    first = next(index for index, line in enumerate(lines) if line.startswith("ger_inf_1:"))
    assert lines[first].startswith(
        "ger_inf_1: out of supply — 13 hexes to rail hex 0608 (limit 12)"
    )
    assert "[rule Supply (A)" in lines[first]
    assert lines[first + 1].startswith("    path: 1908 1807")


def test_check_opens_with_a_summary_and_groups_units_by_supply_state() -> None:
    # zoc_cut_unoccupied.toml: ger_inf_1 out of supply; sov_rifle_1 isolated, 23 hexes from
    # the east edge (limit 4) and 15 from rail (limit 8): no path is printed for it.
    code, output, _ = run("check", str(POSITIONS / "tps" / "zoc_cut_unoccupied.toml"))
    lines = output.splitlines()
    assert lines[1:5] == [
        "Summary",
        "  supply: axis 1 out of supply; soviet 1 isolated",
        "  violations: none",
        "  victory: Soviet marginal victory if the game ended now — Soviet 0 VP - Axis 0 VP = 0",
    ]
    assert (
        lines.index("Supply: out of supply")
        < lines.index("Supply: isolated")
        < lines.index("Victory")
    )
    isolated = lines[lines.index("Supply: isolated") + 1]
    assert isolated.startswith("sov_rifle_1: isolated") and "no source within reach" in isolated
    assert not lines[lines.index("Supply: isolated") + 2].startswith("    path:")


def test_check_json_carries_every_verdict_with_its_rules() -> None:
    code, output, _ = run(
        "check", str(POSITIONS / "dos" / "chain_supplied.toml"), "--format", "json"
    )
    assert code == 0
    report = json.loads(output)
    assert (report["game"], report["turn"]) == ("dos", 3)
    assert report["verdicts"] and all(verdict["rules"] for verdict in report["verdicts"])
    assert set(report["verdicts"][0]) >= {
        "subject",
        "topic",
        "outcome",
        "rules",
        "explanation",
        "path",
        "details",
        "unit",
    }
    assert report["summary"]["violations"] == 0 and set(report["summary"]["supply"]) == {
        "axis",
        "soviet",
    }


def test_odds_lists_strengths_shifts_with_rules_and_every_roll() -> None:
    # combat_concentric.toml: 14 : 7 is 2-1; 5.6 gives 1R and 11.28 2R: 5-1.
    code, output, _ = run(
        "odds",
        str(POSITIONS / "dos" / "combat_concentric.toml"),
        "--attack",
        "N2040",
        "--from",
        "N2041,N2039",
    )
    assert code == 0
    lines = output.splitlines()
    assert "  strength 14 : 7" in lines and "  odds column 2-1" in lines
    assert "  German attacks before moving this turn: +1 column [rule 5.6]" in lines
    assert "  concentric attack by German units: +2 columns [rule 11.28]" in lines
    assert [line.split(": ")[1] for line in lines if line.startswith("    roll ")] == [
        "DE",
        "DE",
        "DE",
        "EX",
        "DR",
        "DR",
    ]
    assert "RECONSTRUCTED" in output


def test_odds_json_matches_the_text() -> None:
    code, output, _ = run(
        "odds",
        str(POSITIONS / "dos" / "combat_concentric.toml"),
        "--attack",
        "N2040",
        "--from",
        "N2041,N2039",
        "--format",
        "json",
    )
    assert code == 0
    report = json.loads(output)
    assert (report["base_column"], report["final_column"]) == ("2-1", "5-1")


def test_odds_on_an_attack_the_rules_forbid_is_a_verdict() -> None:
    # manych_lake_attack.toml: S1125 to S1126 crosses the Manych lake (11.20): refused, exit 0.
    path = str(POSITIONS / "dos" / "manych_lake_attack.toml")
    code, output, error = run("odds", path, "--attack", "S1126", "--from", "S1125")
    assert (code, error) == (0, "")
    assert output.splitlines()[0] == "Attack on S1126: not allowed"
    assert "cannot attack across a lake or sea hexside [rule 11.20]" in output
    code, output, _ = run("odds", path, "--attack", "S1126", "--from", "S1125", "--format", "json")
    report = json.loads(output)
    assert code == 0 and report["allowed"] is False and report["verdicts"][0]["rules"] == ["11.20"]


def test_air_gives_every_roll_and_which_flights_fly() -> None:
    # air_superiority_damaged.toml: 2 to 2 on the 1-1 column, damaged on a 1, rolled 1.
    path = str(POSITIONS / "tps" / "air_superiority_damaged.toml")
    code, output, error = run("air", path)
    assert (code, error) == (0, "")
    lines = output.splitlines()
    assert [line.split(":")[1].split()[0] for line in lines if line.startswith("    roll ")] == [
        "X",
        "-",
        "-",
        "-",
        "-",
        "-",
    ]
    assert "  ger_air_1_flight: damaged — interdiction over 1010" in "\n".join(lines)
    code, output, _ = run("air", path, "--format", "json")
    report = json.loads(output)
    (attack,) = report["air_superiority"]
    assert (attack["column"], attack["attack"], attack["defence"], attack["damaged"]) == (
        "1-1",
        2,
        2,
        True,
    )
    assert {flight["subject"]: flight["outcome"] for flight in report["flights"]}[
        "ger_air_1_flight"
    ] == "damaged"


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (
            (
                "odds",
                str(POSITIONS / "dos" / "combat_concentric.toml"),
                "--attack",
                "N2040",
                "--from",
                "N9999",
            ),
            "unknown hex 'N9999'",
        ),
        (
            ("check", str(CORPUS / "kassala" / "Default Setup.vsav")),
            "not a saved game of a Stavka module",
        ),
        (
            ("air", str(POSITIONS / "dos" / "manych_lake_attack.toml")),
            "Drive on Stalingrad has no air missions",
        ),
    ],
)
def test_bad_input_is_one_line_and_exit_2(arguments: tuple[str, ...], message: str) -> None:
    code, output, error = run(*arguments)
    assert (code, output) == (2, "")
    assert message in error and error.count("\n") == 1 and "Traceback" not in error


@pytest.mark.parametrize(
    "content", [b"PK\x03\x04 truncated", b'game = "dos"\n[[unit]\n', b"\xff\xfe\x00"]
)
def test_corrupt_positions_are_refused_cleanly(tmp_path: Path, content: bytes) -> None:
    for suffix in (".vsav", ".toml"):
        path = tmp_path / f"broken{suffix}"
        path.write_bytes(content)
        code, output, error = run("check", str(path))
        assert (code, output) == (2, ""), error
        assert error.startswith(f"stavka: {path}") and error.count("\n") == 1


def test_every_command_module_is_in_the_lazy_map() -> None:
    # Help lists every command; each must come from the module the map names.
    for name, module in COMMAND_MODULES.items():
        command = main.get_command(None, name)  # type: ignore[arg-type]
        assert command is not None and command.callback is not None
        assert command.callback.__module__ == f"builder.cli.{module}", name
    assert set(main.commands) == set(COMMAND_MODULES)


def test_annotate_needs_a_save_and_writes_nothing_otherwise(tmp_path: Path) -> None:
    target = tmp_path / "copy.vsav"
    code, _, error = run(
        "check", str(POSITIONS / "tps" / "stacking.toml"), "--annotate", str(target)
    )
    assert code == 2 and "--annotate needs a saved game or log" in error
    assert not target.exists()


def test_check_as_a_player_hides_untried_units(tmp_path: Path) -> None:
    # Rule 2.14: an untried unit's strength is unknown to both players; its id names its slot
    # of the draw, so a player's view calls it by an alias and withholds odds it takes part in.
    from tests.report.positions import DOS_BLUE_TURN_3, write_position

    position = write_position(tmp_path / "dos.toml", "dos", "blue", DOS_BLUE_TURN_3)
    code, output, _ = run("check", str(position), "--as", "soviet")
    assert code == 0
    assert output.splitlines()[0].endswith("(as the Soviet player sees it)")
    assert "b13a-rd1" not in output and "untried-1 in N" in output
    assert "b13a-rd1" in run("check", str(position))[1]
    code, output, _ = run(
        "odds", str(position), "--attack", "N2141", "--from", "N2142", "--as", "axis"
    )
    assert code == 0
    assert "odds not known: untried units take part" in output and "[rule 2.14]" in output
    assert "roll" not in output
    code, output, error = run("check", str(position), "--as", "romanian")
    assert (code, output) == (
        2,
        "",
    ) and "unknown side 'romanian' for --as (the sides are axis, soviet)" in error
