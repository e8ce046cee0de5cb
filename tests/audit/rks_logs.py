"""Rattenkrieg logs for the audit's cases: a dealt game (:mod:`tests.support.rks_saves`)
and logged drags of units into areas and of cards between hands, step boxes, the duel
and the piles, in the engine's own command text."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path

from builder.art.area_layout import UNITS_SPOT, Spot, piece_spots
from builder.saves.area_names import (
    ACTED_LAYER,
    DISCARD_PILE,
    DRAW_DECK,
    hand_map_name,
    steps_map_name,
)
from builder.module.cards import HAND_SPOT
from builder.saves.steps_layout import steps_boxes
from rules.data.loader import load_game
from rules.model import GameSpec
from tests.audit.logs import LogWriter
from tests.support.rks_saves import draw_piles

DUEL_SPOT = (60, 60)
"""A place on the main map outside every pile, where a card is played into a duel."""


@cache
def units_spots() -> Mapping[str, Spot]:
    """Where the module stands a unit in each area of Rattenkrieg's map, laid out once
    per process: the layout of the whole map takes a third of a second, and every move
    of every case asks for it."""
    spots = piece_spots(load_game("rks").maps[0])
    return {area: placed[UNITS_SPOT] for area, placed in spots.items()}


@dataclass
class RksLog:
    """A log begun on ``dist/setups/rks-dealt.vsav`` (the dealt game of the fixture)."""

    log: LogWriter

    @classmethod
    def on(cls, dist: Path) -> RksLog:
        return cls(LogWriter.on(dist, "rks-dealt"))

    @cached_property
    def spec(self) -> GameSpec:
        return load_game("rks")

    @cached_property
    def piles(self) -> dict[str, tuple[int, int]]:
        piles = draw_piles(self.log.dist / "rks.vmod")
        return {name: (int(piles[name]["x"]), int(piles[name]["y"])) for name in piles}

    def side_name(self, side: str) -> str:
        return next(item.name for item in self.spec.sides if item.id == side)

    def move(self, unit: str, area: str) -> RksLog:
        """Drag ``unit`` to the stack place of ``area``."""
        x, y = units_spots()[area]
        self.log.drag(unit, self.spec.maps[0].name, x, y)
        return self

    def pile(self, card: str) -> RksLog:
        """Drag ``card`` onto the discard pile (7.3, 8.9, 10.1)."""
        self.log.drag(card, self.spec.maps[0].name, *self.piles[DISCARD_PILE], key="CardId")
        return self

    def undeck(self, card: str, to_hand: str | None = None, to_steps: str | None = None) -> RksLog:
        """Drag ``card`` from wherever it lies into ``to_hand``'s hand or ``to_steps``'s box."""
        if to_hand is not None:
            self.log.drag(card, hand_map_name(self.side_name(to_hand)), *HAND_SPOT, key="CardId")
            return self
        assert to_steps is not None
        unit = self.spec.units[to_steps]
        box = next(item for item in steps_boxes(self.spec, unit.side) if item.unit == to_steps)
        (left, top), _, (right, bottom), _ = box.slot
        self.log.drag(
            card,
            steps_map_name(self.side_name(unit.side)),
            (left + right) // 2,
            (top + bottom) // 2,
            key="CardId",
        )
        return self

    def play(self, card: str, side: str) -> RksLog:
        """``side`` plays ``card`` face down into the duel (8.4, 8.5): masked for its player
        and laid on the main map."""
        self.log.mask(card, self.side_name(side), key="CardId")
        self.log.drag(card, self.spec.maps[0].name, *DUEL_SPOT, key="CardId")
        return self

    def duel(self, german: str, soviet: str) -> RksLog:
        """Both sides play a card, then both are shown and piled (8.7)."""
        return self.play(german, "german").play(soviet, "soviet").pile(german).pile(soviet)

    def flip(self, unit: str) -> RksLog:
        """Turn ``unit`` over: it has acted (7.4, 8.9, 8.11)."""
        self.log.layer(unit, ACTED_LAYER, 2)
        return self

    def deck_spot(self) -> tuple[int, int]:
        return self.piles[DRAW_DECK]

    def phase(self, turn: int, phase: str) -> RksLog:
        self.log.phase(turn, phase)
        return self

    def write(self, target: Path) -> Path:
        return self.log.write(target)
