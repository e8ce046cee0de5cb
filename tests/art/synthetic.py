"""Units of every kind the counter art must draw, made up where a game's units.toml is
still being written: DoS two-step, untried, "?" and special units; TPS Kampfgruppen,
air units and supply units."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.data.fields import Provenance
from rules.data.parse.units import unit_traits
from rules.model import Unit, UnitStep

Values = tuple[int | None, int | None, int | None]


def make_unit(
    unit_id: str,
    nationality: str,
    side: str,
    arm: str,
    size: str,
    mobility: str,
    steps: list[Values],
    **properties: str,
) -> Unit:
    """A unit with the given values per step (full strength first)."""
    return Unit(
        id=unit_id,
        name=f"{unit_id} unit",
        side=side,
        nationality=nationality,
        arm=arm,
        size=size,
        mobility=mobility,
        steps=tuple(UnitStep(*step) for step in steps),
        arrivals=(),
        properties=properties,
        provenance=Provenance(),
        untried=properties.get("untried") == "yes",
        traits=unit_traits(properties),
    )


def with_properties(unit: Unit, properties: dict[str, str], **changes: Any) -> Unit:
    """``unit`` with other ``properties``, its typed traits following them as a load would."""
    return replace(unit, properties=properties, traits=unit_traits(properties), **changes)


DOS_UNITS = (
    make_unit(
        "3pz",
        "german_mechanized",
        "axis",
        "panzer",
        "XX",
        "mechanized",
        [(8, 8, 8), (4, 4, 8)],
        army="6A",
    ),
    make_unit(
        "44",
        "german",
        "axis",
        "infantry",
        "XX",
        "non_mechanized",
        [(5, 5, 4), (2, 2, 4)],
        army="6A",
    ),
    make_unit("1gb", "german", "axis", "mountain", "XX", "mountain", [(5, 5, 4), (2, 2, 4)]),
    make_unit("r1pz", "romanian", "axis", "panzer", "XX", "mechanized", [(None, None, 6)]),
    make_unit("h7", "hungarian", "axis", "infantry", "XX", "non_mechanized", [(1, None, 4)]),
    make_unit("celere", "italian", "axis", "cavalry", "(XX)", "non_mechanized", [(1, None, 5)]),
    make_unit("flak", "german_mechanized", "axis", "flak", "XX", "mechanized", [(3, 3, 6)]),
    make_unit("13tk", "soviet", "soviet", "tank", "XXX", "mechanized", [(6, 4, 8)], untried="yes"),
    make_unit(
        "41rd", "soviet", "soviet", "rifle", "XX", "non_mechanized", [(3, 4, 4)], untried="yes"
    ),
    make_unit(
        "5ad", "soviet_special", "soviet", "heavy_artillery", "XX", "mechanized", [(6, 3, 4)]
    ),
    make_unit(
        "83ni", "soviet_special", "soviet", "naval_infantry", "(XX)", "non_mechanized", [(2, 3, 4)]
    ),
    make_unit(
        "115fa", "soviet_special", "soviet", "fortified_area", "(XX)", "non_mechanized", [(0, 4, 0)]
    ),
    make_unit("1dd", "soviet_special", "soviet", "tank_destroyer", "XX", "mechanized", [(3, 3, 6)]),
)

TPS_UNITS = (
    make_unit(
        "kg2", "german", "axis", "kampfgruppe", "", "motorised", [(2, 2, 8)], designation="KG"
    ),
    make_unit(
        "kg1", "german", "axis", "kampfgruppe", "", "motorised", [(1, 1, 8)], designation="KG"
    ),
    make_unit("21a", "soviet", "soviet", "rifle", "XXX", "foot", [(3, 3, 4)], army="21"),
    make_unit("sup1", "soviet", "soviet", "supply", "", "motorised", [(0, 1, 8)]),
    make_unit("viii_g", "german", "axis", "air_ground", "", "foot", [(0, 1, 4)], air_unit="viii"),
    make_unit(
        "viii_f",
        "german",
        "axis",
        "air_flight",
        "",
        "air",
        [(1, 0, 0)],
        air_unit="viii",
        range="12",
    ),
)
