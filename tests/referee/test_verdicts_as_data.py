"""Verdicts as data (issue 23): programs read a verdict's typed fields, never its English.

The wording is for people and differs between games ("in supply", "supplied"); a
consumer that sorts verdicts by words breaks when a referee rewords a line. The scan
below fails on any code in ``rules/`` or ``builder/`` that classifies by wording; the
other tests hold the shared vocabulary to what the referees produce.
"""

from __future__ import annotations

import ast
import json
from dataclasses import dataclass, replace
from pathlib import Path
from typing import get_args

import pytest

from builder.cli.machine import mark
from builder.saves.annotate import verdict_overlay_kind
from builder.report.verdicts import UnitPlace, places, supply_class, verdict_side
from rules.referee.dos.supply import SupplyState as DosSupplyState
from builder.saves.load import load_position
from rules.referee.games import has_referee, referee_for
from rules.referee.position import Position
from rules.referee.prose import Prose, unit_ref, unit_refs
from rules.referee.position_file import read_position_file
from rules.referee.tps.supply import SupplyState as TpsSupplyState
from rules.referee.verdict import STATES, TOPICS, Place, State, Topic, Verdict
from tests.cli.test_cli import run
from tests.golden.cases import SETUPS, position_files
from tests.support.unit_names import unnamed_ids

ROOT = Path(__file__).resolve().parents[2]
POSITIONS = ROOT / "tests" / "referee" / "positions"
WORDING = frozenset({"outcome", "subject", "explanation"})
"""The prose fields of a verdict."""
TEXT_METHODS = frozenset(
    {"startswith", "endswith", "split", "rsplit", "partition", "find", "index", "count"}
)
REGEX_FUNCTIONS = frozenset({"match", "fullmatch", "search", "sub", "subn", "findall", "finditer"})


def _is_wording(node: ast.AST) -> bool:
    """A verdict's prose: ``x.outcome``, or a bare name ``outcome`` (a parameter)."""
    if isinstance(node, ast.Attribute):
        return node.attr in WORDING
    return isinstance(node, ast.Name) and node.id in WORDING


def _field(node: ast.AST) -> str:
    return node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", "")


def wording_classifications(source: str) -> list[int]:
    """The lines of ``source`` that sort by a verdict's words: a comparison of its prose
    with a string, a string method or a regular expression over its prose."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            # A subject equal to a name is identity ("game", a unit id), not wording;
            # words found inside any prose, or an outcome or explanation matched, are.
            operands = [node.left, *node.comparators]
            strings = any(
                isinstance(item, ast.Constant) and isinstance(item.value, str) for item in operands
            )
            contains = any(isinstance(operator, ast.In | ast.NotIn) for operator in node.ops)
            if strings and any(
                _is_wording(item) and (contains or _field(item) != "subject") for item in operands
            ):
                found.append(node.lineno)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            if node.func.attr in TEXT_METHODS and _is_wording(node.func.value):
                found.append(node.lineno)
            elif node.func.attr in REGEX_FUNCTIONS and any(
                _is_wording(argument) for argument in node.args
            ):
                found.append(node.lineno)
    return sorted(set(found))


def test_the_scan_finds_the_old_patterns() -> None:
    """Each pattern issue 23 names, as the code had it, is found."""
    old = "\n".join(
        [
            'a = "isolated" in outcome',
            'b = outcome.startswith("out of supply")',
            'c = "defence only" in verdict.outcome',
            "d = _HEX_SUBJECT.match(verdict.subject)",
            'e = verdict.outcome == "illegal"',
            "f = placement.location in verdict.subject.split()",
            "g = re.sub(pattern, alias, verdict.explanation)",
        ]
    )
    assert wording_classifications(old) == [1, 2, 3, 4, 5, 6, 7]
    assert wording_classifications('a = verdict.state == "isolated"') == []
    assert wording_classifications('a = verdict.subject == "game"') == []


def test_no_module_classifies_a_verdict_by_its_wording() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{line}"
        for folder in ("rules", "builder")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for line in wording_classifications(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []


def test_a_topic_or_state_outside_the_vocabulary_is_refused() -> None:
    with pytest.raises(ValueError, match="not in Topic"):
        Verdict("x", "weather", "clear", ("1",), "")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not in State"):
        Verdict("x", "supply", "odd", ("1",), "", state="half")  # type: ignore[arg-type]
    assert "supply" in TOPICS and STATES == frozenset(get_args(State))


@pytest.mark.parametrize(
    ("game_state", "shared"),
    [
        (TpsSupplyState.SUPPLIED, "supplied"),
        (TpsSupplyState.OUT_OF_SUPPLY, "out of supply"),
        (TpsSupplyState.ISOLATED, "isolated"),
        (DosSupplyState.REGULAR, "supplied"),
        (DosSupplyState.AUTOMATIC, "supplied"),
        (DosSupplyState.AIR, "limited"),
        (DosSupplyState.COASTAL, "limited"),
        (DosSupplyState.OUT, "out of supply"),
    ],
)
def test_each_game_supply_state_maps_onto_the_shared_vocabulary(
    game_state: TpsSupplyState | DosSupplyState, shared: State
) -> None:
    """DoS's air and coastal supply are for defence only (7.6, 7.15): limited."""
    assert game_state.shared == shared


