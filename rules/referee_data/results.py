"""What each combat result code does, and how units retreat."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


@dataclass(frozen=True)
class ResultEffect:
    """A result code's effects: steps each side loses, hexes each side retreats,
    whether a side is eliminated, an exchange (the attackers lose as many steps as
    the defenders lost) and how many hexes the attackers may advance."""

    code: str
    attacker_steps: int
    defender_steps: int
    attacker_retreat: int
    defender_retreat: int
    attackers_eliminated: bool
    defenders_eliminated: bool
    exchange: bool
    advance: int
    section: str

    @property
    def no_effect(self) -> bool:
        """Nothing happens to either side."""
        return not (
            self.attacker_steps
            or self.defender_steps
            or self.attacker_retreat
            or self.defender_retreat
            or self.attackers_eliminated
            or self.defenders_eliminated
            or self.exchange
        )


class Blocked(StrEnum):
    """What befalls a unit that cannot retreat the full distance."""

    ELIMINATED = "eliminated"
    STEP = "step"
    """It loses one step and stays."""


class RetreatZoc(StrEnum):
    """What entering an enemy zone of control does to a retreating unit."""

    ALLOWED = "allowed"
    STEP = "step"
    """One step lost per such hex (avoided when another way exists)."""
    ELIMINATED = "eliminated"
    PROHIBITED = "prohibited"


@dataclass(frozen=True)
class RetreatRule:
    """Retreats: each hex farther from the hex left, never into enemy units or what
    the unit may not enter; ``enemy_zoc`` says what entering enemy ZOC does (a hex a
    friendly unit stands in is free of it with ``friendly_cancels_zoc``); a unit that
    cannot retreat the full distance suffers ``blocked``."""

    section: str
    blocked: Blocked
    enemy_zoc: RetreatZoc
    friendly_cancels_zoc: bool
