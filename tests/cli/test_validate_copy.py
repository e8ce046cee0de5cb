"""``stavka validate`` on a transcriber's copy (issue 24): every mistake of the issue's
list is one line naming the value's own ``file:line``, and exit status 2.

Each test copies a shipped game, makes one mistake on a known line and expects
validate to point at that line: before, validate said "ok" to data build refused or
crashed on, and named the enclosing table's line for a value inside it.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from rules.data.loader import games_directory
from tests.cli.test_cli import run


def _copy_with(tmp_path: Path, game: str, file_name: str, old: str, new: str) -> tuple[Path, int]:
    """A copy of ``game`` with the first ``old`` in ``file_name`` written as ``new``,
    and the line it stands on."""
    folder = tmp_path / f"my-{game}"
    shutil.copytree(games_directory() / game, folder)
    path = folder / file_name
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} is not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return folder, text[: text.index(old)].count("\n") + 1


def _refused(folder: Path, file_name: str, line: int) -> str:
    """Validate's one line for ``folder``, which must name ``file_name:line``; its message."""
    code, output, error = run("validate", str(folder))
    assert (code, output) == (2, ""), error
    assert error.count("\n") == 1 and "Traceback" not in error
    where = f"stavka: {folder / file_name}:{line}: "
    assert error.startswith(where), error
    return error[len(where) :]


UNIT_76 = 'id = "de-76id"\nname = "76th Infantry Division"\nside = "axis"\nnationality = "german"\n'


def test_a_label_too_long_for_its_counter(tmp_path: Path) -> None:
    properties = 'properties = { formation = "german-setup"'
    folder, line = _copy_with(
        tmp_path,
        "tps",
        "units.toml",
        properties,
        properties.replace(
            "{ ", '{ designation = "Seventy-sixth Infantry Division of the Sixth Army", '
        ),
    )
    assert "do not fit" in _refused(folder, "units.toml", line)


def test_an_arm_with_no_symbol(tmp_path: Path) -> None:
    folder, line = _copy_with(
        tmp_path, "tps", "units.toml", UNIT_76 + 'arm = "infantry"', UNIT_76 + 'arm = "zeppelin"'
    )
    assert _refused(folder, "units.toml", line + 4).startswith("arm 'zeppelin' has no symbol")


def test_step_cards_as_a_word(tmp_path: Path) -> None:
    folder, line = _copy_with(
        tmp_path,
        "rks",
        "units.toml",
        'properties = { step_cards = "3" }',
        'properties = { step_cards = "three" }',
    )
    assert (
        _refused(folder, "units.toml", line)
        == "properties.step_cards must be a whole number (written \"3\"), not 'three'\n"
    )


def test_a_step_with_no_movement(tmp_path: Path) -> None:
    steps = "[[unit.steps]]\nattack = 4\ndefence = 4\nmovement = 5\n"
    folder, line = _copy_with(
        tmp_path, "tps", "units.toml", steps, "[[unit.steps]]\nattack = 4\ndefence = 4\n"
    )
    assert "has no movement" in _refused(folder, "units.toml", line)


def test_a_step_value_is_reported_on_its_own_line(tmp_path: Path) -> None:
    # The second unit's step: its [[unit.steps]] entry is that unit's first, not the file's second.
    folder, line = _copy_with(tmp_path, "tps", "units.toml", UNIT_76, UNIT_76)
    text = (folder / "units.toml").read_text(encoding="utf-8")
    at = text.index("attack = 4", text.index(UNIT_76))
    (folder / "units.toml").write_text(
        text[:at] + "attack = 4.5" + text[at + len("attack = 4") :], encoding="utf-8"
    )
    message = _refused(folder, "units.toml", text[:at].count("\n") + 1)
    assert message == "'attack' must be a whole number, not the fraction 4.5\n"


def test_a_crt_row_is_reported_on_its_own_line(tmp_path: Path) -> None:
    row = '["Ar", "Dr", "Dr", "Ex", "Ex", "1/2Ex", "De", "De", "De", "De", "De"],             #  8'
    folder, line = _copy_with(
        tmp_path, "tps", "tables.toml", row, row.replace('"Ex", "Ex"', '"Ex"')
    )
    assert _refused(folder, "tables.toml", line) == "the row for roll 8 needs 11 results\n"


def test_a_unit_placed_twice_names_both_lines(tmp_path: Path) -> None:
    first = '{ unit = "de-298id", at = "1204"'
    folder, line = _copy_with(
        tmp_path, "tps", "scenarios.toml", first, '{ unit = "de-76id", at = "1204"'
    )
    text = (folder / "scenarios.toml").read_text(encoding="utf-8")
    second = text[: text.index('{ unit = "de-76id", at = "2911"')].count("\n") + 1
    message = _refused(folder, "scenarios.toml", second)
    assert (
        message == f"unit 'de-76id' is placed twice (first at {folder / 'scenarios.toml'}:{line})\n"
    )


def test_a_unit_set_up_in_the_sea(tmp_path: Path) -> None:
    folder, line = _copy_with(
        tmp_path,
        "tps",
        "scenarios.toml",
        '{ unit = "de-298id", at = "1204"',
        '{ unit = "de-298id", at = "0124"',
    )
    message = _refused(folder, "scenarios.toml", line)
    assert (
        "de-298id" in message and "sea hex" in message and "[rule Terrain effects table]" in message
    )


def test_six_units_in_a_three_unit_hex(tmp_path: Path) -> None:
    folder = tmp_path / "my-tps"
    shutil.copytree(games_directory() / "tps", folder)
    path = folder / "scenarios.toml"
    text = path.read_text(encoding="utf-8")
    for placed in (
        '{ unit = "de-62id", at = "0501"',
        '{ unit = "de-294id", at = "1708"',
        '{ unit = "ro-9id", at = "1807"',
    ):
        text = text.replace(placed, placed[:-5] + '2609"', 1)
    path.write_text(text, encoding="utf-8")
    # Scenario 1 already sets up three units in 2609; the last placed there is the sixth.
    last = text[: text.index('{ unit = "de-389id", at = "2609"')].count("\n") + 1
    message = _refused(folder, "scenarios.toml", last)
    assert "over-stacked" in message and "6 units" in message and "[rule Stacking" in message


def test_untried_is_a_yes_or_a_no(tmp_path: Path) -> None:
    folder, line = _copy_with(
        tmp_path,
        "dos",
        "units.toml",
        'army = "13", untried = "yes"',
        'army = "13", untried = "true"',
    )
    assert (
        _refused(folder, "units.toml", line)
        == 'properties.untried must be "yes" or "no", not \'true\'\n'
    )


def test_a_flight_range_as_a_letter(tmp_path: Path) -> None:
    folder, line = _copy_with(tmp_path, "tps", "units.toml", 'range = "12"', 'range = "x"')
    assert (
        _refused(folder, "units.toml", line)
        == "properties.range must be a whole number (written \"3\"), not 'x'\n"
    )


def test_rebuilt_in_an_unknown_area(tmp_path: Path) -> None:
    folder, line = _copy_with(
        tmp_path,
        "rks",
        "units.toml",
        'rebuilt_in = "tractor_factory"',
        'rebuilt_in = "tractor_factroy"',
    )
    message = _refused(folder, "units.toml", line)
    assert message.startswith("unknown area 'tractor_factroy'") and "tractor_factory" in message