@dataclass(frozen=True)
class Checked:
    """A position and what ``check`` says of it (None for a game without a referee)."""

    position: Position
    verdicts: list[Verdict] | None


@pytest.fixture(scope="module")
def checked() -> dict[Path, Checked]:
    """Every test position under ``tests/`` and every shipped set-up (when built), by its
    file, checked once for the tests of this file that read every verdict."""
    found = {}
    for path in position_files():
        found[path] = read_position_file(path)
    if SETUPS.is_dir():
        for path in sorted(SETUPS.glob("*.vsav")):
            found[path] = load_position(path)
    return {
        path: Checked(
            position, referee_for(position).check() if has_referee(position.spec) else None
        )
        for path, position in found.items()
    }


def test_every_supply_verdict_of_the_hand_built_positions_carries_its_state(
    checked: dict[Path, Checked],
) -> None:
    """Whatever the game calls it, a unit's supply verdict carries a shared state, and the
    same words always mean the same state."""
    meaning: dict[str, set[str | None]] = {}
    for path in sorted(POSITIONS.glob("*/*.toml")):
        if path.name == "units.toml" or path.parent.name == "game" or path.parent.name == "rks":
            continue
        verdicts = checked[path].verdicts
        assert verdicts is not None, path
        for verdict in verdicts:
            if verdict.topic == "supply" and verdict.unit is not None:
                assert verdict.state is not None, verdict.as_text()
                meaning.setdefault(verdict.outcome, set()).add(verdict.state)
    assert {outcome: states for outcome, states in meaning.items() if len(states) > 1} == {}
    assert meaning["in supply"] == meaning["supplied"] == {"supplied"}
    assert meaning["air supply (defence only)"] == {"limited"}


def supply_verdict(outcome: str, state: State | None) -> Verdict:
    return Verdict("u1", "supply", outcome, ("7.2",), "", unit="u1", state=state)


def test_consumers_read_the_state_not_the_words() -> None:
    """A verdict worded one way but stating another state is shown as its state: the
    report's colour, the plugin's mark and the annotated save's overlay follow ``state``."""
    worded_isolated = supply_verdict("isolated", "limited")
    assert supply_class(worded_isolated) == "limited"
    found = mark(worded_isolated)
    assert found is not None and found["meaning"].startswith("supplied for defence only")
    assert verdict_overlay_kind(worded_isolated) is None
    assert verdict_overlay_kind(supply_verdict("cut off", "out of supply")) == "out-of-supply"
    assert mark(supply_verdict("in supply", "supplied")) is None


def test_a_place_and_a_force_are_read_from_their_fields() -> None:
    units = {"u1": UnitPlace("0101", "axis")}
    stack = Verdict("somewhere", "stacking", "over-stacked", ("S",), "", place=Place("hex", "0304"))
    assert places(stack, units) == ("0304",)
    front = Verdict("the line", "continuous front", "2 gaps", ("F",), "", force="soviet")
    assert verdict_side(front, units, ("axis", "soviet")) == "soviet"
    assert (
        verdict_side(
            Verdict("axis front", "continuous front", "", ("F",), ""), units, ("axis", "soviet")
        )
        is None
    )


