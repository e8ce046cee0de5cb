"""How the Turning Point: Stalingrad referee reads a unit from ``units.toml``.

- ``arm = "supply"``: a Soviet supply unit; ``arm = "kampfgruppe"``: a German Kampfgruppe;
  an arm containing ``cavalry``: cavalry (Soviet cavalry traces supply 15 hexes);
- ``arm = "air_ground"`` and ``arm = "air_flight"``: the ground echelon and the flight of
  an air unit, both naming the air unit in ``properties.air_unit``;
- ``mobility`` ``motorized``/``mechanized`` (either spelling): motorised for VP and
  Kampfgruppen; anything else is non-motorised;
- the printed strength is the full-strength step's attack value (TPS counters print one
  combat strength, e.g. the Kampfgruppe's "2-8");
- a Soviet ``arm = "rifle"``, ``size = "XXX"`` unit printed "3-4" or "5-5" is a rifle corps
  of the optional army organisation, its army in ``properties.army``.
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.model import Unit
from rules.referee.position import UnitState

AXIS = "axis"
SOVIET = "soviet"
MOTORISED_MOBILITIES = frozenset({"motorised", "motorized", "mechanised", "mechanized"})
ARMY_ORGANISATION_RANGES: Mapping[tuple[int, int], int] = {(3, 4): 3, (5, 5): 5}
"""Optional Soviet army organisation: a rifle corps printed (strength, movement) is supplied
only within this many hexes of another unit of its army ("3-4" 3, "5-5" 5)."""


def is_flight(unit: Unit) -> bool:
    """The flight piece of an air unit."""
    return unit.arm == "air_flight"


def is_ground_echelon(unit: Unit) -> bool:
    """The ground echelon piece of an air unit."""
    return unit.arm == "air_ground"


def is_air_unit(unit: Unit) -> bool:
    """Either piece of an air unit."""
    return is_flight(unit) or is_ground_echelon(unit)


def is_supply_unit(unit: Unit) -> bool:
    """A Soviet supply unit."""
    return unit.arm == "supply"


def is_kampfgruppe(unit: Unit) -> bool:
    """A German Kampfgruppe."""
    return unit.arm == "kampfgruppe"


def is_cavalry(unit: Unit) -> bool:
    """Cavalry (Soviet cavalry is mechanised cavalry; the rules' 騎兵)."""
    return "cavalry" in unit.arm


def is_motorised(unit: Unit) -> bool:
    """Armour, motorised infantry, Soviet mechanised cavalry (the rules' 自動車化)."""
    return unit.mobility.lower() in MOTORISED_MOBILITIES


def printed_strength(unit: Unit) -> int:
    """The unit's printed (full-strength) combat strength."""
    step = unit.steps[0]
    value = step.attack if step.attack is not None else step.defence
    return value or 0


def stands_in_hex(state: UnitState) -> bool:
    """Flights in the air fly over a hex; every other piece on the map stands in it."""
    return state.hex is not None and "flying" not in state.flags


def army_of(unit: Unit) -> str | None:
    """The Soviet army a unit belongs to (``properties.army``), or None."""
    return unit.properties.get("army")


def army_organisation_range(unit: Unit) -> int | None:
    """How near another unit of its army a rifle corps must stand to be supplied under the
    optional army organisation; None for every unit the option does not bind."""
    if unit.side != SOVIET or unit.arm != "rifle" or unit.size != "XXX" or army_of(unit) is None:
        return None
    step = unit.steps[0]
    if step.attack is None or step.movement is None:
        return None
    return ARMY_ORGANISATION_RANGES.get((step.attack, step.movement))
