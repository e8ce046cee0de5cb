"""The coverage matrices held to the rules texts, the code, the tests and the verdicts.

A matrix that misses a rule of the text, names a test that does not exist or does not
mention its rule, or calls open a rule some verdict rests on, fails here; so does a
compliance page whose numbers were typed rather than counted.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from builder.cli import main
from builder.cli.coverage_commands import shipped_coverages
from rules.coverage import (
    JUDGED,
    STATUSES,
    Coverage,
    has_matrix,
    load_coverage,
    render_markdown,
)
from rules.data.loader import load_game
from rules.data_coverage import data_coverage
from rules.referee.games import referee_for
from rules.referee.position_file import read_position_file
from rules.referee.tps.sections import RULES as TPS_SECTIONS
from rules.referee.verdict import Verdict

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT.parent / "shared" / "seeds"
POSITIONS = ROOT / "tests" / "referee" / "positions"
COMPLIANCE_PAGE = ROOT / "docs" / "coverage.md"
COVERED_GAMES = ("tps", "dos", "rks")
"""The games whose referee packages carry a coverage matrix."""


@cache
def coverage(game_id: str) -> Coverage:
    return load_coverage(game_id)


def rules_text(coverage_: Coverage) -> str:
    path = SEEDS / coverage_.rules_text
    if not path.exists():
        pytest.skip(f"the rules texts are not beside the checkout ({path})")
    return path.read_text(encoding="utf-8")


def numbered_rules(game_id: str) -> set[str]:
    """The rule numbers of a numbered rules text: DoS "7.14" at a line's start, RKS
    "[3.3]" or "【3.0】" anywhere."""
    text = rules_text(coverage(game_id))
    if game_id == "rks":
        return set(re.findall(r"[【\[]([0-9]+\.[0-9]+)[】\]]", text))
    return set(re.findall(r"^ *\[?([0-9]+\.[0-9]+)\]? ", text, re.MULTILINE))


def mentions(text: str, rule: str) -> bool:
    """Whether ``text`` names ``rule``: a number standing alone ("7.1" not in "7.14"), or
    as a test's name does ("test_7_14_..."); a TPS section by its name or its key."""
    if not rule[0].isdigit():
        key = next((key for key, name in TPS_SECTIONS.items() if name == rule), None)
        return rule in text or (key is not None and f'RULES["{key}"]' in text)
    number = re.compile(r"(?<![\d.])" + re.escape(rule) + r"(?![\d])")
    in_name = re.compile(r"def test_(?:[0-9_]*_)?" + rule.replace(".", "_") + r"(?![0-9])")
    return bool(number.search(text) or in_name.search(text) or in_a_range(text, rule))


def in_a_range(text: str, rule: str) -> bool:
    """Whether ``text`` cites a range of one section ("9.10-9.21") that holds ``rule``."""
    section, _, number = rule.partition(".")
    for first_section, first, last_section, last in re.findall(
        r"(\d+)\.(\d+)[-–](\d+)\.(\d+)", text
    ):
        if first_section == last_section == section and int(first) <= int(number) <= int(last):
            return True
    return False


def source_of(reference: str) -> str:
    """The text of a test named ``file::function`` (its decorators included) or a file."""
    path_text, _, function = reference.partition("::")
    path = ROOT / path_text
    assert path.is_file(), f"{reference}: no such file"
    if not function:
        return path.read_text(encoding="utf-8")
    found = functions_of(path).get(function)
    assert found is not None, f"{reference}: no test function {function}"
    return found


@cache
def functions_of(path: Path) -> dict[str, str]:
    """The text of each top-level function of a file (its decorators included), the file
    parsed once however many rows cite its tests."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    found = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.FunctionDef) and node.name not in found:
            start = min([decorator.lineno for decorator in node.decorator_list] + [node.lineno])
            found[node.name] = "\n".join(lines[start - 1 : node.end_lineno])
    return found


@pytest.mark.parametrize("game_id", ["dos", "rks"])
def test_every_numbered_rule_of_the_text_has_a_row(game_id: str) -> None:
    rows = {row.number for row in coverage(game_id).rows}
    assert numbered_rules(game_id) - rows == set()
    assert rows - numbered_rules(game_id) == set(), "a row for a rule the text does not have"


def test_every_lettered_section_of_the_tps_text_and_every_cited_section_has_a_row() -> None:
    tps = coverage("tps")
    letters = set()
    for group in re.findall(r"\(([A-Z](?:, ?[A-Z])*)\)", rules_text(tps)):
        letters |= {letter.strip() for letter in group.split(",")}
    assert letters - {letter for row in tps.rows for letter in row.letters} == set()
    assert set(TPS_SECTIONS.values()) - {row.number for row in tps.rows} == set()


@pytest.mark.parametrize("game_id", COVERED_GAMES)
def test_judged_rows_name_code_and_tests_that_exist_and_name_the_rule(game_id: str) -> None:
    for row in coverage(game_id).rows:
        if row.status not in JUDGED:
            continue
        for path in row.code:
            assert (ROOT / path).is_file(), f"{game_id} {row.number}: no file {path}"
        for reference in row.tests:
            assert mentions(source_of(reference), row.number), (
                f"{game_id} {row.number}: {reference} does not name it"
            )


@cache
def position_verdicts(game_id: str) -> tuple[tuple[str, Verdict], ...]:
    """Every verdict of the game's hand-built positions, with the position's file name."""
    found = []
    for path in sorted((POSITIONS / game_id).glob("*.toml")):
        if "# expect" not in path.read_text(encoding="utf-8"):
            continue
        referee = referee_for(read_position_file(path))
        found += [(path.name, verdict) for verdict in referee.check_as(None)]
    return tuple(found)


def cited_rules(game_id: str) -> dict[str, set[str]]:
    """Every rule the verdicts of the game's hand-built positions cite, with where."""
    cited: dict[str, set[str]] = {}
    for name, verdict in position_verdicts(game_id):
        for rule in verdict.rules:
            cited.setdefault(rule, set()).add(name)
    return cited