def test_the_json_adds_state_place_and_force_after_the_version_1_fields() -> None:
    code, output, _ = run("check", str(POSITIONS / "tps" / "stacking.toml"), "--format", "json")
    assert code == 0
    answer = json.loads(output)
    assert answer["version"] >= 2
    stack = next(item for item in answer["verdicts"] if item["topic"] == "stacking")
    keys = list(stack)
    assert keys[:9] == [
        "subject",
        "topic",
        "outcome",
        "rules",
        "explanation",
        "path",
        "details",
        "unit",
        "violation",
    ]
    assert keys[9:12] == ["state", "place", "force"]
    assert stack["state"] == "illegal"
    assert stack["place"] == {"kind": "hex", "name": stack["subject"].removeprefix("hex ")}


def test_the_machine_interface_page_lists_every_topic() -> None:
    """docs/machine-interface.md names the topics a program may meet, exactly as the code has them."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "machine-interface.md").read_text(
        encoding="utf-8"
    )
    line = next(line for line in page.splitlines() if line.startswith("**Topics**"))
    listed = line.split(": ", 1)[1].split(". A referee")[0].split(", ")
    assert listed == list(get_args(Topic))


HIDDEN = ROOT / "rules" / "referee" / "hidden.py"
SUBSTITUTIONS = frozenset({"sub", "subn", "replace", "translate", "format"})


def prose_substitutions(source: str) -> list[int]:
    """The lines of ``source`` that would hide a unit by editing finished text: an import
    of ``re`` or a string substitution (``.sub``, ``.replace``...)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import | ast.ImportFrom):
            names = [alias.name for alias in node.names]
            if "re" in names or getattr(node, "module", None) == "re":
                found.append(node.lineno)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in SUBSTITUTIONS
        ):
            found.append(node.lineno)
    return sorted(set(found))


def test_the_scan_finds_a_substitution_in_prose() -> None:
    """The player's view as it was: a regular expression over the ids, run on the text."""
    old = "\n".join(
        [
            "import re",
            "pattern = re.compile('b13a-rd1')",
            "text = pattern.sub(lambda match: aliases[match.group(0)], text)",
            "text = text.replace(unit_id, alias)",
        ]
    )
    assert prose_substitutions(old) == [1, 3, 4]
    assert prose_substitutions("verdict = verdict.named(self.shown)") == []


def test_the_players_view_substitutes_nothing_in_prose() -> None:
    """A player's view renames the units a verdict names as values, never its English."""
    assert prose_substitutions(HIDDEN.read_text(encoding="utf-8")) == []


def test_a_verdict_names_a_unit_as_each_reader_names_it() -> None:
    explanation = Prose("attacked by ", unit_ref("u1"), " and ", unit_ref("u2")) + "; judged"
    verdict = Verdict(
        "u1", "attack", "legal", ("8.1",), explanation, details={"units": unit_refs(["u1", "u2"])}
    )
    assert verdict.explanation == "attacked by u1 and u2; judged"
    shown = verdict.named(lambda unit_id: {"u1": "untried-1"}.get(unit_id, unit_id))
    assert shown.explanation == "attacked by untried-1 and u2; judged"
    assert shown.details == {"units": "untried-1, u2"}
    assert shown.subject == "u1", "a plain subject names no unit: the id it holds is not one"
    assert Prose("; ").join([explanation, "x"]).units == ("u1", "u2")
    assert ("by " + unit_ref("u3")).units == ("u3",), "prose added to a string stays prose"
    assert f"by {unit_ref('u3')}" == "by u3", "an f-string keeps the words but not the unit"


def test_no_verdict_writes_a_unit_id_into_its_english(checked: dict[Path, Checked]) -> None:
    """A unit a verdict names is a value the player's view can rename: a verdict that
    wrote an id into plain English would show a hidden unit (2.14) to a player."""
    leaks = []
    for position, verdicts in ((each.position, each.verdicts) for each in checked.values()):
        if verdicts is None:
            continue
        ids = {state.unit.id for state in position.units}
        for verdict in verdicts:
            found = unnamed_ids(verdict, ids)
            if found:
                leaks.append(f"{position.source}: {verdict.as_text()} names {found}")
    assert leaks == []


def test_the_leak_test_can_fail() -> None:
    plain = Verdict("game", "attack", "legal", ("8.1",), "u7 on u8", details={"units": "u7"})
    assert unnamed_ids(plain, {"u7", "u8", "u9"}) == ["u7", "u8"]
    typed = replace(
        plain, explanation=unit_refs(["u7", "u8"], " on "), details={"units": unit_ref("u7")}
    )
    assert unnamed_ids(typed, {"u7", "u8", "u9"}) == []
