"""``game.toml``: the sides, nationalities and terrain types every other file refers to."""

from __future__ import annotations

from collections.abc import Collection, Mapping

from rules.data import look
from rules.data.fields import Table, unknown_name_message
from rules.data.parse.shared import unique
from rules.model import (
    Nationality,
    Side,
    TerrainType,
)
from rules.referee_data.terrain import (
    ACROSS_ALL,
    ACROSS_ANY,
    SUPPLY_EFFECTS,
    SUPPLY_OPEN,
    TERRAIN_EFFECTS,
)

TERRAIN_KINDS = ("hex", "hexside", "area")


def read_sides(game: Table) -> list[Side]:
    seen: dict[str, str] = {}
    sides = []
    for table in game.tables("side", required=True):
        table.only("id", "name", "colour")
        sides.append(
            Side(
                unique(table, "id", seen, "side"),
                table.text("name"),
                look.optional_colour(table, "colour"),
            )
        )
    return sides


def read_nationalities(game: Table, sides: set[str]) -> dict[str, Nationality]:
    seen: dict[str, str] = {}
    result = {}
    for table in game.tables("nationality"):
        table.only("id", "name", "side", "background", "text")
        nationality = Nationality(
            id=unique(table, "id", seen, "nationality"),
            name=table.text("name"),
            side=table.choice("side", sides, "side"),
            background=look.colour(table, "background"),
            text=look.colour(table, "text"),
            provenance=table.provenance(),
        )
        result[nationality.id] = nationality
    return result


def mobility_classes(
    terrain_types: Mapping[str, TerrainType], side_ids: Collection[str]
) -> frozenset[str]:
    """The mobility classes the terrain prices movement for: every key of a terrain's
    ``movement`` but ``all`` and a side's id (DoS's ``axis = "prohibited"``). Where there
    are any, a unit's mobility must be one of them: any other would move everywhere at
    the ``all`` cost, as a typo ("mechanised") would. Empty where the terrain prices no
    class (Turning Point), and then a unit's mobility is not checked."""
    return frozenset(
        key
        for terrain in terrain_types.values()
        for key in terrain.movement
        if key != "all" and key not in side_ids
    )


def read_terrain_types(game: Table) -> dict[str, TerrainType]:
    seen: dict[str, str] = {}
    result = {}
    tables: dict[str, Table] = {}
    for table in game.tables("terrain", required=True):
        table.only(
            "id",
            "name",
            "kind",
            "movement",
            "enemy_entry_cost",
            "combat_die_modifier",
            "combat_column_shift",
            "combat_condition",
            "attack_prohibited",
            "defence_strength_modifiers",
            "description",
            "fill",
            "symbol",
            "line",
            "supply",
            "bridges",
            "combat_across",
            "rules",
        )
        movement: dict[str, int | None] = {}
        movement_table = table.optional_table("movement")
        if movement_table is not None:
            for movement_class, cost in movement_table.items():
                if cost == "prohibited":
                    movement[movement_class] = None
                else:
                    movement[movement_class] = movement_table.integer(
                        movement_class, minimum=0, maximum=99
                    )
        terrain = TerrainType(
            id=unique(table, "id", seen, "terrain"),
            name=table.text("name"),
            kind=table.choice("kind", TERRAIN_KINDS, "terrain kind"),
            movement=movement,
            enemy_entry_cost=table.integer("enemy_entry_cost", default=0, minimum=0, maximum=99),
            combat_die_modifier=table.integer(
                "combat_die_modifier", default=0, minimum=-6, maximum=6
            ),
            combat_column_shift=table.integer(
                "combat_column_shift", default=0, minimum=-6, maximum=6
            ),
            combat_condition=table.optional_text("combat_condition"),
            attack_prohibited=table.boolean("attack_prohibited", default=False),
            defence_strength_modifiers=_integer_mapping(
                table.optional_table("defence_strength_modifiers")
            ),
            description=table.text("description", default=""),
            provenance=table.provenance(),
            fill=look.optional_colour(table, "fill"),
            symbol=look.terrain_symbol(table),
            line=look.line_style(table),
            defined_at=table.where(),
            supply=table.choice("supply", SUPPLY_EFFECTS, "supply effect", SUPPLY_OPEN),
            bridges=frozenset(table.text_list("bridges", required=False)),
            combat_across=table.choice(
                "combat_across", (ACROSS_ALL, ACROSS_ANY), "'combat_across' value", ACROSS_ALL
            ),
            sections=_sections(table.optional_table("rules")),
        )
        if terrain.kind != "hex" and (terrain.fill or terrain.symbol):
            raise table.error(
                f"only a hex terrain has a fill or symbol; a {terrain.kind} terrain has not",
                "fill" if terrain.fill else "symbol",
            )
        if terrain.kind != "hexside" and terrain.line:
            raise table.error(
                f"only a hexside terrain has a line; a {terrain.kind} terrain has not", "line"
            )
        for key in ("supply", "bridges", "combat_across"):
            if terrain.kind != "hexside" and table.has(key):
                raise table.error(
                    f"only a hexside terrain has {key!r}; a {terrain.kind} terrain has not", key
                )
        result[terrain.id] = terrain
        tables[terrain.id] = table
    for terrain_id, terrain in result.items():
        hexsides = [key for key, value in result.items() if value.kind == "hexside"]
        for bridged in sorted(terrain.bridges):
            if bridged == terrain_id or bridged not in hexsides:
                raise tables[terrain_id].error(
                    unknown_name_message(
                        "hexside terrain to bridge",
                        bridged,
                        [key for key in hexsides if key != terrain_id],
                    ),
                    "bridges",
                )
    return result


def _sections(table: Table | None) -> dict[str, str]:
    """``rules = { movement = "4.3", … }``: the section each effect of a terrain cites."""
    if table is None:
        return {}
    for effect, _ in table.items():
        if effect not in TERRAIN_EFFECTS:
            raise table.error(
                unknown_name_message("terrain effect", effect, TERRAIN_EFFECTS), effect
            )
    return {effect: table.text(effect) for effect, _ in table.items()}


def _integer_mapping(table: Table | None) -> dict[str, int]:
    """A table of small whole numbers keyed by name (e.g. strength modifiers by arm)."""
    if table is None:
        return {}
    return {key: table.integer(key, minimum=-20, maximum=20) for key, _ in table.items()}
