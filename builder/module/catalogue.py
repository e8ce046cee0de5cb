"""Every piece of a module as its trait chain, with the id of its palette slot.

Built once per module and read by the palette, the draw decks and every set-up save,
so a piece in a saved game is always the piece of its slot (VASSAL matches them by the
slot id, the gpid). Units take a game's own commands from the parts that know them:
a card game's step cards (:mod:`builder.module.cards`), an area game's arrivals
(:mod:`builder.module.areas`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from builder.module.areas import area_unit_commands
from builder.module.artwork import ModuleArt
from builder.module.cards import card_traits, deck_of, step_card_commands
from builder.module.pieces import (
    marker_traits,
    side_prototype_name,
    side_prototype_traits,
    unit_traits,
)
from builder.module.tracks import track_marker_traits
from builder.saves.names import dead_pile_name
from builder.vassal.traits import Trait, UsePrototype
from rules.model import GameSpec, Unit

Chain = tuple[Trait, ...]


@dataclass(frozen=True)
class Catalogue:
    """Chains and slot ids (gpids) of the units, markers and cards, by their ids."""

    units: Mapping[str, Chain]
    markers: Mapping[str, Chain]
    cards: Mapping[str, Chain]
    unit_gpids: Mapping[str, str]
    marker_gpids: Mapping[str, str]
    card_gpids: Mapping[str, str]

    @property
    def next_gpid(self) -> int:
        """The first slot id no piece has."""
        ids = [*self.unit_gpids.values(), *self.marker_gpids.values(), *self.card_gpids.values()]
        return max((int(gpid) for gpid in ids), default=0) + 1


def slot_ids(spec: GameSpec) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """The gpid of each slot: units of each side in data order from 1, then the markers
    in id order (the palette's own order), then the cards in deck order."""
    units: dict[str, str] = {}
    for side in spec.sides:
        for unit in spec.units.values():
            if unit.side == side.id:
                units[unit.id] = str(len(units) + 1)
    markers = {
        marker_id: str(len(units) + index + 1)
        for index, marker_id in enumerate(sorted(spec.markers))
    }
    first_card = len(units) + len(markers) + 1
    cards = (
        {}
        if spec.cards is None
        else {card.id: str(first_card + index) for index, card in enumerate(spec.cards.cards())}
    )
    return units, markers, cards


def unit_commands(spec: GameSpec, unit: Unit, art: ModuleArt) -> Chain:
    """A unit's commands beyond those every unit has, from the game's own parts."""
    commands: list[Trait] = []
    if art.cards is not None:
        commands += step_card_commands(spec, unit, art.cards)
    if art.area is not None:
        commands += area_unit_commands(spec, art.area, unit)
    return tuple(commands)


def catalogue(spec: GameSpec, art: ModuleArt) -> Catalogue:
    """Every piece of ``spec``'s module from its art."""
    unit_gpids, marker_gpids, card_gpids = slot_ids(spec)
    units = {
        unit.id: unit_traits(
            spec, unit, art.units[unit.id], unit_gpids[unit.id], unit_commands(spec, unit, art)
        )
        for unit in spec.units.values()
    }
    tracked = {track.marker: track for track in spec.tracks}
    markers = {
        marker_id: track_marker_traits(spec, tracked[marker_id], art.markers[marker_id], gpid)
        if marker_id in tracked
        else marker_traits(spec, marker_id, art.markers[marker_id], gpid)
        for marker_id, gpid in marker_gpids.items()
    }
    cards: dict[str, Chain] = {}
    if art.cards is not None:
        for card in deck_of(spec).cards():
            cards[card.id] = card_traits(spec, card, art.cards, card_gpids[card.id])
    return Catalogue(units, markers, cards, unit_gpids, marker_gpids, card_gpids)


def expand_prototypes(traits: Chain, spec: GameSpec) -> Chain:
    """Each side prototype replaced by its traits, as VASSAL does when a piece enters
    play (set-up saves hold pieces so)."""
    expanded: list[Trait] = []
    for trait in traits:
        if isinstance(trait, UsePrototype):
            side = next(side for side in spec.sides if side_prototype_name(side.id) == trait.name)
            expanded.extend(side_prototype_traits(side.id, dead_pile_name(side.name))[:-1])
        else:
            expanded.append(trait)
    return tuple(expanded)
