"""``--setting NAME=VALUE``: how a saved game, which has no ``[settings]`` table, gets the
optional rules and readings its players chose (issue 29)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from builder.saves.names import module_name
from builder.vassal.metadata import Metadata
from builder.vassal.model import MODULE_CONTAINER, GlobalPropertyValue
from builder.vassal.traits import BasicPiece, Marker
from builder.vassal.writer import SetupPiece, setup_save_bytes
from tests.cli.test_cli import run
from tests.support.games import hex_of, shipped_game
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


def corps_save(path: Path, army_organisation: str) -> Path:
    """The lone corps of :func:`lone_corps`, saved with the module's army organisation
    property at ``army_organisation`` (what its toolbar button sets: 1 in play, 0 not)."""
    spec = shipped_game("tps")
    game_map = next(game_map for game_map in spec.maps if game_map.hex_map is not None)
    assert game_map.hex_map is not None
    x, y = game_map.hex_map.pixel_centre(hex_of(spec, "1504"))
    piece = SetupPiece(
        (Marker(("Game", "UnitId"), ("tps", "su-1gdsa-rc2")), BasicPiece(image="", name="corps")),
        game_map.name,
        int(x),
        int(y),
    )
    metadata = Metadata(module_name(spec), "0.1.0", "3.7.10", "1700000000000", "")
    chosen = GlobalPropertyValue("army_organisation", army_organisation, MODULE_CONTAINER)
    path.write_bytes(setup_save_bytes([piece], metadata, seed=1, global_properties=(chosen,)))
    return path


def test_an_optional_rule_put_in_play_in_the_module_is_read_from_the_save(tmp_path: Path) -> None:
    chosen = corps_save(tmp_path / "chosen.vsav", "1")
    code, output, _ = run("check", str(chosen), "--format", "json")
    assert code == 0 and supply_of(output, "su-1gdsa-rc2")["outcome"] == "out of supply"
    # The command line has the last word over the save.
    _, overridden, _ = run(
        "check", str(chosen), "--format", "json", "--setting", "army_organisation=no"
    )
    assert supply_of(overridden, "su-1gdsa-rc2")["outcome"] == "supplied"
    _, left_out, _ = run("check", str(corps_save(tmp_path / "off.vsav", "0")), "--format", "json")
    assert ARMY_ORGANISATION not in left_out


def test_an_optional_rule_property_that_is_neither_0_nor_1_is_refused(tmp_path: Path) -> None:
    broken = corps_save(tmp_path / "broken.vsav", "2")
    code, output, error = run("check", str(broken))
    assert (code, output) == (2, "")
    assert error.count("\n") == 1 and "army_organisation: 2 is not 1 or 0" in error
