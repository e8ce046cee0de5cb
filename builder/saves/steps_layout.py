"""Where a side's steps board puts each unit's box (RKS 3.3): arithmetic only.

The module's steps maps are drawn (:mod:`builder.art.area_pieces`) and zoned
(:mod:`builder.module.cards`) from these boxes, and a save is read back through
them (:mod:`builder.saves.area_positions`): a step card belongs to the unit whose box it lies
in. Kept free of drawing libraries, so reading a save stays light.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from rules.model import GameSpec, Unit

STEPS_BOX_WIDTH = 420
STEPS_BOX_HEIGHT = 150
STEPS_MARGIN = 16
STEPS_COLUMNS = 2
SLOT_LEFT = 150
"""Where the card slot of a steps box begins: the counter and its name sit left of it."""


@dataclass(frozen=True)
class StepsBox:
    """A unit's box on its side's steps board; ``slot`` is the zone the cards go to."""

    unit: str
    name: str
    left: int
    top: int

    @property
    def slot(self) -> tuple[tuple[int, int], ...]:
        """The card slot's corners: its centre is where a dealt card lands."""
        left, top = self.left + SLOT_LEFT, self.top + 26
        right, bottom = self.left + STEPS_BOX_WIDTH - 8, self.top + STEPS_BOX_HEIGHT - 8
        return (left, top), (right, top), (right, bottom), (left, bottom)


def step_cards(unit: Unit) -> int:
    """How many step cards the unit is dealt (RKS 3.3), from its data."""
    return unit.traits.step_cards


STEPS_LABEL_SIZE = (SLOT_LEFT - 16, 20)
"""The count label under a unit's counter in its box, left of the card slot."""


def steps_label_centre(box: StepsBox) -> tuple[int, int]:
    """Where the count label under the box's counter is centred."""
    return box.left + 8 + STEPS_LABEL_SIZE[0] // 2, box.top + STEPS_BOX_HEIGHT - 18


def step_cards_text(count: int) -> str:
    """``count`` step cards in words, "1 step card" singular, for labels and reports."""
    return f"{count} step card{'' if count == 1 else 's'}"


def steps_boxes(spec: GameSpec, side: str) -> tuple[StepsBox, ...]:
    """One box per unit of ``side`` that has steps, in data order, in two columns."""
    units = [unit for unit in spec.units.values() if unit.side == side and step_cards(unit) > 0]
    boxes = []
    for index, unit in enumerate(units):
        row, column = divmod(index, STEPS_COLUMNS)
        boxes.append(
            StepsBox(
                unit=unit.id,
                name=unit.name,
                left=STEPS_MARGIN + column * (STEPS_BOX_WIDTH + STEPS_MARGIN),
                top=56 + row * (STEPS_BOX_HEIGHT + STEPS_MARGIN),
            )
        )
    return tuple(boxes)


def steps_board_size(spec: GameSpec, side: str) -> tuple[int, int]:
    rows = math.ceil(len(steps_boxes(spec, side)) / STEPS_COLUMNS)
    return (
        STEPS_MARGIN + STEPS_COLUMNS * (STEPS_BOX_WIDTH + STEPS_MARGIN),
        56 + rows * (STEPS_BOX_HEIGHT + STEPS_MARGIN) + 40,
    )
