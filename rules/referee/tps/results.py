"""What each result of the Turning Point Combat Results Table does (the table's
explanation of results): Ex and 1/2Ex cost the attacker at least the defender's printed
strength, or half of it, counted from a German motorised unit's original strength when it
comes back as a Kampfgruppe (Kampfgruppen (G, R, S))."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from rules.model import Unit
from rules.referee.results import ELIMINATED, EXCHANGE, RETREAT, STAY, Effect
from rules.referee.tps.combat import kampfgruppe_for
from rules.referee.tps.sections import RULES
from rules.referee.tps.units import printed_strength

_RESULTS = (RULES["combat"], RULES["crt"])
EFFECTS: Mapping[str, Effect] = {
    "Ae": Effect(STAY, ELIMINATED, False, _RESULTS),
    "Ar": Effect(STAY, RETREAT, False, _RESULTS),
    "Dr": Effect(RETREAT, STAY, True, _RESULTS),
    "Br": Effect(RETREAT, RETREAT, False, _RESULTS),
    "Ex": Effect(ELIMINATED, EXCHANGE, True, _RESULTS + (RULES["kampfgruppe"],)),
    "1/2Ex": Effect(ELIMINATED, EXCHANGE, True, _RESULTS + (RULES["kampfgruppe"],), Fraction(1, 2)),
    "De": Effect(ELIMINATED, STAY, True, _RESULTS),
}


def exchange_owed(unit: Unit, code: str, share: Fraction) -> Fraction:
    """The printed strength an exchange ``code`` makes the attacker remove for the
    defending ``unit``: its Kampfgruppe's exchange loss, else ``share`` of its strength."""
    return kampfgruppe_for(unit, code).exchange_loss or Fraction(printed_strength(unit)) * share
