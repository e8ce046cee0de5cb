"""What the set-up sheets and reinforcement schedules list, read from the scenarios.

Plain values, no drawing: a test compares these lists with the module's predefined
set-ups, and the pages only lay them out. Scenarios that place the same units on the
same hexes share one sheet (TPS's sixteen scenarios use two set-ups), and scenarios
whose reinforcements arrive alike share one schedule.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from builder.art.counters import corner_text
from rules.model import GameSpec, Placement, Scenario, Unit


@dataclass(frozen=True)
class SetupEntry:
    """One unit of a set-up: where it goes, and whether the rules or we chose the place."""

    unit: Unit
    location: str
    steps: int | None
    reconstructed: bool
    note: str | None


@dataclass(frozen=True)
class SetupGroup:
    """The units of one army or set-up group of one side, in the order they are placed."""

    side: str
    title: str
    entries: tuple[SetupEntry, ...]


@dataclass(frozen=True)
class SetupSheet:
    """The set-up shared by ``scenarios``, by side and group."""

    scenarios: tuple[Scenario, ...]
    groups: tuple[SetupGroup, ...]

    @property
    def entries(self) -> tuple[SetupEntry, ...]:
        return tuple(entry for group in self.groups for entry in group.entries)


@dataclass(frozen=True)
class Arrival:
    """A unit entering on a turn, and where (the rules' words)."""

    unit: Unit
    where: str


@dataclass(frozen=True)
class Schedule:
    """The reinforcements shared by ``scenarios``: each turn with its arrivals."""

    scenarios: tuple[Scenario, ...]
    turns: tuple[tuple[int, tuple[Arrival, ...]], ...]


def location_label(game: GameSpec, location: str) -> str:
    """The printed hex number (rules sometimes drop a map's prefix) or the area's name."""
    found = game.parse_hex(location)
    if found is not None:
        return found[0].label(found[1])
    for game_map in game.maps:
        for area in game_map.areas:
            if area.id == location:
                return area.name
    return location


def setup_sheets(game: GameSpec) -> list[SetupSheet]:
    """One sheet per distinct set-up, naming every scenario that uses it."""
    by_setup: dict[tuple[tuple[str, str, int | None], ...], list[Scenario]] = {}
    for scenario in game.scenarios.values():
        if scenario.setup:
            key = tuple(
                (placement.unit, placement.location, placement.steps)
                for placement in scenario.setup
            )
            by_setup.setdefault(key, []).append(scenario)
    return [
        SetupSheet(tuple(scenarios), _groups(game, scenarios[0].setup))
        for scenarios in by_setup.values()
    ]


def group_key(unit: Unit) -> str:
    """The formation a unit belongs to (``properties.army``: an army, a set-up area), else
    its nationality."""
    return unit.traits.army or unit.nationality


def _groups(game: GameSpec, placements: Sequence[Placement]) -> tuple[SetupGroup, ...]:
    """Placements by side and group in the order the data lists them (the rules' order
    of set-up: in DoS Blue the Soviet sets up first), each group sorted by location."""
    keyed: dict[tuple[str, str], list[SetupEntry]] = {}
    for placement in placements:
        unit = game.units[placement.unit]
        entry = SetupEntry(
            unit,
            location_label(game, placement.location),
            placement.steps,
            placement.provenance.reconstructed,
            placement.provenance.note,
        )
        keyed.setdefault((unit.side, group_key(unit)), []).append(entry)
    side_order = {
        side: index for index, side in enumerate(dict.fromkeys(side for side, _ in keyed))
    }
    groups = []
    for (side, key), entries in sorted(keyed.items(), key=lambda item: side_order[item[0][0]]):
        units = [entry.unit for entry in entries]
        groups.append(
            SetupGroup(
                side, group_title(game, key, units), tuple(sorted(entries, key=_entry_order))
            )
        )
    return tuple(groups)


def _entry_order(entry: SetupEntry) -> tuple[str, str]:
    return entry.location, entry.unit.name


def group_title(game: GameSpec, key: str, units: Sequence[Unit]) -> str:
    """A group's heading: its formation as players name it ("6th Army (6A)"), else its
    nationality, with the code its counters print when the name does not show it."""
    if key in game.formations:
        name = game.formations[key].name
    elif key in game.nationalities:
        name = game.nationalities[key].name
    else:
        name = key
    printed = any(corner_text(unit) == key for unit in units if not unit.untried)
    return f"{name} (counters marked {key})" if printed and f"({key})" not in name else name


def schedules(game: GameSpec) -> list[Schedule]:
    """One schedule per distinct run of arrivals, naming every scenario that uses it."""
    by_arrivals: dict[tuple[tuple[int, tuple[tuple[str, str], ...]], ...], list[Scenario]] = {}
    turns_of: dict[
        tuple[tuple[int, tuple[tuple[str, str], ...]], ...],
        tuple[tuple[int, tuple[Arrival, ...]], ...],
    ] = {}
    for scenario in game.scenarios.values():
        turns = _arrivals_by_turn(game, scenario)
        if not turns:
            continue
        key = tuple(
            (turn, tuple((arrival.unit.id, arrival.where) for arrival in arrivals))
            for turn, arrivals in turns
        )
        by_arrivals.setdefault(key, []).append(scenario)
        turns_of[key] = turns
    return [Schedule(tuple(scenarios), turns_of[key]) for key, scenarios in by_arrivals.items()]


def _arrivals_by_turn(
    game: GameSpec, scenario: Scenario
) -> tuple[tuple[int, tuple[Arrival, ...]], ...]:
    """The scenario's arrivals within its turns, by turn, then side and entry, then name."""
    side_order = {side.id: index for index, side in enumerate(game.sides)}
    turns: dict[int, list[Arrival]] = {}
    for unit in game.units.values():
        for arrival in unit.arrivals:
            if (
                arrival.scenario == scenario.id
                and scenario.first_turn <= arrival.turn <= scenario.last_turn
            ):
                turns.setdefault(arrival.turn, []).append(Arrival(unit, arrival.where))
    return tuple(
        (
            turn,
            tuple(
                sorted(
                    arrivals,
                    key=lambda arrival: (
                        side_order[arrival.unit.side],
                        arrival.where,
                        arrival.unit.name,
                    ),
                )
            ),
        )
        for turn, arrivals in sorted(turns.items())
    )
