"""``scenarios.toml``: each scenario's turns, options and set-up."""

from __future__ import annotations

from rules.data.fields import Table
from rules.data.parse.shared import only_each, unique
from rules.data.source import TomlSource
from rules.model import (
    GameMap,
    Placement,
    Scenario,
    Unit,
)


def read_scenarios(
    source: TomlSource | None, units: dict[str, Unit], maps: tuple[GameMap, ...]
) -> dict[str, Scenario]:
    if source is None:
        return {}
    root = Table.root(source)
    root.only("scenario")
    seen: dict[str, str] = {}
    scenarios: dict[str, Scenario] = {}
    areas = {area.id for game_map in maps for area in game_map.areas}
    for table in root.tables("scenario"):
        table.only(
            "id",
            "name",
            "first_turn",
            "last_turn",
            "options",
            "setup",
            "setup_from",
            "description",
            "phases",
        )
        scenario_id = unique(table, "id", seen, "scenario")
        first = table.integer("first_turn", minimum=0, maximum=99)
        last = table.integer("last_turn", minimum=first, maximum=99)
        options: dict[str, str] = {}
        option_table = table.optional_table("options")
        if option_table is not None:
            for key, _ in option_table.items():
                options[key] = option_table.text(key)
        placements = []
        placed: dict[str, Table] = {}
        for setup in only_each(table.tables("setup"), "unit", "at", "steps"):
            unit_id = setup.choice("unit", units, "unit")
            if unit_id in placed:
                # Where the first placement is written is looked up only now: finding an
                # inline entry's line reads the file, which cost most of a clean parse.
                earlier = placed[unit_id].where("unit")
                raise setup.error(f"unit {unit_id!r} is placed twice (first at {earlier})", "unit")
            placed[unit_id] = setup
            location = setup.text("at")
            if location not in areas and not any(
                game_map.hex_map is not None and game_map.hex_map.parse(location) is not None
                for game_map in maps
            ):
                raise setup.error(f"unknown hex or area {location!r}", "at", location)
            steps = setup.integer("steps", len(units[unit_id].steps), 1, len(units[unit_id].steps))
            placements.append(Placement(unit_id, location, steps, setup.provenance()))
        shared_from = table.optional_text("setup_from")
        if shared_from is not None:
            # A scenario whose rules say "set up as scenario N" shares N's placements
            # instead of repeating them, so a transcription is edited in one place.
            if placements:
                raise table.error("give either setup or setup_from, not both", "setup_from")
            if shared_from not in scenarios or not scenarios[shared_from].setup:
                raise table.error(
                    f"setup_from {shared_from!r} names no earlier scenario with a set-up",
                    "setup_from",
                    shared_from,
                )
            placements = list(scenarios[shared_from].setup)
        scenarios[scenario_id] = Scenario(
            id=scenario_id,
            name=table.text("name"),
            first_turn=first,
            last_turn=last,
            options=options,
            setup=tuple(placements),
            description=table.text("description", ""),
            provenance=table.provenance(),
            phases=tuple(table.text_list("phases", required=False)),
        )
    return scenarios
