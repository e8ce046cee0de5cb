"""The Ford's hand-built positions (tests/referee/positions/ford), judged by the data-configured referee.

Every expectation below was worked out from The Ford's own rules (games/ford/RULES.md)
before the referee ran; each position file's comments give the working. A position's
check is compared whole: its stacking and ZOC verdicts exactly, and every unit's supply.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rules.hexes import Hex
from rules.referee.games import referee_for
from rules.referee.hexgame import HexReferee
from rules.referee.position_file import read_position_file

POSITIONS = Path(__file__).parents[1] / "referee" / "positions" / "ford"
IN, OUT = "in supply", "out of supply"

# file: (verdicts other than supply as (subject, outcome, rules, explanation), supply by unit)
CHECKS: dict[str, tuple[set[tuple[str, str, tuple[str, ...], str]], dict[str, str]]] = {
    "01-stack-two": (set(), {"v1": IN, "v2": IN, "c1": IN}),
    "02-stack-three": (
        {("hex 0203", "over-stacked", ("5",), "3 units count toward the limit of 2")},
        {"v1": IN, "v2": IN, "v3": IN, "c1": IN},
    ),
    "03-stack-headquarters": (set(), {"v1": IN, "v2": IN, "v5": IN, "c1": IN}),
    "04-stack-headquarters-and-three": (
        {("hex 0203", "over-stacked", ("5",), "3 units count toward the limit of 2")},
        {"v1": IN, "v2": IN, "v4": IN, "v5": IN, "c1": IN},
    ),
    "05-zoc-both-ways": (
        {
            ("hex 0403", "in enemy ZOC", ("6",), "exerted by c1 in 0503"),
            ("hex 0503", "in enemy ZOC", ("6",), "exerted by v1 in 0403"),
        },
        {"v1": IN, "c1": IN},
    ),
    "06-zoc-not-artillery": (
        {("hex 0503", "in enemy ZOC", ("6",), "exerted by v1 in 0403")},
        {"v1": IN, "c4": IN},
    ),
    "07-zoc-stop": (set(), {"v1": IN, "c1": IN}),
    "08-zoc-leave": (
        {
            ("hex 0403", "in enemy ZOC", ("6",), "exerted by c1 in 0504"),
            ("hex 0504", "in enemy ZOC", ("6",), "exerted by v1 in 0403"),
        },
        {"v1": IN, "c1": IN},
    ),
    "09-terrain-costs": (set(), {"v1": IN, "c1": IN}),
    "10-river": (set(), {"v1": IN, "c1": IN}),
    "11-marsh": (set(), {"v3": IN, "v2": IN, "c1": IN}),
    "12-gorge-and-ford": (set(), {"v1": IN, "c1": IN}),
    "13-out-of-supply-moves-half": (set(), {"v1": OUT, "c1": IN}),
    "14-supply-length": (set(), {"v1": IN, "v2": OUT, "c1": IN}),
    "15-supply-zoc-blocks": (
        {
            ("hex 0105", "in enemy ZOC", ("6",), "exerted by c1 in 0204"),
            ("hex 0204", "in enemy ZOC", ("6",), "exerted by v1 in 0105"),
        },
        {"v1": OUT, "c1": OUT},
    ),
    "16-supply-friend-in-zoc": (
        {
            ("hex 0104", "in enemy ZOC", ("6",), "exerted by c1 in 0204"),
            ("hex 0105", "in enemy ZOC", ("6",), "exerted by c1 in 0204"),
            ("hex 0204", "in enemy ZOC", ("6",), "exerted by v1 in 0105, v2 in 0104"),
        },
        {"v1": IN, "v2": IN, "c1": OUT},
    ),
    "17-depot-taken": (
        {
            ("hex 0103", "in enemy ZOC", ("6",), "exerted by v1 in 0202"),
            ("hex 0202", "in enemy ZOC", ("6",), "exerted by c3 in 0103"),
        },
        {"v1": OUT, "c3": OUT},
    ),
    "18-depot-in-zoc": (set(), {"v1": IN, "c1": OUT}),
    "19-supply-gorge": (set(), {"c1": OUT, "v1": IN}),
    "20-odds-plain": (
        {
            ("hex 0103", "in enemy ZOC", ("6",), "exerted by c1 in 0203"),
            ("hex 0202", "in enemy ZOC", ("6",), "exerted by c1 in 0203"),
            ("hex 0203", "in enemy ZOC", ("6",), "exerted by v1 in 0103, v2 in 0202"),
        },
        {"v1": IN, "v2": IN, "c1": OUT},
    ),
    "21-odds-woods": (
        {
            ("hex 0202", "in enemy ZOC", ("6",), "exerted by c1 in 0303"),
            ("hex 0203", "in enemy ZOC", ("6",), "exerted by c1 in 0303"),
            ("hex 0303", "in enemy ZOC", ("6",), "exerted by v1 in 0202, v2 in 0203"),
        },
        {"v1": IN, "v2": IN, "c1": OUT},
    ),
    "22-odds-hill-and-river": (
        {
            ("hex 0402", "in enemy ZOC", ("6",), "exerted by c1 in 0502"),
            ("hex 0503", "in enemy ZOC", ("6",), "exerted by c1 in 0502"),
            ("hex 0502", "in enemy ZOC", ("6",), "exerted by v1 in 0402, v2 in 0503"),
        },
        {"v1": IN, "v2": IN, "c1": OUT},
    ),
    "23-odds-armour": (
        {
            ("hex 0202", "in enemy ZOC", ("6",), "exerted by c1 in 0203, c2 in 0303"),
            ("hex 0203", "in enemy ZOC", ("6",), "exerted by v3 in 0202"),
            ("hex 0303", "in enemy ZOC", ("6",), "exerted by v3 in 0202"),
        },
        {"v3": IN, "c1": OUT, "c2": OUT},
    ),
    "24-odds-artillery": (
        {
            ("hex 0103", "in enemy ZOC", ("6",), "exerted by c1 in 0203"),
            ("hex 0202", "in enemy ZOC", ("6",), "exerted by c1 in 0203"),
            ("hex 0203", "in enemy ZOC", ("6",), "exerted by v1 in 0202"),
        },
        {"v4": IN, "v1": IN, "c1": OUT},
    ),
    "25-odds-out-of-supply": (
        {
            ("hex 0704", "in enemy ZOC", ("6",), "exerted by c1 in 0703"),
            ("hex 0703", "in enemy ZOC", ("6",), "exerted by v3 in 0704"),
        },
        {"v3": OUT, "c1": OUT},
    ),
    "26-attacks-forbidden": (
        {
            ("hex 0404", "in enemy ZOC", ("6",), "exerted by c1 in 0505"),
            ("hex 0405", "in enemy ZOC", ("6",), "exerted by c1 in 0505"),
            ("hex 0505", "in enemy ZOC", ("6",), "exerted by v1 in 0405, v2 in 0404"),
        },
        {"v1": IN, "v2": IN, "v4": IN, "c1": IN},
    ),
    "27-odds-above-table": (
        {("hex 0203", "in enemy ZOC", ("6",), "exerted by v1 in 0202, v2 in 0103")},
        {"v1": IN, "v2": IN, "c5": OUT},
    ),
    "28-odds-below-table": (
        {("hex 0202", "in enemy ZOC", ("6",), "exerted by c1 in 0303, c2 in 0303")},
        {"v4": IN, "c1": OUT, "c2": OUT},
    ),
}

# file: (unit, path, MP it costs or None when the move is not allowed, rules cited)
MOVES: list[tuple[str, str, tuple[str, ...], int | None, set[str]]] = [
    ("05-zoc-both-ways", "v1", ("0403", "0503"), None, {"4"}),
    ("07-zoc-stop", "v1", ("0303", "0403"), 2, {"4", "6"}),
    ("07-zoc-stop", "v1", ("0303", "0403", "0404"), None, {"4", "6"}),
    ("08-zoc-leave", "v1", ("0403", "0303", "0203"), 3, {"4"}),
    ("09-terrain-costs", "v1", ("0202", "0302", "0402"), 3, {"4"}),
    ("09-terrain-costs", "v1", ("0202", "0303", "0304", "0404"), None, {"4"}),
    ("10-river", "v1", ("0402", "0502"), 4, {"4"}),
    ("10-river", "v1", ("0402", "0503", "0603", "0604"), None, {"4"}),
    ("11-marsh", "v3", ("0204", "0205"), None, {"4"}),
    ("11-marsh", "v2", ("0104", "0105", "0205"), 4, {"4"}),
    ("12-gorge-and-ford", "v1", ("0405", "0505"), None, {"4"}),
    ("12-gorge-and-ford", "v1", ("0405", "0404", "0505"), 3, {"4"}),
    ("13-out-of-supply-moves-half", "v1", ("0606", "0605"), 2, {"4", "8"}),
    ("13-out-of-supply-moves-half", "v1", ("0606", "0605", "0604"), None, {"4", "8"}),
]

# file: (defender hex, attacker hexes, final column or None when forbidden, die modifier,
# results for rolls 1-6, rules of the refusal)
ATTACKS: list[tuple[str, str, tuple[str, ...], str | None, int, str, set[str]]] = [
    ("20-odds-plain", "0203", ("0103", "0202"), "2-1", 0, "AR NE DR DR DE DE", set()),
    ("21-odds-woods", "0303", ("0202", "0203"), "1-1", 0, "AR AR NE DR DR DE", set()),
    ("22-odds-hill-and-river", "0502", ("0402",), "1-1", -2, "AE AE AR AR NE DR", set()),
    ("22-odds-hill-and-river", "0502", ("0402", "0503"), "2-1", -1, "AR AR NE DR DR DE", set()),
    ("23-odds-armour", "0203", ("0202",), "2-1", 0, "AR NE DR DR DE DE", set()),
    ("23-odds-armour", "0303", ("0202",), "1-2", 0, "AE AR AR NE DR DR", set()),
    ("24-odds-artillery", "0203", ("0103", "0202"), "1-1", 1, "AR NE DR DR DE DE", set()),
    ("25-odds-out-of-supply", "0703", ("0704",), "1-1", 0, "AR AR NE DR DR DE", set()),
    ("26-attacks-forbidden", "0505", ("0405",), None, 0, "", {"7.4"}),
    ("26-attacks-forbidden", "0505", ("0404",), "1-1", 0, "AR AR NE DR DR DE", set()),
    ("26-attacks-forbidden", "0505", ("0304",), None, 0, "", {"7"}),
    ("27-odds-above-table", "0203", ("0202", "0103"), "4-1", 0, "DR DR DE DE DE DE", set()),
    ("28-odds-below-table", "0303", ("0202",), "1-2", 1, "AR AR NE DR DR DE", set()),
]


def _referee(name: str) -> HexReferee:
    referee = referee_for(read_position_file(POSITIONS / f"{name}.toml"))
    assert type(referee) is HexReferee  # the engine itself: The Ford is data alone
    return referee


def _hex(referee: HexReferee, label: str) -> Hex:
    found = referee.spec.parse_hex(label)
    assert found is not None, label
    return found[1]


def test_there_are_at_least_twenty_positions_each_with_its_working() -> None:
    files = sorted(POSITIONS.glob("*.toml"))
    assert len(files) >= 20
    # The positions added with victory and the sequence of play state their verdicts in
    # "# expect:" lines (tests/referee/test_data_games.py); the first 28 are held here.
    assert set(CHECKS) <= {path.stem for path in files}
    for path in files:
        assert path.read_text(encoding="utf-8").startswith("# "), path.name


@pytest.mark.parametrize("name", sorted(CHECKS))
def test_check(name: str) -> None:
    others, supply = CHECKS[name]
    verdicts = _referee(name).check()
    assert {
        (verdict.subject, verdict.outcome, verdict.rules, verdict.explanation)
        for verdict in verdicts
        if verdict.topic not in ("supply", "victory")
    } == others
    assert {
        verdict.subject: verdict.outcome for verdict in verdicts if verdict.topic == "supply"
    } == supply
    assert all(verdict.rules == ("8",) for verdict in verdicts if verdict.topic == "supply")


@pytest.mark.parametrize(("name", "unit", "path", "cost", "rules"), MOVES)
def test_move(
    name: str, unit: str, path: tuple[str, ...], cost: int | None, rules: set[str]
) -> None:
    referee = _referee(name)
    state = next(state for state in referee.position.units if state.unit.id == unit)
    found, verdicts = referee.mechanisms.movement.cost(
        state, [_hex(referee, label) for label in path]
    )
    assert found == cost, verdicts
    (verdict,) = verdicts
    assert set(verdict.rules) == rules, verdict
    assert verdict.outcome == ("not allowed" if cost is None else "allowed")
    assert verdict.path == path


@pytest.mark.parametrize(
    ("name", "defender", "attackers", "column", "die", "results", "rules"), ATTACKS
)
def test_attack(
    name: str,
    defender: str,
    attackers: tuple[str, ...],
    column: str | None,
    die: int,
    results: str,
    rules: set[str],
) -> None:
    referee = _referee(name)
    report = referee.odds(_hex(referee, defender), [_hex(referee, label) for label in attackers])
    if column is None:
        assert not report.allowed
        assert {rule for verdict in report.verdicts for rule in verdict.rules} == rules
        return
    assert report.allowed
    assert str(report.final_column) == column
    assert report.die_modifier == die
    assert " ".join(code for _, code in report.results) == results
