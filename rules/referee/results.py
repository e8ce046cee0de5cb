"""What a combat result does: each code of a results table as demands on the defenders and
the attackers, the terms the log audit holds what happened after a roll against.

A game's referee gives its table's effects (:meth:`rules.referee.hexcombat.HexCombat.
result_effects`): a game whose data says what each code does gives its
``[[referee.combat.result]]`` records (:class:`~rules.referee_data.results.ResultEffect`:
steps, retreats of so many hexes, exchanges of steps, advances), judged by
:mod:`rules.referee.mechanisms.results`; the Stalingrad games' explanations of results give
the demands below, named as a player would read them in the audit's verdicts.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from rules.hexes import Hex
from rules.referee_data.results import ResultEffect

STAY = "stay"
ELIMINATED = "all eliminated"
RETREAT = "retreat 1 hex"
STEP_EACH = "each lose a step"
ONE_STEP = "lose 1 step in all"
MATCH_STEPS = "lose as many steps as the defender"
EXCHANGE = "remove at least the defenders' printed strength (half of it for 1/2Ex)"


@dataclass(frozen=True)
class Effect:
    """What a result code demands of the defenders and of the attackers, whether the
    attackers may advance into the emptied hex, the share of the defender's printed
    strength an exchange costs (TPS Ex, 1/2Ex), whether a defender that cannot retreat
    loses a step instead (DoS 11.34), and the rules that say so."""

    defenders: str
    attackers: str
    advance: bool
    rules: tuple[str, ...]
    share: Fraction = Fraction(1)
    step_instead: bool = False


@dataclass(frozen=True)
class Fate:
    """What became of one unit of an attack from the roll to the end of its result, as a
    log shows it: where it ended (None: off the map, eliminated), hexes from where it
    stood, steps lost."""

    unit: str
    hex: Hex | None
    location: str | None
    moved: int
    steps_lost: int

    @property
    def eliminated(self) -> bool:
        return self.location is None


@dataclass(frozen=True)
class Retreat:
    """One unit a combat result retreats: the hex it stood in when the die was rolled,
    and where it ended (None: eliminated)."""

    unit: str
    start: Hex
    end: Hex | None


CodeEffect = Effect | ResultEffect
"""What a result code does: a table's demands, or what the game's data says."""