def expand(coverage_: Coverage, rule: str) -> list[str]:
    """A cited range ("9.10-9.21") as the rows it spans; a single rule as itself."""
    first, dash, last = rule.replace("–", "-").partition("-")
    if not dash or not first[:1].isdigit():
        return [rule]
    numbers = [row.number for row in coverage_.rows]
    return numbers[numbers.index(first) : numbers.index(last) + 1]


@pytest.mark.parametrize("game_id", COVERED_GAMES)
def test_no_verdict_rests_on_a_rule_the_matrix_does_not_call_judged(game_id: str) -> None:
    coverage_ = coverage(game_id)
    unjudged = {}
    for cited, where in cited_rules(game_id).items():
        # "8.7 (3)" is a case of 8.7, "7.18 (errata 2002)" is 7.18 as the errata word it
        base = cited.split(" (")[0] if cited[:1].isdigit() else cited
        for rule in expand(coverage_, base):
            row = coverage_.row(rule)
            if row is None or row.status not in JUDGED:
                unjudged[cited] = sorted(where)[:3]
    assert unjudged == {}


@pytest.mark.parametrize("game_id", COVERED_GAMES)
def test_every_reading_with_a_setting_is_exercised_by_a_position(game_id: str) -> None:
    for reading in coverage(game_id).readings:
        if not reading.setting:
            continue
        texts = [path.read_text(encoding="utf-8") for path in (POSITIONS / game_id).glob("*.toml")]
        for letter, value in reading.values.items():
            if letter == reading.default:
                continue
            assert any(
                re.search(rf'^{reading.setting} = "{value}"', text, re.MULTILINE) for text in texts
            ), f"no position selects reading ({letter}) of {reading.rule}"


@pytest.mark.parametrize("game_id", COVERED_GAMES)
def test_every_open_rule_says_what_judging_it_would_take(game_id: str) -> None:
    """An open row's note says what it would take, concretely: it names the code or data
    file (under rules/, games/ or tests/) where the work would go, and the file exists."""
    vague = {}
    for row in coverage(game_id).rows:
        if row.status != "open":
            continue
        _, said, what = row.note.partition("would take:")
        named = re.findall(r"(?:rules|games|tests)/[\w/]+\.(?:py|toml)", what)
        if not said or not named or not all((ROOT / path).is_file() for path in named):
            vague[row.number] = row.note
    assert vague == {}


@pytest.mark.parametrize("game_id", COVERED_GAMES)
def test_every_reading_without_a_setting_says_what_selecting_another_would_take(
    game_id: str,
) -> None:
    """A reading no setting selects names the code or data that would have to change."""
    for reading in coverage(game_id).readings:
        if not reading.setting:
            assert re.search(r"(?:rules|games)/[\w/]+\.(?:py|toml)", reading.note), reading.rule


@cache
def named_readings(game_id: str) -> frozenset[str]:
    """Every reading the game's hand-built positions name: in their verdicts, and in the
    modifiers of each attack an ``# expect odds:`` line works out (DoS 11.22 against 11.28
    decides an attack's shifts, not a verdict of ``check``)."""
    from rules.referee.hexgame import HexReferee
    from tests.golden.cases import odds_attacks

    named = {reading for _, verdict in position_verdicts(game_id) for reading in verdict.readings}
    for path in sorted((POSITIONS / game_id).glob("*.toml")):
        attacks = odds_attacks(path)
        if not attacks:
            continue
        position = read_position_file(path)
        referee = referee_for(position)
        assert isinstance(referee, HexReferee)
        for defender, attackers in attacks:
            hexes = []
            for name in (defender, *attackers.split(",")):
                parsed = position.spec.parse_hex(name)
                assert parsed is not None, f"{path}: {name}"
                hexes.append(parsed[1])
            report = referee.odds(hexes[0], hexes[1:])
            named |= {reading for modifier in report.modifiers for reading in modifier.readings}
    return frozenset(named)


@pytest.mark.parametrize("game_id", COVERED_GAMES)
def test_verdicts_name_only_readings_of_the_register(game_id: str) -> None:
    options = {
        f"{reading.rule} ({letter})"
        for reading in coverage(game_id).readings
        for letter in reading.options
    }
    assert named_readings(game_id) - options == set()


