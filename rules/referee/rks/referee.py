"""The Rattenkrieg referee: the rule areas of this package wired into the engine's root.

An area game inherits nothing of the hex engine: control, isolation, steps, hands, the
deck, events, reinforcements and victory are small modules here, each built once per
position on first use. Every verdict is built for one reader (:mod:`~rules.referee.rks.sight`).
"""

from __future__ import annotations

from functools import cached_property
from typing import ClassVar

from rules.referee.engine import Referee, RefereeError, register
from rules.referee.position import Position
from rules.referee.rks.board import Board, phase_rank, phasing_side
from rules.referee.rks.combat import Combat
from rules.referee.rks.control import Control
from rules.referee.rks.deck import deck_verdicts
from rules.referee.rks.events import event_verdicts
from rules.referee.rks.hands import hand_verdicts
from rules.referee.rks.isolation import Isolation
from rules.referee.rks.placement import placement_verdicts
from rules.referee.rks.reinforcements import arrival_verdicts, t34_verdict
from rules.referee.rks.settings import read_settings
from rules.referee.rks.sight import Sight
from rules.referee.rks.steps import step_verdicts
from rules.referee.rks.victory import victory_verdict
from rules.referee.verdict import Verdict


NOT_DEALT = (
    "no cards are dealt in this position: the deal happens when the game starts in VASSAL (File > New "
    "Game); save the game after it and judge that save"
)


@register
class RattenkriegReferee(Referee):
    """Rattenkrieg: Stalingrad: rules 2.4, 3.3-3.6, 4.0, 6, 7.2-7.5, 8, 9, 10."""

    game_id: ClassVar[str] = "rks"
    hidden_information: ClassVar[bool] = True
    log_walk: ClassVar[str] = "rules.referee.rks.audit:audit_areas"
    phase_rank = staticmethod(phase_rank)

    def __init__(self, position: Position) -> None:
        super().__init__(position)
        self.settings = read_settings(position)
        self.board = Board(position.spec)

    @cached_property
    def control(self) -> Control:
        """Control of the city areas (3.6)."""
        return Control(self.position, self.board)

    @cached_property
    def isolation(self) -> Isolation:
        """Isolation and retreats (8.9, 8.10)."""
        defending = phasing_side(self.spec, self.position.phase)
        return Isolation(
            self.position,
            self.board,
            self.control,
            None if defending is None else self.board.other(defending),
        )

    @cached_property
    def combat(self) -> Combat:
        """Duels and strikes (8, 9.2, 9.3); a position saved before the deal has no cards
        to fight with, which is bad input for a duel, not a verdict."""
        if self.position.cards is None:
            raise RefereeError(self.position.source, None, NOT_DEALT)
        return Combat(
            self.position,
            self.board,
            self.control,
            self.isolation,
            self.settings.t34_turned_over,
        )

    def check(self) -> list[Verdict]:
        """Every verdict, as the referee sees the position: both sides' cards."""
        return self.check_as(None)

    def check_as(self, side: str | None) -> list[Verdict]:
        """Every verdict the player of ``side`` may read (None: the referee, who sees all)."""
        sight = Sight(side)
        verdicts = self.control.verdicts()
        if self.position.cards is None:
            verdicts.append(
                Verdict(
                    subject="cards",
                    topic="cards",
                    outcome="not dealt yet",
                    rules=("3.3", "3.4"),
                    explanation="no card lies in the position: the module deals steps and hands when the game starts",
                )
            )
        else:
            verdicts += step_verdicts(
                self.position, self.board, sight, self.settings.soviet_only_replenishment
            )
        verdicts += self.isolation.verdicts()
        verdicts += placement_verdicts(self.position, self.board)
        if self.position.cards is not None:
            verdicts += hand_verdicts(self.position, self.board, self.control, self.settings, sight)
            verdicts += deck_verdicts(self.position, self.board, sight)
            verdicts += event_verdicts(self.position, self.board)
        verdicts += arrival_verdicts(self.position, self.board)
        verdicts.append(t34_verdict(self.position, self.board, self.control, self.settings))
        verdicts.append(victory_verdict(self.position, self.board, self.control))
        return verdicts
