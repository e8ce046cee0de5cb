"""The referee of each game, found by the position's game id.

A game's referee package is imported only when a position of that game is judged, so
judging a Rattenkrieg position does not load the two hex games' referees, nor the
reverse.
"""

from __future__ import annotations

import importlib

from rules.referee.engine import REFEREES, Referee, RefereeError
from rules.referee.position import Position

PACKAGES = {"dos": "rules.referee.dos", "rks": "rules.referee.rks", "tps": "rules.referee.tps"}
"""The package whose referee registers itself for each game id."""


def referee_for(position: Position) -> Referee:
    """The referee for the position's game."""
    package = PACKAGES.get(position.spec.id)
    if package is None:
        raise RefereeError(position.source, None, f"no referee for game {position.spec.id!r}")
    importlib.import_module(package)
    return REFEREES[position.spec.id](position)
