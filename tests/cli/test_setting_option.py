"""``--setting NAME=VALUE``: how a saved game, which has no ``[settings]`` table, gets the
optional rules and readings its players chose (issue 29)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli.test_cli import run
from tests.support.games import shipped_game
from tests.support.saves import SavedUnit, stavka_save

ARMY_ORGANISATION = "Optional: Soviet army organisation"


@pytest.fixture
def lone_corps(tmp_path: Path) -> Path:
    """A save with one "3-4" rifle corps of the 1st Guards Army, 1504, in rail supply and no
    other unit of its army on the map."""
    path = tmp_path / "corps.vsav"
    path.write_bytes(
        stavka_save(shipped_game("tps"), [SavedUnit("su-1gdsa-rc2", "1504")], turn="3")
    )
    return path


def supply_of(output: str, unit: str) -> dict[str, Any]:
    """The supply verdict on ``unit`` of ``check --format json``'s output."""
    verdicts = json.loads(output)["verdicts"]
    found: dict[str, Any] = next(
        verdict
        for verdict in verdicts
        if verdict["subject"] == unit and verdict["topic"] == "supply"
    )
    return found


def test_an_optional_rule_chosen_on_the_command_line_changes_a_saves_verdict(
    lone_corps: Path,
) -> None:
    code, plain, _ = run("check", str(lone_corps), "--format", "json")
    assert code == 0
    assert supply_of(plain, "su-1gdsa-rc2")["outcome"] == "supplied"
    assert ARMY_ORGANISATION not in plain
    code, chosen, _ = run(
        "check", str(lone_corps), "--format", "json", "--setting", "army_organisation=yes"
    )
    verdict = supply_of(chosen, "su-1gdsa-rc2")
    assert code == 0 and verdict["outcome"] == "out of supply"
    assert ARMY_ORGANISATION in verdict["rules"]
    assert verdict["readings"] == [f"{ARMY_ORGANISATION} (a)"]


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ("army_organisation", "--setting: 'army_organisation' is not NAME=VALUE"),
        ("army_organisation=maybe", "army_organisation: 'maybe' is not one of yes, no"),
        ("east_of_don=literal", "east_of_don: not a Turning Point: Stalingrad setting"),
    ],
)
def test_a_bad_setting_is_one_line_naming_the_save_and_exit_2(
    lone_corps: Path, setting: str, message: str
) -> None:
    code, output, error = run("check", str(lone_corps), "--setting", setting)
    assert (code, output) == (2, "")
    assert error.count("\n") == 1 and str(lone_corps) in error and message in error
