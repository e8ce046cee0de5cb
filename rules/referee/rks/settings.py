"""The Rattenkrieg settings of a position: what the counters and cards cannot show.

Every value is a string:

``t34_eliminated_turn``               the turn the T-34 was eliminated in (6.3: it
                                      returns at the start of a later turn).
``mamayev_kurgan_at_replenishment``   ``german`` or ``soviet``: who held Mamayev Kurgan at
                                      the last replenishment phase, which fixed the hands
                                      now held (10.1, 10.2). Unset, the holder now is taken.
``t34_return``                        when an eliminated T-34 may return (6.3): at the
                                      start of ``any_turn`` after the one it was eliminated
                                      in (default), or only in the reinforcement steps of
                                      ``turns_2_and_3`` (5.0).
``soviet_only_replenishment``         ``yes`` when the players use 7.5's optional rule (for
                                      when the German seems to have the better of the
                                      game): only the Soviet replenishes. ``no`` by default.
``t34_turned_over``                   what a turned-over T-34 adds to a Soviet unit fighting
                                      in its area (8.12): ``adds_in_defence`` (default),
                                      its strength when the Soviet defends, or
                                      ``adds_nothing`` until it is face up again.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.referee.position import Position
from rules.referee.rks.board import GERMAN, SOVIET
from rules.referee.settings import SettingsReader

SETTING_NAMES = (
    "t34_eliminated_turn",
    "mamayev_kurgan_at_replenishment",
    "soviet_only_replenishment",
    "t34_return",
    "t34_turned_over",
)
T34_RETURNS = ("any_turn", "turns_2_and_3")
T34_TURNED_OVER = ("adds_in_defence", "adds_nothing")


@dataclass(frozen=True)
class Settings:
    """The checked settings of one position."""

    t34_eliminated_turn: int | None
    mamayev_kurgan_at_replenishment: str | None
    soviet_only_replenishment: bool
    t34_return: str
    t34_turned_over: str = T34_TURNED_OVER[0]


def read_settings(position: Position) -> Settings:
    """The position's settings; an unknown name or a bad value is bad input."""
    reader = SettingsReader(position, SETTING_NAMES, position.spec.title)
    turn = (
        reader.whole_number("t34_eliminated_turn", 99)
        if reader.given("t34_eliminated_turn")
        else None
    )
    holder = (
        reader.choice("mamayev_kurgan_at_replenishment", (GERMAN, SOVIET), GERMAN)
        if reader.given("mamayev_kurgan_at_replenishment")
        else None
    )
    return Settings(
        turn,
        holder,
        reader.yes("soviet_only_replenishment"),
        reader.choice("t34_return", T34_RETURNS, T34_RETURNS[0]),
        reader.choice("t34_turned_over", T34_TURNED_OVER, T34_TURNED_OVER[0]),
    )
