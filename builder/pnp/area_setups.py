"""What an area game's set-up sheet lists, read from its scenario and deck (RKS 3.1-3.6, 6).

Plain values, no drawing: a test compares them with the module's predefined set-up,
and the set-up page only lays them out. Rattenkrieg's set-up is more than places: each
unit is dealt its step cards face down (3.3), then the hands (3.4); the rest of the
deck is the draw deck; and every city area starts under Soviet control (3.6).
Reinforcements get their step cards from the deck when they arrive (6.1, 6.2).
"""

from __future__ import annotations

from dataclasses import dataclass

from builder.saves.steps_layout import step_cards
from rules.model import Area, GameMap, GameSpec, Scenario, Unit


@dataclass(frozen=True)
class AreaPlacement:
    """A unit of the set-up and the area it starts in."""

    unit: Unit
    area: Area

    @property
    def step_cards(self) -> int:
        return step_cards(self.unit)


@dataclass(frozen=True)
class AreaArrival:
    """A reinforcement: its turn and the (rear) area it enters."""

    unit: Unit
    turn: int
    area: Area

    @property
    def step_cards(self) -> int:
        return step_cards(self.unit)


@dataclass(frozen=True)
class AreaSetup:
    """One scenario's set-up: placements in map order, arrivals by turn, the deal and
    which areas start under whose control."""

    scenario: Scenario
    placements: tuple[AreaPlacement, ...]
    arrivals: tuple[AreaArrival, ...]
    deck_cards: int
    hands: tuple[tuple[str, int], ...]
    controller: str
    controlled: tuple[Area, ...]

    @property
    def dealt_steps(self) -> int:
        """Step cards dealt before play (3.3); arrivals draw theirs later (6.1, 6.2)."""
        return sum(placement.step_cards for placement in self.placements)

    @property
    def deck_after_deal(self) -> int:
        """Cards left as the draw deck once steps and hands are dealt (3.4)."""
        return self.deck_cards - self.dealt_steps - sum(count for _, count in self.hands)

    def by_area(self) -> list[tuple[Area, tuple[AreaPlacement, ...]]]:
        """The placements grouped by area, areas in the map's order."""
        groups: dict[str, list[AreaPlacement]] = {}
        for placement in self.placements:
            groups.setdefault(placement.area.id, []).append(placement)
        return [(group[0].area, tuple(group)) for group in groups.values()]


def area_setups(game: GameSpec) -> list[AreaSetup]:
    """The set-up of every scenario of an area game (none for a hex game)."""
    if not game.maps or game.maps[0].area_map is None:
        return []
    return [
        _setup(game, game.maps[0], scenario)
        for scenario in game.scenarios.values()
        if scenario.setup
    ]


def _setup(game: GameSpec, game_map: GameMap, scenario: Scenario) -> AreaSetup:
    order = {area.id: index for index, area in enumerate(game_map.areas)}
    placements = sorted(
        (
            AreaPlacement(game.units[placement.unit], game_map.area(placement.location))
            for placement in scenario.setup
        ),
        key=lambda placement: order[placement.area.id],
    )
    arrivals = sorted(
        (
            AreaArrival(unit, arrival.turn, game_map.area(arrival.where))
            for unit in game.units.values()
            for arrival in unit.arrivals
            if arrival.scenario == scenario.id and arrival.where
        ),
        key=lambda arrival: (arrival.turn, arrival.unit.side, arrival.unit.name),
    )
    hands: tuple[tuple[str, int], ...] = ()
    deck_cards = 0
    if game.cards is not None:
        deck_cards = len(game.cards.cards())
        hands = tuple(
            (side.name, game.cards.hands.start[side.id])
            for side in game.sides
            if side.id in game.cards.hands.start
        )
    # 3.6: every city area starts under the side that holds the city, the one whose
    # control marker's front is up (the marker is named after it).
    controller = next(
        (
            side.name
            for side in game.sides
            for marker in game.markers
            if marker == f"control_{side.id}"
        ),
        "",
    )
    controlled = tuple(area for area in game_map.areas if area.kind != "rear") if controller else ()
    return AreaSetup(
        scenario, tuple(placements), tuple(arrivals), deck_cards, hands, controller, controlled
    )