@pytest.mark.parametrize("game_id", COVERED_GAMES)
def test_every_option_a_setting_selects_is_named_by_a_verdict(game_id: str) -> None:
    """A reading a player can choose is one a verdict (or an attack's modifier) says it
    applied, either way."""
    named = named_readings(game_id)
    for reading in coverage(game_id).readings:
        if reading.setting:
            for letter in reading.options:
                assert f"{reading.rule} ({letter})" in named, (
                    f"no verdict names reading ({letter}) of {reading.rule}"
                )


def test_the_compliance_page_is_the_generated_one() -> None:
    expected = render_markdown(shipped_coverages())
    assert [item.game for item in shipped_coverages()] == [*COVERED_GAMES, "ford", "lanner"]
    assert COMPLIANCE_PAGE.read_text(encoding="utf-8") == expected, (
        "run: stavka coverage --format markdown > docs/coverage.md"
    )


def test_the_page_counts_what_the_rows_say() -> None:
    page = COMPLIANCE_PAGE.read_text(encoding="utf-8")
    for game_id in COVERED_GAMES:
        coverage_ = coverage(game_id)
        counts = coverage_.counts()
        row = next(line for line in page.splitlines() if line.startswith(f"| {coverage_.title} |"))
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        assert cells[1] == str(len(coverage_.rows))
        assert cells[2:7] == [str(count) for count in counts.values()]


def test_coverage_command() -> None:
    runner = CliRunner()
    text = runner.invoke(main, ["coverage", "rks"])
    assert text.exit_code == 0 and text.output.startswith("Rattenkrieg: Stalingrad: 51 rules")
    page = runner.invoke(main, ["coverage", "--format", "markdown"])
    assert page.exit_code == 0 and page.output == COMPLIANCE_PAGE.read_text(encoding="utf-8")
    unknown = runner.invoke(main, ["coverage", "chess"])
    assert unknown.exit_code == 2 and "no coverage matrix for game 'chess'" in unknown.output


def test_each_module_help_states_what_the_referee_judges() -> None:
    from builder.module.help import help_text
    from tests.support.games import shipped_game

    for game_id in COVERED_GAMES:
        coverage_ = coverage(game_id)
        page = help_text(shipped_game(game_id))
        counts = ", ".join(
            f"{count} {STATUSES[status]}" for status, count in coverage_.counts().items()
        )
        assert f"({len(coverage_.rows)} rules:\n{counts})" in page
        for row in coverage_.rows:
            if row.status in ("open", "unobservable"):
                assert f"<b>{row.number}</b> {row.title}" in page


def test_the_matrices_are_the_packages_of_the_games_with_code() -> None:
    assert [game for game in ("tps", "dos", "rks", "ford", "mechanisms") if has_matrix(game)] == [
        *COVERED_GAMES
    ]


def test_a_data_game_is_covered_section_by_section_of_its_referee_table() -> None:
    """The Ford (data alone): each section its [referee] table, terrain and results table
    name has a row, with the engine's code that judges it (files that exist)."""
    ford = data_coverage(load_game("ford"))
    assert [row.number for row in ford.rows] == [
        "3.1", "4", "4.2", "4.3", "5", "6", "7", "7.3", "7.4", "7.5", "7.6", "7.7", "8", "9.1"
    ]  # fmt: skip
    assert all(row.status in JUDGED and row.code for row in ford.rows)
    assert all((ROOT / path).is_file() for row in ford.rows for path in row.code)
    stacking = next(row for row in ford.rows if row.number == "5")
    assert (
        stacking.title == "Stacking: at most 2 units of a side in a hex, headquarters not counted"
    )
    text = CliRunner().invoke(main, ["coverage", "ford"])
    assert text.exit_code == 0
    assert text.output.startswith("The Ford: 14 rules")
    assert "  8 Supply: a line of 4 hexes to a depot" in text.output
    assert "rules/referee/mechanisms/supply.py" in text.output


@pytest.mark.parametrize("game", ["ford", "lanner"])
def test_a_data_games_coverage_holds_every_section_its_verdicts_cite(game: str) -> None:
    """Each section a verdict on the game's hand-built positions cites (check, odds, the
    moves asked) has a row, and each row is a section of the game's RULES.md."""
    spec = load_game(game)
    rows = {row.number for row in data_coverage(spec).rows}
    text = (Path(spec.folder) / spec.rules_text).read_text(encoding="utf-8")
    assert all(f"\n{number} " in text or f"## {number}." in text for number in rows), rows
    cited: set[str] = set()
    for path in sorted((ROOT / "tests" / "referee" / "positions" / game).glob("*.toml")):
        referee = referee_for(read_position_file(path))
        cited |= {rule for verdict in referee.check() for rule in verdict.rules}
    assert cited and cited <= rows, cited - rows
    answer = CliRunner().invoke(main, ["coverage", game])
    assert answer.exit_code == 0 and answer.output.startswith(f"{spec.title}: {len(rows)} rules")
