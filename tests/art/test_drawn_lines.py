"""The scenario lines a board draws come from the game's data (``[drawn_lines]`` in
game.toml), not from a list of names in the art (issue 23)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from builder.art.board import draw_board
from builder.art.legend import legend_entries
from rules.data import look
from rules.data.fields import Table
from rules.data.source import TomlSource
from rules.errors import DataError
from rules.looks import LineStyle
from tests.support.games import shipped_game

START_LINES = {"dos": ("blue_start", "uranus_start"), "tps": ("start_19nov", "start_16dec")}


@pytest.mark.parametrize("game", sorted(START_LINES))
def test_the_start_lines_are_the_games_data(game: str) -> None:
    spec = shipped_game(game)
    assert tuple(spec.drawn_lines) == START_LINES[game]
    assert spec.drawn_lines[START_LINES[game][0]] == LineStyle("#283ca0", 5, True)


def test_a_line_the_data_does_not_draw_is_neither_drawn_nor_in_the_legend() -> None:
    spec = shipped_game("dos")
    game_map = spec.maps[0]
    keys = {entry.key for entry in legend_entries(spec, game_map)}
    assert {"line blue_start", "line uranus_start"} <= keys
    undrawn = replace(spec, drawn_lines={"uranus_start": spec.drawn_lines["uranus_start"]})
    keys = {entry.key for entry in legend_entries(undrawn, game_map)}
    assert "line blue_start" not in keys and "line uranus_start" in keys
    drawn = draw_board(spec, game_map, 0)[0]
    assert draw_board(undrawn, game_map, 0)[0].tobytes() != drawn.tobytes()


def _game_table(text: str) -> Table:
    return Table.root(TomlSource.parse(Path("game.toml"), text.encode()))


def test_drawn_lines_are_read_in_order_and_a_bad_key_is_refused_at_its_line() -> None:
    table = _game_table(
        '[drawn_lines]\nfront = { colour = "#102030", width = 7 }\nback = { colour = "#ffffff" }\n'
    )
    assert look.drawn_lines(table) == {
        "front": LineStyle("#102030", 7, False),
        "back": LineStyle("#ffffff", 5, False),
    }
    with pytest.raises(DataError, match=r"game.toml:2"):
        look.drawn_lines(_game_table('[drawn_lines]\nfront = { colour = "#102030", wide = 7 }\n'))
