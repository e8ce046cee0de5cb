"""``units.toml``: units with their steps, arrivals and traits, and markers."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from rules.data import look
from rules.data.fields import Table, unknown_name_message
from rules.data.parse.hexes import HexReader
from rules.data.parse.shared import only_each, unique
from rules.data.source import TomlSource
from rules.hexes import Hex
from rules.looks import ArmLook
from rules.model import (
    Arrival,
    Marker,
    Nationality,
    Side,
    Unit,
    UnitStep,
    UnitTraits,
)

YES_NO_PROPERTIES = ("untried",)
"""Unit properties that are a yes or a no."""
WHOLE_NUMBER_PROPERTIES = ("step_cards", "range")
"""Unit properties that count something (a Rattenkrieg unit's step cards, a TPS flight's
range in hexes): written as text like every property, but only whole numbers."""


def read_units(
    source: TomlSource | None,
    sides: list[Side],
    nationalities: dict[str, Nationality],
    moves_by_hex: bool,
    arms: dict[str, ArmLook],
    areas: set[str],
    mobilities: Collection[str] = (),
    hexes: HexReader | None = None,
) -> tuple[dict[str, Unit], dict[str, Marker]]:
    """The units and markers of ``units.toml``; ``areas`` are the area ids a unit's
    ``rebuilt_in`` may name (none on a hex map), ``mobilities`` the mobility classes a
    unit's may be (:func:`rules.data.parse.game.mobility_classes`; none: any), ``hexes``
    reads an arrival's entry hexes (none without a hex map)."""
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
            _arrival(arrival, hexes)
            for arrival in only_each(table.tables("arrival"), "scenario", "turn", "where", "hexes")
        )
        property_table = table.optional_table("properties")
        properties = _properties(property_table, areas)
        units[unit_id] = Unit(
            id=unit_id,
            name=table.text("name", unit_id),
            side=side,
            nationality=nationality,
            arm=table.text("arm"),
            size=table.text("size", ""),
            mobility=_mobility(table, mobilities),
            steps=steps,
            arrivals=arrivals,
            properties=properties,
            provenance=table.provenance(),
            untried=properties.get("untried") == "yes",
            traits=unit_traits(properties),
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


def _mobility(table: Table, mobilities: Collection[str]) -> str:
    """A unit's mobility class, one the terrain prices movement for where it prices any."""
    mobility = table.text("mobility")
    if mobilities and mobility not in mobilities:
        raise table.error(
            unknown_name_message("mobility class", mobility, mobilities)
            + ": the terrain's movement costs name no other (a class of its own is named "
            + f"in a terrain's movement, such as {{ all = 1, {mobility} = 1 }})",
            "mobility",
        )
    return mobility


def _properties(table: Table | None, areas: set[str]) -> dict[str, str]:
    """A unit's ``[unit.properties]`` as written, each value the code interprets checked
    here, at its own line: a count is a whole number, a yes-or-no is one, an area exists."""
    if table is None:
        return {}
    properties: dict[str, str] = {}
    for key, _ in table.items():
        value = properties[key] = table.text(key)
        if key in WHOLE_NUMBER_PROPERTIES and not (value.isascii() and value.isdigit()):
            raise table.error(
                f'properties.{key} must be a whole number (written "3"), not {value!r}', key
            )
        if key in YES_NO_PROPERTIES and value not in ("yes", "no"):
            raise table.error(f'properties.{key} must be "yes" or "no", not {value!r}', key)
        if key == "rebuilt_in" and value not in areas:
            raise table.error(unknown_name_message("area", value, areas), key, value)
    return properties


def unit_traits(properties: Mapping[str, str]) -> UnitTraits:
    """The typed :class:`UnitTraits` of properties :func:`_properties` has checked (or a
    test wrote)."""
    flight_range = properties.get("range")
    return UnitTraits(
        designation=properties.get("designation"),
        counter=properties.get("counter"),
        army=properties.get("army"),
        formation=properties.get("formation"),
        air_unit=properties.get("air_unit", ""),
        flight_range=None if flight_range is None else int(flight_range),
        step_cards=int(properties.get("step_cards", "0")),
        rebuilt_in=properties.get("rebuilt_in"),
    )


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


def _arrival(table: Table, hexes: HexReader | None) -> Arrival:
    """A reinforcement's turn and place: ``where`` in words, ``hexes`` as data (its
    entry hexes, which ``where`` names when it is not given)."""
    entry: tuple[Hex, ...] = ()
    if table.has("hexes"):
        if hexes is None:
            raise table.error("entry hexes need a hex map", "hexes")
        entry = tuple(hexes.read_list(table, "hexes"))
        if not entry:
            raise table.error("'hexes' names no entry hex", "hexes")
    where = table.text("where", "")
    if not where and hexes is not None and entry:
        where = ", ".join(hexes.hex_map.label(hex_) for hex_ in entry)
    return Arrival(
        table.text("scenario"), table.integer("turn", minimum=0, maximum=99), where, entry
    )
