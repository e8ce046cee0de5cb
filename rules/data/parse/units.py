"""``units.toml``: units with their steps, arrivals and traits, and markers."""

from __future__ import annotations

from rules.data import look
from rules.data.fields import Table
from rules.data.parse.shared import only_each, unique
from rules.data.source import TomlSource
from rules.model import (
    ArmLook,
    Arrival,
    Marker,
    Nationality,
    Side,
    Unit,
    UnitStep,
)

YES_NO_PROPERTIES = ("untried",)
"""Unit properties that are a yes or a no, read once at load into the unit's typed field."""
WHOLE_NUMBER_PROPERTIES = ("step_cards", "range")
"""Unit properties that count something (a Rattenkrieg unit's step cards, a TPS flight's
range in hexes): written as text like every property, but only whole numbers."""


def read_units(
    source: TomlSource | None,
    sides: list[Side],
    nationalities: dict[str, Nationality],
    moves_by_hex: bool,
    arms: dict[str, ArmLook],
) -> tuple[dict[str, Unit], dict[str, Marker]]:
    if source is None:
        return {}, {}
    root = Table.root(source)
    root.only("unit", "marker")
    seen: dict[str, str] = {}
    units: dict[str, Unit] = {}
    side_ids = {side.id for side in sides}
    for table in root.tables("unit"):
        table.only(
            "id",
            "name",
            "side",
            "nationality",
            "arm",
            "size",
            "mobility",
            "steps",
            "arrival",
            "properties",
        )
        unit_id = unique(table, "id", seen, "unit id")
        side = table.choice("side", side_ids, "side")
        nationality = table.choice("nationality", nationalities, "nationality")
        if nationalities[nationality].side != side:
            raise table.error(
                f"nationality {nationality!r} belongs to side {nationalities[nationality].side!r}",
                "nationality",
            )
        steps = tuple(_step(step, moves_by_hex) for step in table.tables("steps", required=True))
        arrivals = tuple(
            Arrival(
                arrival.text("scenario"),
                arrival.integer("turn", minimum=0, maximum=99),
                arrival.text("where", ""),
            )
            for arrival in only_each(table.tables("arrival"), "scenario", "turn", "where")
        )
        properties: dict[str, str] = {}
        property_table = table.optional_table("properties")
        if property_table is not None:
            for key, _ in property_table.items():
                properties[key] = property_table.text(key)
                if key in WHOLE_NUMBER_PROPERTIES and not (
                    properties[key].isascii() and properties[key].isdigit()
                ):
                    raise property_table.error(
                        f'properties.{key} must be a whole number (written "3"), '
                        f"not {properties[key]!r}",
                        key,
                    )
                if key in YES_NO_PROPERTIES and properties[key] not in ("yes", "no"):
                    raise property_table.error(
                        f'properties.{key} must be "yes" or "no", not {properties[key]!r}', key
                    )
        units[unit_id] = Unit(
            id=unit_id,
            name=table.text("name", unit_id),
            side=side,
            nationality=nationality,
            arm=table.text("arm"),
            size=table.text("size", ""),
            mobility=table.text("mobility"),
            steps=steps,
            arrivals=arrivals,
            properties=properties,
            provenance=table.provenance(),
            untried=properties.get("untried") == "yes",
        )
        look.check_unit_arm(table, units[unit_id], arms)
    markers: dict[str, Marker] = {}
    for table in only_each(root.tables("marker"), "id", "name", "count", "description"):
        marker_id = unique(table, "id", seen, "marker id")
        markers[marker_id] = Marker(
            marker_id,
            table.text("name"),
            table.integer("count", 1, minimum=1, maximum=500),
            table.text("description", ""),
            table.provenance(),
        )
    return units, markers


def _step(table: Table, moves_by_hex: bool) -> UnitStep:
    """A step's printed values; "?" for one the counter does not print. On a hex map
    each must be written, so a forgotten value is an error, not a "?" on the counter."""
    table.only("attack", "defence", "movement")

    def value(key: str) -> int | None:
        raw = table.values.get(key)
        if raw is None and (moves_by_hex or key != "movement"):
            raise table.error(
                f'this step has no {key}: write its value, or "?" if the counter prints none'
            )
        if raw is None or raw == "?":
            return None
        return table.integer(key, minimum=0, maximum=99)

    return UnitStep(value("attack"), value("defence"), value("movement"))
