"""The shared referee engine: what every game's referee is, whatever its map.

:class:`Referee` is the root every game's referee subclasses, as python-chess's variants
subclass ``Board``: it holds the position and answers ``check``. What a hex game adds —
hex searches, stacking by hex, odds columns and results tables — lives in
:class:`rules.referee.hexgame.HexReferee`, so an area game (areas, control, isolation,
card duels) subclasses this root and inherits nothing it would have to stub out.
Each game's referee is a package of small modules, one per rule area, that its
subclass wires into these hooks.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import ClassVar

from rules.errors import StavkaError
from rules.model import GameSpec
from rules.referee.position import Position
from rules.referee.verdict import Verdict


class RefereeError(StavkaError):
    """A question the referee cannot answer for this position (e.g. an attack on an empty hex)."""


class Referee(ABC):
    """Rulings on one position; a game subclasses it (or :class:`HexReferee`) and registers."""

    game_id: ClassVar[str] = ""
    supply_order: ClassVar[tuple[str, ...]] = ()
    """The game's supply states, the worst first: the order a summary lists them in."""
    hidden_information: ClassVar[bool] = False
    """True when a position holds what a player may not see (RKS step cards and hands)."""
    required_edges: ClassVar[tuple[str, ...]] = ()
    """Map edges the rulings trace to by name; a game folder without them is refused."""
    log_walk: ClassVar[str] = ""
    """Where the walk that audits the game's logs lives, ``"module:function"``, when it is
    not the hex ledger's (:func:`rules.audit.ledger.audit`): an area game's actions and
    hidden cards. Named, not imported, so the game's referee never loads its audit."""

    @staticmethod
    def phase_rank(spec: GameSpec, phase: str) -> int | None:
        """Where ``phase`` stands in its turn, for putting files of a game in order: its
        place in the game's sequence of play (the turn tracker's list, of which each
        scenario plays some, in the same order); None for a phase the game does not know.
        A game whose phases may follow each other either way gives them one rank."""
        return spec.phases.index(phase) if phase in spec.phases else None

    def __init__(self, position: Position) -> None:
        self.position = position
        self.spec = position.spec

    @abstractmethod
    def check(self) -> list[Verdict]:
        """Every verdict about the position, each with the rules it rests on."""

    def check_as(self, side: str | None) -> list[Verdict]:
        """The verdicts the player of ``side`` may read (None: the referee's view). A game
        with hidden information builds them for that reader; the others show everything."""
        return self.check()


REFEREES: dict[str, type[Referee]] = {}


def register(referee: type[Referee]) -> type[Referee]:
    """Class decorator: make ``referee`` the one for its ``game_id``."""
    REFEREES[referee.game_id] = referee
    return referee
