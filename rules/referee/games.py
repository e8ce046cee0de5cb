"""The referee of each game, found by the position's game id: a game with a package here
is refereed by its subclass of the engine, and any other hex game with ``[referee]`` data by
the hex engine itself (:class:`rules.referee.hexgame.HexReferee`), whose hooks default to
the mechanisms the data configures.

A game's referee package is imported only when a position of that game is judged, so
judging a Rattenkrieg position does not load the two hex games' referees, nor the
reverse.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import TYPE_CHECKING

from rules.errors import DataError
from rules.model import GameSpec
from rules.referee.engine import REFEREES, Referee, RefereeError
from rules.referee.position import Position

if TYPE_CHECKING:
    from rules.referee.hexgame import HexReferee

PACKAGES = {"dos": "rules.referee.dos", "rks": "rules.referee.rks", "tps": "rules.referee.tps"}
"""The package whose referee registers itself for each game id."""


def has_referee(spec: GameSpec) -> bool:
    """Whether Stavka can referee the game: one of its own, or one with ``[referee]`` data."""
    return spec.id in PACKAGES or spec.referee is not None


def referee_class(spec: GameSpec) -> type[Referee]:
    """The class that referees ``spec``'s positions: its package's, or the hex engine."""
    package = PACKAGES.get(spec.id)
    if package is not None:
        check_game_data(spec)
        return REFEREES[spec.id]
    # Imported only here: the area game never loads the hex engine.
    from rules.referee.hexgame import HexReferee

    return HexReferee


def referee_for(position: Position) -> Referee:
    """The referee for the position's game."""
    if position.spec.id not in PACKAGES and position.spec.referee is None:
        raise RefereeError(
            position.source,
            None,
            f"no referee for game {position.spec.id!r}: give its game.toml a [referee] table",
        )
    return referee_class(position.spec)(position)


def hex_referee_for(position: Position) -> HexReferee:
    """The referee of a hex game's position (the log audit's walk asks its hooks)."""
    from rules.referee.hexgame import HexReferee

    referee = referee_for(position)
    if not isinstance(referee, HexReferee):
        raise RefereeError(position.source, None, f"{position.spec.title} is not played on hexes")
    return referee


def check_game_data(spec: GameSpec) -> None:
    """Refuse a game whose data lacks what its referee reads by name (map edges, the
    ``[referee]`` table of a hex game), so ``validate`` says so and ``check`` never meets
    a missing key."""
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
    if not spec.is_area_game and spec.referee is None:
        raise DataError(
            folder / "game.toml",
            None,
            f"no [referee] table, which the {spec.id} referee reads its stacking, odds table "
            "and the sections it cites from",
        )
