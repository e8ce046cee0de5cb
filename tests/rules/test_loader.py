"""Bad game data gives one DataError naming the file and line, never a traceback."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rules.data.loader import games_directory, load_game, shipped_games
from rules.errors import DataError


@pytest.mark.parametrize("game", ["tps", "dos", "rks", "ford", "lanner"])
def test_shipped_games_load(game: str) -> None:
    spec = load_game(game)
    assert spec.id == game
    assert game in shipped_games()


def test_tps_tables_are_typed() -> None:
    spec = load_game("tps")
    crt = spec.tables.odds_tables["crt"]
    assert [str(column) for column in crt.columns][0] == "1-3" and str(crt.columns[-1]) == "9-1"
    assert crt.result(crt.columns[-1], 8) == "De"
    assert crt.result(crt.columns[0], -1) == "Ae"
    air = spec.tables.odds_tables["air_superiority"]
    assert air.result(air.columns[0], 1) == "-" and air.result(air.columns[-1], 6) == "X"
    assert [level.result for level in spec.tables.victory_levels][0] == "Axis decisive victory"
    assert {award.id: award.points for award in spec.tables.victory_points}[
        "soviet_in_rostov"
    ] == 100


@pytest.fixture
def game_copy(tmp_path: Path) -> Path:
    """A copy of the TPS data a test may break."""
    target = tmp_path / "tps"
    shutil.copytree(games_directory() / "tps", target)
    return target


def _break(path: Path, old: str, new: str) -> int:
    """Replace the first ``old`` with ``new``; return the 1-based line it was on."""
    text = path.read_text(encoding="utf-8")
    index = text.index(old)
    path.write_text(text[:index] + new + text[index + len(old) :], encoding="utf-8")
    return text[:index].count("\n") + 1


def _error(folder: Path) -> DataError:
    with pytest.raises(DataError) as caught:
        load_game(str(folder))
    assert "\n" not in str(caught.value)
    return caught.value


def test_typo_in_a_terrain_name(game_copy: Path) -> None:
    line = _break(game_copy / "map.toml", 'default_terrain = "clear"', 'default_terrain = "claer"')
    error = _error(game_copy)
    assert error.path == game_copy / "map.toml" and error.place == line
    assert "unknown hex terrain 'claer'" in error.message and "clear" in error.message


def test_broken_toml_syntax(game_copy: Path) -> None:
    line = _break(game_copy / "tables.toml", "rolls = [-1, 0,", "rolls = [-1, 0,,")
    error = _error(game_copy)
    assert error.path == game_copy / "tables.toml" and error.place == line
    assert error.message.startswith("TOML syntax")


def test_unknown_hex(game_copy: Path) -> None:
    line = _break(game_copy / "map.toml", 'to = "4201"', 'to = "4301"')
    error = _error(game_copy)
    assert error.place == line and "unknown hex '4301'" in error.message


def test_duplicate_id(game_copy: Path) -> None:
    line = _break(game_copy / "scenarios.toml", 'id = "2"', 'id = "1"')
    error = _error(game_copy)
    assert error.place == line and "duplicate scenario '1'" in error.message


def test_value_out_of_range(game_copy: Path) -> None:
    line = _break(game_copy / "tables.toml", "points = 15", "points = -15")
    error = _error(game_copy)
    assert error.place == line and "out of range" in error.message


def test_unknown_result_code_in_a_table(game_copy: Path) -> None:
    line = _break(
        game_copy / "tables.toml",
        '["Ae", "Ae", "Ae", "Ae", "Ar",',
        '["Ae", "Ae", "Ae", "Ae", "Xr",',
    )
    error = _error(game_copy)
    assert error.place == line and "unknown result code 'Xr'" in error.message


def test_misspelt_key(game_copy: Path) -> None:
    line = _break(
        game_copy / "game.toml",
        'combat_die_modifier = -2\ncombat_condition = "every',
        'combat_die_modifer = -2\ncombat_condition = "every',
    )
    error = _error(game_copy)
    assert error.place == line and "unknown key 'combat_die_modifer'" in error.message


def test_reconstructed_value_needs_a_note(game_copy: Path) -> None:
    line = _break(game_copy / "game.toml", 'note = "SPI field grey', 'comment = "SPI field grey')
    error = _error(game_copy)
    assert "unknown key 'comment'" in error.message and error.place == line


def test_victory_levels_must_not_leave_gaps(game_copy: Path) -> None:
    line = _break(game_copy / "tables.toml", "minimum = 10", "minimum = 11")
    error = _error(game_copy)
    assert error.place == line and "must start at 10" in error.message


def test_missing_game_folder(tmp_path: Path) -> None:
    with pytest.raises(DataError) as caught:
        load_game(str(tmp_path / "nowhere"))
    assert "no such game folder" in caught.value.message


def test_setup_from_must_name_an_earlier_scenario_with_a_set_up(game_copy: Path) -> None:
    line = _break(game_copy / "scenarios.toml", 'setup_from = "1"', 'setup_from = "9"')
    error = _error(game_copy)
    assert error.path == game_copy / "scenarios.toml" and error.place == line
    assert "setup_from '9' names no earlier scenario with a set-up" in error.message


def test_shared_set_up_is_the_named_scenarios() -> None:
    spec = load_game("tps")
    assert spec.scenarios["2"].setup == spec.scenarios["1"].setup
    assert spec.scenarios["10"].setup == spec.scenarios["7"].setup


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_track_property_must_be_a_name_vassal_expressions_can_read(game_copy: Path) -> None:
    _replace(game_copy / "game.toml", 'property = "AxisVP"', 'property = "Axis VP"')
    with pytest.raises(DataError, match=r"game\.toml:\d+: property 'Axis VP' must be letters"):
        load_game(str(game_copy))


def test_track_marker_must_exist(game_copy: Path) -> None:
    _replace(game_copy / "game.toml", 'marker = "axis-vp"', 'marker = "axis-vps"')
    with pytest.raises(DataError, match=r"game\.toml:\d+: unknown marker 'axis-vps'"):
        load_game(str(game_copy))


def test_map_mark_hexes_are_checked(game_copy: Path) -> None:
    _replace(game_copy / "map.toml", '"0601", "0114"', '"0601", "9914"')
    with pytest.raises(DataError, match=r"map\.toml:\d+: .*9914"):
        load_game(str(game_copy))


def test_scenario_phases_must_keep_the_games_order(tmp_path: Path) -> None:
    # The turn tracker lists the game's phases once and switches off what a scenario skips.
    target = tmp_path / "dos"
    shutil.copytree(games_directory() / "dos", target)
    _replace(
        target / "scenarios.toml",
        """  "Soviet: prepared attacks (5.4)",
  "Soviet: movement",""",
        """  "Soviet: movement",
  "Soviet: prepared attacks (5.4)",""",
    )
    with pytest.raises(
        DataError, match=r"scenario blue: phases must come in the order game\.toml lists them"
    ):
        load_game(str(target))


def test_scenario_phase_not_in_the_game_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "dos"
    shutil.copytree(games_directory() / "dos", target)
    _replace(
        target / "scenarios.toml", '"Soviet: prepared attacks (5.4)",', '"Soviet: prepared attack",'
    )
    with pytest.raises(
        DataError, match=r"scenarios\.toml:scenario blue: phase 'Soviet: prepared attack' is not"
    ):
        load_game(str(target))
