"""The referee of each game, found by the position's game id; a game of no package
here is refereed by its ``[referee]`` data (:mod:`rules.referee.mechanisms`).

A game's referee package is imported only when a position of that game is judged, so
judging a Rattenkrieg position does not load the two hex games' referees, nor the
reverse.
"""

from __future__ import annotations

import importlib
from pathlib import Path

from rules.errors import DataError
from rules.model import GameSpec
from rules.referee.engine import REFEREES, Referee, RefereeError
from rules.referee.position import Position

PACKAGES = {"dos": "rules.referee.dos", "rks": "rules.referee.rks", "tps": "rules.referee.tps"}
"""The package whose referee registers itself for each game id."""


def has_referee(spec: GameSpec) -> bool:
    """Whether Stavka can referee the game: one of its own, or one with ``[referee]`` data."""
    return spec.id in PACKAGES or spec.referee is not None


def referee_for(position: Position) -> Referee:
    """The referee for the position's game."""
    package = PACKAGES.get(position.spec.id)
    if package is None:
        if position.spec.referee is not None:
            # Imported only here: the Stalingrad games never load the data referee.
            from rules.referee.mechanisms import DataReferee

            return DataReferee(position)
        raise RefereeError(
            position.source,
            None,
            f"no referee for game {position.spec.id!r}: give its game.toml a [referee] table",
        )
    check_game_data(position.spec)
    return REFEREES[position.spec.id](position)


def check_game_data(spec: GameSpec) -> None:
    """Refuse a game whose data lacks what its referee reads by name (map edges, odds
    tables), so ``validate`` says so and ``check`` never meets a missing key."""
    package = PACKAGES.get(spec.id)
    if package is None:
        return
    importlib.import_module(package)
    referee = REFEREES[spec.id]
    folder = Path(spec.folder)
    edges = {edge.name for game_map in spec.maps for edge in game_map.edges}
    for name in referee.required_edges:
        if name not in edges:
            raise DataError(
                folder / "map.toml",
                None,
                f"no map edge named {name!r}, which the {spec.id} referee traces to",
            )
    for table_id in referee.required_odds_tables():
        if table_id not in spec.tables.odds_tables:
            raise DataError(
                folder / "tables.toml",
                None,
                f"no odds table {table_id!r}, which the {spec.id} referee resolves attacks on",
            )
