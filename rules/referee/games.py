"""The referee of each game, found by the position's game id."""

from __future__ import annotations

from rules.referee import dos, rks, tps
from rules.referee.engine import REFEREES, Referee, RefereeError
from rules.referee.position import Position

SUPPORTED = (dos.DriveOnStalingradReferee, rks.RattenkriegReferee, tps.TurningPointReferee)


def referee_for(position: Position) -> Referee:
    """The referee for the position's game."""
    referee = REFEREES.get(position.spec.id)
    if referee is None:
        raise RefereeError(position.source, None, f"no referee for game {position.spec.id!r}")
    return referee(position)
