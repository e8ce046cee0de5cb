"""The Turning Point: Stalingrad referee (SPI 1972), one module per rule area.

- :mod:`~rules.referee.tps.sections` — the rules text's section names verdicts cite;
- :mod:`~rules.referee.tps.units` — how a unit is read from ``units.toml``;
- :mod:`~rules.referee.tps.settings` — a position's ``[settings]``;
- :mod:`~rules.referee.tps.board` — terrain, water, rail and its capture, the compass;
- :mod:`~rules.referee.tps.air` — flights on missions and where air units are based;
- :mod:`~rules.referee.tps.forces` — who stands where, zones of control;
- :mod:`~rules.referee.tps.supply` — supply lines and states;
- :mod:`~rules.referee.tps.combat` — strengths, modifiers, Kampfgruppen;
- :mod:`~rules.referee.tps.movement` — movement costs and rail moves;
- :mod:`~rules.referee.tps.front` — the continuous front;
- :mod:`~rules.referee.tps.victory` — victory points and the victory level;
- :mod:`~rules.referee.tps.referee` — :class:`TurningPointReferee`, which wires them into
  the hex engine.
"""

from __future__ import annotations

from rules.referee.tps.combat import kampfgruppe_for
from rules.referee.tps.front import fewest_separating_hexes
from rules.referee.tps.referee import TurningPointReferee
from rules.referee.tps.sections import RULES
from rules.referee.tps.supply import SourceKind, SupplyEffect, SupplyState, supply_effects
from rules.referee.tps.units import (
    is_cavalry,
    is_flight,
    is_ground_echelon,
    is_kampfgruppe,
    is_motorised,
    is_supply_unit,
    printed_strength,
)

__all__ = [
    "RULES",
    "SourceKind",
    "SupplyEffect",
    "SupplyState",
    "TurningPointReferee",
    "fewest_separating_hexes",
    "is_cavalry",
    "is_flight",
    "is_ground_echelon",
    "is_kampfgruppe",
    "is_motorised",
    "is_supply_unit",
    "kampfgruppe_for",
    "printed_strength",
    "supply_effects",
]
