"""Rattenkrieg's map, units and cards as its rules read them.

Everything here depends on the game's data alone, never on where units stand, so every
rule area shares one :class:`Board`. The areas and their adjacency are the ones
:mod:`rules.areas` derives from the outlines the module draws (one truth for areas).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property

from rules.cards import CardDeck
from rules.model import Area, GameMap, GameSpec, Unit

GERMAN, SOVIET = "german", "soviet"
BUILT_UP = "urban"
"""The kind of area whose name is red on the map (2.1): 市街地, where 8.8 modifies defenders."""
REAR = "rear"
START_CONTROL = SOVIET
"""Who holds every city area when the game starts (3.6)."""


class Board:
    """The facts of the map, the counters and the deck that the rules read."""

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec
        self.game_map: GameMap = spec.maps[0]
        assert spec.cards is not None, "Rattenkrieg is played with cards (2.4)"
        self.deck: CardDeck = spec.cards

    @cached_property
    def areas(self) -> Mapping[str, Area]:
        """Every area by id, rears included."""
        return {area.id: area for area in self.game_map.areas}

    def name(self, area: str) -> str:
        """How the map names an area."""
        return self.areas[area].name

    def neighbours(self, area: str) -> tuple[str, ...]:
        """Areas next to ``area``: a shared border or an arrow across the Volga (3.5), in
        the data's order, so every list the referee gives is reproducible."""
        return self._neighbours[area]

    @cached_property
    def _neighbours(self) -> Mapping[str, tuple[str, ...]]:
        order = {area: index for index, area in enumerate(self.areas)}
        return {
            area.id: tuple(sorted(area.adjacent, key=order.__getitem__))
            for area in self.game_map.areas
        }

    @cached_property
    def city_areas(self) -> tuple[str, ...]:
        """The twelve areas of Stalingrad (2.1), in the data's north-to-south order."""
        return tuple(area.id for area in self.game_map.areas if area.kind != REAR)

    @cached_property
    def rears(self) -> Mapping[str, str]:
        """Each side's rear area: the rear whose id begins with the side's id (2.1)."""
        found = {}
        for area in self.game_map.areas:
            if area.kind == REAR:
                owner = next(
                    (side.id for side in self.spec.sides if area.id.startswith(side.id)), None
                )
                if owner is None:
                    raise ValueError(f"rear area {area.id!r} names no side")
                found[owner] = area.id
        return found

    def rear_owner(self, area: str) -> str | None:
        """The side whose rear ``area`` is, or None for a city area."""
        return next((side for side, rear in self.rears.items() if rear == area), None)

    def built_up(self, area: str) -> bool:
        """True for a built-up area (red name, 2.1)."""
        return self.areas[area].kind == BUILT_UP

    def terrain_modifier(self, unit: Unit, area: str) -> int:
        """What the area adds to ``unit``'s strength when it defends there (8.8): the
        terrain's modifier for the unit's arm (infantry +2 and panzer -2 in built-up
        areas; motorised infantry and the T-34 are not named, so unmodified)."""
        return self.spec.terrain_types[self.areas[area].kind].defence_strength_modifiers.get(
            unit.arm, 0
        )

    @cached_property
    def objectives(self) -> tuple[str, ...]:
        """The city areas joined to the Soviet rear, which the German must hold (3.5, 4.0)."""
        rear = self.rears[SOVIET]
        return tuple(area for area in self.city_areas if rear in self.neighbours(area))

    @cached_property
    def mamayev_kurgan(self) -> str:
        """The hill whose holder draws a fourth card (10.2) and hits with face cards (9.2)."""
        area = self.deck.hands.bonus_area
        if area is None:
            raise ValueError("cards.toml names no bonus area (Mamayev Kurgan, 10.2)")
        return area

    @cached_property
    def t34(self) -> Unit:
        """The T-34: no steps (8.12), rebuilt in its factory (6.3)."""
        return next(unit for unit in self.spec.units.values() if unit.traits.rebuilt_in is not None)

    @cached_property
    def tractor_factory(self) -> str:
        """Where the T-34 returns (6.3)."""
        area = self.t34.traits.rebuilt_in
        assert area is not None
        return area

    def step_maximum(self, unit: Unit) -> int:
        """How many step cards ``unit`` is dealt and may hold (3.3, 7.5)."""
        return unit.traits.step_cards

    def strength(self, unit: Unit) -> int:
        """The combat strength printed on the counter (2.3; reconstructed in the data)."""
        value = unit.steps[0].defence
        assert value is not None, f"{unit.id} has no strength"
        return value

    def other(self, side: str) -> str:
        """The opponent of ``side``."""
        return SOVIET if side == GERMAN else GERMAN

    def side_name(self, side: str) -> str:
        """``German`` or ``Soviet``."""
        return next(item.name for item in self.spec.sides if item.id == side)


def phasing_side(spec: GameSpec, phase: str | None) -> str | None:
    """The side whose operations phase ``phase`` is (5.0: "German operations"), or None."""
    if phase is None:
        return None
    return next((side.id for side in spec.sides if phase.startswith(side.name)), None)


def phase_rank(spec: GameSpec, phase: str) -> int | None:
    """Where ``phase`` stands in a turn (5.0): the operations phases alternate until both
    players pass, so they share the rank of the first; None for a phase not the game's."""
    if phase not in spec.phases:
        return None
    operations = [index for index, name in enumerate(spec.phases) if phasing_side(spec, name)]
    if phasing_side(spec, phase) is not None and operations:
        return operations[0]
    return spec.phases.index(phase)
